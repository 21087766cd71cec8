#pragma once
#include "core/explain/timeline.h"

#include <QWidget>

#include <vector>

// One step laid out in time (core/explain/timeline.h): a lane per GPU, or per pipeline stage when there are
// more than kMaxGpuLanes GPUs (every GPU of a stage does the same thing at the same time). Events
// are coloured by kind, idle time is hatched, the current event is outlined on every lane it
// occupies and a play head marks its start. Read-only; clicking an event makes it current.
class TimelineView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxGpuLanes = 32;

    struct Lane
    {
        int stage = 0;
        int firstGpu = -1; // -1: the lane stands for every GPU of the stage
        int gpus = 1;
    };
    QString laneLabel(const Lane &lane) const; // translated when painted

    explicit TimelineView(QWidget *parent = nullptr);

    void setTimeline(const shardscope::Evaluation &e, shardscope::Timeline timeline);
    const shardscope::Timeline &timeline() const { return m_timeline; }
    const std::vector<Lane> &lanes() const { return m_lanes; }

    int currentIndex() const { return m_current; }
    void setCurrentIndex(int index); // -1: none
    int eventCount() const { return static_cast<int>(m_timeline.events.size()); }

    void setPresentation(bool on);
    bool presentation() const { return m_presentation; }

    // Geometry, in widget coordinates: the rectangle of event `index` on lane `lane` (empty when
    // the event is not on that lane), and the event under a point (-1 for none).
    QRectF eventRect(int index, int lane) const;
    int eventAt(const QPoint &pos) const;
    double xForTime(double seconds) const;

    static QColor kindColor(shardscope::EventKind kind, int stage);

    // The legend under the lanes: one entry per kind of event the step has (embedding and LM head
    // share one), in the order of EventKind; compute in stage 0's colour.
    struct LegendEntry
    {
        shardscope::EventKind kind;
        QString text;
        QRectF rect; // widget coordinates, wrapped to the width
    };
    std::vector<LegendEntry> legend() const;
    // The text drawn inside a compute block: the micro-batch when there are several, else the
    // block's layers; empty for other kinds.
    QString blockLabel(const shardscope::TimelineEvent &ev) const;
    int laneHeight() const; // grows to fill the view, up to four lines of text

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void currentIndexChanged(int index);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    int labelWidth() const;
    int axisHeight() const;
    int baseLaneHeight() const;
    double legendHeight() const;
    QRectF plotRect() const;
    bool onLane(const shardscope::TimelineEvent &ev, const Lane &lane) const;

    shardscope::Timeline m_timeline;
    std::vector<Lane> m_lanes;
    std::vector<std::vector<int>> m_stageLanes; // lanes showing each stage
    int m_current = -1;
    bool m_presentation = false;
};
