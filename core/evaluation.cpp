#include "core/evaluation.h"

#include "core/placement.h"
#include "core/validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace shardscope {

const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

bool Evaluation::hasErrors() const
{
    return firstError() != nullptr;
}

const PlanIssue *Evaluation::firstError() const
{
    for (const PlanIssue &i : issues)
        if (i.severity == Severity::Error)
            return &i;
    return nullptr;
}

namespace {

// Fills in vLLM's defaults for everything the plan left at 0.
Plan resolveDefaults(const Plan &in, const ModelSpec &m, const GpuSpec &gpu)
{
    Plan p = in;
    if (p.gpusPerNode == 0)
        p.gpusPerNode = gpu.gpusPerNode;
    if (p.maxModelLen == 0)
        p.maxModelLen = m.maxPositionEmbeddings > 0 ? m.maxPositionEmbeddings : 4096;
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.visibleBytes();
    const BatchDefaults d = vllmBatchDefaults(gpu, total);
    if (p.maxNumBatchedTokens == 0)
        p.maxNumBatchedTokens = std::min<std::int64_t>(d.maxNumBatchedTokens, std::max<std::int64_t>(1, d.maxNumSeqs) * p.maxModelLen);
    if (p.maxNumSeqs == 0)
        p.maxNumSeqs = std::min(d.maxNumSeqs, p.maxNumBatchedTokens);
    if (p.ep < 1)
        p.ep = 1;
    return p;
}

std::int64_t floorBlocks(double budget, double bytesPerBlock)
{
    if (budget <= 0 || bytesPerBlock <= 0)
        return 0;
    const double b = std::floor(budget / bytesPerBlock);
    return b > 9e18 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(b);
}

// Seed 000 section 6: weights = params x bytes / (tp x pp); KV per token from layers / pp (may be
// fractional, as in the seed's script); free = memory x utilization - weights - reserve;
// tokens = floor(free / kv); requests = tokens // max_model_len.
void evaluateTextbook(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.memoryBytes;
    const double params = p.paramsOverride > 0 ? p.paramsOverride : e.params.total;
    const BytesPerParam bytes = bytesPerParam(m, e.weightFormat);
    const double weights = params * bytes.linear / (static_cast<double>(p.tp) * p.pp);
    const double layersPerStage = static_cast<double>(m.layers) / p.pp;
    const double kvPerToken = layersPerStage * kvBytesPerTokenPerLayer(m, p.tp, p.kvCacheDtype);
    const double requested = total * p.gpuMemoryUtilization;
    const double free = requested - weights - p.reservedBytes;
    for (RankPlacement &r : e.ranks) {
        RankMemory &mem = r.memory;
        mem.total = total;
        mem.requested = requested;
        mem.weights = {};
        mem.weights.attention = weights; // the seed does not split weights by kind
        mem.reserved = p.reservedBytes;
        mem.kvBudget = free;
        mem.kvBytesPerToken = kvPerToken;
        mem.blocks = floorBlocks(free, kvPerToken);
    }
    e.kv.blockSize = 1;
    e.kv.bytesPerTokenPerGpu = kvPerToken;
    e.kv.blocks = floorBlocks(free, kvPerToken);
    e.kv.blocksPerRequest = p.maxModelLen;
    e.kv.capacityTokens = e.kv.blocks;
    e.kv.maxConcurrencyExact = static_cast<double>(e.kv.capacityTokens) / static_cast<double>(p.maxModelLen);
    e.kv.maxConcurrency = e.kv.capacityTokens / p.maxModelLen;
    e.maxWeightsBytesPerGpu = weights;
    e.kvBudgetBytesPerGpu = free;
}

// vLLM V1 (DESIGN.md section 3, reference vllm_memory.md): per rank
// kv_budget = ceil(total x util) - weights - peak activation - non-torch [- CUDA graph, >= 0.21];
// blocks = floor(kv_budget / block bytes); the engine takes the minimum over ranks.
void evaluateVllm(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.visibleBytes();
    const double requested = std::ceil(total * p.gpuMemoryUtilization);
    const BytesPerParam bytes = bytesPerParam(m, e.weightFormat);
    const bool subtractGraphs = false; // vLLM < 0.21 captured graphs inside the (1 - util) headroom

    std::int64_t minBlocks = std::numeric_limits<std::int64_t>::max();
    const RankPlacement *binding = nullptr;
    for (RankPlacement &r : e.ranks) {
        RankShape shape;
        shape.tp = p.tp;
        shape.moeTp = e.moeTp;
        shape.firstLayer = r.firstLayer;
        shape.layerCount = r.lastLayer - r.firstLayer + 1;
        shape.embedding = r.embedding;
        shape.lmHead = r.lmHead;
        shape.localExperts = static_cast<int>(r.experts.size());
        RankMemory &mem = r.memory;
        mem.total = total;
        mem.requested = requested;
        mem.weights = rankWeightBytes(m, shape, bytes);
        mem.activation = peakActivation(m, p.tp, e.moeTp, r.lmHead, p.maxNumSeqs, p.maxNumBatchedTokens);
        mem.nonTorch = nonTorchBytes(p.tp);
        mem.cudaGraph = cudaGraphBytes(shape.layerCount, p.enforceEager);
        mem.kvBudget = requested - mem.weights.total() - mem.activation.total() - mem.nonTorch
            - (subtractGraphs ? mem.cudaGraph : 0.0);
        const KvPool pool = kvPoolForLayers(m, r.firstLayer, shape.layerCount, p.tp, p.kvCacheDtype, p.blockSize,
                                            p.maxModelLen, p.maxNumBatchedTokens);
        mem.kvBytesPerToken = pool.bytesPerToken;
        mem.blocks = floorBlocks(mem.kvBudget, pool.bytesPerBlock);
        if (mem.blocks < minBlocks || !binding) {
            minBlocks = mem.blocks;
            binding = &r;
            e.kv.blocksPerRequest = pool.blocksPerRequest;
            e.kv.hybrid = pool.hybrid();
        }
        e.maxWeightsBytesPerGpu = std::max(e.maxWeightsBytesPerGpu, mem.weights.total());
    }
    if (!binding)
        return;
    e.kv.bindingRank = binding->rank;
    e.kv.blockSize = p.blockSize;
    e.kv.blocks = minBlocks;
    e.kv.bytesPerTokenPerGpu = binding->memory.kvBytesPerToken;
    e.kvBudgetBytesPerGpu = binding->memory.kvBudget;
    if (e.kv.blocksPerRequest > 0)
        e.kv.maxConcurrencyExact = static_cast<double>(minBlocks) / static_cast<double>(e.kv.blocksPerRequest);
    // Full attention: tokens = blocks x block_size. Hybrid pools: vLLM prints
    // int(max_concurrency x max_model_len), the tokens of full-length requests the pool can serve.
    e.kv.capacityTokens = e.kv.hybrid ? static_cast<std::int64_t>(e.kv.maxConcurrencyExact * static_cast<double>(p.maxModelLen))
                                      : minBlocks * p.blockSize;
    e.kv.maxConcurrency = static_cast<std::int64_t>(std::floor(e.kv.maxConcurrencyExact));
}

void place(Evaluation &e, const ModelSpec &m)
{
    const Plan &p = e.plan;
    e.stageLayers = p.ppPartition.empty() ? vllmPpPartition(m.layers, p.pp) : p.ppPartition;
    std::vector<int> stageFirst(p.pp, 0);
    for (int s = 1; s < p.pp; ++s)
        stageFirst[s] = stageFirst[s - 1] + e.stageLayers[s - 1];
    // Experts per EP rank are the same in every stage; compute each EP rank's list once.
    std::vector<std::vector<int>> expertsByEpRank;
    if (m.isMoe()) {
        expertsByEpRank.resize(p.ep);
        for (int r = 0; r < p.ep; ++r)
            expertsByEpRank[r] = expertsOnEpRank(m.experts, p.redundantExperts, p.ep, r, p.expertPlacement);
    }
    e.ranks.resize(e.worldSize);
    for (int rank = 0; rank < e.worldSize; ++rank) {
        const RankCoord c = rankCoord(rank, p.tp, p.pp, p.ep, e.gpusPerNode);
        RankPlacement &r = e.ranks[rank];
        r.rank = rank;
        r.node = c.node;
        r.ppStage = c.ppStage;
        r.tpRank = c.tpRank;
        r.dpRank = c.dpRank;
        r.epRank = m.isMoe() ? c.epRank : 0;
        r.firstLayer = stageFirst[c.ppStage];
        r.lastLayer = r.firstLayer + e.stageLayers[c.ppStage] - 1;
        r.heads = headsOnTpRank(m.heads, m.isMla() ? 1 : m.kvHeads, p.tp, c.tpRank);
        if (m.isMla()) { // one latent KV vector that every TP rank holds in full
            r.heads.kvFirst = 0;
            r.heads.kvCount = 1;
            r.heads.kvReplicas = p.tp;
        }
        r.embedding = c.ppStage == 0;
        r.lmHead = c.ppStage == p.pp - 1;
        if (m.isMoe())
            r.experts = expertsByEpRank[r.epRank];
    }
}

} // namespace

