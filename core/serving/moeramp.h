#pragma once
#include <array>
#include <string>

namespace shardscope {

// How much slower than its roofline vLLM's fused-MoE kernel runs at a given number of tokens per expert, from
// measured latencies. The step-time model prices a MoE layer at max(touched expert bytes / achieved bandwidth,
// grouped-GEMM FLOPs / (BF16 peak x moe_compute)): exact where one side dominates, optimistic between, where each
// expert's GEMM has too few rows to compute at full rate yet streams its weights at less than full bandwidth.
// aiconfigurator's vLLM moe_perf tables (vllm/0.14.0, Triton fused_moe, BF16, EP 1, every shape in the table:
// 2048-7168 hidden, 8-512 experts, top 2-22, TP 1-32; A100 with power-law 1.01 routing, its only rows, H100 and
// H200 balanced) measure that knee: the ratio is the median over each bucket of tokens per expert (T x top_k / E,
// buckets at powers of two) of the measured latency over the roofline with the family's fractions and
// moe_floor_s (20 us), taken from 4 tokens per expert on and never below 1.
// Powers of two, 2^2 ... 2^10 (moeRampAt relies on it).
inline constexpr std::array<double, 9> kMoeRampTokensPerExpert { 4, 8, 16, 32, 64, 128, 256, 512, 1024 };

struct MoeRamp
{
    std::array<double, 9> ratio { 1, 1, 1, 1, 1, 1, 1, 1, 1 }; // measured / roofline, >= 1
    double moeCompute = 0; // the same table's rate at >= 256 tokens per expert, of the BF16 peak; 0: none
    std::string source; // the table it comes from; empty when none applies
};

// The fused-MoE knee of a coefficient family ("a100", "h100", ...): A100, H100 and H200 are measured, H800 and
// H20 read H100's and H200's; other families get no ramp.
MoeRamp moeRamp(const std::string &family);
// The ratio at n tokens per expert: 1 up to 4 and from 1024 on, the table interpolated linearly in log2 n between.
double moeRampAt(const MoeRamp &ramp, double tokensPerExpert);

} // namespace shardscope
