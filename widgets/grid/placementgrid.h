#pragma once
#include "widgets/grid/griddata.h"
#include "widgets/grid/gridpainter.h"

#include <QWidget>

#include <functional>
#include <memory>

class PlanDocument;
struct PlanState;

// One placement tab: a custom-painted grid (cached one-pixel-per-cell image, scaled) with legend,
// headers, zoom (Ctrl+wheel, +/-, double-click; 0 fits), panning and hover tooltips. Read-only: it
// rebuilds from the document when the plan changes, lazily while hidden.
class PlacementGrid : public QWidget
{
    Q_OBJECT
public:
    using Builder = std::function<GridData(const std::shared_ptr<const PlanState> &)>;
    PlacementGrid(const PlanDocument *document, Builder builder, QWidget *parent = nullptr);

    void setBuilder(Builder builder);
    const GridData &data() const;
    GridFrame frame() const;
    const GridView &view() const { return m_view; }

    double zoom() const { return m_view.zoom; }
    void zoomBy(double factor, const QPointF &anchor);
    void zoomBy(double factor);
    void resetZoom();
    QString toolTipAt(const QPoint &pos) const;

    // Paints the whole grid, fitted, into `rect` (export). `vector` draws cells as shapes (SVG).
    void renderTo(QPainter &painter, const QRect &rect, bool vector) const;

    // Drawn over the cells after them, clipped to the cell area (the timeline's highlight); empty: none.
    using Overlay = std::function<void(QPainter &, const GridGeometry &)>;
    void setOverlay(Overlay overlay);

    QSize sizeHint() const override { return { 900, 480 }; }
    QSize minimumSizeHint() const override { return { 240, 160 }; }

signals:
    void zoomChanged(double zoom);

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void onPlanChanged();
    void rebuild() const;
    void setOrigin(const QPointF &origin);

    const PlanDocument *m_document;
    Builder m_builder;
    Overlay m_overlay;
    mutable GridData m_data;
    mutable bool m_dirty = true;
    GridView m_view;
    QPoint m_dragStart;
    QPointF m_dragOrigin;
    bool m_dragging = false;
};
