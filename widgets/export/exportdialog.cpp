#include "widgets/export/exportdialog.h"

#include "core/launch/disaggexport.h"

#include "core/launch/vllmflags.h"
#include "io/exportfiles.h"
#include "widgets/common/textformat.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace shardscope;

namespace {

enum Topology { AsPlanned, OneNode, CustomNodes };

} // namespace

ExportDialog::ExportDialog(const Evaluation &evaluation, const ModelSpec &model, QWidget *parent)
    : QDialog(parent)
    , m_evaluation(evaluation)
    , m_model(model)
{
    auto *form = new QFormLayout;
    m_form = form;
    // A row whose label retranslateLabels() names (addRow with an empty text would make no label).
    const auto addLabelledRow = [this, form](QWidget *field) {
        auto *label = new QLabel(this);
        label->setBuddy(field);
        form->addRow(label, field);
    };

    m_target = new QComboBox(this);
    m_target->setObjectName(QStringLiteral("target"));
    m_target->addItem(QString(), int(ExportTarget::Vllm));
    m_target->addItem(QString(), int(ExportTarget::Sglang));
    addLabelledRow(m_target);

    m_topology = new QComboBox(this);
    m_topology->setObjectName(QStringLiteral("topology"));
    m_topology->addItem(QString(), AsPlanned);
    m_topology->addItem(QString(), OneNode);
    m_topology->addItem(QString(), CustomNodes);
    m_nodes = new QSpinBox(this);
    m_nodes->setObjectName(QStringLiteral("nodes"));
    m_nodes->setRange(1, kMaxWorldSize);
    m_nodes->setValue(std::max(1, evaluation.nodes));
    auto *topologyRow = new QHBoxLayout;
    topologyRow->addWidget(m_topology, 1);
    topologyRow->addWidget(m_nodes);
    // A row that is a layout gets no buddy from addRow(QString, …): without one the "&" would show.
    m_topologyLabel = new QLabel(this);
    m_topologyLabel->setBuddy(m_topology);
    form->addRow(m_topologyLabel, topologyRow);

    m_launcher = new QComboBox(this);
    m_launcher->setObjectName(QStringLiteral("launcher"));
    m_launcher->addItem(QString(), int(Launcher::Mp));
    m_launcher->addItem(QString(), int(Launcher::Ray));
    addLabelledRow(m_launcher);

    m_headAddress = new QLineEdit(this);
    m_headAddress->setObjectName(QStringLiteral("headAddress"));
    addLabelledRow(m_headAddress);

    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("port"));
    m_port->setRange(0, 65535);
    addLabelledRow(m_port);

    m_modelPath = new QLineEdit(this);
    m_modelPath->setObjectName(QStringLiteral("modelPath"));
    m_modelPath->setPlaceholderText(QString::fromStdString(model.hfRepo.empty() ? model.id : model.hfRepo));
    addLabelledRow(m_modelPath);

    m_all2all = new QComboBox(this);
    m_all2all->setObjectName(QStringLiteral("all2all"));
    for (const char *b : vllmAll2allBackends())
        m_all2all->addItem(QString::fromLatin1(b), QString::fromLatin1(b));
    addLabelledRow(m_all2all);

    m_force = new QCheckBox(this);
    m_force->setObjectName(QStringLiteral("force"));
    form->addRow(QString(), m_force);

    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("view"));
    m_view->addItem(QString());
    m_view->addItem(QString());
    m_node = new QComboBox(this);
    m_node->setObjectName(QStringLiteral("node"));
    auto *viewRow = new QHBoxLayout;
    viewRow->addWidget(m_view, 1);
    viewRow->addWidget(m_node, 1);
    m_viewLabel = new QLabel(this);
    m_viewLabel->setBuddy(m_view);
    form->addRow(m_viewLabel, viewRow);

    m_output = new QPlainTextEdit(this);
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setReadOnly(true);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setMinimumSize(720, 320);

    // The export's notes in the window's language (the commands and scripts keep them in English).
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText); // notes quote model names
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_version = new QLabel(this);
    m_version->setObjectName(QStringLiteral("version"));

    // A standard button: Qt's own translation (qtbase_*.qm) names it in the window's language.
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_save = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_saveScripts = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_useNearest = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("copy"));
    m_save->setObjectName(QStringLiteral("save"));
    m_saveScripts->setObjectName(QStringLiteral("saveScripts"));
    m_useNearest->setObjectName(QStringLiteral("useNearest"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copy);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::save);
    connect(m_saveScripts, &QPushButton::clicked, this, &ExportDialog::saveScripts);
    connect(m_useNearest, &QPushButton::clicked, this, [this] {
        if (m_result.nearestPlan)
            emit nearestPlanRequested(*m_result.nearestPlan);
    });

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_output, 1);
    layout->addWidget(m_notes);
    layout->addWidget(m_status);
    layout->addWidget(m_version);
    layout->addWidget(buttons);

    for (QComboBox *c : { m_target, m_topology, m_launcher, m_all2all, m_view, m_node })
        connect(c, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_nodes, &QSpinBox::valueChanged, this, &ExportDialog::refresh);
    connect(m_port, &QSpinBox::valueChanged, this, &ExportDialog::refresh);
    connect(m_headAddress, &QLineEdit::textChanged, this, &ExportDialog::refresh);
    connect(m_modelPath, &QLineEdit::textChanged, this, &ExportDialog::refresh);
    connect(m_force, &QCheckBox::toggled, this, &ExportDialog::refresh);
    retranslateLabels();
    refresh();
}

