#include "core/model/modelspec.h"

#include "core/model/errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace shardscope {

using nlohmann::json;

namespace {

// Upper bounds that no real model reaches; they keep hostile files from driving huge allocations.
constexpr int kMaxLayers = 4096;
constexpr int kMaxDim = 1 << 20;
constexpr int kMaxExperts = 65536;

int readInt(const json &j, const char *key, int fallback, int minValue, int maxValue, bool required = false)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        if (required)
            throw InputError(std::string("model config is missing \"") + key + "\"");
        return fallback;
    }
    if (!it->is_number())
        throw InputError(std::string("model config field \"") + key + "\" must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v != std::floor(v) || v < minValue || v > maxValue)
        throw InputError(std::string("model config field \"") + key + "\" = " + it->dump() + " is out of range ["
            + std::to_string(minValue) + ", " + std::to_string(maxValue) + "]");
    return static_cast<int>(v);
}

bool readBool(const json &j, const char *key, bool fallback)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        throw InputError(std::string("model config field \"") + key + "\" must be true or false");
    return it->get<bool>();
}

std::string readString(const json &j, const char *key, const std::string &fallback = {})
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string())
        return fallback;
    return it->get<std::string>();
}

// First present key among alternatives (families name the same field differently).
int readIntAny(const json &j, std::initializer_list<const char *> keys, int fallback, int minValue, int maxValue)
{
    for (const char *k : keys) {
        const auto it = j.find(k);
        if (it != j.end() && !it->is_null())
            return readInt(j, k, fallback, minValue, maxValue);
    }
    return fallback;
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
    // DeepSeek / Kimi / GLM: the first k layers are dense, then every moe_layer_freq-th layer.
    const int firstDense = readInt(c, "first_k_dense_replace", 0, 0, kMaxLayers);
    const int freq = readInt(c, "moe_layer_freq", 1, 1, kMaxLayers);
    (void)modelType;
    return layer >= firstDense && layer % freq == 0;
}

LayerAttention layerAttention(const json &c, const std::string &modelType, int layer, int layers)
{
    if (const auto types = c.find("layer_types"); types != c.end() && types->is_array()) {
        if (static_cast<int>(types->size()) != layers)
            throw InputError("model config \"layer_types\" has " + std::to_string(types->size()) + " entries for "
                + std::to_string(layers) + " layers");
        const auto &t = (*types)[layer];
        if (!t.is_string())
            throw InputError("model config \"layer_types\" entries must be strings");
        const std::string s = t.get<std::string>();
        if (s == "sliding_attention")
            return LayerAttention::Sliding;
        if (s == "chunked_attention")
            return LayerAttention::Chunked;
        return LayerAttention::Full;
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

} // namespace

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
    const json &c = (outer.contains("text_config") && outer["text_config"].is_object()) ? outer["text_config"] : outer;
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
    if (m.headDim == 0) {
        if (m.hidden % m.heads != 0)
            throw InputError(
                "model config has no \"head_dim\" and hidden_size is not a multiple of num_attention_heads");
        m.headDim = m.hidden / m.heads;
    }
    m.tiedEmbeddings = readBool(c, "tie_word_embeddings", readBool(outer, "tie_word_embeddings", false));
    m.attentionBias = readBool(c, "attention_bias", false);
    m.qkvBias = m.modelType == "qwen2" || m.modelType == "qwen2_moe";
    m.qkNorm = m.modelType == "qwen3" || m.modelType == "qwen3_moe"
        || (readBool(c, "use_qk_norm", false) && m.modelType != "llama4_text"); // Llama 4's qk norm has no weights
    m.attentionSinks = m.modelType == "gpt_oss";
    m.maxPositionEmbeddings = readInt(c, "max_position_embeddings", 0, 0, 1 << 30);
    m.mtpLayers = readInt(c, "num_nextn_predict_layers", 0, 0, kMaxLayers);

    m.kvLoraRank = readInt(c, "kv_lora_rank", 0, 0, kMaxDim);
    if (m.kvLoraRank > 0) {
        m.attention = AttentionKind::Mla;
        m.qLoraRank = readInt(c, "q_lora_rank", 0, 0, kMaxDim);
        m.qkRopeHeadDim = readInt(c, "qk_rope_head_dim", 0, 1, kMaxDim, true);
        m.qkNopeHeadDim = readInt(c, "qk_nope_head_dim", 0, 1, kMaxDim, true);
        m.vHeadDim = readInt(c, "v_head_dim", 0, 1, kMaxDim, true);
        m.kvHeads = 1; // one latent vector per token; num_key_value_heads is misleading for MLA
    }

    m.experts = readIntAny(c, { "n_routed_experts", "num_experts", "num_local_experts" }, 0, 0, kMaxExperts);
    const int intermediate = readInt(c, "intermediate_size", 0, 0, kMaxDim, m.experts == 0);
    m.intermediate = intermediate;
    if (m.experts > 0) {
        m.expertsPerToken = readIntAny(c, { "num_experts_per_tok", "experts_per_token" }, 0, 1, m.experts);
        if (m.expertsPerToken == 0)
            throw InputError("MoE model config is missing \"num_experts_per_tok\"");
        m.moeIntermediate = readInt(c, "moe_intermediate_size", intermediate, 1, kMaxDim);
        const int shared = readInt(c, "n_shared_experts", 0, 0, kMaxExperts);
        if (shared > 0)
            m.sharedIntermediate = shared * m.moeIntermediate;
        else if (m.modelType == "llama4_text")
            m.sharedIntermediate = intermediate; // one shared expert of intermediate_size
        if (m.modelType == "llama4_text")
            m.intermediate = readInt(c, "intermediate_size_mlp", intermediate, 1, kMaxDim);
        m.expertBias = m.routerBias = m.modelType == "gpt_oss";
        m.routerCorrectionBias = readString(c, "topk_method") == "noaux_tc";
    }

    m.slidingWindow = readInt(c, "sliding_window", 0, 0, 1 << 30);
    m.chunkSize = readInt(c, "attention_chunk_size", 0, 0, 1 << 30);
    m.layerInfo.resize(m.layers);
    for (int i = 0; i < m.layers; ++i) {
        m.layerInfo[i].moe = isMoeLayer(c, m.modelType, i, m.experts);
        m.layerInfo[i].attention = layerAttention(c, m.modelType, i, m.layers);
    }
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
    return m;
}

ModelSpec modelFromJsonText(const std::string &text, const std::string &fallbackId)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        // Not only parse_error: a number too large for a double ("1e400") throws out_of_range.
        throw InputError(std::string("model file is not valid JSON: ") + e.what());
    }
    return modelFromJson(j, fallbackId);
}

} // namespace shardscope
