#include "core/vllmlog/vllmlogparser.h"

#include "core/text/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace shardscope {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr std::size_t kMaxFailures = 20;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Removes terminal colour codes, both real (ESC [ ... m) and pasted as text ("^[[0;36m").
std::string stripAnsi(std::string_view in)
{
    std::string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size();) {
        std::size_t skip = 0;
        if (in[i] == '\x1b' && i + 1 < in.size() && in[i + 1] == '[')
            skip = 2;
        else if (in[i] == '^' && i + 2 < in.size() && in[i + 1] == '[' && in[i + 2] == '[')
            skip = 3;
        if (skip) {
            std::size_t j = i + skip;
            while (j < in.size() && j - i < 16 && (isDigit(in[j]) || in[j] == ';'))
                ++j;
            if (j < in.size() && in[j] == 'm') {
                i = j + 1;
                continue;
            }
        }
        out.push_back(in[i]);
        ++i;
    }
    return out;
}

// A number at `pos` ("1,131,008", "-2.14", "0.90"); commas between digits are thousands separators.
std::optional<double> numberAt(std::string_view s, std::size_t pos, std::size_t *end = nullptr)
{
    std::string digits;
    std::size_t i = pos;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        digits.push_back(s[i++]);
    bool any = false;
    while (i < s.size() && digits.size() < 40) {
        const char c = s[i];
        if (isDigit(c) || c == '.') {
            digits.push_back(c);
            any = any || isDigit(c);
            ++i;
        } else if (c == ',' && any && i + 1 < s.size() && isDigit(s[i + 1]) && digits.find('.') == std::string::npos) {
            ++i; // thousands separator
        } else if ((c == 'e' || c == 'E') && any && i + 1 < s.size() && (isDigit(s[i + 1]) || s[i + 1] == '-')) {
            digits.push_back(c);
            ++i;
            if (s[i] == '-')
                digits.push_back(s[i++]);
        } else {
            break;
        }
    }
    if (!any)
        return std::nullopt;
    double v = 0;
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || !std::isfinite(v) || std::fabs(v) > 1e15)
        return std::nullopt;
    if (end)
        *end = i;
    return v;
}

// The number following `key` (skipping spaces and one of = : ( ), and its position after.
std::optional<double> numberAfter(
    std::string_view line, std::string_view key, std::size_t *end = nullptr, std::size_t from = 0)
{
    const std::size_t k = line.find(key, from);
    if (k == std::string_view::npos)
        return std::nullopt;
    std::size_t i = k + key.size();
    while (i < line.size() && (isSpace(line[i]) || line[i] == '=' || line[i] == ':' || line[i] == '('))
        ++i;
    return numberAt(line, i, end);
}

// Converts a value followed by a unit to bytes. vLLM printed "GB" and "MB" for binary units
// (x / 2**30, x / 2**20) before it switched to "GiB".
std::optional<double> bytesAfter(std::string_view line, std::string_view key, std::size_t from = 0)
{
    std::size_t end = 0;
    const auto v = numberAfter(line, key, &end, from);
    if (!v)
        return std::nullopt;
    while (end < line.size() && isSpace(line[end]))
        ++end;
    const std::string_view unit = line.substr(end, 3);
    if (unit.rfind("MB", 0) == 0 || unit.rfind("MiB", 0) == 0)
        return *v * 1024.0 * 1024.0;
    if (unit.rfind("GB", 0) == 0 || unit.rfind("GiB", 0) == 0)
        return *v * kGiB;
    if (unit.rfind("TB", 0) == 0 || unit.rfind("TiB", 0) == 0)
        return *v * kGiB * 1024.0;
    return std::nullopt;
}

// The GiB value written just before `key` ("21.2 GiB for weight").
std::optional<double> gibBefore(std::string_view line, std::string_view key)
{
    const std::size_t k = line.find(key);
    if (k == std::string_view::npos || k == 0)
        return std::nullopt;
    std::size_t i = k;
    while (i > 0 && (isDigit(line[i - 1]) || line[i - 1] == '.' || line[i - 1] == '-'))
        --i;
    const auto v = numberAt(line, i);
    if (!v)
        return std::nullopt;
    return *v * kGiB;
}

