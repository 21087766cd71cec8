#include "widgets/controls/enginepanel.h"

#include "core/model/errors.h"
#include "core/model/vllmversion.h"
#include "io/calibrationstore.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <functional>

using namespace shardscope;

namespace {

// Merge keys for field edits: above SettingsPanel's (1 << 28) + 0..9 and below LinksPanel's.
constexpr int kFieldKeyBase = (1 << 28) + 100;

// Items of the calibration box after the profiles: what their data says.
const QString kNone = QStringLiteral("\x01none");
const QString kOpenFile = QStringLiteral("\x01open");
const QString kPlanOwn = QStringLiteral("\x01plan");

QSpinBox *limitBox(QWidget *parent, int min, int max)
{
    auto *b = new QSpinBox(parent);
    b->setRange(min, max);
    b->setKeyboardTracking(false);
    b->setGroupSeparatorShown(true);
    return b;
}

// Lists the saved profiles again each time it opens (another process may have saved one), not on
// every plan change: a slider drag must not touch the disk.
class CalibrationBox : public QComboBox
{
public:
    using QComboBox::QComboBox;
    std::function<void()> beforePopup;
    void showPopup() override
    {
        if (beforePopup)
            beforePopup();
        QComboBox::showPopup();
    }
};

QString versionText(const VllmVersion &v)
{
    return textformat::qs(vllmVersionName(v));
}

} // namespace

QStringList EnginePanel::knownVersions()
{
    // Every minor release the rules cover, newest first (core/model/vllmversion.h knownVllmReleases: 0.6 ... 0.33).
    QStringList out;
    const auto releases = knownVllmReleases();
    for (std::size_t i = releases.size(); i-- > 0;)
        out << versionText(releases[i]);
    return out;
}

