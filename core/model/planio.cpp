#include "core/model/planio.h"

#include "core/model/errors.h"
#include "core/model/jsonlimits.h"
#include "core/text/sanitize.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace shardscope {

using nlohmann::json;

namespace {

std::vector<std::pair<const char *, double>> linkOverrides(const Plan &p)
{
    return { { "scaleup_latency_s", p.scaleupLatencySec }, { "scaleup_bytes_per_s", p.scaleupBytesPerSec },
        { "pcie_bytes_per_s", p.pcieBytesPerSec }, { "nic_latency_s", p.nicLatencySec },
        { "nic_bytes_per_s", p.nicBytesPerSec }, { "hbm_efficiency", p.hbmEfficiency },
        { "compute_efficiency", p.computeEfficiency } };
}

// null: the release's default (the field is absent from files written before it, which read the same).
json prefixCachingToJson(PrefixCaching c)
{
    return c == PrefixCaching::Default ? json(nullptr) : json(c == PrefixCaching::On);
}

} // namespace

json planToJson(const Plan &p)
{
    json j = json { { "model", p.modelId }, { "gpu", p.gpuId }, { "tp", p.tp }, { "pp", p.pp }, { "dp", p.dp },
        { "ep", p.ep }, { "gpus_per_node", p.gpusPerNode }, { "gpu_memory_utilization", p.gpuMemoryUtilization },
        { "max_model_len", p.maxModelLen }, { "max_num_seqs", p.maxNumSeqs },
        { "max_num_batched_tokens", p.maxNumBatchedTokens }, { "kv_cache_dtype", kvDtypeName(p.kvCacheDtype) },
        { "quantization", quantizationName(p.quantization) }, { "block_size", p.blockSize },
        { "gpu_memory_bytes", p.gpuMemoryBytes }, { "accounting", accountingName(p.accounting) },
        { "reserved_bytes", p.reservedBytes }, { "params", p.paramsOverride },
        { "expert_placement", expertPlacementName(p.expertPlacement) }, { "redundant_experts", p.redundantExperts },
        { "pp_layer_partition", p.ppPartition }, { "enforce_eager", p.enforceEager },
        { "flashinfer_sampler", p.flashinferSampler }, { "disable_custom_all_reduce", p.disableCustomAllReduce },
        { "moe_backend", moeBackendName(p.moeBackend) }, { "language_model_only", p.languageModelOnly },
        { "mm_encoder_tp_mode", p.mmEncoderTpData ? "data" : "weights" }, { "skip_mm_profiling", p.skipMmProfiling },
        { "vllm_version", p.vllmVersion.isUnset() ? std::string("latest") : vllmVersionName(p.vllmVersion) },
        { "decode_context_parallel_size", p.decodeContextParallel },
        { "prefill_context_parallel_size", p.prefillContextParallel }, { "mm_ipc_gpu_memory_gb", p.mmIpcGpuMemoryGb },
        { "kv_cache_memory_bytes", p.kvCacheMemoryBytes }, { "num_speculative_layers", p.speculativeLayers },
        { "num_speculative_tokens", p.numSpeculativeTokens },
        { "enable_prefix_caching", prefixCachingToJson(p.prefixCaching) },
        { "calibration", p.calibration.active() ? calibrationToJson(p.calibration) : json(nullptr) },
        { "phase", phaseName(p.phase) }, { "batch", p.batch }, { "prompt_len", p.promptLen },
        { "microbatches", p.microbatches }, { "routing_skew", p.routingSkew }, { "fp8_dispatch", p.fp8Dispatch } };
    j["serving_mode"] = servingModeName(p.servingMode);
    j["prefill"] = poolPlanToJson(p.prefill);
    j["decode"] = poolPlanToJson(p.decode);
    j["kv_transfer_link"] = kvTransferLinkName(p.kvTransferLink);
    j["kv_connector"] = kvConnectorName(p.kvConnector);
    // Link and efficiency overrides are written only when set (unset: the GPU preset's values).
    for (const auto &[key, v] : linkOverrides(p))
        if (v >= 0)
            j[key] = v;
    return j;
}

