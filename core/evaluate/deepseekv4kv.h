#pragma once
#include "core/evaluate/kvcache.h"

#include <cstdint>

namespace shardscope {

// DeepSeek-V4's packed KV pool on the ranks that hold layers [firstLayer, firstLayer + layerCount) (docs/DESIGN.md
// §B.2; vLLM @017e9f4448b7): per layer a sliding-window cache, compressed KV, compressor states and the indexer's
// key cache, grouped and packed into one slab whose block stride is the largest group's page sum. `draftLayers`:
// the MTP layer (a sliding-window cache only). `inFlightTokens`: maxInFlightTokens. `blockSize`: the compressed
// groups' block (vLLM's DeepSeek-V4 backends take 256).
KvPool deepSeekV4Pool(const ModelSpec &m, int firstLayer, int layerCount, int blockSize, std::int64_t maxModelLen,
    std::int64_t inFlightTokens, int draftLayers);

// One fp8_ds_mla row: head_dim - rope NoPE values in fp8, the rope part in bf16 and 8 B of ue8m0 scales
// (vllm/v1/attention/backends/mla/sparse_swa.py @017e9f4448b7: 448 + 128 + 8 = 584 B).
double deepSeekV4RowBytes(const ModelSpec &m);

// Bytes per token the layer's compressed caches grow by (the sliding window is a fixed cost): row / r, plus the
// indexer's 132 B key / 4 at ratio 4; 0 on a window-only layer.
double deepSeekV4BytesPerToken(const ModelSpec &m, const LayerInfo &layer);

} // namespace shardscope
