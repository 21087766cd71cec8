#pragma once
#include "core/report/compare.h"

#include <QWidget>

#include <memory>

class CompareModel;
class PlanDocument;
struct PlanState;
class TeachingState;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

// Compare: pin the current plan as A, move the sliders to get B (the current plan), and read the two
// side by side with their deltas and the generated causes. B is the document's plan, A the
// TeachingState's pinned one; the comparison is redone lazily while hidden.
class ComparePanel : public QWidget
{
    Q_OBJECT
public:
    ComparePanel(const PlanDocument *document, TeachingState *state, QWidget *parent = nullptr);

    void pin(); // the current plan becomes A
    void unpin();
    bool isPinned() const;

    const shardscope::Comparison &comparison() const;
    CompareModel *model() const;
    QString explanationText() const; // the "why" list as shown

    const std::shared_ptr<const PlanState> &pinned() const;
    const shardscope::EvaluatedPlan &current() const; // B: the document's plan
    // Every column of the table in sight, none cut (for tests); the layout side by side or stacked.
    bool tableWhole() const;

signals:
    void exportRequested(); // "Export comparison report…"

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onChanged(); // the document's plan or the pinned one
    void sync(); // compares again if either changed since the last refresh
    void refresh();
    void updateButtons(); // Pin / Unpin and Export, which follow the pinned plan at once
    void retranslate();
    void fitTable();
    void arrange();
    static constexpr int kMinExplanationWidth = 260;

    const PlanDocument *m_document;
    TeachingState *m_state;
    bool m_dirty = false;
    shardscope::Comparison m_comparison;
    // Side A served at the document's workload, simulated once per pinned plan and workload.
    const shardscope::ServingResult *pinnedServing();
    std::shared_ptr<const PlanState> m_servedPin;
    shardscope::Workload m_servedWorkload;
    std::shared_ptr<const shardscope::ServingResult> m_pinServing;
    CompareModel *m_model;
    QPushButton *m_pin;
    QPushButton *m_export;
    QLabel *m_status;
    QTableView *m_table;
    QTextBrowser *m_why;
    class QSplitter *m_split = nullptr;
    int m_tableWidth = 0;
};
