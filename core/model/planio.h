#pragma once
#include "core/model/plan.h"

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// The "plan" object of a saved plan file (*.shardscope.json) and of `--plan FILE`.
// Field names are the CLI flag names with underscores (tp, pp, dp, ep, gpu_memory_utilization, ...).
nlohmann::json planToJson(const Plan &plan);
// Unknown fields are ignored; present fields of the wrong type or out of range throw InputError.
Plan planFromJson(const nlohmann::json &json);

} // namespace shardscope
