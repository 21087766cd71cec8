#include "core/model/modelspec.h"

#include "core/model/errors.h"
#include "core/model/jsonlenient.h"
#include "core/model/modelspecread.h"
#include "core/model/safetensors.h"
#include "core/model/visiontower.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace shardscope {

using nlohmann::json;
using namespace configread;

namespace {

// A partial_rotary_factor value: a number in (0, 1], else refused with the value.
double rotaryFactor(const json &f)
{
    const double v = f.is_number() ? f.get<double>() : -1;
    if (!std::isfinite(v) || v <= 0 || v > 1)
        throw InputError("model config field \"partial_rotary_factor\" = " + configread::printable(f.dump())
            + " is out of range (0, 1]");
    return v;
}

// A per-layer list field (layer_types, mlp_layer_types, moe_layer_freq): null when the config has no such
// list, refused when it does not hold one entry per layer (`layers`, else num_hidden_layers, read only
// when the list is there).
const json *perLayerList(const json &c, const char *key, std::optional<int> layers = std::nullopt)
{
    const auto list = c.find(key);
    if (list == c.end() || !list->is_array())
        return nullptr;
    if (!layers)
        layers = readInt(c, "num_hidden_layers", 0, 1, kMaxLayers, true);
    if (static_cast<int>(list->size()) != *layers)
        throw InputError("model config \"" + std::string(key) + "\" has " + std::to_string(list->size())
            + " entries for " + std::to_string(*layers) + " layers");
    return &*list;
}

// HunYuan-MoE-V1 (vllm/model_executor/models/hunyuan_v1.py @017e9f4448b7, HunYuanSparseMoeBlock) takes
// moe_topk, moe_intermediate_size and num_shared_expert either as one number or as a per-layer list
// (config.x[layer_id]). ShardScope keeps one value for all MoE layers, so a list is read only when every
// entry is the same number (Hunyuan-A13B: 8, 3072 and 1 on all 32 layers); a list that varies is refused.
int readUniformPerLayerInt(const json &c, const char *key, int fallback, int minValue, int maxValue)
{
    const auto it = c.find(key);
    if (it == c.end() || !it->is_array())
        return readInt(c, key, fallback, minValue, maxValue);
    const int layers = readInt(c, "num_hidden_layers", 0, 1, kMaxLayers, true);
    if (static_cast<int>(it->size()) != layers)
        throw InputError("model config \"" + std::string(key) + "\" has " + std::to_string(it->size()) + " entries for "
            + std::to_string(layers) + " layers");
    int value = 0;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json one = { { key, (*it)[i] } };
        const int v = readInt(one, key, 0, minValue, maxValue, true);
        if (i > 0 && v != value)
            throw InputError("model config \"" + std::string(key)
                + "\" differs between layers (a per-layer MoE size or top-k is not supported yet)");
        value = v;
    }
    return value;
}

// The rotary dimensions of the RoPE cos/sin cache (ModelSpec::ropeDim). vLLM's attention builds it with
// get_rope(head_size, rotary_dim = head_size x partial_rotary_factor, max_position, ...); MLA models
// rotate qk_rope_head_dim. No rotary embedding: NemotronH and Jamba attention (NoPE), and MLA with
// mla_use_nope (vllm kimi_linear.py). The factor may sit in rope_parameters (transformers 5 configs).
int readRopeDim(const json &c, const ModelSpec &m)
{
    if (m.modelType == "nemotron_h" || m.modelType == "jamba")
        return 0;
    if (m.isMla())
        return readBool(c, "mla_use_nope", false) ? 0 : m.qkRopeHeadDim;
    const json *holder = &c;
    if (!c.contains("partial_rotary_factor")) {
        const auto rp = c.find("rope_parameters");
        if (rp != c.end() && rp->is_object() && rp->contains("partial_rotary_factor"))
            holder = &*rp;
    }
    const auto f = holder->find("partial_rotary_factor");
    if (f == holder->end() || f->is_null())
        return m.headDim;
    return static_cast<int>(m.headDim * rotaryFactor(*f));
}

WeightFormat readQuantization(const json &q)
{
    if (!q.is_object())
        return WeightFormat::Bf16;
    const std::string method = readString(q, "quant_method");
    if (method == "fp8") {
        const auto bs = q.find("weight_block_size");
        return (bs != q.end() && bs->is_array()) ? WeightFormat::Fp8Block : WeightFormat::Fp8;
    }
    if (method == "mxfp4")
        return WeightFormat::Mxfp4;
    if (method == "awq" || method == "gptq" || method == "awq_marlin" || method == "gptq_marlin")
        return WeightFormat::Int4;
    if (method.empty())
        return WeightFormat::Bf16;
    throw InputError("unsupported quantization_config.quant_method \"" + method + "\"");
}

// The planner's format for a ModelOpt / compressed-tensors scheme (bytes come from the scheme itself).
WeightFormat weightFormatOf(const QuantScheme &s)
{
    if (s.name == "nvfp4")
        return WeightFormat::Nvfp4;
    if (s.name == "fp8" || s.name == "mxfp8")
        return WeightFormat::Fp8;
    if (s.name == "fp8-block")
        return WeightFormat::Fp8Block;
    if (s.name == "mxfp4")
        return WeightFormat::Mxfp4;
    if (s.name == "int4")
        return WeightFormat::Int4;
    if (s.name == "int8")
        return WeightFormat::Int8;
    throw InputError("quantization scheme \"" + s.name + "\" has no weight format");
}

