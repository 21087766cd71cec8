#pragma once
// The multimodal encoder's part of vLLM's profiling run. Read from vLLM @017e9f4448b7 (neuralmagic/vllm, a
// mirror of vllm-project/vllm main; the same code in the v0.24.0 branch): GPUModelRunner.profile_run
// (vllm/v1/worker/gpu_model_runner.py) first runs the encoder eagerly on a batch of maximum-size dummy items
// (_get_mm_dummy_batch, the modality with the most tokens per item), keeps the outputs in encoder_cache and
// the batched pixel values in a local that lives on, and only then runs the language model's dummy batch.
// So the run's peak is the larger of the tower's forward peak and pixels + outputs + the language model's peak.
// Items: the encoder budget max(max_num_batched_tokens, the largest item's tokens)
// (compute_mm_encoder_budget, vllm/v1/core/encoder_cache_manager.py, since #11895 / v0.7.0) over one item's
// tokens, at most max_num_seqs x max(1, max_model_len / the item's tokens) (the per-prompt limit taken as not
// binding), at least 1 (vllm/multimodal/encoder_budget.py _get_max_items). --skip-mm-profiling and
// --language-model-only (all modality limits 0) skip it.
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <cstdint>

namespace shardscope {

struct EncoderProfile
{
    std::int64_t items = 0; // dummy images in the batch
    std::int64_t patches = 0; // over all items
    std::int64_t tokens = 0; // merged tokens over all items
    double towerPeak = 0; // the tower's forward pass at its peak on the busiest rank, bytes
    double heldThroughLm = 0; // pixel values + encoder outputs alive during the language model's dummy run
    bool modelled() const { return items > 0; }
};

// The profile of the Qwen3-VL-family tower (Qwen3_VisionTransformer: Qwen3-VL, Qwen3.5, Qwen3.6) with
// FlashAttention varlen in the ViT (get_vit_attn_backend picks FLASH_ATTN on CUDA for head sizes that are a
// multiple of 8 up to 256: no P x P score matrix). Not modelled (items 0) for other towers.
// The tensors alive at the peak, P patches, h hidden, i intermediate, d head size, C = in_channels x
// temporal_patch x patch^2 values per patch, t = tp (1 with --mm-encoder-tp-mode data, where the busiest rank
// runs ceil(images / tp) whole images and also holds the torch.cat copy of their pixels), all BF16:
//   through the whole forward: pixel values P C, pos_embeds P h, rotary cos + sin 2 P d/2;
//   at the attention's output all-reduce (Qwen2_5_VisionAttention.forward, qwen2_5_vl.py): residual, norm1's
//   output, the RowParallel partial and pynccl's out-of-place result, 4 P h, with qkv 3 P h/t, the contiguous
//   q/k copy and its rotated copy 2 + 2 P h/t and the attention output P h/t; at t = 1 no all-reduce: 11 P h;
//   in the MLP (Qwen3_VisionMLP): residual, norm2's output, then fc1's output and its GELU, 2 P i/t, or the
//   GELU output with fc2's partial and the all-reduce result, P i/t + 2 P h (at t = 1: P i + P h);
//   deepstack merger outputs (P / merge^2) x out_hidden each, kept to the end.
// Qwen3.5-27B (h 1,152, i 4,304, 16 heads, P 65,536) at tp 2: 361,758,720 + 1,207,959,552 = 1,569,718,272 B.
EncoderProfile encoderProfile(const VisionTower &tower, int tp, bool tpDataMode, std::int64_t maxNumBatchedTokens,
    std::int64_t maxNumSeqs, std::int64_t maxModelLen);
// The same for a plan with vLLM's defaults filled in: its tp, encoder TP mode as vLLM applies it
// (visionTowerTpDataMode) and batch limits. The evaluation and its show-your-work both take it from here.
EncoderProfile encoderProfileFor(const ModelSpec &m, const Plan &resolved);

} // namespace shardscope
