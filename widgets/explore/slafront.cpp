#include "widgets/explore/slafront.h"

#include "widgets/common/fonts.h"
#include "widgets/explore/sweepstyle.h"

#include <QChart>
#include <QCursor>
#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

// Two sets at most (aggregated, disaggregated): slots are made once and reused.
constexpr int kMaxSets = 2;

QScatterSeries *scatter(const QColor &color, qreal size)
{
    auto *s = new QScatterSeries;
    s->setColor(color);
    s->setBorderColor(color.darker(130));
    s->setMarkerSize(size);
    return s;
}

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

QPointF valueOf(const SlaFrontChart::Point &p)
{
    return { p.tpotMs, p.tokensPerSecPerGpu };
}

} // namespace

SlaFrontChart::SlaFrontChart(QWidget *parent)
    : QChartView(new QChart, parent)
{
    QChart *chart = this->chart();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_x = new QValueAxis;
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y = new QValueAxis;
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    const auto add = [&](QXYSeries *s) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    };
    m_missing.series = scatter(sweepstyle::doesNotFit().darker(125), 7);
    add(m_missing.series);
    for (int s = 0; s < kMaxSets; ++s) {
        auto *line = new QLineSeries;
        add(line);
        m_frontLines.push_back(line);
        chart->legend()->markers(line).first()->setVisible(false);
        for (bool front : { true, false }) {
            Layer l;
            l.set = s;
            l.series = scatter(Qt::gray, front ? 12 : 8);
            add(l.series);
            m_layers.push_back(l);
        }
    }
    connect(m_missing.series, &QScatterSeries::hovered, this, &SlaFrontChart::hovered);
    connect(m_missing.series, &QScatterSeries::clicked, this, &SlaFrontChart::clicked);
    for (const Layer &l : m_layers) {
        connect(l.series, &QScatterSeries::hovered, this, &SlaFrontChart::hovered);
        connect(l.series, &QScatterSeries::clicked, this, &SlaFrontChart::clicked);
    }
    fonts::followApplication(this, [this, chart] {
        fonts::styleChart(chart);
        fonts::refitLegend(this, chart);
    });
    setSets({});
    fonts::keepLegendWhole(this, chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 180);
}

SlaFrontChart::Layer &SlaFrontChart::layer(int set, bool front)
{
    return m_layers[static_cast<size_t>(set) * 2 + (front ? 0 : 1)];
}

void SlaFrontChart::setSets(std::vector<Set> sets)
{
    if (sets.size() > static_cast<size_t>(kMaxSets))
        sets.resize(kMaxSets);
    m_sets = std::move(sets);
    double maxX = 0, maxY = 0;
    QList<QPointF> missing;
    for (int s = 0; s < kMaxSets; ++s) {
        Layer &front = layer(s, true), &others = layer(s, false);
        front.points.clear();
        others.points.clear();
        QList<QPointF> frontPts, otherPts, line;
        if (s < static_cast<int>(m_sets.size())) {
            const Set &set = m_sets[static_cast<size_t>(s)];
            front.series->setColor(set.color);
            front.series->setBorderColor(set.color.darker(140));
            others.series->setColor(set.color.lighter(160));
            others.series->setBorderColor(set.color);
            m_frontLines[static_cast<size_t>(s)]->setPen(QPen(set.color, 1.5, Qt::DashLine));
            std::vector<const Point *> onFront;
            for (size_t i = 0; i < set.points.size(); ++i) {
                const Point &p = set.points[i];
                maxX = std::max(maxX, p.tpotMs);
                maxY = std::max(maxY, p.tokensPerSecPerGpu);
                if (p.front) {
                    front.points.push_back(static_cast<int>(i));
                    frontPts.append(valueOf(p));
                    onFront.push_back(&p);
                } else if (p.meetsSla) {
                    others.points.push_back(static_cast<int>(i));
                    otherPts.append(valueOf(p));
                } else {
                    missing.append(valueOf(p));
                }
            }
            std::sort(
                onFront.begin(), onFront.end(), [](const Point *a, const Point *b) { return a->tpotMs < b->tpotMs; });
            for (const Point *p : onFront)
                line.append(valueOf(*p));
        }
        front.series->replace(frontPts);
        others.series->replace(otherPts);
        m_frontLines[static_cast<size_t>(s)]->replace(line);
        // A set that is not there has no legend entry.
        const bool present = s < static_cast<int>(m_sets.size());
        chart()->legend()->markers(front.series).first()->setVisible(present);
        chart()->legend()->markers(others.series).first()->setVisible(present && !otherPts.isEmpty());
    }
    m_missing.series->replace(missing);
    chart()->legend()->markers(m_missing.series).first()->setVisible(!missing.isEmpty());
    m_x->setRange(0, niceCeiling(maxX * 1.05));
    m_y->setRange(0, niceCeiling(maxY * 1.05));
    retranslate();
}

void SlaFrontChart::retranslate()
{
    for (int s = 0; s < kMaxSets; ++s) {
        const bool present = s < static_cast<int>(m_sets.size());
        layer(s, true).series->setName(present ? m_sets[static_cast<size_t>(s)].frontName : QString());
        layer(s, false).series->setName(present ? m_sets[static_cast<size_t>(s)].othersName : QString());
    }
    m_missing.series->setName(tr("misses SLA"));
    m_x->setTitleText(tr("TPOT, ms (estimate)")); // at the SLA percentile (status line, tooltips)
    m_y->setTitleText(tr("tok/s per GPU"));
    fonts::refitLegend(this, chart());
}

int SlaFrontChart::frontCount(int s) const
{
    return static_cast<int>(m_layers[static_cast<size_t>(s) * 2].points.size());
}

int SlaFrontChart::pointCount(int s) const
{
    return s < static_cast<int>(m_sets.size()) ? static_cast<int>(m_sets[static_cast<size_t>(s)].points.size()) : 0;
}

QPoint SlaFrontChart::viewportPosOf(int s, int index) const
{
    const Set &set = m_sets.at(static_cast<size_t>(s));
    for (const Point &p : set.points)
        if (p.index == index) {
            const QPointF scene = chart()->mapToScene(chart()->mapToPosition(valueOf(p), m_missing.series));
            return mapFromScene(scene);
        }
    return {};
}

// The point drawn at exactly this value: a front point first, then one that meets the SLA.
const SlaFrontChart::Point *SlaFrontChart::pointAt(const QPointF &value, int *set) const
{
    const Point *best = nullptr;
    for (size_t s = 0; s < m_sets.size(); ++s)
        for (const Point &p : m_sets[s].points) {
            if (valueOf(p) != value)
                continue;
            const int score = p.front ? 2 : p.meetsSla ? 1 : 0;
            const int bestScore = !best ? -1 : best->front ? 2 : best->meetsSla ? 1 : 0;
            if (score > bestScore) {
                best = &p;
                *set = static_cast<int>(s);
            }
        }
    return best;
}

QString SlaFrontChart::toolTipAt(const QPointF &value) const
{
    int set = 0;
    const Point *p = pointAt(value, &set);
    return p ? p->toolTip + tr("<br><i>Click to apply this plan.</i>") : QString();
}

void SlaFrontChart::hovered(const QPointF &value, bool state)
{
    if (state)
        QToolTip::showText(QCursor::pos(), toolTipAt(value), this);
    else
        QToolTip::hideText();
}

void SlaFrontChart::clicked(const QPointF &value)
{
    int set = 0;
    if (const Point *p = pointAt(value, &set))
        emit pointClicked(set, p->index);
}
