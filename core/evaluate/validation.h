#pragma once
#include "core/evaluate/evaluation.h"

namespace shardscope {

// Structural checks that decide whether a placement exists at all (docs/DESIGN.md §2, vLLM's own
// refusals). Appends to `issues`; returns false when evaluation cannot place the model.
bool validateStructure(const Plan &plan, const ModelSpec &model, std::vector<PlanIssue> &issues);

// Checks on a placed plan: nodes and scale-up domains crossed, memory that does not fit.
void validatePlacement(Evaluation &e, const ModelSpec &model, const GpuSpec &gpu);

// vLLM's refusal of FP8 block-quantised experts whose split is not a multiple of the block size
// (each expert split tp x dp / ep ways). Part of validatePlacement; the sliders' rules
// (planrules) ask it too, so no slider reaches a plan vLLM refuses to load. It also checks the group
// layouts of ModelOpt / compressed-tensors checkpoints (codes tp_quant_group, quant_group_experts).
void validateFp8BlockExperts(const Plan &plan, const ModelSpec &model, std::vector<PlanIssue> &issues);

// Divisors of n, ascending: the values a tp slider may take, for messages.
std::vector<int> divisorsOf(int n);

} // namespace shardscope
