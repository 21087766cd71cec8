#pragma once
#include "core/explain/timeline.h"

#include <QWidget>

class ClusterMap;
class QComboBox;
class QLabel;
class QTimer;
class QToolButton;
class TimelineView;

// Step through one decode or prefill step: the timeline, play / pause / step forward / step back,
// a caption naming the current event, and a map of the GPUs and the link it uses. The plan comes in
// through setPlan(); currentEventChanged() carries the event's GPUs and link to other views (the
// placement grid).
class TimelinePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget *parent = nullptr);

    void setPlan(const shardscope::Evaluation &e, const shardscope::ModelSpec &m, const shardscope::GpuSpec &gpu);
    void setPhase(shardscope::Phase phase);
    shardscope::Phase phase() const { return m_phase; }
    void setPresentation(bool on);

    TimelineView *view() const { return m_view; }
    ClusterMap *map() const { return m_map; }
    QString caption() const;
    QString summary() const; // the step's figures, or "not runnable"
    bool isPlaying() const;

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

private:
    void rebuild();
    void onCurrentChanged(int index);
    void retranslate();

    shardscope::Evaluation m_evaluation;
    shardscope::ModelSpec m_model;
    shardscope::GpuSpec m_gpu;
    shardscope::Phase m_phase = shardscope::Phase::Decode;
    TimelineView *m_view;
    ClusterMap *m_map;
    QComboBox *m_phaseBox;
    QToolButton *m_back;
    QToolButton *m_play;
    QToolButton *m_forward;
    QLabel *m_caption;
    QLabel *m_summary;
    QTimer *m_timer;
};
