#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

// Bytes per KV element: 2 for BF16/FP16, 1 for fp8.
double kvElementBytes(KvDtype dtype);

// How vLLM stores a sparse-MLA (DeepSeek-V3.2 / GLM-5 DSA) latent, which the attention backend decides:
// FromDtype follows --kv-cache-dtype alone (fp8 -> DeepSeekFp8, auto -> Bf16), for callers that know no GPU.
//  - DeepSeekFp8, "fp8_ds_mla": kv_lora_rank fp8 values + one fp32 scale per 128 + the rope part in bf16
//    (656 B for kv_lora_rank 512, rope 64);
//  - StandardFp8: every element in fp8, (kv_lora_rank + rope) x 1 B (576 B);
//  - Bf16: (kv_lora_rank + rope) x 2 B.
enum class SparseMlaCache { FromDtype, DeepSeekFp8, StandardFp8, Bf16 };
// The layout vLLM picks for --kv-cache-dtype on a GPU of this CUDA compute capability (0: unknown) and
// release (sparseMlaCacheFor in kvcache.cpp cites the backend rules).
SparseMlaCache sparseMlaCacheFor(KvDtype dtype, int computeCapability, const VllmVersion &vllm);
// The same for a plan on a GPU: its --kv-cache-dtype and vLLM release, the GPU's compute capability.
SparseMlaCache sparseMlaCacheFor(const Plan &p, const GpuSpec &gpu);
// One sparse-MLA latent row, bytes, for that layout (dtype resolves FromDtype).
double sparseMlaLatentBytes(const ModelSpec &m, KvDtype dtype, SparseMlaCache cache = SparseMlaCache::FromDtype);

// One token in one layer on one rank (docs/DESIGN.md §3; vLLM kv_cache_interface.py):
// GQA/MHA: 2 (K and V) x max(1, n_kv / tp) x head_dim x s — KV heads are replicated when tp > n_kv.
// MLA: (kv_lora_rank + qk_rope_head_dim) x s — one latent vector, no factor 2, not divided by tp.
double kvBytesPerTokenPerLayer(
    const ModelSpec &m, int tp, KvDtype dtype, SparseMlaCache cache = SparseMlaCache::FromDtype);
// DeepSeek Sparse Attention's indexer cache per token, on a layer with an indexer of its own: index_head_dim
// fp8 values + one fp32 scale per 128 (vLLM deepseek_v2.py DeepseekV32IndexerCache). 0 without sparse MLA.
double dsaIndexerBytesPerToken(const ModelSpec &m);
// The same for one layer with its own head size and KV heads (Gemma-4 full layers, block_configs); 0 for a
// layer that keeps no KV cache (state mixers, no_op, KV-shared layers).
double kvBytesPerTokenForLayer(const ModelSpec &m, const LayerInfo &layer, int tp, KvDtype dtype,
    SparseMlaCache cache = SparseMlaCache::FromDtype);

// What a hybrid model's state layers keep per request beyond the plain state (vLLM MambaSpec, built in
// vllm/model_executor/layers/mamba/abstract.py get_kv_cache_spec; kv_cache_interface.py
// MambaSpec.max_memory_usage_bytes @017e9f4448b7): with speculative decoding the conv state holds
// num_speculative_tokens more rows (where the release adds them) and the request num_speculative_tokens more
// blocks; mamba_cache_mode "align" (prefix caching on) one more block. The default is vLLM's without either.
struct MambaCacheSettings
{
    int speculativeTokens = 0; // vllm_config.num_speculative_tokens
    bool align = false; // mamba_cache_mode "align": 2 + speculativeTokens blocks per request, else 1 + ...
    VllmVersion vllm; // unset: the newest release; decides which mixers widen their conv state
    int blocksPerRequest() const { return (align ? 2 : 1) + speculativeTokens; }
};
// The settings a plan gives a model: its speculative tokens, and "align" when prefix caching is on (explicitly,
// or by the release's default for hybrid models) on a release that has the mode (vllmversion.h).
MambaCacheSettings mambaCacheSettingsFor(const Plan &p, const ModelSpec &m);
// Whether vLLM caches prefixes for the plan: explicitly, or by V1's default, which left hybrid (state-layer)
// models out until #50991 (vllm/engine/arg_utils.py default_prefix_caching; kHybridPrefixCachingDefault).
bool prefixCachingOn(const Plan &p, const ModelSpec &m);

// Fixed per-request state of one state-space / linear-attention layer on one TP rank, bytes: vLLM's
// MambaSpec page (conv state + temporal state), before padding to the attention page. 0 for others.
double stateBytesPerLayer(const ModelSpec &m, LayerMixer kind, int tp, const MambaCacheSettings &mamba = {});