// Which layers are MoE. Families encode it differently; see docs/DESIGN.md §E.1 "MoE layer placement".
bool isMoeLayer(const json &c, const std::string &modelType, int layer, int experts)
{
    if (experts == 0)
        return false;
    if (modelType == "ernie4_5_moe") {
        // ERNIE-4.5 (vllm/model_executor/models/ernie45_moe.py @0028a75108fd, Ernie4_5_MoeDecoderLayer):
        // MoE where use_moe, (i + 1) % moe_layer_interval == 0 and start <= i <= end. The defaults are
        // Transformers' Ernie4_5_MoeConfig (configuration_ernie4_5_moe.py @001f85b38fb4), which vLLM loads:
        // start 1, end -1 meaning the last layer, interval 1.
        const int layers = readInt(c, "num_hidden_layers", 0, 1, kMaxLayers, true);
        if (!readBool(c, "use_moe", true))
            return false;
        const int start = readInt(c, "moe_layer_start_index", 1, 0, kMaxLayers);
        int end = readInt(c, "moe_layer_end_index", -1, -1, kMaxLayers);
        if (end == -1)
            end = layers - 1;
        const int interval = readInt(c, "moe_layer_interval", 1, 1, kMaxLayers);
        return (layer + 1) % interval == 0 && layer >= start && layer <= end;
    }
    // AFMoE (vllm afmoe.py @017e9f4448b7, AfmoeDecoderLayer): moe_enabled = layer_idx >= num_dense_layers.
    if (modelType == "afmoe")
        return layer >= readInt(c, "num_dense_layers", 0, 0, kMaxLayers, true);
    if (c.contains("interleave_moe_layer_step")) { // Llama 4: MoE where (i+1) % step == 0
        const int step = readInt(c, "interleave_moe_layer_step", 1, 1, kMaxLayers);
        return (layer + 1) % step == 0;
    }
    if (c.contains("decoder_sparse_step")) { // Qwen-MoE
        const int step = readInt(c, "decoder_sparse_step", 1, 1, kMaxLayers);
        if (const auto only = c.find("mlp_only_layers"); only != c.end() && only->is_array())
            for (const auto &v : *only)
                if (v.is_number_integer() && v.get<long long>() == layer) // not get<int>: it wraps
                    return false;
        return (layer + 1) % step == 0;
    }
    // Laguna (Transformers' LagunaConfig): mlp_layer_types lists "dense" or "sparse" per layer; vLLM's
    // laguna.py reads the same placement as mlp_only_layers / decoder_sparse_step (above) where a config
    // gives them.
    if (const json *types = perLayerList(c, "mlp_layer_types")) {
        const json &v = (*types)[layer];
        if (v != "dense" && v != "sparse")
            throw InputError("model config \"mlp_layer_types\" entries must be \"dense\" or \"sparse\"");
        return v == "sparse";
    }
    // MiMo-V2-Flash, MiniMax-M3: moe_layer_freq is a per-layer list of 0 (dense) / 1 (MoE).
    if (const json *list = perLayerList(c, "moe_layer_freq")) {
        const json &v = (*list)[layer];
        if (!v.is_number_integer() || (v.get<long long>() != 0 && v.get<long long>() != 1))
            throw InputError("model config \"moe_layer_freq\" entries must be 0 or 1");
        return v.get<long long>() == 1;
    }
    // DeepSeek / Kimi / GLM: the first k layers are dense, then every moe_layer_freq-th layer.
    const int firstDense = readInt(c, "first_k_dense_replace", 0, 0, kMaxLayers);
    const int freq = readInt(c, "moe_layer_freq", 1, 1, kMaxLayers);
    (void)modelType;
    return layer >= firstDense && layer % freq == 0;
}

LayerAttention layerAttention(const json &c, const std::string &modelType, int layer, int layers)
{
    if (const json *types = perLayerList(c, "layer_types", layers)) {
        const auto &t = (*types)[layer];
        if (!t.is_string())
            throw InputError("model config \"layer_types\" entries must be strings");
        const std::string s = t.get<std::string>();
        if (s == "sliding_attention")
            return LayerAttention::Sliding;
        if (s == "chunked_attention")
            return LayerAttention::Chunked;
        // linear_attention: see readHybridLayers; conv (LFM2 short convolution): readLfm2;
        // minimax_m3_sparse (Transformers' MiniMaxM3VLTextConfig): full attention, its indexer read from
        // sparse_attention_config (readMiniMaxM3).
        if (s == "full_attention" || s == "attention" || s == "linear_attention" || s == "conv"
            || s == "minimax_m3_sparse")
            return LayerAttention::Full;
        // An unknown kind may keep any amount of state: refuse rather than charge full attention.
        throw InputError("model config \"layer_types\" has an unknown layer type \"" + printable(s)
            + "\" (known: full_attention, sliding_attention, chunked_attention, linear_attention, conv, "
              "minimax_m3_sparse)");
    }
    if (modelType == "llama4_text" && c.contains("attention_chunk_size")) {
        // Llama 4: chunked (local) attention on RoPE layers; every 4th layer is a global NoPE layer
        // (no_rope_layers; HF default interval 4).
        if (const auto nope = c.find("no_rope_layers");
            nope != c.end() && nope->is_array() && static_cast<int>(nope->size()) == layers) {
            const auto &v = (*nope)[layer];
            return (v.is_number() && v.get<double>() == 0) ? LayerAttention::Full : LayerAttention::Chunked;
        }
        return (layer + 1) % 4 == 0 ? LayerAttention::Full : LayerAttention::Chunked;
    }
    // Qwen2/Qwen3: sliding window only when use_sliding_window is true, on layers >= max_window_layers.
    if (readBool(c, "use_sliding_window", false) && c.contains("sliding_window") && !c["sliding_window"].is_null()) {
        const int maxWindowLayers = readInt(c, "max_window_layers", layers, 0, kMaxLayers);
        return layer >= maxWindowLayers ? LayerAttention::Sliding : LayerAttention::Full;
    }
    return LayerAttention::Full;
}

// Layouts whose sizes ShardScope does not model yet: refused with the field's name, never guessed.
void readUnsupportedLayouts(const json &c, const std::string &modelType)
{
    for (const char *key : { "compress_ratios", "compress_ratio", "routed_expert_hidden_size", "attn_res_block_size",
             "mla_use_output_gate", "latent_moe_use_norm", "index_compress_ratio", "indexer_compress_ratio", "hc_mult",
             "o_lora_rank", "moe_layers_enum", "moe_num_experts", "num_attention_groups", "attention_other_setting",
             "share_expert_dim", "use_head_wise_attn_gate", "moe_latent_size",
             // Dots3 NOTE (model_type dots3_note, vllm/models/dots3_note/nvidia/model.py @017e9f4448b7):
             // sparse MLA layers beside sliding-window MLA layers with their own heads and latent width
             // (swa_*), every MLA cache row padded to swa_kv_lora_rank + swa_qk_rope_head_dim. Without this
             // entry the swa_* heads fields would be read as MiMo-V2's and refused with a misleading hint.
             "swa_kv_lora_rank" }) {
        // Step-3.x's shared expert width: read as the usual n_shared_experts x moe_intermediate_size,
        // so accepted only where it says exactly that.
        const auto integer = [&c](const char *field, long long fallback) {
            return c.contains(field) && c[field].is_number_integer() ? c[field].get<long long>() : fallback;
        };
        // ERNIE-4.5's moe_num_experts is read (modelFromJson); other families' (ERNIE-4.5-VL's per-modality
        // lists) are not.
        if (std::string_view(key) == "moe_num_experts" && modelType == "ernie4_5_moe")
            continue;
        // Kimi-K3's latent MoE, MLA output gate and attention residuals are read (readKimiK3).
        if (modelType == "kimi_linear" && c.contains("linear_attn_config")
            && (std::string_view(key) == "routed_expert_hidden_size" || std::string_view(key) == "attn_res_block_size"
                || std::string_view(key) == "mla_use_output_gate" || std::string_view(key) == "latent_moe_use_norm"))
            continue;
        // NemotronH's LatentMoE width is read (readHybridLayers); another family's would be guessed at.
        if (std::string_view(key) == "moe_latent_size"
            && (!c.contains(key) || c[key].is_null()
                || (modelType == "nemotron_h" && c.contains("hybrid_override_pattern"))))
            continue;
        // DeepSeek-V4's compressed attention, grouped output LoRA and hyper-connections are read (readDeepSeekV4).
        if (modelType == "deepseek_v4"
            && (std::string_view(key) == "compress_ratios" || std::string_view(key) == "hc_mult"
                || std::string_view(key) == "o_lora_rank"))
            continue;
        if (std::string_view(key) == "share_expert_dim" && c.contains(key)
            && integer(key, -1) == integer("moe_intermediate_size", -2) * integer("n_shared_experts", 1))
            continue;
        if (c.contains(key))
            throw InputError(std::string("model config field \"") + key
                + "\" (a layer layout that changes the KV cache and weight sizes) is not supported yet");
    }
}

