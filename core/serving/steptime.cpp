#include "core/serving/steptime.h"

#include "core/evaluate/kvcache.h"
#include "core/evaluate/links.h"
#include "core/evaluate/weights.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {

// 2 x (d_qk + d_v): one head's FLOPs for one (query, key) pair.
double attentionFlopsPerPairPerHead(const ModelSpec &m, bool decode)
{
    double qk = m.headDim, v = m.headDim;
    if (m.isMla()) {
        // vLLM's MLA decode attends in the latent space (absorbed), prefill in the expanded form.
        qk = decode ? m.kvLoraRank + m.qkRopeHeadDim : m.qkNopeHeadDim + m.qkRopeHeadDim;
        v = decode ? m.kvLoraRank : m.vHeadDim;
    }
    return 2.0 * (qk + v);
}

double attentionFlopsPerPair(const ModelSpec &m, int tp, bool decode)
{
    return (static_cast<double>(m.heads) / tp) * attentionFlopsPerPairPerHead(m, decode);
}

// The CUDA-graph size a decode batch of n tokens is padded to (VllmConfig._set_cudagraph_sizes:
// [1, 2, 4] + range(8, 256, 8) + range(256, max + 1, 16)).
double paddedGraphTokens(double n)
{
    if (n <= 1)
        return 1;
    if (n <= 2)
        return 2;
    if (n <= 4)
        return 4;
    if (n < 256)
        return std::ceil(n / 8) * 8;
    return std::ceil(n / 16) * 16;
}

// The small kernels a layer launches besides its GEMMs, attention and grouped GEMM, each costing at least
// gemm_latency_s on the GPU however few tokens it sees (aiconfigurator's constant per-op latency). Counted from
// vLLM's layers: fused add + RMSNorm twice, rotary, reshape_and_cache (llama.py / qwen3.py); the fused-MoE path's
// top-k, moe_align_block_size, activation and moe_sum (fused_moe.py fused_experts), the shared expert's
// activation; MLA's q_a / kv_a layernorms, the absorbed W_UK / W_UV bmm, the latent split/concat and the
// decode's split-KV combine (deepseek_v2.py, mla/common.py @017e9f4448b7); a per-token activation quantize before
// every FP8 GEMM (fp8_utils.py). Inductor fuses some of these; the fitted floor_scale absorbs that.
double smallKernelsPerLayer(const ModelSpec &m, const LayerInfo &li, WeightFormat wf)
{
    const bool fp8 = wf == WeightFormat::Fp8 || wf == WeightFormat::Fp8Block;
    double n = 4; // two fused add + RMSNorm, rotary, KV-cache write
    if (li.moe)
        n += 4 + (m.sharedIntermediate > 0 ? 1 : 0) + (fp8 ? 2 : 0); // top-k, align, activation, sum
    else
        n += 1; // activation
    if (m.isMla())
        n += 6; // q_a / kv_a norms, the two absorbed bmm, split/concat, decode combine
    if (fp8)
        n += 4; // a quantize before each dense GEMM
    return n;
}

// The rest of the kernels a layer launches in a decode step (with the small kernels above, the nodes a CUDA
// graph replays): its GEMMs (qkv_proj and o_proj, then gate_up_proj and down_proj; a MoE layer's router gate,
// the fused MoE's two grouped GEMMs and the shared expert's two; MLA's fused_qkv_a_proj, q_b_proj and o_proj,
// kv_b_proj being absorbed), the attention (and one for the DSA indexer, whose own projections and top-k are
// not counted) and the TP all-reduces after o_proj and the MLP.
// Counted from the same vLLM files; with the small kernels it replaces a constant 15 per layer (serving
// reference §2.5: ~10-20).
double largeKernelsPerLayer(const ModelSpec &m, const LayerInfo &li, int tp)
{
    double n = m.isMla() ? 3 : 2;
    n += li.moe ? 3 + (m.sharedIntermediate > 0 ? 2 : 0) : 2;
    n += 1 + (m.isSparseMla() && !li.dsaSharedIndexer ? 1 : 0);
    n += tp > 1 ? 2 : 0;
    return n;
}

} // namespace

