#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace shardscope {

// Which vLLM release the accounting follows (docs/DESIGN.md §B.1). Three regimes, then the rules that
// changed between 0.24 and 0.33 (below, one constant per rule):
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

inline constexpr VllmVersion kOldestVllm { 0, 6, 0 }; // the oldest release the rules cover
inline constexpr VllmVersion kLatestVllm { 0, 33, 0 }; // the newest release (2026-11)
inline constexpr VllmVersion kFirstV1Default { 0, 8, 0 }; // V1 engine on by default
inline constexpr VllmVersion kCudaGraphProfiling { 0, 21, 0 }; // PR #38284: graphs subtracted, util 0.92
inline constexpr VllmVersion kLoadingMemoryWording { 0, 14, 0 }; // "Model loading took X GiB memory and ..."

// Rules from 0.24 on. A PR's first release is the first one tagged more than a week after the merge (release
// branches are cut before the tag); where a tag commit is known it is named. Sources: vLLM file, PR, merge date.
// --mm-ipc-gpu-memory-gb: carved out of the KV budget (vllm/multimodal/gpu_ipc_memory.py; #44465, 2026-06-26).
inline constexpr VllmVersion kMmIpcReserve { 0, 25, 0 };
// DCP with sliding-window and hybrid attention (#40996, 2026-07-10).
inline constexpr VllmVersion kDcpHybrid { 0, 26, 0 };
// The post-capture summary at INFO with "consumed memory (weights + non-torch)", and the "CUDA graph pool
// memory: A GiB (actual), E GiB (estimated)" line (vllm/v1/worker/gpu_worker.py; #47374, 2026-07-07).
inline constexpr VllmVersion kConsumedMemorySummary { 0, 26, 0 };
// Graph estimate on ROCm again: is_cuda_alike() (gpu_worker.py:529-532 at 7cfb97e3; #48526, 2026-07-15).
inline constexpr VllmVersion kRocmCudaGraphEstimate { 0, 26, 0 };
// PCP no longer divides per-request KV, only DCP does (vllm/v1/kv_cache_interface.py:300-305; #46570, 07-19).
inline constexpr VllmVersion kPcpKeepsKv { 0, 26, 0 };
// Non-KV memory = total consumed (cudaMemGetInfo since the init snapshot) + torch peak above what is still
// allocated (vllm/utils/mem_utils.py:317-326; #49208, 2026-07-20): co-tenant growth counts against KV.
inline constexpr VllmVersion kConsumedNonKv { 0, 26, 0 };
// nnodes > 1 no longer turns custom all-reduce off for every group (#50000, 2026-07-30; v0.27.0 tag
// 4bdc8a78, 2026-08-10). Present at 0a1c5034 (v0.24-dev); whether older releases had it is not known.
inline constexpr VllmVersion kMultiNodeCustomAllReduce { 0, 27, 0 };
inline constexpr VllmVersion kMultiNodeAllReduceOffSince { 0, 24, 0 };
// One-line "GPU KV cache size: N tokens, Maximum concurrency for L tokens per request: C.CCx"
// (vllm/v1/core/kv_cache_utils.py update_kv_cache_capacity; #50462, 2026-08-04).
inline constexpr VllmVersion kOneLineKvCapacity { 0, 28, 0 };
// Batch defaults: a tier for >= 160 GiB devices (vllm/engine/arg_utils.py get_batch_defaults, lines 2582-2591 at
// the v0.28.0 tag 2cf0a691; #51726, 2026-08-11; absent at the v0.27.0 tag).
inline constexpr VllmVersion kLargeDeviceBatchTier { 0, 28, 0 };
// Max concurrency counts each KV-cache group's blocks in its own page (vllm/v1/core/kv_cache_utils.py
// get_max_concurrency_for_kv_cache_config; #48317, 2026-07-21; before: one division by group 0's page).
inline constexpr VllmVersion kPerGroupConcurrency { 0, 26, 0 };
// The null block held back: one request may use num_blocks - 1 (#47272, 2026-08-20, after the v0.28 cut).
inline constexpr VllmVersion kNullBlockReserved { 0, 29, 0 };
// Hybrid (Mamba-style state) models: prefix caching keeps the state in "align" mode, one more block per request
// (#30877, 2026-01-24; vllm-ascend #7103 names it in v0.17.0); it is on by default for them from #50991
// (2026-08-04, in 7cfb97e3 just after the v0.28.0 tag). Before #50991 an explicit --enable-prefix-caching put the
// models that support it (Mamba-2: NemotronH, ...) in "all" mode instead, which is not modelled.
inline constexpr VllmVersion kMambaAlignMode { 0, 17, 0 };
// NemotronH's mamba_ssm_cache_dtype hook (vllm/model_executor/models/config.py NemotronHForCausalLMConfig, #29978,
// merged 2025-12-05): the config's value, float16 when it names none. First in 0.13: a v0.12.0 start of
// Nemotron-3-Nano-30B-A3B-BF16 on 2025-12-12 prints no "Updating mamba_ssm_cache_dtype" line and a 1,072-token
// block (a bf16 state; tests/data/corpus), a v0.14.1 start of Nemotron-3 Super prints the line. Its default became
// float32 with #39032 (merged 2026-04-06, after v0.19.0, out by 2026-04-03): first in 0.20.
// The triton_kernels that vLLM builds into vllm/third_party (cmake/external_projects/triton_kernels.cmake): v3.6.0
// from the PyTorch 2.10 bump (f97ca67176, 2026-02-08; v0.16 was cut before it, v0.17.0 of 2026-03-07 carried it)
// until #43135 put v3.5.1 back (2026-05-20, a performance regression; v0.21.0 was out by 2026-05-16, so the first
// release without v3.6.0 is taken as 0.22, tagged 2026-05-30). v3.6.0's Hopper MXFP4 value layout pads both
// storage extents to 64 (triton #8677), v3.5.x only to its 16 x 32 tile.
inline constexpr VllmVersion kTritonKernels36 { 0, 17, 0 };
inline constexpr VllmVersion kTritonKernels351Again { 0, 22, 0 };
// The Triton MXFP4 path frees the checkpoint's block scales once they are swizzled (#46549, 2026-06-24, after the
// v0.23 cut of about 06-14): first in 0.24. Before, layer.w13_weight_scale stayed beside the swizzled copy.
inline constexpr VllmVersion kTritonFreesCheckpointScales { 0, 24, 0 };
inline constexpr VllmVersion kNemotronHSsmDtypeHook { 0, 13, 0 };
inline constexpr VllmVersion kNemotronHSsmFloat32Default { 0, 20, 0 };
inline constexpr VllmVersion kHybridPrefixCachingDefault { 0, 28, 0 };
// Speculative tokens widen the conv state of Mamba-2 layers from #33726 (2026-02-24) and of KDA layers from #50000
// (Kimi K3, 2026-07-30, first in v0.27); Gated DeltaNet's since Qwen3-Next support (#24526, 2025-09-11).
inline constexpr VllmVersion kMamba2SpecConvRows { 0, 17, 0 };
inline constexpr VllmVersion kKdaSpecConvRows { 0, 27, 0 };
// A hybrid MLA model's block size is a multiple of 128 (TRTLLM / FlashInfer MLA decode kernels) from the same PR
// (vllm/platforms/interface.py _align_hybrid_block_size @017e9f4448b7); before it, the MLA kernels' 64.
inline constexpr VllmVersion kMlaHybridAlign128 { 0, 27, 0 };
// Sliding-window (and chunked-local) groups reserve max_in_flight_tokens = concurrent batches x
// max_num_batched_tokens beyond the window (#47728, 2026-07-08; v0.25 was cut about then: taken from 0.26,
// the release of #48317 two weeks later).
inline constexpr VllmVersion kInFlightWindow { 0, 26, 0 };
// Sparse MLA (DeepSeek-V3.2, GLM-5) prefills through a dense or masked MHA path below a length threshold (#47327,
// merged 2026-07-13, and #48770): first in 0.26 (v0.25 was cut about 07-12). Before, every token ran the sparse
// MQA kernel in the absorbed latent form (vllm/v1/attention/backends/mla/flashmla_sparse.py @7c73ceb5, forward:
// ql_nope = q_nope x W_UK_T for all tokens, then the sparse kernel over 576-wide keys and 512-wide values).
inline constexpr VllmVersion kSparseMlaMhaPrefill { 0, 26, 0 };
// FlashMLA's sparse kernel is given each token's count of valid top-k indices (topk_length) from #36616 (merged
// 2026-06-16; v0.23 was cut about 06-14): first in 0.24. Before, the kernel walks all index_topk slots of every
// query, masking the invalid ones (FlashMLA csrc/kernels/sm90/prefill/sparse/phase1.cuh: num_topk_blocks =
// topk / B_TOPK without topk_length).
inline constexpr VllmVersion kSparseMlaTopkLength { 0, 24, 0 };

