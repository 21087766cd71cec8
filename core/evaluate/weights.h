#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"
#include "core/model/vllmversion.h"

namespace shardscope {

// Bytes per stored parameter for each kind of tensor, scales included.
struct BytesPerParam
{
    double linear = 2; // dense-MLP projections
    double attention = 2; // attention projections (the same as linear unless an ignore list keeps them)
    double expert = 2; // routed experts
    double shared = 2; // shared experts (the same as expert unless an ignore list keeps them)
    double other = 2; // embedding, norms, router, biases (kept in BF16 by every scheme here)
    double lmHead = 2; // the LM head (BF16 unless a ModelOpt checkpoint quantizes it)
    int expertPad = 1; // per-partition expert intermediate is rounded up to this (MXFP4: 64, 128 or 256 by backend)
    int expertHiddenPad = 1; // the experts' hidden dimension is rounded up to this (MXFP4 through Marlin: 256)
    double expertBias = 0; // bytes per expert bias element; 0: at the expert rate (Hopper's Triton MXFP4: FP32)
    // Hopper's triton_kernels MXFP4 layout (0: not in it): the swizzled values' storage is padded to these many
    // elements along N and bytes along the packed K (see hopperMxExpertBytes in weights.cpp).
    int hopperValueAlignN = 0;
    int hopperValueAlignKBytes = 0;
    bool hopperCheckpointScalesKept = true; // the checkpoint's E8M0 scales stay beside the swizzled ones
};

// The format the weights load in: the checkpoint's own unless the plan overrides it.
WeightFormat effectiveWeightFormat(const ModelSpec &m, Quantization q);
BytesPerParam bytesPerParam(const ModelSpec &m, WeightFormat f);

// MXFP4 experts as vLLM lays them out for the MoE backend it picks (vllm/model_executor/layers/quantization/
// mxfp4.py, get_mxfp4_backend and Mxfp4MoEMethod.create_weights, vllm-project/vllm@007d50058a06). On CUDA
// the Triton (triton_kernels matmul_ogs) path needs compute capability 9.0 to 10.x; elsewhere (A100, Ada,
// RTX 5090 / RTX PRO 6000 sm_120) the MoE runs through Marlin, whose kernel needs n % 256 and k % 128: the
// per-partition intermediate is rounded up to 128 and the hidden size to 256 (gpt-oss: 2,880 -> 2,944 and
// 3,072). Hopper also fell back to Marlin when the triton_kernels package was missing, which a pip install
// before 0.11.1 left out (PR #27370 made it a dependency; vllm#23278 and #27508 ran so) but the Docker images
// did not: the install is not a plan setting, so Hopper keeps the Triton layout unless the plan asks for Marlin
// (Plan::moeBackend). vllm#23278's Marlin run
// (H100, 0.10.1) loaded gpt-oss-120b in 65.97 GiB; the Marlin layout gives 65.90.
// A plan's --moe-backend marlin (or VLLM_MXFP4_USE_MARLIN=1) sends any CUDA GPU from compute capability 8.0
// through Marlin (mxfp4.py get_mxfp4_backend: the explicit choice comes first).
bool mxfp4ThroughMarlin(const GpuSpec &gpu, const VllmVersion &version, MoeBackend backend = MoeBackend::Auto);
// Hopper (compute capability 9.x) without Marlin: the triton_kernels layout (pad 64, scales held twice before 0.24).
bool mxfp4ThroughTriton(const GpuSpec &gpu, const VllmVersion &version, MoeBackend backend = MoeBackend::Auto);
// bytesPerParam for the plan's GPU and release: the MXFP4 layout of the MoE backend vLLM picks (Marlin, Triton).
BytesPerParam bytesPerParamOn(const ModelSpec &m, WeightFormat f, const GpuSpec &gpu, const VllmVersion &version,
    MoeBackend backend = MoeBackend::Auto);

struct ParamCounts
{
    double total = 0; // every parameter, embedding and LM head included (MTP layers excluded)
    double active = 0; // total minus the routed experts a token does not use
    double embedding = 0;
    double lmHead = 0; // 0 when tied to the embedding
    double perLayerEmbedding = 0; // Gemma-4 embed_tokens_per_layer (E2B / E4B), in total and active
};
// Counted tensor by tensor from the config (docs/DESIGN.md §E.1 conventions).
ParamCounts countParams(const ModelSpec &m);

// What one rank holds.
struct RankShape
{
    int tp = 1;
    int moeTp = 1; // each expert is split this many ways
    int firstLayer = 0;
    int layerCount = 0;
    bool embedding = false;
    bool lmHead = false;
    int localExperts = 0; // expert slots this rank holds per MoE layer (redundant copies included)
    // The multimodal vision tower: 0 when this rank builds none (--language-model-only, or no vision
    // config), else the ways its linear layers are split (tp; 1 with --mm-encoder-tp-mode data).
    int visionShards = 0;
    bool denseMlpWhole = false; // the dense MLP layers and shared experts held whole (Kimi's sequence parallel)
};

// Kimi Linear / Kimi-K3 sequence parallel (vllm/models/kimi_k3/nvidia/model.py @017e9f4448b7,
// use_sequence_parallel): with pp 1, expert parallelism, tp > 1 and dp > 1, KimiMLP builds the dense MLP and
// the shared experts with disable_tp, whole on every rank (RankShape::denseMlpWhole).
bool denseMlpHeldWhole(const ModelSpec &m, const Plan &p);

struct WeightBreakdown
{
    double attention = 0;
    double mlp = 0; // dense MLP layers and shared experts
    double experts = 0; // routed experts
    double router = 0;
    double norms = 0;
    double embedding = 0;
    double lmHead = 0;
    double draft = 0; // speculative-decoding draft layers (EAGLE / MTP), last stage only
    double ropeCache = 0; // the RoPE cos/sin cache buffer (not a checkpoint tensor; counted in "Model loading took")
    double vision = 0; // the multimodal vision tower and its projector (in the model dtype)
    double total() const
    {
        return attention + mlp + experts + router + norms + embedding + lmHead + draft + ropeCache + vision;
    }
};

// Bytes resident on one rank: the tensors it actually holds (embedding only on the first stage,
// LM head on the last, only its own experts), sharded as vLLM's parallel linear layers shard them.
WeightBreakdown rankWeightBytes(const ModelSpec &m, const RankShape &shape, const BytesPerParam &bytes);
// The vision tower's bytes on one rank whose copy is split `shards` ways (0: none).
double visionTowerBytes(const ModelSpec &m, int shards);

} // namespace shardscope
