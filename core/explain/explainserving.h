#pragma once
#include "core/explain/explain.h"
#include "core/serving/serving.h"

#include <vector>

namespace shardscope {

// "Show your work" for the serving estimate (core/serving): each figure says it is estimated, how the
// simulation made it, the decode-step breakdown it rests on and the coefficients with their sources.
enum class ServingQuantity {
    Ttft, // time to first token, p50 / p90 / p99 over the simulated requests
    Tpot, // time per output token
    Itl, // inter-token latency
    E2e, // end-to-end latency
    OutputTokensPerSecPerGpu,
    DecodeStep, // one steady-state decode step: gemm + attention + MoE + comm + fixed, CPU overlapped
};

Explanation explainServing(ServingQuantity q, const ServingResult &r);

// Every serving quantity, in the order show-your-work lists them.
std::vector<ServingQuantity> servingQuantities();

} // namespace shardscope
