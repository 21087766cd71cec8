#include "cli/planoptions.h"

#include "core/evaluate/planrules.h"
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "core/text/units.h"
#include "io/boundedread.h"
#include "io/calibrationstore.h"
#include "io/presetrepository.h"

#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <utility>

using namespace shardscope;

namespace {

struct Flag
{
    const char *name;
    const char *valueName;
    const char *help;
};

// Kept in one table so the README's CLI reference and --help cannot drift apart in wording.
const Flag kFlags[] = {
    { "plan", "file", "Start from a saved plan (*.shardscope.json); flags given as well override it." },
    { "model", "id|path",
        "Model preset id, a Hugging Face config.json (nested text_config is fine), or a model folder holding one." },
    { "gpu", "id|path", "GPU preset id, or a GPU JSON file." },
    { "tp", "n", "Tensor-parallel size (default 1)." },
    { "pp", "n", "Pipeline-parallel size (default 1)." },
    { "dp", "n", "Data-parallel size (default 1)." },
    { "ep", "n", "Expert-parallel size; must divide tp x dp (default 1)." },
    { "gpus-per-node", "n", "GPUs per node (default: the GPU preset's)." },
    { "gpu-memory-utilization", "fraction",
        "Fraction of each GPU's memory vLLM may use (default: the vLLM version's, 0.9 before 0.21, 0.92 from 0.21)." },
    { "vllm-version", "X.Y[.Z]",
        "vLLM release whose accounting and log wording to follow, 0.6 to 0.33 (default: the newest known, 0.33)." },
    { "decode-context-parallel-size", "n", "Decode context parallel: shards KV tokens over n TP ranks (default 1)." },
    { "prefill-context-parallel-size", "n",
        "Prefill context parallel: n times the GPUs; divides KV only before vLLM 0.26 (default 1)." },
    { "mm-ipc-gpu-memory-gb", "GiB", "Multimodal frontend GPU memory taken from the KV budget (vLLM >= 0.25)." },
    { "mm-encoder-tp-mode", "weights|data",
        "Multimodal vision tower: split over the TP ranks (weights, vLLM's default) or a whole copy on each (data)." },
    { "kv-cache-memory-bytes", "size", "Fixed KV-cache bytes per GPU; utilization is then ignored." },
    { "num-speculative-layers", "n",
        "Speculative-decoding draft layers (EAGLE/MTP) added to the KV pool (default 0)." },
    { "num-speculative-tokens", "n",
        "Speculative tokens per step (--speculative-config's num_speculative_tokens): hybrid models keep more "
        "state per request (default 0)." },
    { "calibration", "file|name", "Overheads fitted to a real log (shardscope reconcile --save-calibration)." },
    { "max-model-len", "tokens", "Context length per request (default: the model's maximum)." },
    { "max-num-seqs", "n", "Sequences per step (default: vLLM's, 1024 or 256 by GPU)." },
    { "max-num-batched-tokens", "tokens", "Tokens per step (default: vLLM's, 8192 or 2048 by GPU)." },
    { "kv-cache-dtype", "auto|fp8", "KV-cache element type (default auto = the model's dtype)." },
    { "quantization", "auto|none|fp8|mxfp4|awq|gptq", "Weight format (default auto = as the checkpoint ships)." },
    { "block-size", "tokens", "KV-cache block size (default 16)." },
    { "gpu-memory-bytes", "size", "Override the GPU's total memory, e.g. 80e9, 80GB, 80GiB." },
    { "accounting", "textbook|vllm", "Memory accounting (default vllm)." },
    { "reserved-bytes", "size", "Textbook accounting: fixed reserve per GPU (default 4GiB)." },
    { "params", "count", "Textbook accounting: parameter count to split, e.g. 70.6e9 (default: from the config)." },
    { "expert-placement", "linear|round_robin", "How experts are laid out over EP ranks (default linear)." },
    { "moe-backend", "auto|marlin",
        "The experts' kernel, as vLLM's --moe-backend: auto (vLLM's choice for the GPU) or marlin (weight-only "
        "quantized experts; MXFP4 then loads in Marlin's layout, as on A100)." },
    { "num-redundant-experts", "n", "EPLB redundant experts per MoE layer (default 0)." },
    { "pp-layer-partition", "a,b,...", "Custom layers per stage (exported as VLLM_PP_LAYER_PARTITION)." },
    { "phase", "decode|prefill", "Which step the communication and time figures describe (default decode)." },
    { "batch", "n", "Decode: sequences decoding together in one step (default 1)." },
    { "prompt-len", "tokens", "Prefill: prompt tokens processed in the step (default 4096)." },
    { "microbatches", "n", "Pipeline micro-batches in flight (default 1)." },
    { "routing-skew", "x", "EP: the hottest expert receives x times its fair share (default 1)." },
    { "scaleup-latency-us", "us",
        "Alpha per step on the scale-up link and PCIe, microseconds (default: the GPU preset's, 1)." },
    { "scaleup-bandwidth", "bytes/s",
        "Effective scale-up bandwidth per GPU per direction, e.g. 450e9 or 370GB (default: line rate x efficiency)." },
    { "pcie-bandwidth", "bytes/s",
        "Effective PCIe bandwidth per GPU per direction (default: the preset's PCIe rate x efficiency)." },
    { "nic-latency-us", "us", "Alpha per step across nodes, microseconds (default: the GPU preset's, 5)." },
    { "nic-bandwidth", "bytes/s",
        "Effective NIC bandwidth per GPU per direction, e.g. 47e9 (default: NIC rate x efficiency)." },
    { "hbm-efficiency", "fraction", "Achievable fraction of peak HBM bandwidth in the time estimate (default 0.8)." },
    { "compute-efficiency", "fraction",
        "Achievable fraction of peak dense FLOPS in the time estimate (default 0.65)." },
};

const char *kSwitches[][2] = {
    { "enable-expert-parallel", "Expert parallelism as vLLM does it: ep = tp x dp." },
    { "enforce-eager", "No CUDA graphs (as vLLM's --enforce-eager)." },
    { "fp8-dispatch", "EP dispatch in FP8 (combine stays BF16)." },
    { "flashinfer-sampler",
        "V1's sampler on FlashInfer's top-k/top-p kernel (VLLM_USE_FLASHINFER_SAMPLER=1): fewer sampler buffers "
        "in the profiling run before vLLM 0.17." },
    { "disable-custom-all-reduce",
        "TP all-reduces through NCCL only (as vLLM's --disable-custom-all-reduce): no custom all-reduce "
        "buffers, NCCL's latency per all-reduce." },
    { "language-model-only",
        "Serve a multimodal checkpoint as text only (as vLLM's --language-model-only): no vision tower weights." },
    { "skip-mm-profiling",
        "Leave the multimodal encoder out of the profiling run (as vLLM's --skip-mm-profiling): no encoder peak in "
        "the activation memory." },
    { "enable-prefix-caching",
        "Prefix caching on (as vLLM's flag): a hybrid model's state keeps one more block per request." },
    { "no-enable-prefix-caching", "Prefix caching off (as vLLM's flag); default: the vLLM version's default." },
};

QString value(const QCommandLineParser &p, const char *name)
{
    return p.value(QString::fromLatin1(name)).trimmed();
}

bool isSet(const QCommandLineParser &p, const char *name)
{
    return p.isSet(QString::fromLatin1(name));
}

[[noreturn]] void bad(const char *flag, const QString &v, const std::string &why)
{
    throw InputError(std::string("--") + flag + " " + v.toStdString() + ": " + why);
}

long long intFlag(const QCommandLineParser &p, const char *name, long long lo, long long hi)
{
    const QString v = value(p, name);
    const auto parsed = parseCount(v.toStdString(), hi);
    if (!parsed || *parsed < lo)
        bad(name, v, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return *parsed;
}

double sizeFlag(const QCommandLineParser &p, const char *name)
{
    const QString v = value(p, name);
    const auto parsed = parseByteSize(v.toStdString());
    if (!parsed)
        bad(name, v, "expected a size such as 80e9, 80GB or 80GiB");
    return *parsed;
}

// 0 → "0", 1 → "1", 1e6 → "1000000", 1e16 → "1e+16": as short as the value allows.
std::string plainNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", v);
    return text;
}

double numberFlag(const QCommandLineParser &p, const char *name, double lo, double hi)
{
    const QString v = value(p, name);
    bool ok = false;
    const double d = v.toDouble(&ok);
    if (!ok || !(d >= lo && d <= hi))
        bad(name, v,
            // A tiny lower bound stands for "more than 0" (a fraction of the memory, an efficiency).
            lo > 0 && lo < 1e-4 ? "expected a number above 0, at most " + plainNumber(hi)
                                : "expected a number from " + plainNumber(lo) + " to " + plainNumber(hi));
    return d;
}

template <typename Enum>
Enum enumFlag(
    const QCommandLineParser &p, const char *name, std::initializer_list<std::pair<const char *, Enum>> options)
{
    const QString v = value(p, name);
    std::string allowed;
    for (const auto &[text, e] : options) {
        if (v == QLatin1String(text))
            return e;
        allowed += (allowed.empty() ? "" : ", ") + std::string(text);
    }
    bad(name, v, "expected one of " + allowed);
}

} // namespace

