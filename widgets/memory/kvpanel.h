#pragma once
#include <QWidget>

class PlanDocument;
class QLabel;
class QGridLayout;

// The headline numbers: fits or not, KV capacity in tokens and concurrent requests per replica and
// for the cluster, weights and KV budget per GPU. Every number has a unit and a tooltip with its
// formula and the plan's actual values (core/explain/explain.h).
class KvPanel : public QWidget
{
    Q_OBJECT
public:
    explicit KvPanel(const PlanDocument *document, QWidget *parent = nullptr);

    // The value shown for a row, by its stable key ("fits", "capacity_tokens", ...), for tests.
    QString valueText(const QString &key) const;
    QString valueToolTip(const QString &key) const;

private:
    void refresh();
    void setRow(int row, const QString &key, const QString &name, const QString &value, const QString &tip);

    const PlanDocument *m_document;
    QLabel *m_verdict;
    QGridLayout *m_grid;
    QHash<QString, QLabel *> m_values;
    int m_rows = 0;
};