// Python dict or config text: the value after 'key': or key= up to , ) or }.
std::optional<std::string> valueOf(std::string_view line, std::string_view key)
{
    for (const std::string &pattern :
        { "'" + std::string(key) + "': ", " " + std::string(key) + "=", "(" + std::string(key) + "=" }) {
        std::size_t k = line.find(pattern);
        if (k == std::string_view::npos)
            continue;
        std::size_t i = k + pattern.size();
        std::string v;
        if (i < line.size() && (line[i] == '\'' || line[i] == '"')) {
            const char q = line[i++];
            while (i < line.size() && line[i] != q && v.size() < 512)
                v.push_back(line[i++]);
        } else {
            while (i < line.size() && line[i] != ',' && line[i] != '}' && line[i] != ')' && v.size() < 512)
                v.push_back(line[i++]);
        }
        while (!v.empty() && isSpace(v.back()))
            v.pop_back();
        return v;
    }
    return std::nullopt;
}

// 'limit_mm_per_prompt': {'image': 0, 'video': 0} as the arguments print it: true when image and video are both
// limited to 0 and no modality is allowed (vLLM then builds no tower under _mark_tower_model and skips the encoder
// pass, as --language-model-only does); false for any other limit; nullopt when the key is absent.
std::optional<bool> textOnlyLimits(std::string_view line)
{
    const std::size_t k = line.find("limit_mm_per_prompt");
    if (k == std::string_view::npos)
        return std::nullopt;
    const std::size_t open = line.find('{', k);
    if (open == std::string_view::npos || open > k + 24)
        return std::nullopt;
    int depth = 0;
    std::size_t close = open;
    for (; close < line.size() && close < open + 512; ++close) {
        depth += line[close] == '{' ? 1 : (line[close] == '}' ? -1 : 0);
        if (depth == 0)
            break;
    }
    if (depth != 0 || close >= line.size())
        return std::nullopt;
    const std::string_view dict = line.substr(open, close - open + 1);
    bool allZero = true;
    for (std::size_t i = 0; i < dict.size(); ++i)
        if (isDigit(dict[i]) && (i == 0 || !isDigit(dict[i - 1]))
            && (dict[i] != '0' || (i + 1 < dict.size() && isDigit(dict[i + 1]))))
            allZero = false;
    const bool both = dict.find("image") != std::string_view::npos && dict.find("video") != std::string_view::npos;
    return allZero && both;
}

std::optional<std::int64_t> intValue(std::string_view line, std::string_view key)
{
    const auto v = valueOf(line, key);
    if (!v || v->empty() || !(isDigit((*v)[0]) || (*v)[0] == '-'))
        return std::nullopt;
    const auto d = numberAt(*v, 0);
    if (!d || *d != std::floor(*d) || *d < -1 || *d > 1e12)
        return std::nullopt;
    return static_cast<std::int64_t>(*d);
}

bool contains(std::string_view line, std::string_view s)
{
    return line.find(s) != std::string_view::npos;
}

// The worker a line belongs to, from its process prefix "(VllmWorker rank=2 pid=107)".
ObservedWorker workerOf(std::string_view line)
{
    ObservedWorker w;
    const std::size_t pid = line.substr(0, 400).find(" pid=");
    if (pid == std::string_view::npos)
        return w;
    const std::size_t open = line.rfind('(', pid);
    if (open == std::string_view::npos)
        return w;
    w.label = std::string(line.substr(open + 1, pid - open - 1));
    if (w.label.size() > 80)
        w.label.resize(80);
    if (const auto r = numberAfter(w.label, "rank="); r && *r >= 0 && *r < 1e6)
        w.rank = static_cast<int>(*r);
    const auto part = [&](std::string_view tag) {
        const std::size_t k = w.label.find(tag);
        if (k == std::string::npos || k + tag.size() >= w.label.size() || !isDigit(w.label[k + tag.size()]))
            return -1;
        const auto v = numberAt(w.label, k + tag.size());
        return v && *v < 1e6 ? static_cast<int>(*v) : -1;
    };
    w.tpRank = part("TP");
    w.ppRank = part("PP");
    w.dpRank = part("DP");
    if (w.label == "VllmWorkerProcess") { // V0 helper workers carry no rank: tell them apart by pid
        std::string id;
        for (std::size_t i = pid + 5; i < line.size() && isDigit(line[i]) && id.size() < 10; ++i)
            id.push_back(line[i]);
        w.label += " pid=" + id;
    }
    return w;
}