StepModel buildStepModel(const EvaluatedPlan &ep, const ServingCoefficients &coef)
{
    const Evaluation &e = ep.evaluation;
    const ModelSpec &m = ep.model;
    const GpuSpec &gpu = ep.gpu;
    const Plan &p = e.plan;
    StepModel s;
    s.coef = coef;
    s.pp = std::max(1, p.pp);
    s.tp = std::max(1, p.tp);
    s.dp = std::max(1, p.dp);
    s.ep = std::max(1, p.ep);
    s.experts = m.experts;
    s.expertSlots = m.experts + std::max(0, p.redundantExperts);
    s.topK = m.expertsPerToken;
    s.hidden = m.hidden;
    s.vocab = m.vocab;
    s.enforceEager = p.enforceEager;
    // Async scheduling is the default since PR #27614 (2025-12-29, first in vLLM 0.14); before, the
    // scheduler's CPU time adds to the GPU step.
    const VllmVersion vllm = resolvedVllmVersion(p.vllmVersion);
    s.asyncScheduling = vllm >= VllmVersion { 0, 14, 0 };
    for (const LayerInfo &l : m.layerInfo)
        if (l.attention != LayerAttention::Full) {
            s.window = l.attention == LayerAttention::Sliding ? m.slidingWindow : m.chunkSize;
            break;
        }
    // DeepSeek Sparse Attention (vLLM FLASHMLA_SPARSE): each query attends the index_topk tokens its indexer
    // scores highest (DeepSeek-V3.2 config index_topk 2048), so the MLA costs like a window of index_topk on
    // every layer; the indexer's own pass over the whole context is charged beside it.
    if (m.isSparseMla())
        s.window = m.indexTopk;
    s.hbm = gpu.hbmBytesPerSec;
    const WeightFormat wf = e.weightFormat;
    double gemmPeak = gpu.bf16Flops * coef.denseBf16;
    s.gemmFormat = "bf16";
    if ((wf == WeightFormat::Fp8 || wf == WeightFormat::Fp8Block) && gpu.fp8Flops > 0) {
        gemmPeak = gpu.fp8Flops * coef.denseFp8;
        s.gemmFormat = "fp8";
    } else if (wf == WeightFormat::Mxfp4 && gpu.fp4Flops > 0) {
        gemmPeak = gpu.fp4Flops * coef.denseFp4;
        s.gemmFormat = "fp4";
    }
    s.gemmFlops = gemmPeak;
    s.gemmRamp = gemmRamp(coef.family, s.gemmFormat, gemmPeak, gpu.hbmBytesPerSec * coef.hbmWeights);
    s.moeRamp = moeRamp(coef.family);
    // Grouped GEMM: moe_compute of the BF16 peak (calibrated, coefficients.cpp) for every format but the one below.
    // aiconfigurator's FP8 block-scaled rows run faster; taking them is measured in the README, not done.
    s.moeFlops = gpu.bf16Flops * coef.moeCompute;
    // MXFP4 experts through Marlin on the GPUs whose tensor cores its mma.sync kernel drives natively (8.x, 12.x)
    // run at moe_marlin_mxfp4, which rises with the expert slice each rank holds: n / (n + half width).
    if (const int cc = cudaComputeCapability(gpu); m.isMoe() && wf == WeightFormat::Mxfp4 && (cc < 90 || cc >= 120)
        && mxfp4ThroughMarlin(gpu, vllm, p.moeBackend)) {
        const double slice = static_cast<double>(m.moeIntermediate) / std::max(1, e.moeTp);
        s.moeFlops
            = gpu.bf16Flops * coef.moeMarlinMxfp4 * slice / (slice + std::max(0.0, coef.moeMarlinMxfp4HalfWidth));
    }
    s.attnFlops = gpu.bf16Flops * coef.prefillAttention;
    s.decodeAttnFlops = gpu.bf16Flops * coef.denseBf16;
    // The indexer's logits are FP8 dot products (DeepGEMM fp8_mqa_logits): the FP8 peak at the prefill-attention
    // efficiency (no measurement of the indexer kernel itself).
    s.indexerFlops = (gpu.fp8Flops > 0 ? gpu.fp8Flops : gpu.bf16Flops) * coef.prefillAttention;

    const LinkSet links = resolveLinks(p, gpu);
    const Topology topo = makeTopology(e.gpusPerNode > 0 ? e.gpusPerNode : gpu.gpusPerNode, gpu);
    const LinkKind tpLink = s.tp > 1 ? topo.between(0, s.tp - 1) : LinkKind::ScaleUp;
    const LinkKind epLink = s.ep > 1 ? topo.between(0, s.ep - 1) : LinkKind::ScaleUp;
    s.tpCrossesNodes = tpLink == LinkKind::Nic;
    s.customAllReduce = e.customAllReduce;
    s.epCrossesNodes = epLink == LinkKind::Nic;
    s.linkBytesPerSec = std::max(1.0, links[tpLink == LinkKind::None ? LinkKind::ScaleUp : tpLink].bytesPerSec);
    s.a2aBytesPerSec = std::max(1.0, links[epLink == LinkKind::None ? LinkKind::ScaleUp : epLink].bytesPerSec);

    const BytesPerParam bytes = bytesPerParam(m, wf);
    const BytesPerParam ones { 1, 1, 1, 1 };
    const int localSlots = m.isMoe() ? (s.expertSlots + s.ep - 1) / s.ep : 0;
    const double kvPerLayer = kvBytesPerTokenPerLayer(m, s.tp, p.kvCacheDtype, sparseMlaCacheFor(p, gpu));
    int first = 0;
    for (size_t st = 0; st < e.stageLayers.size(); ++st) {
        RankShape shape;
        shape.tp = s.tp;
        shape.moeTp = e.moeTp;
        shape.firstLayer = first;
        shape.layerCount = e.stageLayers[st];
        shape.embedding = st == 0;
        shape.lmHead = st + 1 == e.stageLayers.size();
        shape.localExperts = localSlots;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytes);
        const WeightBreakdown n = rankWeightBytes(m, shape, ones);
        StageConstants c;
        c.layers = shape.layerCount;
        const int last = std::min<int>(first + shape.layerCount, static_cast<int>(m.layerInfo.size()));
        int indexedLayers = 0; // sparse MLA layers with an indexer of their own (not dsaSharedIndexer)
        for (int l = first; l < last; ++l) {
            const LayerInfo &li = m.layerInfo[static_cast<size_t>(l)];
            indexedLayers += li.dsaSharedIndexer ? 0 : 1;
            c.moeLayers += li.moe ? 1 : 0;
            (li.attention == LayerAttention::Full && !m.isSparseMla() ? c.fullLayers : c.windowedLayers) += 1;
            const double small = smallKernelsPerLayer(m, li, wf);
            c.smallKernels += small;
            c.kernels += small + largeKernelsPerLayer(m, li, s.tp);
        }
        c.denseBytes = w.attention + w.mlp + w.norms + w.router;
        c.denseParams = n.attention + n.mlp + n.router;
        const bool tied = m.tiedEmbeddings && shape.embedding && shape.lmHead;
        c.lmHeadBytes = tied ? w.embedding : w.lmHead;
        c.lmHeadParams = tied ? n.embedding : n.lmHead;
        c.localSlots = localSlots;
        if (c.moeLayers > 0 && localSlots > 0) {
            c.expertBytesPerSlotLayer = w.experts / (c.moeLayers * localSlots);
            c.expertParamsPerSlotLayer = n.experts / (c.moeLayers * localSlots);
        }
        c.kvBytesPerTokenLayer = kvPerLayer;
        if (m.isSparseMla()) {
            // The indexer's cache entry (index_head_dim FP8 + an fp32 scale per 128, kvcache.cpp) is read for
            // every cached token; its logits are index_n_heads dot products of index_head_dim per pair, on every
            // TP rank (vLLM deepseek_v2.py Indexer is replicated).
            // Layers that reuse an earlier layer's top-k (GLM-5.2 IndexCache) run no indexer and cache none
            // (vllm deepseek_v2.py @017e9f4448b7): the stage's per-layer indexer cost is averaged over its layers.
            const double indexerBytes = dsaIndexerBytesPerToken(m);
            const double stageLayers = c.fullLayers + c.windowedLayers;
            const double indexedShare = stageLayers > 0 ? indexedLayers / stageLayers : 1.0;
            c.kvBytesPerTokenLayer -= indexerBytes;
            c.indexerBytesPerTokenLayer = indexerBytes * indexedShare;
            c.indexerFlopsPerPairLayer = 2.0 * m.indexHeads * m.indexHeadDim * indexedShare;
        }
        c.decodeFlopsPerPairLayer = attentionFlopsPerPair(m, s.tp, true);
        // Sparse MLA before kSparseMlaMhaPrefill prefills in the latent (absorbed) form, as it decodes: 2 x heads x
        // (576 + 512) FLOPs per pair for DeepSeek-V3.2, 3.4x the expanded form's 2 x heads x (192 + 128).
        const bool latentPrefill = m.isSparseMla() && vllm < kSparseMlaMhaPrefill;
        c.prefillFlopsPerPairLayer = attentionFlopsPerPair(m, s.tp, latentPrefill);
        if (m.isSparseMla() && !m.isDeepSeekV4() && sparseMlaCacheFor(p, gpu) == SparseMlaCache::Bf16
            && vllm < kSparseMlaTopkLength) {
            // With a BF16 cache vLLM sends every token, decode and prefill, through flash_mla_sparse_prefill, whose
            // heads per rank are padded to 64 on Hopper and 128 on Blackwell ("kernel requires num_local_head to
            // be a multiple of 64 on hopper and 128 on blackwell": vllm/v1/attention/backends/mla/flashmla_sparse.py
            // @d6953beb91 and @4fa7ce46f3, FlashMLASparseImpl._forward_bf16_kv), and which walks all index_topk
            // slots of each query (kSparseMlaTopkLength). Each pair is latent-form: 576-wide keys, 512-wide values.
            const int pad = cudaComputeCapability(gpu) >= 100 ? 128 : 64;
            const int headsPerRank = std::max(1, m.heads / s.tp);
            const int heads = headsPerRank % pad != 0 ? pad : headsPerRank;
            const double perPair = heads * attentionFlopsPerPairPerHead(m, true);
            c.decodeFlopsPerPairLayer = perPair;
            c.prefillFlopsPerPairLayer = perPair;
            c.fixedPairsPerToken = m.indexTopk;
        }
        c.allReducesPerLayer = s.tp > 1 ? 2 : 0;
        s.stages.push_back(c);
        first += shape.layerCount;
    }
    return s;
}

