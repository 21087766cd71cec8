#pragma once
#include <string>

namespace shardscope {

// Number formats shared by the explanations, comparisons and reports (English, for core text).

// "1,048,576" with decimals == 0, else fixed: "0.90"
std::string formatNumber(double v, int decimals = 0);
// Whole numbers without decimals, others with `decimals`: "450", "369.5"
std::string formatNumberAuto(double v, int decimals);
// "3.50 µs" below 0.1 ms, "0.559 ms" below 1 s, "1.250 s"
std::string formatDuration(double seconds);
// "450 GB/s", "3.35 TB/s" (decimal units, as link and HBM rates are quoted)
std::string formatRate(double bytesPerSec);

} // namespace shardscope
