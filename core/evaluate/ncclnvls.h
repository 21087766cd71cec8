#pragma once
#include "core/model/gpuspec.h"
#include "core/model/vllmversion.h"

namespace shardscope {

// NCCL's NVLink SHARP (NVLS) buffers: device memory outside torch that a TP group of three or more GPUs on
// one NVSwitch node takes on Hopper and later, on top of nonTorchBytes (overheads.h, fitted on TP 2 logs,
// where NCCL has no NVLS: ncclNvlsInit returns early for gpuCount <= 2). vLLM sets NCCL_CUMEM_ENABLE=0,
// so NCCL connects every algorithm when a communicator is created (init.cc: runtimeConn needs cuMem) and
// allocates the NVLS buffers then (ncclNvlsBufferSetup), multicast-bound physical memory on every rank.
// A TP group holds two such communicators: vLLM's PyNccl one, made at startup, and torch's for the device
// group, made by the first all-gather (the logits' in the profiling run). vllm#9699 measured the pair:
// 8 x H200, TP 8, NCCL_NVLS_ENABLE=0 gave ~5,100 more 1,008 KiB KV blocks (~4.9 GiB) with NCCL printing
// nvlsTotalSize 2,415,919,104 B per communicator.
// Per communicator, by the NCCL that the release's torch pin bundled:
//   vLLM < 0.6.4 (torch 2.4, NCCL 2.20.5): vllm#9699's printed 2,415,919,104 B at 8 heads: 24 channels
//     x 2 x (4 MiB SIMPLE buffer + 2 MiB) per head;
//   vLLM 0.6.4-0.8 (torch 2.5.1 / 2.6, NCCL 2.21.5): channels x 2 x (8 steps x 128 KiB + 2 MiB) per head,
//     nvls.cc v2.21.5-1, with the 24 channels of that print;
//   vLLM >= 0.9 (torch 2.7+, NCCL >= 2.26): 16 NVLS channels (32 on SM100) x 2 x 8 steps x 128 KiB per
//     head, plus the credits rounded to the 2 MiB allocation granularity (nvls.cc v2.26.2-1).
// A head is a local rank of the group (single-node NVLS: nHeads = localRanks).
// From vLLM 0.18 the non-torch figure is the forward pass's increase, a corpus median that already holds
// what NCCL adds at TP 2-4 (profilerun.h); nothing is added there.
inline constexpr VllmVersion kTorch25Nccl221 { 0, 6, 4 };
inline constexpr VllmVersion kTorch27Nccl226 { 0, 9, 0 };
inline constexpr int kNvlsCommunicators = 2;
bool nvlsCapable(const GpuSpec &gpu);
double nvlsBufferBytes(const GpuSpec &gpu, int localTpRanks, const VllmVersion &version);

} // namespace shardscope