namespace {

// The micro-batch one stage runs (batch / pp), whether it replays a CUDA graph, and the tokens it is padded to.
struct MicroBatchShape
{
    double tokens = 0;
    bool graph = false;
    double graphTokens = 0;
    double sampled = 0;
};

// Tokens meeting in one rank's MoE layer for a micro-batch padded to graphTokens: with EP the DP replicas'
// tokens are dispatched together.
double moeTokensOf(const StepModel &s, double graphTokens)
{
    return graphTokens * (s.ep > 1 ? s.dp : 1);
}

// The (token, expert) pairs each expert slot receives: the fused-MoE knee's abscissa and the grouped GEMM's rows.
double tokensPerExpertOf(const StepModel &s, double moeTokens)
{
    return moeTokens * s.topK / std::max(1, s.expertSlots);
}

MicroBatchShape microBatchShape(const StepModel &s, const StepBatch &full)
{
    MicroBatchShape m;
    const double inv = 1.0 / s.pp;
    m.tokens = full.tokens() * inv;
    m.sampled = full.sampled * inv;
    const bool decodeOnly = full.prefillTokens * inv <= 0;
    m.graph = !s.enforceEager && decodeOnly && m.tokens <= s.coef.maxCaptureSize;
    m.graphTokens = m.graph ? paddedGraphTokens(m.tokens) : m.tokens;
    return m;
}

// The measured knee (gemmramp.h) at a micro-batch's token counts, the same for every stage.
StepKnees kneesAt(const StepModel &s, const MicroBatchShape &m)
{
    const auto ramp = [&](double tokens) { return 1.0 + s.coef.gemmRamp * (gemmRampAt(s.gemmRamp, tokens) - 1.0); };
    StepKnees k;
    k.gemm = ramp(m.graphTokens);
    k.lmHead = ramp(m.sampled);
    if (s.experts > 0) {
        const double perExpert = tokensPerExpertOf(s, moeTokensOf(s, m.graphTokens));
        k.moe = 1.0 + s.coef.moeRamp * (moeRampAt(s.moeRamp, perExpert) - 1.0);
    }
    return k;
}

} // namespace

