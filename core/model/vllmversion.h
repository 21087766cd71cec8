#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

// Which vLLM release the accounting follows (docs/DESIGN.md §B.1). Three regimes:
//  - V0 engine (< 0.8): the profiling run covers max_model_len tokens unless chunked prefill is on,
//    the log prints "# GPU blocks: N, # CPU blocks: M";
//  - V1 before 0.21: the CUDA-graph pool is not subtracted (graphs live in the 1 - util headroom),
//    gpu_memory_utilization defaults to 0.9, "GPU KV cache size" = blocks // groups x block_size;
//  - 0.21 and later (PR #38284, #41069): the CUDA-graph estimate is subtracted, utilization defaults
//    to 0.92, "GPU KV cache size" = int(max_concurrency x max_model_len).
// 0.0.0 means "not given": the newest release the tool knows (kLatestVllm).
struct VllmVersion
{
    int major = 0;
    int minor = 0;
    int patch = 0;

    bool isUnset() const { return major == 0 && minor == 0 && patch == 0; }
    bool operator==(const VllmVersion &) const = default;
    // clang-tidy 14 reads the literal 0 that a defaulted <=> compares against as a null pointer.
    auto operator<=>(const VllmVersion &) const = default; // NOLINT(modernize-use-nullptr)
};

inline constexpr VllmVersion kLatestVllm { 0, 21, 0 };
inline constexpr VllmVersion kFirstV1Default { 0, 8, 0 }; // V1 engine on by default
inline constexpr VllmVersion kCudaGraphProfiling { 0, 21, 0 }; // PR #38284: graphs subtracted, util 0.92
inline constexpr VllmVersion kLoadingMemoryWording { 0, 14, 0 }; // "Model loading took X GiB memory and ..."

enum class VllmEngine { V0, V1 };

// "0.11", "0.11.0", "v0.10.2", "0.10.1.dev238+ge2c6e0a82" (suffixes ignored). Nothing for anything else.
std::optional<VllmVersion> parseVllmVersion(std::string_view text);
std::string vllmVersionName(const VllmVersion &v); // "0.11.0"; "latest" when unset

VllmVersion resolvedVllmVersion(const VllmVersion &v); // unset -> kLatestVllm
VllmEngine vllmEngine(const VllmVersion &v);
bool subtractsCudaGraphs(const VllmVersion &v);
double defaultGpuMemoryUtilization(const VllmVersion &v); // 0.9 before 0.21, 0.92 from 0.21

} // namespace shardscope