namespace {

std::string rangeText(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// `path`: the field's name in messages when it sits in a nested object ("prefill.tp"); null: `key`.
double number(const json &j, const char *key, double fallback, double lo, double hi, const char *path = nullptr)
{
    const char *name = path ? path : key;
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_number())
        throw InputError(std::string("plan field \"") + name + "\" must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < lo || v > hi)
        throw InputError(std::string("plan field \"") + name + "\" = " + it->dump() + " is out of range ["
            + rangeText(lo) + ", " + rangeText(hi) + "]");
    return v;
}

long long integer(
    const json &j, const char *key, long long fallback, long long lo, long long hi, const char *path = nullptr)
{
    const double v
        = number(j, key, static_cast<double>(fallback), static_cast<double>(lo), static_cast<double>(hi), path);
    if (v != std::floor(v))
        throw InputError(std::string("plan field \"") + (path ? path : key) + "\" must be a whole number");
    return static_cast<long long>(v);
}

std::string text(const json &j, const char *key, const std::string &fallback, const char *path = nullptr)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_string())
        throw InputError(std::string("plan field \"") + (path ? path : key) + "\" must be a string");
    return it->get<std::string>();
}

bool boolean(const json &j, const char *key, bool fallback)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        throw InputError(std::string("plan field \"") + key + "\" must be true or false");
    return it->get<bool>();
}

template <typename Enum>
Enum choice(const json &j, const char *key, Enum fallback, std::initializer_list<std::pair<const char *, Enum>> options)
{
    const std::string s = text(j, key, "");
    if (s.empty())
        return fallback;
    for (const auto &[name, value] : options)
        if (s == name)
            return value;
    throw InputError(std::string("plan field \"") + key + "\" has an unknown value \"" + s + "\"");
}

} // namespace

json poolPlanToJson(const PoolPlan &pool)
{
    return json { { "tp", pool.tp }, { "pp", pool.pp }, { "dp", pool.dp }, { "ep", pool.ep }, { "gpu", pool.gpuId },
        { "instances", pool.instances }, { "max_num_seqs", pool.maxNumSeqs },
        { "max_num_batched_tokens", pool.maxNumBatchedTokens } };
}

PoolPlan poolPlanFromJson(const json &j, const char *key)
{
    if (!j.is_object())
        throw InputError(std::string("plan field \"") + key + "\" must be a JSON object");
    const auto field = [key](const char *name) { return std::string(key) + "." + name; };
    const auto whole = [&](const char *name, long long fallback, long long lo, long long hi) {
        const std::string path = field(name);
        return integer(j, name, fallback, lo, hi, path.c_str());
    };
    constexpr long long kBig = 1LL << 31;
    PoolPlan pool;
    pool.tp = static_cast<int>(whole("tp", 1, 1, 1 << 20));
    pool.pp = static_cast<int>(whole("pp", 1, 1, 1 << 20));
    pool.dp = static_cast<int>(whole("dp", 1, 1, 1 << 20));
    pool.ep = static_cast<int>(whole("ep", 1, 1, 1 << 20));
    pool.instances = static_cast<int>(whole("instances", 1, 1, 1 << 16));
    pool.maxNumSeqs = whole("max_num_seqs", 0, 0, kBig);
    pool.maxNumBatchedTokens = whole("max_num_batched_tokens", 0, 0, kBig);
    const std::string gpuPath = field("gpu");
    pool.gpuId = text(j, "gpu", "", gpuPath.c_str());
    requireOneLine(("plan field \"" + gpuPath + "\"").c_str(), pool.gpuId);
    // Each instance and the whole pool stay within what evaluate() and the sweep multiply in int.
    const std::int64_t world = std::int64_t(pool.tp) * pool.pp * pool.dp;
    if (world > kMaxWorldSize || world * pool.instances > kMaxWorldSize)
        throw InputError(std::string("plan field \"") + key
            + "\": instances x tp x pp x dp = " + std::to_string(world * pool.instances) + " GPUs is more than the "
            + std::to_string(kMaxWorldSize) + " this planner evaluates");
    return pool;
}

