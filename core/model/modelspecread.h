#pragma once
// Field readers shared by the config readers of core/model/modelspec*.cpp: each refuses a bad value with
// a one-line InputError naming the field.
#include "core/model/modelspec.h"

#include <initializer_list>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace shardscope::configread {

// Upper bounds that no real model reaches; they keep hostile files from driving huge allocations.
constexpr int kMaxLayers = 4096;
constexpr int kMaxDim = 1 << 20;
constexpr int kMaxExperts = 65536;

// A config value quoted in a message: printable ASCII only, at most 40 characters.
std::string printable(const std::string &v);
int readInt(const nlohmann::json &j, const char *key, int fallback, int minValue, int maxValue, bool required = false);
bool readBool(const nlohmann::json &j, const char *key, bool fallback);
std::string readString(const nlohmann::json &j, const char *key, const std::string &fallback = {});
// First present key among alternatives (families name the same field differently).
int readIntAny(
    const nlohmann::json &j, std::initializer_list<const char *> keys, int fallback, int minValue, int maxValue);

// Family readers (core/model/modelspecfamilies.cpp), called after the common fields and layer types are
// read. Each does nothing for a config of another family.
// Gemma-4 (vllm gemma4.py): per-layer head size and KV heads on full-attention layers, K = V, KV-shared
// layers, the MoE block beside the dense MLP.
void readGemma4(const nlohmann::json &c, ModelSpec &m);
// MiMo-V2 (vllm mimo_v2_flash.py): sliding layers with their own heads and head sizes, V narrower than K.
void readMiMoV2(const nlohmann::json &c, ModelSpec &m);
// LFM2 / LFM2-MoE (vllm lfm2.py, lfm2_moe.py): short-convolution layers and attention layers.
void readLfm2(const nlohmann::json &c, ModelSpec &m);
// MiniMax-M3 (vllm models/minimax_m3): sparse layers with a lightning indexer and its index-key cache, dense
// layers of dense_intermediate_size.
void readMiniMaxM3(const nlohmann::json &c, ModelSpec &m);
// Step-3.5 (vllm step3p5.py, model_type "step3p5"; also Step-3.7's text_config): the config restated in the
// common keys (num_key_value_heads, num_experts, mlp_layer_types, ...) for the common reader, and the
// per-layer-type heads of attention_other_setting, the head-wise gate and the RoPE caches read after it.
nlohmann::json step3p5AsCommon(const nlohmann::json &c);
void readStep3p5(const nlohmann::json &c, ModelSpec &m);
// NemotronH whose layers are listed as "layers_block_type" (Nemotron-3 Ultra; transformers 5's spelling): the
// config restated with hybrid_override_pattern and num_hidden_layers, the form vLLM's nemotron_h.py reads.
nlohmann::json nemotronHAsPattern(const nlohmann::json &c);
// AFMoE (vllm afmoe.py, model_type "afmoe": Arcee's Trinity): the sigmoid output gate gate_proj, q/k norms, four
// norms per layer, dense layers below num_dense_layers, an FP32 router with its expert_bias, RoPE on the
// sliding layers only.
void readAfmoe(const nlohmann::json &c, ModelSpec &m);
// DeepSeek-V4 (vllm models/deepseek_v4, model_type "deepseek_v4"): compressed sparse attention with a sliding
// window on every layer (compress_ratios), grouped output LoRA, hyper-connections, hash-routed first layers,
// MXFP4 routed experts in the FP8 checkpoints.
void readDeepSeekV4(const nlohmann::json &c, ModelSpec &m);

} // namespace shardscope::configread
