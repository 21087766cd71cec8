#include "widgets/grid/placementgrid.h"

#include "widgets/document/plandocument.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {
constexpr double kMaxCellPixels = 120; // zooming stops once a cell is this large
}

PlacementGrid::PlacementGrid(const PlanDocument *document, Builder builder, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_builder(std::move(builder))
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(document, &PlanDocument::planChanged, this, &PlacementGrid::onPlanChanged);
}

void PlacementGrid::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        onPlanChanged(); // the builders' labels and tooltips are in the language of their run
    QWidget::changeEvent(event);
}

void PlacementGrid::setBuilder(Builder builder)
{
    m_builder = std::move(builder);
    onPlanChanged();
}

void PlacementGrid::onPlanChanged()
{
    m_dirty = true;
    if (isVisible()) {
        rebuild();
        update();
    }
}

void PlacementGrid::rebuild() const
{
    m_dirty = false;
    m_data = m_document->hasPlan() ? m_builder(m_document->state()) : GridData {};
}

const GridData &PlacementGrid::data() const
{
    if (m_dirty)
        rebuild();
    return m_data;
}

GridFrame PlacementGrid::frame() const
{
    return layoutGrid(data(), QRectF(rect()), QFontMetricsF(font()), m_view);
}

void PlacementGrid::showEvent(QShowEvent *event)
{
    if (m_dirty)
        rebuild();
    QWidget::showEvent(event);
}

void PlacementGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    const GridData &d = data();
    const GridFrame f = layoutGrid(d, QRectF(rect()), QFontMetricsF(font()), m_view);
    // The layout clamps the scroll position; keep what it settled on.
    m_view.origin = f.cells.origin;
    paintGrid(p, d, f, m_view);
    if (m_overlay) {
        p.save();
        p.setClipRect(f.cells.area);
        m_overlay(p, f.cells);
        p.restore();
    }
    if (m_view.zoom > 1.001) {
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(rect()).adjusted(4, 2, -6, -2), Qt::AlignRight | Qt::AlignBottom,
            tr("zoom %1% · drag to pan · 0 to fit").arg(std::lround(m_view.zoom * 100)));
    }
}

void PlacementGrid::setOverlay(Overlay overlay)
{
    m_overlay = std::move(overlay);
    update();
}

void PlacementGrid::renderTo(QPainter &painter, const QRect &rect, bool vector) const
{
    GridView fit;
    painter.save();
    painter.setFont(font());
    painter.fillRect(rect, Qt::white);
    const GridFrame f = layoutGrid(data(), QRectF(rect), QFontMetricsF(font()), fit);
    paintGrid(painter, data(), f, fit, vector);
    painter.restore();
}

QString PlacementGrid::toolTipAt(const QPoint &pos) const
{
    const GridData &d = data();
    const auto cell = frame().cells.cellAt(pos);
    if (!cell || !d.tooltip)
        return {};
    return d.tooltip(cell->first, cell->second);
}

bool PlacementGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            const auto cell = frame().cells.cellAt(help->pos());
            QToolTip::showText(
                help->globalPos(), text, this, frame().cells.cellRect(cell->first, cell->second).toAlignedRect());
        }
        return true;
    }
    return QWidget::event(event);
}

void PlacementGrid::setOrigin(const QPointF &origin)
{
    m_view.origin = origin;
    m_view.origin = frame().cells.origin; // clamped
    update();
}

void PlacementGrid::zoomBy(double factor, const QPointF &anchor)
{
    const GridGeometry before = frame().cells;
    if (before.cellWidth <= 0)
        return;
    const double fitCell = std::min(before.cellWidth, before.cellHeight) / m_view.zoom;
    const double maxZoom = std::max(1.0, kMaxCellPixels / std::max(0.01, fitCell));
    const double zoom = std::clamp(m_view.zoom * factor, 1.0, maxZoom);
    if (std::abs(zoom - m_view.zoom) < 1e-9)
        return;
    const QPointF local = anchor - before.area.topLeft();
    const QPointF anchorCell(
        before.origin.x() + local.x() / before.cellWidth, before.origin.y() + local.y() / before.cellHeight);
    const double ratio = zoom / m_view.zoom;
    m_view.zoom = zoom;
    setOrigin(QPointF(anchorCell.x() - local.x() / (before.cellWidth * ratio),
        anchorCell.y() - local.y() / (before.cellHeight * ratio)));
    emit zoomChanged(zoom);
}

void PlacementGrid::zoomBy(double factor)
{
    zoomBy(factor, frame().cells.area.center());
}

void PlacementGrid::resetZoom()
{
    m_view.zoom = 1;
    m_view.origin = {};
    update();
    emit zoomChanged(1);
}

void PlacementGrid::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging) {
        const GridGeometry g = frame().cells;
        const QPointF delta = event->position() - QPointF(m_dragStart);
        setOrigin(QPointF(m_dragOrigin.x() - delta.x() / g.cellWidth, m_dragOrigin.y() - delta.y() / g.cellHeight));
        return;
    }
    const auto cell = frame().cells.cellAt(event->position());
    const int row = cell ? cell->first : -1;
    const int column = cell ? cell->second : -1;
    if (row != m_view.hoverRow || column != m_view.hoverColumn) {
        m_view.hoverRow = row;
        m_view.hoverColumn = column;
        update();
    }
}

void PlacementGrid::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_view.zoom > 1) {
        m_dragging = true;
        m_dragStart = event->position().toPoint();
        m_dragOrigin = m_view.origin;
        setCursor(Qt::ClosedHandCursor);
    }
}

void PlacementGrid::mouseReleaseEvent(QMouseEvent *)
{
    m_dragging = false;
    unsetCursor();
}

void PlacementGrid::mouseDoubleClickEvent(QMouseEvent *event)
{
    zoomBy(event->modifiers() & Qt::ShiftModifier ? 0.5 : 2.0, event->position());
}

void PlacementGrid::leaveEvent(QEvent *)
{
    m_view.hoverRow = m_view.hoverColumn = -1;
    update();
}

void PlacementGrid::wheelEvent(QWheelEvent *event)
{
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        zoomBy(std::pow(1.25, delta.y() / 120.0), event->position());
        return;
    }
    if (m_view.zoom <= 1) {
        event->ignore();
        return;
    }
    const GridGeometry g = frame().cells;
    const bool horizontal = (event->modifiers() & Qt::ShiftModifier) || delta.x() != 0;
    const double steps = (horizontal && delta.x() != 0 ? delta.x() : delta.y()) / 120.0;
    const double visibleRows = g.area.height() / g.cellHeight;
    const double visibleColumns = g.area.width() / g.cellWidth;
    if (horizontal)
        setOrigin(m_view.origin - QPointF(steps * visibleColumns / 8, 0));
    else
        setOrigin(m_view.origin - QPointF(0, steps * visibleRows / 8));
}

void PlacementGrid::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.5);
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.5);
        return;
    case Qt::Key_0:
        resetZoom();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}
