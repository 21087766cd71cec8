#pragma once
#include "widgets/grid/griddata.h"
#include "widgets/grid/gridgeometry.h"

#include <QFontMetricsF>

#include <vector>

class QPainter;

// What the user looks at: zoom (1 = fit), scroll position in cells, the hovered cell.
struct GridView
{
    double zoom = 1;
    QPointF origin;
    int hoverRow = -1;
    int hoverColumn = -1;
};

// The bands around the cells: legend on top, column bands and labels, row bands and labels on the
// left, caption below. Sizes follow the font so nothing is clipped.
struct GridFrame
{
    std::vector<QRectF> legendItems; // one per legend entry
    QRectF legend;
    std::vector<QRectF> columnBands;
    QRectF columnLabels;
    std::vector<QRectF> rowBands;
    QRectF rowLabels;
    std::vector<QRectF> rowMarks; // one per GridData::rowMarks strip
    QRectF corner;
    QRectF caption;
    GridGeometry cells;
};

GridFrame layoutGrid(const GridData &data, const QRectF &rect, const QFontMetricsF &fm, const GridView &view);

// A row header label as painted: its box, its text and the rows it names.
struct GridLabel
{
    QRectF box;
    QString text;
    int firstRow = 0;
    int lastRow = 0;
};
// The row labels paintGrid() draws: every row's while they fit, else every k-th row's (the pinned
// ones always), or one per run of k rows when the data has a rowRunLabel.
std::vector<GridLabel> rowLabelBoxes(const GridData &data, const GridFrame &frame, const QFontMetricsF &fm);

// Paints a frame. `vector` draws cells as rectangles (for SVG export) instead of scaling the image.
void paintGrid(QPainter &p, const GridData &data, const GridFrame &frame, const GridView &view, bool vector = false);

// Of blocks side by side (their widths and labels, longest first), the index of the first label form
// that fits every one of them (a shorter list stands by its last form), or the length of the
// longest list when none does: one row of labels reads the same all along.
int sharedLabelChoice(
    const std::vector<double> &widths, const std::vector<QStringList> &labels, const QFontMetricsF &fm);
