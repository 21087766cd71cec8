#include "core/report/report.h"

#include "core/evaluate/weightsource.h"
#include "core/explain/memoryterms.h"
#include "core/model/planio.h"
#include "core/model/safetensors.h"
#include "core/report/commreport.h"
#include "core/text/units.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace shardscope {

using nlohmann::json;

namespace {

// A disaggregated plan's pool as the plan file stores it, with its GPU count; null for aggregated plans.
json disaggPoolJson(const Plan &p, Pool pool)
{
    if (p.servingMode != ServingMode::Disaggregated)
        return nullptr;
    json j = poolPlanToJson(pool == Pool::Prefill ? p.prefill : p.decode);
    if (j["gpu"].get<std::string>().empty())
        j["gpu"] = p.gpuId;
    j["gpus"] = poolGpus(p, pool);
    return j;
}

json planJson(const Evaluation &e)
{
    const Plan &p = e.plan;
    return json { { "tp", p.tp }, { "pp", p.pp }, { "dp", p.dp }, { "ep", p.ep }, { "world_size", e.worldSize },
        { "nodes", e.nodes }, { "gpus_per_node", e.gpusPerNode }, { "moe_tp", e.moeTp },
        { "gpu_memory_utilization", p.gpuMemoryUtilization }, { "max_model_len", p.maxModelLen },
        { "max_num_seqs", p.maxNumSeqs }, { "max_num_batched_tokens", p.maxNumBatchedTokens },
        { "kv_cache_dtype", kvDtypeName(p.kvCacheDtype) }, { "quantization", quantizationName(p.quantization) },
        { "weight_format", weightFormatName(e.weightFormat) }, { "block_size", p.blockSize },
        { "accounting", accountingName(p.accounting) }, { "expert_placement", expertPlacementName(p.expertPlacement) },
        { "redundant_experts", p.redundantExperts }, { "pp_layers", e.stageLayers },
        { "vllm_version", vllmVersionName(p.vllmVersion) },
        { "engine", vllmEngine(p.vllmVersion) == VllmEngine::V0 ? "v0" : "v1" },
        { "decode_context_parallel_size", p.decodeContextParallel },
        { "prefill_context_parallel_size", p.prefillContextParallel }, { "mm_ipc_gpu_memory_gb", p.mmIpcGpuMemoryGb },
        { "kv_cache_memory_bytes", p.kvCacheMemoryBytes }, { "num_speculative_layers", p.speculativeLayers },
        { "num_speculative_tokens", p.numSpeculativeTokens },
        { "enable_prefix_caching",
            p.prefixCaching == PrefixCaching::Default ? json(nullptr) : json(p.prefixCaching == PrefixCaching::On) },
        { "enforce_eager", p.enforceEager }, { "flashinfer_sampler", p.flashinferSampler },
        { "moe_backend", moeBackendName(p.moeBackend) }, { "disable_custom_all_reduce", p.disableCustomAllReduce },
        { "language_model_only", p.languageModelOnly },
        { "mm_encoder_tp_mode", p.mmEncoderTpData ? "data" : "weights" }, { "skip_mm_profiling", p.skipMmProfiling },
        { "serving_mode", servingModeName(p.servingMode) }, { "prefill", disaggPoolJson(p, Pool::Prefill) },
        { "decode", disaggPoolJson(p, Pool::Decode) }, { "kv_transfer_link", kvTransferLinkName(p.kvTransferLink) },
        { "kv_connector", kvConnectorName(p.kvConnector) } };
}

json rankJson(const RankPlacement &r)
{
    const RankMemory &m = r.memory;
    return json { { "rank", r.rank }, { "node", r.node }, { "pp_stage", r.ppStage }, { "tp_rank", r.tpRank },
        { "dp_rank", r.dpRank }, { "ep_rank", r.epRank }, { "first_layer", r.firstLayer },
        { "last_layer", r.lastLayer }, { "q_heads", r.heads.qCount }, { "q_head_first", r.heads.qFirst },
        { "kv_heads", r.heads.kvCount }, { "kv_head_first", r.heads.kvFirst }, { "kv_replicas", r.heads.kvReplicas },
        { "embedding", r.embedding }, { "lm_head", r.lmHead }, { "experts", r.experts },
        { "expert_count", r.experts.size() }, { "weights_bytes", m.weights.total() },
        { "vision_bytes", m.weights.vision }, { "activation_bytes", m.activation.total() },
        { "non_torch_bytes", m.nonTorch }, { "reserved_bytes", m.reserved }, { "kv_budget_bytes", m.kvBudget },
        { "kv_bytes_per_token", m.kvBytesPerToken }, { "blocks", m.blocks } };
}

} // namespace

