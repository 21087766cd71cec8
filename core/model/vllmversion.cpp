#include "core/model/vllmversion.h"

#include <array>
#include <cctype>

namespace shardscope {

namespace {

// Reads a small decimal number at `pos`; -1 when there is none or it is absurd.
int readPart(std::string_view s, size_t &pos)
{
    int value = 0;
    size_t digits = 0;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
        if (++digits > 4)
            return -1;
        value = value * 10 + (s[pos] - '0');
        ++pos;
    }
    return digits == 0 ? -1 : value;
}

} // namespace

std::optional<VllmVersion> parseVllmVersion(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    if (!text.empty() && (text.front() == 'v' || text.front() == 'V'))
        text.remove_prefix(1);
    size_t pos = 0;
    VllmVersion v;
    v.major = readPart(text, pos);
    if (v.major < 0 || pos >= text.size() || text[pos] != '.')
        return std::nullopt;
    ++pos;
    v.minor = readPart(text, pos);
    if (v.minor < 0)
        return std::nullopt;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        v.patch = readPart(text, pos);
        if (v.patch < 0)
            return std::nullopt;
    }
    // Development and local suffixes ("rc1", ".dev238+g...", "+cu128") do not change the rules.
    if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
        return std::nullopt;
    if (v.isUnset() || v.major > 99)
        return std::nullopt;
    return v;
}

std::string vllmVersionName(const VllmVersion &v)
{
    if (v.isUnset())
        return "latest";
    return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

VllmVersion resolvedVllmVersion(const VllmVersion &v)
{
    return v.isUnset() ? kLatestVllm : v;
}

VllmEngine vllmEngine(const VllmVersion &v)
{
    return resolvedVllmVersion(v) < kFirstV1Default ? VllmEngine::V0 : VllmEngine::V1;
}

bool subtractsCudaGraphs(const VllmVersion &v)
{
    return resolvedVllmVersion(v) >= kCudaGraphProfiling;
}

bool subtractsCudaGraphs(const VllmVersion &v, bool rocm)
{
    return subtractsCudaGraphs(v) && (!rocm || resolvedVllmVersion(v) >= kRocmCudaGraphEstimate);
}

namespace {

constexpr int kFirstMinor = 6;
constexpr int kLastMinor = 33;
constexpr auto kReleases = [] {
    std::array<VllmVersion, kLastMinor - kFirstMinor + 1> a {};
    for (int m = kFirstMinor; m <= kLastMinor; ++m)
        a[static_cast<size_t>(m - kFirstMinor)] = VllmVersion { 0, m, 0 };
    return a;
}();
static_assert(kReleases.back() == kLatestVllm && kReleases.front() == kOldestVllm);

} // namespace

std::span<const VllmVersion> knownVllmReleases()
{
    return kReleases;
}

bool isKnownVllmRelease(const VllmVersion &v)
{
    const VllmVersion r = resolvedVllmVersion(v);
    return r.major == 0 && r.minor >= kFirstMinor && r.minor <= kLastMinor;
}

std::string vllmReleaseName(const VllmVersion &v)
{
    return std::to_string(v.major) + "." + std::to_string(v.minor);
}

double defaultGpuMemoryUtilization(const VllmVersion &v)
{
    return subtractsCudaGraphs(v) ? 0.92 : 0.9;
}

} // namespace shardscope
