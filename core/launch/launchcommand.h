#pragma once
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

// One word of a generated command: literal pieces and named placeholders ($HEAD_IP) that the user
// sets on each node. Literals are shell-quoted when rendered; placeholders are expanded by the shell.
struct LaunchWord
{
    struct Part
    {
        std::string text;
        bool placeholder = false; // text is a variable name
        bool operator==(const Part &) const = default;
    };
    std::vector<Part> parts;

    static LaunchWord literal(std::string text);
    static LaunchWord placeholder(std::string name);
    LaunchWord &append(const LaunchWord &other);
    bool hasPlaceholder() const;
    // Shell text: 'it''s' quoting for literals, "$NAME" for placeholders (one double-quoted span).
    std::string render() const;
    bool operator==(const LaunchWord &) const = default;
};

// One option of a command: "--flag", "--flag value" or "--flag=value".
struct LaunchOption
{
    std::string flag;
    std::vector<LaunchWord> values;
    bool joined = false; // render as --flag=value (ray start's style)
    bool operator==(const LaunchOption &) const = default;
};

// A command as a list of parts, so tests can check every flag and the renderer alone decides quoting.
struct LaunchCommand
{
    std::vector<std::pair<std::string, LaunchWord>> env; // NAME=value prefixes
    std::vector<LaunchWord> program; // e.g. vllm, serve, <model>
    std::vector<LaunchOption> options;

    LaunchCommand &flag(std::string name);
    LaunchCommand &option(std::string name, LaunchWord value);
    LaunchCommand &option(std::string name, const std::string &value);
    LaunchCommand &joinedOption(std::string name, LaunchWord value);

    std::string render() const; // one line
    std::string renderWrapped(size_t width) const; // backslash-newline continuations, 4-space indent
    std::vector<std::string> flags() const; // the option names, in order
    bool operator==(const LaunchCommand &) const = default;
};

} // namespace shardscope
