// "Show your work" text: formulas with the plan's values substituted, checked against hand arithmetic.
#include "core/explain.h"
#include "testpresets.h"

using namespace shardscope;

class TestExplain : public QObject
{
    Q_OBJECT
private slots:
    void kvBytesReplicated()
    {
        Plan plan;
        plan.tp = 16;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, e, m, presetGpu("h200"));
        // The issue's own example: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B
        QCOMPARE(x.substituted, std::string("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B"));
        QVERIFY(x.note.find("replicated") != std::string::npos);
    }

    void kvBytesMla()
    {
        Plan plan;
        plan.tp = 8;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        const Explanation x = explain(Quantity::KvBytesPerToken, e, m, presetGpu("h200"));
        // 61 × (512 + 64) × 2 B = 70,272 B
        QCOMPARE(x.substituted, std::string("61 layers × (512 + 64) × 2 B = 70,272 B"));
    }

    void textbookConcurrency()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 2;
        plan.accounting = Accounting::Textbook;
        plan.gpuMemoryBytes = 80e9;
        plan.paramsOverride = 70.6e9;
        plan.maxModelLen = 32768;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const Evaluation e = evaluate(plan, m, presetGpu("h100-sxm"));
        // seed 000: 2,875,001 tokens // 32,768 = 87
        QCOMPARE(explain(Quantity::MaxConcurrency, e, m, presetGpu("h100-sxm")).substituted,
                 std::string("floor(2,875,001 / 32,768) = 87"));
        QCOMPARE(explain(Quantity::KvBytesPerToken, e, m, presetGpu("h100-sxm")).substituted,
                 std::string("2 × 40 layers × 1 KV head × 128 × 2 B = 20,480 B"));
    }

    void layersPerStage()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 4;
        plan.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const Evaluation e = evaluate(plan, m, presetGpu("h200"));
        QCOMPARE(explain(Quantity::LayersPerStage, e, m, presetGpu("h200")).substituted,
                 std::string("61 // 4 = 15, remainder 1 → 15, 15, 16, 15"));
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
