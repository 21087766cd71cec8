#include "widgets/vllm/logreconciler.h"

#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

using namespace shardscope;

namespace {

std::vector<ModelSpec> catalogModels(const ModelCatalog &catalog)
{
    std::vector<ModelSpec> out;
    out.reserve(catalog.models().size());
    for (const CatalogModel &m : catalog.models())
        out.push_back(m.spec);
    return out;
}

} // namespace

LogReconciliation reconcileLogText(const PlanDocument &document, const std::string &text)
{
    return reconcileParsedLog(document, parseVllmLog(text));
}

LogReconciliation reconcileParsedLog(
    const PlanDocument &document, ParsedVllmLog log, std::optional<std::string> matchedModel)
{
    LogReconciliation r;
    r.log = std::move(log);
    r.matchedModel = std::move(matchedModel);
    if (!document.hasPlan()) {
        r.error = QCoreApplication::translate("LogReconciler", "There is no plan to compare with.");
        return r;
    }
    try {
        if (!r.log.recognised()) {
            r.error = QCoreApplication::translate("LogReconciler",
                "No vLLM startup lines found: the log needs at least one of \"Model loading took\", "
                "\"Available KV cache memory\", \"GPU KV cache size\" or \"# GPU blocks\".");
            return r;
        }
        Plan base = document.plan();
        if (!r.matchedModel)
            r.matchedModel = modelIdForLog(r.log, catalogModels(document.catalog()));
        if (!r.matchedModel->empty() && document.catalog().findModel(*r.matchedModel)) {
            base.modelId = *r.matchedModel;
            r.modelFromLog = true;
        }
        // Only the model and the GPU are the user's: every setting the log printed replaces the plan's.
        r.plan = planFromLog(base, r.log, { "model", "gpu" }, &r.applied);
        const CatalogModel *model = document.catalog().findModel(r.plan.modelId);
        const CatalogGpu *gpu = document.catalog().findGpu(r.plan.gpuId);
        if (!model || !gpu) {
            r.error = QCoreApplication::translate("LogReconciler", "The plan's model or GPU is not in the catalog.");
            return r;
        }
        r.evaluation = evaluate(r.plan, model->spec, gpu->spec);
        if (!r.evaluation.valid) {
            const PlanIssue *issue = r.evaluation.firstError();
            r.error = QCoreApplication::translate("LogReconciler", "The plan the log ran cannot be evaluated: %1")
                          .arg(issue ? textformat::issue(*issue)
                                     : QCoreApplication::translate("LogReconciler", "invalid plan"));
            return r;
        }
        if (r.evaluation.plan.accounting != Accounting::Vllm) {
            r.error = QCoreApplication::translate(
                "LogReconciler", "Reconciling needs vLLM accounting (Memory and workload → Accounting).");
            return r;
        }
        r.result = reconcile(r.evaluation, model->spec, gpu->spec, r.log);
        r.compared = true;
    } catch (const std::exception &e) {
        r.error
            = QCoreApplication::translate("LogReconciler", "Cannot read that log: %1").arg(QString::fromUtf8(e.what()));
    }
    return r;
}

std::optional<CalibrationProfile> calibrationFromReconciliation(const PlanDocument &document,
    const LogReconciliation &r, const QString &name, const QString &source, QString *error)
{
    const CatalogModel *model = document.catalog().findModel(r.plan.modelId);
    const CatalogGpu *gpu = document.catalog().findGpu(r.plan.gpuId);
    if (!r.ok() || !model || !gpu) {
        if (error)
            *error = r.ok()
                ? QCoreApplication::translate("LogReconciler", "The plan's model or GPU is not in the catalog.")
                : r.error;
        return std::nullopt;
    }
    Plan uncalibrated = r.plan;
    uncalibrated.calibration = {};
    const Evaluation e0 = evaluate(uncalibrated, model->spec, gpu->spec);
    Sentence why;
    auto profile = calibrateFromLog(e0, r.log, name.toStdString(), source.toStdString(), &why);
    if (!profile && error)
        *error = QCoreApplication::translate("LogReconciler", "Cannot calibrate: %1").arg(textformat::sentence(why));
    return profile;
}
