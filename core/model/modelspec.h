#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/checkpointfiles.h"
#include "core/model/quantconfig.h"

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

enum class AttentionKind { Gqa, Mla };

// How a layer's attention keeps its KV cache (vLLM's KV-cache spec types).
enum class LayerAttention { Full, Sliding, Chunked };

// Storage format of the weights as the checkpoint ships them (HF quantization_config).
enum class WeightFormat { Bf16, Fp16, Fp8, Fp8Block, Mxfp4, Int4, Nvfp4, Int8 };

// What mixes tokens in a layer. Attention keeps a KV cache that grows with the tokens; the state-space
// and linear-attention mixers keep a fixed state per request (vLLM MambaSpec); the last two keep none.
enum class LayerMixer {
    Attention,
    Mamba2, // NemotronH "M"
    GatedDeltaNet, // Qwen3-Next / Qwen3.5 "linear_attention"
    KimiDelta, // Kimi Linear KDA
    ShortConv, // LFM2 "conv" (gated short convolution)
    None, // block_configs attention no_op
    Linear, // block_configs attention replace_with_linear (one h x h matrix)
};

struct LayerInfo
{
    bool moe = false;
    LayerAttention attention = LayerAttention::Full; // meaningful for LayerMixer::Attention
    LayerMixer mixer = LayerMixer::Attention;
    int ffnIntermediate = -1; // -1: the model's intermediate size; 0: no FFN (block_configs no_op, NemotronH M/*)
    bool ffnLinear = false; // block_configs ffn replace_with_linear: one h x h matrix instead of the MLP
    int kvHeads = 0; // block_configs: num_attention_heads / n_heads_in_group; 0: the model's
    int norms = -1; // RMSNorms of hidden size; -1: the model's normsPerLayer
    int headDim = 0; // this layer's attention head size; 0: the model's (Gemma-4 full layers: global_head_dim)
    bool kvShared = false; // reads an earlier layer's KV cache and keeps none (Gemma-4 num_kv_shared_layers)
    bool kEqV = false; // the checkpoint has no v_proj (Gemma-4 attention_k_eq_v); vLLM still allocates V
    int heads = 0; // this layer's query heads; 0: the model's (MiMo-V2 sliding layers: swa_num_attention_heads)
    int vHeadDim = 0; // this layer's value head size; 0: its head size (MiMo-V2: v_head_dim / swa_v_head_dim)
    bool sinks = false; // per-head attention sink bias on this layer (MiMo-V2 add_swa_attention_sink_bias)
    bool msaIndexer = false; // MiniMax-M3 sparse layer: index_q / index_k projections and an index-key cache
    bool dsaSharedIndexer = false; // sparse MLA layer reusing an earlier layer's top-k: no indexer of its own
    // DeepSeek-V4 compress_ratios[i]: 0 (or 1) keeps only the sliding-window cache; 4 adds compressed KV, an
    // overlapping compressor and the indexer; 128 compressed KV and a compressor (docs/DESIGN.md §B.2).
    int compressRatio = 0;
    bool operator==(const LayerInfo &) const = default;
};

// Shapes of the fixed-state mixers (HF keys in the comments).
struct StateSpaceShape
{
    int mambaHeads = 0; // mamba_num_heads
    int mambaHeadDim = 0; // mamba_head_dim
    int ssmStateSize = 0; // ssm_state_size
    int nGroups = 0; // n_groups
    int convKernel = 0; // conv_kernel / linear_conv_kernel_dim / short_conv_kernel_size / conv_L_cache
    int shortConvDim = 0; // LFM2 conv_dim (= hidden_size)
    bool convBias = false; // use_conv_bias
    int linearKeyHeads = 0; // linear_num_key_heads
    int linearValueHeads = 0; // linear_num_value_heads
    int linearKeyHeadDim = 0; // linear_key_head_dim
    int linearValueHeadDim = 0; // linear_value_head_dim
    int kdaHeads = 0; // linear_attn_config.num_heads
    int kdaHeadDim = 0; // linear_attn_config.head_dim
    bool kdaFullRankGate = false; // linear_attn_config.use_full_rank_gate (Kimi-K3: g_proj hidden -> heads x dim)
    int ssmStateBytes = 2; // bytes of the temporal (SSM / recurrent) state element (mamba_ssm_cache_dtype)
    // NemotronH: vLLM's NemotronHForCausalLMConfig hook sets mamba_ssm_cache_dtype from the config (releases
    // before it keep "auto", the model dtype); ssmDtypeInConfig: the config names one (else the hook's default).
    bool nemotronHSsmHook = false;
    bool ssmDtypeInConfig = false;
    bool operator==(const StateSpaceShape &) const = default;
};

