#include "widgets/teaching/comparepanel.h"

#include "widgets/teaching/comparemodel.h"
#include "widgets/teaching/teachingtext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace shardscope;

ComparePanel::ComparePanel(QWidget *parent)
    : QWidget(parent)
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
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_pin);
    bar->addWidget(m_export);
    bar->addWidget(m_status, 1);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    split->addWidget(m_why);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    connect(m_pin, &QPushButton::clicked, this, [this] { isPinned() ? unpin() : pin(); });
    connect(m_export, &QPushButton::clicked, this, &ComparePanel::exportRequested);
    retranslate();
}

void ComparePanel::setPlan(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    m_b = EvaluatedPlan { e, m, gpu };
    refresh();
}

void ComparePanel::pin()
{
    m_a = m_b;
    refresh();
}

void ComparePanel::unpin()
{
    m_a.reset();
    refresh();
}

void ComparePanel::refresh()
{
    if (m_a)
        m_comparison = comparePlans(*m_a, m_b);
    else
        m_comparison = {};
    if (m_a)
        m_model->setComparison(m_comparison);
    else
        m_model->clear();
    retranslate();
}

QString ComparePanel::explanationText() const
{
    return m_why->toPlainText();
}

void ComparePanel::retranslate()
{
    m_pin->setText(isPinned() ? Teaching::tr("Unpin A") : Teaching::tr("Pin as A"));
    m_pin->setToolTip(Teaching::tr("Keep the current plan as A; change the sliders to get B."));
    m_export->setText(Teaching::tr("Export comparison report…"));
    m_export->setEnabled(isPinned());
    if (!isPinned()) {
        m_status->setText(
            Teaching::tr("Pin the current plan as A, then change the sliders: B follows the current plan."));
        m_why->setHtml(QString());
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
    m_status->setText(
        Teaching::tr("A: %1 · B: %2")
            .arg(QString::fromStdString(m_a->model.name + " TP " + std::to_string(m_a->evaluation.plan.tp) + " × PP "
                     + std::to_string(m_a->evaluation.plan.pp) + " × DP " + std::to_string(m_a->evaluation.plan.dp)),
                QString::fromStdString(m_b.model.name + " TP " + std::to_string(m_b.evaluation.plan.tp) + " × PP "
                    + std::to_string(m_b.evaluation.plan.pp) + " × DP " + std::to_string(m_b.evaluation.plan.dp))));
}

void ComparePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (isPinned())
            m_model->setComparison(m_comparison); // headers and units in the new language
    }
    QWidget::changeEvent(event);
}
