#include "widgets/explore/sweepheatmap.h"

#include "widgets/explore/sweepstyle.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

constexpr int kRight = 8;
constexpr int kMaxCell = 64;
constexpr int kMinWidth = 12; // a narrow cell still shows its colour and a 1-2 digit figure

// The figure with fewer digits (105.3 → 105, 1,234 → 1.2k) for a cell too narrow for it.
QString compactFigure(double figure, SweepObjective o, int level)
{
    const double shown = o == SweepObjective::Tpot ? figure * 1e3 : figure;
    if (level == 1)
        return QString::number(shown, 'f', 0);
    if (std::fabs(shown) >= 1000)
        return QString::number(shown / 1000, 'f', std::fabs(shown) >= 10000 ? 0 : 1) + QLatin1Char('k');
    return QString::number(shown, 'f', 0);
}

} // namespace

SweepHeatmap::SweepHeatmap(MapAxes axes, QWidget *parent)
    : QWidget(parent)
    , m_axes(axes)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SweepHeatmap::setResult(std::shared_ptr<const SweepResult> result, SweepObjective objective)
{
    m_result = std::move(result);
    m_objective = objective;
    m_map = m_result ? sweepMap(*m_result, m_axes, objective) : SweepMap {};
    setCurrent(m_current[0], m_current[1], m_current[2], m_current[3]);
    updateGeometry();
    update();
}

void SweepHeatmap::setCurrent(int tp, int pp, int dp, int ep)
{
    m_current[0] = tp;
    m_current[1] = pp;
    m_current[2] = dp;
    m_current[3] = ep;
    const bool tpPp = m_axes == MapAxes::TpPp;
    const int row = tpPp ? pp : dp;
    const int column = tpPp ? tp : ep;
    const auto r = std::find(m_map.rows.begin(), m_map.rows.end(), row);
    const auto c = std::find(m_map.columns.begin(), m_map.columns.end(), column);
    m_currentRow = r == m_map.rows.end() ? -1 : static_cast<int>(r - m_map.rows.begin());
    m_currentColumn = c == m_map.columns.end() ? -1 : static_cast<int>(c - m_map.columns.begin());
    update();
}

int SweepHeatmap::line() const
{
    return fontMetrics().height() + 2;
}

QString SweepHeatmap::title() const
{
    return (m_axes == MapAxes::TpPp ? tr("TP × PP") : tr("DP × EP")) + QStringLiteral(" · ")
        + sweepstyle::objectiveTitle(m_objective);
}

// Two lines when one does not hold the title at the widget's width (presentation mode, a narrow map).
int SweepHeatmap::titleHeight() const
{
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    const QRect one = fm.boundingRect(QRect(0, 0, std::max(1, width() - kRight), 1000), Qt::TextWordWrap, title());
    return std::max(line(), one.height() + 2);
}

int SweepHeatmap::left() const
{
    // The wider of the axis names ("PP ↓") and the row sizes, and at least the 56 px of the default font.
    const QFontMetrics fm = fontMetrics();
    int widest = std::max(fm.horizontalAdvance(QString::fromStdString(m_map.rowName).toUpper() + QStringLiteral(" ↓")),
        fm.horizontalAdvance(QString::fromStdString(m_map.columnName).toUpper() + QStringLiteral(" →")));
    for (int r : m_map.rows)
        widest = std::max(widest, fm.horizontalAdvance(QString::number(r)) + 2);
    return std::max(56, widest + 8);
}

int SweepHeatmap::top() const
{
    return 2 + titleHeight() + line() + 4;
}

int SweepHeatmap::minCell() const
{
    return std::max(18, line());
}

// Square cells while the room allows, at least minCell() tall; narrower cells (down to kMinWidth)
// rather than a grid cut off at the right when the columns do not fit the width.
QSize SweepHeatmap::cellSize() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_map.rows.size()));
    const int columns = std::max<int>(1, static_cast<int>(m_map.columns.size()));
    const int availableW = width() - left() - kRight;
    const int availableH = height() - top() - bottomHeight();
    const int square
        = std::clamp(std::min(availableW / columns, availableH / rows), minCell(), std::max(kMaxCell, minCell()));
    return { std::min(square, std::max(kMinWidth, availableW / columns)), square };
}

