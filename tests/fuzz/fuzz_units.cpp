// libFuzzer target: the sizes, counts and versions users type into flags and fields ("80GiB", "32k",
// "2e3", "v0.10.2").
#include "core/model/vllmversion.h"
#include "core/text/units.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    if (const auto bytes = shardscope::parseByteSize(text)) {
        if (!std::isfinite(*bytes) || *bytes < 0) {
            std::fprintf(stderr, "parseByteSize accepted %g\n", *bytes);
            std::abort();
        }
        (void)shardscope::formatBytes(*bytes);
    }
    if (const auto count = shardscope::parseCount(text)) {
        if (*count < 0 || *count > (std::int64_t(1) << 40)) {
            std::fprintf(stderr, "parseCount accepted %lld\n", static_cast<long long>(*count));
            std::abort();
        }
        (void)shardscope::formatThousands(*count);
    }
    if (const auto version = shardscope::parseVllmVersion(text)) {
        if (shardscope::parseVllmVersion(shardscope::vllmVersionName(*version)) != version && !version->isUnset()) {
            std::fprintf(stderr, "vLLM version %s does not read back\n", shardscope::vllmVersionName(*version).c_str());
            std::abort();
        }
    }
    return 0;
}
