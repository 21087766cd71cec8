#include "core/evaluate/placement.h"

#include <algorithm>

namespace shardscope {

std::vector<int> vllmPpPartition(int layers, int pp)
{
    if (pp <= 0)
        return {};
    std::vector<int> partitions(pp, layers / pp);
    const int remaining = layers % pp;
    for (int i = 2; i < remaining + 2; ++i)
        partitions[pp - i] += 1;
    return partitions;
}

int globalRank(int dpRank, int ppStage, int tpRank, int tp, int pp)
{
    return (dpRank * pp + ppStage) * tp + tpRank;
}

NodeSlot nodeSlotOfRank(int rank, int gpusPerNode)
{
    if (gpusPerNode <= 0)
        return { 0, rank };
    return { rank / gpusPerNode, rank % gpusPerNode };
}

std::vector<int> ranksOfEpRank(int epRank, int ppStage, int tp, int pp, int dp, int ep)
{
    std::vector<int> ranks;
    if (tp <= 0 || ep <= 0 || epRank < 0)
        return ranks;
    for (int g = epRank; g < tp * dp; g += ep)
        ranks.push_back(globalRank(g / tp, ppStage, g % tp, tp, pp));
    return ranks;
}

int stageOfLayer(const std::vector<int> &stageLayers, int layer)
{
    int first = 0;
    for (size_t s = 0; s < stageLayers.size(); ++s) {
        first += stageLayers[s];
        if (layer < first)
            return static_cast<int>(s);
    }
    return static_cast<int>(stageLayers.size()) - 1;
}

RankCoord rankCoord(int rank, int tp, int pp, int ep, int gpusPerNode)
{
    RankCoord c;
    c.rank = rank;
    c.tpRank = rank % tp;
    c.ppStage = (rank / tp) % pp;
    c.dpRank = rank / (tp * pp);
    c.node = nodeSlotOfRank(rank, gpusPerNode).node;
    c.moeGroupRank = c.dpRank * tp + c.tpRank;
    c.epRank = ep > 0 ? c.moeGroupRank % ep : 0;
    return c;
}

HeadSlice headsOnTpRank(int heads, int kvHeads, int tp, int tpRank)
{
    HeadSlice s;
    s.qCount = heads / tp;
    s.qFirst = tpRank * s.qCount;
    if (tp <= kvHeads) {
        s.kvCount = kvHeads / tp;
        s.kvFirst = tpRank * s.kvCount;
        s.kvReplicas = 1;
    } else {
        s.kvCount = 1;
        s.kvReplicas = tp / std::max(1, kvHeads);
        s.kvFirst = tpRank / std::max(1, s.kvReplicas);
    }
    return s;
}

namespace {

// Linear split of `slots` over `ep` ranks: first (slots % ep) ranks hold one extra.
int linearFirstSlot(int slots, int ep, int epRank)
{
    const int base = slots / ep;
    const int extra = slots % ep;
    return epRank * base + std::min(epRank, extra);
}

} // namespace

std::vector<int> expertsOnEpRank(int experts, int redundant, int ep, int epRank, ExpertPlacement placement)
{
    std::vector<int> out;
    if (experts <= 0 || ep <= 0 || epRank < 0 || epRank >= ep)
        return out;
    const int slots = experts + std::max(0, redundant);
    if (placement == ExpertPlacement::RoundRobin) {
        for (int p = epRank; p < slots; p += ep)
            out.push_back(p % experts);
    } else {
        const int first = linearFirstSlot(slots, ep, epRank);
        const int last = linearFirstSlot(slots, ep, epRank + 1);
        for (int p = first; p < last; ++p)
            out.push_back(p % experts);
    }
    return out;
}

int epRankOfSlot(int slot, int experts, int redundant, int ep, ExpertPlacement placement)
{
    const int slots = experts + std::max(0, redundant);
    if (ep <= 0 || slot < 0 || slot >= slots)
        return -1;
    if (placement == ExpertPlacement::RoundRobin)
        return slot % ep;
    const int base = slots / ep;
    const int extra = slots % ep;
    const int boundary = extra * (base + 1); // slots held by the ranks with one extra
    if (slot < boundary)
        return slot / (base + 1);
    return base > 0 ? extra + (slot - boundary) / base : extra;
}

} // namespace shardscope
