#include "core/vllmlog/vllmlog.h"

#include "core/evaluate/kvcache.h"
#include "core/evaluate/overheads.h"
#include "core/text/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace shardscope {

std::string formatGiB(double bytes, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, bytes / GiB);
    return buf;
}

std::string formatTokens(std::int64_t tokens)
{
    return formatThousands(tokens);
}

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// vLLM's format_gib (vllm/utils/mem_utils.py): round(bytes / GiB, 2), printed as Python prints a float
// ("17.64", "17.6", "8.0").
std::string pyGiB(double bytes)
{
    std::string t = fixed(std::round(bytes / GiB * 100.0) / 100.0, 2);
    while (t.size() > 3 && t.back() == '0' && t[t.size() - 2] != '.')
        t.pop_back();
    return t;
}

// Python's str() of a float such as 0.92 or 0.9.
std::string pyFloat(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    std::string t = buf;
    if (t.find_first_of(".e") == std::string::npos)
        t += ".0";
    return t;
}

// "ranks 0-3,8-11" from a sorted list.
std::string rankList(const std::vector<int> &ranks)
{
    if (ranks.size() == 1)
        return "rank " + std::to_string(ranks[0]);
    std::string s = "ranks ";
    for (size_t i = 0; i < ranks.size();) {
        size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        if (i)
            s += ",";
        s += std::to_string(ranks[i]);
        if (j > i)
            s += "-" + std::to_string(ranks[j]);
        i = j + 1;
    }
    return s;
}

// --mm-ipc-gpu-memory-gb as the budget subtracted it (from 0.25).
double mmReserveBytes(const Plan &p)
{
    return p.vllmVersion >= kMmIpcReserve ? p.mmIpcGpuMemoryGb * GiB : 0.0;
}

// The worker lines one rank prints, in its version's wording.
std::vector<std::string> workerLines(const Evaluation &e, const RankMemory &mem)
{
    const Plan &p = e.plan;
    const VllmVersion v = p.vllmVersion;
    std::vector<std::string> lines;
    if (vllmEngine(v) == VllmEngine::V0) {
        lines.push_back("Loading model weights took " + formatGiB(mem.weights.total(), 4) + " GB");
        lines.push_back("the current vLLM instance can use total_gpu_memory (" + formatGiB(mem.total, 2)
            + "GiB) x gpu_memory_utilization (" + fixed(p.gpuMemoryUtilization, 2)
            + ") = " + formatGiB(mem.requested, 2) + "GiB");
        lines.push_back("model weights take " + formatGiB(mem.weights.total(), 2) + "GiB; non_torch_memory takes "
            + formatGiB(mem.nonTorch, 2) + "GiB; PyTorch activation peak memory takes "
            + formatGiB(mem.activation.total(), 2) + "GiB; the rest of the memory reserved for KV Cache is "
            + formatGiB(mem.kvBudget, 2) + "GiB.");
        return lines;
    }
    if (v >= kLoadingMemoryWording)
        lines.push_back("Model loading took " + formatGiB(mem.weights.total(), 2) + " GiB memory");
    else
        lines.push_back("Model loading took " + formatGiB(mem.weights.total(), 4) + " GiB");
    if (p.kvCacheMemoryBytes > 0) { // Worker.determine_available_memory, kv_cache_memory_bytes given
        lines.push_back("Initial free memory " + pyGiB(mem.total - kStartupContextBytes) + " GiB, reserved "
            + pyGiB(static_cast<double>(p.kvCacheMemoryBytes))
            + " GiB memory for KV Cache as specified by kv_cache_memory_bytes config and skipped memory profiling. "
              "This does not respect the gpu_memory_utilization config. Only use kv_cache_memory_bytes config when "
              "you want manual control of KV cache memory size. If OOM'ed, check the difference of initial free "
              "memory between the current run and the previous run where kv_cache_memory_bytes is suggested and "
              "update it correspondingly.");
        return lines;
    }
    if (e.kv.cudaGraphSubtracted && !p.enforceEager) {
        const CudaGraphCaptures &captures = e.cudaGraphs;
        if (captures.piecewise + captures.full > 0) // profile_cudagraph_memory names the graphs it extrapolates
            lines.push_back("Profiling CUDA graph memory: PIECEWISE=" + std::to_string(captures.piecewise)
                + " (largest=" + std::to_string(captures.largestPiecewise) + ")"
                + (captures.full > 0 ? ", FULL=" + std::to_string(captures.full)
                            + " (largest=" + std::to_string(captures.largestFull) + ")"
                                     : std::string()));
        lines.push_back("Estimated CUDA graph memory: " + formatGiB(mem.cudaGraph, 2) + " GiB total");
        const double equivalent = p.gpuMemoryUtilization - mem.cudaGraph / mem.total;
        lines.push_back(
            "CUDA graph memory profiling is enabled (default since v0.21.0). The current --gpu-memory-utilization="
            + fixed(p.gpuMemoryUtilization, 4) + " is equivalent to --gpu-memory-utilization=" + fixed(equivalent, 4)
            + " without CUDA graph memory profiling.");
    }
    // Printed before reserve_mm_ipc_gpu_memory takes --mm-ipc-gpu-memory-gb out of it.
    lines.push_back("Available KV cache memory: " + formatGiB(mem.kvBudget + mmReserveBytes(p), 2) + " GiB");
    return lines;
}

