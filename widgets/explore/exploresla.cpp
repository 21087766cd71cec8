// The Explore view's SLA search: the SLA fields, the search off the GUI thread, the fronts.
#include "core/serving/coefficients.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/explore/exploreview.h"
#include "widgets/explore/slafront.h"
#include "widgets/explore/sweepscatter.h"
#include "widgets/explore/sweepstyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QStackedWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

using namespace shardscope;

namespace {

// Upper ends of the SLA fields: a minute of TTFT or E2E, ten seconds per output token.
constexpr int kMaxTtftMs = 60000;
constexpr int kMaxTpotMs = 10000;
constexpr int kMaxE2eMs = 3600000;

QSpinBox *msBox(QWidget *parent, int max)
{
    auto *b = new QSpinBox(parent);
    b->setRange(0, max);
    b->setSingleStep(10);
    return b;
}

QString ms(double seconds)
{
    return QString::number(seconds * 1e3, 'f', seconds < 0.1 ? 1 : 0);
}

QString percentileName(SlaPercentile p)
{
    return QString::fromLatin1(slaPercentileName(p));
}

// The SLA verdict of one target for the tooltip: "TTFT p90 812 ms ≤ 1000 ms" or "... > 1000 ms".
QString checkLine(const QString &metric, const SlaCheck &c, SlaPercentile p)
{
    QString s = ExploreView::tr("%1 %2 %3 ms").arg(metric, percentileName(p), ms(c.valueSec));
    if (c.targetSec > 0)
        s += (c.met ? QStringLiteral(" ≤ ") : QStringLiteral(" > ")) + ExploreView::tr("%1 ms").arg(ms(c.targetSec));
    return s;
}

QString poolText(const PoolPlan &p)
{
    return ExploreView::tr("%1 × (tp %2 · pp %3 · dp %4 · ep %5)")
        .arg(p.instances)
        .arg(p.tp)
        .arg(p.pp)
        .arg(p.dp)
        .arg(p.ep);
}

QString rowToolTip(const SlaRow &r, SlaPercentile p)
{
    QString s = r.disaggregated ? ExploreView::tr("<b>prefill %1 + decode %2</b> — %3 GPUs")
                                      .arg(poolText(r.prefill), poolText(r.decode))
                                      .arg(r.gpus)
                                : ExploreView::tr("<b>tp %1 · pp %2 · dp %3 · ep %4</b> — %5 GPUs")
                                      .arg(r.tp)
                                      .arg(r.pp)
                                      .arg(r.dp)
                                      .arg(r.ep)
                                      .arg(r.gpus);
    if (r.disaggregated)
        s += ExploreView::tr("<br>KV transfer %1 ms per prompt").arg(ms(r.kvTransferSec));
    if (r.rank > 0)
        s += ExploreView::tr("<br>rank %1").arg(r.rank);
    s += ExploreView::tr("<br>max-num-seqs %1, max-num-batched-tokens %2").arg(r.maxNumSeqs).arg(r.maxNumBatchedTokens);
    s += ExploreView::tr("<br>estimated (vLLM V1 serving simulated):");
    s += QStringLiteral("<br>") + checkLine(ExploreView::tr("TTFT"), r.ttftSla, p);
    s += QStringLiteral("<br>") + checkLine(ExploreView::tr("TPOT"), r.tpotSla, p);
    s += QStringLiteral("<br>") + checkLine(ExploreView::tr("E2E"), r.e2eSla, p);
    s += ExploreView::tr("<br>%1 output tok/s per GPU, %2 requests/s")
             .arg(QString::number(r.outputTokensPerSecPerGpu, 'f', 0), QString::number(r.requestsPerSec, 'f', 2));
    if (r.costPerMillionOutputTokens >= 0)
        s += ExploreView::tr("<br>$%1 per million output tokens at the example price of $%2 per GPU-hour")
                 .arg(QString::number(r.costPerMillionOutputTokens, 'f', 2), QString::number(r.usdPerGpuHour, 'f', 2));
    if (!r.sustained)
        s += ExploreView::tr("<br>does not keep up with the request rate");
    s += r.meetsSla ? ExploreView::tr("<br>meets the SLA") : ExploreView::tr("<br>misses the SLA");
    return s;
}

} // namespace

