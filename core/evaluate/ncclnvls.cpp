#include "core/evaluate/ncclnvls.h"

#include "core/evaluate/profilerun.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace shardscope {

bool nvlsCapable(const GpuSpec &gpu)
{
    // Multicast objects need SM90 and an NVSwitch (CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED); PCIe cards,
    // NVLink bridges and A100's NVSwitch have none.
    std::string link = gpu.scaleupLink;
    std::transform(link.begin(), link.end(), link.begin(), [](unsigned char c) { return std::tolower(c); });
    return cudaComputeCapability(gpu) >= 90 && link.find("nvswitch") != std::string::npos;
}

double nvlsBufferBytes(const GpuSpec &gpu, int localTpRanks, const VllmVersion &version)
{
    if (localTpRanks <= 2 || !nvlsCapable(gpu) || version >= kNonTorchForwardIncrease)
        return 0;
    constexpr double MiB = 1024.0 * 1024.0;
    const double heads = localTpRanks;
    double perCommunicator = 0;
    if (version < kTorch25Nccl221)
        perCommunicator = 24 * 2 * (4 * MiB + 2 * MiB) * heads;
    else if (version < kTorch27Nccl226)
        perCommunicator = 24 * 2 * (8 * 128 * 1024 + 2 * MiB) * heads;
    else
        perCommunicator = (cudaComputeCapability(gpu) >= 100 ? 32 : 16) * 2 * (8 * 128 * 1024) * heads + 2 * MiB;
    return kNvlsCommunicators * perCommunicator;
}

} // namespace shardscope
