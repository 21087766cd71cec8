#pragma once
#include <QChartView>
#include <QColor>
#include <QString>

#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

// The SLA search's plans as points: TPOT at the SLA percentile (x, ms) against output tokens/s per
// GPU (y), one set per serving mode (aggregated; disaggregated prefill/decode pairs), each with its
// Pareto front among the plans that meet the SLA drawn larger and joined; plans that miss the SLA
// are grey. Hover explains a point; a click emits pointClicked(set, index) for the window to apply.
class SlaFrontChart : public QChartView
{
    Q_OBJECT
public:
    struct Point
    {
        double tpotMs = 0;
        double tokensPerSecPerGpu = 0;
        bool meetsSla = false;
        bool front = false; // meets the SLA and no other such plan of its set dominates it
        int index = 0; // the caller's row index, handed back by pointClicked
        QString toolTip; // rich text
    };
    struct Set
    {
        QString frontName; // legend: "aggregated front"
        QString othersName; // legend: "aggregated, meets SLA"
        QColor color;
        std::vector<Point> points;
    };

    explicit SlaFrontChart(QWidget *parent = nullptr);

    // Replaces every set (at most two: aggregated and disaggregated).
    void setSets(std::vector<Set> sets);
    void retranslate();

    // For tests: the front points of set `s`, and where a point is drawn (viewport coordinates).
    int frontCount(int s) const;
    int pointCount(int s) const;
    QPoint viewportPosOf(int s, int index) const;
    QString toolTipAt(const QPointF &value) const;

signals:
    void pointClicked(int set, int index);

private:
    struct Layer
    {
        QScatterSeries *series = nullptr;
        int set = 0;
        std::vector<int> points; // indices into m_sets[set].points
    };
    const Point *pointAt(const QPointF &value, int *set) const;
    void hovered(const QPointF &value, bool state);
    void clicked(const QPointF &value);
    Layer &layer(int set, bool front);

    std::vector<Set> m_sets;
    std::vector<Layer> m_layers; // per set: front, then others
    std::vector<QLineSeries *> m_frontLines;
    Layer m_missing; // every set's plans that miss the SLA (found again by value)
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};
