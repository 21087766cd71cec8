#include "widgets/grid/gridbuilders.h"

#include "core/evaluate/placement.h"
#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

using namespace shardscope;

namespace {

// The GPUs of stage `stage` that hold EP rank `epRank`'s experts (placement.h's rule).
std::vector<int> gpusOfEpRank(const Evaluation &e, int stage, int epRank)
{
    const Plan &p = e.plan;
    return ranksOfEpRank(epRank, stage, p.tp, p.pp, p.dp, p.ep);
}

QString listGpus(const std::vector<int> &gpus)
{
    QStringList list;
    for (size_t i = 0; i < gpus.size() && i < 6; ++i)
        list << QString::number(gpus[i]);
    if (gpus.size() > 6)
        list << GridText::tr("… (%1 GPUs)").arg(gpus.size());
    return list.join(QStringLiteral(", "));
}

int stageOfLayer(const Evaluation &e, int layer)
{
    return shardscope::stageOfLayer(e.stageLayers, layer);
}

// A redundant copy is drawn lighter (and hatched) so it reads as "the same owner, a spare".
QRgb redundantTint(QColor c)
{
    return QColor((c.red() * 3 + 255 * 2) / 5, (c.green() * 3 + 255 * 2) / 5, (c.blue() * 3 + 255 * 2) / 5).rgb();
}

} // namespace