// The vision encoder of a multimodal checkpoint and its projector into the language model, in parameters.
// vLLM builds it with the model unless --language-model-only; its linear layers are TP-sharded unless
// --mm-encoder-tp-mode data replicates them (visiontower.cpp has the rules and their sources).
// The shapes of a tower's forward pass that set the encoder's profiling peak (core/evaluate/encoderprofile.h).
// Filled for the Qwen3-VL-family tower only; hidden 0: the peak is not modelled for the tower.
struct VisionEncoderShape
{
    int hidden = 0; // vision_config.hidden_size
    int intermediate = 0;
    int heads = 0;
    int patch = 0; // patch_size
    int temporalPatch = 0; // temporal_patch_size
    int inChannels = 0;
    int spatialMerge = 0; // spatial_merge_size: merged tokens = patches / merge^2
    int outHidden = 0; // out_hidden_size: one merged token's output
    int deepstack = 0; // deepstack_visual_indexes entries: merger outputs kept to the end
    std::int64_t maxImagePixels = 0; // the image processor's size.longest_edge: the dummy image's area
    bool known() const { return hidden > 0 && maxImagePixels > 0; }
    bool operator==(const VisionEncoderShape &) const = default;
};

struct VisionTower
{
    std::string type; // vision_config.model_type ("" when the config has no vision_config)
    VisionEncoderShape encoder;
    double shardedParams = 0; // in TP-sharded linear layers (replicated with --mm-encoder-tp-mode data)
    double replicatedParams = 0; // norms, embeddings and other tensors every rank holds whole
    // Attention heads vLLM checks against tp (MoonViT: is_vit_use_data_parallel(num_heads)); when tp does not
    // divide them the whole tower sits on every rank. 0: no such check.
    int splitHeads = 0;
    bool sized() const { return shardedParams + replicatedParams > 0; }
    bool present() const { return !type.empty(); }
    bool operator==(const VisionTower &) const = default;
};

// Everything the planner needs from a Hugging Face config.json, normalised across families.
// Field names follow the HF keys they come from.
struct ModelSpec
{
    std::string id; // preset id, or the file name for a user config
    std::string name;
    std::string hfRepo; // what `vllm serve` gets
    std::vector<std::string> aliases; // preset "aliases": other repos of the same model (mirrors, variants)
    // Preset "trust_remote_code": the checkpoint's config needs code that neither transformers nor vLLM's
    // own config registry has, so `vllm serve` must get --trust-remote-code (the preset cites why).
    bool trustRemoteCode = false;
    std::string modelType;

