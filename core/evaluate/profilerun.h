#pragma once
// What vLLM's V1 profiling run holds, by release: the rules that changed after the 0.11 ones in
// overheads.h (whose functions give the 0.11 figures). Each is measured or read from vLLM source as noted.
#include "core/evaluate/overheads.h"
#include "core/model/modelspec.h"
#include "core/model/vllmversion.h"

#include <cstdint>

namespace shardscope {

// The sampler's dummy run holds about 3.7 FP32 logits-sized buffers instead of 9.55 from 0.17. No source
// between the two was readable; the llm-d-planner version sweep (github.com/llm-d-incubation/llm-d-planner
// @d3121e05, accuracy/results/version-sweep/runs/qwen3-14b-vllm-v0-1{6,7}-0--h100-80gb--tp1pp1dp1--8192.json)
// measured Qwen3-14B's peak activation at 5.64 GiB in 0.16.0 and 2.23 GiB in 0.17.0 (1,024 sequences,
// 8,192 tokens, vocabulary 151,936), the same setting.
inline constexpr VllmVersion kSamplerFewerBuffers { 0, 17, 0 };
// Buffers per FP32 logits entry at the sampler's peak. Before 0.17: 9.55, fitted to the llm-d 0.11 table
// (llm-d/llm-d-benchmark @0fa12aa9, config_explorer/empirical-vllm-memory-results.md: Llama 128,256 ->
// 4.76 GiB, Qwen 151,936 -> 5.64, gpt-oss 201,088 -> 7.38). From 0.17: the median over the public log
// corpus of what each log that prints its peak implies (tst_logcorpus prints the fit and leave-one-out).
inline constexpr double kSamplerBuffersBefore017 = 9.55;
inline constexpr double kSamplerBuffersFrom017 = 3.72;
// With the FlashInfer top-k/top-p kernel (Plan::flashinferSampler) the sampler takes the fewer buffers in
// every V1 release. V1's TopKTopPSampler.forward_cuda hands the logits to flashinfer_sample, which samples
// from them without the PyTorch-native path's sort (FP32 values and int64 indices), its masked copy, the
// scattered result and the exponential noise (vllm/v1/sample/ops/topk_topp_sampler.py, PR #11394; the
// dummy sampler run sets top-k and top-p, so the profiling run takes that path). No new coefficient: the
// 0.17+ figure. Checked, not fitted, on dennislee22's two 0.10.1.1 logs that print "Using FlashInfer for
// top-p & top-k sampling." (Qwen2-7B, A100 80GB, 256 sequences, vocabulary 152,064): their available KV
// implies 3.7 and 4.1 buffers where the native path's 9.55 leaves them 0.85 and 0.79 GiB short.
double samplerBuffers(const VllmVersion &version, bool flashinferSampler = false);

// The fused-MoE modular kernel takes workspace13 and workspace2 from the worker's WorkspaceManager
// (vllm/model_executor/layers/fused_moe/modular_kernel.py, FusedMoEModularKernel._allocate_buffers:
// current_workspace_manager().get_simultaneous(...); vllm/v1/worker/workspace.py), one buffer that is
// kept after the forward pass, so the sampler's peak comes on top of it. Seen in 0.14's _allocate_buffers
// (as quoted in a public analysis of 0.14 against 0.19) and in the 0.19.0 peaks of the corpus (Mixtral-8x7B,
// Qwen3-30B-A3B, DeepSeek-V2-Lite, Llama-4-Scout exceed the sampler by about their workspace); releases
// before 0.14 are taken to free it after the forward pass (not verified).
// gpt-oss's MXFP4 experts do not show it: llm-d-planner's 0.19.0 gpt-oss-20b tp 2 log peaks at 2.87 GiB,
// the hidden states and the sampler alone.
inline constexpr VllmVersion kMoeWorkspaceHeld { 0, 14, 0 };
double heldMoeWorkspaceBytes(
    const ModelSpec &m, int moeTp, std::int64_t maxNumBatchedTokens, const VllmVersion &version, bool modularMoeKernel);

// The layers a pipeline stage runs, [first, end).
struct StageLayers
{
    int first = 0;
    int end = 0;
};

// peakActivation (overheads.h) for a V1 release: the sampler with samplerBuffers(version), and on the
// last PP stage the held MoE workspace counted with it, in `sampler` (the sampler phase's peak:
// total = hidden + max(forward, sampler buffers + held workspace)); Kimi-K3's attention-residual bank of
// the stage's layers (attentionResidualBankBytes) in `hiddenStates`, alive through the whole forward pass.
ActivationEstimate peakActivationAt(const ModelSpec &m, int tp, int moeTp, StageLayers stage, bool lastStage,
    std::int64_t maxNumSeqs, std::int64_t maxNumBatchedTokens, const VllmVersion &version, bool modularMoeKernel,
    bool flashinferSampler = false);

// Non-torch memory that grows during the profiling run, by release. Before 0.18: nonTorchBytes(tp,
// customAllReduce) (overheads.h). From 0.18, where the log says "non-torch forward increase memory":
// 0.25 GiB at TP 1 (llm-d-planner sweep: Qwen3-14B 0.13 GiB in 0.17.0, 0.25 in 0.18.0; every TP 1 log
// of its 0.19.0 run 0.24-0.27), 0.07 GiB on a TP 1 pipeline stage (0.19.0 Llama-3.1-8B pp 2 and pp 4)
// and 2.1 GiB at TP >= 2 with custom all-reduce (0.19.0: 2.06-2.11 GiB at TP 2 and 2.13-2.21 at TP 4 over
// eight logs, each enabling the all-reduce + RMSNorm fusion: "Enabled custom fusions: allreduce_rms").
// TP >= 2 without custom all-reduce keeps the NCCL-only figure. The TP >= 2 step is placed at 0.18 with
// the TP 1 one: no TP >= 2 log between 0.11 and 0.19 was found. The values are the corpus medians
// (tst_logcorpus prints the fit and its leave-one-out).
inline constexpr VllmVersion kNonTorchForwardIncrease { 0, 18, 0 };
inline constexpr double kNonTorchTp1From018 = 0.25 * 1024 * 1024 * 1024;
inline constexpr double kNonTorchPpStageFrom018 = 0.07 * 1024 * 1024 * 1024;
inline constexpr double kNonTorchCustomAllReduceFrom018 = 2.1 * 1024 * 1024 * 1024;
double nonTorchBytesAt(int tp, int pp, bool customAllReduce, const VllmVersion &version);

} // namespace shardscope
