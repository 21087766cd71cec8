// Config readers for families whose layers differ from one another beyond the attention type: Gemma-4,
// MiMo-V2, LFM2, MiniMax-M3, Step-3.5 and AFMoE. Each follows the vLLM model file it cites, so the sizes are the ones
// vLLM allocates.
#include "core/model/errors.h"
#include "core/model/modelspecread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace shardscope::configread {

using nlohmann::json;

namespace {

bool hasAny(const json &c, std::initializer_list<const char *> keys)
{
    return std::any_of(keys.begin(), keys.end(), [&c](const char *k) {
        const auto it = c.find(k);
        return it != c.end() && !it->is_null();
    });
}

bool anyLayerType(const json &c, const char *type)
{
    const auto types = c.find("layer_types");
    return types != c.end() && types->is_array()
        && std::any_of(types->begin(), types->end(), [type](const json &t) { return t == type; });
}

} // namespace

// vllm-project/vllm vllm/model_executor/models/gemma4.py @001cabc1be16 (Gemma4DecoderLayer, Gemma4Attention,
// Gemma4Router, Gemma4MoE):
// - full-attention layers use global_head_dim; with attention_k_eq_v they have num_global_key_value_heads KV
//   heads and no v_proj in the checkpoint, but QKVParallelLinear still allocates V (K is loaded into both
//   slots) and the cache stores K and V as for any layer;
// - the last num_kv_shared_layers layers read the KV cache of the last earlier layer of their type
//   (kv_sharing_target_layer_name) and keep none; with use_double_wide_mlp their MLP is twice as wide;
// - every layer has q_norm and k_norm (head size) and four hidden-size norms; enable_moe_block adds a router
//   (scale of hidden size + proj experts x hidden), per_expert_scale, the experts (GELU-gated, 3 matrices) and
//   three more norms, beside the dense MLP, which stays and runs for every token;
// - per-layer embeddings, when hidden_size_per_layer_input P > 0 (E2B / E4B; Gemma4Model and
//   Gemma4DecoderLayer in the same file): embed_tokens_per_layer, a VocabParallelEmbedding of
//   vocab_size_per_layer_input (default vocab_size) rows x num_hidden_layers x P; per_layer_model_projection, a
//   ColumnParallelLinear h -> num_hidden_layers x P; per_layer_projection_norm (P); and in every layer
//   per_layer_input_gate (h -> P) and per_layer_projection (P -> h), both ReplicatedLinear, whole on every TP
//   rank, and post_per_layer_input_norm (h).
void readGemma4(const json &c, ModelSpec &m)
{
    const bool gemma4 = m.modelType.rfind("gemma4", 0) == 0
        || hasAny(c,
            { "global_head_dim", "num_global_key_value_heads", "attention_k_eq_v", "num_kv_shared_layers",
                "enable_moe_block", "use_second_mlp_block", "hidden_size_per_layer_input", "use_double_wide_mlp" });
    if (!gemma4)
        return;
    if (!c.contains("layer_types"))
        throw InputError("Gemma-4 model config is missing \"layer_types\" (vLLM reads each layer's type from it)");
    const int globalHeadDim = readInt(c, "global_head_dim", m.headDim, 1, kMaxDim);
    const bool kEqV = readBool(c, "attention_k_eq_v", false);
    const int globalKvHeads = kEqV ? readInt(c, "num_global_key_value_heads", m.kvHeads, 1, kMaxDim) : m.kvHeads;
    if (m.heads % globalKvHeads != 0)
        throw InputError("model config: num_attention_heads is not a multiple of num_global_key_value_heads");
    const int shared = readInt(c, "num_kv_shared_layers", 0, 0, m.layers);
    const int firstShared = m.layers - shared;
    const bool doubleWide = readBool(c, "use_double_wide_mlp", false);
    m.qkNorm = true;
    m.normsPerLayer = 4; // input, post_attention, pre_feedforward, post_feedforward
    m.perLayerInputDim = readInt(c, "hidden_size_per_layer_input", 0, 0, kMaxDim);
    if (m.perLayerInputDim > 0) {
        m.perLayerInputVocab = readInt(c, "vocab_size_per_layer_input", m.vocab, 1, 1 << 30);
        m.normsPerLayer = 5; // + post_per_layer_input_norm
    }
    for (int i = 0; i < m.layers; ++i) {
        LayerInfo &l = m.layerInfo[i];
        if (l.attention == LayerAttention::Full) {
            l.headDim = globalHeadDim == m.headDim ? 0 : globalHeadDim;
            l.kvHeads = globalKvHeads == m.kvHeads ? 0 : globalKvHeads;
            l.kEqV = kEqV;
        }
        if (i >= firstShared) {
            // The target is the last non-shared layer of the same type; vLLM's list.index() fails without one.
            const bool target = std::any_of(m.layerInfo.begin(), m.layerInfo.begin() + firstShared,
                [&l](const LayerInfo &o) { return o.attention == l.attention; });
            if (!target)
                throw InputError("model config \"num_kv_shared_layers\": a shared layer has no earlier layer of its "
                                 "type to read the KV cache from");
            l.kvShared = true;
            if (doubleWide)
                l.ffnIntermediate = 2 * m.intermediate;
        }
    }
    const bool moeBlock = readBool(c, "enable_moe_block", false) || readBool(c, "use_second_mlp_block", false);
    if (!moeBlock) {
        m.experts = m.expertsPerToken = m.moeIntermediate = 0;
        for (LayerInfo &l : m.layerInfo)
            l.moe = false;
        return;
    }
    if (m.experts == 0)
        throw InputError("model config has \"enable_moe_block\" but no \"num_experts\"");
    m.moeIntermediate = readIntAny(c, { "moe_intermediate_size", "expert_intermediate_size" }, 0, 1, kMaxDim);
    if (m.moeIntermediate == 0)
        throw InputError("model config has \"enable_moe_block\" but no \"moe_intermediate_size\"");
    // The dense MLP beside the experts: always active and TP-split like a shared expert.
    m.sharedIntermediate = m.intermediate;
    m.routerScale = true;
    for (LayerInfo &l : m.layerInfo) {
        l.moe = true;
        l.norms = m.normsPerLayer + 3; // + post_feedforward_layernorm_1 / _2, pre_feedforward_layernorm_2
        if (l.ffnIntermediate > 0)
            throw InputError("model config \"use_double_wide_mlp\" with \"enable_moe_block\" is not supported yet");
    }
}

