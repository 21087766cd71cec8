// One workload, every view: the Workload group stores the workload in the document (undoable), and the
// serving figures of the plan column and of show your work follow it and agree.
#include "tests/common/testutils.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/workloadpanel.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QUndoStack>

using namespace shardscope;

namespace {

Plan llama8b()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    return p;
}

WindowOptions options()
{
    WindowOptions o;
    o.initialPlan = llama8b();
    o.useSettings = false;
    return o;
}

// The first number of "p50 6.900 ms · p99 7.100 ms", in seconds.
double p50Of(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '));
    const int i = static_cast<int>(words.indexOf(QStringLiteral("p50")));
    if (i < 0 || i + 2 >= words.size())
        return -1;
    const double v = words[i + 1].toDouble();
    const QString unit = words[i + 2];
    return unit == QLatin1String("ms") ? v * 1e-3 : unit == QLatin1String("s") ? v : v * 1e-6;
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void documentAndUndo()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        QVERIFY(editor.apply(llama8b(), QString()));
        // vllm bench serve's defaults: 1024 in, 128 out, 1000 prompts.
        QCOMPARE(doc.workload().inputLen, std::int64_t { 1024 });
        QCOMPARE(doc.workload().outputLen, std::int64_t { 128 });
        QVERIFY(doc.serving());
        QCOMPARE(doc.servingCount(), 1);
        doc.serving(); // cached
        QCOMPARE(doc.servingCount(), 1);
        Workload w = doc.workload();
        w.outputLen = 64;
        QVERIFY(editor.applyWorkload(w, QStringLiteral("Set output length")));
        QVERIFY(!editor.applyWorkload(w, QStringLiteral("again")));
        QCOMPARE(doc.serving()->workload.outputLen, std::int64_t { 64 });
        editor.undoStack()->undo();
        QCOMPARE(doc.workload().outputLen, std::int64_t { 128 });
        editor.undoStack()->redo();
        QCOMPARE(doc.workload().outputLen, std::int64_t { 64 });
        // A request longer than max_model_len 8192: no figures, and checkWorkload's message.
        w.inputLen = 9000;
        QVERIFY(editor.applyWorkload(w, QString()));
        QVERIFY(!doc.serving());
        QVERIFY2(QString::fromStdString(doc.servingError()).contains(QLatin1String("--input-len")),
            doc.servingError().c_str());
    }

    void viewsFollowAndAgree()
    {
        MainWindow window(builtinCatalog(), options());
        window.show();
        WorkloadPanel *panel = window.workloadPanel();
        QVERIFY(panel);
        PlanDocument *doc = window.findChild<PlanDocument *>();
        QVERIFY(doc);
        auto *showWork = window.findChild<ShowWorkPanel *>();
        QVERIFY(showWork);

        // One client, 8 prompts of 512 in / 64 out: each output token waits one lone decode step.
        panel->inputLen()->setValue(512);
        panel->outputLen()->setValue(64);
        panel->prompts()->setValue(8); // prompts
        panel->concurrency()->setValue(1);
        QCOMPARE(doc->workload().inputLen, std::int64_t { 512 });
        QCOMPARE(doc->workload().maxConcurrency, std::int64_t { 1 });
        QCOMPARE(doc->workload().numPrompts, std::int64_t { 8 });
        const double tpot1 = p50Of(panel->tpotText());
        // Llama-3.1-8B BF16 on one H100, batch 1: the weights 16.06e9 B (tst_serving decodeStepByHand's
        // 13.96e9 + 1.05e9 LM head + embedding not read) stream at 3.35e12 x 0.86 = 2.88e12 B/s: ≥ 5.2 ms,
        // plus the GEMM floors 32 x 4 x 12 us = 1.5 ms; under 10 ms.
        QVERIFY2(tpot1 > 6.7e-3 && tpot1 < 10e-3, qPrintable(panel->tpotText()));

        // Show your work (the Teaching tab) shows the same TPOT.
        showWork->showServing(ServingQuantity::Tpot);
        const QString html1 = showWork->currentHtml();
        QVERIFY2(html1.contains(panel->tpotText().section(QStringLiteral(" · "), 0, 0).mid(4)), qPrintable(html1));

        // 32 clients: decodes batch up, each step carries more tokens; TPOT rises a little, the output
        // tokens/s per GPU many times (32 x 64 / 8 prompts... the throughput of 32 parallel streams).
        const double thr1 = panel->throughputText().section(QLatin1Char(' '), 0, 0).remove(QLatin1Char(',')).toDouble();
        panel->prompts()->setValue(64);
        panel->concurrency()->setValue(32);
        const double tpot32 = p50Of(panel->tpotText());
        const double thr32
            = panel->throughputText().section(QLatin1Char(' '), 0, 0).remove(QLatin1Char(',')).toDouble();
        QVERIFY2(tpot32 > tpot1, qPrintable(panel->tpotText()));
        // At batch 32 the step is still weight-bound (32 tokens x 2 x 8e9 FLOPs = 0.5 TFLOP, ~0.6 ms at
        // 867 TFLOPS, under the 5.6 ms of weights): TPOT grows by well under 2x, throughput by over 10x.
        QVERIFY2(tpot32 < 2 * tpot1, qPrintable(panel->tpotText()));
        QVERIFY2(thr32 > 10 * thr1, qPrintable(panel->throughputText()));
        const QString html32 = showWork->currentHtml();
        QVERIFY(html32 != html1);
        QVERIFY2(html32.contains(panel->tpotText().section(QStringLiteral(" · "), 0, 0).mid(4)), qPrintable(html32));

        // The window's figures are the simulation's at that workload, not at the plan's batch.
        Workload w;
        w.inputLen = 512;
        w.outputLen = 64;
        w.maxConcurrency = 32;
        w.numPrompts = 64;
        const ServingResult direct = simulateServing(doc->evaluated(), w);
        QCOMPARE(panel->tpotText(),
            QStringLiteral("p50 %1 · p99 %2")
                .arg(textformat::duration(direct.tpot.p50), textformat::duration(direct.tpot.p99)));

        // Undo restores the one-client figures in both views.
        auto *stack = window.findChild<QUndoStack *>();
        QVERIFY(stack);
        stack->undo(); // concurrency 32 → 1
        stack->undo(); // prompts 64 → 8
        QCOMPARE(doc->workload().maxConcurrency, std::int64_t { 1 });
        QCOMPARE(panel->concurrency()->value(), 1);
        QCOMPARE(p50Of(panel->tpotText()), tpot1);
        QVERIFY(showWork->currentHtml().contains(panel->tpotText().section(QStringLiteral(" · "), 0, 0).mid(4)));
    }
};

QTEST_MAIN(TestWorkload)
#include "tst_workload.moc"
