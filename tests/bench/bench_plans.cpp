// evaluate() for the two large plans of the issue (target: at most 1 ms each). Label "benchmark".
#include "benchwindow.h"
#include "core/evaluate/evaluation.h"

#include <QTest>

using namespace shardscope;

class BenchPlans : public QObject
{
    Q_OBJECT
private:
    void run(const Plan &p)
    {
        const ModelSpec m = builtinPresets().resolveModel(QString::fromStdString(p.modelId));
        const GpuSpec g = builtinPresets().resolveGpu(QString::fromStdString(p.gpuId));
        Evaluation e;
        static bool printed[2] = {};
        bool &done = printed[p.modelId == "deepseek-v3" ? 0 : 1]; // QBENCHMARK may rerun the function
        if (!done) {
            done = true;
            medianMs(("evaluate() " + p.modelId).c_str(), 300, [&] { e = evaluate(p, m, g); });
        }
        QBENCHMARK
        {
            e = evaluate(p, m, g);
        }
        QVERIFY(e.valid);
        QCOMPARE(e.worldSize, p.tp * p.pp * p.dp);
    }

private slots:
    void deepSeekV3On128Gpus() { run(deepSeekOn128()); }
    void llama405bOn64Gpus() { run(llama405On64()); }
};

QTEST_APPLESS_MAIN(BenchPlans)
#include "bench_plans.moc"