// vllm-project/vllm vllm/model_executor/models/mimo_v2_flash.py @01ed47b4166b (MiMoV2FlashDecoderLayer,
// MiMoV2Attention): hybrid_layer_pattern[i] == 1 is a sliding-window layer (sliding_window_size) with
// swa_num_attention_heads, swa_num_key_value_heads, swa_head_dim and swa_v_head_dim; 0 a full layer with the
// model's heads, head_dim and v_head_dim. V may be narrower than K: qkv_proj holds heads x head_dim for Q,
// kv x head_dim for K and kv x v_head_dim for V, o_proj heads x v_head_dim -> h, and the cache (DiffKV backend)
// head_dim + v_head_dim per KV head. add_swa_attention_sink_bias / add_full_attention_sink_bias: a sink per
// query head. MoE layers from the moe_layer_freq list (read with the common fields).
void readMiMoV2(const json &c, ModelSpec &m)
{
    const auto pattern = c.find("hybrid_layer_pattern");
    if (pattern == c.end() || pattern->is_null()) {
        for (const char *key :
            { "swa_num_attention_heads", "swa_num_key_value_heads", "swa_head_dim", "swa_v_head_dim" })
            if (c.contains(key))
                throw InputError(std::string("model config field \"") + key
                    + "\" (sliding layers with their own heads) needs \"hybrid_layer_pattern\"");
        return;
    }
    if (!pattern->is_array() || static_cast<int>(pattern->size()) != m.layers)
        throw InputError("model config \"hybrid_layer_pattern\" must list 0 or 1 for each of num_hidden_layers");
    const int swaHeads = readInt(c, "swa_num_attention_heads", m.heads, 1, kMaxDim);
    const int swaKvHeads = readInt(c, "swa_num_key_value_heads", m.kvHeads, 1, kMaxDim);
    const int swaHeadDim = readInt(c, "swa_head_dim", m.headDim, 1, kMaxDim);
    const int swaVHeadDim = readInt(c, "swa_v_head_dim", swaHeadDim, 1, kMaxDim);
    const int vHeadDim = readInt(c, "v_head_dim", m.headDim, 1, kMaxDim);
    if (swaHeads % swaKvHeads != 0)
        throw InputError("model config: swa_num_attention_heads is not a multiple of swa_num_key_value_heads");
    m.slidingWindow = readIntAny(c, { "sliding_window_size", "sliding_window" }, 0, 1, 1 << 30);
    if (m.slidingWindow == 0)
        throw InputError("model config has sliding layers (\"hybrid_layer_pattern\") but no \"sliding_window_size\"");
    const bool swaSinks = readBool(c, "add_swa_attention_sink_bias", false);
    const bool fullSinks = readBool(c, "add_full_attention_sink_bias", false);
    for (int i = 0; i < m.layers; ++i) {
        const json &v = (*pattern)[i];
        if (!v.is_number_integer() || (v.get<long long>() != 0 && v.get<long long>() != 1))
            throw InputError("model config \"hybrid_layer_pattern\" entries must be 0 or 1");
        LayerInfo &l = m.layerInfo[i];
        if (v.get<long long>() == 1) {
            l.attention = LayerAttention::Sliding;
            l.heads = swaHeads == m.heads ? 0 : swaHeads;
            l.kvHeads = swaKvHeads == m.kvHeads ? 0 : swaKvHeads;
            l.headDim = swaHeadDim == m.headDim ? 0 : swaHeadDim;
            l.vHeadDim = swaVHeadDim;
            l.sinks = swaSinks;
        } else {
            l.attention = LayerAttention::Full;
            l.vHeadDim = vHeadDim;
            l.sinks = fullSinks;
        }
    }
}

