#include "widgets/grid/gridbuilders.h"

#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

using namespace shardscope;

// Rows: the embedding, layers 0..L-1, the LM head. Columns: GPUs in rank order. A cell is filled,
// in its pipeline stage's colour, when that GPU holds (its TP share of) that row.
GridData buildLayersGrid(const std::shared_ptr<const PlanState> &state)
{
    const Evaluation &e = state->evaluation;
    if (!e.valid || e.ranks.empty())
        return gridbuild::invalid(*state);
    const Plan &p = e.plan;
    const int layers = state->model.layers;
    GridData d;
    d.rows = layers + 2;
    d.columns = e.worldSize;
    d.cells = QImage(d.columns, d.rows, QImage::Format_RGB32);
    d.cells.fill(palette::emptyCell());
    for (const RankPlacement &r : e.ranks) {
        const QRgb c = stageColor(r.ppStage).rgb();
        for (int l = r.firstLayer; l <= r.lastLayer; ++l)
            d.cells.setPixel(r.rank, l + 1, c);
        if (r.embedding)
            d.cells.setPixel(r.rank, 0, c);
        if (r.lmHead)
            d.cells.setPixel(r.rank, layers + 1, c);
    }

    d.rowLabels << GridText::tr("embed");
    for (int l = 0; l < layers; ++l)
        d.rowLabels << QString::number(l);
    d.rowLabels << GridText::tr("LM head");
    d.rowLabelPhase = 1; // layer 0, 2, 4 ... rather than rows 0, 2, 4
    d.pinnedRows = { 0, layers + 1 };
    for (int g = 0; g < d.columns; ++g)
        d.columnLabels << QString::number(g);
    d.rowAxis = GridText::tr("layer");
    d.columnAxis = GridText::tr("GPU");

    std::vector<GridSpan> stages;
    int first = 0;
    for (int s = 0; s < p.pp; ++s) {
        const int n = e.stageLayers[static_cast<size_t>(s)];
        stages.push_back({ first + 1, n, GridText::tr("stage %1").arg(s), QString::number(s) });
        if (s > 0)
            d.rowBreaks.push_back(first + 1);
        first += n;
    }
    d.rowBands.push_back(std::move(stages));

    std::vector<GridSpan> nodes;
    for (int n = 0; n < e.nodes; ++n) {
        const int start = n * e.gpusPerNode;
        nodes.push_back({ start, std::min(e.gpusPerNode, e.worldSize - start), GridText::tr("node %1").arg(n),
            QString::number(n) });
        if (n > 0)
            d.columnBreaks.push_back(start);
    }
    d.columnBands.push_back(std::move(nodes));
    if (p.dp > 1) {
        std::vector<GridSpan> replicas;
        replicas.reserve(static_cast<size_t>(p.dp));
        for (int r = 0; r < p.dp; ++r)
            replicas.push_back({ r * p.tp * p.pp, p.tp * p.pp, GridText::tr("DP replica %1").arg(r),
                GridText::tr("DP %1").arg(r), QString::number(r) });
        d.columnBands.push_back(std::move(replicas));
    }
    for (int g = p.tp; g < d.columns; g += p.tp)
        if (g % e.gpusPerNode != 0)
            d.columnMinorBreaks.push_back(g);

    // One labelled block per TP group: the tp GPUs that share a stage's layers.
    for (int g = 0; g < d.columns; g += p.tp) {
        const RankPlacement &r = e.ranks[static_cast<size_t>(g)];
        const QRect cells(g, r.firstLayer + 1, p.tp, r.lastLayer - r.firstLayer + 1);
        const QString gpus = textformat::range(g, g + p.tp - 1);
        d.blocks.push_back({ cells,
            { GridText::tr("GPU %1 · layers %2").arg(gpus, textformat::range(r.firstLayer, r.lastLayer)),
                GridText::tr("GPU %1").arg(gpus), gpus } });
    }

    gridbuild::addCategoryLegend(d, GridText::tr("stage"), p.pp, stageColor);
    d.legend.push_back({ palette::emptyCell(), GridText::tr("not held") });
    d.legend.push_back({ {}, GridText::tr("thick line: node boundary · thin line: TP group"), false, false });

    QStringList split;
    for (int n : e.stageLayers)
        split << QString::number(n);
    d.caption = GridText::tr("%1 layers · pipeline stages: %2 (%3 layers) · TP group size %4: each group splits the "
                             "heads and MLP of its layers · DP replicas: %5")
                    .arg(layers)
                    .arg(p.pp)
                    .arg(split.join(QStringLiteral(", ")))
                    .arg(p.tp)
                    .arg(p.dp);

    d.tooltip = [state, layers](int row, int column) {
        const RankPlacement &r = state->evaluation.ranks[static_cast<size_t>(column)];
        QString what;
        bool held;
        if (row == 0) {
            what = GridText::tr("embedding");
            held = r.embedding;
        } else if (row == layers + 1) {
            what = GridText::tr("LM head");
            held = r.lmHead;
        } else {
            what = GridText::tr("layer %1").arg(row - 1);
            held = row - 1 >= r.firstLayer && row - 1 <= r.lastLayer;
        }
        const QString head = held
            ? GridText::tr("<b>%1</b> — on this GPU (its 1/%2 TP share)<hr>").arg(what).arg(state->evaluation.plan.tp)
            : GridText::tr("<b>%1</b> — not on this GPU<hr>").arg(what);
        return head + textformat::gpuSummaryHtml(*state, column);
    };
    return d;
}