// The V1 scheduler admits a waiting request only when its whole prompt fits the free KV blocks
// (scheduler_reserve_full_isl, default True; #37307, merged 2026-03-24, the day vllm-ascend already named v0.18.0):
// first in 0.19. Before, allocate_slots was asked for the first chunk's blocks only, and a running request that
// could not grow preempted the newest one (vllm/v1/core/sched/scheduler.py @a964e5e6c35e, schedule).
inline constexpr VllmVersion kSchedulerReserveFullIsl { 0, 19, 0 };

// A hybrid model whose FULL decode graphs would hold more sequences than the pool has blocks is refused:
// "max_num_seqs (N) exceeds available Mamba cache blocks (B)" when max_num_seqs > kv_cache_config.num_blocks,
// the model has MambaSpec groups and the mode has FULL graphs (vllm/config/compilation.py
// resolve_cudagraph_mode_and_sizes @017e9f4448b7; #38270, merged 2026-03-26, after 0.18.0 was named on
// 03-24): first in 0.19. Before, #34571 capped the FULL decode sizes to the blocks instead.
inline constexpr VllmVersion kMambaBlocksRefusal { 0, 19, 0 };

// Marlin for quantized experts by choice: VLLM_MXFP4_USE_MARLIN=1 for MXFP4 from #22428 (2025-08-15; vllm#23278
// ran 0.10.1 through it), --moe-backend for any quantized experts from #33807 (2026-02-25; v0.16 was cut before the
// PyTorch 2.10 bump of 2026-02-08, which v0.17.0 of 2026-03-07 carried): first in 0.17.
inline constexpr VllmVersion kMxfp4MarlinEnv { 0, 10, 1 };
inline constexpr VllmVersion kMoeBackendFlag { 0, 17, 0 };

