#include "widgets/serving/latencycurve.h"

#include "widgets/common/fonts.h"
#include "widgets/common/palette.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"
#include "widgets/window/featurehost.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

using namespace shardscope;

std::vector<std::int64_t> curveConcurrencies(const ServingResult &r, int maxPoints)
{
    const Workload &w = r.workload;
    const std::int64_t perRequest = std::max<std::int64_t>(1, w.inputLen + w.outputLen);
    const std::int64_t poolTokens = r.kvBlocks * std::max(1, r.blockSize);
    const std::int64_t perReplica = std::max<std::int64_t>(
        1, std::min<std::int64_t>(std::max<std::int64_t>(1, r.maxNumSeqs), poolTokens / perRequest));
    const std::int64_t maxFit = perReplica * std::max(1, r.replicas);
    std::vector<std::int64_t> out;
    for (std::int64_t c = 1; c < maxFit && static_cast<int>(out.size()) + 1 < maxPoints; c *= 2)
        out.push_back(c);
    out.push_back(maxFit);
    return out;
}

std::vector<CurvePoint> computeCurve(
    const EvaluatedPlan &plan, const Workload &workload, const std::vector<std::int64_t> &concurrencies)
{
    std::vector<CurvePoint> out;
    out.reserve(concurrencies.size());
    for (std::int64_t c : concurrencies) {
        Workload w = workload;
        w.maxConcurrency = c;
        w.requestRate = 0;
        w.numPrompts = std::min(kMaxNumPrompts, std::max(w.numPrompts, 2 * c));
        const ServingResult r = simulateServing(plan, w);
        out.push_back({ c, r.ttft, r.tpot, r.outputTokensPerSecPerGpu });
    }
    return out;
}

namespace {

QLineSeries *line(const QColor &color, Qt::PenStyle style)
{
    auto *s = new QLineSeries;
    s->setPen(QPen(color, 2, style));
    s->setPointsVisible(true);
    return s;
}

// The p99 line: the p50 line's hue at a contrasting lightness, since a legend swatch shows the colour but not the
// dash pattern that also tells the two apart on the plot.
QColor p99Color(const QColor &p50)
{
    return p50.lightness() > 128 ? p50.darker(150) : p50.lighter(170);
}

} // namespace

LatencyCurveView::LatencyCurveView(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_view(new QChartView(new QChart))
    , m_status(new QLabel)
    , m_tpot50(line(palette::categorical(0), Qt::SolidLine))
    , m_tpot99(line(p99Color(palette::categorical(0)), Qt::DashLine))
    , m_ttft50(line(palette::categorical(1), Qt::SolidLine))
    , m_ttft99(line(p99Color(palette::categorical(1)), Qt::DashLine))
    , m_throughput(line(palette::categorical(2), Qt::SolidLine))
    , m_currentLatency(new QScatterSeries)
    , m_currentThroughput(new QScatterSeries)
    , m_x(new QLogValueAxis)
    , m_latency(new QLogValueAxis)
    , m_tokens(new QValueAxis)
{
    setObjectName(QStringLiteral("LatencyCurveView"));
    m_status->setObjectName(QStringLiteral("curveStatus"));
    m_status->setWordWrap(true);
    QChart *chart = m_view->chart();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_x->setBase(2);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_latency->setBase(10);
    m_latency->setLabelFormat(QStringLiteral("%g"));
    m_tokens->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_latency, Qt::AlignLeft);
    chart->addAxis(m_tokens, Qt::AlignRight);
    for (QScatterSeries *s : { m_currentLatency, m_currentThroughput }) {
        s->setMarkerSize(16);
        s->setColor(Qt::transparent);
        s->setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    }
    for (QXYSeries *s :
        std::initializer_list<QXYSeries *> { m_tpot50, m_tpot99, m_ttft50, m_ttft99, m_currentLatency }) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_latency);
    }
    for (QXYSeries *s : std::initializer_list<QXYSeries *> { m_throughput, m_currentThroughput }) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_tokens);
    }
    chart->legend()->markers(m_currentThroughput).first()->setVisible(false);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(240, 180);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);
    fonts::followApplication(this, [this, chart] {
        fonts::styleChart(chart);
        fonts::refitLegend(m_view, chart);
    });
    fonts::keepLegendWhole(m_view, chart);
    retranslateWith(this, [this] { retranslate(); });
    connect(&m_watcher, &QFutureWatcher<std::vector<CurvePoint>>::finished, this, &LatencyCurveView::onFinished);
    connect(document, &PlanDocument::planChanged, this, &LatencyCurveView::onInputsChanged);
    connect(document, &PlanDocument::workloadChanged, this, &LatencyCurveView::onInputsChanged);
}