EnginePanel::EnginePanel(PlanEditor *editor, QWidget *parent)
    : QGroupBox(parent)
    , m_editor(editor)
    , m_version(new QComboBox(this))
    , m_regime(new QLabel(this))
    , m_eager(new QCheckBox(this))
    , m_flashinferSampler(new QCheckBox(this))
    , m_customAllReduce(new QCheckBox(this))
    , m_maxSeqs(limitBox(this, 0, 1 << 20))
    , m_maxBatched(limitBox(this, 0, 1 << 24))
    , m_blockSize(new QComboBox(this))
    , m_dcp(limitBox(this, 1, 1024))
    , m_draftLayers(limitBox(this, 0, 64))
    , m_specTokens(limitBox(this, 0, 64))
    , m_prefixCaching(new QComboBox(this))
    , m_moeBackend(new QComboBox(this))
    , m_calibration(new CalibrationBox(this))
    , m_calibrationNote(new QLabel(this))
{
    setObjectName(QStringLiteral("EnginePanel"));
    // Long entries must not widen the Plan column: the boxes show 16 characters and the popup the rest.
    for (QComboBox *box : { m_version, m_calibration }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
    }
    m_version->setEditable(true);
    m_version->setInsertPolicy(QComboBox::NoInsert);
    m_version->addItem(QString(), QString());
    for (const QString &v : knownVersions())
        m_version->addItem(v, v);
    m_regime->setWordWrap(true);
    m_regime->setTextFormat(Qt::PlainText);
    m_maxSeqs->setSingleStep(64);
    m_maxBatched->setSingleStep(1024);
    for (int b : { 8, 16, 32, 64, 128 })
        m_blockSize->addItem(QString(), b);
    for (PrefixCaching c : { PrefixCaching::Default, PrefixCaching::On, PrefixCaching::Off })
        m_prefixCaching->addItem(QString(), static_cast<int>(c));
    for (MoeBackend b : { MoeBackend::Auto, MoeBackend::Marlin })
        m_moeBackend->addItem(QString(), static_cast<int>(b));
    static_cast<CalibrationBox *>(m_calibration)->beforePopup = [this] {
        const QSignalBlocker block(m_calibration);
        rebuildCalibrations();
        selectCalibration();
    };
    m_calibrationNote->setWordWrap(true);
    m_calibrationNote->setTextFormat(Qt::PlainText);

    auto *form = new QFormLayout(this);
    addLabelledRow(form, m_version);
    form->addRow(QString(), m_regime);
    for (QWidget *field :
        std::initializer_list<QWidget *> { m_eager, m_flashinferSampler, m_customAllReduce, m_maxSeqs, m_maxBatched,
            m_blockSize, m_prefixCaching, m_moeBackend, m_dcp, m_draftLayers, m_specTokens, m_calibration })
        addLabelledRow(form, field);
    form->addRow(QString(), m_calibrationNote);
    retranslateWith(this, [this, form] {
        setTitle(tr("vLLM engine"));
        m_version->setItemText(0, tr("latest (%1)").arg(versionText(kLatestVllm)));
        m_version->setToolTip(
            tr("--vllm-version: whose memory accounting and log wording apply. Before 0.8: V0 engine "
               "(profiles max-model-len tokens, prints '# GPU blocks'); 0.8 to 0.20: V1, CUDA graphs not "
               "subtracted, utilization 0.9 by default; from 0.21: CUDA graphs subtracted, 0.92. Type any X.Y.Z."));
        m_eager->setText(tr("disable (--enforce-eager)"));
        m_eager->setToolTip(tr("--enforce-eager: no CUDA graphs are captured, so their memory is 0"));
        m_flashinferSampler->setText(tr("FlashInfer top-k/top-p"));
        m_flashinferSampler->setToolTip(
            tr("VLLM_USE_FLASHINFER_SAMPLER=1: the sampler skips sorting the logits, so the profiling run's "
               "sampler holds about 3.7 logits-sized buffers instead of 9.55 before vLLM 0.17 (from 0.17: 3.7 "
               "either way). vLLM's log says 'Using FlashInfer for top-p & top-k sampling.'"));
        m_customAllReduce->setText(tr("custom all-reduce"));
        m_customAllReduce->setToolTip(
            tr("Unchecked: --disable-custom-all-reduce, TP all-reduces go through NCCL only: no custom "
               "all-reduce buffers (non-torch memory ~0.25 GiB) and NCCL's latency per all-reduce. vLLM also "
               "turns it off by itself across nodes and on PCIe-only GPUs."));
        m_maxSeqs->setToolTip(
            tr("--max-num-seqs: sequences the scheduler runs at once (drives the sampler's peak memory)"));
        m_maxBatched->setToolTip(
            tr("--max-num-batched-tokens: tokens per scheduler step; the profiling run uses this many (peak "
               "activation)"));
        for (int i = 0; i < m_blockSize->count(); ++i)
            m_blockSize->setItemText(i, tr("%1 tokens").arg(m_blockSize->itemData(i).toInt()));
        m_blockSize->setToolTip(tr("--block-size: tokens per KV block; capacity is whole blocks"));
        m_dcp->setToolTip(
            tr("--decode-context-parallel-size: shards each request's KV tokens over this many TP ranks (MLA)"));
        m_draftLayers->setToolTip(
            tr("Speculative decoding (EAGLE / MTP): draft layers that add KV layers and weights on the last stage"));
        m_draftLayers->setSuffix(tr(" layers"));
        m_specTokens->setToolTip(
            tr("--speculative-config's num_speculative_tokens: a hybrid model's state layers (Mamba-2, Gated "
               "DeltaNet, KDA) keep one more state block per request and one more conv-state row per token"));
        m_specTokens->setSuffix(tr(" tokens"));
        m_prefixCaching->setItemText(0, tr("vLLM default"));
        m_prefixCaching->setItemText(1, tr("on (--enable-prefix-caching)"));
        m_prefixCaching->setItemText(2, tr("off (--no-enable-prefix-caching)"));
        m_prefixCaching->setToolTip(
            tr("Prefix caching. On a hybrid model it keeps the state in vLLM's \"align\" mode: one more state "
               "block per request (on by default for hybrid models from vLLM 0.28, off before)"));
        m_moeBackend->setItemText(0, tr("vLLM's choice"));
        m_moeBackend->setItemText(1, tr("Marlin (--moe-backend marlin)"));
        m_moeBackend->setToolTip(
            tr("The experts' kernel. Marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4) as weight-only on any "
               "NVIDIA GPU from A100 on; MXFP4 then loads in Marlin's layout on Hopper too. Exported as "
               "--moe-backend marlin from vLLM 0.17, as VLLM_MXFP4_USE_MARLIN=1 before"));
        m_calibration->setToolTip(
            tr("Overheads (activation, non-torch, CUDA graphs) fitted to a real startup log: "
               "numbers they feed are shown as 'calibrated' instead of 'estimated'. "
               "Make one in the vLLM log tab (Calibrate) or with shardscope reconcile --save-calibration."));
        setRowLabel(form, m_version, tr("vLLM version"));
        setRowLabel(form, m_eager, tr("CUDA graphs"));
        setRowLabel(form, m_flashinferSampler, tr("Sampler"));
        setRowLabel(form, m_customAllReduce, tr("TP all-reduce"));
        setRowLabel(form, m_maxSeqs, tr("Max sequences"));
        setRowLabel(form, m_maxBatched, tr("Max batched tokens"));
        setRowLabel(form, m_blockSize, tr("KV block size"));
        setRowLabel(form, m_dcp, tr("Decode context parallel"));
        setRowLabel(form, m_draftLayers, tr("Draft layers"));
        setRowLabel(form, m_specTokens, tr("Speculative tokens"));
        setRowLabel(form, m_prefixCaching, tr("Prefix caching"));
        setRowLabel(form, m_moeBackend, tr("MoE kernel"));
        setRowLabel(form, m_calibration, tr("Overheads"));
        if (m_editor->document()->hasPlan()) {
            {
                const QSignalBlocker block(m_calibration);
                m_calibration->clear(); // sync() lists the profiles again, in this language
            }
            sync();
        }
    });

    connect(m_version, &QComboBox::activated, this, [this](int i) {
        if (m_version->itemText(i) == m_version->currentText())
            versionEntered();
    });
    connect(m_version->lineEdit(), &QLineEdit::editingFinished, this, &EnginePanel::versionEntered);
    connect(m_eager, &QCheckBox::toggled, this, [this](bool on) {
        m_editor->edit(kFieldKeyBase + 0, on ? tr("Enforce eager") : tr("Allow CUDA graphs"),
            [on](Plan &p) { p.enforceEager = on; });
    });
    connect(m_flashinferSampler, &QCheckBox::toggled, this, [this](bool on) {
        m_editor->edit(kFieldKeyBase + 7, on ? tr("Use FlashInfer sampler") : tr("Use native sampler"),
            [on](Plan &p) { p.flashinferSampler = on; });
    });
    connect(m_customAllReduce, &QCheckBox::toggled, this, [this](bool on) {
        m_editor->edit(kFieldKeyBase + 8, on ? tr("Allow custom all-reduce") : tr("Disable custom all-reduce"),
            [on](Plan &p) { p.disableCustomAllReduce = !on; });
    });
    connect(m_maxSeqs, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 1, tr("Set max sequences"), [v](Plan &p) { p.maxNumSeqs = v; });
    });
    connect(m_maxBatched, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 2, tr("Set max batched tokens"), [v](Plan &p) { p.maxNumBatchedTokens = v; });
    });
    connect(m_blockSize, &QComboBox::activated, this, [this](int i) {
        const int b = m_blockSize->itemData(i).toInt();
        m_editor->edit(kFieldKeyBase + 3, tr("Set KV block size"), [b](Plan &p) { p.blockSize = b; });
    });
    connect(m_dcp, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(
            kFieldKeyBase + 4, tr("Set decode context parallel"), [v](Plan &p) { p.decodeContextParallel = v; });
    });
    connect(m_draftLayers, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 5, tr("Set draft layers"), [v](Plan &p) { p.speculativeLayers = v; });
    });
    connect(m_specTokens, &QSpinBox::valueChanged, this, [this](int v) {
        m_editor->edit(kFieldKeyBase + 9, tr("Set speculative tokens"), [v](Plan &p) { p.numSpeculativeTokens = v; });
    });
    connect(m_prefixCaching, &QComboBox::activated, this, [this](int i) {
        const auto c = static_cast<PrefixCaching>(m_prefixCaching->itemData(i).toInt());
        m_editor->edit(kFieldKeyBase + 10, tr("Set prefix caching"), [c](Plan &p) { p.prefixCaching = c; });
    });
    connect(m_moeBackend, &QComboBox::activated, this, [this](int i) {
        const auto b = static_cast<MoeBackend>(m_moeBackend->itemData(i).toInt());
        m_editor->edit(kFieldKeyBase + 11, tr("Set MoE kernel"), [b](Plan &p) { p.moeBackend = b; });
    });
    connect(m_calibration, &QComboBox::activated, this, &EnginePanel::calibrationChosen);
    connect(editor->document(), &PlanDocument::planChanged, this, &EnginePanel::sync);
}