std::string trimmedFailure(std::string_view line)
{
    std::size_t k = line.find("ValueError");
    if (k == std::string_view::npos)
        k = line.find("Error:");
    if (k == std::string_view::npos) {
        k = line.find("] ");
        k = k == std::string_view::npos ? 0 : k + 2;
    }
    std::string s(line.substr(k, 400));
    while (!s.empty() && isSpace(s.back()))
        s.pop_back();
    return s;
}

class Parser
{
public:
    ParsedVllmLog log;

    void line(std::string_view raw)
    {
        const std::string clean = stripAnsi(raw);
        const std::string_view l = clean;
        ++log.lines;
        config(l);
        memory(l);
        capacity(l);
        failure(l);
    }

private:
    ObservedWorker &worker(std::string_view l)
    {
        const ObservedWorker id = workerOf(l);
        for (ObservedWorker &w : log.workers)
            if (w.label == id.label)
                return w;
        log.workers.push_back(id);
        return log.workers.back();
    }

    void setEngine(LogEngine e)
    {
        if (log.engine == LogEngine::Unknown)
            log.engine = e;
    }

    void config(std::string_view l)
    {
        // vllm/distributed/device_communicators/custom_all_reduce.py, CustomAllreduce.__init__: each reason it
        // gives up ("spans across nodes", "more than two PCIe-only GPUs", "lacks GPU P2P capability").
        if (contains(l, "Custom allreduce is disabled"))
            log.disableCustomAllReduce = true;
        // vllm/model_executor/layers/quantization/utils/marlin_utils_fp4.py: FP4 weights go through Marlin.
        if (contains(l, "Weight-only FP4 compression will be used leveraging the Marlin kernel"))
            log.moeBackendMarlin = true;
        // vllm/v1/sample/ops/topk_topp_sampler.py, TopKTopPSampler.__init__: which path the sampler takes.
        if (contains(l, "Using FlashInfer for top-p & top-k sampling"))
            log.flashinferSampler = true;
        else if (contains(l, "native implementation of top-p & top-k sampling")
            || contains(l, "FlashInfer top-p/top-k sampling disabled"))
            log.flashinferSampler = false;
        // Version: "Initializing a V1 LLM engine (v0.24.0)", "Initializing an LLM engine (v0.5.4)",
        // "vLLM API server version 0.10.1", the banner's "version 0.18.0".
        if (!log.version) {
            for (std::string_view key :
                { "LLM engine (v", "server version ", "vLLM version ", "\xe2\x96\x88  version " }) {
                const std::size_t k = l.find(key);
                if (k == std::string_view::npos)
                    continue;
                std::size_t e = k + key.size();
                while (e < l.size() && !isSpace(l[e]) && l[e] != ')' && e - k < 64)
                    ++e;
                if (const auto v = parseVllmVersion(l.substr(k + key.size(), e - k - key.size()))) {
                    log.version = v;
                    break;
                }
            }
        }
        if (contains(l, "V1 LLM engine") || contains(l, "EngineCore"))
            setEngine(LogEngine::V1);
        const bool args = contains(l, "non-default args") || contains(l, "with config:") || contains(l, "EngineArgs(");
        if (args) {
            if (auto v = intValue(l, "tensor_parallel_size"))
                log.tp = static_cast<int>(*v);
            if (auto v = intValue(l, "pipeline_parallel_size"))
                log.pp = static_cast<int>(*v);
            if (auto v = intValue(l, "data_parallel_size"))
                log.dp = static_cast<int>(*v);
            if (auto v = intValue(l, "decode_context_parallel_size"))
                log.dcp = static_cast<int>(*v);
            if (auto v = intValue(l, "prefill_context_parallel_size"); v && *v >= 1 && *v <= (1 << 20))
                log.pcp = static_cast<int>(*v);
            if (auto v = intValue(l, "max_model_len"))
                log.maxModelLen = *v;
            if (auto v = intValue(l, "max_seq_len"); v && !log.maxModelLen)
                log.maxModelLen = *v;
            if (auto v = intValue(l, "block_size"))
                log.blockSize = *v;
            if (auto v = intValue(l, "max_num_seqs"))
                log.maxNumSeqs = *v;
            if (auto v = intValue(l, "max_num_batched_tokens"))
                log.maxNumBatchedTokens = *v;
            if (auto v = valueOf(l, "gpu_memory_utilization")) {
                if (const auto d = numberAt(*v, 0); d && *d > 0 && *d <= 1)
                    log.gpuMemoryUtilization = *d;
            }
            if (auto v = valueOf(l, "kv_cache_dtype"))
                log.kvCacheDtype = *v;
            if (auto v = valueOf(l, "quantization"); v && *v != "None")
                log.quantization = *v;
            if (auto v = valueOf(l, "enforce_eager"))
                log.enforceEager = (*v == "True" || *v == "true");
            if (auto v = valueOf(l, "enable_prefix_caching"))
                log.enablePrefixCaching = (*v == "True" || *v == "true");
            if (auto v = valueOf(l, "language_model_only"); v && (*v == "True" || *v == "true"))
                log.languageModelOnly = true;
            if (auto v = textOnlyLimits(l); v && !log.languageModelOnly.value_or(false))
                log.languageModelOnly = *v;
            if (auto v = valueOf(l, "skip_mm_profiling"))
                log.skipMmProfiling = (*v == "True" || *v == "true");
            if (auto v = valueOf(l, "mm_encoder_tp_mode"))
                log.mmEncoderTpData = *v == "data";
            if (auto v = intValue(l, "num_speculative_tokens"); v && *v >= 0 && *v <= 64)
                log.numSpeculativeTokens = static_cast<int>(*v);
            if (auto v = valueOf(l, "moe_backend"); v && (*v == "marlin" || *v == "auto"))
                log.moeBackendMarlin = *v == "marlin";
            if (auto v = valueOf(l, "disable_custom_all_reduce"); v && log.disableCustomAllReduce != true)
                log.disableCustomAllReduce = (*v == "True" || *v == "true");
            for (std::string_view key : { "model", "model_tag" })
                if (auto v = valueOf(l, key); v && !v->empty() && log.model.empty())
                    log.model = *v;
        }
        if (log.model.empty()) // "Starting to load model openai/gpt-oss-120b..."
            if (const std::size_t k = l.find("Starting to load model "); k != std::string_view::npos) {
                std::string_view rest = l.substr(k + 23);
                rest = rest.substr(0, std::min<std::size_t>(rest.find(' '), 256));
                while (!rest.empty() && rest.back() == '.')
                    rest.remove_suffix(1);
                log.model = std::string(rest);
            }
        if (log.model.empty()) { // the banner: "█  model   /path/to/model"
            const std::size_t k = l.find("  model   ");
            if (k != std::string_view::npos) {
                std::string_view rest = l.substr(k + 10);
                while (!rest.empty() && isSpace(rest.front()))
                    rest.remove_prefix(1);
                log.model = std::string(rest.substr(0, std::min<std::size_t>(rest.find(' '), 256)));
            }
        }
        if (auto v = numberAfter(l, "Using max model len"); v && *v > 0 && *v < 1e12)
            log.maxModelLen = static_cast<std::int64_t>(*v);
        if (auto v = numberAfter(l, "--gpu-memory-utilization=");
            v && *v > 0 && *v <= 1 && contains(l, "is equivalent to")) {
            log.gpuMemoryUtilization = *v;
            log.cudaGraphProfiling = true;
        }
        if (contains(l, "CUDA graph memory profiling is enabled"))
            log.cudaGraphProfiling = true;
    }

