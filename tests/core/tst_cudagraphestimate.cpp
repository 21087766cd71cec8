// The CUDA graphs vLLM V1 captures and what its memory profiler charges for them, worked out by hand from vLLM's
// source (neuralmagic/vllm, a mirror of vllm-project/vllm main, @017e9f4448b7):
//   vllm/config/vllm.py _set_cudagraph_sizes: max_cap = min(max_num_seqs x (1 + spec) x 2, 512 (1024 on the SM100
//     family, #49390), max_num_batched_tokens); sizes [1, 2, 4] + range(8, min(max_cap + 1, 256), 8) +
//     range(256, max_cap + 1, 16), and max_num_batched_tokens when it is <= max_cap (#40734);
//   vllm/v1/cudagraph_dispatcher.py initialize_cudagraph_keys: one PIECEWISE graph per size, FULL decode graphs for
//     sizes q <= s <= q x max_num_seqs;
//   gpu_model_runner.py profile_cudagraph_memory: E = max over modes of the first capture + sum over modes of
//     (N - 1) x max(second capture, 1 MiB);
//   vllm/config/vllm.py _is_default_v2_model_runner_model and vllm/v1/worker/gpu/model_runner.py
//     profile_cudagraph_memory (returns 0).
// Capture counts checked against printed logs: club-3090#104 "PIECEWISE=5 (largest=16)" (max_num_seqs 2, MTP 3);
// vllm PR #39559 "PIECEWISE=51 (largest=512), FULL=35 (largest=256)" (max_num_seqs 256).
#include "core/evaluate/cudagraphestimate.h"
#include "core/evaluate/evaluation.h"
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/vllmlog.h"
#include "core/vllmlog/vllmlogparser.h"
#include "tests/common/testutils.h"

using namespace shardscope;

namespace {
constexpr double kMiB = 1024.0 * 1024.0;
}

class TestCudaGraphEstimate : public QObject
{
    Q_OBJECT
private slots:
    void captureSizes()
    {
        // max_num_seqs 2, 3 speculative tokens: max_cap = min(2 x 4 x 2, 512, 8192) = 16 -> [1, 2, 4, 8, 16].
        CudaGraphCaptures c = cudaGraphCaptures(2, 8192, 3, false, false);
        QCOMPARE(c.sizes, (std::vector<std::int64_t> { 1, 2, 4, 8, 16 }));
        QCOMPARE(c.piecewise, 5);
        QCOMPARE(c.largestPiecewise, std::int64_t { 16 });
        QCOMPARE(c.full, 0);
        // max_num_seqs 256: max_cap 512; 3 + 31 (8..248) + 17 (256..512) = 51; FULL sizes 1..256: 3 + 31 + 1 = 35.
        c = cudaGraphCaptures(256, 8192, 0, false, true);
        QCOMPARE(c.piecewise, 51);
        QCOMPARE(c.largestPiecewise, std::int64_t { 512 });
        QCOMPARE(c.full, 35);
        QCOMPARE(c.largestFull, std::int64_t { 256 });
        // max_num_seqs 2, no speculation: [1, 2, 4]; FULL for 1 and 2.
        c = cudaGraphCaptures(2, 8192, 0, false, true);
        QCOMPARE(c.piecewise, 3);
        QCOMPARE(c.full, 2);
        QCOMPARE(c.largestFull, std::int64_t { 2 });
        // SM100, 1,024 sequences: max_cap 1024; 3 + 31 + 49 (256..1024 step 16) = 83.
        c = cudaGraphCaptures(1024, 16384, 0, true, true);
        QCOMPARE(c.piecewise, 83);
        QCOMPARE(c.largestPiecewise, std::int64_t { 1024 });
        // A 300-token budget caps max_cap at 300: 3 + 31 + 3 (256, 272, 288) = 37, and 300 itself from 0.23.
        c = cudaGraphCaptures(1024, 300, 0, false, true);
        QCOMPARE(c.piecewise, 38);
        QCOMPARE(c.sizes.back(), std::int64_t { 300 });
        c = cudaGraphCaptures(1024, 300, 0, false, true, false);
        QCOMPARE(c.piecewise, 37);
        QCOMPARE(c.sizes.back(), std::int64_t { 288 });
    }

