#pragma once
#include "core/sweep/sweep.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace shardscope {

// `shardscope sweep --format json` (schema shardscope.sweep/1, README "Sweep JSON").
nlohmann::json sweepToJson(const SweepResult &r, const ModelSpec &m, const GpuSpec &gpu);

// `--format csv`: one header row, then one row per listed plan (LF line ends); column names are the JSON paths
// (kv.max_concurrency, ...). Fields with commas or quotes are quoted as RFC 4180 says.
std::string sweepToCsv(const SweepResult &r);

// `--format text`: a summary line and one table row per plan, best first.
std::string sweepToText(const SweepResult &r, const ModelSpec &m, const GpuSpec &gpu);

} // namespace shardscope
