#pragma once
#include <QWidget>

class PlanDocument;
class QPlainTextEdit;

// The vLLM launch command for the plan, read-only, with Copy and Export… (every option, scripts).
class CommandPreview : public QWidget
{
    Q_OBJECT
public:
    explicit CommandPreview(const PlanDocument *document, QWidget *parent = nullptr);
    // What the preview shows, and what Copy puts on the clipboard (every node's commands).
    QString command() const;
    QString fullCommand() const { return m_full; }

signals:
    void exportRequested();

private:
    void refresh();
    const PlanDocument *m_document;
    QPlainTextEdit *m_text;
    QString m_full;
};
