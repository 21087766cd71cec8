#include "core/model/plan.h"

#include "core/model/errors.h"

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

const char *phaseName(Phase p)
{
    return p == Phase::Prefill ? "prefill" : "decode";
}

} // namespace shardscope
