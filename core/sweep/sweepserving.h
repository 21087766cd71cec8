#pragma once
#include "core/serving/serving.h"
#include "core/sweep/sweep.h"

namespace shardscope {

// A sweep's figures at a serving workload (the window's Explore, so that it shows what the other tabs
// show): every plan that fits is simulated with simulateServing(), and its tpotSec, ttftSec and
// tokensPerSecPerGpu become the estimate's means (output tokens/s per GPU); microbatches, batch and
// context become the run's steady state (pp micro-batches sharing the decode tokens of a decoding step,
// their mean context). The TPOT constraint is
// judged again on the new figure, plans the workload cannot run are marked so, and the plans are
// ranked and their Pareto front marked again. Returns the number of plans simulated.
// Throws InputError when checkWorkload refuses the workload for the sweep's max_model_len.
int serveSweep(SweepResult &result, const ModelSpec &model, const GpuSpec &gpu, const Workload &workload);

} // namespace shardscope
