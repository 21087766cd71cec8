// The step-through panel: stepping, play/pause, the caption, the highlighted GPUs and link, and the
// timeline geometry as pure arithmetic (Llama-3.1-70B, TP 4 × PP 2, 4 micro-batches).
#include "tests/common/testutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/teaching/clustermap.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/teaching/timelineview.h"

#include <QSignalSpy>
#include <QToolButton>

using namespace shardscope;

namespace {

struct Fixture
{
    ModelSpec model = presetModel("llama-3.1-70b");
    GpuSpec gpu = presetGpu("h100-sxm");
    Evaluation e;
    Plan plan;
    // What a panel observes: the document (its plan set by each test) and the teaching state.
    PlanDocument document { builtinCatalog() };
    TeachingState state;
    Fixture()
    {
        Plan &p = plan;
        p.modelId = "llama-3.1-70b";
        p.gpuId = "h100-sxm";
        p.tp = 4;
        p.pp = 2;
        p.microbatches = 4;
        p.maxModelLen = 32768;
        e = evaluate(p, model, gpu);
    }
};

// A document and teaching state for a panel, for plans other than the fixture's.
struct Observed
{
    PlanDocument document { builtinCatalog() };
    TeachingState state;
};

void saveShot(QWidget &w, const char *name)
{
    const QByteArray dir = qgetenv("SHARDSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        w.grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QLatin1String(name));
}

} // namespace

class TestTimelinePanel : public QObject
{
    Q_OBJECT
private slots:
    void lanesAndGeometry()
    {
        Fixture f;
        TimelineView view;
        view.resize(1000, 300);
        view.setTimeline(f.e, buildTimeline({ f.e, f.model, f.gpu }, Phase::Decode));
        // 8 GPUs: one lane each, GPUs 0-3 on stage 0 and 4-7 on stage 1.
        QCOMPARE(view.lanes().size(), size_t(8));
        QCOMPARE(view.lanes()[4].stage, 1);
        // 41 events per stage (see tst_timeline): 82 in all.
        QCOMPARE(view.eventCount(), 82);
        // The time axis maps [0, makespan] onto the plot linearly.
        const double x0 = view.xForTime(0), x1 = view.xForTime(view.timeline().makespanSec);
        QVERIFY(x1 > x0);
        QCOMPARE(view.xForTime(view.timeline().makespanSec / 2), (x0 + x1) / 2);
        // The first event (stage 0's embedding AllReduce at t = 0) sits on GPU 0's lane, not GPU 4's.
        QCOMPARE(view.timeline().events.front().stage, 0);
        QVERIFY(!view.eventRect(0, 0).isEmpty());
        QVERIFY(view.eventRect(0, 4).isEmpty());
        // Clicking inside an event's rectangle finds it again.
        int compute = -1;
        for (int i = 0; i < view.eventCount() && compute < 0; ++i)
            if (view.timeline().events[static_cast<size_t>(i)].kind == EventKind::Compute)
                compute = i;
        QCOMPARE(view.eventAt(view.eventRect(compute, 1).center().toPoint()), compute);
    }

    void manyGpusGroupByStage()
    {
        Plan p;
        p.tp = 8;
        p.pp = 2;
        p.dp = 4; // 64 GPUs: one lane per stage
        p.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(p, m, gpu);
        TimelineView view;
        view.setTimeline(e, buildTimeline({ e, m, gpu }, Phase::Decode));
        QCOMPARE(view.lanes().size(), size_t(2));
        QCOMPARE(view.lanes()[1].gpus, 32);
        QCOMPARE(view.laneLabel(view.lanes()[1]), QStringLiteral("Stage 1 · 32 GPUs"));
    }

