#pragma once
#include <QGroupBox>

class PlanEditor;
class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

// The what-ifs of the communication and time model (docs/DESIGN.md §4, §D): PP
// micro-batches, expert routing skew, FP8 dispatch, and overrides of each link's α and effective β and
// of the roofline's efficiencies. A box at its lowest value means "the GPU preset's" and says which
// value that is. Successive edits of one field make one undo step.
class LinksPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit LinksPanel(PlanEditor *editor, QWidget *parent = nullptr);

    QDoubleSpinBox *scaleupBandwidth() const { return m_scaleupGBps; }
    QDoubleSpinBox *nicLatency() const { return m_nicLatencyUs; }
    QSpinBox *microbatches() const { return m_microbatches; }

private:
    void sync();

    PlanEditor *m_editor;
    QSpinBox *m_microbatches;
    QDoubleSpinBox *m_skew;
    QCheckBox *m_fp8Dispatch;
    QDoubleSpinBox *m_scaleupGBps;
    QDoubleSpinBox *m_scaleupLatencyUs;
    QDoubleSpinBox *m_pcieGBps;
    QDoubleSpinBox *m_nicGBps;
    QDoubleSpinBox *m_nicLatencyUs;
    QDoubleSpinBox *m_hbmEfficiency;
    QDoubleSpinBox *m_computeEfficiency;
};
