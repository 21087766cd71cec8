#pragma once
#include <QWidget>

class PlanDocument;
class QLabel;

// Communication per step by kind and link, decode vs prefill.
class CommPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CommPanel(const PlanDocument *document, QWidget *parent = nullptr);
    void renderTo(QPainter &painter, const QRect &rect);

private:
    const PlanDocument *m_document;
    QLabel *m_label;
};
