#pragma once
#include "core/evaluate/evaluation.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace shardscope {

// `shardscope plan --format json`: the documented public interface (README "plan JSON").
nlohmann::json evaluationToJson(const EvaluatedPlan &plan);

// `shardscope plan --format text`: a readable summary of the same numbers.
std::string evaluationToText(const EvaluatedPlan &plan);

} // namespace shardscope