QRect SweepHeatmap::gridRect() const
{
    const QSize cell = cellSize();
    const int rows = std::max<int>(1, static_cast<int>(m_map.rows.size()));
    const int columns = std::max<int>(1, static_cast<int>(m_map.columns.size()));
    return QRect(left(), top(), cell.width() * columns, cell.height() * rows);
}

QRect SweepHeatmap::cellRect(int row, int column) const
{
    const QRect g = gridRect();
    const QSize cell = cellSize();
    return QRect(g.left() + column * cell.width(), g.top() + row * cell.height(), cell.width(), cell.height());
}

bool SweepHeatmap::cellAt(const QPoint &pos, int &row, int &column) const
{
    const QRect g = gridRect();
    if (m_map.columns.empty() || m_map.rows.empty() || !g.contains(pos))
        return false;
    const QSize cell = cellSize();
    column = (pos.x() - g.left()) / cell.width();
    row = (pos.y() - g.top()) / cell.height();
    return row < static_cast<int>(m_map.rows.size()) && column < static_cast<int>(m_map.columns.size());
}

int SweepHeatmap::planAt(const QPoint &pos) const
{
    int row = 0, column = 0;
    return cellAt(pos, row, column) ? m_map.at(row, column).plan : -1;
}

QColor SweepHeatmap::cellColor(const MapCell &cell) const
{
    switch (cell.state) {
    case CellState::Empty:
        return palette().color(QPalette::Base);
    case CellState::Impossible:
        return sweepstyle::impossible();
    case CellState::DoesNotFit:
        return sweepstyle::doesNotFit();
    case CellState::Excluded:
        return sweepstyle::excluded();
    case CellState::Ranked:
        break;
    }
    const double span = m_map.maxFigure - m_map.minFigure;
    double t = span > 0 ? (cell.figure - m_map.minFigure) / span : 1.0;
    if (!higherIsBetter(m_objective))
        t = 1.0 - t;
    return sweepstyle::sequential(t);
}

QString SweepHeatmap::cellLabel(const MapCell &cell, int room, const QFontMetrics &fm) const
{
    if (cell.state == CellState::DoesNotFit || cell.state == CellState::Impossible) {
        const QString mark = cell.state == CellState::DoesNotFit ? QStringLiteral("✗") : QStringLiteral("—");
        return fm.horizontalAdvance(mark) <= room ? mark : QString();
    }
    if (cell.state != CellState::Ranked && cell.state != CellState::Excluded)
        return {};
    for (const QString &label : { sweepstyle::formatFigure(cell.figure, m_objective),
             compactFigure(cell.figure, m_objective, 1), compactFigure(cell.figure, m_objective, 2) })
        if (fm.horizontalAdvance(label) <= room)
            return label;
    return {};
}

QString SweepHeatmap::toolTipFor(int row, int column) const
{
    const MapCell &c = m_map.at(row, column);
    const QString pair = QStringLiteral("%1 %2 · %3 %4")
                             .arg(QString::fromStdString(m_map.columnName))
                             .arg(m_map.columns[static_cast<size_t>(column)])
                             .arg(QString::fromStdString(m_map.rowName))
                             .arg(m_map.rows[static_cast<size_t>(row)]);
    if (c.plan < 0 || !m_result)
        return tr("%1: no combination uses this pair").arg(pair);
    QString head;
    switch (c.state) {
    case CellState::Ranked:
        head = tr("%1: %2 %3 (the best of %4 plans)")
                   .arg(pair, sweepstyle::formatFigure(c.figure, m_objective), sweepstyle::objectiveUnit(m_objective))
                   .arg(c.planCount);
        break;
    case CellState::Excluded:
        head = tr("%1: fits, but misses a constraint").arg(pair);
        break;
    case CellState::DoesNotFit:
        head = tr("%1: no plan fits").arg(pair);
        break;
    case CellState::Impossible:
        head = tr("%1: vLLM refuses this pair").arg(pair);
        break;
    case CellState::Empty:
        break;
    }
    return head + QStringLiteral("<br>") + sweepstyle::planToolTip(m_result->plans[static_cast<size_t>(c.plan)])
        + (c.state == CellState::Impossible ? QString() : tr("<br><i>Click to apply this plan.</i>"));
}

