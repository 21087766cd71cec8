#pragma once
#include "core/evaluate/evaluation.h"

#include <string>
#include <vector>

namespace shardscope {

// One line of the predicted startup log. `who` names the ranks printing it ("rank 0", "ranks 0-3,8-11")
// or "engine" for the engine core's summary lines; `failure` marks the error vLLM would raise.
struct PredictedLogLine
{
    std::string who;
    std::string text;
    bool failure = false;
};

// The lines vLLM prints at startup for this plan, in the wording of the plan's vLLM version
// (docs/DESIGN.md §B.1): "Model loading took X GiB" per rank (V0: "Loading model weights
// took X GB"), "Available KV cache memory: Y GiB" (V0: the memory-profiling summary), "GPU KV cache size:
// N tokens" (V0: "# GPU blocks: N, # CPU blocks: M"), "Maximum concurrency for L tokens per request: C x",
// and the failure vLLM would raise: no memory for the cache, one max-length request that does not fit,
// free memory below the requested utilization. Ranks whose lines are identical are printed once.
std::vector<PredictedLogLine> predictedVllmLog(const EvaluatedPlan &plan);

// The same as text (`shardscope plan --format vllm-log`), with a "#" header saying it is a prediction.
std::string predictedVllmLogText(const EvaluatedPlan &plan);

// vLLM's estimate_max_model_len: the longest request whose KV fits `availableBytes` on the binding rank.
std::int64_t estimatedMaxModelLen(const Evaluation &e, const ModelSpec &m, double availableBytes);

// "14.9888" style formatting helpers shared with the reconciler.
std::string formatGiB(double bytes, int decimals);
std::string formatTokens(std::int64_t tokens); // "42,656"

} // namespace shardscope