    int layers = 0; // num_hidden_layers
    int hidden = 0; // hidden_size
    int heads = 0; // num_attention_heads
    int kvHeads = 0; // num_key_value_heads (GQA); MLA keeps one latent "head"
    int headDim = 0; // head_dim, or hidden / heads when absent
    int intermediate = 0; // dense MLP intermediate_size (intermediate_size_mlp for Llama 4)
    int vocab = 0;
    bool tiedEmbeddings = false;
    bool attentionBias = false; // bias on q, k, v and o (gpt-oss)
    bool qkvBias = false; // bias on q, k, v only (Qwen2)
    bool qkNorm = false; // per-head RMSNorm weights on q and k (Qwen3, GLM-4.5)
    bool attentionSinks = false;
    bool attnOutputGate = false; // q_proj also emits a per-head gate (Qwen3-Next, Qwen3.5)
    int gateProjPerHead = 0; // Laguna g_proj: outputs per query head (1: one gate per head, head_dim: per element)
    bool gatedMlp = true; // gate + up + down (SwiGLU); false: up + down only (NemotronH relu2)
    int normsPerLayer = 2; // RMSNorm weights of hidden size per layer (NemotronH blocks: 1)
    StateSpaceShape ssm;

    AttentionKind attention = AttentionKind::Gqa;
    int kvLoraRank = 0, qLoraRank = 0, qkRopeHeadDim = 0, qkNopeHeadDim = 0, vHeadDim = 0;
    // Sparse MLA (DSA: DeepSeek-V3.2, GLM-5): the lightning indexer keeps its own per-token cache.
    int indexTopk = 0, indexHeadDim = 0, indexHeads = 0; // index_topk, index_head_dim, index_n_heads
    bool isSparseMla() const { return indexTopk > 0; }
    // MiniMax-M3 sparse attention (MSA, sparse_attention_config): on the layers with LayerInfo::msaIndexer, a
    // GQA attention over the top sparse_topk_blocks blocks of sparse_block_size tokens, chosen by a lightning
    // indexer with sparse_num_index_heads query heads and one key head of sparse_index_dim; the indexer keeps
    // one index key per token in a cache of its own (bf16, vLLM's default indexer_kv_dtype).
    int msaIndexDim = 0, msaIndexHeads = 0, msaTopkBlocks = 0, msaBlockSize = 0;
    int msaIndexBytes = 2; // bytes of one index-key element (indexer_kv_dtype bf16)

    int experts = 0; // routed experts E (0: dense model)
    int expertsPerToken = 0; // k
    int moeIntermediate = 0; // per-expert intermediate size
    int sharedIntermediate = 0; // total intermediate of the shared expert(s), 0 when none
    int moeLatent = 0; // NemotronH LatentMoE moe_latent_size: the routed experts' width (0: hidden)
    // Kimi-K3 (routed_expert_hidden_size): an RMSNorm of the latent width after the experts (latent_moe_use_norm),
    // and latent projections built without the quant config (BF16 whatever the checkpoint's scheme).
    bool latentMoeNorm = false;
    bool latentUnquantized = false;
    bool expertBias = false; // gpt-oss experts carry biases
    bool routerBias = false; // gpt-oss router bias
    bool routerCorrectionBias = false; // DeepSeek-V3 e_score_correction_bias (noaux_tc), LFM2-MoE expert_bias
    bool routerScale = false; // Gemma-4 router: a per-dimension input scale (hidden) and per_expert_scale
    // Gemma-4 per-layer embeddings (E2B / E4B, vllm gemma4.py): hidden_size_per_layer_input (0: none) and
    // vocab_size_per_layer_input rows of a table num_hidden_layers x that wide.
    int perLayerInputDim = 0;
    int perLayerInputVocab = 0;

