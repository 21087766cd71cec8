#pragma once
#include "core/sweep/sweep.h"

#include <QChartView>

#include <memory>
#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

// Every plan of a sweep as a point: estimated TPOT (x, ms) against tokens/s per GPU (y). The Pareto
// front is highlighted and joined, plans that do not fit or miss a constraint are grey, the window's
// plan is ringed. Hover explains a point (reasons included); a click chooses it.
// The one Qt Charts class of the Explore view (Qt Charts is deprecated from Qt 6.10).
class SweepScatter : public QChartView
{
    Q_OBJECT
public:
    explicit SweepScatter(QWidget *parent = nullptr);

    void setResult(std::shared_ptr<const shardscope::SweepResult> result);
    void setCurrent(int tp, int pp, int dp, int ep);
    void retranslate(); // series names and axis titles

    // For tests: the points of each kind, and where a plan's point is drawn (viewport coordinates).
    int frontCount() const;
    int feasibleCount() const;
    int greyCount() const;
    QPoint viewportPosOf(int planIndex) const;
    QString toolTipAt(const QPointF &value) const;

signals:
    void planClicked(int planIndex);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitAxisTitles();

    struct Layer
    {
        QScatterSeries *series = nullptr;
        std::vector<int> plans; // plan index of each point, in point order
    };
    void fill(Layer &layer, const std::vector<int> &plans);
    std::vector<int> plansAt(const QPointF &value) const;
    void hovered(const QPointF &value, bool state);
    void clicked(const QPointF &value);
    QPointF valueOf(int planIndex) const;

    std::shared_ptr<const shardscope::SweepResult> m_result;
    Layer m_grey, m_feasible, m_front;
    QLineSeries *m_frontLine = nullptr;
    QScatterSeries *m_current = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};