// Kimi-K3's text model (model_type kimi_linear; vllm/models/kimi_k3/nvidia/model.py @017e9f4448b7): latent MoE
// (KimiMoE: routed_expert_down_proj hidden -> routed_expert_hidden_size and routed_expert_up_proj back, both
// ReplicatedLinear with quant_config None, routed_expert_norm of the latent width when latent_moe_use_norm; the
// routed experts work in the latent width), the MLA output gate (mla.py: g_proj, column parallel) and attention
// residuals (KimiDecoderLayer: self_attention_res_norm, mlp_res_norm and the [1, hidden] projections).
void readKimiK3(const json &c, ModelSpec &m)
{
    if (m.modelType != "kimi_linear")
        return;
    if (c.contains("routed_expert_hidden_size") && !c["routed_expert_hidden_size"].is_null()) {
        m.moeLatent = readInt(c, "routed_expert_hidden_size", 0, 1, kMaxDim, true);
        m.latentMoeNorm = readBool(c, "latent_moe_use_norm", false);
        m.latentUnquantized = true;
    }
    m.mlaOutputGate = readBool(c, "mla_use_output_gate", false);
    m.attnResBlockSize = readInt(c, "attn_res_block_size", 0, 1, kMaxLayers);
}

// Laguna (vllm/model_executor/models/laguna.py @038481da3a60): per-layer query heads
// (num_attention_heads_per_layer; KV heads stay num_key_value_heads, so the KV cache is unchanged), the
// softplus output gate g_proj (gating true or "per-head": hidden -> heads; "per-element": hidden -> heads x
// head_dim), optional sinks on sliding layers, and one RoPE per layer type (rope_parameters.full_attention /
// .sliding_attention, each with its partial_rotary_factor, the top-level one filling in).
void readLaguna(const json &c, ModelSpec &m)
{
    const auto perLayer = c.find("num_attention_heads_per_layer");
    if (m.modelType != "laguna") {
        if (perLayer != c.end() && !perLayer->is_null())
            throw InputError("model config field \"num_attention_heads_per_layer\" is read for Laguna only");
        return;
    }
    if (perLayer != c.end() && !perLayer->is_null()) {
        if (!perLayer->is_array() || static_cast<int>(perLayer->size()) != m.layers)
            throw InputError("model config \"num_attention_heads_per_layer\" must list one count per layer");
        for (int i = 0; i < m.layers; ++i) {
            const json &v = (*perLayer)[i];
            const double heads = v.is_number() ? v.get<double>() : 0;
            if (heads != std::floor(heads) || heads < 1 || heads > kMaxDim || static_cast<int>(heads) % m.kvHeads != 0)
                throw InputError("model config \"num_attention_heads_per_layer\" entries must be whole multiples "
                                 "of num_key_value_heads");
            m.layerInfo[i].heads = static_cast<int>(heads) == m.heads ? 0 : static_cast<int>(heads);
        }
    }
    const auto gating = c.find("gating");
    if (gating == c.end() || *gating == true || *gating == "per-head")
        m.gateProjPerHead = 1; // LagunaConfig's default gating is true
    else if (*gating == "per-element")
        m.gateProjPerHead = m.headDim;
    else if (*gating != false && !gating->is_null())
        throw InputError("model config field \"gating\" must be true, false, \"per-head\" or \"per-element\"");
    if (readBool(c, "swa_attention_sink_enabled", false))
        for (LayerInfo &l : m.layerInfo)
            l.sinks = l.sinks || l.attention == LayerAttention::Sliding;
    // RoPE caches: one per layer type present, rotary dim head_dim x its partial_rotary_factor.
    const auto rope = c.find("rope_parameters");
    const auto factor = [&](const char *type) {
        const json *holder = nullptr;
        if (rope != c.end() && rope->is_object())
            if (const auto t = rope->find(type);
                t != rope->end() && t->is_object() && t->contains("partial_rotary_factor"))
                holder = &*t;
        if (!holder && c.contains("partial_rotary_factor") && !c["partial_rotary_factor"].is_null())
            holder = &c;
        if (!holder)
            return 1.0;
        return rotaryFactor((*holder)["partial_rotary_factor"]);
    };
    bool full = false, sliding = false;
    for (const LayerInfo &l : m.layerInfo)
        (l.attention == LayerAttention::Sliding ? sliding : full) = true;
    m.ropeDim = (full ? static_cast<int>(m.headDim * factor("full_attention")) : 0)
        + (sliding ? static_cast<int>(m.headDim * factor("sliding_attention")) : 0);
}

// DeepSeek Sparse Attention with shared indexers (IndexCache; GLM-5.2). vLLM builds an Indexer, with its
// weights and its DeepseekV32IndexerCache, only on the layers that compute their own top-k; the others reuse
// the last one's (vllm/model_executor/models/deepseek_v2.py @017e9f4448b7, DeepseekV2MLAAttention.__init__):
//   index_topk_pattern absent: skip_topk = max(layer - index_skip_topk_offset + 1, 0) % index_topk_freq != 0
//   (defaults 2 and 1: no layer skips); present: skip_topk = pattern[layer] == "S".
// vLLM does not read the checkpoint's per-layer "indexer_types" list ("full" / "shared"); when a config has
// one it must name the same layers as the rule above, else the checkpoint's indexer weights and vLLM's
// schedule disagree and the config is refused. The MTP layers always build an indexer (is_mtp_layer).
void readSharedIndexers(const json &c, ModelSpec &m)
{
    const auto types = c.find("indexer_types");
    const bool hasTypes = types != c.end() && !types->is_null();
    if (!m.isSparseMla())
        return; // no indexer at all: vLLM reads none of these fields
    const int freq = readInt(c, "index_topk_freq", 1, 1, kMaxLayers);
    const int offset = readInt(c, "index_skip_topk_offset", 2, 0, kMaxLayers);
    std::string pattern;
    if (const auto p = c.find("index_topk_pattern"); p != c.end() && !p->is_null()) {
        if (!p->is_string())
            throw InputError("model config field \"index_topk_pattern\" must be a string of F and S");
        pattern = p->get<std::string>();
        if (pattern.find_first_not_of("FS") != std::string::npos)
            throw InputError("model config field \"index_topk_pattern\" must be a string of F and S");
    }
    for (int i = 0; i < m.layers; ++i) {
        const bool skip = pattern.empty() ? std::max(i - offset + 1, 0) % freq != 0
                                          : i < static_cast<int>(pattern.size()) && pattern[i] == 'S';
        m.layerInfo[i].dsaSharedIndexer = skip;
    }
    if (!hasTypes)
        return;
    if (!types->is_array() || static_cast<int>(types->size()) != m.layers)
        throw InputError("model config field \"indexer_types\" must be a list of one entry per layer");
    for (int i = 0; i < m.layers; ++i) {
        const json &t = (*types)[i];
        if (t != "full" && t != "shared")
            throw InputError("model config field \"indexer_types\" has a layer type other than \"full\" and "
                             "\"shared\"");
        if ((t == "shared") != m.layerInfo[i].dsaSharedIndexer)
            throw InputError("model config field \"indexer_types\" disagrees at layer " + std::to_string(i)
                + " with the indexer schedule vLLM derives from \"index_topk_freq\", \"index_skip_topk_offset\" "
                  "and \"index_topk_pattern\"");
    }
}

