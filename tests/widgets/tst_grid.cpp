// The placement grid paints each cell in the colour of the GPU (stage, TP rank, EP rank) that owns
// it. Owners are worked out by hand from docs/DESIGN.md §2 and checked on the rendered pixels.
#include "tests/common/testutils.h"
#include "widgets/common/palette.h"
#include "widgets/document/plandocument.h"
#include "widgets/export/viewexport.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/grid/gridpainter.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>

using namespace shardscope;

namespace {

struct Rendered
{
    QImage image;
    GridGeometry geometry;
};

Rendered render(PlacementGrid &grid)
{
    grid.resize(1200, 800);
    grid.show();
    QTest::qWait(0);
    return { grid.grab().toImage(), grid.frame().cells };
}

// Near the top of the cell, clear of the cell border and of a block label centred in the cell.
QColor pixelAt(const Rendered &r, int row, int column)
{
    const QRectF cell = r.geometry.cellRect(row, column);
    return r.image.pixelColor(QPointF(cell.center().x(), cell.top() + std::min(2.0, cell.height() / 2)).toPoint());
}

std::string dataFile(const char *name)
{
    QFile f(qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/core/data/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

QStringList swatchTexts(const GridData &d)
{
    QStringList texts;
    for (const GridLegendEntry &e : d.legend)
        if (e.swatch)
            texts << e.text;
    return texts;
}

QColor legendColor(const GridData &d, const QString &text)
{
    for (const GridLegendEntry &e : d.legend)
        if (e.text == text)
            return e.color;
    return {};
}

// The middle of a row's strip `strip` (0: token mixer, 1: FFN) left of the cells.
QColor markAt(PlacementGrid &grid, const Rendered &r, int strip, int row)
{
    const QRectF s = grid.frame().rowMarks.at(static_cast<size_t>(strip));
    return r.image.pixelColor(QPointF(s.center().x(), r.geometry.cellRect(row, 0).center().y()).toPoint());
}

} // namespace

class TestGrid : public QObject
{
    Q_OBJECT
private slots:
    void layersOwnedByStage()
    {
        PlanDocument doc(builtinCatalog());
        // DeepSeek-V3, 61 layers on pp 4: 15, 15, 16, 15 -> stage 2 holds layers 30..45.
        // GPU 19 = (dp 0 x 4 + stage 2) x 8 + tp 3.
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 4));
        PlacementGrid grid(&doc, buildLayersGrid);
        const Rendered r = render(grid);
        QCOMPARE(grid.data().rows, 61 + 2); // embedding, 61 layers, LM head
        QCOMPARE(grid.data().columns, 32); // 8 x 4 GPUs
        QCOMPARE(pixelAt(r, 30 + 1, 19), stageColor(2)); // layer 30 on GPU 19
        QCOMPARE(pixelAt(r, 29 + 1, 19), palette::emptyCell()); // layer 29 is stage 1's
        QCOMPARE(pixelAt(r, 0, 3), stageColor(0)); // embedding on the first stage
        QCOMPARE(pixelAt(r, 62, 27), stageColor(3)); // LM head on the last (GPU 27 = stage 3)
        QCOMPARE(pixelAt(r, 62, 3), palette::emptyCell());
        const QString tip = grid.toolTipAt(r.geometry.cellRect(31, 19).center().toPoint());
        QVERIFY2(tip.contains(QStringLiteral("GPU 19")) && tip.contains(QStringLiteral("node 2"))
                && tip.contains(QStringLiteral("stage 2")),
            qPrintable(tip)); // node = 19 / 8 = 2
    }

