#pragma once
#include "core/model/modelspec.h"

#include <cstdint>

namespace shardscope {

// The largest set of tensors a linear-attention layer (Gated DeltaNet, Kimi Delta Attention) holds during
// vLLM V1's profiling run, per rank, for `tokens` batched tokens; 0 for models without such layers.
//
// vLLM runs the profiling forward pass without attention metadata (gpu_model_runner.py _dummy_run,
// is_profile=True: metadata only with force_attention or FULL CUDA graphs, vllm-project/vllm
// @017e9f4448b7), and both layers' core then returns at once ("V1 profile run",
// vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py _forward_core; the same in qwen3_next.py
// and layers/kda.py @ca90f503041f, 0.11): the causal conv1d and the chunked delta rule (chunk_local_cumsum,
// the 64 x 64 KKT blocks, solve_tril, w/u, the per-chunk states h, o) never run on the profiled tokens;
// the GDN layer only warms its kernels on one 64-token chunk (_warmup_prefill_kernels, freed at once). So
// what the profile sees of these layers is their projections and the output buffer, all BF16:
//  - Gated DeltaNet (QwenGatedDeltaNetAttention.forward_cuda / _output_projection, @d18bb7b39088, the
//    path without the fused decode kernel): in_proj_qkvz T x (2 key_dim + 2 value_dim) / tp and in_proj_ba
//    T x 2 value_heads / tp, alive to the end (q/k/v and z are views of them); core_attn_out
//    T x value_dim / tp (torch.zeros); the gated RMS norm's output T x value_dim / tp, written while z and
//    core_attn_out are read. Qwen3-Next's interleaved layout (gqa_interleaved_layout) also holds the
//    contiguous torch.cat of q, k, v: T x (2 key_dim + value_dim) / tp. The out_proj output
//    (T x hidden) comes after the norm's inputs can be freed in the compiled graph; not counted.
//  - Kimi Delta Attention (@017e9f4448b7; KimiLinearForCausalLM is served from vllm/models/kimi_k3): the fused
//    in_proj_qkvgfab (q, k, v, beta, f_a; Kimi-K3's full-rank gate also g2, padded to 16), g1 = f_b_proj's
//    T x heads x head_dim / tp, core_attn_out T x heads x head_dim / tp; Kimi Linear also g2 = g_b_proj's
//    T x heads x head_dim / tp and the decoder layer's output buffer T x hidden; alive when the core is called.
// The layers run one after another, so this is a candidate for the forward pass's peak beside the MLP /
// MoE intermediates, not an addition to them.
double gatedDeltaNetProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens);
double kimiDeltaProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens);
double linearAttentionProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens);

} // namespace shardscope
