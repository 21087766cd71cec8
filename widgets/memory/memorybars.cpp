#include "widgets/memory/memorybars.h"

#include "widgets/document/plandocument.h"

#include <QCoreApplication>

#include <algorithm>

using namespace shardscope;

namespace {

MemoryBar barFor(const RankPlacement &r, QString label, int gpus)
{
    const RankMemory &m = r.memory;
    MemoryBar b;
    b.label = std::move(label);
    b.rank = r.rank;
    b.gpus = gpus;
    b.weights = m.weights.total();
    b.activation = m.activation.total();
    // Whatever the accounting deducted besides weights and activation (non-torch memory, CUDA graphs
    // where the vLLM version deducts them, the textbook reserve): requested = the four parts.
    b.other = std::max(0.0, m.requested - b.weights - b.activation - m.kvBudget);
    b.kvBudget = std::max(0.0, m.kvBudget);
    b.total = m.total;
    b.headroom = std::max(0.0, m.total - (b.weights + b.activation + b.other + b.kvBudget));
    return b;
}

} // namespace

std::vector<MemoryBar> memoryBars(const PlanState &state, int groupAbove)
{
    const Evaluation &e = state.evaluation;
    std::vector<MemoryBar> bars;
    if (e.ranks.empty())
        return bars;
    if (static_cast<int>(e.ranks.size()) <= groupAbove) {
        for (const RankPlacement &r : e.ranks)
            bars.push_back(barFor(r, QString::number(r.rank), 1));
        return bars;
    }
    for (int n = 0; n < e.nodes; ++n) {
        const auto first = e.ranks.begin() + static_cast<long>(n) * e.gpusPerNode;
        const auto last = e.ranks.begin()
            + std::min<long>(static_cast<long>(n + 1) * e.gpusPerNode, static_cast<long>(e.ranks.size()));
        const auto tightest = std::min_element(first, last,
            [](const RankPlacement &a, const RankPlacement &b) { return a.memory.kvBudget < b.memory.kvBudget; });
        bars.push_back(barFor(*tightest, QString::number(n), static_cast<int>(last - first)));
    }
    return bars;
}