void ExploreView::buildSlaControls()
{
    m_slaLabel = new QLabel(this);
    m_ttftLabel = new QLabel(this);
    m_tpotLabel = new QLabel(this);
    m_e2eLabel = new QLabel(this);
    m_slaRankLabel = new QLabel(this);
    m_ttft = msBox(this, kMaxTtftMs);
    m_tpot = msBox(this, kMaxTpotMs);
    m_e2e = msBox(this, kMaxE2eMs);
    m_percentile = new QComboBox(this);
    for (SlaPercentile p : { SlaPercentile::P50, SlaPercentile::P90, SlaPercentile::P99 })
        m_percentile->addItem(percentileName(p), int(p));
    m_percentile->setCurrentIndex(1); // p90, the CLI's default
    m_slaObjective = new QComboBox(this);
    for (SlaObjective o :
        { SlaObjective::Goodput, SlaObjective::Throughput, SlaObjective::Tpot, SlaObjective::Ttft, SlaObjective::Cost })
        m_slaObjective->addItem(QString(), int(o));
    m_slaDisagg = new QCheckBox(this);
    m_slaDisagg->setObjectName(QStringLiteral("slaDisaggregated"));
    connect(m_slaDisagg, &QCheckBox::toggled, this, &ExploreView::slaEdited);
    for (QSpinBox *b : { m_ttft, m_tpot, m_e2e })
        connect(b, &QSpinBox::valueChanged, this, &ExploreView::slaEdited);
    connect(m_percentile, &QComboBox::currentIndexChanged, this, &ExploreView::slaEdited);
    connect(m_slaObjective, &QComboBox::currentIndexChanged, this, &ExploreView::slaEdited);
}

void ExploreView::retranslateSla()
{
    m_slaLabel->setText(tr("SLA"));
    m_ttftLabel->setText(tr("TTFT ≤"));
    m_tpotLabel->setText(tr("TPOT ≤"));
    m_e2eLabel->setText(tr("E2E ≤"));
    for (QSpinBox *b : { m_ttft, m_tpot, m_e2e }) {
        b->setSuffix(tr(" ms"));
        b->setSpecialValueText(tr("any"));
    }
    m_ttft->setToolTip(tr("Time to first token at the SLA percentile, at most this (0: no target)"));
    m_tpot->setToolTip(tr("Time per output token at the SLA percentile, at most this (0: no target)"));
    m_e2e->setToolTip(tr("End-to-end request latency at the SLA percentile, at most this (0: no target)"));
    m_percentile->setToolTip(tr("The percentile the SLA targets apply to"));
    m_slaRankLabel->setText(tr("Rank by"));
    const char *names[] = { QT_TR_NOOP("goodput per GPU"), QT_TR_NOOP("output tok/s per GPU"),
        QT_TR_NOOP("lowest TPOT"), QT_TR_NOOP("lowest TTFT"), QT_TR_NOOP("lowest cost") };
    for (int i = 0; i < m_slaObjective->count(); ++i)
        m_slaObjective->setItemText(i, tr(names[i]));
    m_slaObjective->setToolTip(tr("What ranks the plans that meet the SLA (the workload is the Workload panel's)"));
    m_slaDisagg->setText(tr("P/D splits"));
    m_slaDisagg->setToolTip(tr("Also search disaggregated plans: a prefill and a decode pool (xPyD, up to 8 "
                               "instances each) on the same GPUs, the KV cache crossing the NIC"));
    if (m_slaResult || !m_slaError.isEmpty())
        displaySla();
}

Sla ExploreView::sla() const
{
    Sla s;
    s.ttftSec = m_ttft->value() / 1e3;
    s.tpotSec = m_tpot->value() / 1e3;
    s.e2eSec = m_e2e->value() / 1e3;
    s.percentile = static_cast<SlaPercentile>(m_percentile->currentData().toInt());
    return s;
}

