#pragma once
#include "core/explain/timeline.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

struct PlanState;
class PlanDocument;

// What the teaching views share beyond the document's plan: Compare's pinned side A and the
// timeline's current event (drawn over the grids). Owned by the teaching feature of one window; the
// views read it and listen to its signals, as they do the document.
class TeachingState : public QObject
{
    Q_OBJECT
public:
    explicit TeachingState(QObject *parent = nullptr);

    // Compare's side A: a plan the document had; null while nothing is pinned.
    const std::shared_ptr<const PlanState> &pinned() const { return m_pinned; }
    void setPinned(std::shared_ptr<const PlanState> plan);

    // The event the timeline selects and its GPUs (ascending); none while no event is selected.
    const std::optional<shardscope::TimelineEvent> &currentEvent() const { return m_event; }
    const std::vector<int> &currentEventGpus() const { return m_eventGpus; }
    void setCurrentEvent(std::optional<shardscope::TimelineEvent> event, std::vector<int> gpus);

signals:
    void pinnedChanged();
    void currentEventChanged();

private:
    std::shared_ptr<const PlanState> m_pinned;
    std::optional<shardscope::TimelineEvent> m_event;
    std::vector<int> m_eventGpus;
};

namespace teaching {
// The document's plan, or an empty one (no model, no GPU) before it has any.
const shardscope::EvaluatedPlan &evaluatedOrEmpty(const PlanDocument &document);
} // namespace teaching
