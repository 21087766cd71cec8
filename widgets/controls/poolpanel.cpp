#include "widgets/controls/poolpanel.h"

#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace shardscope;

namespace {

// xPyD: instances per pool, as the SLA search's default bound goes (SlaSearchOptions::maxInstances 8) and
// beyond, up to a size no cluster of today reaches.
constexpr int kMaxInstances = 1024;

QSpinBox *instancesBox(QWidget *parent)
{
    auto *b = new QSpinBox(parent);
    b->setRange(1, kMaxInstances);
    b->setKeyboardTracking(false);
    return b;
}

// "2 × (TP 4 · PP 1 · DP 1 · EP 1) = 8 GPUs, H100 SXM"
QString poolLine(const PlanDocument &doc, Pool pool)
{
    const Plan &whole = doc.wholePlan();
    const PoolPlan &p = pool == Pool::Prefill ? whole.prefill : whole.decode;
    const CatalogGpu *gpu = doc.catalog().findGpu(p.gpuId.empty() ? whole.gpuId : p.gpuId);
    return PoolPanel::tr("%1 × (TP %2 · PP %3 · DP %4 · EP %5) = %6 GPUs, %7")
        .arg(std::max(1, p.instances))
        .arg(p.tp)
        .arg(p.pp)
        .arg(p.dp)
        .arg(p.ep)
        .arg(textformat::count(poolGpus(whole, pool)))
        .arg(gpu ? textformat::qs(gpu->spec.name) : textformat::qs(p.gpuId));
}

} // namespace

PoolPanel::PoolPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_enable(new QCheckBox(this))
    , m_showPrefill(new QRadioButton(this))
    , m_showDecode(new QRadioButton(this))
    , m_prefillInstances(instancesBox(this))
    , m_decodeInstances(instancesBox(this))
    , m_link(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_form(new QFormLayout)
{
    setObjectName(QStringLiteral("PoolPanel"));
    m_enable->setObjectName(QStringLiteral("disaggregated"));
    for (KvTransferLink l : { KvTransferLink::Nic, KvTransferLink::ScaleUp, KvTransferLink::Node })
        m_link->addItem(QString(), int(l));
    auto *group = new QButtonGroup(this);
    group->addButton(m_showPrefill);
    group->addButton(m_showDecode);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_enable);
    layout->addWidget(m_showPrefill);
    layout->addWidget(m_showDecode);
    for (QWidget *field : std::initializer_list<QWidget *> { m_prefillInstances, m_decodeInstances, m_link })
        addLabelledRow(m_form, field);
    layout->addLayout(m_form);
    layout->addWidget(m_summary);

    PlanDocument *doc = editor->document();
    connect(m_enable, &QCheckBox::toggled, this, &PoolPanel::toggle);
    connect(m_showPrefill, &QRadioButton::toggled, this, [doc](bool on) {
        if (on)
            doc->setViewedPool(Pool::Prefill);
    });
    connect(m_showDecode, &QRadioButton::toggled, this, [doc](bool on) {
        if (on)
            doc->setViewedPool(Pool::Decode);
    });
    const auto editWhole = [this](const QString &text, auto change) {
        Plan p = m_editor->document()->wholePlan();
        change(p);
        m_editor->apply(p, text);
    };
    connect(m_prefillInstances, &QSpinBox::valueChanged, this, [editWhole](int n) {
        editWhole(tr("Set prefill instances to %1").arg(n), [n](Plan &p) { p.prefill.instances = n; });
    });
    connect(m_decodeInstances, &QSpinBox::valueChanged, this, [editWhole](int n) {
        editWhole(tr("Set decode instances to %1").arg(n), [n](Plan &p) { p.decode.instances = n; });
    });
    connect(m_link, &QComboBox::activated, this, [this, editWhole](int row) {
        const auto link = static_cast<KvTransferLink>(m_link->itemData(row).toInt());
        editWhole(tr("Set the KV transfer link"), [link](Plan &p) { p.kvTransferLink = link; });
    });
    connect(doc, &PlanDocument::planChanged, this, &PoolPanel::sync);
    connect(doc, &PlanDocument::workloadChanged, this, &PoolPanel::sync);
    retranslateWith(this, [this] { retranslate(); });
}

