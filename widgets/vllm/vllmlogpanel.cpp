#include "widgets/vllm/vllmlogpanel.h"

#include "core/explain/memoryterms.h"
#include "core/text/units.h"
#include "core/vllmlog/vllmlog.h"
#include "io/calibrationstore.h"
#include "io/vllmlogfile.h"
#include "widgets/common/fonts.h"
#include "widgets/common/palette.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

using namespace shardscope;

namespace {

constexpr int kCompareDelayMs = 300; // after the last keystroke of a paste or an edit
constexpr std::size_t kPreviewBytes = 2u << 20; // of an opened log, shown in the editor

QTableWidget *makeTable(int columns, QWidget *parent)
{
    auto *t = new QTableWidget(0, columns, parent);
    t->verticalHeader()->setVisible(false);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->horizontalHeader()->setStretchLastSection(true);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}

QTableWidgetItem *cell(const QString &text, const QString &tip = {}, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// Row labels by the core's stable keys (core/vllmlog/reconcile.cpp), so that they translate.
QString rowLabel(const ReconcileRow &row)
{
    static const std::pair<const char *, const char *> labels[] = {
        { "weights", QT_TRANSLATE_NOOP("VllmLogPanel", "Weights per GPU (largest)") },
        { "activation", QT_TRANSLATE_NOOP("VllmLogPanel", "Peak activation") },
        { "non_torch", QT_TRANSLATE_NOOP("VllmLogPanel", "Non-torch memory") },
        { "cuda_graph", QT_TRANSLATE_NOOP("VllmLogPanel", "CUDA graphs") },
        { "available_kv", QT_TRANSLATE_NOOP("VllmLogPanel", "Available KV memory") },
        { "gpu_blocks", QT_TRANSLATE_NOOP("VllmLogPanel", "GPU blocks") },
        { "kv_tokens", QT_TRANSLATE_NOOP("VllmLogPanel", "GPU KV cache size") },
        { "max_concurrency", QT_TRANSLATE_NOOP("VllmLogPanel", "Maximum concurrency") },
        { "kv_bytes_per_token", QT_TRANSLATE_NOOP("VllmLogPanel", "KV bytes per token per GPU") },
    };
    for (const auto &[key, label] : labels)
        if (row.key == key)
            return QCoreApplication::translate("VllmLogPanel", label);
    return textformat::sentence(row.labelText);
}

QString basisText(const std::string &basis)
{
    if (basis == "formula")
        return VllmLogPanel::tr("formula");
    if (basis == "calibrated")
        return VllmLogPanel::tr("calibrated");
    if (basis == "estimated")
        return VllmLogPanel::tr("estimated");
    return textformat::qs(basis);
}

QString basisTip(const std::string &basis)
{
    if (basis == "formula")
        return VllmLogPanel::tr("Exact arithmetic from the model's config and the plan");
    if (basis == "calibrated")
        return VllmLogPanel::tr("Fitted to a real startup log (the plan's calibration profile)");
    return VllmLogPanel::tr("A model of a measured overhead (core/overheads): calibrate to a real log to replace it");
}

// A compared value in its unit: GiB with two decimals (as vLLM prints), tokens and blocks as counts,
// concurrency as "1.30×"; bytes per token exact.
QString valueText(const ReconcileRow &row, std::optional<double> v, bool signedValue = false)
{
    if (!v)
        return VllmLogPanel::tr("—");
    const QString sign = signedValue && *v > 0 ? QStringLiteral("+") : QString();
    if (row.key == "kv_bytes_per_token")
        return sign + VllmLogPanel::tr("%1 B").arg(textformat::count(std::llround(*v)));
    if (row.unit == "bytes")
        return sign + VllmLogPanel::tr("%1 GiB").arg(*v / GiB, 0, 'f', 2);
    if (row.unit == "tokens")
        return sign + VllmLogPanel::tr("%1 tokens").arg(textformat::count(std::llround(*v)));
    if (row.unit == "blocks")
        return sign + VllmLogPanel::tr("%1 blocks").arg(textformat::count(std::llround(*v)));
    if (row.unit == "graphs")
        return sign + VllmLogPanel::tr("%1 graphs").arg(textformat::count(std::llround(*v)));
    return sign + VllmLogPanel::tr("%1×").arg(*v, 0, 'f', 2);
}

} // namespace

VllmLogPanel::VllmLogPanel(PlanEditor *editor, QWidget *parent)
    : QWidget(parent)
    , m_editor(editor)
    , m_predicted(new QPlainTextEdit)
    , m_terms(makeTable(4, this))
    , m_input(new QPlainTextEdit)
    , m_summary(new QLabel)
    , m_comparison(makeTable(5, this))
    , m_explanation(new QLabel)
    , m_apply(new QPushButton)
    , m_calibrate(new QPushButton)
    , m_debounce(new QTimer(this))
{
    setObjectName(QStringLiteral("VllmLogPanel"));
    m_predicted->setReadOnly(true);
    fonts::followApplication(this, [this] {
        m_predicted->setFont(fonts::fixedPitch());
        m_input->setFont(fonts::fixedPitch());
    });
    m_input->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kCompareDelayMs);

