// Vision towers of multimodal configs, sized tensor by tensor as vLLM builds them.
#include "core/model/visiontower.h"

#include "core/model/errors.h"
#include "core/model/modelspecread.h"

#include <nlohmann/json.hpp>

#include <functional>

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
// The dummy image of the encoder's profiling run is the processor's largest: size.longest_edge pixels. The
// published Qwen3.5 / Qwen3.6 checkpoints ship preprocessor_config.json with "size": {"longest_edge":
// 16777216, "shortest_edge": 65536} (https://huggingface.co/Qwen/Qwen3.5-27B/blob/main/preprocessor_config.json;
// the same in Qwen3.5-2B-Base and Qwen3.6-35B-A3B-FP8), and qwen-vl-utils' Qwen3-VL default is the same
// 16384 x 32^2 (github.com/QwenLM/Qwen3-VL, qwen-vl-utils vision_process.py MAX_PIXELS): 4096 x 4096, 16,384
// merged tokens, the "budget of 16384 tokens, and profiled with 1 image items" vLLM 0.27 prints for Qwen3.5.
// A model folder's preprocessor_config.json replaces it (processorMaxImagePixels, io/checkpointfolder).
constexpr std::int64_t kQwen3VisionMaxImagePixels = 16777216;

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
    t.encoder = { static_cast<int>(h), static_cast<int>(inter), heads, static_cast<int>(patch),
        static_cast<int>(temporal), static_cast<int>(channels), static_cast<int>(merge), static_cast<int>(out),
        static_cast<int>(deepstack), kQwen3VisionMaxImagePixels };
    return t;
}

