#pragma once
#include <string>
#include <string_view>

// The sanitiser's YAML output kind (beside sanitize.h's shell, Markdown and HTML ones): how untrusted
// text (model paths, names) may enter a generated Kubernetes manifest. docs/DESIGN.md §8.
namespace shardscope::sanitize {

// A YAML double-quoted scalar ("..."), for every string value of a generated manifest: '\' and '"'
// escaped; newline and tab as \n and \t, the other control characters (C0, DEL, C1, U+2028/U+2029,
// as hasControlChars) and U+FEFF, U+FFFE, U+FFFF as \xNN / \uNNNN escapes (YAML 1.2 §5.1, §5.7),
// so the value stays on its line and reads back as written; ill-formed UTF-8 becomes U+FFFD (YAML is Unicode text).
// Nothing inside a double-quoted scalar is syntax: '#', ': ', '{{', '&', '*', '!' and a leading '-' are plain there.
std::string yamlQuoted(std::string_view text);

} // namespace shardscope::sanitize
