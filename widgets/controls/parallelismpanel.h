#pragma once
#include "core/evaluate/planrules.h"

#include <QGroupBox>

class PlanEditor;
class ParallelControl;
class QCheckBox;
class QLabel;

// TP, PP, DP and EP. Sliders move only through allowed values; a typed value that is not allowed
// snaps to the nearest allowed one and the control says why (validation's own message).
class ParallelismPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit ParallelismPanel(PlanEditor *editor, QWidget *parent = nullptr);
    ParallelControl *control(ParallelDim dim) const { return m_controls[int(dim)]; }
    QCheckBox *expertParallelSwitch() const { return m_epSwitch; }

private:
    void sync();
    void request(ParallelDim dim, int value, bool dragging);
    void refuse(ParallelDim dim, int value);

    PlanEditor *m_editor;
    ParallelControl *m_controls[4] = {};
    QCheckBox *m_epSwitch;
    QLabel *m_world;
    int m_gesture = 0;
};
