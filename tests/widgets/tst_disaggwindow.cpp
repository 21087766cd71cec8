// A disaggregated plan in the window (issue #18 §2): the Prefill and decode group switches the views
// between the two pools, the controls edit the viewed pool, the Workload group shows both pools
// together, a saved file keeps both pools, and Explore's P/D splits overlay a second front whose points
// apply a pair of pools. Set SHARDSCOPE_SCREENSHOTS=dir to also save the window in English and Chinese.
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/controls/poolpanel.h"
#include "widgets/controls/workloadpanel.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/explore/exploreview.h"
#include "widgets/explore/slafront.h"
#include "widgets/export/exportdialog.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/window/mainwindow.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTranslator>
#include <QUndoStack>

using namespace shardscope;

namespace {

// Llama-3.1-8B on H100s: 2 prefill servers of tp 1, 1 decode server of tp 2, the KV over a NIC whose
// α-β are set here (5 µs, 50 GB/s) so the transfer time is hand arithmetic (tests/core/tst_disagg.cpp).
Plan disaggLlama8b()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    p.servingMode = ServingMode::Disaggregated;
    p.prefill.tp = 1;
    p.prefill.instances = 2;
    p.decode.tp = 2;
    p.decode.instances = 1;
    p.kvTransferLink = KvTransferLink::Nic;
    p.nicLatencySec = 5e-6;
    p.nicBytesPerSec = 50e9;
    return p;
}

} // namespace

class TestDisaggWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void poolsSwitchEditAndSave()
    {
        MainWindow w(builtinCatalog(), windowOptions(disaggLlama8b()));
        w.resize(1600, 1000);
        w.show();
        Workload load;
        load.inputLen = 4000;
        load.outputLen = 200;
        load.maxConcurrency = 8;
        load.numPrompts = 32;
        QVERIFY(w.editor()->applyWorkload(load, QStringLiteral("workload")));
        PlanDocument *doc = w.document();
        PoolPanel *pools = w.poolPanel();
        QVERIFY(pools->disaggregated()->isChecked());
        QVERIFY(pools->decodeButton()->isVisible() && pools->decodeButton()->isChecked());
        QCOMPARE(pools->prefillInstances()->value(), 2);

        // The views show the decode pool first: one server of tp 2, two GPU columns in the layer grid.
        QCOMPARE(doc->evaluation().plan.tp, 2);
        QCOMPARE(buildLayersGrid(doc->state()).columns, 2);
        // Switching to the prefill pool: tp 1, one column; a view setting, not an undo step.
        const int steps = w.editor()->undoStack()->count();
        QSignalSpy changed(doc, &PlanDocument::planChanged);
        pools->prefillButton()->click();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc->viewedPool(), Pool::Prefill);
        QCOMPARE(doc->evaluation().plan.tp, 1);
        QCOMPARE(buildLayersGrid(doc->state()).columns, 1);
        QCOMPARE(w.editor()->undoStack()->count(), steps);
        auto *banner = w.findChild<QLabel *>(QStringLiteral("poolBanner"));
        QVERIFY(banner && banner->isVisible());
        QVERIFY2(banner->text().contains(QStringLiteral("prefill pool (2 of them), TP 1")), qPrintable(banner->text()));

        // The Workload group shows both pools together: TTFT contains the KV transfer of the 4000-token
        // prompt, 4000 x 131,072 B = 524,288,000 B over 5 µs + 524,288,000 / 50e9 s = 10.49076 ms.
        const auto d = doc->disaggServing();
        QVERIFY(d);
        QVERIFY(std::fabs(d->transfer.seconds - 0.01049076) < 1e-7);
        QVERIFY(d->ttft.p50 > d->transfer.seconds);
        QCOMPARE(d->gpus, 2 * 1 + 1 * 2);
        const QString ttft = w.workloadPanel()->ttftText();
        QVERIFY2(ttft.contains(QStringLiteral("p50")), qPrintable(ttft));
        const QString summary = pools->summaryText();
        QVERIFY2(
            summary.contains(QStringLiteral("Prefill: 2 × (TP 1 · PP 1 · DP 1 · EP 1) = 2 GPUs")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("show the prefill pool")), qPrintable(summary));
        // Nothing in the group is wider than the plan column: its texts wrap or are short.
        QVERIFY(pools->minimumSizeHint().width() <= pools->width());
        saveScreenshot(w, "disagg-prefill-en.png");

        // Editing tp while the prefill pool is shown edits that pool, in one undo step; the decode pool stays.
        QVERIFY(w.editor()->edit(0, QStringLiteral("tp"), [](Plan &p) { p.tp = 2; }));
        QCOMPARE(doc->wholePlan().prefill.tp, 2);
        QCOMPARE(doc->wholePlan().decode.tp, 2);
        QCOMPARE(doc->wholePlan().prefill.instances, 2);
        QVERIFY(doc->isDisaggregated());
        QCOMPARE(buildLayersGrid(doc->state()).columns, 2);
        w.editor()->undoStack()->undo();
        QCOMPARE(doc->wholePlan().prefill.tp, 1);

        // The instance count is an edit of the whole plan: 3 prefill servers = 3 x 1 + 2 GPUs.
        pools->prefillInstances()->setValue(3);
        QCOMPARE(doc->wholePlan().prefill.instances, 3);
        QCOMPARE(doc->disaggServing()->gpus, 5);

        // A saved file keeps both pools and reads back to the same plan.
        PlanDocument other(builtinCatalog());
        const Plan read = planfile::fromJsonText(other, planfile::toJsonText(*doc));
        QVERIFY(read.servingMode == ServingMode::Disaggregated);
        QCOMPARE(read, doc->wholePlan());

        // Export: every server of both pools with its KV role, then the router (core/launch/disaggexport.h):
        // 3 prefill servers (kv_producer) and 1 decode server (kv_consumer).
        ExportDialog exported(doc->evaluation(), doc->model());
        exported.setDisaggregated(doc->wholePlan(), doc->evaluatedPool(Pool::Prefill).evaluation,
            doc->evaluatedPool(Pool::Decode).evaluation);
        const QString launch = exported.exportedText();
        QCOMPARE(launch.count(QStringLiteral("vllm serve meta-llama/Llama-3.1-8B")), 4);
        QCOMPARE(launch.count(QStringLiteral("kv_producer")), 3);
        QCOMPARE(launch.count(QStringLiteral("kv_consumer")), 1);
        QVERIFY2(launch.contains(QStringLiteral("toy_proxy_server.py")), qPrintable(launch));
        QVERIFY2(exported.shownStatus().contains(QStringLiteral("3 prefill and 1 decode servers")),
            qPrintable(exported.shownStatus()));
        // The notes of the whole export show below the commands (the NIXL install, the router), not only the
        // decode pool's, and the commands shown do not repeat them.
        QVERIFY2(exported.shownNotes().contains(QStringLiteral("install NIXL on every node")),
            qPrintable(exported.shownNotes()));
        QVERIFY2(exported.shownNotes().contains(QStringLiteral("the proxy is vLLM's example router")),
            qPrintable(exported.shownNotes()));
        QVERIFY(!exported.shownText().contains(QStringLiteral("# Note: install NIXL")));
        exported.resize(1100, 700);
        exported.show();
        saveScreenshot(exported, "disagg-export-en.png");

        // Off: the viewed pool's server becomes the plan (tp 1), one undo step; on again: one server of
        // today's sizes in each pool.
        pools->disaggregated()->click();
        QVERIFY(!doc->isDisaggregated());
        QCOMPARE(doc->plan().tp, 1);
        QVERIFY(!pools->prefillButton()->isVisible());
        QVERIFY(!banner->isVisible());
        QVERIFY(!doc->disaggServing());
        pools->disaggregated()->click();
        QVERIFY(doc->isDisaggregated());
        QCOMPARE(doc->wholePlan().prefill.instances, 1);
        QCOMPARE(doc->wholePlan().decode.tp, 1);
        w.editor()->undoStack()->undo();
        w.editor()->undoStack()->undo();
        QVERIFY(doc->isDisaggregated());
        QCOMPARE(doc->wholePlan().prefill.instances, 3);

        QTranslator zh;
        if (zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm"))) {
            QCoreApplication::installTranslator(&zh);
            QTest::qWait(100); // the LanguageChange events, then the layouts they invalidate
            saveScreenshot(w, "disagg-prefill-zh.png");
            saveScreenshot(exported, "disagg-export-zh.png");
            // The export's notes follow the language; the commands keep them in English for the shell.
            QVERIFY2(exported.shownNotes().contains(QStringLiteral("在每个节点上安装 NIXL")),
                qPrintable(exported.shownNotes()));
            // So do the dialog's own labels, switched while it is open.
            QCOMPARE(exported.findChild<QLineEdit *>(QStringLiteral("modelPath"))->placeholderText(),
                QStringLiteral("meta-llama/Llama-3.1-8B"));
            for (const QLabel *l : exported.findChildren<QLabel *>())
                QVERIFY2(!l->text().contains(QStringLiteral("&Launcher"))
                        && !l->text().contains(QStringLiteral("&Model path"))
                        && !l->text().contains(QStringLiteral("flags checked against")),
                    qPrintable(l->text()));
            QVERIFY(!pools->prefillButton()->text().contains(QStringLiteral("Show the")));
            QVERIFY(!pools->summaryText().contains(QStringLiteral("The views")));
            QCoreApplication::removeTranslator(&zh);
        }
    }

    // Explore's P/D splits: a second front, and a click on one of its points applies the pair of pools.
    void exploreAppliesAPairOfPools()
    {
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
        QSignalSpy swept(view, &ExploreView::resultChanged);
        QVERIFY(w.showTab(QStringLiteral("explore")));
        QVERIFY(swept.wait(20000));
        auto *splits = view->findChild<QCheckBox *>(QStringLiteral("slaDisaggregated"));
        QVERIFY(splits);
        QSignalSpy done(view, &ExploreView::slaResultChanged);
        splits->setChecked(true);
        Sla loose;
        loose.tpotSec = 1.0;
        view->setSla(loose, SlaObjective::Throughput);
        while (view->isSlaBusy() || !view->slaResult() || !view->slaResult()->options.disaggregated)
            QVERIFY(done.wait(60000));
        const SlaSearchResult &r = *view->slaResult();
        // On 2 GPUs the only split is 1 prefill + 1 decode server of one GPU each.
        int disaggRows = 0;
        int firstDisagg = -1;
        for (size_t i = 0; i < r.rows.size(); ++i)
            if (r.rows[i].disaggregated) {
                ++disaggRows;
                if (firstDisagg < 0)
                    firstDisagg = static_cast<int>(i);
                QCOMPARE(r.rows[i].gpus, 2);
            }
        QVERIFY(disaggRows > 0);
        SlaFrontChart *front = view->slaFront();
        QCOMPARE(front->pointCount(1), disaggRows);
        QCOMPARE(front->pointCount(0), int(r.rows.size()) - disaggRows);
        saveScreenshot(w, "explore-disagg-en.png");
        const SlaRow row = r.rows[static_cast<size_t>(firstDisagg)];
        QTest::mouseClick(front->viewport(), Qt::LeftButton, {}, front->viewportPosOf(1, firstDisagg));
        PlanDocument *doc = w.document();
        QVERIFY(doc->isDisaggregated());
        QCOMPARE(doc->wholePlan().prefill.tp, row.prefill.tp);
        QCOMPARE(doc->wholePlan().decode.tp, row.decode.tp);
        QCOMPARE(doc->wholePlan().prefill.instances, row.prefill.instances);
        QCOMPARE(doc->wholePlan().decode.instances, row.decode.instances);
    }
};

QTEST_MAIN(TestDisaggWindow)
#include "tst_disaggwindow.moc"