// Every text of the dialog, at construction and again on a language change.
void ExportDialog::retranslateLabels()
{
    setWindowTitle(m_disagg ? tr("Export launch commands: prefill and decode pools") : tr("Export launch commands"));
    const auto label = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(m_form->labelForField(field)))
            l->setText(text);
    };
    m_target->setItemText(0, tr("vLLM"));
    m_target->setItemText(1, tr("SGLang"));
    label(m_target, tr("&Target:"));
    m_topology->setItemText(0, tr("As planned (%n node(s))", nullptr, std::max(1, m_evaluation.nodes)));
    m_topology->setItemText(1, tr("One node"));
    m_topology->setItemText(2, tr("Nodes:"));
    m_topologyLabel->setText(tr("T&opology:"));
    m_launcher->setItemText(0, tr("vLLM multi-node (--nnodes / --data-parallel-address)"));
    m_launcher->setItemText(1, tr("Ray cluster (ray start, then one vllm serve)"));
    label(m_launcher, tr("&Launcher:"));
    m_headAddress->setPlaceholderText(tr("$HEAD_IP (set on every node)"));
    label(m_headAddress, tr("Node 0 &address:"));
    m_port->setSpecialValueText(tr("$HEAD_PORT (launcher's default)"));
    label(m_port, tr("Rendezvous &port:"));
    label(m_modelPath, tr("&Model path:"));
    m_all2all->setToolTip(
        tr("vLLM expert parallelism with DP > 1: the all-to-all kernels (deepep_* need DeepEP installed)"));
    label(m_all2all, tr("All-to-all &backend:"));
    m_force->setText(tr("Export even if the plan is predicted not to fit"));
    m_view->setItemText(0, tr("Commands"));
    m_view->setItemText(1, tr("Bash script per node"));
    m_viewLabel->setText(tr("&Show:"));
    m_copy->setText(tr("&Copy"));
    m_save->setText(tr("&Save…"));
    m_saveScripts->setText(tr("Save s&cripts…"));
    m_useNearest->setText(tr("Use &nearest plan"));
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.target = static_cast<ExportTarget>(m_target->currentData().toInt());
    o.launcher = static_cast<Launcher>(m_launcher->currentData().toInt());
    const int topology = m_topology->currentData().toInt();
    o.nodes = topology == OneNode ? 1 : topology == CustomNodes ? m_nodes->value() : 0;
    o.headAddress = m_headAddress->text().trimmed().toStdString();
    o.port = m_port->value();
    o.modelPath = m_modelPath->text().trimmed().toStdString();
    o.all2allBackend = m_all2all->currentData().toString().toStdString();
    o.force = m_force->isChecked();
    o.vllmExtraArgs = m_extraArgs;
    return o;
}

