#include "widgets/teaching/timelinepanel.h"

#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"
#include "widgets/teaching/clustermap.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/teachingtext.h"
#include "widgets/teaching/timelineview.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr int kStepMs = 900; // one event per beat while playing at 1×: slow enough to talk over
constexpr double kSpeeds[] = { 0.5, 1, 2, 4 };
} // namespace

TimelinePanel::TimelinePanel(const PlanDocument *document, TeachingState *state, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_state(state)
    , m_view(new TimelineView)
    , m_map(new ClusterMap)
    , m_phaseBox(new QComboBox)
    , m_back(new QToolButton)
    , m_play(new QToolButton)
    , m_forward(new QToolButton)
    , m_speed(new QComboBox)
    , m_caption(new QLabel)
    , m_summary(new QLabel)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("TimelinePanel"));
    m_phaseBox->addItems({ QString(), QString() });
    m_back->setObjectName(QStringLiteral("stepBack"));
    m_play->setObjectName(QStringLiteral("play"));
    m_forward->setObjectName(QStringLiteral("stepForward"));
    m_back->setShortcut(QKeySequence(Qt::Key_Left));
    m_forward->setShortcut(QKeySequence(Qt::Key_Right));
    m_play->setShortcut(QKeySequence(Qt::Key_Space));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setMinimumHeight(m_caption->fontMetrics().height() * 3);
    m_summary->setWordWrap(true);
    m_timer->setInterval(kStepMs);
    m_speed->setObjectName(QStringLiteral("speed"));
    for (double f : kSpeeds)
        m_speed->addItem(QString(), f);
    m_speed->setCurrentIndex(1);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_phaseBox);
    bar->addWidget(m_back);
    bar->addWidget(m_play);
    bar->addWidget(m_forward);
    bar->addWidget(m_speed);
    bar->addWidget(m_summary, 1);

    auto *scroll = new QScrollArea;
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    auto *mapScroll = new QScrollArea;
    mapScroll->setObjectName(QStringLiteral("clusterMapScroll"));
    mapScroll->setWidget(m_map);
    mapScroll->setWidgetResizable(true);
    mapScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mapScroll->setFrameShape(QFrame::NoFrame);
    split->addWidget(mapScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_caption);

    connect(m_phaseBox, &QComboBox::currentIndexChanged, this,
        [this](int i) { setPhase(i == 1 ? Phase::Prefill : Phase::Decode); });
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this] { m_timer->setInterval(static_cast<int>(std::lround(kStepMs / speed()))); });
    connect(m_back, &QToolButton::clicked, this, &TimelinePanel::stepBack);
    connect(m_forward, &QToolButton::clicked, this, &TimelinePanel::stepForward);
    connect(m_play, &QToolButton::clicked, this, &TimelinePanel::togglePlay);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_view->currentIndex() + 1 >= m_view->eventCount())
            pause();
        else
            stepForward();
    });
    connect(m_view, &TimelineView::currentIndexChanged, this, &TimelinePanel::onCurrentChanged);
    connect(document, &PlanDocument::planChanged, this, &TimelinePanel::onPlanChanged);
    connect(document, &PlanDocument::workloadChanged, this, &TimelinePanel::onPlanChanged);
    retranslate();
}

void TimelinePanel::onPlanChanged()
{
    m_dirty = true;
    if (isVisible()) {
        sync();
        return;
    }
    // Hidden: the new timeline is built when shown or asked for; the old event ends now.
    pause();
    m_view->setCurrentIndex(-1);
    onCurrentChanged(-1);
}

void TimelinePanel::sync()
{
    if (!m_dirty || !m_document->hasPlan())
        return;
    m_dirty = false;
    // The decode step at the workload's steady-state batch, m = pp (PlanDocument::workloadBatch()).
    m_built = m_document->workloadBatch().state;
    m_map->setPlan(m_built->evaluation);
    rebuild();
}

void TimelinePanel::showEvent(QShowEvent *event)
{
    sync();
    QWidget::showEvent(event);
}

TimelineView *TimelinePanel::view() const
{
    const_cast<TimelinePanel *>(this)->sync();
    return m_view;
}

