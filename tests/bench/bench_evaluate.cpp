// evaluate() runs on every slider move and for every candidate of the plan search: it must stay
// well under a millisecond for the largest presets. Label "benchmark": not part of the default run.
#include "tests/common/testutils.h"

using namespace shardscope;

class BenchEvaluate : public QObject
{
    Q_OBJECT
private slots:
    // DeepSeek-V3 on 128 H200: tp=8 x dp=16, EP over all 128 GPUs (16 nodes).
    void deepSeekV3On128()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        Plan p;
        p.tp = 8;
        p.dp = 16;
        p.ep = 128;
        p.batch = 64;
        p.maxModelLen = 32768;
        Evaluation e;
        QBENCHMARK
        {
            e = evaluate(p, m, g);
        }
        QVERIFY(e.valid);
        QCOMPARE(e.comm.ep.size, 128);
    }

    // The ledger alone, prefill phase, same plan.
    void commLedgerOnly()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        Plan p;
        p.tp = 8;
        p.dp = 16;
        p.ep = 128;
        p.maxModelLen = 32768;
        const Evaluation e = evaluate(p, m, g);
        CommLedger c;
        QBENCHMARK
        {
            c = computeComm(e, m, g, Phase::Prefill, 4096);
        }
        QCOMPARE(c.tokens, 4096);
    }
};

QTEST_APPLESS_MAIN(BenchEvaluate)
#include "bench_evaluate.moc"
