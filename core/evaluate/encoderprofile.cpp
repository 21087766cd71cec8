#include "core/evaluate/encoderprofile.h"

#include "core/model/visiontower.h"

#include <algorithm>

namespace shardscope {

EncoderProfile encoderProfile(const VisionTower &tower, int tp, bool tpDataMode, std::int64_t maxNumBatchedTokens,
    std::int64_t maxNumSeqs, std::int64_t maxModelLen)
{
    EncoderProfile e;
    const VisionEncoderShape &s = tower.encoder;
    if (!s.known() || s.heads <= 0 || s.patch <= 0 || s.spatialMerge <= 0)
        return e;
    // The largest image: max_pixels // (patch x merge)^2 merged tokens (Qwen2VLProcessingInfo.
    // get_image_size_with_most_features, qwen2_vl.py), one temporal patch (images are padded to 2 frames).
    const std::int64_t unit = static_cast<std::int64_t>(s.patch) * s.spatialMerge;
    const std::int64_t itemTokens = s.maxImagePixels / (unit * unit);
    if (itemTokens <= 0)
        return e;
    const std::int64_t budget = std::max(maxNumBatchedTokens, itemTokens);
    const std::int64_t perPrompt = std::max<std::int64_t>(1, maxModelLen / itemTokens);
    e.items
        = std::max<std::int64_t>(1, std::min(budget / itemTokens, std::max<std::int64_t>(1, maxNumSeqs) * perPrompt));
    e.tokens = e.items * itemTokens;
    const double merge2 = static_cast<double>(s.spatialMerge) * s.spatialMerge;
    e.patches = e.tokens * s.spatialMerge * s.spatialMerge;

    constexpr double b = 2; // BF16 (the processor's output is cast to the model dtype)
    const double values = static_cast<double>(s.inChannels) * s.temporalPatch * s.patch * s.patch;
    const double pixels = static_cast<double>(e.patches) * values * b; // the whole batch, on every rank
    // --mm-encoder-tp-mode data: whole images go to ranks (run_dp_sharded_mrope_vision_model, vision.py), the
    // busiest gets ceil(items / tp) and copies its pixels out of the batch (torch.cat); else every rank runs all
    // patches with the tower's linear layers split t = tp ways.
    const std::int64_t itemPatches = itemTokens * s.spatialMerge * s.spatialMerge;
    const std::int64_t rankItems = tpDataMode ? (e.items + std::max(1, tp) - 1) / std::max(1, tp) : e.items;
    const double P = static_cast<double>(rankItems * itemPatches);
    const double h = s.hidden;
    const double i = s.intermediate;
    const int headDim = s.hidden / s.heads; // hidden // num_heads, as Qwen2_5_VisionAttention splits it
    const double d = headDim;
    const double persistent = pixels + P * h * b + P * d * b + (tpDataMode ? P * values * b : 0.0);
    const int t = tpDataMode ? 1 : std::max(1, tp);
    const double attention = t > 1 ? P * h * b * (4.0 + 8.0 / t) : P * h * b * 11.0;
    const double mlp
        = t > 1 ? P * b * (2 * h + std::max(2 * i / t, i / t + 2 * h)) : P * b * (2 * h + std::max(2 * i, i + h));
    e.towerPeak = persistent + std::max(attention, mlp) + s.deepstack * (P / merge2 * s.outHidden * b);
    // After the forward pass the outputs of every image (all-gathered in data mode) stay in encoder_cache.
    const double outputs = static_cast<double>(e.tokens) * s.outHidden * b * (1 + s.deepstack);
    e.heldThroughLm = pixels + outputs;
    return e;
}

EncoderProfile encoderProfileFor(const ModelSpec &m, const Plan &resolved)
{
    return encoderProfile(m.vision, resolved.tp, visionTowerTpDataMode(m.vision, resolved.mmEncoderTpData, resolved.tp),
        resolved.maxNumBatchedTokens, resolved.maxNumSeqs, resolved.maxModelLen);
}

} // namespace shardscope
