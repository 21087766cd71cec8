#include "core/explain/explain.h"

#include "core/explain/explaintext.h"

#include "core/evaluate/kvcache.h"
#include "core/evaluate/weights.h"
#include "core/text/textformat.h"
#include "core/text/units.h"

#include <cmath>
#include <cstdio>

namespace shardscope {

namespace explaintext {

Explanation finished(const Draft &d)
{
    Explanation x { d.title, d.formula, d.substituted, d.result, {}, d.note };
    for (const Input &in : d.inputs)
        x.inputs.push_back({ in.name, in.value, in.source });
    return x;
}

Sentence say(const char *templ, std::vector<Sentence> args)
{
    return phrase("Explain", templ, std::move(args));
}

Sentence sym(std::string symbols, std::vector<Sentence> args)
{
    Sentence s = value(std::move(symbols));
    s.args = std::move(args);
    return s;
}

Sentence num(double v, int decimals)
{
    return value(formatNumber(v, decimals));
}

Sentence integer(long long v)
{
    return value(std::to_string(v));
}

} // namespace explaintext

namespace {

using namespace explaintext;

Sentence gib(double bytes)
{
    return sym("%1 GiB", { num(bytes / GiB, 2) });
}

Sentence bytesB(double bytes)
{
    return sym("%1 B", { num(bytes) });
}

const RankPlacement *pickRank(const Evaluation &e, int rank)
{
    if (e.ranks.empty())
        return nullptr;
    const int r = rank >= 0 && rank < static_cast<int>(e.ranks.size()) ? rank : e.kv.bindingRank;
    return &e.ranks[static_cast<size_t>(r)];
}

Sentence kvDtypeSource(const Plan &p)
{
    return p.kvCacheDtype == KvDtype::Fp8
        ? say(QT_TRANSLATE_NOOP("Explain", "--kv-cache-dtype fp8: 1 B"))
        : say(QT_TRANSLATE_NOOP("Explain", "--kv-cache-dtype auto (model dtype, BF16): 2 B"));
}

Sentence sparseMlaRowSource(SparseMlaCache cache)
{
    switch (cache) {
    case SparseMlaCache::DeepSeekFp8:
        return say(QT_TRANSLATE_NOOP("Explain",
            "fp8_ds_mla (FlashMLA sparse): kv_lora_rank in FP8 + one FP32 scale per 128 + the rope part in BF16"));
    case SparseMlaCache::StandardFp8:
        return say(QT_TRANSLATE_NOOP("Explain",
            "standard FP8, (kv_lora_rank + rope) × 1 B: FlashInfer sparse MLA, vLLM's choice for an FP8 cache on "
            "sm_100 from 0.19"));
    case SparseMlaCache::Bf16:
    case SparseMlaCache::FromDtype:
        break;
    }
    return say(QT_TRANSLATE_NOOP("Explain", "BF16, (kv_lora_rank + rope) × 2 B"));
}

// Sparse MLA (DeepSeek-V3.2, GLM-5): a latent row in the layout the GPU's backend uses, plus the DSA indexer's
// key row on every layer that runs its own indexer (kvcache.cpp).
Draft sparseMlaKvBytes(const Evaluation &e, const ModelSpec &m, const RankPlacement &r, SparseMlaCache cache, Draft x,
    const Sentence &layerText, double layers)
{
    const Plan &p = e.plan;
    const double latent = sparseMlaLatentBytes(m, p.kvCacheDtype, cache);
    const double indexer = dsaIndexerBytesPerToken(m);
    // Textbook accounting charges the indexer on every layer, as evaluateTextbook does.
    double indexed = layers;
    if (p.accounting != Accounting::Textbook && !m.layerInfo.empty()) {
        indexed = 0;
        for (int l = r.firstLayer; l <= r.lastLayer && l < static_cast<int>(m.layerInfo.size()); ++l)
            indexed += m.layerInfo[static_cast<size_t>(l)].dsaSharedIndexer ? 0 : 1;
    }
    x.formula = sym("L × latent + L_idx × index_row");
    x.inputs.push_back({ sym("latent"), bytesB(latent), sparseMlaRowSource(cache) });
    x.inputs.push_back({ sym("L_idx"), num(indexed),
        say(QT_TRANSLATE_NOOP("Explain", "layers that run their own indexer (the others reuse its top-k)")) });
    x.inputs.push_back({ sym("index_row"), bytesB(indexer),
        say(QT_TRANSLATE_NOOP("Explain", "index_head_dim in FP8 + one FP32 scale per 128 (DSA indexer cache)")) });
    const double v = layers * latent + indexed * indexer;
    x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 layers × %2 B + %3 × %4 B = %5 B"),
        { layerText, num(latent), num(indexed), num(indexer), num(v) });
    x.note = say(QT_TRANSLATE_NOOP("Explain",
                     "Sparse MLA caches one latent row per token and layer on every TP rank (not divided by "
                     "tp=%1); its layout follows the attention backend vLLM picks for this GPU"),
        { integer(p.tp) });
    x.result = bytesB(v);
    return x;
}

// DeepSeek-V4's packed pool (core/evaluate/deepseekv4kv.cpp): a request's context takes one block of the slab per
// block_size tokens, the block costing the stride (the largest group's page sum).
Draft deepSeekV4KvBytes(const Evaluation &e, Draft x)
{
    const double block = std::max(1, e.kv.blockSize);
    const double stride = e.kv.bytesPerTokenPerGpu * block;
    x.formula = sym("stride / block_size");
    x.inputs.push_back({ sym("stride"), bytesB(stride),
        say(QT_TRANSLATE_NOOP("Explain",
            "the packed block: the compressed group's pages (compressed KV in fp8_ds_mla rows of 584 B, the "
            "indexer's 132 B keys) summed over the layers on this GPU, the largest group (vLLM "
            "_get_packed_kv_cache_layout)")) });
    x.inputs.push_back({ sym("block_size"), num(block),
        say(QT_TRANSLATE_NOOP("Explain", "tokens per compressed block (vLLM's DeepSeek-V4 backends take 256)")) });
    const double v = stride / block;
    x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 B / %2 = %3 B"),
        { num(stride), num(block), num(v, std::floor(v) == v ? 0 : 2) });
    x.note = say(
        QT_TRANSLATE_NOOP("Explain",
            "Every TP rank holds the whole cache (one latent head, not divided by tp=%1). The sliding windows and the "
            "compressor states take a fixed number of blocks per request on top (per-request state)"),
        { integer(e.plan.tp) });
    x.result = bytesB(v);
    return x;
}

