#pragma once
#include <QGroupBox>

class PlanEditor;
namespace shardscope {
struct DisaggServingResult;
}
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

// The serving workload every view uses (PlanDocument::workload(), vllm bench serve's names): the dataset
// (fixed lengths or ShareGPT's), input and output length (ShareGPT: their means), concurrent clients or a request rate,
// prompts; each edit one undo step. Below them, the estimated serving figures of the plan at that workload (TTFT, TPOT,
// output tokens/s per GPU), each with its show-your-work tooltip.
class WorkloadPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit WorkloadPanel(PlanEditor *editor, QWidget *parent = nullptr);

    QComboBox *dataset() const { return m_dataset; }
    QSpinBox *inputLen() const { return m_inputLen; }
    QSpinBox *outputLen() const { return m_outputLen; }
    QSpinBox *concurrency() const { return m_concurrency; }
    QDoubleSpinBox *requestRate() const { return m_rate; }
    QSpinBox *prompts() const { return m_prompts; }
    // The figures as shown: "p50 … · p99 …" for TTFT and TPOT, tokens/s per GPU.
    QString ttftText() const;
    QString tpotText() const;
    QString throughputText() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void syncInputs();
    void updateLengthSuffixes();
    void onChanged();
    void refreshFigures();
    void showPools(const shardscope::DisaggServingResult &d);

    PlanEditor *m_editor;
    QComboBox *m_dataset;
    QSpinBox *m_inputLen;
    QSpinBox *m_outputLen;
    QSpinBox *m_concurrency;
    QDoubleSpinBox *m_rate;
    QSpinBox *m_prompts;
    QLabel *m_ttft;
    QLabel *m_tpot;
    QLabel *m_throughput;
    QLabel *m_note;
    QFormLayout *m_figures;
    bool m_dirty = true;
};
