#include "core/memoryterms.h"

#include "core/units.h"

#include <cstdio>

namespace shardscope {

namespace {

std::string fmt(const char *format, double a, double b = 0, double c = 0, double d = 0)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, format, a, b, c, d);
    return buf;
}

} // namespace

const char *overheadBasis(const Plan &p)
{
    return p.calibration.active() ? "calibrated" : "estimated";
}

std::vector<MemoryTerm> memoryTerms(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, int rank)
{
    std::vector<MemoryTerm> terms;
    if (e.plan.accounting != Accounting::Vllm || rank < 0 || rank >= static_cast<int>(e.ranks.size()))
        return terms;
    const Plan &p = e.plan;
    const RankPlacement &r = e.ranks[static_cast<size_t>(rank)];
    const RankMemory &mem = r.memory;
    const CalibrationProfile &cal = p.calibration;
    const bool v0 = vllmEngine(p.vllmVersion) == VllmEngine::V0;
    const std::string version = vllmVersionName(p.vllmVersion);

    terms.push_back({"requested", "usable (total x utilization)", mem.requested, false, "formula",
                     "ceil(" + formatBytes(mem.total, 2) + " visible to CUDA on " + gpu.name + " x "
                         + fmt("%.4g", p.gpuMemoryUtilization) + "); vLLM " + version + " defaults to "
                         + fmt("%.2f", defaultGpuMemoryUtilization(p.vllmVersion)) + " when not given"});

    std::string w = "tensors resident on this rank as vLLM loads them (" + std::string(weightFormatName(e.weightFormat))
        + "), sharded over tp=" + std::to_string(p.tp);
    if (m.isMoe())
        w += ", " + std::to_string(r.experts.size()) + " expert slots per MoE layer split " + std::to_string(e.moeTp) + " ways";
    if (r.embedding)
        w += ", embedding";
    if (r.lmHead)
        w += ", LM head";
    if (mem.weights.draft > 0)
        w += ", " + std::to_string(p.speculativeLayers) + " draft layer(s) " + formatBytes(mem.weights.draft, 2);
    terms.push_back({"weights", "weights (\"Model loading took\")", mem.weights.total(), true, "formula", w});

    const bool calAct = cal.active() && cal.activationScale > 0;
    std::string a;
    if (v0) {
        a = "V0 profiling run over " + formatThousands(e.kv.profiledTokens) + " tokens (max(max_model_len, 2048) without "
            "chunked prefill): hidden states " + formatBytes(mem.activation.hiddenStates, 2) + " + q/k/v and MLP ("
            + formatThousands(m.intermediate) + "/tp) outputs " + formatBytes(mem.activation.forward, 2);
    } else {
        a = "profiling run over max_num_batched_tokens=" + formatThousands(p.maxNumBatchedTokens) + ": hidden states ("
            + std::to_string(m.hidden) + ") " + formatBytes(mem.activation.hiddenStates, 2) + " + the larger of the forward pass ("
            + (m.isMoe() ? "MoE workspace, " + std::to_string(m.expertsPerToken) + " experts x " + std::to_string(m.moeIntermediate)
                               + "/" + std::to_string(e.moeTp)
                         : "MLP " + std::to_string(m.intermediate) + "/tp")
            + ") " + formatBytes(mem.activation.forward, 2);
        if (r.lmHead)
            a += " and the sampler (max_num_seqs=" + formatThousands(p.maxNumSeqs) + " x vocab " + formatThousands(m.vocab)
                + " FP32 logits, ~9.55 buffers) " + formatBytes(mem.activation.sampler, 2);
        else
            a += " (no sampler: not the last PP stage)";
    }
    if (calAct)
        a += fmt("; x %.3f from calibration profile ", cal.activationScale) + "\"" + cal.name + "\"";
    terms.push_back({"activation", "peak activation", mem.activation.total(), true, calAct ? "calibrated" : "estimated", a});

    const bool calNt = cal.active() && cal.nonTorchBytes >= 0 && ((cal.tp <= 1) == (p.tp <= 1));
    std::string nt;
    if (calNt)
        nt = "measured in calibration profile \"" + cal.name + "\" (tp=" + std::to_string(cal.tp) + ")";
    else if (p.tp <= 1)
        nt = "tp=1: cuBLAS workspaces and allocator overhead, ~0.13 GiB (reference calibration.md)";
    else if (mem.nonTorch < nonTorchBytes(p.tp))
        nt = "tp=" + std::to_string(p.tp) + " without custom all-reduce (" + std::to_string(e.nodes)
            + " node(s), no P2P link or TP across nodes): NCCL buffers only, ~0.25 GiB";
    else
        nt = "tp=" + std::to_string(p.tp) + " on one node: NCCL and custom all-reduce buffers, ~0.55 GiB (reference calibration.md)";
    terms.push_back({"non_torch", "non-torch memory", mem.nonTorch, true, calNt ? "calibrated" : "estimated", nt});

    const bool calCg = cal.active() && cal.cudaGraphBytes >= 0 && !p.enforceEager;
    std::string cg;
    if (p.enforceEager)
        cg = "0: --enforce-eager captures no CUDA graphs";
    else if (calCg)
        cg = "measured in calibration profile \"" + cal.name + "\"";
    else
        cg = "0.5 GiB + 4 MiB per layer on the rank (observed 0.1-3 GiB)";
    if (!p.enforceEager)
        cg += e.kv.cudaGraphSubtracted ? "; subtracted from the KV budget (vLLM >= 0.21, VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1)"
                                       : "; not subtracted: before vLLM 0.21 graphs are captured in the (1 - utilization) headroom";
    terms.push_back({"cuda_graph", "CUDA graphs", mem.cudaGraph, e.kv.cudaGraphSubtracted && !p.enforceEager,
                     p.enforceEager ? "formula" : (calCg ? "calibrated" : "estimated"), cg});

    std::string kv = "requested minus every subtracted term (\"Available KV cache memory\"); "
        + formatThousands(static_cast<std::int64_t>(mem.kvBytesPerToken)) + " B per token on this rank";
    if (p.decodeContextParallel > 1)
        kv += " (tokens sharded over dcp=" + std::to_string(p.decodeContextParallel) + ")";
    terms.push_back({"kv_budget", "KV cache budget", mem.kvBudget, false, overheadBasis(p), kv});
    return terms;
}

} // namespace shardscope
