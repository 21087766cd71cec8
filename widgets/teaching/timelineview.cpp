#include "widgets/teaching/timelineview.h"

#include "widgets/common/palette.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/teaching/teachingtext.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using namespace shardscope;

TimelineView::TimelineView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("TimelineView"));
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void TimelineView::setTimeline(const Evaluation &e, Timeline timeline)
{
    m_timeline = std::move(timeline);
    m_lanes.clear();
    if (e.worldSize <= kMaxGpuLanes) {
        for (int g = 0; g < e.worldSize; ++g) {
            const int s = laneStage(e, g);
            m_lanes.push_back({ s, g, 1 });
        }
    } else {
        for (int s = 0; s < m_timeline.stages; ++s)
            m_lanes.push_back({ s, -1, m_timeline.tp * m_timeline.dp });
    }
    m_stageLanes.assign(static_cast<size_t>(std::max(0, m_timeline.stages)), {});
    for (size_t l = 0; l < m_lanes.size(); ++l)
        if (m_lanes[l].stage >= 0 && m_lanes[l].stage < m_timeline.stages)
            m_stageLanes[static_cast<size_t>(m_lanes[l].stage)].push_back(static_cast<int>(l));
    m_current = std::min(m_current, eventCount() - 1);
    updateGeometry();
    update();
}

void TimelineView::setCurrentIndex(int index)
{
    index = std::clamp(index, -1, eventCount() - 1);
    if (index == m_current)
        return;
    m_current = index;
    update();
    emit currentIndexChanged(index);
}

void TimelineView::setPresentation(bool on)
{
    m_presentation = on;
    updateGeometry();
    update();
}

QString TimelineView::laneLabel(const Lane &lane) const
{
    return lane.firstGpu >= 0 ? tr("GPU %1 · stage %2").arg(lane.firstGpu).arg(lane.stage)
                              : tr("Stage %1 · %2 GPUs").arg(lane.stage).arg(lane.gpus);
}

int TimelineView::labelWidth() const
{
    int w = 0;
    for (const Lane &l : m_lanes)
        w = std::max(w, fontMetrics().horizontalAdvance(laneLabel(l)));
    return w + 16;
}

int TimelineView::axisHeight() const
{
    return fontMetrics().height() + 10;
}

int TimelineView::baseLaneHeight() const
{
    return fontMetrics().height() + (m_presentation ? 16 : 8);
}

int TimelineView::laneHeight() const
{
    // A 128-GPU plan shows one lane per stage: let the few lanes fill the view instead of one thin
    // strip over an empty area.
    const int base = baseLaneHeight();
    if (m_lanes.empty())
        return base;
    const double room = height() - axisHeight() - legendHeight() - 8;
    const int fill = static_cast<int>(room / static_cast<double>(m_lanes.size()));
    return std::clamp(fill, base, 4 * fontMetrics().height());
}

std::vector<TimelineView::LegendEntry> TimelineView::legend() const
{
    std::vector<EventKind> kinds;
    for (const TimelineEvent &ev : m_timeline.events) {
        const EventKind k = ev.kind == EventKind::LmHeadGather ? EventKind::EmbeddingAllReduce : ev.kind;
        if (std::find(kinds.begin(), kinds.end(), k) == kinds.end())
            kinds.push_back(k);
    }
    std::sort(kinds.begin(), kinds.end());
    std::vector<LegendEntry> out;
    const QFontMetrics fm = fontMetrics();
    const double swatch = fm.height() * 0.8, line = fm.height() + 6;
    const double left = 4, right = std::max(left + 1, width() - 8.0);
    double x = left, y = 0;
    for (EventKind k : kinds) {
        QString text;
        switch (k) {
        case EventKind::Compute:
            text = tr("compute (stage colour)");
            break;
        case EventKind::TpAllReduce:
            text = tr("TP AllReduce");
            break;
        case EventKind::EmbeddingAllReduce:
        case EventKind::LmHeadGather:
            text = tr("embedding / LM head");
            break;
        case EventKind::EpDispatch:
            text = tr("EP dispatch");
            break;
        case EventKind::EpCombine:
            text = tr("EP combine");
            break;
        case EventKind::PpSend:
            text = tr("PP send");
            break;
        case EventKind::PpGather:
            text = tr("PP gather");
            break;
        case EventKind::Idle:
            text = tr("idle (hatched)");
            break;
        }
        const double w = swatch + 6 + fm.horizontalAdvance(text) + 14;
        if (x > left && x + w > right) {
            x = left;
            y += line;
        }
        out.push_back({ k, text, QRectF(x, y, w - 14, line) });
        x += w;
    }
    return out;
}

double TimelineView::legendHeight() const
{
    const std::vector<LegendEntry> entries = legend();
    return entries.empty() ? 0 : entries.back().rect.bottom() + 4;
}