    // "PIECEWISE=51 (largest=512), FULL=35 (largest=256)": counts below 100,000, sizes below 2^31.
    void graphCaptures(std::string_view l)
    {
        const auto count = [&](std::string_view key) -> std::optional<int> {
            const auto v = numberAfter(l, key);
            return v && *v >= 0 && *v < 1e5 && *v == std::floor(*v) ? std::optional<int>(static_cast<int>(*v))
                                                                    : std::nullopt;
        };
        const auto largest = [&](std::string_view key) -> std::optional<std::int64_t> {
            const std::size_t k = l.find(key);
            const auto v = k == std::string_view::npos ? std::nullopt : numberAfter(l, "largest=", nullptr, k);
            return v && *v > 0 && *v < 2147483648.0 ? std::optional<std::int64_t>(static_cast<std::int64_t>(*v))
                                                    : std::nullopt;
        };
        const std::optional<int> piecewise = count("PIECEWISE=");
        const std::optional<int> full = count("FULL=");
        if (!piecewise && !full)
            return;
        // A mode the line does not name has no graphs.
        log.cudaGraphsPiecewise = piecewise.value_or(0);
        log.cudaGraphsFull = full.value_or(0);
        log.cudaGraphLargestPiecewise = largest("PIECEWISE=");
        log.cudaGraphLargestFull = largest("FULL=");
    }