void PoolPanel::retranslate()
{
    setTitle(tr("Prefill and decode"));
    m_enable->setText(tr("Disaggregated prefill/decode"));
    m_showPrefill->setText(tr("Show the prefill pool"));
    m_showDecode->setText(tr("Show the decode pool"));
    m_enable->setToolTip(tr("Serve prompts and decodes on two pools of vLLM servers; the KV cache of each prompt "
                            "crosses to the decode pool (vLLM's NixlConnector). Off: one pool does both."));
    m_prefillInstances->setToolTip(tr("Prefill servers (x of xPyD)"));
    m_decodeInstances->setToolTip(tr("Decode servers (y of xPyD)"));
    m_link->setItemText(0, tr("NIC (another node)"));
    m_link->setItemText(1, tr("Scale-up link (same NVLink/xGMI domain)"));
    m_link->setItemText(2, tr("PCIe (same node)"));
    m_link->setToolTip(tr("The link the KV cache crosses from a prefill to a decode GPU (α-β of the GPU preset)"));
    setRowLabel(m_form, m_prefillInstances, tr("Prefill instances"));
    setRowLabel(m_form, m_decodeInstances, tr("Decode instances"));
    setRowLabel(m_form, m_link, tr("KV transfer"));
    sync();
}

void PoolPanel::toggle(bool on)
{
    PlanDocument *doc = m_editor->document();
    if (!doc->hasPlan() || on == doc->isDisaggregated())
        return;
    if (on) {
        // One instance of today's server in each pool: the plan serves what it served, split in two.
        Plan p = doc->wholePlan();
        PoolPlan pool;
        pool.tp = p.tp;
        pool.pp = p.pp;
        pool.dp = p.dp;
        pool.ep = p.ep;
        p.prefill = pool;
        p.decode = pool;
        p.servingMode = ServingMode::Disaggregated;
        m_editor->apply(p, tr("Disaggregate prefill and decode"));
    } else {
        // The viewed pool's server becomes the plan.
        m_editor->apply(doc->plan(), tr("Serve aggregated"));
    }
    sync();
}

QString PoolPanel::summaryText() const
{
    return m_summary->text();
}

void PoolPanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    if (!doc->hasPlan())
        return;
    const bool disagg = doc->isDisaggregated();
    const QSignalBlocker b1(m_enable), b2(m_showPrefill), b3(m_showDecode), b4(m_prefillInstances),
        b5(m_decodeInstances), b6(m_link);
    m_enable->setChecked(disagg);
    for (QWidget *w : std::initializer_list<QWidget *> { m_showPrefill, m_showDecode, m_summary })
        w->setVisible(disagg);
    for (QWidget *w : std::initializer_list<QWidget *> { m_prefillInstances, m_decodeInstances, m_link }) {
        w->setVisible(disagg);
        if (QWidget *label = m_form->labelForField(w))
            label->setVisible(disagg);
    }
    if (!disagg)
        return;
    const Plan &whole = doc->wholePlan();
    // Short button texts (the plan column's width); the pools' sizes go in the wrapping summary.
    m_showPrefill->setToolTip(poolLine(*doc, Pool::Prefill));
    m_showDecode->setToolTip(poolLine(*doc, Pool::Decode));
    m_showPrefill->setChecked(doc->viewedPool() == Pool::Prefill);
    m_showDecode->setChecked(doc->viewedPool() == Pool::Decode);
    m_prefillInstances->setValue(std::max(1, whole.prefill.instances));
    m_decodeInstances->setValue(std::max(1, whole.decode.instances));
    m_link->setCurrentIndex(m_link->findData(int(whole.kvTransferLink)));
    QString text = tr("Prefill: %1").arg(poolLine(*doc, Pool::Prefill)) + QLatin1Char('\n')
        + tr("Decode: %1").arg(poolLine(*doc, Pool::Decode)) + QLatin1Char('\n')
        + tr("The views and the parallelism, GPU and batch controls show the %1 pool; the Workload group shows "
             "both pools together.")
              .arg(doc->viewedPool() == Pool::Prefill ? tr("prefill") : tr("decode"));
    if (const auto r = doc->disaggServing()) {
        text += QLatin1Char('\n')
            + tr("KV transfer per prompt (estimated): %1 MB per GPU in %2; the %3 pool bounds the rate at %4 "
                 "requests/s.")
                  .arg(QString::number(r->transfer.bytesPerGpu / 1e6, 'f', 1),
                      textformat::duration(r->transfer.seconds),
                      r->balance.boundBy == Pool::Prefill ? tr("prefill") : tr("decode"),
                      QString::number(r->balance.requestsPerSec, 'f', 2));
    }
    m_summary->setText(text);
}