Plan planFromJson(const json &j)
{
    if (!j.is_object())
        throw InputError("plan must be a JSON object");
    constexpr long long kBig = 1LL << 31;
    Plan p;
    p.modelId = text(j, "model", "");
    p.gpuId = text(j, "gpu", "");
    requireOneLine("plan field \"model\"", p.modelId);
    requireOneLine("plan field \"gpu\"", p.gpuId);
    p.tp = static_cast<int>(integer(j, "tp", 1, 1, 1 << 20));
    p.pp = static_cast<int>(integer(j, "pp", 1, 1, 1 << 20));
    p.dp = static_cast<int>(integer(j, "dp", 1, 1, 1 << 20));
    p.ep = static_cast<int>(integer(j, "ep", 1, 1, 1 << 20));
    checkWorldSize(p, "plan fields \"tp\", \"pp\", \"dp\"");
    p.gpusPerNode = static_cast<int>(integer(j, "gpus_per_node", 0, 0, 1 << 20));
    // 0 (or absent) keeps the version's default utilization.
    p.gpuMemoryUtilization = number(j, "gpu_memory_utilization", 0, 0, 1);
    p.maxModelLen = integer(j, "max_model_len", 0, 0, kBig);
    p.maxNumSeqs = integer(j, "max_num_seqs", 0, 0, kBig);
    p.maxNumBatchedTokens = integer(j, "max_num_batched_tokens", 0, 0, kBig);
    p.kvCacheDtype = choice(j, "kv_cache_dtype", KvDtype::Auto, { { "auto", KvDtype::Auto }, { "fp8", KvDtype::Fp8 } });
    p.quantization = choice(j, "quantization", Quantization::Auto,
        { { "auto", Quantization::Auto }, { "none", Quantization::None }, { "fp8", Quantization::Fp8 },
            { "mxfp4", Quantization::Mxfp4 }, { "awq", Quantization::Awq }, { "gptq", Quantization::Gptq } });
    p.blockSize = static_cast<int>(integer(j, "block_size", 16, 1, 4096));
    p.gpuMemoryBytes = number(j, "gpu_memory_bytes", 0, 0, 1e18);
    p.accounting = choice(
        j, "accounting", Accounting::Vllm, { { "vllm", Accounting::Vllm }, { "textbook", Accounting::Textbook } });
    p.reservedBytes = number(j, "reserved_bytes", p.reservedBytes, 0, 1e18);
    p.paramsOverride = number(j, "params", 0, 0, 1e16);
    p.expertPlacement = choice(j, "expert_placement", ExpertPlacement::Linear,
        { { "linear", ExpertPlacement::Linear }, { "round_robin", ExpertPlacement::RoundRobin } });
    p.redundantExperts = static_cast<int>(integer(j, "redundant_experts", 0, 0, 1 << 20));
    p.moeBackend = choice(
        j, "moe_backend", MoeBackend::Auto, { { "auto", MoeBackend::Auto }, { "marlin", MoeBackend::Marlin } });
    if (const auto it = j.find("pp_layer_partition"); it != j.end() && !it->is_null()) {
        if (!it->is_array() || it->size() > 4096)
            throw InputError("plan field \"pp_layer_partition\" must be a list of layer counts");
        for (const auto &v : *it) {
            if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 1 << 20)
                throw InputError("plan field \"pp_layer_partition\" must hold positive whole numbers");
            p.ppPartition.push_back(v.get<int>());
        }
    }
    p.enforceEager = boolean(j, "enforce_eager", false);
    p.flashinferSampler = boolean(j, "flashinfer_sampler", false);
    p.disableCustomAllReduce = boolean(j, "disable_custom_all_reduce", false);
    p.languageModelOnly = boolean(j, "language_model_only", false);
    p.mmEncoderTpData = choice(j, "mm_encoder_tp_mode", false, { { "weights", false }, { "data", true } });
    p.skipMmProfiling = boolean(j, "skip_mm_profiling", false);
    if (const std::string v = text(j, "vllm_version", "latest"); v != "latest") {
        const auto parsed = parseVllmVersion(v);
        if (!parsed)
            throw InputError("plan field \"vllm_version\" = \"" + v + "\" is not a version such as 0.11.0");
        p.vllmVersion = *parsed;
    }
    p.decodeContextParallel = static_cast<int>(integer(j, "decode_context_parallel_size", 1, 1, 1 << 20));
    p.prefillContextParallel = static_cast<int>(integer(j, "prefill_context_parallel_size", 1, 1, 1 << 20));
    p.mmIpcGpuMemoryGb = number(j, "mm_ipc_gpu_memory_gb", 0, 0, 1e6);
    p.kvCacheMemoryBytes = integer(j, "kv_cache_memory_bytes", 0, 0, 1000000000000000000LL);
    p.speculativeLayers = static_cast<int>(integer(j, "num_speculative_layers", 0, 0, 64));
    p.numSpeculativeTokens = static_cast<int>(integer(j, "num_speculative_tokens", 0, 0, 64));
    // true / false as vLLM's --enable-prefix-caching / --no-enable-prefix-caching; null or absent: the release's
    // default.
    if (const auto it = j.find("enable_prefix_caching"); it != j.end() && !it->is_null()) {
        if (!it->is_boolean())
            throw InputError("plan field \"enable_prefix_caching\" must be true, false or null");
        p.prefixCaching = it->get<bool>() ? PrefixCaching::On : PrefixCaching::Off;
    }
    if (const auto it = j.find("calibration"); it != j.end() && !it->is_null())
        p.calibration = calibrationFromJson(*it);
    p.phase = choice(j, "phase", Phase::Decode, { { "decode", Phase::Decode }, { "prefill", Phase::Prefill } });
    p.batch = integer(j, "batch", 1, 1, kBig);
    p.promptLen = integer(j, "prompt_len", 4096, 1, kBig);
    p.microbatches = static_cast<int>(integer(j, "microbatches", 1, 1, 1 << 20));
    p.routingSkew = number(j, "routing_skew", 1.0, 1.0, 1e6);
    p.fp8Dispatch = boolean(j, "fp8_dispatch", false);
    p.scaleupLatencySec = number(j, "scaleup_latency_s", -1, 0, 1);
    p.nicLatencySec = number(j, "nic_latency_s", -1, 0, 1);
    // 1 MB/s to 1 PB/s: beyond either end a step time is 0 or overflows to inf.
    p.scaleupBytesPerSec = number(j, "scaleup_bytes_per_s", -1, kMinBandwidth, kMaxBandwidth);
    p.pcieBytesPerSec = number(j, "pcie_bytes_per_s", -1, kMinBandwidth, kMaxBandwidth);
    p.nicBytesPerSec = number(j, "nic_bytes_per_s", -1, kMinBandwidth, kMaxBandwidth);
    p.hbmEfficiency = number(j, "hbm_efficiency", -1, 1e-6, 1);
    p.computeEfficiency = number(j, "compute_efficiency", -1, 1e-6, 1);
    p.servingMode = choice(j, "serving_mode", ServingMode::Aggregated,
        { { "aggregated", ServingMode::Aggregated }, { "disaggregated", ServingMode::Disaggregated } });
    if (const auto it = j.find("prefill"); it != j.end() && !it->is_null())
        p.prefill = poolPlanFromJson(*it, "prefill");
    if (const auto it = j.find("decode"); it != j.end() && !it->is_null())
        p.decode = poolPlanFromJson(*it, "decode");
    p.kvTransferLink = choice(j, "kv_transfer_link", KvTransferLink::Nic,
        { { "nic", KvTransferLink::Nic }, { "scaleup", KvTransferLink::ScaleUp }, { "node", KvTransferLink::Node } });
    p.kvConnector = choice(j, "kv_connector", KvConnector::Nixl, { { "NixlConnector", KvConnector::Nixl } });
    return p;
}