// vllm-project/vllm vllm/model_executor/models/lfm2.py @055e47c28003 and
// vllm/model_executor/layers/mamba/short_conv.py @0123e1dc5c65:
// - layer_types "conv" is a ShortConv block: in_proj h -> 3 x conv_dim, a depthwise conv of conv_L_cache taps,
//   out_proj conv_dim -> conv_dim (so conv_dim must equal hidden_size), biases when conv_bias; its state is
//   (conv_L_cache - 1) x conv_dim / tp in the model dtype (short_conv_state_shape), one per request;
// - "full_attention" layers: GQA with head size hidden / heads, q_layernorm and k_layernorm;
// - every layer: operator_norm, ffn_norm and a SwiGLU MLP (w1, w3, w2) whose width, with
//   block_auto_adjust_ff_dim, is multiple_of-rounded int(ffn_dim_multiplier x int(2 x ff / 3)) (Lfm2MLP);
// - LFM2-MoE: the first num_dense_layers layers keep the MLP (intermediate_size as is), the others have
//   num_experts SwiGLU experts of moe_intermediate_size, a router and, with use_expert_bias, an expert bias.
void readLfm2(const json &c, ModelSpec &m)
{
    const bool moe = m.modelType == "lfm2_moe";
    if (m.modelType != "lfm2" && !moe && !hasAny(c, { "conv_L_cache" }) && !anyLayerType(c, "conv"))
        return;
    std::vector<int> attention(m.layers, 0);
    if (const auto types = c.find("layer_types"); types != c.end() && types->is_array()) {
        for (int i = 0; i < m.layers; ++i) {
            const json &t = (*types)[i];
            if (t != "conv" && t != "full_attention")
                throw InputError("LFM2 model config \"layer_types\" entries must be \"conv\" or \"full_attention\"");
            attention[i] = t == "full_attention" ? 1 : 0;
        }
    } else if (const auto idxs = c.find("full_attn_idxs"); idxs != c.end() && idxs->is_array()) {
        for (const json &v : *idxs) {
            if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() >= m.layers)
                throw InputError(
                    "model config \"full_attn_idxs\" entries must be layer numbers below num_hidden_layers");
            attention[static_cast<int>(v.get<long long>())] = 1;
        }
    } else {
        throw InputError("LFM2 model config has neither \"layer_types\" nor \"full_attn_idxs\"");
    }
    m.ssm.convKernel = readInt(c, "conv_L_cache", 0, 2, 1024, true);
    m.ssm.convBias = readBool(c, "conv_bias", false);
    m.ssm.shortConvDim = readInt(c, "conv_dim", m.hidden, 1, kMaxDim);
    if (m.ssm.shortConvDim != m.hidden || readInt(c, "block_dim", m.hidden, 1, kMaxDim) != m.hidden)
        throw InputError("LFM2 model config fields \"conv_dim\" and \"block_dim\" must equal hidden_size");
    m.headDim = m.hidden / m.heads; // Lfm2Attention: hidden_size // num_heads, whatever head_dim says
    if (m.hidden % m.heads != 0)
        throw InputError("LFM2 model config: hidden_size is not a multiple of num_attention_heads");
    m.qkNorm = true;
    m.tiedEmbeddings = readBool(c, "tie_word_embeddings", readBool(c, "tie_embedding", true));
    if (!moe) {
        // Lfm2Config takes block_ff_dim over intermediate_size when both are given.
        long long ff = readIntAny(c, { "block_ff_dim", "intermediate_size" }, 0, 1, kMaxDim);
        if (ff == 0)
            throw InputError("LFM2 model config is missing \"block_ff_dim\" / \"intermediate_size\"");
        if (readBool(c, "block_auto_adjust_ff_dim", true)) {
            ff = 2 * ff / 3;
            if (const auto mult = c.find("block_ffn_dim_multiplier"); mult != c.end() && !mult->is_null()) {
                if (!mult->is_number() || !std::isfinite(mult->get<double>()) || mult->get<double>() <= 0
                    || mult->get<double>() > 64)
                    throw InputError("model config field \"block_ffn_dim_multiplier\" must be a positive number");
                ff = static_cast<long long>(mult->get<double>() * static_cast<double>(ff));
            }
            const long long multiple = readInt(c, "block_multiple_of", 256, 1, kMaxDim);
            ff = multiple * ((ff + multiple - 1) / multiple);
        }
        if (ff < 1 || ff > kMaxDim)
            throw InputError("LFM2 model config: the MLP width is out of range");
        m.intermediate = static_cast<int>(ff);
    } else {
        const int dense = readInt(c, "num_dense_layers", 0, 0, m.layers, true);
        if (m.experts == 0)
            throw InputError("LFM2-MoE model config is missing \"num_experts\"");
        for (int i = 0; i < m.layers; ++i)
            m.layerInfo[i].moe = i >= dense;
        m.routerCorrectionBias = readBool(c, "use_expert_bias", false);
    }
    for (int i = 0; i < m.layers; ++i) {
        m.layerInfo[i].attention = LayerAttention::Full;
        if (!attention[i])
            m.layerInfo[i].mixer = LayerMixer::ShortConv;
    }
}