// MoonViT, the vision tower of Kimi-K2.5 (kimi_k25) and Kimi-K3 (kimi_k3, "MoonViT-V2"): both models build
// MoonViT3dPretrainedModel and KimiK25MultiModalProjector (vllm/model_executor/models/kimi_k25_vit.py, built by
// kimi_k25.py and vllm/models/kimi_k3/nvidia/model.py, neuralmagic/vllm@017e9f4448b7, a mirror of
// vllm-project/vllm main). H hidden_size, Q qkv_hidden_size (H when absent), I intermediate_size, L layers:
//   patch_embed.proj  nn.Conv2d(3 -> H, kernel p x p, bias patch_embed_proj_bias): whole;
//   patch_embed.pos_emb.weight [init_pos_emb_height, init_pos_emb_width, H]: whole (its time_weight is a
//                     non-persistent sin-cos buffer built from init_pos_emb_time, not a parameter);
//   per block         norm0, norm1 (nn.LayerNorm: weight and bias, or nn.RMSNorm: weight; norm_type): whole;
//                     wqkv QKVParallelLinear(H -> 3 Q, bias attn_bias): weight and bias split over TP;
//                     wo RowParallelLinear(Q -> H, bias attn_bias): weight split, bias whole (linear.py);
//                     mlp.fc0 ColumnParallelLinear(H -> I, bias linear_bias), mlp.fc1 RowParallelLinear(I -> H):
//                     weights and fc0's bias split, fc1's bias whole;
//   final_layernorm   (norm_type): whole;
//   mm_projector      M = H kh kw (merge_kernel_size), all ReplicatedLinear, whole on every rank:
//                     "patchmerger": pre_norm nn.LayerNorm(H), linear_1 M -> M and linear_2 M -> mm_hidden_size,
//                     with biases; "patchmergerv2": linear_1 M -> M, linear_2 M -> text_hidden_size, no biases,
//                     post_norm nn.RMSNorm(text_hidden_size).
// Both model classes set supports_encoder_tp_data = True: with --mm-encoder-tp-mode data the layers are built
// with disable_tp (is_vit_use_data_parallel, vision.py), so each rank holds the whole tower. vLLM also falls
// back to that when the head count does not divide TP (is_vit_use_data_parallel(num_heads), called by every
// MoonViT layer and the model class): VisionTower::splitHeads. The tower is built under _mark_tower_model, so
// --language-model-only skips it. The config classes differ (vllm/transformers_utils/configs/kimi_k25.py and
// kimi_k3.py, same commit):
//   kimi_k25: KimiK25VisionConfig reads hidden_size, intermediate_size, num_attention_heads and
//     num_hidden_layers (the published config.json spells them vt_hidden_size ... and vLLM then takes its
//     defaults, 1152 / 4304 / 16 / 27, which equal the vt_ values); the reader takes the plain key, else the vt_
//     key, and refuses a config with neither. The remaining block options are read by getattr with defaults
//     (attn_bias, linear_bias, patch_embed_proj_bias True, norm_type "layernorm", qkv_hidden_size H).
//     mm_hidden_size defaults to hidden_size and KimiK25Config replaces it by the text hidden size when equal.
//   kimi_k3: KimiK3VisionConfig reads the vt_ keys (aliased to the plain names) and defines the block options
//     with its own defaults (attn_bias, linear_bias, patch_embed_proj_bias False, norm_type "rmsnorm",
//     qkv_hidden_size 1536); KimiK3Config sets text_hidden_size to the text model's hidden size.
// Every size is required here (the published configs list them); a flag absent takes the class's default.
VisionTower moonVit(const json &v, const std::string &type, bool k3, int textHidden)
{
    const auto size = [&](const char *plain, const char *vt) {
        if (!k3 && v.contains(plain))
            return static_cast<double>(readInt(v, plain, 0, 1, kMaxDim, true));
        return static_cast<double>(readInt(v, vt, 0, 1, kMaxDim, true));
    };
    const double h = size("hidden_size", "vt_hidden_size");
    const double inter = size("intermediate_size", "vt_intermediate_size");
    const int heads = static_cast<int>(size("num_attention_heads", "vt_num_attention_heads"));
    const double layers = size("num_hidden_layers", "vt_num_hidden_layers");
    const double patch = readInt(v, "patch_size", 0, 1, 4096, true);
    const double posH = readInt(v, "init_pos_emb_height", 0, 1, 1 << 16, true);
    const double posW = readInt(v, "init_pos_emb_width", 0, 1, 1 << 16, true);
    const auto mk = v.find("merge_kernel_size");
    if (mk == v.end() || mk->is_null())
        throw InputError("model config field \"merge_kernel_size\" is missing");
    if (!mk->is_array() || mk->size() != 2 || !(*mk)[0].is_number_integer() || !(*mk)[1].is_number_integer()
        || (*mk)[0].get<long long>() < 1 || (*mk)[1].get<long long>() < 1 || (*mk)[0].get<long long>() > 64
        || (*mk)[1].get<long long>() > 64)
        throw InputError("model config field \"merge_kernel_size\" must be a list of two positive integers");
    const double merge = static_cast<double>((*mk)[0].get<long long>() * (*mk)[1].get<long long>());
    const double q = v.contains("qkv_hidden_size") && !v["qkv_hidden_size"].is_null()
        ? readInt(v, "qkv_hidden_size", 0, 1, kMaxDim, true)
        : (k3 ? 1536 : h);
    const bool attnBias = readBool(v, "attn_bias", !k3);
    const bool linearBias = readBool(v, "linear_bias", !k3);
    const bool patchBias = readBool(v, "patch_embed_proj_bias", !k3);
    const std::string norm = readString(v, "norm_type", k3 ? "rmsnorm" : "layernorm");
    if (norm != "layernorm" && norm != "rmsnorm")
        throw InputError("model config field \"norm_type\" must be \"layernorm\" or \"rmsnorm\"");
    const std::string projector = readString(v, "mm_projector_type", k3 ? "patchmergerv2" : "patchmerger");
    if (projector != "patchmerger" && projector != "patchmergerv2")
        throw InputError("model config field \"mm_projector_type\" must be \"patchmerger\" or \"patchmergerv2\"");
    double out = textHidden;
    if (!k3) {
        const double mm = v.contains("mm_hidden_size") && !v["mm_hidden_size"].is_null()
            ? readInt(v, "mm_hidden_size", 0, 1, kMaxDim, true)
            : h;
        out = mm == h ? textHidden : mm;
    }
    // kimi_k25 with patchmergerv2: getattr(config, "text_hidden_size", mm_hidden_size).
    if (!k3 && projector == "patchmergerv2" && v.contains("text_hidden_size") && !v["text_hidden_size"].is_null())
        out = readInt(v, "text_hidden_size", 0, 1, kMaxDim, true);

    const int headSize = static_cast<int>(q) / heads; // head_size = Q // heads (kimi_k25_vit.py)
    const double qkvOut = 3.0 * heads * headSize;
    const double normParams = norm == "layernorm" ? 2 * h : h;
    const double m = h * merge;
    VisionTower t;
    t.type = type;
    t.splitHeads = heads;
    t.shardedParams
        = layers * (qkvOut * h + (attnBias ? qkvOut : 0) + q * h + inter * h + (linearBias ? inter : 0) + h * inter);
    t.replicatedParams = 3 * patch * patch * h + (patchBias ? h : 0) // patch_embed.proj
        + posH * posW * h // pos_emb
        + layers * (2 * normParams + (attnBias ? h : 0) + (linearBias ? h : 0)) // norms, wo and fc1 biases
        + normParams // final_layernorm
        + (projector == "patchmerger" ? 2 * h + m * m + m + out * m + out // pre_norm, linear_1, linear_2
                                      : m * m + out * m + out); // linear_1, linear_2, post_norm
    return t;
}

} // namespace