ClusterMap *TimelinePanel::map() const
{
    const_cast<TimelinePanel *>(this)->sync();
    return m_map;
}

void TimelinePanel::setPhase(Phase phase)
{
    if (phase == m_phase)
        return;
    m_phase = phase;
    m_phaseBox->setCurrentIndex(phase == Phase::Prefill ? 1 : 0);
    if (m_dirty)
        sync();
    else
        rebuild();
}

void TimelinePanel::setPresentation(bool on)
{
    m_view->setPresentation(on);
    m_map->setPresentation(on);
}

void TimelinePanel::rebuild()
{
    if (!m_built)
        return; // no plan yet
    pause();
    m_view->setCurrentIndex(-1);
    const EvaluatedPlan &p = *m_built;
    m_view->setTimeline(p.evaluation, buildTimeline(p, m_phase));
    retranslate();
    onCurrentChanged(-1);
}

void TimelinePanel::setSpeed(double factor)
{
    int best = 0;
    for (int i = 0; i < m_speed->count(); ++i)
        if (std::fabs(m_speed->itemData(i).toDouble() - factor)
            < std::fabs(m_speed->itemData(best).toDouble() - factor))
            best = i;
    m_speed->setCurrentIndex(best);
}

double TimelinePanel::speed() const
{
    return m_speed->currentData().toDouble();
}

int TimelinePanel::playInterval() const
{
    return m_timer->interval();
}

bool TimelinePanel::isPlaying() const
{
    return m_timer->isActive();
}

void TimelinePanel::stepForward()
{
    sync();
    m_view->setCurrentIndex(std::min(m_view->currentIndex() + 1, m_view->eventCount() - 1));
}

void TimelinePanel::stepBack()
{
    sync();
    m_view->setCurrentIndex(std::max(0, m_view->currentIndex() - 1));
}

void TimelinePanel::play()
{
    sync();
    if (m_view->eventCount() == 0)
        return;
    if (m_view->currentIndex() + 1 >= m_view->eventCount())
        m_view->setCurrentIndex(-1); // from the start again
    m_timer->start();
    retranslate();
}

void TimelinePanel::pause()
{
    m_timer->stop();
    retranslate();
}

void TimelinePanel::togglePlay()
{
    isPlaying() ? pause() : play();
}

QString TimelinePanel::caption() const
{
    const_cast<TimelinePanel *>(this)->sync();
    return m_caption->text();
}

QString TimelinePanel::summary() const
{
    return m_summary->text();
}

void TimelinePanel::onCurrentChanged(int index)
{
    const Timeline &tl = m_view->timeline();
    if (index < 0 || index >= m_view->eventCount()) {
        m_caption->setText(tl.events.empty()
                ? Teaching::tr("No valid plan to step through.")
                : Teaching::tr("Press Play or → to step through the %1 events of one step.").arg(tl.events.size()));
        m_map->setHighlight({}, {}, LinkKind::None);
        m_state->setCurrentEvent(std::nullopt, {});
        emit currentEventChanged({}, LinkKind::None);
        return;
    }
    const TimelineEvent &ev = tl.events[static_cast<size_t>(index)];
    m_caption->setText(
        Teaching::tr("<b>Event %1 of %2</b> — %3").arg(index + 1).arg(tl.events.size()).arg(teaching::eventHtml(ev)));
    const Evaluation &e = m_built->evaluation;
    std::vector<int> gpus = eventGpus(e, ev);
    m_map->setHighlight(gpus, eventGroups(e, ev), ev.link);
    m_state->setCurrentEvent(ev, gpus);
    emit currentEventChanged(gpus, ev.link);
}