// Two clauses one after the other (not a template to translate: each clause is).
Sentence cat(Sentence a, Sentence b)
{
    return Sentence { "%1%2", { std::move(a), std::move(b) }, false, {} };
}

// The one-formula explanation assumes every cached layer costs the same and holds all of a request's tokens. DCP
// shards the tokens over dcp ranks (vLLM divides the pool's bytes per token by it); where the pool still differs
// (per-layer head sizes, sliding layers with their own page, draft layers, an indexer cache), the figure shown is
// the rank's own, the equation says so, and the note says why.
Draft withRankFigure(Draft x, double formulaValue, const RankPlacement &r, bool textbook, int dcp)
{
    if (textbook)
        return x;
    double v = formulaValue;
    if (dcp > 1) {
        v = formulaValue / dcp;
        x.substituted = cat(x.substituted,
            say(QT_TRANSLATE_NOOP("Explain", ", / dcp %1 = %2 B"), { num(dcp), num(v, std::floor(v) == v ? 0 : 2) }));
        x.result = bytesB(v);
    }
    const double own = r.memory.kvBytesPerToken;
    if (own <= 0 || std::fabs(v - own) < 0.5)
        return x;
    x.substituted = cat(x.substituted,
        say(QT_TRANSLATE_NOOP("Explain", "; vLLM's pool, layer by layer: %1 B"),
            { num(own, std::floor(own) == own ? 0 : 2) }));
    const Sentence why = say(QT_TRANSLATE_NOOP("Explain",
        "Layers of this model do not all cost the same (per-layer head sizes, sliding-window pages, draft layers or "
        "an indexer cache): vLLM's pool, summed layer by layer, is the figure shown"));
    x.note = x.note.templ.empty() ? why : cat(cat(x.note, value(". ")), why);
    x.result = bytesB(own);
    return x;
}

