#include "core/evaluate/kvcache.h"

#include "core/evaluate/deepseekv4kv.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>

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

// Which layout a sparse-MLA layer's latent takes, from the attention backend vLLM selects (neuralmagic/vllm,
// a mirror of vllm-project/vllm, @017e9f4448b7):
//  - platforms/cuda.py _get_backend_priorities: sm_10x with an fp8 KV cache prefers FLASHINFER_MLA_SPARSE
//    (#37252, merged 2026-03-17; v0.18.0 was tagged about a week later, so the first release taken is 0.19);
//    before, and on sm_90, FLASHMLA_SPARSE (FLASH_ATTN_MLA_SPARSE, Hopper's first choice, takes no fp8);
//    sm_12x has only FLASHINFER_MLA_SPARSE_SM120 (#43477);
//  - model_executor/layers/attention/mla_attention.py _canonicalize_sparse_mla_kv_cache_dtype:
//    FLASHMLA_SPARSE turns an fp8 cache into "fp8_ds_mla"; FLASHINFER_MLA_SPARSE_SM120 turns auto and fp8
//    into "fp8_ds_mla"; FLASHINFER_MLA_SPARSE keeps the standard fp8 layout (its "Using standard fp8 KV cache
//    format" log line).
constexpr VllmVersion kFlashInferSparseMlaFp8 { 0, 19, 0 }; // #37252, as above

SparseMlaCache sparseMlaCacheFor(KvDtype dtype, int computeCapability, const VllmVersion &vllm)
{
    const int major = computeCapability / 10;
    if (major == 12)
        return SparseMlaCache::DeepSeekFp8;
    if (dtype != KvDtype::Fp8)
        return SparseMlaCache::Bf16;
    if (major == 10 && resolvedVllmVersion(vllm) >= kFlashInferSparseMlaFp8)
        return SparseMlaCache::StandardFp8;
    return SparseMlaCache::DeepSeekFp8;
}

SparseMlaCache sparseMlaCacheFor(const Plan &p, const GpuSpec &gpu)
{
    return sparseMlaCacheFor(p.kvCacheDtype, cudaComputeCapability(gpu), p.vllmVersion);
}

// DeepSeek-V3.2 / GLM-5 (DSA) latent per token and layer. "fp8_ds_mla" (FlashMLA's layout): kv_lora_rank
// fp8 values, one fp32 scale per 128 of them, the rope part in bf16 = 512 + 16 + 128 = 656 B for
// DeepSeek-V3.2 (mla_attention.py @017e9f4448b7: state_content_bytes 656); standard fp8 576 B; bf16 1,152 B.
double sparseMlaLatentBytes(const ModelSpec &m, KvDtype dtype, SparseMlaCache cache)
{
    if (m.isDeepSeekV4()) // its backends force fp8_ds_mla, 584 B rows (deepseekv4kv.h)
        return deepSeekV4RowBytes(m);
    if (cache == SparseMlaCache::FromDtype)
        cache = dtype == KvDtype::Fp8 ? SparseMlaCache::DeepSeekFp8 : SparseMlaCache::Bf16;
    switch (cache) {
    case SparseMlaCache::DeepSeekFp8:
        return m.kvLoraRank + m.kvLoraRank / 128.0 * 4 + m.qkRopeHeadDim * 2.0;
    case SparseMlaCache::StandardFp8:
        return static_cast<double>(m.kvLoraRank + m.qkRopeHeadDim);
    case SparseMlaCache::Bf16:
    case SparseMlaCache::FromDtype:
        break;
    }
    return (m.kvLoraRank + m.qkRopeHeadDim) * 2.0;
}

double dsaIndexerBytesPerToken(const ModelSpec &m)
{
    // deepseek_v2.py DeepseekV32IndexerCache (uint8): index_head_dim fp8 values + one fp32 scale per 128 = 132 B.
    return m.isSparseMla() ? m.indexHeadDim + m.indexHeadDim / 128.0 * 4 : 0;
}

