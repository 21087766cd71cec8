#include "core/evaluate/validation.h"

#include "core/evaluate/weights.h"
#include "core/text/units.h"

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

// The issues' sentence templates, in the "Validation" translation context.
Sentence say(const char *templ, std::vector<Sentence> args = {})
{
    return phrase("Validation", templ, std::move(args));
}

Sentence ints(const std::vector<int> &v)
{
    return value(joinInts(v));
}

void add(std::vector<PlanIssue> &issues, Severity s, std::string code, Sentence text)
{
    issues.push_back({ s, std::move(code), std::move(text) });
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
    const auto error
        = [&](std::string code, Sentence text) { add(issues, Severity::Error, std::move(code), std::move(text)); };
    const auto warning
        = [&](std::string code, Sentence text) { add(issues, Severity::Warning, std::move(code), std::move(text)); };
    for (auto [name, value] :
        { std::pair { "tp", p.tp }, std::pair { "pp", p.pp }, std::pair { "dp", p.dp }, std::pair { "ep", p.ep } })
        if (value < 1)
            error("size_not_positive",
                say(QT_TRANSLATE_NOOP("Validation", "%1 must be at least 1 (got %2)"),
                    { shardscope::value(name), shardscope::value(value) }));
    if (issues.size() != before)
        return false;
    const long long world = 1LL * p.tp * p.pp * p.dp;
    if (world > kMaxWorldSize) {
        error("world_too_large",
            say(QT_TRANSLATE_NOOP("Validation", "tp x pp x dp = %1 GPUs is more than the %2 this planner evaluates"),
                { value(std::to_string(world)), value(kMaxWorldSize) }));
        return false;
    }
    if (m.heads % p.tp != 0)
        error("tp_heads",
            say(QT_TRANSLATE_NOOP(
                    "Validation", "%1 attention heads cannot be split over tp=%2: tp must divide the head count (%3)"),
                { value(m.heads), value(p.tp), ints(divisorsOf(m.heads)) }));
    else if (!m.isMla() && p.tp > m.kvHeads && p.tp % m.kvHeads != 0)
        error("tp_kv_heads",
            say(QT_TRANSLATE_NOOP("Validation",
                    "tp=%1 exceeds the %2 KV heads but is not a multiple of them, so vLLM cannot replicate them "
                    "evenly"),
                { value(p.tp), value(m.kvHeads) }));
    // Mamba-2 / Gated DeltaNet / KDA heads are split over TP with vLLM's divide(), which asserts
    // (mamba_utils.py MambaStateShapeCalculator); GDN splits its key heads too.
    int stateHeads = 0;
    if (m.mixerCount(LayerMixer::Mamba2) > 0)
        stateHeads = m.ssm.mambaHeads;
    else if (m.mixerCount(LayerMixer::GatedDeltaNet) > 0)
        stateHeads = m.ssm.linearKeyHeads; // linear_num_value_heads is a multiple of it
    else if (m.mixerCount(LayerMixer::KimiDelta) > 0)
        stateHeads = m.ssm.kdaHeads;
    if (stateHeads > 0 && stateHeads % p.tp != 0)
        error("tp_state_heads",
            say(QT_TRANSLATE_NOOP("Validation",
                    "the %1 heads of the Mamba / linear-attention layers cannot be split over tp=%2: tp must "
                    "divide them (%3)"),
                { value(stateHeads), value(p.tp), ints(divisorsOf(stateHeads)) }));
    if (!p.ppPartition.empty()) {
        const long long sum = std::accumulate(p.ppPartition.begin(), p.ppPartition.end(), 0LL);
        if (static_cast<int>(p.ppPartition.size()) != p.pp)
            error("pp_partition_size",
                say(QT_TRANSLATE_NOOP("Validation", "the custom layer partition has %1 stages but pp=%2"),
                    { value(std::to_string(p.ppPartition.size())), value(p.pp) }));
        else if (sum != m.layers)
            error("pp_partition_sum",
                say(QT_TRANSLATE_NOOP("Validation", "the custom layer partition sums to %1 layers; the model has %2"),
                    { value(std::to_string(sum)), value(m.layers) }));
        else if (*std::min_element(p.ppPartition.begin(), p.ppPartition.end()) < 1)
            error("pp_partition_empty",
                say(QT_TRANSLATE_NOOP("Validation", "every pipeline stage needs at least one layer")));
    } else if (p.pp > m.layers) {
        error("pp_layers",
            say(QT_TRANSLATE_NOOP("Validation", "pp=%1 is more than the model's %2 layers: some stages would be empty"),
                { value(p.pp), value(m.layers) }));
    }
    const int moeGroup = p.tp * p.dp;
    if (!m.isMoe()) {
        if (p.ep > 1)
            error("ep_dense",
                say(QT_TRANSLATE_NOOP(
                        "Validation", "expert parallelism needs a mixture-of-experts model; %1 is dense (set ep=1)"),
                    { value(m.name) }));
        if (p.redundantExperts > 0)
            error("redundant_dense",
                say(QT_TRANSLATE_NOOP("Validation", "redundant experts need a mixture-of-experts model")));
    } else {
        if (moeGroup % p.ep != 0)
            error("ep_divides",
                say(QT_TRANSLATE_NOOP(
                        "Validation", "ep=%1 must divide tp x dp = %2 (the GPUs of one pipeline stage); choose %3"),
                    { value(p.ep), value(moeGroup), ints(divisorsOf(moeGroup)) }));
        const int slots = m.experts + std::max(0, p.redundantExperts);
        if (p.ep > slots)
            error("ep_experts",
                say(QT_TRANSLATE_NOOP("Validation",
                        "ep=%1 is more than the %2 expert slots per layer: some GPUs would hold no expert"),
                    { value(p.ep), value(slots) }));
        else if (slots % p.ep != 0)
            add(issues, Severity::Warning, "ep_uneven",
                say(QT_TRANSLATE_NOOP("Validation",
                        "%1 expert slots do not divide evenly over ep=%2: the first %3 EP ranks hold one more"),
                    { value(slots), value(p.ep), value(slots % p.ep) }));
        if (p.redundantExperts < 0)
            error("redundant_negative", say(QT_TRANSLATE_NOOP("Validation", "redundant experts cannot be negative")));
        else if (p.redundantExperts > 0 && p.ep == 1)
            error("redundant_without_ep",
                say(QT_TRANSLATE_NOOP("Validation", "redundant experts (EPLB) need expert parallelism (ep > 1)")));
        else if (p.redundantExperts > 16 * m.experts)
            error("redundant_too_many",
                say(QT_TRANSLATE_NOOP("Validation", "more than 16 redundant copies per expert is not a plan")));
    }
    if (!(p.gpuMemoryUtilization >= 0 && p.gpuMemoryUtilization <= 1))
        error("utilization",
            say(QT_TRANSLATE_NOOP(
                "Validation", "gpu_memory_utilization must be in (0, 1] (0: the vLLM version's default)")));
    if (p.decodeContextParallel < 1)
        error("dcp_positive", say(QT_TRANSLATE_NOOP("Validation", "decode_context_parallel_size must be at least 1")));
    else if (p.decodeContextParallel > 1) {
        // vLLM ParallelConfig / ModelConfig.verify_with_parallel_config (docs/DESIGN.md §A.1).
        const int dcp = p.decodeContextParallel;
        const bool hasWindow = std::any_of(m.layerInfo.begin(), m.layerInfo.end(),
            [](const LayerInfo &l) { return l.attention != LayerAttention::Full; });
        const int pcp = p.prefillContextParallel;
        if (pcp > 1) {
            // With PCP, vLLM accepts only these DCP sizes (vllm/config/parallel.py, #46570).
            if (dcp != pcp && dcp != p.tp * pcp)
                error("pcp_dcp",
                    say(QT_TRANSLATE_NOOP("Validation",
                            "with prefill_context_parallel_size %1, decode_context_parallel_size must be 1, %1 or "
                            "tp x pcp = %2"),
                        { value(pcp), value(p.tp * pcp) }));
        } else if (p.tp % dcp != 0)
            error("dcp_tp",
                say(QT_TRANSLATE_NOOP(
                        "Validation", "decode_context_parallel_size %1 must divide tp=%2 (DCP reuses the TP GPUs)"),
                    { value(dcp), value(p.tp) }));
        else if (hasWindow && resolvedVllmVersion(p.vllmVersion) < kDcpHybrid) // allowed from 0.26 (#40996)
            error("dcp_sliding",
                say(QT_TRANSLATE_NOOP("Validation",
                    "decode context parallel is not supported with sliding-window or chunked attention")));
        else if (pcp == 1 && !m.isMla() && (p.tp <= m.kvHeads || dcp > p.tp / m.kvHeads))
            error("dcp_kv_heads",
                say(QT_TRANSLATE_NOOP("Validation",
                        "decode context parallel on a GQA model needs tp > kv heads (%1) and dcp <= tp / "
                        "kv heads: it only splits replicated KV heads"),
                    { value(m.kvHeads) }));
    }
    if (p.prefillContextParallel < 1)
        error("pcp_positive", say(QT_TRANSLATE_NOOP("Validation", "prefill_context_parallel_size must be at least 1")));
    else if (p.prefillContextParallel > 1 && p.dp > 1) // vllm/config/parallel.py (#46570); PCP+DP is #57075
        error("pcp_dp",
            say(QT_TRANSLATE_NOOP("Validation", "prefill context parallel does not support data parallelism yet")));
    if (p.mmIpcGpuMemoryGb > 0 && resolvedVllmVersion(p.vllmVersion) < kMmIpcReserve)
        warning("mm_ipc_version",
            say(QT_TRANSLATE_NOOP("Validation",
                    "--mm-ipc-gpu-memory-gb is a vLLM %1 setting: the plan follows %2, which has no such reserve"),
                { value(vllmReleaseName(kMmIpcReserve)), value(vllmVersionName(resolvedVllmVersion(p.vllmVersion))) }));
    if (m.vision.present() && !m.vision.sized() && !p.languageModelOnly)
        warning("vision_unsized",
            say(QT_TRANSLATE_NOOP("Validation",
                    "the vision tower (vision_config model_type \"%1\") is not sized: the weights leave it out "
                    "unless a model folder gives its bytes; --language-model-only serves without it"),
                { value(m.vision.type) }));
    if (!isKnownVllmRelease(p.vllmVersion))
        warning("vllm_version_unknown",
            say(QT_TRANSLATE_NOOP("Validation",
                    "vLLM %1 is outside the releases this planner knows (%2 to %3): the nearest one's rules apply"),
                { value(vllmVersionName(p.vllmVersion)), value(vllmReleaseName(kOldestVllm)),
                    value(vllmReleaseName(kLatestVllm)) }));
    if (p.speculativeLayers < 0 || p.speculativeLayers > 64)
        error("speculative_layers",
            say(QT_TRANSLATE_NOOP("Validation", "num_speculative_layers must be between 0 and 64")));
    // DeepSeek-V4 on vLLM's default backends (vllm/models/deepseek_v4/attention.py @017e9f4448b7): the cache is
    // the fp8_ds_mla layout only ("DeepseekV4 fp8_ds_mla layout only supports fp8 kv-cache"); its sliding-window
    // specs refuse decode context parallelism ("DCP not support sliding window", kv_cache_interface.py); each TP
    // rank takes o_groups / tp whole output groups.
    if (m.isDeepSeekV4()) {
        if (p.kvCacheDtype != KvDtype::Fp8)
            error("deepseek_v4_kv_dtype",
                say(QT_TRANSLATE_NOOP("Validation",
                    "DeepSeek-V4 needs --kv-cache-dtype fp8: vLLM's attention backends for it keep the cache in "
                    "the fp8_ds_mla layout only")));
        if (p.decodeContextParallel > 1)
            error("deepseek_v4_dcp",
                say(QT_TRANSLATE_NOOP("Validation",
                    "DeepSeek-V4 cannot use decode context parallelism: vLLM's sliding-window caches refuse it")));
        if (p.tp > 0 && m.oGroups % p.tp != 0)
            error("deepseek_v4_o_groups",
                say(QT_TRANSLATE_NOOP("Validation",
                        "tp=%1 does not divide DeepSeek-V4's %2 output groups (o_groups): vLLM gives each rank "
                        "whole groups"),
                    { value(p.tp), value(m.oGroups) }));
    }
    if (p.numSpeculativeTokens < 0 || p.numSpeculativeTokens > 64)
        error("speculative_tokens",
            say(QT_TRANSLATE_NOOP("Validation", "num_speculative_tokens must be between 0 and 64")));
    // Before #50991 an explicit --enable-prefix-caching put the models whose classes support Mamba prefix
    // caching (Mamba-2 mixers: NemotronH, ...) in mamba_cache_mode "all": a state block per block_size tokens
    // and a block size aligned to the chunk size (vllm/model_executor/models/config.py @f9c74b4b9c^), not modelled.
    if (p.prefixCaching == PrefixCaching::On && m.mixerCount(LayerMixer::Mamba2) > 0
        && resolvedVllmVersion(p.vllmVersion) >= kMambaAlignMode
        && resolvedVllmVersion(p.vllmVersion) < kHybridPrefixCachingDefault)
        warning("mamba_cache_all",
            say(QT_TRANSLATE_NOOP("Validation",
                    "with prefix caching on, vLLM %1 keeps this model's Mamba state in \"all\" mode (a state block "
                    "per KV block), which is not modelled: the plan counts \"align\" mode's two blocks per request"),
                { value(vllmVersionName(resolvedVllmVersion(p.vllmVersion))) }));
    if (p.blockSize < 1 || p.blockSize > 4096)
        error("block_size", say(QT_TRANSLATE_NOOP("Validation", "block size must be between 1 and 4096 tokens")));
    if (p.maxModelLen < 0 || p.maxModelLen > (1LL << 31))
        error("max_model_len", say(QT_TRANSLATE_NOOP("Validation", "max_model_len must be between 1 and 2^31 tokens")));
    if (p.maxNumSeqs < 0 || p.maxNumBatchedTokens < 0)
        error("batch_limits",
            say(QT_TRANSLATE_NOOP("Validation", "max_num_seqs and max_num_batched_tokens must be positive")));
    if (p.gpusPerNode < 0)
        error("gpus_per_node", say(QT_TRANSLATE_NOOP("Validation", "GPUs per node must be positive")));
    if (p.gpuMemoryBytes < 0)
        error("gpu_memory", say(QT_TRANSLATE_NOOP("Validation", "GPU memory must be positive")));
    return issues.size() == before
        || std::none_of(issues.begin() + static_cast<long>(before), issues.end(),
            [](const PlanIssue &i) { return i.severity == Severity::Error; });
}

