#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/vllmversion.h"

#include <cstdint>

namespace shardscope {

// The Marlin MoE path of weight-only INT4 checkpoints (AWQ, GPTQ, compressed-tensors W4A16) and what its
// profiling run holds. Read at vllm-project/vllm@c31246800c98 (main on 2025-10-01, the v0.11.0 code) and
// @07d614511f8b (main on 2025-11-05, the 0.11.1 development code vllm#28228's log comes from): the same shapes.
//
// Which layers take it: AWQMarlinConfig / GPTQMarlinConfig (vllm/model_executor/layers/quantization/
// awq_marlin.py, gptq_marlin.py) and CompressedTensorsMoEMethod.get_moe_method (compressed_tensors/
// compressed_tensors_moe.py, a wNa16 group or channel scheme) pick the Marlin MoE method (AWQMoEMethod,
// GPTQMarlinMoEMethod, CompressedTensorsWNA16MarlinMoEMethod) when check_moe_marlin_supports_layer holds
// (quantization/utils/marlin_utils.py): hidden % 128 == 0, the expert intermediate per partition % max(64,
// group) == 0, group in {-1, 32, 64, 128}, SiLU, no router weight on the input; otherwise the Triton
// moe_wna16 path (fused_experts, chunked: fusedMoeWorkspaceBytes). Marlin needs compute capability >= 8.0
// (query_marlin_supported_quant_types). Only CUDA GPUs whose preset names an sm_ are taken to run it.
bool int4MoeThroughMarlin(const ModelSpec &m, WeightFormat format, int moeTp, const GpuSpec &gpu);

// The workspaces of one Marlin MoE layer, per rank, for `tokens` tokens. Each of those methods' apply calls
// torch.ops.vllm.fused_marlin_moe directly (vllm/model_executor/layers/fused_moe/fused_marlin_moe.py
// @c31246800c98), not the modular kernel, so nothing splits the tokens into VLLM_FUSED_MOE_CHUNK_SIZE chunks:
// for all M tokens it allocates intermediate_cache13 = M x topk x max(2N, K) (gate/up output, reused for the
// down output) and intermediate_cache2 = M x topk x N in the activation dtype (2 B), and, with inplace=False
// (the methods do not pass it), output = torch.empty_like(hidden_states), M x K, while both are alive (the
// torch.sum of the down output). N = the expert intermediate size / moe_tp, K = hidden, topk = experts per
// token. The Marlin workspace (marlin_make_workspace_new: SMs x 4 int32) is made once per layer at load
// time, and moe_align_block_size's sorted ids (M x topk + E x (block - 1) int32) are 2 MB at 64,000 tokens of
// Kimi Linear (0.07 % of the caches): neither counted.
// Release range: these shapes from 0.11 (earlier releases not read) through the move of compressed-tensors'
// WNA16 MoE to the MoE oracle (#42553, 84b2a8a7e7ec, 2026-05-29): until then the WNA16 Marlin method's apply
// called fused_marlin_moe (also at @e94ec597334d, @55d037e2e5cc, @b542bdf7fb36), whose caches are torch.empty
// (not the worker's WorkspaceManager, so not held after the forward pass). From that commit the layer runs
// MarlinExperts through the modular kernel (moe_kernel.apply), unchunked since #34086 (2cdf92228cfc,
// 2026-03-12) but with other shapes (experts/marlin_moe.py workspace_shapes: workspace1 (M x topk, max(N, K)),
// workspace2 M x topk x max(2N, K), output (M, K)) and held by the WorkspaceManager: not modelled.
double marlinMoeWorkspaceBytes(const ModelSpec &m, int moeTp, std::int64_t tokens);
// The first release with #42553: v0.22.0 was tagged on 2026-05-30 (aws/deep-learning-containers#6177) from a
// branch cut before the merge; v0.23 was still ahead on main on 2026-06-11 (#44992, "Deprecations for v0.23
// and v0.24"). From it the INT4 MoE keeps the chunked Triton figure: the oracle's paths are not modelled.
inline constexpr VllmVersion kWna16MoeOracle { 0, 23, 0 };

// Whether the plan's profiling run takes that path: V1 before the oracle, INT4 experts Marlin accepts. The
// evaluation and its explanation ask the same question here. `version` is resolved (never 0.0.0).
bool marlinMoeProfiled(const ModelSpec &m, WeightFormat format, int moeTp, const GpuSpec &gpu, VllmVersion version);

} // namespace shardscope
