#include "core/evaluate/timemodel.h"

#include "core/evaluate/evaluation.h"
#include "core/evaluate/kvcache.h"
#include "core/evaluate/weights.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

double bubbleFraction(int stages, int microbatches)
{
    if (stages <= 1)
        return 0;
    const int m = std::max(1, microbatches);
    return static_cast<double>(stages - 1) / (m + stages - 1);
}

double expertCoverage(double tokens, int k, int experts)
{
    if (experts <= 0 || k <= 0 || tokens <= 0)
        return 0;
    if (k >= experts)
        return 1;
    return 1.0 - std::pow(1.0 - static_cast<double>(k) / experts, tokens);
}

namespace {

// Query-key and value widths one head multiplies over each context token.
// GQA/MHA: head_dim each. MLA decode runs absorbed (vLLM's MLA decode path attends in the latent
// space): kv_lora_rank + qk_rope_head_dim for scores, kv_lora_rank for values. MLA prefill runs
// the expanded form: qk_nope + qk_rope, v_head_dim.
struct AttentionWidth
{
    double qk = 0;
    double v = 0;
};

AttentionWidth attentionWidth(const ModelSpec &m, Phase phase)
{
    if (!m.isMla())
        return { static_cast<double>(m.headDim), static_cast<double>(m.headDim) };
    if (phase == Phase::Decode)
        return { static_cast<double>(m.kvLoraRank + m.qkRopeHeadDim), static_cast<double>(m.kvLoraRank) };
    return { static_cast<double>(m.qkNopeHeadDim + m.qkRopeHeadDim), static_cast<double>(m.vHeadDim) };
}

// Context a layer attends over: sliding-window layers see at most the window, chunked layers
// (Llama 4) at most one chunk.
double layerContext(const ModelSpec &m, int layer, double context)
{
    switch (m.layerInfo[static_cast<size_t>(layer)].attention) {
    case LayerAttention::Sliding:
        return m.slidingWindow > 0 ? std::min(context, static_cast<double>(m.slidingWindow)) : context;
    case LayerAttention::Chunked:
        return m.chunkSize > 0 ? std::min(context, static_cast<double>(m.chunkSize)) : context;
    case LayerAttention::Full:
        break;
    }
    return context;
}

// Query-key pairs of a causal prefill of n tokens when each sees at most w earlier tokens (itself
// included): n(n+1)/2 when n <= w, else w(w+1)/2 + (n - w) x w.
double causalPairs(double n, double w)
{
    if (n <= w)
        return n * (n + 1) / 2;
    return w * (w + 1) / 2 + (n - w) * w;
}

struct StageInputs
{
    Phase phase = Phase::Decode;
    double tokens = 0; // n per DP replica
    double moeTokens = 0; // tokens meeting in the MoE group: n x dp
    double logitsRows = 0;
    double context = 0; // decode: KV tokens per sequence
    double skewFactor = 1;
    int slots = 0;
    int slotsPerRank = 0;
    SparseMlaCache sparseMla = SparseMlaCache::FromDtype; // the GPU's sparse-MLA latent layout (kvcache.h)
};

StageTime stageTime(
    const Evaluation &e, const ModelSpec &m, int stage, int firstLayer, int layers, const StageInputs &in)
{
    const Plan &p = e.plan;
    RankShape shape;
    shape.tp = p.tp;
    shape.moeTp = e.moeTp;
    shape.firstLayer = firstLayer;
    shape.layerCount = layers;
    shape.embedding = stage == 0;
    shape.lmHead = stage == p.pp - 1;
    shape.localExperts = m.isMoe() ? in.slotsPerRank : 0;
    const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, e.weightFormat));
    BytesPerParam one; // one "byte" per parameter: the breakdown counts parameters
    one.linear = one.attention = one.expert = one.shared = one.other = one.lmHead = 1;
    const WeightBreakdown params = rankWeightBytes(m, shape, one);

    StageTime t;
    t.stage = stage;
    // Weights read once per step (lecture 0 §1.2, docs/DESIGN.md §F.0: decode reads every weight once). The
    // embedding is a lookup: only the rows of the step's tokens, unless the table is also the LM head.
    const bool tiedHere = m.tiedEmbeddings && shape.embedding && shape.lmHead;
    const double vocabRows = params.embedding > 0 ? params.embedding / m.hidden : 0;
    double embeddingRead = w.embedding;
    if (!tiedHere && vocabRows > 0)
        embeddingRead = w.embedding * std::min(1.0, in.tokens / vocabRows);
    // MoE: only the experts the batch touches (coverage 1 - (1 - k/E)^N).
    const double coverage = m.isMoe() ? expertCoverage(in.moeTokens, m.expertsPerToken, m.experts) : 0;
    t.weightBytesRead = w.attention + w.mlp + w.router + w.norms + w.lmHead + embeddingRead + w.experts * coverage;

    // FLOPs: 2 per parameter per token (a multiply and an add) for the dense part; experts see
    // N x k / slots tokens each on average, the busiest rank skew-factor times that.
    const double lmHeadParams = tiedHere ? params.embedding : params.lmHead;
    t.flops = 2.0 * in.tokens * (params.attention + params.mlp + params.router) + 2.0 * in.logitsRows * lmHeadParams;
    if (m.isMoe() && in.slots > 0)
        t.flops += 2.0 * params.experts * in.moeTokens * m.expertsPerToken / in.slots * in.skewFactor;

    // Attention over the context: 2 x heads/tp x (d_qk + d_v) FLOPs per query-key pair; KV read
    // (decode) or written (prefill) per layer.
    const AttentionWidth aw = attentionWidth(m, in.phase);
    const double headsLocal = static_cast<double>(m.heads) / p.tp;
    const double kvPerTokenLayer = kvBytesPerTokenPerLayer(m, p.tp, p.kvCacheDtype, in.sparseMla);
    const int last = std::min<int>(firstLayer + layers, static_cast<int>(m.layerInfo.size()));
    for (int l = firstLayer; l < last; ++l) {
        double pairs = 0;
        // A sparse MLA layer sharing an earlier layer's top-k keeps no indexer cache (kvcache.cpp).
        const double kvLayer = m.layerInfo[l].dsaSharedIndexer
            ? kvBytesPerTokenForLayer(m, m.layerInfo[l], p.tp, p.kvCacheDtype, in.sparseMla)
            : kvPerTokenLayer;
        if (in.phase == Phase::Decode) {
            const double ctx = layerContext(m, l, in.context);
            pairs = in.tokens * ctx;
            t.kvBytes += in.tokens * ctx * kvLayer;
        } else {
            pairs = causalPairs(in.tokens, layerContext(m, l, in.tokens));
            t.kvBytes += in.tokens * kvLayer;
        }
        t.flops += 2.0 * headsLocal * (aw.qk + aw.v) * pairs;
    }
    return t;
}