QSize SweepHeatmap::sizeHint() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_map.rows.size()));
    const int columns = std::max<int>(1, static_cast<int>(m_map.columns.size()));
    return QSize(
        left() + kRight + columns * std::max(48, 2 * line()), top() + bottomHeight() + rows * std::max(48, 2 * line()));
}

QSize SweepHeatmap::minimumSizeHint() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_map.rows.size()));
    const int columns = std::max<int>(1, static_cast<int>(m_map.columns.size()));
    return QSize(left() + kRight + columns * kMinWidth, top() + bottomHeight() + rows * minCell());
}

QStringList SweepHeatmap::legendTexts() const
{
    return { tr("misses a constraint"), tr("✗ does not fit"), tr("— impossible") };
}

// Swatch + gap + text per item, left to right from the grid's left edge, a new line when the next
// one would pass the right edge. Relative to the top of the legend block (y = 0).
std::vector<QRect> SweepHeatmap::legendItemRects() const
{
    const QFontMetrics fm = fontMetrics();
    const int line = fm.height() + 2;
    const int left = this->left(), right = std::max(left + 1, width() - kRight);
    std::vector<QRect> out;
    int x = left, y = 0;
    for (const QString &text : legendTexts()) {
        const int w = 13 + fm.horizontalAdvance(text) + 2;
        if (x > left && x + w > right) {
            x = left;
            y += line;
        }
        out.emplace_back(x, y, w, line);
        x += w + 10;
    }
    return out;
}

int SweepHeatmap::bottomHeight() const
{
    // The colour bar (10 px), its two end values, then the legend lines.
    const int scale = 12 + 10 + fontMetrics().height() + 2;
    const std::vector<QRect> items = legendItemRects();
    return scale + (items.empty() ? 0 : items.back().bottom() + 1) + 6;
}

