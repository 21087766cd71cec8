#pragma once
#include "core/evaluate/evaluation.h"

namespace shardscope {

// Structural checks that decide whether a placement exists at all (DESIGN.md section 2, vLLM's own
// refusals). Appends to `issues`; returns false when evaluation cannot place the model.
bool validateStructure(const Plan &plan, const ModelSpec &model, std::vector<PlanIssue> &issues);

// Checks on a placed plan: nodes and scale-up domains crossed, memory that does not fit.
void validatePlacement(Evaluation &e, const ModelSpec &model, const GpuSpec &gpu);

// Divisors of n, ascending: the values a tp slider may take, for messages.
std::vector<int> divisorsOf(int n);

} // namespace shardscope
