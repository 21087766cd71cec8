// Explore's SLA fields inside the window: setting an SLA runs the SLA search in the background
// ("Computing…" meanwhile), the front follows the targets, and a click applies the plan as one undo
// step. Set SHARDSCOPE_SCREENSHOTS=dir to also save the tab in English and Chinese.
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/explore/exploreview.h"
#include "widgets/explore/slafront.h"
#include "widgets/window/mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTranslator>
#include <QUndoStack>

using namespace shardscope;

class TestExploreSla : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void slaDrivesTheFrontAndAClickApplies()
    {
        // Llama-3.1-8B on 2 H100s: every plan of the search uses at most 2 GPUs.
        Plan start = makePlan("llama-3.1-8b", "h100-sxm", 2);
        start.maxModelLen = 8192;
        MainWindow w(builtinCatalog(), windowOptions(start));
        w.resize(1600, 1000);
        w.show();
        Workload load;
        load.inputLen = 1000;
        load.outputLen = 200;
        load.maxConcurrency = 16;
        load.numPrompts = 64;
        QVERIFY(w.editor()->applyWorkload(load, QStringLiteral("workload")));
        auto *view = w.findChild<ExploreView *>();
        QVERIFY(view);
        QSignalSpy swept(view, &ExploreView::resultChanged);
        QVERIFY(w.showTab(QStringLiteral("explore")));
        QVERIFY(swept.wait(20000));
        QCOMPARE(view->options().gpus, 2);

        // A loose SLA: TPOT p90 ≤ 1 s. Every simulated plan meets it (no rate to keep up with, no
        // other target), so every point is on the front or meets the SLA, none is grey.
        QSignalSpy done(view, &ExploreView::slaResultChanged);
        Sla loose;
        loose.tpotSec = 1.0;
        view->setSla(loose, SlaObjective::Throughput);
        // Until the worker's result is shown the status line says so (a small search may already be done).
        QVERIFY2(view->statusText().startsWith(QStringLiteral("Computing…")), qPrintable(view->statusText()));
        QVERIFY(done.count() > 0 || done.wait(60000));
        QVERIFY(view->slaResult());
        const SlaSearchResult &r = *view->slaResult();
        QVERIFY(!r.rows.empty());
        for (const SlaRow &row : r.rows)
            QVERIFY(row.meetsSla);
        SlaFrontChart *front = view->slaFront();
        QVERIFY(front->isVisible());
        QCOMPARE(front->pointCount(0), int(r.rows.size()));
        QVERIFY(front->frontCount(0) >= 1);
        QVERIFY2(view->statusText().contains(QStringLiteral("meet the SLA")), qPrintable(view->statusText()));
        saveScreenshot(w, "explore-sla-en.png");

        // An impossible SLA: TPOT p90 ≤ 1 ms. A decode step reads every weight once: 8.03e9 params x
        // 2 bytes = 16.1 GB, over at most 2 GPUs at 3.35 TB/s each, >= 16.1e9 / 6.7e12 = 2.4 ms.
        Sla tight;
        tight.tpotSec = 0.001;
        view->setSla(tight, SlaObjective::Throughput);
        QVERIFY(done.wait(60000));
        QCOMPARE(front->frontCount(0), 0);
        for (const SlaRow &row : view->slaResult()->rows)
            QVERIFY(!row.meetsSla && row.tpotSla.valueSec > 0.0024);
        QVERIFY2(view->statusText().contains(QStringLiteral("no plan meets the SLA")), qPrintable(view->statusText()));

        // Back to the loose SLA (the same inputs as before: searched again, same figures), then click the
        // best point: the window's plan takes its sizes and batch settings, in one undo step.
        view->setSla(loose, SlaObjective::Throughput);
        QVERIFY(done.wait(60000));
        const SlaRow best = view->slaResult()->rows.front();
        QCOMPARE(best.rank, 1);
        // Hovering the point explains it: sizes, the SLA verdicts at p90, "estimated".
        const QString tip = front->toolTipAt(
            QPointF(atPercentile(best.tpot, SlaPercentile::P90) * 1e3, best.outputTokensPerSecPerGpu));
        QVERIFY2(tip.contains(QStringLiteral("tp %1 · pp %2").arg(best.tp).arg(best.pp)), qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("TPOT p90")) && tip.contains(QStringLiteral("estimated")), qPrintable(tip));
        QUndoStack *undo = w.editor()->undoStack();
        const int steps = undo->count();
        const Plan before = w.document()->plan();
        QTest::mouseClick(front->viewport(), Qt::LeftButton, {}, front->viewportPosOf(0, 0));
        const Plan &now = w.document()->plan();
        QCOMPARE(std::tuple(now.tp, now.pp, now.dp, now.ep), std::tuple(best.tp, best.pp, best.dp, best.ep));
        QCOMPARE(now.maxNumSeqs, best.maxNumSeqs);
        QCOMPARE(undo->count(), steps + 1);
        undo->undo();
        QCOMPARE(w.document()->plan(), before);

        // Clearing the SLA brings the sweep's scatter back.
        view->setSla(Sla {}, SlaObjective::Throughput);
        QVERIFY(!front->isVisible());

        // The same tab in Chinese (screenshots only; tst_translations checks the catalogue).
        QTranslator zh;
        if (zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm"))) {
            QCoreApplication::installTranslator(&zh);
            view->setSla(loose, SlaObjective::Throughput);
            if (!view->slaResult() || view->isSlaBusy())
                done.wait(60000);
            saveScreenshot(w, "explore-sla-zh.png");
            QCoreApplication::removeTranslator(&zh);
        }
    }
};

QTEST_MAIN(TestExploreSla)
#include "tst_exploresla.moc"
