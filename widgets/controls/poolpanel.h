#pragma once
#include <QGroupBox>

class PlanEditor;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;

// Disaggregated prefill/decode in the window (issue #18 §2): a switch between serving one pool of vLLM
// servers (aggregated) and two (a prefill and a decode pool, xPyD, the KV cache crossing a link), and for
// a disaggregated plan which pool the grid, memory and every other view show. The parallelism, GPU and
// batch controls then edit the viewed pool (PlanDocument::wholeFromView); the instance counts and the
// link are edited here. Each edit is one undo step; the viewed pool is a view setting.
class PoolPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit PoolPanel(PlanEditor *editor, QWidget *parent = nullptr);

    QCheckBox *disaggregated() const { return m_enable; }
    QRadioButton *prefillButton() const { return m_showPrefill; }
    QRadioButton *decodeButton() const { return m_showDecode; }
    QSpinBox *prefillInstances() const { return m_prefillInstances; }
    QSpinBox *decodeInstances() const { return m_decodeInstances; }
    QString summaryText() const;

private:
    void sync();
    void toggle(bool on);
    void retranslate();

    PlanEditor *m_editor;
    QCheckBox *m_enable;
    QRadioButton *m_showPrefill;
    QRadioButton *m_showDecode;
    QSpinBox *m_prefillInstances;
    QSpinBox *m_decodeInstances;
    QComboBox *m_link;
    QLabel *m_summary;
    QFormLayout *m_form;
};
