#pragma once
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// One accelerator as a preset describes it. Bandwidths are per GPU, one direction.
struct GpuSpec
{
    std::string id;
    std::string name;
    std::string vendor;
    std::string arch; // the preset's "arch": "Hopper (sm_90)", "Ampere (sm_80)", "CDNA 3 (gfx942)"
    double memoryBytes = 0; // as the driver reports it (nvidia-smi memory.total)
    double cudaTotalBytes = 0; // what torch sees (vLLM's "total"); 0 = estimate from memoryBytes
    double hbmBytesPerSec = 0;
    double bf16Flops = 0; // dense
    double fp8Flops = 0; // dense; 0 when unsupported
    double fp4Flops = 0;
    std::string scaleupLink; // "NVLink 4 ...", "PCIe Gen4 only"
    double scaleupBytesPerSec = 0; // line rate per direction
    double perPeerBytesPerSec = 0; // to one peer (mesh topologies such as xGMI)
    int scaleupDomain = 1; // GPUs reachable over the scale-up link
    int gpusPerNode = 8;
    double nicBytesPerSec = 0; // scale-out per GPU per direction
    double pcieBytesPerSec = 0;
    // α-β model inputs (see docs/DESIGN.md §D); presets may override the defaults.
    double scaleupLatencySec = 0;
    double nicLatencySec = 0;
    double scaleupEfficiency = 0; // achievable fraction of the line rate
    double nicEfficiency = 0;
    std::vector<std::string> uncertain;
    std::vector<std::string> sources;
    std::string notes;

    // vLLM's "total": cudaMemGetInfo's total, a little below the driver's figure.
    double visibleBytes() const;
    bool operator==(const GpuSpec &) const = default;
};

// The CUDA compute capability the "arch" names as sm_XY (90 for sm_90, 103 for sm_103); 0 when it names
// none (AMD, Gaudi, Ascend, or a GPU file without "arch").
int cudaComputeCapability(const GpuSpec &gpu);

GpuSpec gpuFromJson(const nlohmann::json &json, const std::string &fallbackId = {});
GpuSpec gpuFromJsonText(const std::string &text, const std::string &fallbackId = {});

} // namespace shardscope