void EnginePanel::versionEntered()
{
    const QString text = m_version->currentText().trimmed();
    const int index = m_version->findText(text);
    VllmVersion v;
    if (index == 0) {
        v = {};
    } else if (const auto parsed
        = parseVllmVersion((index > 0 ? m_version->itemData(index).toString() : text).toStdString())) {
        v = *parsed;
    } else {
        emit errorOccurred(tr("\"%1\" is not a vLLM version: type X.Y or X.Y.Z, e.g. 0.11.0").arg(text));
        sync();
        return;
    }
    m_editor->edit(kFieldKeyBase + 6, tr("Set vLLM version"), [v](Plan &p) { p.vllmVersion = v; });
    sync(); // an unchanged plan does not emit planChanged; show its version again
}

void EnginePanel::rebuildCalibrations()
{
    const Plan &plan = m_editor->document()->plan();
    m_calibration->clear();
    m_calibration->addItem(tr("estimated (no calibration)"), kNone);
    const QStringList saved = CalibrationStore::names();
    for (const QString &name : saved)
        m_calibration->addItem(tr("calibrated: %1").arg(name), name);
    if (plan.calibration.active() && !saved.contains(textformat::qs(plan.calibration.name)))
        m_calibration->addItem(
            tr("calibrated: %1 (from the plan file)").arg(textformat::qs(plan.calibration.name)), kPlanOwn);
    m_calibration->addItem(tr("Open profile file…"), kOpenFile);
}

