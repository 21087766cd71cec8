#include "widgets/vllm/commandpreview.h"

#include "core/launch/disaggexport.h"

#include "widgets/common/fonts.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/vllm/launchpreview.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

CommandPreview::CommandPreview(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_text(new QPlainTextEdit(this))
{
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Fixed pitch at the application font's size (presentation mode scales it), four lines high.
    fonts::followApplication(this, [this] {
        m_text->setFont(fonts::fixedPitch());
        const int lines = 4;
        m_text->setFixedHeight(m_text->fontMetrics().lineSpacing() * lines + 12);
    });
    auto *copy = new QPushButton(this);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_full); });
    auto *more = new QPushButton(this);
    connect(more, &QPushButton::clicked, this, &CommandPreview::exportRequested);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(copy);
    buttons->addWidget(more);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    connect(document, &PlanDocument::planChanged, this, &CommandPreview::refresh);
    retranslateWith(this, [this, copy, more] {
        m_text->setToolTip(tr("The vLLM launch for this plan"));
        copy->setText(tr("Copy"));
        copy->setToolTip(tr("Copy the commands (every node's) to the clipboard"));
        more->setText(tr("Export…"));
        more->setToolTip(tr("Multi-node, Ray or SGLang launches, and scripts per node"));
        if (m_document->hasPlan())
            refresh();
    });
}

QString CommandPreview::command() const
{
    return m_text->toPlainText();
}

void CommandPreview::refresh()
{
    if (m_document->isDisaggregated()) {
        // Every server of both pools with its --kv-transfer-config, then the router (as File → Export).
        const shardscope::EvaluatedPlan &prefill = m_document->evaluatedPool(shardscope::Pool::Prefill);
        const shardscope::EvaluatedPlan &decode = m_document->evaluatedPool(shardscope::Pool::Decode);
        const shardscope::DisaggExportResult r = shardscope::exportDisaggregated(
            m_document->wholePlan(), prefill.evaluation, decode.evaluation, m_document->model(), {});
        m_full = r.ok ? QString::fromStdString(r.text()) : QString();
        const QString shown = r.ok ? m_full : tr("# Cannot export: %1").arg(textformat::disaggRefusal(r));
        if (shown != m_text->toPlainText())
            m_text->setPlainText(shown);
        return;
    }
    const LaunchPreview preview = vllmServePreview(*m_document->state());
    m_full = preview.full;
    if (preview.shown != m_text->toPlainText())
        m_text->setPlainText(preview.shown);
}