// MiniMax-M3 (sparse_attention_config), as vLLM builds it:
// - vllm-project/vllm vllm/models/minimax_m3/nvidia/model.py @0443308aa3e9 (MiniMaxM3DecoderLayer,
//   MiniMaxM3SparseAttention, MiniMaxM3Attention, MiniMaxM3MoE, MiniMaxM3MLP): a layer whose
//   sparse_attention_config.sparse_attention_freq entry is non-zero is a sparse layer, the others plain GQA
//   attention; every layer caches K and V as any GQA layer (FullAttentionSpec, max(1, kv / tp) heads of
//   head_dim). A sparse layer's fused qkv_proj (MinimaxM3QKVParallelLinearWithIndexer) also emits index_q,
//   sparse_num_index_heads heads of sparse_index_dim sharded like the KV heads (vLLM requires
//   sparse_num_index_heads == num_key_value_heads), and index_k, one head of sparse_index_dim replicated on
//   every rank; index_q_norm and index_k_norm have sparse_index_dim weights. sparse_disable_index_value is set
//   on every sparse layer, so no index value / output projections exist. Dense layers (moe_layer_freq 0) use
//   dense_intermediate_size; the shared expert is intermediate_size x n_shared_experts; use_routing_bias adds
//   e_score_correction_bias (MiniMaxM3TextConfig default true, vllm/transformers_utils/configs/minimax_m3.py
//   @1471680b2471).
// - vllm/models/minimax_m3/common/indexer.py @0484480bc730 (MiniMaxM3IndexerCache.get_kv_cache_spec): the
//   indexer's side cache is an MLAAttentionSpec of one head of sparse_index_dim per token, not split by TP, in
//   indexer_kv_dtype (AttentionConfig default "bf16"; fp8 only with --attention-config, not modelled).
void readMiniMaxM3(const json &c, ModelSpec &m)
{
    const auto sparse = c.find("sparse_attention_config");
    const bool hasSparse = sparse != c.end() && !sparse->is_null();
    if (m.modelType.rfind("minimax_m3", 0) != 0 && !hasSparse)
        return;
    if (readBool(c, "attention_output_gate", false))
        throw InputError("model config field \"attention_output_gate\" (a MiniMax-M3 attention output gate) is not "
                         "supported yet");
    if (m.experts > 0) {
        m.routerCorrectionBias = readBool(c, "use_routing_bias", true);
        bool dense = false;
        for (const LayerInfo &l : m.layerInfo)
            dense = dense || !l.moe;
        if (dense)
            m.intermediate = readInt(c, "dense_intermediate_size", 0, 1, kMaxDim, true);
    }
    if (!hasSparse)
        return;
    if (!sparse->is_object())
        throw InputError("model config field \"sparse_attention_config\" must be an object");
    const json &s = *sparse;
    const auto freq = s.find("sparse_attention_freq");
    if (freq == s.end() || freq->is_null())
        return; // vLLM: no sparse_attention_freq, no sparse layer
    if (!freq->is_array() || static_cast<int>(freq->size()) != m.layers)
        throw InputError("model config \"sparse_attention_config.sparse_attention_freq\" must list 0 or 1 for each "
                         "of num_hidden_layers");
    const auto disable = s.find("sparse_disable_index_value");
    const bool disableList = disable != s.end() && disable->is_array();
    if (disableList && static_cast<int>(disable->size()) != m.layers)
        throw InputError("model config \"sparse_attention_config.sparse_disable_index_value\" must list one entry "
                         "per layer");
    int sparseLayers = 0;
    for (int i = 0; i < m.layers; ++i) {
        const json &v = (*freq)[i];
        if (!v.is_number_integer() || (v.get<long long>() != 0 && v.get<long long>() != 1))
            throw InputError("model config \"sparse_attention_config.sparse_attention_freq\" entries must be 0 or 1");
        if (v.get<long long>() == 0)
            continue;
        if (m.layerInfo[i].mixer != LayerMixer::Attention || m.layerInfo[i].attention != LayerAttention::Full)
            throw InputError("model config: a MiniMax-M3 sparse layer must be a full-attention layer");
        if (disableList && (*disable)[i] == 0)
            throw InputError("model config \"sparse_attention_config.sparse_disable_index_value\" is 0 on a sparse "
                             "layer: index value / output projections are not supported yet");
        m.layerInfo[i].msaIndexer = true;
        ++sparseLayers;
    }
    if (sparseLayers == 0)
        return;
    m.msaIndexDim = readInt(s, "sparse_index_dim", 0, 1, kMaxDim, true);
    m.msaIndexHeads = readInt(s, "sparse_num_index_heads", 0, 1, kMaxDim, true);
    m.msaTopkBlocks = readInt(s, "sparse_topk_blocks", 0, 1, 1 << 20, true);
    m.msaBlockSize = readInt(s, "sparse_block_size", 0, 1, 1 << 20, true);
    if (m.msaIndexHeads != m.kvHeads)
        throw InputError("model config \"sparse_attention_config.sparse_num_index_heads\" differs from "
                         "num_key_value_heads (vLLM shards the index query like the KV heads)");
}

