#include "core/model/plan.h"

#include "core/model/errors.h"

#include <algorithm>

namespace shardscope {

void checkWorldSize(const Plan &p, const std::string &what)
{
    const std::int64_t world = worldSize(p);
    if (world > kMaxWorldSize)
        throw InputError(what + ": tp x pp x dp = " + std::to_string(world) + " GPUs is more than the "
            + std::to_string(kMaxWorldSize) + " this planner evaluates");
}

const char *accountingName(Accounting a)
{
    return a == Accounting::Textbook ? "textbook" : "vllm";
}

const char *quantizationName(Quantization q)
{
    switch (q) {
    case Quantization::Auto:
        return "auto";
    case Quantization::None:
        return "none";
    case Quantization::Fp8:
        return "fp8";
    case Quantization::Mxfp4:
        return "mxfp4";
    case Quantization::Awq:
        return "awq";
    case Quantization::Gptq:
        return "gptq";
    }
    return "auto";
}

const char *kvDtypeName(KvDtype k)
{
    return k == KvDtype::Fp8 ? "fp8" : "auto";
}

const char *expertPlacementName(ExpertPlacement p)
{
    return p == ExpertPlacement::RoundRobin ? "round_robin" : "linear";
}

const char *moeBackendName(MoeBackend b)
{
    return b == MoeBackend::Marlin ? "marlin" : "auto";
}

const char *phaseName(Phase p)
{
    return p == Phase::Prefill ? "prefill" : "decode";
}

const char *servingModeName(ServingMode m)
{
    return m == ServingMode::Disaggregated ? "disaggregated" : "aggregated";
}

const char *kvTransferLinkName(KvTransferLink l)
{
    switch (l) {
    case KvTransferLink::Nic:
        return "nic";
    case KvTransferLink::ScaleUp:
        return "scaleup";
    case KvTransferLink::Node:
        return "node";
    }
    return "nic";
}

const char *kvConnectorName(KvConnector c)
{
    switch (c) {
    case KvConnector::Nixl:
        return "NixlConnector";
    }
    return "NixlConnector";
}

const char *poolName(Pool p)
{
    return p == Pool::Prefill ? "prefill" : "decode";
}

Plan poolPlan(const Plan &plan, Pool pool)
{
    const PoolPlan &pp = pool == Pool::Prefill ? plan.prefill : plan.decode;
    Plan out = plan;
    out.servingMode = ServingMode::Aggregated;
    out.prefill = {};
    out.decode = {};
    out.tp = pp.tp;
    out.pp = pp.pp;
    out.dp = pp.dp;
    out.ep = pp.ep;
    if (!pp.gpuId.empty())
        out.gpuId = pp.gpuId;
    if (pp.maxNumSeqs > 0)
        out.maxNumSeqs = pp.maxNumSeqs;
    if (pp.maxNumBatchedTokens > 0)
        out.maxNumBatchedTokens = pp.maxNumBatchedTokens;
    // A custom stage split is the plan's, for its own pp; a pool with another pp takes vLLM's split.
    if (out.pp != plan.pp)
        out.ppPartition.clear();
    if (out.ep <= 1)
        out.redundantExperts = 0;
    return out;
}

Plan withPoolEdited(const Plan &whole, Pool pool, const Plan &view)
{
    Plan out = view;
    out.servingMode = whole.servingMode;
    out.prefill = whole.prefill;
    out.decode = whole.decode;
    out.kvTransferLink = whole.kvTransferLink;
    out.kvConnector = whole.kvConnector;
    out.tp = whole.tp;
    out.pp = whole.pp;
    out.dp = whole.dp;
    out.ep = whole.ep;
    out.gpuId = whole.gpuId;
    out.maxNumSeqs = whole.maxNumSeqs;
    out.maxNumBatchedTokens = whole.maxNumBatchedTokens;
    // poolPlan drops a custom stage split for a pool of another pp; the plan's own stays.
    if (view.pp != whole.pp)
        out.ppPartition = whole.ppPartition;
    if (view.ep <= 1)
        out.redundantExperts = whole.redundantExperts;
    PoolPlan &edited = pool == Pool::Prefill ? out.prefill : out.decode;
    edited.tp = view.tp;
    edited.pp = view.pp;
    edited.dp = view.dp;
    edited.ep = view.ep;
    edited.gpuId = view.gpuId == whole.gpuId ? std::string() : view.gpuId;
    edited.maxNumSeqs = view.maxNumSeqs == whole.maxNumSeqs ? 0 : view.maxNumSeqs;
    edited.maxNumBatchedTokens = view.maxNumBatchedTokens == whole.maxNumBatchedTokens ? 0 : view.maxNumBatchedTokens;
    return out;
}

std::int64_t poolGpus(const Plan &plan, Pool pool)
{
    const PoolPlan &pp = pool == Pool::Prefill ? plan.prefill : plan.decode;
    return std::int64_t(std::max(1, pp.instances)) * worldSize(poolPlan(plan, pool));
}

} // namespace shardscope
