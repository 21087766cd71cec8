#include "widgets/explore/sweepscatter.h"

#include "widgets/common/fonts.h"

#include "widgets/explore/sweepstyle.h"

#include <QChart>
#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

using namespace shardscope;

namespace {

QScatterSeries *scatter(const QColor &color, qreal size)
{
    auto *s = new QScatterSeries;
    s->setColor(color);
    s->setBorderColor(color.darker(130));
    s->setMarkerSize(size);
    return s;
}

// A round axis end above `v` (1, 2 or 5 times a power of ten), so ticks land on readable values.
double niceCeiling(double v)
{
    if (!(v > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (m * p >= v)
            return m * p;
    return 10 * p;
}

} // namespace

// The chart is handed to QChartView's constructor: QChartView(QWidget *) makes a default chart of its
// own, which setChart() would release without deleting.
SweepScatter::SweepScatter(QWidget *parent)
    : QChartView(new QChart, parent)
{
    QChart *chart = this->chart();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_grey.series = scatter(sweepstyle::doesNotFit().darker(125), 7);
    m_feasible.series = scatter(sweepstyle::feasible(), 9);
    m_front.series = scatter(sweepstyle::paretoFront(), 12);
    m_frontLine = new QLineSeries;
    m_frontLine->setPen(QPen(sweepstyle::paretoFront(), 1.5, Qt::DashLine));
    m_current = new QScatterSeries;
    m_current->setMarkerSize(20);
    m_current->setColor(Qt::transparent);
    m_current->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_x = new QValueAxis;
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y = new QValueAxis;
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QXYSeries *s : std::initializer_list<QXYSeries *> {
             m_frontLine, m_grey.series, m_feasible.series, m_front.series, m_current }) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    chart->legend()->markers(m_frontLine).first()->setVisible(false);
    fonts::followApplication(this, [this, chart] {
        fonts::styleChart(chart);
        fonts::refitLegend(this, chart);
    });
    retranslate();
    fonts::keepLegendWhole(this, chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 180);
    for (Layer *layer : { &m_grey, &m_feasible, &m_front }) {
        connect(layer->series, &QScatterSeries::hovered, this, &SweepScatter::hovered);
        connect(layer->series, &QScatterSeries::clicked, this, &SweepScatter::clicked);
    }
}

void SweepScatter::retranslate()
{
    // Short: QtCharts cuts a legend label to the chart's width ("no fit or constraint m…"); each
    // point's tooltip says why it is excluded.
    m_grey.series->setName(tr("excluded"));
    m_feasible.series->setName(tr("feasible")); // meets every constraint; short for a legend at the right
    m_front.series->setName(tr("Pareto front"));
    m_current->setName(tr("this plan"));
    fitAxisTitles();
    fonts::refitLegend(this, chart());
}

void SweepScatter::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    fitAxisTitles();
}

// The y axis's title runs along the plot's height, and Qt Charts cuts it to "tok/s per …" when the plot
// is shorter (Explore in presentation mode): then the x axis's title names both axes.
void SweepScatter::fitAxisTitles()
{
    const QString x = tr("TPOT, ms (estimate)");
    const QString y = tr("tok/s per GPU");
    const QFontMetricsF fm(m_y->titleFont());
    // The plot is the view less the legend, the x axis and the margins: about 6 lines of text.
    const double plotHeight = height() - 6 * fm.height();
    const bool fits = fm.horizontalAdvance(y) + fm.height() <= plotHeight;
    m_y->setTitleVisible(fits);
    m_y->setTitleText(y);
    m_x->setTitleText(fits ? x : tr("%1 · ↑ %2").arg(x, y));
}

QPointF SweepScatter::valueOf(int planIndex) const
{
    const SweepPlan &p = m_result->plans[static_cast<size_t>(planIndex)];
    return QPointF(p.tpotSec * 1e3, p.tokensPerSecPerGpu);
}