// Rows: layers. Columns: physical expert slotCount (E routed experts, then R redundant EPLB copies).
// A MoE layer's cell has its owning EP rank's colour; dense layers are grey across the row.
GridData buildExpertsGrid(const std::shared_ptr<const PlanState> &state)
{
    const Evaluation &e = state->evaluation;
    if (!e.valid || e.ranks.empty())
        return gridbuild::invalid(*state);
    const ModelSpec &m = state->model;
    const Plan &p = e.plan;
    GridData d;
    if (!m.isMoe()) {
        d.caption = GridText::tr(
            "%1 is a dense model: there are no experts to place. Its MLP is split by TP (tp = %2) in every layer.")
                        .arg(textformat::qs(m.name))
                        .arg(p.tp);
        return d;
    }
    const int experts = m.experts;
    const int slotCount = experts + p.redundantExperts;
    d.rows = m.layers;
    d.columns = slotCount;
    d.cells = QImage(d.columns, d.rows, QImage::Format_RGB32);
    std::vector<int> owner(static_cast<size_t>(slotCount));
    std::vector<QRgb> moeRow(static_cast<size_t>(slotCount));
    for (int s = 0; s < slotCount; ++s) {
        owner[static_cast<size_t>(s)] = epRankOfSlot(s, experts, p.redundantExperts, p.ep, p.expertPlacement);
        const QColor c = epRankColor(owner[static_cast<size_t>(s)]);
        moeRow[static_cast<size_t>(s)] = s < experts ? c.rgb() : redundantTint(c);
    }
    if (p.redundantExperts > 0)
        d.hatched.assign(static_cast<size_t>(d.rows) * d.columns, 0);
    const QRgb dense = palette::denseLayer().rgb();
    for (int l = 0; l < m.layers; ++l) {
        const bool moe = m.layerInfo[static_cast<size_t>(l)].moe;
        auto *line = reinterpret_cast<QRgb *>(d.cells.scanLine(l));
        if (!moe) {
            std::fill(line, line + slotCount, dense);
            continue;
        }
        std::copy(moeRow.begin(), moeRow.end(), line);
        for (int s = experts; s < slotCount; ++s)
            d.hatched[static_cast<size_t>(l) * d.columns + s] = 1;
    }

    // Row runs: consecutive layers of one kind (dense / MoE) inside one stage.
    std::vector<GridSpan> kinds;
    std::vector<GridSpan> stages;
    for (int l = 0; l < m.layers;) {
        const bool moe = m.layerInfo[static_cast<size_t>(l)].moe;
        const int stage = stageOfLayer(e, l);
        int end = l + 1;
        while (end < m.layers && m.layerInfo[static_cast<size_t>(end)].moe == moe && stageOfLayer(e, end) == stage)
            ++end;
        kinds.push_back({ l, end - l, moe ? GridText::tr("MoE") : GridText::tr("dense"), {} });
        if (!moe) {
            d.blocks.push_back({ QRect(0, l, slotCount, end - l),
                { GridText::tr("dense: one MLP split by TP (tp = %1), no experts").arg(p.tp),
                    GridText::tr("dense") } });
        } else {
            for (int s = 0; s < slotCount;) {
                const int r = owner[static_cast<size_t>(s)];
                int stop = s + 1;
                while (stop < slotCount && owner[static_cast<size_t>(stop)] == r && (stop < experts) == (s < experts))
                    ++stop;
                const std::vector<int> gpus = gpusOfEpRank(e, stage, r);
                QStringList labels;
                if (gpus.size() == 1) {
                    labels << GridText::tr("GPU %1").arg(gpus.front()) << QString::number(gpus.front());
                } else {
                    if (gpus.size() <= 4)
                        labels << GridText::tr("EP %1 · GPUs %2").arg(r).arg(listGpus(gpus));
                    labels << GridText::tr("EP %1").arg(r) << QString::number(r);
                }
                d.blocks.push_back({ QRect(s, l, stop - s, end - l), labels });
                s = stop;
            }
        }
        l = end;
    }
    for (int s = 0; s < p.pp; ++s) {
        int first = 0;
        for (int k = 0; k < s; ++k)
            first += e.stageLayers[static_cast<size_t>(k)];
        stages.push_back(
            { first, e.stageLayers[static_cast<size_t>(s)], GridText::tr("stage %1").arg(s), QString::number(s) });
        if (s > 0)
            d.rowBreaks.push_back(first);
    }
    if (p.pp > 1)
        d.rowBands.push_back(std::move(stages));
    d.rowBands.push_back(std::move(kinds));
    for (int l = 0; l < m.layers; ++l)
        d.rowLabels << QString::number(l);
    // A few dense layers among many MoE ones (DeepSeek-V3: 3 of 61) get a text line each, and their
    // numbers; when dense layers are many (every other layer) they are as tall as the rest anyway.
    if (const int dense = m.layers - m.moeLayerCount(); dense > 0 && dense * 4 <= m.layers)
        for (int l = 0; l < m.layers; ++l)
            if (!m.layerInfo[static_cast<size_t>(l)].moe) {
                d.tallRows.push_back(l);
                d.pinnedRows.push_back(l);
            }
    for (int s = 0; s < slotCount; ++s)
        d.columnLabels << QString::number(s < experts ? s : s % experts);
    if (p.redundantExperts > 0)
        d.columnBands.push_back(
            { { 0, experts, GridText::tr("routed experts (%1)").arg(experts), GridText::tr("routed") },
                { experts, p.redundantExperts, GridText::tr("redundant (%1)").arg(p.redundantExperts),
                    GridText::tr("R") } });
    if (p.expertPlacement == ExpertPlacement::Linear && p.ep > 1 && p.ep <= 64) {
        std::vector<GridSpan> ranks;
        for (int s = 0; s < slotCount;) {
            int stop = s + 1;
            while (stop < slotCount && owner[static_cast<size_t>(stop)] == owner[static_cast<size_t>(s)])
                ++stop;
            ranks.push_back({ s, stop - s, GridText::tr("EP %1").arg(owner[static_cast<size_t>(s)]),
                QString::number(owner[static_cast<size_t>(s)]) });
            s = stop;
        }
        d.columnBands.push_back(std::move(ranks));
    }
    d.rowAxis = GridText::tr("layer");
    d.columnAxis = GridText::tr("expert");

    gridbuild::addCategoryLegend(d, GridText::tr("EP rank"), p.ep, epRankColor);
    if (m.moeLayerCount() < m.layers)
        d.legend.push_back({ palette::denseLayer(), GridText::tr("dense layer") });
    if (p.redundantExperts > 0)
        d.legend.push_back({ QColor(redundantTint(epRankColor(0))), GridText::tr("redundant copy (EPLB)"), true });

    const QString placement = p.expertPlacement == ExpertPlacement::Linear ? GridText::tr("linear placement")
                                                                           : GridText::tr("round-robin placement");
    if (p.ep == 1)
        d.caption = GridText::tr("EP off: each of the %1 experts is split over the stage's GPUs, moe_tp = tp × dp = %2 "
                                 "· MoE layers: %3, dense: %4")
                        .arg(experts)
                        .arg(e.moeTp)
                        .arg(m.moeLayerCount())
                        .arg(m.layers - m.moeLayerCount());
    else
        d.caption = GridText::tr("EP %1: expert slots per GPU per MoE layer: %2%3 · %4 · MoE layers: %5, dense: %6")
                        .arg(p.ep)
                        .arg(static_cast<double>(slotCount) / p.ep, 0, 'g', 4)
                        .arg(e.moeTp > 1 ? GridText::tr(", each expert split %1 ways").arg(e.moeTp) : QString())
                        .arg(placement)
                        .arg(m.moeLayerCount())
                        .arg(m.layers - m.moeLayerCount());

    d.tooltip = [state, owner, experts](int row, int column) {
        const Evaluation &ev = state->evaluation;
        const int stage = stageOfLayer(ev, row);
        if (!state->model.layerInfo[static_cast<size_t>(row)].moe)
            return GridText::tr("<b>layer %1</b> (stage %2) is dense: one MLP split by TP (tp = %3), no experts")
                .arg(row)
                .arg(stage)
                .arg(ev.plan.tp);
        const int r = owner[static_cast<size_t>(column)];
        const std::vector<int> gpus = gpusOfEpRank(ev, stage, r);
        QString html
            = (gpus.size() == 1
                    ? GridText::tr("<b>layer %1 · expert %2</b>%3<br>EP rank %4 · stage %5 · GPU %6%7<hr>")
                    : GridText::tr("<b>layer %1 · expert %2</b>%3<br>EP rank %4 · stage %5 · GPUs %6%7<hr>"))
                  .arg(row)
                  .arg(column % experts)
                  .arg(column >= experts ? GridText::tr(" (redundant copy in slot %1)").arg(column) : QString())
                  .arg(r)
                  .arg(stage)
                  .arg(listGpus(gpus))
                  .arg(ev.moeTp > 1 ? GridText::tr(" — each holds 1/%1 of it").arg(ev.moeTp) : QString());
        return html + textformat::gpuSummaryHtml(*state, gpus.front());
    };
    return d;
}
