#include "widgets/teaching/teachingstate.h"

#include "widgets/document/plandocument.h"

TeachingState::TeachingState(QObject *parent)
    : QObject(parent)
{
}

void TeachingState::setPinned(std::shared_ptr<const PlanState> plan)
{
    if (plan == m_pinned)
        return;
    m_pinned = std::move(plan);
    emit pinnedChanged();
}

void TeachingState::setCurrentEvent(std::optional<shardscope::TimelineEvent> event, std::vector<int> gpus)
{
    m_event = event; // trivially copyable
    m_eventGpus = std::move(gpus);
    emit currentEventChanged();
}

namespace teaching {

const shardscope::EvaluatedPlan &evaluatedOrEmpty(const PlanDocument &document)
{
    static const shardscope::EvaluatedPlan empty {};
    return document.hasPlan() ? document.evaluated() : empty;
}

} // namespace teaching
