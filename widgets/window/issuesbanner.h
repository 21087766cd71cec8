#pragma once
#include "core/model/plan.h"

#include <QFrame>

#include <optional>

class PlanDocument;
class QLabel;
class QPushButton;

// Validation's findings above the views: errors, warnings, notes. Each line says its severity in
// words and with a symbol, not only in colour. Hidden when there is nothing to say.
class IssuesBanner : public QFrame
{
    Q_OBJECT
public:
    explicit IssuesBanner(const PlanDocument *document, QWidget *parent = nullptr);
    QString text() const;
    // A plan that does not fit: the nearest one that does ("needs ≥ 8 × RTX 4090 (tp 8)"), offered
    // with one click (nearestPlanRequested). Nothing otherwise.
    const std::optional<shardscope::Plan> &nearestPlan() const { return m_nearest; }
    QPushButton *nearestButton() const { return m_useNearest; }
    // A standing note above the validation's (the user-preset folder's migration); empty: none.
    void setNotice(const QString &text);

signals:
    void nearestPlanRequested(const shardscope::Plan &plan);

protected:
    void changeEvent(QEvent *event) override; // a new language re-renders the messages

private:
    void refresh();
    const PlanDocument *m_document;
    QLabel *m_label;
    QPushButton *m_useNearest;
    std::optional<shardscope::Plan> m_nearest;
    QString m_notice;
};
