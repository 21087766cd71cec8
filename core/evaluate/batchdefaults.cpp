#include "core/evaluate/batchdefaults.h"

#include "core/text/units.h"

namespace shardscope {

BatchDefaults vllmBatchDefaultsFor(const GpuSpec &gpu, double totalBytes, const VllmVersion &v)
{
    if (resolvedVllmVersion(v) >= kLargeDeviceBatchTier && totalBytes >= 160 * GiB) {
        BatchDefaults d;
        d.maxNumSeqs = 1024;
        d.maxNumBatchedTokens = 16384;
        return d;
    }
    return vllmBatchDefaults(gpu, totalBytes);
}

bool isRocmGpu(const GpuSpec &gpu)
{
    return gpu.vendor == "AMD";
}

} // namespace shardscope