// Group-scaled checkpoints (NVFP4, MXFP8, group-wise INT4/INT8): a row-parallel layer's input is split
// tp ways and each rank's slice must hold whole groups. vLLM: "Unsupported model when in features size is
// not multiple of 16" (modelopt.py ModelOptNvFp4LinearMethod.create_weights @00155cdecca7; MXFP8 likewise
// with 32) and `assert input_size_per_partition % group_size == 0`
// (compressed_tensors/schemes/compressed_tensors_wNa16.py @519b90d4648d). The experts' down projection
// takes the intermediate split tp x dp / ep ways, with its scales per group of that slice.
void validateQuantGroups(const Plan &p, const ModelSpec &m, std::vector<PlanIssue> &issues)
{
    if (m.quant.method.empty() || effectiveWeightFormat(m, p.quantization) != m.weightFormat)
        return;
    const int group = m.quant.scheme.groupSize;
    if (group <= 1)
        return;
    const int tp = std::max(1, p.tp);
    const auto splits = [group](int input, int ways) { return input % ways == 0 && (input / ways) % group == 0; };
    const auto refuse = [&](const char *code, const char *layer, int input, int ways) {
        add(issues, Severity::Error, code,
            say(QT_TRANSLATE_NOOP("Validation",
                    "the %1 input of %2 split %3 ways is not a multiple of the %4 group size %5: vLLM refuses to "
                    "load it"),
                { value(layer), value(input), value(ways), value(m.quant.scheme.name), value(group) }));
    };
    const bool dense = std::any_of(m.layerInfo.begin(), m.layerInfo.end(), [](const LayerInfo &l) { return !l.moe; });
    const int attnIn = m.heads * (m.isMla() ? m.vHeadDim : m.headDim);
    if (m.quantCoverage.attention > 0 && !splits(attnIn, tp))
        refuse("tp_quant_group", "o_proj", attnIn, tp);
    else if (dense && m.quantCoverage.denseMlp > 0 && m.intermediate > 0 && !splits(m.intermediate, tp))
        refuse("tp_quant_group", "down_proj", m.intermediate, tp);
    else if (m.isMoe() && m.sharedIntermediate > 0 && m.quantCoverage.sharedExperts > 0
        && !splits(m.sharedIntermediate, tp))
        refuse("tp_quant_group", "shared_experts.down_proj", m.sharedIntermediate, tp);
    if (m.isMoe() && m.quantCoverage.experts > 0 && p.ep >= 1) {
        const int moeTp = std::max(1, (p.tp * p.dp) / p.ep);
        if (!splits(m.moeIntermediate, moeTp))
            refuse("quant_group_experts", "experts' down_proj", m.moeIntermediate, moeTp);
    }
}