// Step-3.5 (model_type "step3p5"): vllm-project/vllm vllm/model_executor/models/step3p5.py @fd04edef3e62 and
// its config class vllm/transformers_utils/configs/step3p5.py @f73bcb1c51cf.
// - KV heads are num_attention_groups; experts moe_num_experts, top moe_top_k, each moe_intermediate_size
//   wide; the shared expert (Step3p5MLP inside FusedMoEBlock) share_expert_dim wide, moe_intermediate_size x
//   moe_top_k when the config has none (Step3p5Config). MoE layers: the comma-separated moe_layers_enum,
//   else layers 1 .. L - 1 (Step3p5DecoderLayer); the others a dense MLP of intermediate_size.
// - layer_types is cut to num_hidden_layers (the checkpoint lists the MTP layers too; Step3p5Config);
//   without it, with a sliding_window, the even layers slide (Step3p5Attention: layer_idx % 2 == 0).
// - Layers whose type is attention_other_setting.attention_type take its num_attention_heads,
//   num_attention_groups and head_dim (Step3p5DecoderLayer reads all four keys).
// - Every attention has q_norm and k_norm (GemmaRMSNorm of head_dim); use_head_wise_attn_gate adds g_proj,
//   h -> that layer's heads, column-parallel; the router (FP32ReplicatedLinear, h -> experts) always has
//   router_bias (e_score_correction_bias); the LM head is its own ParallelLMHead (never tied).
// The moe_* defaults of Step3p5Config (16 experts, top 4, 10240 wide) are no Step checkpoint's, so a config
// without them is refused rather than read with those.
json step3p5AsCommon(const json &c)
{
    json g = c;
    if (const std::string impl = readString(c, "att_impl_type", "GQA"); impl != "GQA")
        throw InputError("model config \"att_impl_type\" is \"" + printable(impl)
            + "\": vLLM's step3p5.py builds GQA attention only");
    for (const char *key : { "num_attention_groups", "moe_num_experts", "moe_top_k", "moe_intermediate_size" })
        if (!c.contains(key))
            throw InputError(std::string("Step-3.5 model config is missing \"") + key + "\"");
    const int layers = readInt(c, "num_hidden_layers", 0, 1, kMaxLayers, true);
    const int experts = readInt(c, "moe_num_experts", 0, 1, kMaxExperts);
    const int top = readInt(c, "moe_top_k", 0, 1, experts);
    const int expertWidth = readInt(c, "moe_intermediate_size", 0, 1, kMaxDim);
    g["num_key_value_heads"] = readInt(c, "num_attention_groups", 0, 1, kMaxDim);
    g["num_experts"] = experts;
    g["num_experts_per_tok"] = top;
    const auto share = c.find("share_expert_dim");
    g["shared_expert_intermediate_size"] = share == c.end() || share->is_null()
        ? static_cast<long long>(expertWidth) * top
        : readInt(c, "share_expert_dim", 0, 1, kMaxDim);
    std::vector<bool> moe(layers, false);
    if (const auto e = c.find("moe_layers_enum"); e != c.end() && !e->is_null()) {
        if (!e->is_string())
            throw InputError("model config \"moe_layers_enum\" must be a string of comma-separated layer indices");
        const std::string list = e->get<std::string>();
        size_t start = 0;
        while (start <= list.size()) {
            const size_t comma = std::min(list.find(',', start), list.size());
            std::string item = list.substr(start, comma - start);
            item.erase(0, item.find_first_not_of(" \t"));
            item.erase(item.find_last_not_of(" \t") + 1);
            if (item.empty() || item.size() > 6 || item.find_first_not_of("0123456789") != std::string::npos)
                throw InputError("model config \"moe_layers_enum\" must be a string of comma-separated layer indices");
            const int index = std::stoi(item);
            if (index < layers) // an index past the decoder (an MTP layer) places nothing vLLM builds
                moe[index] = true;
            start = comma + 1;
        }
    } else {
        for (int i = 1; i < layers; ++i)
            moe[i] = true;
    }
    json types = json::array();
    for (int i = 0; i < layers; ++i)
        types.push_back(moe[i] ? "sparse" : "dense");
    g["mlp_layer_types"] = types;
    if (const auto t = c.find("layer_types"); t != c.end() && t->is_array()) {
        if (static_cast<int>(t->size()) < layers)
            throw InputError("model config \"layer_types\" has fewer entries than num_hidden_layers");
        g["layer_types"] = json(t->begin(), t->begin() + layers);
    } else if (readInt(c, "sliding_window", 0, 0, 1 << 30) > 0) {
        json alternate = json::array();
        for (int i = 0; i < layers; ++i)
            alternate.push_back(i % 2 == 0 ? "sliding_attention" : "full_attention");
        g["layer_types"] = alternate;
    }
    g["use_qk_norm"] = true;
    g["tie_word_embeddings"] = false;
    for (const char *key : { "num_attention_groups", "moe_num_experts", "moe_top_k", "moe_layers_enum",
             "share_expert_dim", "attention_other_setting", "use_head_wise_attn_gate", "n_routed_experts",
             "num_local_experts", "n_shared_experts", "num_shared_experts", "first_k_dense_replace", "moe_layer_freq",
             "decoder_sparse_step", "interleave_moe_layer_step", "partial_rotary_factor", "rope_parameters" })
        g.erase(key);
    return g;
}

