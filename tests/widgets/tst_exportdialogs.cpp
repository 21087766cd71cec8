// The Export and Import dialogs, offscreen: what they show follows the options, refusals disable
// Copy/Save and offer the nearest plan, Copy fills the clipboard, Save writes files, Import emits a plan.
#include "tests/common/testutils.h"

#include "widgets/export/exportdialog.h"
#include "widgets/export/importdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>

using namespace shardscope;

Q_DECLARE_METATYPE(shardscope::Plan)

namespace {

Evaluation evaluated(const char *model, Plan p)
{
    p.maxModelLen = 32768;
    return evaluate(p, presetModel(model), presetGpu("h100-sxm"));
}

Plan sizes(int tp, int pp = 1, int dp = 1, int ep = 1)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    return p;
}

} // namespace

class TestExportDialogs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<shardscope::Plan>(); }

    void showsTheExport()
    {
        ExportDialog d(evaluated("llama-3.1-405b", sizes(8, 2)), presetModel("llama-3.1-405b"));
        const QString text = d.shownText();
        QVERIFY(text.startsWith(QStringLiteral("# meta-llama/Llama-3.1-405B: TP 8 x PP 2 = 16 GPUs on 2 nodes x 8")));
        QVERIFY(text.contains(QStringLiteral("--node-rank 1 --master-addr \"$HEAD_IP\"")));
        QVERIFY(d.findChild<QLabel *>(QStringLiteral("version"))->text().contains(QStringLiteral("7cfb97e3")));
        // A plan for 0.24-0.27 is checked against the table read at 0a1c5034 (v0.24-dev; core/launch/vllmflags.h).
        Plan p25 = sizes(8, 2);
        p25.vllmVersion = VllmVersion { 0, 25, 0 };
        ExportDialog d25(evaluated("llama-3.1-405b", p25), presetModel("llama-3.1-405b"));
        QVERIFY(d25.findChild<QLabel *>(QStringLiteral("version"))->text().contains(QStringLiteral("0a1c5034")));

        // The options drive the text: Ray, a given address, then SGLang.
        auto *launcher = d.findChild<QComboBox *>(QStringLiteral("launcher"));
        launcher->setCurrentIndex(1);
        QVERIFY(d.shownText().contains(QStringLiteral("ray start --head")));
        d.findChild<QLineEdit *>(QStringLiteral("headAddress"))->setText(QStringLiteral("10.0.0.7"));
        QVERIFY(d.shownText().contains(QStringLiteral("ray start --block --address=10.0.0.7:\"$HEAD_PORT\"")));
        d.findChild<QComboBox *>(QStringLiteral("target"))->setCurrentIndex(1);
        QVERIFY(d.shownText().contains(QStringLiteral("python -m sglang.launch_server")));
        QCOMPARE(d.options().target, ExportTarget::Sglang);
        QVERIFY(!launcher->isEnabled());

        // One node of a 16-GPU plan is refused with the reason; Copy and Save go grey.
        d.findChild<QComboBox *>(QStringLiteral("topology"))->setCurrentIndex(1);
        QVERIFY(!d.result().ok);
        QVERIFY(d.shownText().isEmpty());
        QVERIFY(
            d.findChild<QLabel *>(QStringLiteral("status"))->text().contains(QStringLiteral("more than a node's 8")));
        QVERIFY(!d.findChild<QPushButton *>(QStringLiteral("copy"))->isEnabled());
    }

    // Review item 11: every "&" label names the widget it focuses (no literal ampersand), Close is
    // Qt's standard button (translated by qtbase_*.qm), and the notes show once.
    void labelsButtonsAndNotes()
    {
        ExportDialog d(evaluated("llama-3.1-405b", sizes(8, 2)), presetModel("llama-3.1-405b"));
        for (const QLabel *label : d.findChildren<QLabel *>())
            if (label->text().contains(QLatin1Char('&')))
                QVERIFY2(label->buddy(), qPrintable(label->text()));
        auto *buttons = d.findChild<QDialogButtonBox *>();
        QVERIFY(buttons && buttons->button(QDialogButtonBox::Close));
        QVERIFY(!d.shownNotes().isEmpty());
        QVERIFY(!d.shownText().contains(QStringLiteral("# Note: ")));
        QVERIFY(d.exportedText().contains(QStringLiteral("# Note: ")));
        d.findChild<QPushButton *>(QStringLiteral("copy"))->click();
        QCOMPARE(QApplication::clipboard()->text(), d.exportedText());
    }

    void scriptsAndNodes()
    {
        ExportDialog d(evaluated("llama-3.1-405b", sizes(8, 2)), presetModel("llama-3.1-405b"));
        d.findChild<QComboBox *>(QStringLiteral("view"))->setCurrentIndex(1);
        auto *node = d.findChild<QComboBox *>(QStringLiteral("node"));
        QCOMPARE(node->count(), 3); // all nodes, node 0, node 1
        node->setCurrentIndex(2);
        // What Save writes is the script; the dialog shows it without the notes it lists below.
        QCOMPARE(d.exportedText(), QString::fromStdString(d.result().script(1)));
        QTemporaryDir dir;
        QVERIFY(d.saveScriptsTo(dir.filePath(QStringLiteral("scripts"))));
        QCOMPARE(QDir(dir.filePath(QStringLiteral("scripts"))).entryList(QDir::Files),
            (QStringList { QStringLiteral("node-0.sh"), QStringLiteral("node-1.sh") }));
        QVERIFY(d.saveTextTo(dir.filePath(QStringLiteral("node1.sh"))));
        QFile saved(dir.filePath(QStringLiteral("node1.sh")));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(saved.readAll()), d.exportedText());
        QVERIFY(!d.saveTextTo(dir.filePath(QStringLiteral("missing/dir/x.sh"))));
    }

    void copyToClipboard()
    {
        ExportDialog d(evaluated("llama-3.1-70b", sizes(8)), presetModel("llama-3.1-70b"));
        d.findChild<QPushButton *>(QStringLiteral("copy"))->click();
        QCOMPARE(QApplication::clipboard()->text(), d.exportedText());
        QVERIFY(d.shownText().contains(QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8")));
    }

    // tp 3 on 64 heads: refused, and "Use nearest plan" hands over tp 4.
    void nearestPlan()
    {
        ExportDialog d(evaluated("llama-3.1-70b", sizes(3)), presetModel("llama-3.1-70b"));
        auto *nearest = d.findChild<QPushButton *>(QStringLiteral("useNearest"));
        QVERIFY(!d.result().ok);
        QVERIFY(!nearest->isHidden());
        QSignalSpy spy(&d, &ExportDialog::nearestPlanRequested);
        nearest->click();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<Plan>().tp, 4);
    }

    void setOptionsRoundTrips()
    {
        ExportDialog d(evaluated("deepseek-v3", sizes(8, 1, 4, 32)), presetModel("deepseek-v3"));
        ExportOptions o;
        o.launcher = Launcher::Ray;
        o.nodes = 4;
        o.headAddress = "10.1.1.1";
        o.port = 6380;
        o.all2allBackend = "deepep_high_throughput";
        d.setOptions(o);
        QCOMPARE(d.options(), o);
        QVERIFY(d.shownText().contains(QStringLiteral("--all2all-backend deepep_high_throughput")));
    }

    void importDialog()
    {
        ImportDialog d(builtinPresets().models());
        auto *ok = d.findChild<QPushButton *>(QStringLiteral("use"));
        QVERIFY(!ok->isEnabled());
        // docs/DESIGN.md §A.3c, node 1, plus a flag vLLM does not have.
        d.setCommandText(QStringLiteral(
            "vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 8 --pipeline-parallel-size 2 \\\n"
            "  --nnodes 2 --node-rank 1 --master-addr <HEAD_IP> --headless --max-model-len 32k --frob 1"));
        QVERIFY(d.hasPlan());
        QVERIFY(ok->isEnabled());
        QCOMPARE(d.presetId(), QStringLiteral("llama-3.1-405b"));
        QCOMPARE(d.plan().modelId, std::string("llama-3.1-405b"));
        QCOMPARE(d.plan().tp, 8);
        QCOMPARE(d.plan().maxModelLen, std::int64_t(32000));
        auto *flags = d.findChild<QListWidget *>(QStringLiteral("flags"));
        QCOMPARE(flags->item(0)->text(), QStringLiteral("unknown: --frob 1"));
        QSignalSpy spy(&d, &ImportDialog::planImported);
        ok->click();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<Plan>().pp, 2);

        d.setCommandText(QStringLiteral("rm -rf / 'oops"));
        QVERIFY(!d.hasPlan());
        QVERIFY(!ok->isEnabled());
        QVERIFY(
            d.findChild<QLabel *>(QStringLiteral("summary"))->text().contains(QStringLiteral("unterminated ' quote")));
    }

    // The import dialog stays open beside the window: a language switched meanwhile reaches its labels.
    void importDialogFollowsTheLanguage()
    {
        ImportDialog d(builtinPresets().models());
        d.setCommandText(QStringLiteral("vllm serve meta-llama/Llama-3.1-70B -tp 4"));
        auto *ok = d.findChild<QPushButton *>(QStringLiteral("use"));
        QCOMPARE(ok->text(), QStringLiteral("Use this plan"));
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        QCoreApplication::processEvents();
        QCOMPARE(ok->text(), QStringLiteral("使用此方案"));
        for (const QLabel *l : d.findChildren<QLabel *>())
            QVERIFY2(
                !l->text().startsWith(QStringLiteral("Command:")) && !l->text().startsWith(QStringLiteral("Model:")),
                qPrintable(l->text()));
        QVERIFY(d.hasPlan()); // re-read, not lost
        QCoreApplication::removeTranslator(&zh);
        QCoreApplication::processEvents();
        QCOMPARE(ok->text(), QStringLiteral("Use this plan"));
    }
};

QTEST_MAIN(TestExportDialogs)
#include "tst_exportdialogs.moc"
