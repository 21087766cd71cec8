#include "widgets/grid/gridbuilders.h"

#include "widgets/common/palette.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

using namespace shardscope;

namespace {

// What a layer's row says about it: its token mixer (the KV it keeps) and its FFN. The kinds are those
// of the plan JSON's kv.layer_types (core/evaluate/kvcache.h layerKindCounts) plus the FFN.
enum class MixerMark {
    Full,
    Sliding,
    Chunked,
    Mamba2,
    GatedDeltaNet,
    KimiDelta,
    ShortConv,
    NoAttention,
    Linear,
    Count
};
enum class FfnMark { Moe, Dense, Linear, None, Count };

MixerMark mixerMark(const LayerInfo &l)
{
    switch (l.mixer) {
    case LayerMixer::Attention:
        return l.attention == LayerAttention::Sliding ? MixerMark::Sliding
            : l.attention == LayerAttention::Chunked  ? MixerMark::Chunked
                                                      : MixerMark::Full;
    case LayerMixer::Mamba2:
        return MixerMark::Mamba2;
    case LayerMixer::GatedDeltaNet:
        return MixerMark::GatedDeltaNet;
    case LayerMixer::KimiDelta:
        return MixerMark::KimiDelta;
    case LayerMixer::ShortConv:
        return MixerMark::ShortConv;
    case LayerMixer::None:
        return MixerMark::NoAttention;
    case LayerMixer::Linear:
        return MixerMark::Linear;
    }
    return MixerMark::Full;
}

FfnMark ffnMark(const LayerInfo &l)
{
    if (l.moe)
        return FfnMark::Moe;
    if (l.ffnLinear)
        return FfnMark::Linear;
    return l.ffnIntermediate == 0 ? FfnMark::None : FfnMark::Dense;
}

QColor mixerColor(MixerMark k)
{
    switch (k) {
    case MixerMark::Full:
        return QColor(0x1F, 0x4E, 0x9C); // dark blue: KV grows with every token
    case MixerMark::Sliding:
        return QColor(0x7F, 0xB3, 0xE6); // light blue: KV of the window only
    case MixerMark::Chunked:
        return QColor(0x2A, 0xA1, 0x98); // teal
    case MixerMark::Mamba2:
        return QColor(0xE6, 0x8A, 0x00); // orange: fixed state per request
    case MixerMark::GatedDeltaNet:
        return QColor(0xD4, 0x4A, 0x3A); // red
    case MixerMark::KimiDelta:
        return QColor(0x9B, 0x59, 0xB6); // purple
    case MixerMark::ShortConv:
        return QColor(0xC2, 0x8E, 0x0E); // dark yellow: a small fixed state per request
    case MixerMark::NoAttention:
        return QColor(0xEE, 0xEE, 0xEE);
    case MixerMark::Linear:
        return QColor(0x80, 0x80, 0x50); // olive: one matrix, no KV
    case MixerMark::Count:
        break;
    }
    return {};
}

QColor ffnColor(FfnMark k)
{
    switch (k) {
    case FfnMark::Moe:
        return QColor(0x1E, 0x8E, 0x3E); // green
    case FfnMark::Dense:
        return QColor(0xA8, 0xDB, 0xA0); // light green
    case FfnMark::Linear:
        return QColor(0x80, 0x80, 0x50);
    case FfnMark::None:
        return QColor(0xEE, 0xEE, 0xEE);
    case FfnMark::Count:
        break;
    }
    return {};
}

QString mixerText(MixerMark k, const ModelSpec &m)
{
    switch (k) {
    case MixerMark::Full:
        return m.isSparseMla() ? GridText::tr("sparse MLA attention")
            : m.isMla()        ? GridText::tr("MLA attention")
                               : GridText::tr("full attention");
    case MixerMark::Sliding:
        return GridText::tr("sliding window (%1 tokens)").arg(m.slidingWindow);
    case MixerMark::Chunked:
        return GridText::tr("chunked attention (%1 tokens)").arg(m.chunkSize);
    case MixerMark::Mamba2:
        return GridText::tr("Mamba-2 (fixed state)");
    case MixerMark::GatedDeltaNet:
        return GridText::tr("Gated DeltaNet (fixed state)");
    case MixerMark::KimiDelta:
        return GridText::tr("Kimi Delta Attention (fixed state)");
    case MixerMark::ShortConv:
        return GridText::tr("short convolution (fixed state)");
    case MixerMark::NoAttention:
        return GridText::tr("no attention");
    case MixerMark::Linear:
        return GridText::tr("linear in place of attention");
    case MixerMark::Count:
        break;
    }
    return {};
}

QString ffnText(FfnMark k)
{
    switch (k) {
    case FfnMark::Moe:
        return GridText::tr("MoE FFN");
    case FfnMark::Dense:
        return GridText::tr("dense FFN");
    case FfnMark::Linear:
        return GridText::tr("linear in place of FFN");
    case FfnMark::None:
        return GridText::tr("no FFN");
    case FfnMark::Count:
        break;
    }
    return {};
}

// Two strips left of the cells, the layer's mixer and its FFN, and one legend entry per kind present.
void addLayerKinds(GridData &d, const ModelSpec &m)
{
    const int layers = m.layers;
    if (static_cast<int>(m.layerInfo.size()) < layers)
        return;
    std::vector<QColor> mixers(static_cast<size_t>(layers + 2)), ffns(static_cast<size_t>(layers + 2));
    bool mixerSeen[static_cast<int>(MixerMark::Count)] = {};
    bool ffnSeen[static_cast<int>(FfnMark::Count)] = {};
    for (int l = 0; l < layers; ++l) {
        const LayerInfo &info = m.layerInfo[static_cast<size_t>(l)];
        const MixerMark mk = mixerMark(info);
        const FfnMark fk = ffnMark(info);
        mixers[static_cast<size_t>(l) + 1] = mixerColor(mk);
        ffns[static_cast<size_t>(l) + 1] = ffnColor(fk);
        mixerSeen[static_cast<int>(mk)] = true;
        ffnSeen[static_cast<int>(fk)] = true;
    }
    d.rowMarks.push_back(std::move(mixers));
    d.rowMarks.push_back(std::move(ffns));
    for (int k = 0; k < static_cast<int>(MixerMark::Count); ++k)
        if (mixerSeen[k])
            d.legend.push_back({ mixerColor(static_cast<MixerMark>(k)), mixerText(static_cast<MixerMark>(k), m) });
    for (int k = 0; k < static_cast<int>(FfnMark::Count); ++k)
        if (ffnSeen[k])
            d.legend.push_back({ ffnColor(static_cast<FfnMark>(k)), ffnText(static_cast<FfnMark>(k)) });
}

} // namespace

