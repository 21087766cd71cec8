#include "widgets/grid/gridbuilders.h"

#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

using namespace shardscope;

// Rows: nodes. Columns: GPU slots in a node. Each GPU in its stage's (or DP replica's) colour;
// slots the plan leaves idle are hatched.
GridData buildClusterGrid(const std::shared_ptr<const PlanState> &state, ClusterColoring coloring)
{
    const Evaluation &e = state->evaluation;
    if (!e.valid || e.ranks.empty())
        return gridbuild::invalid(*state);
    const Plan &p = e.plan;
    const bool automatic = coloring == ClusterColoring::Automatic;
    if (automatic)
        coloring = p.pp == 1 && p.dp > 1 ? ClusterColoring::Replica : ClusterColoring::Stage;
    const int perNode = e.gpusPerNode;
    GridData d;
    d.rows = e.nodes;
    d.columns = perNode;
    d.cells = QImage(d.columns, d.rows, QImage::Format_RGB32);
    d.cells.fill(palette::emptyCell());
    d.hatched.assign(static_cast<size_t>(d.rows) * d.columns, 0);
    for (int slot = 0; slot < d.rows * d.columns; ++slot) {
        const int row = slot / perNode;
        const int column = slot % perNode;
        if (slot >= e.worldSize) {
            d.hatched[static_cast<size_t>(slot)] = 1;
            d.blocks.push_back({ QRect(column, row, 1, 1), { GridText::tr("idle") } });
            continue;
        }
        const RankPlacement &r = e.ranks[static_cast<size_t>(slot)];
        const QColor c = coloring == ClusterColoring::Stage ? stageColor(r.ppStage) : replicaColor(r.dpRank);
        d.cells.setPixel(column, row, c.rgb());
        d.blocks.push_back({ QRect(column, row, 1, 1),
            { GridText::tr("GPU %1 · stage %2 · DP %3").arg(r.rank).arg(r.ppStage).arg(r.dpRank),
                GridText::tr("GPU %1").arg(r.rank), QString::number(r.rank) } });
    }
    for (int n = 0; n < d.rows; ++n)
        d.rowLabels << GridText::tr("node %1").arg(n);
    d.rowRunLabel = GridText::tr("nodes %1–%2"); // rows too short for one label each
    for (int c = 0; c < d.columns; ++c)
        d.columnLabels << QString::number(c);
    if (p.tp < perNode)
        for (int c = p.tp; c < perNode; c += p.tp)
            d.columnMinorBreaks.push_back(c);
    d.rowAxis = GridText::tr("node");
    d.columnAxis = GridText::tr("GPU slot");
    if (coloring == ClusterColoring::Stage)
        gridbuild::addCategoryLegend(d, GridText::tr("stage"), p.pp, stageColor);
    else
        gridbuild::addCategoryLegend(d, GridText::tr("DP replica"), p.dp, replicaColor);
    if (automatic && coloring == ClusterColoring::Replica)
        d.legend.push_back({ {}, GridText::tr("one pipeline stage: coloured by DP replica"), false, false });
    if (e.worldSize % perNode != 0)
        d.legend.push_back({ palette::emptyCell(), GridText::tr("idle slot"), true });
    d.caption = GridText::tr("%1 GPUs · nodes of %3: %2 · ranks fill nodes in order: rank = (dp × pp + stage) × tp + "
                             "TP rank · thin line: TP group")
                    .arg(e.worldSize)
                    .arg(e.nodes)
                    .arg(perNode);
    d.tooltip = [state, perNode](int row, int column) {
        const int rank = row * perNode + column;
        if (rank >= state->evaluation.worldSize)
            return GridText::tr("<b>node %1, slot %2</b>: idle — the plan uses %3 GPUs")
                .arg(row)
                .arg(column)
                .arg(state->evaluation.worldSize);
        return textformat::gpuSummaryHtml(*state, rank);
    };
    return d;
}