    void layerKindsNemotronH()
    {
        PlanDocument doc(builtinCatalog());
        const std::string id = doc.addModelJson(dataFile("nemotron-3-nano-30b-a3b-config.json"), "nemotron-3-nano");
        QVERIFY(doc.setPlan(makePlan(id.c_str(), "h200", 2, 2)));
        PlacementGrid grid(&doc, buildLayersGrid);
        const Rendered r = render(grid);
        // hybrid_override_pattern "MEMEM*EMEMEM*...": M = Mamba-2 mixer without FFN, E = MoE FFN without a
        // mixer, * = attention without FFN (vllm nemotron_h.py). Present: attention, Mamba-2, no mixer;
        // MoE, no FFN; never sliding, GDN or a dense MLP.
        QCOMPARE(swatchTexts(grid.data()),
            QStringList({ QStringLiteral("stage 0"), QStringLiteral("stage 1"), QStringLiteral("not held"),
                QStringLiteral("full attention"), QStringLiteral("Mamba-2 (fixed state)"),
                QStringLiteral("no attention"), QStringLiteral("MoE FFN"), QStringLiteral("no FFN") }));
        QCOMPARE(grid.data().rowMarks.size(), size_t(2));
        // Rows are layer + 1 (row 0 is the embedding). Layer 0 'M', layer 1 'E', layer 5 '*'.
        const QColor mamba = legendColor(grid.data(), QStringLiteral("Mamba-2 (fixed state)"));
        const QColor attention = legendColor(grid.data(), QStringLiteral("full attention"));
        const QColor moe = legendColor(grid.data(), QStringLiteral("MoE FFN"));
        QVERIFY(mamba != attention && moe != mamba && moe != attention);
        QCOMPARE(markAt(grid, r, 0, 1), mamba);
        QCOMPARE(markAt(grid, r, 0, 6), attention);
        QCOMPARE(markAt(grid, r, 1, 2), moe);
        QCOMPARE(markAt(grid, r, 0, 2), legendColor(grid.data(), QStringLiteral("no attention")));
        QCOMPARE(markAt(grid, r, 1, 1), legendColor(grid.data(), QStringLiteral("no FFN")));
        // The embedding row has no mark: the strip shows the background.
        QVERIFY(markAt(grid, r, 0, 0) != mamba && markAt(grid, r, 0, 0) != attention);
        const QString tip = grid.toolTipAt(r.geometry.cellRect(6, 0).center().toPoint());
        QVERIFY2(tip.contains(QStringLiteral("layer 5 (full attention · no FFN)")), qPrintable(tip));
    }

    void layerKindsQwen35AndDense()
    {
        PlanDocument doc(builtinCatalog());
        const std::string id = doc.addModelJson(dataFile("qwen3.5-27b-config.json"), "qwen3.5-27b");
        QVERIFY(doc.setPlan(makePlan(id.c_str(), "h200", 1)));
        {
            PlacementGrid grid(&doc, buildLayersGrid);
            const Rendered r = render(grid);
            // full_attention_interval 4: layers 3, 7, ... attend, the others are Gated DeltaNet; every layer
            // has a dense MLP.
            QCOMPARE(swatchTexts(grid.data()),
                QStringList({ QStringLiteral("stage 0"), QStringLiteral("not held"), QStringLiteral("full attention"),
                    QStringLiteral("Gated DeltaNet (fixed state)"), QStringLiteral("dense FFN") }));
            QCOMPARE(markAt(grid, r, 0, 3 + 1), legendColor(grid.data(), QStringLiteral("full attention")));
            QCOMPARE(
                markAt(grid, r, 0, 2 + 1), legendColor(grid.data(), QStringLiteral("Gated DeltaNet (fixed state)")));
        }
        // A plain dense model: one kind of each.
        QVERIFY(doc.setPlan(makePlan("llama-3.1-70b", "h200", 4)));
        PlacementGrid grid(&doc, buildLayersGrid);
        QCOMPARE(swatchTexts(grid.data()),
            QStringList({ QStringLiteral("stage 0"), QStringLiteral("not held"), QStringLiteral("full attention"),
                QStringLiteral("dense FFN") }));
    }

