#pragma once
#include <QAbstractTableModel>

#include <memory>

class PlanDocument;
struct PlanState;

// One row per GPU: where it sits, what it holds, its memory. DisplayRole is formatted with units,
// Qt::UserRole carries the raw number (bytes, counts) for sorting and tests.
class GpuTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Rank,
        Node,
        Stage,
        TpRank,
        DpRank,
        EpRank,
        Layers,
        QueryHeads,
        KvHeads,
        Experts,
        Weights,
        Activation,
        Other,
        KvBudget,
        KvPerToken,
        Blocks,
        WorkloadKv, // GiB of KV the workload's running requests hold on this GPU (steady state, estimated)
        ColumnCount
    };
    explicit GpuTableModel(const PlanDocument *document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Every text is made when asked for: a reset makes the views ask again (a new language).
    void reset();

private:
    double workloadTokens() const; // -1 without a serving estimate
    double m_workloadTokens = -1;
    // "\nEstimated: …" or "\nCalibrated: profile …" for the columns that rest on the overheads.
    QString overheadBasisNote() const;
    const PlanDocument *m_document;
    std::shared_ptr<const PlanState> m_state;
};
