#include "core/evaluate/marlinmoe.h"

#include <algorithm>

namespace shardscope {

bool int4MoeThroughMarlin(const ModelSpec &m, WeightFormat format, int moeTp, const GpuSpec &gpu)
{
    if (!m.isMoe() || format != WeightFormat::Int4 || cudaComputeCapability(gpu) < 80)
        return false;
    // The checkpoint's group where its quantization_config was read; AWQ's and GPTQ's usual 128 otherwise
    // (the group bytesPerParam takes for Int4). 0 (channelwise) is vLLM's -1.
    const bool read = !m.quant.method.empty() && m.weightFormat == WeightFormat::Int4;
    const int group = read ? (m.quant.scheme.groupSize > 0 ? m.quant.scheme.groupSize : -1) : 128;
    if (group != -1 && group != 32 && group != 64 && group != 128)
        return false;
    const int n = m.moeIntermediate / std::max(1, moeTp);
    const int k = m.moeLatent > 0 ? m.moeLatent : m.hidden;
    return k % 128 == 0 && n % std::max(64, group) == 0;
}

bool marlinMoeProfiled(const ModelSpec &m, WeightFormat format, int moeTp, const GpuSpec &gpu, VllmVersion version)
{
    return vllmEngine(version) != VllmEngine::V0 && version < kWna16MoeOracle
        && int4MoeThroughMarlin(m, format, moeTp, gpu);
}

double marlinMoeWorkspaceBytes(const ModelSpec &m, int moeTp, std::int64_t tokens)
{
    if (!m.isMoe() || tokens <= 0)
        return 0;
    const double rows = static_cast<double>(tokens);
    const double n = static_cast<double>(m.moeIntermediate) / std::max(1, moeTp);
    const double k = m.moeLatent > 0 ? m.moeLatent : m.hidden;
    // intermediate_cache13 + intermediate_cache2 (M x topk rows) + the output (M rows of K), 2 B each.
    return 2.0 * rows * (m.expertsPerToken * (std::max(2.0 * n, k) + n) + k);
}

} // namespace shardscope
