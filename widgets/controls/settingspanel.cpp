#include "widgets/controls/settingspanel.h"

#include "core/text/units.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

using namespace shardscope;

namespace {

// 0 means "the vLLM version's default"; the arrows step from that default, not from 0.
class UtilizationBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    double fallback = 0.9;
    void stepBy(int steps) override
    {
        if (value() == minimum())
            setValue(fallback);
        QDoubleSpinBox::stepBy(steps);
    }
};

// Merge keys for field edits; far above the gesture keys PlanEditor hands out.
constexpr int kFieldKeyBase = 1 << 28;

QSpinBox *countBox(QWidget *parent, int min, int max)
{
    auto *b = new QSpinBox(parent);
    b->setRange(min, max);
    b->setKeyboardTracking(false);
    b->setGroupSeparatorShown(true);
    return b;
}
} // namespace

SettingsPanel::SettingsPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_accounting(new QComboBox(this))
    , m_utilization(new UtilizationBox(this))
    , m_maxLen(countBox(this, 0, 1 << 30))
    , m_kvDtype(new QComboBox(this))
    , m_quantization(new QComboBox(this))
    , m_placement(new QComboBox(this))
    , m_redundant(countBox(this, 0, 4096))
    , m_batch(countBox(this, 1, 1 << 20))
    , m_promptLen(countBox(this, 1, 1 << 24))
    , m_reserve(new QDoubleSpinBox(this))
{
    m_accounting->addItem(QString());
    m_accounting->addItem(QString());
    m_utilization->setRange(0.0, 1.0);
    m_utilization->setSingleStep(0.01);
    m_utilization->setDecimals(2);
    m_utilization->setKeyboardTracking(false);
    m_maxLen->setSingleStep(1024);
    m_kvDtype->addItem(QString(), QStringLiteral("auto"));
    m_kvDtype->addItem(QString(), QStringLiteral("fp8"));
    const Quantization formats[] = { Quantization::Auto, Quantization::None, Quantization::Fp8, Quantization::Mxfp4,
        Quantization::Awq, Quantization::Gptq };
    for (const Quantization q : formats)
        m_quantization->addItem(QString(), static_cast<int>(q));
    m_placement->addItem(QString());
    m_placement->addItem(QString());
    m_reserve->setRange(0, 1024);
    m_reserve->setDecimals(1);
    m_reserve->setKeyboardTracking(false);

    auto *form = new QFormLayout(this);
    for (QWidget *field : std::initializer_list<QWidget *> { m_accounting, m_utilization, m_maxLen, m_kvDtype,
             m_quantization, m_placement, m_redundant, m_batch, m_promptLen, m_reserve })
        addLabelledRow(form, field);
    retranslateWith(this, [this, form] {
        setTitle(tr("Memory and workload"));
        m_accounting->setItemText(0, tr("vLLM (each GPU's tensors, KV blocks)"));
        m_accounting->setItemText(1, tr("Textbook (even split, fixed reserve)"));
        m_accounting->setToolTip(
            tr("vLLM: what the engine allocates, minimum over GPUs · textbook: the course's uniform split"));
        m_utilization->setToolTip(tr("--gpu-memory-utilization: the fraction of each GPU's memory vLLM may use "
                                     "(lowest: the version's default)"));
        m_maxLen->setSuffix(tr(" tokens"));
        m_maxLen->setToolTip(tr("--max-model-len: context per request (0: the model's maximum)"));
        m_kvDtype->setItemText(0, tr("auto (model dtype)"));
        m_kvDtype->setItemText(1, tr("fp8 (1 byte)"));
        m_kvDtype->setToolTip(tr("--kv-cache-dtype"));
        const QString formatNames[] = { tr("as the checkpoint ships"), tr("BF16"), tr("FP8"), tr("MXFP4"),
            tr("AWQ (int4)"), tr("GPTQ (int4)") };
        for (int i = 0; i < m_quantization->count(); ++i)
            m_quantization->setItemText(i, formatNames[i]);
        m_quantization->setToolTip(
            tr("Weight format (--quantization); 'as the checkpoint ships' follows quantization_config"));
        m_placement->setItemText(0, tr("linear (vLLM default)"));
        m_placement->setItemText(1, tr("round robin"));
        m_placement->setToolTip(tr("How experts are laid out over EP ranks"));
        m_redundant->setToolTip(tr("EPLB redundant experts per MoE layer (needs EP)"));
        m_batch->setToolTip(tr("Decode: sequences decoding together, one token each"));
        m_promptLen->setSuffix(tr(" tokens"));
        m_promptLen->setToolTip(tr("Prefill: prompt tokens processed in one step"));
        m_reserve->setSuffix(tr(" GiB"));
        m_reserve->setToolTip(tr("Textbook accounting: fixed reserve per GPU for activations, graphs and buffers"));
        setRowLabel(form, m_accounting, tr("Accounting"));
        setRowLabel(form, m_utilization, tr("GPU memory utilization"));
        setRowLabel(form, m_maxLen, tr("Max model length"));
        setRowLabel(form, m_kvDtype, tr("KV cache dtype"));
        setRowLabel(form, m_quantization, tr("Weights"));
        setRowLabel(form, m_placement, tr("Expert placement"));
        setRowLabel(form, m_redundant, tr("Redundant experts"));
        setRowLabel(form, m_batch, tr("Decode batch (sequences)"));
        setRowLabel(form, m_promptLen, tr("Prompt length"));
        setRowLabel(form, m_reserve, tr("Reserve (textbook)"));
        if (m_editor->document()->hasPlan())
            sync(); // the special value texts
    });

    connect(m_accounting, &QComboBox::activated, this, [this](int i) {
        m_editor->edit(kFieldKeyBase + 0, tr("Change accounting"),
            [i](Plan &p) { p.accounting = i == 1 ? Accounting::Textbook : Accounting::Vllm; });
    });
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 1, tr("Set utilization to %1").arg(v), [v](Plan &p) { p.gpuMemoryUtilization = v; });
    });
    connect(m_maxLen, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 2, tr("Set max model length"), [v](Plan &p) { p.maxModelLen = v; });
    });
    connect(m_kvDtype, &QComboBox::activated, this, [this](int i) {
        m_editor->edit(kFieldKeyBase + 3, tr("Change KV dtype"),
            [i](Plan &p) { p.kvCacheDtype = i == 1 ? KvDtype::Fp8 : KvDtype::Auto; });
    });
    connect(m_quantization, &QComboBox::activated, this, [this](int i) {
        const auto q = static_cast<Quantization>(m_quantization->itemData(i).toInt());
        m_editor->edit(kFieldKeyBase + 4, tr("Change weight format"), [q](Plan &p) { p.quantization = q; });
    });
    connect(m_placement, &QComboBox::activated, this, [this](int i) {
        m_editor->edit(kFieldKeyBase + 5, tr("Change expert placement"),
            [i](Plan &p) { p.expertPlacement = i == 1 ? ExpertPlacement::RoundRobin : ExpertPlacement::Linear; });
    });
    connect(m_redundant, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 6, tr("Set redundant experts"), [v](Plan &p) { p.redundantExperts = v; });
    });
    connect(m_batch, &QSpinBox::valueChanged, this,
        [this](int v) { m_editor->edit(kFieldKeyBase + 7, tr("Set decode batch"), [v](Plan &p) { p.batch = v; }); });
    connect(m_promptLen, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 8, tr("Set prompt length"), [v](Plan &p) { p.promptLen = v; });
    });
    connect(m_reserve, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(kFieldKeyBase + 9, tr("Set reserve"), [v](Plan &p) { p.reservedBytes = v * GiB; });
    });
    connect(editor->document(), &PlanDocument::planChanged, this, &SettingsPanel::sync);
}

void SettingsPanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    const Plan &p = doc->plan();
    const ModelSpec &m = doc->model();
    const QSignalBlocker blocks[] = { QSignalBlocker(m_accounting), QSignalBlocker(m_utilization),
        QSignalBlocker(m_maxLen), QSignalBlocker(m_kvDtype), QSignalBlocker(m_quantization),
        QSignalBlocker(m_placement), QSignalBlocker(m_redundant), QSignalBlocker(m_batch), QSignalBlocker(m_promptLen),
        QSignalBlocker(m_reserve) };
    m_accounting->setCurrentIndex(p.accounting == Accounting::Textbook ? 1 : 0);
    const double resolved = doc->evaluation().plan.gpuMemoryUtilization;
    static_cast<UtilizationBox *>(m_utilization)->fallback = resolved;
    m_utilization->setSpecialValueText(p.accounting == Accounting::Textbook ? tr("course default (%1)").arg(resolved)
                                                                            : tr("vLLM default (%1)").arg(resolved));
    m_utilization->setValue(p.gpuMemoryUtilization);
    m_maxLen->setMaximum(static_cast<int>(
        std::clamp<std::int64_t>(std::max<std::int64_t>(m.maxPositionEmbeddings, p.maxModelLen), 1, 1 << 30)));
    m_maxLen->setSpecialValueText(tr("model max (%1)").arg(textformat::count(m.maxPositionEmbeddings)));
    m_maxLen->setValue(static_cast<int>(p.maxModelLen));
    m_kvDtype->setCurrentIndex(p.kvCacheDtype == KvDtype::Fp8 ? 1 : 0);
    m_quantization->setCurrentIndex(m_quantization->findData(static_cast<int>(p.quantization)));
    m_placement->setCurrentIndex(p.expertPlacement == ExpertPlacement::RoundRobin ? 1 : 0);
    m_placement->setEnabled(m.isMoe() && p.ep > 1);
    m_redundant->setValue(p.redundantExperts);
    m_redundant->setEnabled(m.isMoe() && p.ep > 1);
    m_batch->setValue(static_cast<int>(std::min<std::int64_t>(p.batch, m_batch->maximum())));
    m_promptLen->setValue(static_cast<int>(std::min<std::int64_t>(p.promptLen, m_promptLen->maximum())));
    m_reserve->setValue(p.reservedBytes / GiB);
    m_reserve->setEnabled(p.accounting == Accounting::Textbook);
}
