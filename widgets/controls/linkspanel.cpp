#include "widgets/controls/linkspanel.h"

#include "core/evaluate/links.h"
#include "core/evaluate/timemodel.h"
#include "widgets/common/retranslate.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

using namespace shardscope;

namespace {

// Merge keys for field edits: above SettingsPanel's and EnginePanel's.
constexpr int kFieldKeyBase = (1 << 28) + 200;

// 0 (the lowest value) shows as "preset (X)": the plan field is then negative, "the GPU preset's".
// The arrows step from the preset's value, not from 0.
class PresetBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    double fallback = 0;
    void stepBy(int steps) override
    {
        if (value() == minimum()) {
            if (steps > 0 && fallback > 0) // up from "preset": to the preset's value
                setValue(fallback);
            return;
        }
        QDoubleSpinBox::stepBy(steps);
    }
};

void setPreset(QDoubleSpinBox *box, double presetValue, const QString &text)
{
    static_cast<PresetBox *>(box)->fallback = presetValue;
    box->setSpecialValueText(text);
}

QDoubleSpinBox *overrideBox(QWidget *parent, double max, int decimals)
{
    auto *b = new PresetBox(parent);
    b->setRange(0, max);
    b->setDecimals(decimals);
    b->setKeyboardTracking(false);
    return b;
}

// Latency boxes: 0 µs is a real what-if (an ideal link), so "preset" sits one step below it.
QDoubleSpinBox *latencyBox(QWidget *parent)
{
    QDoubleSpinBox *b = overrideBox(parent, 1e6, 2); // up to 1 s, as plan files allow
    b->setSuffix(QString::fromUtf8(" µs"));
    b->setMinimum(-0.01);
    return b;
}

// Plan field (negative: preset) ↔ box value in display units. Bandwidths and efficiencies: 0 is the
// "preset" value (a zero bandwidth is no link); latencies: the box minimum, below 0.
double shown(double planValue, double unit, double presetValue = 0)
{
    return planValue < 0 ? presetValue : planValue / unit;
}
double stored(double boxValue, double unit)
{
    return boxValue <= 0 ? -1.0 : boxValue * unit;
}
double storedLatency(double boxValue, double unit)
{
    return boxValue < 0 ? -1.0 : boxValue * unit;
}

} // namespace

