#pragma once
#include "core/report/compare.h"

#include <QWidget>

#include <optional>

class CompareModel;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

// Compare: pin the current plan as A, move the sliders to get B (the current plan), and read the two
// side by side with their deltas and the generated causes.
class ComparePanel : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePanel(QWidget *parent = nullptr);

    // The current plan: B once A is pinned.
    void setPlan(const shardscope::Evaluation &e, const shardscope::ModelSpec &m, const shardscope::GpuSpec &gpu);
    void pin(); // the current plan becomes A
    void unpin();
    bool isPinned() const { return m_a.has_value(); }

    const shardscope::Comparison &comparison() const { return m_comparison; }
    CompareModel *model() const { return m_model; }
    QString explanationText() const; // the "why" list as shown

    const std::optional<shardscope::EvaluatedPlan> &pinned() const { return m_a; }
    const shardscope::EvaluatedPlan &current() const { return m_b; }

signals:
    void exportRequested(); // "Export comparison report…"

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();

    std::optional<shardscope::EvaluatedPlan> m_a;
    shardscope::EvaluatedPlan m_b;
    shardscope::Comparison m_comparison;
    CompareModel *m_model;
    QPushButton *m_pin;
    QPushButton *m_export;
    QLabel *m_status;
    QTableView *m_table;
    QTextBrowser *m_why;
};