void TimelinePanel::retranslate()
{
    m_phaseBox->setItemText(0, Teaching::tr("Decode step"));
    m_phaseBox->setItemText(1, Teaching::tr("Prefill step"));
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_back->setToolTip(Teaching::tr("Step back (←)"));
    m_forward->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    m_forward->setToolTip(Teaching::tr("Step forward (→)"));
    m_play->setIcon(style()->standardIcon(isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(isPlaying() ? Teaching::tr("Pause (Space)") : Teaching::tr("Play (Space)"));
    m_speed->setItemText(0, Teaching::tr("½× speed"));
    m_speed->setItemText(1, Teaching::tr("1× speed"));
    m_speed->setItemText(2, Teaching::tr("2× speed"));
    m_speed->setItemText(3, Teaching::tr("4× speed"));
    m_speed->setToolTip(Teaching::tr("Playback speed: at 1× one event every 0.9 s"));
    const Timeline &tl = m_view->timeline();
    if (tl.events.empty()) {
        m_summary->clear();
        return;
    }
    const QString batches = Teaching::tr("%n micro-batch(es)", nullptr, tl.microbatches);
    const QString each = tl.phase == Phase::Decode
        ? Teaching::tr("of %n decoding sequence(s) each", nullptr, static_cast<int>(tl.tokens))
        : Teaching::tr("of a %1-token prompt each").arg(tl.tokens);
    QString s = Teaching::tr("%1 %2 through %n stage(s) take %3.", nullptr, tl.stages)
                    .arg(batches, each, textformat::duration(tl.makespanSec));
    if (tl.stages > 1)
        s += QLatin1Char(' ')
            + Teaching::tr("Bubble %1 % (formula (p − 1)/(m + p − 1) = %2 %)")
                  .arg(100 * tl.bubbleFraction, 0, 'f', 1)
                  .arg(100 * tl.formulaBubbleFraction, 0, 'f', 1);
    if (tl.planMicrobatches > tl.microbatches)
        s += QLatin1Char(' ')
            + Teaching::tr("Showing %1 of the plan's %2 micro-batches.").arg(tl.microbatches).arg(tl.planMicrobatches);
    // Which batch the lanes are for, and the workload's steady-state engine step as the serving model
    // costs it (decode tokens and a prefill chunk together, as vLLM V1 schedules them).
    const PlanDocument::WorkloadBatch &batch = m_document->workloadBatch();
    const std::shared_ptr<const ServingResult> served = m_document->serving();
    QString tip;
    s = workloadtext::batch(batch, *m_document) + QStringLiteral("<br>") + s + QLatin1Char(' ')
        + Teaching::tr("(roofline, estimated)");
    if (batch.fromWorkload && served && served->meanStepCost.totalSec > 0) {
        const StepCost &c = served->meanStepCost;
        const StepBatch &b = served->meanStep;
        s += QStringLiteral("<br>")
            + Teaching::tr("Serving model: one steady-state step of %1 decode + %2 prefill tokens takes %3: GEMM "
                           "%4, attention %5, MoE %6, communication %7, fixed %8.")
                  .arg(b.decodeTokens, 0, 'f', 1)
                  .arg(b.prefillTokens, 0, 'f', 0)
                  .arg(workloadtext::seconds(c.totalSec), textformat::duration(c.gemmSec),
                      textformat::duration(c.attentionSec), textformat::duration(c.moeSec),
                      textformat::duration(c.commSec), textformat::duration(c.fixedSec));
        tip = Teaching::tr("<b>The workload's mean engine step</b><br><i>decode tokens and prefill-chunk tokens "
                           "per step, averaged over the simulated run, costed by the step-time model</i><br>= "
                           "%1 decode + %2 prefill tokens → %3")
                  .arg(b.decodeTokens, 0, 'f', 1)
                  .arg(b.prefillTokens, 0, 'f', 0)
                  .arg(workloadtext::seconds(c.totalSec))
            + QStringLiteral("<hr>") + workloadtext::tooltip(*served, { ServingQuantity::DecodeStep });
    }
    if (!teaching::evaluatedOrEmpty(*m_document)
             .evaluation.fits) // the order of events is the plan's; their times would be fiction
        s = Teaching::tr("<b>Not runnable</b>: this plan cannot start (see the issues above). The events "
                         "show the order of one step; their times are not a prediction.");
    m_summary->setText(s);
    m_summary->setToolTip(tip);
    if (m_view->currentIndex() < 0)
        m_caption->setText(
            Teaching::tr("Press Play or → to step through the %1 events of one step.").arg(tl.events.size()));
}

void TimelinePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        onCurrentChanged(m_view->currentIndex());
    }
    QWidget::changeEvent(event);
}