Evaluation evaluate(const Plan &plan, const ModelSpec &model, const GpuSpec &gpu)
{
    Evaluation e;
    e.plan = resolveDefaults(plan, model, gpu);
    e.params = countParams(model);
    e.weightFormat = effectiveWeightFormat(model, e.plan.quantization);
    if (!validateStructure(e.plan, model, e.issues))
        return e;
    const Plan &p = e.plan;
    e.valid = true;
    e.worldSize = p.tp * p.pp * p.dp;
    e.gpusPerNode = p.gpusPerNode;
    e.nodes = (e.worldSize + e.gpusPerNode - 1) / e.gpusPerNode;
    e.moeTp = model.isMoe() ? (p.tp * p.dp) / p.ep : 1;
    place(e, model);
    if (p.accounting == Accounting::Textbook)
        evaluateTextbook(e, model, gpu);
    else
        evaluateVllm(e, model, gpu);
    e.kv.clusterMaxConcurrency = e.kv.maxConcurrency * p.dp;
    // Communication and time (DESIGN.md sections 4-5): one ledger per phase, the plan's own kept.
    CommLedger decode = computeComm(e, model, gpu, Phase::Decode, p.batch);
    CommLedger prefill = computeComm(e, model, gpu, Phase::Prefill, p.promptLen);
    e.time = estimateTime(e, model, gpu, decode, prefill);
    e.comm = std::move(p.phase == Phase::Prefill ? prefill : decode);
    validatePlacement(e, model, gpu);
    e.fits = !e.hasErrors();
    return e;
}

} // namespace shardscope