void readStep3p5(const json &c, ModelSpec &m)
{
    if (m.modelType != "step3p5")
        return;
    m.routerCorrectionBias = true;
    m.gateProjPerHead = readBool(c, "use_head_wise_attn_gate", false) ? 1 : 0;
    const auto types = c.find("layer_types");
    const bool listed = types != c.end() && types->is_array();
    if (const auto other = c.find("attention_other_setting"); other != c.end() && !other->is_null() && listed) {
        if (!other->is_object())
            throw InputError("model config \"attention_other_setting\" must be an object");
        for (const char *key : { "attention_type", "num_attention_heads", "num_attention_groups", "head_dim" })
            if (!other->contains(key))
                throw InputError(std::string("model config \"attention_other_setting\" is missing \"") + key + "\"");
        const json &type = (*other)["attention_type"];
        // Step3p5DecoderLayer falls back to the model's value for a zero (falsy) entry.
        const int heads = readInt(*other, "num_attention_heads", 0, 0, kMaxDim);
        const int kvHeads = readInt(*other, "num_attention_groups", 0, 0, kMaxDim);
        const int headDim = readInt(*other, "head_dim", 0, 0, kMaxDim);
        if (heads > 0 && heads % (kvHeads > 0 ? kvHeads : m.kvHeads) != 0)
            throw InputError("model config \"attention_other_setting\": num_attention_heads is not a multiple of "
                             "num_attention_groups");
        for (int i = 0; i < m.layers; ++i) {
            if ((*types)[i] != type)
                continue;
            LayerInfo &l = m.layerInfo[i];
            l.heads = heads == m.heads ? 0 : heads;
            l.kvHeads = kvHeads == m.kvHeads ? 0 : kvHeads;
            l.headDim = headDim == m.headDim ? 0 : headDim;
        }
    }
    // RoPE caches: each layer calls get_rope with its head size, partial_rotary_factors[i] (vLLM asserts 1 or
    // 0.5), rope_theta[i] when a list, and rope_scaling only on yarn_only_types layers; get_rope keeps one
    // cache per distinct (head size, rotary dim, parameters) (rotary_embedding/__init__.py _ROPE_DICT).
    const auto factors = c.find("partial_rotary_factors");
    const auto theta = c.find("rope_theta");
    const auto onlyTypes = c.find("yarn_only_types");
    const bool scaling = c.contains("rope_scaling") && !c["rope_scaling"].is_null();
    std::vector<std::string> caches;
    m.ropeDim = 0;
    for (int i = 0; i < m.layers; ++i) {
        double factor = 1.0;
        if (factors != c.end() && factors->is_array() && !factors->empty()) {
            if (static_cast<int>(factors->size()) < m.layers || !(*factors)[i].is_number())
                throw InputError("model config \"partial_rotary_factors\" must give a number for every layer");
            factor = (*factors)[i].get<double>();
            if (factor != 1.0 && factor != 0.5)
                throw InputError("model config \"partial_rotary_factors\" entries must be 1 or 0.5 (vLLM's "
                                 "step3p5.py asserts it)");
        }
        std::string base = "scalar";
        if (theta != c.end() && theta->is_array()) {
            if (static_cast<int>(theta->size()) <= i || !(*theta)[i].is_number())
                throw InputError("model config \"rope_theta\" list must give a number for every layer");
            base = (*theta)[i].dump();
        }
        bool scaled = scaling;
        if (scaled && onlyTypes != c.end() && onlyTypes->is_array() && !onlyTypes->empty() && listed)
            scaled = std::find(onlyTypes->begin(), onlyTypes->end(), (*types)[i]) != onlyTypes->end();
        const int d = m.layerHeadDim(m.layerInfo[i]);
        const int rotary = factor == 1.0 ? d : d / 2;
        const std::string key = std::to_string(d) + "/" + std::to_string(rotary) + "/" + base + (scaled ? "/s" : "");
        if (std::find(caches.begin(), caches.end(), key) == caches.end()) {
            caches.push_back(key);
            m.ropeDim += rotary;
        }
    }
}

// NemotronH whose layers are listed as "layers_block_type" (Nemotron-3 Ultra's config). vLLM has no config class
// of its own for model_type nemotron_h (vllm/transformers_utils/config.py _CONFIG_REGISTRY @017e9f4448b7) and
// requires transformers >= 5.5.3 (requirements/common.txt @017e9f4448b7), whose NemotronHConfig
// (huggingface/transformers src/transformers/models/nemotron_h/configuration_nemotron_h.py @13923c63d59f) reads
// the list; vllm/model_executor/models/nemotron_h.py @017e9f4448b7 then builds the layers from that config's
// hybrid_override_pattern property. So:
// - "mamba" and "attention" are the legacy names of "linear_attention" and "full_attention"
//   (remap_legacy_layer_types); with "moe" and "mlp" they are the only kinds (validate_layer_type refuses any
//   other), spelled M, *, E and - by _list_to_pattern;
// - the layer count is the list's length (num_hidden_layers is deprecated there and a different one only
//   warned about): refused here instead, one of the two being wrong;
// - a hybrid_override_pattern beside the list is dropped there: refused here unless it says the same;
// - mtp_layers_block_type gives mtp_hybrid_override_pattern the same way (the MTP layers of nemotron_h_mtp.py,
//   built only as a speculative draft and not counted here).
json nemotronHAsPattern(const json &c)
{
    const auto spell = [&c](const char *field) {
        const json &list = c[field];
        if (!list.is_array() || list.empty() || list.size() > static_cast<std::size_t>(kMaxLayers))
            throw InputError(std::string("model config field \"") + field + "\" must be a list of layer kinds");
        std::string p;
        for (const json &e : list) {
            const std::string kind = e.is_string() ? e.get<std::string>() : e.dump();
            if (kind == "mamba" || kind == "linear_attention")
                p += 'M';
            else if (kind == "attention" || kind == "full_attention")
                p += '*';
            else if (kind == "moe")
                p += 'E';
            else if (kind == "mlp")
                p += '-';
            else
                throw InputError(std::string("model config field \"") + field + "\" has an unknown layer kind \""
                    + printable(kind) + "\" (known: mamba, attention, moe, mlp)");
        }
        return p;
    };
    const auto agree = [&c](const char *patternField, const std::string &pattern, const char *listField) {
        const auto it = c.find(patternField);
        if (it != c.end() && !it->is_null() && (!it->is_string() || it->get<std::string>() != pattern))
            throw InputError(std::string("model config fields \"") + patternField + "\" and \"" + listField
                + "\" list different layers");
    };
    json g = c;
    const std::string pattern = spell("layers_block_type");
    agree("hybrid_override_pattern", pattern, "layers_block_type");
    if (const auto n = c.find("num_hidden_layers"); n != c.end() && !n->is_null()
        && (!n->is_number_integer() || n->get<long long>() != static_cast<long long>(pattern.size())))
        throw InputError("model config field \"num_hidden_layers\" is not the length of \"layers_block_type\" ("
            + std::to_string(pattern.size()) + ")");
    g.erase("layers_block_type");
    g["hybrid_override_pattern"] = pattern;
    g["num_hidden_layers"] = static_cast<int>(pattern.size());
    if (const auto mtp = c.find("mtp_layers_block_type"); mtp != c.end() && !mtp->is_null()) {
        const std::string mtpPattern = spell("mtp_layers_block_type");
        agree("mtp_hybrid_override_pattern", mtpPattern, "mtp_layers_block_type");
        g.erase("mtp_layers_block_type");
        g["mtp_hybrid_override_pattern"] = mtpPattern;
    }
    return g;
}

