#pragma once
#include <array>
#include <string>

namespace shardscope {

// How much slower than its roofline a dense GEMM runs at a given token count M, from measured latencies.
// The step-time model prices a GEMM at max(bytes / achieved bandwidth, FLOPs / achieved peak): exact where
// one side dominates (the fractions in coefficients.cpp come from the same micro-benchmarks at M <= 64 and
// M >= 1024), optimistic around the ridge point, where the kernel neither streams at full bandwidth nor
// computes at full rate. aiconfigurator's vLLM GEMM tables (serving reference §3.3: gemm/vllm/0.24.0, A100
// 0.14.0, N = K = 8192) measure that knee; the ramp is their latency divided by the roofline of the same
// GEMM on the same GPU with the family's fractions and gemm_latency_s (3 us), never below 1.
inline constexpr std::array<double, 7> kGemmRampTokens { 1, 16, 64, 128, 256, 512, 1024 };
// Beyond the table the large-shape rates take over: the ramp falls back to 1 at M = 4096 (linear in log2 M),
// the M of AMD's and aiconfigurator's large-shape GEMM figures.
inline constexpr double kGemmRampPlateauTokens = 4096;

struct GemmRamp
{
    std::array<double, 7> ratio { 1, 1, 1, 1, 1, 1, 1 }; // measured / roofline at kGemmRampTokens, >= 1
    // The knee sits at the ridge point M = achieved FLOP/s x bytes per weight / (2 x achieved bandwidth). On a
    // GPU of the family other than the one measured (A100 40GB, H100 PCIe, H20, L20, RTX 4090) the table is
    // read at M x (measured GPU's ridge / this GPU's ridge): the same knee, where this GPU's ridge is.
    double tokenScale = 1;
    std::string source; // the table and GPU it comes from; empty when none applies
};

// The family whose measurement a family borrows (H800 -> H100, H20 -> H200, B300 -> B200), or the family itself;
// the GEMM and fused-MoE ramps (moeramp.h) both read their tables through it.
const char *measuredFamily(const std::string &family);

// The ramp of a coefficient family ("h100", "a100", ...) for the GEMMs' format ("bf16", "fp8"), read for a
// GPU whose dense rate and weight-streaming bandwidth (achieved, bytes/s and FLOP/s) are given; 0 for either
// reads the measured GPU's own. Families without a measurement (MI300X, generic, ...) and formats without a
// row get no ramp.
GemmRamp gemmRamp(const std::string &family, const std::string &format, double flops = 0, double bandwidth = 0);
// The ratio at M tokens: the table (at M x tokenScale) interpolated linearly in log2 M, its M = 1 value
// below, falling back to 1 from M = 1024 to kGemmRampPlateauTokens.
double gemmRampAt(const GemmRamp &ramp, double tokens);

} // namespace shardscope