QString layerKindText(const ModelSpec &m, int layer)
{
    if (layer < 0 || layer >= static_cast<int>(m.layerInfo.size()))
        return {};
    const LayerInfo &info = m.layerInfo[static_cast<size_t>(layer)];
    return GridText::tr("%1 · %2").arg(mixerText(mixerMark(info), m), ffnText(ffnMark(info)));
}

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
    addLayerKinds(d, state->model);
    d.legend.push_back({ {}, GridText::tr("thick line: node boundary · thin line: TP group"), false, false });
    if (!d.rowMarks.empty())
        d.legend.push_back({ {}, GridText::tr("strips left of the GPUs: token mixer, FFN"), false, false });

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
            if (const QString kind = layerKindText(state->model, row - 1); !kind.isEmpty())
                what += QStringLiteral(" (%1)").arg(kind);
            held = row - 1 >= r.firstLayer && row - 1 <= r.lastLayer;
        }
        const QString head = held
            ? GridText::tr("<b>%1</b> — on this GPU (its 1/%2 TP share)<hr>").arg(what).arg(state->evaluation.plan.tp)
            : GridText::tr("<b>%1</b> — not on this GPU<hr>").arg(what);
        return head + textformat::gpuSummaryHtml(*state, column);
    };
    return d;
}
