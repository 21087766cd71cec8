#include "widgets/grid/gridgeometry.h"

#include <algorithm>
#include <cmath>

GridGeometry GridGeometry::fit(
    const QRectF &area, int rows, int columns, double zoom, QPointF origin, const std::vector<double> &rowWeights)
{
    GridGeometry g;
    g.area = area;
    g.rows = std::max(0, rows);
    g.columns = std::max(0, columns);
    zoom = std::max(1.0, zoom);
    if (g.rows == 0 || g.columns == 0)
        return g;
    if (rowWeights.size() == static_cast<size_t>(g.rows)
        && std::any_of(rowWeights.begin(), rowWeights.end(), [](double w) { return w != 1; })) {
        g.rowEdges.reserve(rowWeights.size() + 1);
        g.rowEdges.push_back(0);
        for (double w : rowWeights)
            g.rowEdges.push_back(g.rowEdges.back() + std::max(w, 0.01));
    }
    g.cellWidth = area.width() / g.columns * zoom;
    g.cellHeight = area.height() / g.rowUnits() * zoom;
    const QPointF max = g.maxOrigin();
    g.origin = QPointF(std::clamp(origin.x(), 0.0, max.x()), std::clamp(origin.y(), 0.0, max.y()));
    return g;
}

QPointF GridGeometry::maxOrigin() const
{
    if (cellWidth <= 0 || cellHeight <= 0)
        return {};
    return QPointF(
        std::max(0.0, columns - area.width() / cellWidth), std::max(0.0, rowUnits() - area.height() / cellHeight));
}

double GridGeometry::rowStart(int row) const
{
    if (rowEdges.empty())
        return row;
    return rowEdges[static_cast<size_t>(std::clamp(row, 0, rows))];
}

int GridGeometry::rowAtUnit(double unit) const
{
    if (rowEdges.empty())
        return std::clamp(static_cast<int>(std::floor(unit)), 0, std::max(0, rows - 1));
    const auto after = std::upper_bound(rowEdges.begin(), rowEdges.end(), unit);
    return std::clamp(static_cast<int>(after - rowEdges.begin()) - 1, 0, std::max(0, rows - 1));
}

QRectF GridGeometry::cellsRect(int row, int column, int rowCount, int columnCount) const
{
    const double top = rowStart(row);
    return QRectF(area.left() + (column - origin.x()) * cellWidth, area.top() + (top - origin.y()) * cellHeight,
        columnCount * cellWidth, (rowStart(row + rowCount) - top) * cellHeight);
}

QRectF GridGeometry::cellRect(int row, int column) const
{
    return cellsRect(row, column, 1, 1);
}

std::optional<std::pair<int, int>> GridGeometry::cellAt(const QPointF &p) const
{
    if (!area.contains(p) || cellWidth <= 0 || cellHeight <= 0)
        return std::nullopt;
    const int column = static_cast<int>(std::floor(origin.x() + (p.x() - area.left()) / cellWidth));
    const double unit = origin.y() + (p.y() - area.top()) / cellHeight;
    if (unit < 0 || unit >= rowUnits() || column < 0 || column >= columns)
        return std::nullopt;
    const int row = rowAtUnit(unit);
    return std::make_pair(row, column);
}

int GridGeometry::firstVisibleRow() const
{
    return rowAtUnit(origin.y());
}

int GridGeometry::lastVisibleRow() const
{
    if (cellHeight <= 0)
        return -1;
    // The row holding the last visible unit: a row that starts exactly at the bottom edge is not shown.
    const double bottom = origin.y() + area.height() / cellHeight;
    const int row = rowAtUnit(bottom);
    return std::clamp(rowStart(row) >= bottom - 1e-9 ? row - 1 : row, 0, rows - 1);
}

int GridGeometry::firstVisibleColumn() const
{
    return std::clamp(static_cast<int>(std::floor(origin.x())), 0, std::max(0, columns - 1));
}

int GridGeometry::lastVisibleColumn() const
{
    if (cellWidth <= 0)
        return -1;
    return std::clamp(static_cast<int>(std::ceil(origin.x() + area.width() / cellWidth)) - 1, 0, columns - 1);
}

int labelStep(double pitch, double extent, bool powerOfTwo)
{
    if (pitch <= 0)
        return 1 << 30;
    const double need = extent / pitch;
    if (need <= 1)
        return 1;
    if (powerOfTwo) {
        int step = 2;
        while (step < need)
            step *= 2;
        return step;
    }
    for (int decade = 1;; decade *= 10)
        for (int m : { 1, 2, 5 })
            if (m * decade >= need)
                return m * decade;
}
