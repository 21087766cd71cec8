#include "widgets/grid/gridbuilders.h"

#include "core/evaluate/placement.h"
#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

using namespace shardscope;

namespace {

// The GPUs that are TP rank `tpRank`: one per stage and DP replica.
QString gpusOfTpRank(const Evaluation &e, int tpRank)
{
    QStringList list;
    const int count = e.plan.pp * e.plan.dp;
    for (int i = 0; i < count && i < 6; ++i)
        list << QString::number(globalRank(i / e.plan.pp, i % e.plan.pp, tpRank, e.plan.tp, e.plan.pp));
    if (count > 6)
        list << GridText::tr("… (%1 GPUs)").arg(count);
    return list.join(QStringLiteral(", "));
}

} // namespace

// Columns: query heads. Two rows per TP rank: the query heads it holds, and its KV cache drawn under
// the query heads it serves (GQA: KV head k serves query heads k·q/kv … (k+1)·q/kv − 1). KV that
// several ranks hold (tp > n_kv) is hatched. MLA: one latent vector serves every head and every
// rank holds all of it, so the ranks' identical KV rows are one hatched row under the query rows,
// which leaves each row twice the height and room for its label.
GridData buildHeadsGrid(const std::shared_ptr<const PlanState> &state)
{
    const Evaluation &e = state->evaluation;
    if (!e.valid || e.ranks.empty())
        return gridbuild::invalid(*state);
    const ModelSpec &m = state->model;
    const bool mla = m.isMla();
    const int tp = e.plan.tp;
    const int q = m.heads;
    const int kv = mla ? 1 : m.kvHeads;
    const int group = q / kv; // query heads per KV head
    GridData d;
    d.rows = mla ? tp + 1 : 2 * tp;
    d.columns = q;
    d.cells = QImage(d.columns, d.rows, QImage::Format_RGB32);
    d.cells.fill(palette::emptyCell());
    d.hatched.assign(static_cast<size_t>(d.rows) * d.columns, 0);
    std::vector<GridSpan> ranks;
    for (int t = 0; t < tp; ++t) {
        const HeadSlice s = e.ranks[static_cast<size_t>(t)].heads; // ranks 0..tp-1 are TP ranks 0..tp-1
        const QRgb c = tpRankColor(t).rgb();
        const int qRow = mla ? t : 2 * t;
        const int kvRow = qRow + 1;
        gridbuild::fillRow(d.cells, qRow, s.qFirst, s.qCount, c);
        const QString qRange = textformat::range(s.qFirst, s.qFirst + s.qCount - 1);
        d.blocks.push_back({ QRect(s.qFirst, qRow, s.qCount, 1),
            { GridText::tr("query heads %1").arg(qRange), GridText::tr("q %1").arg(qRange), QString::number(t) } });
        if (mla) {
            d.rowLabels << (tp > 16 ? GridText::tr("TP %1 query").arg(t) : GridText::tr("TP %1").arg(t));
            continue;
        }
        const int kvFirstColumn = s.kvFirst * group;
        const int kvColumns = s.kvCount * group;
        gridbuild::fillRow(d.cells, kvRow, kvFirstColumn, kvColumns, c);
        if (s.kvReplicas > 1)
            std::fill_n(d.hatched.begin() + static_cast<long>(kvRow) * d.columns + kvFirstColumn, kvColumns, quint8(1));
        QStringList kvLabels;
        {
            const QString kvRange = textformat::range(s.kvFirst, s.kvFirst + s.kvCount - 1);
            const QString replicas = s.kvReplicas > 1 ? GridText::tr(", replicated ×%1").arg(s.kvReplicas) : QString();
            kvLabels << GridText::tr("KV head %1 (serves q %2)%3")
                            .arg(kvRange, textformat::range(kvFirstColumn, kvFirstColumn + kvColumns - 1), replicas)
                     << GridText::tr("KV %1%2").arg(
                            kvRange, s.kvReplicas > 1 ? GridText::tr(" ×%1").arg(s.kvReplicas) : QString())
                     << kvRange;
        }
        d.blocks.push_back({ QRect(kvFirstColumn, kvRow, kvColumns, 1), kvLabels });
        // Many ranks: rows get too thin for the TP band, so each row label says its rank too.
        if (tp > 16)
            d.rowLabels << GridText::tr("TP %1 query").arg(t) << GridText::tr("TP %1 KV").arg(t);
        else
            d.rowLabels << GridText::tr("query") << GridText::tr("KV");
        ranks.push_back({ qRow, 2, GridText::tr("TP %1").arg(t), QString::number(t) });
        if (t > 0 && tp <= 16)
            d.rowBreaks.push_back(qRow);
    }
    if (mla) {
        // The shared row: grey like the legend's swatch, hatched (held by every rank).
        gridbuild::fillRow(d.cells, tp, 0, q, QColor(0xBB, 0xBB, 0xBB).rgb());
        std::fill_n(d.hatched.begin() + static_cast<long>(tp) * d.columns, q, quint8(1));
        d.blocks.push_back({ QRect(0, tp, q, 1),
            { GridText::tr("MLA latent KV: all %1 heads read it, every TP rank holds all of it (×%2)").arg(q).arg(tp),
                GridText::tr("MLA latent KV, on every TP rank (×%1)").arg(tp), GridText::tr("MLA latent KV"),
                GridText::tr("latent") } });
        d.rowLabels << GridText::tr("latent KV");
        d.rowBreaks.push_back(tp);
    } else
        d.rowBands.push_back(std::move(ranks));
    for (int h = 0; h < q; ++h)
        d.columnLabels << QString::number(h);
    std::vector<GridSpan> groups;
    if (mla)
        groups.push_back(
            { 0, q, GridText::tr("MLA: one latent KV vector (kv_lora_rank + rope) serves all %1 heads").arg(q),
                GridText::tr("MLA latent KV") });
    else
        for (int k = 0; k < kv; ++k)
            groups.push_back({ k * group, group, GridText::tr("KV head %1").arg(k), QString::number(k) });
    d.columnBands.push_back(std::move(groups));
    d.rowAxis = GridText::tr("TP rank");
    d.columnAxis = GridText::tr("query head");

    gridbuild::addCategoryLegend(d, GridText::tr("TP rank"), tp, tpRankColor);
    const HeadSlice s0 = e.ranks.front().heads;
    if (mla)
        d.legend.push_back(
            { QColor(0xBB, 0xBB, 0xBB), GridText::tr("MLA latent KV: every TP rank holds all of it"), true });
    else if (s0.kvReplicas > 1)
        d.legend.push_back({ QColor(0xBB, 0xBB, 0xBB),
            GridText::tr("KV head replicated on %1 TP ranks (tp %2 > %3 KV heads)").arg(s0.kvReplicas).arg(tp).arg(kv),
            true });
    d.caption = GridText::tr("Each TP rank holds %1 of %2 query heads and %3 · the same on every pipeline stage and DP "
                             "replica (GPU = (dp × pp + stage) × tp + TP rank)")
                    .arg(q / tp)
                    .arg(q)
                    .arg(mla ? GridText::tr("the whole MLA latent KV")
                             : GridText::tr("%1 of %2 KV heads").arg(s0.kvCount).arg(kv));

    d.tooltip = [state, group, mla, tp](int row, int column) {
        const Evaluation &ev = state->evaluation;
        if (mla && row == tp)
            return GridText::tr("<b>MLA latent KV</b> · query head %1 reads it<br>one latent vector (kv_lora_rank + "
                                "rope) per token and layer serves all heads; each of the %2 TP ranks holds all of "
                                "it, so TP does not divide the KV cache")
                .arg(column)
                .arg(tp);
        const int t = mla ? row : row / 2;
        const HeadSlice s = ev.ranks[static_cast<size_t>(t)].heads;
        const QString cell = mla || row % 2 == 0
            ? GridText::tr("query head %1").arg(column)
            : (mla ? GridText::tr("MLA latent KV")
                   : GridText::tr("KV head %1 (serves query heads %2)")
                         .arg(column / group)
                         .arg(textformat::range(column / group * group, (column / group + 1) * group - 1)));
        const QString html
            = GridText::tr("<b>TP rank %1</b> · %2<br>holds query heads %3 and %4%5<br>GPUs with this TP rank: %6<hr>")
                  .arg(t)
                  .arg(cell)
                  .arg(textformat::range(s.qFirst, s.qFirst + s.qCount - 1))
                  .arg(mla ? GridText::tr("the MLA latent KV")
                           : GridText::tr("KV head %1").arg(textformat::range(s.kvFirst, s.kvFirst + s.kvCount - 1)))
                  .arg(s.kvReplicas > 1 ? GridText::tr(" (also held by %1 other TP ranks)").arg(s.kvReplicas - 1)
                                        : QString())
                  .arg(gpusOfTpRank(ev, t));
        return html + textformat::gpuSummaryHtml(*state, t);
    };
    return d;
}
