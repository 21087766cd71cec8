#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"

#include <cstdint>

namespace shardscope {

// vLLM's scheduler defaults for `vllm serve` (EngineArgs.get_batch_defaults, docs/DESIGN.md §A):
// max_num_seqs 1024 and max_num_batched_tokens 8192 on GPUs with >= 70 GiB that are not A100s,
// else 256 and 2048; max_num_seqs is capped by max_num_batched_tokens.
struct BatchDefaults
{
    std::int64_t maxNumSeqs = 256;
    std::int64_t maxNumBatchedTokens = 2048;
};
BatchDefaults vllmBatchDefaults(const GpuSpec &gpu, double totalBytes);

// The V0 engine (vLLM < 0.8, SchedulerConfig): max_num_seqs 256; without chunked prefill the step (and
// the profiling run) covers max(max_model_len, 2048) tokens; the API server turned chunked prefill on
// only above 32K context, with a 2048-token step.
BatchDefaults vllmV0BatchDefaults(std::int64_t maxModelLen);

// Peak activation during vLLM's profiling run, per rank (torch_peak_increase).
// Two terms, each from the settings that drive it, fitted to docs/DESIGN.md §C (vLLM 0.11, H100):
//  - the hidden states of the profiling batch: max_num_batched_tokens x hidden x 2 B, plus the larger of
//    the forward pass's MLP / MoE intermediates (tokens x 2 x intermediate / tp x 2 B) and, on the last
//    PP stage only, the sampler's buffers; MoE layers hold the fused-MoE workspaces instead of an MLP
//    intermediate (fusedMoeWorkspaceBytes), dense layers (all layers of a dense model, the first-k-dense
//    layers and shared experts of an MoE one) tokens x 2 x intermediate / tp x 2 B; Gated DeltaNet and KDA
//    layers hold their projections and output buffers instead (linearAttentionProfileBytes, from vLLM's
//    source, no fitted factor), the larger of the three counts;
//  - sampler: logits for max_num_seqs sequences over the full vocabulary in FP32, about 9.55 such
//    buffers alive at the peak (softmax, sort values and int64 indices, log-probs). Llama (vocab
//    128,256) -> 4.73 GiB, Qwen (151,936) -> 5.6 GiB, gpt-oss (201,088) -> 7.4 GiB, as measured.
struct ActivationEstimate
{
    double hiddenStates = 0;
    double forward = 0;
    double sampler = 0;
    // The multimodal encoder's profiling pass before the language model's (encoderprofile.h): its own peak,
    // and what it leaves alive through the language model's run. 0 without an encoder pass.
    double encoderPeak = 0;
    double encoderHeld = 0;
    double languageModel() const; // hiddenStates + max(forward, sampler)
    double total() const; // max(encoderPeak, encoderHeld + languageModel())
};
// Kimi-K3's attention residuals (vllm/models/kimi_k3/nvidia/model.py @017e9f4448b7): a stage keeps a bank of
// cdiv(end_layer, attn_res_block_size) hidden vectors per batched token in BF16 through its forward pass
// (block_residual), and a stage after the first also the incoming residual of cdiv(start_layer, block) vectors
// (make_empty_intermediate_tensors). Blocks for the stage [firstLayer, endLayer); 0 for other models.
int attentionResidualBlocks(const ModelSpec &m, int firstLayer, int endLayer);
double attentionResidualBankBytes(const ModelSpec &m, int firstLayer, int endLayer, std::int64_t tokens);

ActivationEstimate peakActivation(
    const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens);

// Peak activation of the V0 engine's profiling run (vllm/worker/model_runner.py, profile_run,
// vllm-project/vllm@587909ce7f4f): max_num_seqs dummy sequences whose lengths add up to the profiled
// tokens, run through the model and sampled with top_k = vocab - 1 "to reflect the accurate memory
// usage". One forward pass over the profiled tokens, each holding the residual and normed hidden states
// (2 x hidden x 2 B), the q/k/v projection output ((q + 2 kv heads) / tp x head_dim x 2 B) and the MLP's
// gate/up and activated outputs (3 x intermediate / tp x 2 B; MoE layers: fusedMoeWorkspaceBytes);
// then, on the last PP stage, the sampler on one logits row per sequence: the V1 sampler's 9.55 FP32
// buffers for max_num_seqs rows (no new coefficient). Checked against vllm#10517 (Llama-3.1-8B,
// RTX 3090): 20,000 tokens -> 2.07 GiB measured, 2.14 GiB modelled (the forward pass dominates); and
// vllm#10511 (Llama-3-8B, H100, 8,192 tokens, 256 sequences): 1.26 GiB measured, 1.29 GiB modelled
// (the sampler dominates: 9.55 x 256 x 128,256 x 4 B = 1.17 GiB, plus 0.13 GiB of hidden states).
ActivationEstimate peakActivationV0(
    const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs, std::int64_t profiledTokens);

// The fused-MoE kernel's workspaces, per rank, for one MoE layer over `tokens` tokens (the profiling
// run's peak inside an MoE layer). vLLM's Triton experts (vllm/model_executor/layers/fused_moe/fused_moe.py,
// TritonExperts.workspace_shapes, vllm-project/vllm@000d1458098e) take workspace13 = M x topk x max(2N, K)
// (gate/up output, reused for the down output) and workspace2 = M x topk x N (the activated
// intermediate) elements of the activation dtype (BF16, 2 B), where M = min(tokens,
// VLLM_FUSED_MOE_CHUNK_SIZE) (the modular kernel processes tokens in chunks of that size), N = the
// expert intermediate size / moe_tp, K = hidden and topk = experts per token. The chunk defaults to
// 16 x 1024 (vllm/envs.py, vllm-project/vllm@f218f9c24d22). The same shapes hold for the MXFP4
// Triton (matmul_ogs) path gpt-oss takes (cache1/cache3 in workspace2, cache2 in workspace13: the same
// total). Not modelled: DeepEP / all-to-all dispatch buffers of expert parallelism.
inline constexpr std::int64_t kFusedMoeChunkTokens = std::int64_t { 16 } * 1024;
double fusedMoeWorkspaceBytes(
    const ModelSpec &m, int moeTp, std::int64_t tokens, std::int64_t chunkTokens = kFusedMoeChunkTokens);

// Memory outside torch's allocator (NCCL communicators, custom all-reduce buffers, cuBLAS workspaces):
// ~0.13 GiB at TP 1 and ~0.55 GiB at TP >= 2 (docs/DESIGN.md §C).
double nonTorchBytes(int tp);
// The same with vLLM's custom all-reduce off (a TP group across nodes, or GPUs without a P2P link):
// only NCCL's buffers remain, ~0.2-0.25 GiB at TP 2-8 in V0 logs on PCIe cards (vllm#13061, #14447).
double nonTorchBytes(int tp, bool customAllReduce);

// Device memory taken before vLLM's startup snapshot (CUDA context, NCCL init): ~0.5 GiB.
inline constexpr double kStartupContextBytes = 0.5 * 1024 * 1024 * 1024;

} // namespace shardscope
