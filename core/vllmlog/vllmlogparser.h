#pragma once
#include "core/model/vllmversion.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

// What one worker (GPU) of a real vLLM startup log reported. Bytes; < 0 when the log did not say.
struct ObservedWorker
{
    std::string label; // the log's process prefix ("VllmWorker rank=2", "Worker_TP1", "EngineCore_DP0"); "" = driver
    int rank = -1; // global rank when the prefix names it (rank=N)
    int tpRank = -1, ppRank = -1, dpRank = -1;
    double weightsBytes = -1; // "Model loading took X GiB" / "Loading model weights took X GB"
    std::optional<double> availableKvBytes; // "Available KV cache memory" / V0 "kv_cache_size" (may be negative)
    double activationBytes = -1; // V0 summary / "Actual usage ... for peak activation"
    double nonTorchBytes = -1;
    double cudaGraphBytes = -1; // "Estimated CUDA graph memory" / "Graph capturing ... took" / "Actual usage"
    double cudaGraphActualBytes = -1; // >= 0.26 "CUDA graph pool memory: A GiB (actual), E GiB (estimated)"
    double consumedBytes = -1; // >= 0.26 "X GiB for consumed memory (weights + non-torch)"
    double totalBytes = -1; // total_gpu_memory / "Free memory on device (F/T GiB)"
    double requestedBytes = -1; // total x utilization as printed
    double nonKvBytes = -1; // 0.17+ DEBUG "Total non KV cache memory: X GiB" (weights + activation + non-torch)
};

enum class LogEngine { Unknown, V0, V1 };

// A vLLM startup log, parsed. Logs are untrusted input: the parser reads at most `maxBytes`, skips the
// rest of overlong lines, never throws, and says what it could not use in `notes`.
struct ParsedVllmLog
{
    std::optional<VllmVersion> version; // printed by the log itself
    LogEngine engine = LogEngine::Unknown;
    bool cudaGraphProfiling = false; // the >= 0.21 "CUDA graph memory profiling is enabled" notice
    bool loadingMemoryWording = false; // "Model loading took X GiB memory" (>= 0.14)
    bool consumedMemoryWording = false; // "... GiB for consumed memory (weights + non-torch)" (>= 0.26)
    bool oneLineKvCapacity = false; // "GPU KV cache size: N tokens, Maximum concurrency for ..." (>= 0.28)
    std::optional<double> kvCacheMemoryBytes; // "reserved X GiB memory for KV Cache as specified by ..."

    std::string model;
    std::optional<int> tp, pp, dp, dcp, pcp;
    std::optional<double> gpuMemoryUtilization;
    std::optional<std::int64_t> maxModelLen, blockSize, maxNumSeqs, maxNumBatchedTokens;
    std::optional<std::string> kvCacheDtype, quantization;
    std::optional<bool> enforceEager;
    std::optional<bool> enablePrefixCaching; // non-default args 'enable_prefix_caching'
    // Multimodal settings in the arguments: 'language_model_only', or 'limit_mm_per_prompt' with image and
    // video both 0 (the same in vLLM: no tower, no encoder pass); 'skip_mm_profiling'; 'mm_encoder_tp_mode'.
    std::optional<bool> languageModelOnly, skipMmProfiling, mmEncoderTpData;
    std::optional<int> numSpeculativeTokens; // 'num_speculative_tokens' inside the args' 'speculative_config'
    // V1's top-k/top-p sampler: "Using FlashInfer for top-p & top-k sampling." (true) or one of its
    // "Falling back to the PyTorch-native implementation" / "disabled" notices (false).
    std::optional<bool> flashinferSampler;
    // The experts on Marlin: 'moe_backend': 'marlin' in the arguments, or marlin_utils_fp4's "Weight-only FP4
    // compression will be used leveraging the Marlin kernel" (FP4 weights through Marlin, chosen or not).
    std::optional<bool> moeBackendMarlin;
    // Custom all-reduce off: disable_custom_all_reduce=True in the arguments, or vLLM's own
    // "Custom allreduce is disabled because ..." (across nodes, PCIe-only GPUs, no P2P); false when the
    // arguments say False and no such warning follows.
    std::optional<bool> disableCustomAllReduce;

    std::vector<ObservedWorker> workers; // in order of first appearance
    std::optional<std::int64_t> gpuBlocks, cpuBlocks, kvTokens, concurrencyLen;
    std::optional<double> maxConcurrency;
    // >= 0.21 "Profiling CUDA graph memory: PIECEWISE=n (largest=x), FULL=m (largest=y)" (gpu_model_runner.py
    // profile_cudagraph_memory): the graphs the estimate extrapolates over; FULL is 0 when the line names none.
    std::optional<int> cudaGraphsPiecewise, cudaGraphsFull;
    std::optional<std::int64_t> cudaGraphLargestPiecewise, cudaGraphLargestFull;
    std::vector<std::string> failures; // errors vLLM raised (ValueError, out of memory), deduplicated
    std::vector<std::string> notes; // what the parser skipped or inferred
    std::size_t lines = 0;
    bool truncated = false;

    bool recognised() const; // at least one vLLM memory or KV line
    // The version whose rules apply: the printed one, else inferred from the wording (noted in `notes`).
    VllmVersion effectiveVersion() const;
    double maxWeightsBytes() const; // -1 when no worker printed it
    std::optional<double> minAvailableKvBytes() const; // the binding worker's
    double totalBytes() const; // -1 when unknown
    const ObservedWorker *bindingWorker() const; // the one with the least available KV (else the first)
};

inline constexpr std::size_t kMaxVllmLogBytes = std::size_t { 32 } * 1024 * 1024;
inline constexpr std::size_t kMaxVllmLogLineBytes = std::size_t { 64 } * 1024;

ParsedVllmLog parseVllmLog(std::string_view text, std::size_t maxBytes = kMaxVllmLogBytes);

} // namespace shardscope
