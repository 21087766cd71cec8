// The vLLM tab and the engine / link controls: the predicted startup log, a pasted real log compared
// term by term, "Use the log's settings", "Calibrate", and the version, calibration and link-override
// controls writing the plan. Expected values come from the logs themselves and docs/DESIGN.md §C.
// Set SHARDSCOPE_SCREENSHOTS=dir to also save what the tab looks like.
#include "core/text/units.h"
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/controls/enginepanel.h"
#include "widgets/controls/linkspanel.h"
#include "widgets/controls/settingspanel.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/memory/gputablemodel.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorychart.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/vllm/vllmlogpanel.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QUndoStack>

using namespace shardscope;

namespace {

// docs/DESIGN.md §C, llm-d row "Llama-3.1-8B": vLLM 0.11, one H100, utilization 0.9,
// max-model-len 16000, block size 128; weights 14.99 GiB, available KV 51.38 GiB.
const char kLlamaLog[] = "INFO 10-01 12:00:00 [api_server.py:1] vLLM API server version 0.11.0\n"
                         "(EngineCore_DP0 pid=1) INFO Model loading took 14.99 GiB and 5.1 seconds\n"
                         "(EngineCore_DP0 pid=1) INFO Available KV cache memory: 51.38 GiB\n";

Plan llamaPlan()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 16000;
    p.blockSize = 128;
    return p;
}

void saveShot(QWidget &w, const char *name);
void saveShot(QWidget *w, const char *name)
{
    saveShot(*w, name);
}

void saveShot(QWidget &w, const char *name)
{
    const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(100); // let the layouts settle, as on screen
    QVERIFY(w.grab().save(QDir(dir).filePath(QString::fromLatin1(name))));
}

int rowOf(const QTableWidget *t, const QString &label)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->text() == label)
            return r;
    return -1;
}

// "51.38 GiB" / "+0.12 GiB" → 51.38
double gibIn(const QString &text)
{
    QString t = text;
    t.remove(QStringLiteral(" GiB"));
    bool ok = false;
    const double v = t.toDouble(&ok);
    return ok ? v : std::nan("");
}

} // namespace

