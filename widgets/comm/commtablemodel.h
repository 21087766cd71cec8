#pragma once
#include "widgets/comm/commrows.h"

#include <QAbstractTableModel>

#include <memory>

// The communication ledger as a table: one row per kind of traffic and per link, decode and
// prefill columns. Qt::UserRole carries raw bytes and seconds.
class CommTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        What,
        Link,
        PerStep,
        DecodeMessage,
        DecodeSent,
        DecodeTime,
        PrefillMessage,
        PrefillSent,
        PrefillTime,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::shared_ptr<const PlanState> state, std::vector<CommRow> rows);
    const std::vector<CommRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const PlanState> m_state;
    std::vector<CommRow> m_rows;
};
