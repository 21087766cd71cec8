#pragma once
#include "core/evaluate/evaluation.h"
#include "core/serving/coefficients.h"
#include "core/serving/sharegptlengths.h"
#include "core/serving/steptime.h"
#include "core/text/sentence.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

enum class Dataset { Random, ShareGpt };
const char *datasetName(Dataset d); // "random", "sharegpt"

// A serving workload with `vllm bench serve`'s names (--random-input-len ... become --input-len ...).
// Defaults are vllm bench serve's: random dataset 1024 in / 128 out, 1000 prompts, all sent at once.
struct Workload
{
    std::int64_t inputLen = 1024;
    std::int64_t outputLen = 128;
    std::int64_t inputLenLo = 0; // --input-len-range lo:hi, uniform; 0: fixed inputLen
    std::int64_t inputLenHi = 0;
    std::int64_t maxConcurrency = 0; // closed loop of N clients; 0: unbounded
    double requestRate = 0; // Poisson arrivals per second; 0: infinite (all at t = 0)
    std::int64_t numPrompts = 1000;
    double prefixHitRate = 0; // fraction of each prompt found in the prefix cache
    std::uint64_t seed = 0;
    // --dataset-name (vllm bench serve's): random gives every request inputLen / outputLen; sharegpt gives the
    // i-th request the i-th ShareGPT request's lengths (sharegptlengths.h), scaled so that their means are
    // inputLen / outputLen (another tokenizer's counts; the table's own means give its lengths unchanged).
    Dataset dataset = Dataset::Random;
    bool operator==(const Workload &) const = default;
};

// A ShareGPT workload at the table's own lengths: inputLen / outputLen set to the means of its first
// numPrompts requests (rounded), as the CLI does when --input-len / --output-len are not given.
void useShareGptMeans(Workload &w, bool input, bool output);

// The i-th request of a ShareGPT workload as DP replica `replica` of `replicas` gets it (every replicas-th request
// of the run, from the replica-th), scaled so that all num_prompts requests average inputLen / outputLen.
class ShareGptLengths
{
public:
    ShareGptLengths(const Workload &w, int replicas, int replica = 0);
    std::pair<std::int64_t, std::int64_t> at(std::int64_t i) const; // {prompt tokens, output tokens}, each >= 1

private:
    std::span<const ShareGptRequest> m_rows;
    std::int64_t m_stride;
    std::int64_t m_offset;
    double m_inScale = 1;
    double m_outScale = 1;
};

// The shortest and longest requests of a workload (ShareGPT: over the requests it sends): lower bounds for an SLA
// search, the context a request needs.
struct RequestLengths
{
    std::int64_t shortestInput = 0;
    std::int64_t longestInput = 0;
    std::int64_t shortestOutput = 0;
    std::int64_t longestOutput = 0;
    std::int64_t longestRequest = 0; // input + output
};
RequestLengths requestLengths(const Workload &w);

// Hard limits of a workload (bad input beyond them: an InputError naming the flag).
inline constexpr std::int64_t kMaxNumPrompts = 1000000;
inline constexpr double kMaxRequestRate = 1e6;
inline constexpr std::int64_t kMaxOutputLen = 10000000;
// The largest mean a ShareGPT workload may scale its lengths to (the table's means are about 200 tokens).
inline constexpr std::int64_t kMaxShareGptMean = 1000000;

// Throws InputError ("--input-len 0: ...") for zero, negative or absurd values, and for a request longer
// than max_model_len (ShareGPT requests longer than it are not an error: vLLM rejects each one, the simulation
// skips them with a warning).
void checkWorkload(const Workload &w, std::int64_t maxModelLen);

struct LatencyStats
{
    double mean = 0;
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
};

struct KvSample
{
    double timeSec = 0;
    double fraction = 0;
};

struct ServingResult
{
    Workload workload; // as resolved
    std::int64_t maxNumSeqs = 0;
    std::int64_t maxNumBatchedTokens = 0;
    std::int64_t kvBlocks = 0; // per DP replica
    int blockSize = 16;
    int replicas = 1; // DP replicas (each gets 1/dp of the prompts and clients)
    // DP replicas of a MoE model step together (the slowest rank sets each step) and are simulated side by side;
    // otherwise one replica is simulated and scaled.
    bool lockStep = false;
    int gpus = 1;
    LatencyStats ttft, tpot, itl, e2e; // seconds
    double outputTokensPerSec = 0; // all replicas
    double outputTokensPerSecPerGpu = 0;
    double totalTokensPerSec = 0;
    double requestsPerSec = 0;
    double durationSec = 0;
    double kvPeakFraction = 0;
    std::int64_t preemptions = 0; // per DP replica (under lock-step, the mean over the replicas, rounded up)
    std::int64_t completed = 0; // requests finished (all replicas)
    std::int64_t steps = 0; // engine steps (rounds) simulated
    bool stoppedEarly = false;
    std::vector<std::string> warnings;
    std::vector<Sentence> warningSentences; // the same warnings, translatable (the window shows these)
    std::vector<KvSample> kvTimeline; // KV-pool occupancy, at most ~256 samples
    StepCost steadyDecodeStep; // one decode step at the mean batch of the run (show your work)
    StepBatch steadyDecodeBatch;
    // The run's mean engine step (one replica): decode tokens and prefill-chunk tokens per step averaged
    // over every step simulated, and that step's cost. Over the whole run Σ prefill = prompts x (input -
    // cached) and Σ decode = prompts x (output - 1), so prefillTokens / decodeTokens is their ratio.
    StepBatch meanStep;
    StepCost meanStepCost;
    ServingCoefficients coefficients;
};

// The most DP replicas of a MoE model simulated side by side (serving.lockstep); more are represented by as many.
inline constexpr int kLockStepReplicas = 16;

// Limits of one simulation: it stops (stoppedEarly, a warning) when it exceeds either.
struct SimulationLimits
{
    std::int64_t maxSteps = 20000000; // engine steps x the replicas simulated side by side (lock-step)
    double maxSimulatedSec = 30.0 * 24 * 3600;
};

// The pure entry point (a window calls it too): no I/O, no globals; same inputs, same numbers.
// A plan that is not valid gives an empty result with a warning.
ServingResult simulateServing(const EvaluatedPlan &plan, const Workload &workload,
    const ServingCoefficients &coefficients, const SimulationLimits &limits = {});
// The same with the GPU family's default coefficients.
ServingResult simulateServing(const EvaluatedPlan &plan, const Workload &workload);

// `serving.workload` as a result prints it (the CLI's names; request_rate "inf", max_concurrency null when unbounded).
nlohmann::json resolvedWorkloadJson(const Workload &w);
nlohmann::json servingToJson(const ServingResult &r);
std::string servingToText(const ServingResult &r);

} // namespace shardscope