// After CUDA-graph capture, from 0.26 (gpu_worker.py compile_or_warm_up_model, #47374): the pool line
// (the prediction has actual = estimated) and the summary, now at INFO and with consumed memory.
std::vector<std::string> postCaptureLines(const Evaluation &e, const RankMemory &mem)
{
    const Plan &p = e.plan;
    std::vector<std::string> lines;
    if (p.vllmVersion < kConsumedMemorySummary || p.kvCacheMemoryBytes > 0)
        return lines;
    const double graph = e.kv.cudaGraphSubtracted && !p.enforceEager ? mem.cudaGraph : 0.0;
    if (graph > 0)
        lines.push_back("CUDA graph pool memory: " + pyGiB(graph) + " GiB (actual), " + pyGiB(graph)
            + " GiB (estimated), difference: 0.0 GiB (0.0%).");
    const double consumed = mem.weights.total() + mem.nonTorch;
    const double nonKv = consumed + mem.activation.total() + graph;
    constexpr double kRedundancy = 150.0 * 1024 * 1024; // "leave a small buffer (=150MiB)"
    const double free = mem.total - kStartupContextBytes;
    const auto toRequested = static_cast<std::int64_t>(std::floor(mem.requested - nonKv - kRedundancy));
    const auto toGpu = static_cast<std::int64_t>(std::floor(free - nonKv - kRedundancy));
    lines.push_back("Free memory on device (" + pyGiB(free) + "/" + pyGiB(mem.total)
        + " GiB) on startup. Desired GPU memory utilization is (" + pyFloat(p.gpuMemoryUtilization) + ", "
        + pyGiB(mem.requested) + " GiB). Actual usage is " + pyGiB(consumed)
        + " GiB for consumed memory (weights + non-torch), " + pyGiB(mem.activation.total())
        + " GiB for peak activation, and " + pyGiB(graph)
        + " GiB for CUDAGraph memory. Replace gpu_memory_utilization config with `--kv-cache-memory="
        + std::to_string(toRequested) + "` (" + pyGiB(static_cast<double>(toRequested))
        + " GiB) to fit into requested memory, or `--kv-cache-memory=" + std::to_string(toGpu) + "` ("
        + pyGiB(static_cast<double>(toGpu)) + " GiB) to fully utilize gpu memory. Current kv cache memory in use is "
        + pyGiB(mem.kvBudget) + " GiB.");
    return lines;
}

} // namespace

// KV bytes one request of `len` tokens needs on the binding rank (sum of max_memory_usage_bytes).
double perRequestBytes(const Evaluation &e, const ModelSpec &m, std::int64_t len)
{
    const Plan &p = e.plan;
    const RankPlacement &r = e.ranks[static_cast<size_t>(e.kv.bindingRank)];
    const int draft = r.lmHead ? p.speculativeLayers : 0;
    const KvPool pool = kvPoolForLayers(m, r.firstLayer, r.lastLayer - r.firstLayer + 1, p.tp, p.kvCacheDtype,
        p.blockSize, len, maxInFlightTokens(p), draft, e.kv.dcp, SparseMlaCache::FromDtype,
        mambaCacheSettingsFor(p, m)); // KV shards: DCP (x PCP before 0.26)
    return static_cast<double>(pool.blocksPerRequest)
        * (pool.checkBytesPerBlock > 0 ? pool.checkBytesPerBlock : pool.bytesPerBlock);
}