PhaseTime phaseTime(
    const Evaluation &e, const ModelSpec &m, const CommLedger &comm, StageInputs in, double hbm, double flops)
{
    PhaseTime out;
    out.phase = comm.phase;
    out.tokens = comm.tokens;
    in.phase = comm.phase;
    in.tokens = static_cast<double>(comm.tokens);
    in.moeTokens = in.tokens * e.plan.dp;
    in.logitsRows = static_cast<double>(comm.logitsRows);
    int first = 0;
    for (size_t s = 0; s < e.stageLayers.size(); ++s) {
        StageTime t = stageTime(e, m, static_cast<int>(s), first, e.stageLayers[s], in);
        first += e.stageLayers[s];
        t.memorySec = hbm > 0 ? t.bytes() / hbm : 0;
        t.computeSec = flops > 0 ? t.flops / flops : 0;
        t.computeBound = t.computeSec > t.memorySec;
        t.commSec = s < comm.stages.size() ? comm.stages[s].totalSec() : 0;
        t.stepSec = std::max(t.memorySec, t.computeSec) + t.commSec;
        out.latencySec += t.stepSec;
        out.slowestStageSec = std::max(out.slowestStageSec, t.stepSec);
        out.stages.push_back(t);
    }
    return out;
}

} // namespace

TimeEstimate estimateTime(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const CommLedger &decodeComm,
    const CommLedger &prefillComm)
{
    TimeEstimate t;
    const Plan &p = e.plan;
    t.microbatches = std::max(1, p.microbatches);
    t.bubbleFraction = bubbleFraction(p.pp, t.microbatches);
    t.contextTokens = p.promptLen;
    t.hbmBytesPerSec = gpu.hbmBytesPerSec;
    t.hbmEfficiency = p.hbmEfficiency >= 0 ? p.hbmEfficiency : kDefaultHbmEfficiency;
    const bool fp8Gemm
        = (e.weightFormat == WeightFormat::Fp8 || e.weightFormat == WeightFormat::Fp8Block) && gpu.fp8Flops > 0;
    t.peakFlops = fp8Gemm ? gpu.fp8Flops : gpu.bf16Flops;
    t.peakFormat = fp8Gemm ? "fp8" : "bf16";
    t.computeEfficiency = p.computeEfficiency >= 0 ? p.computeEfficiency : kDefaultComputeEfficiency;
    if (!e.valid || e.stageLayers.empty())
        return t;

    StageInputs in;
    in.context = static_cast<double>(p.promptLen);
    in.sparseMla = sparseMlaCacheFor(p, gpu);
    in.slots = m.experts + std::max(0, p.redundantExperts);
    // Expert slots on the fullest EP rank (linear and round-robin both give ceil(slots / ep)).
    in.slotsPerRank = m.isMoe() ? (in.slots + p.ep - 1) / p.ep : 0;
    // With EP the rank holding the hottest expert computes more; without it every rank holds a slice
    // of every expert and the skew evens out.
    in.skewFactor
        = m.isMoe() && p.ep > 1 ? expertSkewFactor(p.routingSkew, in.slotsPerRank, in.slots, m.expertsPerToken) : 1.0;
    const double hbm = t.hbmBytesPerSec * t.hbmEfficiency;
    const double flops = t.peakFlops * t.computeEfficiency;
    t.decode = phaseTime(e, m, decodeComm, in, hbm, flops);
    t.prefill = phaseTime(e, m, prefillComm, in, hbm, flops);

    t.tpotSec = t.decode.latencySec;
    t.decodeStepSec = t.decode.slowestStageSec;
    t.ttftSec = t.prefill.latencySec;
    // m micro-batches: the first crosses every stage, each further one leaves one slowest-stage beat
    // later (with equal stages: (m + p - 1) beats, the bubble formula's denominator).
    t.pipelineSec = t.tpotSec + (t.microbatches - 1) * t.decodeStepSec;
    if (t.pipelineSec > 0)
        t.replicaTokensPerSec = t.microbatches * static_cast<double>(t.decode.tokens) / t.pipelineSec;
    t.tokensPerSecPerGpu = t.replicaTokensPerSec / (static_cast<double>(p.tp) * p.pp);
    return t;
}

TimeEstimate estimateTime(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    return estimateTime(
        e, m, gpu, computeComm(e, m, gpu, Phase::Decode, p.batch), computeComm(e, m, gpu, Phase::Prefill, p.promptLen));
}

} // namespace shardscope
