#include "core/validation.h"

#include "core/units.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace shardscope {

namespace {

std::string joinInts(const std::vector<int> &v, size_t limit = 12)
{
    std::string s;
    for (size_t i = 0; i < v.size() && i < limit; ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    if (v.size() > limit)
        s += ", ...";
    return s;
}

void add(std::vector<PlanIssue> &issues, Severity s, std::string code, std::string message)
{
    issues.push_back({s, std::move(code), std::move(message)});
}

} // namespace

std::vector<int> divisorsOf(int n)
{
    std::vector<int> d;
    for (int i = 1; i <= n && i <= (1 << 20); ++i)
        if (n % i == 0)
            d.push_back(i);
    return d;
}

bool validateStructure(const Plan &p, const ModelSpec &m, std::vector<PlanIssue> &issues)
{
    const size_t before = issues.size();
    const auto error = [&](std::string code, std::string msg) { add(issues, Severity::Error, std::move(code), std::move(msg)); };
    for (auto [name, value] : {std::pair{"tp", p.tp}, std::pair{"pp", p.pp}, std::pair{"dp", p.dp}, std::pair{"ep", p.ep}})
        if (value < 1)
            error("size_not_positive", std::string(name) + " must be at least 1 (got " + std::to_string(value) + ")");
    if (issues.size() != before)
        return false;
    const long long world = 1LL * p.tp * p.pp * p.dp;
    if (world > kMaxWorldSize) {
        error("world_too_large", "tp x pp x dp = " + std::to_string(world) + " GPUs is more than the "
                                     + std::to_string(kMaxWorldSize) + " this planner evaluates");
        return false;
    }
    if (m.heads % p.tp != 0)
        error("tp_heads", std::to_string(m.heads) + " attention heads cannot be split over tp=" + std::to_string(p.tp)
                              + ": tp must divide the head count (" + joinInts(divisorsOf(m.heads)) + ")");
    else if (!m.isMla() && p.tp > m.kvHeads && p.tp % m.kvHeads != 0)
        error("tp_kv_heads", "tp=" + std::to_string(p.tp) + " exceeds the " + std::to_string(m.kvHeads)
                                 + " KV heads but is not a multiple of them, so vLLM cannot replicate them evenly");
    if (!p.ppPartition.empty()) {
        const long long sum = std::accumulate(p.ppPartition.begin(), p.ppPartition.end(), 0LL);
        if (static_cast<int>(p.ppPartition.size()) != p.pp)
            error("pp_partition_size", "the custom layer partition has " + std::to_string(p.ppPartition.size())
                                           + " stages but pp=" + std::to_string(p.pp));
        else if (sum != m.layers)
            error("pp_partition_sum", "the custom layer partition sums to " + std::to_string(sum) + " layers; the model has "
                                          + std::to_string(m.layers));
        else if (*std::min_element(p.ppPartition.begin(), p.ppPartition.end()) < 1)
            error("pp_partition_empty", "every pipeline stage needs at least one layer");
    } else if (p.pp > m.layers) {
        error("pp_layers", "pp=" + std::to_string(p.pp) + " is more than the model's " + std::to_string(m.layers)
                               + " layers: some stages would be empty");
    }
    const int moeGroup = p.tp * p.dp;
    if (!m.isMoe()) {
        if (p.ep > 1)
            error("ep_dense", "expert parallelism needs a mixture-of-experts model; " + m.name + " is dense (set ep=1)");
        if (p.redundantExperts > 0)
            error("redundant_dense", "redundant experts need a mixture-of-experts model");
    } else {
        if (moeGroup % p.ep != 0)
            error("ep_divides", "ep=" + std::to_string(p.ep) + " must divide tp x dp = " + std::to_string(moeGroup)
                                    + " (the GPUs of one pipeline stage); choose " + joinInts(divisorsOf(moeGroup)));
        const int slots = m.experts + std::max(0, p.redundantExperts);
        if (p.ep > slots)
            error("ep_experts", "ep=" + std::to_string(p.ep) + " is more than the " + std::to_string(slots)
                                    + " expert slots per layer: some GPUs would hold no expert");
        else if (slots % p.ep != 0)
            add(issues, Severity::Warning, "ep_uneven",
                std::to_string(slots) + " expert slots do not divide evenly over ep=" + std::to_string(p.ep)
                    + ": the first " + std::to_string(slots % p.ep) + " EP ranks hold one more");
        if (p.redundantExperts < 0)
            error("redundant_negative", "redundant experts cannot be negative");
        else if (p.redundantExperts > 0 && p.ep == 1)
            error("redundant_without_ep", "redundant experts (EPLB) need expert parallelism (ep > 1)");
        else if (p.redundantExperts > 16 * m.experts)
            error("redundant_too_many", "more than 16 redundant copies per expert is not a plan");
    }
    if (!(p.gpuMemoryUtilization >= 0 && p.gpuMemoryUtilization <= 1))
        error("utilization", "gpu_memory_utilization must be in (0, 1] (0: the vLLM version's default)");
    if (p.decodeContextParallel < 1)
        error("dcp_positive", "decode_context_parallel_size must be at least 1");
    else if (p.decodeContextParallel > 1) {
        // vLLM ParallelConfig / ModelConfig.verify_with_parallel_config (reference vllm_cli.md section 1).
        const int dcp = p.decodeContextParallel;
        const bool hasWindow = std::any_of(m.layerInfo.begin(), m.layerInfo.end(),
                                           [](const LayerInfo &l) { return l.attention != LayerAttention::Full; });
        if (p.tp % dcp != 0)
            error("dcp_tp", "decode_context_parallel_size " + std::to_string(dcp) + " must divide tp=" + std::to_string(p.tp)
                                + " (DCP reuses the TP GPUs)");
        else if (hasWindow)
            error("dcp_sliding", "decode context parallel is not supported with sliding-window or chunked attention");
        else if (!m.isMla() && (p.tp <= m.kvHeads || dcp > p.tp / m.kvHeads))
            error("dcp_kv_heads", "decode context parallel on a GQA model needs tp > kv heads (" + std::to_string(m.kvHeads)
                                      + ") and dcp <= tp / kv heads: it only splits replicated KV heads");
    }
    if (p.speculativeLayers < 0 || p.speculativeLayers > 64)
        error("speculative_layers", "num_speculative_layers must be between 0 and 64");
    if (p.blockSize < 1 || p.blockSize > 4096)
        error("block_size", "block size must be between 1 and 4096 tokens");
    if (p.maxModelLen < 0 || p.maxModelLen > (1LL << 31))
        error("max_model_len", "max_model_len must be between 1 and 2^31 tokens");
    if (p.maxNumSeqs < 0 || p.maxNumBatchedTokens < 0)
        error("batch_limits", "max_num_seqs and max_num_batched_tokens must be positive");
    if (p.gpusPerNode < 0)
        error("gpus_per_node", "GPUs per node must be positive");
    if (p.gpuMemoryBytes < 0)
        error("gpu_memory", "GPU memory must be positive");
    return issues.size() == before
        || std::none_of(issues.begin() + static_cast<long>(before), issues.end(),
                        [](const PlanIssue &i) { return i.severity == Severity::Error; });
}

void validatePlacement(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    auto &issues = e.issues;
    // Every TP group is `tp` consecutive ranks; nodes hold gpusPerNode consecutive ranks. The
    // communication ledger decides the link (a rack-scale NVLink domain keeps a group that crosses
    // trays on NVLink), so the warning and the costing agree.
    const LinkKind tpLink = e.comm.tp.link;
    const bool tpCrossesNode = tpLink == LinkKind::Nic;
    if (tpCrossesNode && p.tp > 1)
        add(issues, Severity::Warning, "tp_crosses_node",
            "a TP group of " + std::to_string(p.tp) + " GPUs spans nodes of " + std::to_string(e.gpusPerNode)
                + ": every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)");
    else if (tpLink == LinkKind::Pcie && p.tp > 1)
        add(issues, Severity::Warning, "tp_outside_domain",
            "a TP group of " + std::to_string(p.tp) + " GPUs leaves the scale-up domain of " + std::to_string(gpu.scaleupDomain)
                + " (" + (gpu.scaleupLink.empty() ? std::string("no fast link") : gpu.scaleupLink)
                + "): its AllReduces run over PCIe or the host");
    if (m.isMoe() && p.ep > 1 && p.dp > 1)
        add(issues, Severity::Info, "ep_lockstep",
            "the EP group spans " + std::to_string(p.dp) + " DP ranks: they must step together, idle ranks run dummy batches");
    if (p.maxModelLen > m.maxPositionEmbeddings && m.maxPositionEmbeddings > 0)
        add(issues, Severity::Error, "max_model_len_exceeds",
            "max_model_len " + std::to_string(p.maxModelLen) + " exceeds the model's max_position_embeddings "
                + std::to_string(m.maxPositionEmbeddings) + " (vLLM refuses unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)");
    if (p.accounting == Accounting::Vllm && p.maxNumBatchedTokens < p.maxNumSeqs)
        add(issues, Severity::Error, "batched_tokens",
            "max_num_batched_tokens (" + std::to_string(p.maxNumBatchedTokens) + ") must be at least max_num_seqs ("
                + std::to_string(p.maxNumSeqs) + ")");
    if (e.weightFormat == WeightFormat::Fp8Block && e.ranks.size() > 0) {
        // vLLM: "The output_size of gate's and up's weight ... is not divisible by weight quantization block_n".
        const int block = m.fp8BlockSize;
        if (m.isMoe() && (m.moeIntermediate % e.moeTp != 0 || (m.moeIntermediate / e.moeTp) % block != 0))
            add(issues, Severity::Error, "fp8_block_experts",
                "each expert's intermediate size " + std::to_string(m.moeIntermediate) + " split " + std::to_string(e.moeTp)
                    + " ways is not a multiple of the FP8 block size " + std::to_string(block)
                    + ": vLLM refuses to load it (enable expert parallelism or lower tp x dp)");
    }

    if (p.accounting == Accounting::Vllm && p.calibration.active()) {
        const CalibrationProfile &c = p.calibration;
        if (!c.gpuId.empty() && c.gpuId != gpu.id)
            add(issues, Severity::Warning, "calibration_gpu",
                "calibration profile \"" + c.name + "\" was fitted on " + c.gpuId + ", not " + gpu.id);
        const VllmVersion cv = resolvedVllmVersion(c.vllmVersion);
        if (cv.major != p.vllmVersion.major || cv.minor != p.vllmVersion.minor)
            add(issues, Severity::Warning, "calibration_version",
                "calibration profile \"" + c.name + "\" was fitted on vLLM " + vllmVersionName(cv) + ", the plan follows "
                    + vllmVersionName(p.vllmVersion));
    }

    // Memory.
    const RankPlacement *worstWeights = nullptr;
    const RankPlacement *worstBudget = nullptr;
    for (const RankPlacement &r : e.ranks) {
        if (!worstWeights || r.memory.weights.total() > worstWeights->memory.weights.total())
            worstWeights = &r;
        if (!worstBudget || r.memory.kvBudget < worstBudget->memory.kvBudget)
            worstBudget = &r;
    }
    if (!worstWeights)
        return;
    const RankMemory &wm = worstWeights->memory;
    // vLLM V1 checks at startup that the free memory covers ceil(total x util); the CUDA context and
    // NCCL take ~0.5 GiB before that (kStartupContextBytes), so utilization close to 1 cannot start.
    if (p.accounting == Accounting::Vllm && vllmEngine(p.vllmVersion) == VllmEngine::V1
        && wm.requested > wm.total - kStartupContextBytes)
        add(issues, Severity::Error, "free_below_utilization",
            "utilization " + std::to_string(p.gpuMemoryUtilization).substr(0, 5) + " asks for " + formatBytes(wm.requested, 2)
                + " but only about " + formatBytes(wm.total - kStartupContextBytes, 2)
                + " is free at startup (CUDA context): vLLM refuses to start");
    if (wm.weights.total() > wm.requested)
        add(issues, Severity::Error, "weights_do_not_fit",
            "weights do not fit: GPU " + std::to_string(worstWeights->rank) + " needs " + formatBytes(wm.weights.total())
                + " of weights but may use " + formatBytes(wm.requested) + " (utilization "
                + std::to_string(p.gpuMemoryUtilization).substr(0, 4) + " x " + formatBytes(wm.total) + ")");
    else if (worstBudget->memory.kvBudget <= 0)
        add(issues, Severity::Error, "no_kv_memory",
            "no memory left for the KV cache on GPU " + std::to_string(worstBudget->rank) + ": "
                + formatBytes(-worstBudget->memory.kvBudget) + " short after weights and overheads");
    else if (e.kv.blocks < e.kv.blocksPerRequest)
        add(issues, Severity::Error, "no_room_for_request",
            "no room for one request of max_model_len " + formatThousands(p.maxModelLen) + " tokens: the KV cache holds "
                + formatThousands(e.kv.capacityTokens) + " tokens (lower --max-model-len or add GPUs)");
}

} // namespace shardscope
