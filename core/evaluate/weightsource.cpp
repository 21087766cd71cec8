#include "core/evaluate/weightsource.h"

#include "core/model/safetensors.h"

namespace shardscope {

WeightSource weightSource(const ModelSpec &m, const Plan &p, const BytesPerParam &bytes)
{
    WeightSource w;
    RankShape whole; // one rank holding every layer, the embedding, the LM head and every expert, unsplit
    whole.layerCount = m.layers;
    whole.embedding = whole.lmHead = true;
    whole.localExperts = m.experts;
    // The checkpoint's tensors only: the RoPE cos/sin cache is a buffer vLLM builds at load, not a
    // safetensors tensor, so it stays out of the scale (and unscaled on each rank).
    const WeightBreakdown estimate = rankWeightBytes(m, whole, bytes);
    w.estimatedBytes = estimate.total() - estimate.ropeCache;
    const CheckpointWeights files = m.checkpoint.weights;
    if (files.languageBytes > 0 && p.quantization == Quantization::Auto && w.estimatedBytes > 0) {
        w.source = "safetensors";
        w.checkpointBytes = files.languageBytes;
        w.scale = w.checkpointBytes / w.estimatedBytes;
    }
    return w;
}

} // namespace shardscope