    // Left: the prediction.
    auto *copy = new QPushButton;
    auto *predictedBox = new QGroupBox;
    auto *pl = new QVBoxLayout(predictedBox);
    pl->addWidget(m_predicted, 3);
    pl->addWidget(m_terms, 2);
    auto *copyRow = new QHBoxLayout;
    copyRow->addStretch(1);
    copyRow->addWidget(copy);
    pl->addLayout(copyRow);

    // Right: the real log and the comparison.
    auto *open = new QPushButton;
    auto *paste = new QPushButton;
    auto *clear = new QPushButton;
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(paste);
    buttons->addWidget(clear);
    buttons->addStretch(1);
    auto *realBox = new QGroupBox;
    auto *rl = new QVBoxLayout(realBox);
    rl->addLayout(buttons);
    auto *inputSplit = new QSplitter(Qt::Vertical);
    inputSplit->addWidget(m_input);
    auto *results = new QWidget;
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_summary);
    resultsLayout->addWidget(m_comparison, 1);
    resultsLayout->addWidget(m_explanation);
    auto *actions = new QHBoxLayout;
    actions->addStretch(1);
    actions->addWidget(m_apply);
    actions->addWidget(m_calibrate);
    resultsLayout->addLayout(actions);
    inputSplit->addWidget(results);
    inputSplit->setStretchFactor(0, 1);
    inputSplit->setStretchFactor(1, 3);
    inputSplit->setChildrenCollapsible(false);
    rl->addWidget(inputSplit, 1);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(predictedBox);
    split->addWidget(realBox);
    split->setSizes({ 2000, 3000 }); // the comparison's five columns need the wider half
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(
        copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_predicted->toPlainText()); });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Open a vLLM startup log"), QString(), tr("Logs (*.log *.txt);;All files (*)"));
        if (!file.isEmpty())
            openLog(file);
    });
    connect(paste, &QPushButton::clicked, this, [this] {
        m_logSource = tr("Pasted log");
        QString text = QApplication::clipboard()->text();
        text.truncate(static_cast<qsizetype>(kMaxVllmLogBytes)); // logs are untrusted: the parser's bound
        m_input->setPlainText(text);
        compareNow();
    });
    connect(clear, &QPushButton::clicked, m_input, &QPlainTextEdit::clear);
    connect(m_input, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &VllmLogPanel::compareNow);
    connect(m_apply, &QPushButton::clicked, this, &VllmLogPanel::applyLogSettings);
    connect(m_calibrate, &QPushButton::clicked, this, &VllmLogPanel::askAndCalibrate);
    const auto outdated = [this] {
        m_dirty = true;
        if (isVisible())
            refreshPrediction();
    };
    connect(editor->document(), &PlanDocument::planChanged, this, outdated);
    retranslateWith(this, [=, this] {
        setWindowTitle(tr("vLLM log"));
        m_terms->setHorizontalHeaderLabels({ tr("Term"), tr("GiB"), tr("Basis"), tr("Assumption") });
        m_comparison->setHorizontalHeaderLabels(
            { tr("Quantity"), tr("Predicted"), tr("Observed"), tr("Difference"), tr("Basis") });
        m_predicted->setToolTip(
            tr("The lines vLLM prints at startup for this plan, in the wording of the chosen vLLM version "
               "(reference vllm_memory.md). Ranks that print the same lines are shown once."));
        m_terms->setToolTip(
            tr("The binding GPU's memory budget in the order vLLM subtracts it: formula terms are exact "
               "arithmetic from the config; estimated terms model measured overheads; calibrated ones come "
               "from a profile fitted to a real log."));
        m_input->setPlaceholderText(
            tr("Paste a vLLM startup log here (any version), or open a file. The lines that matter: "
               "\"Model loading took …\", \"Available KV cache memory: …\", \"GPU KV cache size: …\", "
               "\"Maximum concurrency …\", and the engine's non-default args."));
        m_apply->setText(tr("Use the log's settings"));
        m_apply->setToolTip(
            tr("Set the plan to what the log ran: its vLLM version, parallel sizes, utilization, max-model-len, ..."));
        m_calibrate->setText(tr("Calibrate…"));
        m_calibrate->setToolTip(
            tr("Fit the overhead terms to this log, save them as a calibration profile for this GPU and "
               "vLLM version, and use it in the plan: its numbers then show as 'calibrated'"));
        copy->setText(tr("Copy"));
        copy->setToolTip(tr("Copy the predicted log to the clipboard"));
        predictedBox->setTitle(tr("Predicted startup log"));
        open->setText(tr("Open log…"));
        paste->setText(tr("Paste"));
        clear->setText(tr("Clear"));
        realBox->setTitle(tr("Reconcile with a real log"));
        // The prediction, and the comparison of the log in the input (its errors and notes are made
        // when it is compared).
        outdated();
        if (m_input->toPlainText().isEmpty())
            showComparison();
        else
            compareNow();
    });
}

