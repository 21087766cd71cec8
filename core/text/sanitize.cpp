#include "core/text/sanitize.h"

#include <algorithm>
#include <cstdio>

namespace shardscope::sanitize {

namespace {

// The length in bytes of the control character at `text[i]`, or 0.
size_t controlAt(std::string_view text, size_t i)
{
    const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = b(i);
    if (c < 0x20 || c == 0x7f)
        return 1;
    if (c == 0xc2 && i + 1 < text.size() && b(i + 1) >= 0x80 && b(i + 1) <= 0x9f)
        return 2; // C1
    if (c == 0xe2 && i + 2 < text.size() && b(i + 1) == 0x80 && (b(i + 2) == 0xa8 || b(i + 2) == 0xa9))
        return 3; // U+2028, U+2029
    return 0;
}

std::string escapeControl(std::string_view text, size_t i, size_t n)
{
    const auto c = static_cast<unsigned char>(text[i]);
    char buf[16];
    if (n == 3)
        std::snprintf(buf, sizeof buf, "\\u%s", static_cast<unsigned char>(text[i + 2]) == 0xa8 ? "2028" : "2029");
    else if (n == 2)
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(text[i + 1])));
    else if (c == '\n')
        return "\\n";
    else if (c == '\r')
        return "\\r";
    else if (c == '\t')
        return "\\t";
    else if (c == 0)
        return "\\0";
    else
        std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
    return buf;
}

} // namespace

bool hasControlChars(std::string_view text)
{
    for (size_t i = 0; i < text.size(); ++i)
        if (controlAt(text, i) > 0)
            return true;
    return false;
}

std::string oneLine(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        if (const size_t n = controlAt(text, i); n > 0) {
            out += escapeControl(text, i, n);
            i += n;
        } else {
            out += text[i++];
        }
    }
    return out;
}

bool looksLikeOption(std::string_view word)
{
    return !word.empty() && word.front() == '-';
}

std::string markdownText(std::string_view text)
{
    const std::string line = oneLine(text);
    std::string out;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        const char next = i + 1 < line.size() ? line[i + 1] : '\0';
        // '<' opens raw HTML and autolinks; "](", "][" and "]:" make a link, an image or a link
        // definition; a backslash could undo one of these escapes.
        if (c == '<' || (c == ']' && (next == '(' || next == '[' || next == ':'))
            || (c == '\\' && std::string_view("<[]()!\\").find(next) != std::string_view::npos))
            out += '\\';
        out += c;
    }
    return out;
}

std::string markdownCodeText(std::string_view text)
{
    std::string out = oneLine(text);
    std::replace(out.begin(), out.end(), '`', '\'');
    return out;
}

std::string markdownFenceFor(std::string_view text)
{
    size_t longest = 0;
    size_t run = 0;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return std::string(std::max<size_t>(3, longest + 1), '`');
}

std::string markdownFence(std::string_view text, std::string_view info)
{
    const std::string fence = markdownFenceFor(text);
    std::string body(text);
    if (!body.empty() && body.back() != '\n')
        body += '\n';
    return fence + std::string(info) + "\n" + body + fence + "\n";
}

std::string htmlText(std::string_view text)
{
    std::string out;
    for (char c : oneLine(text)) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace shardscope::sanitize
