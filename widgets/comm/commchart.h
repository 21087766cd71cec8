#pragma once
#include "widgets/comm/commrows.h"

#include <QWidget>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QLabel;
class QStackedLayout;
class QValueAxis;

// Where a step's communication time goes, by kind of traffic, for decode and for prefill: one
// 100 % bar per phase (their totals differ by orders of magnitude), the total in the bar's label.
// The second of the two classes that touch Qt Charts; rebuilt in bulk on every change.
class CommChart : public QWidget
{
    Q_OBJECT
public:
    explicit CommChart(QWidget *parent = nullptr);

    void setRows(const std::vector<CommRow> &rows, const QString &decodeLabel, const QString &prefillLabel);
    // Seconds per kind (kinds(), in order) for a phase.
    const std::vector<double> &decodeSeconds() const { return m_decode; }
    const std::vector<double> &prefillSeconds() const { return m_prefill; }
    QStringList kinds() const { return m_kinds; }
    bool showsChart() const;
    void renderTo(class QPainter &painter, const QRect &rect);

private:
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_empty;
    QStackedLayout *m_stack;
    QBarCategoryAxis *m_axisY;
    QValueAxis *m_axisX;
    std::vector<CommRow> m_rows;
    std::vector<double> m_decode;
    std::vector<double> m_prefill;
    QStringList m_kinds;
};