json evaluationToJson(const EvaluatedPlan &plan)
{
    const auto &[e, m, gpu] = plan;
    json out;
    out["schema"] = "shardscope.plan/1";
    out["model"] = { { "id", m.id }, { "name", m.name }, { "hf_repo", m.hfRepo }, { "category", m.category() },
        { "params_total", e.params.total }, { "params_active", e.params.active } };
    // Where the weights' bytes come from (weightsource.h), and what a model folder's files said.
    const WeightSource weights = weightSource(m, e.plan, bytesPerParam(m, e.weightFormat));
    out["model"]["weight_bytes_source"] = weights.source;
    out["model"]["weight_bytes_estimated"] = weights.estimatedBytes;
    // The multimodal vision tower (not in params_total): its kind and size, null when not sized.
    if (m.vision.present())
        out["model"]["vision_tower"] = { { "type", m.vision.type },
            { "params", m.vision.sized() ? json(m.vision.shardedParams + m.vision.replicatedParams) : json(nullptr) },
            { "tp_sharded_params", m.vision.shardedParams } };
    const CheckpointFiles &files = m.checkpoint;
    if (files.weights.known()) {
        json dtypes = json::object();
        for (const auto &[dtype, bytes] : files.weights.bytesByDtype)
            dtypes[dtype] = bytes;
        out["model"]["weight_bytes_checkpoint"] = files.weights.languageBytes;
        out["model"]["weight_bytes_by_dtype"] = std::move(dtypes);
        out["model"]["checkpoint_bytes_total"] = files.weights.totalBytes;
        out["model"]["checkpoint_bytes_mtp"] = files.weights.mtpBytes;
        out["model"]["checkpoint_bytes_vision"] = files.weights.visionBytes;
        out["model"]["checkpoint_files"] = files.weights.files;
    }
    if (!files.generationDefaults.empty())
        out["model"]["generation_defaults"] = files.generationDefaults;
    out["gpu"] = { { "id", gpu.id }, { "name", gpu.name }, { "memory_bytes", gpu.memoryBytes },
        { "visible_bytes", gpu.visibleBytes() } };
    out["plan"] = planJson(e);
    json ranks = json::array();
    for (const RankPlacement &r : e.ranks)
        ranks.push_back(rankJson(r));
    out["ranks"] = std::move(ranks);
    json memory = { { "max_weights_bytes_per_gpu", e.maxWeightsBytesPerGpu },
        { "kv_budget_bytes_per_gpu", e.kvBudgetBytesPerGpu } };
    if (!e.ranks.empty()) {
        const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
        memory["binding_rank"] = e.kv.bindingRank;
        memory["total_bytes_per_gpu"] = b.total;
        memory["requested_bytes_per_gpu"] = b.requested;
        memory["binding"] = { { "weights_bytes", b.weights.total() }, { "activation_bytes", b.activation.total() },
            { "non_torch_bytes", b.nonTorch }, { "cuda_graph_bytes", b.cudaGraph }, { "reserved_bytes", b.reserved },
            { "kv_budget_bytes", b.kvBudget } };
        json terms = json::array();
        for (const MemoryTerm &t : memoryTerms(plan, e.kv.bindingRank))
            terms.push_back({ { "key", t.key }, { "label", t.label() }, { "bytes", t.bytes },
                { "subtracted", t.subtracted }, { "basis", t.basis }, { "assumption", t.assumption() } });
        memory["terms"] = std::move(terms);
    }
    // Every overhead number is either "estimated" (modelled) or "calibrated" (fitted to a real log).
    memory["basis"] = e.plan.accounting == Accounting::Vllm ? overheadBasis(e.plan) : "textbook";
    out["memory"] = std::move(memory);
    out["kv"] = { { "bytes_per_token_per_gpu", e.kv.bytesPerTokenPerGpu }, { "block_size", e.kv.blockSize },
        { "blocks", e.kv.blocks }, { "blocks_per_request", e.kv.blocksPerRequest },
        { "reserved_blocks", e.kv.reservedBlocks }, { "capacity_tokens", e.kv.capacityTokens },
        { "max_concurrency", e.kv.maxConcurrency }, { "max_concurrency_exact", e.kv.maxConcurrencyExact },
        { "cluster_max_concurrency", e.kv.clusterMaxConcurrency }, { "hybrid", e.kv.hybrid }, { "groups", e.kv.groups },
        { "basis", e.plan.accounting == Accounting::Vllm ? overheadBasis(e.plan) : "textbook" },
        { "state_bytes_per_request_per_gpu", e.kv.stateBytesPerRequestPerGpu } };
    json layerTypes = json::object();
    for (const auto &[kind, count] : e.kv.layerTypes)
        layerTypes[kind] = count;
    out["kv"]["layer_types"] = std::move(layerTypes);
    out["calibration"] = e.plan.calibration.active() ? calibrationToJson(e.plan.calibration) : json(nullptr);
    if (e.valid) {
        out["comm"] = commToJson(e.comm, gpu);
        out["time"] = timeToJson(e.time, e.plan);
    }
    out["fits"] = e.fits;
    json issues = json::array();
    for (const PlanIssue &i : e.issues)
        issues.push_back({ { "severity", severityName(i.severity) }, { "code", i.code }, { "message", i.message() } });
    out["issues"] = std::move(issues);
    return out;
}

