#pragma once
#include <QString>

#include <vector>

struct PlanState;

// One bar of the memory chart, bytes. The parts stack to the GPU's total: weights + activation +
// other (non-torch, CUDA graphs, textbook reserve) + KV budget + headroom (what utilization < 1
// leaves to others). When the plan does not fit, the KV budget is 0 and the bar overshoots.
struct MemoryBar
{
    QString label;
    int rank = 0; // the GPU shown
    int gpus = 1; // how many GPUs the bar stands for (a node's GPUs when grouped)
    double weights = 0;
    double activation = 0;
    double other = 0;
    double kvBudget = 0;
    double headroom = 0;
    double total = 0;
};

// Up to `groupAbove` GPUs: one bar per GPU. Beyond: one bar per node, showing its tightest GPU (the
// one with the smallest KV budget), which is the one that decides whether the node fits.
std::vector<MemoryBar> memoryBars(const PlanState &state, int groupAbove = 64);
