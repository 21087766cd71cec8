// The speed targets for `shardscope sweep` (run with ctest -L benchmark on a Release build):
// DeepSeek-V3 on 1,024 GPUs <= 100 ms, on 16 GPUs <= 5 ms, on a 2-core machine.
#include "core/sweep/sweep.h"
#include "tests/common/testutils.h"

using namespace shardscope;

class BenchSweep : public QObject
{
    Q_OBJECT
private slots:
    void deepseekV3_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::newRow("16 GPUs") << 16;
        QTest::newRow("1024 GPUs") << 1024;
    }
    void deepseekV3()
    {
        QFETCH(int, gpus);
        const ModelSpec model = presetModel("deepseek-v3");
        const GpuSpec gpu = presetGpu("h200");
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions options;
        options.gpus = gpus;
        SweepResult r;
        QBENCHMARK
        {
            r = sweep(plan, model, gpu, options);
        }
        QVERIFY(!r.plans.empty());
    }
};

QTEST_MAIN(BenchSweep)
#include "bench_sweep.moc"
