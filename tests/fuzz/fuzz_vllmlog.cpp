// libFuzzer target: a vLLM startup log as `shardscope reconcile --log FILE` reads it: parsed, the
// plan it describes, predicted against observed, calibrated to it, and re-evaluated with the fit.
#include "fuzzing.h"

#include "core/explain/memoryterms.h"
#include "core/model/errors.h"
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/vllmlog.h"
#include "core/vllmlog/vllmlogparser.h"

namespace {

void reconcileWith(
    const shardscope::ParsedVllmLog &log, const shardscope::ModelSpec &model, const shardscope::GpuSpec &gpu)
{
    std::vector<std::string> applied;
    shardscope::Plan plan = shardscope::planFromLog(shardscope::Plan {}, log, {}, &applied);
    if (shardscope::worldSize(plan) > fuzzing::kMaxFuzzWorld)
        return;
    const shardscope::Evaluation e0 = shardscope::evaluate(plan, model, gpu);
    if (!e0.valid)
        return;
    const shardscope::ReconcileResult r = shardscope::reconcile({ e0, model, gpu }, log);
    (void)shardscope::reconcileToJson(r).dump();
    (void)shardscope::memoryTerms({ e0, model, gpu }, e0.kv.bindingRank);
    (void)shardscope::predictedVllmLogText({ e0, model, gpu });
    shardscope::Sentence why;
    if (const auto profile = shardscope::calibrateFromLog(e0, log, "fuzz", "fuzz.log", &why)) {
        // What is saved reads back, and the calibrated plan evaluates.
        if (shardscope::calibrationFromJson(shardscope::calibrationToJson(*profile)) != *profile)
            fuzzing::fail("calibration profile does not survive calibrationToJson/calibrationFromJson");
        plan.calibration = *profile;
        const shardscope::Evaluation e1 = shardscope::evaluate(plan, model, gpu);
        if (e1.valid)
            (void)shardscope::reconcileToJson(shardscope::reconcile({ e1, model, gpu }, log)).dump();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const shardscope::ParsedVllmLog log = shardscope::parseVllmLog(text); // never throws
    (void)shardscope::parsedLogToJson(log).dump();
    if (!log.recognised())
        return 0;
    try {
        // One of the models per input (the same one for the same input), for speed.
        const auto &models = fuzzing::models();
        reconcileWith(log, models[(size + (size ? data[0] : 0)) % models.size()], fuzzing::gpu());
    } catch (const shardscope::InputError &) {
        return 0; // a setting the log printed that no plan can take: reported as such
    }
    return 0;
}
