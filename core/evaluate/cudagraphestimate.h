#pragma once
#include <cstdint>
#include <vector>

#include "core/model/vllmversion.h"

namespace shardscope {

struct ModelSpec;
struct Plan;
struct GpuSpec;

// Which CUDA graphs vLLM V1 captures, and what its memory profiler charges for them
// (gpu_model_runner.py profile_cudagraph_memory and vllm/config/vllm.py _set_cudagraph_sizes, vLLM @017e9f4448b7;
// docs/DESIGN.md "CUDA graphs").
struct CudaGraphCaptures
{
    std::vector<std::int64_t> sizes; // cudagraph_capture_sizes, ascending (the PIECEWISE graphs)
    int piecewise = 0; // PIECEWISE graphs: one per size
    int full = 0; // FULL decode graphs: sizes q <= s <= q x max_num_seqs (0 when the mode is PIECEWISE)
    std::int64_t largestPiecewise = 0;
    std::int64_t largestFull = 0;
};

// The capture sizes for a token budget, sequences and speculative tokens (decode query length q = 1 + spec):
// max_cap = min(max_num_seqs x q x 2, 512 (1024 on the SM100 family from 0.28, #49390), max_num_batched_tokens);
// [1, 2, 4], 8..248 step 8, 256..max_cap step 16, and max_num_batched_tokens itself when it is <= max_cap
// (#40734). fullGraphs: whether FULL_AND_PIECEWISE survives the attention backend's check.
// budgetSize: the release appends max_num_batched_tokens (0.23 on).
CudaGraphCaptures cudaGraphCaptures(std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens, int speculativeTokens,
    bool sm100Family, bool fullGraphs, bool budgetSize = true);

// Model Runner V2 is the default for this model and release (vllm/config/vllm.py _is_default_v2_model_runner_model):
// dense, non-hybrid models from 0.25.1 (#44443); Qwen3 dense unquantized from 0.23 (#39337).
bool usesModelRunnerV2(const ModelSpec &m, const Plan &p);
// Model Runner V2's profile_cudagraph_memory returned 0 (a stub, vllm/v1/worker/gpu/model_runner.py @017e9f4448b7)
// until it captured the graphs for real (cudagraph_utils.py, on main by 2026-09-22): taken as 0.30.
inline constexpr VllmVersion kModelRunnerV2GraphProfiling { 0, 30, 0 };
bool graphEstimateIsZeroStub(const ModelSpec &m, const Plan &p);

// Fitted per-graph costs (docs/DESIGN.md "CUDA graphs"; tests/core/tst_cudagraphestimate.cpp):
// the largest graph's first capture, per token of its size, and each further graph, per layer on the rank.
inline constexpr double kGraphFirstCaptureBytesPerToken = 0.39 * 1024 * 1024;
inline constexpr double kGraphBytesPerLayer = 0.198 * 1024 * 1024;
// Hybrid Gated DeltaNet models from 0.27: the largest FULL graph's warm-up runs with context
// max_num_batched_tokens / size per request and keeps what it allocates (vllm#50780); vllm#52872 measures the
// pool 0.37 GiB larger at 8,192 than at 4,096 batched tokens on one GPU: 94.7 KiB per batched token.
// vllm#50780 measured it on 0.26.1rc1.dev245, main after v0.26.0, so the first release is 0.27: vLLM 0.26.0
// printed 0.76 GiB for 102 graphs at 8,192 batched tokens and 0.057 GiB for 5 (Qwen3.8-27B at TP 1 and 2,
// tests/data/corpus/startup-logs/dfch-7960t-*-v0260.log), where the term alone is 0.74 GiB.
inline constexpr double kGdnFullGraphBytesPerToken = 0.37 * 1024 * 1024 * 1024 / 4096;
inline constexpr VllmVersion kGdnFullGraphTransient { 0, 27, 0 };

// The graphs vLLM captures for this plan on this GPU: the attention backend's check, the SM100 default, the release.
CudaGraphCaptures cudaGraphCapturesFor(const ModelSpec &m, const Plan &p, const GpuSpec &gpu);

// S: what each graph after the first of its mode costs, max(1 MiB, kGraphBytesPerLayer x layers on the rank).
double cudaGraphBytesPerGraph(int layersOnRank);
// E = max(F_PIECEWISE, F_FULL) + sum over modes of (N - 1) x S, per rank (0 with --enforce-eager), for the
// graphs cudaGraphCapturesFor gives (computed once per plan; the ranks differ only in their layers).
double cudaGraphEstimateBytes(const ModelSpec &m, const Plan &p, const CudaGraphCaptures &c, int layersOnRank);

} // namespace shardscope
