#include "core/explain.h"

#include "core/kvcache.h"
#include "core/textformat.h"
#include "core/units.h"

#include <cmath>
#include <cstdio>

namespace shardscope {

namespace {

std::string num(double v, int decimals = 0)
{
    return formatNumber(v, decimals);
}

std::string gib(double bytes)
{
    return num(bytes / GiB, 2) + " GiB";
}

const RankPlacement *pickRank(const Evaluation &e, int rank)
{
    if (e.ranks.empty())
        return nullptr;
    const int r = rank >= 0 && rank < static_cast<int>(e.ranks.size()) ? rank : e.kv.bindingRank;
    return &e.ranks[static_cast<size_t>(r)];
}

std::string kvDtypeSource(const Plan &p)
{
    return p.kvCacheDtype == KvDtype::Fp8 ? "--kv-cache-dtype fp8: 1 B" : "--kv-cache-dtype auto (model dtype, BF16): 2 B";
}

Explanation kvBytes(const Evaluation &e, const ModelSpec &m, const RankPlacement &r)
{
    Explanation x;
    x.title = "KV bytes per token per GPU";
    const Plan &p = e.plan;
    const double s = kvElementBytes(p.kvCacheDtype);
    const bool textbook = p.accounting == Accounting::Textbook;
    const double layers = textbook ? static_cast<double>(m.layers) / p.pp : r.lastLayer - r.firstLayer + 1;
    const std::string layerText = textbook ? num(layers, std::floor(layers) == layers ? 0 : 2) : num(layers);
    x.inputs.push_back({"L", layerText,
                        textbook ? "num_hidden_layers / pp (textbook: even split)"
                                 : "layers on stage " + std::to_string(r.ppStage) + " (vLLM get_pp_indices)"});
    x.inputs.push_back({"s", num(s) + " B", kvDtypeSource(p)});
    if (m.isMla()) {
        x.formula = "L × (kv_lora_rank + qk_rope_head_dim) × s";
        x.inputs.push_back({"kv_lora_rank", num(m.kvLoraRank), "config.json kv_lora_rank"});
        x.inputs.push_back({"qk_rope_head_dim", num(m.qkRopeHeadDim), "config.json qk_rope_head_dim"});
        const double v = layers * (m.kvLoraRank + m.qkRopeHeadDim) * s;
        x.substituted = layerText + " layers × (" + num(m.kvLoraRank) + " + " + num(m.qkRopeHeadDim) + ") × " + num(s) + " B = "
            + num(v) + " B";
        x.note = "MLA stores one latent vector per token and layer: no factor 2, and every TP rank holds all of it (not divided by tp="
            + std::to_string(p.tp) + ")";
        x.result = num(v) + " B";
        return x;
    }
    const int local = std::max(1, m.kvHeads / p.tp);
    x.formula = "2 × L × max(1, n_kv / tp) × head_dim × s";
    x.inputs.push_back({"n_kv", num(m.kvHeads), "config.json num_key_value_heads"});
    x.inputs.push_back({"tp", num(p.tp), "plan"});
    x.inputs.push_back({"head_dim", num(m.headDim), "config.json head_dim (hidden_size / num_attention_heads when absent)"});
    const double v = 2.0 * layers * local * m.headDim * s;
    x.substituted = "2 × " + layerText + " layers × " + num(local) + (local == 1 ? " KV head" : " KV heads") + " × "
        + num(m.headDim) + " × " + num(s) + " B = " + num(v) + " B";
    if (p.tp > m.kvHeads)
        x.note = std::to_string(m.kvHeads) + " KV heads are replicated: tp " + std::to_string(p.tp) + " > " + std::to_string(m.kvHeads)
            + ", so each GPU still holds 1 KV head and per-GPU KV stops shrinking";
    x.result = num(v) + " B";
    return x;
}

Explanation weights(const Evaluation &e, const ModelSpec &m, const RankPlacement &r)
{
    Explanation x;
    x.title = "Weights on GPU " + std::to_string(r.rank);
    const Plan &p = e.plan;
    const WeightBreakdown &w = r.memory.weights;
    if (p.accounting == Accounting::Textbook) {
        const double params = p.paramsOverride > 0 ? p.paramsOverride : e.params.total;
        const double bytes = w.total() * p.tp * p.pp / params;
        x.formula = "params × bytes per param / (tp × pp)";
        x.substituted = num(params / 1e9, 2) + "e9 × " + num(bytes, bytes == std::floor(bytes) ? 0 : 3) + " B / (" + num(p.tp) + " × "
            + num(p.pp) + ") = " + gib(w.total());
        x.inputs.push_back({"params", num(params / 1e9, 2) + "e9", p.paramsOverride > 0 ? "--params" : "counted from config.json"});
        x.note = "textbook accounting splits every parameter evenly; vLLM accounting counts each GPU's own tensors";
    } else {
        x.formula = "attention + MLP/shared experts + routed experts + router + norms + embedding + LM head";
        x.substituted = gib(w.attention) + " + " + gib(w.mlp) + " + " + gib(w.experts) + " + " + gib(w.router) + " + " + gib(w.norms)
            + " + " + gib(w.embedding) + " + " + gib(w.lmHead) + " = " + gib(w.total());
        x.inputs.push_back({"layers", std::to_string(r.firstLayer) + "–" + std::to_string(r.lastLayer), "PP stage " + std::to_string(r.ppStage)});
        x.inputs.push_back({"tp", num(p.tp), "attention heads and MLP split tp ways"});
        if (m.isMoe())
            x.inputs.push_back({"experts", num(static_cast<double>(r.experts.size())),
                                "expert slots on this GPU per MoE layer, each split " + std::to_string(e.moeTp) + " ways"});
        x.inputs.push_back({"format", weightFormatName(e.weightFormat), "checkpoint quantization_config or --quantization"});
        x.note = std::string(r.embedding ? "holds the embedding (first stage); " : "")
            + (r.lmHead ? "holds the LM head (last stage); " : "") + "vocabulary rows padded to 64 per GPU as vLLM does";
    }
    x.result = gib(w.total());
    return x;
}

Explanation budget(const Evaluation &e, const RankPlacement &r)
{
    Explanation x;
    x.title = "KV cache budget on GPU " + std::to_string(r.rank);
    const RankMemory &mem = r.memory;
    const Plan &p = e.plan;
    if (p.accounting == Accounting::Textbook) {
        x.formula = "memory × utilization − weights − reserve";
        x.substituted = gib(mem.total) + " × " + num(p.gpuMemoryUtilization, 2) + " − " + gib(mem.weights.total()) + " − "
            + gib(mem.reserved) + " = " + gib(mem.kvBudget);
        x.inputs.push_back({"reserve", gib(mem.reserved), "--reserved-bytes (activations, CUDA graphs, buffers: an assumption)"});
    } else {
        x.formula = "ceil(total × utilization) − weights − peak activation − non-torch";
        x.substituted = gib(mem.requested) + " − " + gib(mem.weights.total()) + " − " + gib(mem.activation.total()) + " − "
            + gib(mem.nonTorch) + " = " + gib(mem.kvBudget);
        x.inputs.push_back({"total", gib(mem.total), p.gpuMemoryBytes > 0 ? "--gpu-memory-bytes" : "GPU preset (memory CUDA sees)"});
        x.inputs.push_back({"peak activation", gib(mem.activation.total()),
                            "estimate: max_num_batched_tokens " + num(static_cast<double>(p.maxNumBatchedTokens)) + " and sampler buffers for "
                                + num(static_cast<double>(p.maxNumSeqs)) + " sequences (calibrated to vLLM 0.11)"});
        x.inputs.push_back({"non-torch", gib(mem.nonTorch), "estimate: NCCL and custom all-reduce buffers, by tp"});
    }
    x.inputs.push_back({"utilization", num(p.gpuMemoryUtilization, 2), "--gpu-memory-utilization"});
    x.result = gib(mem.kvBudget);
    return x;
}

} // namespace

Explanation explain(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, int rank)
{
    const RankPlacement *r = pickRank(e, rank);
    const Plan &p = e.plan;
    Explanation x;
    switch (q) {
    case Quantity::KvBytesPerToken:
        return r ? kvBytes(e, m, *r) : x;
    case Quantity::WeightsPerGpu:
        return r ? weights(e, m, *r) : x;
    case Quantity::KvBudget:
        return r ? budget(e, *r) : x;
    case Quantity::CapacityTokens:
        x.title = "KV cache capacity (one DP replica)";
        if (p.accounting == Accounting::Textbook) {
            x.formula = "floor(KV budget / KV bytes per token)";
            x.substituted = "floor(" + num(e.kvBudgetBytesPerGpu) + " B / " + num(e.kv.bytesPerTokenPerGpu) + " B) = "
                + num(static_cast<double>(e.kv.capacityTokens)) + " tokens";
        } else {
            x.formula = e.kv.hybrid ? "max concurrency × max_model_len (hybrid pool, as vLLM prints it)"
                                    : "blocks × block_size, blocks = min over GPUs of floor(budget / (block_size × KV bytes per token))";
            x.substituted = num(static_cast<double>(e.kv.blocks)) + " blocks × " + num(e.kv.blockSize) + " = "
                + num(static_cast<double>(e.kv.capacityTokens)) + " tokens";
            x.note = "GPU " + std::to_string(e.kv.bindingRank) + " has the fewest blocks and binds the whole replica";
        }
        x.result = num(static_cast<double>(e.kv.capacityTokens)) + " tokens";
        return x;
    case Quantity::MaxConcurrency:
        x.title = "Concurrent requests at max_model_len";
        if (p.accounting == Accounting::Textbook) {
            x.formula = "floor(tokens / max_model_len)";
            x.substituted = "floor(" + num(static_cast<double>(e.kv.capacityTokens)) + " / " + num(static_cast<double>(p.maxModelLen))
                + ") = " + num(static_cast<double>(e.kv.maxConcurrency));
        } else {
            x.formula = "blocks / blocks per request, blocks per request = ceil(max_model_len / block_size)";
            x.substituted = num(static_cast<double>(e.kv.blocks)) + " / " + num(static_cast<double>(e.kv.blocksPerRequest)) + " = "
                + num(e.kv.maxConcurrencyExact, 2) + "x → " + num(static_cast<double>(e.kv.maxConcurrency)) + " whole requests";
        }
        x.result = num(static_cast<double>(e.kv.maxConcurrency)) + " requests";
        return x;
    case Quantity::ClusterConcurrency:
        x.title = "Concurrent requests, whole cluster";
        x.formula = "dp × one replica's concurrency (each DP replica has its own KV pool)";
        x.substituted = num(p.dp) + " × " + num(static_cast<double>(e.kv.maxConcurrency)) + " = "
            + num(static_cast<double>(e.kv.clusterMaxConcurrency));
        x.result = num(static_cast<double>(e.kv.clusterMaxConcurrency)) + " requests";
        return x;
    case Quantity::LayersPerStage: {
        x.title = "Layers per pipeline stage";
        const int base = m.layers / std::max(1, p.pp);
        x.formula = p.ppPartition.empty() ? "L // pp per stage; the remainder adds one to the stages just before the last"
                                          : "custom partition (VLLM_PP_LAYER_PARTITION)";
        std::string list;
        for (size_t i = 0; i < e.stageLayers.size(); ++i)
            list += (i ? ", " : "") + std::to_string(e.stageLayers[i]);
        x.substituted = std::to_string(m.layers) + " // " + std::to_string(p.pp) + " = " + std::to_string(base) + ", remainder "
            + std::to_string(m.layers % std::max(1, p.pp)) + " → " + list;
        x.note = "the last stage also holds the final norm and LM head, the first the embedding";
        x.result = list;
        return x;
    }
    case Quantity::ExpertsPerGpu: {
        x.title = "Experts per GPU";
        if (!m.isMoe()) {
            x.result = "dense model: no experts";
            return x;
        }
        const int slots = m.experts + p.redundantExperts;
        x.formula = "(E + R) / ep slots per GPU, each expert split tp × dp / ep ways";
        x.substituted = "(" + num(m.experts) + " + " + num(p.redundantExperts) + ") / " + num(p.ep) + " = " + num(static_cast<double>(slots) / p.ep, slots % p.ep ? 2 : 0)
            + ", split " + num(p.tp * p.dp) + " / " + num(p.ep) + " = " + num(e.moeTp) + " ways";
        x.inputs.push_back({"E", num(m.experts), "config.json routed experts"});
        x.inputs.push_back({"ep", num(p.ep), p.ep == p.tp * p.dp && p.ep > 1 ? "--enable-expert-parallel (tp × dp)" : "plan"});
        x.result = num(static_cast<double>(slots) / p.ep, slots % p.ep ? 2 : 0) + " experts per GPU";
        return x;
    }
    case Quantity::ParamsTotal:
        x.title = "Parameters";
        x.formula = "Σ layers (attention + norms + MLP or experts + router) + embedding + LM head + final norm";
        x.substituted = num(e.params.total / 1e9, 3) + "B total, " + num(e.params.active / 1e9, 3) + "B active per token";
        x.result = num(e.params.total / 1e9, 3) + "B";
        return x;
    default:
        return explainCommTime(q, e, m, gpu, rank);
    }
    return x;
}

std::string explanationText(const Explanation &x)
{
    std::string s = x.title + ": " + x.substituted;
    if (!x.formula.empty())
        s += "  [" + x.formula + "]";
    if (!x.note.empty())
        s += " — " + x.note;
    return s;
}

} // namespace shardscope