LatencyCurveView::~LatencyCurveView()
{
    // The worker holds its own copy of the plan; only its result would reach this widget.
    disconnect(&m_watcher, nullptr, this, nullptr);
    m_watcher.waitForFinished();
}

QChart *LatencyCurveView::chart() const
{
    return m_view->chart();
}

bool LatencyCurveView::isComputing() const
{
    return m_watcher.isRunning();
}

QString LatencyCurveView::statusText() const
{
    return m_status->text();
}

void LatencyCurveView::onInputsChanged()
{
    m_dirty = true;
    if (isVisible())
        start();
}

void LatencyCurveView::showEvent(QShowEvent *event)
{
    if (m_dirty)
        start();
    QWidget::showEvent(event);
}

void LatencyCurveView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitStatusHeight();
}

// A wrapped label inside tab pages gets only its one-line height (the stacked widget does not pass
// height-for-width on), so a status that wraps to two lines (large type in presentation mode) was cut at
// both edges: reserve the height its text needs at the current width.
void LatencyCurveView::fitStatusHeight()
{
    if (!layout())
        return;
    const QMargins m = layout()->contentsMargins();
    m_status->setMinimumHeight(m_status->heightForWidth(std::max(1, width() - m.left() - m.right())));
}

void LatencyCurveView::start()
{
    m_dirty = false;
    if (m_watcher.isRunning()) { // one worker at a time; the newest inputs run when it ends
        m_restart = true;
        return;
    }
    const std::shared_ptr<const ServingResult> current = m_document->serving();
    m_noCurve = !current || current->completed == 0;
    if (m_noCurve) {
        m_points.clear();
        draw();
        return;
    }
    const std::vector<std::int64_t> cs = curveConcurrencies(*current);
    m_maxFit = cs.back();
    m_pending = static_cast<int>(cs.size());
    const std::shared_ptr<const PlanState> state = m_document->state();
    const Workload workload = m_document->workload();
    m_watcher.setFuture(QtConcurrent::run([state, workload, cs] { return computeCurve(*state, workload, cs); }));
    retranslate();
}

// No curve to draw: an invalid plan, a workload the checks refuse, or a plan whose requests never run (no KV
// cache left). Said in the window's language (asked again on a language change) rather than drawn as empty axes.
QString LatencyCurveView::noCurveReason() const
{
    const std::shared_ptr<const PlanState> state = m_document->state();
    if (!state || !state->evaluation.valid)
        return tr("the plan is not valid");
    const std::shared_ptr<const ServingResult> current = m_document->serving();
    if (!current)
        return textformat::qs(m_document->servingError());
    const QString why = workloadtext::warnings(*current).join(QLatin1Char(' '));
    return why.isEmpty() ? tr("no request completes in the simulation") : why;
}

void LatencyCurveView::onFinished()
{
    if (m_restart) {
        m_restart = false;
        start();
        return;
    }
    m_points = m_watcher.result();
    draw();
    emit curveReady();
}

