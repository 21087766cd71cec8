#pragma once
#include <QPointF>
#include <QRectF>

#include <optional>
#include <vector>

// Where cells land on screen for a zoom and scroll position. Pure math, tested without a widget.
// zoom 1 fits the whole grid into `area`; zoom z shows 1/z of it in each direction, scrolled so
// that `origin` (in cells) is the top-left visible cell position.
// Rows may have different heights (`rowWeights`: the Experts tab's few dense layers are taller than
// its MoE layers); heights and origin.y are then counted in row units, a row of weight w being w
// units tall. Without weights every row is one unit.
struct GridGeometry
{
    QRectF area; // the cell area in widget coordinates
    int rows = 0;
    int columns = 0;
    double cellWidth = 0; // pixels per cell
    double cellHeight = 0; // pixels per row unit
    QPointF origin; // first visible cell position (x = column, y = row unit), fractional
    std::vector<double> rowEdges; // rows + 1 cumulative row units; empty: row r starts at unit r

    static GridGeometry fit(const QRectF &area, int rows, int columns, double zoom, QPointF origin,
        const std::vector<double> &rowWeights = {});

    // The row unit where row `row` starts (0 ... rowUnits()).
    double rowStart(int row) const;
    double rowUnits() const { return rowStart(rows); }
    // The row holding row unit `unit`, clamped to the rows.
    int rowAtUnit(double unit) const;
    bool uniformRows() const { return rowEdges.empty(); }

    QRectF cellRect(int row, int column) const;
    QRectF cellsRect(int row, int column, int rowCount, int columnCount) const;
    // The cell under `p`, or nothing outside the grid.
    std::optional<std::pair<int, int>> cellAt(const QPointF &p) const; // {row, column}
    int firstVisibleRow() const;
    int lastVisibleRow() const; // inclusive
    int firstVisibleColumn() const;
    int lastVisibleColumn() const;
    // The largest origin the scroll may reach.
    QPointF maxOrigin() const;
};

// A "nice" label step (1, 2, 5, 10, 20, 25, 50, ...; 4, 8, 16, 32, 64 ... for power-of-two counts)
// so that labels `extent` pixels long, one per `step` cells of `pitch` pixels, do not overlap.
int labelStep(double pitch, double extent, bool powerOfTwo = false);
