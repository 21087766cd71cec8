#include "core/evaluate/overheads.h"

#include "core/evaluate/linearattnpeak.h"

#include "core/text/units.h"

#include <algorithm>
#include <cmath>

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

double ActivationEstimate::languageModel() const
{
    return hiddenStates + std::max(forward, sampler);
}

double ActivationEstimate::total() const
{
    return std::max(encoderPeak, encoderHeld + languageModel());
}

namespace {
// Fitted coefficient: 9.55 FP32 logits-sized buffers at the sampler's peak (see header).
constexpr double kSamplerBuffers = 9.55;
} // namespace

ActivationEstimate peakActivation(
    const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens)
{
    ActivationEstimate a;
    const double tokens = static_cast<double>(maxNumBatchedTokens);
    a.hiddenStates = tokens * m.hidden * 2.0;
    // Dense MLP layers (all of a dense model's, the first-k-dense or shared experts of an MoE's):
    // gate/up output, tokens x 2 x intermediate / tp in BF16. MoE layers: the fused-MoE workspaces.
    const double denseInter = !m.isMoe() || m.moeLayerCount() < m.layers ? static_cast<double>(m.intermediate) : 0.0;
    const double inter = std::max(denseInter, static_cast<double>(m.sharedIntermediate)) / std::max(1, tp);
    a.forward = std::max(tokens * 2.0 * inter * 2.0, fusedMoeWorkspaceBytes(m, moeTp, maxNumBatchedTokens));
    // Gated DeltaNet / KDA layers: their projections and output buffers (the chunked delta rule does not run
    // in the profiling run, linearattnpeak.h); one layer at a time, so one more candidate for the peak.
    a.forward = std::max(a.forward, linearAttentionProfileBytes(m, tp, maxNumBatchedTokens));
    if (lastStage)
        a.sampler = kSamplerBuffers * static_cast<double>(maxNumSeqs) * m.vocab * 4.0;
    return a;
}

int attentionResidualBlocks(const ModelSpec &m, int firstLayer, int endLayer)
{
    if (m.attnResBlockSize <= 0 || endLayer <= firstLayer)
        return 0;
    const auto blocks = [&](int layers) { return (layers + m.attnResBlockSize - 1) / m.attnResBlockSize; };
    return blocks(endLayer) + (firstLayer > 0 ? blocks(firstLayer) : 0);
}

double attentionResidualBankBytes(const ModelSpec &m, int firstLayer, int endLayer, std::int64_t tokens)
{
    return static_cast<double>(tokens) * attentionResidualBlocks(m, firstLayer, endLayer) * m.hidden * 2.0;
}

ActivationEstimate peakActivationV0(
    const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs, std::int64_t profiledTokens)
{
    ActivationEstimate a;
    const double tokens = static_cast<double>(profiledTokens);
    const int t = std::max(1, tp);
    a.hiddenStates = tokens * 2.0 * m.hidden * 2.0;
    const double qkvHeads = static_cast<double>(m.heads) / t + 2.0 * std::max(1, m.kvHeads / t);
    const double denseInter = !m.isMoe() || m.moeLayerCount() < m.layers ? static_cast<double>(m.intermediate) : 0.0;
    const double inter = std::max(denseInter, static_cast<double>(m.sharedIntermediate)) / t;
    a.forward = tokens * qkvHeads * m.headDim * 2.0
        + std::max(tokens * 3.0 * inter * 2.0, fusedMoeWorkspaceBytes(m, moeTp, profiledTokens));
    // The dummy batch's sequences are sampled (top-k = vocab - 1): one FP32 logits row per sequence,
    // the same buffers as V1's sampler, after the forward pass's intermediates are freed.
    if (lastStage)
        a.sampler = kSamplerBuffers * static_cast<double>(std::min(maxNumSeqs, profiledTokens)) * m.vocab * 4.0;
    return a;
}

double fusedMoeWorkspaceBytes(const ModelSpec &m, int moeTp, std::int64_t tokens, std::int64_t chunkTokens)
{
    if (!m.isMoe() || tokens <= 0)
        return 0;
    const double rows = static_cast<double>(std::min(tokens, std::max<std::int64_t>(1, chunkTokens)));
    const double n = static_cast<double>(m.moeIntermediate) / std::max(1, moeTp); // N per partition
    // K: the experts' input width, the latent one for LatentMoE (vllm nemotron_h.py @017e9f4448b7 builds the
    // FusedMoE with hidden_size = moe_latent_size).
    const double k = m.moeLatent > 0 ? m.moeLatent : m.hidden;
    // workspace13 (M x topk x max(2N, K)) + workspace2 (M x topk x N), activation dtype (BF16).
    return 2.0 * rows * m.expertsPerToken * (std::max(2.0 * n, k) + n);
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

} // namespace shardscope
