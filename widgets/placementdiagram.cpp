#include "widgets/placementdiagram.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

using namespace shardscope;

QColor diagramStageColor(int stage)
{
    static const QColor palette[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
                                     QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
                                     QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99)};
    return palette[static_cast<size_t>(std::max(0, stage)) % std::size(palette)];
}

namespace {

QColor tint(const QColor &c, double amount)
{
    return QColor::fromRgbF(c.redF() + (1 - c.redF()) * amount, c.greenF() + (1 - c.greenF()) * amount,
                            c.blueF() + (1 - c.blueF()) * amount);
}

QString range(int first, int count)
{
    if (count <= 0)
        return QStringLiteral("–");
    return count == 1 ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(first + count - 1);
}

// Expert ids as ranges: "0–31" or "0, 8, 16, …" when they do not run consecutively.
QString expertText(const std::vector<int> &experts)
{
    if (experts.empty())
        return {};
    bool consecutive = true;
    for (size_t i = 1; i < experts.size(); ++i)
        consecutive = consecutive && experts[i] == experts[i - 1] + 1;
    if (consecutive)
        return range(experts.front(), static_cast<int>(experts.size()));
    QStringList ids;
    for (size_t i = 0; i < std::min<size_t>(3, experts.size()); ++i)
        ids << QString::number(experts[i]);
    return ids.join(QStringLiteral(", ")) + QStringLiteral(", …");
}

// Translation context of the picture's labels.
struct PlacementDiagram
{
    Q_DECLARE_TR_FUNCTIONS(PlacementDiagram)
};

} // namespace