void ExploreView::setSla(const Sla &s, SlaObjective objective)
{
    {
        const QSignalBlocker b1(m_ttft), b2(m_tpot), b3(m_e2e), b4(m_percentile), b5(m_slaObjective);
        m_ttft->setValue(static_cast<int>(std::lround(std::min(s.ttftSec * 1e3, double(kMaxTtftMs)))));
        m_tpot->setValue(static_cast<int>(std::lround(std::min(s.tpotSec * 1e3, double(kMaxTpotMs)))));
        m_e2e->setValue(static_cast<int>(std::lround(std::min(s.e2eSec * 1e3, double(kMaxE2eMs)))));
        m_percentile->setCurrentIndex(m_percentile->findData(int(s.percentile)));
        m_slaObjective->setCurrentIndex(m_slaObjective->findData(int(objective)));
    }
    slaEdited();
}

ExploreView::SlaInputs ExploreView::slaInputs() const
{
    SlaInputs in;
    if (!m_document->hasPlan())
        return in;
    // The window's plan is the template; max_model_len as evaluate() resolved it (the CLI's probe).
    in.base = m_plan;
    in.base.maxModelLen = m_document->evaluated().evaluation.plan.maxModelLen;
    in.model = m_document->model();
    in.gpu = m_document->gpu();
    const SweepOptions o = options();
    in.gpus = o.gpus;
    in.upTo = o.upTo;
    in.epSizes = o.epSizes;
    in.workload = m_document->workload();
    const Sla s = sla();
    in.ttftSec = s.ttftSec;
    in.tpotSec = s.tpotSec;
    in.e2eSec = s.e2eSec;
    in.percentile = s.percentile;
    in.objective = static_cast<SlaObjective>(m_slaObjective->currentData().toInt());
    in.disaggregated = m_slaDisagg->isChecked();
    return in;
}

void ExploreView::slaEdited()
{
    const bool active = sla().any();
    m_charts->setCurrentWidget(active ? static_cast<QWidget *>(m_front) : m_scatter);
    if (!active) {
        m_status->setText(m_sweepStatus);
        return;
    }
    runSlaIfNeeded();
    displaySla();
}

void ExploreView::runSlaIfNeeded()
{
    if (!m_haveContext || !sla().any() || !isVisible() || !m_document->hasPlan())
        return;
    const SlaInputs in = slaInputs();
    if (m_slaShown && *m_slaShown == in)
        return;
    if (m_slaWatcher.isRunning())
        return; // slaFinished() comes back here with the newest inputs
    m_slaRunning = std::make_unique<SlaInputs>(in);
    m_slaWatcher.setFuture(QtConcurrent::run([in] {
        SlaOutcome out;
        try {
            checkWorkload(in.workload, in.base.maxModelLen);
            SearchGpu g;
            g.gpu = in.gpu;
            g.coefficients = servingCoefficients(in.gpu);
            g.usdPerGpuHour = defaultGpuHourCost(in.gpu.id);
            SlaSearchOptions o;
            o.gpus = in.gpus;
            o.upTo = in.upTo;
            o.epSizes = in.epSizes;
            o.workload = in.workload;
            o.sla = { in.ttftSec, in.tpotSec, in.e2eSec, in.percentile };
            o.objective = in.objective;
            o.disaggregated = in.disaggregated;
            out.result = slaSearch(in.base, in.model, { g }, o);
        } catch (const std::exception &e) {
            out.error = e.what();
        }
        return out;
    }));
    displaySla();
}

void ExploreView::slaFinished()
{
    if (!m_slaRunning)
        return;
    const SlaInputs done = *m_slaRunning;
    m_slaRunning.reset();
    const SlaOutcome outcome = m_slaWatcher.result();
    if (done == slaInputs()) {
        m_slaShown = std::make_unique<SlaInputs>(done);
        m_slaError = QString::fromStdString(outcome.error);
        m_slaResult = outcome.error.empty() ? std::make_shared<const SlaSearchResult>(outcome.result) : nullptr;
        displaySla();
        emit slaResultChanged();
    }
    runSlaIfNeeded();
}

