#pragma once
#include <string>

namespace shardscope {

// Number formats shared by the explanations, comparisons and reports (English, for core text).

// "1,048,576" with decimals == 0, else fixed: "0.90"
std::string formatNumber(double v, int decimals = 0);
// Whole numbers without decimals, others with `decimals`: "450", "369.5"
std::string formatNumberAuto(double v, int decimals);
// The two ways ShardScope writes a duration. The CLI prints both today and its output is kept
// byte for byte, so they are named styles of one function rather than two formatters.
enum class DurationStyle {
    // "3.50 µs" below 0.1 ms, "0.559 ms" below 1 s, "1.250 s"; zero is "0 µs". Explanations,
    // comparisons, the Markdown report and the window.
    Prose,
    // "12.3 us" below 1 ms, "0.56 ms" below 1 s, "1.25 s"; zero is "0". The CLI's fixed-width
    // communication ledger and time summary: ASCII "us" because printf pads columns by bytes and
    // "µ" is two bytes in UTF-8.
    Ledger,
};
std::string formatDuration(double seconds, DurationStyle style = DurationStyle::Prose);
// "450 GB/s", "3.35 TB/s" (decimal units, as link and HBM rates are quoted)
std::string formatRate(double bytesPerSec);

} // namespace shardscope
