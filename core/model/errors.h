#pragma once
#include <stdexcept>
#include <string>

namespace shardscope {

// Thrown for input a user can fix: a malformed config, an unknown preset, an impossible flag.
// The message is one line, meant to be shown as it is.
class InputError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace shardscope
