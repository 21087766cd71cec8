#include "core/evaluate/deepseekv4kv.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

// DeepSeek-V4's KV pool as vLLM main @017e9f4448b7 builds it (docs/DESIGN.md §B.2 has the walk-through):
//  - vllm/models/deepseek_v4/attention.py DeepseekV4Attention / DeepseekV4IndexerCache, compressor.py
//    CompressorStateCache, vllm/v1/attention/backends/mla/sparse_swa.py DeepseekV4SWACache: the specs per layer;
//  - vllm/v1/core/kv_cache_utils.py group_and_unify_kv_cache_specs, _get_kv_cache_groups_uniform_groups,
//    _approximate_gcd, _get_packed_kv_cache_layout (block stride), _max_memory_usage_bytes_from_groups (the
//    startup check's bytes per page), get_max_concurrency_for_kv_cache_config (blocks per request);
//  - vllm/v1/kv_cache_interface.py SlidingWindowSpec.max_admission_blocks_per_request (window - 1 + in-flight
//    tokens, + 1 block).
// The fp8_ds_mla layout is forced on vLLM's default DeepSeek-V4 backends (FlashMLA, FlashInfer on sm_12x), so
// every page below is in that layout and padded to a multiple of 576 B.

namespace shardscope {

namespace {

constexpr double kPageAlign = 576; // fp8_ds_mla page alignment (kv_cache_interface.py)
constexpr int kWindowBlock = 64; // DeepseekV4SWACache block size
constexpr double kIndexerRowBytes = 132; // index_head_dim 128 fp8 + one fp32 scale per 128 (DeepseekV4IndexerCache)

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return b <= 0 ? 0 : (a + b - 1) / b;
}

double page(double rows, double rowBytes)
{
    return std::ceil(rows * rowBytes / kPageAlign) * kPageAlign;
}

// One bucket of specs that vLLM unifies into a UniformTypeKVCacheSpecs: the layers it spans, in order, and the
// page of each spec a layer contributes (a layer may contribute two: compressor and indexer state).
struct Bucket
{
    int block = 0; // tokens per block
    int window = 0; // 0: the compressed (MLA) bucket, grown with the context
    std::vector<std::pair<int, std::vector<double>>> layers; // (layer index, its pages in this bucket)
};

// _approximate_gcd: the d in [lower, max] with the least total padding of the counts up to multiples of d,
// ties to the larger d.
int approximateGcd(const std::vector<int> &values, int lower)
{
    const int top = *std::max_element(values.begin(), values.end());
    int best = std::max(1, lower);
    long long bestPad = -1;
    for (int d = std::max(1, lower); d <= top; ++d) {
        long long pad = 0;
        for (int x : values)
            pad += (d - x % d) % d;
        if (bestPad < 0 || pad <= bestPad) {
            bestPad = pad;
            best = d;
        }
    }
    return best;
}

// How many specs of a bucket have each page size.
std::map<double, int> pageCounts(const Bucket &b)
{
    std::map<double, int> perPage;
    for (const auto &l : b.layers)
        for (double p : l.second)
            ++perPage[p];
    return perPage;
}

// UniformTypeKVCacheSpecs.get_num_layer_tuples: how many layers share the most common page size.
int layerTuples(const Bucket &b)
{
    int most = 0;
    for (const auto &kv : pageCounts(b))
        most = std::max(most, kv.second);
    return most;
}

} // namespace

double deepSeekV4RowBytes(const ModelSpec &m)
{
    return m.kvLoraRank + m.qkRopeHeadDim * 2.0 + 8;
}

double deepSeekV4BytesPerToken(const ModelSpec &m, const LayerInfo &layer)
{
    const int r = layer.compressRatio;
    if (r <= 1)
        return 0;
    return deepSeekV4RowBytes(m) / r + (r == 4 ? kIndexerRowBytes / r : 0);
}