    // The legend names each kind the step has; blocks say "mb 0" only when there are several
    // micro-batches, else their layers; few lanes fill the view.
    void legendLabelsAndLanes()
    {
        Fixture f; // TP 4 x PP 2, 4 micro-batches: compute, TP AllReduce, embedding / LM head, PP send
                   // and gather, idle (the bubble)
        TimelineView view;
        view.resize(1000, 400);
        view.setTimeline(f.e, buildTimeline({ f.e, f.model, f.gpu }, Phase::Decode));
        QStringList texts;
        for (const auto &entry : view.legend())
            texts << entry.text;
        QVERIFY2(texts.contains(QStringLiteral("TP AllReduce")) && texts.contains(QStringLiteral("idle (hatched)"))
                && texts.contains(QStringLiteral("PP send"))
                && texts.contains(QStringLiteral("compute (stage colour)")),
            qPrintable(texts.join(QStringLiteral(", "))));
        QVERIFY(!texts.contains(QStringLiteral("EP dispatch"))); // dense model
        TimelineEvent ev;
        ev.kind = EventKind::Compute;
        ev.microbatch = 2;
        ev.firstLayer = 0;
        ev.lastLayer = 9;
        QCOMPARE(view.blockLabel(ev), QStringLiteral("mb 2"));

        // One micro-batch (tp 8, pp 1, 8 GPUs): no "0" on every block, the layers instead.
        Plan p;
        p.tp = 8;
        p.maxModelLen = 8192;
        const Evaluation one = evaluate(p, f.model, f.gpu);
        view.setTimeline(one, buildTimeline({ one, f.model, f.gpu }, Phase::Decode));
        QCOMPARE(view.timeline().microbatches, 1);
        QCOMPARE(view.blockLabel(ev), QStringLiteral("layers 0–9"));

        // 64 GPUs, two stage lanes in a 400 px view: each lane grows (up to four text lines).
        Plan big;
        big.tp = 8;
        big.pp = 2;
        big.dp = 4;
        big.maxModelLen = 8192;
        const Evaluation e = evaluate(big, f.model, f.gpu);
        view.setTimeline(e, buildTimeline({ e, f.model, f.gpu }, Phase::Decode));
        QCOMPARE(view.lanes().size(), size_t(2));
        QCOMPARE(view.laneHeight(), 4 * view.fontMetrics().height());
    }