QImage renderPlacementDiagram(const Evaluation &e, const ModelSpec &m, int width)
{
    const int world = static_cast<int>(e.ranks.size());
    const int perNode = std::max(1, std::min(e.gpusPerNode, std::max(1, world)));
    const int nodes = world > 0 ? (world + perNode - 1) / perNode : 0;
    const bool compact = world > 64;
    const double u = width / 1000.0; // layout unit: the picture is designed 1000 units wide
    const int margin = static_cast<int>(16 * u);
    const int cols = compact ? std::min(perNode, 32) : std::min(perNode, 8);
    const int rowsPerNode = (perNode + cols - 1) / cols;
    const int nodeHeader = static_cast<int>(26 * u);
    const int gap = static_cast<int>((compact ? 3 : 8) * u);
    const int cellW = (width - 2 * margin - 2 * gap - (cols - 1) * gap) / std::max(1, cols);
    const int textLines = m.isMoe() ? 6 : 5; // GPU, ranks, layers, Q heads, KV heads, experts
    const int cellH = compact ? std::max(6, cellW) : static_cast<int>((textLines * 17 + 12) * u);
    const int nodeH = nodeHeader + rowsPerNode * cellH + (rowsPerNode - 1) * gap + gap;
    const int legendH = static_cast<int>(28 * u) * ((e.plan.pp + 2) / 3) + margin;
    const int height = margin + legendH + nodes * (nodeH + gap) + margin;

    QImage img(width, std::max(height, 2 * margin + 1), QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    QFont base = p.font();
    base.setPixelSize(std::max(8, static_cast<int>(15 * u)));
    QFont small = base;
    small.setPixelSize(std::max(7, static_cast<int>(13 * u)));
    QFont bold = base;
    bold.setBold(true);

    // Legend: one swatch per stage with its layers.
    int x = margin, y = margin;
    const int swatch = static_cast<int>(16 * u);
    for (int s = 0; s < e.plan.pp; ++s) {
        const RankPlacement *r = nullptr;
        for (const RankPlacement &rp : e.ranks)
            if (rp.ppStage == s) {
                r = &rp;
                break;
            }
        if (!r)
            continue;
        const int col = s % 3;
        x = margin + col * (width - 2 * margin) / 3;
        if (s > 0 && col == 0)
            y += static_cast<int>(28 * u);
        p.setPen(diagramStageColor(s).darker(130));
        p.setBrush(tint(diagramStageColor(s), 0.55));
        p.drawRoundedRect(QRect(x, y, swatch, swatch), 3 * u, 3 * u);
        p.setPen(Qt::black);
        p.setFont(base);
        QString label = PlacementDiagram::tr("Stage %1: layers %2").arg(s).arg(range(r->firstLayer, r->lastLayer - r->firstLayer + 1));
        if (r->embedding)
            label += PlacementDiagram::tr(" + embedding");
        if (r->lmHead)
            label += PlacementDiagram::tr(" + LM head");
        p.drawText(QPoint(x + swatch + static_cast<int>(8 * u), y + swatch - static_cast<int>(3 * u)), label);
    }
    y = margin + legendH;

    for (int n = 0; n < nodes; ++n) {
        const QRect frame(margin, y, width - 2 * margin, nodeH);
        p.setPen(QPen(QColor(0x60, 0x60, 0x60), std::max(1.0, 1.5 * u)));
        p.setBrush(QColor(0xF4, 0xF4, 0xF4));
        p.drawRoundedRect(frame, 8 * u, 8 * u);
        p.setFont(bold);
        p.setPen(Qt::black);
        p.drawText(QPoint(frame.left() + gap + static_cast<int>(4 * u), frame.top() + static_cast<int>(19 * u)), PlacementDiagram::tr("Node %1").arg(n));
        for (int i = 0; i < perNode; ++i) {
            const int rank = n * perNode + i;
            if (rank >= world)
                break;
            const RankPlacement &r = e.ranks[static_cast<size_t>(rank)];
            const QRect cell(frame.left() + gap + (i % cols) * (cellW + gap), frame.top() + nodeHeader + (i / cols) * (cellH + gap), cellW,
                             cellH);
            const QColor c = diagramStageColor(r.ppStage);
            p.setPen(QPen(c.darker(140), std::max(1.0, (compact ? 0.8 : 1.6) * u)));
            p.setBrush(tint(c, r.dpRank % 2 ? 0.72 : 0.55));
            p.drawRoundedRect(cell, 5 * u, 5 * u);
            if (compact)
                continue;
            const QRect text = cell.adjusted(static_cast<int>(7 * u), static_cast<int>(5 * u), -static_cast<int>(5 * u), 0);
            QStringList lines;
            lines << PlacementDiagram::tr("TP %1 · DP %2").arg(r.tpRank).arg(r.dpRank);
            lines << PlacementDiagram::tr("Layers %1").arg(range(r.firstLayer, r.lastLayer - r.firstLayer + 1));
            lines << PlacementDiagram::tr("Q heads %1").arg(range(r.heads.qFirst, r.heads.qCount));
            if (m.isMla())
                lines << PlacementDiagram::tr("KV latent (MLA, whole)");
            else
                lines << PlacementDiagram::tr("KV heads %1").arg(range(r.heads.kvFirst, r.heads.kvCount))
                        + (r.heads.kvReplicas > 1 ? QStringLiteral(" ×%1").arg(r.heads.kvReplicas) : QString());
            if (m.isMoe())
                lines << (e.moeTp > 1 ? PlacementDiagram::tr("Experts %1, 1/%2 of each").arg(expertText(r.experts)).arg(e.moeTp)
                                      : PlacementDiagram::tr("Experts %1").arg(expertText(r.experts)));
            p.setFont(bold);
            p.setPen(Qt::black);
            const int lineH = QFontMetrics(small).height();
            p.drawText(QRect(text.left(), text.top(), text.width(), lineH + 2), Qt::AlignLeft | Qt::AlignTop, PlacementDiagram::tr("GPU %1").arg(r.rank));
            p.setFont(small);
            const QFontMetrics fm(small);
            for (int l = 0; l < lines.size(); ++l) {
                const int ly = text.top() + (l + 1) * (lineH + 1) + 2;
                if (ly + lineH > cell.bottom())
                    break;
                p.drawText(QRect(text.left(), ly, text.width(), lineH), Qt::AlignLeft | Qt::AlignTop,
                           fm.elidedText(lines[l], Qt::ElideRight, text.width()));
            }
        }
        y += nodeH + gap;
    }
    return img;
}
