#include "core/evaluate/weights.h"

#include "core/evaluate/planrules.h"

#include <algorithm>

namespace shardscope {

namespace {

double roundUp(double value, int multiple)
{
    if (multiple <= 1)
        return value;
    const double m = multiple;
    return static_cast<double>(static_cast<long long>((value + m - 1) / m)) * m;
}

// Parameters of one layer's attention on one TP rank: {projections, small replicated tensors}.
struct AttentionParams
{
    double linear = 0;
    double small = 0; // biases, q/k norms, sinks, MLA latent norms
    double unquantized = 0; // linear layers built without the quant_config (model dtype): DeepSeek-V4 compressors
    double fp32 = 0; // FP32 parameters: DeepSeek-V4 attention sinks and compressor position embeddings (ape)
};

// DeepSeek-V4 attention on one TP rank (vllm/models/deepseek_v4/attention.py @017e9f4448b7 DeepseekV4Attention):
// fused_wqa_wkv h -> q_lora_rank + head_dim (replicated), q_norm, wq_b q_lora_rank -> heads x head_dim (column
// parallel), kv_norm, wo_a heads x head_dim / o_groups -> o_groups x o_lora_rank (column parallel: o_groups / tp
// groups per rank), wo_b o_groups x o_lora_rank -> h (row parallel), attn_sink per head (FP32). Ratio r > 1 adds
// a DeepseekCompressor (compressor.py): fused_wkv_wgate h -> 2 x coff x head_dim, built with quant_config None,
// ape r x coff x head_dim in FP32 and a norm; coff 2 at r = 4 (overlapping windows), else 1. Ratio 4 adds the
// replicated DeepseekV4Indexer: wq_b q_lora_rank -> index heads x index_head_dim (quantized), weights_proj h ->
// index heads (BF16) and a compressor of index_head_dim (coff 2). tools/param-count.py counts the same.
AttentionParams deepSeekV4AttentionParams(const ModelSpec &m, int tp, const LayerInfo &layer)
{
    AttentionParams a;
    const double h = m.hidden, d = m.headDim, q = m.qLoraRank;
    const double heads = static_cast<double>(m.heads) / tp;
    a.linear
        = h * (q + d) + q * heads * d + heads * d * m.oLoraRank + static_cast<double>(m.oGroups) / tp * m.oLoraRank * h;
    a.small = q + d;
    a.fp32 = heads;
    const int r = layer.compressRatio;
    if (r > 1) {
        const double coff = r == 4 ? 2 : 1;
        a.unquantized += h * 2 * coff * d;
        a.fp32 += r * coff * d;
        a.small += d;
    }
    if (r == 4) {
        const double idim = m.indexHeadDim;
        a.linear += q * m.indexHeads * idim;
        a.unquantized += h * m.indexHeads + h * 2 * 2 * idim;
        a.fp32 += 4 * 2 * idim;
        a.small += idim;
    }
    return a;
}

// DeepSeek-V4 per layer beside attention and experts (vllm/models/deepseek_v4/nvidia/model.py @017e9f4448b7):
// the hyper-connection mixers hc_attn / hc_ffn (fn (2 + hc) hc x hc h, base (2 + hc) hc, scale 3; FP32), and the
// router's FP32 e_score_correction_bias (E), or on the first num_hash_layers layers the int32 token -> expert
// table tid2eid (vocab x k) in its place. The gate (E x h) is the usual router weight.
struct DeepSeekV4Extras
{
    double hyperConnections = 0; // FP32
    double routerBias = 0; // FP32
    double hashTable = 0; // int32
};

DeepSeekV4Extras deepSeekV4Extras(const ModelSpec &m, int layerIndex)
{
    DeepSeekV4Extras x;
    const double mix = (2.0 + m.hcMult) * m.hcMult;
    x.hyperConnections = 2 * (mix * m.hcMult * m.hidden + mix + 3);
    if (layerIndex < m.hashLayers)
        x.hashTable = static_cast<double>(m.vocab) * m.expertsPerToken;
    else if (m.routerCorrectionBias)
        x.routerBias = m.experts;
    return x;
}

// The model-level hc_head (fn hc x hc h, base hc, scale 1; FP32) beside the final norm.
double deepSeekV4HeadParams(const ModelSpec &m)
{
    return static_cast<double>(m.hcMult) * m.hcMult * m.hidden + m.hcMult + 1;
}

// `layer`: its own head size and KV heads (Gemma-4 full layers, block_configs). `allocated`: the tensors vLLM
// allocates rather than those the checkpoint holds; they differ for K = V layers (gemma4.py: no v_proj in the
// checkpoint, K loaded into both the K and the V slot of qkv_proj).
AttentionParams attentionParams(const ModelSpec &m, int tp, const LayerInfo &layer, bool allocated)
{
    if (m.isDeepSeekV4())
        return deepSeekV4AttentionParams(m, tp, layer);
    AttentionParams a;
    const double h = m.hidden;
    const double qHeads = static_cast<double>(m.isMla() ? m.heads : m.layerHeads(layer)) / tp;
    if (m.isMla()) {
        // vLLM DeepseekV2MLAAttention: q_a / kv_a projections are replicated, q_b / kv_b column
        // parallel, o_proj row parallel.
        const double qd = m.qkNopeHeadDim + m.qkRopeHeadDim;
        if (m.qLoraRank > 0) {
            a.linear += h * m.qLoraRank + m.qLoraRank * qHeads * qd;
            a.small += m.qLoraRank;
        } else {
            a.linear += h * qHeads * qd;
        }
        a.linear += h * (m.kvLoraRank + m.qkRopeHeadDim);
        a.linear += m.kvLoraRank * qHeads * (m.qkNopeHeadDim + m.vHeadDim);
        a.linear += qHeads * m.vHeadDim * h;
        if (m.mlaOutputGate) // Kimi-K3 mla.py @017e9f4448b7: g_proj h -> heads x v_head_dim, column parallel
            a.linear += h * qHeads * m.vHeadDim;
        a.small += m.kvLoraRank;
        // A layer reusing an earlier layer's top-k (dsaSharedIndexer) builds no Indexer and vLLM drops its
        // indexer weights from the checkpoint (deepseek_v2.py @017e9f4448b7, load_weights
        // indexer_present_prefixes).
        if (m.isSparseMla() && !layer.dsaSharedIndexer) {
            // vLLM deepseek_v2.py Indexer (replicated on every TP rank): wq_b (q_lora_rank -> n_heads x
            // head_dim), wk (h -> head_dim), k_norm (LayerNorm weight + bias), weights_proj (h -> n_heads).
            a.linear += static_cast<double>(m.qLoraRank) * m.indexHeads * m.indexHeadDim + h * m.indexHeadDim;
            a.small += 2.0 * m.indexHeadDim + h * m.indexHeads;
        }
        return a;
    }
    const double kvHeads = std::max(1, m.layerKvHeads(layer) / tp);
    const double d = m.layerHeadDim(layer);
    const double dv = m.layerVHeadDim(layer); // o_proj reads heads x v head size (MiMo-V2)
    a.linear = h * qHeads * d + h * kvHeads * d + qHeads * dv * h;
    if (!layer.kEqV || allocated)
        a.linear += h * kvHeads * dv;
    if (m.attnOutputGate)
        a.linear += h * qHeads * d; // q_proj emits the query and a same-sized gate
    a.linear += h * qHeads * m.gateProjPerHead; // Laguna g_proj (column-parallel over the query heads)
    if (m.attentionBias)
        a.small += qHeads * d + 2 * kvHeads * d + h;
    else if (m.qkvBias)
        a.small += qHeads * d + 2 * kvHeads * d;
    if (m.qkNorm)
        a.small += 2 * d;
    if (m.attentionSinks || layer.sinks)
        a.small += qHeads;
    if (layer.msaIndexer) {
        // MiniMax-M3 sparse layer (vllm/models/minimax_m3/nvidia/model.py @0443308aa3e9, the fused
        // MinimaxM3QKVParallelLinearWithIndexer): index_q h -> index heads x index dim sharded like the KV heads
        // (index heads == KV heads), index_k h -> one index dim head replicated on every rank; index_q_norm and
        // index_k_norm.
        a.linear += h * kvHeads * m.msaIndexDim + h * m.msaIndexDim;
        a.small += 2.0 * m.msaIndexDim;
    }
    return a;
}

// Mixers without a KV cache, per TP rank. Shapes from vLLM's layers (cited per case); the temporal
// state parameters (A_log, D, dt_bias) and norms count as small tensors.
AttentionParams stateMixerParams(const ModelSpec &m, LayerMixer kind, int tp)
{
    AttentionParams a;
    const double h = m.hidden;
    const StateSpaceShape &s = m.ssm;
    switch (kind) {
    case LayerMixer::Mamba2: {
        // vllm mamba_mixer2.py MambaMixer2: in_proj h -> 2I + 2GN + H (z, x, B, C, dt; column parallel,
        // groups replicated up to tp when tp does not divide them), conv1d over I + 2GN channels with
        // kernel K (+ bias), A, D, dt_bias per head, a gated RMSNorm over I, out_proj I -> h.
        const double inter = static_cast<double>(s.mambaHeads) * s.mambaHeadDim;
        const int groups = s.nGroups % tp == 0 ? s.nGroups : s.nGroups + (tp - s.nGroups);
        const double convDim = inter + 2.0 * groups * s.ssmStateSize;
        a.linear = h * (inter + convDim + s.mambaHeads) / tp + inter / tp * h;
        a.small = convDim / tp * (s.convKernel + (s.convBias ? 1 : 0)) + 3.0 * s.mambaHeads / tp + inter / tp;
        break;
    }
    case LayerMixer::GatedDeltaNet: {
        // vllm qwen3_next.py Qwen3NextGatedDeltaNet: in_proj_qkvz h -> 2 key + 2 value, in_proj_ba
        // h -> 2 v_heads, conv1d over 2 key + value channels (kernel K, no bias), dt_bias and A_log per
        // v head, RMSNormGated over head_v_dim, out_proj value -> h.
        const double key = static_cast<double>(s.linearKeyHeads) * s.linearKeyHeadDim;
        const double value = static_cast<double>(s.linearValueHeads) * s.linearValueHeadDim;
        a.linear = h * (2 * key + 2 * value + 2.0 * s.linearValueHeads) / tp + value / tp * h;
        a.small = (2 * key + value) / tp * s.convKernel + 2.0 * s.linearValueHeads / tp + s.linearValueHeadDim;
        break;
    }
    case LayerMixer::KimiDelta: {
        // vllm/model_executor/layers/kda.py @01a7e5d9 KimiDeltaAttention, P = heads x head_dim:
        // q/k/v_proj h -> P, f_b_proj and g_b_proj d -> P, b_proj h -> heads, o_proj P -> h (all TP-split);
        // f_a_proj and g_a_proj h -> d (replicated); q/k/v conv1d K x P, dt_bias P, A_log per head, o_norm d.
        const double d = s.kdaHeadDim;
        const double proj = static_cast<double>(s.kdaHeads) * d;
        if (s.kdaFullRankGate) {
            // Kimi-K3 (vllm/models/kimi_k3/nvidia/kda.py @017e9f4448b7 KimiK3DeltaAttention): q/k/v/g_proj h -> P
            // and b_proj h -> heads fused into in_proj_qkvgfab with f_a_proj h -> d replicated; f_b_proj d -> P,
            // o_proj P -> h (TP-split); conv1d 3P x K, dt_bias P and A_log per head in FP32; o_norm d.
            a.linear = (4 * h * proj + h * s.kdaHeads + d * proj + proj * h) / tp + h * d;
            a.fp32 = (3.0 * s.convKernel * proj + proj + s.kdaHeads) / tp;
            a.small = d;
            break;
        }
        a.linear = (3 * h * proj + 2 * d * proj + h * s.kdaHeads + proj * h) / tp + 2 * h * d;
        a.small = (3.0 * s.convKernel * proj + proj + s.kdaHeads) / tp + d;
        break;
    }
    case LayerMixer::ShortConv: {
        // vllm short_conv.py ShortConv, D = conv_dim: in_proj h -> 3D and out_proj D -> D (TP-split), the
        // depthwise conv D x K (column parallel); biases on all three when conv_bias.
        const double dim = s.shortConvDim;
        a.linear = (h * 3 * dim + dim * dim) / tp;
        a.small = dim / tp * s.convKernel + (s.convBias ? (3 * dim + dim) / tp + dim : 0);
        break;
    }
    case LayerMixer::Linear:
        a.linear = h * h / tp;
        break;
    default:
        break;
    }
    return a;
}

AttentionParams mixerParams(const ModelSpec &m, const LayerInfo &layer, int tp, bool allocated)
{
    return layer.mixer == LayerMixer::Attention ? attentionParams(m, tp, layer, allocated)
                                                : stateMixerParams(m, layer.mixer, tp);
}

// Kimi-K3's attention residuals add self_attention_res_norm, mlp_res_norm and the two [1, hidden] score
// projections to each layer (KimiDecoderLayer, vllm/models/kimi_k3/nvidia/model.py @017e9f4448b7).
double layerNorms(const ModelSpec &m, const LayerInfo &layer)
{
    const int attnRes = m.attnResBlockSize > 0 ? 4 : 0;
    return (attnRes + (layer.norms >= 0 ? layer.norms : m.normsPerLayer)) * static_cast<double>(m.hidden);
}

// Beside the final norm: Kimi-K3's output_attn_res_norm and output_attn_res_proj [1, hidden].
double finalNorms(const ModelSpec &m)
{
    return (m.attnResBlockSize > 0 ? 3.0 : 1.0) * m.hidden;
}

double mlpFactor(const ModelSpec &m)
{
    return m.gatedMlp ? 3.0 : 2.0; // gate + up + down, or up + down
}

double denseIntermediate(const ModelSpec &m, const LayerInfo &layer)
{
    return layer.ffnIntermediate < 0 ? m.intermediate : layer.ffnIntermediate;
}

// A dense layer's FFN on one TP rank: the MLP, or the h x h matrix that replaces it.
double denseFfnParams(const ModelSpec &m, const LayerInfo &layer, int tp)
{
    if (layer.ffnLinear)
        return static_cast<double>(m.hidden) * m.hidden / tp;
    return mlpFactor(m) * m.hidden * (denseIntermediate(m, layer) / tp);
}

// One expert's intermediate on a rank (split moeTp ways, padded) and the width it reads and writes: LatentMoE
// experts use the latent width instead of h (vllm nemotron_h.py @017e9f4448b7: FusedMoE hidden_size =
// moe_latent_size).
double expertIntermediate(const ModelSpec &m, int moeTp, int pad)
{
    return roundUp(static_cast<double>(m.moeIntermediate) / moeTp, pad);
}

double expertHidden(const ModelSpec &m, int hiddenPad)
{
    return roundUp(m.moeLatent > 0 ? m.moeLatent : m.hidden, hiddenPad);
}

// The expert biases (gate_up's 2 x I and down's h), 0 without expert biases.
double expertBiasParams(const ModelSpec &m, int moeTp, int pad, int hiddenPad = 1)
{
    return m.expertBias ? 2 * expertIntermediate(m, moeTp, pad) + expertHidden(m, hiddenPad) : 0;
}

double expertParams(const ModelSpec &m, int moeTp, int pad, int hiddenPad = 1)
{
    // gate and up (2 x I x h) plus down (h x I), plus the biases.
    return mlpFactor(m) * expertHidden(m, hiddenPad) * expertIntermediate(m, moeTp, pad)
        + expertBiasParams(m, moeTp, pad, hiddenPad);
}

// LatentMoE's fc1_latent_proj (h -> latent) and fc2_latent_proj (latent -> h), no bias (mlp_bias false in the
// released configs): ReplicatedLinear in vllm nemotron_h.py @017e9f4448b7 NemotronHMoE, so whole on every TP
// rank, and built with the layer's quant_config like the other linear layers.
// Kimi-K3's KimiMoE adds routed_expert_norm over the latent width (latent_moe_use_norm).
double latentProjectionParams(const ModelSpec &m)
{
    return 2.0 * m.hidden * m.moeLatent + (m.latentMoeNorm ? m.moeLatent : 0);
}

// DeepSeek-V4's bias (FP32, or an int32 hash table in its place) is counted by deepSeekV4Extras instead.
double routerParams(const ModelSpec &m)
{
    double p = static_cast<double>(m.experts) * m.hidden;
    if ((m.routerBias || m.routerCorrectionBias) && !m.isDeepSeekV4())
        p += m.experts;
    if (m.routerScale) // Gemma4Router.scale (hidden) and Gemma4MoE.per_expert_scale (experts)
        p += m.hidden + m.experts;
    return p;
}

// vLLM's VocabParallelEmbedding pads the vocabulary to a multiple of 64 per partition.
double vocabRowsPerRank(int vocab, int tp)
{
    return roundUp(static_cast<double>(vocab) / tp, 64);
}

double vocabRowsPerRank(const ModelSpec &m, int tp)
{
    return vocabRowsPerRank(m.vocab, tp);
}

// Gemma-4 per-layer embeddings (vllm gemma4.py @001cabc1be16, readGemma4): each layer's per_layer_input_gate
// (h -> P) and per_layer_projection (P -> h), ReplicatedLinear, so whole on every TP rank.
double perLayerInputGateParams(const ModelSpec &m)
{
    return 2.0 * m.hidden * m.perLayerInputDim;
}

// The model-level part, L x P wide: per_layer_model_projection (ColumnParallelLinear h -> L x P, split over TP)
// and per_layer_projection_norm (P); the table embed_tokens_per_layer is counted apart.
double perLayerModelProjectionParams(const ModelSpec &m, int tp)
{
    const double width = static_cast<double>(m.layers) * m.perLayerInputDim;
    return m.hidden * width / tp;
}

} // namespace

bool denseMlpHeldWhole(const ModelSpec &m, const Plan &p)
{
    return m.modelType == "kimi_linear" && p.pp == 1 && expertParallelOn(p) && p.tp > 1 && p.dp > 1;
}

WeightFormat effectiveWeightFormat(const ModelSpec &m, Quantization q)
{
    switch (q) {
    case Quantization::Auto:
        return m.weightFormat;
    case Quantization::None:
        return m.weightFormat == WeightFormat::Fp16 ? WeightFormat::Fp16 : WeightFormat::Bf16;
    case Quantization::Fp8:
        return m.weightFormat == WeightFormat::Fp8Block ? WeightFormat::Fp8Block : WeightFormat::Fp8;
    case Quantization::Mxfp4:
        return WeightFormat::Mxfp4;
    case Quantization::Awq:
    case Quantization::Gptq:
        return WeightFormat::Int4;
    }
    return m.weightFormat;
}

BytesPerParam bytesPerParam(const ModelSpec &m, WeightFormat f)
{
    BytesPerParam b;
    if (!m.quant.method.empty() && f == m.weightFormat) {
        // A ModelOpt / compressed-tensors checkpoint: its scheme's bytes (scales included) on the share of
        // each kind of weight it quantizes, BF16 on what its ignore list keeps (core/model/quantconfig.h).
        const double q = m.quant.scheme.bytesPerParam();
        const auto mix = [q](double quantized) { return quantized * q + (1 - quantized) * 2; };
        b.attention = mix(m.quantCoverage.attention);
        b.linear = mix(m.quantCoverage.denseMlp);
        b.expert = mix(m.quantCoverage.experts);
        b.shared = mix(m.quantCoverage.sharedExperts);
        b.lmHead = m.quantCoverage.lmHead ? q : 2;
        return b;
    }
    switch (f) {
    case WeightFormat::Bf16:
    case WeightFormat::Fp16:
        break;
    case WeightFormat::Fp8:
        b.linear = b.expert = 1; // one FP32 scale per tensor: negligible
        break;
    case WeightFormat::Fp8Block: {
        // e4m3 weights plus one FP32 scale per block x block tile (DeepSeek-V3: 128 x 128).
        const double block = std::max(1, m.fp8BlockSize);
        b.linear = b.expert = 1 + 4.0 / (block * block);
        break;
    }
    case WeightFormat::Mxfp4:
        // gpt-oss: experts in MXFP4 (4-bit values + one E8M0 scale per 32), attention stays BF16
        // (quantization_config.modules_to_not_convert). FlashInfer's MXFP4 MoE paths (SM100) pad the
        // per-partition intermediate size to a multiple of 256 (2880 -> 3072); Hopper's Triton and everyone's
        // Marlin layouts replace this default in bytesPerParamOn.
        b.expert = 0.5 + 1.0 / 32;
        b.expertPad = 256;
        break;
    case WeightFormat::Int4:
        // AWQ/GPTQ: 4-bit values, an FP16 scale and a 4-bit zero point per group of 128.
        b.linear = b.expert = 0.5 + 2.5 / 128;
        break;
    case WeightFormat::Nvfp4:
        // NVFP4: 4-bit values and one FP8 E4M3 scale per 16 (the FP32 global scale is per tensor).
        b.linear = b.expert = 0.5 + 1.0 / 16;
        break;
    case WeightFormat::Int8:
        b.linear = b.expert = 1; // per-channel scales: negligible
        break;
    }
    b.attention = b.linear;
    b.shared = b.expert;
    b.lmHead = b.other;
    if (f == WeightFormat::Fp8Block && m.fp4Experts) {
        // DeepSeek-V4's FP8 checkpoints keep the routed experts in MXFP4: e2m1 values two to a byte and one ue8m0
        // scale per 32 (vllm/models/deepseek_v4/quant_config.py @017e9f4448b7, Mxfp4MoEMethod); the shared
        // experts stay FP8-block.
        b.expert = 0.5 + 1.0 / 32;
    }
    return b;
}

bool mxfp4ThroughMarlin(const GpuSpec &gpu, const VllmVersion & /*version*/, MoeBackend backend)
{
    const int cc = cudaComputeCapability(gpu);
    if (backend == MoeBackend::Marlin)
        return cc >= 80;
    // 0: not a CUDA GPU the preset names an sm_ for; 9.0-10.x: Triton or FlashInfer (the default layout).
    return cc != 0 && (cc < 90 || cc >= 110);
}

bool mxfp4ThroughTriton(const GpuSpec &gpu, const VllmVersion &version, MoeBackend backend)
{
    const int cc = cudaComputeCapability(gpu);
    return cc >= 90 && cc < 100 && !mxfp4ThroughMarlin(gpu, version, backend);
}

BytesPerParam bytesPerParamOn(
    const ModelSpec &m, WeightFormat f, const GpuSpec &gpu, const VllmVersion &version, MoeBackend backend)
{
    BytesPerParam b = bytesPerParam(m, f);
    if (f == WeightFormat::Mxfp4 && mxfp4ThroughMarlin(gpu, version, backend)) {
        b.expertPad = 128;
        b.expertHiddenPad = 256;
    } else if (f == WeightFormat::Mxfp4 && mxfp4ThroughTriton(gpu, version, backend)) {
        // Hopper's Triton (triton_kernels) path: create_weights rounds the per-partition intermediate up to 64
        // (the CUDA branch that is neither Marlin nor FlashInfer), and process_weights_after_loading swizzles the
        // values in place of the checkpoint's (del layer.w13_weight) but keeps layer.w13_weight_scale beside the
        // swizzled copy in the PrecisionConfig, so the E8M0 scales are held twice: 0.5 + 2/32 B per parameter,
        // until #46549 deletes them (0.24); it also turns w13_bias / w2_bias into FP32
        // (vllm/model_executor/layers/quantization/mxfp4.py, Mxfp4MoEMethod, the same in the 0.11- and 0.19-era
        // files read; fused_moe/oracle/mxfp4.py from the MoE refactor).
        b.expertPad = 64;
        b.hopperCheckpointScalesKept = version < kTritonFreesCheckpointScales;
        b.expert = 0.5 + (b.hopperCheckpointScalesKept ? 2.0 : 1.0) / 32;
        b.expertBias = 4;
        const bool v36 = !(version < kTritonKernels36) && version < kTritonKernels351Again;
        b.hopperValueAlignN = v36 ? 64 : 16;
        b.hopperValueAlignKBytes = v36 ? 64 : 32;
    }
    return b;
}

namespace {

// One expert's bytes in Hopper's triton_kernels MXFP4 layout. vLLM's _swizzle_mxfp4 (vllm/model_executor/layers/
// quantization/utils/mxfp4_utils.py @09c3dc9186) hands each weight transposed, [K/2 bytes packed along the MX axis,
// N], to HopperMXValueLayout and its [K/32, N] scales to HopperMXScaleLayout with num_warps 8:
//  - values: v3.5.1 pads N to its 16-row and the K bytes to its 32-byte tile (TensorRT-LLM's vendored copy of
//    tensor_details/layout_details/hopper_value.py @v3.5.1); v3.6.0 first pads both to 64 (triton #8677). gpt-oss-20b
//    at TP 2: w13's 1,440 K bytes become 1,472, w2's 736 become 768.
//  - scales: N padded to 2 x num_warps x 2 x 8 = 256 rows, K/32 to 2 (hopper_scale.py @v3.6.0, the same in v3.5.1),
//    and the checkpoint's [N, K/32] scales stay beside them until 0.24 (#46549 frees them);
//  - the biases in FP32.
double hopperMxExpertBytes(const ModelSpec &m, int moeTp, const BytesPerParam &b)
{
    const double h = expertHidden(m, b.expertHiddenPad), i = expertIntermediate(m, moeTp, b.expertPad);
    const double gateUp = (mlpFactor(m) - 1) * i; // w13's N: gate and up fused
    const int alignN = b.hopperValueAlignN, alignK = b.hopperValueAlignKBytes;
    const double values
        = roundUp(h / 2, alignK) * roundUp(gateUp, alignN) + roundUp(i / 2, alignK) * roundUp(h, alignN);
    const double swizzledScales = roundUp(gateUp, 256) * roundUp(h / 32, 2) + roundUp(h, 256) * roundUp(i / 32, 2);
    const double checkpointScales = b.hopperCheckpointScalesKept ? gateUp * h / 32 + h * i / 32 : 0;
    const double biases = m.expertBias ? (gateUp + h) * b.expertBias : 0;
    return values + swizzledScales + checkpointScales + biases;
}

} // namespace

ParamCounts countParams(const ModelSpec &m)
{
    ParamCounts c;
    for (std::size_t i = 0; i < m.layerInfo.size(); ++i) {
        const LayerInfo &layer = m.layerInfo[i];
        const AttentionParams a = mixerParams(m, layer, 1, false);
        double perLayerBase = a.linear + a.small + a.unquantized + a.fp32 + layerNorms(m, layer);
        if (m.isDeepSeekV4()) {
            const DeepSeekV4Extras x = deepSeekV4Extras(m, static_cast<int>(i));
            perLayerBase += x.hyperConnections + x.routerBias + x.hashTable;
        }
        double total = perLayerBase;
        double active = perLayerBase;
        if (layer.moe) {
            const double expert = expertParams(m, 1, 1);
            const double shared = mlpFactor(m) * m.hidden * m.sharedIntermediate + latentProjectionParams(m);
            total += m.experts * expert + routerParams(m) + shared;
            active += m.expertsPerToken * expert + routerParams(m) + shared;
        } else {
            total += denseFfnParams(m, layer, 1);
            active += denseFfnParams(m, layer, 1);
        }
        total += perLayerInputGateParams(m);
        active += perLayerInputGateParams(m);
        c.total += total;
        c.active += active;
    }
    c.embedding = static_cast<double>(m.vocab) * m.hidden;
    c.lmHead = m.tiedEmbeddings ? 0 : c.embedding;
    double ends = c.embedding + c.lmHead + finalNorms(m);
    if (m.isDeepSeekV4())
        ends += deepSeekV4HeadParams(m);
    if (m.perLayerInputDim > 0) {
        c.perLayerEmbedding = static_cast<double>(m.perLayerInputVocab) * m.layers * m.perLayerInputDim;
        ends += c.perLayerEmbedding + perLayerModelProjectionParams(m, 1) + m.perLayerInputDim;
    }
    c.total += ends;
    c.active += ends;
    return c;
}

WeightBreakdown rankWeightBytes(const ModelSpec &m, const RankShape &s, const BytesPerParam &b)
{
    WeightBreakdown w;
    const int last = std::min<int>(s.firstLayer + s.layerCount, static_cast<int>(m.layerInfo.size()));
    for (int i = s.firstLayer; i < last; ++i) {
        const AttentionParams a = mixerParams(m, m.layerInfo[i], s.tp, true);
        w.attention += a.linear * b.attention + (a.small + a.unquantized) * b.other + a.fp32 * 4.0;
        w.norms += layerNorms(m, m.layerInfo[i]) * b.other;
        if (m.isDeepSeekV4()) {
            // Hyper-connections with the norms (small per-layer tensors); the router's bias or hash table with the
            // router, whose generic term below holds only the gate.
            const DeepSeekV4Extras x = deepSeekV4Extras(m, i);
            w.norms += x.hyperConnections * 4.0;
            w.router += x.routerBias * 4.0 + x.hashTable * 4.0;
        }
        if (m.layerInfo[i].moe) {
            // The biases at the expert rate unless the layout gives them their own width.
            const double bias = expertBiasParams(m, s.moeTp, b.expertPad, b.expertHiddenPad);
            const double biasRate = b.expertBias > 0 ? b.expertBias : b.expert;
            w.experts += s.localExperts
                * (b.hopperValueAlignN > 0
                        ? hopperMxExpertBytes(m, s.moeTp, b)
                        : (expertParams(m, s.moeTp, b.expertPad, b.expertHiddenPad) - bias) * b.expert
                            + bias * biasRate);
            // Step-3.5's router is an FP32ReplicatedLinear (params_dtype float32) and its router_bias an FP32
            // parameter, whatever the model dtype (vllm step3p5.py @fd04edef3e62, FusedMoEBlock); AFMoE's gate is
            // an nn.Linear of dtype float32 and its expert_bias an FP32 parameter (vllm afmoe.py @017e9f4448b7,
            // AfmoeMoE).
            const bool fp32Router = m.modelType == "step3p5" || m.modelType == "afmoe";
            w.router += routerParams(m) * (fp32Router ? 4.0 : b.other);
            const int mlpTp = s.denseMlpWhole ? 1 : s.tp;
            w.mlp += mlpFactor(m) * m.hidden * (static_cast<double>(m.sharedIntermediate) / mlpTp) * b.shared;
            w.mlp += latentProjectionParams(m) * (m.latentUnquantized ? b.other : b.linear);
        } else {
            w.mlp += denseFfnParams(m, m.layerInfo[i], s.denseMlpWhole ? 1 : s.tp) * b.linear;
        }
        w.mlp += perLayerInputGateParams(m) * b.linear;
    }
    // vLLM's RotaryEmbedding registers a cos/sin cache of max_position_embeddings x rotary_dim in the model
    // dtype (vllm/model_executor/layers/rotary_embedding/base.py, RotaryEmbedding.__init__:
    // register_buffer("cos_sin_cache", ...), vllm-project/vllm@04458da08417); get_rope hands every layer
    // the same instance, so each rank holding an attention layer keeps one, unsharded. It is allocated
    // with the model, so "Model loading took" counts it: Llama-4-Scout's 10,485,760 positions x 128 x 2 B
    // = 2.5 GiB per rank.
    if (m.ropeDim > 0 && m.maxPositionEmbeddings > 0) {
        bool attention = false;
        for (int i = s.firstLayer; i < last; ++i)
            attention = attention || m.layerInfo[i].mixer == LayerMixer::Attention;
        if (attention)
            w.ropeCache = static_cast<double>(m.maxPositionEmbeddings) * m.ropeDim * b.other;
    }
    const double vocabRows = vocabRowsPerRank(m, s.tp);
    if (s.embedding)
        w.embedding = vocabRows * m.hidden * b.other;
    // Gemma-4 per-layer embeddings: the table (vocab-parallel like embed_tokens) and the projection into it,
    // kept with the input embedding on the first stage as for embed_tokens (docs/DESIGN.md).
    if (s.embedding && m.perLayerInputDim > 0) {
        const double width = static_cast<double>(m.layers) * m.perLayerInputDim;
        w.embedding += vocabRowsPerRank(m.perLayerInputVocab, s.tp) * width * b.other;
        w.embedding += m.perLayerInputDim * b.other;
        w.mlp += perLayerModelProjectionParams(m, s.tp) * b.linear;
    }
    if (s.lmHead) {
        // A tied LM head shares the embedding's storage when both sit on the same rank.
        if (!(m.tiedEmbeddings && s.embedding))
            w.lmHead = vocabRows * m.hidden * b.lmHead;
        w.norms += finalNorms(m) * b.other;
    }
    // DeepseekV4Model builds hc_head (FP32) on every pipeline rank, not only the last (nvidia/model.py).
    if (m.isDeepSeekV4())
        w.norms += deepSeekV4HeadParams(m) * 4.0;
    if (s.visionShards > 0)
        w.vision = visionTowerBytes(m, s.visionShards);
    return w;
}

double visionTowerBytes(const ModelSpec &m, int shards)
{
    const VisionTower &v = m.vision;
    const double params = v.shardedParams + v.replicatedParams;
    if (shards < 1)
        return 0;
    // A tower whose layout is not modelled but whose bytes a model folder gave: charged whole on every
    // rank (an upper bound; the planner warns).
    if (params <= 0)
        return m.checkpoint.weights.visionBytes;
    // The share of the tower one rank holds: its linear layers split `shards` ways, the rest whole.
    const double share = (v.shardedParams / shards + v.replicatedParams) / params;
    // A model folder's safetensors give the tower's bytes exactly (checkpointfiles.h); otherwise vLLM loads
    // it in the model dtype: the quantization schemes here leave the vision encoder unquantized (their
    // ignore lists name it; an online --quantization fp8 would not, which is not modelled).
    const double whole = m.checkpoint.weights.visionBytes > 0 ? m.checkpoint.weights.visionBytes : params * 2.0;
    return whole * share;
}

} // namespace shardscope
