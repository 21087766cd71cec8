// The teaching views rebuild on every slider move: the timeline, the A/B comparison and (on export)
// the Markdown report. Label "benchmark": not part of the default run.
#include "core/explain/timeline.h"
#include "core/report/compare.h"
#include "core/report/markdownreport.h"
#include "tests/common/testutils.h"

using namespace shardscope;

namespace {

// DeepSeek-V3 on 128 H200: tp 8 × pp 2 × dp 8, EP over each stage's 64 GPUs, 64 micro-batches.
Plan bigPlan()
{
    Plan p;
    p.tp = 8;
    p.pp = 2;
    p.dp = 8;
    p.ep = 64;
    p.batch = 64;
    p.microbatches = 64;
    p.maxModelLen = 32768;
    return p;
}

} // namespace

class BenchTeach : public QObject
{
    Q_OBJECT
private slots:
    void timeline()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        const Evaluation e = evaluate(bigPlan(), m, g);
        Timeline tl;
        QBENCHMARK
        {
            tl = buildTimeline({ e, m, g }, Phase::Decode);
        }
        QCOMPARE(tl.microbatches, 64);
    }

    void compare()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        const EvaluatedPlan a = evaluatePlan(bigPlan(), m, g);
        Plan pb = bigPlan();
        pb.ep = 1;
        const EvaluatedPlan b = evaluatePlan(pb, m, g);
        Comparison c;
        QBENCHMARK
        {
            c = comparePlans(a, b);
        }
        QVERIFY(!c.sentences.empty());
    }

    void markdown()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        const EvaluatedPlan e = evaluatePlan(bigPlan(), m, g);
        ReportOptions o;
        std::string md;
        QBENCHMARK
        {
            md = markdownReport(e, o);
        }
        QVERIFY(md.size() > 1000);
    }
};

QTEST_GUILESS_MAIN(BenchTeach)
#include "bench_teach.moc"
