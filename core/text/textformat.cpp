#include "core/text/textformat.h"

#include "core/text/units.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace shardscope {

std::string formatNumber(double v, int decimals)
{
    if (decimals == 0 && std::fabs(v) < 9.2e18)
        return formatThousands(static_cast<std::int64_t>(std::llround(v)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string formatNumberAuto(double v, int decimals)
{
    return formatNumber(v, std::floor(v) == v ? 0 : decimals);
}

std::string formatDuration(double s, DurationStyle style)
{
    char buf[64];
    const double a = std::fabs(s);
    if (style == DurationStyle::Ledger) {
        if (a == 0)
            return "0";
        if (a < 1e-3)
            std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
        else if (a < 1)
            std::snprintf(buf, sizeof buf, "%.2f ms", s * 1e3);
        else
            std::snprintf(buf, sizeof buf, "%.2f s", s);
        return buf;
    }
    if (a == 0)
        return "0 µs";
    if (a < 1e-4)
        std::snprintf(buf, sizeof buf, "%.2f µs", s * 1e6);
    else if (a < 1)
        std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

std::string formatRate(double bytesPerSec)
{
    if (bytesPerSec >= 1e12)
        return formatNumberAuto(std::round(bytesPerSec / 1e10) / 100, 2) + " TB/s";
    return formatNumberAuto(std::round(bytesPerSec / 1e8) / 10, 1) + " GB/s";
}

} // namespace shardscope
