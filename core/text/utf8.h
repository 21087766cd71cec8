#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace shardscope {

// Untrusted text (pasted commands, logs, config files) ends up in JSON, whose writer refuses
// ill-formed UTF-8. Well-formed means RFC 3629: no overlong forms, surrogates or code points above
// U+10FFFF.
bool isValidUtf8(std::string_view text);
// Each byte that does not start a well-formed sequence becomes U+FFFD.
std::string validUtf8(std::string_view text);
// At most `maxBytes` bytes of `text`, never cutting a character in two.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes);

} // namespace shardscope
