#include "core/text/sentence.h"

#include "core/text/textformat.h"

#include <cctype>

namespace shardscope {

std::string Sentence::text() const
{
    std::string out;
    for (size_t i = 0; i < templ.size(); ++i) {
        if (templ[i] == '%' && i + 1 < templ.size() && std::isdigit(static_cast<unsigned char>(templ[i + 1]))) {
            const size_t n = static_cast<size_t>(templ[i + 1] - '0');
            if (n >= 1 && n <= args.size()) {
                out += args[n - 1].text();
                ++i;
                continue;
            }
        }
        out += templ[i];
    }
    return out;
}

Sentence phrase(const char *context, const char *templ, std::vector<Sentence> args)
{
    return Sentence { templ, std::move(args), true, context };
}

Sentence value(std::string v)
{
    return Sentence { std::move(v), {}, false, {} };
}

Sentence value(double v, int decimals)
{
    return value(formatNumber(v, decimals));
}

Sentence value(int v)
{
    return value(std::to_string(v));
}

std::vector<std::string> texts(const std::vector<Sentence> &sentences)
{
    std::vector<std::string> out;
    out.reserve(sentences.size());
    for (const Sentence &s : sentences)
        out.push_back(s.text());
    return out;
}

Sentence joinComma(const std::vector<Sentence> &parts)
{
    if (parts.empty())
        return value(std::string());
    Sentence s = parts.front();
    for (size_t i = 1; i < parts.size(); ++i)
        s = Sentence { "%1, %2", { s, parts[i] }, false, {} }; // a list separator: not a template to translate
    return s;
}

} // namespace shardscope
