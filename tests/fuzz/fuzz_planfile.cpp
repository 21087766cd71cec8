// libFuzzer target: a saved plan file (*.shardscope.json, `shardscope plan --plan FILE`): the "plan"
// object, optionally with an embedded "model_config" and "gpu_spec", evaluated as the CLI does.
#include "fuzzing.h"

#include "core/model/errors.h"
#include "core/model/planio.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    try {
        const nlohmann::json j = nlohmann::json::parse(text);
        if (!j.is_object() || !j.contains("plan"))
            return 0;
        const shardscope::Plan plan = shardscope::planFromJson(j["plan"]);
        // Round trip: what is saved reads back as the same plan.
        if (shardscope::planFromJson(shardscope::planToJson(plan)) != plan)
            fuzzing::fail("plan does not survive planToJson/planFromJson");
        const shardscope::GpuSpec gpu
            = j.contains("gpu_spec") ? shardscope::gpuFromJson(j["gpu_spec"]) : fuzzing::gpu();
        if (j.contains("model_config")) {
            fuzzing::evaluateAndReport(plan, shardscope::modelFromJson(j["model_config"], plan.modelId), gpu);
        } else {
            for (const shardscope::ModelSpec &m : fuzzing::models())
                fuzzing::evaluateAndReport(plan, m, gpu);
        }
    } catch (const nlohmann::json::exception &) {
        return 0; // not JSON: the CLI reports it as such
    } catch (const shardscope::InputError &) {
        return 0;
    }
    return 0;
}
