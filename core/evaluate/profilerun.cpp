#include "core/evaluate/profilerun.h"

namespace shardscope {

double samplerBuffers(const VllmVersion &version, bool flashinferSampler)
{
    return flashinferSampler || version >= kSamplerFewerBuffers ? kSamplerBuffersFrom017 : kSamplerBuffersBefore017;
}

double heldMoeWorkspaceBytes(
    const ModelSpec &m, int moeTp, std::int64_t maxNumBatchedTokens, const VllmVersion &version, bool modularMoeKernel)
{
    if (!modularMoeKernel || version < kMoeWorkspaceHeld)
        return 0;
    return fusedMoeWorkspaceBytes(m, moeTp, maxNumBatchedTokens);
}

ActivationEstimate peakActivationAt(const ModelSpec &m, int tp, int moeTp, StageLayers stage, bool lastStage,
    std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens, const VllmVersion &version, bool modularMoeKernel,
    bool flashinferSampler)
{
    ActivationEstimate a = peakActivation(m, tp, moeTp, lastStage, maxNumSeqs, maxNumBatchedTokens);
    a.hiddenStates += attentionResidualBankBytes(m, stage.first, stage.end, maxNumBatchedTokens);
    if (lastStage)
        a.sampler = samplerBuffers(version, flashinferSampler) * static_cast<double>(maxNumSeqs) * m.vocab * 4.0
            + heldMoeWorkspaceBytes(m, moeTp, maxNumBatchedTokens, version, modularMoeKernel);
    return a;
}

double nonTorchBytesAt(int tp, int pp, bool customAllReduce, const VllmVersion &version)
{
    if (version < kNonTorchForwardIncrease)
        return nonTorchBytes(tp, customAllReduce);
    if (tp <= 1)
        return pp > 1 ? kNonTorchPpStageFrom018 : kNonTorchTp1From018;
    return customAllReduce ? kNonTorchCustomAllReduceFrom018 : nonTorchBytes(tp, false);
}

} // namespace shardscope