void LatencyCurveView::draw()
{
    for (QXYSeries *s : std::initializer_list<QXYSeries *> {
             m_tpot50, m_tpot99, m_ttft50, m_ttft99, m_throughput, m_currentLatency, m_currentThroughput })
        s->clear();
    double lo = 1e300, hi = 0, maxTokens = 0;
    for (const CurvePoint &p : m_points) {
        const double x = static_cast<double>(p.concurrency);
        m_tpot50->append(x, p.tpot.p50 * 1e3);
        m_tpot99->append(x, p.tpot.p99 * 1e3);
        m_ttft50->append(x, p.ttft.p50 * 1e3);
        m_ttft99->append(x, p.ttft.p99 * 1e3);
        m_throughput->append(x, p.outputTokensPerSecPerGpu);
        for (double v : { p.tpot.p50, p.tpot.p99, p.ttft.p50, p.ttft.p99 }) {
            if (v > 0) // a log axis: a zero (one output token has no TPOT) must not set its bottom
                lo = std::min(lo, v * 1e3);
            hi = std::max(hi, v * 1e3);
        }
        maxTokens = std::max(maxTokens, p.outputTokensPerSecPerGpu);
    }
    // The current workload: its own simulation (the document's), at its concurrency.
    const std::shared_ptr<const ServingResult> current = m_document->serving();
    const bool any = !m_points.empty();
    if (any && current && current->workload.maxConcurrency > 0 && current->workload.requestRate == 0) {
        const double x = static_cast<double>(current->workload.maxConcurrency);
        m_currentLatency->append(x, current->tpot.p50 * 1e3);
        m_currentThroughput->append(x, current->outputTokensPerSecPerGpu);
        if (current->tpot.p50 > 0)
            lo = std::min(lo, current->tpot.p50 * 1e3);
        hi = std::max(hi, current->tpot.p50 * 1e3);
        maxTokens = std::max(maxTokens, current->outputTokensPerSecPerGpu);
    }
    // Without points the axes would show a meaningless range: the status line says why there is no curve.
    for (QAbstractAxis *a : std::initializer_list<QAbstractAxis *> { m_x, m_latency, m_tokens })
        a->setVisible(any);
    chart()->legend()->setVisible(any);
    if (hi > 0) {
        m_latency->setRange(std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi))));
        m_tokens->setRange(0, maxTokens > 0 ? maxTokens * 1.1 : 1);
        m_tokens->applyNiceNumbers();
        const double xmax = static_cast<double>(std::max<std::int64_t>(2, m_maxFit));
        m_x->setRange(1, std::pow(2.0, std::ceil(std::log2(xmax))));
    }
    retranslate();
}

void LatencyCurveView::retranslate()
{
    m_tpot50->setName(tr("TPOT p50"));
    m_tpot99->setName(tr("TPOT p99"));
    m_ttft50->setName(tr("TTFT p50"));
    m_ttft99->setName(tr("TTFT p99"));
    m_throughput->setName(tr("out tok/s per GPU")); // short: a legend at the right keeps it whole
    m_currentLatency->setName(tr("current workload"));
    m_x->setTitleText(tr("Concurrency (clients)"));
    m_latency->setTitleText(tr("Latency, ms")); // "estimated" is in the status line below
    m_tokens->setTitleText(tr("tok/s/GPU")); // short: the axis is as tall as the plot, small in presentation mode
    const Workload &w = m_document->workload();
    if (m_watcher.isRunning())
        m_status->setText(tr("Computing… (%n simulations in the background)", nullptr, m_pending));
    else if (m_noCurve)
        m_status->setText(tr("No curve: %1").arg(noCurveReason()));
    else
        m_status->setText(
            tr("Estimated: vLLM V1 serving simulated at %1 input and %2 output tokens, concurrency 1 "
               "to %3 (the most that fit the KV pool and max-num-seqs).")
                .arg(textformat::count(w.inputLen), textformat::count(w.outputLen), textformat::count(m_maxFit)));
    fitStatusHeight();
    fonts::refitLegend(m_view, chart());
}

namespace servingview {

QStringList tabs()
{
    return { QStringLiteral("curve") };
}

LatencyCurveView *install(FeatureHost &host)
{
    auto *view = new LatencyCurveView(host.document());
    host.addBottomTab(
        QStringLiteral("curve"), [] { return QCoreApplication::translate("LatencyCurveView", "Latency curve"); }, view);
    auto *show = new QAction(view);
    show->setObjectName(QStringLiteral("showLatencyCurve"));
    QObject::connect(show, &QAction::triggered, view, [&host] { host.showTab(QStringLiteral("curve")); });
    host.addMenuAction(MenuId::ViewTabs, show);
    retranslateWith(
        view, [show] { show->setText(QCoreApplication::translate("LatencyCurveView", "Latency–throughput curve")); });
    return view;
}

} // namespace servingview