QString TimelineView::blockLabel(const TimelineEvent &ev) const
{
    if (ev.kind != EventKind::Compute)
        return {};
    if (m_timeline.microbatches > 1 && ev.microbatch >= 0)
        return tr("mb %1").arg(ev.microbatch);
    if (ev.firstLayer < 0)
        return {};
    return ev.lastLayer > ev.firstLayer ? tr("layers %1–%2").arg(ev.firstLayer).arg(ev.lastLayer)
                                        : tr("layer %1").arg(ev.firstLayer);
}

QRectF TimelineView::plotRect() const
{
    const int left = labelWidth();
    return QRectF(
        left, axisHeight(), std::max(10, width() - left - 12), static_cast<double>(m_lanes.size()) * laneHeight());
}

double TimelineView::xForTime(double seconds) const
{
    const QRectF r = plotRect();
    if (m_timeline.makespanSec <= 0)
        return r.left();
    return r.left() + r.width() * seconds / m_timeline.makespanSec;
}

bool TimelineView::onLane(const TimelineEvent &ev, const Lane &lane) const
{
    return ev.stage == lane.stage;
}

QRectF TimelineView::eventRect(int index, int lane) const
{
    if (index < 0 || index >= eventCount() || lane < 0 || lane >= static_cast<int>(m_lanes.size()))
        return {};
    const TimelineEvent &ev = m_timeline.events[static_cast<size_t>(index)];
    if (!onLane(ev, m_lanes[static_cast<size_t>(lane)]))
        return {};
    const double x0 = xForTime(ev.startSec), x1 = xForTime(ev.endSec);
    const double y = plotRect().top() + lane * laneHeight();
    return QRectF(x0, y + 2, std::max(1.0, x1 - x0), laneHeight() - 4);
}

int TimelineView::eventAt(const QPoint &pos) const
{
    const QRectF r = plotRect();
    if (!r.contains(pos) || m_timeline.makespanSec <= 0)
        return -1;
    const int lane = static_cast<int>((pos.y() - r.top()) / laneHeight());
    if (lane < 0 || lane >= static_cast<int>(m_lanes.size()))
        return -1;
    const double t = (pos.x() - r.left()) / r.width() * m_timeline.makespanSec;
    // The shortest event containing t wins: collectives are often narrower than a pixel.
    int best = -1;
    double bestLen = 0;
    for (int i = 0; i < eventCount(); ++i) {
        const TimelineEvent &ev = m_timeline.events[static_cast<size_t>(i)];
        if (!onLane(ev, m_lanes[static_cast<size_t>(lane)]))
            continue;
        const double slack = m_timeline.makespanSec * 2.0 / r.width(); // two pixels
        if (t >= ev.startSec - slack && t <= ev.endSec + slack && (best < 0 || ev.durationSec() < bestLen)) {
            best = i;
            bestLen = ev.durationSec();
        }
    }
    return best;
}

QColor TimelineView::kindColor(EventKind kind, int stage)
{
    switch (kind) {
    case EventKind::Compute:
        return stageColor(stage);
    case EventKind::TpAllReduce:
        return QColor(0x88, 0x22, 0x55);
    case EventKind::EmbeddingAllReduce:
    case EventKind::LmHeadGather:
        return QColor(0xAA, 0x44, 0x99);
    case EventKind::EpDispatch:
        return QColor(0xCC, 0x66, 0x11);
    case EventKind::EpCombine:
        return QColor(0xEE, 0x99, 0x33);
    case EventKind::PpSend:
        return QColor(0x11, 0x77, 0x33);
    case EventKind::PpGather:
        return QColor(0x44, 0xAA, 0x66);
    case EventKind::Idle:
        return QColor(0xDD, 0xDD, 0xDD);
    }
    return Qt::gray;
}

QSize TimelineView::minimumSizeHint() const
{
    // Every lane at its base height and the legend: the scroll area scrolls rather than cut lanes.
    return { 320,
        axisHeight() + static_cast<int>(m_lanes.size()) * baseLaneHeight() + static_cast<int>(legendHeight()) + 16 };
}

QSize TimelineView::sizeHint() const
{
    return { 900, axisHeight() + static_cast<int>(m_lanes.size()) * baseLaneHeight() + 8 + 3 * fontMetrics().height() };
}

