#include "core/explain/memoryterms.h"

#include "core/evaluate/ncclnvls.h"

#include "core/evaluate/cudagraphestimate.h"
#include "core/evaluate/encoderprofile.h"

#include "core/evaluate/linearattnpeak.h"
#include "core/evaluate/marlinmoe.h"
#include "core/evaluate/profilerun.h"
#include "core/model/visiontower.h"

#include "core/text/units.h"

#include <cstdio>

namespace shardscope {

namespace {

std::string fmt(const char *format, double a, double b = 0, double c = 0, double d = 0)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, format, a, b, c, d);
    return buf;
}

Sentence say(const char *templ, std::vector<Sentence> args = {})
{
    return phrase("MemoryTerms", templ, std::move(args));
}

// Two clauses one after the other (not a template to translate: each clause is).
Sentence cat(Sentence a, Sentence b)
{
    return Sentence { "%1%2", { std::move(a), std::move(b) }, false, {} };
}

} // namespace

const char *overheadBasis(const Plan &p)
{
    return p.calibration.active() ? "calibrated" : "estimated";
}

std::vector<MemoryTerm> memoryTerms(const EvaluatedPlan &evaluated, int rank)
{
    const Evaluation &e = evaluated.evaluation;
    const ModelSpec &m = evaluated.model;
    const GpuSpec &gpu = evaluated.gpu;
    std::vector<MemoryTerm> terms;
    if (e.plan.accounting != Accounting::Vllm || rank < 0 || rank >= static_cast<int>(e.ranks.size()))
        return terms;
    const Plan &p = e.plan;
    const RankPlacement &r = e.ranks[static_cast<size_t>(rank)];
    const RankMemory &mem = r.memory;
    const CalibrationProfile &cal = p.calibration;
    const bool v0 = vllmEngine(p.vllmVersion) == VllmEngine::V0;
    const bool budgeted = p.kvCacheMemoryBytes <= 0; // a fixed --kv-cache-memory-bytes replaces the arithmetic
    const std::string version = vllmVersionName(p.vllmVersion);

    const auto add
        = [&](const char *key, Sentence label, double bytes, bool subtracted, const char *basis, Sentence assumption) {
              terms.push_back({ key, bytes, subtracted, basis, std::move(label), std::move(assumption) });
          };

    add("requested", say(QT_TRANSLATE_NOOP("MemoryTerms", "usable (total x utilization)")), mem.requested, false,
        "formula",
        say(QT_TRANSLATE_NOOP(
                "MemoryTerms", "ceil(%1 visible to CUDA on %2 x %3); vLLM %4 defaults to %5 when not given"),
            { value(formatBytes(mem.total, 2)), value(gpu.name), value(fmt("%.4g", p.gpuMemoryUtilization)),
                value(version), value(fmt("%.2f", defaultGpuMemoryUtilization(p.vllmVersion))) }));

    Sentence w = say(
        QT_TRANSLATE_NOOP("MemoryTerms", "tensors resident on this rank as vLLM loads them (%1), sharded over tp=%2"),
        { value(weightFormatName(e.weightFormat)), value(p.tp) });
    if (m.isMoe())
        w = cat(w,
            say(QT_TRANSLATE_NOOP("MemoryTerms", ", %1 expert slots per MoE layer split %2 ways"),
                { value(std::to_string(r.experts.size())), value(e.moeTp) }));
    if (r.embedding)
        w = cat(w, say(QT_TRANSLATE_NOOP("MemoryTerms", ", embedding")));
    if (r.lmHead)
        w = cat(w, say(QT_TRANSLATE_NOOP("MemoryTerms", ", LM head")));
    if (mem.weights.vision > 0)
        w = cat(w,
            say(visionTowerTpDataMode(m.vision, p.mmEncoderTpData, p.tp) || m.vision.shardedParams <= 0 || p.tp == 1
                    ? QT_TRANSLATE_NOOP("MemoryTerms", ", the vision tower (%1) whole on each rank %2")
                    : QT_TRANSLATE_NOOP("MemoryTerms", ", the vision tower (%1) split over tp %2"),
                { value(m.vision.type), value(formatBytes(mem.weights.vision, 2)) }));
    if (mem.weights.draft > 0)
        w = cat(w,
            say(QT_TRANSLATE_NOOP("MemoryTerms", ", %1 draft layer(s) %2"),
                { value(p.speculativeLayers), value(formatBytes(mem.weights.draft, 2)) }));
    add("weights", say(QT_TRANSLATE_NOOP("MemoryTerms", "weights (\"Model loading took\")")), mem.weights.total(),
        budgeted, "formula", w);

    const bool calAct = cal.replacesActivation();
    Sentence a;
    if (v0) {
        a = say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "V0 profiling run over %1 tokens (max(max_model_len, 2048) without chunked prefill): hidden "
                    "states %2 + q/k/v and MLP (%3/tp) outputs %4"),
            { value(formatThousands(e.kv.profiledTokens)), value(formatBytes(mem.activation.hiddenStates, 2)),
                value(formatThousands(m.intermediate)), value(formatBytes(mem.activation.forward, 2)) });
    } else {
        Sentence forward = m.isMoe() ? say(QT_TRANSLATE_NOOP("MemoryTerms", "MoE workspace, %1 experts x %2/%3"),
                               { value(m.expertsPerToken), value(m.moeIntermediate), value(e.moeTp) })
                                     : value("MLP " + std::to_string(m.intermediate) + "/tp");
        // INT4 experts through fused_marlin_moe hold their caches for every token (marlinmoe.h).
        const bool marlinMoe = marlinMoeProfiled(m, e.weightFormat, e.moeTp, gpu, p.vllmVersion);
        if (marlinMoe && marlinMoeWorkspaceBytes(m, e.moeTp, p.maxNumBatchedTokens) >= mem.activation.forward)
            forward = say(QT_TRANSLATE_NOOP("MemoryTerms", "Marlin MoE caches for all %1 tokens, not chunked"),
                { value(formatThousands(p.maxNumBatchedTokens)) });
        // The linear-attention layers' projections when they are the larger (linearattnpeak.h).
        const double linear = linearAttentionProfileBytes(m, p.tp, p.maxNumBatchedTokens);
        if (linear > 0 && linear >= mem.activation.forward)
            forward = say(QT_TRANSLATE_NOOP("MemoryTerms", "Gated DeltaNet / KDA projections and output buffers"));
        a = say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "profiling run over max_num_batched_tokens=%1: hidden states (%2) %3 + the larger of the "
                    "forward pass (%4) %5"),
            { value(formatThousands(p.maxNumBatchedTokens)), value(m.hidden),
                value(formatBytes(mem.activation.hiddenStates, 2)), forward,
                value(formatBytes(mem.activation.forward, 2)) });
        if (m.attnResBlockSize > 0) {
            const int blocks = attentionResidualBlocks(m, r.firstLayer, r.lastLayer + 1);
            a = cat(a,
                say(QT_TRANSLATE_NOOP("MemoryTerms",
                        " (the hidden states include the attention-residual bank: %1 blocks of %2 layers, "
                        "%3 x %1 x hidden x 2 B)"),
                    { value(blocks), value(m.attnResBlockSize), value(formatThousands(p.maxNumBatchedTokens)) }));
        }
        if (r.lmHead) {
            // The sampler phase (profilerun.h): its buffers for the release, plus the MoE workspace the
            // WorkspaceManager keeps through it.
            const double held = heldMoeWorkspaceBytes(
                m, e.moeTp, p.maxNumBatchedTokens, p.vllmVersion, e.weightFormat != WeightFormat::Mxfp4 && !marlinMoe);
            a = cat(a,
                say(p.flashinferSampler
                        ? QT_TRANSLATE_NOOP("MemoryTerms",
                            " and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers with FlashInfer's "
                            "top-k/top-p kernel in vLLM %4) %5")
                        : QT_TRANSLATE_NOOP("MemoryTerms",
                            " and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers in vLLM %4) %5"),
                    { value(formatThousands(p.maxNumSeqs)), value(formatThousands(m.vocab)),
                        value(fmt("%.2f", samplerBuffers(p.vllmVersion, p.flashinferSampler))),
                        value(vllmVersionName(p.vllmVersion)), value(formatBytes(mem.activation.sampler - held, 2)) }));
            if (held > 0)
                a = cat(a,
                    say(QT_TRANSLATE_NOOP("MemoryTerms", ", on top of the MoE workspace kept through it %1"),
                        { value(formatBytes(held, 2)) }));
        } else
            a = cat(a, say(QT_TRANSLATE_NOOP("MemoryTerms", " (no sampler: not the last PP stage)")));
    }
    if (mem.activation.encoderPeak > 0) {
        // The encoder's pass comes first in the profiling run (encoderprofile.h).
        const EncoderProfile ep = encoderProfileFor(m, p);
        a = cat(a,
            say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "; before it the vision encoder's profiling pass on %1 dummy image(s) of the processor's largest "
                    "size (%2 tokens, %3 patches): its own peak %4, and %5 of pixels and outputs kept through the "
                    "language model's run; the larger of %4 and %5 + %6 is the peak (--skip-mm-profiling or "
                    "--language-model-only leave it out)"),
                { value(formatThousands(ep.items)), value(formatThousands(ep.tokens)),
                    value(formatThousands(ep.patches)), value(formatBytes(mem.activation.encoderPeak, 2)),
                    value(formatBytes(mem.activation.encoderHeld, 2)),
                    value(formatBytes(mem.activation.languageModel(), 2)) }));
    }
    if (calAct)
        a = cat(a,
            say(QT_TRANSLATE_NOOP("MemoryTerms", "; x %1 from calibration profile \"%2\""),
                { value(fmt("%.3f", cal.activationScale)), value(cal.name) }));
    add("activation", say(QT_TRANSLATE_NOOP("MemoryTerms", "peak activation")), mem.activation.total(), budgeted,
        calAct ? "calibrated" : "estimated", a);

    const bool calNt = cal.replacesNonTorch(p.tp);
    Sentence nt;
    if (calNt)
        nt = say(QT_TRANSLATE_NOOP("MemoryTerms", "measured in calibration profile \"%1\" (tp=%2)"),
            { value(cal.name), value(cal.tp) });
    else if (p.tp <= 1)
        nt = say(QT_TRANSLATE_NOOP("MemoryTerms",
                     "tp=1: cuBLAS workspaces and allocator overhead, ~%1 in vLLM %2 (measured, "
                     "core/evaluate/profilerun.h)"),
            { value(formatBytes(mem.nonTorch, 2)), value(vllmVersionName(p.vllmVersion)) });
    else if (p.disableCustomAllReduce)
        nt = say(
            QT_TRANSLATE_NOOP("MemoryTerms", "tp=%1 with --disable-custom-all-reduce: NCCL buffers only, ~0.25 GiB"),
            { value(p.tp) });
    else if (!e.customAllReduce)
        nt = say(QT_TRANSLATE_NOOP("MemoryTerms",
                     "tp=%1 without custom all-reduce (%2 node(s), no P2P link or TP across nodes): NCCL buffers "
                     "only, ~0.25 GiB"),
            { value(p.tp), value(e.nodes) });
    else
        nt = say(QT_TRANSLATE_NOOP("MemoryTerms",
                     "tp=%1 on one node: NCCL and custom all-reduce buffers, ~%2 in vLLM %3 (measured, "
                     "core/evaluate/profilerun.h)"),
            { value(p.tp), value(formatBytes(mem.nonTorch, 2)), value(vllmVersionName(p.vllmVersion)) });
    // NCCL's NVLS buffers on an NVSwitch node (core/evaluate/ncclnvls.h), part of the figure above.
    const int localTp = std::min(p.tp, e.gpusPerNode);
    const double nvls = calNt ? 0.0 : nvlsBufferBytes(gpu, localTp, p.vllmVersion);
    const std::vector<Sentence> nvlsArgs { value(formatBytes(nvls, 2)), value(localTp) };
    // With custom all-reduce the sentence above states the whole figure; without, a fixed NCCL-only one.
    if (nvls > 0 && e.customAllReduce)
        nt = cat(nt,
            say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "; of it %1 of NCCL's NVLink SHARP buffers: two communicators (vLLM's and torch's) on %2 GPUs "
                    "of one NVSwitch node (core/evaluate/ncclnvls.h)"),
                nvlsArgs));
    else if (nvls > 0)
        nt = cat(nt,
            say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "; plus %1 of NCCL's NVLink SHARP buffers: two communicators (vLLM's and torch's) on %2 GPUs "
                    "of one NVSwitch node (core/evaluate/ncclnvls.h)"),
                nvlsArgs));
    add("non_torch", say(QT_TRANSLATE_NOOP("MemoryTerms", "non-torch memory")), mem.nonTorch, budgeted,
        calNt ? "calibrated" : "estimated", nt);

    const bool calCg = cal.replacesCudaGraph() && !p.enforceEager;
    Sentence cg;
    if (p.enforceEager)
        cg = say(QT_TRANSLATE_NOOP("MemoryTerms", "0: --enforce-eager captures no CUDA graphs"));
    else if (calCg)
        cg = say(QT_TRANSLATE_NOOP("MemoryTerms", "measured in calibration profile \"%1\""), { value(cal.name) });
    else {
        const CudaGraphCaptures &captures = e.cudaGraphs;
        const int layersOnRank = r.lastLayer - r.firstLayer + 1;
        cg = say(QT_TRANSLATE_NOOP("MemoryTerms",
                     "%1 PIECEWISE + %2 FULL graphs: the largest's first capture + %3 MiB per further graph (%4 "
                     "layers x 0.198 MiB, fitted to vLLM 0.19's printed estimates; core/evaluate/cudagraphestimate.h)"),
            { value(captures.piecewise), value(captures.full),
                value(fmt("%.1f", cudaGraphBytesPerGraph(layersOnRank) / 1048576.0)), value(layersOnRank) });
    }
    if (!p.enforceEager)
        cg = cat(cg,
            e.kv.modelRunnerV2GraphStub    ? say(QT_TRANSLATE_NOOP("MemoryTerms",
                   "; not subtracted: Model Runner V2, vLLM's default for dense models from 0.25.1, charged 0 for "
                      "graphs before 0.30 (a stub), so they come out of the (1 - utilization) headroom"))
                : e.kv.cudaGraphSubtracted ? say(QT_TRANSLATE_NOOP("MemoryTerms",
                      "; subtracted from the KV budget (vLLM >= 0.21, "
                      "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1)"))
                : !budgeted                ? say(QT_TRANSLATE_NOOP("MemoryTerms",
                                     "; not subtracted: a fixed --kv-cache-memory-bytes replaces the budget arithmetic"))
                : resolvedVllmVersion(p.vllmVersion) >= kCudaGraphProfiling
                ? say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "; not subtracted: vLLM 0.21-0.25 left ROCm out of the CUDA-graph estimate (is_cuda() only)"))
                : say(QT_TRANSLATE_NOOP("MemoryTerms",
                    "; not subtracted: before vLLM 0.21 graphs are captured in the (1 - utilization) "
                    "headroom")));
    add("cuda_graph", say(QT_TRANSLATE_NOOP("MemoryTerms", "CUDA graphs")), mem.cudaGraph,
        e.kv.cudaGraphSubtracted && !p.enforceEager, p.enforceEager ? "formula" : (calCg ? "calibrated" : "estimated"),
        cg);

    Sentence kv = budgeted
        ? say(QT_TRANSLATE_NOOP("MemoryTerms",
                  "requested minus every subtracted term (\"Available KV cache memory\"); %1 B per token on "
                  "this rank"),
            { value(formatThousands(static_cast<std::int64_t>(mem.kvBytesPerToken))) })
        : say(QT_TRANSLATE_NOOP("MemoryTerms",
                  "--kv-cache-memory-bytes %1 as given (utilization and the other terms do not apply); %2 B per "
                  "token on this rank"),
            { value(formatThousands(p.kvCacheMemoryBytes)),
                value(formatThousands(static_cast<std::int64_t>(mem.kvBytesPerToken))) });
    if (p.mmIpcGpuMemoryGb > 0 && resolvedVllmVersion(p.vllmVersion) >= kMmIpcReserve)
        kv = cat(kv,
            say(QT_TRANSLATE_NOOP("MemoryTerms", ", less --mm-ipc-gpu-memory-gb %1 GiB for multimodal decoding"),
                { value(fmt("%.2f", p.mmIpcGpuMemoryGb)) }));
    if (p.decodeContextParallel > 1)
        kv = cat(kv,
            say(QT_TRANSLATE_NOOP("MemoryTerms", " (tokens sharded over dcp=%1)"), { value(p.decodeContextParallel) }));
    add("kv_budget", say(QT_TRANSLATE_NOOP("MemoryTerms", "KV cache budget")), mem.kvBudget, false, overheadBasis(p),
        kv);
    return terms;
}

} // namespace shardscope