enum class VllmEngine { V0, V1 };

// "0.11", "0.11.0", "v0.10.2", "0.10.1.dev238+ge2c6e0a82" (suffixes ignored). Nothing for anything else.
std::optional<VllmVersion> parseVllmVersion(std::string_view text);
std::string vllmVersionName(const VllmVersion &v); // "0.11.0"; "latest" when unset

VllmVersion resolvedVllmVersion(const VllmVersion &v); // unset -> kLatestVllm
VllmEngine vllmEngine(const VllmVersion &v);
bool subtractsCudaGraphs(const VllmVersion &v);
// ROCm (AMD) GPUs: 0.21-0.25 left them out of the graph estimate (current_platform.is_cuda() only).
bool subtractsCudaGraphs(const VllmVersion &v, bool rocm);
double defaultGpuMemoryUtilization(const VllmVersion &v); // 0.9 before 0.21, 0.92 from 0.21

// Every minor release the rules cover, oldest first: 0.6, 0.7, ..., 0.33 (as X.Y.0).
std::span<const VllmVersion> knownVllmReleases();
// 0.6 <= v < 0.34 (a patch or dev build follows its minor release's rules).
bool isKnownVllmRelease(const VllmVersion &v);
// "0.28": how a rule constant above names its first release in messages.
std::string vllmReleaseName(const VllmVersion &v);

} // namespace shardscope