namespace {

// "p.json is not valid JSON" on the command line, "not valid JSON" inside the window's "Cannot open p.json: ...".
[[noreturn]] void refuseFile(const std::string &fileName, const std::string &predicate)
{
    throw InputError(fileName.empty() ? predicate : fileName + " is " + predicate);
}

[[noreturn]] void refuseSchema(const std::string &fileName, const std::string &sentence)
{
    throw InputError(fileName.empty() ? sentence : fileName + ": " + sentence);
}

void checkSchema(const json &j, const std::string &fileName)
{
    const auto it = j.find("schema");
    if (it == j.end())
        return; // hand-written files for --plan may omit it
    if (!it->is_string())
        refuseSchema(fileName, std::string("\"schema\" must be a string such as \"") + kPlanFileSchema + "\"");
    const std::string s = it->get<std::string>();
    // `shardscope import` prints a plan object too, documented as a valid --plan FILE (README).
    struct Known
    {
        const char *prefix;
        int newest;
        const char *newestSchema;
    };
    static constexpr Known kKnown[] = { { "shardscope.planfile/", kPlanFileSchemaVersion, kPlanFileSchema },
        { "shardscope.import/", 1, "shardscope.import/1" } };
    for (const Known &k : kKnown) {
        const std::string prefix = k.prefix;
        if (s.rfind(prefix, 0) != 0)
            continue;
        int version = 0;
        try {
            version = std::stoi(s.substr(prefix.size()));
        } catch (const std::exception &) {
            refuseSchema(fileName, "unreadable schema version \"" + s + "\"");
        }
        if (version < 1 || version > k.newest)
            refuseSchema(fileName,
                "plan file schema " + s + " is newer than this ShardScope understands (" + k.newestSchema + ")");
        return;
    }
    refuseFile(fileName, "not a ShardScope plan file (schema \"" + s + "\")");
}

} // namespace

