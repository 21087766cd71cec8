#pragma once
#include "core/sweep/sweepmap.h"

#include <QFontMetrics>
#include <QWidget>

#include <memory>
#include <vector>

// The feasibility map of a sweep (TP x PP or DP x EP): one custom-painted cell per pair, coloured by
// the objective's figure of the cell's best plan (a colour-blind-safe sequential scale), grey when
// nothing fits, hatched when vLLM refuses the pair. Hover explains the cell; a click chooses its plan.
class SweepHeatmap : public QWidget
{
    Q_OBJECT
public:
    explicit SweepHeatmap(shardscope::MapAxes axes, QWidget *parent = nullptr);

    void setResult(std::shared_ptr<const shardscope::SweepResult> result, shardscope::SweepObjective objective);
    // Outlines the cell of the plan the window shows (tp, pp, dp, ep).
    void setCurrent(int tp, int pp, int dp, int ep);

    const shardscope::SweepMap &map() const { return m_map; }
    // Geometry, for tests and hit-testing: the cell's rectangle in widget coordinates.
    QRect cellRect(int row, int column) const;
    // The plan index under a widget position, or -1.
    int planAt(const QPoint &pos) const;
    QString toolTipFor(int row, int column) const;
    // The figure drawn in a cell `room` px wide: the tooltip's, else shorter (105, 1.2k), else none.
    QString cellLabel(const shardscope::MapCell &cell, int room, const QFontMetrics &fm) const;

    // The cell under the mouse (outlined), or -1, -1.
    QPoint hoveredCell() const { return { m_hoverColumn, m_hoverRow }; }
    // Where the legend's grey states go (swatch and text), wrapped onto as many lines as the width
    // needs: none is dropped.
    std::vector<QRect> legendItemRects() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The index into the result's plans of the clicked cell's best plan.
    void planClicked(int planIndex);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    int bottomHeight() const; // the colour scale and the wrapped legend below the grid
    // Sizes from the font, so presentation mode's larger text keeps its room: one text line, the
    // title (one or two lines), the margin left of the grid (row labels) and above it (title and
    // column labels), the smallest cell height.
    int line() const;
    QString title() const;
    int titleHeight() const;
    int left() const;
    int top() const;
    int minCell() const;
    QStringList legendTexts() const;
    QRect gridRect() const;
    QSize cellSize() const;
    bool cellAt(const QPoint &pos, int &row, int &column) const;
    QColor cellColor(const shardscope::MapCell &cell) const;

    shardscope::MapAxes m_axes;
    shardscope::SweepObjective m_objective = shardscope::SweepObjective::Concurrency;
    std::shared_ptr<const shardscope::SweepResult> m_result;
    shardscope::SweepMap m_map;
    int m_currentRow = -1, m_currentColumn = -1;
    int m_hoverRow = -1, m_hoverColumn = -1;
    int m_current[4] = { 0, 0, 0, 0 };
};
