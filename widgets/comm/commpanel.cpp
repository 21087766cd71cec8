#include "widgets/comm/commpanel.h"

#include "core/text/textformat.h"
#include "widgets/comm/commchart.h"
#include "widgets/comm/commtablemodel.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace shardscope;

namespace {
QString secs(double s)
{
    return s == 0 ? CommPanel::tr("none") : textformat::duration(s);
}
} // namespace

CommPanel::CommPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_summary(new QLabel(this))
    , m_chart(new CommChart(this))
    , m_model(new CommTableModel(this))
    , m_table(new QTableView(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_summary);
    rightLayout->addWidget(m_table, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(right);
    split->setStretchFactor(0, 2); // the chart in time needs room for two axes
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    const auto outdated = [this] {
        m_dirty = true;
        if (isVisible())
            rebuild();
    };
    connect(document, &PlanDocument::planChanged, this, outdated);
    connect(document, &PlanDocument::workloadChanged, this, outdated);
    retranslateWith(this, outdated); // the rows, the summary and the chart are built in one language
}

void CommPanel::showEvent(QShowEvent *event)
{
    if (m_dirty)
        rebuild();
    QWidget::showEvent(event);
}

QString CommPanel::summary() const
{
    return m_summary->text();
}

QString CommPanel::summaryToolTip() const
{
    return m_summary->toolTip();
}

void CommPanel::rebuild()
{
    m_dirty = false;
    if (!m_document->hasPlan())
        return;
    // Every figure here is for the workload's steady-state step (the Workload group), not a batch of
    // its own: the decode tokens and the prefill chunk of one engine step.
    const PlanDocument::WorkloadBatch &batch = m_document->workloadBatch();
    const auto state = batch.state;
    const Evaluation &e = state->evaluation;
    if (!e.valid) {
        m_summary->setText(tr("No placement, so no communication: see the issues above."));
        m_model->setRows(state, {});
        m_chart->setRows({}, {}, {});
        return;
    }
    const CommPhases phases = batch.fromWorkload
        ? commPhases(*state, batch.decodePerMicrobatch(), batch.prefillPerMicrobatch())
        : commPhases(*state);
    std::vector<CommRow> rows = commRows(*state, phases);
    // The chart keeps its short category names (a longer one is cut); the summary says "chunk".
    m_chart->setRows(rows, tr("Decode"), tr("Prefill"));
    m_model->setRows(state, std::move(rows));
    m_table->resizeColumnsToContents();
    const QString which = workloadtext::batch(batch, *m_document);
    if (!e.fits) {
        // A plan that cannot start has no step time: the bytes per step are facts of the placement,
        // its TPOT and throughput would be fiction.
        m_summary->setText(tr("<b>Not runnable</b>: this plan cannot start (see the issues above), so it has "
                              "no TPOT, TTFT or throughput. The table shows what each step would send.")
            + QStringLiteral("<br><small>") + which + QStringLiteral("</small>"));
        m_summary->setToolTip(QString());
        return;
    }
    const std::shared_ptr<const ServingResult> r = m_document->serving();
    if (!batch.fromWorkload || !r) {
        m_summary->setText(tr("%1<br><b>Decode</b> (n = %2): communication %3 · <b>Prefill</b> (n = %4): "
                              "communication %5<br><small>Estimates: α-β link model; bytes are what the busiest "
                              "GPU sends.</small>")
                               .arg(which, textformat::count(phases.decode.tokens), secs(phases.decode.totalTimeSec),
                                   textformat::count(phases.prefill.tokens), secs(phases.prefill.totalTimeSec)));
        m_summary->setToolTip(QString());
        return;
    }
    m_summary->setText(
        tr("%1<br><b>Decode</b> (n = %2): communication %3 per step · <b>Prefill chunk</b> (n = %4): "
           "communication %5<br>Serving: TPOT %6 · TTFT %7 · %8 output tokens/s per GPU (means, estimated)<br>"
           "<small>Estimates: α-β link model, bytes the busiest GPU sends; serving: a simulation of vLLM V1's "
           "scheduler (show your work).</small>")
            .arg(which, textformat::count(phases.decode.tokens), secs(phases.decode.totalTimeSec),
                textformat::count(phases.prefill.tokens), secs(phases.prefill.totalTimeSec),
                workloadtext::seconds(r->tpot.mean), workloadtext::seconds(r->ttft.mean),
                textformat::qs(formatNumber(r->outputTokensPerSecPerGpu, 1))));
    m_summary->setToolTip(workloadtext::tooltip(
        *r, { ServingQuantity::Tpot, ServingQuantity::Ttft, ServingQuantity::OutputTokensPerSecPerGpu }));
}

void CommPanel::renderTo(QPainter &painter, const QRect &rect)
{
    if (m_dirty)
        rebuild();
    m_chart->renderTo(painter, rect);
}
