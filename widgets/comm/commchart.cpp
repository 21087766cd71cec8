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
#include <QtCharts/QHorizontalPercentBarSeries>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>

#include <QCursor>
#include <QLabel>
#include <QStackedLayout>
#include <QToolTip>

using namespace shardscope;

namespace {
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
} // namespace

CommChart::CommChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_empty(new QLabel(this))
    , m_stack(new QStackedLayout(this))
    , m_axisY(new QBarCategoryAxis(m_chart))
    , m_axisX(new QValueAxis(m_chart))
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    retranslateWith(this, [this] { m_chart->setTitle(tr("Share of each step's communication time")); });
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_axisX->setRange(0, 100);
    m_axisX->setTickCount(5);
    m_axisX->setLabelFormat(QStringLiteral("%d%"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(12);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);
    setMinimumWidth(300);
    // Title, axes and legend in the application font: presentation mode scales them too.
    fonts::followApplication(this, [this] {
        fonts::styleChart(m_chart);
        m_chart->legend()->setFont(fonts::relative(0.9));
        fonts::refitLegend(m_view, m_chart);
    });
    fonts::keepLegendWhole(m_view, m_chart);
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
    auto *series = new QHorizontalPercentBarSeries;
    QList<QBarSet *> sets;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        auto *set = new QBarSet(m_kinds[static_cast<int>(i)]);
        // Category 0 (drawn at the bottom) is prefill, category 1 decode: decode reads first.
        set->append(QList<qreal> { m_prefill[i], m_decode[i] });
        const QColor c = kindColor(m_rows[i].kind);
        set->setColor(c);
        set->setBorderColor(c.darker(120));
        connect(set, &QBarSet::hovered, this, [this, i](bool on, int index) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const CommRow &r = m_rows[i];
            const bool decode = index == 1;
            QToolTip::showText(QCursor::pos(),
                tr("<b>%1</b> · %2<br>%3 per step · %4 messages of %5 · %6 sent by the busiest "
                   "GPU<br><small>%7</small>")
                    .arg(r.what.toHtmlEscaped(), decode ? tr("decode") : tr("prefill"),
                        textformat::duration(decode ? r.decodeSec : r.prefillSec))
                    .arg(r.perStep)
                    .arg(textformat::bytes(decode ? r.decodeMessage : r.prefillMessage, 2),
                        textformat::bytes(decode ? r.decodeSent : r.prefillSent, 2), r.formula.toHtmlEscaped()),
                m_view);
        });
        sets << set;
    }
    series->append(sets);
    series->setBarWidth(0.55);
    m_chart->addSeries(series);
    fonts::refitLegend(m_view, m_chart);
    series->attachAxis(m_axisY);
    series->attachAxis(m_axisX);
    m_axisY->clear();
    m_axisY->append({ prefillLabel, decodeLabel });
}

void CommChart::renderTo(QPainter &painter, const QRect &rect)
{
    if (showsChart())
        m_view->render(&painter, QRectF(rect), m_view->viewport()->rect());
    else
        m_empty->render(&painter, rect.topLeft());
}
