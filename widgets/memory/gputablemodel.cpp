#include "widgets/memory/gputablemodel.h"

#include "core/explain/explain.h"
#include "core/text/units.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"

#include <QTextDocument>

#include <algorithm>
#include <cmath>

using namespace shardscope;

GpuTableModel::GpuTableModel(const PlanDocument *document, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    connect(document, &PlanDocument::planChanged, this, &GpuTableModel::reset);
    connect(document, &PlanDocument::workloadChanged, this, &GpuTableModel::reset);
    if (document->hasPlan())
        m_state = document->state();
    m_workloadTokens = workloadTokens();
}

double GpuTableModel::workloadTokens() const
{
    // KV tokens the workload's running requests hold in one replica: running requests x mean context,
    // the serving simulation's steady state (the KV panel shows the same sum).
    if (!m_document->hasPlan() || !m_document->workloadBatch().fromWorkload)
        return -1;
    const std::shared_ptr<const ServingResult> r = m_document->serving();
    return r ? r->steadyDecodeBatch.decodeContext : -1;
}

void GpuTableModel::reset()
{
    beginResetModel();
    m_state = m_document->state();
    m_workloadTokens = workloadTokens();
    endResetModel();
}

int GpuTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_state)
        return 0;
    return static_cast<int>(m_state->evaluation.ranks.size());
}

int GpuTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString GpuTableModel::overheadBasisNote() const
{
    if (!m_state || m_state->plan.accounting != shardscope::Accounting::Vllm)
        return {};
    const shardscope::CalibrationProfile &c = m_state->plan.calibration;
    return c.active()
        ? tr("\nCalibrated: overheads from profile \"%1\" (fitted to %2)")
              .arg(QString::fromStdString(c.name), c.source.empty() ? tr("a log") : QString::fromStdString(c.source))
        : tr("\nEstimated: activation, non-torch memory and CUDA graphs are modelled, not measured");
}

QVariant GpuTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank:
            return tr("GPU");
        case Node:
            return tr("Node");
        case Stage:
            return tr("Stage");
        case TpRank:
            return tr("TP");
        case DpRank:
            return tr("DP");
        case EpRank:
            return tr("EP");
        case Layers:
            return tr("Layers");
        case QueryHeads:
            return tr("Q heads");
        case KvHeads:
            return tr("KV heads");
        case Experts:
            return tr("Experts/layer");
        case Weights:
            return tr("Weights (GiB)");
        case Activation:
            return tr("Activation (GiB)");
        case Other:
            return tr("Other (GiB)");
        case KvBudget:
            return tr("KV budget (GiB)");
        case KvPerToken:
            return tr("KV/token (B)");
        case Blocks:
            return tr("KV blocks");
        case WorkloadKv:
            return tr("KV at workload (GiB)");
        }
    }
    if (role == Qt::ToolTipRole) {
        // The note names the calibration profile and its log, both untrusted: a plain-text tip.
        const auto tip = [&]() -> QString {
            switch (section) {
            case TpRank:
                return tr("Tensor-parallel rank inside the TP group");
            case DpRank:
                return tr("Data-parallel replica");
            case EpRank:
                return tr("Expert-parallel rank inside the stage's MoE group (dp_rank × tp + tp_rank, mod ep)");
            case Layers:
                return tr("Layers held (inclusive), from the pipeline split");
            case Activation:
                return tr("Peak activation of the profiling run") + overheadBasisNote();
            case Other:
                return tr("What the accounting deducts besides weights and activation: non-torch memory (vLLM) or the "
                          "reserve (textbook)")
                    + overheadBasisNote();
            case KvBudget:
                return tr("Memory left for the KV cache on this GPU") + overheadBasisNote();
            case Blocks:
                return tr("KV blocks this GPU could hold; the replica uses the minimum over its GPUs")
                    + overheadBasisNote();
            case WorkloadKv:
                return tr("KV the workload's running requests hold on this GPU in the steady state (Workload "
                          "group): running requests × mean context × KV bytes per token. Estimated by the "
                          "serving simulation.");
            default:
                return {};
            }
        }();
        return tip.isEmpty() ? QVariant() : QVariant(Qt::convertFromPlainText(tip));
    }
    return {};
}