// AFMoE, Arcee's Trinity models: vllm-project/vllm vllm/model_executor/models/afmoe.py @017e9f4448b7 and the config
// class vLLM loads for model_type "afmoe", vllm/transformers_utils/configs/afmoe.py @017e9f4448b7 (not
// Transformers' AfmoeConfig):
// - AfmoeAttention: qkv_proj (GQA, no bias), o_proj, and gate_proj, a ColumnParallelLinear hidden -> heads x
//   head_dim whose sigmoid multiplies the attention output (one gate per element: gateProjPerHead = head_dim);
//   q_norm and k_norm (RMSNorm of head_dim); per_layer_sliding_window = sliding_window on the layers whose
//   config.layer_types[i] is "sliding_attention", none on "full_attention" layers;
// - get_rope only on the sliding layers (full layers are NoPE), with head_dim and max_position_embeddings;
// - AfmoeDecoderLayer: MoE where layer_idx >= num_dense_layers (isMoeLayer), else a LlamaMLP of
//   intermediate_size; four RMSNorms of hidden size (input, post_attention, pre_mlp, post_mlp);
// - AfmoeMoE: gate = nn.Linear(hidden, num_experts, dtype=float32) and expert_bias (num_experts, float32),
//   whole on every TP rank and FP32 whatever the model dtype (weights.cpp); shared_experts one LlamaMLP of
//   moe_intermediate_size x num_shared_experts; routed experts of moe_intermediate_size;
// - AfmoeForCausalLM: lm_head is its own ParallelLMHead and the file never ties it to embed_tokens.
// Fields that change no size and are not read here: mup_enabled (scales the embedding output),
// score_func, route_norm, route_scale, n_group, topk_group, num_expert_groups, num_limited_groups (routing),
// global_attn_every_n_layers (vLLM reads layer_types, never this), load_balance_coeff, use_grouped_mm,
// attention_dropout, rms_norm_eps.
// vLLM's AfmoeConfig fills a missing layout field with a default of its own (num_dense_layers 1, num_shared_experts
// 2, num_experts 64, moe_intermediate_size 1408, head_dim 128, layer_types None, which afmoe.py then indexes); a
// config that omits one is refused here rather than sized on such a default.
void readAfmoe(const json &c, ModelSpec &m)
{
    if (m.modelType != "afmoe")
        return;
    for (const char *key : { "layer_types", "num_dense_layers", "num_experts", "num_experts_per_tok",
             "moe_intermediate_size", "num_shared_experts", "head_dim", "intermediate_size" })
        if (!c.contains(key) || c[key].is_null())
            throw InputError(std::string("AFMoE model config is missing \"") + key
                + "\" (vLLM's AfmoeConfig would fill in a default of its own)");
    if (const std::string act = readString(c, "hidden_act", "silu"); act != "silu")
        throw InputError(
            "AFMoE model config field \"hidden_act\" = \"" + printable(act) + "\": vLLM's afmoe.py supports silu only");
    bool sliding = false;
    for (const LayerInfo &l : m.layerInfo) {
        if (l.attention == LayerAttention::Chunked)
            throw InputError("AFMoE model config \"layer_types\" may hold only full_attention and sliding_attention");
        sliding = sliding || l.attention == LayerAttention::Sliding;
    }
    if (sliding && m.slidingWindow <= 0)
        throw InputError("AFMoE model config has sliding_attention layers but no \"sliding_window\"");
    m.qkNorm = true;
    m.gateProjPerHead = m.headDim;
    m.normsPerLayer = 4;
    m.routerCorrectionBias = true; // expert_bias
    m.tiedEmbeddings = false;
    if (!sliding)
        m.ropeDim = 0; // no layer builds a rotary embedding
}