std::string evaluationToText(const EvaluatedPlan &plan)
{
    const auto &[e, m, gpu] = plan;
    std::ostringstream s;
    const Plan &p = e.plan;
    s << m.name << " on " << gpu.name << "\n";
    s << "plan: tp=" << p.tp << " pp=" << p.pp << " dp=" << p.dp << " ep=" << p.ep << "  (" << e.worldSize
      << (e.worldSize == 1 ? " GPU, " : " GPUs, ") << e.nodes << (e.nodes == 1 ? " node" : " nodes") << " of "
      << e.gpusPerNode << ")\n";
    char line[256];
    std::snprintf(line, sizeof line, "parameters: %.3fB total, %.3fB active, weights %s\n", e.params.total / 1e9,
        e.params.active / 1e9, weightFormatLabel(m, e.weightFormat).c_str());
    s << line;
    s << "accounting: " << accountingName(p.accounting);
    if (p.accounting == Accounting::Vllm)
        s << " (vLLM " << vllmVersionName(p.vllmVersion) << ", overheads " << overheadBasis(p) << ")";
    s << ", utilization " << p.gpuMemoryUtilization << ", max_model_len " << formatThousands(p.maxModelLen) << "\n";
    if (!e.valid) {
        for (const PlanIssue &i : e.issues)
            s << severityName(i.severity) << ": " << i.message() << "\n";
        return s.str();
    }
    s << "layers per stage:";
    for (int n : e.stageLayers)
        s << " " << n;
    s << "\n\n";
    s << "memory per GPU (binding rank " << e.kv.bindingRank << ")\n";
    const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
    s << "  total          " << formatBytes(b.total, 2) << "\n";
    s << "  usable         " << formatBytes(b.requested, 2) << "\n";
    s << "  weights (max)  " << formatBytes(e.maxWeightsBytesPerGpu, 2) << "\n";
    if (p.accounting == Accounting::Textbook) {
        s << "  reserved       " << formatBytes(b.reserved, 2) << "\n";
    } else {
        s << "  activation     " << formatBytes(b.activation.total(), 2) << "\n";
        s << "  non-torch      " << formatBytes(b.nonTorch, 2) << "\n";
        s << "  CUDA graphs    " << formatBytes(b.cudaGraph, 2) << (e.kv.cudaGraphSubtracted ? "" : " (not subtracted)")
          << "\n";
    }
    s << "  KV budget      " << formatBytes(e.kvBudgetBytesPerGpu, 2) << "\n\n";
    s << "KV cache\n";
    s << "  bytes per token per GPU  " << formatThousands(static_cast<std::int64_t>(e.kv.bytesPerTokenPerGpu))
      << " B\n";
    if (e.kv.stateBytesPerRequestPerGpu > 0) // Mamba / linear-attention state, fixed per request
        s << "  state per request/GPU    " << formatBytes(e.kv.stateBytesPerRequestPerGpu, 2) << " (block size "
          << e.kv.blockSize << " tokens)\n";
    s << "  capacity (one replica)   " << formatThousands(e.kv.capacityTokens)
      << (e.kv.capacityTokens == 1 ? " token\n" : " tokens\n");
    std::snprintf(line, sizeof line, "  max concurrency          %lld %s of %s tokens (%.2fx)\n",
        static_cast<long long>(e.kv.maxConcurrency), e.kv.maxConcurrency == 1 ? "request" : "requests",
        formatThousands(p.maxModelLen).c_str(), e.kv.maxConcurrencyExact);
    s << line;
    s << "  cluster concurrency      " << formatThousands(e.kv.clusterMaxConcurrency)
      << (e.kv.clusterMaxConcurrency == 1 ? " request" : " requests") << " (dp=" << p.dp << ")\n\n";
    s << commToText(e) << "\n";
    s << (e.fits ? "fits" : "DOES NOT FIT") << "\n";
    for (const PlanIssue &i : e.issues)
        s << severityName(i.severity) << ": " << i.message() << "\n";
    return s.str();
}

} // namespace shardscope
