#include "widgets/comm/commchart.h"

#include "widgets/common/fonts.h"

#include "core/report/commreport.h"
#include "widgets/common/palette.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QHorizontalStackedBarSeries>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QValueAxis>

#include <QCursor>
#include <QFontMetrics>
#include <QLabel>
#include <QStackedLayout>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace shardscope;

namespace {

// Two bars, each labelled by a name above its unit: the plot needs about eight lines so that each
// bar's band holds its two-line label (Qt Charts cuts it to "Deco..." otherwise), plus the title,
// two value axes and the legend.
constexpr int kMinLines = 15;
QColor kindColor(CommRow::Kind k)
{
    // Okabe & Ito: blue, sky blue, bluish green, orange, vermillion.
    switch (k) {
    case CommRow::TpAllReduce:
        return QColor(0x00, 0x72, 0xB2);
    case CommRow::Embedding:
        return QColor(0x56, 0xB4, 0xE9);
    case CommRow::LmHead:
        return QColor(0x00, 0x9E, 0x73);
    case CommRow::PpSend:
        return QColor(0xE6, 0x9F, 0x00);
    case CommRow::Ep:
        return QColor(0xD5, 0x5E, 0x00);
    case CommRow::LinkTotal:
        break;
    }
    return QColor(0x99, 0x99, 0x99);
}

// A round axis end at or above `v` (1, 2, 2.5 or 5 times a power of ten).
double niceCeiling(double v)
{
    if (!(v > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (m * p >= v * (1 - 1e-9))
            return m * p;
    return 10 * p;
}
} // namespace

CommChart::TimeUnit CommChart::unitFor(double seconds)
{
    const double a = std::fabs(seconds);
    if (a < 1e-3)
        return { 1e6, tr("µs") };
    if (a < 1)
        return { 1e3, tr("ms") };
    return { 1, tr("s") };
}

CommChart::CommChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_empty(new QLabel(this))
    , m_stack(new QStackedLayout(this))
    , m_axisY(new QBarCategoryAxis(m_chart))
    , m_axisDecode(new QValueAxis(m_chart))
    , m_axisPrefill(new QValueAxis(m_chart))
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    retranslateWith(this, [this] { m_chart->setTitle(tr("Communication per step")); });
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_chart->addAxis(m_axisDecode, Qt::AlignTop);
    m_chart->addAxis(m_axisPrefill, Qt::AlignBottom);
    for (QValueAxis *axis : { m_axisDecode, m_axisPrefill }) {
        axis->setTickCount(3); // 0, half and the round end: room for their labels in a narrow chart
        axis->setLabelFormat(QStringLiteral("%.4g"));
    }
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(12);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);
    // Title, axes and legend in the application font: presentation mode scales them too.
    fonts::followApplication(this, [this] {
        // Two value axes and a legend: room for their labels at any font size (presentation mode).
        setMinimumWidth(std::max(300, QFontMetrics(fonts::relative()).averageCharWidth() * 44));
        fonts::styleChart(m_chart);
        m_chart->legend()->setFont(fonts::relative(0.9));
        fonts::refitLegend(m_view, m_chart, kMinLines);
    });
    fonts::keepLegendWhole(m_view, m_chart, kMinLines);
}

bool CommChart::showsChart() const
{
    return m_stack->currentWidget() == m_view;
}

