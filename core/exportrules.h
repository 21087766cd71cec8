#pragma once
// Internal to the exporter: what a launch target can express, and the nearest plan it can.
#include "core/vllmexport.h"

#include <optional>
#include <string>

namespace shardscope::exportrules {

struct Problem
{
    std::string code;    // the evaluation's issue code, or one of the target rules below
    std::string message; // one line
};

// The first reason the target cannot run `plan` on `model`, looking only at the plan and the model
// (structure, expert parallelism, EPLB, quantization, layer partition). Target rules:
// vllm_ep, eplb_divides, quant_checkpoint, sglang_partition, sglang_pp_dp, sglang_dcp.
std::optional<Problem> firstProblem(const Plan &plan, const ModelSpec &model, ExportTarget target);

// The nearest plan the target accepts, starting from `plan` whose first problem is `code`;
// nothing when no small change fixes it.
std::optional<Plan> nearestPlan(const Plan &plan, const ModelSpec &model, ExportTarget target, const std::string &code);

// "tp=4, ep=16 (--enable-expert-parallel)": the fields `to` changes, in words.
std::string describeChange(const Plan &from, const Plan &to, ExportTarget target);

// The vLLM / SGLang --quantization value for the plan; empty when the checkpoint decides.
std::string quantizationFlag(const Plan &plan);

} // namespace shardscope::exportrules
