#pragma once
#include "core/evaluate/overheads.h"
#include "core/model/gpuspec.h"
#include "core/model/vllmversion.h"

namespace shardscope {

// `vllm serve`'s max_num_seqs / max_num_batched_tokens defaults for one release
// (EngineArgs.get_batch_defaults, vllm/engine/arg_utils.py). device memory = the total torch sees:
//  - from 0.28 (v0.28.0 tag 2cf0a691, lines 2582-2591, #51726): >= 160 GiB -> 16384 tokens, 1024 seqs;
//  - >= 70 GiB and not an A100 -> 8192 tokens, 1024 seqs;
//  - otherwise 2048 tokens, 256 seqs.
BatchDefaults vllmBatchDefaultsFor(const GpuSpec &gpu, double totalBytes, const VllmVersion &v);

// AMD GPUs run vLLM's ROCm platform (current_platform.is_rocm()).
bool isRocmGpu(const GpuSpec &gpu);

} // namespace shardscope
