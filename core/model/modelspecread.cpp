#include "core/model/modelspecread.h"

#include "core/model/errors.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace shardscope::configread {

using nlohmann::json;

// A config value quoted in a message: printable ASCII only, at most 40 characters.
std::string printable(const std::string &v)
{
    std::string out;
    for (char ch : v) {
        if (out.size() >= 40) {
            out += "...";
            break;
        }
        out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
    }
    return out;
}

int readInt(const json &j, const char *key, int fallback, int minValue, int maxValue, bool required)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        if (required)
            throw InputError(std::string("model config is missing \"") + key + "\"");
        return fallback;
    }
    if (!it->is_number())
        throw InputError(std::string("model config field \"") + key + "\" must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v != std::floor(v) || v < minValue || v > maxValue)
        throw InputError(std::string("model config field \"") + key + "\" = " + it->dump() + " is out of range ["
            + std::to_string(minValue) + ", " + std::to_string(maxValue) + "]");
    return static_cast<int>(v);
}

bool readBool(const json &j, const char *key, bool fallback)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        throw InputError(std::string("model config field \"") + key + "\" must be true or false");
    return it->get<bool>();
}

std::string readString(const json &j, const char *key, const std::string &fallback)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string())
        return fallback;
    return it->get<std::string>();
}

// First present key among alternatives (families name the same field differently).
int readIntAny(const json &j, std::initializer_list<const char *> keys, int fallback, int minValue, int maxValue)
{
    for (const char *k : keys) {
        const auto it = j.find(k);
        if (it != j.end() && !it->is_null())
            return readInt(j, k, fallback, minValue, maxValue);
    }
    return fallback;
}

} // namespace shardscope::configread