double kvBytesPerTokenPerLayer(const ModelSpec &m, int tp, KvDtype dtype, SparseMlaCache cache)
{
    const double s = kvElementBytes(dtype);
    if (m.isDeepSeekV4()) {
        // The compressed caches' growth per token, averaged over the layers (the windows are a fixed cost).
        double sum = 0;
        for (const LayerInfo &l : m.layerInfo)
            sum += deepSeekV4BytesPerToken(m, l);
        return m.layerInfo.empty() ? 0 : sum / static_cast<double>(m.layerInfo.size());
    }
    if (m.isSparseMla()) // the latent plus the indexer's own cache, both per token and layer
        return sparseMlaLatentBytes(m, dtype, cache) + dsaIndexerBytesPerToken(m);
    if (m.isMla())
        return static_cast<double>(m.kvLoraRank + m.qkRopeHeadDim) * s;
    const int kvHeadsLocal = std::max(1, m.kvHeads / std::max(1, tp));
    return 2.0 * kvHeadsLocal * m.headDim * s;
}

double kvBytesPerTokenForLayer(const ModelSpec &m, const LayerInfo &l, int tp, KvDtype dtype, SparseMlaCache cache)
{
    if (l.mixer != LayerMixer::Attention || l.kvShared)
        return 0;
    if (m.isDeepSeekV4())
        return deepSeekV4BytesPerToken(m, l);
    // MiniMax-M3 sparse layers add their indexer's side cache (vllm/models/minimax_m3/common/indexer.py
    // @0484480bc730, MiniMaxM3IndexerCache.get_kv_cache_spec: MLAAttentionSpec, num_kv_heads 1, head_size
    // sparse_index_dim, indexer_kv_dtype, default bf16): one index key per token on every TP rank, whatever
    // --kv-cache-dtype. vLLM puts it in the same group as the layers' K/V (UniformTypeKVCacheSpecs).
    const double indexer = l.msaIndexer ? static_cast<double>(m.msaIndexDim) * m.msaIndexBytes : 0;
    // A DSA layer that reuses an earlier layer's top-k (GLM-5.2 IndexCache: index_topk_freq /
    // index_topk_pattern) builds no Indexer, so no DeepseekV32IndexerCache (vllm deepseek_v2.py
    // @017e9f4448b7, DeepseekV2MLAAttention: indexer = None when skip_topk): only its latent is cached.
    if (m.isSparseMla() && l.dsaSharedIndexer)
        return sparseMlaLatentBytes(m, dtype, cache);
    if (m.isMla() || (l.kvHeads == 0 && l.headDim == 0 && l.vHeadDim == 0))
        return kvBytesPerTokenPerLayer(m, tp, dtype, cache) + indexer;
    // The layer's own KV heads and head sizes (Gemma-4 full layers, K = V layers still caching K and V;
    // MiMo-V2's narrower V: the DiffKV backend's spec holds head_size + head_size_v per KV head).
    return std::max(1, m.layerKvHeads(l) / std::max(1, tp))
        * static_cast<double>(m.layerHeadDim(l) + m.layerVHeadDim(l)) * kvElementBytes(dtype)
        + indexer;
}

std::int64_t maxInFlightTokens(const Plan &p)
{
    if (resolvedVllmVersion(p.vllmVersion) < kInFlightWindow)
        return p.maxNumBatchedTokens;
    // max_concurrent_batches: async scheduling is on by default; the V2 model runner (the default for most
    // models since 0.25) takes pp + 1 batches, pp 1 two.
    return p.maxNumBatchedTokens * (p.pp <= 1 ? 2 : p.pp + 1);
}

MambaCacheSettings mambaCacheSettingsFor(const Plan &p, const ModelSpec &m)
{
    MambaCacheSettings s;
    s.vllm = resolvedVllmVersion(p.vllmVersion);
    if (!m.hasStateLayers())
        return s;
    s.speculativeTokens = std::max(0, p.numSpeculativeTokens);
    // With prefix caching a hybrid model's state goes to "align" mode (vllm/model_executor/models/config.py
    // MambaModelConfig @017e9f4448b7).
    s.align = prefixCachingOn(p, m) && s.vllm >= kMambaAlignMode;
    return s;
}

bool prefixCachingOn(const Plan &p, const ModelSpec &m)
{
    // The hybrid default from #50991: default_prefix_caching = is_prefix_caching_supported, true for generative
    // hybrid models.
    return p.prefixCaching == PrefixCaching::On
        || (p.prefixCaching == PrefixCaching::Default
            && (!m.hasStateLayers() || resolvedVllmVersion(p.vllmVersion) >= kHybridPrefixCachingDefault));
}