void VllmLogPanel::showEvent(QShowEvent *event)
{
    if (m_dirty)
        refreshPrediction();
    QWidget::showEvent(event);
}

void VllmLogPanel::refreshPrediction()
{
    m_dirty = false;
    const PlanDocument *doc = m_editor->document();
    if (!doc->hasPlan())
        return;
    const PlanState &s = *doc->state();
    const Evaluation &e = s.evaluation;
    m_predicted->clear();
    m_terms->setRowCount(0);
    if (!e.valid || e.plan.accounting != Accounting::Vllm) {
        m_predicted->setPlainText(!e.valid
                ? tr("# no prediction: the plan is invalid (see the issues above)")
                : tr("# no prediction: the startup log needs vLLM accounting (Memory and workload → Accounting)"));
    } else {
        QString text = textformat::qs(predictedVllmLogText(s));
        m_predicted->setPlainText(text);
        // Failures in the error colour, comments dimmed: a second pass over the blocks.
        QTextCursor c(m_predicted->document());
        for (QTextBlock b = m_predicted->document()->begin(); b.isValid(); b = b.next()) {
            QTextCharFormat f;
            if (b.text().contains(QLatin1String(") ERROR ")))
                f.setForeground(palette::error());
            else if (b.text().startsWith(QLatin1Char('#')))
                f.setForeground(palette().color(QPalette::PlaceholderText));
            else
                continue;
            c.setPosition(b.position());
            c.setPosition(b.position() + b.length() - 1, QTextCursor::KeepAnchor);
            c.setCharFormat(f);
        }
        const std::vector<MemoryTerm> terms = memoryTerms(s, e.kv.bindingRank);
        m_terms->setRowCount(static_cast<int>(terms.size()));
        for (int i = 0; i < static_cast<int>(terms.size()); ++i) {
            const MemoryTerm &t = terms[static_cast<size_t>(i)];
            const QString assumption = textformat::sentence(t.assumptionText);
            const QString label = textformat::sentence(t.labelText);
            m_terms->setItem(i, 0, cell(t.subtracted ? tr("− %1").arg(label) : label, assumption));
            m_terms->setItem(i, 1, cell(tr("%1 GiB").arg(t.bytes / GiB, 0, 'f', 2), assumption, true));
            m_terms->setItem(i, 2, cell(basisText(t.basis), assumption));
            m_terms->setItem(i, 3, cell(assumption, assumption));
        }
        m_terms->resizeColumnsToContents();
    }
    // The log's text has not changed: compare its parsed form with the new plan (a long log is not
    // parsed again on every slider notch).
    if (m_reconciliation.compared || !m_reconciliation.error.isEmpty()) {
        m_reconciliation
            = reconcileParsedLog(*m_editor->document(), std::move(m_reconciliation.log), m_reconciliation.matchedModel);
        showComparison();
    }
}

