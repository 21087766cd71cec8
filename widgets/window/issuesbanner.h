#pragma once
#include <QFrame>

class PlanDocument;
class QLabel;

// Validation's findings above the views: errors, warnings, notes. Each line says its severity in
// words and with a symbol, not only in colour. Hidden when there is nothing to say.
class IssuesBanner : public QFrame
{
    Q_OBJECT
public:
    explicit IssuesBanner(const PlanDocument *document, QWidget *parent = nullptr);
    QString text() const;

protected:
    void changeEvent(QEvent *event) override; // a new language re-renders the messages

private:
    void refresh();
    const PlanDocument *m_document;
    QLabel *m_label;
};
