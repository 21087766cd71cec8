// The Explore view offscreen: the maps show the sweep, clicks choose plans with the window's settings.
// Set SHARDSCOPE_SCREENSHOTS=dir to also save what the view looks like.
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/explore/exploreview.h"
#include "widgets/explore/sweepheatmap.h"
#include "widgets/explore/sweepscatter.h"
#include "widgets/explore/sweepstyle.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>

using namespace shardscope;

Q_DECLARE_METATYPE(shardscope::Plan)

namespace {

// Lecture 0 §6 (docs/DESIGN.md §F.0) settings (textbook accounting, 32K); tst_sweep works the figures out.
Plan seedPlan(int tp, int pp)
{
    Plan plan;
    plan.modelId = "llama-3.1-70b";
    plan.gpuId = "h100-sxm";
    plan.tp = tp;
    plan.pp = pp;
    plan.accounting = Accounting::Textbook;
    plan.gpuMemoryBytes = 80e9;
    plan.reservedBytes = 4.0 * 1024 * 1024 * 1024;
    plan.paramsOverride = 70.6e9;
    plan.maxModelLen = 32768;
    return plan;
}

int indexOf(const std::vector<int> &v, int x)
{
    const auto it = std::find(v.begin(), v.end(), x);
    return it == v.end() ? -1 : int(it - v.begin());
}

QPoint cellPoint(const SweepHeatmap *map, int row, int column)
{
    // Off the label in the middle, inside the cell's fill.
    return map->cellRect(row, column).topLeft() + QPoint(4, 4);
}

} // namespace

class TestExplore : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<PlanDocument> m_document;
    std::unique_ptr<ExploreView> m_view;

    void showSeed(int gpus)
    {
        m_view.reset();
        m_document = std::make_unique<PlanDocument>(builtinCatalog());
        m_view = std::make_unique<ExploreView>(m_document.get());
        m_view->resize(1200, 640);
        m_view->show();
        QSignalSpy done(m_view.get(), &ExploreView::resultChanged);
        // Six GPUs as tp 2 x pp 3: a plan that fits (a plan that does not makes Explore sweep the
        // smallest GPU count that fits instead, tst_nofit).
        Plan plan = seedPlan(gpus == 6 ? 2 : 8, gpus == 6 ? 3 : 1);
        QVERIFY(m_document->setPlan(plan));
        QVERIFY(done.wait(10000));
    }

