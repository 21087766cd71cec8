#include "widgets/commpanel.h"

#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

CommPanel::CommPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_label(new QLabel(tr("Communication estimates need the communication model."), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_label);
}

void CommPanel::renderTo(QPainter &painter, const QRect &rect)
{
    render(&painter, rect.topLeft());
}
