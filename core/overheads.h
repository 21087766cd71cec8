#pragma once
#include "core/gpuspec.h"
#include "core/modelspec.h"

#include <cstdint>

namespace shardscope {

// vLLM's scheduler defaults for `vllm serve` (EngineArgs.get_batch_defaults, reference vllm_cli.md):
// max_num_seqs 1024 and max_num_batched_tokens 8192 on GPUs with >= 70 GiB that are not A100s,
// else 256 and 2048; max_num_seqs is capped by max_num_batched_tokens.
struct BatchDefaults
{
    std::int64_t maxNumSeqs = 256;
    std::int64_t maxNumBatchedTokens = 2048;
};
BatchDefaults vllmBatchDefaults(const GpuSpec &gpu, double totalBytes);

// Peak activation during vLLM's profiling run, per rank (torch_peak_increase).
// Two terms, each from the settings that drive it, fitted to reference calibration.md (vLLM 0.11, H100):
//  - the hidden states of the profiling batch: max_num_batched_tokens x hidden x 2 B, plus the larger of
//    the forward pass's MLP / MoE intermediates (tokens x 2 x intermediate / tp x 2 B) and, on the last
//    PP stage only, the sampler's buffers;
//  - sampler: logits for max_num_seqs sequences over the full vocabulary in FP32, about 9.55 such
//    buffers alive at the peak (softmax, sort values and int64 indices, log-probs). Llama (vocab
//    128,256) -> 4.73 GiB, Qwen (151,936) -> 5.6 GiB, gpt-oss (201,088) -> 7.4 GiB, as measured.
struct ActivationEstimate
{
    double hiddenStates = 0;
    double forward = 0;
    double sampler = 0;
    double total() const;
};
ActivationEstimate peakActivation(const ModelSpec &m, int tp, int moeTp, bool lastStage, std::int64_t maxNumSeqs,
                                  std::int64_t maxNumBatchedTokens);

// Memory outside torch's allocator (NCCL communicators, custom all-reduce buffers, cuBLAS workspaces):
// ~0.13 GiB at TP 1 and ~0.55 GiB at TP >= 2 (reference calibration.md).
double nonTorchBytes(int tp);

// The CUDA-graph pool vLLM >= 0.21 subtracts (0 with --enforce-eager). Observed 0.1-3 GiB; grows with
// the number of captured batch sizes and layers. Planning estimate: 0.5 GiB + 4 MiB per layer on the rank.
double cudaGraphBytes(int layersOnRank, bool enforceEager);

} // namespace shardscope
