#include "core/evaluate/cudagraphestimate.h"

#include <algorithm>

#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

namespace shardscope {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// SM100-family default of 1024 graph sizes (vllm/config/vllm.py _set_cudagraph_sizes; #49390, 2026-08-07).
constexpr VllmVersion kSm100GraphSizes { 0, 28, 0 };
constexpr VllmVersion kMnbtCaptureSize { 0, 23, 0 }; // #40734 (2026-04-29): mnbt added when <= max_cap
constexpr VllmVersion kDenseModelRunnerV2 { 0, 25, 1 }; // #44443; "0.25.1" per vllm#49224 and #49233
constexpr VllmVersion kQwen3ModelRunnerV2 { 0, 23, 0 }; // #39337 (2026-05-14, in the v0.23.0 branch)

} // namespace

CudaGraphCaptures cudaGraphCaptures(std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens, int speculativeTokens,
    bool sm100Family, bool fullGraphs, bool budgetSize)
{
    CudaGraphCaptures c;
    const std::int64_t q = 1 + std::max(0, speculativeTokens);
    const std::int64_t seqs = std::max<std::int64_t>(1, maxNumSeqs);
    const std::int64_t mnbt = std::max<std::int64_t>(1, maxNumBatchedTokens);
    const std::int64_t defaultMax = sm100Family ? 1024 : 512;
    const std::int64_t maxCap = std::min({ seqs * q * 2, defaultMax, mnbt });
    for (std::int64_t s : { 1, 2, 4 })
        if (s <= maxCap)
            c.sizes.push_back(s);
    for (std::int64_t s = 8; s < std::min<std::int64_t>(maxCap + 1, 256); s += 8)
        c.sizes.push_back(s);
    for (std::int64_t s = 256; s <= maxCap; s += 16)
        c.sizes.push_back(s);
    if (budgetSize && mnbt <= maxCap && std::find(c.sizes.begin(), c.sizes.end(), mnbt) == c.sizes.end())
        c.sizes.push_back(mnbt);
    std::sort(c.sizes.begin(), c.sizes.end());
    c.piecewise = static_cast<int>(c.sizes.size());
    c.largestPiecewise = c.sizes.empty() ? 0 : c.sizes.back();
    if (fullGraphs)
        for (std::int64_t s : c.sizes)
            if (s >= q && s <= q * seqs) {
                ++c.full;
                c.largestFull = s;
            }
    return c;
}

bool usesModelRunnerV2(const ModelSpec &m, const Plan &p)
{
    const VllmVersion v = resolvedVllmVersion(p.vllmVersion);
    if (m.isMoe() || m.hasStateLayers())
        return false;
    if (v >= kDenseModelRunnerV2)
        return true;
    const bool unquantized = m.weightFormat == WeightFormat::Bf16 && p.quantization == Quantization::Auto;
    return v >= kQwen3ModelRunnerV2 && m.modelType == "qwen3" && unquantized;
}

bool graphEstimateIsZeroStub(const ModelSpec &m, const Plan &p)
{
    return usesModelRunnerV2(m, p) && resolvedVllmVersion(p.vllmVersion) < kModelRunnerV2GraphProfiling;
}

CudaGraphCaptures cudaGraphCapturesFor(const ModelSpec &m, const Plan &p, const GpuSpec &gpu)
{
    const VllmVersion v = resolvedVllmVersion(p.vllmVersion);
    const int cc = cudaComputeCapability(gpu);
    // Backends below UNIFORM_BATCH turn FULL_AND_PIECEWISE into PIECEWISE: with speculative decoding on the
    // pre-Hopper cards that run FlashInfer (club-3090#104: "FULL_AND_PIECEWISE is not supported with spec-decode
    // for attention backend FlashInferBackend"), and for MLA there, whose Triton MLA backend supports NEVER
    // (vllm#28228).
    const bool preHopper = cc > 0 && cc < 90;
    const bool fullGraphs = !(preHopper && (p.numSpeculativeTokens > 0 || m.isMla()));
    const bool sm100 = cc >= 100 && cc < 110 && v >= kSm100GraphSizes;
    return cudaGraphCaptures(
        p.maxNumSeqs, p.maxNumBatchedTokens, p.numSpeculativeTokens, sm100, fullGraphs, v >= kMnbtCaptureSize);
}

double cudaGraphBytesPerGraph(int layersOnRank)
{
    return std::max(kMiB, kGraphBytesPerLayer * std::max(1, layersOnRank));
}

double cudaGraphEstimateBytes(const ModelSpec &m, const Plan &p, const CudaGraphCaptures &c, int layersOnRank)
{
    if (p.enforceEager)
        return 0;
    const VllmVersion v = resolvedVllmVersion(p.vllmVersion);
    const double perGraph = cudaGraphBytesPerGraph(layersOnRank);
    const double firstPiecewise = kGraphFirstCaptureBytesPerToken * static_cast<double>(c.largestPiecewise);
    double firstFull = kGraphFirstCaptureBytesPerToken * static_cast<double>(c.largestFull);
    if (c.full > 0 && v >= kGdnFullGraphTransient && m.mixerCount(LayerMixer::GatedDeltaNet) > 0)
        firstFull += kGdnFullGraphBytesPerToken * static_cast<double>(std::max<std::int64_t>(1, p.maxNumBatchedTokens));
    return std::max(firstPiecewise, firstFull) + perGraph * (std::max(0, c.piecewise - 1) + std::max(0, c.full - 1));
}

} // namespace shardscope
