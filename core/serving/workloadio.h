#pragma once
#include "core/serving/serving.h"

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// The "workload" object of a saved plan file (*.shardscope.json): the inputs of a Workload, with the
// CLI flags' names in underscores (input_len, output_len, input_len_range, max_concurrency,
// request_rate, num_prompts, prefix_hit_rate, seed); max_concurrency 0 is unbounded, request_rate 0
// all at once, as in Workload.
nlohmann::json workloadToJson(const Workload &w);
// Fields absent keep the default; unknown fields are ignored; a field of the wrong type or out of
// range throws InputError naming it ("workload.input_len: ..."). Lengths against max_model_len are
// checked later, by checkWorkload, as for the flags.
Workload workloadFromJson(const nlohmann::json &j);

} // namespace shardscope
