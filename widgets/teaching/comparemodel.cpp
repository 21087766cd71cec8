#include "widgets/teaching/comparemodel.h"

#include "widgets/teaching/teachingtext.h"

#include <QBrush>
#include <QColor>

using namespace shardscope;

CompareModel::CompareModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareModel::setComparison(const Comparison &c)
{
    beginResetModel();
    m_rows = c.rows;
    m_pinned = true;
    endResetModel();
}

void CompareModel::setCurrentOnly(const Comparison &selfComparison)
{
    beginResetModel();
    m_rows = selfComparison.rows;
    m_pinned = false;
    endResetModel();
}

void CompareModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_pinned = true;
    endResetModel();
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const DeltaRow &r = m_rows[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Quantity:
            return teaching::deltaLabel(r);
        case A:
            return m_pinned ? teaching::deltaValue(r.unit, r.a) : QStringLiteral("—");
        case B:
            return teaching::deltaValue(r.unit, r.b);
        case Change:
            return m_pinned ? teaching::deltaChange(r) : QStringLiteral("—");
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Quantity)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (!m_pinned)
        return {};
    if (role == Qt::ForegroundRole && index.column() == Change && (r.improved() || r.worsened()))
        return QBrush(r.improved() ? QColor(0x11, 0x77, 0x33) : QColor(0xBB, 0x22, 0x22));
    if (role == Qt::ToolTipRole && index.column() == Change && (r.improved() || r.worsened()))
        return r.improved() ? Teaching::tr("better") : Teaching::tr("worse");
    if (role == Qt::UserRole)
        return QString::fromStdString(r.key);
    return {};
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Quantity:
        return Teaching::tr("Quantity");
    case A:
        return Teaching::tr("A (pinned)");
    case B:
        return Teaching::tr("B (current)");
    case Change:
        return Teaching::tr("Change");
    default:
        return {};
    }
}