// Bytes of a state dtype name (mamba_ssm_dtype / mamba_ssm_cache_dtype).
int stateDtypeBytes(const json &c, const char *key, int fallback)
{
    const auto it = c.find(key);
    if (it == c.end() || it->is_null())
        return fallback;
    const std::string v = it->is_string() ? it->get<std::string>() : std::string();
    if (v == "float32")
        return 4;
    if (v == "bfloat16" || v == "float16")
        return 2;
    if (v == "auto")
        return fallback;
    throw InputError(std::string("model config field \"") + key + "\" = " + it->dump().substr(0, 40)
        + " is not one of float32, bfloat16, float16, auto");
}

// Heterogeneous layers (DeciLM / Nemotron-NAS: Llama-3.3-Nemotron-Super-49B, Nemotron Ultra):
// one block_configs entry per layer, as vllm/model_executor/models/nemotron_nas.py reads them. Attention:
// no_op (no attention, no input norm), replace_with_linear (one h x h matrix), else
// num_kv_heads = num_attention_heads / n_heads_in_group. FFN: no_op, replace_with_linear, else
// intermediate = _ffn_mult_to_intermediate_size(ffn_mult, h) = round_up(int(2 x ffn_mult x h / 3), 256).
void readBlockConfigs(const json &c, ModelSpec &m)
{
    const auto blocks = c.find("block_configs");
    if (blocks == c.end())
        return;
    if (!blocks->is_array() || static_cast<int>(blocks->size()) != m.layers)
        throw InputError("model config \"block_configs\" must list one entry per layer (num_hidden_layers)");
    const auto refuseSet = [](const json &o, const char *part, const char *key) {
        const auto it = o.find(key);
        if (it != o.end() && !it->is_null() && !(it->is_boolean() && !it->get<bool>()))
            throw InputError(std::string("model config field \"block_configs[].") + part + "." + key
                + "\" is set: that layer variant is not supported yet");
    };
    for (int i = 0; i < m.layers; ++i) {
        const json &b = (*blocks)[i];
        const auto attn = b.find("attention");
        const auto ffn = b.find("ffn");
        if (!b.is_object() || attn == b.end() || ffn == b.end() || !attn->is_object() || !ffn->is_object())
            throw InputError("model config \"block_configs\" entries need \"attention\" and \"ffn\" objects");
        for (const char *key : { "sparsify", "num_sink_tokens", "window_length", "unshifted_sink" })
            refuseSet(*attn, "attention", key);
        refuseSet(*ffn, "ffn", "sparsify");
        for (const char *key : { "moe", "num_experts" })
            if (ffn->contains(key))
                throw InputError(std::string("model config field \"block_configs[].ffn.") + key
                    + "\" (MoE blocks) is not supported yet");
        LayerInfo &l = m.layerInfo[i];
        int norms = 2;
        if (readBool(*attn, "no_op", false)) {
            l.mixer = LayerMixer::None;
            --norms;
        } else if (readBool(*attn, "replace_with_linear", false)) {
            l.mixer = LayerMixer::Linear;
        } else {
            const int group = readInt(*attn, "n_heads_in_group", 0, 1, kMaxDim, true);
            if (m.heads % group != 0)
                throw InputError("model config \"block_configs[].attention.n_heads_in_group\" does not divide "
                                 "num_attention_heads");
            l.kvHeads = m.heads / group;
        }
        if (readBool(*ffn, "no_op", false)) {
            l.ffnIntermediate = 0;
            --norms;
        } else if (readBool(*ffn, "replace_with_linear", false)) {
            l.ffnIntermediate = 0;
            l.ffnLinear = true;
        } else {
            const auto mult = ffn->find("ffn_mult");
            if (mult == ffn->end() || !mult->is_number() || !std::isfinite(mult->get<double>())
                || mult->get<double>() <= 0 || mult->get<double>() > 1000)
                throw InputError("model config \"block_configs[].ffn.ffn_mult\" must be a positive number");
            const long long size = static_cast<long long>(2 * mult->get<double>() * m.hidden / 3);
            l.ffnIntermediate = static_cast<int>((size + 255) / 256 * 256);
        }
        l.norms = norms;
    }
}

