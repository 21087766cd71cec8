#pragma once
#include "core/evaluate/evaluation.h"
#include "core/serving/coefficients.h"
#include "core/serving/gemmramp.h"
#include "core/serving/moeramp.h"

#include <vector>

namespace shardscope {

// What one engine step (one pipeline round) computes, summed over the requests it schedules.
struct StepBatch
{
    double decodeTokens = 0; // requests decoding one token
    double decodeContext = 0; // Σ context (KV tokens) the decodes attend over
    double decodeContextWindowed = 0; // the same, each capped at the sliding window (0: = decodeContext)
    double prefillTokens = 0; // prompt tokens of the chunks
    double prefillPairs = 0; // Σ causal query-key pairs of the chunks: n·c + n(n+1)/2
    double prefillPairsWindowed = 0; // the same under the sliding window (0: = prefillPairs)
    double sampled = 0; // positions whose logits are computed (decodes + prompts finishing)
    double requests = 0; // requests scheduled
    double tokens() const { return decodeTokens + prefillTokens; }
};

// One step's time split by kind, seconds (the slowest stage's, times pp for a full round).
struct StepCost
{
    double gemmSec = 0; // dense linear layers and the LM head
    double attentionSec = 0;
    double moeSec = 0;
    double commSec = 0; // TP all-reduce, EP all-to-all, PP send/recv
    double fixedSec = 0; // launches, graph replay, sampler
    double cpuSec = 0; // scheduler and input preparation (hidden under the GPU with async scheduling)
    double totalSec = 0;
    bool cudaGraph = false;
};

// Per-stage constants of an evaluated plan, computed once so a step costs a few dozen flops.
struct StageConstants
{
    double layers = 0;
    double moeLayers = 0;
    double fullLayers = 0; // attention over the whole context
    double windowedLayers = 0; // sliding-window / chunked layers
    double denseBytes = 0; // attention + dense MLP + norms + router weights read per step, per GPU
    double denseParams = 0; // their parameters (FLOPs per token / 2)
    double lmHeadBytes = 0;
    double lmHeadParams = 0;
    double expertBytesPerSlotLayer = 0; // one local expert slot in one layer, this GPU's share
    double expertParamsPerSlotLayer = 0;
    double localSlots = 0;
    double kvBytesPerTokenLayer = 0;
    double decodeFlopsPerPairLayer = 0; // 2 x heads/tp x (d_qk + d_v), absorbed MLA for decode
    double prefillFlopsPerPairLayer = 0;
    double allReducesPerLayer = 0; // TP collectives per layer (2 with tp > 1)
    double smallKernels = 0; // the stage's norm, rotary, cache-write, routing, activation and quantize kernels
    double kernels = 0; // every kernel the stage launches per step: GEMMs, attention, collectives and small kernels
    // DeepSeek Sparse Attention: the lightning indexer scores every cached token (its own cache and
    // FLOPs over the full context); the MLA then attends at most index_topk of them (StepModel::window).
    double indexerBytesPerTokenLayer = 0;
    double indexerFlopsPerPairLayer = 0;
    // Sparse MLA through FlashMLA's BF16 sparse kernel before vLLM 0.24: every query token costs index_topk
    // pairs whatever its context (0: pairs follow the context, windowed by index_topk).
    double fixedPairsPerToken = 0;
};

struct StepModel
{
    ServingCoefficients coef;
    std::vector<StageConstants> stages;
    int pp = 1;
    int tp = 1;
    int dp = 1;
    int ep = 1;
    int experts = 0; // routed experts (logical)
    int expertSlots = 0; // physical expert slots per layer
    int topK = 0;
    double hidden = 0;
    double vocab = 0;
    int window = 0; // sliding-window tokens (0: none)
    double hbm = 0; // bytes/s peak
    double gemmFlops = 0; // dense peak in the GEMMs' format x efficiency
    double moeFlops = 0; // grouped GEMM achievable
    double attnFlops = 0; // BF16 peak x prefill-attention efficiency
    double decodeAttnFlops = 0; // BF16 peak x dense efficiency (absorbed MLA decode is compute-heavy)
    double indexerFlops = 0; // FP8 peak (BF16 without FP8) x prefill-attention efficiency
    double linkBytesPerSec = 0; // TP all-reduce bandwidth per GPU (scale-up or NIC)
    double a2aBytesPerSec = 0;
    bool tpCrossesNodes = false;
    bool customAllReduce = false; // vLLM's custom all-reduce (else NCCL), as the memory side decides
    bool epCrossesNodes = false;
    bool enforceEager = false;
    bool asyncScheduling = true;
    const char *gemmFormat = "bf16";
    GemmRamp gemmRamp; // the dense GEMMs' measured knee (gemmramp.h), for the family and gemmFormat
    MoeRamp moeRamp; // the fused-MoE kernel's measured knee (moeramp.h), for the family
};

// Builds the per-stage constants from an evaluated plan (valid plans only) and the coefficients.
StepModel buildStepModel(const EvaluatedPlan &plan, const ServingCoefficients &coef);
// The measured GEMM knee (gemmramp.h) a step's dense GEMMs and LM head sit at: it depends on the step's token
// and sampled counts only, so a caller stepping one batch shape many times (a run of decode steps) reads it
// once and passes it on.
struct StepKnees
{
    double gemm = 1;
    double lmHead = 1;
    double moe = 1; // the fused-MoE knee at the micro-batch's tokens per expert (moeramp.h), moe_ramp applied
};
StepKnees stepKnees(const StepModel &model, const StepBatch &batch);
// The time of one step: the slowest stage's micro-batch (batch / pp) times pp plus the PP hops. `knees`, when
// given, must be stepKnees(model, b) of a batch b with the same token and sampled counts.
StepCost stepTime(const StepModel &model, const StepBatch &batch, const StepKnees *knees = nullptr);

} // namespace shardscope
