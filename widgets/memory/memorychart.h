#pragma once
#include "widgets/memory/memorybars.h"

#include <QWidget>

#include <memory>

class PlanDocument;
struct PlanState;
class QChart;
class QChartView;
class QLabel;
class QValueAxis;

// Stacked memory bars per GPU (per node above 64 GPUs). One of the two classes that touch Qt Charts
// (deprecated from Qt 6.10): the series are rebuilt in bulk on every change, never value by value.
class MemoryChart : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryChart(const PlanDocument *document, QWidget *parent = nullptr);

    const std::vector<MemoryBar> &bars() const { return m_bars; }
    QStringList categories() const;
    // The chart's values, GiB, per set (weights, activation, other, KV, headroom) — for tests.
    std::vector<std::vector<double>> seriesValues() const;
    QString barToolTip(int barIndex, int setIndex) const;
    void renderTo(class QPainter &painter, const QRect &rect);
    QChartView *view() const { return m_view; }
    // Rich text: the title, then its notes, as many a line as the width holds. A label above the
    // chart, not the chart's own title: Qt Charts cut a two-line title taller than its share of the
    // chart (presentation mode, Chinese) to "…".
    QString title() const;
    QLabel *titleLabel() const { return m_title; }

private:
    void rebuild();
    void relabelAxis();
    void rescaleY();
    void retitle();

    const PlanDocument *m_document;
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_title;
    QValueAxis *m_axisX; // bar i at x = i
    QValueAxis *m_axisY;
    std::vector<MemoryBar> m_bars;
    std::shared_ptr<const PlanState> m_state;
    bool m_dirty = true;
    QString m_titleHead;
    double m_top = 0; // the tallest bar, GiB

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
};
