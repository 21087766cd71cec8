// "Show your work" text: formulas with the plan's values substituted, checked against hand arithmetic.
#include "core/explain/explain.h"
#include "tests/common/testutils.h"

#include <cmath>

using namespace shardscope;

class TestExplain : public QObject
{
    Q_OBJECT
private slots:
    void kvBytesReplicated()
    {
        Plan plan;
        plan.tp = 16;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, m, presetGpu("h200") });
        // The issue's own example: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B
        QCOMPARE(x.substituted(), std::string("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B"));
        QVERIFY(x.note().find("replicated") != std::string::npos);
    }

    // The weights' working names the MoE kernel: gpt-oss-120b on two H100s loads its experts in Hopper's
    // triton_kernels layout, with v3.6.0's value padding under vLLM 0.17 to 0.21 only and the checkpoint's scales
    // held beside the swizzled ones before 0.24 (weights.cpp), or in Marlin's layout when the plan asks for Marlin.
    void weightsNameTheMarlinLayout()
    {
        Plan plan;
        plan.tp = 2;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("gpt-oss-120b");
        const GpuSpec h100 = presetGpu("h100-sxm");
        auto kernelInput = [&](const Plan &p) {
            const Evaluation e = evaluate(p, m, h100);
            for (const ExplainedInput &i : explain(Quantity::WeightsPerGpu, { e, m, h100 }, 0).inputs)
                if (i.name() == "MoE kernel")
                    return i.value() + " | " + i.source();
            return std::string();
        };
        QCOMPARE(kernelInput(plan),
            std::string("triton | Hopper's triton_kernels layout: the intermediate per GPU rounded up to 64, the "
                        "scales swizzled with N padded to 256 (the checkpoint's freed), the biases in FP32"));
        plan.vllmVersion = { 0, 23, 0 };
        QVERIFY(kernelInput(plan).find("the checkpoint's scales kept beside the swizzled ones") != std::string::npos);
        plan.vllmVersion = { 0, 19, 0 };
        QVERIFY(kernelInput(plan).find("both value extents padded to 64 bytes") != std::string::npos);
        plan.vllmVersion = { 0, 22, 0 };
        QVERIFY(kernelInput(plan).find("both value extents") == std::string::npos);
        plan.moeBackend = MoeBackend::Marlin;
        QCOMPARE(kernelInput(plan),
            std::string("marlin | --moe-backend: MXFP4 experts in Marlin's layout, the intermediate per GPU rounded "
                        "up to 128 and the hidden size to 256"));
    }

    void kvBytesMla()
    {
        Plan plan;
        plan.tp = 8;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, m, presetGpu("h200") });
        // 61 × (512 + 64) × 2 B = 70,272 B
        QCOMPARE(x.substituted(), std::string("61 layers × (512 + 64) × 2 B = 70,272 B"));
    }

    // Hybrid models: only the attention layers keep a KV cache per token (the issue #15 rule). Qwen3.5-27B has 16 full
    // attention layers among 64 (full_attention_interval 4): 2 × 16 × 4 KV heads × 256 × 2 B = 65,536 B; Kimi-K3
    // at TP 8 with an fp8 cache 24 MLA layers of 93: 24 × (512 + 64) × 1 B = 13,824 B.
    void kvBytesHybrid()
    {
        Plan plan;
        plan.tp = 1;
        plan.maxModelLen = 8192;
        const ModelSpec q = presetModel("qwen3.5-27b");
        const Evaluation e = evaluate(plan, q, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, q, presetGpu("h200") });
        QCOMPARE(x.substituted(), std::string("2 × 16 layers × 4 KV heads × 256 × 2 B = 65,536 B"));
        plan.tp = 8;
        plan.kvCacheDtype = KvDtype::Fp8;
        const ModelSpec k3 = presetModel("kimi-k3");
        const Evaluation e3 = evaluate(plan, k3, presetGpu("b300"));
        const Explanation x3 = explain(Quantity::KvBytesPerToken, { e3, k3, presetGpu("b300") });
        QCOMPARE(x3.substituted(), std::string("24 layers × (512 + 64) × 1 B = 13,824 B"));
    }

    // Per-layer sizes do not fit one formula: the figure shown is the pool's own, summed layer by layer, and the note
    // says so. Gemma-4-31B: 50 sliding layers of 16 KV heads × 256 and 10 full layers of 4 KV heads × 512 (K and V
    // slots both allocated for attention_k_eq_v): 50 × 2 × 16 × 256 × 2 B + 10 × 2 × 4 × 512 × 2 B = 901,120 B.
    void kvBytesUnevenLayersShowThePoolFigure()
    {
        Plan plan;
        plan.tp = 1;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("gemma-4-31b-it");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, m, presetGpu("h200") });
        QCOMPARE(x.result(), std::string("901,120 B"));
        QCOMPARE(x.substituted(),
            std::string("2 × 60 layers × 16 KV heads × 256 × 2 B = 983,040 B; vLLM's pool, layer by layer: 901,120 B"));
        QVERIFY(x.note().find("summed layer by layer") != std::string::npos);
    }

    // DCP shards a request's tokens over dcp ranks: Llama-3.1-70B at TP 16 (its 8 KV heads replicated, one per GPU),
    // DCP 2: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B, halved to 20,480 B.
    void kvBytesDcp()
    {
        Plan plan;
        plan.tp = 16;
        plan.decodeContextParallel = 2;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, m, presetGpu("h200") });
        QCOMPARE(x.substituted(), std::string("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B, / dcp 2 = 20,480 B"));
        QCOMPARE(x.result(), std::string("20,480 B"));
    }

    // The budget's equation must add up in every vLLM regime: from 0.21 the CUDA-graph estimate is one
    // of the subtracted terms (docs/DESIGN.md §B), before it is not; a calibration profile is named.
    void kvBudgetAddsUp()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec h100 = presetGpu("h100-sxm");
        for (const VllmVersion v : { VllmVersion { 0, 11, 0 }, VllmVersion { 0, 21, 0 } }) {
            Plan plan;
            plan.maxModelLen = 16000;
            plan.vllmVersion = v;
            const Evaluation e = evaluate(plan, m, h100);
            const Explanation x = explain(Quantity::KvBudget, { e, m, h100 }, 0);
            // "a − b − c − d [− g] = r" in GiB with two decimals: the terms must give the result within rounding.
            std::string lhs = x.substituted().substr(0, x.substituted().find(" = "));
            const double result = std::stod(x.substituted().substr(x.substituted().find(" = ") + 3));
            double sum = 0;
            int terms = 0;
            for (std::size_t at = 0; at < lhs.size();) {
                const std::size_t next = lhs.find(" − ", at);
                const double value = std::stod(lhs.substr(at, next - at));
                sum += terms++ == 0 ? value : -value;
                at = next == std::string::npos ? lhs.size() : next + std::string(" − ").size();
            }
            QVERIFY2(std::fabs(sum - result) <= 0.03, x.substituted().c_str());
            const bool graphs = v == VllmVersion { 0, 21, 0 };
            QCOMPARE(terms, graphs ? 5 : 4);
            QCOMPARE(x.formula().find("CUDA graphs") != std::string::npos, graphs);
        }
        Plan plan;
        plan.calibration.name = "my-h100";
        plan.calibration.activationScale = 1.25;
        const Evaluation e = evaluate(plan, m, h100);
        const Explanation x = explain(Quantity::KvBudget, { e, m, h100 }, 0);
        bool named = false;
        for (const ExplainedInput &in : x.inputs)
            named = named
                || in.source().find("calibrated: the modelled activation × 1.250, from profile \"my-h100\"")
                    != std::string::npos;
        QVERIFY(named);
    }

    void textbookConcurrency()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 2;
        plan.accounting = Accounting::Textbook;
        plan.gpuMemoryBytes = 80e9;
        plan.paramsOverride = 70.6e9;
        plan.maxModelLen = 32768;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, presetGpu("h100-sxm"));
        // lecture 0 (docs/DESIGN.md §F.0): 2,875,001 tokens // 32,768 = 87
        QCOMPARE(explain(Quantity::MaxConcurrency, { e, m, presetGpu("h100-sxm") }).substituted(),
            std::string("floor(2,875,001 / 32,768) = 87"));
        QCOMPARE(explain(Quantity::KvBytesPerToken, { e, m, presetGpu("h100-sxm") }).substituted(),
            std::string("2 × 40 layers × 1 KV head × 128 × 2 B = 20,480 B"));
    }

    void layersPerStage()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 4;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        QCOMPARE(explain(Quantity::LayersPerStage, { e, m, presetGpu("h200") }).substituted(),
            std::string("61 // 4 = 15, remainder 1 → 15, 15, 16, 15"));
    }

    // Lecture 0 §4.1 (docs/DESIGN.md §F.0): Llama-3.1-70B, TP 4, 64 decoding sequences, 450 GB/s and no latency.
    void tpSeed000()
    {
        Plan plan;
        plan.tp = 4;
        plan.batch = 64;
        plan.maxModelLen = 8192;
        plan.scaleupLatencySec = 0;
        plan.scaleupBytesPerSec = 450e9;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(plan, m, gpu);
        // S = 64 × 8192 × 2 B = 1 MiB
        QCOMPARE(explain(Quantity::TpAllReduceBytes, { e, m, gpu }).substituted(),
            std::string("64 × 8,192 × 2 B = 1,048,576 B (1 MiB)"));
        // 2 × 80 = 160 AllReduces, each sends 2 × 3/4 × 1 MiB = 1.5 MiB: 240 MiB
        QCOMPARE(explain(Quantity::TpBytesPerGpu, { e, m, gpu }).substituted(),
            std::string("160 AllReduces × 2 × 3/4 × 1,048,576 B = 251,658,240 B (240 MiB)"));
        // 1.5 × 1,048,576 B / 450e9 B/s = 3.495 µs each; × 160 = 0.559 ms (the course's ≈0.56 ms)
        const Explanation t = explain(Quantity::TpTime, { e, m, gpu });
        QCOMPARE(t.substituted(),
            std::string("160 × (2 × 3 × 0 µs + 2 × 3/4 × 1,048,576 B / 450 GB/s) = 160 × 3.50 µs = 0.559 ms"));
        QCOMPARE(t.inputs.back().source(), std::string("--scaleup-bandwidth"));
    }

    // The same step with the preset's link: α = 1 µs, B = 450 GB/s × 0.82 = 369 GB/s.
    // α: 160 × 2 × 3 × 1 µs = 0.960 ms; bytes: 160 × 1,572,864 B / 369e9 B/s = 0.682 ms; 58 % latency.
    void tpLatencyDominates()
    {
        Plan plan;
        plan.tp = 4;
        plan.batch = 64;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Explanation t = explain(Quantity::TpTime, { evaluate(plan, m, gpu), m, gpu });
        QCOMPARE(t.result(), std::string("1.642 ms"));
        QVERIFY2(t.note().rfind("latency share 58 %: 0.960 ms of α, 0.682 ms of bytes", 0) == 0, t.note().c_str());
        QCOMPARE(t.inputs[3].value(), std::string("369 GB/s"));
        QVERIFY(t.inputs[3].source().find("450 GB/s × efficiency 0.82") != std::string::npos);
    }

    // Lecture 0 §4.2 (docs/DESIGN.md §F.0): PP 4 passes hidden_states and residual,
    // 2 × 64 × 8192 × 2 B = 2 MiB, 3 times.
    void ppSend()
    {
        Plan plan;
        plan.pp = 4;
        plan.batch = 64;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Explanation x = explain(Quantity::PpSendBytes, { evaluate(plan, m, gpu), m, gpu });
        QCOMPARE(x.substituted(), std::string("2 × 64 × 8,192 × 2 B = 2,097,152 B (2 MiB)"));
        QVERIFY(x.note().rfind("3 sends per step", 0) == 0);
    }

    // Lecture 0 §4.3 (docs/DESIGN.md §F.0): DeepSeek-V3, k = 8, h = 7168, BF16: 2 × 8 × 7168 × 2 B = 229,376 B.
    // FP8 dispatch (DeepEP): 7168 + 4 × 56 scale bytes = 7,392 per row, combine 14,336: 8 × 21,728 = 173,824 B.
    void epBytes()
    {
        Plan plan;
        plan.tp = 8;
        plan.dp = 2;
        plan.ep = 16;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec gpu = presetGpu("h200");
        const Explanation bf16 = explain(Quantity::EpBytesPerToken, { evaluate(plan, m, gpu), m, gpu });
        QCOMPARE(bf16.substituted(), std::string("8 × 7,168 × (2 + 2) B = 229,376 B"));
        QVERIFY(bf16.note().find("6.2 % stays on the sending GPU") != std::string::npos); // 1/16
        plan.fp8Dispatch = true;
        QCOMPARE(explain(Quantity::EpBytesPerToken, { evaluate(plan, m, gpu), m, gpu }).substituted(),
            std::string("8 × (7,392 + 14,336) B = 173,824 B"));
    }

    // Lecture 3 (docs/DESIGN.md §F.3): p = 2 stages, m = 4 micro-batches: 1/5.
    void bubble()
    {
        Plan plan;
        plan.tp = 4;
        plan.pp = 2;
        plan.microbatches = 4;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Explanation x = explain(Quantity::Bubble, { evaluate(plan, m, gpu), m, gpu });
        QCOMPARE(x.substituted(), std::string("(2 − 1) / (4 + 2 − 1) = 1/5 = 0.200 (20.0 %)"));
        QCOMPARE(x.result(), std::string("20.0 %"));
    }

    // Lecture 0 §1.2 (docs/DESIGN.md §F.0) on a hypothetical H100 that holds the whole 70B: 139,006,083,072 B of
    // weights (the embedding read as one row) + 327,680 B of KV at 3.35 TB/s = 41.494 ms.
    void decodeStepAndTpot()
    {
        Plan plan;
        plan.batch = 1;
        plan.promptLen = 1;
        plan.hbmEfficiency = 1;
        plan.maxModelLen = 8192;
        GpuSpec gpu = presetGpu("h100-sxm");
        gpu.memoryBytes = gpu.cudaTotalBytes = 1e13;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, gpu);
        const Explanation step = explain(Quantity::StageStepTime, { e, m, gpu });
        QVERIFY2(step.substituted().rfind("max(139,006,410,752 B / (3.35 TB/s × 1.00), ", 0) == 0,
            step.substituted().c_str());
        QVERIFY2(step.substituted().find(" + 0 µs = max(41.494 ms, ") != std::string::npos, step.substituted().c_str());
        QCOMPARE(step.result(), std::string("41.494 ms"));
        QCOMPARE(step.note().substr(0, 12), std::string("memory-bound"));
        QCOMPARE(explain(Quantity::Tpot, { e, m, gpu }).substituted(), std::string("41.494 ms = 41.494 ms"));
        // One sequence on one GPU: 1 / 41.494 ms = 24.1 tokens/s.
        QCOMPARE(explain(Quantity::TokensPerSecPerGpu, { e, m, gpu }).result(), std::string("24.1 tokens/s"));
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