namespace {

// 1, 2 or 5 × 10^k seconds: about `target` ticks across the step.
double tickStep(double span, int target)
{
    if (span <= 0)
        return 1;
    const double raw = span / std::max(1, target);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (raw <= m * p)
            return m * p;
    return 10 * p;
}

// "0", "10 ms", "2.5 ms", "500 µs": as many decimals as the tick step needs.
QString tickLabel(double t, double step)
{
    if (t == 0)
        return QStringLiteral("0");
    const bool ms = step >= 1e-4;
    const double v = ms ? t * 1e3 : t * 1e6;
    const double s = ms ? step * 1e3 : step * 1e6;
    const int decimals = s >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(s)));
    return ms ? TimelineView::tr("%1 ms").arg(v, 0, 'f', decimals) : TimelineView::tr("%1 µs").arg(v, 0, 'f', decimals);
}

} // namespace

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QRectF plot = plotRect();
    const QPalette pal = palette();
    const double lineW = m_presentation ? 2.0 : 1.0;

    // Time axis.
    p.setPen(pal.color(QPalette::Text));
    const double step = tickStep(m_timeline.makespanSec, std::max(2, static_cast<int>(plot.width() / 110)));
    for (double t = 0; t <= m_timeline.makespanSec * (1 + 1e-9) && m_timeline.makespanSec > 0; t += step) {
        const double x = xForTime(t);
        p.setPen(QPen(pal.color(QPalette::Mid), lineW, Qt::DotLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(x + 3, axisHeight() - 6), tickLabel(t, step));
    }

    // Lanes and their events.
    for (size_t l = 0; l < m_lanes.size(); ++l) {
        const double y = plot.top() + static_cast<double>(l) * laneHeight();
        p.setPen(pal.color(QPalette::Text));
        p.drawText(
            QRectF(4, y, labelWidth() - 8, laneHeight()), Qt::AlignVCenter | Qt::AlignLeft, laneLabel(m_lanes[l]));
        p.setPen(QPen(pal.color(QPalette::Mid), lineW));
        p.drawLine(QPointF(plot.left(), y + laneHeight()), QPointF(plot.right(), y + laneHeight()));
    }
    for (int i = 0; i < eventCount(); ++i) {
        const TimelineEvent &ev = m_timeline.events[static_cast<size_t>(i)];
        if (ev.stage < 0 || ev.stage >= static_cast<int>(m_stageLanes.size()))
            continue;
        for (int l : m_stageLanes[static_cast<size_t>(ev.stage)]) {
            const QRectF r = eventRect(i, l);
            if (r.isEmpty())
                continue;
            QColor c = kindColor(ev.kind, ev.stage);
            // Micro-batches alternate in shade so the eye can follow one through the stages.
            if (ev.kind == EventKind::Compute && ev.microbatch % 2 == 1)
                c = c.lighter(125);
            p.fillRect(r, c);
            const QString label = blockLabel(ev);
            if (!label.isEmpty() && r.width() > fontMetrics().horizontalAdvance(label) + 6) {
                p.setPen(palette::textOn(c));
                p.drawText(r, Qt::AlignCenter, label);
            }
            if (ev.kind == EventKind::Idle)
                p.fillRect(r, QBrush(pal.color(QPalette::Mid), Qt::BDiagPattern));
        }
    }
    // The legend under the lanes.
    {
        const QFontMetrics fm = fontMetrics();
        const double swatch = fm.height() * 0.8;
        const double top = plot.bottom() + 8;
        for (const LegendEntry &entry : legend()) {
            const QRectF r = entry.rect.translated(0, top);
            const QRectF sw(r.left(), r.center().y() - swatch / 2, swatch, swatch);
            p.fillRect(sw, kindColor(entry.kind, 0));
            if (entry.kind == EventKind::Idle)
                p.fillRect(sw, QBrush(pal.color(QPalette::Mid), Qt::BDiagPattern));
            p.setPen(pal.color(QPalette::Mid));
            p.drawRect(sw);
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QRectF(sw.right() + 6, r.top(), r.right() - sw.right() - 6 + 1, r.height()),
                Qt::AlignLeft | Qt::AlignVCenter, entry.text);
        }
    }
    // The current event: outlined on its lanes (a PP send also on the receivers'), play head at its start.
    if (m_current >= 0) {
        const TimelineEvent &ev = m_timeline.events[static_cast<size_t>(m_current)];
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(Qt::NoBrush);
        for (int l = 0; l < static_cast<int>(m_lanes.size()); ++l) {
            const Lane &lane = m_lanes[static_cast<size_t>(l)];
            const bool own = lane.stage == ev.stage;
            const bool peer = ev.kind == EventKind::PpSend && lane.stage == ev.peerStage;
            if (!own && !peer)
                continue;
            const double x0 = xForTime(ev.startSec), x1 = xForTime(ev.endSec);
            const double y = plot.top() + l * laneHeight();
            const QRectF r(x0 - 2, y + 1, std::max(4.0, x1 - x0 + 4), laneHeight() - 2);
            p.setPen(
                QPen(pal.color(QPalette::Highlight), (m_presentation ? 4 : 2), own ? Qt::SolidLine : Qt::DashLine));
            p.drawRect(r);
        }
        p.setPen(QPen(pal.color(QPalette::Highlight), lineW));
        const double x = xForTime(ev.startSec);
        p.drawLine(QPointF(x, plot.top() - 4), QPointF(x, plot.bottom()));
    }
}

bool TimelineView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const int i = eventAt(help->pos());
        if (i >= 0)
            QToolTip::showText(help->globalPos(), teaching::eventHtml(m_timeline.events[static_cast<size_t>(i)]), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::mousePressEvent(QMouseEvent *e)
{
    const int i = eventAt(e->position().toPoint());
    if (i >= 0)
        setCurrentIndex(i);
    QWidget::mousePressEvent(e);
}
