#include "core/serving/gemmramp.h"

#include "core/serving/coefficients.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace shardscope {
namespace {

// aiconfigurator's measured vLLM GEMM latency, microseconds, N = K = 8192, at M = 1, 16, 64, 128, 256, 512,
// 1024 (serving reference §3.3; ai-dynamo/aiconfigurator gemm/vllm/0.24.0/gemm_perf.parquet, A100 from
// 0.14.0), with the peak figures of the GPU it ran on (presets/gpus). FP8 is CUTLASS per-tensor; its GB200
// M = 1 row (36.4 us against 18-19 us at M = 8-64) is one of the noisy single rows the reference warns of
// and is taken at its M = 16 value.
struct MeasuredRow
{
    const char *family;
    const char *format;
    const char *gpu;
    double hbmTBps;
    double peakTflops; // dense peak in the format
    std::array<double, 7> us;
};

const MeasuredRow kMeasured[] = {
    { "a100", "bf16", "A100 SXM 80GB", 2.039, 312, { 96.9, 100.6, 100.8, 122.2, 162.6, 318.0, 526.6 } },
    { "h100", "bf16", "H100 SXM", 3.35, 989.4, { 51.6, 46.4, 47.4, 48.7, 51.3, 87.4, 164.0 } },
    { "h100", "fp8", "H100 SXM", 3.35, 1978.9, { 30.1, 32.8, 30.4, 32.5, 37.7, 57.5, 117.9 } },
    { "h200", "bf16", "H200", 4.8, 989.4, { 34.9, 34.4, 37.0, 37.1, 47.7, 90.3, 167.2 } },
    { "h200", "fp8", "H200", 4.8, 1978.9, { 22.3, 23.4, 24.6, 26.7, 33.7, 55.9, 108.8 } },
    { "b200", "bf16", "B200", 7.7, 2250, { 23.8, 22.6, 23.3, 26.2, 31.0, 47.3, 92.0 } },
    { "gb200", "bf16", "GB200", 8.0, 2500, { 22.6, 21.6, 21.7, 25.8, 29.3, 42.3, 81.6 } },
    { "gb200", "fp8", "GB200", 8.0, 5000, { 18.3, 18.3, 19.4, 20.7, 26.2, 39.3, 65.6 } },
    { "l40s", "bf16", "L40S", 0.864, 362.05, { 193.6, 218.8, 235.9, 223.9, 256.3, 297.6, 550.9 } },
    { "l40s", "fp8", "L40S", 0.864, 733, { 105.3, 118.5, 114.8, 115.3, 136.6, 213.5, 360.4 } },
    { "rtx", "bf16", "RTX PRO 6000", 1.792, 467.8, { 92.5, 96.3, 96.9, 114.1, 118.9, 190.9, 354.3 } },
};

} // namespace

// Families that borrow a measured family's ramp, as they borrow its fractions (coefficients.cpp): the same
// die (H800 = H100), the same architecture and memory type (H20 = H200, read at H20's own ridge point,
// 148 TFLOPS against 4 TB/s) or the same architecture (B300 = B200).
const char *measuredFamily(const std::string &family)
{
    if (family == "h800")
        return "h100";
    if (family == "h20")
        return "h200";
    if (family == "b300")
        return "b200";
    return family.c_str();
}

GemmRamp gemmRamp(const std::string &family, const std::string &format, double gpuFlops, double gpuBandwidth)
{
    GemmRamp ramp;
    const std::string measured = measuredFamily(family);
    const auto *it = std::find_if(std::begin(kMeasured), std::end(kMeasured),
        [&](const MeasuredRow &r) { return measured == r.family && format == r.format; });
    if (it == std::end(kMeasured))
        return ramp;
    const ServingCoefficients c = familyCoefficients(measured);
    const double n = 8192;
    const double bytes = n * n * (format == "bf16" ? 2.0 : 1.0);
    const double bandwidth = it->hbmTBps * 1e12 * c.hbmWeights;
    const double flops = it->peakTflops * 1e12 * (format == "bf16" ? c.denseBf16 : c.denseFp8);
    for (std::size_t i = 0; i < kGemmRampTokens.size(); ++i) {
        const double roofline = std::max(bytes / bandwidth, 2.0 * kGemmRampTokens[i] * n * n / flops) + c.gemmLatency;
        ramp.ratio[i] = std::max(1.0, it->us[i] * 1e-6 / roofline);
    }
    if (gpuFlops > 0 && gpuBandwidth > 0)
        ramp.tokenScale = (flops / bandwidth) / (gpuFlops / gpuBandwidth);
    ramp.source = std::string("aiconfigurator vLLM GEMM, ") + it->gpu + " " + format + ", N = K = 8192";
    return ramp;
}

double gemmRampAt(const GemmRamp &ramp, double m0)
{
    // log2 of kGemmRampTokens and of the plateau, exact: the step loop calls this twice per simulated step, so
    // one std::log2 per call (the simulation's hot spot with a log2 per table point; bench_serving).
    static constexpr std::array<double, 7> kLog2Tokens { 0, 4, 6, 7, 8, 9, 10 };
    static constexpr double kLog2Plateau = 12;
    const auto &m = kGemmRampTokens;
    const double tokens = m0 * ramp.tokenScale;
    if (tokens <= m.front())
        return ramp.ratio.front();
    if (tokens >= kGemmRampPlateauTokens)
        return 1.0;
    const double x = std::log2(tokens);
    if (tokens >= m.back()) {
        const double f = (x - kLog2Tokens.back()) / (kLog2Plateau - kLog2Tokens.back());
        return ramp.ratio.back() + f * (1.0 - ramp.ratio.back());
    }
    std::size_t i = 1;
    while (m[i] < tokens)
        ++i;
    const double f = (x - kLog2Tokens[i - 1]) / (kLog2Tokens[i] - kLog2Tokens[i - 1]);
    return ramp.ratio[i - 1] + f * (ramp.ratio[i] - ramp.ratio[i - 1]);
}

} // namespace shardscope
