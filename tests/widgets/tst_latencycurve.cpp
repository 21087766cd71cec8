// The latency–throughput curve: its concurrencies worked out by hand, the points against the serving
// estimate, and the view computing in a worker while it says so.
#include "tests/common/testutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/serving/latencycurve.h"

#include <QAbstractAxis>
#include <QChart>
#include <QElapsedTimer>
#include <QLineSeries>
#include <QSignalSpy>

using namespace shardscope;

namespace {

Plan llama8b()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    return p;
}

} // namespace

class TestLatencyCurve : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void concurrenciesByHand()
    {
        ServingResult r;
        r.workload.inputLen = 60;
        r.workload.outputLen = 40;
        r.kvBlocks = 100;
        r.blockSize = 16;
        r.maxNumSeqs = 256;
        r.replicas = 1;
        // 100 blocks x 16 = 1600 tokens / (60 + 40) = 16 requests; max-num-seqs 256 does not bind.
        QCOMPARE(curveConcurrencies(r), (std::vector<std::int64_t> { 1, 2, 4, 8, 16 }));
        // Two DP replicas: 2 x 16.
        r.replicas = 2;
        QCOMPARE(curveConcurrencies(r), (std::vector<std::int64_t> { 1, 2, 4, 8, 16, 32 }));
        // max-num-seqs 5 binds: 2 x 5 = 10.
        r.maxNumSeqs = 5;
        QCOMPARE(curveConcurrencies(r), (std::vector<std::int64_t> { 1, 2, 4, 8, 10 }));
        // At most 3 points: 1, 2 and the largest.
        QCOMPARE(curveConcurrencies(r, 3), (std::vector<std::int64_t> { 1, 2, 10 }));
        // A pool smaller than one request still gives one per replica: 16 tokens / 100 → 1, x 2 replicas.
        r.kvBlocks = 1;
        QCOMPARE(curveConcurrencies(r), (std::vector<std::int64_t> { 1, 2 }));
    }

    // A point is the serving estimate at that concurrency (the current workload's marker lies on it); more
    // clients batch more decodes: throughput per GPU grows, TPOT does not fall.
    void pointsAreTheEstimate()
    {
        const EvaluatedPlan ep = evaluatePlan(llama8b(), presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        Workload w;
        w.inputLen = 256;
        w.outputLen = 32;
        w.numPrompts = 64;
        const std::vector<CurvePoint> pts = computeCurve(ep, w, { 1, 4, 16 });
        QCOMPARE(pts.size(), size_t { 3 });
        w.maxConcurrency = 4;
        const ServingResult at4 = simulateServing(ep, w);
        QCOMPARE(pts[1].concurrency, std::int64_t { 4 });
        QCOMPARE(pts[1].tpot.p50, at4.tpot.p50);
        QCOMPARE(pts[1].ttft.p99, at4.ttft.p99);
        QCOMPARE(pts[1].outputTokensPerSecPerGpu, at4.outputTokensPerSecPerGpu);
        QVERIFY(pts[2].outputTokensPerSecPerGpu > pts[1].outputTokensPerSecPerGpu);
        QVERIFY(pts[1].outputTokensPerSecPerGpu > pts[0].outputTokensPerSecPerGpu);
        QVERIFY(pts[2].tpot.p50 >= pts[0].tpot.p50);
    }

    void viewComputesInAWorker()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        QVERIFY(editor.apply(llama8b(), QString()));
        Workload w = doc.workload();
        w.maxConcurrency = 8;
        w.numPrompts = 1000;
        QVERIFY(doc.setWorkload(w));
        LatencyCurveView view(&doc);
        view.resize(800, 500);
        QSignalSpy ready(&view, &LatencyCurveView::curveReady);
        QElapsedTimer t;
        t.start();
        view.show();
        // show() returned with the curve still computing, and the view says so.
        QVERIFY(view.isComputing());
        QVERIFY2(view.statusText().startsWith(QStringLiteral("Computing")), qPrintable(view.statusText()));
        QVERIFY(ready.wait(60000));
        QVERIFY(!view.isComputing());
        QVERIFY2(view.statusText().startsWith(QStringLiteral("Estimated")), qPrintable(view.statusText()));
        const std::vector<std::int64_t> cs = curveConcurrencies(*doc.serving());
        QCOMPARE(view.points().size(), cs.size());
        QCOMPARE(view.points().front().concurrency, std::int64_t { 1 });
        // Five lines (TPOT and TTFT p50/p99, tokens/s) of one point per concurrency, and the marker.
        int lines = 0;
        for (QAbstractSeries *s : view.chart()->series())
            if (auto *l = qobject_cast<QLineSeries *>(s)) {
                ++lines;
                QCOMPARE(l->count(), static_cast<int>(cs.size()));
            }
        QCOMPARE(lines, 5);
        // Axis titles carry their units.
        QStringList titles;
        for (QAbstractAxis *a : view.chart()->axes())
            titles << a->titleText();
        QVERIFY2(
            titles.join(QLatin1Char('|')).contains(QLatin1String("ms")), qPrintable(titles.join(QLatin1Char('|'))));
        QVERIFY(titles.join(QLatin1Char('|')).contains(QLatin1String("tok/s")));
        QVERIFY(titles.join(QLatin1Char('|')).contains(QLatin1String("clients")));

        // A new workload starts a new computation; the old result is never shown for it.
        w.outputLen = 64;
        QVERIFY(doc.setWorkload(w));
        QVERIFY(view.isComputing());
        QVERIFY(ready.wait(60000));
        QVERIFY(!view.isComputing());
        QCOMPARE(ready.count(), 2);
        Workload at1 = w;
        at1.maxConcurrency = 1;
        at1.numPrompts = std::max<std::int64_t>(w.numPrompts, 2);
        QCOMPARE(view.points().front().tpot.p50, simulateServing(doc.evaluated(), at1).tpot.p50);
    }

    // A plan that leaves no KV cache runs no request: the view says why and draws no axes, instead of an empty
    // chart with a meaningless range (Llama-3.1-70B in BF16 is 141 GB of weights, one H100 80 GB holds 79.6 GiB).
    void noCurveWhenNoRequestRuns()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        QVERIFY(editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 1), QString()));
        QVERIFY(doc.evaluated().evaluation.valid);
        QVERIFY(!doc.evaluated().evaluation.fits);
        LatencyCurveView view(&doc);
        view.resize(800, 500);
        view.show();
        QVERIFY(!view.isComputing());
        QVERIFY2(view.statusText().startsWith(QStringLiteral("No curve: ")), qPrintable(view.statusText()));
        QVERIFY2(view.statusText().contains(QStringLiteral("KV")), qPrintable(view.statusText()));
        QVERIFY(view.points().empty());
        for (QAbstractAxis *a : view.chart()->axes())
            QVERIFY2(!a->isVisible(), qPrintable(a->titleText()));
        for (QAbstractSeries *s : view.chart()->series())
            QCOMPARE(qobject_cast<QXYSeries *>(s)->count(), 0);

        // A plan that fits brings the curve and its axes back.
        QSignalSpy ready(&view, &LatencyCurveView::curveReady);
        QVERIFY(editor.apply(llama8b(), QString()));
        QVERIFY(ready.wait(60000));
        QVERIFY2(view.statusText().startsWith(QStringLiteral("Estimated")), qPrintable(view.statusText()));
        for (QAbstractAxis *a : view.chart()->axes())
            QVERIFY(a->isVisible());
    }
};

QTEST_MAIN(TestLatencyCurve)
#include "tst_latencycurve.moc"