QVariant GpuTableModel::data(const QModelIndex &index, int role) const
{
    if (!m_state || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Evaluation &e = m_state->evaluation;
    const RankPlacement &r = e.ranks[static_cast<size_t>(index.row())];
    const RankMemory &m = r.memory;
    const bool moe = m_state->model.isMoe();
    const double other = std::max(0.0, m.requested - m.weights.total() - m.activation.total() - m.kvBudget);
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Rank:
            return r.rank;
        case Node:
            return r.node;
        case Stage:
            return r.ppStage;
        case TpRank:
            return r.tpRank;
        case DpRank:
            return r.dpRank;
        case EpRank:
            return r.epRank;
        case Layers:
            return r.lastLayer - r.firstLayer + 1;
        case QueryHeads:
            return r.heads.qCount;
        case KvHeads:
            return r.heads.kvCount;
        case Experts:
            return static_cast<int>(r.experts.size());
        case Weights:
            return m.weights.total();
        case Activation:
            return m.activation.total();
        case Other:
            return other;
        case KvBudget:
            return m.kvBudget;
        case KvPerToken:
            return m.kvBytesPerToken;
        case Blocks:
            return static_cast<qlonglong>(m.blocks);
        case WorkloadKv:
            return m_workloadTokens >= 0 ? QVariant(m_workloadTokens * m.kvBytesPerToken) : QVariant();
        }
    }
    if (role == Qt::DisplayRole) {
        const auto g = [](double bytes) { return QString::number(bytes / GiB, 'f', 2); };
        switch (index.column()) {
        case Rank:
            return r.rank;
        case Node:
            return r.node;
        case Stage:
            return r.ppStage;
        case TpRank:
            return r.tpRank;
        case DpRank:
            return r.dpRank;
        case EpRank:
            return moe ? QVariant(r.epRank) : QVariant(QStringLiteral("–"));
        case Layers:
            return tr("%1 (%2)").arg(textformat::range(r.firstLayer, r.lastLayer)).arg(r.lastLayer - r.firstLayer + 1)
                + (r.embedding ? tr(" +emb") : QString()) + (r.lmHead ? tr(" +head") : QString());
        case QueryHeads:
            return textformat::heads(r.heads.qFirst, r.heads.qCount);
        case KvHeads:
            if (m_state->model.isMla())
                return tr("latent");
            return textformat::heads(r.heads.kvFirst, r.heads.kvCount)
                + (r.heads.kvReplicas > 1 ? tr(" ×%1").arg(r.heads.kvReplicas) : QString());
        case Experts:
            return moe ? QVariant(static_cast<int>(r.experts.size())) : QVariant(QStringLiteral("–"));
        case Weights:
            return g(m.weights.total());
        case Activation:
            return g(m.activation.total());
        case Other:
            return g(other);
        case KvBudget:
            return g(m.kvBudget);
        case KvPerToken:
            return textformat::count(static_cast<std::int64_t>(m.kvBytesPerToken));
        case Blocks:
            return textformat::count(m.blocks);
        case WorkloadKv:
            return m_workloadTokens >= 0 ? g(m_workloadTokens * m.kvBytesPerToken) : QStringLiteral("–");
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Weights ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignCenter);
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Weights:
            return textformat::explanationHtml(explain(Quantity::WeightsPerGpu, *m_state, r.rank));
        case KvBudget:
            return textformat::explanationHtml(explain(Quantity::KvBudget, *m_state, r.rank));
        case KvPerToken:
            return textformat::explanationHtml(explain(Quantity::KvBytesPerToken, *m_state, r.rank));
        case WorkloadKv:
            if (m_workloadTokens < 0)
                return tr("No serving estimate for the workload: %1")
                    .arg(textformat::qs(m_document->servingError()).toHtmlEscaped());
            return tr("<b>KV at the workload, GPU %1</b> (%2)<br><i>KV tokens the running requests hold × KV "
                      "bytes per token on this GPU</i><br>= %3 × %4 B = %5 GiB<br><i>Estimated: the steady state "
                      "of a simulation of vLLM V1's scheduler.</i>")
                .arg(r.rank)
                .arg(workloadtext::workload(m_document->workload()), textformat::count(std::llround(m_workloadTokens)),
                    textformat::count(static_cast<std::int64_t>(m.kvBytesPerToken)))
                .arg(m_workloadTokens * m.kvBytesPerToken / GiB, 0, 'f', 2);
        default:
            return textformat::gpuSummaryHtml(*m_state, r.rank);
        }
    }
    return {};
}