// Hybrid state-space / linear-attention families (docs/DESIGN.md "Hybrid state layers"). The layer
// kinds follow vLLM's model files: nemotron_h.py (hybrid_override_pattern), qwen3_next.py /
// qwen3_5.py (layer_types "linear_attention" or full_attention_interval).
void readHybridLayers(const json &c, ModelSpec &m)
{
    if (const auto pattern = c.find("hybrid_override_pattern"); pattern != c.end()) {
        // NemotronH / Nemotron-3: one character per layer; M = Mamba-2 mixer, * = attention,
        // E = MoE FFN, - = dense MLP. Each layer is one block with one norm (vllm nemotron_h.py).
        if (!pattern->is_string())
            throw InputError("model config field \"hybrid_override_pattern\" must be a string");
        const std::string p = pattern->get<std::string>();
        if (static_cast<int>(p.size()) != m.layers)
            throw InputError("model config \"hybrid_override_pattern\" has " + std::to_string(p.size())
                + " characters for " + std::to_string(m.layers) + " layers");
        m.normsPerLayer = 1;
        m.gatedMlp = false; // relu2 MLP and experts: up_proj + down_proj
        for (int i = 0; i < m.layers; ++i) {
            LayerInfo &l = m.layerInfo[i];
            l.attention = LayerAttention::Full;
            l.moe = false;
            switch (p[i]) {
            case 'M':
                l.mixer = LayerMixer::Mamba2;
                l.ffnIntermediate = 0;
                break;
            case '*':
                l.mixer = LayerMixer::Attention;
                l.ffnIntermediate = 0;
                break;
            case 'E':
                if (m.experts == 0)
                    throw InputError("model config \"hybrid_override_pattern\" places an MoE layer (E) but the "
                                     "config has no \"n_routed_experts\"");
                l.mixer = LayerMixer::None;
                l.moe = true;
                break;
            case '-':
                l.mixer = LayerMixer::None;
                break;
            default:
                throw InputError("model config \"hybrid_override_pattern\" has an unknown layer kind '"
                    + printable(std::string(1, p[i])) + "' (known: M, *, E, -)");
            }
        }
        if (m.mixerCount(LayerMixer::Mamba2) > 0) {
            m.ssm.mambaHeads = readInt(c, "mamba_num_heads", 0, 1, kMaxDim, true);
            m.ssm.mambaHeadDim = readInt(c, "mamba_head_dim", 0, 1, kMaxDim, true);
            m.ssm.ssmStateSize = readInt(c, "ssm_state_size", 0, 1, kMaxDim, true);
            m.ssm.nGroups = readInt(c, "n_groups", 0, 1, kMaxDim, true);
            m.ssm.convKernel = readInt(c, "conv_kernel", 0, 1, 1024, true);
            m.ssm.convBias = readBool(c, "use_conv_bias", true);
            if (m.ssm.mambaHeads % m.ssm.nGroups != 0)
                throw InputError("model config: mamba_num_heads is not a multiple of n_groups");
            // vLLM NemotronHForCausalLMConfig: the HF value, float32 when absent (from 0.20; float16 before, and
            // the model dtype before 0.13: stateBytesPerLayer, kvcache.cpp).
            m.ssm.ssmStateBytes = stateDtypeBytes(c, "mamba_ssm_cache_dtype", 4);
            m.ssm.nemotronHSsmHook = true;
            m.ssm.ssmDtypeInConfig = c.contains("mamba_ssm_cache_dtype") && !c["mamba_ssm_cache_dtype"].is_null();
        }
        if (m.experts > 0) {
            // NemotronHMoE: shared expert of moe_shared_expert_intermediate_size x n_shared_experts.
            const int shared = readInt(c, "moe_shared_expert_intermediate_size", 0, 0, kMaxDim);
            m.sharedIntermediate = shared * std::max(1, readInt(c, "n_shared_experts", 1, 0, kMaxExperts));
            m.routerCorrectionBias = true; // e_score_correction_bias
            // LatentMoE (Nemotron-3 Super / Ultra; vllm/model_executor/models/nemotron_h.py @017e9f4448b7
            // NemotronHMoE): with moe_latent_size set, fc1_latent_proj (hidden -> latent) and fc2_latent_proj
            // (latent -> hidden) wrap the routed experts, which work in the latent width; the router and the
            // shared expert stay at hidden_size. Null or absent: a plain MoE.
            m.moeLatent = readInt(c, "moe_latent_size", 0, 1, kMaxDim);
        }
        return;
    }
    // NemotronH with neither the pattern nor "layers_block_type" (restated as the pattern, nemotronHAsPattern):
    // every layer would be taken for attention + MoE, so refused rather than sized.
    if (m.modelType == "nemotron_h")
        throw InputError("model config (nemotron_h) lists its layers in neither \"hybrid_override_pattern\" nor "
                         "\"layers_block_type\"");
    if (const auto kda = c.find("linear_attn_config"); kda != c.end()) {
        // Kimi Linear: KDA layers and MLA layers listed by 1-based layer number (vllm kimi_linear.py
        // is_kda_layer: layer_idx + 1 in kda_layers). Every layer must be in exactly one list.
        if (!kda->is_object())
            throw InputError("model config field \"linear_attn_config\" must be an object");
        const auto listed = [&](const char *key) {
            std::vector<int> marks(m.layers, 0);
            const auto it = kda->find(key);
            if (it == kda->end() || !it->is_array())
                throw InputError(
                    std::string("model config \"linear_attn_config\" is missing the list \"") + key + "\"");
            for (const json &v : *it) {
                if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > m.layers)
                    throw InputError(std::string("model config \"linear_attn_config.") + key
                        + "\" entries must be layer numbers from 1 to num_hidden_layers");
                marks[static_cast<int>(v.get<long long>()) - 1] = 1;
            }
            return marks;
        };
        const std::vector<int> kdaLayers = listed("kda_layers");
        const std::vector<int> fullLayers = listed("full_attn_layers");
        for (int i = 0; i < m.layers; ++i) {
            if (kdaLayers[i] == fullLayers[i])
                throw InputError("model config \"linear_attn_config\": layer " + std::to_string(i + 1)
                    + " must be in exactly one of kda_layers and full_attn_layers");
            if (kdaLayers[i])
                m.layerInfo[i].mixer = LayerMixer::KimiDelta;
        }
        m.ssm.kdaHeads = readInt(*kda, "num_heads", 0, 1, kMaxDim, true);
        m.ssm.kdaHeadDim = readInt(*kda, "head_dim", 0, 1, kMaxDim, true);
        m.ssm.convKernel = readInt(*kda, "short_conv_kernel_size", 0, 1, 1024, true);
        // Kimi-K3's KDA (vllm/models/kimi_k3/nvidia/kda.py @017e9f4448b7 KimiK3DeltaAttention, chosen by
        // use_full_rank_gate in model.py): the output gate is a full g_proj, the decay gate keeps f_a / f_b.
        m.ssm.kdaFullRankGate = readBool(*kda, "use_full_rank_gate", false);
        readKimiK3(c, m);
        return;
    }
    bool anyLinear = false;
    const auto types = c.find("layer_types");
    if (types != c.end() && types->is_array()) {
        for (int i = 0; i < m.layers; ++i)
            if ((*types)[i] == "linear_attention") {
                m.layerInfo[i].mixer = LayerMixer::GatedDeltaNet;
                anyLinear = true;
            }
    } else if (c.contains("full_attention_interval") && c.contains("linear_num_value_heads")) {
        // Qwen3-Next without layer_types: full attention on every interval-th layer.
        const int interval = readInt(c, "full_attention_interval", 0, 1, kMaxLayers, true);
        for (int i = 0; i < m.layers; ++i)
            if ((i + 1) % interval != 0) {
                m.layerInfo[i].mixer = LayerMixer::GatedDeltaNet;
                anyLinear = true;
            }
    }
    if (!anyLinear)
        return;
    if (!c.contains("linear_num_value_heads"))
        throw InputError("model config has \"linear_attention\" layers but no \"linear_num_value_heads\": "
                         "only Gated DeltaNet (Qwen3-Next / Qwen3.5) linear attention is understood");
    m.ssm.linearKeyHeads = readInt(c, "linear_num_key_heads", 0, 1, kMaxDim, true);
    m.ssm.linearValueHeads = readInt(c, "linear_num_value_heads", 0, 1, kMaxDim, true);
    m.ssm.linearKeyHeadDim = readInt(c, "linear_key_head_dim", 0, 1, kMaxDim, true);
    m.ssm.linearValueHeadDim = readInt(c, "linear_value_head_dim", 0, 1, kMaxDim, true);
    m.ssm.convKernel = readInt(c, "linear_conv_kernel_dim", 0, 1, 1024, true);
    if (m.ssm.linearValueHeads % m.ssm.linearKeyHeads != 0)
        throw InputError("model config: linear_num_value_heads is not a multiple of linear_num_key_heads");
    // vLLM Qwen3_5ForConditionalGenerationConfig: mamba_ssm_dtype from the HF config; else "auto", the
    // model dtype (2 bytes).
    m.ssm.ssmStateBytes = stateDtypeBytes(c, "mamba_ssm_dtype", 2);
    m.attnOutputGate = readBool(c, "attn_output_gate", true); // Qwen3NextAttention default
    m.qkNorm = true;
}

// vLLM takes the Gated DeltaNet temporal-state dtype from the config's mamba_ssm_dtype only in
// Qwen3_5ForConditionalGenerationConfig, which MODELS_CONFIG_MAP registers for the architectures below and
// which vLLM looks up by the config's architectures[0] (vllm/model_executor/models/config.py and
// vllm/config/vllm.py, neuralmagic/vllm@017e9f4448b7, a mirror of vllm-project/vllm main). Any other
// architecture keeps mamba_ssm_cache_dtype "auto", the conv state's dtype, i.e. the model's
// (mamba_utils.py _mamba_state_dtype). InternS2PreviewForConditionalGeneration is one: it reuses
// Qwen3_5MoeForConditionalGeneration (vllm/model_executor/models/interns2_preview.py,
// vllm-project/vllm@faa4b76afae3) but is not in the map, though its config says mamba_ssm_dtype float32.
// A config without "architectures" (a bare text_config) is read as a Qwen3.5 one.
bool ssmDtypeFromConfig(const json &outer)
{
    const auto a = outer.find("architectures");
    if (a == outer.end() || !a->is_array() || a->empty() || !(*a)[0].is_string())
        return true;
    const std::string &arch = (*a)[0].get_ref<const std::string &>();
    for (const char *hooked : { "Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForConditionalGeneration",
             "Qwen3_5ForCausalLM", "Qwen3_5MoeForCausalLM", "ColQwen3_5" })
        if (arch == hooked)
            return true;
    return false;
}

} // namespace

