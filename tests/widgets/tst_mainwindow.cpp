// Smoke test of the whole window: move TP and the grid, table and command follow; undo restores.
#include "tests/common/testutils.h"
#include "tests/widgets/modalanswer.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/parallelcontrol.h"
#include "widgets/controls/parallelismpanel.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/export/exportdialog.h"
#include "widgets/export/importdialog.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/vllm/commandpreview.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QPushButton>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUndoStack>
#include <QUrl>

using namespace shardscope;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void movingTpUpdatesEveryView()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
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

    // A tooltip shown before a resize would stay at its old place, over another widget: it goes.
    void tooltipHidesOnResize()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QToolTip::showText(w.mapToGlobal(QPoint(200, 200)), QStringLiteral("a tooltip"), &w);
        QTRY_VERIFY(QToolTip::isVisible());
        w.resize(1280, 720);
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void sliderDragIsOneStep()
    {
        // A dense model: DeepSeek-V3 without EP stops at dp 2 (FP8-block experts split 8 x 3 ways
        // are refused by vLLM, tst_planrules).
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 8)));
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
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
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
        MainWindow w(builtinCatalog(), windowOptions(makePlan("deepseek-v3", "h200", 8, 1, 2)));
        QCheckBox *ep = w.parallelismPanel()->expertParallelSwitch();
        QVERIFY(ep->isEnabled());
        ep->setChecked(true);
        QCOMPARE(w.document()->plan().ep, 16); // tp 8 x dp 2
        QVERIFY(w.commandPreview()->command().contains(QStringLiteral("--enable-expert-parallel")));
        w.parallelismPanel()->control(ParallelDim::Dp)->slider()->setValue(3); // dp 4
        QCOMPARE(w.document()->plan().ep, 32);
        // Dense model: EP is off and cannot be turned on.
        MainWindow dense(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(!dense.parallelismPanel()->expertParallelSwitch()->isEnabled());
        QVERIFY(!dense.parallelismPanel()->control(ParallelDim::Ep)->isEnabled());
    }

    void importAndExportDialogs()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h200", 4)));
        QAction *import = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().contains(QStringLiteral("Import vLLM command")))
                import = a;
        QVERIFY(import);
        import->trigger();
        auto *dialog = w.findChild<ImportDialog *>();
        QVERIFY(dialog);
        dialog->setCommandText(
            QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8 --max-model-len 16384"));
        dialog->findChild<QPushButton *>(QStringLiteral("use"))->click();
        QCOMPARE(w.document()->plan().tp, 8);
        QCOMPARE(w.document()->plan().maxModelLen, std::int64_t(16384));
        QCOMPARE(w.document()->plan().gpuId, std::string("h200")); // a command names no GPU: kept
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().tp, 4);

        // The preview comes from the core's exporter; Export… opens the full dialog for this plan.
        QVERIFY(w.commandPreview()->command().startsWith(
            QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4")));
        emit w.commandPreview()->exportRequested();
        auto *exportDialog = w.findChild<ExportDialog *>();
        QVERIFY(exportDialog);
        QVERIFY(exportDialog->shownText().contains(QStringLiteral("--tensor-parallel-size 4")));
    }

    // The options an imported command carries without a plan field reach Export… while the plan keeps its model.
    void importedOptionsReachTheExport()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h200", 4)));
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().contains(QStringLiteral("Import vLLM command")))
                a->trigger();
        auto *dialog = w.findChild<ImportDialog *>();
        QVERIFY(dialog);
        dialog->setCommandText(
            QStringLiteral("vllm serve meta-llama/Llama-3.1-70B -tp 8 --served-model-name 'my llama' "
                           "--enable-auto-tool-choice --tool-call-parser llama3_json"));
        dialog->findChild<QPushButton *>(QStringLiteral("use"))->click();
        emit w.commandPreview()->exportRequested();
        auto *exportDialog = w.findChild<ExportDialog *>();
        QVERIFY(exportDialog);
        QString shown = exportDialog->shownText();
        shown.replace(QStringLiteral(" \\\n    "), QStringLiteral(" ")); // one line, as the commands are
        QVERIFY2(shown.contains(QStringLiteral(
                     "--max-num-batched-tokens 8192 --served-model-name 'my llama' --enable-auto-tool-choice "
                     "--tool-call-parser llama3_json")),
            qPrintable(shown));
        delete exportDialog;
        // Another model: the options were that command's.
        w.editor()->apply(makePlan("qwen3-32b", "h200", 2), {});
        emit w.commandPreview()->exportRequested();
        auto *other = w.findChild<ExportDialog *>();
        QVERIFY(other);
        QVERIFY(!other->shownText().contains(QStringLiteral("--tool-call-parser")));
    }

    void lastSessionComesBack()
    {
        WindowOptions remember;
        remember.useSettings = true;
        QTemporaryDir dir;
        {
            MainWindow w(builtinCatalog(), remember);
            // A plan with a file, edited: closing asks (tst_unsaved); here Save writes it.
            w.files()->setCurrentFile(dir.filePath(QStringLiteral("s.shardscope.json")));
            w.editor()->apply(makePlan("qwen3-32b", "l40s", 2, 1, 3), {});
            const auto answer = answerNextModal(QMessageBox::Save);
            w.close(); // saves the session
            QVERIFY(answer->answered);
        }
        MainWindow again(builtinCatalog(), remember);
        QVERIFY(again.document()->plan() == makePlan("qwen3-32b", "l40s", 2, 1, 3));
        QVERIFY(!again.editor()->undoStack()->canUndo()); // a restored session is the starting point
    }

    void droppedConfigJson()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("my-model")));
        const QString path = dir.filePath(QStringLiteral("my-model/config.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"model_type": "llama", "num_hidden_layers": 6, "hidden_size": 1024, "num_attention_heads": 16,
                    "num_key_value_heads": 4, "intermediate_size": 4096, "vocab_size": 32000, "max_position_embeddings": 8192})");
        f.close();
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.show(); // Qt delivers drops to visible widgets only
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(path) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted()); // a .json file is welcome
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &drop);
        QVERIFY2(w.files()->lastError().isEmpty(), qPrintable(w.files()->lastError()));
        QCOMPARE(w.document()->plan().modelId, std::string("my-model"));
        QCOMPARE(w.document()->model().layers, 6);
        QCOMPARE(w.document()->plan().tp, 4); // 16 heads, 4 KV heads: tp 4 stays
    }

    // File → Open model folder… and a dropped folder: the folder's config.json, named after the folder.
    void modelFolder()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("Tiny-7B")));
        QFile f(dir.filePath(QStringLiteral("Tiny-7B/config.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"model_type": "llama", "num_hidden_layers": 6, "hidden_size": 1024, "num_attention_heads": 16,
                    "num_key_value_heads": 4, "intermediate_size": 4096, "vocab_size": 32000, "max_position_embeddings": 8192})");
        f.close();
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(w.files()->openAny(dir.filePath(QStringLiteral("Tiny-7B"))));
        QCOMPARE(w.document()->plan().modelId, std::string("Tiny-7B"));
        QCOMPARE(w.document()->model().layers, 6);
        QVERIFY(!w.files()->openModelConfig(dir.path())); // no config.json there
        QVERIFY2(w.files()->lastError().contains(QStringLiteral("without a config.json")),
            qPrintable(w.files()->lastError()));
    }

    // Review item 16: a GPU holding KV head 2 says "head 2", never "2" that reads as a count.
    void headsReadAsHeads()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 8)));
        QAbstractItemModel *table = w.gpuTable()->model();
        int qColumn = -1, kvColumn = -1;
        for (int c = 0; c < table->columnCount(); ++c) {
            const QString h = table->headerData(c, Qt::Horizontal).toString();
            if (h == QStringLiteral("Q heads"))
                qColumn = c;
            if (h == QStringLiteral("KV heads"))
                kvColumn = c;
        }
        QVERIFY(qColumn >= 0 && kvColumn >= 0);
        QCOMPARE(table->index(2, qColumn).data().toString(), QStringLiteral("heads 16–23 (8)"));
        QCOMPARE(table->index(2, kvColumn).data().toString(), QStringLiteral("head 2"));
        const QString tip = textformat::gpuSummaryHtml(*w.document()->state(), 2);
        QVERIFY2(tip.contains(QStringLiteral("query heads 16–23 (8) · KV head 2")), qPrintable(tip));
    }

    void tabsByName()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(w.showTab(QStringLiteral("experts")));
        QCOMPARE(w.gridPanel()->currentKind(), GridKind::Experts);
        QVERIFY(w.showTab(QStringLiteral("gpus")));
        QCOMPARE(w.currentBottomView(), static_cast<QWidget *>(w.gpuTable()));
        QVERIFY(!w.showTab(QStringLiteral("nope")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
