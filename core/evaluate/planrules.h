#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"
#include "core/text/sentence.h"

#include <optional>
#include <string>
#include <vector>

namespace shardscope {
struct Evaluation;
}

// Which TP/PP/DP/EP values the sliders may take, and why the others are refused. The verdicts come
// from the core's own validation (validateStructure), so the window and `shardscope plan` agree.
enum class ParallelDim { Tp, Pp, Dp, Ep };

// Largest values the sliders offer; the spin boxes accept what the core accepts.
inline constexpr int kMaxDp = 256;
inline constexpr int kMaxPp = 128;

// The plan with one size changed and the others kept consistent: when tp or dp changes, an EP that
// was vLLM's --enable-expert-parallel (ep = tp x dp) follows, any other ep snaps to the nearest
// divisor of the new tp x dp; a custom PP partition of the wrong length is dropped.
shardscope::Plan withParallelSize(
    shardscope::Plan plan, const shardscope::ModelSpec &model, ParallelDim dim, int value);

// The values `dim` may take with the rest of the plan as it is, ascending.
std::vector<int> allowedValues(const shardscope::Plan &plan, const shardscope::ModelSpec &model, ParallelDim dim);

// Why `value` is refused for `dim` (validation's message, a translatable sentence whose text() is
// the English), or an empty sentence when it is allowed.
shardscope::Sentence disallowedSentence(
    const shardscope::Plan &plan, const shardscope::ModelSpec &model, ParallelDim dim, int value);

// The allowed value nearest to `value` (ties go to the smaller); `value` itself if allowed.
int snapToAllowed(const std::vector<int> &allowed, int value);

// A plan carried over to another model: sizes it cannot take snap to allowed ones, EP stays on or
// off, settings only the old model had (redundant experts, a longer max_model_len, a custom PP
// partition) are dropped.
shardscope::Plan planForModel(shardscope::Plan plan, const shardscope::ModelSpec &model);

// The nearest plan that fits when `plan` does not (its weights or KV cache do not fit the GPUs):
// the fewest GPUs, found by growing tp through its allowed values, then pp, keeping dp, EP as it
// was (coupled or off) and every setting. Prefers the larger tp at equal GPU count (TP inside a
// node). Nothing when `plan` fits, is structurally impossible, or no plan of up to kMaxNearestGpus
// fits. A hybrid plan refused only for max_num_seqs above its state blocks gets the same GPUs with
// max_num_seqs set to the blocks.
inline constexpr int kMaxNearestGpus = 1024;

// The same plan with max_num_seqs lowered to the Mamba cache blocks, vLLM's remedy, when mamba_blocks is the
// only error of `now` (= evaluate(plan)); nothing otherwise. The caller evaluates it (the lower max_num_seqs
// moves other terms, so it need not fit).
std::optional<shardscope::Plan> withMaxNumSeqsForMambaBlocks(
    const shardscope::Plan &plan, const shardscope::Evaluation &now);
std::optional<shardscope::Plan> nearestFittingPlan(
    const shardscope::Plan &plan, const shardscope::ModelSpec &model, const shardscope::GpuSpec &gpu);

// vLLM's --enable-expert-parallel: the experts are split over the whole TP x DP group of a stage
// (FusedMoEParallelConfig.make, vllm/model_executor/layers/fused_moe/config.py: ep_size = dp_size * tp_size).
// The one place this rule lives: the window's switch, `--enable-expert-parallel` and the rules below.
int expertParallelSize(const shardscope::Plan &plan);
// EP is on as vLLM does it: ep = expertParallelSize() and more than one rank.
bool expertParallelOn(const shardscope::Plan &plan);
