// libFuzzer target: a saved plan file (*.shardscope.json, `shardscope plan --plan FILE`) through the
// reader both the window and the CLI use (planFileFromJsonText), then its embedded "model_config" and
// "gpu_spec" as the CLI takes them (modelFromJsonText) and as the window does (its catalog), evaluated; its
// "workload" as the window reads it (workloadFromJson), which must survive a round trip.
#include "fuzzing.h"

#include "core/launch/launchexport.h"
#include "core/model/errors.h"
#include "core/model/modelcatalog.h"
#include "core/model/planio.h"
#include "core/serving/serving.h"
#include "core/serving/workloadio.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    try {
        const shardscope::PlanFile file = shardscope::planFileFromJsonText(text, "fuzz.shardscope.json");
        const shardscope::Plan &plan = file.plan;
        // Round trip: what is saved reads back as the same file.
        const shardscope::PlanFile again = shardscope::planFileFromJsonText(shardscope::planFileToJsonText(file));
        if (again.plan != plan)
            fuzzing::fail("plan does not survive planFileToJsonText/planFileFromJsonText");
        if (again.modelConfig != file.modelConfig || again.gpuSpec != file.gpuSpec)
            fuzzing::fail("embedded specs do not survive planFileToJsonText/planFileFromJsonText");
        if (again.vllmExtraArgs != file.vllmExtraArgs)
            fuzzing::fail("vllm_extra_args do not survive planFileToJsonText/planFileFromJsonText");
        // What the export reads from them (cli/exportcommand.cpp): options, or a one-line InputError.
        try {
            const auto args = shardscope::vllmExtraArgsFromWords(file.vllmExtraArgs);
            if (shardscope::vllmExtraArgsFromWords(shardscope::vllmExtraArgWords(args)) != args)
                fuzzing::fail("vllm_extra_args do not survive vllmExtraArgWords/vllmExtraArgsFromWords");
        } catch (const shardscope::InputError &) {
        }
        if (!file.workload.empty()) {
            try {
                const shardscope::Workload w = shardscope::workloadFromJson(nlohmann::json::parse(file.workload));
                if (!(shardscope::workloadFromJson(shardscope::workloadToJson(w)) == w))
                    fuzzing::fail("workload does not survive workloadToJson/workloadFromJson");
                shardscope::checkWorkload(w, 131072);
                const shardscope::RequestLengths l = shardscope::requestLengths(w);
                if (l.shortestInput < 1 || l.shortestOutput < 1
                    || l.longestRequest < l.shortestInput + l.shortestOutput)
                    fuzzing::fail("a workload's request lengths are out of order");
            } catch (const shardscope::InputError &) {
            }
        }
        const shardscope::GpuSpec gpu
            = file.gpuSpec.empty() ? fuzzing::gpu() : shardscope::gpuFromJsonText(file.gpuSpec, plan.gpuId);
        if (!file.modelConfig.empty()) {
            const shardscope::ModelSpec model = shardscope::modelFromJsonText(file.modelConfig, plan.modelId);
            // The window registers the same text in its catalog: it must accept what the CLI accepts.
            ModelCatalog catalog = ModelCatalog::fromPresets(fuzzing::models(), { fuzzing::gpu() });
            const std::string id = catalog.addModelJson(file.modelConfig, plan.modelId);
            if (!catalog.findModel(id))
                fuzzing::fail("an embedded model_config is not in the catalog after adding it");
            fuzzing::evaluateAndReport(plan, model, gpu);
        } else {
            for (const shardscope::ModelSpec &m : fuzzing::models())
                fuzzing::evaluateAndReport(plan, m, gpu);
        }
    } catch (const nlohmann::json::exception &) {
        return 0; // a spec field of an odd JSON type: both callers report it as a one-line error
    } catch (const shardscope::InputError &) {
        return 0;
    }
    return 0;
}