void CommChart::setRows(const std::vector<CommRow> &rows, const QString &decodeLabel, const QString &prefillLabel)
{
    m_rows.clear();
    m_decode.clear();
    m_prefill.clear();
    m_kinds.clear();
    double decodeTotal = 0;
    double prefillTotal = 0;
    for (const CommRow &r : rows)
        if (r.kind != CommRow::LinkTotal) {
            m_rows.push_back(r);
            m_decode.push_back(r.decodeSec);
            m_prefill.push_back(r.prefillSec);
            m_kinds << r.shortName;
            decodeTotal += r.decodeSec;
            prefillTotal += r.prefillSec;
        }
    m_chart->removeAllSeries();
    if (decodeTotal <= 0 && prefillTotal <= 0) {
        m_empty->setText(tr(
            "<b>No communication</b><br>Every replica is a single GPU (tp = pp = 1) and no MoE tokens cross a link."));
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    m_stack->setCurrentWidget(m_view);
    // Two stacked series on one category axis: decode's bar measured on the top axis, prefill's on
    // the bottom one, each in its own unit; the legend lists the kinds once.
    const TimeUnit decodeUnit = unitFor(decodeTotal), prefillUnit = unitFor(prefillTotal);
    auto *decodeSeries = new QHorizontalStackedBarSeries;
    auto *prefillSeries = new QHorizontalStackedBarSeries;
    for (int phase = 0; phase < 2; ++phase) {
        const bool decode = phase == 0;
        QHorizontalStackedBarSeries *series = decode ? decodeSeries : prefillSeries;
        const double scale = decode ? decodeUnit.perSecond : prefillUnit.perSecond;
        QList<QBarSet *> sets;
        for (size_t i = 0; i < m_rows.size(); ++i) {
            auto *set = new QBarSet(m_kinds[static_cast<int>(i)]);
            // Category 0 (drawn at the bottom) is prefill, category 1 decode: decode reads first.
            set->append(decode ? QList<qreal> { 0, m_decode[i] * scale } : QList<qreal> { m_prefill[i] * scale, 0 });
            const QColor c = kindColor(m_rows[i].kind);
            set->setColor(c);
            set->setBorderColor(c.darker(120));
            connect(set, &QBarSet::hovered, this, [this, i, decode](bool on, int index) {
                if (!on || index != (decode ? 1 : 0)) {
                    QToolTip::hideText();
                    return;
                }
                const CommRow &r = m_rows[i];
                const double total = decode ? std::accumulate(m_decode.begin(), m_decode.end(), 0.0)
                                            : std::accumulate(m_prefill.begin(), m_prefill.end(), 0.0);
                const double sec = decode ? r.decodeSec : r.prefillSec;
                QToolTip::showText(QCursor::pos(),
                    tr("<b>%1</b> · %2<br>%3 per step (%8 % of the phase's communication) · %4 messages of %5 · "
                       "%6 sent by the busiest GPU<br><small>%7</small>")
                        .arg(r.what.toHtmlEscaped(), decode ? tr("decode") : tr("prefill"), textformat::duration(sec))
                        .arg(r.perStep)
                        .arg(textformat::bytes(decode ? r.decodeMessage : r.prefillMessage, 2),
                            textformat::bytes(decode ? r.decodeSent : r.prefillSent, 2), r.formula.toHtmlEscaped())
                        .arg(total > 0 ? 100 * sec / total : 0, 0, 'f', 0),
                    m_view);
            });
            sets << set;
        }
        series->append(sets);
        series->setBarWidth(0.6);
        m_chart->addSeries(series);
        series->attachAxis(m_axisY);
        series->attachAxis(decode ? m_axisDecode : m_axisPrefill);
    }
    for (QLegendMarker *marker : m_chart->legend()->markers(prefillSeries))
        marker->setVisible(false);
    m_axisDecode->setRange(0, niceCeiling(decodeTotal * decodeUnit.perSecond));
    m_axisPrefill->setRange(0, niceCeiling(prefillTotal * prefillUnit.perSecond));
    // Each phase's name and unit label its bar, left of it, rather than titling the value axis: Qt
    // Charts gives the top and bottom axes together at most 40 % of the plot's height and cuts an
    // axis's title and labels to "..." past that, which a CJK title line (taller than a Latin one)
    // reached in a short chart. One line of numbers per value axis fits.
    m_decodeTitle = tr("%1, %2").arg(decodeLabel, decodeUnit.name);
    m_prefillTitle = tr("%1, %2").arg(prefillLabel, prefillUnit.name);
    fonts::refitLegend(m_view, m_chart, kMinLines);
    m_axisY->clear();
    // Name above unit: a narrow chart (the legend at its right) has little room for the labels.
    m_axisY->append({ QStringLiteral("%1<br>%2").arg(prefillLabel, prefillUnit.name),
        QStringLiteral("%1<br>%2").arg(decodeLabel, decodeUnit.name) });
}

QString CommChart::decodeAxisTitle() const
{
    return m_decodeTitle;
}

QString CommChart::prefillAxisTitle() const
{
    return m_prefillTitle;
}

double CommChart::decodeAxisMax() const
{
    return m_axisDecode->max();
}

double CommChart::prefillAxisMax() const
{
    return m_axisPrefill->max();
}

void CommChart::renderTo(QPainter &painter, const QRect &rect)
{
    if (showsChart())
        m_view->render(&painter, QRectF(rect), m_view->viewport()->rect());
    else
        m_empty->render(&painter, rect.topLeft());
}
