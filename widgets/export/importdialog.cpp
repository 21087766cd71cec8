#include "widgets/export/importdialog.h"

#include "core/model/errors.h"
#include "widgets/common/textformat.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

using namespace shardscope;

ImportDialog::ImportDialog(std::vector<ModelSpec> models, QWidget *parent)
    : QDialog(parent)
    , m_models(std::move(models))
{
    m_input = new QPlainTextEdit(this);
    m_input->setObjectName(QStringLiteral("input"));
    m_input->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_input->setMinimumSize(640, 160);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_flags = new QListWidget(this);
    m_flags->setObjectName(QStringLiteral("flags"));

    // Its own accept button, not the standard Ok: QDialogButtonBox would reset a standard button's text on a
    // language change.
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_use = m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_use->setObjectName(QStringLiteral("use"));
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        parseNow();
        if (!m_imported)
            return;
        emit planImported(plan());
        accept();
    });

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &ImportDialog::parseNow);
    connect(m_input, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));

    auto *layout = new QVBoxLayout(this);
    m_commandLabel = new QLabel(this);
    m_flagsLabel = new QLabel(this);
    layout->addWidget(m_commandLabel);
    layout->addWidget(m_input, 2);
    layout->addWidget(m_summary);
    layout->addWidget(m_flagsLabel);
    layout->addWidget(m_flags, 1);
    layout->addWidget(m_buttons);
    retranslate();
    showResult(QString());
}

// Every fixed text, at construction and again on a language change (the dialog stays open beside the window).
void ImportDialog::retranslate()
{
    setWindowTitle(tr("Import a vLLM command"));
    m_input->setPlaceholderText(
        tr("Paste vllm serve …, python -m vllm.entrypoints.openai.api_server … or docker run … vllm/vllm-openai …"));
    m_use->setText(tr("Use this plan"));
    m_commandLabel->setText(tr("Command:"));
    m_flagsLabel->setText(tr("Flags not carried into the plan and warnings:"));
}

void ImportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        parseNow(); // the summary and the list in the new language
    }
    QDialog::changeEvent(event);
}

void ImportDialog::setCommandText(const QString &text)
{
    m_input->setPlainText(text);
    parseNow();
}

void ImportDialog::parseNow()
{
    m_debounce->stop();
    const QString text = m_input->toPlainText();
    m_imported.reset();
    m_presetId.clear();
    if (text.trimmed().isEmpty()) {
        showResult(QString());
        return;
    }
    try {
        m_imported = importLaunchCommand(text.toStdString());
        const int preset = findModelPreset(m_models, m_imported->model);
        if (preset >= 0)
            m_presetId = QString::fromStdString(m_models[static_cast<size_t>(preset)].id);
        showResult(QString());
    } catch (const std::exception &e) {
        showResult(QString::fromUtf8(e.what()));
    }
}

Plan ImportDialog::plan() const
{
    if (!m_imported)
        return {};
    Plan p = m_imported->plan;
    if (!m_presetId.isEmpty())
        p.modelId = m_presetId.toStdString();
    return p;
}

void ImportDialog::showResult(const QString &error)
{
    m_flags->clear();
    m_use->setEnabled(m_imported.has_value());
    if (!error.isEmpty()) {
        m_summary->setText(tr("Cannot read the command: %1").arg(error));
        return;
    }
    if (!m_imported) {
        m_summary->setText(tr("Paste a command to see its plan."));
        return;
    }
    const ImportedCommand &c = *m_imported;
    const Plan &p = c.plan;
    const auto orDefault = [](std::int64_t v) { return v > 0 ? QString::number(v) : tr("vLLM's default"); };
    QString model = QString::fromStdString(c.model);
    model += m_presetId.isEmpty() ? tr(" (no preset matches)") : tr(" (preset %1)").arg(m_presetId);
    QStringList lines;
    lines << tr("Model: %1").arg(model);
    lines << tr("TP %1 × PP %2 × DP %3, EP %4, DCP %5")
                 .arg(p.tp)
                 .arg(p.pp)
                 .arg(p.dp)
                 .arg(p.ep)
                 .arg(p.decodeContextParallel);
    lines << tr("GPU memory utilization %1, max model length %2, max sequences %3, max batched tokens %4")
                 .arg(p.gpuMemoryUtilization)
                 .arg(orDefault(p.maxModelLen), orDefault(p.maxNumSeqs), orDefault(p.maxNumBatchedTokens));
    lines << tr("KV cache %1, quantization %2")
                 .arg(QString::fromLatin1(kvDtypeName(p.kvCacheDtype)),
                     QString::fromLatin1(quantizationName(p.quantization)));
    if (c.launch.nodes > 1)
        lines
            << tr("Launch: %1 nodes, %2").arg(c.launch.nodes).arg(QString::fromLatin1(launcherName(c.launch.launcher)));
    m_summary->setText(lines.join(QLatin1Char('\n')));
    for (const std::string &f : c.unknownFlags)
        m_flags->addItem(tr("unknown: %1").arg(QString::fromStdString(f)));
    for (const std::string &f : c.ignoredFlags)
        m_flags->addItem(tr("not in the plan: %1").arg(QString::fromStdString(f)));
    for (const shardscope::Sentence &w : c.warningTexts)
        m_flags->addItem(tr("warning: %1").arg(textformat::sentence(w)));
}
