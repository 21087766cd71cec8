#include "core/evaluate/kvcache.h"

#include <algorithm>

namespace shardscope {

namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return b > 0 ? (a + b - 1) / b : 0;
}

} // namespace

double kvElementBytes(KvDtype dtype)
{
    return dtype == KvDtype::Fp8 ? 1.0 : 2.0;
}

double kvBytesPerTokenPerLayer(const ModelSpec &m, int tp, KvDtype dtype)
{
    const double s = kvElementBytes(dtype);
    if (m.isMla())
        return static_cast<double>(m.kvLoraRank + m.qkRopeHeadDim) * s;
    const int kvHeadsLocal = std::max(1, m.kvHeads / std::max(1, tp));
    return 2.0 * kvHeadsLocal * m.headDim * s;
}

KvPool kvPoolForLayers(const ModelSpec &m, int firstLayer, int layerCount, int tp, KvDtype dtype, int blockSize,
    std::int64_t maxModelLen, std::int64_t maxNumBatchedTokens, int draftLayers, int dcp)
{
    KvPool pool;
    pool.dcp = std::max(1, dcp);
    pool.draftLayers = std::max(0, draftLayers);
    pool.bytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, tp, dtype);
    int full = 0, sliding = 0, chunked = 0;
    const int last = std::min<int>(firstLayer + layerCount, static_cast<int>(m.layerInfo.size()));
    for (int i = std::max(0, firstLayer); i < last; ++i) {
        switch (m.layerInfo[i].attention) {
        case LayerAttention::Full:
            ++full;
            break;
        case LayerAttention::Sliding:
            ++sliding;
            break;
        case LayerAttention::Chunked:
            ++chunked;
            break;
        }
    }
    full += pool.draftLayers;
    pool.layers = full + sliding + chunked;
    pool.bytesPerToken = pool.layers * pool.bytesPerTokenPerLayer / pool.dcp;
    if (pool.layers == 0 || blockSize <= 0)
        return pool;

    // vLLM _get_kv_cache_groups_uniform_page_size: group size is the smallest per-type layer count,
    // or the largest when the largest is below 1.5 x the smallest; groups are padded to that size.
    std::vector<int> counts;
    for (int n : { full, sliding, chunked })
        if (n > 0)
            counts.push_back(n);
    const int minCount = *std::min_element(counts.begin(), counts.end());
    const int maxCount = *std::max_element(counts.begin(), counts.end());
    pool.groupSize = (counts.size() == 1 || maxCount < 1.5 * minCount) ? maxCount : minCount;
    const auto groupsOf = [&](int n) { return n > 0 ? static_cast<int>(ceilDiv(n, pool.groupSize)) : 0; };
    pool.fullGroups = groupsOf(full);
    const int slidingGroups = groupsOf(sliding);
    const int chunkedGroups = groupsOf(chunked);
    pool.windowGroups = slidingGroups + chunkedGroups;
    pool.bytesPerBlock = static_cast<double>(blockSize) * pool.bytesPerTokenPerLayer * pool.groupSize;

    // Blocks one max-length request needs (vLLM max_memory_usage_bytes per spec):
    // full: cdiv(max_len, B); sliding: cdiv(min(window - 1 + max_num_batched_tokens, max_len), B) + 1;
    // chunked local attention: cdiv(min(chunk + max_num_batched_tokens, max_len), B).
    const std::int64_t fullBlocks = ceilDiv(ceilDiv(maxModelLen, pool.dcp), blockSize);
    const std::int64_t slidingBlocks
        = ceilDiv(std::min<std::int64_t>(m.slidingWindow - 1 + maxNumBatchedTokens, maxModelLen), blockSize) + 1;
    const std::int64_t chunkedBlocks
        = ceilDiv(std::min<std::int64_t>(m.chunkSize + maxNumBatchedTokens, maxModelLen), blockSize);
    pool.blocksPerRequest = pool.fullGroups * fullBlocks + slidingGroups * std::min(slidingBlocks, fullBlocks)
        + chunkedGroups * std::min(chunkedBlocks, fullBlocks);
    return pool;
}

} // namespace shardscope
