#include "core/serving/coefficients.h"

#include "core/serving/moeramp.h"

#include <algorithm>
#include <cctype>

namespace shardscope {

namespace {

// Sources (short keys as in the README's "Serving model" section):
//  AIC  ai-dynamo/aiconfigurator measured vLLM op tables, aic-core/.../systems/data/<system>/*/vllm/0.24.0
//       (A100: 0.14.0), commit 095f58a51c4c: gemm_perf, generation_attention_perf, moe_perf, custom_allreduce_perf.
//  AZ   Azure/AI-benchmarking-guide Azure_Results/ND_*_results.md (STREAM-like HBM, cuBLASLt/hipBLASLt GEMM, FA2).
//  MAF  AMD ROCm blog "Measuring Max-Achievable FLOPs - Part 2" (2025-02-28), MI300X/MI325X hipBLASLt.
//  CTX  aiconfigurator's vLLM context_attention_perf (window 0, BF16 Q and KV cache): a whole prompt of s tokens per
//       sequence, causal, 2 b h d s^2 FLOPs; its median rate over the head shapes at each s (s = 512 ... 16384, b s
//       >= 4096) fitted to e s / (s + 2 k) by least squares in log: e the long-sequence fraction, k the half-rate
//       mean keys per query. H100/H200/L40S vllm/0.24.0 (FA3; FA2 on L40S), A100 vllm/0.14.0 (the only A100 table),
//       B200/GB200 vllm/0.24.0 (FlashInfer TRT-LLM prefill).
struct FamilyRow
{
    const char *family;
    double hbmWeights, hbmAttention, denseBf16, denseFp8, prefillAttention, prefillHalfKeys;
    int maxCapture;
    const char *hbmSource;
    const char *computeSource;
};

const FamilyRow kFamilies[] = {
    { "h100", 0.86, 0.93, 0.88, 0.73, 0.65, 800, 512,
        "AIC H100: BF16 GEMM M<=64 N=K=8192 2.9 TB/s (86% of 3.35); FA3 decode b128x4096 3.11 TB/s (93%)",
        "AIC H100: BF16 867 TFLOPS (88%), FP8 1450 (73% of 1979) at M>=1024; CTX H100 FA3 prefill 0.65, half rate at "
        "800 keys (s = 16384: 0.60, 2048: 0.36)" },
    { "h800", 0.86, 0.93, 0.88, 0.73, 0.65, 800, 512, "H100's figures (same HBM3 3.35 TB/s; no H800 measurement)",
        "H100's figures (same SM90 die; no H800 measurement), CTX H100's prefill" },
    { "h200", 0.80, 0.91, 0.86, 0.77, 0.64, 750, 512,
        "AIC H200: BF16 GEMM M<=64 N=K=8192 3.6-3.9 TB/s (75-81% of 4.8); FA3 decode 4.36 TB/s (91%)",
        "AIC H200: BF16 850 TFLOPS (86%), FP8 1531 (77%); CTX H200 FA3 prefill 0.64, half rate at 750 keys (s = 16384: "
        "0.58, 2048: 0.36)" },
    { "h20", 0.80, 0.91, 0.86, 0.77, 0.64, 750, 512, "H200's fractions (HBM3e SM90; no H20 measurement)",
        "H200's fractions (no H20 measurement)" },
    { "a100", 0.68, 0.80, 0.95, 0.95, 0.59, 330, 512,
        "AIC A100 (vLLM 0.14): BF16 GEMM M<=64 N=K=8192 1.27-1.39 TB/s (62-68% of 2.04); AZ STREAM 1.61-1.75 TB/s",
        "AIC A100: BF16 297 TFLOPS (95% of 312); CTX A100 prefill 0.59, half rate at 330 keys (s = 16384: 0.56; AZ FA2 "
        "fwd 179.5 TFLOPS, 58%); no FP8 on SM80 (BF16 used)" },
    { "b200", 0.78, 0.93, 0.76, 0.57, 0.45, 770, 1024,
        "AIC B200: BF16 GEMM M<=64 6.0 TB/s (78% of 7.7); FlashInfer TRT-LLM decode 7.14 TB/s (93%)",
        "AIC B200: BF16 1706 TFLOPS (76%), FP8 2585 (57% of 4500); CTX B200 FlashInfer TRT-LLM prefill 0.45 of 2250, "
        "half rate at 770 keys (s = 16384: 0.48)" },
    { "gb200", 0.78, 0.93, 0.76, 0.57, 0.39, 660, 1024,
        "AIC GB200: BF16 GEMM M<=64 5.9-6.3 TB/s (77-79% of 8.0); decode attention 7.45 TB/s (93%)",
        "AIC GB200: BF16 1912 TFLOPS (76%), FP8 2851 (57%); AZ GB200 FP8 2907 (58%); CTX GB200 prefill 0.39 of 2500, "
        "half rate at 660 keys (s = 16384: 0.38)" },
    { "b300", 0.78, 0.93, 0.76, 0.57, 0.45, 770, 1024, "B200's fractions (no B300/GB300 measurement)",
        "B200's fractions (no B300/GB300 measurement)" },
    { "l40s", 0.75, 0.83, 0.72, 0.54, 0.52, 400, 512,
        "AIC L40S: BF16 GEMM M<=64 0.58-0.69 TB/s (67-80% of 0.864); FA2 decode 0.72 TB/s (83%)",
        "AIC L40S: BF16 259 TFLOPS (72%), FP8 399 (54% of 733); CTX L40S FA2 prefill 0.52, half rate at 400 keys (s = "
        "16384: 0.50)" },
    { "rtx", 0.85, 0.85, 0.72, 0.54, 0.52, 400, 512, "AIC RTX PRO 6000: BF16 GEMM M=16 1.52 TB/s (85% of 1.79)",
        "L40S's fractions and prefill (AIC RTX PRO 6000 BF16 426 TFLOPS, peak not in the table)" },
    { "mi300x", 0.78, 0.78, 0.54, 0.49, 0.25, 0, 512,
        "AZ MI300X STREAM Copy/Triad 4.11/4.09 TB/s (78% of 5.3); no AMD decode-attention table (same used)",
        "MAF MI300X: BF16 708 TFLOPS (54% of 1307), FP8 1273 (49% of 2615); AZ FA2 fwd 328.6 TFLOPS (25%)" },
    { "mi325x", 0.78, 0.78, 0.64, 0.58, 0.25, 0, 512, "MI300X's STREAM fraction (no MI325X measurement)",
        "MAF MI325X: BF16 843 TFLOPS (64% of 1307), FP8 1519 (58%); prefill attention as MI300X" },
    { "mi355x", 0.78, 0.78, 0.58, 0.58, 0.25, 0, 512, "MI300X's STREAM fraction (no MI355X measurement)",
        "no MI355X max-achievable FLOPs published; MI325X MAF ratios (0.58-0.65, as AMD-AGI/TraceLens PR #942)" },
    { "generic", 0.80, 0.80, 0.65, 0.65, 0.50, 0, 512,
        "aiconfigurator's mem_bw_empirical_scaling_factor 0.8 (systems/*.yaml)",
        "roofline default 0.65 (core/evaluate/timemodel.h)" },
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

const FamilyRow &row(const std::string &family)
{
    for (const FamilyRow &r : kFamilies)
        if (family == r.family)
            return r;
    return kFamilies[std::size(kFamilies) - 1];
}

} // namespace

std::string servingFamily(const GpuSpec &gpu)
{
    const std::string s = lower(gpu.id + " " + gpu.name);
    auto has = [&](const char *k) { return s.find(k) != std::string::npos; };
    if (has("mi355") || has("mi350"))
        return "mi355x";
    if (has("mi325"))
        return "mi325x";
    if (has("mi300"))
        return "mi300x";
    if (has("gb200") || has("gb300"))
        return "gb200";
    if (has("b300"))
        return "b300";
    if (has("b200"))
        return "b200";
    if (has("h200"))
        return "h200";
    if (has("h20"))
        return "h20";
    if (has("h800"))
        return "h800";
    if (has("h100"))
        return "h100";
    if (has("a100") || has("a800"))
        return "a100";
    if (has("l40") || has("l20"))
        return "l40s";
    if (has("rtx"))
        return "rtx";
    return "generic";
}

ServingCoefficients servingCoefficients(const GpuSpec &gpu)
{
    return familyCoefficients(servingFamily(gpu));
}

ServingCoefficients familyCoefficients(const std::string &family)
{
    ServingCoefficients c;
    c.family = row(family).family;
    const FamilyRow &r = row(c.family);
    c.hbmWeights = r.hbmWeights;
    c.hbmAttention = r.hbmAttention;
    c.denseBf16 = r.denseBf16;
    c.denseFp8 = r.denseFp8;
    c.prefillAttention = r.prefillAttention;
    c.prefillAttentionHalfKeys = r.prefillHalfKeys;
    c.maxCaptureSize = r.maxCapture;
    // moe_compute stays at its calibrated default on every family (list(): the A100 and H200 tables' own rates
    // are faster than those GPUs' MoE serving runs); the tables keep their knee (moe_ramp).
    return c;
}

std::vector<ServingCoefficient> ServingCoefficients::list() const
{
    const FamilyRow &r = row(family);
    const MoeRamp measuredMoe = shardscope::moeRamp(family);
    return {
        { "hbm_weights", hbmWeights, r.hbmSource },
        { "hbm_attention", hbmAttention, r.hbmSource },
        { "dense_bf16", denseBf16, r.computeSource },
        { "dense_fp8", denseFp8, r.computeSource },
        { "dense_fp4", denseFp4,
            "AIC NVFP4: B200 4324 TFLOPS, GB200 5053 (43-50% of 10000); AZ GB200 FP4 7628 (76%): 0.5" },
        { "moe_compute", moeCompute,
            measuredMoe.moeCompute > 0
                ? "calibrated on tests/data/perf (158 points, 8 sources): 0.21 of the BF16 peak on every family, for "
                  "every format; "
                    + measuredMoe.source
                    + " and its A100 and H200 siblings put the kernel alone at >= 256 tokens per expert at A100 0.29, "
                      "H100 0.21, H200 0.23, and the A100 and H200 MoE "
                      "serving runs there (Qwen3-235B, GLM-4.5-Air, GLM-4.6, DeepSeek-R1) are slower than "
                      "their tables; leave-one-source-out in the README"
                : std::string("calibrated on tests/data/perf (158 points, 8 sources): 0.21 of the BF16 peak, for "
                              "every format, as aiconfigurator's H100 fused-MoE table (Triton, vLLM 0.14) measures; "
                              "AIC H200 FlashInfer CUTLASS, DeepSeek-V3 shape, EP8, FP8: 8192 tokens/rank in 3459 us "
                              "= 0.21 of the BF16 peak as well; this family has no table of its own") },
        { "moe_marlin_mxfp4", moeMarlinMxfp4,
            "aiconfigurator moe_perf vllm/0.24.0, gpt-oss's MXFP4 experts through Marlin (gptossmxfp4moe_marlin) on "
            "L40S and RTX PRO 6000 (the mma.sync GPUs with such a table; A100 has none), hidden 2880, 32 and 128 "
            "experts, top 4: the median rate at >= 256 tokens per expert rises with the expert slice n per rank, "
            "0.10-0.14 of the BF16 peak at n = 90, 0.27-0.32 at 360, 0.38-0.44 at 1440, 0.42-0.50 at 2880; least "
            "squares in log: this x n / (n + moe_marlin_mxfp4_half_width). Used instead of moe_compute for MXFP4 "
            "experts through Marlin on compute capability 8.x and 12.x. Hopper keeps moe_compute: its Marlin MXFP4 "
            "rows (Qwen-shaped, vLLM 0.24) reach 0.13-0.22 of its peak, and its Triton MXFP4 kernel's measured 0.52 x "
            "n / (n + 260) makes the corpus's gpt-oss points on H100 20-96 % too fast (README)" },
        { "moe_marlin_mxfp4_half_width", moeMarlinMxfp4HalfWidth,
            "the expert slice per rank at which Marlin's MXFP4 MoE runs at half moe_marlin_mxfp4 (fitted with it on "
            "the same rows)" },
        { "prefill_attention", prefillAttention, r.computeSource },
        { "prefill_attention_half_keys", prefillAttentionHalfKeys,
            "the mean keys per prefill query (full-attention layers) at which the prefill attention runs at half "
            "prefill_attention: rate x k / (k + this), fitted on aiconfigurator's vLLM context_attention_perf "
            "(whole prompts of 512-16384 tokens; see prefill_attention's source); 0 where no table exists (AMD, "
            "generic). Sliding-window layers run at prefill_attention (their tables' shapes differ)" },
        { "gemm_ramp", gemmRamp,
            "1: dense GEMMs cost their roofline times aiconfigurator's measured knee (N = K = 8192, M = 1-1024; "
            "serving reference 3.3), back to 1 at M = 4096; 0: the plain roofline. Rows: A100, H100, H200, B200, "
            "GB200, L40S, RTX PRO 6000 BF16; H100, H200, GB200, L40S FP8 (H800, H20 and B300 borrow H100's, H200's and "
            "B200's); another GPU of a family reads the table at its own ridge point" },
        { "moe_ramp", moeRamp,
            measuredMoe.source.empty()
                ? std::string("no fused-MoE table for this family: the plain roofline (a value other than 0 has no "
                              "effect)")
                : "1: each MoE layer costs its roofline times the knee measured in " + measuredMoe.source
                    + " at the step's tokens per expert (1.7x at 64 on H100 and H200, 1.5x on A100; 1 below 4 and "
                      "from 1024); 0: the plain roofline" },
        { "gemm_latency_s", gemmLatency,
            "AIC H100 BF16 N=K=4096 at M<=64 reaches only 2.2-2.3 TB/s: ~3 us per GEMM; aiconfigurator "
            "mem_empirical_constant_latency 3e-6; with it Qwen3-8B's GEMMs at M=1 sum to 5.80 ms, AIC h100_sxm "
            "gemm_perf (vLLM 0.19) 5.83 ms, so a GEMM's floor is not scaled. Also the cost of each small kernel "
            "(norm, rotary, cache write, routing, activation, quantize) a layer launches, counted per layer kind, "
            "times floor_scale: no measurement of those" },
        { "attention_floor_s", attentionFloor,
            "AIC decode attention: 11-14 us per call at b=1, L=1024 on every GPU; a measured total, not scaled by "
            "floor_scale" },
        { "moe_floor_s", moeFloor,
            "AIC fused-MoE layer call at 1 token, routing included (collector/vllm/collect_moe.py, helper.py "
            "balanced_logits @095f58a51c4c: a lone token's 8 experts lie E/8 apart, so at EP 8 one sits on rank 0, "
            "at TP 8 all 8 do as 1/8 slices). H200: Qwen3-235B shape (h4096 i1536, 128 experts), BF16, TP 8, vLLM "
            "0.19: 30 us, of it 8 us bytes at 4.8 TB/s; DeepSeek-V3 shape, FP8-block, TP 8 (Triton), 0.19: 57 us, "
            "9 us bytes; the same at EP 8 (FlashInfer CUTLASS), 0.24: 96 us, 9 us bytes. 20 us per call, not scaled "
            "by floor_scale; the call's top-k, align, activation, sum and quantize are charged beside it as small "
            "kernels" },
        { "kernels_per_layer", kernelsPerLayer,
            "0: counted per layer kind from vLLM's layers (GEMMs, attention, TP all-reduces and the small kernels: "
            "10 for a Llama layer at TP 1, 32 for a DeepSeek-V3 MoE layer at TP 8; serving reference §2.5: ~10-20); "
            "a value above 0 charges that many per layer instead" },
        { "graph_node_s", graphNodeSec, "ahrefs/ocannl issue #488: CUDA-graph replay 15 us fixed + 0.58 us per node" },
        { "graph_launch_s", graphLaunchSec, "ahrefs/ocannl issue #488: CUDA-graph replay 15 us fixed" },
        { "launch_s", launchSec, "ahrefs/ocannl issue #488: ~6.4 us per individual kernel launch" },
        { "step_cpu_s", stepCpuSec,
            "openfabric-systems/simllm PR #204: V1 scheduler ~541 us per engine step (marked VOID, indicative); "
            "hidden under the GPU step with async scheduling" },
        { "request_cpu_s", requestCpuSec, "openfabric-systems/simllm PR #204: ~12.7 us per running request" },
        { "frontend_request_s", frontendRequestSec,
            "API server CPU per request before the engine sees it (serving reference 2.4: HTTP, chat template, "
            "tokenization in the API-server process, one asyncio loop on one core, so the requests it holds share "
            "it); no public micro-benchmark: fitted on tests/data/perf (100 points, 7 sources, with floor_scale and "
            "host_scale): 2.83 ms" },
        { "sampler_s", samplerSec, "vLLM PR #51507: top-k/top-p batch 1 x vocab 32768 0.046 ms (Triton)" },
        { "sampler_request_s", samplerPerRequestSec,
            "vLLM PR #32558: batch 256 x vocab 131072 top-k 1.504 ms: (1.504 - 0.046) / 255 ms per request" },
        { "allreduce_graph_s", allReduceGraphSec, "AIC custom_allreduce_perf H100/H200: ~4.5 us floor graphed" },
        { "allreduce_eager_s", allReduceEagerSec, "AIC custom_allreduce_perf H100/H200: ~20 us floor eager" },
        { "allreduce_crossnode_s", allReduceCrossNodeSec, "AIC nccl_perf H100 8 ranks all_reduce 1 KiB: 15.6 us" },
        { "alltoall_s", allToAllSec,
            "AIC wideep_deepep_ll_perf H200 8 GPUs: dispatch 11.9 / combine 12.6 us at 1 token per rank" },
        { "p2p_s", p2pSec, "aiconfigurator systems/*.yaml p2p_latency 10 us" },
        { "floor_scale", floorScale,
            "fitted on tests/data/perf (158 points, 8 sources; coordinate descent with host_scale and "
            "frontend_request_s, hbm, compute and the measured per-call floors at their micro-benchmark values): "
            "2.0 on the small kernels, graph replay, launches and sampler (2.83 on the 118 points before AMD's "
            "MI300X batch-latency table joined; 4 before each layer's small kernels were counted); "
            "leave-one-source-out in the README" },
        { "host_scale", hostScale,
            "fitted on tests/data/perf (100 points, 7 sources, with floor_scale and frontend_request_s): 0.5 x the "
            "stub-executor figures; leave-one-source-out in the README" },
        { "max_capture_size", static_cast<double>(maxCaptureSize),
            "vLLM VllmConfig._set_cudagraph_sizes: 512 tokens, 1024 on SM100 (B200/GB200/B300)" },
    };
}

bool ServingCoefficients::set(const std::string &name, double v)
{
    struct Field
    {
        const char *name;
        double ServingCoefficients::*member;
    };
    static const Field fields[] = {
        { "hbm_weights", &ServingCoefficients::hbmWeights },
        { "hbm_attention", &ServingCoefficients::hbmAttention },
        { "dense_bf16", &ServingCoefficients::denseBf16 },
        { "dense_fp8", &ServingCoefficients::denseFp8 },
        { "dense_fp4", &ServingCoefficients::denseFp4 },
        { "moe_compute", &ServingCoefficients::moeCompute },
        { "moe_marlin_mxfp4", &ServingCoefficients::moeMarlinMxfp4 },
        { "moe_marlin_mxfp4_half_width", &ServingCoefficients::moeMarlinMxfp4HalfWidth },
        { "prefill_attention", &ServingCoefficients::prefillAttention },
        { "prefill_attention_half_keys", &ServingCoefficients::prefillAttentionHalfKeys },
        { "gemm_ramp", &ServingCoefficients::gemmRamp },
        { "moe_ramp", &ServingCoefficients::moeRamp },
        { "gemm_latency_s", &ServingCoefficients::gemmLatency },
        { "attention_floor_s", &ServingCoefficients::attentionFloor },
        { "moe_floor_s", &ServingCoefficients::moeFloor },
        { "kernels_per_layer", &ServingCoefficients::kernelsPerLayer },
        { "graph_node_s", &ServingCoefficients::graphNodeSec },
        { "graph_launch_s", &ServingCoefficients::graphLaunchSec },
        { "launch_s", &ServingCoefficients::launchSec },
        { "step_cpu_s", &ServingCoefficients::stepCpuSec },
        { "request_cpu_s", &ServingCoefficients::requestCpuSec },
        { "frontend_request_s", &ServingCoefficients::frontendRequestSec },
        { "sampler_s", &ServingCoefficients::samplerSec },
        { "sampler_request_s", &ServingCoefficients::samplerPerRequestSec },
        { "allreduce_graph_s", &ServingCoefficients::allReduceGraphSec },
        { "allreduce_eager_s", &ServingCoefficients::allReduceEagerSec },
        { "allreduce_crossnode_s", &ServingCoefficients::allReduceCrossNodeSec },
        { "alltoall_s", &ServingCoefficients::allToAllSec },
        { "p2p_s", &ServingCoefficients::p2pSec },
        { "floor_scale", &ServingCoefficients::floorScale },
        { "host_scale", &ServingCoefficients::hostScale },
    };
    for (const Field &f : fields)
        if (name == f.name) {
            this->*f.member = v;
            return true;
        }
    if (name == "max_capture_size") {
        maxCaptureSize = static_cast<int>(v);
        return true;
    }
    return false;
}

std::vector<std::string> servingCoefficientNames()
{
    std::vector<std::string> out;
    for (const ServingCoefficient &c : ServingCoefficients().list())
        out.emplace_back(c.name);
    return out;
}

} // namespace shardscope