    int slidingWindow = 0; // tokens, for LayerAttention::Sliding
    int chunkSize = 0; // tokens, for LayerAttention::Chunked (Llama 4)
    int maxPositionEmbeddings = 0;
    // Rotary dimensions per head of the RoPE cos/sin cache vLLM builds for the attention layers: head_dim x
    // partial_rotary_factor, qk_rope_head_dim for MLA; 0 without rotary embedding (NemotronH and Jamba
    // attention is NoPE; Kimi Linear's MLA has mla_use_nope).
    int ropeDim = 0; // rotary dims of the model's RoPE caches, summed (Laguna keeps one per layer type)
    int mtpLayers = 0; // num_nextn_predict_layers (not counted in totals)
    // Kimi-K3 (model_type kimi_linear, vllm/models/kimi_k3 @017e9f4448b7): the MLA layers' output gate g_proj
    // (mla_use_output_gate: hidden -> heads x v_head_dim), and attention residuals over blocks of
    // attn_res_block_size layers (two more norms and two [1, hidden] score projections per layer, a norm and a
    // projection at the end, and per pipeline stage a bank of hidden vectors per batched token:
    // attentionResidualBlocks, overheads.h).
    bool mlaOutputGate = false;
    int attnResBlockSize = 0;
    // DeepSeek-V4 (model_type deepseek_v4; vllm/models/deepseek_v4 @017e9f4448b7): grouped output LoRA (o_groups
    // blocks of o_lora_rank), hc_mult hyper-connection streams (FP32 mixers per layer), the first num_hash_layers
    // layers routed by a token -> expert table, routed experts in MXFP4 when expert_dtype is "fp4" (vLLM's default)
    // in an FP8 checkpoint. Its attention is read as sparse MLA: head_dim - qk_rope_head_dim NoPE + the rope part.
    int oLoraRank = 0, oGroups = 0, hcMult = 0, hashLayers = 0;
    bool fp4Experts = false;
    bool isDeepSeekV4() const { return hcMult > 0; }

    WeightFormat weightFormat = WeightFormat::Bf16;
    int fp8BlockSize = 128;
    // ModelOpt / compressed-tensors checkpoints (quant.method non-empty): the scheme, its ignore list and
    // the share of each kind of weight it quantizes. Empty for the formats read above.
    QuantConfig quant;
    QuantCoverage quantCoverage;

    std::vector<LayerInfo> layerInfo; // one entry per layer

    double officialTotalParams = 0; // from the preset's sources; 0 when unknown
    double officialActiveParams = 0;
    std::vector<std::string> sources;
    std::string notes;
    // A model folder's safetensors bytes and generation defaults (preset keys "checkpoint_weights" and
    // "generation_config", written by io/checkpointfolder and kept by a saved plan); empty otherwise.
    CheckpointFiles checkpoint;
    // A multimodal config's vision tower and projector (its "vision_config"), as vLLM builds them.
    VisionTower vision;

    bool isMoe() const { return experts > 0; }
    bool isMla() const { return attention == AttentionKind::Mla; }
    int moeLayerCount() const;
    int mixerCount(LayerMixer kind) const;
    bool hasStateLayers() const; // Mamba-2, Gated DeltaNet, KDA or short-conv layers (vLLM hybrid state)
    int layerHeadDim(const LayerInfo &l) const { return l.headDim > 0 ? l.headDim : headDim; }
    int layerKvHeads(const LayerInfo &l) const { return l.kvHeads > 0 ? l.kvHeads : kvHeads; }
    int layerHeads(const LayerInfo &l) const { return l.heads > 0 ? l.heads : heads; }
    int layerVHeadDim(const LayerInfo &l) const { return l.vHeadDim > 0 ? l.vHeadDim : layerHeadDim(l); }
    // "dense", "moe" or "mla" (MLA models are grouped on their own in pickers)
    std::string category() const;

    bool operator==(const ModelSpec &) const = default;
};

// Reads a ShardScope model preset ({"id", "name", "hf_repo", ..., "config": {HF config}}) or a bare
// Hugging Face config.json, including multimodal configs with a nested "text_config".
// Throws InputError with a one-line message naming the missing or invalid field.
ModelSpec modelFromJson(const nlohmann::json &json, const std::string &fallbackId = {});
ModelSpec modelFromJsonText(const std::string &text, const std::string &fallbackId = {});

const char *weightFormatName(WeightFormat f);
// The format as a person reads it: weightFormatName, or for a ModelOpt / compressed-tensors checkpoint
// loaded in its own format the scheme, method and group ("int4, compressed-tensors, group 32").
std::string weightFormatLabel(const ModelSpec &m, WeightFormat f);

} // namespace shardscope
