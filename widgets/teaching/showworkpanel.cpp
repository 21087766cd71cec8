#include "widgets/teaching/showworkpanel.h"

#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/teaching/teachingstate.h"
#include "widgets/teaching/teachingtext.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace shardscope;

namespace {
// Quantities that depend on which GPU is asked about.
bool perRank(Quantity q)
{
    return q == Quantity::KvBytesPerToken || q == Quantity::WeightsPerGpu || q == Quantity::KvBudget
        || q == Quantity::StageStepTime;
}
// List items of the serving estimate carry kServingRole + their ServingQuantity.
constexpr int kServingRole = 1000;
} // namespace

QString ShowWorkPanel::servingName(ServingQuantity q)
{
    switch (q) {
    case ServingQuantity::Ttft:
        return Teaching::tr("TTFT, serving (estimated)");
    case ServingQuantity::Tpot:
        return Teaching::tr("TPOT, serving (estimated)");
    case ServingQuantity::Itl:
        return Teaching::tr("ITL, serving (estimated)");
    case ServingQuantity::E2e:
        return Teaching::tr("End-to-end latency (estimated)");
    case ServingQuantity::OutputTokensPerSecPerGpu:
        return Teaching::tr("Output tokens/s per GPU (estimated)");
    case ServingQuantity::DecodeStep:
        return Teaching::tr("Serving decode step (estimated)");
    }
    return {};
}

namespace {
} // namespace

ShowWorkPanel::ShowWorkPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_list(new QListWidget)
    , m_gpuLabel(new QLabel)
    , m_rank(new QSpinBox)
    , m_text(new QTextBrowser)
{
    setObjectName(QStringLiteral("ShowWorkPanel"));
    for (Quantity q : quantities()) {
        auto *item = new QListWidgetItem(m_list);
        item->setData(Qt::UserRole, static_cast<int>(q));
    }
    for (ServingQuantity q : servingQuantities()) {
        auto *item = new QListWidgetItem(m_list);
        item->setData(Qt::UserRole, kServingRole + static_cast<int>(q));
    }
    m_rank->setRange(-1, 0);
    m_text->setOpenLinks(false);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_gpuLabel);
    row->addWidget(m_rank, 1);
    left->addLayout(row);
    auto *layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addWidget(m_text, 3);
    connect(m_list, &QListWidget::currentRowChanged, this, [this] {
        m_haveQuantity = true;
        refresh();
    });
    connect(m_rank, &QSpinBox::valueChanged, this, [this] {
        m_haveQuantity = true;
        refresh();
    });
    m_list->setCurrentRow(0);
    retranslate();
    connect(document, &PlanDocument::planChanged, this, &ShowWorkPanel::onPlanChanged);
    connect(document, &PlanDocument::workloadChanged, this, &ShowWorkPanel::onPlanChanged);
    m_dirty = document->hasPlan();
}

QList<Quantity> ShowWorkPanel::quantities()
{
    return { Quantity::KvBytesPerToken, Quantity::WeightsPerGpu, Quantity::KvBudget, Quantity::CapacityTokens,
        Quantity::MaxConcurrency, Quantity::ClusterConcurrency, Quantity::LayersPerStage, Quantity::ExpertsPerGpu,
        Quantity::ParamsTotal, Quantity::TpAllReduceBytes, Quantity::TpBytesPerGpu, Quantity::TpTime,
        Quantity::PpSendBytes, Quantity::EpBytesPerToken, Quantity::CommTime, Quantity::StageStepTime, Quantity::Tpot,
        Quantity::Ttft, Quantity::Bubble, Quantity::TokensPerSecPerGpu };
}

QString ShowWorkPanel::quantityName(Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
        return Teaching::tr("KV bytes per token per GPU");
    case Quantity::WeightsPerGpu:
        return Teaching::tr("Weights per GPU");
    case Quantity::KvBudget:
        return Teaching::tr("KV cache budget per GPU");
    case Quantity::CapacityTokens:
        return Teaching::tr("KV capacity (tokens)");
    case Quantity::MaxConcurrency:
        return Teaching::tr("Concurrent requests");
    case Quantity::ClusterConcurrency:
        return Teaching::tr("Concurrent requests, cluster");
    case Quantity::LayersPerStage:
        return Teaching::tr("Layers per stage");
    case Quantity::ExpertsPerGpu:
        return Teaching::tr("Experts per GPU");
    case Quantity::ParamsTotal:
        return Teaching::tr("Parameters");
    case Quantity::TpAllReduceBytes:
        return Teaching::tr("Bytes per TP AllReduce");
    case Quantity::TpBytesPerGpu:
        return Teaching::tr("TP bytes per GPU per step");
    case Quantity::TpTime:
        return Teaching::tr("TP AllReduce time");
    case Quantity::PpSendBytes:
        return Teaching::tr("Bytes per PP send");
    case Quantity::EpBytesPerToken:
        return Teaching::tr("EP bytes per token");
    case Quantity::CommTime:
        return Teaching::tr("Communication per step");
    case Quantity::StageStepTime:
        return Teaching::tr("Decode step of a stage");
    case Quantity::Tpot:
        return Teaching::tr("TPOT");
    case Quantity::Ttft:
        return Teaching::tr("TTFT");
    case Quantity::Bubble:
        return Teaching::tr("Pipeline bubble");
    case Quantity::TokensPerSecPerGpu:
        return Teaching::tr("Tokens/s per GPU");
    }
    return {};
}

