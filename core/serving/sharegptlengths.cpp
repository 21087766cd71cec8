#include "core/serving/sharegptlengths.h"

#include <algorithm>
#include <iterator>

namespace shardscope {

namespace {

// Prompt and output lengths are real per-request data, not a fitted distribution: the burst's last, longest
// outputs set how long a vllm bench serve run takes, which a mean length cannot show.
constexpr ShareGptRequest kRequests[] = {
#include "core/serving/sharegptlengths.inc"
};

} // namespace

std::span<const ShareGptRequest> shareGptRequests()
{
    return kRequests;
}

ShareGptMeans shareGptMeans(std::int64_t n)
{
    const auto size = static_cast<std::int64_t>(std::size(kRequests));
    n = std::max<std::int64_t>(1, n);
    // Whole passes over the table and the remainder: exact for any n, and O(table) at most.
    double in = 0, out = 0, allIn = 0, allOut = 0;
    const std::int64_t rest = n % size;
    for (std::int64_t i = 0; i < size; ++i) {
        const ShareGptRequest &r = kRequests[i];
        allIn += r.input;
        allOut += r.output;
        if (i < rest) {
            in += r.input;
            out += r.output;
        }
    }
    const std::int64_t wholePasses = n / size; // whole passes over the table, intended integer division
    const auto passes = static_cast<double>(wholePasses);
    return { (in + passes * allIn) / static_cast<double>(n), (out + passes * allOut) / static_cast<double>(n) };
}

} // namespace shardscope
