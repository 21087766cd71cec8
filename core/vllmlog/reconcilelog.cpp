#include "core/vllmlog/reconcilelog.h"

namespace shardscope {

LogPlan planForLog(const Plan &base, const ParsedVllmLog &log, const std::vector<std::string> &given,
    const ModelCatalog &catalog, const std::optional<std::string> &logModel)
{
    LogPlan out;
    if (logModel) {
        out.logModel = *logModel;
    } else {
        std::vector<ModelSpec> models;
        models.reserve(catalog.models().size());
        for (const CatalogModel &m : catalog.models())
            models.push_back(m.spec);
        out.logModel = modelIdForLog(log, models);
    }
    Plan p = base;
    if (!out.logModel.empty() && catalog.findModel(out.logModel)) {
        p.modelId = out.logModel;
        out.modelFromLog = true;
    }
    out.plan = planFromLog(p, log, given, &out.applied);
    return out;
}

LogComparison reconcileLog(const Plan &plan, const ParsedVllmLog &log, const ModelCatalog &catalog)
{
    LogComparison c;
    const CatalogModel *model = catalog.findModel(plan.modelId);
    const CatalogGpu *gpu = catalog.findGpu(plan.gpuId);
    if (!model || !gpu) {
        c.outcome = LogComparison::Outcome::UnknownSpec;
        return c;
    }
    c.evaluation = evaluate(plan, model->spec, gpu->spec);
    if (!c.evaluation.valid) {
        c.outcome = LogComparison::Outcome::InvalidPlan;
        return c;
    }
    c.result = reconcile({ c.evaluation, model->spec, gpu->spec }, log);
    c.outcome = LogComparison::Outcome::Compared;
    return c;
}

std::optional<CalibrationProfile> calibrateLog(const Plan &plan, const ParsedVllmLog &log, const ModelCatalog &catalog,
    const std::string &name, const std::string &source, Sentence *error, Evaluation *uncalibrated)
{
    Plan bare = plan;
    bare.calibration = {};
    Evaluation e0; // not valid: calibrateFromLog refuses it when the specs are unknown
    const CatalogModel *model = catalog.findModel(bare.modelId);
    const CatalogGpu *gpu = catalog.findGpu(bare.gpuId);
    if (model && gpu)
        e0 = evaluate(bare, model->spec, gpu->spec);
    auto profile = calibrateFromLog(e0, log, name, source, error);
    if (uncalibrated)
        *uncalibrated = std::move(e0);
    return profile;
}

} // namespace shardscope