Draft kvBytes(const Evaluation &e, const ModelSpec &m, const RankPlacement &r, SparseMlaCache cache)
{
    Draft x;
    x.title = say(QT_TRANSLATE_NOOP("Explain", "KV bytes per token per GPU"));
    const Plan &p = e.plan;
    const double s = kvElementBytes(p.kvCacheDtype);
    const bool textbook = p.accounting == Accounting::Textbook;
    // vLLM accounting: only the stage's attention layers that keep a cache of their own count; hybrid state layers
    // (Mamba-2, Gated DeltaNet, KDA, short conv) keep a fixed per-request state and KV-sharing layers none.
    const int held = r.lastLayer - r.firstLayer + 1;
    int cached = 0;
    for (int i = std::max(0, r.firstLayer); i <= r.lastLayer && i < static_cast<int>(m.layerInfo.size()); ++i)
        if (m.layerInfo[static_cast<std::size_t>(i)].mixer == LayerMixer::Attention
            && !m.layerInfo[static_cast<std::size_t>(i)].kvShared)
            ++cached;
    const bool someUncached = !textbook && !m.isDeepSeekV4() && !m.layerInfo.empty() && cached != held;
    const double layers = textbook ? static_cast<double>(m.layers) / p.pp : (someUncached ? cached : held);
    const Sentence layerText = textbook ? num(layers, std::floor(layers) == layers ? 0 : 2) : num(layers);
    x.inputs.push_back({ sym("L"), layerText,
        textbook ? say(QT_TRANSLATE_NOOP("Explain", "num_hidden_layers / pp (textbook: even split)"))
            : someUncached
            ? say(QT_TRANSLATE_NOOP("Explain",
                      "attention layers with a KV cache of their own on stage %1: %2 of its %3 layers (the others "
                      "keep a fixed per-request state or share another layer's cache)"),
                { integer(r.ppStage), integer(cached), integer(held) })
            : say(QT_TRANSLATE_NOOP("Explain", "layers on stage %1 (vLLM get_pp_indices)"), { integer(r.ppStage) }) });
    x.inputs.push_back({ sym("s"), bytesB(s), kvDtypeSource(p) });
    if (m.isDeepSeekV4() && !textbook) {
        Draft d;
        d.title = x.title;
        return deepSeekV4KvBytes(e, d);
    }
    if (m.isDeepSeekV4()) {
        const double perLayer = kvBytesPerTokenPerLayer(m, p.tp, p.kvCacheDtype, cache);
        x.formula = sym("L × mean_layer");
        x.inputs.push_back({ sym("mean_layer"), bytesB(perLayer),
            say(QT_TRANSLATE_NOOP("Explain",
                "per token, averaged over the layers: 584 B / r on compressed layers (+ 132 B / 4 for the indexer "
                "at r = 4), 0 on window-only layers")) });
        const double v = layers * perLayer;
        x.substituted
            = say(QT_TRANSLATE_NOOP("Explain", "%1 layers × %2 B = %3 B"), { layerText, num(perLayer, 2), num(v, 2) });
        x.result = bytesB(v);
        return x;
    }
    if (m.isSparseMla())
        return sparseMlaKvBytes(e, m, r, cache, x, layerText, layers);
    if (m.isMla()) {
        x.formula = sym("L × (kv_lora_rank + qk_rope_head_dim) × s");
        x.inputs.push_back({ sym("kv_lora_rank"), num(m.kvLoraRank), sym("config.json kv_lora_rank") });
        x.inputs.push_back({ sym("qk_rope_head_dim"), num(m.qkRopeHeadDim), sym("config.json qk_rope_head_dim") });
        const double v = layers * (m.kvLoraRank + m.qkRopeHeadDim) * s;
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 layers × (%2 + %3) × %4 B = %5 B"),
            { layerText, num(m.kvLoraRank), num(m.qkRopeHeadDim), num(s), num(v) });
        x.note = say(QT_TRANSLATE_NOOP("Explain",
                         "MLA stores one latent vector per token and layer: no factor 2, and every TP rank holds "
                         "all of it (not divided by tp=%1)"),
            { integer(p.tp) });
        x.result = bytesB(v);
        return withRankFigure(x, v, r, textbook, e.kv.dcp);
    }
    const int local = std::max(1, m.kvHeads / p.tp);
    x.formula = sym("2 × L × max(1, n_kv / tp) × head_dim × s");
    x.inputs.push_back({ sym("n_kv"), num(m.kvHeads), sym("config.json num_key_value_heads") });
    x.inputs.push_back({ sym("tp"), num(p.tp), say(QT_TRANSLATE_NOOP("Explain", "plan")) });
    x.inputs.push_back({ sym("head_dim"), num(m.headDim),
        say(QT_TRANSLATE_NOOP("Explain", "config.json head_dim (hidden_size / num_attention_heads when absent)")) });
    const double v = 2.0 * layers * local * m.headDim * s;
    x.substituted = say(QT_TRANSLATE_NOOP("Explain", "2 × %1 layers × %2 × %3 × %4 B = %5 B"),
        { layerText,
            local == 1 ? say(QT_TRANSLATE_NOOP("Explain", "%1 KV head"), { num(local) })
                       : say(QT_TRANSLATE_NOOP("Explain", "%1 KV heads"), { num(local) }),
            num(m.headDim), num(s), num(v) });
    if (p.tp > m.kvHeads)
        x.note = say(QT_TRANSLATE_NOOP("Explain",
                         "%1 KV heads are replicated: tp %2 > %1, so each GPU still holds 1 KV head and per-GPU "
                         "KV stops shrinking"),
            { integer(m.kvHeads), integer(p.tp) });
    x.result = bytesB(v);
    return withRankFigure(x, v, r, textbook, e.kv.dcp);
}