void ShowWorkPanel::onPlanChanged()
{
    m_dirty = true;
    if (isVisible())
        sync();
}

void ShowWorkPanel::sync()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    const QSignalBlocker block(m_rank);
    m_rank->setRange(-1, std::max(0, static_cast<int>(m_document->evaluation().ranks.size()) - 1));
    if (m_haveQuantity)
        refresh();
}

void ShowWorkPanel::showEvent(QShowEvent *event)
{
    sync();
    QWidget::showEvent(event);
}

void ShowWorkPanel::showQuantity(Quantity q, int rank)
{
    sync();
    const int row = static_cast<int>(quantities().indexOf(q));
    {
        const QSignalBlocker b1(m_list), b2(m_rank);
        m_list->setCurrentRow(row);
        m_rank->setValue(rank);
    }
    m_haveQuantity = true;
    refresh();
}

void ShowWorkPanel::showServing(ServingQuantity q)
{
    sync();
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(Qt::UserRole).toInt() == kServingRole + static_cast<int>(q)) {
            const QSignalBlocker block(m_list);
            m_list->setCurrentRow(i);
        }
    m_haveQuantity = true;
    refresh();
}

void ShowWorkPanel::showHtml(const QString &html)
{
    m_haveQuantity = false;
    m_text->setHtml(html);
}

QString ShowWorkPanel::currentHtml() const
{
    const_cast<ShowWorkPanel *>(this)->sync();
    return m_text->toHtml();
}

void ShowWorkPanel::refresh()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const int role = item->data(Qt::UserRole).toInt();
    if (role >= kServingRole) {
        m_rank->setEnabled(false);
        const std::shared_ptr<const ServingResult> r = m_document->serving();
        m_text->setHtml(r
                ? textformat::explanationHtml(explainServing(static_cast<ServingQuantity>(role - kServingRole), *r),
                    textformat::ExplanationStyle::Panel)
                : textformat::qs(m_document->servingError()).toHtmlEscaped());
        return;
    }
    const auto q = static_cast<Quantity>(role);
    m_rank->setEnabled(perRank(q));
    const EvaluatedPlan &p = teaching::evaluatedOrEmpty(*m_document);
    m_text->setHtml(textformat::explanationHtml(
        explain(q, p, perRank(q) ? m_rank->value() : -1), textformat::ExplanationStyle::Panel));
}

void ShowWorkPanel::retranslate()
{
    for (int i = 0; i < m_list->count(); ++i) {
        const int role = m_list->item(i)->data(Qt::UserRole).toInt();
        m_list->item(i)->setText(role >= kServingRole ? servingName(static_cast<ServingQuantity>(role - kServingRole))
                                                      : quantityName(static_cast<Quantity>(role)));
    }
    m_gpuLabel->setText(Teaching::tr("GPU:"));
    m_rank->setSpecialValueText(Teaching::tr("binding / slowest"));
    if (m_haveQuantity)
        refresh();
}

void ShowWorkPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

ShowWorkClicks::ShowWorkClicks(QObject *parent)
    : QObject(parent)
{
}

bool ShowWorkClicks::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_enabled || event->type() != QEvent::MouseButtonRelease)
        return QObject::eventFilter(watched, event);
    auto *mouse = static_cast<QMouseEvent *>(event);
    if (mouse->button() != Qt::LeftButton)
        return QObject::eventFilter(watched, event);
    QString tip;
    if (auto *label = qobject_cast<QLabel *>(watched)) {
        tip = label->toolTip();
    } else if (auto *viewport = qobject_cast<QWidget *>(watched)) {
        if (auto *view = qobject_cast<QAbstractItemView *>(viewport->parent()); view && view->viewport() == viewport) {
            const QModelIndex index = view->indexAt(mouse->position().toPoint());
            tip = index.isValid() ? index.data(Qt::ToolTipRole).toString() : QString();
        }
    }
    // Only rich explanations (the window's tooltips are HTML), not plain hints on controls.
    if (tip.contains(QLatin1Char('<')) && tip.contains(QLatin1String("<br")))
        emit picked(tip);
    return QObject::eventFilter(watched, event);
}
