#pragma once
#include "core/evaluate/links.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <cstdint>
#include <vector>

namespace shardscope {

struct Evaluation;

// Communication of one forward step (docs/DESIGN.md §4, lecture 0 §4, docs/DESIGN.md §F.0). Bytes are bytes,
// times are seconds of the α-β model (an estimate). "Per GPU" figures are for the busiest GPU.

// Tensor parallel: 2 AllReduce per layer, after the attention out-projection and after the MLP
// (vLLM's RowParallelLinear), S = n x h x b each; plus the embedding AllReduce (vLLM's
// VocabParallelEmbedding, first stage) and the LM-head logits gather (last stage).
struct TpComm
{
    int size = 1;
    LinkKind link = LinkKind::None; // the slowest link any TP group uses
    int allreducePerStep = 0; // 2 x layers, summed over the stages
    double bytesPerAllreduce = 0; // S = n x h x b
    double bytesSentPerGpuPerStep = 0; // ring: 2(t-1)/t x S per AllReduce, the stage with most layers
    double timeSec = 0; // the 2L AllReduces, summed over stages
    // Counted apart from the 2L above.
    double embeddingBytes = 0; // one AllReduce of n x h x b on the first stage
    double embeddingBytesSentPerGpu = 0;
    double embeddingTimeSec = 0;
    double lmHeadBytes = 0; // one AllGather of the logits: rows x padded vocab x b
    double lmHeadBytesSentPerGpu = 0;
    double lmHeadTimeSec = 0;
};

// Pipeline parallel: pp - 1 point-to-point sends per step of hidden_states and residual
// (vLLM's IntermediateTensors for Llama/DeepSeek), 2 x n x h x b per boundary. vLLM's
// send_tensor_dict splits the tensors over the TP ranks (each sends 1/t, the receiving TP group
// all-gathers them), so each GPU sends S/t and the receivers pay one AllGather.
struct PpComm
{
    int sendsPerStep = 0;
    LinkKind link = LinkKind::None; // the slowest link a boundary crosses
    double bytesPerSend = 0; // 2 x n x h x b
    double bytesSentPerGpuPerStep = 0; // S / t (a GPU sends at most once per step)
    double timeSec = 0; // all boundaries: α + (S/t)/B, plus the receiving AllGather
};

enum class EpMode {
    None, // dense model, or nothing crosses a GPU (dp = 1: tokens are already on every TP rank)
    AllToAll, // ep > 1 across DP ranks: DeepEP-style dispatch + combine
    AllGatherReduceScatter // MoE with dp > 1 and EP off: vLLM gathers every DP rank's tokens, then reduce-scatters
};
const char *epModeName(EpMode m); // "none", "all_to_all", "allgather_reducescatter"

// Expert parallel, per MoE layer: dispatch every token to its k experts (h x b_dispatch each) and
// combine the results back (h x 2 each): 2 x n x k x h x b in BF16. The share whose expert sits on
// the sending GPU (1/ep) crosses no link; the GPU holding the hottest expert sets the time.
struct EpComm
{
    EpMode mode = EpMode::None;
    int size = 1; // ranks exchanging tokens
    LinkKind link = LinkKind::None;
    int moeLayers = 0; // in the whole model
    double bytesPerTokenPerMoeLayer = 0; // k x h x (b_dispatch + b_combine), the model's property
    double dispatchBytesPerToken = 0; // k x h x b_dispatch (FP8: h + 4 bytes per 128 for scales)
    double combineBytesPerToken = 0; // k x h x 2
    double tokensPerGpu = 0; // tokens each GPU dispatches: n / tp
    double localFraction = 0; // share that stays on the sending GPU: 1 / ep
    double skewFactor = 1; // busiest GPU's load / the uniform load
    double bytesPerMoeLayerUniformGpu = 0; // bytes one GPU moves per MoE layer under uniform routing
    double bytesPerMoeLayerBusiestGpu = 0;
    double bytesPerStepBusiestGpu = 0; // over the MoE layers of the heaviest stage
    double timeSec = 0; // all MoE layers, summed over stages
};

struct DpComm
{
    double bytesPerStep = 0; // DP replicas exchange nothing in a forward step
    bool lockstep = false; // MoE with dp > 1: every DP rank must enter each MoE layer together
};

// One stage's share, which the time model adds to that stage's step.
struct StageComm
{
    int stage = 0;
    int layers = 0;
    int moeLayers = 0;
    LinkKind tpLink = LinkKind::None;
    LinkKind epLink = LinkKind::None;
    LinkKind ppLink = LinkKind::None; // to the next stage
    double tpSec = 0; // the stage's 2 x layers AllReduces
    double embeddingSec = 0;
    double lmHeadSec = 0;
    double epSec = 0;
    double ppSendSec = 0; // to the next stage: α + (S/t)/B
    double ppGatherSec = 0; // the next stage's TP group reassembling S
    double tpBytesSentPerGpu = 0;
    double epBytesBusiestGpu = 0;
    double ppBytesSentPerGpu = 0;
    double totalSec() const { return tpSec + embeddingSec + lmHeadSec + epSec + ppSendSec + ppGatherSec; }
};

struct LinkTotal
{
    LinkKind link = LinkKind::None;
    double bytesPerGpu = 0; // what the busiest GPU of each entry sends on this link, summed
    double timeSec = 0;
};

struct CommLedger
{
    Phase phase = Phase::Decode;
    std::int64_t tokens = 0; // n: decode sequences in the step, or prefill prompt tokens
    std::int64_t logitsRows = 0; // tokens whose logits are gathered (prefill: the last one)
    double activationBytes = 2; // b: activations travel in BF16
    TpComm tp;
    PpComm pp;
    EpComm ep;
    DpComm dp;
    std::vector<StageComm> stages;
    std::vector<LinkTotal> links; // only links that carry something
    LinkSet params; // α and B used
    double totalTimeSec = 0; // one token's path: every stage's communication
};

// The ledger for the plan's own phase and token count (decode: --batch, prefill: --prompt-len).
CommLedger computeComm(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu);
// The ledger for any phase and n (the time model needs both phases).
CommLedger computeComm(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, Phase phase, std::int64_t tokens);

// The busiest EP rank's load relative to uniform routing when the hottest expert receives `skew`
// times its fair share and the rank's other experts their fair share: (s - 1 + x) / s, s = expert
// slots on the rank. x is capped at slots / k (an expert cannot receive a token twice).
double expertSkewFactor(double skew, int slotsPerRank, int slots, int k);

} // namespace shardscope
