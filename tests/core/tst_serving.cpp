// The serving floor (core/serving): the step-time model's arithmetic and the scheduler simulation's
// semantics, against values worked out by hand from the inputs (arithmetic in the comments).
#include "core/model/errors.h"
#include "core/serving/apiserver.h"
#include "core/serving/moeramp.h"
#include "core/serving/serving.h"
#include "tests/common/testutils.h"

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

EvaluatedPlan llama8bOnH100(std::int64_t maxBatchedTokens = 8192, std::int64_t maxModelLen = 8192)
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = maxModelLen;
    p.maxNumBatchedTokens = maxBatchedTokens;
    p.maxNumSeqs = 256;
    return evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
}

// One request's whole prompt of n tokens in one step (no window): n causal query-key pairs per position summed.
StepBatch prefillOf(double n)
{
    StepBatch b;
    b.prefillTokens = n;
    b.prefillPairs = n * (n + 1) / 2;
    b.sampled = 1;
    b.requests = 1;
    return b;
}

// One request decoding one token at ctx tokens of context.
StepBatch decodeAt(double ctx)
{
    StepBatch b;
    b.decodeTokens = 1;
    b.decodeContext = ctx;
    b.sampled = 1;
    b.requests = 1;
    return b;
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT
private slots:
    // Llama-3.1-8B on one H100, one decode token with 1 token of context, CUDA graph.
    // Per layer: q,k,v,o = 4096 x (4096 + 2 x 1024) + 4096 x 4096 = 41,943,040; MLP 3 x 4096 x 14336 =
    // 176,160,768; norms 2 x 4096 = 8192 -> 218,112,000 x 32 = 6,979,584,000 params, BF16 13,959,168,000 B.
    // LM head 128256 x 4096 = 525,336,576 params = 1,050,673,152 B.
    // HBM for weights 3.35e12 x 0.86 = 2.881e12 B/s:
    //   GEMMs = 13.959e9 / 2.881e12 + 32 x 4 x 3 us = 4.8452 ms + 0.384 ms (a GEMM's floor is aiconfigurator's
    //   measured total: not scaled by floor_scale);
    //   LM head = 1.0507e9 / 2.881e12 + 3 us = 0.3647 ms + 0.003 ms;
    //   the streaming terms times the measured knee at M = 1 (aiconfigurator H100 BF16 N = K = 8192: 51.6 us
    //   against its roofline 134,217,728 B / 2.881e12 + 3 us = 49.587 us, x 1.04059).
    void decodeStepByHand()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        QVERIFY(ep.evaluation.valid);
        const ServingCoefficients c = servingCoefficients(ep.gpu);
        QCOMPARE(c.family, std::string("h100"));
        QCOMPARE(c.hbmWeights, 0.86);
        const StepModel m = buildStepModel(ep, c);
        StepBatch b;
        b.decodeTokens = 1;
        b.decodeContext = 1;
        b.sampled = 1;
        b.requests = 1;
        const StepCost s = stepTime(m, b);
        const double hbm = 3.35e12 * 0.86;
        const double knee = 51.6e-6 / (134217728.0 / hbm + 3e-6);
        const double gemm = knee * (13959168000.0 + 1050673152.0) / hbm + 32 * 4 * 3e-6 + 3e-6;
        QVERIFY2(near(s.gemmSec, gemm, 0.002), std::to_string(s.gemmSec).c_str());
        QVERIFY(s.cudaGraph);
        // Attention: 32 floors of 12 us (measured per call, not scaled); 1 token of KV = 32 layers x 2 x 8 x 128
        // x 2 B (negligible).
        QVERIFY(near(s.attentionSec, 32 * 12e-6 + 32 * 4096.0 / (3.35e12 * 0.93), 0.01));
        QCOMPARE(s.moeSec, 0.0);
        QCOMPARE(s.commSec, 0.0); // tp 1, pp 1
        // Small kernels: a dense BF16 layer has two norms, rotary, the KV-cache write and the activation, 5 x 32
        // = 160 of 3 us; graph: 15 us + 32 layers x 10 nodes (qkv_proj, o_proj, gate_up_proj, down_proj, the
        // attention and the 5 small kernels; no all-reduce at TP 1) x 0.58 us; sampler 46 us + 5.7 us x 128256 /
        // 131072; all x floor_scale 2.0.
        QVERIFY(near(
            s.fixedSec, 2.0 * (160 * 3e-6 + 15e-6 + 32 * 10 * 0.58e-6 + 46e-6 + 5.7e-6 * 128256.0 / 131072.0), 0.001));
        // kernels_per_layer above 0 charges that many nodes per layer instead of the count: 15 gives 32 x (15 - 10)
        // more nodes of 0.58 us x 2.0.
        ServingCoefficients fixed15 = c;
        QVERIFY(fixed15.set("kernels_per_layer", 15));
        const double more = stepTime(buildStepModel(ep, fixed15), b).fixedSec - s.fixedSec;
        QVERIFY2(near(more, 2.0 * 32 * 5 * 0.58e-6, 1e-9), std::to_string(more).c_str());
    }

    // Without vLLM's custom all-reduce every TP all-reduce is an NCCL call: NCCL's small-message floor
    // (allreduce_crossnode_s, 15.6 us) instead of the custom kernel's graphed one (allreduce_graph_s, 4.5 us).
    // Llama-3.1-8B at TP 2 on H100, one graphed decode token: 32 layers x 2 all-reduces x (15.6 - 4.5) us
    // = 710.4 us more communication; the bytes and everything else stay.
    void ncclFloorWithoutCustomAllReduce()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 2);
        p.maxModelLen = 8192;
        const auto step = [&p] {
            const EvaluatedPlan ep = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
            StepBatch b;
            b.decodeTokens = 1;
            b.decodeContext = 1;
            b.sampled = 1;
            b.requests = 1;
            return stepTime(buildStepModel(ep, servingCoefficients(ep.gpu)), b);
        };
        const StepCost custom = step();
        p.disableCustomAllReduce = true;
        const StepCost nccl = step();
        QVERIFY(custom.cudaGraph && nccl.cudaGraph);
        QVERIFY2(near(nccl.commSec - custom.commSec, 64 * (15.6e-6 - 4.5e-6), 1e-9),
            std::to_string(nccl.commSec - custom.commSec).c_str());
        QCOMPARE(nccl.gemmSec, custom.gemmSec);
        QCOMPARE(nccl.attentionSec, custom.attentionSec);
    }

    // A large prefill chunk is compute-bound: 8192 tokens x 2 x 6.98e9 params / (989e12 x 0.88).
    void prefillIsComputeBound()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        const StepModel m = buildStepModel(ep, servingCoefficients(ep.gpu));
        const StepBatch b = prefillOf(8192);
        const StepCost s = stepTime(m, b);
        QVERIFY(!s.cudaGraph);
        const double flops = 989e12 * 0.88;
        const double gemm = 2.0 * 8192 * 6979584000.0 / flops + 32 * 4 * 3e-6 + 1050673152.0 / (3.35e12 * 0.86) + 3e-6;
        QVERIFY2(near(s.gemmSec, gemm, 0.01), std::to_string(s.gemmSec).c_str());
        // Attention FLOPs: 2 x 32 heads x (128 + 128) x pairs x 32 layers at 989e12 x 0.65 (vLLM's FA3 on H100 at
        // long prompts, aiconfigurator context_attention_perf vllm/0.24.0), slowed by (k + 800) / k for the mean
        // keys per query k = pairs / tokens = 8193 / 2 (half rate at 800 keys, the same table).
        const double keys = 8193.0 / 2;
        const double attn
            = 32 * 12e-6 + 2.0 * 32 * 256 * (8192.0 * 8193 / 2) * 32 / (989e12 * 0.65) * (keys + 800) / keys;
        QVERIFY2(near(s.attentionSec, attn, 0.01), std::to_string(s.attentionSec).c_str());

        // Short prompts: 16 prompts of 512 tokens, k = 513 / 2 keys per query, the rate falls to
        // 0.65 x 256.5 / (256.5 + 800) = 0.158 of peak (the table's median at 512 tokens: 0.16).
        StepBatch shortPrompts = b;
        shortPrompts.prefillPairs = 16 * 512.0 * 513 / 2;
        const double shortKeys = 513.0 / 2;
        const double shortAttn = 32 * 12e-6
            + 2.0 * 32 * 256 * shortPrompts.prefillPairs * 32 / (989e12 * 0.65) * (shortKeys + 800) / shortKeys;
        const double shortSec = stepTime(m, shortPrompts).attentionSec;
        QVERIFY2(near(shortSec, shortAttn, 0.01), std::to_string(shortSec).c_str());
    }

    // gpt-oss-120b's MXFP4 experts (36 MoE layers, 128 experts of hidden 2880 x intermediate 2880, top 4) on one
    // GPU, a prefill chunk of 8192 tokens: 8192 x 4 / 128 = 256 tokens per expert, where the A100 table's knee is
    // 1.00 and H100's 1.13 (moeramp.cpp), and compute-bound (FLOPs 2 x 8192 x 4 x 3 x 2880 x 2880 = 1.6307e12 per
    // layer; the experts' bytes take under 2 ms per layer at either GPU's hbm_weights). On A100 they run through Marlin
    // (mma.sync, compute capability 8.0) at 0.52 x 2880 / (2880 + 310) of the BF16 peak 312e12 (aiconfigurator's Marlin
    // MXFP4 tables on L40S and RTX PRO 6000, vLLM 0.24); on H100 through Triton at moe_compute 0.21 of 989.4e12. Each
    // layer adds moe_floor_s, 20 us.
    void mxfp4MoeRateByKernelPath()
    {
        const auto moeSec = [](const char *gpu) {
            const Plan p = makePlan("gpt-oss-120b", gpu, 1);
            const EvaluatedPlan ep = evaluatePlan(p, presetModel("gpt-oss-120b"), presetGpu(gpu));
            const StepModel m = buildStepModel(ep, servingCoefficients(ep.gpu));
            return stepTime(m, prefillOf(8192)).moeSec;
        };
        const double layerFlops = 2.0 * 8192 * 4 * 3 * 2880 * 2880;
        const double a100 = 36 * (20e-6 + layerFlops / (312e12 * 0.52 * 2880 / (2880 + 310)));
        QVERIFY2(near(moeSec("a100-80gb"), a100, 0.005), std::to_string(moeSec("a100-80gb")).c_str());
        const double h100 = 36 * (20e-6 + 1.13 * layerFlops / (989.4e12 * 0.21));
        QVERIFY2(near(moeSec("h100-sxm"), h100, 0.005), std::to_string(moeSec("h100-sxm")).c_str());
    }

    // The fused-MoE knee (moeramp.cpp, aiconfigurator moe_perf vllm/0.14.0): Qwen3-235B-A22B with TP 8 on H100, 94
    // MoE layers of 128 experts, top 8. A decode step of 512 tokens (a CUDA graph of exactly 512) gives each expert
    // 512 x 8 / 128 = 32 tokens: the H100 table's 1.48 times the roofline above the 20 us floor per layer; 362 tokens
    // (padded to the graph size 368: 23 tokens per expert, between the 16 and 32 buckets at log2 fraction
    // log2(23 / 16) = 0.5236) read 1.32 + 0.16 x 0.5236; 4 tokens (0.25 per expert) none.
    void moeKneeByTokensPerExpert()
    {
        const Plan p = makePlan("qwen3-235b-a22b", "h100-sxm", 8);
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("qwen3-235b-a22b"), presetGpu("h100-sxm"));
        QVERIFY(ep.evaluation.valid);
        ServingCoefficients c = servingCoefficients(ep.gpu);
        QCOMPARE(c.moeCompute, 0.21);
        QCOMPARE(c.moeRamp, 1.0);
        const StepModel withKnee = buildStepModel(ep, c);
        c.moeRamp = 0;
        const StepModel plain = buildStepModel(ep, c);
        const auto decode = [](double tokens) {
            StepBatch d;
            d.decodeTokens = tokens;
            d.decodeContext = tokens * 1000;
            d.sampled = tokens;
            d.requests = tokens;
            return d;
        };
        const double floors = 94 * 20e-6;
        const auto ratio = [&](double tokens) {
            return (stepTime(withKnee, decode(tokens)).moeSec - floors)
                / (stepTime(plain, decode(tokens)).moeSec - floors);
        };
        QVERIFY2(std::abs(ratio(512) - 1.48) < 1e-9, std::to_string(ratio(512)).c_str());
        const double between = 1.32 + (1.48 - 1.32) * std::log2(23.0 / 16.0);
        QVERIFY2(std::abs(ratio(362) - between) < 1e-9, std::to_string(ratio(362)).c_str());
        QVERIFY2(std::abs(ratio(4) - 1.0) < 1e-12, std::to_string(ratio(4)).c_str());
        // moe_compute is the calibrated 0.21 on every family, not the A100 and H200 tables' own large-batch rates
        // (0.29, 0.23: faster than the corpus's A100 and H200 MoE serving runs); the tables keep their knees, and a
        // family without a table has none.
        QCOMPARE(servingCoefficients(presetGpu("a100-80gb")).moeCompute, 0.21);
        QCOMPARE(moeRamp("a100").moeCompute, 0.29);
        QCOMPARE(servingCoefficients(presetGpu("h200")).moeCompute, 0.21);
        QCOMPARE(moeRamp("h200").moeCompute, 0.23);
        QCOMPARE(moeRampAt(moeRamp("a100"), 64), 1.51);
        QCOMPARE(servingCoefficients(presetGpu("mi300x")).moeCompute, 0.21);
        QCOMPARE(moeRampAt(moeRamp("mi300x"), 64), 1.0);
        QCOMPARE(moeRampAt(moeRamp("h800"), 64), 1.71); // H100's table
    }

    // DeepSeek-V3.2 (DeepSeek Sparse Attention) with TP 8 on H200: the MLA attends at most index_topk = 2048
    // tokens per query, the indexer scores the whole context. 61 layers, KV dtype auto (BF16 latent
    // (512 + 64) x 2 = 1152 B per token and layer; indexer cache 128 FP8 + a 4 B scale = 132 B).
    // Decode, one token at context C (memory-bound at both contexts below: the FLOPs take under a third of the
    // bytes' time): 61 floors of 12 us, then 61 x (min(C, 2048) x 1152 + C x 132) B at 4.8e12 x 0.91 B/s.
    // Prefill of 4096 tokens from nothing: causal pairs 4096 x 4097 / 2 = 8,390,656, of which the MLA computes
    // sum over q of min(q, 2048) = 2048 x 2049 / 2 + 2048 x 2048 = 6,292,480 at 2 x 128/8 heads x (192 + 128)
    // = 10240 FLOPs each on 989.4e12 x 0.64 (H200's prefill rate; the sparse layers count as windowed, so without
    // the short-prompt fall-off), the indexer all of them at 2 x 64 x 128 = 16384 FLOPs on the FP8 peak
    // 1978.9e12 x 0.64.
    void sparseMlaAttendsTopK()
    {
        Plan p = makePlan("deepseek-v3.2", "h200", 8);
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("deepseek-v3.2"), presetGpu("h200"));
        QVERIFY(ep.evaluation.valid);
        const ServingCoefficients c = servingCoefficients(ep.gpu);
        QCOMPARE(c.family, std::string("h200"));
        QCOMPARE(c.hbmAttention, 0.91);
        QCOMPARE(c.prefillAttention, 0.64);
        QCOMPARE(c.floorScale, 2.0);
        const StepModel m = buildStepModel(ep, c);
        QCOMPARE(m.window, 2048);
        const double floors = 61 * 12e-6; // measured per call: not scaled by floor_scale
        // One request decoding one token at ctx tokens of context, the MLA's window index_topk = 2048.
        const auto oneDecode = [](double ctx) {
            StepBatch d;
            d.decodeTokens = 1;
            d.decodeContext = ctx;
            d.decodeContextWindowed = std::min(ctx, 2048.0);
            d.sampled = 1;
            d.requests = 1;
            return d;
        };
        for (const double ctx : { 1024.0, 34816.0 }) {
            const double bytes = 61 * (std::min(ctx, 2048.0) * 1152 + ctx * 132);
            const double attn = stepTime(m, oneDecode(ctx)).attentionSec;
            QVERIFY2(near(attn, floors + bytes / (4.8e12 * 0.91), 1e-6), std::to_string(attn).c_str());
        }
        StepBatch pre;
        pre.prefillTokens = 4096;
        pre.prefillPairs = 8390656;
        pre.prefillPairsWindowed = 6292480;
        pre.sampled = 1;
        pre.requests = 1;
        const double attn = stepTime(m, pre).attentionSec;
        const double want
            = floors + 61 * 6292480.0 * 10240 / (989.4e12 * 0.64) + 61 * 8390656.0 * 16384 / (1978.9e12 * 0.64);
        QVERIFY2(near(attn, want, 1e-6), std::to_string(attn).c_str());

        // Before 0.26 (vllm/v1/attention/backends/mla/flashmla_sparse.py @7c73ceb5: q_nope absorbed through W_UK_T
        // for every token) the MLA prefills in the latent form: 2 x 16 heads x (576 + 512) = 34816 FLOPs per pair.
        p.vllmVersion = VllmVersion { 0, 24, 0 };
        const EvaluatedPlan v24 = evaluatePlan(p, presetModel("deepseek-v3.2"), presetGpu("h200"));
        const double latent = stepTime(buildStepModel(v24, c), pre).attentionSec;
        const double wantLatent
            = floors + 61 * 6292480.0 * 34816 / (989.4e12 * 0.64) + 61 * 8390656.0 * 16384 / (1978.9e12 * 0.64);
        QVERIFY2(near(latent, wantLatent, 1e-6), std::to_string(latent).c_str());

        // Before 0.24 (#36616 gave FlashMLA each token's topk_length), with the BF16 cache every token goes through
        // flash_mla_sparse_prefill, which walks all 2048 top-k slots (FlashMLA sm90 sparse phase1.cuh:
        // num_topk_blocks = topk / B_TOPK) with the 16 heads per rank padded to 64 on Hopper
        // (flashmla_sparse.py @4fa7ce46f3 _forward_bf16_kv): 2 x 64 x (512 + 64 + 512) = 139,264 FLOPs per pair at
        // the prefill rate. Prefill: 4096 x 2048 pairs per layer.
        p.vllmVersion = VllmVersion { 0, 13, 0 };
        const EvaluatedPlan v13 = evaluatePlan(p, presetModel("deepseek-v3.2"), presetGpu("h200"));
        const StepModel m13 = buildStepModel(v13, c);
        const double fixedPre = stepTime(m13, pre).attentionSec;
        const double wantFixedPre
            = floors + 61 * 4096.0 * 2048 * 139264 / (989.4e12 * 0.64) + 61 * 8390656.0 * 16384 / (1978.9e12 * 0.64);
        QVERIFY2(near(fixedPre, wantFixedPre, 1e-6), std::to_string(fixedPre).c_str());
        // One decode token at 1,024 of context: 61 x 2048 x 139,264 / (989.4e12 x 0.64) = 27.48 us of MLA plus the
        // indexer's 61 x 1024 x 16384 / (1978.9e12 x 0.64) outweigh the 18.4 us of reading 61 x 1024 x (1152 + 132) B.
        const double fixedDec = stepTime(m13, oneDecode(1024)).attentionSec;
        const double wantFixedDec
            = floors + 61 * 2048.0 * 139264 / (989.4e12 * 0.64) + 61 * 1024.0 * 16384 / (1978.9e12 * 0.64);
        QVERIFY2(near(fixedDec, wantFixedDec, 1e-6), std::to_string(fixedDec).c_str());
        QVERIFY(wantFixedDec - floors > 61 * 1024.0 * (1152 + 132) / (4.8e12 * 0.91));

        // Blackwell pads to 128 heads: 2 x 128 x 1088 = 278,528 FLOPs per pair; from 0.24 the pairs follow the
        // context again (no fixed count) and the 16 heads are not padded: 2 x 16 x 1088 = 34,816.
        Plan b = makePlan("deepseek-v3.2", "b200", 8);
        b.vllmVersion = VllmVersion { 0, 13, 0 };
        const EvaluatedPlan b13 = evaluatePlan(b, presetModel("deepseek-v3.2"), presetGpu("b200"));
        QVERIFY(b13.evaluation.valid);
        const StageConstants sb13 = buildStepModel(b13, servingCoefficients(b13.gpu)).stages.front();
        QCOMPARE(sb13.decodeFlopsPerPairLayer, 278528.0);
        QCOMPARE(sb13.fixedPairsPerToken, 2048.0);
        b.vllmVersion = VllmVersion { 0, 24, 0 };
        const EvaluatedPlan b24 = evaluatePlan(b, presetModel("deepseek-v3.2"), presetGpu("b200"));
        const StageConstants sb24 = buildStepModel(b24, servingCoefficients(b24.gpu)).stages.front();
        QCOMPARE(sb24.decodeFlopsPerPairLayer, 34816.0);
        QCOMPARE(sb24.fixedPairsPerToken, 0.0);
        // The fp8_ds_mla cache takes FlashMLA's decode kernel, not this path.
        b.vllmVersion = VllmVersion { 0, 13, 0 };
        b.kvCacheDtype = KvDtype::Fp8;
        const EvaluatedPlan b13fp8 = evaluatePlan(b, presetModel("deepseek-v3.2"), presetGpu("b200"));
        QCOMPARE(buildStepModel(b13fp8, servingCoefficients(b13fp8.gpu)).stages.front().fixedPairsPerToken, 0.0);
    }

    // The small kernels each layer launches (steptime.cpp smallKernelsPerLayer, counted from vLLM's layers):
    // DeepSeek-V3 (FP8 block weights, MLA, 3 dense layers then 58 MoE layers with one shared expert):
    //   dense layer: 4 (two norms, rotary, cache write) + 1 activation + 6 MLA + 4 FP8 quantizes = 15;
    //   MoE layer:   4 + 4 (top-k, align, activation, sum) + 1 shared activation + 2 MoE quantizes + 6 + 4 = 21;
    //   3 x 15 + 58 x 21 = 1263 on the one stage of TP 8.
    // gpt-oss-120b (MXFP4 experts, no MLA, 36 MoE layers, no shared expert): 36 x (4 + 4) = 288.
    // Qwen3-30B-A3B at PP 2 (BF16, 48 MoE layers, no shared expert): 24 x 8 = 192 per stage.
    // Every kernel (the graph's nodes, steptime.cpp largeKernelsPerLayer) adds the GEMMs, the attention and the TP
    // all-reduces to those:
    //   DeepSeek-V3 TP 8 dense layer: 3 MLA GEMMs (fused_qkv_a_proj, q_b_proj, o_proj) + gate_up + down + attention
    //   + 2 all-reduces + 15 = 23; MoE layer: 3 + router + 2 grouped + 2 shared + 1 + 2 + 21 = 32; 3 x 23 + 58 x 32
    //   = 1925. gpt-oss-120b TP 1: qkv + o + router + 2 grouped + attention + 8 = 14, x 36 = 504.
    //   Qwen3-30B-A3B PP 2: 14 x 24 = 336 per stage.
    void smallKernelsByLayerKind()
    {
        const auto kernels = [](const char *model, const char *gpu, int tp, int pp, bool all = false) {
            Plan p = makePlan(model, gpu, tp, pp);
            p.maxModelLen = 8192;
            const EvaluatedPlan ep = evaluatePlan(p, presetModel(model), presetGpu(gpu));
            std::vector<double> out;
            if (ep.evaluation.valid)
                for (const StageConstants &c : buildStepModel(ep, servingCoefficients(ep.gpu)).stages)
                    out.push_back(all ? c.kernels : c.smallKernels);
            return out;
        };
        QCOMPARE(kernels("deepseek-v3", "h200", 8, 1), std::vector<double> { 1263 });
        QCOMPARE(kernels("gpt-oss-120b", "h100-sxm", 1, 1), std::vector<double> { 288 });
        QCOMPARE(kernels("qwen3-30b-a3b", "h100-sxm", 1, 2), (std::vector<double> { 192, 192 }));
        QCOMPARE(kernels("deepseek-v3", "h200", 8, 1, true), std::vector<double> { 1925 });
        QCOMPARE(kernels("gpt-oss-120b", "h100-sxm", 1, 1, true), std::vector<double> { 504 });
        QCOMPARE(kernels("qwen3-30b-a3b", "h100-sxm", 1, 2, true), (std::vector<double> { 336, 336 }));
    }

    // Concurrency 1: TTFT is the API server's hand-off (frontend_request_s, nothing queued before it) plus one
    // prefill step (prompt <= budget), TPOT one decode step at the growing context, so TTFT = frontend +
    // stepTime(prefill of 1000) and TPOT lies between the decode steps at context 1001 and 1000 + 100.
    void closedLoopOfOne()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        const ServingCoefficients c = servingCoefficients(ep.gpu);
        Workload w;
        w.inputLen = 1000;
        w.outputLen = 100;
        w.maxConcurrency = 1;
        w.numPrompts = 5;
        const ServingResult r = simulateServing(ep, w, c);
        QCOMPARE(r.completed, 5);
        const StepModel m = buildStepModel(ep, c);
        QVERIFY(near(r.ttft.mean, c.frontendRequestSec + stepTime(m, prefillOf(1000)).totalSec, 1e-9));
        QVERIFY(near(r.ttft.p99, r.ttft.p50, 1e-9));
        const double lo = stepTime(m, decodeAt(1001)).totalSec;
        const double hi = stepTime(m, decodeAt(1100)).totalSec;
        QVERIFY(r.tpot.mean >= lo - 1e-12 && r.tpot.mean <= hi + 1e-12);
        // E2E = TTFT + 99 x TPOT per request; 5 requests back to back: 5 x E2E = duration.
        QVERIFY(near(r.e2e.mean, r.ttft.mean + 99 * r.tpot.mean, 1e-9));
        QVERIFY(near(r.durationSec, 5 * r.e2e.mean, 1e-9));
        QVERIFY(near(r.outputTokensPerSec, 500 / r.durationSec, 1e-9));
        QCOMPARE(r.preemptions, 0);
    }

    // DP replicas of a MoE model step in lock-step (vLLM runs them as DPEngineCoreProc, which it uses only for MoE
    // models: vllm/v1/engine/core.py run_engine_core @017e9f4448b7; a rank with nothing to run runs a dummy batch
    // and every rank pads to the largest rank's tokens, vllm/v1/worker/dp_utils.py coordinate_batch_across_dp):
    // every step lasts as long as the slowest rank's. Qwen3-30B-A3B at DP 2, two ShareGPT prompts at the table's
    // own lengths, so replica 0 gets row 0 (13 in, 120 out) and replica 1 row 1 (25 in, 770 out); no API server
    // time. Both first tokens come after one step: max(prefill 13, prefill 25). Decode step i (1-based) prices
    // replica 0 at context 13 + i and replica 1 at 25 + i; request 0's 119 decode steps each last the larger of
    // the two, request 1's last 650 (i = 120 ... 769) are its own.
    void moeReplicasStepTogether()
    {
        Plan plan = makePlan("qwen3-30b-a3b", "h100-sxm", 1);
        plan.dp = 2;
        plan.maxModelLen = 4096;
        plan.maxNumSeqs = 256;
        plan.maxNumBatchedTokens = 8192;
        const EvaluatedPlan ep = evaluatePlan(plan, presetModel("qwen3-30b-a3b"), presetGpu("h100-sxm"));
        QVERIFY(ep.evaluation.fits);
        ServingCoefficients c = servingCoefficients(ep.gpu);
        c.frontendRequestSec = 0;
        Workload w;
        w.dataset = Dataset::ShareGpt;
        w.numPrompts = 2;
        useShareGptMeans(w, true, true);
        const ServingResult r = simulateServing(ep, w, c);
        QVERIFY(r.lockStep);
        QCOMPARE(r.completed, 2);
        const StepModel m = buildStepModel(ep, c);
        auto prefill = [&](double n) { return stepTime(m, prefillOf(n)).totalSec; };
        auto decode = [&](double ctx) { return stepTime(m, decodeAt(ctx)).totalSec; };
        const double first = std::max(prefill(13), prefill(25));
        QVERIFY(near(r.ttft.p50, first, 1e-9));
        QVERIFY(near(r.ttft.p99, first, 1e-9));
        double both = 0, alone = 0;
        for (int i = 1; i <= 119; ++i)
            both += std::max(decode(13 + i), decode(25 + i));
        for (int i = 120; i <= 769; ++i)
            alone += decode(25 + i);
        const double tpot0 = both / 119, tpot1 = (both + alone) / 769;
        QVERIFY(near(r.tpot.mean, (tpot0 + tpot1) / 2, 1e-9));
        QVERIFY(near(r.e2e.mean, first + both + alone / 2, 1e-9)); // (first + both + first + both + alone) / 2
        // One client at DP 4: one request in flight in the whole cluster, so the other replicas stay idle and the
        // three requests run back to back, each one prefill step of 1000 and 99 decode steps (as closedLoopOfOne).
        Plan four = plan;
        four.dp = 4;
        const EvaluatedPlan ep4 = evaluatePlan(four, presetModel("qwen3-30b-a3b"), presetGpu("h100-sxm"));
        Workload one;
        one.inputLen = 1000;
        one.outputLen = 100;
        one.maxConcurrency = 1;
        one.numPrompts = 3;
        const ServingResult r4 = simulateServing(ep4, one, c);
        QCOMPARE(r4.completed, 3);
        QVERIFY(near(r4.ttft.mean, stepTime(buildStepModel(ep4, c), prefillOf(1000)).totalSec, 1e-9));
        QVERIFY(near(r4.durationSec, 3 * r4.e2e.mean, 1e-9));
        // DP 32: 16 replicas side by side stand for the 32 (kLockStepReplicas), each with its 1/32 of the prompts
        // (1000 = 8 x 32 + 24 x 31: the 16 drawn hold 8 x 32 + 8 x 31 = 504, counted x 1000 / 504).
        Plan wide = plan;
        wide.dp = 32;
        Workload burst;
        burst.inputLen = 100;
        burst.outputLen = 10;
        const ServingResult r32
            = simulateServing(evaluatePlan(wide, presetModel("qwen3-30b-a3b"), presetGpu("h100-sxm")), burst, c);
        QVERIFY(r32.lockStep);
        QCOMPARE(r32.completed, 1000);
        QVERIFY(near(r32.outputTokensPerSec, 10000 / r32.durationSec, 1e-9));
        // The same replicas of a dense model are independent engines: one is simulated and scaled.
        Plan dense = makePlan("llama-3.1-8b", "h100-sxm", 1);
        dense.dp = 2;
        dense.maxModelLen = 4096;
        QVERIFY(
            !simulateServing(evaluatePlan(dense, presetModel("llama-3.1-8b"), presetGpu("h100-sxm")), w, c).lockStep);
    }

    // A burst of 4 prompts of exactly the token budget (2048) and 1 output token: the API server holds all 4 at
    // once and shares its core between them (apiserver.h), so each has had its f (= frontend_request_s) of CPU
    // at 4f and all 4 reach the engine then; each step prefills one prompt whole, so request i (1-based) gets its
    // token at 4f + i steps: mean TTFT = 4f + (1 + 2 + 3 + 4) / 4 x step = 4f + 2.5 x step; p50 (np.percentile)
    // the same.
    void burstQueuesBehindTheBudget()
    {
        const EvaluatedPlan ep = llama8bOnH100(2048);
        const ServingCoefficients c = servingCoefficients(ep.gpu);
        Workload w;
        w.inputLen = 2048;
        w.outputLen = 1;
        w.numPrompts = 4;
        const ServingResult r = simulateServing(ep, w, c);
        QCOMPARE(r.completed, 4);
        QCOMPARE(r.steps, 4);
        const double step = stepTime(buildStepModel(ep, c), prefillOf(2048)).totalSec;
        const double f = c.frontendRequestSec;
        QVERIFY(f > 0);
        QVERIFY(near(r.ttft.mean, 4 * f + 2.5 * step, 1e-9));
        QVERIFY(near(r.ttft.p50, 4 * f + 2.5 * step, 1e-9));
        QVERIFY(near(r.ttft.p99, 4 * f + 3.97 * step, 1e-9)); // 0.99 x (4 - 1) = position 2.97 -> 3.97 steps
        QCOMPARE(r.tpot.mean, 0.0); // 1 output token: no TPOT sample
    }

    // The API server shares its one core between the requests it holds. At 1 s per request (far above a step),
    // a burst of 4 is handed over together at 4 s (4 x 1 s of CPU, shared), then prefilled one per step:
    // TTFT_i = 4 + i x step, mean over 4 = 4 s + 2.5 x step. Two requests sent 10 s apart do not overlap:
    // each reaches the engine 1 s after it was sent (checked by the concurrency-1 case above: TTFT = f + step).
    void apiServerSharesItsCoreInABurst()
    {
        const EvaluatedPlan ep = llama8bOnH100(2048);
        ServingCoefficients c = servingCoefficients(ep.gpu);
        c.frontendRequestSec = 1.0;
        Workload w;
        w.inputLen = 2048;
        w.outputLen = 1;
        w.numPrompts = 4;
        const ServingResult r = simulateServing(ep, w, c);
        QCOMPARE(r.completed, 4);
        const double step = stepTime(buildStepModel(ep, c), prefillOf(2048)).totalSec;
        QVERIFY(step < 1.0);
        QVERIFY(near(r.ttft.mean, 4.0 + 2.5 * step, 1e-9));
        QVERIFY(near(r.ttft.p50, 4.0 + 2.5 * step, 1e-9));
    }

    // Processor sharing by hand, 1 s of CPU per request: A is sent at 0, B at 0.5. A runs alone for 0.5 s
    // (0.5 s served), then both share the core: A needs 0.5 s more at half speed and is handed over at 1.5 s;
    // B has had 0.5 s by then and finishes its other 0.5 s alone at 2.0 s. A third request C sent at 5 s, when
    // the server is idle, is handed over at 6 s.
    void apiServerProcessorSharingByHand()
    {
        ApiServer api(1.0);
        api.send(0, 0.0);
        api.send(1, 0.5);
        std::deque<int> out;
        QCOMPARE(api.nextHandOver(), 1.5);
        api.advanceTo(1.4, out);
        QVERIFY(out.empty());
        api.advanceTo(1.5, out);
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(out.front(), 0);
        QVERIFY(near(api.nextHandOver(), 2.0, 1e-12));
        api.advanceTo(3.0, out);
        QCOMPARE(out.size(), size_t(2));
        QCOMPARE(out.back(), 1);
        QVERIFY(api.idle());
        QCOMPARE(api.nextHandOver(), ApiServer::kNever);
        api.send(2, 5.0);
        QVERIFY(near(api.nextHandOver(), 6.0, 1e-12));
        api.advanceTo(6.0, out);
        QCOMPARE(out.back(), 2);
    }

    // Same seed, same numbers; Poisson arrivals are rescaled so the last one is at N / R (vllm bench serve).
    void deterministicAndRescaled()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        Workload w;
        w.inputLen = 512;
        w.outputLen = 64;
        w.requestRate = 4;
        w.numPrompts = 40;
        w.seed = 7;
        const ServingResult a = simulateServing(ep, w);
        const ServingResult b = simulateServing(ep, w);
        QCOMPARE(a.ttft.p99, b.ttft.p99);
        QCOMPARE(a.outputTokensPerSec, b.outputTokensPerSec);
        // Light load: the run lasts about N / R = 10 s plus the last request's E2E.
        QVERIFY(a.durationSec > 9.0 && a.durationSec < 10.0 + a.e2e.p99 + 1e-9);
        w.seed = 8;
        QVERIFY(simulateServing(ep, w).ttft.p99 != a.ttft.p99);
    }

    // A pool that holds fewer tokens than the running requests grow to: preemption (recompute), and all
    // requests still finish. 8192-token context, pool forced small by --gpu-memory-utilization.
    void preemptsWhenThePoolRunsFull()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.maxModelLen = 4096;
        p.gpuMemoryUtilization = 0.35; // 28 GB: ~16 GB of weights leave a few GB of KV (128 KiB per token)
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        QVERIFY(ep.evaluation.fits);
        const std::int64_t poolTokens = ep.evaluation.kv.capacityTokens;
        Workload w;
        w.inputLen = 1000;
        w.outputLen = 2000;
        w.numPrompts = std::max<std::int64_t>(8, 3 * poolTokens / 3000); // 3x what the pool holds at the end
        const ServingResult r = simulateServing(ep, w);
        QCOMPARE(r.completed, w.numPrompts);
        QVERIFY(r.preemptions > 0);
        QVERIFY(r.kvPeakFraction <= 1.0 && r.kvPeakFraction > 0.9);
    }

    // Admission before and from vLLM 0.19 (scheduler_reserve_full_isl, #37307), and a preempted request's
    // cached prefix (vllm/v1/core/sched/scheduler.py and kv_cache_manager.py @a964e5e6c35e). Llama-3.1-8B,
    // 128 KiB of KV per token, blocks of 16, a pool of P blocks with 1,028 <= P < 1,262; budget 8,192; a burst
    // of two requests A and B of 12,000 prompt tokens (750 blocks) and 64 output tokens.
    // 0.19: step 1 A's chunk of 8,192; B's whole prompt (750) > P - 512 free. Step 2 A's other 3,808 (its first
    // token); 750 > P - 750. A decodes 63 tokens in steps 3..65; B prefills in 66 (8,192) and 67 (first
    // token) and decodes in 68..130: 130 steps, no preemption.
    // 0.18: step 2 also admits B's first 4,384 tokens (274 blocks <= P - 750). Step 3: A's decode takes block
    // 751; B's next 7,616 tokens need 750 - 274 = 476 more > P - 751, so B preempts itself (1). Its 274 blocks
    // go to the free queue behind P - 1,025 >= 3 free ones, more than the 3 blocks A takes until its last token
    // (12,063 tokens, 754 blocks), so they survive: B waits (750 > P - 754) until A ends at step 65, then
    // prefills its other 7,616 tokens in step 66 and decodes in 67..129: 129 steps.
    // 0.18 without prefix caching: B restarts from nothing and its first chunk (512 blocks > P - 751) waits
    // for A too: 130 steps and the one preemption.
    void admissionBeforeAndFromReserveFullIsl()
    {
        auto run = [](VllmVersion v, PrefixCaching prefix) {
            Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
            p.maxModelLen = 16384;
            p.maxNumBatchedTokens = 8192;
            p.maxNumSeqs = 256;
            p.vllmVersion = v;
            p.prefixCaching = prefix;
            p.kvCacheMemoryBytes = std::int64_t(1150) * 16 * 131072;
            const EvaluatedPlan ep = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
            Workload w;
            w.inputLen = 12000;
            w.outputLen = 64;
            w.numPrompts = 2;
            ServingResult r = simulateServing(ep, w);
            r.kvBlocks = ep.evaluation.kv.capacityTokens / 16; // the premise, checked below
            return r;
        };
        const ServingResult from19 = run({ 0, 19, 0 }, PrefixCaching::Default);
        QVERIFY(from19.kvBlocks >= 1028 && from19.kvBlocks < 1262);
        QCOMPARE(from19.completed, 2);
        QCOMPARE(from19.steps, 130);
        QCOMPARE(from19.preemptions, 0);
        const ServingResult before19 = run({ 0, 18, 0 }, PrefixCaching::Default);
        QCOMPARE(before19.completed, 2);
        QCOMPARE(before19.steps, 129);
        QCOMPARE(before19.preemptions, 1);
        const ServingResult uncached = run({ 0, 18, 0 }, PrefixCaching::Off);
        QCOMPARE(uncached.steps, 130);
        QCOMPARE(uncached.preemptions, 1);
    }

    void boundedAndSaysSo()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        Workload w;
        w.inputLen = 100;
        w.outputLen = 1000;
        w.maxConcurrency = 1;
        w.numPrompts = 100;
        SimulationLimits lim;
        lim.maxSteps = 500;
        const ServingResult r = simulateServing(ep, w, servingCoefficients(ep.gpu), lim);
        QVERIFY(r.stoppedEarly);
        QVERIFY(r.steps <= 500);
        QVERIFY(!r.warnings.empty());
        // Under lock-step the bound is on steps x replicas: 8 replicas of a MoE model stop within 500 / 8 = 62
        // steps (a hostile --dp cannot multiply the work).
        Plan moe = makePlan("qwen3-30b-a3b", "h100-sxm", 1);
        moe.dp = 8;
        moe.maxModelLen = 4096;
        const EvaluatedPlan ep8 = evaluatePlan(moe, presetModel("qwen3-30b-a3b"), presetGpu("h100-sxm"));
        w.maxConcurrency = 8;
        const ServingResult r8 = simulateServing(ep8, w, servingCoefficients(ep8.gpu), lim);
        QVERIFY(r8.lockStep);
        QVERIFY(r8.stoppedEarly);
        QVERIFY(r8.steps <= 62);
    }

    void badWorkloads()
    {
        Workload w;
        w.inputLen = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        w = Workload();
        w.inputLen = 8000;
        w.outputLen = 500; // 8500 > 8192
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        w = Workload();
        w.requestRate = 1e9;
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        w = Workload();
        w.prefixHitRate = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        w = Workload();
        w.numPrompts = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        checkWorkload(Workload(), 8192); // the default workload is fine
    }

    void coefficientsByNameAndFamily()
    {
        ServingCoefficients c = servingCoefficients(presetGpu("mi300x"));
        QCOMPARE(c.family, std::string("mi300x"));
        QCOMPARE(c.denseBf16, 0.54); // MAF: 708 / 1307
        QVERIFY(c.set("hbm_weights", 0.5));
        QCOMPARE(c.hbmWeights, 0.5);
        QVERIFY(!c.set("no_such", 1));
        for (const ServingCoefficient &k : c.list())
            QVERIFY2(!k.source.empty(), k.name);
        QCOMPARE(servingFamily(presetGpu("b200")), std::string("b200"));
        QCOMPARE(servingCoefficients(presetGpu("b200")).maxCaptureSize, 1024);
        QCOMPARE(servingFamily(presetGpu("a100-80gb")), std::string("a100"));
    }
};

QTEST_APPLESS_MAIN(TestServing)
#include "tst_serving.moc"
