// libFuzzer target: a GPU JSON file, then the typical plans of each fuzz model on that GPU.
#include "fuzzing.h"

#include "core/model/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    shardscope::GpuSpec gpu;
    try {
        gpu = shardscope::gpuFromJsonText(text, "fuzz");
    } catch (const shardscope::InputError &) {
        return 0;
    }
    if (!(gpu.memoryBytes > 0) || gpu.gpusPerNode < 1)
        fuzzing::fail("accepted GPU without memory or GPUs per node");
    for (const shardscope::ModelSpec &m : fuzzing::models())
        fuzzing::evaluateTypicalPlans(m, gpu);
    return 0;
}