    void memory(std::string_view l)
    {
        if (auto b = bytesAfter(l, "Loading model weights took")) {
            worker(l).weightsBytes = *b;
            setEngine(LogEngine::V0);
        }
        if (auto b = bytesAfter(l, "Model loading took")) {
            worker(l).weightsBytes = *b;
            if (contains(l, "GiB memory"))
                log.loadingMemoryWording = true;
            if (contains(l, "gpu_model_runner"))
                setEngine(LogEngine::V1);
            else if (contains(l, "[model_runner.py") || contains(l, " model_runner.py"))
                setEngine(LogEngine::V0);
        }
        if (auto b = bytesAfter(l, "Available KV cache memory")) {
            worker(l).availableKvBytes = *b;
            setEngine(LogEngine::V1);
        }
        // V0 one-line summary (0.6.4-0.7): "total_gpu_memory=23.58GiB ... kv_cache_size=3.81GiB ...
        // gpu_memory_utilization=0.90"
        if (contains(l, "kv_cache_size=")) {
            ObservedWorker &w = worker(l);
            setEngine(LogEngine::V0);
            if (auto b = bytesAfter(l, "kv_cache_size="))
                w.availableKvBytes = *b;
            if (auto b = bytesAfter(l, "total_gpu_memory="))
                w.totalBytes = *b;
            if (auto b = bytesAfter(l, "non_torch_memory="))
                w.nonTorchBytes = *b;
            if (auto b = bytesAfter(l, "peak_torch_memory="); b && w.weightsBytes >= 0)
                w.activationBytes = *b - w.weightsBytes;
            if (auto v = numberAfter(l, "gpu_memory_utilization="); v && *v > 0 && *v <= 1)
                log.gpuMemoryUtilization = *v;
        }
        // V0 (0.7-0.8): "the current vLLM instance can use total_gpu_memory (23.58GiB) x gpu_memory_utilization (0.90)
        // = 21.19GiB"
        if (contains(l, "total_gpu_memory (")) {
            ObservedWorker &w = worker(l);
            setEngine(LogEngine::V0);
            if (auto b = bytesAfter(l, "total_gpu_memory ("))
                w.totalBytes = *b;
            if (auto v = numberAfter(l, "gpu_memory_utilization ("); v && *v > 0 && *v <= 1)
                log.gpuMemoryUtilization = *v;
            if (const std::size_t eq = l.find(") = "); eq != std::string_view::npos)
                if (auto b = bytesAfter(l, ") = ", eq))
                    w.requestedBytes = *b;
        }
        // V0 (0.7-0.8): "model weights take 34.43GiB; non_torch_memory takes 0.34GiB; PyTorch activation peak memory
        // takes 2.51GiB; the rest of the memory reserved for KV Cache is 0.13GiB."
        if (contains(l, "model weights take")) {
            ObservedWorker &w = worker(l);
            setEngine(LogEngine::V0);
            if (auto b = bytesAfter(l, "model weights take"))
                w.weightsBytes = *b;
            if (auto b = bytesAfter(l, "non_torch_memory takes"))
                w.nonTorchBytes = *b;
            if (auto b = bytesAfter(l, "activation peak memory takes"))
                w.activationBytes = *b;
            if (auto b = bytesAfter(l, "reserved for KV Cache is"))
                w.availableKvBytes = *b;
        }
        // V0 (0.6.5) table: one "key   value" per line.
        if (!contains(l, "takes") && !contains(l, "=")) {
            if (auto b = bytesAfter(l, "total_gpu_memory"))
                worker(l).totalBytes = *b;
            if (auto b = bytesAfter(l, "non_torch_memory"))
                worker(l).nonTorchBytes = *b;
            if (auto b = bytesAfter(l, "PyTorch activation peak memory"))
                worker(l).activationBytes = *b;
            if (auto b = bytesAfter(l, "available_kv_cache_memory"))
                worker(l).availableKvBytes = *b;
            if (auto b = bytesAfter(l, "the current vLLM instance can use"))
                worker(l).requestedBytes = *b;
            if (auto v = numberAfter(l, "gpu_memory_utilization"); v && *v > 0 && *v <= 1 && contains(l, "worker"))
                log.gpuMemoryUtilization = *v;
        }
        // V1 0.17+ (DEBUG, vllm/v1/worker/gpu_worker.py): "Requested memory: U (util), R GiB" and "Memory
        // profiling takes S seconds. Total non KV cache memory: X GiB; torch peak memory increase: A GiB;
        // non-torch forward increase memory: N GiB; weights memory: W GiB." Every worker prints these; only some
        // print their "Available KV cache memory", which is R - X (determine_available_memory).
        if (contains(l, "Requested memory:"))
            if (auto b = bytesAfter(l, "(util),"))
                worker(l).requestedBytes = *b;
        if (contains(l, "Total non KV cache memory:")) {
            ObservedWorker &w = worker(l);
            setEngine(LogEngine::V1);
            if (auto b = bytesAfter(l, "Total non KV cache memory:"))
                w.nonKvBytes = *b;
            if (auto b = bytesAfter(l, "torch peak memory increase:"))
                w.activationBytes = *b;
            if (auto b = bytesAfter(l, "non-torch forward increase memory:"))
                w.nonTorchBytes = *b;
        }
        if (auto b = bytesAfter(l, "Estimated CUDA graph memory"))
            worker(l).cudaGraphBytes = *b;
        if (contains(l, "Profiling CUDA graph memory:") && !log.cudaGraphsPiecewise)
            graphCaptures(l);
        // >= 0.26, after capture: "CUDA graph pool memory: A GiB (actual), E GiB (estimated), difference: ..."
        // (vllm/v1/worker/gpu_worker.py compile_or_warm_up_model). The estimate is what the budget subtracted.
        if (contains(l, "CUDA graph pool memory:")) {
            ObservedWorker &w = worker(l);
            if (auto b = gibBefore(l, " GiB (actual)"))
                w.cudaGraphActualBytes = *b;
            if (auto b = gibBefore(l, " GiB (estimated)"); b && w.cudaGraphBytes < 0)
                w.cudaGraphBytes = *b;
        }
        // --kv-cache-memory-bytes: "Initial free memory F GiB, reserved X GiB memory for KV Cache as specified by
        // kv_cache_memory_bytes config and skipped memory profiling." (gpu_worker.py determine_available_memory)
        if (contains(l, "as specified by kv_cache_memory_bytes"))
            if (auto b = bytesAfter(l, ", reserved")) {
                ObservedWorker &w = worker(l);
                w.availableKvBytes = *b;
                log.kvCacheMemoryBytes = *b;
                setEngine(LogEngine::V1);
            }
        if (contains(l, "Graph capturing finished"))
            if (auto b = bytesAfter(l, "took"))
                worker(l).cudaGraphBytes = *b;
        // V1 0.10-0.20 (INFO): "Free memory on device (F/T GiB) on startup. Desired GPU memory utilization is (U, R
        // GiB). Actual usage is W GiB for weight, A GiB for peak activation, N GiB for non-torch memory, and C GiB for
        // CUDAGraph memory."
        if (contains(l, "Free memory on device (")) {
            ObservedWorker &w = worker(l);
            const std::size_t k = l.find("Free memory on device (");
            const std::size_t slash = l.find('/', k);
            if (slash != std::string_view::npos)
                if (auto v = numberAt(l, slash + 1); v && *v > 0)
                    w.totalBytes = *v * kGiB;
            if (auto v = numberAfter(l, "utilization is ("); v && *v > 0 && *v <= 1)
                log.gpuMemoryUtilization = *v;
            if (auto b = gibBefore(l, " GiB for weight"))
                w.weightsBytes = *b;
            if (auto b = gibBefore(l, " GiB for peak activation"))
                w.activationBytes = *b;
            if (auto b = gibBefore(l, " GiB for non-torch memory"))
                w.nonTorchBytes = *b;
            // >= 0.26: "Actual usage is X GiB for consumed memory (weights + non-torch), Y GiB for peak activation,
            // and Z GiB for CUDAGraph memory." (#47374): non-torch = consumed - the weights loaded.
            if (auto b = gibBefore(l, " GiB for consumed memory")) {
                w.consumedBytes = *b;
                log.consumedMemoryWording = true;
                if (w.nonTorchBytes < 0 && w.weightsBytes >= 0 && *b >= w.weightsBytes)
                    w.nonTorchBytes = *b - w.weightsBytes;
            }
            if (auto b = gibBefore(l, " GiB for CUDAGraph memory"))
                w.cudaGraphBytes = *b;
        }
    }