std::int64_t processorMaxImagePixels(const json &preset, std::int64_t fallback)
{
    const auto pc = preset.find("preprocessor_config");
    if (pc == preset.end() || pc->is_null())
        return fallback;
    if (!pc->is_object())
        throw InputError("preprocessor_config.json is not a JSON object");
    constexpr int kMaxPixels = 2147483647;
    if (const auto size = pc->find("size"); size != pc->end() && size->is_object() && size->contains("longest_edge"))
        return readInt(*size, "longest_edge", 0, 1, kMaxPixels, true);
    if (pc->contains("max_pixels"))
        return readInt(*pc, "max_pixels", 0, 1, kMaxPixels, true);
    return fallback;
}

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
    // Qwen3-VL, Qwen3.5 and Qwen3.6: the class vLLM builds follows the model's model_type; Kimi-K2.5 and
    // Kimi-K3: MoonViT (no model_type in their vision_config).
    const std::string outerType = readString(outer, "model_type");
    const bool qwen3Vl = outerType == "qwen3_vl" || outerType == "qwen3_vl_moe";
    std::function<VisionTower()> read;
    if (type == "gemma4_vision")
        read = [&] { return gemma4Vision(v, textHidden); };
    else if (type == "gemma4_unified_vision")
        read = [&] { return gemma4UnifiedVision(outer, v, textHidden); };
    else if (qwen3Vl || outerType == "qwen3_5" || outerType == "qwen3_5_moe")
        read = [&] { return qwen3Vision(v, printable(type), qwen3Vl); };
    else if (outerType == "kimi_k25" || outerType == "kimi_k3")
        read = [&] { return moonVit(v, printable(type), outerType == "kimi_k3", textHidden); };
    if (read) {
        try {
            return read();
        } catch (const InputError &e) {
            throw InputError(std::string("vision_config: ") + e.what());
        }
    }
    VisionTower t;
    t.type = printable(type);
    return t;
}

bool visionTowerTpDataMode(const VisionTower &t, bool dataRequested, int tp)
{
    // Gemma4UnifiedForConditionalGeneration inherits Gemma4ForConditionalGeneration, neither sets
    // supports_encoder_tp_data (vllm/model_executor/models/interfaces.py: False by default).
    if (t.type == "gemma4_unified_vision")
        return false;
    // is_vit_use_data_parallel(num_heads) (vllm/model_executor/models/vision.py @017e9f4448b7): heads that tp does
    // not divide fall back to data parallelism whatever the mode.
    const bool headsDoNotSplit = t.splitHeads > 0 && tp > 1 && t.splitHeads % tp != 0;
    return dataRequested || headsDoNotSplit;
}

bool visionTowerKeptLanguageOnly(const VisionTower &t)
{
    return t.type == "gemma4_unified_vision";
}

} // namespace shardscope
