#include "widgets/explore/exploreview.h"

#include "core/evaluate/planrules.h"
#include "core/sweep/sweepserving.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/explore/slafront.h"
#include "widgets/explore/sweepheatmap.h"
#include "widgets/explore/sweepscatter.h"
#include "widgets/explore/sweepstyle.h"
#include "widgets/serving/workloadtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

using namespace shardscope;

namespace {

// The GPU spin box's range: --gpus of the CLI (a sweep of 65,536 GPUs takes seconds, off-thread).
constexpr int kMaxGpus = kMaxWorldSize;
constexpr int kMaxUpToGpus = 1024; // --up-to grows as N log^2 N plans: keep it interactive

// The settings a sweep depends on: not the four sizes, and not the decode step, which the view
// leaves to the sweep (the largest batch that fits, pp micro-batches, max_model_len of context).
Plan templateOf(const Plan &plan)
{
    Plan t = plan;
    t.tp = t.pp = t.dp = t.ep = 1;
    t.ppPartition.clear();
    t.phase = Phase::Decode;
    t.batch = 1;
    t.microbatches = 1;
    t.promptLen = 0;
    return t;
}

} // namespace

ExploreView::ExploreView(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    m_gpus = new QSpinBox(this);
    m_gpus->setRange(1, kMaxGpus);
    m_gpus->setValue(8);
    m_upTo = new QCheckBox(this);
    m_epSizes = new QComboBox(this);
    m_epSizes->addItem(QString(), int(EpSizes::Vllm));
    m_epSizes->addItem(QString(), int(EpSizes::AllDivisors));
    m_objective = new QComboBox(this);
    for (SweepObjective o : { SweepObjective::Concurrency, SweepObjective::Throughput, SweepObjective::Tpot })
        m_objective->addItem(QString(), int(o));
    m_minConcurrency = new QSpinBox(this);
    m_minConcurrency->setRange(0, 1000000);
    m_maxTpot = new QSpinBox(this);
    m_maxTpot->setRange(0, 100000);
    m_gpusLabel = new QLabel(this);
    m_rankLabel = new QLabel(this);
    m_minLabel = new QLabel(this);
    m_maxLabel = new QLabel(this);
    m_status = new QLabel(this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    // Two short rows so the tab stays narrow inside the window.
    auto *swept = new QHBoxLayout;
    swept->addWidget(m_gpusLabel);
    swept->addWidget(m_gpus);
    swept->addWidget(m_upTo);
    swept->addWidget(m_epSizes);
    swept->addStretch(1);
    swept->addWidget(m_maxLabel);
    swept->addWidget(m_maxTpot);
    auto *ranked = new QHBoxLayout;
    ranked->addWidget(m_rankLabel);
    ranked->addWidget(m_objective);
    ranked->addWidget(m_minLabel);
    ranked->addWidget(m_minConcurrency);
    ranked->addStretch(1);
    auto *controls = new QVBoxLayout;
    controls->setSpacing(2);
    controls->addLayout(swept);
    controls->addLayout(ranked);

    buildSlaControls();
    auto *slaRow = new QHBoxLayout;
    slaRow->addWidget(m_slaLabel);
    slaRow->addWidget(m_ttftLabel);
    slaRow->addWidget(m_ttft);
    slaRow->addWidget(m_tpotLabel);
    slaRow->addWidget(m_tpot);
    slaRow->addWidget(m_e2eLabel);
    slaRow->addWidget(m_e2e);
    slaRow->addWidget(m_percentile);
    slaRow->addWidget(m_slaRankLabel);
    slaRow->addWidget(m_slaObjective);
    slaRow->addWidget(m_slaDisagg);
    slaRow->addStretch(1);
    controls->addLayout(slaRow);

    m_scatter = new SweepScatter(this);
    m_front = new SlaFrontChart(this);
    // One chart slot: the sweep's scatter, or the SLA fronts while an SLA is set.
    m_charts = new QStackedWidget(this);
    m_charts->addWidget(m_scatter);
    m_charts->addWidget(m_front);
    m_tpPp = new SweepHeatmap(MapAxes::TpPp, this);
    m_dpEp = new SweepHeatmap(MapAxes::DpEp, this);
    // Side by side: the window gives this tab more width than height.
    auto *body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(m_charts);
    body->addWidget(m_tpPp);
    body->addWidget(m_dpEp);
    body->setStretchFactor(0, 2);
    body->setStretchFactor(1, 1);
    body->setStretchFactor(2, 1);
    // Half the width for the scatter from the start: laid out from the size hints, the heat maps took
    // nearly all of it and the scatter's legend and axes were cut to "…" (Chinese, presentation mode).
    body->setSizes({ 2000, 1000, 1000 });

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(body, 1);

    connect(m_gpus, &QSpinBox::valueChanged, this, [this] {
        m_gpusFromPlan = false;
        optionsEdited();
    });
    connect(m_upTo, &QCheckBox::toggled, this, &ExploreView::optionsEdited);
    connect(m_epSizes, &QComboBox::currentIndexChanged, this, &ExploreView::optionsEdited);
    connect(m_minConcurrency, &QSpinBox::valueChanged, this, &ExploreView::optionsEdited);
    connect(m_maxTpot, &QSpinBox::valueChanged, this, &ExploreView::optionsEdited);
    connect(m_scatter, &SweepScatter::planClicked, this, &ExploreView::choose);
    connect(m_objective, &QComboBox::currentIndexChanged, this, &ExploreView::optionsEdited);
    connect(m_tpPp, &SweepHeatmap::planClicked, this, &ExploreView::choose);
    connect(m_dpEp, &SweepHeatmap::planClicked, this, &ExploreView::choose);
    connect(&m_watcher, &QFutureWatcher<SweepResult>::finished, this, &ExploreView::sweepFinished);
    connect(document, &PlanDocument::planChanged, this, &ExploreView::follow);
    connect(document, &PlanDocument::workloadChanged, this, &ExploreView::follow); // follow() re-runs the SLA search
    connect(m_front, &SlaFrontChart::pointClicked, this, &ExploreView::chooseSla);
    connect(&m_slaWatcher, &QFutureWatcher<SlaOutcome>::finished, this, &ExploreView::slaFinished);
    m_dpEp->hide();
    retranslate();
    follow();
}

void ExploreView::retranslate()
{
    m_gpusLabel->setText(tr("GPUs"));
    m_gpus->setToolTip(tr("GPUs in the cluster: every plan uses tp × pp × dp = this many"));
    m_upTo->setText(tr("and fewer"));
    m_upTo->setToolTip(tr("Also every smaller GPU count (up to %1 GPUs)").arg(kMaxUpToGpus));
    m_epSizes->setItemText(0, tr("EP off / on (vLLM)"));
    m_epSizes->setItemText(1, tr("every EP size"));
    m_epSizes->setToolTip(
        tr("MoE: vLLM's two points (ep = 1, ep = tp × dp) or every divisor of tp × dp (SGLang's --ep-size)"));
    m_rankLabel->setText(tr("Rank by"));
    for (int i = 0; i < m_objective->count(); ++i)
        m_objective->setItemText(
            i, sweepstyle::objectiveTitle(static_cast<SweepObjective>(m_objective->itemData(i).toInt())));
    m_objective->setToolTip(tr("What ranks the plans and colours the maps"));
    m_minLabel->setText(tr("Min. requests"));
    m_minConcurrency->setSpecialValueText(tr("any"));
    m_minConcurrency->setToolTip(
        tr("Rank only plans whose cluster holds at least this many concurrent requests of max model length"));
    m_maxLabel->setText(tr("Max. TPOT"));
    m_maxTpot->setSuffix(tr(" ms"));
    m_maxTpot->setSpecialValueText(tr("any"));
    m_maxTpot->setToolTip(tr("Rank only plans whose estimated TPOT is at most this"));
    m_scatter->retranslate();
    retranslateSla();
    if (m_result)
        display(m_result); // the status line
}

void ExploreView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

ExploreView::~ExploreView()
{
    m_watcher.waitForFinished();
    m_slaWatcher.waitForFinished();
}

SweepOptions ExploreView::options() const
{
    SweepOptions o;
    o.gpus = m_gpus->value();
    o.upTo = m_upTo->isChecked();
    if (o.upTo)
        o.gpus = std::min(o.gpus, kMaxUpToGpus);
    o.epSizes = static_cast<EpSizes>(m_epSizes->currentData().toInt());
    o.objective = static_cast<SweepObjective>(m_objective->currentData().toInt());
    o.minConcurrency = m_minConcurrency->value();
    o.maxTpotSec = m_maxTpot->value() / 1e3;
    o.includeInvalid = true; // the maps explain why a pair is impossible
    return o;
}

void ExploreView::setOptions(const SweepOptions &o)
{
    {
        const QSignalBlocker b1(m_gpus), b2(m_upTo), b3(m_epSizes), b4(m_objective), b5(m_minConcurrency),
            b6(m_maxTpot);
        m_gpus->setValue(o.gpus);
        m_upTo->setChecked(o.upTo);
        m_epSizes->setCurrentIndex(m_epSizes->findData(int(o.epSizes)));
        m_objective->setCurrentIndex(m_objective->findData(int(o.objective)));
        m_minConcurrency->setValue(
            static_cast<int>(std::min<std::int64_t>(o.minConcurrency, m_minConcurrency->maximum())));
        m_maxTpot->setValue(static_cast<int>(std::lround(std::min(o.maxTpotSec * 1e3, double(m_maxTpot->maximum())))));
    }
    m_gpusFromPlan = false;
    optionsEdited();
}

void ExploreView::follow()
{
    if (!m_document->hasPlan())
        return;
    const Plan &plan = m_document->plan();
    const ModelSpec &model = m_document->model();
    const GpuSpec &gpu = m_document->gpu();
    m_plan = plan;
    if (m_gpusFromPlan) {
        // A plan that does not fit sweeps the smallest GPU count that does (else every cell of the
        // plan's own count would be "does not fit").
        int gpus = plan.tp * plan.pp * plan.dp;
        if (const auto fitting = nearestFittingPlan(plan, model, gpu))
            gpus = fitting->tp * fitting->pp * fitting->dp;
        const QSignalBlocker block(m_gpus);
        m_gpus->setValue(std::clamp(gpus, 1, kMaxGpus));
    }
    m_haveContext = true;
    m_epSizes->setEnabled(model.isMoe());
    m_dpEp->setVisible(model.isMoe());
    m_wanted = { templateOf(plan), model, gpu, options(), m_document->workload() };
    runIfNeeded();
    updateCurrent();
    slaEdited();
}

void ExploreView::setResult(SweepResult result)
{
    m_shown.reset();
    m_haveContext = false;
    m_dpEp->setVisible(
        std::any_of(result.plans.begin(), result.plans.end(), [](const SweepPlan &p) { return p.ep > 1; }));
    display(std::make_shared<const SweepResult>(std::move(result)));
}

void ExploreView::optionsEdited()
{
    if (!m_haveContext)
        return;
    m_wanted.options = options();
    runIfNeeded();
    slaEdited(); // the GPU count and EP sizes are the SLA search's too
}

void ExploreView::runIfNeeded()
{
    if (!m_haveContext || !isVisible())
        return;
    if (m_shown && *m_shown == m_wanted)
        return;
    // Only the objective changed: re-rank the plans already evaluated, their figures stay.
    if (m_shown && m_result && !m_watcher.isRunning()) {
        Context sameObjective = m_wanted;
        sameObjective.options.objective = m_shown->options.objective;
        if (*m_shown == sameObjective) {
            SweepResult copy = *m_result;
            copy.options.objective = m_wanted.options.objective;
            rankPlans(copy.plans, copy.options.objective);
            m_shown->options.objective = m_wanted.options.objective;
            display(std::make_shared<const SweepResult>(std::move(copy)));
            return;
        }
    }
    if (m_watcher.isRunning())
        return; // sweepFinished() comes back here
    m_running = std::make_unique<Context>(m_wanted);
    m_sweepStatus = tr("Sweeping plans for %1 GPUs…").arg(m_wanted.options.gpus);
    if (!sla().any())
        m_status->setText(m_sweepStatus);
    const Context c = m_wanted;
    m_watcher.setFuture(QtConcurrent::run([c] {
        SweepResult r = sweep(c.templ, c.model, c.gpu, c.options);
        if (c.workload) {
            try {
                (void)serveSweep(r, c.model, c.gpu, *c.workload);
            } catch (const std::exception &) {
                // A workload longer than max_model_len: the roofline figures stay, and the status says so.
            }
        }
        return r;
    }));
}

void ExploreView::sweepFinished()
{
    if (!m_running)
        return;
    const Context done = *m_running;
    m_running.reset();
    if (done == m_wanted) {
        m_shown = std::make_unique<Context>(done);
        display(std::make_shared<const SweepResult>(m_watcher.result()));
    }
    runIfNeeded();
}

void ExploreView::display(std::shared_ptr<const SweepResult> result)
{
    m_result = std::move(result);
    const SweepResult &r = *m_result;
    m_scatter->setResult(m_result);
    m_tpPp->setResult(m_result, r.options.objective);
    m_dpEp->setResult(m_result, r.options.objective);
    int ranked = 0, impossible = r.options.includeInvalid ? 0 : r.skippedCount();
    for (const SweepPlan &p : r.plans) {
        ranked += p.rank > 0;
        impossible += !p.valid;
    }
    QString status
        = tr("combinations: %1 · ranked: %2 · impossible: %3").arg(r.combinations).arg(ranked).arg(impossible);
    if (!r.plans.empty() && r.plans.front().rank == 1) {
        const SweepPlan &b = r.plans.front();
        status += tr(" · best: tp %1 · pp %2 · dp %3 · ep %4 (%5 %6)")
                      .arg(b.tp)
                      .arg(b.pp)
                      .arg(b.dp)
                      .arg(b.ep)
                      .arg(sweepstyle::formatFigure(objectiveFigure(b, r.options.objective), r.options.objective),
                          sweepstyle::objectiveUnit(r.options.objective));
    } else if (!r.plans.empty()) {
        status += tr(" · no plan meets every constraint");
    }
    // Which figures these are: the serving estimates at the document's workload, as every tab shows.
    const std::optional<Workload> served = m_shown ? m_shown->workload : std::nullopt;
    bool atWorkload = false;
    if (served) {
        try {
            checkWorkload(*served, r.resolved.maxModelLen);
            atWorkload = true;
        } catch (const std::exception &e) {
            status += QStringLiteral("\n")
                + tr("Roofline figures at the largest batch that fits: the workload does not apply (%1)")
                      .arg(textformat::qs(e.what()));
        }
    }
    if (atWorkload)
        status += QStringLiteral("\n")
            + tr("TPOT, TTFT and tokens/s per GPU: serving estimates at the workload %1 (means, estimated)")
                  .arg(workloadtext::workload(*served));
    m_sweepStatus = status;
    if (!sla().any())
        m_status->setText(status);
    updateCurrent();
    emit resultChanged();
}

void ExploreView::choose(int planIndex)
{
    if (!m_result || planIndex < 0 || planIndex >= static_cast<int>(m_result->plans.size()))
        return;
    // A result computed for other settings than the window's would undo them: wait for the fresh one.
    if (m_haveContext && !(m_shown && *m_shown == m_wanted))
        return;
    const SweepPlan &row = m_result->plans[static_cast<size_t>(planIndex)];
    const Plan sized = planFor(*m_result, row);
    Plan chosen = m_haveContext ? m_plan : sized;
    chosen.tp = sized.tp;
    chosen.pp = sized.pp;
    chosen.dp = sized.dp;
    chosen.ep = sized.ep;
    chosen.ppPartition = sized.ppPartition;
    chosen.redundantExperts = sized.redundantExperts;
    // The decode step the sweep estimated, so the window shows the figures the user clicked on.
    chosen.batch = sized.batch;
    chosen.microbatches = sized.microbatches;
    chosen.promptLen = sized.promptLen;
    if (row.maxNumSeqsLowered) // the sweep ran it with vLLM's remedy for the Mamba-blocks refusal
        chosen.maxNumSeqs = row.maxNumSeqs;
    emit planChosen(chosen);
}

void ExploreView::updateCurrent()
{
    m_scatter->setCurrent(m_plan.tp, m_plan.pp, m_plan.dp, m_plan.ep);
    m_tpPp->setCurrent(m_plan.tp, m_plan.pp, m_plan.dp, m_plan.ep);
    m_dpEp->setCurrent(m_plan.tp, m_plan.pp, m_plan.dp, m_plan.ep);
}

void ExploreView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    runIfNeeded();
    runSlaIfNeeded();
}

QString ExploreView::statusText() const
{
    return m_status->text();
}