PlanFile planFileFromJsonText(const std::string &text, const std::string &fileName)
{
    if (jsonNestingDepth(text) > kMaxJsonDepth)
        refuseFile(fileName.empty() ? "plan file" : fileName,
            "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; not a plan file");
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        refuseFile(fileName, std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("plan"))
        refuseFile(fileName, "not a ShardScope plan file (no \"plan\" object)");
    checkSchema(j, fileName);
    PlanFile file;
    file.plan = planFromJson(j["plan"]);
    if (const auto it = j.find("model_config"); it != j.end())
        file.modelConfig = it->dump();
    if (const auto it = j.find("gpu_spec"); it != j.end())
        file.gpuSpec = it->dump();
    if (const auto it = j.find("workload"); it != j.end()) {
        if (!it->is_object())
            refuseFile(fileName, "\"workload\" must be an object");
        file.workload = it->dump();
    }
    // Untrusted words for a command line: strings only, bounded, one line each. Which options they name is
    // checked by the export (vllmExtraArgsFromWords), which knows the flag tables.
    if (const auto it = j.find("vllm_extra_args"); it != j.end() && !it->is_null()) {
        if (!it->is_array())
            refuseSchema(fileName, "\"vllm_extra_args\" must be an array of strings");
        if (it->size() > 128)
            refuseSchema(fileName, "\"vllm_extra_args\" holds more than 128 words");
        for (const json &w : *it) {
            if (!w.is_string())
                refuseSchema(fileName, "\"vllm_extra_args\" must be an array of strings");
            const std::string &word = w.get_ref<const std::string &>();
            if (word.size() > 4096 || sanitize::hasControlChars(word))
                refuseSchema(fileName,
                    "\"vllm_extra_args\" word \"" + sanitize::oneLine(word.substr(0, 80))
                        + "\" is longer than 4096 bytes or holds control characters");
            file.vllmExtraArgs.push_back(word);
        }
    }
    // An import's JSON names the served checkpoint as its top-level "model"; a plan file as "model_path".
    const bool isImport = j.contains("schema") && j["schema"].get<std::string>().rfind("shardscope.import/", 0) == 0;
    if (const auto it = j.find(isImport ? "model" : "model_path"); it != j.end() && !it->is_null()) {
        const char *field = isImport ? "\"model\"" : "\"model_path\"";
        if (!it->is_string())
            refuseSchema(fileName, std::string(field) + " must be a string");
        const std::string &path = it->get_ref<const std::string &>();
        if (path.size() > 4096 || sanitize::hasControlChars(path))
            refuseSchema(fileName,
                std::string(field) + " \"" + sanitize::oneLine(path.substr(0, 80))
                    + "\" is longer than 4096 bytes or holds control characters");
        file.modelPath = path;
    }
    return file;
}

std::string planFileToJsonText(const PlanFile &file)
{
    json j;
    j["schema"] = kPlanFileSchema;
    j["plan"] = planToJson(file.plan);
    if (!file.modelConfig.empty())
        j["model_config"] = json::parse(file.modelConfig);
    if (!file.gpuSpec.empty())
        j["gpu_spec"] = json::parse(file.gpuSpec);
    if (!file.workload.empty())
        j["workload"] = json::parse(file.workload);
    if (!file.vllmExtraArgs.empty())
        j["vllm_extra_args"] = file.vllmExtraArgs;
    // Written only as the reader accepts it, so a saved file always opens again.
    if (!file.modelPath.empty() && file.modelPath.size() <= 4096 && !sanitize::hasControlChars(file.modelPath))
        j["model_path"] = file.modelPath;
    return j.dump(2) + "\n";
}

} // namespace shardscope
