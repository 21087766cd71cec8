#include "core/evaluate/linearattnpeak.h"

#include <algorithm>

namespace shardscope {

double gatedDeltaNetProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens)
{
    if (m.mixerCount(LayerMixer::GatedDeltaNet) == 0 || tokens <= 0)
        return 0;
    const double t = std::max(1, tp);
    const double keyDim = static_cast<double>(m.ssm.linearKeyHeads) * m.ssm.linearKeyHeadDim;
    const double valueDim = static_cast<double>(m.ssm.linearValueHeads) * m.ssm.linearValueHeadDim;
    // Elements per token on the rank (vllm qwen_gdn_linear_attn.py @d18bb7b39088 forward_cuda):
    // in_proj_qkvz + in_proj_ba + core_attn_out + the gated norm's output.
    double perToken = (2.0 * keyDim + 2.0 * valueDim) / t + 2.0 * m.ssm.linearValueHeads / t + 2.0 * valueDim / t;
    // Qwen3-Next (gqa_interleaved_layout): mixed_qkv = torch.cat of the re-laid-out q, k, v.
    if (m.modelType == "qwen3_next")
        perToken += (2.0 * keyDim + valueDim) / t;
    return static_cast<double>(tokens) * perToken * 2.0;
}

double kimiDeltaProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens)
{
    if (m.mixerCount(LayerMixer::KimiDelta) == 0 || tokens <= 0)
        return 0;
    const std::int64_t t = std::max(1, tp);
    const std::int64_t localHeads = m.ssm.kdaHeads / t;
    const std::int64_t localProjection = localHeads * m.ssm.kdaHeadDim;
    if (m.ssm.kdaFullRankGate) {
        // Kimi-K3 (vllm/models/kimi_k3/nvidia/kda.py KimiK3DeltaAttention.forward @017e9f4448b7):
        // in_proj_qkvgfab = q, k, v, g + f_a (head_dim, replicated) + beta, padded to a multiple of 16
        // (in_proj_padding = -local_output_size % 16); + g1 (f_b_proj) + core_attn_out. It returns o_proj's
        // output: no buffer from the decoder layer.
        std::int64_t inProj = 4 * localProjection + m.ssm.kdaHeadDim + localHeads;
        inProj += (16 - inProj % 16) % 16;
        return static_cast<double>(tokens) * static_cast<double>(inProj + 2 * localProjection) * 2.0;
    }
    // Kimi Linear (vllm/model_executor/layers/mamba/gdn/kimi_gdn_linear_attn.py KimiGatedDeltaNetAttention.forward
    // @017e9f4448b7): in_proj_qkvgfab = q, k, v + beta + f_a (replicated), no padding; g2 = g_b_proj(g_a_proj),
    // g1 = f_b_proj, core_attn_out; and the output buffer the decoder layer allocates before the call
    // (vllm/models/kimi_k3/nvidia/model.py _run_self_attn: torch.empty_like(hidden_states)).
    const std::int64_t inProj = 3 * localProjection + localHeads + m.ssm.kdaHeadDim;
    return static_cast<double>(tokens) * static_cast<double>(inProj + 3 * localProjection + m.hidden) * 2.0;
}

double linearAttentionProfileBytes(const ModelSpec &m, int tp, std::int64_t tokens)
{
    return std::max(gatedDeltaNetProfileBytes(m, tp, tokens), kimiDeltaProfileBytes(m, tp, tokens));
}

} // namespace shardscope
