#pragma once
#include "core/evaluation.h"

#include <string>
#include <vector>

namespace shardscope {

// "Show your work": a number the window or a report displays, with its formula, the formula with the
// plan's actual values substituted, and where each input came from (preset, config field, plan,
// assumption). Teachers put these on screen; every tooltip uses them.
struct ExplainedInput
{
    std::string name;   // "n_kv"
    std::string value;  // "8"
    std::string source; // "config.json num_key_value_heads"
};

struct Explanation
{
    std::string title;       // "KV bytes per token per GPU"
    std::string formula;     // "2 × L × max(1, n_kv / tp) × d × s"
    std::string substituted; // "2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B"
    std::string result;      // "40,960 B"
    std::vector<ExplainedInput> inputs;
    std::string note;        // e.g. "8 KV heads are replicated: tp 16 > 8"
};

enum class Quantity {
    KvBytesPerToken,
    WeightsPerGpu,
    KvBudget,
    CapacityTokens,
    MaxConcurrency,
    ClusterConcurrency,
    LayersPerStage,
    ExpertsPerGpu,
    ParamsTotal,
};

// `rank` picks the GPU for per-rank quantities; -1 means the binding rank.
Explanation explain(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, int rank = -1);

// One line: "substituted  [formula]". For tooltips and plain-text reports.
std::string explanationText(const Explanation &x);

} // namespace shardscope
