#pragma once
#include <QColor>
#include <QImage>
#include <QRect>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

// A labelled region of cells (a TP group, one GPU's experts). The first of its labels (longest
// first) that fits is drawn; none if none fits.
struct GridBlock
{
    QRect cells; // x = column, y = row
    QStringList labels;
};

// A header band entry spanning `count` rows or columns from `first` (a stage, a node).
struct GridSpan
{
    int first = 0;
    int count = 0;
    QString label;
    QString shortLabel; // used when `label` does not fit
    QString tinyLabel = QString(); // used when neither fits (a bare number); empty: none
};

struct GridLegendEntry
{
    QColor color;
    QString text;
    bool hatched = false;
    bool swatch = true; // false: a plain note
};

// Everything a placement grid tab shows, built from one evaluation (gridbuilders.h) and painted by
// gridpainter.h. One pixel of `cells` per cell: the painter scales it, so a 61 x 1024 grid paints
// as fast as a 4 x 4 one (measured: docs/ARCHITECTURE.md).
struct GridData
{
    int rows = 0;
    int columns = 0;
    QImage cells; // Format_RGB32, columns x rows
    std::vector<quint8> hatched; // row-major, 1 = marked (replicated / redundant); empty: none
    QStringList rowLabels; // one per row
    int rowLabelPhase = 0; // labels go on rows phase, phase + step, ... as space allows
    std::vector<int> pinnedRows; // rows whose label is always drawn (embedding, LM head)
    // Rows drawn at least one text line tall when the others are thinner (the Experts tab's three
    // dense layers among 58 MoE ones were a hairline); the other rows share what is left.
    std::vector<int> tallRows;
    // Rows too short for a label each: one label per run of rows, "nodes %1–%2" with the run's
    // first and last row, instead of labelling every k-th row. Empty: every k-th row's label.
    QString rowRunLabel;
    QStringList columnLabels; // one per column
    std::vector<std::vector<GridSpan>> rowBands; // outermost first (e.g. stages)
    // Narrow strips between the row labels and the cells, one colour per row (the Layers tab: a layer's
    // token mixer and its FFN). An invalid colour leaves the row's strip blank.
    std::vector<std::vector<QColor>> rowMarks;
    std::vector<std::vector<GridSpan>> columnBands; // topmost first (e.g. nodes, replicas)
    std::vector<int> rowBreaks; // thick separator above these rows
    std::vector<int> columnBreaks; // thick separator left of these columns
    std::vector<int> columnMinorBreaks; // thin separators (TP groups)
    std::vector<GridBlock> blocks;
    std::vector<GridLegendEntry> legend;
    QString rowAxis;
    QString columnAxis;
    QString caption;
    std::function<QString(int row, int column)> tooltip;

    bool isHatched(int row, int column) const
    {
        return !hatched.empty() && hatched[static_cast<size_t>(row) * columns + column] != 0;
    }
};
