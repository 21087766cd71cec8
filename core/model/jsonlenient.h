#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// Python's json module writes the non-standard literals Infinity, -Infinity and NaN, and Hugging Face
// configs carry them (Nemotron-H: "time_step_limit": [0.0, Infinity]). Outside string literals they are
// rewritten to numbers nlohmann/json accepts: Infinity -> 1e308, -Infinity -> -1e308, NaN -> null.
// Text inside strings is never touched (a "NaN" key or value stays as it is). A size field that held
// one of them is then refused by the range checks, naming the field. Linear in the input size.
std::string replaceNonFiniteLiterals(std::string_view text);

// json::parse of replaceNonFiniteLiterals(text). Throws InputError "<what> is not valid JSON: ...".
nlohmann::json parseJsonLenient(std::string_view text, const char *what);

} // namespace shardscope
