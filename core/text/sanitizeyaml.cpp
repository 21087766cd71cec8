#include "core/text/sanitizeyaml.h"

#include "core/text/utf8.h"

#include <cstdio>

namespace shardscope::sanitize {

namespace {

// The length of a C1 control (U+0080-U+009F, two bytes) or U+2028 / U+2029 (three bytes) at
// `text[i]`, else 0; the same set as sanitize.h's hasControlChars beyond C0 and DEL.
size_t multiByteControlAt(std::string_view text, size_t i)
{
    const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    if (b(i) == 0xc2 && i + 1 < text.size() && b(i + 1) >= 0x80 && b(i + 1) <= 0x9f)
        return 2;
    if (b(i) == 0xe2 && i + 2 < text.size() && b(i + 1) == 0x80 && (b(i + 2) == 0xa8 || b(i + 2) == 0xa9))
        return 3;
    return 0;
}

} // namespace

std::string yamlQuoted(std::string_view raw)
{
    const std::string text = validUtf8(raw);
    std::string out = "\"";
    out.reserve(text.size() + 2);
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        char buf[16];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++i;
        } else if (c == '\n' || c == '\t') {
            out += c == '\n' ? "\\n" : "\\t"; // readable in a script: "set -e\nexec vllm serve ..."
            ++i;
        } else if (c < 0x20 || c == 0x7f) {
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
            out += buf;
            ++i;
        } else if (const size_t n = multiByteControlAt(text, i); n > 0) {
            // C1 (two bytes) or U+2028 / U+2029 (three bytes)
            const unsigned code = n == 2 ? static_cast<unsigned char>(text[i + 1])
                                         : (static_cast<unsigned char>(text[i + 2]) == 0xa8 ? 0x2028U : 0x2029U);
            std::snprintf(buf, sizeof buf, "\\u%04x", code);
            out += buf;
            i += n;
        } else if (text.compare(i, 3, "\xef\xbb\xbf") == 0 || text.compare(i, 3, "\xef\xbf\xbe") == 0
            || text.compare(i, 3, "\xef\xbf\xbf") == 0) {
            // U+FEFF (a byte order mark) and the non-characters U+FFFE / U+FFFF are outside YAML's
            // printable set (YAML 1.2 §5.1): escaped.
            const char *names[] = { "\\ufeff", "\\ufffe", "\\uffff" };
            const auto last = static_cast<unsigned char>(text[i + 2]);
            out += text[i + 1] == '\xbb' ? names[0] : names[last == 0xbe ? 1 : 2];
            i += 3;
        } else {
            out += static_cast<char>(c);
            ++i;
        }
    }
    out += '"';
    return out;
}

} // namespace shardscope::sanitize