std::int64_t estimatedMaxModelLen(const Evaluation &e, const ModelSpec &m, double availableBytes)
{
    if (e.ranks.empty() || availableBytes <= 0)
        return 0;
    const Plan &p = e.plan;
    // The auto-fit holds the null block back too (#47272, from 0.29): one block's bytes less to fit into.
    if (e.kv.reservedBlocks > 0) {
        const RankPlacement &r = e.ranks[static_cast<size_t>(e.kv.bindingRank)];
        const int draft = r.lmHead ? p.speculativeLayers : 0;
        const KvPool pool = kvPoolForLayers(m, r.firstLayer, r.lastLayer - r.firstLayer + 1, p.tp, p.kvCacheDtype,
            p.blockSize, p.blockSize, maxInFlightTokens(p), draft, e.kv.dcp, SparseMlaCache::FromDtype,
            mambaCacheSettingsFor(p, m));
        availableBytes -= static_cast<double>(e.kv.reservedBlocks) * pool.bytesPerBlock;
        if (availableBytes <= 0)
            return 0;
    }
    const auto needed = [&](std::int64_t len) { return perRequestBytes(e, m, len); };
    std::int64_t lo = 0, hi = std::max<std::int64_t>(p.maxModelLen, 1);
    while (lo < hi) { // largest len with needed(len) <= available
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (needed(mid) <= availableBytes)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

std::vector<PredictedLogLine> predictedVllmLog(const EvaluatedPlan &plan)
{
    const Evaluation &e = plan.evaluation;
    const ModelSpec &m = plan.model;
    std::vector<PredictedLogLine> out;
    if (!e.valid || e.ranks.empty() || e.plan.accounting != Accounting::Vllm)
        return out;
    const Plan &p = e.plan;
    const VllmVersion v = p.vllmVersion;
    const bool v0 = vllmEngine(v) == VllmEngine::V0;
    const RankMemory &bind = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;

    // V1 refuses to start when the free memory does not cover the request (Worker.init_device).
    if (!v0 && bind.requested > bind.total - kStartupContextBytes) {
        const double free = bind.total - kStartupContextBytes;
        out.push_back({ "rank 0",
            "ValueError: Free memory on device (" + formatGiB(free, 2) + "/" + formatGiB(bind.total, 2)
                + " GiB) on startup is less than desired GPU memory utilization (" + fixed(p.gpuMemoryUtilization, 2)
                + ", " + formatGiB(bind.requested, 2)
                + " GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.",
            true });
        return out;
    }

    // The weights of some rank do not fit in the GPU at all: vLLM dies while loading them, before it
    // prints "Model loading took" or profiles a KV budget. The wording is PyTorch's
    // (c10/cuda/CUDACachingAllocator.cpp, raised as torch.OutOfMemoryError since PyTorch 2.5):
    // "CUDA out of memory. Tried to allocate X GiB. GPU N has a total capacity of T GiB of which F GiB
    // is free." vLLM loads tensor by tensor, so the real X is the first tensor that no longer fits;
    // the prediction names the shortfall of the whole load instead.
    const RankPlacement *heaviest = &e.ranks.front();
    for (const RankPlacement &r : e.ranks)
        if (r.memory.weights.total() > heaviest->memory.weights.total())
            heaviest = &r;
    const RankMemory &hm = heaviest->memory;
    const double freeAtLoad = hm.total - kStartupContextBytes;
    if (hm.weights.total() > freeAtLoad) {
        const int local = e.gpusPerNode > 0 ? heaviest->rank % e.gpusPerNode : heaviest->rank;
        out.push_back({ "rank " + std::to_string(heaviest->rank),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
                + formatGiB(hm.weights.total() - freeAtLoad, 2) + " GiB. GPU " + std::to_string(local)
                + " has a total capacity of " + formatGiB(hm.total, 2) + " GiB of which "
                + formatGiB(std::max(0.0, freeAtLoad), 2) + " GiB is free. (predicted: the model's "
                + formatGiB(hm.weights.total(), 2) + " GiB of weights on this GPU do not fit)",
            true });
        return out;
    }

    // Worker lines, grouped by identical text (DP replicas and TP ranks usually print the same).
    std::map<std::vector<std::string>, std::vector<int>> groups;
    std::vector<std::vector<std::string>> order;
    for (const RankPlacement &r : e.ranks) {
        auto lines = workerLines(e, r.memory);
        auto [it, inserted] = groups.try_emplace(lines);
        if (inserted)
            order.push_back(lines);
        it->second.push_back(r.rank);
    }
    for (const auto &lines : order) {
        const std::string who = rankList(groups[lines]);
        for (const std::string &l : lines)
            out.push_back({ who, l, false });
    }

    const std::string engine = p.dp > 1 ? "engine, each of " + std::to_string(p.dp) + " DP replicas" : "engine";
    if (bind.kvBudget <= 0 || e.kv.blocks <= 0) {
        out.push_back({ engine,
            "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
            "when initializing the engine.",
            true });
        return out;
    }
    if (v0) {
        out.push_back({ engine,
            "# GPU blocks: " + std::to_string(e.kv.blocks) + ", # CPU blocks: " + std::to_string(e.kv.cpuBlocks) });
        out.push_back({ engine,
            "Maximum concurrency for " + std::to_string(p.maxModelLen)
                + " tokens per request: " + fixed(e.kv.maxConcurrencyExact, 2) + "x" });
        if (e.kv.capacityTokens < p.maxModelLen)
            out.push_back({ engine,
                "ValueError: The model's max seq len (" + std::to_string(p.maxModelLen)
                    + ") is larger than the maximum number of tokens that can be stored in KV cache ("
                    + std::to_string(e.kv.capacityTokens)
                    + "). Try increasing `gpu_memory_utilization` or "
                      "decreasing `max_model_len` when initializing the engine.",
                true });
        return out;
    }
    if (!e.kv.fitsOneRequest()) {
        // get_kv_cache_configs -> check_enough_kv_cache_memory, on the worker with the least memory.
        const double neededBytes = perRequestBytes(e, m, p.maxModelLen);
        const std::string owner = v >= kCudaGraphProfiling ? "model's" : "models's";
        out.push_back({ engine,
            "ValueError: To serve at least one request with the " + owner + " max seq len ("
                + std::to_string(p.maxModelLen) + "), (" + formatGiB(neededBytes, 2)
                + " GiB KV cache is needed, which is larger than the available KV cache memory ("
                + formatGiB(bind.kvBudget, 2)
                + " GiB). Based on the available memory, the estimated maximum "
                  "model length is "
                + std::to_string(estimatedMaxModelLen(e, m, bind.kvBudget))
                + ". Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing "
                  "the engine.",
            true });
        return out;
    }
    const std::string tokens = "GPU KV cache size: " + formatTokens(e.kv.capacityTokens) + " tokens";
    const std::string concurrency = "Maximum concurrency for " + formatTokens(p.maxModelLen)
        + " tokens per request: " + fixed(e.kv.maxConcurrencyExact, 2) + "x";
    if (v >= kOneLineKvCapacity) { // kv_cache_utils.py update_kv_cache_capacity (#50462): one line
        out.push_back({ engine, tokens + ", " + concurrency });
    } else {
        out.push_back({ engine, tokens });
        out.push_back({ engine, concurrency });
    }
    // Graph capture comes after the KV cache is allocated; its lines are per worker again.
    std::map<std::vector<std::string>, std::vector<int>> after;
    std::vector<std::vector<std::string>> afterOrder;
    for (const RankPlacement &r : e.ranks) {
        auto lines = postCaptureLines(e, r.memory);
        if (lines.empty())
            continue;
        auto [it, inserted] = after.try_emplace(lines);
        if (inserted)
            afterOrder.push_back(lines);
        it->second.push_back(r.rank);
    }
    for (const auto &lines : afterOrder) {
        const std::string who = rankList(after[lines]);
        for (const std::string &l : lines)
            out.push_back({ who, l, false });
    }
    return out;
}

std::string predictedVllmLogText(const EvaluatedPlan &plan)
{
    const auto &[e, m, gpu] = plan;
    const Plan &p = e.plan;
    std::string s = "# predicted vLLM " + vllmVersionName(p.vllmVersion) + " ("
        + (vllmEngine(p.vllmVersion) == VllmEngine::V0 ? "V0" : "V1") + " engine) startup log: " + m.name + " on "
        + std::to_string(e.worldSize) + " x " + gpu.name + ", tp=" + std::to_string(p.tp)
        + " pp=" + std::to_string(p.pp) + " dp=" + std::to_string(p.dp) + "\n";
    s += std::string("# overheads ")
        + (p.calibration.active() ? "calibrated (profile \"" + p.calibration.name + "\")" : "estimated")
        + "; weights and KV bytes per token from the config\n";
    for (const PredictedLogLine &l : predictedVllmLog(plan))
        s += "(" + l.who + ") " + (l.failure ? "ERROR " : "INFO ") + l.text + "\n";
    return s;
}

} // namespace shardscope
