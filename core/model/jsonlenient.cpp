#include "core/model/jsonlenient.h"

#include "core/model/errors.h"
#include "core/model/jsonlimits.h"

#include <nlohmann/json.hpp>

namespace shardscope {

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
        || c == '+' || c == '-';
}

bool wordAt(std::string_view text, std::size_t i, std::string_view word)
{
    if (text.substr(i, word.size()) != word)
        return false;
    const std::size_t end = i + word.size();
    return end >= text.size() || !isWordChar(text[end]);
}

} // namespace

std::string replaceNonFiniteLiterals(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) {
                out += text[++i]; // an escaped character, possibly a quote
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        // A literal starts a token: the previous character is not part of a word.
        const bool tokenStart = i == 0 || !isWordChar(text[i - 1]);
        if (tokenStart && c == '-' && wordAt(text, i + 1, "Infinity")) {
            out += "-1e308";
            i += 8;
        } else if (tokenStart && wordAt(text, i, "Infinity")) {
            out += "1e308";
            i += 7;
        } else if (tokenStart && wordAt(text, i, "NaN")) {
            out += "null";
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

nlohmann::json parseJsonLenient(std::string_view text, const char *what)
{
    requireShallowJson(text, what); // before parsing: a deep value's destructor recurses
    try {
        return nlohmann::json::parse(replaceNonFiniteLiterals(text));
    } catch (const nlohmann::json::exception &e) {
        // Not only parse_error: a number too large for a double ("1e400") throws out_of_range.
        throw InputError(std::string(what) + " is not valid JSON: " + e.what());
    }
}

} // namespace shardscope