LinksPanel::LinksPanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_microbatches(new QSpinBox(this))
    , m_skew(new QDoubleSpinBox(this))
    , m_fp8Dispatch(new QCheckBox(this))
    , m_scaleupGBps(overrideBox(this, 100000, 1))
    , m_scaleupLatencyUs(latencyBox(this))
    , m_pcieGBps(overrideBox(this, 10000, 1))
    , m_nicGBps(overrideBox(this, 10000, 1))
    , m_nicLatencyUs(latencyBox(this))
    , m_hbmEfficiency(overrideBox(this, 1, 2))
    , m_computeEfficiency(overrideBox(this, 1, 2))
{
    setObjectName(QStringLiteral("LinksPanel"));
    m_microbatches->setRange(1, 1024);
    m_microbatches->setKeyboardTracking(false);
    m_skew->setRange(1, 1024);
    m_skew->setDecimals(2);
    m_skew->setSingleStep(0.25);
    m_skew->setKeyboardTracking(false);
    m_scaleupGBps->setSingleStep(10);
    m_pcieGBps->setSingleStep(1);
    m_nicGBps->setSingleStep(1);
    m_scaleupLatencyUs->setSingleStep(0.1);
    m_nicLatencyUs->setSingleStep(0.5);
    m_hbmEfficiency->setSingleStep(0.05);
    m_computeEfficiency->setSingleStep(0.05);

    auto *form = new QFormLayout(this);
    for (QWidget *field : std::initializer_list<QWidget *> { m_microbatches, m_skew, m_fp8Dispatch, m_scaleupGBps,
             m_scaleupLatencyUs, m_pcieGBps, m_nicGBps, m_nicLatencyUs, m_hbmEfficiency, m_computeEfficiency })
        addLabelledRow(form, field);
    retranslateWith(this, [this, form] {
        setTitle(tr("Communication and time"));
        m_microbatches->setToolTip(tr("PP micro-batches in flight: the bubble is (pp − 1) / (m + pp − 1) of a step"));
        m_skew->setSuffix(tr(" × fair share"));
        m_skew->setToolTip(
            tr("EP routing skew: the hottest expert's rank receives this many times its fair share of tokens"));
        m_fp8Dispatch->setText(tr("FP8 dispatch (combine stays BF16)"));
        m_fp8Dispatch->setToolTip(
            tr("EP dispatch sends FP8 activations (DeepEP style): half the bytes; the combine stays BF16"));
        for (QDoubleSpinBox *box : { m_scaleupGBps, m_pcieGBps, m_nicGBps })
            box->setSuffix(tr(" GB/s"));
        m_scaleupGBps->setToolTip(
            tr("Effective scale-up (NVLink, xGMI) bandwidth per GPU per direction, efficiency included"));
        m_scaleupLatencyUs->setToolTip(tr("α per message or ring step on the scale-up link (also used for PCIe)"));
        m_pcieGBps->setToolTip(
            tr("Effective PCIe bandwidth per GPU per direction, for GPUs in a node but outside the scale-up domain"));
        m_nicGBps->setToolTip(tr("Effective NIC bandwidth per GPU per direction, across nodes"));
        m_nicLatencyUs->setToolTip(tr("α per message or ring step across nodes"));
        m_hbmEfficiency->setToolTip(
            tr("Achievable fraction of the HBM bandwidth in the roofline (decode is memory-bound)"));
        m_computeEfficiency->setToolTip(
            tr("Achievable fraction of the dense peak FLOPS in the roofline (prefill is compute-bound)"));
        setRowLabel(form, m_microbatches, tr("PP micro-batches"));
        setRowLabel(form, m_skew, tr("Routing skew"));
        setRowLabel(form, m_fp8Dispatch, tr("EP dispatch"));
        setRowLabel(form, m_scaleupGBps, tr("Scale-up bandwidth"));
        setRowLabel(form, m_scaleupLatencyUs, tr("Scale-up latency"));
        setRowLabel(form, m_pcieGBps, tr("PCIe bandwidth"));
        setRowLabel(form, m_nicGBps, tr("NIC bandwidth"));
        setRowLabel(form, m_nicLatencyUs, tr("NIC latency"));
        setRowLabel(form, m_hbmEfficiency, tr("HBM efficiency"));
        setRowLabel(form, m_computeEfficiency, tr("Compute efficiency"));
        if (m_editor->document()->hasPlan())
            sync(); // the "preset (…)" texts
    });

    constexpr double kGBps = 1e9, kUs = 1e-6;
    connect(m_microbatches, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 0, tr("Set micro-batches"), [v](Plan &p) { p.microbatches = v; });
    });
    connect(m_skew, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(kFieldKeyBase + 1, tr("Set routing skew"), [v](Plan &p) { p.routingSkew = v; });
    });
    connect(m_fp8Dispatch, &QCheckBox::toggled, this, [this](bool on) {
        m_editor->edit(kFieldKeyBase + 2, tr("Change EP dispatch"), [on](Plan &p) { p.fp8Dispatch = on; });
    });
    connect(m_scaleupGBps, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 3, tr("Set scale-up bandwidth"), [v](Plan &p) { p.scaleupBytesPerSec = stored(v, kGBps); });
    });
    connect(m_scaleupLatencyUs, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(kFieldKeyBase + 4, tr("Set scale-up latency"),
            [v](Plan &p) { p.scaleupLatencySec = storedLatency(v, kUs); });
    });
    connect(m_pcieGBps, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 5, tr("Set PCIe bandwidth"), [v](Plan &p) { p.pcieBytesPerSec = stored(v, kGBps); });
    });
    connect(m_nicGBps, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 6, tr("Set NIC bandwidth"), [v](Plan &p) { p.nicBytesPerSec = stored(v, kGBps); });
    });
    connect(m_nicLatencyUs, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 7, tr("Set NIC latency"), [v](Plan &p) { p.nicLatencySec = storedLatency(v, kUs); });
    });
    connect(m_hbmEfficiency, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(kFieldKeyBase + 8, tr("Set HBM efficiency"), [v](Plan &p) { p.hbmEfficiency = stored(v, 1); });
    });
    connect(m_computeEfficiency, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_editor->edit(
            kFieldKeyBase + 9, tr("Set compute efficiency"), [v](Plan &p) { p.computeEfficiency = stored(v, 1); });
    });
    connect(editor->document(), &PlanDocument::planChanged, this, &LinksPanel::sync);
}

void LinksPanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    const Plan &p = doc->plan();
    // What the preset gives, for the "preset (X)" texts: the links without the plan's overrides.
    Plan bare = p;
    bare.scaleupBytesPerSec = bare.scaleupLatencySec = bare.pcieBytesPerSec = bare.nicBytesPerSec = bare.nicLatencySec
        = -1;
    const LinkSet links = resolveLinks(bare, doc->gpu());
    const QSignalBlocker blocks[] = { QSignalBlocker(m_microbatches), QSignalBlocker(m_skew),
        QSignalBlocker(m_fp8Dispatch), QSignalBlocker(m_scaleupGBps), QSignalBlocker(m_scaleupLatencyUs),
        QSignalBlocker(m_pcieGBps), QSignalBlocker(m_nicGBps), QSignalBlocker(m_nicLatencyUs),
        QSignalBlocker(m_hbmEfficiency), QSignalBlocker(m_computeEfficiency) };
    const auto presetText = [](double value, int decimals, const QString &unit) {
        return tr("preset (%1%2)").arg(value, 0, 'f', decimals).arg(unit);
    };
    const auto preset = [&](QDoubleSpinBox *box, double value, int decimals, const QString &unit) {
        setPreset(box, value, presetText(value, decimals, unit));
    };
    m_microbatches->setValue(p.microbatches);
    m_microbatches->setEnabled(p.pp > 1);
    m_skew->setValue(p.routingSkew);
    m_skew->setEnabled(doc->model().isMoe() && p.ep > 1);
    m_fp8Dispatch->setChecked(p.fp8Dispatch);
    m_fp8Dispatch->setEnabled(doc->model().isMoe() && p.ep > 1);
    preset(m_scaleupGBps, links.scaleUp.bytesPerSec / 1e9, 1, tr(" GB/s"));
    m_scaleupGBps->setValue(shown(p.scaleupBytesPerSec, 1e9));
    preset(m_scaleupLatencyUs, links.scaleUp.latencySec / 1e-6, 2, tr(" µs"));
    m_scaleupLatencyUs->setValue(shown(p.scaleupLatencySec, 1e-6, m_scaleupLatencyUs->minimum()));
    preset(m_pcieGBps, links.pcie.bytesPerSec / 1e9, 1, tr(" GB/s"));
    m_pcieGBps->setValue(shown(p.pcieBytesPerSec, 1e9));
    preset(m_nicGBps, links.nic.bytesPerSec / 1e9, 1, tr(" GB/s"));
    m_nicGBps->setValue(shown(p.nicBytesPerSec, 1e9));
    preset(m_nicLatencyUs, links.nic.latencySec / 1e-6, 2, tr(" µs"));
    m_nicLatencyUs->setValue(shown(p.nicLatencySec, 1e-6, m_nicLatencyUs->minimum()));
    setPreset(m_hbmEfficiency, kDefaultHbmEfficiency, tr("default (%1)").arg(kDefaultHbmEfficiency, 0, 'f', 2));
    m_hbmEfficiency->setValue(shown(p.hbmEfficiency, 1));
    setPreset(
        m_computeEfficiency, kDefaultComputeEfficiency, tr("default (%1)").arg(kDefaultComputeEfficiency, 0, 'f', 2));
    m_computeEfficiency->setValue(shown(p.computeEfficiency, 1));
}
