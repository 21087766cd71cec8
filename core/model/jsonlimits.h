#pragma once
#include <string>
#include <string_view>

namespace shardscope {

// How deep an input JSON document (model config, GPU file, plan file, calibration, preset, a JSON
// flag value) may nest. nlohmann::json parses any depth without recursion, but dump() and the
// destructor of a value recurse once per level: a 16 MiB file of '[' (8 million levels) overflowed
// the stack in the plan file reader's dump of "model_config". Real configs nest 4 levels or so.
inline constexpr int kMaxJsonDepth = 64;

// The deepest nesting of arrays and objects in `text` (brackets inside strings do not count),
// scanning stops once past `limit`. Malformed text is left for the JSON parser to refuse.
int jsonNestingDepth(std::string_view text, int limit = kMaxJsonDepth);

// Throws InputError "<what> is nested deeper than 64 levels; not a config file" past kMaxJsonDepth.
void requireShallowJson(std::string_view text, const std::string &what);

} // namespace shardscope
