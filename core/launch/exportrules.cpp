#include "core/launch/exportrules.h"

#include "core/evaluate/validation.h"

#include <cstdlib>

namespace shardscope::exportrules {

namespace {

bool quantizedCheckpoint(WeightFormat f)
{
    return f != WeightFormat::Bf16 && f != WeightFormat::Fp16;
}

Sentence checkpointMethod(WeightFormat f)
{
    switch (f) {
    case WeightFormat::Fp8:
    case WeightFormat::Fp8Block:
        return value("fp8");
    case WeightFormat::Mxfp4:
        return value("mxfp4");
    case WeightFormat::Int4:
        return say(QT_TRANSLATE_NOOP("Export", "awq or gptq"));
    case WeightFormat::Nvfp4:
        return value("nvfp4");
    case WeightFormat::Int8:
        return value("int8");
    default:
        return value("bf16");
    }
}

Problem problem(std::string code, Sentence text)
{
    return Problem { std::move(code), std::move(text) };
}

// vLLM loads a quantized checkpoint with the method its quantization_config names and refuses a
// different --quantization ("Quantization method specified in the model config (...) does not match
// the quantization method specified in the `quantization` argument", ModelConfig._verify_quantization
// in vllm/config/model.py). Online quantization exists for fp8 only among the methods a plan offers;
// awq, gptq and mxfp4 need a checkpoint in that format.
std::optional<Problem> quantizationProblem(const Plan &p, const ModelSpec &m)
{
    const WeightFormat ckpt = m.weightFormat;
    const std::string repo = m.hfRepo.empty() ? m.name : m.hfRepo;
    const auto mismatch = [&](Sentence wanted) {
        return problem("quant_checkpoint",
            say(QT_TRANSLATE_NOOP("Export",
                    "%1 ships %2 weights, so the server cannot load it as %3 (it uses the checkpoint's own "
                    "quantization)"),
                { value(repo), checkpointMethod(ckpt), std::move(wanted) }));
    };
    switch (p.quantization) {
    case Quantization::Auto:
        return std::nullopt;
    case Quantization::None:
        return quantizedCheckpoint(ckpt) ? std::optional(mismatch(say(QT_TRANSLATE_NOOP("Export", "unquantized bf16"))))
                                         : std::nullopt;
    case Quantization::Fp8:
        return (ckpt == WeightFormat::Mxfp4 || ckpt == WeightFormat::Int4 || ckpt == WeightFormat::Nvfp4
                   || ckpt == WeightFormat::Int8)
            ? std::optional(mismatch(value("fp8")))
            : std::nullopt;
    case Quantization::Mxfp4:
        return ckpt != WeightFormat::Mxfp4
            ? std::optional(mismatch(say(QT_TRANSLATE_NOOP("Export", "mxfp4 (which needs an MXFP4 checkpoint)"))))
            : std::nullopt;
    case Quantization::Awq:
        return ckpt != WeightFormat::Int4
            ? std::optional(mismatch(say(QT_TRANSLATE_NOOP("Export", "awq (which needs an AWQ checkpoint)"))))
            : std::nullopt;
    case Quantization::Gptq:
        return ckpt != WeightFormat::Int4
            ? std::optional(mismatch(say(QT_TRANSLATE_NOOP("Export", "gptq (which needs a GPTQ checkpoint)"))))
            : std::nullopt;
    }
    return std::nullopt;
}

// The tp closest to `tp` that divides the attention heads and, below MLA, replicates KV heads evenly
// (docs/DESIGN.md §2); ties go to the larger tp, which leaves more memory per GPU.
int nearestTp(const ModelSpec &m, int tp)
{
    int best = 1;
    for (int d : divisorsOf(m.heads)) {
        const bool kvOk = m.isMla() || m.kvHeads <= 0 || d <= m.kvHeads || d % m.kvHeads == 0;
        if (kvOk && std::abs(d - tp) <= std::abs(best - tp))
            best = d;
    }
    return best;
}

int nearestDivisor(int n, int target, int limit)
{
    int best = 1;
    for (int d : divisorsOf(n))
        if (d <= limit && std::abs(d - target) <= std::abs(best - target))
            best = d;
    return best;
}

// Expert parallelism the target runs: vLLM knows ep = 1 (experts tensor-parallel over tp x dp) or
// ep = tp x dp (--enable-expert-parallel); SGLang's --ep-size takes any divisor of tp x dp.
void repairEp(Plan &p, const ModelSpec &m, ExportTarget t)
{
    const int group = p.tp * p.dp;
    const int slots = m.experts + std::max(0, p.redundantExperts);
    if (!m.isMoe()) {
        p.ep = 1;
        p.redundantExperts = 0;
    } else if (t == ExportTarget::Vllm) {
        if ((p.ep > 1 || p.redundantExperts > 0) && group > 1 && group <= slots) {
            p.ep = group;
        } else {
            p.ep = 1;
            p.redundantExperts = 0;
        }
    } else {
        p.ep = nearestDivisor(group, std::max(1, p.ep), slots);
        if (p.ep == 1)
            p.redundantExperts = 0;
    }
}

} // namespace

std::optional<Problem> firstProblem(const Plan &p, const ModelSpec &m, ExportTarget t)
{
    std::vector<PlanIssue> issues;
    validateStructure(p, m, issues);
    for (const PlanIssue &i : issues)
        if (i.severity == Severity::Error)
            return Problem { i.code, i.text };
    if (m.maxPositionEmbeddings > 0 && p.maxModelLen > m.maxPositionEmbeddings)
        return problem("max_model_len_exceeds",
            say(QT_TRANSLATE_NOOP("Export", "max_model_len %1 exceeds the model's %2 positions"),
                { integer(p.maxModelLen), integer(m.maxPositionEmbeddings) }));
    // The same sentence as validation's check of the same limit.
    if (p.maxNumBatchedTokens > 0 && p.maxNumBatchedTokens < p.maxNumSeqs)
        return problem("batched_tokens",
            phrase("Validation",
                QT_TRANSLATE_NOOP("Validation", "max_num_batched_tokens (%1) must be at least max_num_seqs (%2)"),
                { integer(p.maxNumBatchedTokens), integer(p.maxNumSeqs) }));
    const int group = p.tp * p.dp;
    if (t == ExportTarget::Vllm && m.isMoe() && p.ep != 1 && p.ep != group)
        return problem("vllm_ep",
            say(QT_TRANSLATE_NOOP("Export",
                    "vLLM runs experts either tensor-parallel over all tp x dp = %1 GPUs (ep=1) "
                    "or expert-parallel over all of them (--enable-expert-parallel, ep=%1); "
                    "ep=%2 needs SGLang's --ep-size (target sglang)"),
                { integer(group), integer(p.ep) }));
    // EPLB's rebalancing packs the physical experts evenly: "num_physical_experts % num_gpus == 0"
    // (DefaultEplbPolicy.rebalance_experts_hierarchical, vllm/distributed/eplb/policy/default.py).
    if (m.isMoe() && p.redundantExperts > 0 && p.ep > 1 && (m.experts + p.redundantExperts) % p.ep != 0)
        return problem("eplb_divides",
            say(QT_TRANSLATE_NOOP("Export",
                    "%1 experts + %2 redundant do not divide over ep=%3 GPUs, which EPLB "
                    "requires (physical experts must be a multiple of the EP size)"),
                { integer(m.experts), integer(p.redundantExperts), integer(p.ep) }));
    if (auto q = quantizationProblem(p, m))
        return q;
    if (t == ExportTarget::Sglang && p.decodeContextParallel > 1)
        return problem("sglang_dcp",
            say(QT_TRANSLATE_NOOP(
                "Export", "this exporter has no SGLang equivalent of vLLM's --decode-context-parallel-size")));
    if (t == ExportTarget::Sglang && p.prefillContextParallel > 1)
        return problem("sglang_pcp",
            say(QT_TRANSLATE_NOOP(
                "Export", "this exporter has no SGLang equivalent of vLLM's --prefill-context-parallel-size")));
    if (t == ExportTarget::Sglang && !p.ppPartition.empty() && p.pp > 1)
        return problem("sglang_partition",
            say(QT_TRANSLATE_NOOP(
                "Export", "SGLang has no documented equivalent of VLLM_PP_LAYER_PARTITION for a custom layer split")));
    if (t == ExportTarget::Sglang && p.pp > 1 && p.dp > 1)
        return problem("sglang_pp_dp",
            say(QT_TRANSLATE_NOOP("Export", "this exporter does not combine SGLang's --pp-size with --dp")));
    return std::nullopt;
}

std::optional<Plan> nearestPlan(const Plan &plan, const ModelSpec &m, ExportTarget t, const std::string &firstCode)
{
    Plan p = plan;
    std::string code = firstCode;
    // Each repair fixes one problem; a few rounds settle knock-on effects (a new tp changes tp x dp).
    for (int round = 0; round < 6; ++round) {
        if (code == "tp_heads" || code == "tp_kv_heads") {
            const bool epOn = p.ep > 1 && p.ep == p.tp * p.dp;
            p.tp = nearestTp(m, p.tp);
            if (epOn)
                p.ep = p.tp * p.dp;
        } else if (code == "pp_layers") {
            p.pp = std::max(1, m.layers);
            p.ppPartition.clear();
        } else if (code == "pp_partition_size" || code == "pp_partition_sum" || code == "pp_partition_empty"
            || code == "sglang_partition") {
            p.ppPartition.clear();
        } else if (code == "ep_dense" || code == "redundant_dense" || code == "ep_divides" || code == "ep_experts"
            || code == "vllm_ep" || code == "redundant_without_ep" || code == "fp8_block_experts") {
            if (code == "fp8_block_experts")
                p.ep = p.tp * p.dp;
            repairEp(p, m, t);
        } else if (code == "dcp_tp" || code == "dcp_sliding" || code == "dcp_kv_heads" || code == "sglang_dcp"
            || code == "pcp_dcp") {
            p.decodeContextParallel = 1;
        } else if (code == "pcp_dp" || code == "sglang_pcp") {
            p.prefillContextParallel = 1;
        } else if (code == "redundant_too_many") {
            p.redundantExperts = 0;
        } else if (code == "eplb_divides") {
            const int slots = m.experts + p.redundantExperts;
            p.redundantExperts = (slots + p.ep - 1) / p.ep * p.ep - m.experts;
        } else if (code == "max_model_len_exceeds") {
            p.maxModelLen = m.maxPositionEmbeddings;
        } else if (code == "batched_tokens") {
            p.maxNumBatchedTokens = p.maxNumSeqs;
        } else if (code == "quant_checkpoint") {
            p.quantization = Quantization::Auto;
        } else if (code == "sglang_pp_dp") {
            if (m.heads % (p.tp * p.pp) != 0)
                return std::nullopt;
            p.tp *= p.pp;
            p.pp = 1;
            p.ppPartition.clear();
            repairEp(p, m, t);
        } else {
            return std::nullopt;
        }
        const auto next = firstProblem(p, m, t);
        if (!next)
            return p == plan ? std::nullopt : std::optional(p);
        code = next->code;
    }
    return std::nullopt;
}

Sentence describeChange(const Plan &a, const Plan &b, ExportTarget t)
{
    // Settings read as they are written (tp=4, the flag); only the words are translated.
    std::vector<Sentence> parts;
    const auto add = [&](const std::string &s) { parts.push_back(value(s)); };
    if (a.tp != b.tp)
        add("tp=" + std::to_string(b.tp));
    if (a.pp != b.pp)
        add("pp=" + std::to_string(b.pp));
    if (a.dp != b.dp)
        add("dp=" + std::to_string(b.dp));
    if (a.ep != b.ep) {
        std::string s = "ep=" + std::to_string(b.ep);
        if (t == ExportTarget::Vllm && b.ep > 1)
            s += " (--enable-expert-parallel)";
        add(s);
    }
    if (a.decodeContextParallel != b.decodeContextParallel)
        add("dcp=" + std::to_string(b.decodeContextParallel));
    if (a.prefillContextParallel != b.prefillContextParallel)
        add("pcp=" + std::to_string(b.prefillContextParallel));
    if (a.redundantExperts != b.redundantExperts)
        add("num_redundant_experts=" + std::to_string(b.redundantExperts));
    if (a.ppPartition != b.ppPartition && b.ppPartition.empty())
        parts.push_back(say(QT_TRANSLATE_NOOP("Export", "the engine's own layer split (no custom partition)")));
    if (a.maxModelLen != b.maxModelLen)
        add("max_model_len=" + std::to_string(b.maxModelLen));
    if (a.maxNumBatchedTokens != b.maxNumBatchedTokens)
        add("max_num_batched_tokens=" + std::to_string(b.maxNumBatchedTokens));
    if (a.quantization != b.quantization)
        add(std::string("quantization=") + quantizationName(b.quantization));
    return parts.empty() ? Sentence {} : joinComma(parts);
}

std::string quantizationFlag(const Plan &p)
{
    switch (p.quantization) {
    case Quantization::Auto:
    case Quantization::None:
        return {};
    case Quantization::Fp8:
        return "fp8";
    case Quantization::Mxfp4:
        return "mxfp4";
    case Quantization::Awq:
        return "awq";
    case Quantization::Gptq:
        return "gptq";
    }
    return {};
}

} // namespace shardscope::exportrules