void VllmLogPanel::openLog(const QString &path)
{
    QString why;
    const std::optional<std::string> read = readVllmLogFile(path, &why);
    if (!read) {
        emit errorOccurred(
            QCoreApplication::translate("LogReconciler", "Cannot open %1: %2").arg(QFileInfo(path).fileName(), why));
        return;
    }
    const std::string &text = *read;
    m_logSource = QFileInfo(path).fileName();
    {
        const QSignalBlocker block(m_input); // compared once below, not again by the debounce
        // The editor shows at most kPreviewBytes (laying out megabytes of text would stall the window);
        // the comparison uses everything read.
        m_input->setPlainText(
            QString::fromUtf8(text.data(), static_cast<qsizetype>(std::min(text.size(), kPreviewBytes))));
    }
    // The parser sees the bytes as read (one past the limit tells it the file was cut).
    m_debounce->stop();
    m_reconciliation = reconcileLogText(*m_editor->document(), text);
    showComparison();
}

void VllmLogPanel::compareNow()
{
    m_debounce->stop();
    const QString text = m_input->toPlainText();
    if (m_logSource.isEmpty())
        m_logSource = tr("Pasted log");
    if (text.trimmed().isEmpty()) {
        m_reconciliation = {};
        m_logSource.clear();
    } else {
        m_reconciliation = reconcileLogText(*m_editor->document(), text.toStdString());
    }
    showComparison();
}

void VllmLogPanel::showComparison()
{
    const LogReconciliation &r = m_reconciliation;
    const bool empty = !r.compared && r.error.isEmpty(); // nothing pasted (or only blanks)
    m_apply->setEnabled(r.ok() && !empty);
    m_calibrate->setEnabled(r.ok() && !empty && r.log.minAvailableKvBytes().has_value());
    m_comparison->setRowCount(0);
    m_explanation->clear();
    if (empty) {
        m_summary->setText(
            tr("No log yet: predicted and observed will appear side by side, with the difference in GiB and %."));
        return;
    }
    if (!r.ok()) {
        m_summary->setText(r.error);
        return;
    }
    const Plan &p = r.evaluation.plan;
    QStringList from;
    for (const std::string &f : r.applied)
        from << textformat::qs(f);
    m_summary->setText(
        tr("%1: %2 on %3, vLLM %4, tp %5 pp %6 dp %7, utilization %8, max-model-len %9.")
            // One multi-argument arg(): a '%' in the file name is not substituted again.
            .arg(m_logSource, textformat::qs(m_editor->document()->catalog().findModel(p.modelId)->spec.name),
                textformat::qs(m_editor->document()->catalog().findGpu(p.gpuId)->spec.name),
                textformat::qs(vllmVersionName(p.vllmVersion)), QString::number(p.tp), QString::number(p.pp),
                QString::number(p.dp), QString::number(p.gpuMemoryUtilization, 'f', 2),
                textformat::count(p.maxModelLen))
        + QLatin1Char(' ')
        + tr("Taken from the log: %1; the rest from your plan.")
              .arg(from.isEmpty() ? tr("nothing") : from.join(QStringLiteral(", ")))
        + (r.modelFromLog ? QString()
                          : QLatin1Char(' ') + tr("The log's model was not recognised: your plan's model is used.")));

    const auto &rows = r.result.rows;
    m_comparison->setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const ReconcileRow &row = rows[static_cast<size_t>(i)];
        const bool explains = row.key == r.result.explainingTerm;
        const auto pct = row.differencePercent();
        m_comparison->setItem(i, 0, cell(rowLabel(row), textformat::sentence(row.labelText)));
        m_comparison->setItem(i, 1, cell(valueText(row, row.predicted), {}, true));
        m_comparison->setItem(i, 2, cell(valueText(row, row.observed), {}, true));
        const QString difference = pct
            ? tr("%1 (%2%3%)")
                  .arg(valueText(row, row.difference(), true), *pct > 0 ? QStringLiteral("+") : QString())
                  .arg(*pct, 0, 'f', 1)
            : valueText(row, row.difference(), true);
        m_comparison->setItem(i, 3, cell(difference, tr("observed − predicted, and in % of observed"), true));
        m_comparison->setItem(i, 4, cell(basisText(row.basis), basisTip(row.basis)));
        if (explains)
            for (int c = 0; c < m_comparison->columnCount(); ++c) {
                QFont f = m_comparison->item(i, c)->font();
                f.setBold(true);
                m_comparison->item(i, c)->setFont(f);
            }
    }
    m_comparison->resizeColumnsToContents();
    QString html = tr("<b>Why:</b> %1").arg(textformat::sentence(r.result.explanationText).toHtmlEscaped());
    for (const Sentence &n : r.result.noteTexts)
        html += QStringLiteral("<br>• ") + textformat::sentence(n).toHtmlEscaped();
    for (const std::string &f : r.log.failures)
        html += QStringLiteral("<br><span style='color:%1'>%2</span>")
                    .arg(palette::error().name(), tr("The log reports: %1").arg(textformat::qs(f)).toHtmlEscaped());
    if (m_input->document()->characterCount() > static_cast<int>(kPreviewBytes))
        html += QStringLiteral("<br>• ") + tr("The box shows the start of the file; the comparison uses all of it.");
    if (r.log.truncated)
        html += QStringLiteral("<br>• ")
            + tr("The log was longer than %1 MiB: only its start was read.").arg(kMaxVllmLogBytes >> 20);
    m_explanation->setText(html);
}

