// simulateServing() runs for every plan a user looks at (and for each point of the window's
// latency-throughput curve): 1,000 requests must simulate in <= 50 ms for DeepSeek-V3 on 128 GPUs and
// <= 10 ms for Llama-3.1-70B TP 4 on the 2-core machine (issue #17). Label "benchmark".
#include "core/serving/serving.h"
#include "tests/common/testutils.h"

using namespace shardscope;

class BenchServing : public QObject
{
    Q_OBJECT
private slots:
    // DeepSeek-V3 on 128 H200: tp 8 x dp 16, EP 128; the default workload (1000 prompts, 1024 / 128).
    void deepSeekV3On128()
    {
        Plan p = makePlan("deepseek-v3", "h200", 8, 1, 16, 128);
        p.maxModelLen = 32768;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("deepseek-v3"), presetGpu("h200"));
        QVERIFY(ep.evaluation.valid);
        ServingResult r;
        QBENCHMARK
        {
            r = simulateServing(ep, Workload());
        }
        QVERIFY(r.completed >= 1000);
        QVERIFY(!r.stoppedEarly);
    }

    // DeepSeek-V3 on 128 H200 as one replica (tp 8 x pp 16): all 1000 requests in one simulation.
    void deepSeekV3On128OneReplica()
    {
        Plan p = makePlan("deepseek-v3", "h200", 8, 16);
        p.maxModelLen = 32768;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("deepseek-v3"), presetGpu("h200"));
        QVERIFY(ep.evaluation.valid);
        ServingResult r;
        QBENCHMARK
        {
            r = simulateServing(ep, Workload());
        }
        QCOMPARE(r.completed, 1000);
    }

    // The same at a closed loop of 256 clients with 1024 output tokens: many decode steps.
    void deepSeekV3On128LongOutputs()
    {
        Plan p = makePlan("deepseek-v3", "h200", 8, 1, 16, 128);
        p.maxModelLen = 32768;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("deepseek-v3"), presetGpu("h200"));
        Workload w;
        w.outputLen = 1024;
        w.maxConcurrency = 256;
        ServingResult r;
        QBENCHMARK
        {
            r = simulateServing(ep, w);
        }
        QVERIFY(r.completed >= 1000);
    }

    // Llama-3.1-70B, TP 4 on H100: 1000 prompts, 1024 / 128, closed loop of 64 clients.
    void llama70bTp4()
    {
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4);
        p.maxModelLen = 8192;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        Workload w;
        w.maxConcurrency = 64;
        ServingResult r;
        QBENCHMARK
        {
            r = simulateServing(ep, w);
        }
        QCOMPARE(r.completed, 1000);
    }

    // Llama-3.1-70B TP 4 with the default workload (1000 prompts sent at once).
    void llama70bTp4Burst()
    {
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4);
        p.maxModelLen = 8192;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        ServingResult r;
        QBENCHMARK
        {
            r = simulateServing(ep, Workload());
        }
        QCOMPARE(r.completed, 1000);
    }
};

QTEST_APPLESS_MAIN(BenchServing)
#include "bench_serving.moc"
