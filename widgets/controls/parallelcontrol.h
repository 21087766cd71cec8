#pragma once
#include <QSpinBox>
#include <QWidget>

#include <vector>

class QLabel;
class QSlider;

// A spin box whose arrows step through a list of allowed values; typing may give any number, which
// the owner checks (and snaps) when the edit is committed.
class SnapSpinBox : public QSpinBox
{
    Q_OBJECT
public:
    using QSpinBox::QSpinBox;
    void setAllowed(std::vector<int> allowed) { m_allowed = std::move(allowed); }
    void stepBy(int steps) override;

protected:
    StepEnabled stepEnabled() const override;

private:
    std::vector<int> m_allowed;
};

// One parallel size (TP, PP, DP or EP): a slider over the allowed values, a spin box, a line saying
// what is allowed and, after a refused value, why it was refused.
class ParallelControl : public QWidget
{
    Q_OBJECT
public:
    ParallelControl(const QString &name, const QString &toolTip, QWidget *parent = nullptr);

    // Re-syncs to the document (no signals).
    void setAllowed(const std::vector<int> &allowed, int value);
    // The bold name and the tooltip of the label, slider and spin box (a new language).
    void setName(const QString &name, const QString &toolTip);
    void setHint(const QString &hint);
    void setReason(const QString &reason);
    QString reason() const;
    int value() const;
    QSlider *slider() const { return m_slider; }
    SnapSpinBox *spinBox() const { return m_spin; }

signals:
    // `dragging` while the slider is held: the edits of one drag make one undo step.
    void valueRequested(int value, bool dragging);
    void dragStarted();
    // A typed value that is not in the allowed list.
    void refusedValueEntered(int value);

private:
    std::vector<int> m_allowed;
    QSlider *m_slider;
    SnapSpinBox *m_spin;
    QLabel *m_name;
    QLabel *m_hint;
    QLabel *m_reason;
};
