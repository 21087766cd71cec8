#pragma once
#include "core/model/calibrationprofile.h"

#include <QGroupBox>

class PlanEditor;
class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

// The vLLM engine the plan is sized for (docs/DESIGN.md §B): the release whose accounting
// applies, CUDA graphs, the scheduler's batch limits that drive peak activation, the KV block size,
// decode context parallelism, speculative draft layers, and the calibration profile (overheads fitted
// to a real startup log) or none (overheads estimated). Successive edits of one field make one undo step.
class EnginePanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit EnginePanel(PlanEditor *editor, QWidget *parent = nullptr);

    QComboBox *version() const { return m_version; }
    QComboBox *calibration() const { return m_calibration; }
    QCheckBox *enforceEager() const { return m_eager; }
    QCheckBox *flashinferSampler() const { return m_flashinferSampler; }
    QCheckBox *customAllReduce() const { return m_customAllReduce; }
    QSpinBox *speculativeTokens() const { return m_specTokens; }
    QComboBox *prefixCaching() const { return m_prefixCaching; }
    QComboBox *moeBackend() const { return m_moeBackend; }
    QLabel *regime() const { return m_regime; }

    // The releases offered in the version box besides "latest"; any other X.Y.Z may be typed.
    static QStringList knownVersions();

signals:
    void errorOccurred(const QString &message);

private:
    void sync();
    void rebuildCalibrations();
    void selectCalibration();
    void versionEntered();
    void calibrationChosen(int index);

    PlanEditor *m_editor;
    QComboBox *m_version;
    QLabel *m_regime;
    QCheckBox *m_eager;
    QCheckBox *m_flashinferSampler;
    QCheckBox *m_customAllReduce; // checked: vLLM's custom all-reduce allowed (the plan's default)
    QSpinBox *m_maxSeqs;
    QSpinBox *m_maxBatched;
    QComboBox *m_blockSize;
    QSpinBox *m_dcp;
    QSpinBox *m_draftLayers;
    QSpinBox *m_specTokens;
    QComboBox *m_prefixCaching; // data: PrefixCaching as int
    QComboBox *m_moeBackend; // data: MoeBackend as int
    QComboBox *m_calibration;
    QLabel *m_calibrationNote;
    shardscope::CalibrationProfile m_shownCalibration; // the plan's when the box was last filled
};
