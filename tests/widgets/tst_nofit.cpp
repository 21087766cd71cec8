// A plan that does not fit says what would (review item 4): the nearest fitting plan in the issues
// banner, applied in one click and one undo step; no TPOT for a plan that cannot start; Explore
// sweeps the smallest GPU count that fits.
#include "core/evaluate/planrules.h"
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/comm/commpanel.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/explore/exploreview.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/window/issuesbanner.h"
#include "widgets/window/mainwindow.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>

using namespace shardscope;

namespace {
// The review's plan: 131 GiB of weights on one 24 GiB RTX 4090, at a 32K context.
Plan nofit()
{
    Plan p = makePlan("llama-3.1-70b", "rtx-4090", 1);
    p.maxModelLen = 32768;
    return p;
}
} // namespace

class TestNoFit : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void nearestPlanInCore()
    {
        Plan nofit = makePlan("llama-3.1-70b", "rtx-4090", 1);
        nofit.maxModelLen = 32768; // at the preset's 131072 a request needs more KV than tp 8 leaves
        const auto nearest = nearestFittingPlan(nofit, presetModel("llama-3.1-70b"), presetGpu("rtx-4090"));
        QVERIFY(nearest);
        QVERIFY(!evaluate(*nearest, presetModel("llama-3.1-70b"), presetGpu("rtx-4090")).hasErrors());
        QCOMPARE(nearest->tp, 8); // 131 GiB of weights: 16.4 GiB per 24 GiB GPU
        QCOMPARE(nearest->pp, 1);
        // A plan that fits has no "nearest".
        QVERIFY(!nearestFittingPlan(
            makePlan("llama-3.1-70b", "h100-sxm", 4), presetModel("llama-3.1-70b"), presetGpu("h100-sxm")));
    }

    void bannerOffersTheNearestPlanInOneClick()
    {
        MainWindow w(builtinCatalog(), windowOptions(nofit()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        IssuesBanner *banner = w.issuesBanner();
        QVERIFY(banner->nearestPlan());
        QVERIFY2(banner->text().contains(QStringLiteral("needs ≥ 8 × ")), qPrintable(banner->text()));
        QVERIFY(banner->text().contains(QStringLiteral("(tp 8)")));
        QVERIFY(banner->nearestButton()->isVisible());

        // Not runnable: no TPOT on the Communication tab nor in the timeline.
        QVERIFY(w.showTab(QStringLiteral("comm"))); // the panel rebuilds while shown
        QTRY_VERIFY2(
            w.commPanel()->summary().contains(QStringLiteral("Not runnable")), qPrintable(w.commPanel()->summary()));
        QVERIFY(!w.commPanel()->summary().contains(QStringLiteral("Serving: TPOT")));
        auto *timeline = w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"));
        QVERIFY(timeline);
        QVERIFY(w.showTab(QStringLiteral("timeline")));
        QTRY_VERIFY2(timeline->summary().contains(QStringLiteral("Not runnable")), qPrintable(timeline->summary()));

        const int steps = w.editor()->undoStack()->count();
        banner->nearestButton()->click();
        QCOMPARE(w.document()->plan().tp, 8);
        QCOMPARE(w.editor()->undoStack()->count(), steps + 1); // one undo step
        QVERIFY(w.document()->evaluation().fits);
        QVERIFY(!banner->nearestPlan());
        QVERIFY(!banner->nearestButton()->isVisible());
        QVERIFY(w.showTab(QStringLiteral("comm")));
        QTRY_VERIFY(w.commPanel()->summary().contains(QStringLiteral("Serving: TPOT")));
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().tp, 1);
    }

    // vLLM 0.26.0 refused Qwen3.8-27B at TP 1 on an RTX PRO 6000 with "max_num_seqs (1024) exceeds available
    // Mamba cache blocks (616) ... lower max_num_seqs to at most 616" after 29.48 GiB of available KV (the dfch
    // log of tests/data/corpus; 29.48 GiB / 51,314,688 B per block = 616.85). The nearest plan is that advice.
    void bannerOffersFewerSequencesForMambaBlocks()
    {
        Plan p = makePlan("qwen3.5-27b", "rtx-pro-6000", 1);
        p.vllmVersion = { 0, 26, 0 };
        p.maxModelLen = 8192;
        p.maxNumSeqs = 1024;
        p.gpuMemoryUtilization = 0.9;
        p.kvCacheMemoryBytes = static_cast<std::int64_t>(29.48 * 1024 * 1024 * 1024);
        const auto nearest = nearestFittingPlan(p, presetModel("qwen3.5-27b"), presetGpu("rtx-pro-6000"));
        QVERIFY(nearest);
        QCOMPARE(nearest->tp, 1);
        QCOMPARE(nearest->maxNumSeqs, std::int64_t(616));

        MainWindow w(builtinCatalog(), windowOptions(p));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        IssuesBanner *banner = w.issuesBanner();
        QVERIFY2(banner->text().contains(QStringLiteral("616 Mamba cache blocks")), qPrintable(banner->text()));
        QVERIFY2(banner->text().contains(QStringLiteral("the same GPUs with --max-num-seqs 616")),
            qPrintable(banner->text()));
        QCOMPARE(banner->nearestButton()->text(), QStringLiteral("Use --max-num-seqs 616"));
        banner->nearestButton()->click();
        QCOMPARE(w.document()->plan().maxNumSeqs, std::int64_t(616));
        QVERIFY(w.document()->evaluation().fits);
    }

    void exploreWidensToWhatFits()
    {
        MainWindow w(builtinCatalog(), windowOptions(nofit()));
        w.show();
        auto *view = w.findChild<ExploreView *>();
        QVERIFY(view);
        QSignalSpy done(view, &ExploreView::resultChanged);
        QVERIFY(w.showTab(QStringLiteral("explore")));
        QVERIFY(done.wait(20000));
        QCOMPARE(view->options().gpus, 8);
    }
};

QTEST_MAIN(TestNoFit)
#include "tst_nofit.moc"