void ExportDialog::setOptions(const ExportOptions &o)
{
    m_updating = true;
    m_target->setCurrentIndex(m_target->findData(int(o.target)));
    m_launcher->setCurrentIndex(m_launcher->findData(int(o.launcher)));
    if (o.nodes == 0) {
        m_topology->setCurrentIndex(m_topology->findData(AsPlanned));
    } else if (o.nodes == 1) {
        m_topology->setCurrentIndex(m_topology->findData(OneNode));
    } else {
        m_topology->setCurrentIndex(m_topology->findData(CustomNodes));
        m_nodes->setValue(o.nodes);
    }
    m_headAddress->setText(QString::fromStdString(o.headAddress));
    m_port->setValue(o.port);
    m_modelPath->setText(QString::fromStdString(o.modelPath));
    const int backend = m_all2all->findData(
        QString::fromStdString(o.all2allBackend.empty() ? "allgather_reducescatter" : o.all2allBackend));
    m_all2all->setCurrentIndex(std::max(0, backend));
    m_force->setChecked(o.force);
    m_extraArgs = o.vllmExtraArgs;
    m_updating = false;
    refresh();
}

QString ExportDialog::shownText() const
{
    return m_output->toPlainText();
}

QString ExportDialog::exportedText() const
{
    return m_text;
}

QString ExportDialog::shownNotes() const
{
    return m_notes->text();
}

QString ExportDialog::shownStatus() const
{
    return m_status->text();
}

// Core's refusal and notes are rendered when shown: a language change re-renders them.
void ExportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateLabels();
        refresh();
    }
    QDialog::changeEvent(event);
}

void ExportDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    fitHeight();
}