private slots:
    void initTestCase() { qRegisterMetaType<shardscope::Plan>(); }

    // Eight GPUs, dense: the TP x PP map has the 10 pairs with tp x pp dividing 8 (tst_sweep tpPpMap);
    // the DP x EP map is hidden.
    void mapsShowTheSweep()
    {
        showSeed(8);
        QCOMPARE(m_view->options().gpus, 8); // the plan's world size
        QVERIFY(!m_view->dpEpMap()->isVisible());
        const SweepMap &map = m_view->tpPpMap()->map();
        int present = 0;
        for (const MapCell &c : map.cells)
            present += c.state != CellState::Empty;
        QCOMPARE(present, 10);
        saveScreenshot(*m_view, "explore-llama70b-8.png");
        // Pixels: tp 8 x pp 1 holds the best figure (37/8 requests per GPU) -> the top of the scale;
        // tp 1 x pp 1 does not fit -> grey.
        const QImage img = m_view->tpPpMap()->grab().toImage();
        const int pp1 = indexOf(map.rows, 1);
        const QPoint best = cellPoint(m_view->tpPpMap(), pp1, indexOf(map.columns, 8));
        QCOMPARE(QColor(img.pixel(best)), sweepstyle::sequential(1.0));
        const QPoint none = cellPoint(m_view->tpPpMap(), pp1, indexOf(map.columns, 1));
        QCOMPARE(QColor(img.pixel(none)), sweepstyle::doesNotFit());
    }

    // The scatter: one point per placed plan, by kind; the course sweep has 7 plans that fit (no
    // constraint) and 3 that do not (see tst_sweep seedRanking).
    void scatterShowsEveryPlan()
    {
        showSeed(8);
        const SweepScatter *scatter = m_view->scatter();
        QCOMPARE(scatter->frontCount() + scatter->feasibleCount(), 7);
        QCOMPARE(scatter->greyCount(), 3);
        int front = 0;
        for (const SweepPlan &p : m_view->result()->plans)
            front += p.pareto;
        QCOMPARE(scatter->frontCount(), front);
        // Hovering a plan that does not fit explains why.
        for (const SweepPlan &p : m_view->result()->plans)
            if (p.tp == 1 && p.pp == 1)
                QVERIFY(scatter->toolTipAt(QPointF(p.tpotSec * 1e3, p.tokensPerSecPerGpu))
                            .contains(QStringLiteral("weights do not fit")));
    }

    // Clicking a point applies its plan with the decode step the estimate used.
    void scatterClickChoosesPlan()
    {
        showSeed(8);
        QSignalSpy chosen(m_view.get(), &ExploreView::planChosen);
        const auto result = m_view->result();
        int index = -1;
        for (size_t i = 0; i < result->plans.size(); ++i)
            if (result->plans[i].tp == 4 && result->plans[i].pp == 2)
                index = int(i);
        QVERIFY(index >= 0);
        QTest::mouseClick(m_view->scatter()->viewport(), Qt::LeftButton, {}, m_view->scatter()->viewportPosOf(index));
        QCOMPARE(chosen.size(), 1);
        const Plan p = chosen.at(0).at(0).value<Plan>();
        QCOMPARE(std::tuple(p.tp, p.pp, p.dp, p.ep), std::tuple(4, 2, 1, 1));
        // tp 4 x pp 2 at the window's workload (default 1024 in / 128 out, issue #17 §3): the decode step the
        // estimate simulated, 2 micro-batches of the sweep's batch, each request at the mean context of a
        // decoding request, input + output / 2 = 1024 + 64 tokens (tst_workloadviews).
        QCOMPARE(p.microbatches, 2);
        QCOMPARE(p.batch, result->plans[size_t(index)].batch);
        QVERIFY(p.batch > 1);
        QCOMPARE(p.promptLen, qint64(1024 + 128 / 2));
        QCOMPARE(p.accounting, Accounting::Textbook);
    }

    // Another objective re-ranks without sweeping again; lowest TPOT is the top of the colour scale.
    void objectiveRecolours()
    {
        showSeed(8);
        const auto before = m_view->result();
        SweepOptions o = m_view->options();
        o.objective = SweepObjective::Tpot;
        QSignalSpy done(m_view.get(), &ExploreView::resultChanged);
        m_view->setOptions(o);
        QCOMPARE(done.size(), 1); // at once: no sweep in the background
        QVERIFY(!m_view->isBusy());
        const auto after = m_view->result();
        QCOMPARE(after->options.objective, SweepObjective::Tpot);
        QCOMPARE(after->plans.size(), before->plans.size());
        const SweepMap &map = m_view->tpPpMap()->map();
        const MapCell *fastest = nullptr;
        for (const MapCell &c : map.cells)
            if (c.state == CellState::Ranked && (!fastest || c.figure < fastest->figure))
                fastest = &c;
        QVERIFY(fastest);
        QCOMPARE(fastest->figure, map.minFigure);
        // The ranked plan with the lowest TPOT is rank 1.
        QCOMPARE(after->plans.front().tpotSec, map.minFigure);
        const QImage img = m_view->tpPpMap()->grab().toImage();
        QCOMPARE(QColor(img.pixel(cellPoint(m_view->tpPpMap(), fastest->row, fastest->column))),
            sweepstyle::sequential(1.0));
        saveScreenshot(*m_view, "explore-llama70b-8-tpot.png");
    }

    // A click applies the cell's plan: its sizes, the window's other settings.
    void clickChoosesPlan()
    {
        showSeed(8);
        QSignalSpy chosen(m_view.get(), &ExploreView::planChosen);
        SweepHeatmap *tpPp = m_view->tpPpMap();
        const SweepMap &map = tpPp->map();
        QTest::mouseClick(tpPp, Qt::LeftButton, {}, cellPoint(tpPp, indexOf(map.rows, 2), indexOf(map.columns, 4)));
        QCOMPARE(chosen.size(), 1);
        const Plan p = chosen.at(0).at(0).value<Plan>();
        QCOMPARE(std::tuple(p.tp, p.pp, p.dp, p.ep), std::tuple(4, 2, 1, 1));
        QCOMPARE(p.maxModelLen, qint64(32768));
        QCOMPARE(p.accounting, Accounting::Textbook);
        QCOMPARE(p.modelId, std::string("llama-3.1-70b"));
        // A pair no combination uses (tp 8 x pp 8 on 8 GPUs) chooses nothing.
        QTest::mouseClick(tpPp, Qt::LeftButton, {}, cellPoint(tpPp, indexOf(map.rows, 8), indexOf(map.columns, 8)));
        QCOMPARE(chosen.size(), 1);
        // The tooltip of a plan that does not fit gives the reason.
        QVERIFY(tpPp->toolTipFor(indexOf(map.rows, 1), indexOf(map.columns, 1))
                    .contains(QStringLiteral("weights do not fit")));
    }

    // The dashed hover outline goes when the mouse leaves the map (it stayed on the last cell).
    void hoverOutlineLeavesWithTheMouse()
    {
        showSeed(8);
        SweepHeatmap *tpPp = m_view->tpPpMap();
        const SweepMap &map = tpPp->map();
        const int row = indexOf(map.rows, 2), column = indexOf(map.columns, 4);
        // From outside the cell first: a move to where the pointer already is (the last test clicked this
        // cell at the same geometry) delivers no event.
        QTest::mouseMove(tpPp, QPoint(1, 1));
        QTest::mouseMove(tpPp, cellPoint(tpPp, row, column));
        QCOMPARE(tpPp->hoveredCell(), QPoint(column, row));
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(tpPp, &leave);
        QCOMPARE(tpPp->hoveredCell(), QPoint(-1, -1));
    }

    // The grey states' legend wraps instead of dropping "does not fit" and "impossible" on a
    // narrow map: all three items, each inside the widget.
    void heatmapLegendWraps()
    {
        showSeed(8);
        SweepHeatmap *tpPp = m_view->tpPpMap();
        tpPp->resize(220, 400);
        const std::vector<QRect> items = tpPp->legendItemRects();
        QCOMPARE(items.size(), size_t(3));
        for (const QRect &r : items)
            QVERIFY2(
                r.right() < tpPp->width() || r.left() == items.front().left(), qPrintable(QString::number(r.right())));
        QVERIFY(items.back().top() > items.front().top()); // 220 px cannot hold the three on one line
        tpPp->resize(1400, 400);
        QCOMPARE(tpPp->legendItemRects().back().top(), tpPp->legendItemRects().front().top()); // one line
    }

    // The window's plan moving to other sizes changes the outline, not the sweep.
    void sizesAloneDoNotSweepAgain()
    {
        showSeed(8);
        QSignalSpy done(m_view.get(), &ExploreView::resultChanged);
        const auto before = m_view->result();
        QVERIFY(m_document->setPlan(seedPlan(4, 2)));
        QVERIFY(!m_view->isBusy());
        QVERIFY(!done.wait(200));
        QCOMPARE(m_view->result(), before);
        // Another context length is another sweep.
        Plan longer = seedPlan(4, 2);
        longer.maxModelLen = 65536;
        QVERIFY(m_document->setPlan(longer));
        QVERIFY(done.wait(10000));
        QCOMPARE(m_view->result()->resolved.maxModelLen, qint64(65536));
    }

    // Six GPUs: tp 3 and 6 do not divide Llama's 64 heads. The map shows those pairs as impossible
    // (hatched, with vLLM's reason) and a click on them applies nothing.
    void impossiblePairsExplained()
    {
        showSeed(6);
        QSignalSpy chosen(m_view.get(), &ExploreView::planChosen);
        SweepHeatmap *tpPp = m_view->tpPpMap();
        const SweepMap &map = tpPp->map();
        QCOMPARE(map.columns, (std::vector<int> { 1, 2, 3, 6 }));
        const int row = indexOf(map.rows, 1), column = indexOf(map.columns, 3);
        QCOMPARE(map.at(row, column).state, CellState::Impossible);
        QVERIFY(tpPp->toolTipFor(row, column).contains(QStringLiteral("64 attention heads")));
        QTest::mouseClick(tpPp, Qt::LeftButton, {}, cellPoint(tpPp, row, column));
        QCOMPARE(chosen.size(), 0);
        saveScreenshot(*m_view, "explore-llama70b-6.png");
    }

    // MoE: the DP x EP map appears.
    void moeShowsDpEp()
    {
        PlanDocument document(builtinCatalog());
        ExploreView view(&document);
        view.resize(1200, 640);
        view.show();
        QSignalSpy done(&view, &ExploreView::resultChanged);
        Plan plan;
        plan.tp = 8;
        plan.dp = 2;
        plan.ep = 16;
        plan.maxModelLen = 32768;
        plan.modelId = "deepseek-v3";
        plan.gpuId = "h200";
        QVERIFY(document.setPlan(plan));
        QVERIFY(done.wait(10000));
        QVERIFY(view.dpEpMap()->isVisible());
        QCOMPARE(view.options().gpus, 16);
        saveScreenshot(view, "explore-deepseek-v3-16.png");
    }
};

QTEST_MAIN(TestExplore)
#include "tst_explore.moc"
