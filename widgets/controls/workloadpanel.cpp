#include "widgets/controls/workloadpanel.h"

#include "core/explain/explainserving.h"
#include "core/text/textformat.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/serving/workloadtext.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

using namespace shardscope;

namespace {

// Merge keys for field edits (PlanEditor's gesture keys stay far below; SettingsPanel uses 1 << 28).
constexpr int kWorkloadKeyBase = 1 << 27;

QSpinBox *countBox(QWidget *parent, int min, int max)
{
    auto *b = new QSpinBox(parent);
    b->setRange(min, max);
    b->setKeyboardTracking(false);
    b->setGroupSeparatorShown(true);
    return b;
}

QString stats(const LatencyStats &s)
{
    return WorkloadPanel::tr("p50 %1 · p99 %2").arg(textformat::duration(s.p50), textformat::duration(s.p99));
}

} // namespace

WorkloadPanel::WorkloadPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_dataset(new QComboBox(this))
    , m_inputLen(countBox(this, 1, 1 << 24))
    , m_outputLen(countBox(this, 1, 1 << 24))
    , m_concurrency(countBox(this, 0, 1 << 20))
    , m_rate(new QDoubleSpinBox(this))
    , m_prompts(countBox(this, 1, static_cast<int>(kMaxNumPrompts)))
    , m_ttft(new QLabel(this))
    , m_tpot(new QLabel(this))
    , m_throughput(new QLabel(this))
    , m_note(new QLabel(this))
    , m_figures(new QFormLayout)
{
    setObjectName(QStringLiteral("WorkloadPanel"));
    m_rate->setRange(0, 1e5);
    m_rate->setDecimals(2);
    m_rate->setKeyboardTracking(false);
    m_inputLen->setSingleStep(256);
    m_outputLen->setSingleStep(64);
    m_prompts->setSingleStep(100);
    for (QLabel *l : { m_ttft, m_tpot, m_throughput }) {
        l->setObjectName(QStringLiteral("servingFigure"));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_note->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    for (QWidget *field :
        std::initializer_list<QWidget *> { m_dataset, m_inputLen, m_outputLen, m_concurrency, m_rate, m_prompts })
        addLabelledRow(form, field);
    layout->addLayout(form);
    for (QWidget *field : std::initializer_list<QWidget *> { m_ttft, m_tpot, m_throughput })
        addLabelledRow(m_figures, field);
    layout->addLayout(m_figures);
    layout->addWidget(m_note);
    retranslateWith(this, [this, form] {
        setTitle(tr("Workload"));
        const QSignalBlocker block(m_dataset);
        m_dataset->clear();
        m_dataset->addItem(tr("Fixed lengths (random)"));
        m_dataset->addItem(tr("ShareGPT lengths"));
        m_dataset->setToolTip(tr("--dataset-name: random gives every request the lengths below; sharegpt gives each "
                                 "request the lengths vllm bench serve's ShareGPT sampler sends, scaled to the means "
                                 "below"));
        syncInputs();
        m_inputLen->setToolTip(tr("--input-len: prompt tokens of each request"));
        m_outputLen->setToolTip(tr("--output-len: tokens generated per request"));
        m_concurrency->setSpecialValueText(tr("unbounded"));
        m_concurrency->setToolTip(tr("--max-concurrency: clients sending one request at a time (closed loop)"));
        m_rate->setSpecialValueText(tr("all at once"));
        m_rate->setSuffix(tr(" req/s"));
        m_rate->setToolTip(tr("--request-rate: Poisson arrivals per second"));
        m_prompts->setToolTip(tr("--num-prompts: requests simulated"));
        setRowLabel(form, m_dataset, tr("Lengths"));
        setRowLabel(form, m_inputLen, tr("Input length"));
        setRowLabel(form, m_outputLen, tr("Output length"));
        setRowLabel(form, m_concurrency, tr("Concurrency"));
        setRowLabel(form, m_rate, tr("Request rate"));
        setRowLabel(form, m_prompts, tr("Prompts"));
        setRowLabel(m_figures, m_ttft, tr("TTFT (estimated)"));
        setRowLabel(m_figures, m_tpot, tr("TPOT (estimated)"));
        setRowLabel(m_figures, m_throughput, tr("Output tok/s per GPU (estimated)"));
        m_dirty = true;
        if (isVisible())
            refreshFigures();
    });
    const auto edit = [this](int key, const QString &text, auto change) {
        Workload w = m_editor->document()->workload();
        change(w);
        m_editor->applyWorkload(w, text, kWorkloadKeyBase + key);
    };
    connect(m_dataset, &QComboBox::currentIndexChanged, this, [edit](int i) {
        edit(5, tr("Set lengths"), [i](Workload &w) {
            w.dataset = i == 1 ? Dataset::ShareGpt : Dataset::Random;
            if (w.dataset == Dataset::ShareGpt) { // the dataset's own lengths; it draws them, so no range
                w.inputLenLo = w.inputLenHi = 0;
                useShareGptMeans(w, true, true);
            }
        });
    });
    connect(m_inputLen, &QSpinBox::valueChanged, this,
        [edit](int v) { edit(0, tr("Set input length"), [v](Workload &w) { w.inputLen = v; }); });
    connect(m_outputLen, &QSpinBox::valueChanged, this,
        [edit](int v) { edit(1, tr("Set output length"), [v](Workload &w) { w.outputLen = v; }); });
    connect(m_concurrency, &QSpinBox::valueChanged, this,
        [edit](int v) { edit(2, tr("Set concurrency"), [v](Workload &w) { w.maxConcurrency = v; }); });
    connect(m_rate, &QDoubleSpinBox::valueChanged, this,
        [edit](double v) { edit(3, tr("Set request rate"), [v](Workload &w) { w.requestRate = v; }); });
    connect(m_prompts, &QSpinBox::valueChanged, this,
        [edit](int v) { edit(4, tr("Set prompts"), [v](Workload &w) { w.numPrompts = v; }); });
    const PlanDocument *doc = editor->document();
    connect(doc, &PlanDocument::workloadChanged, this, &WorkloadPanel::syncInputs);
    connect(doc, &PlanDocument::workloadChanged, this, &WorkloadPanel::onChanged);
    connect(doc, &PlanDocument::planChanged, this, &WorkloadPanel::onChanged);
    syncInputs();
}

void WorkloadPanel::syncInputs()
{
    const Workload &w = m_editor->document()->workload();
    const QSignalBlocker blocks[] = { QSignalBlocker(m_dataset), QSignalBlocker(m_inputLen),
        QSignalBlocker(m_outputLen), QSignalBlocker(m_concurrency), QSignalBlocker(m_rate), QSignalBlocker(m_prompts) };
    const auto clampInt = [](std::int64_t v, const QSpinBox *b) {
        return static_cast<int>(std::clamp<std::int64_t>(v, b->minimum(), b->maximum()));
    };
    m_dataset->setCurrentIndex(w.dataset == Dataset::ShareGpt ? 1 : 0);
    updateLengthSuffixes();
    m_inputLen->setValue(clampInt(w.inputLen, m_inputLen));
    m_outputLen->setValue(clampInt(w.outputLen, m_outputLen));
    m_concurrency->setValue(clampInt(w.maxConcurrency, m_concurrency));
    m_rate->setValue(w.requestRate);
    m_prompts->setValue(clampInt(w.numPrompts, m_prompts));
}

// ShareGPT's lengths vary per request: the boxes hold their means.
void WorkloadPanel::updateLengthSuffixes()
{
    const bool mean = m_editor->document()->workload().dataset == Dataset::ShareGpt;
    m_inputLen->setSuffix(mean ? tr(" tokens (mean)") : tr(" tokens"));
    m_outputLen->setSuffix(mean ? tr(" tokens (mean)") : tr(" tokens"));
}

void WorkloadPanel::onChanged()
{
    m_dirty = true;
    if (isVisible())
        refreshFigures();
}

void WorkloadPanel::showEvent(QShowEvent *event)
{
    refreshFigures();
    QGroupBox::showEvent(event);
}

void WorkloadPanel::refreshFigures()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    const std::shared_ptr<const ServingResult> r = m_editor->document()->serving();
    if (!r) {
        for (QLabel *l : { m_ttft, m_tpot, m_throughput }) {
            l->setText(tr("—"));
            l->setToolTip({});
        }
        m_note->setText(textformat::qs(m_editor->document()->servingError()));
        return;
    }
    if (const auto d = m_editor->document()->disaggServing()) {
        showPools(*d);
        return;
    }
    const auto tip = [&r](ServingQuantity q) { return textformat::explanationHtml(explainServing(q, *r)); };
    m_ttft->setText(stats(r->ttft));
    m_ttft->setToolTip(tip(ServingQuantity::Ttft));
    m_tpot->setText(stats(r->tpot));
    m_tpot->setToolTip(tip(ServingQuantity::Tpot));
    m_throughput->setText(tr("%1 tokens/s").arg(textformat::qs(formatNumber(r->outputTokensPerSecPerGpu, 1))));
    m_throughput->setToolTip(tip(ServingQuantity::OutputTokensPerSecPerGpu));
    QString note = tr("Estimated: a simulation of vLLM V1's scheduler, not a measurement.");
    for (const QString &w : workloadtext::warnings(*r)) // core's sentences, in the window's language
        note += QLatin1Char('\n') + w;
    m_note->setText(note);
}

