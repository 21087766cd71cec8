#pragma once
#include "core/report/compare.h"

#include <QAbstractTableModel>

// The comparison's rows as a table: quantity, A, B, change (coloured better / worse).
class CompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Quantity, A, B, Change, ColumnCount };
    explicit CompareModel(QObject *parent = nullptr);

    void setComparison(const shardscope::Comparison &c);
    // Before anything is pinned: the current plan's figures under B, A and the change left empty
    // ("—"), so the table shows what will be compared instead of nothing.
    void setCurrentOnly(const shardscope::Comparison &selfComparison);
    bool hasPinned() const { return m_pinned; }
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<shardscope::DeltaRow> m_rows;
    bool m_pinned = true;
};
