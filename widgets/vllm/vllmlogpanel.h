#pragma once
#include "widgets/vllm/logreconciler.h"

#include <QWidget>

class PlanEditor;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTimer;

// The vLLM tab (issue: fidelity to vLLM): on the left, the startup log vLLM will print for the plan
// (core/vllmlog/vllmlog.h) and the memory terms of the binding GPU with their basis and assumption; on the
// right, a real startup log pasted or opened, compared term by term with the prediction for the plan
// it ran, with buttons to take over the log's settings and to fit a calibration profile to it.
class VllmLogPanel : public QWidget
{
    Q_OBJECT
public:
    explicit VllmLogPanel(PlanEditor *editor, QWidget *parent = nullptr);

    QPlainTextEdit *predictedLog() const { return m_predicted; }
    QTableWidget *termsTable() const { return m_terms; }
    QPlainTextEdit *logInput() const { return m_input; }
    QTableWidget *comparisonTable() const { return m_comparison; }
    QLabel *summary() const { return m_summary; }
    QLabel *explanation() const { return m_explanation; } // "Why: …", the notes and the log's failures
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *calibrateButton() const { return m_calibrate; }
    const LogReconciliation &reconciliation() const { return m_reconciliation; }

    // Where the compared log came from: its file name, or "Pasted log".
    QString logSource() const { return m_logSource; }
    // Loads a log file into the input (bounded read) and compares it.
    void openLog(const QString &path);
    // Compares the input now (it also happens shortly after each edit).
    void compareNow();
    // Fits a profile named `name` to the compared log, saves it and selects it in the plan. Returns the
    // saved path, or empty after emitting errorOccurred.
    QString calibrate(const QString &name);

signals:
    void errorOccurred(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refreshPrediction();
    void showComparison();
    void applyLogSettings();
    void askAndCalibrate();

    PlanEditor *m_editor;
    QPlainTextEdit *m_predicted;
    QTableWidget *m_terms;
    QPlainTextEdit *m_input;
    QLabel *m_summary;
    QTableWidget *m_comparison;
    QLabel *m_explanation;
    QPushButton *m_apply;
    QPushButton *m_calibrate;
    QTimer *m_debounce;
    LogReconciliation m_reconciliation;
    QString m_logSource; // file name of the opened log, or "pasted log"
    bool m_dirty = true;
};
