#pragma once
// Internal to the exporter: what a launch target can express, and the nearest plan it can.
#include "core/launch/launchexport.h"

#include <optional>
#include <string>

namespace shardscope::exportrules {

struct Problem
{
    std::string code; // the evaluation's issue code, or one of the target rules below
    Sentence text; // one line
};

// An export sentence in the "Export" translation context. Call sites wrap the template in
// QT_TRANSLATE_NOOP("Export", …) so that Qt Linguist finds it.
inline Sentence say(const char *templ, std::vector<Sentence> args = {})
{
    return phrase("Export", templ, std::move(args));
}

// A whole number as the English has always printed it (std::to_string: no digit grouping).
inline Sentence integer(long long v)
{
    return value(std::to_string(v));
}

// The first reason the target cannot run `plan` on `model`, looking only at the plan and the model
// (structure, expert parallelism, EPLB, quantization, layer partition). Target rules:
// vllm_ep, eplb_divides, quant_checkpoint, sglang_partition, sglang_pp_dp, sglang_dcp.
std::optional<Problem> firstProblem(const Plan &plan, const ModelSpec &model, ExportTarget target);

// The nearest plan the target accepts, starting from `plan` whose first problem is `code`;
// nothing when no small change fixes it.
std::optional<Plan> nearestPlan(const Plan &plan, const ModelSpec &model, ExportTarget target, const std::string &code);

// "tp=4, ep=16 (--enable-expert-parallel)": the fields `to` changes, in words.
Sentence describeChange(const Plan &from, const Plan &to, ExportTarget target);

// The vLLM / SGLang --quantization value for the plan; empty when the checkpoint decides.
std::string quantizationFlag(const Plan &plan);

} // namespace shardscope::exportrules
