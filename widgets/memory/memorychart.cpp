#include "widgets/memory/memorychart.h"

#include "core/text/units.h"
#include "widgets/common/fonts.h"
#include "widgets/common/palette.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/grid/gridgeometry.h"

#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QStackedBarSeries>
#include <QtCharts/QValueAxis>

#include <QCursor>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
enum Set { Weights, Activation, Other, Kv, Headroom, SetCount };
}

MemoryChart::MemoryChart(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_title(new QLabel(this))
    , m_axisX(new QValueAxis(m_chart))
    , m_axisY(new QValueAxis(m_chart))
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_axisY->setLabelFormat(QStringLiteral("%.0f"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisX->setGridLineVisible(false);
    m_axisX->setMinorTickCount(0);
    // Title, axes and legend in the application font: presentation mode scales them too.
    fonts::followApplication(this, [this] {
        fonts::styleChart(m_chart);
        m_axisX->setLabelsFont(fonts::relative(0.9));
        m_title->setFont(fonts::relative(1.1)); // the size Qt Charts gave its own title
        fonts::refitLegend(m_view, m_chart);
        if (!m_dirty)
            retitle();
    });
    fonts::keepLegendWhole(m_view, m_chart);
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_title->setObjectName(QStringLiteral("memoryChartTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setAlignment(Qt::AlignHCenter);
    m_title->setAutoFillBackground(true); // drawn on the chart's background in exports too
    // Its lines are laid out to the width by retitle(); it must not widen the panel.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_title);
    layout->addWidget(m_view, 1);
    const auto outdated = [this] {
        m_dirty = true;
        if (isVisible())
            rebuild();
    };
    connect(document, &PlanDocument::planChanged, this, outdated);
    // The bars' names, the title and the tooltips are in the language of the last rebuild.
    retranslateWith(this, [this, outdated] {
        m_axisY->setTitleText(tr("GiB"));
        outdated();
    });
}

void MemoryChart::showEvent(QShowEvent *event)
{
    if (m_dirty)
        rebuild();
    QWidget::showEvent(event);
}

void MemoryChart::rebuild()
{
    m_dirty = false;
    m_state = m_document->hasPlan() ? m_document->state() : nullptr;
    m_bars = m_state ? memoryBars(*m_state) : std::vector<MemoryBar> {};
    m_chart->removeAllSeries();

    // Short legend names; the title and the tooltips say what "other" and "headroom" hold.
    const QString names[SetCount] = { tr("Weights"), tr("Activation"), tr("Other"), tr("KV cache"), tr("Headroom") };
    const QColor colors[SetCount] = { palette::weights(), palette::activation(), palette::otherMemory(),
        palette::kvBudget(), palette::freeMemory() };
    QList<qreal> values[SetCount];
    double top = 0;
    for (const MemoryBar &b : m_bars) {
        values[Weights] << b.weights / GiB;
        values[Activation] << b.activation / GiB;
        values[Other] << b.other / GiB;
        values[Kv] << b.kvBudget / GiB;
        values[Headroom] << b.headroom / GiB;
        top = std::max(top, (b.weights + b.activation + b.other + b.kvBudget + b.headroom) / GiB);
    }
    auto *series = new QStackedBarSeries;
    series->setBarWidth(m_bars.size() > 16 ? 0.75 : 0.6); // regular gaps: at 0.9 rounding leaves stray ones
    QList<QBarSet *> sets;
    for (int s = 0; s < SetCount; ++s) {
        auto *set = new QBarSet(names[s]);
        set->append(values[s]);
        set->setColor(colors[s]);
        set->setBorderColor(colors[s].darker(115));
        connect(set, &QBarSet::hovered, this, [this, s](bool on, int index) {
            if (on)
                QToolTip::showText(QCursor::pos(), barToolTip(index, s), m_view);
            else
                QToolTip::hideText();
        });
        sets << set;
    }
    series->append(sets);
    m_chart->addSeries(series);
    series->attachAxis(m_axisX);
    series->attachAxis(m_axisY);

    // What vLLM may use: utilization x total, the same on every GPU. A bar that crosses it does not fit.
    if (!m_bars.empty()) {
        const RankMemory &mem = m_state->evaluation.ranks[static_cast<size_t>(m_bars.front().rank)].memory;
        auto *usable = new QLineSeries;
        usable->setName(tr("Usable"));
        usable->append(-0.5, mem.requested / GiB);
        usable->append(static_cast<double>(m_bars.size()) - 0.5, mem.requested / GiB);
        QPen pen(QColor(0x22, 0x22, 0x22), 1.5, Qt::DashLine);
        usable->setPen(pen);
        m_chart->addSeries(usable);
        usable->attachAxis(m_axisX);
        usable->attachAxis(m_axisY);
    }
    relabelAxis();
    const bool grouped = !m_bars.empty() && m_bars.front().gpus > 1;
    m_axisX->setTitleText(grouped ? tr("node (bar = its tightest GPU)") : tr("GPU"));
    m_top = top;
    rescaleY();
    m_titleHead = grouped ? tr("Memory per GPU, one bar per node (%1 GPUs)").arg(m_state->evaluation.worldSize)
                          : tr("Memory per GPU");
    retitle();
    fonts::refitLegend(m_view, m_chart);
}

// At most five intervals with round numbers (1, 2, 3, 4 or 5 x 10^k, 25 and 250; the 3s and 4s let a short chart
// with one interval end near the tallest bar), and at most one label per two lines of the view's height:
// Qt Charts cuts crowded value labels to "…" (a short chart in presentation mode).
void MemoryChart::rescaleY()
{
    const double line = QFontMetricsF(m_axisY->labelsFont()).height();
    const int most = std::clamp(static_cast<int>((m_view->height() - 6 * line) / (2 * line)), 1, 5);
    double step = 1;
    for (double s : { 1.0, 2.0, 3.0, 4.0, 5.0, 10.0, 20.0, 25.0, 30.0, 40.0, 50.0, 100.0, 200.0, 250.0, 300.0, 400.0,
             500.0, 1000.0, 2000.0, 3000.0, 4000.0 })
        if (m_top / s <= most) {
            step = s;
            break;
        }
    const int intervals = std::max(1, static_cast<int>(std::ceil(m_top / step - 1e-9)));
    m_axisY->setRange(0, intervals * step);
    m_axisY->setTickCount(intervals + 1);
}

void MemoryChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_dirty) {
        rescaleY();
        relabelAxis();
        retitle();
    }
}

// The title and, in small type, what the bars' names mean: as many notes a line as the chart's
// width holds (at 1024 px one line of the three was cut).
void MemoryChart::retitle()
{
    const QStringList baseNotes { tr("other = non-torch, CUDA graphs, reserve"), tr("headroom = 1 − utilization"),
        tr("usable = utilization × total") };
    // The head too: split after its comma when the chart is narrow.
    QFont headFont = m_title->font();
    headFont.setBold(true);
    const QFontMetricsF headFm(headFont);
    QString head = m_titleHead.toHtmlEscaped();
    const double headRoom = std::max(120.0, width() - 24.0);
    if (headFm.horizontalAdvance(m_titleHead) > headRoom)
        for (const QString &comma : { QStringLiteral(", "), QStringLiteral("，") }) {
            const int at = m_titleHead.indexOf(comma);
            if (at > 0) {
                head = m_titleHead.left(at + comma.size()).trimmed().toHtmlEscaped() + QStringLiteral("<br>")
                    + m_titleHead.mid(at + comma.size()).toHtmlEscaped();
                break;
            }
        }
    // Qt Charts gives the bottom axis at most 40 % of the plot's height (maxAxisPortion) and cuts its
    // labels and title to "…" past that: a chart under 14 lines of text high (stacked under the
    // memory numbers at 1024 x 700, Chinese) names its x axis here instead.
    const bool shortChart = m_view->height() < 14 * QFontMetricsF(m_axisX->titleFont()).height();
    m_axisX->setTitleVisible(!shortChart);
    QStringList notes = baseNotes;
    if (shortChart)
        notes.prepend(tr("x: %1").arg(m_axisX->titleText()));
    QFont small = m_title->font();
    small.setPointSizeF(small.pointSizeF() * 0.8); // <small> is a step below the title
    const QFontMetricsF fm(small);
    const double room = std::max(120.0, width() - 24.0);
    const QString dot = QStringLiteral(" · ");
    QStringList lines;
    QString line;
    for (const QString &note : notes) {
        const QString joined = line.isEmpty() ? note : line + dot + note;
        if (!line.isEmpty() && fm.horizontalAdvance(joined) > room) {
            lines << line;
            line = note;
        } else
            line = joined;
    }
    lines << line;
    m_title->setText(QStringLiteral("<b>%1</b><br><small>%2</small>").arg(head, lines.join(QStringLiteral("<br>"))));
}

QString MemoryChart::title() const
{
    return m_title->text();
}

// Every k-th bar labelled so that the labels never elide. Categories must be unique: the
// unlabelled ones get different numbers of zero-width spaces.
void MemoryChart::relabelAxis()
{
    // Bars sit at x = 0, 1, 2 ...; a value axis labels every k-th one with round steps (Qt Charts'
    // category axis elides labels wider than one bar instead).
    const QFontMetricsF fm(m_axisX->labelsFont());
    const int n = std::max<int>(1, static_cast<int>(m_bars.size()));
    const double widest = fm.horizontalAdvance(QString::number(n - 1)) + 12;
    // The plot is the view less the value axis and margins (about 80 px); plotArea() lags a resize.
    const double perBar = std::max(100.0, width() - 80.0) / n;
    const int step = labelStep(perBar, widest);
    m_axisX->setRange(-0.5, n - 0.5);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(step);
}

QStringList MemoryChart::categories() const
{
    QStringList labels;
    for (const MemoryBar &b : m_bars)
        labels << b.label;
    return labels;
}

std::vector<std::vector<double>> MemoryChart::seriesValues() const
{
    std::vector<std::vector<double>> out;
    for (QAbstractSeries *s : m_chart->series())
        if (auto *bars = qobject_cast<QStackedBarSeries *>(s))
            for (QBarSet *set : bars->barSets()) {
                std::vector<double> v;
                v.reserve(static_cast<size_t>(set->count()));
                for (int i = 0; i < set->count(); ++i)
                    v.push_back(set->at(i));
                out.push_back(std::move(v));
            }
    return out;
}

QString MemoryChart::barToolTip(int index, int setIndex) const
{
    if (!m_state || index < 0 || index >= static_cast<int>(m_bars.size()))
        return {};
    const MemoryBar &b = m_bars[static_cast<size_t>(index)];
    const Evaluation &e = m_state->evaluation;
    QString html = b.gpus > 1 ? tr("<b>node %1</b>: its tightest GPU is GPU %2<br>")
                                    .arg(e.ranks[static_cast<size_t>(b.rank)].node)
                                    .arg(b.rank)
                              : QString();
    html += tr("total %1 = weights %2 + activation %3 + other %4 + KV cache %5 + headroom %6")
                .arg(textformat::gib(b.total, 2), textformat::gib(b.weights, 2), textformat::gib(b.activation, 2),
                    textformat::gib(b.other, 2), textformat::gib(b.kvBudget, 2), textformat::gib(b.headroom, 2));
    if (e.plan.accounting == Accounting::Vllm)
        html += QStringLiteral("<br><i>")
            + (e.plan.calibration.active() ? tr("activation and other: calibrated (profile \"%1\")")
                                                 .arg(textformat::qs(e.plan.calibration.name).toHtmlEscaped())
                                           : tr("activation and other: estimated (no calibration profile)"))
            + QStringLiteral("</i>");
    html += QStringLiteral("<hr>");
    switch (setIndex) {
    case Weights:
        html += textformat::explanationHtml(explain(Quantity::WeightsPerGpu, *m_state, b.rank));
        break;
    case Kv:
        html += textformat::explanationHtml(explain(Quantity::KvBudget, *m_state, b.rank));
        break;
    case Headroom:
        html += tr("<b>Headroom</b><br><i>total × (1 − gpu_memory_utilization)</i><br>= %1 × (1 − %2) = %3 — left for "
                   "other processes")
                    .arg(textformat::gib(b.total, 2))
                    .arg(e.plan.gpuMemoryUtilization, 0, 'g', 3)
                    .arg(textformat::gib(b.headroom, 2));
        break;
    default:
        html += textformat::explanationHtml(explain(Quantity::KvBudget, *m_state, b.rank));
        break;
    }
    return html;
}

void MemoryChart::renderTo(QPainter &painter, const QRect &rect)
{
    if (m_dirty)
        rebuild();
    // The title label above the chart, both scaled from the widget's own size into `rect`.
    const double sx = width() > 0 ? rect.width() / static_cast<double>(width()) : 1.0;
    const double sy = height() > 0 ? rect.height() / static_cast<double>(height()) : 1.0;
    painter.save();
    painter.translate(rect.topLeft());
    painter.scale(sx, sy);
    m_title->render(&painter, m_title->pos(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    painter.restore();
    const QRect chartPart(m_view->pos(), m_view->size());
    m_view->render(&painter,
        QRectF(rect.left() + chartPart.left() * sx, rect.top() + chartPart.top() * sy, chartPart.width() * sx,
            chartPart.height() * sy),
        m_view->viewport()->rect());
}