// The attention block size vLLM uses for a hybrid attention + state model: the attention page must
// hold at least one state page, so B = max(B_user, a x cdiv(state_page, a x attention_page_per_token)) with
// a the kernel block alignment (16; 64 for MLA).
int hybridBlockSize(int blockSize, double attentionBytesPerTokenPerLayer, double statePageBytes, int alignment = 16);

// Layer counts by kind over the whole model, for the plan JSON ("full_attention", "sliding_attention",
// "chunked_attention", "mamba2", "gated_delta_net", "kimi_delta", "short_conv", "no_attention", "linear").
std::vector<std::pair<std::string, int>> layerKindCounts(const ModelSpec &m);

// One KV-cache group as vLLM's get_max_concurrency_for_kv_cache_config sees it: the bytes one max-length
// request needs in the group (kv_cache_spec.max_memory_usage_bytes) and the group's page (page_size_bytes).
struct KvGroupDemand
{
    double maxMemoryBytes = 0;
    double pageBytes = 0;
};

// The KV pool of one rank as vLLM's (hybrid) KV-cache manager builds it: layers grouped by attention
// type; one pool tensor is shared by one layer of each group, so a block costs page x group_size.
struct KvPool
{
    double bytesPerTokenPerLayer = 0;
    double bytesPerToken = 0; // every attention layer on the rank holding the token
    int layers = 0;
    int groupSize = 0; // layers sharing one pool tensor
    int fullGroups = 0; // groups of full-attention layers
    int windowGroups = 0; // groups of sliding-window or chunked layers
    double bytesPerBlock = 0; // block_size x bytes per token per layer x group size
    // A packed pool (DeepSeek-V4, kv_cache_utils.py _get_kv_cache_config_packed): a block costs bytesPerBlock (the
    // stride), but vLLM's startup check and max-length fit price it at this (0: bytesPerBlock).
    double checkBytesPerBlock = 0;
    std::int64_t blocksPerRequest = 0; // blocks one max-length request needs across all groups
    int draftLayers = 0; // EAGLE / MTP layers counted in `layers` (full attention)
    int dcp = 1; // decode context parallel: each rank holds 1/dcp of every request's tokens
    int blockSize = 0; // tokens per block as vLLM sets it (raised for hybrid state models); with layer types
                       // of different pages per token, the smallest (the type with the largest page)
    int stateLayers = 0; // Mamba-2 / Gated DeltaNet / KDA layers on the rank
    int stateGroups = 0; // groups of state layers (one block each per request)
    double statePageBytes = 0; // one state layer's state (unpadded MambaSpec page)
    double stateBytesPerRequest = 0; // stateLayers x statePageBytes x state blocks per request: fixed per request
    int stateBlocksPerRequest = 1; // blocks each state group holds per request (MambaCacheSettings)
    std::vector<KvGroupDemand> groupDemands; // one per group, in vLLM's group order (attention first)
    bool hybrid() const { return windowGroups > 0 || stateGroups > 0; }
    int groups() const { return fullGroups + windowGroups + stateGroups; }
};

// Blocks one max-length request takes from the shared pool (vllm/v1/core/kv_cache_utils.py):
// before #48317 (vllm-project/vllm@bbf906a8 and earlier): cdiv(sum_g max_memory_g, page_0), every group's
// demand normalised by the FIRST group's page; from #48317 (first release 0.26): sum_g cdiv(max_memory_g,
// page_g), each group in its own page. The two agree when every page is the same. 0 for no groups.
std::int64_t blocksPerRequestForGroups(const std::vector<KvGroupDemand> &groups, bool perGroupPages);

// Tokens scheduled but not yet settled, what a sliding-window group reserves for beyond its window
// (vllm/config/vllm.py max_in_flight_tokens @017e9f4448b7, from #47728): max_num_batched_tokens x the
// concurrent batches (2 with async scheduling at pp 1, pp + 1 with pp > 1); max_num_batched_tokens before.
std::int64_t maxInFlightTokens(const Plan &p);

// `draftLayers`: speculative-decoding draft layers (EAGLE, MTP) that vLLM adds to this rank's pool as
// full-attention layers with the target's per-layer spec (vllm#19996: Llama-3.1-8B + EAGLE = 33 layers).
// `dcp`: decode context parallel shards tokens over dcp ranks (FullAttentionSpec.max_memory_usage_bytes:
// per-rank length ceil(max_model_len / dcp)); bytesPerToken is then the average per-rank cost of one token.
// `inFlightTokens`: maxInFlightTokens (the sliding groups' reserve beyond the window).
KvPool kvPoolForLayers(const ModelSpec &m, int firstLayer, int layerCount, int tp, KvDtype dtype, int blockSize,
    std::int64_t maxModelLen, std::int64_t inFlightTokens, int draftLayers = 0, int dcp = 1,
    SparseMlaCache cache = SparseMlaCache::FromDtype, const MambaCacheSettings &mamba = {});

} // namespace shardscope
