#include "core/launch/launchcommand.h"

#include "core/launch/shellwords.h"

#include <cctype>

namespace shardscope {

LaunchWord LaunchWord::literal(std::string text)
{
    return LaunchWord { { { std::move(text), false } } };
}

LaunchWord LaunchWord::placeholder(std::string name)
{
    return LaunchWord { { { std::move(name), true } } };
}

LaunchWord &LaunchWord::append(const LaunchWord &other)
{
    parts.insert(parts.end(), other.parts.begin(), other.parts.end());
    return *this;
}

bool LaunchWord::hasPlaceholder() const
{
    for (const Part &p : parts)
        if (p.placeholder)
            return true;
    return false;
}

std::string LaunchWord::render() const
{
    if (!hasPlaceholder()) {
        std::string text;
        for (const Part &p : parts)
            text += p.text;
        return shellQuote(text);
    }
    // Interactive bash history-expands '!' even inside double quotes, so a literal with one (an
    // address pasted with the command) is single-quoted next to "$NAME" instead: "$HEAD_IP"'!x'.
    bool bang = false;
    for (const Part &p : parts)
        bang = bang || (!p.placeholder && p.text.find('!') != std::string::npos);
    if (bang) {
        std::string out;
        for (const Part &p : parts)
            out += p.placeholder ? "\"${" + p.text + "}\"" : shellQuote(p.text);
        return out;
    }
    // A safe literal prefix stays bare (--address=), the rest goes in one double-quoted span where
    // only \ " $ and ` are special: "$HEAD_IP:$HEAD_PORT".
    std::string out;
    size_t i = 0;
    while (i < parts.size() && !parts[i].placeholder && isShellSafe(parts[i].text))
        out += parts[i++].text;
    out += '"';
    for (; i < parts.size(); ++i) {
        const Part &p = parts[i];
        if (p.placeholder) {
            const bool glued = i + 1 < parts.size() && !parts[i + 1].placeholder && !parts[i + 1].text.empty()
                && (std::isalnum(static_cast<unsigned char>(parts[i + 1].text[0])) || parts[i + 1].text[0] == '_');
            out += glued ? "${" + p.text + "}" : "$" + p.text;
            continue;
        }
        for (char c : p.text) {
            if (c == '\\' || c == '"' || c == '$' || c == '`')
                out += '\\';
            out += c;
        }
    }
    out += '"';
    return out;
}

LaunchCommand &LaunchCommand::flag(std::string name)
{
    options.push_back({ std::move(name), {}, false });
    return *this;
}

LaunchCommand &LaunchCommand::option(std::string name, LaunchWord value)
{
    options.push_back({ std::move(name), { std::move(value) }, false });
    return *this;
}

LaunchCommand &LaunchCommand::option(std::string name, const std::string &value)
{
    return option(std::move(name), LaunchWord::literal(value));
}

LaunchCommand &LaunchCommand::joinedOption(std::string name, LaunchWord value)
{
    options.push_back({ std::move(name), { std::move(value) }, true });
    return *this;
}

namespace {

// The groups that wrapping keeps on one line: the env prefixes with the program, then each option
// with its values.
std::vector<std::string> groups(const LaunchCommand &c)
{
    std::vector<std::string> out;
    std::string head;
    for (const auto &[name, value] : c.env)
        head += (head.empty() ? "" : " ") + name + "=" + value.render();
    for (const LaunchWord &w : c.program)
        head += (head.empty() ? "" : " ") + w.render();
    out.push_back(head);
    for (const LaunchOption &o : c.options) {
        std::string g = o.flag;
        for (const LaunchWord &v : o.values)
            g += (o.joined ? "=" : " ") + v.render();
        out.push_back(g);
    }
    return out;
}

} // namespace

std::string LaunchCommand::render() const
{
    std::string out;
    for (const std::string &g : groups(*this))
        out += (out.empty() ? "" : " ") + g;
    return out;
}

std::string LaunchCommand::renderWrapped(size_t width) const
{
    const std::vector<std::string> gs = groups(*this);
    std::string out;
    size_t lineLength = 0;
    for (size_t i = 0; i < gs.size(); ++i) {
        if (i == 0) {
            out = gs[0];
            lineLength = gs[0].size();
        } else if (lineLength + 1 + gs[i].size() + 2 > width) { // +2 for " \"
            out += " \\\n    " + gs[i];
            lineLength = 4 + gs[i].size();
        } else {
            out += " " + gs[i];
            lineLength += 1 + gs[i].size();
        }
    }
    return out;
}

std::vector<std::string> LaunchCommand::flags() const
{
    std::vector<std::string> out;
    for (const LaunchOption &o : options)
        out.push_back(o.flag);
    return out;
}

} // namespace shardscope
