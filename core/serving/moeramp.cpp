#include "core/serving/moeramp.h"

#include "core/serving/gemmramp.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace shardscope {
namespace {

// Measured / roofline per bucket of tokens per expert (moeramp.h), with each table's own large-batch rate as
// moe_compute: ai-dynamo/aiconfigurator @095f58a51c4c
// aic-core/src/aiconfigurator_core/systems/data/<gpu>/moe/vllm/0.14.0/moe_perf.parquet. Rate: the median over
// the rows with >= 256 tokens per expert of 2 x T x top_k x 3 x hidden x inter / TP / latency / BF16 peak
// (A100 0.294 of 312 TFLOPS over 408 rows, H100 0.205 of 989.4 over 303, H200 0.235 over 303). Bandwidth: the
// family's hbm_weights (A100 0.68, H100 0.86, H200 0.80) of 2.039, 3.35 and 4.8 TB/s.
// The served moe_compute is no longer these rates but one calibrated 0.21 (coefficients.cpp): the corpus's A100
// and H200 MoE serving runs are slower than the A100 and H200 tables.
struct MeasuredRamp
{
    const char *family;
    double moeCompute;
    std::array<double, 9> ratio;
    const char *source;
};

const MeasuredRamp kMeasured[] = {
    { "a100", 0.29, { 1, 1.00, 1.19, 1.33, 1.51, 1.20, 1.00, 1.02, 1.00 },
        "aiconfigurator moe_perf a100_sxm vllm/0.14.0 (Triton fused_moe BF16, power-law 1.01 routing, 1,530 rows, 51 "
        "shapes)" },
    { "h100", 0.21, { 1, 1.08, 1.32, 1.48, 1.71, 1.50, 1.13, 1.03, 1.00 },
        "aiconfigurator moe_perf h100_sxm vllm/0.14.0 (Triton fused_moe BF16, balanced routing, 1,863 rows, 63 "
        "shapes)" },
    { "h200", 0.23, { 1, 1.10, 1.43, 1.58, 1.71, 1.29, 1.07, 1.00, 1.00 },
        "aiconfigurator moe_perf h200_sxm vllm/0.14.0 (Triton fused_moe BF16, balanced routing, 1,863 rows, 63 "
        "shapes)" },
};

} // namespace

MoeRamp moeRamp(const std::string &family)
{
    // H800 and H20 have no table of their own: they read H100's and H200's, as they do for the GEMM ramp.
    const std::string measured = measuredFamily(family);
    MoeRamp r;
    for (const MeasuredRamp &m : kMeasured)
        if (measured == m.family) {
            r.ratio = m.ratio;
            r.moeCompute = m.moeCompute;
            r.source = m.source;
        }
    return r;
}

double moeRampAt(const MoeRamp &ramp, double tokensPerExpert)
{
    // The buckets are the powers of two 2^2 ... 2^10: position log2(n) - 2 on the table.
    const auto &x = kMoeRampTokensPerExpert;
    if (!(tokensPerExpert > x.front()) || tokensPerExpert >= x.back())
        return 1.0;
    const double at = std::log2(tokensPerExpert) - 2.0;
    const auto i = std::min(static_cast<std::size_t>(at), ramp.ratio.size() - 2);
    const double f = at - static_cast<double>(i);
    return ramp.ratio[i] + (ramp.ratio[i + 1] - ramp.ratio[i]) * f;
}

} // namespace shardscope