double stateBytesPerLayer(const ModelSpec &m, LayerMixer kind, int tp, const MambaCacheSettings &mamba)
{
    // vllm/model_executor/layers/mamba/mamba_utils.py @02d71083 (MambaStateShapeCalculator,
    // MambaStateDtypeCalculator); MambaSpec.page_size_bytes (vllm/v1/kv_cache_interface.py) is the sum of
    // prod(shape) x dtype size over the state tensors. The conv state is in the model dtype (bf16: 2 B,
    // --mamba-cache-dtype auto), the temporal state in mamba_ssm_cache_dtype (ssm.ssmStateBytes).
    tp = std::max(1, tp);
    const StateSpaceShape &s = m.ssm;
    const auto divide = [tp](double v) { return std::ceil(v / tp); };
    const double convBytes = 2;
    // Conv-state rows: K - 1, plus num_speculative_tokens where the release passes num_spec to the shape
    // (mamba_utils.py gated_delta_net_state_shape / mamba2_state_shape / kda_state_shape; short_conv takes none).
    const VllmVersion release = resolvedVllmVersion(mamba.vllm);
    const bool specRows = kind == LayerMixer::GatedDeltaNet
        || (kind == LayerMixer::Mamba2 && release >= kMamba2SpecConvRows)
        || (kind == LayerMixer::KimiDelta && release >= kKdaSpecConvRows);
    const double rows = s.convKernel - 1 + (specRows ? std::max(0, mamba.speculativeTokens) : 0);
    switch (kind) {
    case LayerMixer::Mamba2: {
        // conv (divide(I + 2 G' N, tp), K - 1); temporal (H / tp, head_dim, N). G' = n_groups, raised to
        // tp when tp does not divide it (extra_groups_for_head_shards).
        const double inter = static_cast<double>(s.mambaHeads) * s.mambaHeadDim;
        const int groups = s.nGroups % tp == 0 ? s.nGroups : s.nGroups + (tp - s.nGroups);
        const double conv = divide(inter + 2.0 * groups * s.ssmStateSize) * rows * convBytes;
        // NemotronH's temporal state: the config's mamba_ssm_cache_dtype through vLLM's hook (#29978, first in
        // 0.13), whose default when the config names none is float16 until #39032 (float32, first in 0.20);
        // before the hook "auto", the model dtype (mamba_utils.py _mamba_state_dtype).
        double ssmBytes = s.ssmStateBytes;
        if (s.nemotronHSsmHook && release < kNemotronHSsmDtypeHook)
            ssmBytes = convBytes;
        else if (s.nemotronHSsmHook && !s.ssmDtypeInConfig && release < kNemotronHSsmFloat32Default)
            ssmBytes = 2;
        const double ssm = divide(s.mambaHeads) * s.mambaHeadDim * s.ssmStateSize * ssmBytes;
        return conv + ssm;
    }
    case LayerMixer::GatedDeltaNet: {
        // conv (divide(2 Kh Kd + Vh Vd, tp), K - 1); temporal (Vh / tp, Vd, Kd).
        const double convDim = 2.0 * s.linearKeyHeads * s.linearKeyHeadDim
            + static_cast<double>(s.linearValueHeads) * s.linearValueHeadDim;
        const double conv = divide(convDim) * rows * convBytes;
        const double ssm = divide(s.linearValueHeads) * s.linearValueHeadDim * s.linearKeyHeadDim * s.ssmStateBytes;
        return conv + ssm;
    }
    case LayerMixer::ShortConv:
        // short_conv_state_shape: conv (conv_L_cache - 1, divide(conv_dim, tp)) in the model dtype.
        return divide(s.shortConvDim) * (s.convKernel - 1) * convBytes;
    case LayerMixer::KimiDelta: {
        // kda_state_shape: conv (divide(3 x heads x head_dim, tp), K - 1); recurrent (heads / tp, d, d) in fp32.
        const double conv = divide(3.0 * s.kdaHeads * s.kdaHeadDim) * rows * convBytes;
        const double ssm = divide(s.kdaHeads) * s.kdaHeadDim * s.kdaHeadDim * 4.0;
        return conv + ssm;
    }
    default:
        return 0;
    }
}

