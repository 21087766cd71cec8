#include "widgets/document/planfile.h"

#include "core/launch/launchexport.h"
#include "core/model/errors.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/planio.h"
#include "core/serving/workloadio.h"
#include "io/boundedread.h"
#include "io/checkpointfolder.h"
#include "io/presetrepository.h"
#include "io/savefile.h"
#include "widgets/document/plandocument.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace shardscope;

namespace planfile {

std::string toJsonText(const PlanDocument &doc)
{
    PlanFile file;
    file.plan = doc.wholePlan(); // both pools of a disaggregated plan
    const CatalogModel *m = doc.catalog().findModel(doc.plan().modelId);
    if (m && m->isCustom())
        file.modelConfig = m->sourceJson;
    const CatalogGpu *g = doc.catalog().findGpu(doc.plan().gpuId);
    if (g && g->isCustom())
        file.gpuSpec = g->sourceJson;
    file.workload = workloadToJson(doc.workload()).dump();
    file.vllmExtraArgs = vllmExtraArgWords(doc.passThrough());
    file.modelPath = doc.passThroughModelPath();
    return planFileToJsonText(file);
}

Plan fromJsonText(PlanDocument &doc, const std::string &text, Workload *workload)
{
    PlanFile file = planFileFromJsonText(text);
    Plan &plan = file.plan;
    // Files written before the workload was saved have none: they get the default one.
    const Workload read = file.workload.empty() ? Workload {} : workloadFromJson(nlohmann::json::parse(file.workload));
    // Parse the embedded specs and the pass-through options before touching the catalog, so a bad file adds
    // nothing.
    std::vector<VllmExtraArg> passThrough = vllmExtraArgsFromWords(file.vllmExtraArgs);
    if (!file.modelConfig.empty())
        (void)modelFromJsonText(file.modelConfig, plan.modelId);
    if (!file.gpuSpec.empty())
        (void)gpuFromJsonText(file.gpuSpec, plan.gpuId);
    if (!file.modelConfig.empty())
        plan.modelId = doc.addModelJson(file.modelConfig, plan.modelId);
    if (!file.gpuSpec.empty())
        plan.gpuId = doc.addGpuJson(file.gpuSpec, plan.gpuId);
    if (!doc.catalog().findModel(plan.modelId))
        throw InputError("unknown model \"" + plan.modelId + "\" (not a preset, and the file embeds no model_config)");
    if (!doc.catalog().findGpu(plan.gpuId))
        throw InputError("unknown GPU \"" + plan.gpuId + "\" (not a preset, and the file embeds no gpu_spec)");
    if (workload)
        *workload = read;
    doc.setPassThrough(std::move(passThrough), plan.modelId, file.modelPath);
    return plan;
}

std::optional<QString> save(const PlanDocument &doc, const QString &path)
{
    // Never a truncated file in place of the previous one, never through a symlink (io/savefile.h).
    if (const QString error = saveFileAtomically(path, QByteArray::fromStdString(toJsonText(doc))); !error.isEmpty())
        return QCoreApplication::translate("planfile", "Cannot save %1: %2").arg(QDir::toNativeSeparators(path), error);
    return std::nullopt;
}

std::optional<QString> load(PlanDocument &doc, const QString &path, Plan &out, Workload *workload)
{
    try {
        out = fromJsonText(doc, readJsonFile(path), workload);
        return std::nullopt;
    } catch (const std::exception &e) {
        return QCoreApplication::translate("planfile", "Cannot open %1: %2")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
    }
}

std::optional<QString> loadModelConfig(PlanDocument &doc, const QString &path, std::string &modelId)
{
    try {
        // A model folder means its config.json, which is named after the folder (the checkpoint),
        // like the CLI does for --model.
        // config.json with hf_quant_config.json, generation_config.json and the safetensors headers, as
        // the CLI reads --model DIR.
        const checkpointfolder::ModelFolder folder = checkpointfolder::read(path);
        modelId
            = doc.addModelJson(folder.modelText, folder.id, QFileInfo(folder.configPath).absolutePath().toStdString());
        return std::nullopt;
    } catch (const std::exception &e) {
        return QCoreApplication::translate("planfile", "Cannot open %1: %2")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
    }
}

} // namespace planfile