    void capacity(std::string_view l)
    {
        // V0 "# GPU blocks: N, # CPU blocks: M", "# cuda blocks: N"; V1 0.7 "# GPU blocks: N"; "num_gpu_blocks is: N"
        for (std::string_view key : { "GPU blocks:", "# cuda blocks:", "num_gpu_blocks is:" })
            if (auto v = numberAfter(l, key); v && *v >= 0 && *v < 1e12)
                log.gpuBlocks = static_cast<std::int64_t>(*v);
        if (auto v = numberAfter(l, "# CPU blocks:"); v && *v >= 0 && *v < 1e12) {
            log.cpuBlocks = static_cast<std::int64_t>(*v);
            setEngine(LogEngine::V0);
        }
        if (auto v = numberAfter(l, "GPU KV cache size:"); v && *v >= 0 && *v < 1e15) {
            // Releases that print one line per worker (0.10.2 does) then give every worker the
            // smallest block count of them all (vllm/v1/core/kv_cache_utils.py, get_kv_cache_configs:
            // "Change the num_blocks of each rank to the smallest among all ranks"), so the engine's
            // capacity is the smallest figure printed.
            const auto tokens = static_cast<std::int64_t>(*v);
            if (!log.kvTokens || tokens < *log.kvTokens)
                log.kvTokens = tokens;
            setEngine(LogEngine::V1);
            // >= 0.28 prints both figures on one line (kv_cache_utils.py update_kv_cache_capacity, #50462).
            if (contains(l, "Maximum concurrency for"))
                log.oneLineKvCapacity = true;
        }
        if (contains(l, "Maximum concurrency for")) {
            std::size_t end = 0;
            if (auto len = numberAfter(l, "Maximum concurrency for", &end); len && *len > 0 && *len < 1e12) {
                log.concurrencyLen = static_cast<std::int64_t>(*len);
                if (auto c = numberAfter(l, "per request:", nullptr, end);
                    c && *c >= 0 && (!log.maxConcurrency || *c < *log.maxConcurrency))
                    log.maxConcurrency = *c; // the smallest worker's, as for the tokens
            }
        }
        // V0 refusal: "... can be stored in KV cache (23648)" gives the token capacity.
        if (auto v = numberAfter(l, "can be stored in KV cache"); v && *v >= 0 && *v < 1e15 && !log.kvTokens)
            log.kvTokens = static_cast<std::int64_t>(*v);
    }

