#include "widgets/teaching/comparepanel.h"

#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"
#include "widgets/teaching/comparemodel.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/teachingtext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

using namespace shardscope;

ComparePanel::ComparePanel(const PlanDocument *document, TeachingState *state, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_state(state)
    , m_model(new CompareModel(this))
    , m_pin(new QPushButton)
    , m_export(new QPushButton)
    , m_status(new QLabel)
    , m_table(new QTableView)
    , m_why(new QTextBrowser)
{
    setObjectName(QStringLiteral("ComparePanel"));
    m_pin->setObjectName(QStringLiteral("pin"));
    m_export->setObjectName(QStringLiteral("exportComparison"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // model names
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    // The figures whole; the quantity's name takes the rest and wraps when the panel is narrow.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CompareModel::Quantity, QHeaderView::Stretch);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setWordWrap(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_pin);
    bar->addWidget(m_export);
    bar->addWidget(m_status, 1);
    m_split = new QSplitter(Qt::Horizontal);
    QSplitter *split = m_split;
    split->addWidget(m_table);
    split->addWidget(m_why);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    connect(m_pin, &QPushButton::clicked, this, [this] { isPinned() ? unpin() : pin(); });
    connect(m_export, &QPushButton::clicked, this, &ComparePanel::exportRequested);
    connect(document, &PlanDocument::planChanged, this, &ComparePanel::onChanged);
    connect(document, &PlanDocument::workloadChanged, this, &ComparePanel::onChanged);
    connect(state, &TeachingState::pinnedChanged, this, &ComparePanel::onChanged);
    retranslate();
    if (document->hasPlan() || isPinned())
        onChanged();
}

void ComparePanel::onChanged()
{
    m_dirty = true;
    if (isVisible())
        sync();
    else
        updateButtons(); // cheap: the buttons follow at once, the comparison when shown
}

void ComparePanel::sync()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    refresh();
}

void ComparePanel::showEvent(QShowEvent *event)
{
    sync();
    QWidget::showEvent(event);
}

bool ComparePanel::isPinned() const
{
    return m_state->pinned() != nullptr;
}

const std::shared_ptr<const PlanState> &ComparePanel::pinned() const
{
    return m_state->pinned();
}

const EvaluatedPlan &ComparePanel::current() const
{
    return teaching::evaluatedOrEmpty(*m_document);
}

const Comparison &ComparePanel::comparison() const
{
    const_cast<ComparePanel *>(this)->sync();
    return m_comparison;
}

CompareModel *ComparePanel::model() const
{
    const_cast<ComparePanel *>(this)->sync();
    return m_model;
}

void ComparePanel::pin()
{
    m_state->setPinned(m_document->state());
}

void ComparePanel::unpin()
{
    m_state->setPinned(nullptr);
}

const ServingResult *ComparePanel::pinnedServing()
{
    const std::shared_ptr<const PlanState> &a = m_state->pinned();
    if (!a || !a->evaluation.valid)
        return nullptr;
    if (a != m_servedPin || !(m_servedWorkload == m_document->workload())) {
        m_servedPin = a;
        m_servedWorkload = m_document->workload();
        m_pinServing.reset();
        try {
            checkWorkload(m_servedWorkload, a->evaluation.plan.maxModelLen);
            m_pinServing = std::make_shared<const ServingResult>(simulateServing(*a, m_servedWorkload));
        } catch (const std::exception &) {
            // A workload this plan refuses (longer than its max_model_len): its side shows no serving rows.
        }
    }
    return m_pinServing.get();
}

void ComparePanel::refresh()
{
    // Both sides at the document's one workload: each evaluated at its own steady-state batch of it,
    // with its serving estimate beside (PlanDocument::workloadBatch()).
    const std::shared_ptr<const PlanState> &a = m_state->pinned();
    const ServingResult *servedB = m_document->hasPlan() ? m_document->serving().get() : nullptr;
    if (a) {
        const ServingResult *servedA = pinnedServing();
        const PlanDocument::WorkloadBatch atA = PlanDocument::workloadBatchFor(a, servedA);
        m_comparison = comparePlans(*atA.state, *m_document->workloadBatch().state);
        addServingRows(m_comparison, servedA, servedB);
    } else {
        m_comparison = {};
    }
    if (a) {
        m_model->setComparison(m_comparison);
    } else if (m_document->hasPlan()) {
        const PlanState &b = *m_document->workloadBatch().state;
        Comparison self = comparePlans(b, b);
        addServingRows(self, servedB, servedB);
        m_model->setCurrentOnly(self);
    } else {
        m_model->clear();
    }
    fitTable();
    retranslate();
}

QString ComparePanel::explanationText() const
{
    const_cast<ComparePanel *>(this)->sync();
    return m_why->toPlainText();
}

void ComparePanel::updateButtons()
{
    m_pin->setText(isPinned() ? Teaching::tr("Unpin A") : Teaching::tr("Pin as A"));
    m_pin->setToolTip(Teaching::tr("Keep the current plan as A; change the sliders to get B."));
    m_export->setText(Teaching::tr("Export comparison report…"));
    m_export->setEnabled(isPinned());
}

void ComparePanel::retranslate()
{
    updateButtons();
    const std::shared_ptr<const PlanState> &a = m_state->pinned();
    if (!a) {
        m_status->setText(
            Teaching::tr("Pin the current plan as A, then change the sliders: B follows the current plan."));
        m_why->setHtml(QStringLiteral("<h3>%1</h3><ol><li>%2</li><li>%3</li><li>%4</li></ol>")
                           .arg(Teaching::tr("How to compare two plans"),
                               Teaching::tr("Press <b>Pin as A</b>: the current plan becomes A."),
                               Teaching::tr("Move a slider or change a setting: B follows the current plan."),
                               Teaching::tr("The table shows A, B and the change; this pane says what changed and "
                                            "why. Per-GPU rows compare clusters of different sizes fairly.")));
        return;
    }
    QString html = QStringLiteral("<h3>%1</h3><ul>").arg(Teaching::tr("What changed"));
    for (const Sentence &s : m_comparison.changeSentences)
        html += QStringLiteral("<li>%1</li>").arg(teaching::sentence(s).toHtmlEscaped());
    if (m_comparison.changeSentences.empty())
        html += QStringLiteral("<li>%1</li>").arg(Teaching::tr("Nothing yet: B equals A."));
    html += QStringLiteral("</ul><h3>%1</h3><ul>").arg(Teaching::tr("Why"));
    for (const Sentence &s : m_comparison.sentences)
        html += QStringLiteral("<li>%1</li>").arg(teaching::sentence(s).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    m_why->setHtml(html);
    const EvaluatedPlan &b = current();
    m_status->setText(
        Teaching::tr("A: %1 · B: %2 · both at the workload %3")
            .arg(QString::fromStdString(a->model.name + " TP " + std::to_string(a->evaluation.plan.tp) + " × PP "
                     + std::to_string(a->evaluation.plan.pp) + " × DP " + std::to_string(a->evaluation.plan.dp)),
                QString::fromStdString(b.model.name + " TP " + std::to_string(b.evaluation.plan.tp) + " × PP "
                    + std::to_string(b.evaluation.plan.pp) + " × DP " + std::to_string(b.evaluation.plan.dp)),
                workloadtext::workload(m_document->workload())));
}

// Every column whole (the Change column was cut): the table side by side with the explanation
// when the panel holds both, else the explanation under the table.
void ComparePanel::fitTable()
{
    int w = 2 * m_table->frameWidth();
    for (int c = 0; c < m_model->columnCount(); ++c)
        w += std::max(static_cast<const QAbstractItemView *>(m_table)->sizeHintForColumn(c),
            m_table->horizontalHeader()->sectionSizeHint(c));
    w += m_table->verticalScrollBar()->sizeHint().width(); // room for it when the rows do not fit
    m_tableWidth = w;
    arrange();
}

void ComparePanel::arrange()
{
    const int room = m_split->width();
    const bool sideBySide = room >= m_tableWidth + kMinExplanationWidth;
    m_split->setOrientation(sideBySide ? Qt::Horizontal : Qt::Vertical);
    if (sideBySide)
        m_split->setSizes({ m_tableWidth, room - m_tableWidth });
    m_table->resizeRowsToContents(); // a wrapped name takes two lines
}

bool ComparePanel::tableWhole() const
{
    return m_table->viewport()->width() + 1 >= m_table->horizontalHeader()->length();
}

void ComparePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void ComparePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (isPinned())
            m_model->setComparison(m_comparison); // headers and units in the new language
        else if (m_document->hasPlan())
            m_model->setCurrentOnly(comparePlans(current(), current()));
        fitTable();
    }
    QWidget::changeEvent(event);
}
