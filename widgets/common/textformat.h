#pragma once
#include "core/explain/explain.h"

#include <QString>

#include <cstdint>

struct PlanState;

// Numbers as the window shows them, always with a unit, and the "show your work" tooltips.
namespace textformat {

QString bytes(double bytes, int decimals = 1); // "32.9 GiB"
QString gib(double bytes, int decimals = 1); // always GiB: "0.5 GiB"
QString count(std::int64_t value); // "1,222,046"
QString qs(const std::string &s);

// Core's generated text in the window's language: the template through QCoreApplication::translate
// in its context, the arguments rendered the same way (values as they are).
QString sentence(const shardscope::Sentence &s);
// A validation issue's message, translated (the English message when it carries no sentence).
QString issue(const shardscope::PlanIssue &i);

// Rich-text tooltip: title, formula, formula with the plan's values, inputs and their sources, note.
QString explanationHtml(const shardscope::Explanation &x);
// What GPU `rank` is and holds: node, stage, TP/DP/EP ranks, layers, heads, experts, memory.
QString gpuSummaryHtml(const PlanState &state, int rank);
// "layers 0–60" style ranges.
QString range(int first, int last);
// Heads held, never an index that reads as a count: "head 2", or "heads 16–23 (8)".
QString heads(int first, int count);

} // namespace textformat