    void expertsOwnedByEpRank()
    {
        PlanDocument doc(builtinCatalog());
        // EP 16 over 256 experts, linear: 16 per rank, expert 37 -> EP rank 2 = GPU 2 (dp 0, tp 2).
        // Layers 0-2 are dense (first_k_dense_replace = 3).
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 2, 16));
        PlacementGrid grid(&doc, buildExpertsGrid);
        Rendered r = render(grid);
        QCOMPARE(grid.data().columns, 256);
        QCOMPARE(pixelAt(r, 10, 37), epRankColor(2));
        QCOMPARE(pixelAt(r, 10, 255), epRankColor(15));
        QCOMPARE(pixelAt(r, 1, 37), palette::denseLayer());
        QVERIFY(grid.toolTipAt(r.geometry.cellRect(10, 37).center().toPoint()).contains(QStringLiteral("GPU 2")));

        // Round robin: expert 37 -> 37 mod 16 = EP rank 5.
        Plan rr = doc.plan();
        rr.expertPlacement = ExpertPlacement::RoundRobin;
        doc.setPlan(rr);
        r = render(grid);
        QCOMPARE(pixelAt(r, 10, 37), epRankColor(5));

        // 16 redundant experts: 272 slots, 17 per rank. Slot 37 -> 37 / 17 = rank 2; slot 260 (a copy of
        // expert 260 - 256 = 4) -> 260 / 17 = rank 15, hatched.
        Plan eplb = doc.plan();
        eplb.expertPlacement = ExpertPlacement::Linear;
        eplb.redundantExperts = 16;
        doc.setPlan(eplb);
        r = render(grid);
        QCOMPARE(grid.data().columns, 272);
        QCOMPARE(pixelAt(r, 10, 37), epRankColor(2));
        QVERIFY(grid.data().isHatched(10, 260));
        QVERIFY(!grid.data().isHatched(10, 37));
        QVERIFY(grid.toolTipAt(r.geometry.cellRect(10, 260).center().toPoint()).contains(QStringLiteral("expert 4")));
    }

    // DeepSeek-V3's 3 dense layers (first_k_dense_replace = 3) among 58 MoE ones: in a grid 400 px
    // high the uniform rows would be under 6 px (the dense run a 17-px hairline band with no room for
    // its name). Each dense row now gets a text line and its number, the MoE rows share the rest.
    void expertsDenseRowsLegible()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 2, 16));
        const GridData d = buildExpertsGrid(doc.state());
        QCOMPARE(d.tallRows, (std::vector<int> { 0, 1, 2 }));
        const QFontMetricsF fm(QApplication::font());
        const GridFrame f = layoutGrid(d, QRectF(0, 0, 900, 400), fm, GridView {});
        const GridGeometry &g = f.cells;
        QVERIFY2(g.area.height() / 61 < fm.height(), "the test needs rows thinner than a line");
        for (int r = 0; r < 3; ++r)
            QVERIFY(g.cellRect(r, 0).height() >= fm.height());
        QVERIFY(g.cellRect(3, 0).height() < g.cellRect(0, 0).height());
        QCOMPARE(g.cellRect(3, 0).height(), g.cellRect(60, 0).height());
        // The whole area is still used: the rows end at its bottom.
        QCOMPARE(g.cellsRect(0, 0, 61, 1).bottom(), g.area.bottom());
        QStringList labelled;
        for (const GridLabel &l : rowLabelBoxes(d, f, fm))
            if (l.firstRow < 3)
                labelled << l.text;
        QCOMPARE(labelled, (QStringList { QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2") }));
        // The kind band's "dense" span is tall enough for its name.
        QVERIFY(g.cellsRect(0, 0, 3, 1).height() >= fm.height());
        // The hover finds the right layer in the taller rows.
        PlacementGrid grid(&doc, buildExpertsGrid);
        Rendered r = render(grid);
        QVERIFY(grid.toolTipAt(r.geometry.cellRect(2, 40).center().toPoint()).contains(QStringLiteral("layer 2")));
        QVERIFY(grid.toolTipAt(r.geometry.cellRect(3, 37).center().toPoint()).contains(QStringLiteral("layer 3")));
        QCOMPARE(pixelAt(r, 2, 37), palette::denseLayer());
        QCOMPARE(pixelAt(r, 3, 37), epRankColor(2));
    }

    void headsReplicatedKv()
    {
        PlanDocument doc(builtinCatalog());
        // Llama-3.1-70B, tp 16: 64 / 16 = 4 query heads per rank; 8 KV heads < 16, so each KV head is on
        // 2 ranks: rank 3 holds q 12-15 and KV head 3 / 2 = 1, which serves q 8-15.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 16));
        PlacementGrid grid(&doc, buildHeadsGrid);
        const Rendered r = render(grid);
        QCOMPARE(grid.data().rows, 32); // a query and a KV row per TP rank
        QCOMPARE(pixelAt(r, 2 * 3, 13), tpRankColor(3));
        QCOMPARE(pixelAt(r, 2 * 3, 20), palette::emptyCell());
        QVERIFY(grid.data().isHatched(2 * 3 + 1, 8));
        QVERIFY(grid.data().isHatched(2 * 3 + 1, 15));
        QVERIFY(!grid.data().isHatched(2 * 3 + 1, 16));
        QVERIFY(pixelAt(r, 2 * 3 + 1, 16) == palette::emptyCell());
    }

    // MLA: every TP rank holds the whole latent KV, so the ranks' KV rows are one shared, hatched
    // row under the query rows (the rows were ~10 px with two per rank).
    void headsMlaSharedLatentRow()
    {
        PlanDocument doc(builtinCatalog());
        // DeepSeek-V3: 128 query heads; tp 8 -> 16 per rank, rank 3 holds 48-63.
        doc.setPlan(makePlan("deepseek-v3", "h200", 8));
        const GridData d = buildHeadsGrid(doc.state());
        QCOMPARE(d.rows, 8 + 1);
        QCOMPARE(d.cells.pixelColor(50, 3), tpRankColor(3));
        QCOMPARE(d.cells.pixelColor(47, 3), palette::emptyCell());
        QCOMPARE(d.cells.pixelColor(0, 8), QColor(0xBB, 0xBB, 0xBB));
        QVERIFY(d.isHatched(8, 0) && d.isHatched(8, 127));
        QCOMPARE(d.rowLabels.size(), 9);
        QCOMPARE(d.rowLabels.last(), QStringLiteral("latent KV"));
        QVERIFY(d.tooltip(8, 5).contains(QStringLiteral("MLA latent KV")));
    }

    void clusterByStageAndReplica()
    {
        PlanDocument doc(builtinCatalog());
        // tp 8, pp 2: GPU 11 sits in node 1, slot 3; its stage is (11 / 8) mod 2 = 1.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8, 2));
        PlacementGrid grid(&doc, [](const auto &s) { return buildClusterGrid(s, ClusterColoring::Stage); });
        Rendered r = render(grid);
        QCOMPARE(pixelAt(r, 1, 3), stageColor(1));
        // tp 8, dp 2: GPU 11 is DP replica 11 / 8 = 1.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8, 1, 2));
        grid.setBuilder([](const auto &s) { return buildClusterGrid(s, ClusterColoring::Replica); });
        r = render(grid);
        QCOMPARE(pixelAt(r, 1, 3), replicaColor(1));
        QCOMPARE(pixelAt(r, 0, 3), replicaColor(0));
    }

    // With one stage, colouring by stage paints every GPU alike: the default colours DP replicas then.
    // 16 nodes in rows too short for a label each: every node is still named, by runs ("nodes 0–1"),
    // and while rows are tall enough each node has its own label.
    void clusterRowLabelsNameEveryNode()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128)); // 128 GPUs / 8 per node = 16 nodes
        const GridData d = buildClusterGrid(doc.state(), ClusterColoring::Automatic);
        QCOMPARE(d.rows, 16);
        const QFontMetricsF fm(QApplication::font());
        for (const double height : { 120.0, 1200.0 }) {
            const GridFrame f = layoutGrid(d, QRectF(0, 0, 800, height), fm, GridView {});
            std::vector<int> named(16, 0);
            for (const GridLabel &l : rowLabelBoxes(d, f, fm)) {
                QVERIFY(f.rowLabels.contains(l.box) || f.rowLabels.intersects(l.box));
                if (l.firstRow == l.lastRow)
                    QCOMPARE(l.text, QStringLiteral("node %1").arg(l.firstRow));
                else
                    QCOMPARE(l.text, QStringLiteral("nodes %1–%2").arg(l.firstRow).arg(l.lastRow));
                for (int r = l.firstRow; r <= l.lastRow; ++r)
                    ++named[static_cast<size_t>(r)];
            }
            for (int r = 0; r < 16; ++r)
                QVERIFY2(named[static_cast<size_t>(r)] == 1,
                    qPrintable(QStringLiteral("node %1 at %2 px").arg(r).arg(height)));
            // 120 px less legend, headers and caption leaves under a line of text per row: runs.
            QCOMPARE(f.cells.cellHeight < fm.height(), height < 200);
        }
    }

    void clusterAutomaticColouring()
    {
        PlanDocument doc(builtinCatalog());
        // tp 8, pp 1, dp 4: GPU 8 (node 1, slot 0) is replica 8 / 8 = 1.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8, 1, 4));
        GridData d = buildClusterGrid(doc.state(), ClusterColoring::Automatic);
        QCOMPARE(d.cells.pixelColor(0, 1), replicaColor(1));
        QCOMPARE(d.cells.pixelColor(0, 0), replicaColor(0));
        // tp 8, pp 2, dp 2: GPU 8 is stage 1 of replica 0, so it is coloured by stage.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8, 2, 2));
        d = buildClusterGrid(doc.state(), ClusterColoring::Automatic);
        QCOMPARE(d.cells.pixelColor(0, 1), stageColor(1));
        // The window's cluster tab starts in the automatic colouring.
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 8, 1, 4));
        GridPanel panel(&doc);
        panel.setCurrent(GridKind::Cluster);
        panel.resize(1000, 600);
        panel.show();
        QTest::qWait(0);
        QCOMPARE(panel.grid(GridKind::Cluster)->data().cells.pixelColor(0, 1), replicaColor(1));
    }

    // A row of labels reads the same all along: "GPU 88–95" fits but "GPU 104–111" does not, so the
    // whole row takes the short form; a block with one form ("idle") stands by it.
    void sharedLabelForm()
    {
        const QFontMetricsF fm { QFont() };
        const QStringList a { QStringLiteral("GPU 88–95"), QStringLiteral("88–95") };
        const QStringList b { QStringLiteral("GPU 104–111"), QStringLiteral("104–111") };
        const double w = fm.horizontalAdvance(a[0]) + 4; // room for a's long form, exactly
        QVERIFY(fm.horizontalAdvance(b[0]) + 4 > w); // two digits more
        QCOMPARE(sharedLabelChoice({ w }, { a }, fm), 0);
        QCOMPARE(sharedLabelChoice({ w, w }, { a, b }, fm), 1);
        QCOMPARE(sharedLabelChoice({ 2, 2 }, { a, b }, fm), 2); // nothing fits: no labels
        QCOMPARE(sharedLabelChoice({ 1000, 1000 }, { a, { QStringLiteral("idle") } }, fm), 0);
    }

    // The categorical cycle has 23 colours: at EP 128 rank 23 looked like rank 0. Each further round
    // is shaded, so all 128 ranks differ.
    void expertColoursDistinctAtEp128()
    {
        QCOMPARE(palette::categoricalCount(), 23);
        QSet<QRgb> seen;
        for (int r = 0; r < 128; ++r)
            seen.insert(epRankColor(r).rgb());
        QCOMPARE(seen.size(), 128);
        QVERIFY(epRankColor(23) != epRankColor(0));
        QCOMPARE(epRankColor(5), palette::categorical(5)); // the first round unchanged
    }

    void zoomKeepsTheCellUnderTheCursor()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("kimi-k2", "h200", 8, 1, 4, 32));
        PlacementGrid grid(&doc, buildExpertsGrid);
        Rendered r = render(grid);
        const QPointF anchor = r.geometry.cellRect(40, 300).center();
        grid.zoomBy(4, anchor);
        QVERIFY(grid.zoom() > 3.9);
        r = render(grid);
        const auto cell = r.geometry.cellAt(anchor);
        QVERIFY(cell.has_value());
        QCOMPARE(cell->first, 40);
        QCOMPARE(cell->second, 300);
        // 384 experts over 32 EP ranks: 12 each, expert 300 -> rank 25.
        QCOMPARE(pixelAt(r, 40, 300), epRankColor(25));
        grid.resetZoom();
        QCOMPARE(grid.zoom(), 1.0);
    }

    void exportPngAndSvg()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128));
        PlacementGrid grid(&doc, buildExpertsGrid);
        QTemporaryDir dir;
        const auto render = [&](QPainter &p, const QRect &rect, bool vector) { grid.renderTo(p, rect, vector); };
        const QString png = dir.filePath(QStringLiteral("grid.png"));
        const QString svg = dir.filePath(QStringLiteral("grid.svg"));
        QVERIFY(!exporter::save(png, QSize(1000, 600), QStringLiteral("grid"), render));
        QVERIFY(!exporter::save(svg, QSize(1000, 600), QStringLiteral("grid"), render));
        QCOMPARE(QImage(png).size(), QSize(1000, 600));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<svg"));
        // Cells are drawn as shapes in the SVG: EP rank 0's colour appears as a fill.
        QVERIFY(text.contains(epRankColor(0).name().toLatin1()));
        QVERIFY(exporter::save(dir.filePath(QStringLiteral("no/such/dir/grid.png")), QSize(100, 100), {}, render)
                    .has_value());
    }
};

QTEST_MAIN(TestGrid)
#include "tst_grid.moc"
