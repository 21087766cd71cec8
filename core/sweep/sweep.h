#pragma once
#include "core/evaluate/evaluation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

// What "best" means when the sweep ranks plans (`shardscope sweep --objective`).
enum class SweepObjective {
    Concurrency, // most concurrent requests of max_model_len per GPU (cluster concurrency / GPUs)
    Tpot, // lowest time per output token
    Throughput, // most decode tokens/s per GPU
};
const char *sweepObjectiveName(SweepObjective o);

// Which expert-parallel sizes a MoE model is tried with.
enum class EpSizes {
    Vllm, // vLLM's two points: EP off (ep = 1) and --enable-expert-parallel (ep = tp x dp)
    AllDivisors, // SGLang-style --ep-size: every divisor of tp x dp
};

struct SweepOptions
{
    int gpus = 8; // N: plans use exactly N GPUs (tp x pp x dp = N)...
    bool upTo = false; // ...or every count from 1 to N
    EpSizes epSizes = EpSizes::Vllm;
    SweepObjective objective = SweepObjective::Concurrency;
    // Constraints; 0 means none. Concurrency is the cluster's (dp x one replica's).
    std::int64_t minConcurrency = 0;
    double maxTpotSec = 0;
    // The decode step the time figures describe (docs/DESIGN.md §5, timemodel.h):
    // microbatches: batches each replica keeps in flight; 0 = pp, as vLLM V1 does
    //   (max_concurrent_batches = pipeline_parallel_size: "PP requires PP-size concurrent batches
    //   to fill the pipeline").
    // batch: sequences per micro-batch; 0 = the largest that fits, floor(min(max concurrency of one
    //   replica, max_num_seqs) / microbatches), at least 1. A fixed batch whose microbatches x batch
    //   sequences the replica cannot hold is a constraint the plan misses.
    // context: KV tokens each sequence attends over (the plan's prompt_len); 0 = max_model_len,
    //   the context the KV capacity is counted at. TTFT is a prefill of that many tokens.
    int microbatches = 0;
    std::int64_t batch = 0;
    std::int64_t context = 0;
    // Also list the combinations vLLM would refuse to start (tp not dividing the heads, ...),
    // with valid = false and the reason; by default they are only counted in SweepResult::skipped.
    bool includeInvalid = false;
    // Threads evaluating combinations; 0: one per core for large sweeps, the calling thread for small
    // ones. The result does not depend on it.
    int threads = 0;

    bool operator==(const SweepOptions &) const = default;
};

// One (tp, pp, dp, ep) and the figures the sweep compares it by.
struct SweepPlan
{
    int tp = 1, pp = 1, dp = 1, ep = 1;
    int gpus = 1; // tp x pp x dp
    int nodes = 1;
    int moeTp = 1;
    bool valid = false; // a placement exists (structural checks passed)
    bool fits = false; // valid and no error
    bool meetsConstraints = false; // fits and every constraint holds
    bool pareto = false; // on the front among the plans that meet the constraints
    int rank = 0; // 1 = best among the plans that meet the constraints; 0 = not ranked
    int dominatedBy = 0; // rank of the best ranked plan with lower TPOT and more tokens/s per GPU; 0: none
    bool crossesNode = false; // a TP group spans nodes (evaluate()'s tp_crosses_node)
    bool outsideScaleupDomain = false; // a TP group leaves the scale-up domain (tp_outside_domain)
    std::vector<PlanIssue> reasons; // why it does not fit or is not ranked (errors, unmet constraints)

    double maxWeightsBytesPerGpu = 0;
    double kvBytesPerTokenPerGpu = 0;
    std::int64_t capacityTokens = 0; // one DP replica
    std::int64_t maxConcurrency = 0; // one DP replica, requests of max_model_len
    std::int64_t clusterMaxConcurrency = 0; // dp x maxConcurrency
    double concurrencyPerGpu() const { return gpus > 0 ? static_cast<double>(clusterMaxConcurrency) / gpus : 0.0; }