StepKnees stepKnees(const StepModel &s, const StepBatch &full)
{
    return kneesAt(s, microBatchShape(s, full));
}

StepCost stepTime(const StepModel &s, const StepBatch &full, const StepKnees *knees)
{
    ServingCoefficients k = s.coef;
    // floor_scale is fitted: it multiplies the costs no per-operation measurement pins down (the small kernels
    // at gemm_latency_s each, graph replay and launches, the sampler). The floors that are aiconfigurator's measured
    // per-call totals stay as measured: a GEMM's gemm_latency_s over its streaming time, a decode attention call's
    // attention_floor_s, a fused-MoE call's moe_floor_s (coefficients.cpp; scaling them too double-counted them:
    // Qwen3-8B's GEMMs on H100 at M = 1 came out 9 % above aiconfigurator's gemm_perf, vLLM 0.19).
    for (double *f : { &k.graphNodeSec, &k.graphLaunchSec, &k.launchSec, &k.samplerSec, &k.samplerPerRequestSec })
        *f *= s.coef.floorScale;
    const double smallKernelSec = k.gemmLatency * s.coef.floorScale;
    k.stepCpuSec *= s.coef.hostScale;
    k.requestCpuSec *= s.coef.hostScale;
    StepCost best;
    if (s.stages.empty())
        return best;
    // One micro-batch per stage per round: the round is pp beats of a batch / pp.
    const double inv = 1.0 / s.pp;
    StepBatch b = full;
    b.decodeTokens *= inv;
    b.decodeContext *= inv;
    b.decodeContextWindowed *= inv;
    b.prefillTokens *= inv;
    b.prefillPairs *= inv;
    b.prefillPairsWindowed *= inv;
    b.sampled *= inv;
    b.requests *= inv;
    const double T = b.tokens();
    if (T <= 0)
        return best;
    const MicroBatchShape shape = microBatchShape(s, full);
    const bool graph = shape.graph;
    const double Tg = shape.graphTokens;
    const double hbmW = s.hbm * k.hbmWeights;
    const double hbmA = s.hbm * k.hbmAttention;
    const double moeTokens = moeTokensOf(s, Tg);
    const double ctxWin = b.decodeContextWindowed > 0 ? b.decodeContextWindowed : b.decodeContext;
    const double pairsWin = b.prefillPairsWindowed > 0 ? b.prefillPairsWindowed : b.prefillPairs;
    const double arBytes = Tg * s.hidden * 2; // BF16 activations
    const double arBusBytes = s.tp > 1 ? arBytes * 2.0 * (s.tp - 1) / s.tp : 0;
    // Without vLLM's custom all-reduce (across nodes, PCIe-only GPUs, --disable-custom-all-reduce) every
    // all-reduce is an NCCL call with NCCL's small-message floor; the custom kernel's floor otherwise.
    const double arFloor = (s.tpCrossesNodes || !s.customAllReduce)
        ? k.allReduceCrossNodeSec
        : (graph ? k.allReduceGraphSec : k.allReduceEagerSec);

    const StepKnees knee = knees ? *knees : kneesAt(s, shape);
    const double gemmKnee = knee.gemm;
    const double lmHeadKnee = knee.lmHead;

    for (const StageConstants &c : s.stages) {
        StepCost t;
        t.cudaGraph = graph;
        // Dense GEMMs: weight streaming at small M, compute at large M, a floor per GEMM (4 per layer: qkv, o,
        // gate_up, down; a MoE layer's grouped GEMMs carry moe_floor_s instead, its router is a small GEMM).
        // Around the ridge point the roofline is optimistic: times the measured knee (gemmramp.h).
        const double gemmMem = c.denseBytes / hbmW;
        const double gemmComp = 2.0 * Tg * c.denseParams / s.gemmFlops;
        t.gemmSec = std::max(gemmMem, gemmComp) * gemmKnee + c.layers * 4 * k.gemmLatency;
        if (c.lmHeadBytes > 0 && b.sampled > 0)
            t.gemmSec += std::max(c.lmHeadBytes / hbmW, 2.0 * b.sampled * c.lmHeadParams / s.gemmFlops) * lmHeadKnee
                + k.gemmLatency;
        // Attention: decode reads KV (and is compute-heavy for absorbed MLA), prefill is quadratic.
        const double layersAll = c.fullLayers + c.windowedLayers;
        if (layersAll > 0) {
            const double decBytes
                = (c.fullLayers * b.decodeContext + c.windowedLayers * ctxWin) * c.kvBytesPerTokenLayer
                + layersAll * b.decodeContext * c.indexerBytesPerTokenLayer;
            // The fixed-top-k sparse kernel is FlashMLA's prefill kernel for decode tokens too: the prefill rate.
            const bool fixedPairs = c.fixedPairsPerToken > 0;
            const double decPairs = fixedPairs ? layersAll * b.decodeTokens * c.fixedPairsPerToken
                                               : c.fullLayers * b.decodeContext + c.windowedLayers * ctxWin;
            // Full-attention layers' prefill runs slower at short prompts (aiconfigurator's vLLM context-attention
            // tables: on H100 0.36 of peak at 2,048 tokens, 0.60 at 16,384), by the mean keys each query attends.
            const double keysPerQuery = b.prefillTokens > 0 ? b.prefillPairs / b.prefillTokens : 0;
            const double halfKeys = k.prefillAttentionHalfKeys;
            const double fullSlowdown
                = halfKeys > 0 && keysPerQuery > 0 ? (keysPerQuery + halfKeys) / keysPerQuery : 1.0;
            const double prePairs = fixedPairs
                ? layersAll * b.prefillTokens * c.fixedPairsPerToken
                : c.fullLayers * b.prefillPairs * fullSlowdown + c.windowedLayers * pairsWin;
            const double decSec = decPairs * c.decodeFlopsPerPairLayer / (fixedPairs ? s.attnFlops : s.decodeAttnFlops)
                + layersAll * b.decodeContext * c.indexerFlopsPerPairLayer / s.indexerFlops;
            const double preSec = prePairs * c.prefillFlopsPerPairLayer / s.attnFlops
                + layersAll * b.prefillPairs * c.indexerFlopsPerPairLayer / s.indexerFlops;
            t.attentionSec = layersAll * k.attentionFloor + std::max(decBytes / hbmA, decSec) + preSec;
        }
        // MoE: the expert weights the step touches (uniform routing: E_local (1 - (1 - k/E)^N)), grouped GEMM,
        // times the fused-MoE kernel's measured knee at the step's tokens per expert (moeramp.h, kneesAt).
        if (c.moeLayers > 0 && s.experts > 0) {
            const double pk = std::min(1.0, static_cast<double>(s.topK) / s.experts);
            const double touched = c.localSlots * (1.0 - std::pow(1.0 - pk, moeTokens));
            const double pairsPerSlot = tokensPerExpertOf(s, moeTokens);
            const double mem = touched * c.expertBytesPerSlotLayer / hbmW;
            const double comp = 2.0 * pairsPerSlot * c.localSlots * c.expertParamsPerSlotLayer / s.moeFlops;
            t.moeSec = c.moeLayers * (k.moeFloor + std::max(mem, comp) * knee.moe);
            if (s.ep > 1) {
                // Dispatch + combine: every local token's k copies cross the EP group (BF16), two floors.
                const double bytesSent = Tg * s.topK * s.hidden * 2 * (s.ep - 1.0) / s.ep;
                t.commSec += c.moeLayers * 2 * (k.allToAllSec + bytesSent / s.a2aBytesPerSec);
            }
        }
        // TP all-reduce: 2 per layer (+1 for the embedding, ignored).
        if (c.allReducesPerLayer > 0)
            t.commSec += c.layers * c.allReducesPerLayer * (arFloor + arBusBytes / s.linkBytesPerSec);
        const double gpuWork = t.gemmSec + t.attentionSec + t.moeSec + t.commSec;
        // Each small kernel (norms, rotary, routing, quantize) costs gemm_latency_s x floor_scale, graph or not.
        t.fixedSec += c.smallKernels * smallKernelSec;
        // Launches: a graph replays its nodes; piecewise graphs (mixed steps) launch the attention eagerly;
        // eager launches hide under long kernels and show under short ones.
        const double kernels = k.kernelsPerLayer > 0 ? c.layers * k.kernelsPerLayer : c.kernels;
        if (graph)
            t.fixedSec += k.graphLaunchSec + kernels * k.graphNodeSec;
        else if (!s.enforceEager)
            t.fixedSec += k.graphLaunchSec + kernels * k.graphNodeSec
                + std::max(0.0, c.layers * 2 * k.launchSec - 0.5 * t.attentionSec);
        else
            t.fixedSec += std::max(0.0, kernels * k.launchSec - gpuWork);
        if (c.lmHeadBytes > 0 && b.sampled > 0)
            t.fixedSec += k.samplerSec + k.samplerPerRequestSec * b.sampled * (s.vocab / 131072.0);
        if (s.pp > 1)
            t.commSec += k.p2pSec + Tg * s.hidden * 2 / s.linkBytesPerSec;
        t.totalSec = t.gemmSec + t.attentionSec + t.moeSec + t.commSec + t.fixedSec;
        if (t.totalSec > best.totalSec)
            best = t;
    }
    // A round = pp beats. The CPU side runs once per round's worth of scheduling.
    best.gemmSec *= s.pp;
    best.attentionSec *= s.pp;
    best.moeSec *= s.pp;
    best.commSec *= s.pp;
    best.fixedSec *= s.pp;
    const double gpu = best.totalSec * s.pp;
    best.cpuSec = k.stepCpuSec + k.requestCpuSec * full.requests;
    best.totalSec = s.asyncScheduling ? std::max(gpu, best.cpuSec) : gpu + best.cpuSec;
    return best;
}

} // namespace shardscope
