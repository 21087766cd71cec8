#pragma once
#include "core/serving/serving.h"
#include "core/sweep/sweep.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

// The SLA-driven search (`shardscope sweep` with workload or SLA flags, issue #18 §1): every
// GPU type x (tp, pp, dp, ep) x max_num_seqs x max_num_batched_tokens, pruned by memory and by cheap
// lower bounds on the latencies, the survivors simulated by simulateServing() (core/serving).
// It sits beside the sweep and only calls the serving model.

enum class SlaObjective {
    Goodput, // output tokens/s per GPU of plans meeting every SLA (at a request rate: fewest GPUs first)
    Throughput, // output tokens/s per GPU
    Tpot, // lowest TPOT at the SLA percentile
    Ttft, // lowest TTFT at the SLA percentile
    Cost, // lowest cost per million output tokens
    Concurrency, // most concurrent max_model_len requests per GPU (the plain sweep's ranking)
};
const char *slaObjectiveName(SlaObjective o);

enum class SlaPercentile { P50, P90, P99 };
const char *slaPercentileName(SlaPercentile p);
double atPercentile(const LatencyStats &s, SlaPercentile p);

// Targets in seconds; 0 = no target.
struct Sla
{
    double ttftSec = 0;
    double tpotSec = 0;
    double e2eSec = 0;
    SlaPercentile percentile = SlaPercentile::P90;
    bool any() const { return ttftSec > 0 || tpotSec > 0 || e2eSec > 0; }
};

// One GPU type to search on, with its serving coefficients and price.
struct SearchGpu
{
    GpuSpec gpu;
    ServingCoefficients coefficients;
    double usdPerGpuHour = 0; // 0: unknown (cost is then null)
};

// Example prices per GPU-hour (USD) for a few presets: documented in the README as examples to
// replace with your own, not facts. 0 when the id is not in the table.
double defaultGpuHourCost(const std::string &gpuId);

// Larger searches are refused (an InputError) rather than run for minutes.
inline constexpr std::int64_t kMaxSlaCandidates = 20000000;

struct SlaSearchOptions
{
    int gpus = 8;
    bool upTo = false;
    EpSizes epSizes = EpSizes::Vllm;
    Workload workload;
    Sla sla;
    SlaObjective objective = SlaObjective::Goodput;
    std::vector<std::int64_t> maxNumSeqs; // candidates; empty: the template's (vLLM's default)
    std::vector<std::int64_t> maxNumBatchedTokens;
    // More dimensions, each switchable (empty: the template's value only): KV-cache dtypes and weight
    // formats. A combination the model does not allow (validation refuses it) counts as invalid.
    std::vector<KvDtype> kvDtypes;
    std::vector<Quantization> quantizations;
    // Serving modes searched: aggregated plans (today's), disaggregated P/D splits, or both. A split is a
    // prefill instance size x a decode instance size x xPyD (x prefill, y decode instances, at most
    // maxInstances each) whose x·P + y·D GPUs are `gpus` (or at most `gpus` with upTo), with each pool's
    // batch settings from the lists above (prefill: max_num_batched_tokens; decode: both).
    bool aggregated = true;
    bool disaggregated = false;
    int maxInstances = 8;
    KvTransferLink kvTransferLink = KvTransferLink::Nic;
    // Branch and bound: candidates are simulated best bound first until `top` plans meeting the SLA
    // are found and no remaining candidate's bound can beat the top-th; at most `maxSimulations` runs.
    int top = 20;
    int maxSimulations = 2000;
    int threads = 0; // 0: one per core
};

// The per-SLA verdict: value at the percentile, met, margin = target - value (seconds, > 0 = slack).
struct SlaCheck
{
    double targetSec = 0; // 0: no target
    double valueSec = 0;
    bool met = true;
    double marginSec = 0;
};