Draft weights(const Evaluation &e, const ModelSpec &m, const RankPlacement &r, const GpuSpec &gpu)
{
    Draft x;
    x.title = say(QT_TRANSLATE_NOOP("Explain", "Weights on GPU %1"), { integer(r.rank) });
    const Plan &p = e.plan;
    const WeightBreakdown &w = r.memory.weights;
    if (p.accounting == Accounting::Textbook) {
        const double params = p.paramsOverride > 0 ? p.paramsOverride : e.params.total;
        const double bytes = w.total() * p.tp * p.pp / params;
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "params × bytes per param / (tp × pp)"));
        x.substituted = sym("%1e9 × %2 B / (%3 × %4) = %5",
            { num(params / 1e9, 2), num(bytes, bytes == std::floor(bytes) ? 0 : 3), num(p.tp), num(p.pp),
                gib(w.total()) });
        x.inputs.push_back({ sym("params"), value(formatNumber(params / 1e9, 2) + "e9"),
            p.paramsOverride > 0 ? sym("--params") : say(QT_TRANSLATE_NOOP("Explain", "counted from config.json")) });
        x.note = say(QT_TRANSLATE_NOOP("Explain",
            "textbook accounting splits every parameter evenly; vLLM accounting counts each GPU's own "
            "tensors"));
    } else {
        x.formula = say(QT_TRANSLATE_NOOP("Explain",
            "attention + MLP/shared experts + routed experts + router + norms + embedding + LM head + RoPE cache "
            "+ vision tower"));
        // Sentence templates take %1 to %9: the sum is written in two parts.
        x.substituted = Sentence { "%1%2",
            { sym("%1 + %2 + %3 + %4 + %5 + %6 + %7 + %8",
                  { gib(w.attention), gib(w.mlp), gib(w.experts), gib(w.router), gib(w.norms), gib(w.embedding),
                      gib(w.lmHead), gib(w.ropeCache) }),
                sym(" + %1 = %2", { gib(w.vision), gib(w.total()) }) },
            false, {} };
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "layers")),
            value(std::to_string(r.firstLayer) + "–" + std::to_string(r.lastLayer)),
            say(QT_TRANSLATE_NOOP("Explain", "PP stage %1"), { integer(r.ppStage) }) });
        x.inputs.push_back(
            { sym("tp"), num(p.tp), say(QT_TRANSLATE_NOOP("Explain", "attention heads and MLP split tp ways")) });
        if (m.isMoe())
            x.inputs.push_back(
                { say(QT_TRANSLATE_NOOP("Explain", "experts")), num(static_cast<double>(r.experts.size())),
                    say(QT_TRANSLATE_NOOP("Explain", "expert slots on this GPU per MoE layer, each split %1 ways"),
                        { integer(e.moeTp) }) });
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "format")), value(weightFormatName(e.weightFormat)),
            say(QT_TRANSLATE_NOOP("Explain", "checkpoint quantization_config or --quantization")) });
        if (m.isMoe() && p.moeBackend == MoeBackend::Marlin)
            x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "MoE kernel")), value("marlin"),
                e.weightFormat == WeightFormat::Mxfp4
                    ? say(QT_TRANSLATE_NOOP("Explain",
                        "--moe-backend: MXFP4 experts in Marlin's layout, the intermediate per GPU rounded up to "
                        "128 and the hidden size to 256"))
                    : say(QT_TRANSLATE_NOOP(
                        "Explain", "--moe-backend: the experts' bytes are counted in the checkpoint's layout")) });
        else if (const BytesPerParam b = bytesPerParamOn(m, e.weightFormat, gpu, p.vllmVersion, p.moeBackend);
                 m.isMoe() && b.hopperValueAlignN > 0)
            // The layout weights.cpp counted (hopperMxExpertBytes), read back from the same BytesPerParam.
            x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "MoE kernel")), value("triton"),
                !b.hopperCheckpointScalesKept ? say(QT_TRANSLATE_NOOP("Explain",
                    "Hopper's triton_kernels layout: the intermediate per GPU rounded up to 64, the scales "
                    "swizzled with N padded to 256 (the checkpoint's freed), the biases in FP32"))
                    : b.hopperValueAlignN < 64
                    ? say(QT_TRANSLATE_NOOP("Explain",
                        "Hopper's triton_kernels layout: the intermediate per GPU rounded up to 64, the checkpoint's "
                        "scales kept beside the swizzled ones (N padded to 256), the biases in FP32"))
                    : say(QT_TRANSLATE_NOOP("Explain",
                        "Hopper's triton_kernels layout: the intermediate per GPU rounded up to 64, both value "
                        "extents padded to 64 bytes (triton_kernels v3.6.0, vLLM 0.17 to 0.21), the checkpoint's "
                        "scales kept beside the swizzled ones (N padded to 256), the biases in FP32")) });
        const char *holds = r.embedding && r.lmHead
            ? QT_TRANSLATE_NOOP("Explain",
                "holds the embedding (first stage); holds the LM head (last stage); vocabulary rows padded to 64 "
                "per GPU as vLLM does")
            : r.embedding ? QT_TRANSLATE_NOOP(
                  "Explain", "holds the embedding (first stage); vocabulary rows padded to 64 per GPU as vLLM does")
            : r.lmHead ? QT_TRANSLATE_NOOP(
                  "Explain", "holds the LM head (last stage); vocabulary rows padded to 64 per GPU as vLLM does")
                       : QT_TRANSLATE_NOOP("Explain", "vocabulary rows padded to 64 per GPU as vLLM does");
        x.note = say(holds);
    }
    x.result = gib(w.total());
    return x;
}