void SweepScatter::fill(Layer &layer, const std::vector<int> &plans)
{
    layer.plans = plans;
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(plans.size()));
    for (int i : plans)
        points.append(valueOf(i));
    layer.series->replace(points); // in bulk: one repaint
}

void SweepScatter::setResult(std::shared_ptr<const SweepResult> result)
{
    m_result = std::move(result);
    std::vector<int> grey, feasible, front;
    double maxX = 0, maxY = 0;
    const std::vector<SweepPlan> &plans = m_result ? m_result->plans : std::vector<SweepPlan> {};
    for (size_t i = 0; i < plans.size(); ++i) {
        const SweepPlan &p = plans[i];
        if (!p.valid) // no placement, no estimate
            continue;
        (p.pareto ? front : p.meetsConstraints ? feasible : grey).push_back(static_cast<int>(i));
        maxX = std::max(maxX, p.tpotSec * 1e3);
        maxY = std::max(maxY, p.tokensPerSecPerGpu);
    }
    fill(m_grey, grey);
    fill(m_feasible, feasible);
    fill(m_front, front);
    std::vector<int> line = front;
    std::sort(
        line.begin(), line.end(), [&](int a, int b) { return plans[size_t(a)].tpotSec < plans[size_t(b)].tpotSec; });
    QList<QPointF> points;
    for (int i : line)
        points.append(valueOf(i));
    m_frontLine->replace(points);
    m_x->setRange(0, niceCeiling(maxX * 1.05));
    m_y->setRange(0, niceCeiling(maxY * 1.05));
    m_current->clear();
}

void SweepScatter::setCurrent(int tp, int pp, int dp, int ep)
{
    m_current->clear();
    if (!m_result)
        return;
    const std::vector<SweepPlan> &plans = m_result->plans;
    for (size_t i = 0; i < plans.size(); ++i)
        if (plans[i].valid && plans[i].tp == tp && plans[i].pp == pp && plans[i].dp == dp && plans[i].ep == ep) {
            m_current->append(valueOf(static_cast<int>(i)));
            return;
        }
}

int SweepScatter::frontCount() const
{
    return static_cast<int>(m_front.plans.size());
}

int SweepScatter::feasibleCount() const
{
    return static_cast<int>(m_feasible.plans.size());
}

int SweepScatter::greyCount() const
{
    return static_cast<int>(m_grey.plans.size());
}

QPoint SweepScatter::viewportPosOf(int planIndex) const
{
    const QPointF scene = chart()->mapToScene(chart()->mapToPosition(valueOf(planIndex), m_feasible.series));
    return mapFromScene(scene);
}

// Plans drawn at exactly this value (EP on and off often coincide), best rank first.
std::vector<int> SweepScatter::plansAt(const QPointF &value) const
{
    std::vector<int> out;
    if (!m_result)
        return out;
    for (const Layer *layer : { &m_front, &m_feasible, &m_grey })
        for (int i : layer->plans)
            if (valueOf(i) == value)
                out.push_back(i);
    std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
        const int ra = m_result->plans[size_t(a)].rank, rb = m_result->plans[size_t(b)].rank;
        return ra > 0 && (rb == 0 || ra < rb);
    });
    return out;
}

QString SweepScatter::toolTipAt(const QPointF &value) const
{
    const std::vector<int> at = plansAt(value);
    QStringList parts;
    for (size_t k = 0; k < at.size() && k < 3; ++k)
        parts << sweepstyle::planToolTip(m_result->plans[size_t(at[k])]);
    if (at.size() > 3)
        parts << tr("… and %1 more plans at this point").arg(at.size() - 3);
    if (!at.empty())
        parts << tr("<i>Click to apply the first.</i>");
    return parts.join(QStringLiteral("<hr>"));
}

void SweepScatter::hovered(const QPointF &value, bool state)
{
    if (state)
        QToolTip::showText(QCursor::pos(), toolTipAt(value), this);
    else
        QToolTip::hideText();
}

void SweepScatter::clicked(const QPointF &value)
{
    const std::vector<int> at = plansAt(value);
    if (!at.empty())
        emit planClicked(at.front());
}
