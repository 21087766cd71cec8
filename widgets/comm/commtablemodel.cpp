#include "widgets/comm/commtablemodel.h"

#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QFont>

using namespace shardscope;

void CommTableModel::setRows(std::shared_ptr<const PlanState> state, std::vector<CommRow> rows)
{
    beginResetModel();
    m_state = std::move(state);
    m_rows = std::move(rows);
    endResetModel();
}

int CommTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CommTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case What:
            return tr("Traffic");
        case Link:
            return tr("Link");
        case PerStep:
            return tr("×/step");
        case DecodeMessage:
            return tr("Decode msg");
        case DecodeSent:
            return tr("sent/GPU");
        case DecodeTime:
            return tr("time");
        case PrefillMessage:
            return tr("Prefill msg");
        case PrefillSent:
            return tr("sent/GPU");
        case PrefillTime:
            return tr("time");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PerStep:
            return tr("Messages per forward step, over all stages");
        case DecodeMessage:
        case PrefillMessage:
            return tr("Bytes of one message (AllReduce buffer, send, or per MoE layer on the busiest GPU)");
        case DecodeSent:
        case PrefillSent:
            return tr("Bytes the busiest GPU sends in one step");
        case DecodeTime:
        case PrefillTime:
            return tr("α-β estimate for one step, summed over stages");
        default:
            return {};
        }
    }
    return {};
}

QVariant CommTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CommRow &r = m_rows[static_cast<size_t>(index.row())];
    const bool total = r.kind == CommRow::LinkTotal;
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case PerStep:
            return r.perStep;
        case DecodeMessage:
            return r.decodeMessage;
        case DecodeSent:
            return r.decodeSent;
        case DecodeTime:
            return r.decodeSec;
        case PrefillMessage:
            return r.prefillMessage;
        case PrefillSent:
            return r.prefillSent;
        case PrefillTime:
            return r.prefillSec;
        default:
            return {};
        }
    }
    if (role == Qt::DisplayRole) {
        const auto bytes = [total](double b) { return total && b == 0 ? QString() : textformat::bytes(b, 1); };
        const auto secs = [](double s) { return textformat::duration(s); };
        switch (index.column()) {
        case What:
            return r.what;
        case Link:
            return m_state ? textformat::linkName(r.link, m_state->gpu.scaleupLink) : QString();
        case PerStep:
            return total ? QString() : QString::number(r.perStep);
        case DecodeMessage:
            return total ? QString() : bytes(r.decodeMessage);
        case DecodeSent:
            return bytes(r.decodeSent);
        case DecodeTime:
            return secs(r.decodeSec);
        case PrefillMessage:
            return total ? QString() : bytes(r.prefillMessage);
        case PrefillSent:
            return bytes(r.prefillSent);
        case PrefillTime:
            return secs(r.prefillSec);
        }
    }
    if (role == Qt::ToolTipRole)
        return QStringLiteral("<b>%1</b><br>%2").arg(r.what.toHtmlEscaped(), r.formula.toHtmlEscaped());
    if (role == Qt::TextAlignmentRole)
        return index.column() >= PerStep ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                         : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::FontRole && total) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    return {};
}