int hybridBlockSize(int blockSize, double attentionBytesPerTokenPerLayer, double statePageBytes, int alignment)
{
    // vllm/model_executor/models/config.py @0144dd5b HybridAttentionMambaModelConfig.verify_and_update_config:
    // attn_block_size = 16 * cdiv(mamba_page_size, 16 * attn_page_size_1_token); the block size is raised to
    // it when unset or smaller, and the mamba page is padded up to the attention page. Later versions
    // replace 16 by the backend's kernel block alignment (64 for MLA).
    if (statePageBytes <= 0 || attentionBytesPerTokenPerLayer <= 0)
        return blockSize;
    const double unit = alignment * attentionBytesPerTokenPerLayer;
    const int aligned = alignment * static_cast<int>(std::ceil(statePageBytes / unit - 1e-12));
    return std::max(blockSize, aligned);
}

std::int64_t blocksPerRequestForGroups(const std::vector<KvGroupDemand> &groups, bool perGroupPages)
{
    if (groups.empty() || groups.front().pageBytes <= 0)
        return 0;
    const auto cdiv = [](double a, double b) { return static_cast<std::int64_t>(std::ceil(a / b - 1e-12)); };
    if (perGroupPages) { // num_blocks_per_request = sum(cdiv(max_memory_usage_bytes, page_size_bytes))
        std::int64_t n = 0;
        for (const KvGroupDemand &g : groups)
            n += g.pageBytes > 0 ? cdiv(g.maxMemoryBytes, g.pageBytes) : 0;
        return n;
    }
    // num_layer_per_group x max_memory_usage_bytes(all group specs) / (group 0's page x num_layer_per_group):
    // the layer count cancels, the sum is divided once by the first page.
    double sum = 0;
    for (const KvGroupDemand &g : groups)
        sum += g.maxMemoryBytes;
    return cdiv(sum, groups.front().pageBytes);
}

std::vector<std::pair<std::string, int>> layerKindCounts(const ModelSpec &m)
{
    // DeepSeek-V4: window-only layers, and the two compressed kinds by the names its config's compress_rates uses.
    if (m.isDeepSeekV4()) {
        int window = 0, csa = 0, hca = 0;
        for (const LayerInfo &l : m.layerInfo)
            (l.compressRatio == 4 ? csa : l.compressRatio > 1 ? hca : window)++;
        std::vector<std::pair<std::string, int>> out;
        for (const auto &[name, n] :
            std::initializer_list<std::pair<const char *, int>> { { "sliding_attention", window },
                { "compressed_sparse_attention", csa }, { "heavily_compressed_attention", hca } })
            if (n > 0)
                out.emplace_back(name, n);
        return out;
    }
    int full = 0, sliding = 0, chunked = 0, mamba = 0, gdn = 0, kda = 0, conv = 0, none = 0, linear = 0;
    for (const LayerInfo &l : m.layerInfo) {
        switch (l.mixer) {
        case LayerMixer::Attention:
            (l.attention == LayerAttention::Full ? full : l.attention == LayerAttention::Sliding ? sliding : chunked)++;
            break;
        case LayerMixer::Mamba2:
            ++mamba;
            break;
        case LayerMixer::GatedDeltaNet:
            ++gdn;
            break;
        case LayerMixer::KimiDelta:
            ++kda;
            break;
        case LayerMixer::ShortConv:
            ++conv;
            break;
        case LayerMixer::None:
            ++none;
            break;
        case LayerMixer::Linear:
            ++linear;
            break;
        }
    }
    std::vector<std::pair<std::string, int>> out;
    for (const auto &[name, n] : std::initializer_list<std::pair<const char *, int>> { { "full_attention", full },
             { "sliding_attention", sliding }, { "chunked_attention", chunked }, { "mamba2", mamba },
             { "gated_delta_net", gdn }, { "kimi_delta", kda }, { "short_conv", conv }, { "no_attention", none },
             { "linear", linear } })
        if (n > 0)
            out.emplace_back(name, n);
    return out;
}