void VllmLogPanel::applyLogSettings()
{
    if (!m_reconciliation.ok())
        return;
    m_editor->apply(m_reconciliation.plan, tr("Use the settings of %1").arg(m_logSource));
}

QString VllmLogPanel::calibrate(const QString &name)
{
    QString error;
    const auto profile
        = calibrationFromReconciliation(*m_editor->document(), m_reconciliation, name, m_logSource, &error);
    if (!profile) {
        emit errorOccurred(error);
        return {};
    }
    QString path;
    try {
        path = CalibrationStore::save(*profile);
    } catch (const std::exception &e) {
        emit errorOccurred(tr("Cannot save the calibration profile: %1").arg(QString::fromUtf8(e.what())));
        return {};
    }
    // The profile joins the user's plan when it describes the same run (model, tp, vLLM release);
    // otherwise the fitted overheads would be applied to another model, so the log's plan is taken too.
    Plan p = m_editor->document()->plan();
    const Plan &ran = m_reconciliation.plan;
    const bool sameRun = p.modelId == ran.modelId && p.tp == ran.tp
        && resolvedVllmVersion(p.vllmVersion) == resolvedVllmVersion(ran.vllmVersion);
    if (!sameRun)
        p = ran;
    p.calibration = *profile;
    // The same run calibrates what the views show (the viewed pool of a disaggregated plan); another
    // run's settings replace the plan.
    if (sameRun)
        p = m_editor->document()->wholeFromView(p);
    m_editor->apply(p,
        sameRun ? tr("Calibrate to %1").arg(m_logSource) : tr("Use the settings of %1, calibrated").arg(m_logSource));
    m_reconciliation
        = reconcileParsedLog(*m_editor->document(), std::move(m_reconciliation.log), m_reconciliation.matchedModel);
    showComparison();
    return path;
}

void VllmLogPanel::askAndCalibrate()
{
    if (!m_reconciliation.ok())
        return;
    const QString suggested = CalibrationStore::defaultName(
        textformat::qs(m_reconciliation.plan.gpuId), m_reconciliation.evaluation.plan.vllmVersion);
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Calibrate"),
        tr("Save the fitted overheads as a profile named (letters, digits, '.', '_', '-'):"), QLineEdit::Normal,
        suggested, &ok);
    if (!ok || name.trimmed().isEmpty())
        return;
    if (CalibrationStore::names().contains(name.trimmed())
        && QMessageBox::question(
               this, tr("Calibrate"), tr("A calibration profile named \"%1\" exists. Replace it?").arg(name.trimmed()))
            != QMessageBox::Yes)
        return;
    calibrate(name.trimmed());
}
