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
// stacked bar per phase, in time. Their totals differ by orders of magnitude, so each phase has its
// own axis (decode on top, prefill below), each in the unit its total reads best in (µs, ms, s).
// The second of the two classes that touch Qt Charts; rebuilt in bulk on every change.
class CommChart : public QWidget
{
    Q_OBJECT
public:
    // The unit a duration reads best in: below 1 ms in µs, below 1 s in ms, else in s.
    struct TimeUnit
    {
        double perSecond = 1; // multiply seconds by this
        QString name; // "µs", "ms", "s"
    };
    static TimeUnit unitFor(double seconds);

    explicit CommChart(QWidget *parent = nullptr);

    void setRows(const std::vector<CommRow> &rows, const QString &decodeLabel, const QString &prefillLabel);
    // Seconds per kind (kinds(), in order) for a phase.
    const std::vector<double> &decodeSeconds() const { return m_decode; }
    const std::vector<double> &prefillSeconds() const { return m_prefill; }
    QStringList kinds() const { return m_kinds; }
    bool showsChart() const;
    // The axes, for tests: the name and unit of the decode (top) and prefill (bottom) axis, which
    // label their bars ("Decode, ms"), and each axis's upper end.
    QString decodeAxisTitle() const;
    QString prefillAxisTitle() const;
    double decodeAxisMax() const;
    double prefillAxisMax() const;
    void renderTo(class QPainter &painter, const QRect &rect);

private:
    QChart *m_chart;
    QChartView *m_view;
    QLabel *m_empty;
    QStackedLayout *m_stack;
    QBarCategoryAxis *m_axisY;
    QValueAxis *m_axisDecode;
    QValueAxis *m_axisPrefill;
    QString m_decodeTitle, m_prefillTitle;
    std::vector<CommRow> m_rows;
    std::vector<double> m_decode;
    std::vector<double> m_prefill;
    QStringList m_kinds;
};
