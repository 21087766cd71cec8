#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * 1024.0;
inline constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

// Parses a byte size as users write it: "80e9", "80GB" (10^9), "80GiB" (2^30), "4GiB", "512MiB",
// "1.5TB", "123". Returns nothing for anything else, including negative, NaN or absurd (> 1 PiB).
std::optional<double> parseByteSize(std::string_view text);

// Parses a positive integer count, accepting vLLM's human-readable forms: "32768", "32k" (1000),
// "32K" (1024), "1M", "2e3". Rejects fractions, negatives and values above `limit`.
std::optional<std::int64_t> parseCount(std::string_view text, std::int64_t limit = (std::int64_t(1) << 40));

// "32.9 GiB", "80 KiB", "512 B": binary units, for display.
std::string formatBytes(double bytes, int decimals = 1);
// "1,222,046"
std::string formatThousands(std::int64_t value);

} // namespace shardscope