// A disaggregated plan: the combined figures of both pools (core/serving/disagg.h), each tooltip saying
// how they combine.
void WorkloadPanel::showPools(const DisaggServingResult &d)
{
    const QString estimated = tr("Estimated: both pools simulated (vLLM V1's scheduler), not a measurement.");
    m_ttft->setText(stats(d.ttft));
    m_ttft->setToolTip(tr("<p>TTFT = the prefill pool's TTFT (queue and prefill) + the KV transfer (%1) + the decode "
                          "pool's first step, per percentile: a conservative sum.</p><p>%2</p>")
                           .arg(textformat::duration(d.transfer.seconds), estimated));
    m_tpot->setText(stats(d.tpot));
    m_tpot->setToolTip(
        tr("<p>TPOT of the decode pool alone (%1 instances).</p><p>%2</p>").arg(d.decodeInstances).arg(estimated));
    m_throughput->setText(tr("%1 tokens/s").arg(textformat::qs(formatNumber(d.outputTokensPerSecPerGpu, 1))));
    m_throughput->setToolTip(tr("<p>Output tokens/s of the balanced pools (%1 requests/s) over all %2 GPUs of both "
                                "pools.</p><p>%3</p>")
                                 .arg(QString::number(d.requestsPerSec, 'f', 2))
                                 .arg(d.gpus)
                                 .arg(estimated));
    QString note = tr("Estimated, prefill and decode pools together: a simulation of vLLM V1's scheduler per pool, "
                      "not a measurement.");
    for (const ServingResult *pool : { &d.prefill, &d.decode }) // core's sentences, in the window's language
        for (const QString &w : workloadtext::warnings(*pool))
            note += QLatin1Char('\n') + w;
    m_note->setText(note);
}

QString WorkloadPanel::ttftText() const
{
    return m_ttft->text();
}

QString WorkloadPanel::tpotText() const
{
    return m_tpot->text();
}

QString WorkloadPanel::throughputText() const
{
    return m_throughput->text();
}
