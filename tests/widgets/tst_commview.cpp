// The communication view shows the core's ledger for decode and prefill. Expected values from
// lecture 0 §4 (docs/DESIGN.md §F.0, §7).
#include "core/text/units.h"
#include "tests/common/testutils.h"
#include "widgets/comm/commchart.h"
#include "widgets/comm/commpanel.h"
#include "widgets/comm/commrows.h"
#include "widgets/comm/commtablemodel.h"
#include "widgets/document/plandocument.h"

#include <QAbstractItemModelTester>

using namespace shardscope;

namespace {
const CommRow *find(const std::vector<CommRow> &rows, CommRow::Kind kind)
{
    for (const CommRow &r : rows)
        if (r.kind == kind)
            return &r;
    return nullptr;
}
} // namespace

class TestCommView : public QObject
{
    Q_OBJECT
private slots:
    void seedTensorParallel()
    {
        PlanDocument doc(builtinCatalog());
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4);
        p.batch = 64;
        doc.setPlan(p);
        const CommPhases phases = commPhases(*doc.state());
        QCOMPARE(phases.decode.tokens, std::int64_t(64));
        QCOMPARE(phases.prefill.tokens, std::int64_t(4096)); // the default prompt length
        const auto rows = commRows(*doc.state(), phases);
        const CommRow *tp = find(rows, CommRow::TpAllReduce);
        QVERIFY(tp);
        // S = 64 x 8192 x 2 B = 1 MiB; 2 x 80 layers = 160 per step; ring: 2 x 3/4 x 1 MiB each,
        // 160 x 1.5 MiB = 240 MiB per GPU.
        QCOMPARE(tp->decodeMessage, 1.0 * MiB);
        QCOMPARE(tp->perStep, 160);
        QCOMPARE(tp->decodeSent, 240.0 * MiB);
        QCOMPARE(tp->link, LinkKind::ScaleUp);
        // Prefill: n = 4,096 tokens, 64 times the decode message.
        QCOMPARE(tp->prefillMessage, 64.0 * MiB);
        QVERIFY(tp->decodeSec > 0 && tp->prefillSec > tp->decodeSec);
        QVERIFY(!find(rows, CommRow::PpSend));
        QVERIFY(!find(rows, CommRow::Ep)); // dense
    }

    void seedPipeline()
    {
        PlanDocument doc(builtinCatalog());
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 1, 4);
        p.batch = 64;
        doc.setPlan(p);
        const auto rows = commRows(*doc.state(), commPhases(*doc.state()));
        const CommRow *pp = find(rows, CommRow::PpSend);
        QVERIFY(pp);
        // pp - 1 = 3 sends of hidden + residual: 2 x 64 x 8192 x 2 B = 2 MiB.
        QCOMPARE(pp->perStep, 3);
        QCOMPARE(pp->decodeMessage, 2.0 * MiB);
        QVERIFY(!find(rows, CommRow::TpAllReduce)); // tp 1: nothing to reduce
    }

    void seedExpertParallel()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 2, 16));
        const auto rows = commRows(*doc.state(), commPhases(*doc.state()));
        const CommRow *ep = find(rows, CommRow::Ep);
        QVERIFY(ep);
        // 2 x k x h x b = 2 x 8 x 7168 x 2 = 229,376 B per token per MoE layer; 58 MoE layers, a
        // dispatch and a combine each.
        QVERIFY2(ep->formula.contains(QStringLiteral("229,376")), qPrintable(ep->formula));
        QCOMPARE(ep->perStep, 2 * 58);
        QCOMPARE(ep->link, LinkKind::Nic); // the EP group spans the two nodes
        QVERIFY(find(rows, CommRow::LinkTotal));
    }

    void tableModel()
    {
        PlanDocument doc(builtinCatalog());
        CommTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 2, 2, 16));
        model.setRows(doc.state(), commRows(*doc.state(), commPhases(*doc.state())));
        QVERIFY(model.rowCount() >= 5);
        QCOMPARE(model.data(model.index(0, CommTableModel::PerStep), Qt::UserRole).toInt(), 2 * 61); // 2 per layer
        doc.setPlan(makePlan("llama-3.1-8b", "h100-sxm", 1));
        model.setRows(doc.state(), commRows(*doc.state(), commPhases(*doc.state())));
        QCOMPARE(model.rowCount(), 0); // one GPU: nothing crosses a link
    }

    void panel()
    {
        PlanDocument doc(builtinCatalog());
        CommPanel panel(&doc);
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4, 2);
        p.batch = 64;
        doc.setPlan(p);
        panel.resize(1200, 400);
        panel.show();
        QTest::qWait(0);
        QVERIFY(panel.chart()->showsChart());
        QCOMPARE(panel.chart()->kinds().first(), QStringLiteral("TP"));
        QVERIFY(panel.summary().contains(QStringLiteral("TPOT")));
        // The batch is the workload's (the document's default one), in pp = 2 micro-batches.
        QVERIFY2(panel.summary().contains(QStringLiteral("(m = pp)")), qPrintable(panel.summary()));
        QVERIFY(panel.summary().contains(QStringLiteral("estimated")));
        doc.setPlan(makePlan("llama-3.1-8b", "h100-sxm", 1));
        QVERIFY(!panel.chart()->showsChart()); // says why instead of an empty chart
    }

    // Times, not shares: each phase on its own axis, in the unit its total reads best in.
    void chartInTime()
    {
        QCOMPARE(CommChart::unitFor(5e-4).name, QStringLiteral("µs")); // 500 µs
        QCOMPARE(CommChart::unitFor(5e-4).perSecond, 1e6);
        QCOMPARE(CommChart::unitFor(1e-3).name, QStringLiteral("ms")); // 1 ms is no longer µs
        QCOMPARE(CommChart::unitFor(0.02).perSecond, 1e3);
        QCOMPARE(CommChart::unitFor(2.0).name, QStringLiteral("s"));

        PlanDocument doc(builtinCatalog());
        CommPanel panel(&doc);
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4);
        p.batch = 64;
        doc.setPlan(p);
        panel.resize(1200, 400);
        panel.show();
        QTest::qWait(0);
        const CommChart *chart = panel.chart();
        double decode = 0, prefill = 0;
        for (double s : chart->decodeSeconds())
            decode += s;
        for (double s : chart->prefillSeconds())
            prefill += s;
        for (const auto &[total, title, max] : { std::tuple(decode, chart->decodeAxisTitle(), chart->decodeAxisMax()),
                 std::tuple(prefill, chart->prefillAxisTitle(), chart->prefillAxisMax()) }) {
            const CommChart::TimeUnit u = CommChart::unitFor(total);
            QVERIFY2(title.endsWith(QStringLiteral(", %1").arg(u.name)), qPrintable(title));
            // The bar ends inside the axis, on a round value at most 2.5 x past it (1, 2, 2.5, 5 steps).
            QVERIFY(max >= total * u.perSecond * (1 - 1e-9));
            QVERIFY(max <= 2.5 * total * u.perSecond);
        }
        QVERIFY(chart->decodeAxisTitle().startsWith(QStringLiteral("Decode")));
    }
};

QTEST_MAIN(TestCommView)
#include "tst_commview.moc"
