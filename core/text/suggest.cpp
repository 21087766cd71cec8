#include "core/text/suggest.h"

#include <algorithm>

namespace shardscope {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string squeezed(std::string_view s)
{
    std::string out;
    for (char c : lower(s))
        if (c != '-' && c != '_' && c != '.' && c != ' ')
            out += c;
    return out;
}

bool startsWith(const std::string &s, const std::string &prefix)
{
    return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
std::size_t editDistance(const std::string &a, const std::string &b)
{
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({ d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

} // namespace

std::vector<std::string> suggestNames(std::string_view typed, const std::vector<std::string> &known, std::size_t max)
{
    const std::string t = lower(typed), ts = squeezed(typed);
    if (t.empty() || max == 0)
        return {};
    std::vector<std::string> lowered;
    lowered.reserve(known.size());
    for (const std::string &k : known)
        lowered.push_back(lower(k));
    const auto pick = [&](auto &&matches) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < known.size() && out.size() < max; ++i)
            if (matches(i) && std::find(out.begin(), out.end(), known[i]) == out.end())
                out.push_back(known[i]);
        return out;
    };
    // Of the names the text starts with ("gpu" and "gpus" for "gpuss"), the longest.
    std::size_t longestInside = 0;
    for (const std::string &k : known)
        if (const std::string ks = squeezed(k); ks.size() >= 2 && startsWith(ts, ks))
            longestInside = std::max(longestInside, ks.size());
    for (const auto &group : {
             pick([&](std::size_t i) { return lowered[i] == t; }),
             pick([&](std::size_t i) { return !ts.empty() && squeezed(known[i]) == ts; }),
             pick([&](std::size_t i) {
                 const std::string ks = squeezed(known[i]);
                 return (ts.size() >= 2 && startsWith(ks, ts))
                     || (ks.size() >= 2 && ks.size() == longestInside && startsWith(ts, ks));
             }),
         })
        if (!group.empty())
            return group;
    if (t.size() >= 3) {
        std::size_t containing = 0, which = 0;
        for (std::size_t i = 0; i < known.size(); ++i)
            if (lowered[i].find(t) != std::string::npos) {
                ++containing;
                which = i;
            }
        if (containing == 1)
            return { known[which] };
    }
    if (t.size() < 2)
        return {}; // one character is close to too much
    const std::size_t limit = t.size() <= 4 ? 1 : t.size() <= 8 ? 2 : 3;
    std::vector<std::size_t> distance(known.size());
    for (std::size_t i = 0; i < known.size(); ++i)
        distance[i] = editDistance(t, lowered[i]);
    const std::size_t best = distance.empty() ? limit + 1 : *std::min_element(distance.begin(), distance.end());
    if (best > limit)
        return {};
    return pick([&](std::size_t i) { return distance[i] == best; });
}

std::string didYouMean(const std::vector<std::string> &names, std::string_view prefix)
{
    if (names.empty())
        return {};
    std::string out = "did you mean ";
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += i + 1 == names.size() ? " or " : ", ";
        out += std::string(prefix) + names[i];
    }
    return out + "?";
}

bool matchesAllWords(std::string_view query, std::string_view text)
{
    const std::string q = lower(query), t = lower(text);
    std::size_t pos = 0;
    while (pos < q.size()) {
        const std::size_t start = q.find_first_not_of(" \t\n", pos);
        if (start == std::string::npos)
            break;
        const std::size_t end = std::min(q.find_first_of(" \t\n", start), q.size());
        if (t.find(q.substr(start, end - start)) == std::string::npos)
            return false;
        pos = end;
    }
    return true;
}

} // namespace shardscope