void validateFp8BlockExperts(const Plan &p, const ModelSpec &m, std::vector<PlanIssue> &issues)
{
    validateQuantGroups(p, m, issues);
    // DeepSeek-V4's FP8 checkpoints keep the routed experts in MXFP4, not FP8 blocks.
    if (!m.isMoe() || effectiveWeightFormat(m, p.quantization) != WeightFormat::Fp8Block || p.ep < 1 || m.fp4Experts)
        return;
    // vLLM: "The output_size of gate's and up's weight ... is not divisible by weight quantization block_n".
    const int block = m.fp8BlockSize;
    const int moeTp = std::max(1, (p.tp * p.dp) / p.ep);
    if (block > 0 && (m.moeIntermediate % moeTp != 0 || (m.moeIntermediate / moeTp) % block != 0))
        add(issues, Severity::Error, "fp8_block_experts",
            say(QT_TRANSLATE_NOOP("Validation",
                    "each expert's intermediate size %1 split %2 ways is not a multiple of the FP8 block "
                    "size %3: vLLM refuses to load it (enable expert parallelism or lower tp x dp)"),
                { value(m.moeIntermediate), value(moeTp), value(block) }));
}

namespace {

void validateMoeBackend(const Plan &p, const ModelSpec &m, const GpuSpec &gpu, std::vector<PlanIssue> &issues)
{
    if (p.moeBackend != MoeBackend::Marlin)
        return;
    const WeightFormat f = effectiveWeightFormat(m, p.quantization);
    const VllmVersion v = resolvedVllmVersion(p.vllmVersion);
    // Marlin is a weight-only kernel for compute capability >= 8.0 (marlin_utils.py
    // query_marlin_supported_quant_types).
    if (!m.isMoe())
        add(issues, Severity::Error, "moe_backend",
            say(QT_TRANSLATE_NOOP("Validation", "--moe-backend marlin needs a mixture-of-experts model")));
    else if (f == WeightFormat::Bf16 || f == WeightFormat::Fp16 || f == WeightFormat::Int8)
        add(issues, Severity::Error, "moe_backend",
            say(QT_TRANSLATE_NOOP(
                "Validation", "--moe-backend marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4); these are not")));
    else if (cudaComputeCapability(gpu) < 80)
        add(issues, Severity::Error, "moe_backend",
            say(QT_TRANSLATE_NOOP("Validation", "Marlin needs an NVIDIA GPU of compute capability 8.0 or newer")));
    else if (f == WeightFormat::Mxfp4 && v < kMxfp4MarlinEnv)
        add(issues, Severity::Error, "moe_backend",
            say(QT_TRANSLATE_NOOP("Validation", "vLLM %1 has no Marlin path for MXFP4 experts (from 0.10.1)"),
                { value(vllmVersionName(v)) }));
    else if (f != WeightFormat::Mxfp4 && f != WeightFormat::Int4 && v < kMoeBackendFlag)
        add(issues, Severity::Warning, "moe_backend",
            say(QT_TRANSLATE_NOOP("Validation",
                    "vLLM %1 cannot be asked for Marlin for these experts (--moe-backend arrived in 0.17): it takes "
                    "Marlin by itself only on GPUs without native support for their format"),
                { value(vllmVersionName(v)) }));
}

} // namespace

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
            say(QT_TRANSLATE_NOOP("Validation",
                    "a TP group of %1 GPUs spans nodes of %2: every AllReduce crosses the network (keep TP "
                    "inside a node, use PP or DP across nodes)"),
                { value(p.tp), value(e.gpusPerNode) }));
    else if (tpLink == LinkKind::Pcie && p.tp > 1)
        add(issues, Severity::Warning, "tp_outside_domain",
            say(QT_TRANSLATE_NOOP("Validation",
                    "a TP group of %1 GPUs leaves the scale-up domain of %2 (%3): its AllReduces run over "
                    "PCIe or the host"),
                { value(p.tp), value(gpu.scaleupDomain),
                    gpu.scaleupLink.empty() ? say(QT_TRANSLATE_NOOP("Validation", "no fast link"))
                                            : value(gpu.scaleupLink) }));
    if (m.isMoe() && p.ep > 1 && p.dp > 1)
        add(issues, Severity::Info, "ep_lockstep",
            say(QT_TRANSLATE_NOOP("Validation",
                    "the EP group spans %1 DP ranks: they must step together, idle ranks run dummy batches"),
                { value(p.dp) }));
    if (p.maxModelLen > m.maxPositionEmbeddings && m.maxPositionEmbeddings > 0)
        add(issues, Severity::Error, "max_model_len_exceeds",
            say(QT_TRANSLATE_NOOP("Validation",
                    "max_model_len %1 exceeds the model's max_position_embeddings %2 (vLLM refuses unless "
                    "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)"),
                { value(std::to_string(p.maxModelLen)), value(std::to_string(m.maxPositionEmbeddings)) }));
    if (p.accounting == Accounting::Vllm && p.maxNumBatchedTokens < p.maxNumSeqs)
        add(issues, Severity::Error, "batched_tokens",
            say(QT_TRANSLATE_NOOP("Validation", "max_num_batched_tokens (%1) must be at least max_num_seqs (%2)"),
                { value(std::to_string(p.maxNumBatchedTokens)), value(std::to_string(p.maxNumSeqs)) }));
    if (e.ranks.size() > 0)
        validateFp8BlockExperts(p, m, issues);
    validateMoeBackend(p, m, gpu, issues);

    if (p.accounting == Accounting::Vllm && p.calibration.active()) {
        const CalibrationProfile &c = p.calibration;
        if (!c.gpuId.empty() && c.gpuId != gpu.id)
            add(issues, Severity::Warning, "calibration_gpu",
                say(QT_TRANSLATE_NOOP("Validation", "calibration profile \"%1\" was fitted on %2, not %3"),
                    { value(c.name), value(c.gpuId), value(gpu.id) }));
        const VllmVersion cv = resolvedVllmVersion(c.vllmVersion);
        if (cv.major != p.vllmVersion.major || cv.minor != p.vllmVersion.minor)
            add(issues, Severity::Warning, "calibration_version",
                say(QT_TRANSLATE_NOOP(
                        "Validation", "calibration profile \"%1\" was fitted on vLLM %2, the plan follows %3"),
                    { value(c.name), value(vllmVersionName(cv)), value(vllmVersionName(p.vllmVersion)) }));
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
            say(QT_TRANSLATE_NOOP("Validation",
                    "utilization %1 asks for %2 but only about %3 is free at startup (CUDA context): vLLM "
                    "refuses to start"),
                { value(std::to_string(p.gpuMemoryUtilization).substr(0, 5)), value(formatBytes(wm.requested, 2)),
                    value(formatBytes(wm.total - kStartupContextBytes, 2)) }));
    if (wm.weights.total() > wm.requested)
        add(issues, Severity::Error, "weights_do_not_fit",
            say(QT_TRANSLATE_NOOP("Validation",
                    "weights do not fit: GPU %1 needs %2 of weights but may use %3 (utilization %4 x %5)"),
                { value(worstWeights->rank), value(formatBytes(wm.weights.total())), value(formatBytes(wm.requested)),
                    value(std::to_string(p.gpuMemoryUtilization).substr(0, 4)), value(formatBytes(wm.total)) }));
    else if (worstBudget->memory.kvBudget <= 0)
        add(issues, Severity::Error, "no_kv_memory",
            say(QT_TRANSLATE_NOOP(
                    "Validation", "no memory left for the KV cache on GPU %1: %2 short after weights and overheads"),
                { value(worstBudget->rank), value(formatBytes(-worstBudget->memory.kvBudget)) }));
    else if (!e.kv.fitsOneRequest())
        add(issues, Severity::Error, "no_room_for_request",
            say(QT_TRANSLATE_NOOP("Validation",
                    "no room for one request of max_model_len %1 tokens: the KV cache holds %2 tokens (lower "
                    "--max-model-len or add GPUs)"),
                { value(formatThousands(p.maxModelLen)), value(formatThousands(e.kv.capacityTokens)) }));
    else if (p.accounting == Accounting::Vllm && p.vllmVersion >= kMambaBlocksRefusal && m.hasStateLayers()
        && e.cudaGraphs.full > 0 && p.maxNumSeqs > e.kv.blocks)
        // Every decode sequence of a FULL graph holds one state block (kMambaBlocksRefusal); --enforce-eager
        // captures none (e.cudaGraphs is empty).
        add(issues, Severity::Error, "mamba_blocks",
            say(QT_TRANSLATE_NOOP("Validation",
                    "max_num_seqs %1 exceeds the %2 Mamba cache blocks the KV pool holds: vLLM refuses to capture "
                    "its FULL decode graphs (lower --max-num-seqs to at most %2, raise --gpu-memory-utilization, "
                    "or --enforce-eager)"),
                { value(formatThousands(p.maxNumSeqs)), value(formatThousands(e.kv.blocks)) }));
}

} // namespace shardscope