struct SlaRow
{
    int gpuIndex = 0; // into the search's GPU list
    std::string gpuId;
    int tp = 1, pp = 1, dp = 1, ep = 1;
    int gpus = 1;
    std::int64_t maxNumSeqs = 0;
    std::int64_t maxNumBatchedTokens = 0;
    std::int64_t clusterMaxConcurrency = 0;
    double concurrencyPerGpu = 0;
    LatencyStats ttft, tpot, itl, e2e; // seconds
    double outputTokensPerSec = 0;
    double outputTokensPerSecPerGpu = 0;
    double requestsPerSec = 0;
    double durationSec = 0;
    std::int64_t preemptions = 0;
    bool sustained = true; // keeps up with the request rate (always true without one)
    SlaCheck ttftSla, tpotSla, e2eSla;
    bool meetsSla = false; // sustained and every SLA met
    double goodputPerGpu = 0; // outputTokensPerSecPerGpu when meetsSla, else 0
    double usdPerGpuHour = 0;
    double costPerMillionOutputTokens = 0; // gpus x $/h / (output tok/s x 3600) x 1e6; < 0: unknown
    bool dominated = false; // another listed row is at least as good on both (latency, tput/GPU), better on one
    int rank = 0; // 1 = best among rows meeting the SLA; 0 = not ranked
    KvDtype kvDtype = KvDtype::Auto;
    Quantization quantization = Quantization::Auto;
    // Disaggregated rows: the pools (sizes, instances, batch settings; gpu "" = the row's GPU). tp..ep and
    // maxNumSeqs / maxNumBatchedTokens above are then the decode pool's.
    bool disaggregated = false;
    PoolPlan prefill, decode;
    double kvTransferSec = 0;
    Pool boundBy = Pool::Decode;
    double latencySec() const; // the dominance axis: TPOT at the percentile
};

struct SlaSearchResult
{
    SlaSearchOptions options;
    std::vector<std::string> gpuIds;
    Plan base; // the template (sizes and batch settings replaced per row)
    std::int64_t candidates = 0; // every configuration enumerated (aggregated and disaggregated)
    std::int64_t disaggregatedCandidates = 0; // of which P/D splits
    std::int64_t invalid = 0; // vLLM would refuse the sizes
    std::int64_t prunedMemory = 0; // do not fit
    std::int64_t prunedSla = 0; // a lower bound already misses an SLA or the request rate
    std::int64_t prunedBound = 0; // their best case cannot beat the top rows found
    std::int64_t simulated = 0;
    double seconds = 0; // wall time of the search
    std::vector<SlaRow> rows; // simulated: ranked rows first, then the others
};

// cost per million output tokens = gpus x usd/h / (tokens/s x 3600) x 1e6; -1 when unknown.
double costPerMillionOutputTokens(int gpus, double usdPerGpuHour, double outputTokensPerSec);

// Dominance on (latency lower, throughput per GPU higher).
bool rowDominates(const SlaRow &a, const SlaRow &b);

// Marks `dominated` among all rows, ranks the rows meeting the SLA (rank 1, 2, ...) by the objective
// with no row ever placed above a row that dominates it, and sorts: ranked rows, then the others.
void rankSlaRows(std::vector<SlaRow> &rows, SlaObjective objective, double requestRate);

// Fills the SLA checks, sustained, goodput and cost of a row from its serving figures.
void judgeRow(SlaRow &row, const Sla &sla, const Workload &w);
// The same with the workload's longest output (requestLengths) computed once by the caller: the search judges
// thousands of rows of one workload.
void judgeRow(SlaRow &row, const Sla &sla, const Workload &w, std::int64_t longestOutput);

SlaSearchResult slaSearch(
    const Plan &base, const ModelSpec &model, const std::vector<SearchGpu> &gpus, const SlaSearchOptions &options);

// The row's plan: the template with its sizes and batch settings.
Plan planForRow(const SlaSearchResult &r, const SlaRow &row);

} // namespace shardscope

namespace shardscope {

// `shardscope plan ...` reproducing a row (every word shell-quoted; `modelRef` as the user gave it).
std::string slaRowCommand(const SlaSearchResult &r, const SlaRow &row, const std::string &modelRef);
// Output in the sweep's schema (shardscope.sweep/1), with the search's fields.
nlohmann::json slaSearchToJson(const SlaSearchResult &r, const std::string &modelRef);
std::string slaSearchToCsv(const SlaSearchResult &r, const std::string &modelRef);
std::string slaSearchToText(const SlaSearchResult &r, const std::string &modelRef);

} // namespace shardscope
