#pragma once
#include <string>
#include <string_view>

// One place that decides how untrusted text (names from model configs, presets, plan files,
// calibration profiles, pasted logs) may leave ShardScope, by output kind. docs/DESIGN.md §8.
namespace shardscope::sanitize {

// A control character: C0 (U+0000-U+001F, so also TAB, CR, LF, NUL), DEL, C1 (U+0080-U+009F,
// including NEL) and the Unicode line and paragraph separators U+2028 / U+2029. Any of them can end
// a line for some reader (bash, a terminal, a Markdown or JavaScript parser) or hide text.
bool hasControlChars(std::string_view text);

// One line, safe after "# " in a shell script and in a message: every control character becomes a
// visible escape (\n, \r, \t, \0, \xNN, \u2028), so nothing can start a new line and the reader
// still sees that something was there. Text without control characters is returned unchanged.
std::string oneLine(std::string_view text);

// True when `word` would be read as an option by the program it is passed to (starts with '-').
bool looksLikeOption(std::string_view word);

// Markdown text that can open nothing: one line (as oneLine), so it starts no block after the
// prefix ShardScope wrote ("# ", "- ", a table cell); '<' escaped, so no raw HTML (<script>,
// <iframe>, <img>) and no autolink; "](", "][" and "]:" escaped, so no link, image or link
// definition (javascript:, ![x](/dev/zero)). Emphasis stays possible: it is harmless, and escaping it
// would change every name with an underscore.
std::string markdownText(std::string_view text);

// Text for inside a Markdown code span the template already wrote (`%1`): one line, and each
// backtick replaced by ' (a code span has no escapes; a backtick would close it).
std::string markdownCodeText(std::string_view text);

// The backtick fence for a code block holding `text`: longer than any backtick run in it, at least 3.
std::string markdownFenceFor(std::string_view text);
// A fenced code block holding `text` verbatim: the fence is a run of backticks longer than any in
// the text (at least three), so nothing inside can close it.
std::string markdownFence(std::string_view text, std::string_view info = {});

// HTML / Qt rich text: & < > " ' as entities (control characters through oneLine).
std::string htmlText(std::string_view text);

} // namespace shardscope::sanitize
