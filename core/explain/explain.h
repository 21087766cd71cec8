#pragma once
#include "core/evaluate/evaluation.h"
#include "core/text/sentence.h"

#include <string>
#include <vector>

namespace shardscope {

// "Show your work": a number the window or a report displays, with its formula, the formula with the
// plan's actual values substituted, and where each input came from (preset, config field, plan,
// assumption). Teachers put these on screen; every tooltip uses them.
// The texts are translatable sentences (context "Explain"), for a UI in another language; the
// accessors give the English. Formulas made only of symbols and numbers are plain values.
struct ExplainedInput
{
    Sentence nameText; // "n_kv"
    Sentence valueText; // "8"
    Sentence sourceText; // "config.json num_key_value_heads"
    std::string name() const { return nameText.text(); }
    std::string value() const { return valueText.text(); }
    std::string source() const { return sourceText.text(); }
};

struct Explanation
{
    Sentence titleText; // "KV bytes per token per GPU"
    Sentence formulaText; // "2 × L × max(1, n_kv / tp) × d × s"
    Sentence substitutedText; // "2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B"
    Sentence resultText; // "40,960 B"
    std::vector<ExplainedInput> inputs;
    Sentence noteText; // e.g. "8 KV heads are replicated: tp 16 > 8"
    std::string title() const { return titleText.text(); }
    std::string formula() const { return formulaText.text(); }
    std::string substituted() const { return substitutedText.text(); }
    std::string result() const { return resultText.text(); }
    std::string note() const { return noteText.text(); }
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
    // Communication of one step (docs/DESIGN.md §4), for the plan's phase.
    TpAllReduceBytes, // S = n × h × b
    TpBytesPerGpu, // 2 × layers × 2(t−1)/t × S, the largest stage
    TpTime, // ring AllReduce α-β time × the AllReduces of one token's path
    PpSendBytes, // 2 × n × h × b per boundary
    EpBytesPerToken, // k × h × (b_dispatch + b_combine) per MoE layer
    CommTime, // every stage's communication on one token's path
    // Time (docs/DESIGN.md §5); `rank` picks the stage of that GPU for StageStepTime.
    StageStepTime, // max(bytes / HBM, FLOPs / peak) + comm, decode
    Tpot, // Σ stages of a decode step
    Ttft, // Σ stages of a prefill step
    Bubble, // (p − 1) / (m + p − 1), lecture 3 (docs/DESIGN.md §F.3)
    TokensPerSecPerGpu,
};

// `rank` picks the GPU for per-rank quantities; -1 means the binding rank.
Explanation explain(Quantity q, const EvaluatedPlan &p, int rank = -1);

// The communication and time quantities (core/explain/explaincomm.cpp); explain() forwards to it.
Explanation explainCommTime(Quantity q, const EvaluatedPlan &p, int rank = -1);

// One line: "substituted  [formula]". For tooltips and plain-text reports.
std::string explanationText(const Explanation &x);

} // namespace shardscope