Draft budget(const Evaluation &e, const RankPlacement &r)
{
    Draft x;
    x.title = say(QT_TRANSLATE_NOOP("Explain", "KV cache budget on GPU %1"), { integer(r.rank) });
    const RankMemory &mem = r.memory;
    const Plan &p = e.plan;
    if (p.accounting == Accounting::Textbook) {
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "memory × utilization − weights − reserve"));
        x.substituted = sym("%1 × %2 − %3 − %4 = %5",
            { gib(mem.total), num(p.gpuMemoryUtilization, 2), gib(mem.weights.total()), gib(mem.reserved),
                gib(mem.kvBudget) });
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "reserve")), gib(mem.reserved),
            say(QT_TRANSLATE_NOOP("Explain", "--reserved-bytes (activations, CUDA graphs, buffers: an assumption)")) });
    } else {
        // From vLLM 0.21 the CUDA-graph estimate is subtracted as well (docs/DESIGN.md §B.1).
        const bool graphs = e.kv.cudaGraphSubtracted && !p.enforceEager;
        if (graphs) {
            x.formula = say(QT_TRANSLATE_NOOP(
                "Explain", "ceil(total × utilization) − weights − peak activation − non-torch − CUDA graphs"));
            x.substituted = sym("%1 − %2 − %3 − %4 − %5 = %6",
                { gib(mem.requested), gib(mem.weights.total()), gib(mem.activation.total()), gib(mem.nonTorch),
                    gib(mem.cudaGraph), gib(mem.kvBudget) });
        } else {
            x.formula = say(
                QT_TRANSLATE_NOOP("Explain", "ceil(total × utilization) − weights − peak activation − non-torch"));
            x.substituted = sym("%1 − %2 − %3 − %4 = %5",
                { gib(mem.requested), gib(mem.weights.total()), gib(mem.activation.total()), gib(mem.nonTorch),
                    gib(mem.kvBudget) });
        }
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "total")), gib(mem.total),
            p.gpuMemoryBytes > 0 ? sym("--gpu-memory-bytes")
                                 : say(QT_TRANSLATE_NOOP("Explain", "GPU preset (memory CUDA sees)")) });
        // The overheads say whether a calibration profile replaced the estimate.
        const CalibrationProfile &cal = p.calibration;
        const bool calAct = cal.replacesActivation();
        const bool calNt = cal.replacesNonTorch(p.tp);
        const bool calCg = cal.replacesCudaGraph();
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "peak activation")), gib(mem.activation.total()),
            calAct ? say(QT_TRANSLATE_NOOP("Explain", "calibrated: the modelled activation × %1, from profile \"%2\""),
                { num(cal.activationScale, 3), sym(cal.name) })
                   : say(QT_TRANSLATE_NOOP("Explain",
                             "estimate: max_num_batched_tokens %1 and sampler buffers for %2 sequences "
                             "(calibrated to vLLM 0.11)"),
                       { num(static_cast<double>(p.maxNumBatchedTokens)), num(static_cast<double>(p.maxNumSeqs)) }) });
        x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "non-torch")), gib(mem.nonTorch),
            calNt ? say(QT_TRANSLATE_NOOP("Explain", "calibrated: measured in profile \"%1\""), { sym(cal.name) })
                  : say(QT_TRANSLATE_NOOP("Explain", "estimate: NCCL and custom all-reduce buffers, by tp")) });
        if (graphs)
            x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "CUDA graphs")), gib(mem.cudaGraph),
                calCg ? say(QT_TRANSLATE_NOOP("Explain", "calibrated: measured in profile \"%1\""), { sym(cal.name) })
                      : say(QT_TRANSLATE_NOOP("Explain",
                          "estimate: the captured graphs' count x a fitted cost per layer (vLLM's profiler)")) });
    }
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "utilization")), num(p.gpuMemoryUtilization, 2),
        sym("--gpu-memory-utilization") });
    x.result = gib(mem.kvBudget);
    return x;
}