KvPool kvPoolForLayers(const ModelSpec &m, int firstLayer, int layerCount, int tp, KvDtype dtype, int blockSize,
    std::int64_t maxModelLen, std::int64_t inFlightTokens, int draftLayers, int dcp, SparseMlaCache cache,
    const MambaCacheSettings &mamba)
{
    // DeepSeek-V4: packed groups of sliding-window, compressed and state specs; its sparse MLA backends take
    // 256-token blocks only (sparse_mla.py get_supported_kernel_block_sizes), which vLLM sets when none is given.
    if (m.isDeepSeekV4())
        return deepSeekV4Pool(m, firstLayer, layerCount, blockSize > 0 && blockSize % 256 == 0 ? blockSize : 256,
            maxModelLen, inFlightTokens, draftLayers);
    KvPool pool;
    pool.dcp = std::max(1, dcp);
    pool.draftLayers = std::max(0, draftLayers);
    pool.bytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, tp, dtype, cache);
    // Per attention type (full, sliding, chunked): layers and the largest per-layer bytes per token.
    std::array<int, 3> count {};
    std::array<double, 3> typeBytes {};
    double layerBytes = 0; // every attention layer's own bytes per token
    bool uneven = false; // layers of one type with different sizes (block_configs, Gemma-4 all-full configs)
    const int last = std::min<int>(firstLayer + layerCount, static_cast<int>(m.layerInfo.size()));
    for (int i = std::max(0, firstLayer); i < last; ++i) {
        const LayerInfo &l = m.layerInfo[i];
        if (l.mixer != LayerMixer::Attention) {
            if (const double page = stateBytesPerLayer(m, l.mixer, tp, mamba); page > 0) {
                ++pool.stateLayers;
                pool.statePageBytes = std::max(pool.statePageBytes, page);
            }
            continue; // no_op / linear replacements keep nothing
        }
        if (l.kvShared)
            continue; // a KV-sharing layer gets no cache spec of its own (kv_sharing_target_layer_name)
        const auto t = static_cast<std::size_t>(l.attention);
        const double b = kvBytesPerTokenForLayer(m, l, tp, dtype, cache);
        uneven = uneven || (count[t] > 0 && b != typeBytes[t]);
        typeBytes[t] = std::max(typeBytes[t], b);
        layerBytes += b;
        ++count[t];
    }
    const int full = count[0] + pool.draftLayers, sliding = count[1], chunked = count[2];
    const int attentionLayers = count[0] + count[1] + count[2];
    const int types = (count[0] > 0 ? 1 : 0) + (sliding > 0 ? 1 : 0) + (chunked > 0 ? 1 : 0);
    // Draft layers take the target's full-attention spec (its model-wide one when it has no full layer).
    const double draftBytes = count[0] > 0 ? typeBytes[0] : pool.bytesPerTokenPerLayer;
    if (attentionLayers > 0 && types == 1 && uneven) {
        // One type, per-layer sizes: vLLM's UniformTypeKVCacheSpecs, one group whose block costs the sum of the
        // layers' pages (vllm/v1/core/kv_cache_utils.py _get_kv_cache_groups_uniform_type).
        pool.bytesPerTokenPerLayer = layerBytes / attentionLayers;
    } else if (attentionLayers > 0) {
        // The page of the type with the largest page; the others keep it by a larger block
        // (unify_kv_cache_spec_page_size, vllm/v1/core/kv_cache_utils.py @001cabc1be16).
        pool.bytesPerTokenPerLayer = *std::max_element(typeBytes.begin(), typeBytes.end());
    }
    pool.layers = full + sliding + chunked;
    pool.bytesPerToken = (layerBytes + pool.draftLayers * draftBytes) / pool.dcp;
    pool.stateBlocksPerRequest = mamba.blocksPerRequest();
    pool.stateBytesPerRequest = pool.stateLayers * pool.statePageBytes * pool.stateBlocksPerRequest;
    pool.blockSize = blockSize;
    if (m.hasStateLayers()) {
        // The attention page is sized for the model's state page, whatever this rank holds (vLLM sets one
        // block size for the whole engine, so a PP stage without state layers gets it too).
        double page = 0;
        for (LayerMixer k :
            { LayerMixer::Mamba2, LayerMixer::GatedDeltaNet, LayerMixer::KimiDelta, LayerMixer::ShortConv })
            if (m.mixerCount(k) > 0)
                page = std::max(page, stateBytesPerLayer(m, k, tp, mamba));
        // Kernel block alignment: 16 for GQA, 64 for MLA backends (config.py, the MLAAttentionSpec version
        // of HybridAttentionMambaModelConfig), at least 128 for MLA from kMlaHybridAlign128.
        const int mlaAlign = resolvedVllmVersion(mamba.vllm) >= kMlaHybridAlign128 ? 128 : 64;
        pool.blockSize = hybridBlockSize(blockSize, pool.bytesPerTokenPerLayer, page, m.isMla() ? mlaAlign : 16);
    }
    blockSize = pool.blockSize;
    if (pool.layers + pool.stateLayers == 0 || blockSize <= 0)
        return pool;

    // vLLM _get_kv_cache_groups_uniform_page_size: group size is the smallest per-type layer count,
    // or the largest when the largest is below 1.5 x the smallest; groups are padded to that size.
    // State layers (MambaSpec) form groups of their own, their pages padded to the attention page.
    std::vector<int> counts;
    for (int n : { full, sliding, chunked, pool.stateLayers })
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
    pool.stateGroups = groupsOf(pool.stateLayers);
    // One page per layer slot; with attention layers present the page is the attention page (the state
    // page padded up to it), on a rank with state layers only it is the state page.
    const double page
        = pool.layers > 0 ? static_cast<double>(blockSize) * pool.bytesPerTokenPerLayer : pool.statePageBytes;
    pool.bytesPerBlock = page * pool.groupSize;
    // Tokens per block of each type: a type with a smaller page per token holds more tokens in the same page
    // (block_size x max_page / page; a page that does not divide the largest is padded to it).
    const auto typeBlock = [&](std::size_t t) {
        const double bytes = t == 0 && count[0] == 0 ? draftBytes : typeBytes[t];
        if (types <= 1 || uneven || bytes <= 0)
            return static_cast<std::int64_t>(blockSize);
        return static_cast<std::int64_t>(blockSize)
            * std::max<std::int64_t>(
                1, static_cast<std::int64_t>(std::floor(pool.bytesPerTokenPerLayer / bytes + 1e-9)));
    };
    const std::int64_t fullBlock = typeBlock(0), slidingBlock = typeBlock(1), chunkedBlock = typeBlock(2);

    // Blocks one max-length request needs (vLLM max_memory_usage_bytes per spec):
    // full: cdiv(max_len, B); sliding: cdiv(min(window - 1 + max_num_batched_tokens, max_len), B) + 1;
    // chunked local attention: cdiv(min(chunk + max_num_batched_tokens, max_len), B); each in its type's B.
    const std::int64_t perRankLen = ceilDiv(maxModelLen, pool.dcp);
    const std::int64_t fullBlocks = ceilDiv(perRankLen, fullBlock);
    const std::int64_t slidingBlocks
        = std::min(ceilDiv(std::min<std::int64_t>(m.slidingWindow - 1 + inFlightTokens, maxModelLen), slidingBlock) + 1,
            ceilDiv(perRankLen, slidingBlock));
    const std::int64_t chunkedBlocks
        = std::min(ceilDiv(std::min<std::int64_t>(m.chunkSize + inFlightTokens, maxModelLen), chunkedBlock),
            ceilDiv(perRankLen, chunkedBlock));
    // A state group needs 1 + num_speculative_tokens blocks per request with --mamba-cache-mode none, 2 + ... with
    // "align" (MambaSpec.max_memory_usage_bytes, vllm/v1/kv_cache_interface.py @017e9f4448b7);
    // vllm/v1/core/kv_cache_utils.py get_max_concurrency_for_kv_cache_config sums the groups' needs.
    pool.blocksPerRequest = pool.fullGroups * fullBlocks + slidingGroups * slidingBlocks + chunkedGroups * chunkedBlocks
        + static_cast<std::int64_t>(pool.stateGroups) * pool.stateBlocksPerRequest;
    // The same demand per group, in pages (every group here has the padded page `page`).
    for (int g = 0; g < pool.fullGroups; ++g)
        pool.groupDemands.push_back({ static_cast<double>(fullBlocks) * page, page });
    for (int g = 0; g < slidingGroups; ++g)
        pool.groupDemands.push_back({ static_cast<double>(slidingBlocks) * page, page });
    for (int g = 0; g < chunkedGroups; ++g)
        pool.groupDemands.push_back({ static_cast<double>(chunkedBlocks) * page, page });
    for (int g = 0; g < pool.stateGroups; ++g)
        pool.groupDemands.push_back({ page * pool.stateBlocksPerRequest, page });
    return pool;
}

} // namespace shardscope
