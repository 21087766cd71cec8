#pragma once
#include "core/evaluate/evaluation.h"
#include "core/serving/serving.h"
#include "core/text/sentence.h"

#include <functional>
#include <optional>
#include <string>

namespace shardscope {

// A plan as a document to hand to colleagues: placement, memory and KV, the communication ledger,
// time estimates with their assumptions, the launch command, the issues and the preset sources.
// GitHub-flavoured Markdown; the window and `shardscope report` also turn it into a PDF.

struct ReportOptions
{
    std::string generator; // "ShardScope 0.1.0", printed under the title
    std::string placementImage; // an image file or resource name to show under "Placement"; empty: none
    std::string launchCommand; // the vLLM command block (plain text); empty: the section says why not
    std::string launchNote; // one line under the command, e.g. a refusal
    // The report's language: renders each generated sentence (headings, table headers, explanations,
    // issues). Empty: English, Sentence::text() (what `shardscope report` writes).
    std::function<std::string(const Sentence &)> translate;
    // The serving estimate at a workload (core/serving): a "Serving (estimated)" section after "Time
    // estimates"; none: no section.
    std::optional<ServingResult> serving;
};

// One plan. Section headings (stable, tests and readers rely on them): "Placement",
// "Memory and KV cache", "Communication per step", "Time estimates", "Serving (estimated)" (with
// options.serving), "vLLM command", "Issues",
// "Sources".
std::string markdownReport(const EvaluatedPlan &plan, const ReportOptions &options);

// A against B: "What changed", "Side by side", "Why", then each plan's own sections one level
// deeper under "Plan A" and "Plan B".
std::string markdownComparisonReport(
    const EvaluatedPlan &a, const ReportOptions &optionsA, const EvaluatedPlan &b, const ReportOptions &optionsB);

// Fills launchCommand with the plan's vLLM launch (core/vllmexport: one vllm serve, or one block per
// node), or launchNote with the reason vLLM cannot run the plan and the nearest plan it can.
void addLaunchCommand(ReportOptions &options, const Evaluation &e, const ModelSpec &m);

// "Llama 3.1 70B · TP 4 × PP 2 · 8 × H100 SXM5 80GB" (a title line)
std::string planTitle(const EvaluatedPlan &plan);

} // namespace shardscope