    // Qwen3.5-27B (64 layers) at TP 2 on RTX 3090-class cards (sm_89 preset), 2 sequences, MTP 3: PIECEWISE only,
    // 5 graphs. E = 0.39 MiB x 16 + 4 x 0.198 MiB x 64 = 6.24 + 50.688 = 56.928 MiB.
    void piecewiseOnly()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        const GpuSpec gpu = presetGpu("rtx-4090");
        Plan p;
        p.tp = 2;
        p.maxNumSeqs = 2;
        p.maxNumBatchedTokens = 8192;
        p.numSpeculativeTokens = 3;
        p.vllmVersion = { 0, 24, 0 };
        QCOMPARE(cudaGraphCapturesFor(m, p, gpu).full, 0);
        QVERIFY(qAbs(cudaGraphEstimateBytes(m, p, cudaGraphCapturesFor(m, p, gpu), 64) - 56.928 * kMiB) < 1024);
        p.enforceEager = true;
        QCOMPARE(cudaGraphEstimateBytes(m, p, cudaGraphCapturesFor(m, p, gpu), 64), 0.0);
    }

    // The same model without speculation on an H100 at 0.27: PIECEWISE [1, 2, 4] and FULL [1, 2]. The largest
    // FULL graph's warm-up keeps 8,192 x 0.37 GiB / 4,096 (vllm#50780, #52872) = 0.74 GiB = 757.76 MiB, plus
    // 0.39 x 2 = 0.78 MiB; E = 758.54 + 3 x 12.672 = 796.556 MiB. At 0.25 the transient is not there:
    // max(1.56, 0.78) + 38.016 = 39.576 MiB; nor at 0.26.0, which printed 0.057 GiB for this capture set on two
    // RTX PRO 6000 (tests/data/corpus/startup-logs/dfch-7960t-qwen38-27b-bf16-yarn896k-2xrtxpro6000-tp2-v0260.log:
    // utilization 0.9 "is equivalent to 0.8994" on 95.01 GiB).
    void gatedDeltaNetFullGraph()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        Plan p;
        p.maxNumSeqs = 2;
        p.maxNumBatchedTokens = 8192;
        p.vllmVersion = { 0, 27, 0 };
        QVERIFY(qAbs(cudaGraphEstimateBytes(m, p, cudaGraphCapturesFor(m, p, gpu), 64) - 796.556 * kMiB) < 1024);
        p.vllmVersion = { 0, 25, 0 };
        QVERIFY(qAbs(cudaGraphEstimateBytes(m, p, cudaGraphCapturesFor(m, p, gpu), 64) - 39.576 * kMiB) < 1024);
        p.vllmVersion = { 0, 26, 0 };
        QVERIFY(qAbs(cudaGraphEstimateBytes(m, p, cudaGraphCapturesFor(m, p, gpu), 64) - 39.576 * kMiB) < 1024);
    }

    // Model Runner V2: dense models from 0.25.1 charge 0 for graphs until 0.30; Qwen3 dense unquantized from 0.23.
    void modelRunnerV2()
    {
        const ModelSpec llama = presetModel("llama-3.1-8b");
        const ModelSpec qwen3 = presetModel("qwen3-8b");
        const ModelSpec hybrid = presetModel("qwen3.5-27b");
        const ModelSpec moe = presetModel("qwen3-30b-a3b");
        Plan p;
        p.vllmVersion = { 0, 25, 0 };
        QVERIFY(!graphEstimateIsZeroStub(llama, p));
        p.vllmVersion = { 0, 25, 1 };
        QVERIFY(graphEstimateIsZeroStub(llama, p));
        QVERIFY(!graphEstimateIsZeroStub(hybrid, p));
        QVERIFY(!graphEstimateIsZeroStub(moe, p));
        p.vllmVersion = { 0, 30, 0 };
        QVERIFY(usesModelRunnerV2(llama, p));
        QVERIFY(!graphEstimateIsZeroStub(llama, p));
        p.vllmVersion = { 0, 23, 0 };
        QVERIFY(graphEstimateIsZeroStub(qwen3, p));
        QVERIFY(!graphEstimateIsZeroStub(llama, p));
        p.quantization = Quantization::Fp8;
        QVERIFY(!graphEstimateIsZeroStub(qwen3, p));

        // The budget: at 0.25.1 nothing is subtracted for graphs; at 0.25.0 and 0.30 the estimate is.
        const GpuSpec h100 = presetGpu("h100-sxm");
        Plan q;
        q.maxModelLen = 16000;
        for (const VllmVersion v : { VllmVersion { 0, 25, 0 }, VllmVersion { 0, 25, 1 }, VllmVersion { 0, 30, 0 } }) {
            q.vllmVersion = v;
            const Evaluation e = evaluate(q, llama, h100);
            const RankMemory &b = e.ranks[0].memory;
            const bool stub = v == VllmVersion { 0, 25, 1 };
            QCOMPARE(e.kv.cudaGraphSubtracted, !stub);
            QCOMPARE(e.kv.modelRunnerV2GraphStub, stub);
            QVERIFY(b.cudaGraph > 0);
            QCOMPARE(b.kvBudget,
                b.requested - b.weights.total() - b.activation.total() - b.nonTorch - (stub ? 0.0 : b.cudaGraph));
        }
    }

    // The log line, as club-3090#104 and vllm PR #39559 print it; hostile numbers are dropped, never thrown.
    void parsedFromTheLog()
    {
        ParsedVllmLog log = parseVllmLog("(Worker_TP3 pid=132) INFO 07-05 17:28:26 [gpu_model_runner.py:6483] "
                                         "Profiling CUDA graph memory: PIECEWISE=5 (largest=16)\n");
        QCOMPARE(log.cudaGraphsPiecewise, std::optional<int>(5));
        QCOMPARE(log.cudaGraphLargestPiecewise, std::optional<std::int64_t>(16));
        QCOMPARE(log.cudaGraphsFull, std::optional<int>(0));
        log = parseVllmLog("(EngineCore pid=1259857) INFO 04-13 19:51:20 [gpu_model_runner.py:5914] Profiling CUDA "
                           "graph memory: PIECEWISE=51 (largest=512), FULL=35 (largest=256)\n");
        QCOMPARE(log.cudaGraphsPiecewise, std::optional<int>(51));
        QCOMPARE(log.cudaGraphsFull, std::optional<int>(35));
        QCOMPARE(log.cudaGraphLargestFull, std::optional<std::int64_t>(256));
        log = parseVllmLog("INFO Profiling CUDA graph memory: PIECEWISE=-3 (largest=1e40), FULL=2.5 (largest=x)\n");
        QVERIFY(!log.cudaGraphsPiecewise);
        QVERIFY(!log.cudaGraphLargestPiecewise);
    }

    // The predicted log names the graphs as vLLM does, and reconcile compares the count with a real log's.
    // Qwen3-30B-A3B (MoE: the V1 runner) on an H100 at 0.27 with 256 sequences: 51 PIECEWISE, 35 FULL.
    void printedAndReconciled()
    {
        const ModelSpec m = presetModel("qwen3-30b-a3b");
        const GpuSpec h100 = presetGpu("h100-sxm");
        Plan p;
        p.maxModelLen = 32768;
        p.maxNumSeqs = 256;
        p.maxNumBatchedTokens = 8192;
        p.vllmVersion = { 0, 27, 0 };
        const EvaluatedPlan plan = evaluatePlan(p, m, h100);
        const std::string text = predictedVllmLogText(plan);
        QVERIFY2(text.find("Profiling CUDA graph memory: PIECEWISE=51 (largest=512), FULL=35 (largest=256)")
                != std::string::npos,
            text.c_str());
        const ParsedVllmLog log = parseVllmLog(text);
        QCOMPARE(log.cudaGraphsPiecewise, std::optional<int>(51));
        const ReconcileResult r = reconcile(plan,
            parseVllmLog("(Worker_TP0 pid=1) INFO Profiling CUDA graph memory: "
                         "PIECEWISE=5 (largest=16)\n"
                         "(Worker_TP0 pid=1) INFO Available KV cache memory: "
                         "40.00 GiB\n"));
        const auto row
            = std::find_if(r.rows.begin(), r.rows.end(), [](const ReconcileRow &x) { return x.key == "cuda_graphs"; });
        QVERIFY(row != r.rows.end());
        QCOMPARE(row->unit, std::string("graphs"));
        QCOMPARE(*row->predicted, 86.0);
        QCOMPARE(*row->observed, 5.0);
    }
};

QTEST_GUILESS_MAIN(TestCudaGraphEstimate)
#include "tst_cudagraphestimate.moc"
