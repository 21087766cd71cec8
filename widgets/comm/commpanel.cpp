#include "widgets/comm/commpanel.h"

#include "widgets/comm/commchart.h"
#include "widgets/comm/commtablemodel.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

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

void CommPanel::rebuild()
{
    m_dirty = false;
    if (!m_document->hasPlan())
        return;
    const auto state = m_document->state();
    const Evaluation &e = state->evaluation;
    if (!e.valid) {
        m_summary->setText(tr("No placement, so no communication: see the issues above."));
        m_model->setRows(state, {});
        m_chart->setRows({}, {}, {});
        return;
    }
    const CommPhases phases = commPhases(*state);
    std::vector<CommRow> rows = commRows(*state, phases);
    const Plan &p = e.plan;
    const TimeEstimate &t = e.time;
    m_chart->setRows(rows, tr("Decode"), tr("Prefill"));
    m_model->setRows(state, std::move(rows));
    m_table->resizeColumnsToContents();
    if (!e.fits) {
        // A plan that cannot start has no step time: the bytes per step are facts of the placement,
        // its TPOT and throughput would be fiction.
        m_summary->setText(tr("<b>Not runnable</b>: this plan cannot start (see the issues above), so it has "
                              "no TPOT, TTFT or throughput. The table shows what each step would send."));
        m_summary->setToolTip(QString());
        return;
    }
    m_summary->setText(
        tr("<b>Decode</b> (n = %1): TPOT ≈ %2, communication %3 · <b>Prefill</b> (n = %4): TTFT ≈ %5, communication %6"
           " · PP bubble %7% · %8 tokens/s per GPU<br><small>Estimates: α-β link model and roofline "
           "(HBM × %9, %10 × %11); bytes are what the busiest GPU sends.</small>")
            .arg(textformat::count(p.batch), secs(t.tpotSec), secs(phases.decode.totalTimeSec),
                textformat::count(p.promptLen), secs(t.ttftSec), secs(phases.prefill.totalTimeSec))
            .arg(t.bubbleFraction * 100, 0, 'f', 0)
            .arg(t.tokensPerSecPerGpu, 0, 'f', 1)
            .arg(t.hbmEfficiency, 0, 'g', 2)
            .arg(QString::fromLatin1(t.peakFormat).toUpper())
            .arg(t.computeEfficiency, 0, 'g', 2));
    m_summary->setToolTip(
        tr("<b>TPOT</b> = the sum over stages of max(bytes read / HBM, FLOPs / peak) + the stage's communication"
           "<br><b>TTFT</b> = the same for one prompt of %1 tokens<br><b>bubble</b> = (p − 1) / (m + p − 1) = (%2 − 1) "
           "/ (%3 + %2 − 1)")
            .arg(textformat::count(p.promptLen))
            .arg(p.pp)
            .arg(t.microbatches));
}

void CommPanel::renderTo(QPainter &painter, const QRect &rect)
{
    if (m_dirty)
        rebuild();
    m_chart->renderTo(painter, rect);
}