void EnginePanel::calibrationChosen(int index)
{
    const QString key = m_calibration->itemData(index).toString();
    Plan p = m_editor->document()->plan();
    try {
        if (key == kNone) {
            p.calibration = {};
        } else if (key == kPlanOwn) {
            return;
        } else if (key == kOpenFile) {
            const QString file = QFileDialog::getOpenFileName(
                this, tr("Open calibration profile"), CalibrationStore::folder(), tr("Calibration profiles (*.json)"));
            if (file.isEmpty()) {
                sync();
                return;
            }
            p.calibration = CalibrationStore::resolve(file);
        } else {
            p.calibration = CalibrationStore::resolve(key);
        }
    } catch (const std::exception &e) {
        emit errorOccurred(tr("Cannot use that calibration profile: %1").arg(QString::fromUtf8(e.what())));
        sync();
        return;
    }
    m_editor->applyEdit(p,
        p.calibration.active() ? tr("Use calibration %1").arg(textformat::qs(p.calibration.name))
                               : tr("Drop calibration"));
    sync();
}

void EnginePanel::selectCalibration()
{
    const CalibrationProfile &c = m_editor->document()->plan().calibration;
    int i = 0;
    if (c.active()) {
        i = m_calibration->findData(textformat::qs(c.name));
        if (i < 0)
            i = m_calibration->findData(kPlanOwn);
    }
    m_calibration->setCurrentIndex(std::max(0, i));
}