void SweepHeatmap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QString rowName = QString::fromStdString(m_map.rowName).toUpper();
    const QString columnName = QString::fromStdString(m_map.columnName).toUpper();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::WindowText));
    const QRect g = gridRect();
    // From the left edge, wrapped to a second line when the width does not hold it (titleHeight()).
    p.drawText(
        QRect(0, 2, width() - kRight, titleHeight()), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, title());
    p.setFont(font());
    if (m_map.cells.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No plans"));
        return;
    }
    // Axis labels: the column size above each column, the row size left of each row.
    const int labelsY = top() - line() - 2; // the column labels' line, above the grid
    p.drawText(
        QRect(0, labelsY, left() - 4, line()), Qt::AlignRight | Qt::AlignVCenter, columnName + QStringLiteral(" →"));
    // Below the grid in the left margin, beside the colour bar (which starts at the grid's left edge).
    p.drawText(QRect(0, g.bottom() + 2, left() - 4, line()), Qt::AlignRight | Qt::AlignVCenter,
        rowName + QStringLiteral(" ↓"));
    // Narrow cells: every k-th column's size, so that the numbers never run into each other.
    int widest = 1;
    for (int c : m_map.columns)
        widest = std::max(widest, p.fontMetrics().horizontalAdvance(QString::number(c)) + 4);
    const int every = std::max(1, (widest + cellSize().width() - 1) / std::max(1, cellSize().width()));
    for (size_t c = 0; c < m_map.columns.size(); c += static_cast<size_t>(every)) {
        const QRect r = cellRect(0, static_cast<int>(c));
        const int w = r.width() * every;
        p.drawText(
            QRect(r.center().x() - w / 2, labelsY, w, line()), Qt::AlignCenter, QString::number(m_map.columns[c]));
    }
    for (size_t row = 0; row < m_map.rows.size(); ++row) {
        const QRect r = cellRect(static_cast<int>(row), 0);
        p.drawText(QRect(0, r.top(), left() - 6, r.height()), Qt::AlignRight | Qt::AlignVCenter,
            QString::number(m_map.rows[row]));
    }
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    for (const MapCell &cell : m_map.cells) {
        const QRect r = cellRect(cell.row, cell.column).adjusted(1, 1, -1, -1);
        const QColor fill = cellColor(cell);
        p.fillRect(r, fill);
        if (cell.state == CellState::Impossible)
            p.fillRect(r, QBrush(QColor(0, 0, 0, 60), Qt::BDiagPattern));
        if (cell.state == CellState::Empty)
            continue;
        const QString label = cellLabel(cell, r.width() - 2, p.fontMetrics());
        if (!label.isEmpty()) {
            p.setPen(qGray(fill.rgb()) > 128 ? Qt::black : Qt::white);
            p.drawText(r, Qt::AlignCenter, label);
        }
    }
    // The window's plan, and the cell under the mouse.
    if (m_currentRow >= 0 && m_currentColumn >= 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3));
        p.drawRect(cellRect(m_currentRow, m_currentColumn).adjusted(1, 1, -2, -2));
    }
    if (m_hoverRow >= 0 && m_hoverColumn >= 0) {
        p.setPen(QPen(palette().color(QPalette::WindowText), 1, Qt::DashLine));
        p.drawRect(cellRect(m_hoverRow, m_hoverColumn).adjusted(0, 0, -1, -1));
    }
    // Legend: the colour scale from worst to best, then the grey states.
    const int y = g.bottom() + 12;
    const double worst = higherIsBetter(m_objective) ? m_map.minFigure : m_map.maxFigure;
    const double best = higherIsBetter(m_objective) ? m_map.maxFigure : m_map.minFigure;
    // Wide enough for both end values side by side (at 1.5x text they ran into each other).
    const int ends = fontMetrics().horizontalAdvance(sweepstyle::formatFigure(worst, m_objective))
        + fontMetrics().horizontalAdvance(sweepstyle::formatFigure(best, m_objective)) + 12;
    const int barW = std::max(ends, std::min(120, std::max(60, g.width() / 2)));
    for (int x = 0; x < barW; ++x)
        p.fillRect(QRect(g.left() + x, y, 1, 10), sweepstyle::sequential(static_cast<double>(x) / (barW - 1)));
    p.setPen(palette().color(QPalette::WindowText));
    const int valueH = fontMetrics().height() + 2;
    p.drawText(QRect(g.left(), y + 10, barW, valueH), Qt::AlignLeft | Qt::AlignVCenter,
        sweepstyle::formatFigure(worst, m_objective));
    p.drawText(QRect(g.left(), y + 10, barW, valueH), Qt::AlignRight | Qt::AlignVCenter,
        sweepstyle::formatFigure(best, m_objective));
    const int y2 = y + 10 + fontMetrics().height() + 2;
    const std::vector<QRect> items = legendItemRects();
    const QColor colors[] = { sweepstyle::excluded(), sweepstyle::doesNotFit(), sweepstyle::impossible() };
    const QStringList texts = legendTexts();
    for (size_t i = 0; i < items.size(); ++i) {
        const QRect r = items[i].translated(0, y2);
        const QRect swatch(r.left(), r.center().y() - 5, 10, 10);
        p.fillRect(swatch, colors[i]);
        if (i == 2)
            p.fillRect(swatch, QBrush(QColor(0, 0, 0, 60), Qt::BDiagPattern));
        p.drawText(r.adjusted(13, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, texts[static_cast<int>(i)]);
    }
}

bool SweepHeatmap::event(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry(); // the margins and the smallest cell follow the font (line(), left(), top())
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int row = 0, column = 0;
        if (cellAt(help->pos(), row, column))
            QToolTip::showText(help->globalPos(), toolTipFor(row, column), this, cellRect(row, column));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void SweepHeatmap::mouseMoveEvent(QMouseEvent *event)
{
    int row = -1, column = -1;
    if (!cellAt(event->position().toPoint(), row, column))
        row = column = -1;
    if (row != m_hoverRow || column != m_hoverColumn) {
        m_hoverRow = row;
        m_hoverColumn = column;
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void SweepHeatmap::leaveEvent(QEvent *event)
{
    // The outline follows the mouse out: no cell stays marked as hovered.
    if (m_hoverRow >= 0 || m_hoverColumn >= 0) {
        m_hoverRow = m_hoverColumn = -1;
        update();
    }
    QWidget::leaveEvent(event);
}

void SweepHeatmap::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        // A pair vLLM refuses is explained, not applied.
        int row = 0, column = 0;
        if (cellAt(event->position().toPoint(), row, column)) {
            const MapCell &c = m_map.at(row, column);
            if (c.plan >= 0 && c.state != CellState::Impossible)
                emit planClicked(c.plan);
        }
    }
    QWidget::mouseReleaseEvent(event);
}
