#include "widgets/teaching/clustermap.h"

#include "widgets/common/palette.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/teaching/teachingtext.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr int kMargin = 6;
constexpr int kNodeHeader = 16;
constexpr int kMaxGroupsDrawn = 64; // beyond this the lines are noise; the outlines still show
} // namespace

ClusterMap::ClusterMap(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("ClusterMap"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ClusterMap::setPlan(const Evaluation &e)
{
    m_world = static_cast<int>(e.ranks.size());
    m_perNode = std::max(1, std::min(e.gpusPerNode, std::max(1, m_world)));
    m_stage.clear();
    for (const RankPlacement &r : e.ranks)
        m_stage.push_back(r.ppStage);
    m_gpus.clear();
    m_groups.clear();
    updateGeometry();
    update();
}

void ClusterMap::setHighlight(std::vector<int> gpus, std::vector<std::vector<int>> groups, LinkKind link)
{
    m_gpus = std::move(gpus);
    m_groups = std::move(groups);
    m_link = link;
    update();
}

void ClusterMap::setPresentation(bool on)
{
    m_presentation = on;
    updateGeometry();
    update();
}

QColor ClusterMap::linkColor(LinkKind link)
{
    switch (link) {
    case LinkKind::ScaleUp:
        return QColor(0x11, 0x77, 0x33);
    case LinkKind::Pcie:
        return QColor(0xCC, 0x88, 0x00);
    case LinkKind::Nic:
        return QColor(0xCC, 0x22, 0x22);
    case LinkKind::None:
        break;
    }
    return Qt::gray;
}

int ClusterMap::columns() const
{
    return compact() ? 32 : std::min(m_perNode, 16);
}

double ClusterMap::cellSize() const
{
    return cellSizeFor(width());
}

double ClusterMap::cellSizeFor(int width) const
{
    const int cols = std::max(1, columns());
    const double fit = (width - 2.0 * kMargin - 8) / cols;
    const double cap = m_world > 256 ? 10 : m_presentation ? 56 : 40;
    return std::clamp(fit, 4.0, cap);
}

QRectF ClusterMap::gpuRect(int gpu) const
{
    if (gpu < 0 || gpu >= m_world)
        return {};
    if (compact()) {
        const int node = gpu / m_perNode;
        const double c = cellSize();
        const int row = node / columns(), column = node % columns(); // whole cells of the grid
        return QRectF(kMargin + column * c, kMargin + row * c, c - 2, c - 2);
    }
    const int cols = std::max(1, columns());
    const int rowsPerNode = (m_perNode + cols - 1) / cols;
    const double c = cellSize();
    const double nodeH = kNodeHeader + rowsPerNode * c + 6;
    const int node = gpu / m_perNode, i = gpu % m_perNode;
    const int row = i / cols, column = i % cols; // whole cells inside the node's box
    return QRectF(kMargin + 4 + column * c, kMargin + node * (nodeH + 4) + kNodeHeader + row * c, c - 3, c - 3);
}

int ClusterMap::heightForWidth(int width) const
{
    const double c = cellSizeFor(width);
    const int nodes = m_world > 0 ? (m_world + m_perNode - 1) / m_perNode : 1;
    if (compact()) {
        const int rows = (nodes + columns() - 1) / columns(); // whole rows of node cells
        return static_cast<int>(std::ceil(2 * kMargin + rows * c));
    }
    const int cols = std::max(1, columns());
    const int rowsPerNode = (m_perNode + cols - 1) / cols;
    // gpuRect(): node n's box starts at kMargin + n (nodeH + 4), nodeH = header + rows x c + 6.
    return static_cast<int>(std::ceil(2 * kMargin + nodes * (kNodeHeader + rowsPerNode * c + 6 + 4)));
}

QSize ClusterMap::sizeHint() const
{
    if (compact()) {
        const int nodes = (m_world + m_perNode - 1) / m_perNode;
        return { std::max(240, 2 * kMargin + columns() * 10),
            2 * kMargin + ((nodes + columns() - 1) / columns()) * 10 };
    }
    const int nodes = m_world > 0 ? (m_world + m_perNode - 1) / m_perNode : 1;
    const int cols = std::max(1, columns());
    const double c = m_presentation ? 56 : 40;
    const int rowsPerNode = (m_perNode + cols - 1) / cols;
    return { std::max(240, static_cast<int>(2 * kMargin + 8 + cols * c)),
        static_cast<int>(2 * kMargin + nodes * (kNodeHeader + rowsPerNode * c + 10)) };
}

void ClusterMap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const bool any = !m_gpus.empty();
    const int nodes = m_world > 0 ? (m_world + m_perNode - 1) / m_perNode : 0;
    if (compact()) {
        for (int n = 0; n < nodes; ++n) {
            const int first = n * m_perNode, last = std::min(m_world, first + m_perNode);
            const bool on = std::lower_bound(m_gpus.begin(), m_gpus.end(), first)
                != std::lower_bound(m_gpus.begin(), m_gpus.end(), last);
            QColor fill = stageColor(m_stage[static_cast<size_t>(first)]);
            if (any && !on)
                fill = fill.lighter(170);
            p.setPen(on ? QPen(pal.color(QPalette::Text), 2) : Qt::NoPen);
            p.setBrush(fill);
            p.drawRect(gpuRect(first));
        }
        return;
    }
    for (int n = 0; n < nodes; ++n) {
        const QRectF first = gpuRect(n * m_perNode);
        const QRectF last = gpuRect(std::min(m_world, (n + 1) * m_perNode) - 1);
        const QRectF frame(
            kMargin, first.top() - kNodeHeader, width() - 2 * kMargin, last.bottom() - first.top() + kNodeHeader + 6);
        p.setPen(QPen(pal.color(QPalette::Mid), m_presentation ? 2 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(frame, 4, 4);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(frame.left() + 4, frame.top() + kNodeHeader - 4), Teaching::tr("Node %1").arg(n));
    }
    for (int g = 0; g < m_world; ++g) {
        const QRectF r = gpuRect(g);
        const bool on = std::binary_search(m_gpus.begin(), m_gpus.end(), g);
        QColor fill = stageColor(m_stage[static_cast<size_t>(g)]);
        if (any && !on)
            fill = fill.lighter(170);
        p.setPen(on ? QPen(pal.color(QPalette::Text), m_presentation ? 3 : 2) : QPen(fill.darker(130), 1));
        p.setBrush(fill);
        p.drawRect(r);
    }
    const auto numbers = [&] {
        // On a plate of the box's colour, after the lines: a link never hides a GPU's number.
        const QFontMetricsF fm(p.font());
        const bool anyOn = !m_gpus.empty();
        for (int g = 0; g < m_world; ++g) {
            const QRectF r = gpuRect(g);
            if (r.width() < 16)
                continue;
            const bool on = std::binary_search(m_gpus.begin(), m_gpus.end(), g);
            QColor fill = stageColor(m_stage[static_cast<size_t>(g)]);
            if (anyOn && !on)
                fill = fill.lighter(170);
            const QString text = QString::number(g);
            const double w = std::min(r.width() - 4, fm.horizontalAdvance(text) + 4);
            const QRectF plate(r.center().x() - w / 2, r.center().y() - fm.height() / 2, w, fm.height());
            p.fillRect(plate, fill);
            p.setPen(palette::textOn(fill));
            p.drawText(plate, Qt::AlignCenter, text);
        }
    };
    // Groups: a ring through each group's GPUs (a pair is one line).
    p.setPen(QPen(linkColor(m_link), m_presentation ? 4 : 2.5, Qt::SolidLine, Qt::RoundCap));
    p.setBrush(Qt::NoBrush);
    int drawn = 0;
    for (const std::vector<int> &group : m_groups) {
        if (++drawn > kMaxGroupsDrawn || group.size() < 2)
            break;
        for (size_t i = 0; i < group.size(); ++i) {
            if (group.size() == 2 && i == 1)
                break;
            const QPointF a = gpuRect(group[i]).center();
            const QPointF b = gpuRect(group[(i + 1) % group.size()]).center();
            // Neighbours in a row: arc above them so the line does not hide the numbers.
            const QPointF mid = (a + b) / 2 - QPointF(0, std::abs(a.y() - b.y()) < 1 ? cellSize() * 0.45 : 0);
            QPainterPath path(a);
            path.quadTo(mid, b);
            p.drawPath(path);
        }
    }
    numbers();
}