    // Decode of `microbatches` x `batch` sequences per replica, each over `context` tokens
    // (estimates, seconds).
    int microbatches = 1;
    std::int64_t batch = 0;
    std::int64_t context = 0;
    double tpotSec = 0;
    double tokensPerSecPerGpu = 0;
    double ttftSec = 0; // a prefill of `context` tokens
    double commSecPerStep = 0; // the decode step's communication on one token's path
    double commBytesPerGpuPerStep = 0; // what the busiest GPU sends in that step, all links
    LinkKind tpLink = LinkKind::None; // the link TP AllReduces use
    // max_num_seqs the plan runs with; a hybrid plan that only vLLM's Mamba-blocks refusal kept from fitting is
    // evaluated with it lowered to the blocks (when --max-num-seqs was not given), as vLLM's message asks.
    std::int64_t maxNumSeqs = 0;
    bool maxNumSeqsLowered = false;

    bool operator==(const SweepPlan &) const = default;
};

// The objective's figure for a plan in its natural unit (requests per GPU, TPOT seconds, tokens/s
// per GPU), and which way is better.
double objectiveFigure(const SweepPlan &p, SweepObjective o);
bool higherIsBetter(SweepObjective o);

// Structurally impossible combinations, grouped by the reason vLLM refuses them.
struct SkippedCombos
{
    std::string code;
    std::string example; // the message for the first combination skipped for this reason
    int count = 0;
};

struct SweepResult
{
    Plan base; // the template as given (ppPartition cleared): planFor() starts from it
    Plan resolved; // the template with vLLM's defaults resolved (max_model_len, ...), for reports
    SweepOptions options;
    int combinations = 0; // (tp, pp, dp, ep) tuples enumerated
    std::vector<SweepPlan> plans; // ranked plans by rank, then those that fit, do not fit, are impossible
    std::vector<SkippedCombos> skipped;
    int skippedCount() const;
};

// Every (tp, pp, dp, ep) tuple the sweep tries, in enumeration order: GPU count ascending, then tp,
// pp, ep ascending (dp follows). Dense models get ep = 1 only. Nothing is validated here.
struct ParallelSizes
{
    int tp = 1, pp = 1, dp = 1, ep = 1;
    bool operator==(const ParallelSizes &) const = default;
};
std::vector<ParallelSizes> enumerateSizes(int gpus, bool upTo, bool moe, EpSizes epSizes);

// Evaluates every combination with `base` as the template for everything but the four sizes.
// base.ppPartition is ignored (each pp gets vLLM's split) and redundant experts apply only to EP plans.
SweepResult sweep(const Plan &base, const ModelSpec &model, const GpuSpec &gpu, const SweepOptions &options);

// A point to compare on two axes: `cost` lower is better (TPOT), `value` higher is better (tokens/s
// per GPU).
struct ParetoPoint
{
    double cost = 0;
    double value = 0;
};
// a dominates b: at least as good on both axes and strictly better on one. NaN never dominates.
bool dominates(const ParetoPoint &a, const ParetoPoint &b);
// One flag per point: true iff no other point dominates it (equal points are all on the front).
// Points with a NaN coordinate are never on it. O(n log n).
std::vector<bool> paretoFront(const std::vector<ParetoPoint> &points);

// The plan a listed entry stands for, as the sweep evaluated it: the template with the entry's
// sizes, decode batch, micro-batches and context (prompt_len). The template's phase is kept.
Plan planFor(const SweepResult &result, const SweepPlan &plan);

// Marks the Pareto front of TPOT (lower better) against tokens/s per GPU (higher better) among the
// plans that meet the constraints; the others are never on it.
void markPareto(std::vector<SweepPlan> &plans);

// Sorts plans best first for the objective (ties: fewer GPUs, TP inside a node, smaller tp, pp, ep),
// never a ranked plan above one that dominates it on (TPOT, tokens/s per GPU), sets dominatedBy,
// and numbers the ones that meet the constraints 1, 2, ...; the others follow unnumbered: those that
// fit but miss a constraint, then those that do not fit, then the impossible ones.
void rankPlans(std::vector<SweepPlan> &plans, SweepObjective objective);

} // namespace shardscope
