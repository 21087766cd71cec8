#include "core/text/units.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace shardscope {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// Splits "80GiB" into 80 and "GiB". The number part may use exponent notation.
bool splitNumber(std::string_view text, double &value, std::string_view &suffix)
{
    text = trim(text);
    if (text.empty() || text.size() > 64)
        return false;
    size_t end = 0;
    while (end < text.size()) {
        const char c = text[end];
        const bool exponentSign = (c == '+' || c == '-') && end > 0 && (text[end - 1] == 'e' || text[end - 1] == 'E');
        const bool exponent = (c == 'e' || c == 'E') && end + 1 < text.size()
            && (std::isdigit(static_cast<unsigned char>(text[end + 1])) || text[end + 1] == '+'
                || text[end + 1] == '-');
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || exponentSign || exponent)
            ++end;
        else
            break;
    }
    if (end == 0)
        return false;
    const std::string number(text.substr(0, end));
    char *parsedEnd = nullptr;
    value = std::strtod(number.c_str(), &parsedEnd);
    if (parsedEnd != number.c_str() + number.size() || !std::isfinite(value))
        return false;
    suffix = trim(text.substr(end));
    return true;
}

} // namespace

std::optional<double> parseByteSize(std::string_view text)
{
    double value = 0;
    std::string_view suffix;
    if (!splitNumber(text, value, suffix))
        return std::nullopt;
    std::string unit(suffix);
    for (auto &c : unit)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    double scale = 0;
    if (unit.empty() || unit == "b")
        scale = 1;
    else if (unit == "kb" || unit == "k")
        scale = 1e3;
    else if (unit == "mb" || unit == "m")
        scale = 1e6;
    else if (unit == "gb" || unit == "g")
        scale = 1e9;
    else if (unit == "tb" || unit == "t")
        scale = 1e12;
    else if (unit == "kib" || unit == "ki")
        scale = KiB;
    else if (unit == "mib" || unit == "mi")
        scale = MiB;
    else if (unit == "gib" || unit == "gi")
        scale = GiB;
    else if (unit == "tib" || unit == "ti")
        scale = GiB * 1024.0;
    else
        return std::nullopt;
    const double bytes = value * scale;
    if (!std::isfinite(bytes) || bytes < 0 || bytes > 1024.0 * 1024.0 * GiB)
        return std::nullopt;
    return bytes;
}

std::optional<std::int64_t> parseCount(std::string_view text, std::int64_t limit)
{
    double value = 0;
    std::string_view suffix;
    if (!splitNumber(text, value, suffix))
        return std::nullopt;
    // vLLM's human_readable_int: lower case is decimal, upper case binary.
    double scale = 1;
    if (suffix == "k")
        scale = 1e3;
    else if (suffix == "m")
        scale = 1e6;
    else if (suffix == "g")
        scale = 1e9;
    else if (suffix == "K")
        scale = 1024.0;
    else if (suffix == "M")
        scale = 1024.0 * 1024.0;
    else if (suffix == "G")
        scale = GiB;
    else if (!suffix.empty())
        return std::nullopt;
    const double v = value * scale;
    if (!std::isfinite(v) || v < 0 || v > static_cast<double>(limit) || v != std::floor(v))
        return std::nullopt;
    return static_cast<std::int64_t>(v);
}

std::string formatBytes(double bytes, int decimals)
{
    const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    int i = 0;
    double v = bytes;
    while (std::fabs(v) >= 1024.0 && i < 4) {
        v /= 1024.0;
        ++i;
    }
    char buf[64];
    if (i == 0)
        std::snprintf(buf, sizeof buf, "%.0f %s", v, units[i]);
    else
        std::snprintf(buf, sizeof buf, "%.*f %s", decimals, v, units[i]);
    return buf;
}

std::string formatThousands(std::int64_t value)
{
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return value < 0 ? "-" + out : out;
}

} // namespace shardscope