void ExploreView::displaySla()
{
    if (!sla().any())
        return;
    const SlaPercentile p = sla().percentile;
    const bool fresh = m_slaShown && *m_slaShown == slaInputs() && !m_slaWatcher.isRunning();
    if (m_slaWatcher.isRunning() || !fresh) {
        const Workload &wl = slaInputs().workload;
        m_status->setText((wl.dataset == Dataset::ShareGpt
                ? tr("Computing… SLA search for %1 GPUs at the workload's ShareGPT lengths (mean %2 input and %3 "
                     "output tokens)")
                : tr("Computing… SLA search for %1 GPUs at the workload's %2 input and %3 output tokens"))
                              .arg(slaInputs().gpus)
                              .arg(textformat::count(wl.inputLen), textformat::count(wl.outputLen)));
    }
    if (!m_slaError.isEmpty() && fresh) {
        m_front->setSets({});
        m_status->setText(tr("No SLA search: %1").arg(m_slaError));
        return;
    }
    if (!m_slaResult)
        return;
    const SlaSearchResult &r = *m_slaResult;
    SlaFrontChart::Set agg;
    agg.frontName = tr("aggregated front");
    agg.othersName = tr("meets SLA");
    agg.color = sweepstyle::paretoFront();
    SlaFrontChart::Set disagg;
    disagg.frontName = tr("disaggregated front");
    disagg.othersName = tr("P/D meets SLA");
    disagg.color = sweepstyle::disaggregatedFront();
    int meets = 0;
    for (size_t i = 0; i < r.rows.size(); ++i) {
        const SlaRow &row = r.rows[i];
        SlaFrontChart::Set &set = row.disaggregated ? disagg : agg;
        SlaFrontChart::Point pt;
        pt.tpotMs = atPercentile(row.tpot, p) * 1e3;
        pt.tokensPerSecPerGpu = row.outputTokensPerSecPerGpu;
        pt.meetsSla = row.meetsSla;
        pt.index = static_cast<int>(i);
        pt.toolTip = rowToolTip(row, p);
        meets += row.meetsSla;
        // The front of each serving mode among its plans that meet the SLA: no other such plan of the
        // same mode is at least as good on both TPOT and tokens/s per GPU and better on one (rowDominates).
        pt.front = row.meetsSla;
        for (size_t j = 0; j < r.rows.size() && pt.front; ++j)
            if (j != i && r.rows[j].meetsSla && r.rows[j].disaggregated == row.disaggregated
                && rowDominates(r.rows[j], row))
                pt.front = false;
        set.points.push_back(pt);
    }
    if (fresh) {
        QString status = tr("SLA search (estimated): %1 configurations, %2 simulated, %3 meet the SLA")
                             .arg(textformat::count(r.candidates), textformat::count(r.simulated))
                             .arg(meets);
        if (!r.rows.empty() && r.rows.front().rank == 1 && r.rows.front().disaggregated) {
            const SlaRow &b = r.rows.front();
            status += tr(" · best: prefill %1 + decode %2 (%3 output tok/s per GPU)")
                          .arg(poolText(b.prefill), poolText(b.decode),
                              QString::number(b.outputTokensPerSecPerGpu, 'f', 0));
        } else if (!r.rows.empty() && r.rows.front().rank == 1) {
            const SlaRow &b = r.rows.front();
            status += tr(" · best: tp %1 · pp %2 · dp %3 · ep %4, max-num-seqs %5 (%6 output tok/s per GPU)")
                          .arg(b.tp)
                          .arg(b.pp)
                          .arg(b.dp)
                          .arg(b.ep)
                          .arg(b.maxNumSeqs)
                          .arg(QString::number(b.outputTokensPerSecPerGpu, 'f', 0));
        } else {
            status += tr(" · no plan meets the SLA");
        }
        m_status->setText(status);
    }
    if (r.options.disaggregated)
        m_front->setSets({ agg, disagg });
    else
        m_front->setSets({ agg });
}

void ExploreView::chooseSla(int set, int index)
{
    // Only a result computed for the window's current plan and settings is applied.
    if (set < 0 || set > 1 || !m_slaResult || !m_slaShown || !(*m_slaShown == slaInputs()) || index < 0
        || index >= static_cast<int>(m_slaResult->rows.size()))
        return;
    emit planChosen(planForRow(*m_slaResult, m_slaResult->rows[static_cast<size_t>(index)]));
}
