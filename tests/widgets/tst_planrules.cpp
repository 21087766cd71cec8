// Which slider values are allowed and why the others are refused (docs/DESIGN.md §2).
#include "core/evaluate/planrules.h"
#include "core/evaluate/validation.h"
#include "tests/common/testutils.h"

#include <random>
#include <set>

using namespace shardscope;

namespace {
ModelSpec model(const char *id)
{
    return builtinPresets().resolveModel(QString::fromLatin1(id));
}
QList<int> list(const std::vector<int> &v)
{
    return QList<int>(v.begin(), v.end());
}

// What the parallelism panel can do to a plan: a slider (or spin box) moved to one of its allowed
// values, or the "expert parallel as vLLM does it" switch flipped while it is enabled.
std::vector<Plan> panelMoves(const Plan &p, const ModelSpec &m)
{
    std::vector<Plan> out;
    for (ParallelDim dim : { ParallelDim::Tp, ParallelDim::Pp, ParallelDim::Dp, ParallelDim::Ep })
        for (int v : allowedValues(p, m, dim))
            out.push_back(withParallelSize(p, m, dim, v));
    if (m.isMoe() && expertParallelSize(p) > 1) {
        Plan on = p;
        on.ep = expertParallelSize(p);
        if (expertParallelOn(p)) {
            Plan off = p;
            off.ep = 1;
            off.redundantExperts = 0;
            if (disallowedSentence(p, m, ParallelDim::Ep, 1).text().empty())
                out.push_back(off); // ParallelismPanel::sync enables the switch exactly then
        } else if (disallowedSentence(p, m, ParallelDim::Ep, on.ep).text().empty()) {
            out.push_back(on); // ParallelismPanel::sync enables the switch exactly then
        }
    }
    return out;
}

// The errors a plan's structure earns (memory that does not fit is not the sliders' business).
QStringList structuralErrors(const Plan &p, const ModelSpec &m)
{
    std::vector<PlanIssue> issues;
    Plan trial = p;
    trial.gpusPerNode = 8;
    if (validateStructure(trial, m, issues))
        validateFp8BlockExperts(trial, m, issues);
    QStringList out;
    for (const PlanIssue &i : issues)
        if (i.severity == Severity::Error)
            out << QString::fromStdString(i.code + ": " + i.text.text());
    return out;
}
} // namespace

