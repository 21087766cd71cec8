#pragma once
#include "core/model/plan.h"
#include "widgets/document/plandocument.h"

#include <QObject>

class QUndoStack;

// Turns user edits into undoable setPlan() calls. Edits that share a gesture key (one slider drag)
// merge into a single undo step.
class PlanEditor : public QObject
{
    Q_OBJECT
public:
    PlanEditor(PlanDocument *document, QObject *parent = nullptr);

    PlanDocument *document() const { return m_document; }
    QUndoStack *undoStack() const { return m_stack; }

    // Applies `plan` as one undo step named `text`; does nothing when it equals the current plan
    // or cannot be resolved. Returns whether the plan changed.
    // `plan` is a whole plan (PlanDocument::setPlan): it replaces both pools of a disaggregated plan.
    bool apply(const shardscope::Plan &plan, const QString &text, int gestureKey = 0);
    // Applies an edit of what the views show (a copy of PlanDocument::plan(), changed): for a
    // disaggregated plan it changes the viewed pool and the shared settings (wholeFromView).
    bool applyEdit(const shardscope::Plan &view, const QString &text, int gestureKey = 0);
    // Applies `change` to a copy of the current plan, as apply() does: the edit of one control. Edits
    // of one control share `gestureKey`, so successive ones merge into one undo step.
    template <typename Change> bool edit(int gestureKey, const QString &text, Change change);
    // Sets the document's workload as one undo step named `text` (edits sharing `gestureKey` merge);
    // does nothing for an unchanged workload. Returns whether it changed.
    bool applyWorkload(const shardscope::Workload &workload, const QString &text, int gestureKey = 0);
    // A fresh key for a gesture whose edits should merge (a slider drag).
    int beginGesture() { return ++m_lastGesture; }

private:
    PlanDocument *m_document;
    QUndoStack *m_stack;
    int m_lastGesture = 0;
};

template <typename Change> bool PlanEditor::edit(int gestureKey, const QString &text, Change change)
{
    shardscope::Plan p = m_document->plan();
    change(p);
    return applyEdit(p, text, gestureKey);
}
