#pragma once
#include "core/evaluate/evaluation.h"
#include "core/text/sentence.h"

#include <string>
#include <vector>

namespace shardscope {

// One line of a rank's vLLM memory budget, with what it rests on, so every number can be explained.
// basis: "formula" (exact arithmetic from the config and the plan), "estimated" (a model of a
// measured overhead, see core/evaluate/overheads.h) or "calibrated" (fitted to a real log, a CalibrationProfile).
struct MemoryTerm
{
    std::string key; // stable: requested, weights, activation, non_torch, cuda_graph, kv_budget
    double bytes = 0;
    bool subtracted = true; // taken out of `requested` to give the KV budget
    std::string basis;
    // The label and the assumption, translatable (context "MemoryTerms").
    Sentence labelText;
    Sentence assumptionText;
    std::string label() const { return labelText.text(); } // in English
    std::string assumption() const { return assumptionText.text(); }
};

// The terms of `rank` (index into e.ranks) in vLLM accounting, in the order vLLM subtracts them.
// Empty for textbook accounting or an invalid plan.
std::vector<MemoryTerm> memoryTerms(const EvaluatedPlan &p, int rank);

// "calibrated" when the plan carries an active calibration profile, else "estimated".
const char *overheadBasis(const Plan &p);

} // namespace shardscope
