#pragma once
#include "core/evaluate/commledger.h"
#include "core/evaluate/cudagraphestimate.h"
#include "core/evaluate/kvcache.h"
#include "core/evaluate/overheads.h"
#include "core/evaluate/placement.h"
#include "core/evaluate/timemodel.h"
#include "core/evaluate/weights.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"
#include "core/text/sentence.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

enum class Severity { Info, Warning, Error };
const char *severityName(Severity s);

// A finding of validation, phrased for the user. `code` is stable for scripts and tests.
struct PlanIssue
{
    Severity severity = Severity::Error;
    std::string code;
    Sentence text; // the message, translatable (context "Validation", "Sweep", ...)
    std::string message() const { return text.text(); } // in English
    bool operator==(const PlanIssue &) const = default;
};

// Per-rank memory, bytes. In textbook accounting activation/nonTorch/cudaGraph are 0 and
// `reserved` carries the course's fixed reserve.
struct RankMemory
{
    double total = 0; // the GPU's memory as the accounting sees it
    double requested = 0; // total x gpu_memory_utilization (vLLM rounds up)
    WeightBreakdown weights;
    ActivationEstimate activation;
    double nonTorch = 0;
    double cudaGraph = 0;
    double reserved = 0;
    double kvBudget = 0; // requested - everything above; negative when it does not fit
    double kvBytesPerToken = 0;
    double stateBytesPerRequest = 0; // Mamba / linear-attention state of one request on this rank
    int blockSize = 0; // as vLLM sets it for this rank's pool
    std::int64_t blocks = 0; // this rank's own block count, before the minimum over ranks
    double activationTotal() const { return activation.total(); }
};

struct RankPlacement
{
    int rank = 0;
    int node = 0;
    int ppStage = 0;
    int tpRank = 0;
    int dpRank = 0;
    int epRank = 0;
    int firstLayer = 0; // inclusive
    int lastLayer = 0; // inclusive
    HeadSlice heads;
    bool embedding = false;
    bool lmHead = false;
    std::vector<int> experts; // logical expert ids per physical slot on this rank (MoE layers)
    RankMemory memory;
};

struct KvSummary
{
    double bytesPerTokenPerGpu = 0; // binding rank: the token-proportional cost (attention layers)
    double stateBytesPerRequestPerGpu = 0; // binding rank: fixed per-request state (Mamba / linear attention)
    std::vector<std::pair<std::string, int>> layerTypes; // layers of each kind in the model (layerKindCounts)
    std::int64_t blocks = 0; // min over the ranks of one replica
    int blockSize = 0;
    std::int64_t blocksPerRequest = 0;
    std::int64_t capacityTokens = 0; // one DP replica
    double maxConcurrencyExact = 0; // requests of max_model_len, as vLLM prints it ("12.34x")
    std::int64_t maxConcurrency = 0; // whole requests
    std::int64_t clusterMaxConcurrency = 0; // dp x replica
    int bindingRank = 0;
    bool hybrid = false;
    int groups = 1; // KV-cache groups sharing the block pool
    int dcp = 1; // decode context parallel size
    std::int64_t cpuBlocks = 0; // V0 only: swap space (4 GiB) in blocks, as "# CPU blocks"
    bool cudaGraphSubtracted = false; // vLLM >= 0.21 subtracts the CUDA-graph estimate
    bool modelRunnerV2GraphStub = false; // Model Runner V2 charged 0 for graphs (dense, 0.25.1-0.29)
    std::int64_t profiledTokens = 0; // tokens of the profiling run (V0 without chunked prefill: max_model_len)
    std::int64_t reservedBlocks = 0; // held back from any one request (vLLM >= 0.29: the null block)
    // vLLM's admission check: one max_model_len request fits in the blocks a request may use.
    bool fitsOneRequest() const { return blocks - reservedBlocks >= blocksPerRequest; }
};

struct Evaluation
{
    Plan plan; // with defaults resolved (max_model_len, max_num_seqs, ...)
    int worldSize = 0;
    int nodes = 0;
    int gpusPerNode = 0;
    bool customAllReduce = false; // TP all-reduces through vLLM's custom all-reduce (else NCCL)
    int moeTp = 1; // each expert split this many ways
    WeightFormat weightFormat = WeightFormat::Bf16;
    CudaGraphCaptures cudaGraphs; // the graphs vLLM captures (none with --enforce-eager; cudagraphestimate.h)
    ParamCounts params;
    std::vector<int> stageLayers; // layers per PP stage
    std::vector<RankPlacement> ranks; // empty when the plan is structurally impossible
    double maxWeightsBytesPerGpu = 0;
    double kvBudgetBytesPerGpu = 0; // binding rank
    KvSummary kv;
    bool fits = false;
    bool valid = false; // placement could be computed
    CommLedger comm; // the plan's phase (decode: --batch tokens, prefill: --prompt-len)
    TimeEstimate time; // roofline estimate of both phases
    std::vector<PlanIssue> issues;

    bool hasErrors() const;
    const PlanIssue *firstError() const;
};

// A plan evaluated for a model and a GPU: what a report, a comparison or a predicted log reads.
// evaluation.plan is the plan with defaults resolved; a caller that needs the plan as entered keeps
// it beside this value.
struct EvaluatedPlan
{
    Evaluation evaluation;
    ModelSpec model;
    GpuSpec gpu;
};

// One pure call: no I/O, no globals. Never throws for a bad plan: problems become issues.
Evaluation evaluate(const Plan &plan, const ModelSpec &model, const GpuSpec &gpu);
// evaluate() with the model and the GPU kept beside the result.
EvaluatedPlan evaluatePlan(const Plan &plan, ModelSpec model, GpuSpec gpu);

} // namespace shardscope