class TestPlanRules : public QObject
{
    Q_OBJECT
private slots:
    // Property: from a valid plan, nothing the panel offers leads to a plan validation rejects —
    // every slider through its whole range, on dense, MoE and MLA models, with EP coupled or not,
    // and then random walks of such moves.
    void everyReachablePlanIsValid_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("ep");
        for (const char *id : { "llama-3.1-70b", "qwen3-235b-a22b", "deepseek-v3", "mixtral-8x7b" }) {
            QTest::newRow((std::string(id) + " ep off").c_str()) << QString::fromLatin1(id) << false;
            QTest::newRow((std::string(id) + " ep on").c_str()) << QString::fromLatin1(id) << true;
        }
    }
    void everyReachablePlanIsValid()
    {
        QFETCH(QString, model);
        QFETCH(bool, ep);
        const ModelSpec m = ::model(model.toLatin1().constData());
        Plan start;
        start.modelId = m.id;
        start.tp = 8;
        start.dp = 2;
        start.ep = ep && m.isMoe() ? expertParallelSize(start) : 1;
        start = planForModel(start, m);
        QVERIFY2(structuralErrors(start, m).isEmpty(), qPrintable(structuralErrors(start, m).join('\n')));
        // Every move from the start (each slider's whole range), then 400 random moves.
        for (const Plan &next : panelMoves(start, m)) {
            const QStringList errors = structuralErrors(next, m);
            QVERIFY2(errors.isEmpty(),
                qPrintable(
                    QStringLiteral("tp %1 pp %2 dp %3 ep %4: ").arg(next.tp).arg(next.pp).arg(next.dp).arg(next.ep)
                    + errors.join('\n')));
        }
        std::mt19937 random(42);
        Plan p = start;
        for (int step = 0; step < 400; ++step) {
            const std::vector<Plan> moves = panelMoves(p, m);
            QVERIFY(!moves.empty());
            p = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(random)];
            const QStringList errors = structuralErrors(p, m);
            QVERIFY2(errors.isEmpty(),
                qPrintable(QStringLiteral("step %1, tp %2 pp %3 dp %4 ep %5: ")
                               .arg(step)
                               .arg(p.tp)
                               .arg(p.pp)
                               .arg(p.dp)
                               .arg(p.ep)
                    + errors.join('\n')));
        }
    }

    // The review's case: DeepSeek-V3 (256 experts) at TP 8 with EP coupled: DP stops at 32.
    void dpStopsWhereEpRunsOutOfExperts()
    {
        const ModelSpec m = ::model("deepseek-v3");
        Plan p;
        p.modelId = m.id;
        p.tp = 8;
        p.dp = 16;
        p.ep = 128;
        const std::vector<int> dp = allowedValues(p, m, ParallelDim::Dp);
        QCOMPARE(dp.back(), 32);
        QVERIFY(!disallowedSentence(p, m, ParallelDim::Dp, 256).text().empty());
    }

    void allowedTp_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<int>>("expected");
        // 64 heads, 8 KV heads: every divisor of 64; above 8 they are multiples of 8.
        QTest::newRow("llama-3.1-70b") << QStringLiteral("llama-3.1-70b") << QList<int> { 1, 2, 4, 8, 16, 32, 64 };
        // 28 heads, 4 KV heads: divisors 1, 2, 4, 7, 14, 28; 7 and 14 exceed 4 without being multiples.
        QTest::newRow("qwen2.5-7b") << QStringLiteral("qwen2.5-7b") << QList<int> { 1, 2, 4, 28 };
        // 128 heads; MLA has no KV-head constraint, but without EP each FP8-block expert is split tp
        // ways and vLLM refuses a split that is not a multiple of 128 (2048 / 32 = 64).
        QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3") << QList<int> { 1, 2, 4, 8, 16 };
    }
    void allowedTp()
    {
        QFETCH(QString, model);
        QFETCH(QList<int>, expected);
        Plan p;
        QCOMPARE(list(allowedValues(p, ::model(model.toLatin1().constData()), ParallelDim::Tp)), expected);
    }

    void allowedEpDividesTpTimesDp()
    {
        Plan p;
        p.tp = 8;
        p.dp = 2;
        // tp x dp = 16: divisors 1, 2, 4, 8, 16 (all at most DeepSeek-V3's 256 experts).
        QCOMPARE(list(allowedValues(p, model("deepseek-v3"), ParallelDim::Ep)), (QList<int> { 1, 2, 4, 8, 16 }));
        // Dense: only 1.
        QCOMPARE(list(allowedValues(p, model("llama-3.1-70b"), ParallelDim::Ep)), QList<int> { 1 });
        // Mixtral has 8 experts: ep 16 would leave GPUs without one.
        QCOMPARE(list(allowedValues(p, model("mixtral-8x7b"), ParallelDim::Ep)), (QList<int> { 1, 2, 4, 8 }));
    }

    void allowedPpUpToLayers()
    {
        Plan p;
        const std::vector<int> pp = allowedValues(p, model("llama-3.1-8b"), ParallelDim::Pp);
        QCOMPARE(static_cast<int>(pp.size()), 32); // 1 .. 32 layers
        QCOMPARE(pp.back(), 32);
    }

    void reasons()
    {
        Plan p;
        const std::string tp3 = disallowedSentence(p, model("llama-3.1-70b"), ParallelDim::Tp, 3).text();
        QVERIFY2(tp3.find("tp must divide the head count") != std::string::npos, tp3.c_str());
        const std::string tp7 = disallowedSentence(p, model("qwen2.5-7b"), ParallelDim::Tp, 7).text();
        QVERIFY2(tp7.find("KV heads") != std::string::npos, tp7.c_str());
        const std::string epDense = disallowedSentence(p, model("llama-3.1-70b"), ParallelDim::Ep, 2).text();
        QVERIFY2(epDense.find("dense") != std::string::npos, epDense.c_str());
        p.tp = 8;
        const std::string ep3 = disallowedSentence(p, model("deepseek-v3"), ParallelDim::Ep, 3).text();
        QVERIFY2(ep3.find("must divide tp x dp = 8") != std::string::npos, ep3.c_str());
        QVERIFY(disallowedSentence(p, model("deepseek-v3"), ParallelDim::Ep, 8).text().empty());
    }

    void epFollowsWhenOn()
    {
        Plan p;
        p.tp = 8;
        p.dp = 2;
        p.ep = 16; // vLLM's --enable-expert-parallel
        const ModelSpec ds = model("deepseek-v3");
        QCOMPARE(withParallelSize(p, ds, ParallelDim::Dp, 4).ep, 32); // 8 x 4
        QCOMPARE(withParallelSize(p, ds, ParallelDim::Tp, 4).ep, 8); // 4 x 2
        p.ep = 4; // a general EP stays where it is while it still divides
        QCOMPARE(withParallelSize(p, ds, ParallelDim::Dp, 3).ep, 4); // 24 % 4 == 0
        QCOMPARE(withParallelSize(p, ds, ParallelDim::Tp, 1).ep, 2); // tp x dp = 2: nearest divisor of 2 to 4
    }

    void snapping()
    {
        const std::vector<int> allowed { 1, 2, 4, 28 };
        QCOMPARE(snapToAllowed(allowed, 3), 2); // tie between 2 and 4: the smaller
        QCOMPARE(snapToAllowed(allowed, 20), 28);
        QCOMPARE(snapToAllowed(allowed, 4), 4);
    }

    void planForModelKeepsItValid()
    {
        Plan p;
        p.modelId = "deepseek-v3";
        p.tp = 8;
        p.dp = 2;
        p.ep = 16;
        p.redundantExperts = 16;
        p.maxModelLen = 163840;
        const Plan dense = planForModel(p, model("llama-3.1-70b"));
        QCOMPARE(dense.ep, 1);
        QCOMPARE(dense.redundantExperts, 0);
        QCOMPARE(dense.maxModelLen, std::int64_t(0)); // 163,840 > Llama's 131,072: back to the model's
        const Plan moe = planForModel(p, model("qwen3-235b-a22b"));
        QCOMPARE(moe.ep, 16); // EP stays on: tp x dp
        QCOMPARE(moe.tp, 8); // 64 heads, 4 KV heads: 8 is a multiple of 4
    }
};

QTEST_MAIN(TestPlanRules)
#include "tst_planrules.moc"
