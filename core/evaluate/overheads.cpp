#include "core/evaluate/overheads.h"

#include "core/text/units.h"

#include <algorithm>

namespace shardscope {

BatchDefaults vllmBatchDefaults(const GpuSpec &gpu, double totalBytes)
{
    BatchDefaults d;
    const bool a100 = gpu.name.find("A100") != std::string::npos || gpu.id.rfind("a100", 0) == 0;
    if (totalBytes >= 70 * GiB && !a100) {
        d.maxNumSeqs = 1024;
        d.maxNumBatchedTokens = 8192;
    }
    return d;
}

BatchDefaults vllmV0BatchDefaults(std::int64_t maxModelLen)
{
    BatchDefaults d;
    d.maxNumSeqs = 256;
    d.maxNumBatchedTokens = maxModelLen > 32768 ? 2048 : std::max<std::int64_t>(maxModelLen, 2048);
    return d;
}

double ActivationEstimate::total() const
{
    return hiddenStates + std::max(forward, sampler);
}

ActivationEstimate peakActivation(
    const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens)
{
    // Fitted coefficient: 9.55 FP32 logits-sized buffers at the sampler's peak (see header).
    constexpr double kSamplerBuffers = 9.55;
    ActivationEstimate a;
    const double tokens = static_cast<double>(maxNumBatchedTokens);
    a.hiddenStates = tokens * m.hidden * 2.0;
    double inter = static_cast<double>(m.intermediate) / std::max(1, tp);
    if (m.isMoe())
        inter = std::max(inter, static_cast<double>(m.expertsPerToken) * m.moeIntermediate / std::max(1, moeTp));
    a.forward = tokens * 2.0 * inter * 2.0;
    if (lastStage)
        a.sampler = kSamplerBuffers * static_cast<double>(maxNumSeqs) * m.vocab * 4.0;
    return a;
}

ActivationEstimate peakActivationV0(const ModelSpec &m, int tp, int moeTp, std::int64_t profiledTokens)
{
    ActivationEstimate a;
    const double tokens = static_cast<double>(profiledTokens);
    const int t = std::max(1, tp);
    a.hiddenStates = tokens * 2.0 * m.hidden * 2.0;
    const double qkvHeads = static_cast<double>(m.heads) / t + 2.0 * std::max(1, m.kvHeads / t);
    double inter = static_cast<double>(m.intermediate) / t;
    if (m.isMoe())
        inter = std::max(inter, static_cast<double>(m.expertsPerToken) * m.moeIntermediate / std::max(1, moeTp));
    a.forward = tokens * (qkvHeads * m.headDim * 2.0 + 3.0 * inter * 2.0);
    return a;
}

double nonTorchBytes(int tp, bool customAllReduce)
{
    if (tp <= 1)
        return nonTorchBytes(tp);
    return customAllReduce ? nonTorchBytes(tp) : 0.25 * GiB;
}

double nonTorchBytes(int tp)
{
    return tp <= 1 ? 0.13 * GiB : 0.55 * GiB;
}

double cudaGraphBytes(int layersOnRank, bool enforceEager)
{
    if (enforceEager)
        return 0;
    return 0.5 * GiB + 4.0 * MiB * layersOnRank;
}

} // namespace shardscope
