#pragma once
#include <QWidget>

#include <memory>

class CommChart;
class CommTableModel;
class PlanDocument;
class QLabel;
class QTableView;

// Communication per step: time by kind for decode and for prefill, the full ledger (bytes, links,
// times) as a table, and the time estimate it feeds (TPOT, TTFT). Rebuilt only while visible.
class CommPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CommPanel(const PlanDocument *document, QWidget *parent = nullptr);

    CommChart *chart() const { return m_chart; }
    CommTableModel *tableModel() const { return m_model; }
    QString summary() const;
    QString summaryToolTip() const; // the serving figures' explanations (show your work opens them)
    // The chart (export).
    void renderTo(QPainter &painter, const QRect &rect);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void rebuild();
    const PlanDocument *m_document;
    QLabel *m_summary;
    CommChart *m_chart;
    CommTableModel *m_model;
    QTableView *m_table;
    bool m_dirty = true;
};