// A refusal or note wraps to more lines than the size hint guessed (Chinese text, long flags): grow
// to the height the layout needs at the current width instead of letting the labels overlap the
// commands.
void ExportDialog::fitHeight()
{
    if (!isVisible() || !layout() || !layout()->hasHeightForWidth())
        return;
    layout()->activate();
    const int needed = layout()->totalHeightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

void ExportDialog::refresh()
{
    if (m_updating)
        return;
    const ExportOptions o = options();
    if (m_disagg) {
        refreshDisaggregated(o);
        return;
    }
    m_result = exportLaunch(m_evaluation, m_model, o);

    const bool vllm = o.target == ExportTarget::Vllm;
    // The flag table of the plan's release (core/launch/vllmflags.h vllmFlagTableFor), the one the export checks.
    m_version->setText(tr("vLLM flags checked against %1")
                           .arg(QString::fromLatin1(vllmFlagTableFor(m_evaluation.plan.vllmVersion).label)));
    const bool ep = m_model.isMoe() && m_evaluation.plan.ep > 1 && m_evaluation.plan.dp > 1;
    m_nodes->setEnabled(m_topology->currentData().toInt() == CustomNodes);
    m_launcher->setEnabled(vllm);
    m_all2all->setEnabled(vllm && ep);

    // The node picker follows the export's node count without echoing into refresh().
    {
        const QSignalBlocker blocker(m_node);
        const int previous = m_node->currentData().isValid() ? m_node->currentData().toInt() : -1;
        m_node->clear();
        m_node->addItem(tr("All nodes"), -1);
        for (const NodeLaunch &n : m_result.nodeLaunches)
            m_node->addItem(tr("Node %1").arg(n.node), n.node);
        m_node->setCurrentIndex(std::max(0, m_node->findData(previous)));
        m_node->setEnabled(m_result.ok && m_result.nodes > 1);
    }

    QString text;
    if (m_result.ok) {
        const int node = m_node->currentData().toInt();
        const bool script = m_view->currentIndex() == 1;
        if (script && node < 0) {
            for (const NodeLaunch &n : m_result.nodeLaunches)
                text += (n.node > 0 ? QStringLiteral("\n") : QString())
                    + QStringLiteral("#### node-%1.sh\n").arg(n.node) + QString::fromStdString(m_result.script(n.node));
        } else if (script) {
            text = QString::fromStdString(m_result.script(node));
        } else {
            text = QString::fromStdString(node < 0 ? m_result.text() : m_result.nodeText(node));
        }
        showStatus(m_result.nodes > 1 ? tr("%n node(s) of %1 GPUs.", nullptr, m_result.nodes).arg(m_result.gpusPerNode)
                                      : tr("One node."),
            false);
    } else {
        showStatus(tr("Cannot export: %1").arg(textformat::sentence(m_result.messageText())), true);
    }
    m_saveScripts->setEnabled(m_result.ok);
    m_useNearest->setVisible(!m_result.ok && m_result.nearestPlan.has_value());
    showCommands(text, m_result.noteTexts, m_result.ok);
}

void ExportDialog::showStatus(const QString &text, bool refused)
{
    m_status->setText(text);
    m_status->setStyleSheet(refused ? QStringLiteral("color: #b00020;") : QString());
}

void ExportDialog::showCommands(const QString &text, const std::vector<Sentence> &noteTexts, bool ok)
{
    QStringList notes;
    for (const Sentence &n : noteTexts)
        notes << tr("Note: %1").arg(textformat::sentence(n));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    // The notes show once, below, in the window's language; what Copy and Save write keeps them
    // as "# Note:" comments.
    m_text = text;
    QStringList shown = text.split(QLatin1Char('\n'));
    if (!notes.isEmpty())
        shown.removeIf([](const QString &line) { return line.startsWith(QStringLiteral("# Note: ")); });
    m_output->setPlainText(shown.join(QLatin1Char('\n')));
    m_copy->setEnabled(ok);
    m_save->setEnabled(ok);
    fitHeight();
}

void ExportDialog::setDisaggregated(const Plan &whole, const Evaluation &prefill, const Evaluation &decode)
{
    m_disagg = Disaggregated { whole, prefill, decode };
    retranslateLabels();
    refresh();
}

// Every server of both pools, then the router; the node picker and per-node scripts are one server's
// notions, so they are off.
void ExportDialog::refreshDisaggregated(const ExportOptions &o)
{
    const DisaggExportResult r = exportDisaggregated(m_disagg->whole, m_disagg->prefill, m_disagg->decode, m_model, o);
    m_version->setText(tr("vLLM flags checked against %1")
                           .arg(QString::fromLatin1(vllmFlagTableFor(m_disagg->whole.vllmVersion).label)));
    {
        const QSignalBlocker blocker(m_node);
        m_node->clear();
        m_node->addItem(tr("All nodes"), -1);
    }
    m_node->setEnabled(false);
    m_view->setEnabled(false);
    if (r.ok)
        showStatus(tr("%1 prefill and %2 decode servers, then the router.")
                       .arg(std::max(1, m_disagg->whole.prefill.instances))
                       .arg(std::max(1, m_disagg->whole.decode.instances)),
            false);
    else if (r.refusalCode == "target")
        showStatus(tr("Cannot export: a disaggregated plan exports to vLLM only (NixlConnector)."), true);
    else if (!r.prefill.ok)
        showStatus(tr("Cannot export the prefill pool: %1").arg(textformat::disaggRefusal(r)), true);
    else
        showStatus(tr("Cannot export: %1").arg(textformat::disaggRefusal(r)), true);
    m_saveScripts->setEnabled(false);
    m_useNearest->setVisible(false);
    showCommands(r.ok ? QString::fromStdString(r.text()) : QString(), r.noteTexts, r.ok);
}

void ExportDialog::copy()
{
    QApplication::clipboard()->setText(m_text);
}

bool ExportDialog::saveTextTo(const QString &path)
{
    try {
        saveExportText(path, m_text.toStdString());
        m_status->setText(tr("Saved %1").arg(path));
        return true;
    } catch (const std::exception &e) {
        m_status->setText(QString::fromStdString(e.what()));
        return false;
    }
}

bool ExportDialog::saveScriptsTo(const QString &dir)
{
    try {
        const QStringList written = saveNodeScripts(m_result, dir);
        m_status->setText(tr("Saved %n script(s) in %1", nullptr, int(written.size())).arg(dir));
        return true;
    } catch (const std::exception &e) {
        m_status->setText(QString::fromStdString(e.what()));
        return false;
    }
}

void ExportDialog::save()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save launch commands"), QStringLiteral("launch.sh"), tr("Shell scripts (*.sh);;All files (*)"));
    if (!path.isEmpty())
        saveTextTo(path);
}

void ExportDialog::saveScripts()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for node-<k>.sh"));
    if (!dir.isEmpty())
        saveScriptsTo(dir);
}