    // The node map of a 16-node plan scrolls: the last GPU's box is inside the map, not cut off.
    void nodeMapReachesEveryNode()
    {
        Observed o;
        TimelinePanel panel(&o.document, &o.state);
        panel.resize(1280, 600);
        panel.show();
        QVERIFY(o.document.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128)));
        QTest::qWait(0);
        ClusterMap *map = panel.map();
        QVERIFY(!map->compact()); // 128 GPUs: one box each
        // 16 nodes of 8: GPU 127 is in node 15, the last box.
        const QRectF last = map->gpuRect(127);
        QVERIFY2(last.bottom() <= map->height(),
            qPrintable(QStringLiteral("%1 > %2").arg(last.bottom()).arg(map->height())));
        QVERIFY(map->heightForWidth(map->width()) >= last.bottom());
    }

    void speedControl()
    {
        Observed o;
        TimelinePanel panel(&o.document, &o.state);
        QCOMPARE(panel.speed(), 1.0);
        QCOMPARE(panel.playInterval(), 900); // 1×: one event per 0.9 s
        panel.setSpeed(4);
        QCOMPARE(panel.playInterval(), 225); // 900 / 4
        panel.setSpeed(0.5);
        QCOMPARE(panel.playInterval(), 1800);
    }

    void stepping()
    {
        Fixture f;
        TimelinePanel panel(&f.document, &f.state);
        panel.resize(1200, 500);
        QSignalSpy spy(&panel, &TimelinePanel::currentEventChanged);
        QVERIFY(f.document.setPlan(f.plan));
        QCOMPARE(panel.view()->currentIndex(), -1);
        panel.stepForward();
        QCOMPARE(panel.view()->currentIndex(), 0);
        // Event 0 is stage 0's embedding AllReduce: GPUs 0-3, one TP group, over NVLink.
        QVERIFY(panel.caption().contains(QStringLiteral("Embedding AllReduce")));
        QCOMPARE(panel.map()->highlighted(), (std::vector<int> { 0, 1, 2, 3 }));
        const QList<QVariant> last = spy.takeLast();
        QCOMPARE(last.at(0).value<std::vector<int>>(), (std::vector<int> { 0, 1, 2, 3 }));
        panel.stepForward();
        panel.stepForward();
        QCOMPARE(panel.view()->currentIndex(), 2);
        panel.stepBack();
        QCOMPARE(panel.view()->currentIndex(), 1);
        // Walk to the first PP send: the senders and the receivers light up.
        while (panel.view()->currentIndex() + 1 < panel.view()->eventCount()
            && panel.view()->timeline().events[static_cast<size_t>(panel.view()->currentIndex())].kind
                != EventKind::PpSend)
            panel.stepForward();
        QCOMPARE(panel.map()->highlighted(), (std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7 }));
        QVERIFY(panel.caption().contains(QStringLiteral("PP send, stage 0 → 1")));
        saveShot(panel, "timeline-panel.png");
        // Stepping back never goes below the first event, forward never past the last.
        for (int i = 0; i < 200; ++i)
            panel.stepForward();
        QCOMPARE(panel.view()->currentIndex(), panel.view()->eventCount() - 1);
    }

    void playAndPause()
    {
        Fixture f;
        TimelinePanel panel(&f.document, &f.state);
        QVERIFY(f.document.setPlan(f.plan));
        panel.play();
        QVERIFY(panel.isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(panel.view()->currentIndex() >= 1, 5000);
        panel.pause();
        const int at = panel.view()->currentIndex();
        QTest::qWait(1200);
        QCOMPARE(panel.view()->currentIndex(), at);
        // A new plan stops playback and starts over.
        panel.play();
        Plan other = f.plan;
        other.maxModelLen = 16384; // another plan, the same timeline
        QVERIFY(f.document.setPlan(other));
        QVERIFY(!panel.isPlaying());
        QCOMPARE(panel.view()->currentIndex(), -1);
    }

    void prefillAndPresentation()
    {
        Fixture f;
        TimelinePanel panel(&f.document, &f.state);
        panel.resize(1200, 500);
        QVERIFY(f.document.setPlan(f.plan));
        const double decode = panel.view()->timeline().makespanSec;
        panel.setPhase(Phase::Prefill);
        QCOMPARE(panel.view()->timeline().phase, Phase::Prefill);
        QVERIFY(panel.view()->timeline().makespanSec > decode); // 4,096 prompt tokens take longer than one
        const int normal = panel.view()->sizeHint().height();
        panel.setPresentation(true);
        QVERIFY(panel.view()->sizeHint().height() > normal); // taller lanes for a projector
    }

    // 4,096 GPUs: the map draws one box per node, the timeline one lane per stage.
    void hugeCluster()
    {
        Plan p;
        p.tp = 8;
        p.pp = 2;
        p.dp = 256;
        p.maxModelLen = 8192;
        p.modelId = "llama-3.1-70b";
        p.gpuId = "h100-sxm";
        Observed o;
        TimelinePanel panel(&o.document, &o.state);
        panel.resize(1200, 500);
        QVERIFY(o.document.setPlan(p));
        QVERIFY(panel.map()->compact());
        QCOMPARE(panel.view()->lanes().size(), size_t(2));
        panel.stepForward();
        QCOMPARE(panel.map()->highlighted().size(), size_t(2048)); // stage 0: 8 × 256 GPUs
        // GPUs of one node share its box.
        QCOMPARE(panel.map()->gpuRect(0), panel.map()->gpuRect(7));
        QVERIFY(panel.map()->gpuRect(8) != panel.map()->gpuRect(7));
        QVERIFY(!panel.grab().isNull());
    }

    void invalidPlan()
    {
        Plan p;
        p.tp = 3;
        p.modelId = "llama-3.1-70b";
        p.gpuId = "h100-sxm";
        Observed o;
        TimelinePanel panel(&o.document, &o.state);
        QVERIFY(o.document.setPlan(p));
        QCOMPARE(panel.view()->eventCount(), 0);
        panel.stepForward();
        panel.play();
        QVERIFY(!panel.isPlaying());
        QVERIFY(panel.caption().contains(QStringLiteral("No valid plan")));
    }
};

QTEST_MAIN(TestTimelinePanel)
#include "tst_timelinepanel.moc"
