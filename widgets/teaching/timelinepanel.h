#pragma once
#include "core/explain/timeline.h"

#include <QWidget>

#include <memory>

class ClusterMap;
class PlanDocument;
struct PlanState;
class TeachingState;
class QComboBox;
class QLabel;
class QTimer;
class QToolButton;
class TimelineView;

// Step through one decode or prefill step: the timeline, play / pause / step forward / step back,
// a caption naming the current event, and a map of the GPUs and the link it uses. It follows the
// document's plan (rebuilt lazily while hidden, as the grids are) and publishes the current event
// in the TeachingState (the grids draw it); currentEventChanged() carries its GPUs and link too.
class TimelinePanel : public QWidget
{
    Q_OBJECT
public:
    TimelinePanel(const PlanDocument *document, TeachingState *state, QWidget *parent = nullptr);

    void setPhase(shardscope::Phase phase);
    shardscope::Phase phase() const { return m_phase; }
    void setPresentation(bool on);

    TimelineView *view() const;
    ClusterMap *map() const;
    QString caption() const;
    QString summary() const; // the step's figures, or "not runnable"
    bool isPlaying() const;
    // Playback speed: ½, 1, 2 or 4 events per 0.9 s beat (1 = one event per 0.9 s).
    void setSpeed(double factor);
    double speed() const;
    int playInterval() const; // ms between events while playing

public slots:
    void stepForward();
    void stepBack();
    void play();
    void pause();
    void togglePlay();

signals:
    // The current event's GPUs (ascending) and the link it uses; empty when none is selected.
    void currentEventChanged(const std::vector<int> &gpus, shardscope::LinkKind link);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void onPlanChanged();
    void sync(); // takes the document's plan if it changed since the last build
    void rebuild();
    void onCurrentChanged(int index);
    void retranslate();

    const PlanDocument *m_document;
    TeachingState *m_state;
    std::shared_ptr<const PlanState> m_built; // the plan the timeline shows
    bool m_dirty = true;
    shardscope::Phase m_phase = shardscope::Phase::Decode;
    TimelineView *m_view;
    ClusterMap *m_map;
    QComboBox *m_phaseBox;
    QToolButton *m_back;
    QToolButton *m_play;
    QToolButton *m_forward;
    QComboBox *m_speed;
    QLabel *m_caption;
    QLabel *m_summary;
    QTimer *m_timer;
};
