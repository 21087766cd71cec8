// PlanDocument evaluates once per real change and never for an unchanged plan; PlanEditor makes
// undo steps (a slider drag is one).
#include "tests/common/testutils.h"
#include "widgets/controls/setuppanel.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QSignalSpy>
#include <QUndoStack>

using namespace shardscope;

class TestPlanDocument : public QObject
{
    Q_OBJECT
private slots:
    void oneEvaluationPerRealChange()
    {
        PlanDocument doc(builtinCatalog());
        QSignalSpy changed(&doc, &PlanDocument::planChanged);
        QVERIFY(doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc.evaluationCount(), 1);
        // 4 GPUs: tp 4 x pp 1 x dp 1
        QCOMPARE(doc.evaluation().worldSize, 4);

        QVERIFY(doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8)));
        QCOMPARE(changed.count(), 2);
        QCOMPARE(doc.evaluationCount(), 2);
        QCOMPARE(doc.evaluation().worldSize, 8);
    }

    void unchangedPlanDoesNothing()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        QSignalSpy changed(&doc, &PlanDocument::planChanged);
        const auto before = doc.state();
        QVERIFY(!doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.evaluationCount(), 1);
        QCOMPARE(doc.state(), before); // the very same published state
    }

    void unknownModelIsRefused()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        QSignalSpy changed(&doc, &PlanDocument::planChanged);
        QVERIFY(!doc.setPlan(makePlan("no-such-model", "h100-sxm", 4)));
        QVERIFY(!doc.setPlan(makePlan("llama-3.1-70b", "no-such-gpu", 4)));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.plan().modelId, std::string("llama-3.1-70b"));
    }

    void presetLoadIsOneSetPlan()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 8), {});
        SetupPanel panel(&editor);
        QSignalSpy changed(&doc, &PlanDocument::planChanged);
        const int before = doc.evaluationCount();
        panel.chooseModel(QStringLiteral("deepseek-v3"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc.evaluationCount(), before + 1);
        QCOMPARE(doc.plan().modelId, std::string("deepseek-v3"));
        QCOMPARE(doc.plan().tp, 8); // 128 heads: tp 8 stays
        QCOMPARE(editor.undoStack()->count(), 1);
    }

    void modelSwitchSnapsTp()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 16), {});
        SetupPanel panel(&editor);
        // Qwen2.5-7B: 28 heads, 4 KV heads. Divisors of 28: 1, 2, 4, 7, 14, 28; 7 and 14 exceed the
        // 4 KV heads without being multiples of 4, so allowed = 1, 2, 4, 28. From 16: |4 - 16| = 12 =
        // |28 - 16|, and ties go to the smaller: 4.
        panel.chooseModel(QStringLiteral("qwen2.5-7b"));
        QCOMPARE(doc.plan().tp, 4);
    }

    void undoRestoresAndRedoReapplies()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QCOMPARE(editor.undoStack()->count(), 0); // the first plan is not an undo step
        editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));
        QCOMPARE(doc.plan().tp, 8);
        editor.undoStack()->undo();
        QCOMPARE(doc.plan().tp, 4);
        editor.undoStack()->redo();
        QCOMPARE(doc.plan().tp, 8);
        // Applying the current plan again adds no step.
        QVERIFY(!editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 8), {}));
        QCOMPARE(editor.undoStack()->count(), 1);
    }

    void dragIsOneUndoStep()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        editor.apply(makePlan("deepseek-v3", "h200", 8), {});
        const int drag = editor.beginGesture();
        for (int dp : { 2, 3, 4, 5 })
            editor.apply(makePlan("deepseek-v3", "h200", 8, 1, dp), QStringLiteral("dp"), drag);
        QCOMPARE(editor.undoStack()->count(), 1);
        QCOMPARE(doc.plan().dp, 5);
        editor.undoStack()->undo();
        QCOMPARE(doc.plan().dp, 1);
        // A drag that returns to where it started leaves no step behind.
        const int back = editor.beginGesture();
        editor.apply(makePlan("deepseek-v3", "h200", 8, 1, 2), QStringLiteral("dp"), back);
        editor.apply(makePlan("deepseek-v3", "h200", 8, 1, 1), QStringLiteral("dp"), back);
        QCOMPARE(doc.plan().dp, 1);
        QVERIFY(!editor.undoStack()->canUndo());
        // Separate gestures are separate steps.
        editor.apply(makePlan("deepseek-v3", "h200", 8, 1, 2), QStringLiteral("dp"), editor.beginGesture());
        editor.apply(makePlan("deepseek-v3", "h200", 8, 1, 3), QStringLiteral("dp"), editor.beginGesture());
        QCOMPARE(editor.undoStack()->count(), 2);
    }
};

QTEST_MAIN(TestPlanDocument)
#include "tst_plandocument.moc"