class TestVllmLogPanel : public QObject
{
    Q_OBJECT
    QTemporaryDir m_data;

private slots:
    void initTestCase()
    {
        sandboxSettings();
        // Calibration profiles go to <AppDataLocation>/calibrations: a scratch folder, not the user's.
        qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit());
    }

    // The engine panel offers every minor release from 0.6 to 0.33 (issue 16), newest first:
    // 0.33 - 0.6 + 1 = 28 releases.
    void versionListHasEveryRelease()
    {
        const QStringList v = EnginePanel::knownVersions();
        QCOMPARE(v.size(), 28);
        QCOMPARE(v.front(), QStringLiteral("0.33.0"));
        QCOMPARE(v.back(), QStringLiteral("0.6.0"));
        QVERIFY(v.contains(QStringLiteral("0.26.0")));
        QVERIFY(v.contains(QStringLiteral("0.12.0")));
    }

    void predictedLogAndTerms()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        w.resize(1600, 1000);
        QVERIFY(w.showTab(QStringLiteral("vllm")));
        w.show();
        VllmLogPanel *panel = w.vllmLogPanel();
        saveShot(w.enginePanel(), "engine-panel.png");
        saveShot(w.linksPanel(), "links-panel.png");
        const QString log = panel->predictedLog()->toPlainText();
        QVERIFY2(log.contains(QLatin1String("INFO Model loading took")), qPrintable(log));
        QVERIFY(log.contains(QLatin1String("INFO Available KV cache memory:")));
        QVERIFY(log.contains(QLatin1String("INFO GPU KV cache size:")));
        // The terms table: the binding GPU's budget with its basis; weights are a formula.
        QVERIFY(panel->termsTable()->rowCount() >= 5);
        bool sawWeights = false;
        for (int r = 0; r < panel->termsTable()->rowCount(); ++r)
            if (panel->termsTable()->item(r, 0)->text().contains(QLatin1String("weights"))) {
                sawWeights = true;
                QCOMPARE(panel->termsTable()->item(r, 2)->text(), QStringLiteral("formula"));
            }
        QVERIFY(sawWeights);

        // Enforce eager: vLLM captures no graphs, so the CUDA-graph term is 0 and the log says nothing of graphs.
        w.enginePanel()->enforceEager()->setChecked(true);
        QVERIFY(w.document()->plan().enforceEager);
        for (int r = 0; r < panel->termsTable()->rowCount(); ++r)
            if (panel->termsTable()->item(r, 0)->text().contains(QLatin1String("CUDA graph")))
                QCOMPARE(panel->termsTable()->item(r, 1)->text(), QStringLiteral("0.00 GiB"));
        QVERIFY(!panel->predictedLog()->toPlainText().contains(QLatin1String("Estimated CUDA graph memory")));

        // The sampler box: FlashInfer's top-k/top-p kernel holds 3.72 instead of 9.55 logits-sized FP32 buffers
        // before vLLM 0.17 (profilerun.h), so under 0.10.1 the sampler term drops by 5.83 x max_num_seqs x
        // vocabulary 128,256 x 4 B; one undo step puts it back.
        Plan v010 = w.document()->plan();
        v010.vllmVersion = { 0, 10, 1 };
        QVERIFY(w.editor()->apply(v010, QStringLiteral("0.10.1")));
        const double native = w.document()->evaluation().ranks.at(0).memory.activation.sampler;
        const double seqs = static_cast<double>(w.document()->evaluation().plan.maxNumSeqs);
        w.enginePanel()->flashinferSampler()->setChecked(true);
        QVERIFY(w.document()->plan().flashinferSampler);
        const double flashinfer = w.document()->evaluation().ranks.at(0).memory.activation.sampler;
        QVERIFY2(std::fabs(native - flashinfer - (9.55 - 3.72) * seqs * 128256 * 4) < 1,
            qPrintable(QString::number(native - flashinfer)));
        w.editor()->undoStack()->undo();
        QVERIFY(!w.document()->plan().flashinferSampler);
        QVERIFY(!w.enginePanel()->flashinferSampler()->isChecked());

        // The all-reduce box: unchecked is --disable-custom-all-reduce. At TP 2 under 0.10.1 non-torch memory
        // is 0.55 GiB with custom all-reduce and NCCL's 0.25 GiB without (overheads.h); one undo step.
        Plan tp2 = w.document()->plan();
        tp2.tp = 2;
        QVERIFY(w.editor()->apply(tp2, QStringLiteral("tp 2")));
        QVERIFY(w.enginePanel()->customAllReduce()->isChecked());
        QCOMPARE(w.document()->evaluation().ranks.at(0).memory.nonTorch, 0.55 * 1024.0 * 1024 * 1024);
        w.enginePanel()->customAllReduce()->setChecked(false);
        QVERIFY(w.document()->plan().disableCustomAllReduce);
        QCOMPARE(w.document()->evaluation().ranks.at(0).memory.nonTorch, 0.25 * 1024.0 * 1024 * 1024);
        w.editor()->undoStack()->undo();
        QVERIFY(!w.document()->plan().disableCustomAllReduce);
        QVERIFY(w.enginePanel()->customAllReduce()->isChecked());

        // The MoE kernel box: gpt-oss-120b on one H100 (vllm#23278's setup) loads its experts in Hopper's Triton
        // layout, 64,789,217,280 B, or in Marlin's, 66,440,835,072 B (worked out in tst_logcorpus
        // mxfp4MarlinLayout); one undo step goes back.
        Plan oss = w.document()->plan();
        oss.modelId = "gpt-oss-120b";
        oss.tp = 1;
        oss.vllmVersion = { 0, 10, 1 };
        oss.gpuMemoryUtilization = 0.95;
        QVERIFY(w.editor()->apply(oss, QStringLiteral("gpt-oss")));
        QCOMPARE(w.document()->evaluation().ranks.at(0).memory.weights.experts, 64789217280.0);
        QComboBox *kernel = w.enginePanel()->moeBackend();
        QCOMPARE(kernel->currentIndex(), 0);
        kernel->setCurrentIndex(1);
        emit kernel->activated(1);
        QCOMPARE(w.document()->plan().moeBackend, MoeBackend::Marlin);
        QCOMPARE(w.document()->evaluation().ranks.at(0).memory.weights.experts, 66440835072.0);
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->plan().moeBackend, MoeBackend::Auto);
        QCOMPARE(kernel->currentIndex(), 0);
    }

    void pastedLogIsReconciled()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        w.resize(1600, 1000);
        QVERIFY(w.showTab(QStringLiteral("vllm")));
        w.show();
        VllmLogPanel *panel = w.vllmLogPanel();
        panel->logInput()->setPlainText(QString::fromLatin1(kLlamaLog));
        panel->compareNow();
        QVERIFY2(panel->reconciliation().ok(), qPrintable(panel->reconciliation().error));
        saveShot(w, "vllm-reconcile.png");
        // The version came from the log; the plan compared is 0.11 (utilization default 0.9).
        QCOMPARE(panel->reconciliation().evaluation.plan.vllmVersion, (VllmVersion { 0, 11, 0 }));
        QCOMPARE(panel->reconciliation().evaluation.plan.gpuMemoryUtilization, 0.9);
        const QTableWidget *t = panel->comparisonTable();
        const int kv = rowOf(t, QStringLiteral("Available KV memory"));
        const int weights = rowOf(t, QStringLiteral("Weights per GPU (largest)"));
        QVERIFY(kv >= 0);
        QVERIFY(weights >= 0);
        // Observed: what the log printed.
        QCOMPARE(t->item(kv, 2)->text(), QStringLiteral("51.38 GiB"));
        QCOMPARE(t->item(weights, 2)->text(), QStringLiteral("14.99 GiB"));
        // Predicted: the tolerances of docs/DESIGN.md §C, available KV within 0.5 GiB, weights within 1%.
        QVERIFY2(std::fabs(gibIn(t->item(kv, 1)->text()) - 51.38) <= 0.5, qPrintable(t->item(kv, 1)->text()));
        QVERIFY2(
            std::fabs(gibIn(t->item(weights, 1)->text()) / 14.99 - 1) <= 0.01, qPrintable(t->item(weights, 1)->text()));
        // Difference = observed − predicted, in GiB and in % of observed.
        const QString diffText = t->item(kv, 3)->text(); // "-0.06 GiB (-0.1%)"
        const double diff = gibIn(diffText.section(QLatin1Char(' '), 0, 1));
        QVERIFY2(std::fabs(diff - (51.38 - gibIn(t->item(kv, 1)->text()))) <= 0.011, qPrintable(diffText));
        const double pct = diffText.section(QLatin1Char('('), 1).section(QLatin1Char('%'), 0, 0).toDouble();
        QVERIFY2(std::fabs(pct - 100 * diff / 51.38) <= 0.06, qPrintable(diffText));
        QCOMPARE(t->item(kv, 4)->text(), QStringLiteral("estimated"));
        QVERIFY(panel->calibrateButton()->isEnabled());
        QVERIFY(panel->summary()->text().contains(QLatin1String("vllm_version")));
        // A plan change compares again (the log prints no tp, so the plan's applies): at tp 2 each GPU
        // holds about half of Llama-3.1-8B's 14.96 GiB; the observed column is still the log's.
        Plan tp2 = llamaPlan();
        tp2.tp = 2;
        QVERIFY(w.editor()->apply(tp2, QStringLiteral("tp 2")));
        QVERIFY2(gibIn(t->item(weights, 1)->text()) < 0.55 * 14.99, qPrintable(t->item(weights, 1)->text()));
        QCOMPARE(t->item(weights, 2)->text(), QStringLiteral("14.99 GiB"));
        w.editor()->undoStack()->undo();
        // The user's plan is untouched until they ask.
        QVERIFY(w.document()->plan().vllmVersion.isUnset());
    }

    // In Chinese the comparison speaks Chinese: the table's labels and the core's explanation and notes
    // come through the translator with the same numbers; back in English the text is what
    // `shardscope reconcile` prints. The screenshots show the Chinese tab and Plan groups for a look.
    void pastedLogInChinese()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        w.resize(1600, 1000);
        QVERIFY(w.showTab(QStringLiteral("vllm")));
        w.show();
        w.vllmLogPanel()->logInput()->setPlainText(QString::fromLatin1(kLlamaLog));
        w.vllmLogPanel()->compareNow();
        const ReconcileResult &result = w.vllmLogPanel()->reconciliation().result;
        // The core's English, as the CLI's JSON has it, is what the English window shows.
        const QString english = w.vllmLogPanel()->explanation()->text();
        QCOMPARE(
            english, QStringLiteral("<b>Why:</b> ") + QString::fromStdString(result.explanation()).toHtmlEscaped());
        // kLlamaLog: the log's 51.38 GiB against a prediction a few hundredths of a GiB off, so the
        // sentence names the gap in GiB and %, then the term that explains most of it.
        static const QRegularExpression gap(QStringLiteral("^the log has (\\d+\\.\\d\\d GiB) \\((\\d+\\.\\d%)\\) "
                                                           "(more|less) available KV memory than predicted; mostly "));
        const QRegularExpressionMatch m = gap.match(QString::fromStdString(result.explanation()));
        QVERIFY2(m.hasMatch(), result.explanation().c_str());
        QVERIFY(rowOf(w.vllmLogPanel()->comparisonTable(), QStringLiteral("Available KV memory")) >= 0);

        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("PlanDock"));
        QVERIFY(dock);
        const int dockWidth = dock->width();
        Language language;
        QVERIFY(language.setLanguage(QStringLiteral("zh_CN"), false));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange); // re-labels the window
        // The Plan column keeps its width (a rebuild of the views once made it take most of the window).
        QTRY_COMPARE(dock->width(), dockWidth);
        VllmLogPanel *panel = w.vllmLogPanel();
        panel->compareNow(); // the paste is still there
        QVERIFY(panel->reconciliation().ok());
        const QString zh = panel->explanation()->text();
        // "日志中的可用 KV 显存比预测多|少 %1（%2）；主要因为%3" with the English sentence's numbers.
        const QString amount = (m.captured(3) == QLatin1String("more") ? QStringLiteral("多 ") : QStringLiteral("少 "))
            + m.captured(1) + QStringLiteral("（") + m.captured(2) + QStringLiteral("）");
        QVERIFY2(zh.startsWith(
                     QStringLiteral("<b>原因：</b>日志中的可用 KV 显存比预测") + amount + QStringLiteral("；主要因为")),
            qPrintable(zh));
        for (const char *word : { "Why", "available", "mostly", "than", "modelled", "log" })
            QVERIFY2(!zh.contains(QLatin1String(word)), word);
        const QTableWidget *t = panel->comparisonTable();
        const int kv = rowOf(t, QStringLiteral("可用 KV 显存"));
        QVERIFY(kv >= 0);
        QCOMPARE(t->item(kv, 2)->text(), QStringLiteral("51.38 GiB"));
        QCOMPARE(t->item(kv, 0)->toolTip(), QStringLiteral("可用 KV Cache 显存（决定容量的卡）")); // the core's label
        QCOMPARE(t->item(kv, 4)->text(), QStringLiteral("估算"));
        QCOMPARE(rowOf(t, QStringLiteral("Available KV memory")), -1);
        saveShot(w, "vllm-reconcile-zh.png");
        saveShot(panel, "vllm-tab-zh.png");
        saveShot(w.enginePanel(), "engine-panel-zh.png");
        saveShot(w.linksPanel(), "links-panel-zh.png");

        QVERIFY(language.setLanguage(QStringLiteral("en"), false));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        w.vllmLogPanel()->compareNow();
        QCOMPARE(w.vllmLogPanel()->explanation()->text(), english);
        QVERIFY(rowOf(w.vllmLogPanel()->comparisonTable(), QStringLiteral("Available KV memory")) >= 0);
    }

    void calibrateSavesAndSelectsAProfile()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        VllmLogPanel *panel = w.vllmLogPanel();
        KvPanel *kv0 = w.memoryPanel()->summary();
        QVERIFY2(kv0->valueText(QStringLiteral("capacity_tokens")).endsWith(QStringLiteral(" · estimated")),
            qPrintable(kv0->valueText(QStringLiteral("capacity_tokens"))));
        QVERIFY(kv0->valueText(QStringLiteral("kv_budget")).endsWith(QStringLiteral(" · estimated")));
        panel->logInput()->setPlainText(QString::fromLatin1(kLlamaLog));
        panel->compareNow();
        const QString path = panel->calibrate(QStringLiteral("test-h100"));
        QVERIFY(!path.isEmpty());
        QVERIFY(QFile::exists(path));
        QCOMPARE(w.document()->plan().calibration.name, std::string("test-h100"));
        QCOMPARE(w.document()->plan().calibration.vllmVersion, (VllmVersion { 0, 11, 0 }));
        // The fitted profile reproduces the log: 51.38 GiB, up to the weights' own difference
        // (the model's 14.96 GiB against the printed 14.99: 0.03 GiB more KV) and the 0.01 GiB print step.
        const QTableWidget *t = panel->comparisonTable();
        const int kv = rowOf(t, QStringLiteral("Available KV memory"));
        QVERIFY(kv >= 0);
        QVERIFY2(std::fabs(gibIn(t->item(kv, 1)->text()) - 51.38) <= 0.05, qPrintable(t->item(kv, 1)->text()));
        QCOMPARE(t->item(kv, 4)->text(), QStringLiteral("calibrated"));
        // Every number that rests on the overheads now says so, and its tooltip names the profile.
        for (const char *key :
            { "capacity_tokens", "cluster_tokens", "concurrency", "cluster_concurrency", "kv_budget" })
            QVERIFY2(
                w.memoryPanel()->summary()->valueText(QLatin1String(key)).endsWith(QStringLiteral(" · calibrated")),
                key);
        QVERIFY(w.memoryPanel()
                    ->summary()
                    ->valueToolTip(QStringLiteral("capacity_tokens"))
                    .contains(QLatin1String("test-h100")));
        const auto header = [&w](int column) { // the tip as shown (it is plain text made HTML)
            QTextDocument shown;
            shown.setHtml(w.gpuTable()->model()->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString());
            return shown.toPlainText();
        };
        QVERIFY2(
            header(GpuTableModel::KvBudget).contains(QLatin1String("Calibrated: overheads from profile \"test-h100\"")),
            qPrintable(header(GpuTableModel::KvBudget)));
        QVERIFY(!header(GpuTableModel::Weights).contains(QLatin1String("Calibrated"))); // a formula, never calibrated
        QVERIFY(w.showTab(QStringLiteral("memory")));
        w.show(); // the chart builds its bars when shown
        QTest::qWait(0);
        QVERIFY2(
            w.memoryPanel()->chart()->barToolTip(0, 1).contains(QLatin1String("calibrated (profile \"test-h100\")")),
            qPrintable(w.memoryPanel()->chart()->barToolTip(0, 1)));
        // The engine panel shows the profile as the plan's overheads; dropping it is one undo step.
        QCOMPARE(w.enginePanel()->calibration()->currentText(), QStringLiteral("calibrated: test-h100"));
        w.editor()->undoStack()->undo();
        QVERIFY(!w.document()->plan().calibration.active());
        QCOMPARE(w.enginePanel()->calibration()->currentIndex(), 0);
        // A bad profile name is refused with a message, nothing saved.
        QSignalSpy errors(panel, &VllmLogPanel::errorOccurred);
        QVERIFY(panel->calibrate(QStringLiteral("../escape")).isEmpty());
        QCOMPARE(errors.count(), 1);
    }

    // The overheads fitted to an 8B run on one GPU must not land on a different run: with the plan at
    // tp 2 (the log prints no tp; 0.11.0 from the log vs latest in the plan), Calibrate also takes the
    // log's settings, so the comparison still reproduces the log.
    void calibrateAnotherRunTakesTheLogsPlan()
    {
        Plan tp2 = llamaPlan();
        tp2.tp = 2;
        MainWindow w(builtinCatalog(), windowOptions(tp2));
        VllmLogPanel *panel = w.vllmLogPanel();
        panel->logInput()->setPlainText(QString::fromLatin1(kLlamaLog));
        panel->compareNow();
        QVERIFY(!panel->calibrate(QStringLiteral("other-run")).isEmpty());
        QCOMPARE(w.document()->plan().vllmVersion, (VllmVersion { 0, 11, 0 })); // the log's release came along
        QCOMPARE(w.document()->plan().calibration.name, std::string("other-run"));
        QCOMPARE(w.editor()->undoStack()->count(), 1);
    }

    void noDuplicateShortcuts()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        QMap<QString, QString> seen;
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->shortcut().isEmpty())
                continue;
            const QString key = a->shortcut().toString();
            QVERIFY2(!seen.contains(key),
                qPrintable(key + QStringLiteral(": ") + seen.value(key) + QStringLiteral(" and ") + a->text()));
            seen.insert(key, a->text());
        }
        QVERIFY(seen.contains(QStringLiteral("Ctrl+Shift+L")));
    }

    void useTheLogsSettings()
    {
        // vllm#23278: gpt-oss-120b on one H100 under 0.10.1 (inferred from the wording), fails with -2.14 GiB.
        MainWindow w(builtinCatalog(), windowOptions(makePlan("gpt-oss-120b", "h100-sxm", 2)));
        VllmLogPanel *panel = w.vllmLogPanel();
        panel->openLog(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR"))
            + QStringLiteral("/tests/data/vllm-logs/v1-gpt-oss-120b-h100-v0101-fail.log"));
        QVERIFY2(panel->reconciliation().ok(), qPrintable(panel->reconciliation().error));
        const int kv = rowOf(panel->comparisonTable(), QStringLiteral("Available KV memory"));
        QVERIFY(kv >= 0);
        QCOMPARE(panel->comparisonTable()->item(kv, 2)->text(), QStringLiteral("-2.14 GiB"));
        QVERIFY(panel->applyButton()->isEnabled());
        panel->applyButton()->click();
        const Plan &p = w.document()->plan();
        QVERIFY(!p.vllmVersion.isUnset());
        QVERIFY(p.vllmVersion < (VllmVersion { 0, 21, 0 }));
        w.editor()->undoStack()->undo();
        QVERIFY(w.document()->plan().vllmVersion.isUnset());
    }

    void garbageNeverCrashes()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        VllmLogPanel *panel = w.vllmLogPanel();
        const Plan before = w.document()->plan();
        static const char kGarbage[] = "\x00\x01\xff garbage (pid=) Model loading took NaN GiB\n\xfe\xfe";
        panel->logInput()->setPlainText(QString::fromUtf8(kGarbage, sizeof kGarbage - 1));
        panel->compareNow();
        QVERIFY(!panel->reconciliation().ok());
        QVERIFY(panel->summary()->text().contains(QLatin1String("No vLLM startup lines")));
        QVERIFY(!panel->applyButton()->isEnabled());
        QVERIFY(!panel->calibrateButton()->isEnabled());
        QCOMPARE(panel->comparisonTable()->rowCount(), 0);

        QTemporaryDir dir;
        QFile huge(dir.filePath(QStringLiteral("huge.log")));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        const QByteArray line = QByteArray("(EngineCore_DP0 pid=1) INFO Available KV cache memory: 1.00 GiB ")
            + QByteArray(200, 'z') + '\n';
        for (qint64 written = 0; written < 34 * 1024 * 1024; written += line.size())
            huge.write(line);
        huge.close();
        panel->openLog(huge.fileName());
        QVERIFY(panel->reconciliation().log.truncated);
        QSignalSpy errors(panel, &VllmLogPanel::errorOccurred);
        panel->openLog(dir.filePath(QStringLiteral("missing.log")));
        QCOMPARE(errors.count(), 1);
        QCOMPARE(w.document()->plan(), before);
    }

    void versionControl()
    {
        MainWindow w(builtinCatalog(), windowOptions(llamaPlan()));
        QComboBox *version = w.enginePanel()->version();
        version->setCurrentIndex(version->findText(QStringLiteral("0.10.0")));
        emit version->activated(version->currentIndex());
        QCOMPARE(w.document()->plan().vllmVersion, (VllmVersion { 0, 10, 0 }));
        // Before 0.21 the default utilization is 0.9 (docs/DESIGN.md §B), and the box says so.
        QCOMPARE(w.settingsPanel()->utilization()->specialValueText(), QStringLiteral("vLLM default (0.9)"));
        QVERIFY(w.enginePanel()->regime()->text().contains(QLatin1String("not subtracted")));
        // Typed: an unlisted release; and nonsense, refused with a message.
        version->lineEdit()->setText(QStringLiteral("0.12.1"));
        emit version->lineEdit()->editingFinished();
        QCOMPARE(w.document()->plan().vllmVersion, (VllmVersion { 0, 12, 1 }));
        QSignalSpy errors(w.enginePanel(), &EnginePanel::errorOccurred);
        version->lineEdit()->setText(QStringLiteral("banana"));
        emit version->lineEdit()->editingFinished();
        QCOMPARE(errors.count(), 1);
        QCOMPARE(w.document()->plan().vllmVersion, (VllmVersion { 0, 12, 1 }));
        QCOMPARE(version->currentText(), QStringLiteral("0.12.1"));
        // A decode-context-parallel size the plan holds is shown as it is, even above tp (validation says why).
        Plan dcp = w.document()->plan();
        dcp.tp = 1;
        dcp.decodeContextParallel = 4;
        w.editor()->apply(dcp, QStringLiteral("dcp 4"));
        QCOMPARE(w.enginePanel()->findChildren<QSpinBox *>().size() >= 4, true);
        bool shown = false;
        for (QSpinBox *b : w.enginePanel()->findChildren<QSpinBox *>())
            shown = shown || (b->toolTip().contains(QLatin1String("decode-context-parallel")) && b->value() == 4);
        QVERIFY(shown);
        w.editor()->undoStack()->undo();
        // Latest again: V0 → 0.21 gives 0.92.
        version->setCurrentIndex(0);
        emit version->activated(0);
        QVERIFY(w.document()->plan().vllmVersion.isUnset());
        QCOMPARE(w.settingsPanel()->utilization()->specialValueText(), QStringLiteral("vLLM default (0.92)"));
    }

    void linkOverrides()
    {
        MainWindow w(builtinCatalog(), windowOptions(makePlan("llama-3.1-70b", "h100-sxm", 8)));
        LinksPanel *links = w.linksPanel();
        // At its lowest value the box stands for the preset: the plan field is negative.
        QCOMPARE(links->scaleupBandwidth()->value(), 0.0);
        QVERIFY(links->scaleupBandwidth()->specialValueText().startsWith(QLatin1String("preset (")));
        const double tpotBefore = w.document()->evaluation().time.tpotSec;
        links->scaleupBandwidth()->setValue(50); // GB/s, effective
        QCOMPARE(w.document()->plan().scaleupBytesPerSec, 50e9);
        // TP 8 AllReduces over NVLink: a slower link makes a decode step slower.
        QVERIFY(w.document()->evaluation().time.tpotSec > tpotBefore);
        links->nicLatency()->setValue(12.5);
        QCOMPARE(w.document()->plan().nicLatencySec, 12.5e-6);
        links->scaleupBandwidth()->setValue(0);
        QCOMPARE(w.document()->plan().scaleupBytesPerSec, -1.0);
        // 0 µs is an ideal link, not "preset": the preset sits below it.
        links->nicLatency()->setValue(0);
        QCOMPARE(w.document()->plan().nicLatencySec, 0.0);
        links->nicLatency()->setValue(links->nicLatency()->minimum());
        QCOMPARE(w.document()->plan().nicLatencySec, -1.0);
        QVERIFY(links->nicLatency()->text().startsWith(QLatin1String("preset (")));
        // Micro-batches only mean something with pipeline stages.
        QVERIFY(!links->microbatches()->isEnabled());
    }
};

QTEST_MAIN(TestVllmLogPanel)
#include "tst_vllmlogpanel.moc"
