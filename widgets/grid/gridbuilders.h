#pragma once
#include "widgets/grid/griddata.h"

#include <QCoreApplication>

#include <memory>

struct PlanState;
namespace shardscope {
struct ModelSpec;
}

// The four placement tabs, each built from one evaluated plan. Tooltips keep the state alive.
enum class GridKind { Layers, Heads, Experts, Cluster };
// Automatic: by stage, or by DP replica when there is one stage (pp = 1 would paint one colour).
enum class ClusterColoring { Stage, Replica, Automatic };

GridData buildLayersGrid(const std::shared_ptr<const PlanState> &state);
// "Mamba-2 (fixed state) · no FFN": what the Layers tab's strips say about one layer.
QString layerKindText(const shardscope::ModelSpec &m, int layer);
GridData buildHeadsGrid(const std::shared_ptr<const PlanState> &state);
GridData buildExpertsGrid(const std::shared_ptr<const PlanState> &state);
GridData buildClusterGrid(const std::shared_ptr<const PlanState> &state, ClusterColoring coloring);

// The colour each tab gives a cell's owner: Layers and Cluster by pipeline stage (or DP replica),
// Heads by TP rank, Experts by EP rank (the GPU when each expert lives on one GPU).
QColor stageColor(int stage);
QColor replicaColor(int dpRank);
QColor tpRankColor(int tpRank);
QColor epRankColor(int epRank);

// Translation context of the builders.
struct GridText
{
    Q_DECLARE_TR_FUNCTIONS(GridText)
};

namespace gridbuild {
// Shared by the builders.
GridData invalid(const PlanState &state);
// Adds "<prefix> i" legend entries, listing at most a dozen and summarising the rest.
void addCategoryLegend(GridData &d, const QString &what, int count, QColor (*color)(int));
void fillRow(QImage &image, int row, int firstColumn, int count, QRgb color);
} // namespace gridbuild
