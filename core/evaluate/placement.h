#pragma once
#include "core/model/plan.h"

#include <vector>

namespace shardscope {

// vLLM's get_pp_indices (vllm/distributed/utils.py): each stage gets L // pp layers; the remainder r
// adds one layer to each of the r stages just before the last (partitions[-i] += 1, i = 2 .. r+1),
// because the last stage also carries the final norm and LM head. 61 on 4 -> 15,15,16,15.
std::vector<int> vllmPpPartition(int layers, int pp);

// Where a global rank sits. vLLM's initialize_model_parallel lays ranks out DP x PP x TP with TP
// fastest: rank = (dp_rank * pp + pp_rank) * tp + tp_rank. Ranks fill nodes in order.
struct RankCoord
{
    int rank = 0;
    int node = 0;
    int ppStage = 0;
    int tpRank = 0;
    int dpRank = 0;
    int epRank = 0; // inside the stage's MoE group: dp_rank * tp + tp_rank, modulo ep
    int moeGroupRank = 0; // dp_rank * tp + tp_rank (vLLM flattens DP and TP for MoE)
};
RankCoord rankCoord(int rank, int tp, int pp, int ep, int gpusPerNode);
int globalRank(int dpRank, int ppStage, int tpRank, int tp, int pp);

// The cluster cell of a global rank: ranks fill nodes in order, so node = rank / gpusPerNode and the
// slot inside the node = rank mod gpusPerNode. gpusPerNode <= 0: a single node.
struct NodeSlot
{
    int node = 0;
    int slot = 0;
};
NodeSlot nodeSlotOfRank(int rank, int gpusPerNode);

// The global ranks of PP stage `ppStage` that hold EP rank `epRank`'s experts, ascending: the MoE group
// ranks g = dp_rank * tp + tp_rank with g mod ep = epRank (as rankCoord numbers them); more than one when
// ep < tp x dp and each expert is split over the rest.
std::vector<int> ranksOfEpRank(int epRank, int ppStage, int tp, int pp, int dp, int ep);

// The PP stage holding decoder layer `layer` when stage s holds stageLayers[s] consecutive layers;
// a layer past the end is the last stage's (-1 when there are no stages).
int stageOfLayer(const std::vector<int> &stageLayers, int layer);

// Query / KV heads a TP rank holds. When tp > kv heads each KV head is replicated on tp / kv ranks.
struct HeadSlice
{
    int qFirst = 0;
    int qCount = 0;
    int kvFirst = 0;
    int kvCount = 0;
    int kvReplicas = 1; // how many TP ranks hold the same KV head
};
HeadSlice headsOnTpRank(int heads, int kvHeads, int tp, int tpRank);

// Logical experts held by one EP rank, in slot order. With R redundant experts there are E + R
// physical slots; physical slot p serves logical expert p mod E (EPLB's initial mapping).
// linear: slot p on rank p / ((E+R)/ep) (uneven counts: the first (E+R) % ep ranks get one more);
// round_robin: slot p on rank p mod ep.
std::vector<int> expertsOnEpRank(int experts, int redundant, int ep, int epRank, ExpertPlacement placement);
// Which EP rank owns physical slot p (same rules).
int epRankOfSlot(int slot, int experts, int redundant, int ep, ExpertPlacement placement);

} // namespace shardscope
