// Smoke test of the whole window: move TP and the grid, table and command follow; undo restores.
#include "widgets/commandpreview.h"
#include "widgets/exportdialog.h"
#include "widgets/importdialog.h"
#include "widgets/gridpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/parallelcontrol.h"
#include "widgets/parallelismpanel.h"
#include "widgets/placementgrid.h"
#include "widgets/plandocument.h"
#include "widgets/planeditor.h"
#include "widgettest.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSlider>
#include <QTableView>
#include <QUndoStack>

using namespace shardscope;

namespace {
WindowOptions options(Plan plan)
{
    WindowOptions o;
    o.initialPlan = std::move(plan);
    o.useSettings = false;
    return o;
}
} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void movingTpUpdatesEveryView()
    {
        MainWindow w(builtinCatalog(), options(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PlacementGrid *grid = w.gridPanel()->grid(GridKind::Layers);
        QCOMPARE(grid->data().columns, 4);
        QCOMPARE(w.gpuTable()->model()->rowCount(), 4);
        QVERIFY(w.commandPreview()->command().contains(QStringLiteral("--tensor-parallel-size 4")));

        // TP's slider moves through 1, 2, 4, 8, 16, 32, 64: position 3 is 8.
        QSlider *tp = w.parallelismPanel()->control(ParallelDim::Tp)->slider();
        QCOMPARE(tp->value(), 2);
        tp->setValue(3);
        QCOMPARE(w.document()->plan().tp, 8);
        QCOMPARE(grid->data().columns, 8);
        QCOMPARE(w.gpuTable()->model()->rowCount(), 8);
        QVERIFY(w.commandPreview()->command().contains(QStringLiteral("--tensor-parallel-size 8")));
        QCOMPARE(w.editor()->undoStack()->count(), 1);

        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().tp, 4);
        QCOMPARE(grid->data().columns, 4);
        QCOMPARE(w.gpuTable()->model()->rowCount(), 4);
        QCOMPARE(tp->value(), 2); // the slider follows the document
        QVERIFY(w.commandPreview()->command().contains(QStringLiteral("--tensor-parallel-size 4")));
    }

    void sliderDragIsOneStep()
    {
        MainWindow w(builtinCatalog(), options(makePlan("deepseek-v3", "h200", 8)));
        w.show();
        QSlider *dp = w.parallelismPanel()->control(ParallelDim::Dp)->slider();
        emit dp->sliderPressed();
        dp->setSliderDown(true);
        for (int position = 1; position <= 5; ++position)
            dp->setValue(position); // dp 2 .. 6
        dp->setSliderDown(false);
        QCOMPARE(w.document()->plan().dp, 6);
        QCOMPARE(w.editor()->undoStack()->count(), 1);
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().dp, 1);
    }

    void refusedValueSaysWhy()
    {
        MainWindow w(builtinCatalog(), options(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        ParallelControl *tp = w.parallelismPanel()->control(ParallelDim::Tp);
        tp->spinBox()->setValue(3); // 64 heads cannot be split 3 ways
        QVERIFY2(tp->reason().contains(QStringLiteral("tp must divide the head count")), qPrintable(tp->reason()));
        QCOMPARE(w.document()->plan().tp, 2); // 3 snaps to 2 (tie with 4 goes to the smaller)
        QCOMPARE(tp->spinBox()->value(), 2);
        // The spin box arrows step through allowed values only.
        tp->spinBox()->stepUp();
        QCOMPARE(w.document()->plan().tp, 4);
        tp->spinBox()->stepUp();
        QCOMPARE(w.document()->plan().tp, 8);
    }

    void expertParallelSwitch()
    {
        MainWindow w(builtinCatalog(), options(makePlan("deepseek-v3", "h200", 8, 1, 2)));
        QCheckBox *ep = w.parallelismPanel()->expertParallelSwitch();
        QVERIFY(ep->isEnabled());
        ep->setChecked(true);
        QCOMPARE(w.document()->plan().ep, 16); // tp 8 x dp 2
        QVERIFY(w.commandPreview()->command().contains(QStringLiteral("--enable-expert-parallel")));
        w.parallelismPanel()->control(ParallelDim::Dp)->slider()->setValue(3); // dp 4
        QCOMPARE(w.document()->plan().ep, 32);
        // Dense model: EP is off and cannot be turned on.
        MainWindow dense(builtinCatalog(), options(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(!dense.parallelismPanel()->expertParallelSwitch()->isEnabled());
        QVERIFY(!dense.parallelismPanel()->control(ParallelDim::Ep)->isEnabled());
    }

    void importAndExportDialogs()
    {
        MainWindow w(builtinCatalog(), options(makePlan("llama-3.1-70b", "h200", 4)));
        QAction *import = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().contains(QStringLiteral("Import vLLM command")))
                import = a;
        QVERIFY(import);
        import->trigger();
        auto *dialog = w.findChild<ImportDialog *>();
        QVERIFY(dialog);
        dialog->setCommandText(QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8 --max-model-len 16384"));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(w.document()->plan().tp, 8);
        QCOMPARE(w.document()->plan().maxModelLen, std::int64_t(16384));
        QCOMPARE(w.document()->plan().gpuId, std::string("h200")); // a command names no GPU: kept
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().tp, 4);

        // The preview comes from the core's exporter; Export… opens the full dialog for this plan.
        QVERIFY(w.commandPreview()->command().startsWith(QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4")));
        emit w.commandPreview()->exportRequested();
        auto *exportDialog = w.findChild<ExportDialog *>();
        QVERIFY(exportDialog);
        QVERIFY(exportDialog->shownText().contains(QStringLiteral("--tensor-parallel-size 4")));
    }

    void tabsByName()
    {
        MainWindow w(builtinCatalog(), options(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(w.showTab(QStringLiteral("experts")));
        QCOMPARE(w.gridPanel()->currentKind(), GridKind::Experts);
        QVERIFY(w.showTab(QStringLiteral("gpus")));
        QCOMPARE(w.bottomTabs()->currentWidget(), static_cast<QWidget *>(w.gpuTable()));
        QVERIFY(!w.showTab(QStringLiteral("nope")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
