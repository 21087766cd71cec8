#include "core/evaluate/evaluation.h"
#include "core/evaluate/ncclnvls.h"

#include "core/evaluate/profilerun.h"

#include "core/evaluate/batchdefaults.h"
#include "core/evaluate/cudagraphestimate.h"
#include "core/evaluate/encoderprofile.h"
#include "core/evaluate/marlinmoe.h"
#include "core/evaluate/placement.h"
#include "core/evaluate/planrules.h"
#include "core/evaluate/validation.h"
#include "core/evaluate/weightsource.h"
#include "core/model/visiontower.h"
#include "core/text/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace shardscope {

const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
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

// VISION_PLACEMENT
int visionShardsOn(const ModelSpec &m, const Plan &p)
{
    if (!m.vision.present() || (p.languageModelOnly && !visionTowerKeptLanguageOnly(m.vision)))
        return 0;
    return visionTowerTpDataMode(m.vision, p.mmEncoderTpData, p.tp) ? 1 : p.tp;
}

// Fills in vLLM's defaults for everything the plan left at 0, for the plan's vLLM version.
Plan resolveDefaults(const Plan &in, const ModelSpec &m, const GpuSpec &gpu)
{
    Plan p = in;
    p.vllmVersion = resolvedVllmVersion(p.vllmVersion);
    if (p.gpusPerNode == 0)
        p.gpusPerNode = gpu.gpusPerNode;
    // A config with none of vLLM's length keys: vLLM assumes 2048 and warns (_get_and_verify_max_len).
    if (p.maxModelLen == 0)
        p.maxModelLen = m.maxPositionEmbeddings > 0 ? m.maxPositionEmbeddings : 2048;
    if (p.gpuMemoryUtilization == 0) // the course's script uses 0.9; vLLM's default follows the version
        p.gpuMemoryUtilization
            = p.accounting == Accounting::Textbook ? 0.9 : defaultGpuMemoryUtilization(p.vllmVersion);
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.visibleBytes();
    const BatchDefaults d = vllmEngine(p.vllmVersion) == VllmEngine::V0 && p.accounting == Accounting::Vllm
        ? vllmV0BatchDefaults(p.maxModelLen)
        : vllmBatchDefaultsFor(gpu, total, p.vllmVersion);
    if (p.maxNumBatchedTokens == 0)
        p.maxNumBatchedTokens
            = std::min<std::int64_t>(d.maxNumBatchedTokens, std::max<std::int64_t>(1, d.maxNumSeqs) * p.maxModelLen);
    if (p.maxNumSeqs == 0)
        p.maxNumSeqs = std::min(d.maxNumSeqs, p.maxNumBatchedTokens);
    if (p.ep < 1)
        p.ep = 1;
    if (p.decodeContextParallel < 1)
        p.decodeContextParallel = 1;
    if (p.prefillContextParallel < 1)
        p.prefillContextParallel = 1;
    return p;
}

std::int64_t floorBlocks(double budget, double bytesPerBlock)
{
    if (budget <= 0 || bytesPerBlock <= 0)
        return 0;
    const double b = std::floor(budget / bytesPerBlock);
    return b > 9e18 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(b);
}

