#pragma once
#include <QGroupBox>

class PlanEditor;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

// Memory accounting and the workload: utilization, max model length, KV dtype, weight format,
// expert placement, decode batch and prompt length. Successive edits of one field make one undo step.
class SettingsPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit SettingsPanel(PlanEditor *editor, QWidget *parent = nullptr);

    QDoubleSpinBox *utilization() const { return m_utilization; }
    QSpinBox *maxModelLen() const { return m_maxLen; }
    QComboBox *kvDtype() const { return m_kvDtype; }
    QComboBox *accounting() const { return m_accounting; }

private:
    void sync();

    PlanEditor *m_editor;
    QComboBox *m_accounting;
    QDoubleSpinBox *m_utilization;
    QSpinBox *m_maxLen;
    QComboBox *m_kvDtype;
    QComboBox *m_quantization;
    QComboBox *m_placement;
    QSpinBox *m_redundant;
    QSpinBox *m_batch;
    QSpinBox *m_promptLen;
    QDoubleSpinBox *m_reserve;
};