    void failure(std::string_view l)
    {
        static constexpr std::string_view kMarks[] = { "larger than the maximum number of tokens",
            "To serve at least one request", "No available memory for the cache blocks",
            "is less than desired GPU memory utilization", "CUDA out of memory", "OutOfMemoryError" };
        for (std::string_view m : kMarks) {
            if (!contains(l, m))
                continue;
            const std::string f = trimmedFailure(l);
            if (std::find(log.failures.begin(), log.failures.end(), f) == log.failures.end()
                && log.failures.size() < kMaxFailures)
                log.failures.push_back(f);
            return;
        }
    }
};

// Logs are untrusted bytes, and lines are cut at fixed lengths that may split a character, while
// every string of the result ends up in JSON: ill-formed bytes become U+FFFD.
void makeStringsValidUtf8(ParsedVllmLog &log)
{
    log.model = validUtf8(log.model);
    for (std::optional<std::string> *s : { &log.kvCacheDtype, &log.quantization })
        if (*s)
            **s = validUtf8(**s);
    for (ObservedWorker &w : log.workers)
        w.label = validUtf8(w.label);
    for (std::vector<std::string> *list : { &log.failures, &log.notes })
        for (std::string &s : *list)
            s = validUtf8(s);
}

} // namespace

bool ParsedVllmLog::recognised() const
{
    if (gpuBlocks || kvTokens || maxConcurrency)
        return true;
    return std::any_of(workers.begin(), workers.end(),
        [](const ObservedWorker &w) { return w.weightsBytes >= 0 || w.availableKvBytes.has_value(); });
}