Sentence tokens(double n)
{
    return say(QT_TRANSLATE_NOOP("Explain", "%1 tokens"), { num(n) });
}

Draft draft(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const RankPlacement *r,
    SparseMlaCache cache)
{
    const Plan &p = e.plan;
    Draft x;
    switch (q) {
    case Quantity::KvBytesPerToken:
        return r ? kvBytes(e, m, *r, cache) : x;
    case Quantity::WeightsPerGpu:
        return r ? weights(e, m, *r, gpu) : x;
    case Quantity::KvBudget:
        return r ? budget(e, *r) : x;
    case Quantity::CapacityTokens:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "KV cache capacity (one DP replica)"));
        if (p.accounting == Accounting::Textbook) {
            x.formula = say(QT_TRANSLATE_NOOP("Explain", "floor(KV budget / KV bytes per token)"));
            x.substituted = say(QT_TRANSLATE_NOOP("Explain", "floor(%1 B / %2 B) = %3 tokens"),
                { num(e.kvBudgetBytesPerGpu), num(e.kv.bytesPerTokenPerGpu),
                    num(static_cast<double>(e.kv.capacityTokens)) });
        } else {
            x.formula = e.kv.hybrid
                ? say(QT_TRANSLATE_NOOP("Explain", "max concurrency × max_model_len (hybrid pool, as vLLM prints it)"))
                : say(QT_TRANSLATE_NOOP("Explain",
                    "blocks × block_size, blocks = min over GPUs of floor(budget / "
                    "(block_size × KV bytes per token))"));
            x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 blocks × %2 = %3 tokens"),
                { num(static_cast<double>(e.kv.blocks)), num(e.kv.blockSize),
                    num(static_cast<double>(e.kv.capacityTokens)) });
            x.note = say(QT_TRANSLATE_NOOP("Explain", "GPU %1 has the fewest blocks and binds the whole replica"),
                { integer(e.kv.bindingRank) });
        }
        x.result = tokens(static_cast<double>(e.kv.capacityTokens));
        return x;
    case Quantity::MaxConcurrency:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Concurrent requests at max_model_len"));
        if (p.accounting == Accounting::Textbook) {
            x.formula = say(QT_TRANSLATE_NOOP("Explain", "floor(tokens / max_model_len)"));
            x.substituted = sym("floor(%1 / %2) = %3",
                { num(static_cast<double>(e.kv.capacityTokens)), num(static_cast<double>(p.maxModelLen)),
                    num(static_cast<double>(e.kv.maxConcurrency)) });
        } else {
            x.formula = say(QT_TRANSLATE_NOOP(
                "Explain", "blocks / blocks per request, blocks per request = ceil(max_model_len / block_size)"));
            x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 / %2 = %3x → %4 whole requests"),
                { num(static_cast<double>(e.kv.blocks)), num(static_cast<double>(e.kv.blocksPerRequest)),
                    num(e.kv.maxConcurrencyExact, 2), num(static_cast<double>(e.kv.maxConcurrency)) });
        }
        x.result = say(QT_TRANSLATE_NOOP("Explain", "%1 requests"), { num(static_cast<double>(e.kv.maxConcurrency)) });
        return x;
    case Quantity::ClusterConcurrency:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Concurrent requests, whole cluster"));
        x.formula
            = say(QT_TRANSLATE_NOOP("Explain", "dp × one replica's concurrency (each DP replica has its own KV pool)"));
        x.substituted = sym("%1 × %2 = %3",
            { num(p.dp), num(static_cast<double>(e.kv.maxConcurrency)),
                num(static_cast<double>(e.kv.clusterMaxConcurrency)) });
        x.result = say(
            QT_TRANSLATE_NOOP("Explain", "%1 requests"), { num(static_cast<double>(e.kv.clusterMaxConcurrency)) });
        return x;
    case Quantity::LayersPerStage: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Layers per pipeline stage"));
        const int base = m.layers / std::max(1, p.pp);
        x.formula = p.ppPartition.empty()
            ? say(QT_TRANSLATE_NOOP("Explain",
                "L // pp per stage; the remainder adds one to the stages just "
                "before the last"))
            : say(QT_TRANSLATE_NOOP("Explain", "custom partition (VLLM_PP_LAYER_PARTITION)"));
        std::string list;
        for (size_t i = 0; i < e.stageLayers.size(); ++i)
            list += (i ? ", " : "") + std::to_string(e.stageLayers[i]);
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 // %2 = %3, remainder %4 → %5"),
            { integer(m.layers), integer(p.pp), integer(base), integer(m.layers % std::max(1, p.pp)), value(list) });
        x.note = say(QT_TRANSLATE_NOOP(
            "Explain", "the last stage also holds the final norm and LM head, the first the embedding"));
        x.result = value(list);
        return x;
    }
    case Quantity::ExpertsPerGpu: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Experts per GPU"));
        if (!m.isMoe()) {
            x.result = say(QT_TRANSLATE_NOOP("Explain", "dense model: no experts"));
            return x;
        }
        const int slots = m.experts + p.redundantExperts;
        const Sentence perGpu = num(static_cast<double>(slots) / p.ep, slots % p.ep ? 2 : 0);
        x.formula
            = say(QT_TRANSLATE_NOOP("Explain", "(E + R) / ep slots per GPU, each expert split tp × dp / ep ways"));
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "(%1 + %2) / %3 = %4, split %5 / %3 = %6 ways"),
            { num(m.experts), num(p.redundantExperts), num(p.ep), perGpu, num(p.tp * p.dp), num(e.moeTp) });
        x.inputs.push_back(
            { sym("E"), num(m.experts), say(QT_TRANSLATE_NOOP("Explain", "config.json routed experts")) });
        x.inputs.push_back({ sym("ep"), num(p.ep),
            p.ep == p.tp * p.dp && p.ep > 1 ? sym("--enable-expert-parallel (tp × dp)")
                                            : say(QT_TRANSLATE_NOOP("Explain", "plan")) });
        x.result = say(QT_TRANSLATE_NOOP("Explain", "%1 experts per GPU"), { perGpu });
        return x;
    }
    case Quantity::ParamsTotal:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Parameters"));
        x.formula = say(QT_TRANSLATE_NOOP(
            "Explain", "Σ layers (attention + norms + MLP or experts + router) + embedding + LM head + final norm"));
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1B total, %2B active per token"),
            { num(e.params.total / 1e9, 3), num(e.params.active / 1e9, 3) });
        x.result = value(formatNumber(e.params.total / 1e9, 3) + "B");
        return x;
    default:
        break;
    }
    return x;
}

} // namespace

Explanation explain(Quantity q, const EvaluatedPlan &p, int rank)
{
    const Evaluation &e = p.evaluation;
    const ModelSpec &m = p.model;
    switch (q) {
    case Quantity::KvBytesPerToken:
    case Quantity::WeightsPerGpu:
    case Quantity::KvBudget:
    case Quantity::CapacityTokens:
    case Quantity::MaxConcurrency:
    case Quantity::ClusterConcurrency:
    case Quantity::LayersPerStage:
    case Quantity::ExpertsPerGpu:
    case Quantity::ParamsTotal:
        return finished(draft(q, e, m, p.gpu, pickRank(e, rank), sparseMlaCacheFor(e.plan, p.gpu)));
    default:
        return explainCommTime(q, p, rank);
    }
}

std::string explanationText(const Explanation &x)
{
    std::string s = x.title() + ": " + x.substituted();
    if (const std::string formula = x.formula(); !formula.empty())
        s += "  [" + formula + "]";
    if (const std::string note = x.note(); !note.empty())
        s += " — " + note;
    return s;
}

} // namespace shardscope
