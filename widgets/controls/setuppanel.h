#pragma once
#include <QGroupBox>

class PlanEditor;
class ModelPicker;
class QComboBox;
class QLabel;
class QSpinBox;

// What runs where: the model, the GPU, GPUs per node (and so how many nodes).
class SetupPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit SetupPanel(PlanEditor *editor, QWidget *parent = nullptr);
    ModelPicker *modelPicker() const { return m_model; }
    QComboBox *gpuCombo() const { return m_gpu; }
    QSpinBox *gpusPerNode() const { return m_perNode; }

    // Switches the plan to model `id` (sizes it cannot take snap): one undo step.
    void chooseModel(const QString &id);

signals:
    void openConfigRequested();

private:
    void rebuildGpus();
    void sync();

    PlanEditor *m_editor;
    ModelPicker *m_model;
    QComboBox *m_gpu;
    QSpinBox *m_perNode;
    QLabel *m_nodes;
};
