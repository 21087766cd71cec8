// Vision towers of multimodal configs, sized tensor by tensor as vLLM builds them.
#include "core/model/visiontower.h"

#include "core/model/errors.h"
#include "core/model/modelspecread.h"

#include <nlohmann/json.hpp>

namespace shardscope {

using nlohmann::json;
using namespace configread;

namespace {

// Gemma-4 (gemma4_vision). vLLM builds the tower through Transformers' Gemma4VisionModel
// (vllm/model_executor/models/gemma4_mm.py, AutoModel.from_config, neuralmagic/vllm@017e9f4448b7, a mirror of
// vllm-project/vllm main) and replaces every nn.Linear in it with a ReplicatedLinear
// (vllm/model_executor/models/transformers/utils.py, recursive_replace_linear: style "replicate"); the
// projector embed_vision.embedding_projection is a ReplicatedLinear too. So every TP rank holds the whole
// tower, and Gemma4ForConditionalGeneration does not set supports_encoder_tp_data, so --mm-encoder-tp-mode
// data changes nothing (vllm/config/model.py falls back to "weights"). Shapes: Transformers'
// modeling_gemma4.py (huggingface/transformers@0246b4f33354), all linears without bias:
//   patch_embedder.input_proj [H, 3 p^2], position_embedding_table [2, P, H];
//   per layer q/o [n_h d, H], k/v [n_kv d, H], q_norm and k_norm [d], gate/up/down [I, H], 4 norms [H],
//   with use_clipped_linears four scalar clip buffers per linear (7 per layer);
//   std_bias and std_scale [H] when standardize; embedding_projection [T, H] (its norm has no weight).
// Every size is required: Transformers releases disagree on Gemma4VisionConfig's defaults, and a
// config.json that Transformers wrote lists them all.
VisionTower gemma4Vision(const json &v, int textHidden)
{
    const double h = readInt(v, "hidden_size", 0, 1, kMaxDim, true);
    const double inter = readInt(v, "intermediate_size", 0, 1, kMaxDim, true);
    const double layers = readInt(v, "num_hidden_layers", 0, 1, kMaxLayers, true);
    const double heads = readInt(v, "num_attention_heads", 0, 1, kMaxDim, true);
    const double kvHeads = readInt(v, "num_key_value_heads", 0, 1, kMaxDim, true);
    const double d = readInt(v, "head_dim", 0, 1, kMaxDim, true);
    const double patch = readInt(v, "patch_size", 0, 1, 4096, true);
    const double positions = readInt(v, "position_embedding_size", 0, 1, 1 << 24, true);
    const bool clipped = readBool(v, "use_clipped_linears", false);
    const bool standardize = readBool(v, "standardize", false);

    const double perLayer
        = 2 * heads * d * h + 2 * kvHeads * d * h + 2 * d + 3 * inter * h + 4 * h + (clipped ? 28 : 0);
    VisionTower t;
    t.type = "gemma4_vision";
    t.replicatedParams = h * 3 * patch * patch + 2 * positions * h + layers * perLayer + (standardize ? 2 * h : 0)
        + static_cast<double>(textHidden) * h;
    return t;
}

// Gemma-4 Unified (gemma4_unified_vision, google/gemma-4-12B): no vision or audio tower. vLLM's
// Gemma4UnifiedForConditionalGeneration (vllm/model_executor/models/gemma4_unified.py, neuralmagic/vllm@017e9f4448b7,
// a mirror of vllm-project/vllm main) builds Gemma4UnifiedVisionEmbedder: patch_ln1 LayerNorm(3 p^2), patch_dense
// a ColumnParallelLinear 3 p^2 -> E with bias (split over TP, gather_output), patch_ln2 and pos_norm
// LayerNorm(E), pos_embedding [P, 2, E] (p model_patch_size, E mm_embed_dim, P mm_posemb_size); then
// Gemma4MultimodalEmbedder (gemma4_mm.py) embed_vision, a ReplicatedLinear output_proj_dims -> text hidden
// (its norm has no weight), and, when the config has an audio_config, embed_audio the same from the audio
// config's output_proj_dims (else hidden_size). The audio embedder is counted here with the vision parts: it
// is the only other encoder-side tensor. LayerNorms are nn.LayerNorm (weight and bias).
VisionTower gemma4UnifiedVision(const json &outer, const json &v, int textHidden)
{
    const double patch = readInt(v, "model_patch_size", 0, 1, 4096, true);
    const double e = readInt(v, "mm_embed_dim", 0, 1, kMaxDim, true);
    const double positions = readInt(v, "mm_posemb_size", 0, 1, 1 << 24, true);
    const double visionOut = readInt(v, "output_proj_dims", 0, 1, kMaxDim, true);
    const double patchDim = 3 * patch * patch;
    double audioOut = 0;
    const auto a = outer.find("audio_config");
    if (a != outer.end() && !a->is_null()) {
        if (!a->is_object())
            throw InputError("model config field \"audio_config\" must be an object");
        audioOut = readInt(*a, "output_proj_dims", 0, 0, kMaxDim);
        if (audioOut == 0)
            audioOut = readInt(*a, "hidden_size", 0, 1, kMaxDim, true);
    }
    VisionTower t;
    t.type = "gemma4_unified_vision";
    t.shardedParams = patchDim * e + e;
    t.replicatedParams
        = 2 * patchDim + 2 * e + 2 * positions * e + 2 * e + (visionOut + audioOut) * static_cast<double>(textHidden);
    return t;
}

// The Qwen3-VL vision transformer (Qwen3_VisionTransformer, vllm/model_executor/models/qwen3_vl.py,
// neuralmagic/vllm@017e9f4448b7, a mirror of vllm-project/vllm main). Qwen3VLForConditionalGeneration
// (qwen3_vl, and qwen3_vl_moe through its subclass) builds it, and so do Qwen3_5ForConditionalGeneration and
// Qwen3_5MoeForConditionalGeneration (qwen3_5.py, the same commit: self.visual = Qwen3_VisionTransformer), which
// serve Qwen3.5 and Qwen3.6 (model_type qwen3_5 / qwen3_5_moe). H hidden_size, I intermediate_size, L depth:
//   patch_embed.proj  Conv3dLayer(in_channels -> H, kernel temporal_patch_size x p x p, bias): replicated;
//   pos_embed         nn.Embedding(num_position_embeddings, H): replicated;
//   per block         norm1, norm2 nn.LayerNorm(H) (weight and bias): replicated;
//                     attn.qkv QKVParallelLinear(H -> 3 heads (H / heads), bias) (Qwen2_5_VisionAttention,
//                     qwen2_5_vl.py): weight and bias split over TP;
//                     attn.proj RowParallelLinear(H -> H, bias by default), mlp.linear_fc1
//                     ColumnParallelLinear(H -> I, bias), mlp.linear_fc2 RowParallelLinear(I -> H, bias):
//                     weights split; a RowParallelLinear's bias is held whole on every rank (linear.py);
//   merger            (Qwen3_VisionPatchMerger) norm LayerNorm(H), linear_fc1 ColumnParallel(M -> M, bias),
//                     linear_fc2 RowParallel(M -> out_hidden_size, bias), M = H spatial_merge_size^2;
//   deepstack_merger_list, one merger per deepstack_visual_indexes entry, its norm LayerNorm(M)
//                     (use_postshuffle_norm).
// The model classes set supports_encoder_tp_data = True: with --mm-encoder-tp-mode data every linear is
// built with disable_tp (is_vit_use_data_parallel, vision.py), so each rank holds the whole tower.
// The tower is built under _mark_tower_model, so --language-model-only skips it.
// Every size is required: the config classes' defaults (e.g. out_hidden_size 3584 in vLLM's
// Qwen3_5VisionConfig, vllm/transformers_utils/configs/qwen3_5.py) do not match the published checkpoints, and
// their config.json files list them all. deepstack_visual_indexes: vLLM reads it with hasattr (none when
// absent); vLLM's Qwen3_5VisionConfig does not define it, so for qwen3_5 / qwen3_5_moe an absent list means no
// deepstack mergers; for qwen3_vl / qwen3_vl_moe the config class is Transformers', whose defaults are not
// taken here, so there it is required.
VisionTower qwen3Vision(const json &v, const std::string &type, bool deepstackRequired)
{
    const double h = readInt(v, "hidden_size", 0, 1, kMaxDim, true);
    const double inter = readInt(v, "intermediate_size", 0, 1, kMaxDim, true);
    const double layers = readInt(v, "depth", 0, 1, kMaxLayers, true);
    const int heads = readInt(v, "num_heads", 0, 1, kMaxDim, true);
    const double channels = readInt(v, "in_channels", 0, 1, 64, true);
    const double patch = readInt(v, "patch_size", 0, 1, 4096, true);
    const double temporal = readInt(v, "temporal_patch_size", 0, 1, 4096, true);
    const double positions = readInt(v, "num_position_embeddings", 0, 1, 1 << 24, true);
    const double merge = readInt(v, "spatial_merge_size", 0, 1, 4096, true);
    const double out = readInt(v, "out_hidden_size", 0, 1, kMaxDim, true);
    double deepstack = 0;
    const auto ds = v.find("deepstack_visual_indexes");
    if (ds == v.end() || ds->is_null()) {
        if (deepstackRequired)
            throw InputError("model config field \"deepstack_visual_indexes\" is missing");
    } else if (!ds->is_array()) {
        throw InputError("model config field \"deepstack_visual_indexes\" must be a list");
    } else {
        deepstack = static_cast<double>(ds->size());
    }

    const int headDim = static_cast<int>(h) / heads; // head_dim = H // heads (qwen2_5_vl.py)
    const double qkvOut = 3.0 * heads * headDim;
    const double m = h * merge * merge;
    VisionTower t;
    t.type = type;
    // Blocks: qkv weight and bias, proj, fc1 (weight and bias), fc2 weights; the rest whole.
    t.shardedParams = layers * (qkvOut * h + qkvOut + h * h + inter * h + inter + h * inter)
        // merger and each deepstack merger: fc1 weight and bias, fc2 weight
        + (1 + deepstack) * (m * m + m + out * m);
    t.replicatedParams = channels * temporal * patch * patch * h + h // patch_embed weight and bias
        + positions * h // pos_embed
        + layers * (4 * h + h + h) // norm1, norm2; proj and fc2 biases
        + 2 * h + out // merger norm, fc2 bias
        + deepstack * (2 * m + out); // deepstack mergers' norms and fc2 biases
    return t;
}

} // namespace

VisionTower readVisionTower(const json &outer, int textHidden)
{
    const auto it = outer.find("vision_config");
    if (it == outer.end() || it->is_null())
        return {};
    if (!it->is_object())
        throw InputError("model config field \"vision_config\" must be an object");
    const json &v = *it;
    // The tower's kind: its own model_type, else the model's (Qwen3-VL's vision_config has none).
    std::string type = readString(v, "model_type");
    if (type.empty())
        type = readString(outer, "model_type", "unknown") + " vision";
    if (type == "gemma4_vision") {
        try {
            return gemma4Vision(v, textHidden);
        } catch (const InputError &e) {
            throw InputError(std::string("vision_config: ") + e.what());
        }
    }
    if (type == "gemma4_unified_vision") {
        try {
            return gemma4UnifiedVision(outer, v, textHidden);
        } catch (const InputError &e) {
            throw InputError(std::string("vision_config: ") + e.what());
        }
    }
    // Qwen3-VL, Qwen3.5 and Qwen3.6: the class vLLM builds follows the model's model_type.
    const std::string outerType = readString(outer, "model_type");
    const bool qwen3Vl = outerType == "qwen3_vl" || outerType == "qwen3_vl_moe";
    if (qwen3Vl || outerType == "qwen3_5" || outerType == "qwen3_5_moe") {
        try {
            return qwen3Vision(v, printable(type), qwen3Vl);
        } catch (const InputError &e) {
            throw InputError(std::string("vision_config: ") + e.what());
        }
    }
    VisionTower t;
    t.type = printable(type);
    return t;
}

bool visionTowerTpDataMode(const VisionTower &t, bool dataRequested)
{
    // Gemma4UnifiedForConditionalGeneration inherits Gemma4ForConditionalGeneration, neither sets
    // supports_encoder_tp_data (vllm/model_executor/models/interfaces.py: False by default).
    return dataRequested && t.type != "gemma4_unified_vision";
}

bool visionTowerKeptLanguageOnly(const VisionTower &t)
{
    return t.type == "gemma4_unified_vision";
}

} // namespace shardscope