int ModelSpec::mixerCount(LayerMixer kind) const
{
    return static_cast<int>(
        std::count_if(layerInfo.begin(), layerInfo.end(), [&](const LayerInfo &l) { return l.mixer == kind; }));
}

bool ModelSpec::hasStateLayers() const
{
    return mixerCount(LayerMixer::Mamba2) + mixerCount(LayerMixer::GatedDeltaNet) + mixerCount(LayerMixer::KimiDelta)
        + mixerCount(LayerMixer::ShortConv)
        > 0;
}

int ModelSpec::moeLayerCount() const
{
    return static_cast<int>(
        std::count_if(layerInfo.begin(), layerInfo.end(), [](const LayerInfo &l) { return l.moe; }));
}

std::string ModelSpec::category() const
{
    if (isMla())
        return "mla";
    return isMoe() ? "moe" : "dense";
}

const char *weightFormatName(WeightFormat f)
{
    switch (f) {
    case WeightFormat::Bf16:
        return "bf16";
    case WeightFormat::Fp16:
        return "fp16";
    case WeightFormat::Fp8:
        return "fp8";
    case WeightFormat::Fp8Block:
        return "fp8 (128x128 block scales)";
    case WeightFormat::Mxfp4:
        return "mxfp4";
    case WeightFormat::Int4:
        return "int4 (group 128)";
    case WeightFormat::Nvfp4:
        return "nvfp4";
    case WeightFormat::Int8:
        return "int8";
    }
    return "?";
}

std::string weightFormatLabel(const ModelSpec &m, WeightFormat f)
{
    if (m.quant.method.empty() || f != m.weightFormat)
        return weightFormatName(f);
    std::string label = m.quant.scheme.name + ", " + m.quant.method;
    if (m.quant.scheme.groupSize > 0)
        label += ", group " + std::to_string(m.quant.scheme.groupSize);
    return label;
}

namespace {

double finiteNonNegative(const json &o, const char *key, const char *what)
{
    const auto v = o.find(key);
    if (v == o.end())
        return 0;
    if (!v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() < 0 || v->get<double>() > 1e16)
        throw InputError(std::string(what) + " field \"" + key + "\" must be a number of bytes from 0 to 1e16");
    return v->get<double>();
}

// The preset form's "checkpoint_weights" (written by io/checkpointfolder from the safetensors headers).
CheckpointWeights checkpointFromJson(const json &root)
{
    CheckpointWeights w;
    const auto c = root.find("checkpoint_weights");
    if (c == root.end())
        return w;
    const char *what = "model preset \"checkpoint_weights\"";
    if (!c->is_object())
        throw InputError(std::string(what) + " must be an object");
    w.source = c->value("source", std::string("safetensors headers"));
    requireOneLine(what, w.source);
    w.languageBytes = finiteNonNegative(*c, "language_bytes", what);
    w.mtpBytes = finiteNonNegative(*c, "mtp_bytes", what);
    w.visionBytes = finiteNonNegative(*c, "vision_bytes", what);
    w.totalBytes = finiteNonNegative(*c, "total_bytes", what);
    w.tensors = static_cast<int>(std::min(finiteNonNegative(*c, "tensors", what), 1e9));
    w.files = static_cast<int>(std::min(finiteNonNegative(*c, "files", what), 1e9));
    if (const auto d = c->find("bytes_by_dtype"); d != c->end() && d->is_object())
        for (const auto &[dtype, bytes] : d->items()) {
            if (!safetensorsDtypeBits(dtype))
                throw InputError(std::string(what) + " names an unknown dtype");
            w.bytesByDtype[dtype] = finiteNonNegative(*d, dtype.c_str(), what);
        }
    return w;
}

std::map<std::string, double> generationDefaultsFromJson(const json &root)
{
    std::map<std::string, double> out;
    const auto g = root.find("generation_config");
    if (g == root.end() || !g->is_object())
        return out;
    // The keys vLLM's get_diff_sampling_param() takes from generation_config.json (vllm/config/model.py).
    for (const char *key : { "repetition_penalty", "temperature", "top_k", "top_p", "min_p", "max_new_tokens" })
        if (const auto v = g->find(key); v != g->end() && v->is_number() && std::isfinite(v->get<double>()))
            out[key] = v->get<double>();
    return out;
}

} // namespace