void readDeepSeekV4(const json &c, ModelSpec &m)
{
    if (m.modelType != "deepseek_v4")
        return;
    // vllm/models/deepseek_v4 @017e9f4448b7 reads these without defaults of a checkpoint's (attention.py
    // DeepseekV4Attention, compressor.py DeepseekCompressor, nvidia/model.py DeepseekV4DecoderLayer / MoE).
    for (const char *key : { "compress_ratios", "hc_mult", "o_lora_rank", "o_groups", "q_lora_rank", "qk_rope_head_dim",
             "head_dim", "index_n_heads", "index_head_dim", "index_topk", "sliding_window", "n_routed_experts",
             "num_experts_per_tok", "moe_intermediate_size" })
        if (!c.contains(key) || c[key].is_null())
            throw InputError(std::string("DeepSeek-V4 model config is missing \"") + key + "\"");
    const json &ratios = c["compress_ratios"];
    if (!ratios.is_array() || static_cast<int>(ratios.size()) < m.layers)
        throw InputError("DeepSeek-V4 model config field \"compress_ratios\" must list one ratio per layer (at least "
            + std::to_string(m.layers) + ")");
    // The extra entries are the MTP layers' (vLLM gives them ratio 1); only the first num_hidden_layers are read.
    for (int i = 0; i < m.layers; ++i) {
        const json &r = ratios[static_cast<std::size_t>(i)];
        const double v = r.is_number() ? r.get<double>() : -1;
        // The compressor state (block 4, window 8 at ratio 4; block 8, window 128 at 128) and the indexer (ratio 4
        // only) are worked out for these ratios (docs/DESIGN.md §B.2); another ratio is refused, not guessed.
        if (v != 0 && v != 1 && v != 4 && v != 128)
            throw InputError("DeepSeek-V4 model config field \"compress_ratios\" holds " + printable(r.dump())
                + " at layer " + std::to_string(i) + " (modelled: 0, 1, 4 and 128)");
        m.layerInfo[static_cast<std::size_t>(i)].compressRatio = static_cast<int>(v);
        m.layerInfo[static_cast<std::size_t>(i)].moe = true; // every layer is DeepseekV4MoE
        m.layerInfo[static_cast<std::size_t>(i)].attention = LayerAttention::Full;
    }
    m.headDim = readInt(c, "head_dim", 0, 1, 1 << 16, true);
    m.qkRopeHeadDim = readInt(c, "qk_rope_head_dim", 0, 1, m.headDim, true);
    if (m.qkRopeHeadDim >= m.headDim)
        throw InputError("DeepSeek-V4 model config: qk_rope_head_dim must be below head_dim");
    // One latent head of head_dim per token (fused_wqa_wkv h -> q_lora_rank + head_dim): read as MLA with a
    // NoPE part of head_dim - rope, so the planner's MLA paths see one replicated latent.
    m.attention = AttentionKind::Mla;
    m.kvHeads = 1;
    m.kvLoraRank = m.headDim - m.qkRopeHeadDim;
    m.qkNopeHeadDim = m.kvLoraRank;
    m.vHeadDim = m.headDim;
    m.qLoraRank = readInt(c, "q_lora_rank", 0, 1, 1 << 16, true);
    m.indexTopk = readInt(c, "index_topk", 0, 1, 1 << 30, true);
    m.indexHeads = readInt(c, "index_n_heads", 0, 1, 1 << 16, true);
    m.indexHeadDim = readInt(c, "index_head_dim", 0, 1, 1 << 16, true);
    m.oLoraRank = readInt(c, "o_lora_rank", 0, 1, 1 << 16, true);
    m.oGroups = readInt(c, "o_groups", 0, 1, 1 << 16, true);
    m.hcMult = readInt(c, "hc_mult", 0, 1, 64, true);
    m.hashLayers = readInt(c, "num_hash_layers", 0, 0, m.layers);
    if (m.heads % m.oGroups != 0)
        throw InputError("DeepSeek-V4 model config: num_attention_heads is not a multiple of o_groups");
    m.slidingWindow = readInt(c, "sliding_window", 0, 1, 1 << 20, true);
    // expert_dtype: "fp4" (vLLM's default when absent: MXFP4 experts, DeepseekV4FP8Config) or "fp8" (FP8-block
    // experts, Flash-Base), read only with the FP8 quantization_config it qualifies.
    const std::string expertDtype = readString(c, "expert_dtype", "fp4");
    if (expertDtype != "fp4" && expertDtype != "fp8")
        throw InputError("DeepSeek-V4 model config field \"expert_dtype\" = \"" + printable(expertDtype)
            + "\" (vLLM accepts fp4 and fp8)");
    m.fp4Experts = expertDtype == "fp4" && c.contains("quantization_config");
    m.routerCorrectionBias = readString(c, "topk_method") == "noaux_tc";
    m.tiedEmbeddings = false;
    // Two DeepseekV4ScalingRotaryEmbedding caches (rope_theta, and compress_rope_theta on compressed layers;
    // common/rope.py), each max_position x qk_rope_head_dim in FP32 (deepseek_scaling_rope.py): the rope
    // dimensions counted here are in model-dtype (2-byte) units, so an FP32 cache counts twice.
    bool compressed = false;
    for (const LayerInfo &l : m.layerInfo)
        compressed = compressed || l.compressRatio > 1;
    m.ropeDim = m.qkRopeHeadDim * 2 * (compressed ? 2 : 1);
}

} // namespace shardscope::configread