// Lecture 0 §6 (docs/DESIGN.md §F.0): weights = params x bytes / (tp x pp); KV per token from layers / pp (may be
// fractional, as in the course's script); free = memory x utilization - weights - reserve;
// tokens = floor(free / kv); requests = tokens // max_model_len.
void evaluateTextbook(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.memoryBytes;
    const double params = p.paramsOverride > 0 ? p.paramsOverride : e.params.total;
    const BytesPerParam bytes = bytesPerParam(m, e.weightFormat);
    const double weights = params * bytes.linear / (static_cast<double>(p.tp) * p.pp);
    const double layersPerStage = static_cast<double>(m.layers) / p.pp;
    const double kvPerToken
        = layersPerStage * kvBytesPerTokenPerLayer(m, p.tp, p.kvCacheDtype, sparseMlaCacheFor(p, gpu));
    const double requested = total * p.gpuMemoryUtilization;
    const double free = requested - weights - p.reservedBytes;
    for (RankPlacement &r : e.ranks) {
        RankMemory &mem = r.memory;
        mem.total = total;
        mem.requested = requested;
        mem.weights = {};
        mem.weights.attention = weights; // the course does not split weights by kind
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

// Swap space vLLM V0 reserved per GPU for preempted sequences (--swap-space, default 4 GiB).
constexpr double kV0SwapBytes = 4.0 * 1024 * 1024 * 1024;

// Tokens and concurrency as the plan's vLLM version prints them (docs/DESIGN.md §B.1):
// V0: tokens = blocks x B, concurrency = tokens / max_model_len; V1 before 0.21: tokens =
// blocks // groups x B x dcp, concurrency = blocks / blocks per request; 0.21 and later:
// tokens = int(concurrency x max_model_len).
void printedCapacity(KvSummary &kv, const Plan &p)
{
    const std::int64_t blocks = kv.blocks;
    const auto engine = vllmEngine(p.vllmVersion);
    if (engine == VllmEngine::V0) {
        kv.capacityTokens = blocks * kv.blockSize;
        kv.maxConcurrencyExact
            = static_cast<double>(kv.capacityTokens) / static_cast<double>(std::max<std::int64_t>(1, p.maxModelLen));
    } else {
        if (kv.blocksPerRequest > 0)
            kv.maxConcurrencyExact = static_cast<double>(blocks) / static_cast<double>(kv.blocksPerRequest);
        if (!subtractsCudaGraphs(p.vllmVersion)) {
            kv.capacityTokens = blocks / std::max(1, kv.groups) * kv.blockSize * kv.dcp;
        } else if (kv.blocksPerRequest > 0) {
            // Exact floor of blocks x max_model_len / blocks_per_request (vLLM's float product).
            const long double t = static_cast<long double>(blocks) * static_cast<long double>(p.maxModelLen)
                / static_cast<long double>(kv.blocksPerRequest);
            kv.capacityTokens = static_cast<std::int64_t>(std::floor(t + 1e-9L));
        }
    }
    kv.maxConcurrency = static_cast<std::int64_t>(std::floor(kv.maxConcurrencyExact + 1e-12));
}

// vLLM turns custom all-reduce off for a TP group across nodes and between GPUs without a P2P link;
// from 0.24 (seen at 0a1c5034) to 0.26 any plan over several nodes turned it off everywhere (#50000);
// --disable-custom-all-reduce turns it off always (parallel_state.py: use_custom_allreduce).
bool usesCustomAllReduce(const Evaluation &e, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    const bool tpCrossesNodes = p.tp > e.gpusPerNode || e.gpusPerNode % p.tp != 0;
    const bool multiNodeOff
        = e.nodes > 1 && p.vllmVersion >= kMultiNodeAllReduceOffSince && p.vllmVersion < kMultiNodeCustomAllReduce;
    return p.tp > 1 && !p.disableCustomAllReduce && !tpCrossesNodes && !multiNodeOff && gpu.scaleupDomain > 1;
}

// vLLM (docs/DESIGN.md §3, §B): per rank
// kv_budget = ceil(total x util) - weights - peak activation - non-torch [- CUDA graph, >= 0.21];
// blocks = floor(kv_budget / block bytes); the engine takes the minimum over ranks. The version decides
// the profiling run (V0: max_model_len tokens without chunked prefill) and whether graphs are subtracted;
// a calibration profile replaces the overhead estimates it was fitted for.
void evaluateVllm(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    const double total = p.gpuMemoryBytes > 0 ? p.gpuMemoryBytes : gpu.visibleBytes();
    const double requested = std::ceil(total * p.gpuMemoryUtilization);
    const BytesPerParam bytes = bytesPerParamOn(m, e.weightFormat, gpu, p.vllmVersion, p.moeBackend);
    const bool v0 = vllmEngine(p.vllmVersion) == VllmEngine::V0;
    // Before 0.21 graphs used the headroom; 0.21-0.25 left ROCm out of the estimate; a fixed
    // --kv-cache-memory-bytes skips the budget arithmetic altogether.
    // Model Runner V2 (dense models from 0.25.1) charged 0 for graphs until it captured them (cudagraphestimate.h).
    const bool runnerV2Stub = subtractsCudaGraphs(p.vllmVersion) && graphEstimateIsZeroStub(m, p);
    const bool subtractGraphs
        = subtractsCudaGraphs(p.vllmVersion, isRocmGpu(gpu)) && p.kvCacheMemoryBytes <= 0 && !runnerV2Stub;
    const CalibrationProfile &cal = p.calibration;
    // KV shards per request: DCP, and PCP as well before 0.26 (kv_cache_interface.py, #46570).
    const int kvShards = p.decodeContextParallel * (p.vllmVersion < kPcpKeepsKv ? p.prefillContextParallel : 1);
    // --mm-ipc-gpu-memory-gb comes out of the KV budget (reserve_mm_ipc_gpu_memory, from 0.25).
    const double mmReserve = p.vllmVersion >= kMmIpcReserve ? p.mmIpcGpuMemoryGb * GiB : 0.0;
    const bool calNonTorch = cal.replacesNonTorch(p.tp);
    e.kv.profiledTokens = p.maxNumBatchedTokens;
    e.kv.cudaGraphSubtracted = subtractGraphs;
    e.kv.modelRunnerV2GraphStub = runnerV2Stub;
    if (!p.enforceEager)
        e.cudaGraphs = cudaGraphCapturesFor(m, p, gpu);
    e.kv.dcp = kvShards;

    // A local checkpoint's safetensors bytes replace the estimate when the plan loads it as stored.
    const double weightScale = weightSource(m, p, bytes).scale;

    std::int64_t minBlocks = std::numeric_limits<std::int64_t>::max();
    const RankPlacement *binding = nullptr;
    // V1 before the WNA16 MoE oracle (marlinmoe.h); the V0 profiling run keeps the chunked rule (not read there).
    const bool marlinMoe = marlinMoeProfiled(m, e.weightFormat, e.moeTp, gpu, p.vllmVersion);
    for (RankPlacement &r : e.ranks) {
        RankShape shape;
        shape.tp = p.tp;
        shape.moeTp = e.moeTp;
        shape.firstLayer = r.firstLayer;
        shape.layerCount = r.lastLayer - r.firstLayer + 1;
        shape.embedding = r.embedding;
        shape.lmHead = r.lmHead;
        shape.localExperts = static_cast<int>(r.experts.size());
        shape.visionShards = visionShardsOn(m, p);
        shape.denseMlpWhole = denseMlpHeldWhole(m, p);
        RankMemory &mem = r.memory;
        mem.total = total;
        mem.requested = requested;
        mem.weights = rankWeightBytes(m, shape, bytes);
        if (weightScale != 1)
            for (double *part : { &mem.weights.attention, &mem.weights.mlp, &mem.weights.experts, &mem.weights.router,
                     &mem.weights.norms, &mem.weights.embedding, &mem.weights.lmHead })
                *part *= weightScale;
        const int draftLayers = r.lmHead ? p.speculativeLayers : 0;
        if (draftLayers > 0 && m.layers > 0) { // each draft layer is one decoder layer like the model's last
            RankShape draft = shape;
            draft.firstLayer = m.layers - 1;
            draft.layerCount = 1;
            draft.embedding = draft.lmHead = false;
            mem.weights.draft = draftLayers * rankWeightBytes(m, draft, bytes).total();
        }
        mem.activation = v0 ? peakActivationV0(m, p.tp, e.moeTp, r.lmHead, p.maxNumSeqs, p.maxNumBatchedTokens)
                            : peakActivationAt(m, p.tp, e.moeTp, { r.firstLayer, r.lastLayer + 1 }, r.lmHead,
                                p.maxNumSeqs, p.maxNumBatchedTokens, p.vllmVersion,
                                e.weightFormat != WeightFormat::Mxfp4 && !marlinMoe, p.flashinferSampler);
        // INT4 experts through fused_marlin_moe: its caches cover every batched token at once (marlinmoe.h), a
        // superset of the chunked Triton workspaces peakActivationAt counts, so the larger one is the MoE term.
        if (marlinMoe)
            mem.activation.forward
                = std::max(mem.activation.forward, marlinMoeWorkspaceBytes(m, e.moeTp, p.maxNumBatchedTokens));
        // V1 runs the multimodal encoder before the language model in the profiling run, on every rank that
        // builds the tower (encoderprofile.h).
        if (!v0 && !p.skipMmProfiling && visionShardsOn(m, p) > 0) {
            const EncoderProfile ep = encoderProfileFor(m, p);
            mem.activation.encoderPeak = ep.towerPeak;
            mem.activation.encoderHeld = ep.heldThroughLm;
        }
        // A calibration scales the whole peak, as reconcile measured it against the whole (activation.total()).
        if (cal.replacesActivation()) {
            mem.activation.encoderPeak *= cal.activationScale;
            mem.activation.encoderHeld *= cal.activationScale;
            mem.activation.hiddenStates *= cal.activationScale;
            mem.activation.forward *= cal.activationScale;
            mem.activation.sampler *= cal.activationScale;
        }
        // NCCL's NVLS buffers of a TP group of 3+ GPUs on an NVSwitch node, before 0.18 (ncclnvls.h).
        mem.nonTorch = calNonTorch ? cal.nonTorchBytes
                                   : nonTorchBytesAt(p.tp, p.pp, e.customAllReduce, p.vllmVersion)
                + nvlsBufferBytes(gpu, std::min(p.tp, e.gpusPerNode), p.vllmVersion);
        mem.cudaGraph = p.enforceEager
            ? 0.0
            : (cal.replacesCudaGraph() ? cal.cudaGraphBytes
                                       : cudaGraphEstimateBytes(m, p, e.cudaGraphs, shape.layerCount));
        mem.kvBudget = p.kvCacheMemoryBytes > 0 ? static_cast<double>(p.kvCacheMemoryBytes)
                                                : requested - mem.weights.total() - mem.activation.total()
                - mem.nonTorch - (subtractGraphs ? mem.cudaGraph : 0.0);
        mem.kvBudget -= mmReserve;
        const KvPool pool
            = kvPoolForLayers(m, r.firstLayer, shape.layerCount, p.tp, p.kvCacheDtype, p.blockSize, p.maxModelLen,
                maxInFlightTokens(p), draftLayers, kvShards, sparseMlaCacheFor(p, gpu), mambaCacheSettingsFor(p, m));
        mem.kvBytesPerToken = pool.bytesPerToken;
        mem.stateBytesPerRequest = pool.stateBytesPerRequest;
        mem.blockSize = pool.blockSize;
        mem.blocks = floorBlocks(mem.kvBudget, pool.bytesPerBlock);
        if (mem.blocks < minBlocks || !binding) {
            minBlocks = mem.blocks;
            binding = &r;
            // The release's concurrency formula over the groups (#48317 from 0.26; identical for equal pages).
            e.kv.blocksPerRequest = pool.groupDemands.empty()
                ? pool.blocksPerRequest
                : blocksPerRequestForGroups(pool.groupDemands, p.vllmVersion >= kPerGroupConcurrency);
            e.kv.hybrid = pool.hybrid();
            e.kv.groups = std::max(1, pool.groups());
            e.kv.cpuBlocks
                = v0 && pool.bytesPerBlock > 0 ? static_cast<std::int64_t>(kV0SwapBytes / pool.bytesPerBlock) : 0;
        }
        e.maxWeightsBytesPerGpu = std::max(e.maxWeightsBytesPerGpu, mem.weights.total());
    }
    if (!binding)
        return;
    e.kv.bindingRank = binding->rank;
    e.kv.blockSize = binding->memory.blockSize > 0 ? binding->memory.blockSize : p.blockSize;
    e.kv.blocks = minBlocks;
    // The null block (block 0) is never handed to a request (vllm/v1/core/kv_cache_utils.py admission
    // check and max_model_len auto-fit, #47272).
    e.kv.reservedBlocks = p.vllmVersion >= kNullBlockReserved ? 1 : 0;
    e.kv.bytesPerTokenPerGpu = binding->memory.kvBytesPerToken;
    e.kv.stateBytesPerRequestPerGpu = binding->memory.stateBytesPerRequest;
    e.kvBudgetBytesPerGpu = binding->memory.kvBudget;
    printedCapacity(e.kv, p);
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
    const int ranks = p.tp * p.pp * p.dp; // one per PCP group: its peers hold the same weights and KV shard
    e.ranks.resize(ranks);
    for (int rank = 0; rank < ranks; ++rank) {
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
    e.kv.layerTypes = layerKindCounts(model);
    e.weightFormat = effectiveWeightFormat(model, e.plan.quantization);
    if (!validateStructure(e.plan, model, e.issues))
        return e;
    const Plan &p = e.plan;
    e.valid = true;
    e.worldSize = p.tp * p.pp * p.dp * p.prefillContextParallel; // GPUs; PCP peers mirror a TP rank's memory
    e.gpusPerNode = p.gpusPerNode;
    e.nodes = (e.worldSize + e.gpusPerNode - 1) / e.gpusPerNode;
    e.moeTp = model.isMoe() ? (p.tp * p.dp) / p.ep : 1;
    e.customAllReduce = usesCustomAllReduce(e, gpu);
    place(e, model);
    if (p.accounting == Accounting::Textbook)
        evaluateTextbook(e, model, gpu);
    else
        evaluateVllm(e, model, gpu);
    e.kv.clusterMaxConcurrency = e.kv.maxConcurrency * p.dp;
    // Communication and time (docs/DESIGN.md §4-5): one ledger per phase, the plan's own kept.
    CommLedger decode = computeComm(e, model, gpu, Phase::Decode, p.batch);
    CommLedger prefill = computeComm(e, model, gpu, Phase::Prefill, p.promptLen);
    e.time = estimateTime(e, model, gpu, decode, prefill);
    e.comm = std::move(p.phase == Phase::Prefill ? prefill : decode);
    validatePlacement(e, model, gpu);
    e.fits = !e.hasErrors();
    return e;
}

EvaluatedPlan evaluatePlan(const Plan &plan, ModelSpec model, GpuSpec gpu)
{
    Evaluation e = evaluate(plan, model, gpu);
    return EvaluatedPlan { std::move(e), std::move(model), std::move(gpu) };
}

} // namespace shardscope