void addPlanOptions(QCommandLineParser &parser, const QStringList &notForThisCommand)
{
    const auto add = [&](QCommandLineOption option) {
        // Still parsed, so that the command can say why it refuses one, but not offered in --help.
        if (notForThisCommand.contains(option.names().first()))
            option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    };
    for (const Flag &f : kFlags)
        add(QCommandLineOption(
            QString::fromLatin1(f.name), QString::fromUtf8(f.help), QString::fromLatin1(f.valueName)));
    for (const auto &s : kSwitches)
        add(QCommandLineOption(QString::fromLatin1(s[0]), QString::fromUtf8(s[1])));
}

std::vector<std::pair<QString, bool>> planOptionNames()
{
    std::vector<std::pair<QString, bool>> out;
    for (const Flag &f : kFlags)
        out.emplace_back(QString::fromLatin1(f.name), true);
    for (const auto &s : kSwitches)
        out.emplace_back(QString::fromLatin1(s[0]), false);
    return out;
}

std::vector<std::string> givenPlanFields(const QCommandLineParser &p)
{
    static const char *const kMap[][2] = {
        { "tp", "tp" },
        { "pp", "pp" },
        { "dp", "dp" },
        { "gpu-memory-utilization", "gpu_memory_utilization" },
        { "max-model-len", "max_model_len" },
        { "block-size", "block_size" },
        { "max-num-seqs", "max_num_seqs" },
        { "max-num-batched-tokens", "max_num_batched_tokens" },
        { "enforce-eager", "enforce_eager" },
        { "flashinfer-sampler", "flashinfer_sampler" },
        { "moe-backend", "moe_backend" },
        { "disable-custom-all-reduce", "disable_custom_all_reduce" },
        { "kv-cache-dtype", "kv_cache_dtype" },
        { "vllm-version", "vllm_version" },
        { "gpu-memory-bytes", "gpu_memory_bytes" },
        { "decode-context-parallel-size", "decode_context_parallel_size" },
        { "prefill-context-parallel-size", "prefill_context_parallel_size" },
        { "mm-ipc-gpu-memory-gb", "mm_ipc_gpu_memory_gb" },
        { "mm-encoder-tp-mode", "mm_encoder_tp_mode" },
        { "language-model-only", "language_model_only" },
        { "skip-mm-profiling", "skip_mm_profiling" },
        { "kv-cache-memory-bytes", "kv_cache_memory_bytes" },
        { "num-speculative-tokens", "num_speculative_tokens" },
        { "enable-prefix-caching", "enable_prefix_caching" },
        { "no-enable-prefix-caching", "enable_prefix_caching" },
        { "pp-layer-partition", "pp" },
    };
    std::vector<std::string> out;
    for (const auto &m : kMap)
        if (isSet(p, m[0]))
            out.emplace_back(m[1]);
    return out;
}