KvPool deepSeekV4Pool(const ModelSpec &m, int firstLayer, int layerCount, int blockSize, std::int64_t maxModelLen,
    std::int64_t inFlightTokens, int draftLayers)
{
    KvPool pool;
    pool.blockSize = blockSize;
    pool.draftLayers = std::max(0, draftLayers);
    const double row = deepSeekV4RowBytes(m);
    const int total = static_cast<int>(m.layerInfo.size());
    // Buckets keyed as vLLM keys the sliding specs, (block size, window); the compressed specs form one more.
    Bucket compressed { blockSize, 0, {} };
    Bucket window { kWindowBlock, m.slidingWindow, {} };
    Bucket ratio4States { 4, 8, {} }; // compressor state: block 4, window coff x r = 8
    Bucket ratio128States { 8, 128, {} }; // block 8, window 128
    for (int i = 0; i < total + pool.draftLayers; ++i) {
        window.layers.push_back({ i, { page(kWindowBlock, row) } });
        const int r = i < total ? m.layerInfo[static_cast<std::size_t>(i)].compressRatio : 1; // MTP: ratio 1
        if (r == 4) {
            // Compressed KV (block / 4 rows) and the indexer's keys; the compressor state is 2 x coff x head_dim
            // FP32 per row (coff 2), the indexer compressor's 2 x 2 x index_head_dim.
            compressed.layers.push_back({ i, { page(blockSize / 4.0, row), page(blockSize / 4.0, kIndexerRowBytes) } });
            ratio4States.layers.push_back(
                { i, { page(4, 2.0 * 2 * m.headDim * 4), page(4, 2.0 * 2 * m.indexHeadDim * 4) } });
        } else if (r == 128) {
            compressed.layers.push_back({ i, { page(blockSize / 128.0, row) } });
            ratio128States.layers.push_back({ i, { page(8, 2.0 * m.headDim * 4) } });
        }
    }
    std::vector<Bucket> sliding;
    for (Bucket *b : { &window, &ratio4States, &ratio128States })
        if (!b->layers.empty())
            sliding.push_back(*b);
    std::vector<int> tuples { layerTuples(compressed) };
    for (const Bucket &b : sliding)
        tuples.push_back(layerTuples(b));
    const int tuplesPerGroup = approximateGcd(tuples, tuples.front());

    // The groups: the compressed bucket whole, each sliding bucket split into cdiv(layers, T) groups dealt round
    // robin. Each group's page sum over the layers this rank holds; the block stride is the largest.
    const int last = std::min(firstLayer + layerCount, total);
    const auto held = [&](int i) { return (i >= firstLayer && i < last) || (i >= total && pool.draftLayers > 0); };
    struct Group
    {
        double pageSum = 0;
        int block = 0, window = 0, tuples = 0;
    };
    std::vector<Group> groups;
    Group mla { 0, blockSize, 0, tuples.front() };
    for (const auto &l : compressed.layers)
        if (held(l.first))
            for (double p : l.second)
                mla.pageSum += p;
    groups.push_back(mla);
    for (const Bucket &b : sliding) {
        const int n = static_cast<int>(b.layers.size());
        const int k = static_cast<int>(ceilDiv(n, tuplesPerGroup));
        for (int g = 0; g < k; ++g) {
            Group group { 0, b.block, b.window, 0 };
            for (int t = g; t < n; t += k) {
                ++group.tuples;
                if (held(b.layers[static_cast<std::size_t>(t)].first))
                    for (double p : b.layers[static_cast<std::size_t>(t)].second)
                        group.pageSum += p;
            }
            groups.push_back(group);
        }
    }
    double stride = 0;
    int checkTuples = 0;
    for (const Group &g : groups) {
        stride = std::max(stride, g.pageSum);
        checkTuples = std::max(checkTuples, g.tuples);
    }
    // The startup check prices a page at (most tuples of any group) x the sum of the compressed bucket's distinct
    // page sizes (_max_memory_usage_bytes_from_groups), not at the stride.
    double tupleBytes = 0;
    for (const auto &kv : pageCounts(compressed))
        tupleBytes += kv.first;
    pool.bytesPerBlock = stride;
    pool.checkBytesPerBlock = checkTuples * tupleBytes;
    pool.groupSize = tuplesPerGroup;
    pool.fullGroups = 1;
    pool.windowGroups = static_cast<int>(groups.size()) - 1;

    // Blocks one request of max_model_len takes: the compressed group grows with the context, each sliding group
    // holds its window, the in-flight tokens and one block more.
    const std::int64_t contextBlocks = ceilDiv(maxModelLen, blockSize);
    pool.blocksPerRequest = contextBlocks;
    pool.groupDemands.push_back({ static_cast<double>(contextBlocks) * stride, stride });
    for (std::size_t g = 1; g < groups.size(); ++g) {
        const std::int64_t tokens = std::min<std::int64_t>(groups[g].window - 1 + inFlightTokens, maxModelLen);
        const std::int64_t blocks = ceilDiv(tokens, groups[g].block) + 1;
        pool.blocksPerRequest += blocks;
        pool.groupDemands.push_back({ static_cast<double>(blocks) * stride, stride });
    }
    pool.layers = std::max(0, last - firstLayer) + pool.draftLayers;
    pool.bytesPerToken = blockSize > 0 ? stride / blockSize : 0;
    pool.bytesPerTokenPerLayer = pool.layers > 0 ? pool.bytesPerToken / pool.layers : 0;
    pool.stateBytesPerRequest = static_cast<double>(pool.blocksPerRequest - contextBlocks) * stride;
    return pool;
}

} // namespace shardscope