VllmVersion ParsedVllmLog::effectiveVersion() const
{
    if (version)
        return *version;
    if (oneLineKvCapacity)
        return kOneLineKvCapacity;
    if (consumedMemoryWording)
        return kConsumedMemorySummary;
    if (cudaGraphProfiling)
        return kCudaGraphProfiling;
    if (loadingMemoryWording)
        return kLoadingMemoryWording;
    if (engine == LogEngine::V0)
        return { 0, 6, 0 };
    return { 0, 10, 0 };
}

double ParsedVllmLog::maxWeightsBytes() const
{
    double m = -1;
    for (const ObservedWorker &w : workers)
        m = std::max(m, w.weightsBytes);
    return m;
}

const ObservedWorker *ParsedVllmLog::bindingWorker() const
{
    const ObservedWorker *best = nullptr;
    for (const ObservedWorker &w : workers)
        if (w.availableKvBytes && (!best || !best->availableKvBytes || *w.availableKvBytes < *best->availableKvBytes))
            best = &w;
    if (!best && !workers.empty())
        best = &workers.front();
    return best;
}

std::optional<double> ParsedVllmLog::minAvailableKvBytes() const
{
    const ObservedWorker *w = bindingWorker();
    return w ? w->availableKvBytes : std::nullopt;
}

double ParsedVllmLog::totalBytes() const
{
    for (const ObservedWorker &w : workers)
        if (w.totalBytes > 0)
            return w.totalBytes;
    return -1;
}

ParsedVllmLog parseVllmLog(std::string_view text, std::size_t maxBytes)
{
    Parser p;
    if (text.size() > maxBytes) {
        text = text.substr(0, maxBytes);
        p.log.truncated = true;
        p.log.notes.push_back(
            "log cut at " + std::to_string(maxBytes / (std::size_t { 1024 } * 1024)) + " MiB: the rest was not read");
    }
    std::size_t longLines = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (line.size() > kMaxVllmLogLineBytes) {
            line = line.substr(0, kMaxVllmLogLineBytes);
            ++longLines;
        }
        p.line(line);
        start = end + 1;
    }
    ParsedVllmLog log = std::move(p.log);
    if (longLines)
        log.notes.push_back(std::to_string(longLines) + " overlong line(s) read only in their first 64 KiB");
    if (!log.version && log.recognised())
        log.notes.push_back(
            "the log does not print its vLLM version; its wording suggests " + vllmVersionName(log.effectiveVersion()));
    // Ranks from prefixes such as Worker_PP1_TP3 once the TP size is known.
    for (ObservedWorker &w : log.workers) {
        if (w.rank >= 0)
            continue;
        if (w.tpRank >= 0 && log.tp)
            w.rank = ((std::max(0, w.dpRank) * log.pp.value_or(1)) + std::max(0, w.ppRank)) * *log.tp + w.tpRank;
        else if (w.label.empty() || w.label.rfind("EngineCore", 0) == 0)
            w.rank = w.dpRank > 0 && log.tp ? w.dpRank * log.pp.value_or(1) * *log.tp : 0;
    }
    // A worker that printed its non-KV total but not its budget (0.17+, see above): requested - non-KV.
    for (ObservedWorker &w : log.workers)
        if (!w.availableKvBytes && w.requestedBytes > 0 && w.nonKvBytes >= 0)
            w.availableKvBytes = w.requestedBytes - w.nonKvBytes;
    makeStringsValidUtf8(log);
    return log;
}

} // namespace shardscope
