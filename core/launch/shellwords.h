#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

// Quotes one word for a POSIX shell: unchanged when it is non-empty and only holds
// [A-Za-z0-9_@%+=:,./-], otherwise in single quotes with ' written as '\''. Nothing inside single
// quotes is special to the shell, so spaces, quotes, $, ;, ` and newlines cannot inject anything.
std::string shellQuote(std::string_view word);
bool isShellSafe(std::string_view word);

// One word as the shell passes it to the program, before parameter expansion: quotes removed,
// backslash escapes resolved; `$NAME` and `${NAME...}` (outside single quotes) are kept literally
// in `text` and their names listed in `vars`, so a reader can tell a placeholder from a value.
struct ShellWord
{
    std::string text;
    std::vector<std::string> vars;
    bool operator==(const ShellWord &) const = default;
};
using ShellCommand = std::vector<ShellWord>;

// Limits for untrusted text (a pasted command line): larger input is refused, not parsed.
inline constexpr std::size_t kMaxShellTextBytes = 1 << 20;
inline constexpr std::size_t kMaxShellWords = 100000;

// Splits shell text into simple commands: separated by unquoted newlines, ;, &&, ||, | and &.
// Handles single and double quotes, backslash escapes, backslash-newline continuations (also
// \r\n), # comments, redirections (dropped with their target), and two documentation habits: a
// prompt "$ " at the start of a line and <NAME> placeholders (kept, listed in `vars` like $NAME). Throws InputError on
// an unterminated quote or input beyond the limits.
std::vector<ShellCommand> splitShellCommands(std::string_view text);

} // namespace shardscope
