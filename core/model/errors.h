#pragma once
#include "core/text/sanitize.h"

#include <stdexcept>
#include <string>

namespace shardscope {

// Thrown for input a user can fix: a malformed config, an unknown preset, an impossible flag.
// The message is one line, meant to be shown as it is: control characters in it (a NUL or a line
// break quoted from the input) become visible escapes, so a NUL cannot cut it short and a line break
// cannot forge a second line (sanitize::oneLine).
class InputError : public std::runtime_error
{
public:
    explicit InputError(const std::string &message)
        : std::runtime_error(sanitize::oneLine(message))
    {
    }
    explicit InputError(const char *message)
        : InputError(std::string(message))
    {
    }
};

// A name read from a file (model id, name, hf_repo; GPU id, name, scaleup_link; calibration name,
// gpu) ends up in commands, scripts, reports and the window: one with a control character is
// refused at the boundary, naming the field (docs/DESIGN.md §8).
inline void requireOneLine(const std::string &field, const std::string &value)
{
    if (sanitize::hasControlChars(value))
        throw InputError(field + " contains a control character (a line break, tab, NUL or similar): \""
            + sanitize::oneLine(value) + "\"");
}

} // namespace shardscope
