#pragma once
#include <QWidget>

class PlanDocument;
class QPlainTextEdit;

// The vLLM launch command for the plan, read-only, with a Copy button.
class CommandPreview : public QWidget
{
    Q_OBJECT
public:
    explicit CommandPreview(const PlanDocument *document, QWidget *parent = nullptr);
    QString command() const;

private:
    void refresh();
    const PlanDocument *m_document;
    QPlainTextEdit *m_text;
};
