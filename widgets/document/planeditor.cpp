#include "widgets/document/planeditor.h"

#include "widgets/document/plandocument.h"

#include <QUndoCommand>
#include <QUndoStack>

using shardscope::Plan;
using shardscope::Workload;

namespace {

class SetPlanCommand : public QUndoCommand
{
public:
    SetPlanCommand(PlanDocument *doc, Plan before, Plan after, const QString &text, int gestureKey)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_gesture(gestureKey)
    {
    }
    void redo() override { m_doc->setPlan(m_after); }
    void undo() override { m_doc->setPlan(m_before); }
    int id() const override { return m_gesture > 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetPlanCommand *>(other);
        if (o->m_gesture != m_gesture)
            return false;
        m_after = o->m_after;
        setObsolete(m_after == m_before); // a drag that ends where it started leaves no step
        return true;
    }

private:
    PlanDocument *m_doc;
    Plan m_before;
    Plan m_after;
    int m_gesture;
};

class SetWorkloadCommand : public QUndoCommand
{
public:
    SetWorkloadCommand(PlanDocument *doc, Workload before, Workload after, const QString &text, int gestureKey)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(before)
        , m_after(after)
        , m_gesture(gestureKey)
    {
    }
    void redo() override { m_doc->setWorkload(m_after); }
    void undo() override { m_doc->setWorkload(m_before); }
    int id() const override { return m_gesture > 0 ? 2 : -1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetWorkloadCommand *>(other);
        if (o->m_gesture != m_gesture)
            return false;
        m_after = o->m_after;
        setObsolete(m_after == m_before);
        return true;
    }

private:
    PlanDocument *m_doc;
    Workload m_before;
    Workload m_after;
    int m_gesture;
};

} // namespace

bool PlanEditor::applyWorkload(const Workload &workload, const QString &text, int gestureKey)
{
    if (m_document->workload() == workload)
        return false;
    m_stack->push(new SetWorkloadCommand(m_document, m_document->workload(), workload, text, gestureKey));
    return true;
}

PlanEditor::PlanEditor(PlanDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_stack(new QUndoStack(this))
{
}

bool PlanEditor::apply(const Plan &plan, const QString &text, int gestureKey)
{
    if (!m_document->canResolve(plan))
        return false;
    if (!m_document->hasPlan()) { // the very first plan is not an undoable step
        return m_document->setPlan(plan);
    }
    if (m_document->wholePlan() == plan)
        return false;
    m_stack->push(new SetPlanCommand(m_document, m_document->wholePlan(), plan, text, gestureKey));
    return true;
}

bool PlanEditor::applyEdit(const Plan &view, const QString &text, int gestureKey)
{
    return apply(m_document->hasPlan() ? m_document->wholeFromView(view) : view, text, gestureKey);
}