ModelSpec modelFromJson(const json &root, const std::string &fallbackId)
{
    if (!root.is_object())
        throw InputError("model file must be a JSON object");
    ModelSpec m;
    const json *configPtr = &root;
    if (const auto cfg = root.find("config"); cfg != root.end()) {
        if (!cfg->is_object())
            throw InputError("model preset field \"config\" must be an object");
        configPtr = &*cfg;
        m.id = readString(root, "id");
        m.name = readString(root, "name");
        m.hfRepo = readString(root, "hf_repo");
        m.notes = readString(root, "notes");
        if (const auto v = root.find("params_total_official"); v != root.end() && v->is_number())
            m.officialTotalParams = v->get<double>();
        if (const auto v = root.find("params_active_official"); v != root.end() && v->is_number())
            m.officialActiveParams = v->get<double>();
        m.trustRemoteCode = readBool(root, "trust_remote_code", false);
        if (const auto a = root.find("aliases"); a != root.end() && a->is_array())
            for (const auto &e : *a)
                if (e.is_string() && e.get_ref<const std::string &>().size() <= 256)
                    m.aliases.push_back(e.get<std::string>());
        if (const auto s = root.find("sources"); s != root.end() && s->is_array())
            for (const auto &e : *s)
                if (e.is_string())
                    m.sources.push_back(e.get<std::string>());
    }
    const json &outer = *configPtr;
    // Multimodal configs (Llama 4) nest the language model; quantization may sit outside it.
    const json &text
        = (outer.contains("text_config") && outer["text_config"].is_object()) ? outer["text_config"] : outer;
    // Step-3.5 names its KV heads, experts and MoE layers its own way: restated in the common keys
    // (step3p5AsCommon), its per-layer-type attention read after them (readStep3p5).
    const std::string textType = readString(text, "model_type", readString(outer, "model_type"));
    const bool step3p5 = textType == "step3p5";
    // NemotronH's layer list as "layers_block_type" (Nemotron-3 Ultra): restated as hybrid_override_pattern
    // (nemotronHAsPattern), the form read below.
    const bool nemotronList
        = textType == "nemotron_h" && text.contains("layers_block_type") && !text["layers_block_type"].is_null();
    const json restated = step3p5 ? step3p5AsCommon(text) : nemotronList ? nemotronHAsPattern(text) : json();
    const json &c = step3p5 || nemotronList ? restated : text;
    if (m.id.empty())
        m.id = fallbackId;
    if (m.name.empty())
        m.name = readString(outer, "_name_or_path", m.id);
    if (m.hfRepo.empty())
        m.hfRepo = readString(outer, "_name_or_path");
    requireOneLine("model \"id\" (or the config's folder name)", m.id);
    requireOneLine("model field \"name\" (or \"_name_or_path\")", m.name);
    requireOneLine("model field \"hf_repo\" (or \"_name_or_path\")", m.hfRepo);

    m.modelType = readString(c, "model_type", readString(outer, "model_type"));
    m.layers = readInt(c, "num_hidden_layers", 0, 1, kMaxLayers, true);
    m.hidden = readInt(c, "hidden_size", 0, 1, kMaxDim, true);
    m.heads = readInt(c, "num_attention_heads", 0, 1, kMaxDim, true);
    m.kvHeads = readInt(c, "num_key_value_heads", m.heads, 1, kMaxDim);
    m.vocab = readInt(c, "vocab_size", 0, 1, 1 << 24, true);
    m.headDim = readInt(c, "head_dim", 0, 0, kMaxDim);
    if (m.headDim == 0) // HunYuan (vllm hunyuan_v1.py): head_dim, else attention_head_dim
        m.headDim = readInt(c, "attention_head_dim", 0, 0, kMaxDim);
    // HunYuan's cross-layer attention (vllm hunyuan_v1.py _get_cla_factor) shares one layer's K/V with the next
    // cla_share_factor - 1: not modelled.
    if (readBool(c, "use_cla", false) && readInt(c, "cla_share_factor", 1, 1, kMaxLayers) > 1)
        throw InputError("model config field \"use_cla\" (cross-layer KV sharing) is not supported yet");
    // MLA (Kimi-K3 / Kimi Linear) has no head_dim and needs none: its cache is the latent.
    const bool mla = readInt(c, "kv_lora_rank", 0, 0, kMaxDim) > 0;
    if (m.headDim == 0 && mla) {
        m.headDim = m.hidden / m.heads;
    } else if (m.headDim == 0) {
        if (m.hidden % m.heads != 0)
            throw InputError(
                "model config has no \"head_dim\" and hidden_size is not a multiple of num_attention_heads");
        m.headDim = m.hidden / m.heads;
    }
    // ERNIE-4.5 MoE names its expert fields moe_* (vllm ernie45_moe.py @0028a75108fd reads moe_num_experts,
    // moe_k, moe_intermediate_size, moe_num_shared_experts); the defaults of a missing field are those of
    // Transformers' Ernie4_5_MoeConfig (@001f85b38fb4), the config object vLLM reads: 64 experts, top 6,
    // 2 shared, tied embeddings.
    const bool ernie = m.modelType == "ernie4_5_moe";
    m.tiedEmbeddings = readBool(c, "tie_word_embeddings", readBool(outer, "tie_word_embeddings", ernie));
    m.attentionBias = readBool(c, "attention_bias", false);
    m.qkvBias = m.modelType == "qwen2" || m.modelType == "qwen2_moe";
    m.qkNorm = m.modelType == "qwen3" || m.modelType == "qwen3_moe" || m.modelType == "laguna"
        || (readBool(c, "use_qk_norm", false) && m.modelType != "llama4_text") // Llama 4's qk norm has no weights
        || (m.modelType == "hy_v3" && readBool(c, "qk_norm", false)); // Hy3 (vllm hy_v3.py): per-head q/k norms
    m.attentionSinks = m.modelType == "gpt_oss";
    // vLLM's derived max_model_len (vllm/config/model.py, _get_and_verify_max_len): the smallest of these
    // keys the config has, then model_max_length in its place when present (Command-R; Kimi Linear states
    // only that one, ChatGLM seq_length).
    for (const char *key : { "max_position_embeddings", "n_positions", "max_seq_len", "seq_length", "model_max_length",
             "max_target_positions", "max_sequence_length", "max_seq_length", "seq_len" }) {
        const int v = readInt(c, key, 0, 0, 1 << 30);
        if (v > 0 && (m.maxPositionEmbeddings <= 0 || v < m.maxPositionEmbeddings))
            m.maxPositionEmbeddings = v;
    }
    if (const int v = readInt(c, "model_max_length", 0, 0, 1 << 30); v > 0)
        m.maxPositionEmbeddings = v;
    m.mtpLayers = readInt(c, "num_nextn_predict_layers", 0, 0, kMaxLayers);

    m.kvLoraRank = readInt(c, "kv_lora_rank", 0, 0, kMaxDim);
    if (m.kvLoraRank > 0) {
        m.attention = AttentionKind::Mla;
        m.qLoraRank = readInt(c, "q_lora_rank", 0, 0, kMaxDim);
        m.qkRopeHeadDim = readInt(c, "qk_rope_head_dim", 0, 1, kMaxDim, true);
        m.qkNopeHeadDim = readInt(c, "qk_nope_head_dim", 0, 1, kMaxDim, true);
        m.vHeadDim = readInt(c, "v_head_dim", 0, 1, kMaxDim, true);
        m.kvHeads = 1; // one latent vector per token; num_key_value_heads is misleading for MLA
        // vllm deepseek_v2.py: a config with index_topk is DeepSeek-V3.2 sparse attention (DSA).
        m.indexTopk = readInt(c, "index_topk", 0, 0, 1 << 30);
        if (m.indexTopk > 0) {
            m.indexHeadDim = readInt(c, "index_head_dim", 0, 1, kMaxDim, true);
            m.indexHeads = readInt(c, "index_n_heads", 0, 1, kMaxDim, true);
            if (m.qLoraRank == 0)
                throw InputError("sparse MLA config (\"index_topk\") needs \"q_lora_rank\": the indexer's query "
                                 "projection reads the q latent");
        }
    }

    m.ropeDim = readRopeDim(c, m);

    m.experts = ernie ? readIntAny(c, { "moe_num_experts", "num_experts" }, 64, 0, kMaxExperts)
                      : readIntAny(c, { "n_routed_experts", "num_experts", "num_local_experts" }, 0, 0, kMaxExperts);
    const int intermediate = readInt(c, "intermediate_size", 0, 0, kMaxDim,
        m.experts == 0 && !c.contains("block_configs") && !c.contains("block_ff_dim")); // LFM2: block_ff_dim
    m.intermediate = intermediate;
    if (m.experts > 0) {
        m.expertsPerToken = ernie
            ? readIntAny(c, { "moe_k", "num_experts_per_tok" }, 6, 1, m.experts)
            : readIntAny(c, { "num_experts_per_tok", "experts_per_token", "num_experts_per_token", "top_k_experts" }, 0,
                1, m.experts);
        const bool hunyuan = c.contains("moe_topk"); // HunYuan-MoE-V1: its per-layer lists
        if (m.expertsPerToken == 0 && hunyuan)
            m.expertsPerToken = readUniformPerLayerInt(c, "moe_topk", 0, 1, m.experts);
        if (m.expertsPerToken == 0)
            throw InputError("MoE model config is missing \"num_experts_per_tok\"");
        m.moeIntermediate = hunyuan ? readUniformPerLayerInt(c, "moe_intermediate_size", intermediate, 1, kMaxDim)
                                    : readInt(c, "moe_intermediate_size", intermediate, 1, kMaxDim);
        // Hy3 (vllm hy_v3.py @017e9f4448b7, HYV3MoE): routed experts and the shared MLP (x num_shared_experts)
        // are expert_hidden_dim wide; moe_intermediate_size is not read.
        if (m.modelType == "hy_v3")
            m.moeIntermediate = readInt(c, "expert_hidden_dim", m.moeIntermediate, 1, kMaxDim);
        const int shared = ernie ? readInt(c, "moe_num_shared_experts", 2, 0, kMaxExperts)
                                 : readIntAny(c, { "n_shared_experts", "num_shared_experts" }, 0, 0, kMaxExperts);
        if (const int qwenShared = readInt(c, "shared_expert_intermediate_size", 0, 0, kMaxDim); qwenShared > 0)
            m.sharedIntermediate = qwenShared; // Qwen2-MoE / Qwen3-Next: one shared expert of this size
        else if (hunyuan && c.contains("num_shared_expert")) {
            // HunYuan-MoE-V1: with use_mixed_mlp_moe, a shared MLP of intermediate_size x num_shared_expert
            // (not moe_intermediate_size); without it none.
            const int hunyuanShared = readUniformPerLayerInt(c, "num_shared_expert", 0, 0, kMaxExperts);
            if (readBool(c, "use_mixed_mlp_moe", false) && hunyuanShared > 0)
                m.sharedIntermediate = hunyuanShared * intermediate;
        } else if (shared > 0)
            m.sharedIntermediate = shared * m.moeIntermediate;
        else if (m.modelType == "llama4_text")
            m.sharedIntermediate = intermediate; // one shared expert of intermediate_size
        if (m.modelType == "llama4_text")
            m.intermediate = readInt(c, "intermediate_size_mlp", intermediate, 1, kMaxDim);
        m.expertBias = m.routerBias = m.modelType == "gpt_oss";
        // ERNIE-4.5: the gate always carries e_score_correction_bias (moe_statics in the checkpoint).
        // Laguna: LagunaMoE always registers e_score_correction_bias.
        // Hy3: HYV3MoE always registers expert_bias (the sigmoid router's correction bias).
        m.routerCorrectionBias
            = ernie || m.modelType == "laguna" || m.modelType == "hy_v3" || readString(c, "topk_method") == "noaux_tc";
    }

    // ERNIE-4.5's use_bias puts biases on q/k/v and on the dense MLPs: the latter are not modelled.
    if (ernie && readBool(c, "use_bias", false))
        throw InputError("model config field \"use_bias\" (ERNIE-4.5 biases on the attention and dense MLP "
                         "projections) is not supported yet");
    m.slidingWindow = readInt(c, "sliding_window", 0, 0, 1 << 30);
    m.chunkSize = readInt(c, "attention_chunk_size", 0, 0, 1 << 30);
    m.layerInfo.resize(m.layers);
    for (int i = 0; i < m.layers; ++i) {
        m.layerInfo[i].moe = isMoeLayer(c, m.modelType, i, m.experts);
        m.layerInfo[i].attention = layerAttention(c, m.modelType, i, m.layers);
    }
    readHybridLayers(c, m);
    if (m.mixerCount(LayerMixer::GatedDeltaNet) > 0 && !ssmDtypeFromConfig(outer))
        m.ssm.ssmStateBytes = 2; // "auto": the model dtype, bf16
    readBlockConfigs(c, m);
    readUnsupportedLayouts(c, m.modelType);
    readGemma4(c, m);
    readMiMoV2(c, m);
    readLaguna(c, m);
    readLfm2(c, m);
    readMiniMaxM3(c, m);
    readStep3p5(text, m);
    readAfmoe(c, m);
    readDeepSeekV4(c, m);
    readSharedIndexers(c, m);
    m.vision = readVisionTower(outer, m.hidden);
    // A model folder's processor sets the encoder's dummy image (encoderprofile.h).
    if (configPtr != &root && m.vision.encoder.known())
        m.vision.encoder.maxImagePixels = processorMaxImagePixels(root, m.vision.encoder.maxImagePixels);
    // A GQA config whose values are narrower than its keys (MiMo-V2: head_dim 192, v_head_dim 128) keeps
    // K and V pages of different sizes: not modelled.
    if (!m.isMla() && !c.contains("hybrid_layer_pattern") && c.contains("v_head_dim")
        && readInt(c, "v_head_dim", m.headDim, 1, kMaxDim) != m.headDim)
        throw InputError("model config field \"v_head_dim\" differs from head_dim outside MLA (K and V of "
                         "different sizes) and is not supported yet");
    if (m.experts > 0 && m.moeLayerCount() == 0)
        throw InputError("MoE model config places experts on no layer");

    const json *quant = nullptr;
    if (c.contains("quantization_config"))
        quant = &c["quantization_config"];
    else if (outer.contains("quantization_config"))
        quant = &outer["quantization_config"];
    else if (const auto hq = root.find("hf_quant_config"); configPtr != &root && hq != root.end())
        quant = &*hq; // a preset carrying the checkpoint's hf_quant_config.json (ModelOpt)
    if (quant && readQuantConfig(*quant, m.quant)) {
        m.weightFormat = weightFormatOf(m.quant.scheme);
        if (m.weightFormat == WeightFormat::Fp8Block)
            m.fp8BlockSize = m.quant.scheme.blockRows;
        m.quantCoverage = quantCoverage(m.quant, m);
    } else if (quant) {
        m.weightFormat = readQuantization(*quant);
        if (m.weightFormat == WeightFormat::Fp8Block) {
            // Read as a double and range-checked: get<int>() of 2^32 + 128 wrapped to 128. find(), not
            // operator[] (undefined on a const object without the key).
            const auto bs = quant->is_object() ? quant->find("weight_block_size") : quant->end();
            if (bs != quant->end() && bs->is_array() && !bs->empty()) {
                const json &first = (*bs)[0];
                const double v = first.is_number() ? first.get<double>() : 0;
                if (!first.is_number() || v != std::floor(v) || v < 1 || v > 4096)
                    throw InputError("model config field \"weight_block_size\" = " + bs->dump()
                        + " is out of range: block sides are whole numbers from 1 to 4096");
                m.fp8BlockSize = static_cast<int>(v);
            }
        }
    } else if (readString(c, "torch_dtype", readString(outer, "torch_dtype")) == "float16") {
        m.weightFormat = WeightFormat::Fp16;
    }

    if (m.attention == AttentionKind::Gqa && m.heads % m.kvHeads != 0)
        throw InputError("model config: num_attention_heads (" + std::to_string(m.heads)
            + ") is not a multiple of num_key_value_heads (" + std::to_string(m.kvHeads) + ")");
    if (m.name.empty())
        m.name = m.id.empty() ? std::string("custom model") : m.id;
    // A model folder's safetensors bytes and generation defaults, carried by the preset form that
    // io/checkpointfolder writes and a saved plan keeps.
    if (configPtr != &root)
        m.checkpoint = { checkpointFromJson(root), generationDefaultsFromJson(root) };
    return m;
}

ModelSpec modelFromJsonText(const std::string &text, const std::string &fallbackId)
{
    // Infinity / NaN as Python's json writes them (Nemotron-H configs carry them).
    return modelFromJson(parseJsonLenient(text, "model file"), fallbackId);
}

} // namespace shardscope
