#include "core/model/jsonlimits.h"

#include "core/model/errors.h"

namespace shardscope {

int jsonNestingDepth(std::string_view text, int limit)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character, a quote included
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > deepest && (deepest = depth) > limit)
                return deepest;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

void requireShallowJson(std::string_view text, const std::string &what)
{
    if (jsonNestingDepth(text) > kMaxJsonDepth)
        throw InputError(
            what + " is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; not a config file");
}

} // namespace shardscope