void EnginePanel::sync()
{
    const PlanDocument *doc = m_editor->document();
    const Plan &p = doc->plan();
    const Plan &resolved = doc->evaluation().plan;
    const QSignalBlocker blocks[] = { QSignalBlocker(m_version), QSignalBlocker(m_eager),
        QSignalBlocker(m_flashinferSampler), QSignalBlocker(m_customAllReduce), QSignalBlocker(m_maxSeqs),
        QSignalBlocker(m_maxBatched), QSignalBlocker(m_blockSize), QSignalBlocker(m_dcp), QSignalBlocker(m_draftLayers),
        QSignalBlocker(m_specTokens), QSignalBlocker(m_prefixCaching), QSignalBlocker(m_moeBackend),
        QSignalBlocker(m_calibration) };
    if (p.vllmVersion.isUnset()) {
        m_version->setCurrentIndex(0);
    } else {
        const int i = m_version->findData(versionText(p.vllmVersion));
        if (i >= 0)
            m_version->setCurrentIndex(i);
        else
            m_version->setEditText(versionText(p.vllmVersion));
    }
    const VllmVersion v = resolvedVllmVersion(p.vllmVersion);
    const QString engine = vllmEngine(v) == VllmEngine::V0
        ? tr("V0 engine: profiles max-model-len tokens, prints '# GPU blocks'")
        : subtractsCudaGraphs(v) ? tr("V1 engine: CUDA graphs subtracted from the KV budget")
                                 : tr("V1 engine: CUDA graphs live in the headroom, not subtracted");
    m_regime->setText(tr("%1; utilization default %2").arg(engine).arg(defaultGpuMemoryUtilization(v), 0, 'f', 2));
    m_eager->setChecked(p.enforceEager);
    m_flashinferSampler->setChecked(p.flashinferSampler);
    m_customAllReduce->setChecked(!p.disableCustomAllReduce);
    m_maxSeqs->setSpecialValueText(tr("vLLM default (%1)").arg(textformat::count(resolved.maxNumSeqs)));
    m_maxSeqs->setValue(static_cast<int>(std::min<std::int64_t>(p.maxNumSeqs, m_maxSeqs->maximum())));
    m_maxBatched->setSpecialValueText(tr("vLLM default (%1)").arg(textformat::count(resolved.maxNumBatchedTokens)));
    m_maxBatched->setValue(static_cast<int>(std::min<std::int64_t>(p.maxNumBatchedTokens, m_maxBatched->maximum())));
    int block = m_blockSize->findData(p.blockSize);
    if (block < 0) { // a plan file's unusual size: offer it too
        m_blockSize->addItem(tr("%1 tokens").arg(p.blockSize), p.blockSize);
        block = m_blockSize->count() - 1;
    }
    m_blockSize->setCurrentIndex(block);
    // Never below the plan's own value: the box must show what the plan holds (validation says why it is wrong).
    m_dcp->setMaximum(std::max({ 1, p.tp, p.decodeContextParallel }));
    m_dcp->setValue(std::max(1, p.decodeContextParallel));
    m_draftLayers->setValue(std::clamp(p.speculativeLayers, 0, m_draftLayers->maximum()));
    m_specTokens->setValue(std::clamp(p.numSpeculativeTokens, 0, m_specTokens->maximum()));
    m_prefixCaching->setCurrentIndex(std::max(0, m_prefixCaching->findData(static_cast<int>(p.prefixCaching))));
    m_moeBackend->setCurrentIndex(std::max(0, m_moeBackend->findData(static_cast<int>(p.moeBackend))));

    if (m_calibration->count() == 0 || p.calibration != m_shownCalibration) {
        rebuildCalibrations();
        m_shownCalibration = p.calibration;
    }
    selectCalibration();
    if (!p.calibration.active()) {
        m_calibrationNote->setText(
            tr("Activation, non-torch memory and CUDA graphs are estimated from the model and the plan."));
        return;
    }
    QStringList note { tr("Fitted to %1 (%2, vLLM %3, tp %4).")
                           .arg(p.calibration.source.empty() ? tr("a log") : textformat::qs(p.calibration.source),
                               textformat::qs(p.calibration.gpuId), versionText(p.calibration.vllmVersion))
                           .arg(p.calibration.tp) };
    if (p.calibration.gpuId != p.gpuId)
        note << tr("Warning: fitted on another GPU than this plan's.");
    if (resolvedVllmVersion(p.calibration.vllmVersion) != v)
        note << tr("Warning: fitted for another vLLM version.");
    m_calibrationNote->setText(note.join(QLatin1Char(' ')));
}
