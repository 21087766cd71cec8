#include "widgets/grid/gridgeometry.h"

#include <algorithm>
#include <cmath>

GridGeometry GridGeometry::fit(const QRectF &area, int rows, int columns, double zoom, QPointF origin)
{
    GridGeometry g;
    g.area = area;
    g.rows = std::max(0, rows);
    g.columns = std::max(0, columns);
    zoom = std::max(1.0, zoom);
    if (g.rows == 0 || g.columns == 0)
        return g;
    g.cellWidth = area.width() / g.columns * zoom;
    g.cellHeight = area.height() / g.rows * zoom;
    const QPointF max = g.maxOrigin();
    g.origin = QPointF(std::clamp(origin.x(), 0.0, max.x()), std::clamp(origin.y(), 0.0, max.y()));
    return g;
}

QPointF GridGeometry::maxOrigin() const
{
    if (cellWidth <= 0 || cellHeight <= 0)
        return {};
    return QPointF(std::max(0.0, columns - area.width() / cellWidth), std::max(0.0, rows - area.height() / cellHeight));
}

QRectF GridGeometry::cellsRect(int row, int column, int rowCount, int columnCount) const
{
    return QRectF(area.left() + (column - origin.x()) * cellWidth, area.top() + (row - origin.y()) * cellHeight,
        columnCount * cellWidth, rowCount * cellHeight);
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
    const int row = static_cast<int>(std::floor(origin.y() + (p.y() - area.top()) / cellHeight));
    if (row < 0 || row >= rows || column < 0 || column >= columns)
        return std::nullopt;
    return std::make_pair(row, column);
}

int GridGeometry::firstVisibleRow() const
{
    return std::clamp(static_cast<int>(std::floor(origin.y())), 0, std::max(0, rows - 1));
}

int GridGeometry::lastVisibleRow() const
{
    if (cellHeight <= 0)
        return -1;
    return std::clamp(static_cast<int>(std::ceil(origin.y() + area.height() / cellHeight)) - 1, 0, rows - 1);
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