PlanInputs planFromOptions(
    const QCommandLineParser &p, const PresetRepository &repo, const QString &fallbackModel, bool listFlags)
{
    PlanInputs in;
    Plan &plan = in.plan;
    QString modelRef, gpuRef;
    std::string filePath;
    if (isSet(p, "plan")) {
        const QString path = value(p, "plan");
        const PlanFile file = planFileFromJsonText(readJsonFile(path), path.toStdString());
        plan = file.plan;
        in.vllmExtraArgs = file.vllmExtraArgs;
        filePath = file.modelPath;
        modelRef = QString::fromStdString(plan.modelId);
        gpuRef = QString::fromStdString(plan.gpuId);
        // A plan saved with a custom config embeds it, so the file stands on its own.
        if (!file.modelConfig.empty() && !isSet(p, "model"))
            in.model = modelFromJsonText(file.modelConfig, plan.modelId);
        if (!file.gpuSpec.empty() && !isSet(p, "gpu"))
            in.gpu = gpuFromJsonText(file.gpuSpec, plan.gpuId);
    }
    if (isSet(p, "model"))
        modelRef = value(p, "model");
    else
        in.modelPath = filePath;
    if (modelRef.isEmpty())
        modelRef = fallbackModel;
    if (isSet(p, "gpu"))
        gpuRef = listFlags ? value(p, "gpu").section(QLatin1Char(','), 0, 0).trimmed() : value(p, "gpu");
    if (in.model.layers == 0) {
        if (modelRef.isEmpty())
            throw InputError("--model is required (a preset id such as llama-3.1-70b, or a config.json path)");
        in.model = repo.resolveModel(modelRef);
    }
    if (in.gpu.memoryBytes == 0) {
        if (gpuRef.isEmpty())
            throw InputError("--gpu is required (a preset id such as h100-sxm, or a GPU JSON path)");
        in.gpu = repo.resolveGpu(gpuRef);
    }
    plan.modelId = in.model.id;
    plan.gpuId = in.gpu.id;

    constexpr long long kMaxSize = 1 << 20;
    if (isSet(p, "tp"))
        plan.tp = static_cast<int>(intFlag(p, "tp", 1, kMaxSize));
    if (isSet(p, "pp"))
        plan.pp = static_cast<int>(intFlag(p, "pp", 1, kMaxSize));
    if (isSet(p, "dp"))
        plan.dp = static_cast<int>(intFlag(p, "dp", 1, kMaxSize));
    if (isSet(p, "ep"))
        plan.ep = static_cast<int>(intFlag(p, "ep", 1, kMaxSize));
    // Before ep = tp x dp below multiplies them in int (65536 x 65536 wrapped to 0).
    checkWorldSize(plan,
        "--tp " + std::to_string(plan.tp) + " --pp " + std::to_string(plan.pp) + " --dp " + std::to_string(plan.dp));
    if (isSet(p, "enable-expert-parallel")) {
        if (isSet(p, "ep"))
            throw InputError("--ep and --enable-expert-parallel are exclusive (the latter sets ep = tp x dp)");
        plan.ep = expertParallelSize(plan);
    }
    if (isSet(p, "gpus-per-node"))
        plan.gpusPerNode = static_cast<int>(intFlag(p, "gpus-per-node", 1, kMaxSize));
    if (isSet(p, "gpu-memory-utilization"))
        plan.gpuMemoryUtilization = numberFlag(p, "gpu-memory-utilization", 0.000001, 1.0);
    if (isSet(p, "max-model-len"))
        plan.maxModelLen = intFlag(p, "max-model-len", 1, 1LL << 31);
    if (isSet(p, "max-num-seqs") && !listFlags)
        plan.maxNumSeqs = intFlag(p, "max-num-seqs", 1, 1LL << 31);
    if (isSet(p, "max-num-batched-tokens") && !listFlags)
        plan.maxNumBatchedTokens = intFlag(p, "max-num-batched-tokens", 1, 1LL << 31);
    // sweep's SLA search reads lists (auto,fp8) itself.
    const auto isList = [&](const char *name) { return listFlags && value(p, name).contains(QLatin1Char(',')); };
    if (isSet(p, "kv-cache-dtype") && !isList("kv-cache-dtype"))
        plan.kvCacheDtype = enumFlag<KvDtype>(p, "kv-cache-dtype",
            { { "auto", KvDtype::Auto }, { "fp8", KvDtype::Fp8 }, { "fp8_e4m3", KvDtype::Fp8 },
                { "fp8_e5m2", KvDtype::Fp8 } });
    if (isSet(p, "quantization") && !isList("quantization"))
        plan.quantization = enumFlag<Quantization>(p, "quantization",
            { { "auto", Quantization::Auto }, { "none", Quantization::None }, { "fp8", Quantization::Fp8 },
                { "mxfp4", Quantization::Mxfp4 }, { "awq", Quantization::Awq }, { "gptq", Quantization::Gptq } });
    if (isSet(p, "block-size"))
        plan.blockSize = static_cast<int>(intFlag(p, "block-size", 1, 4096));
    if (isSet(p, "gpu-memory-bytes")) {
        plan.gpuMemoryBytes = sizeFlag(p, "gpu-memory-bytes");
        if (plan.gpuMemoryBytes <= 0)
            bad("gpu-memory-bytes", value(p, "gpu-memory-bytes"), "must be positive");
        if (plan.gpuMemoryBytes < MiB) // parseByteSize already refuses more than 1 PiB
            bad("gpu-memory-bytes", value(p, "gpu-memory-bytes"), "expected a size from 1MiB to 1PiB");
    }
    if (isSet(p, "accounting"))
        plan.accounting = enumFlag<Accounting>(
            p, "accounting", { { "textbook", Accounting::Textbook }, { "vllm", Accounting::Vllm } });
    if (isSet(p, "reserved-bytes"))
        plan.reservedBytes = sizeFlag(p, "reserved-bytes");
    if (isSet(p, "params"))
        plan.paramsOverride = numberFlag(p, "params", 1, 1e16);
    if (isSet(p, "expert-placement"))
        plan.expertPlacement = enumFlag<ExpertPlacement>(p, "expert-placement",
            { { "linear", ExpertPlacement::Linear }, { "round_robin", ExpertPlacement::RoundRobin } });
    if (isSet(p, "moe-backend"))
        plan.moeBackend = enumFlag<MoeBackend>(
            p, "moe-backend", { { "auto", MoeBackend::Auto }, { "marlin", MoeBackend::Marlin } });
    if (isSet(p, "num-redundant-experts"))
        plan.redundantExperts = static_cast<int>(intFlag(p, "num-redundant-experts", 0, kMaxSize));
    if (isSet(p, "pp-layer-partition")) {
        plan.ppPartition.clear();
        const QString v = value(p, "pp-layer-partition");
        for (const QString &part : v.split(QLatin1Char(','))) {
            bool ok = false;
            const int n = part.trimmed().toInt(&ok);
            if (!ok || n < 1 || n > 1 << 20)
                bad("pp-layer-partition", v, "expected positive layer counts separated by commas, e.g. 16,16,15,14");
            plan.ppPartition.push_back(n);
        }
        if (!isSet(p, "pp"))
            plan.pp = static_cast<int>(std::min<size_t>(plan.ppPartition.size(), kMaxSize));
        checkWorldSize(plan, "--pp-layer-partition " + std::to_string(plan.ppPartition.size()) + " stages");
    }
    if (isSet(p, "enforce-eager"))
        plan.enforceEager = true;
    if (isSet(p, "flashinfer-sampler"))
        plan.flashinferSampler = true;
    if (isSet(p, "disable-custom-all-reduce"))
        plan.disableCustomAllReduce = true;
    if (isSet(p, "vllm-version")) {
        const QString v = value(p, "vllm-version");
        const auto parsed = parseVllmVersion(v.toStdString());
        if (!parsed)
            bad("vllm-version", v, "expected a vLLM release such as 0.11.0, 0.8 or 0.21");
        plan.vllmVersion = *parsed;
    }
    if (isSet(p, "decode-context-parallel-size"))
        plan.decodeContextParallel = static_cast<int>(intFlag(p, "decode-context-parallel-size", 1, kMaxSize));
    if (isSet(p, "prefill-context-parallel-size")) {
        plan.prefillContextParallel = static_cast<int>(intFlag(p, "prefill-context-parallel-size", 1, kMaxSize));
        checkWorldSize(plan, "--prefill-context-parallel-size");
    }
    if (isSet(p, "language-model-only"))
        plan.languageModelOnly = true;
    if (isSet(p, "skip-mm-profiling"))
        plan.skipMmProfiling = true;
    if (isSet(p, "mm-encoder-tp-mode")) {
        const QString v = value(p, "mm-encoder-tp-mode");
        if (v != QLatin1String("weights") && v != QLatin1String("data"))
            bad("mm-encoder-tp-mode", v, "expected weights or data");
        plan.mmEncoderTpData = v == QLatin1String("data");
    }
    if (isSet(p, "mm-ipc-gpu-memory-gb"))
        plan.mmIpcGpuMemoryGb = numberFlag(p, "mm-ipc-gpu-memory-gb", 0, 1e6);
    if (isSet(p, "kv-cache-memory-bytes")) {
        const double b = sizeFlag(p, "kv-cache-memory-bytes");
        if (!(b >= 1 && b <= 1e18))
            bad("kv-cache-memory-bytes", value(p, "kv-cache-memory-bytes"), "expected a size from 1 byte to 1e18");
        plan.kvCacheMemoryBytes = static_cast<std::int64_t>(b);
    }
    if (isSet(p, "num-speculative-layers"))
        plan.speculativeLayers = static_cast<int>(intFlag(p, "num-speculative-layers", 0, 64));
    if (isSet(p, "num-speculative-tokens"))
        plan.numSpeculativeTokens = static_cast<int>(intFlag(p, "num-speculative-tokens", 0, 64));
    if (isSet(p, "enable-prefix-caching") && isSet(p, "no-enable-prefix-caching"))
        bad("enable-prefix-caching", QStringLiteral("--no-enable-prefix-caching"), "give one of the two");
    if (isSet(p, "enable-prefix-caching"))
        plan.prefixCaching = PrefixCaching::On;
    if (isSet(p, "no-enable-prefix-caching"))
        plan.prefixCaching = PrefixCaching::Off;
    if (isSet(p, "calibration"))
        plan.calibration = CalibrationStore::resolve(value(p, "calibration"));
    if (isSet(p, "phase"))
        plan.phase = enumFlag<Phase>(p, "phase", { { "decode", Phase::Decode }, { "prefill", Phase::Prefill } });
    if (isSet(p, "batch"))
        plan.batch = intFlag(p, "batch", 1, 1LL << 31);
    if (isSet(p, "prompt-len"))
        plan.promptLen = intFlag(p, "prompt-len", 1, 1LL << 31);
    if (isSet(p, "microbatches"))
        plan.microbatches = static_cast<int>(intFlag(p, "microbatches", 1, kMaxSize));
    if (isSet(p, "routing-skew"))
        plan.routingSkew = numberFlag(p, "routing-skew", 1.0, 1e6);
    if (isSet(p, "fp8-dispatch"))
        plan.fp8Dispatch = true;
    if (isSet(p, "scaleup-latency-us"))
        plan.scaleupLatencySec = numberFlag(p, "scaleup-latency-us", 0, 1e6) * 1e-6;
    if (isSet(p, "nic-latency-us"))
        plan.nicLatencySec = numberFlag(p, "nic-latency-us", 0, 1e6) * 1e-6;
    for (auto [name, field] : { std::pair { "scaleup-bandwidth", &plan.scaleupBytesPerSec },
             std::pair { "pcie-bandwidth", &plan.pcieBytesPerSec },
             std::pair { "nic-bandwidth", &plan.nicBytesPerSec } }) {
        if (!isSet(p, name))
            continue;
        *field = sizeFlag(p, name);
        if (*field <= 0)
            bad(name, value(p, name), "must be positive");
        if (*field < kMinBandwidth || *field > kMaxBandwidth) // 1e-300 made every step time inf
            bad(name, value(p, name), "expected a bandwidth from 1e6 to 1e15 bytes/s (1 MB/s to 1 PB/s)");
    }
    if (isSet(p, "hbm-efficiency"))
        plan.hbmEfficiency = numberFlag(p, "hbm-efficiency", 0.000001, 1.0);
    if (isSet(p, "compute-efficiency"))
        plan.computeEfficiency = numberFlag(p, "compute-efficiency", 0.000001, 1.0);
    return in;
}
