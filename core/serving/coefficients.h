#pragma once
#include "core/model/gpuspec.h"

#include <string>
#include <vector>

namespace shardscope {

// The step-time model's coefficients for one GPU family (docs/ARCHITECTURE.md, core/serving).
// Every value is data with its source (coefficients.cpp); `--serving-coefficient NAME=VALUE`
// overrides any of them by name.
struct ServingCoefficient
{
    const char *name; // stable: the CLI and JSON key
    double value;
    std::string source; // where the figure comes from, or how it is derived
};

struct ServingCoefficients
{
    std::string family; // "h100", "h200", "a100", "b200", "mi300x", ... or "generic"
    // Achieved fractions of peak.
    double hbmWeights = 0.8; // weight streaming by small-M GEMMs
    double hbmAttention = 0.8; // decode attention reading KV
    double denseBf16 = 0.65; // large-M BF16 GEMM, of the BF16 dense peak
    double denseFp8 = 0.65; // large-M FP8 GEMM, of the FP8 dense peak
    double denseFp4 = 0.5; // large-M FP4 GEMM, of the FP4 dense peak
    double moeCompute = 0.21; // grouped (fused MoE) GEMM at many tokens per expert, of the BF16 peak (calibrated)
    // MXFP4 experts through Marlin on a GPU whose tensor cores Marlin's mma.sync path drives natively (compute
    // capability 8.x and 12.x: A100, Ada, RTX Blackwell): rate = this x n / (n + moeMarlinMxfp4HalfWidth) of the
    // BF16 peak, n the expert intermediate per rank; replaces moe_compute there.
    double moeMarlinMxfp4 = 0.52;
    double moeMarlinMxfp4HalfWidth = 310;
    double prefillAttention = 0.5; // FlashAttention-class prefill at long sequences, of the BF16 peak
    // The prefill attention's rate falls at short sequences: rate = prefill_attention x k / (k + this), k the
    // mean keys a prefill query attends (s / 2 for a whole prompt of s tokens); 0: no fall-off.
    double prefillAttentionHalfKeys = 0;
    // Fixed costs, seconds.
    double gemmRamp = 1; // share of the measured GEMM knee applied (gemmramp.h): 0 = plain roofline
    double moeRamp = 1; // share of the measured fused-MoE knee applied (moeramp.h): 0 = plain roofline
    double gemmLatency = 3e-6; // per GEMM launch-to-done floor on top of bytes / bandwidth
    double attentionFloor = 12e-6; // per attention call (one per layer per step)
    double moeFloor = 20e-6; // per fused-MoE call (routing, permute, grouped GEMM launch)
    double kernelsPerLayer = 0; // kernels one layer issues; 0: counted per layer kind (steptime.cpp)
    double graphNodeSec = 0.58e-6; // per kernel replayed in a CUDA graph
    double graphLaunchSec = 15e-6; // per graph replay
    double launchSec = 6.4e-6; // per kernel launched eagerly (host side)
    double stepCpuSec = 0.5e-3; // per engine step: schedule, prepare inputs, update (V1)
    double requestCpuSec = 12.7e-6; // per scheduled request per step
    double frontendRequestSec = 2.83e-3; // API server CPU per request (HTTP, template, tokenize), one shared core
    double samplerSec = 46e-6; // sampler + logits floor per step
    double samplerPerRequestSec = 5.7e-6; // per sampled request at a 131072 vocabulary
    double allReduceGraphSec = 4.5e-6; // TP all-reduce floor, graphed (vLLM custom AR)
    double allReduceEagerSec = 20e-6; // the same eagerly
    double allReduceCrossNodeSec = 15.6e-6; // NCCL floor (TP beyond one node, or custom all-reduce off)
    double allToAllSec = 12e-6; // EP dispatch or combine floor (DeepEP low latency)
    double p2pSec = 10e-6; // PP send/recv floor per stage boundary
    int maxCaptureSize = 512; // largest CUDA-graph batch (1024 on SM100)
    // Calibration on the measured corpus (tests/data/perf). The GEMM, attention and MoE floors above are
    // aiconfigurator's measured per-call totals and stay as measured; what no per-call measurement pins down (each
    // layer's small kernels at gemm_latency_s, graph replay, launches, the sampler) costs floor_scale times its
    // micro-benchmark figure in a real step. The host figures come from a stub-executor run its authors marked
    // indicative; the corpus puts them at half.
    double floorScale = 2.0; // multiplies small-kernel costs, launches, graph replay, sampler
    double hostScale = 0.5; // multiplies step_cpu_s and request_cpu_s

    // name → value, source; the order of show-your-work.
    std::vector<ServingCoefficient> list() const;
    // Sets a coefficient by its name; false when there is no such name.
    bool set(const std::string &name, double value);
};

// The coefficient family of a GPU preset (by id and name): h100, h200, h20, h800, a100, b200, gb200, b300,
// l40s, rtx, mi300x, mi325x, mi355x, generic.
std::string servingFamily(const GpuSpec &gpu);
ServingCoefficients servingCoefficients(const GpuSpec &gpu);
// A family's default coefficients by name ("generic" for an unknown name).
ServingCoefficients familyCoefficients(const std::string &family);
// Every coefficient name (for --help and error messages).
std::vector<std::string> servingCoefficientNames();

} // namespace shardscope
