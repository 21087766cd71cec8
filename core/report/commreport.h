#pragma once
#include "core/evaluate/evaluation.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace shardscope {

// The plan JSON's "comm" and "time" objects (README "Communication and time").
nlohmann::json commToJson(const CommLedger &c, const GpuSpec &gpu);
nlohmann::json timeToJson(const TimeEstimate &t, const Plan &plan);

// The text format's ledger table and time summary.
std::string commToText(const Evaluation &e);

} // namespace shardscope
