#include "widgets/document/planfile.h"

#include "core/model/errors.h"
#include "core/model/planio.h"
#include "io/presetrepository.h"
#include "io/savefile.h"
#include "widgets/document/plandocument.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

using nlohmann::json;
using namespace shardscope;

namespace planfile {

std::string toJsonText(const PlanDocument &doc)
{
    json j;
    j["schema"] = kSchema;
    j["plan"] = planToJson(doc.plan());
    const CatalogModel *m = doc.catalog().findModel(doc.plan().modelId);
    if (m && m->isCustom())
        j["model_config"] = json::parse(m->sourceJson);
    const CatalogGpu *g = doc.catalog().findGpu(doc.plan().gpuId);
    if (g && g->isCustom())
        j["gpu_spec"] = json::parse(g->sourceJson);
    return j.dump(2) + "\n";
}

namespace {

void checkSchema(const json &j)
{
    const auto it = j.find("schema");
    if (it == j.end())
        return; // hand-written files for --plan may omit it
    if (!it->is_string())
        throw InputError("\"schema\" must be a string such as \"shardscope.planfile/1\"");
    const std::string s = it->get<std::string>();
    const std::string prefix = "shardscope.planfile/";
    if (s.rfind(prefix, 0) != 0)
        throw InputError("not a ShardScope plan file (schema \"" + s + "\")");
    int version = 0;
    try {
        version = std::stoi(s.substr(prefix.size()));
    } catch (const std::exception &) {
        throw InputError("unreadable schema version \"" + s + "\"");
    }
    if (version < 1 || version > kSchemaVersion)
        throw InputError("plan file schema " + s + " is newer than this ShardScope understands (" + kSchema + ")");
}

} // namespace

Plan fromJsonText(PlanDocument &doc, const std::string &text)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        throw InputError(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("plan"))
        throw InputError("not a ShardScope plan file (no \"plan\" object)");
    checkSchema(j);
    Plan plan = planFromJson(j["plan"]);
    // Parse the embedded specs before touching the catalog, so a bad file adds nothing.
    if (j.contains("model_config"))
        (void)modelFromJson(j["model_config"], plan.modelId);
    if (j.contains("gpu_spec"))
        (void)gpuFromJson(j["gpu_spec"], plan.gpuId);
    if (j.contains("model_config"))
        plan.modelId = doc.addModelJson(j["model_config"].dump(), plan.modelId);
    if (j.contains("gpu_spec"))
        plan.gpuId = doc.addGpuJson(j["gpu_spec"].dump(), plan.gpuId);
    if (!doc.catalog().findModel(plan.modelId))
        throw InputError("unknown model \"" + plan.modelId + "\" (not a preset, and the file embeds no model_config)");
    if (!doc.catalog().findGpu(plan.gpuId))
        throw InputError("unknown GPU \"" + plan.gpuId + "\" (not a preset, and the file embeds no gpu_spec)");
    return plan;
}

std::optional<QString> save(const PlanDocument &doc, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("planfile", "Cannot write %1: %2")
            .arg(QDir::toNativeSeparators(path), file.errorString());
    const std::string text = toJsonText(doc);
    file.write(text.data(), static_cast<qint64>(text.size()));
    QString error;
    if (!commitComplete(file, &error)) // never a truncated file in place of the previous one
        return QCoreApplication::translate("planfile", "Cannot save %1: %2").arg(QDir::toNativeSeparators(path), error);
    return std::nullopt;
}

std::optional<QString> load(PlanDocument &doc, const QString &path, Plan &out)
{
    try {
        out = fromJsonText(doc, PresetRepository::readJsonFile(path));
        return std::nullopt;
    } catch (const std::exception &e) {
        return QCoreApplication::translate("planfile", "Cannot open %1: %2")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
    }
}

std::optional<QString> loadModelConfig(PlanDocument &doc, const QString &path, std::string &modelId)
{
    try {
        const QFileInfo fi(path);
        // A config.json is named after its folder (the checkpoint), like the CLI does for --model.
        std::string fallback = fi.completeBaseName().toStdString();
        if (fi.fileName() == QLatin1String("config.json") && !fi.absoluteDir().dirName().isEmpty())
            fallback = fi.absoluteDir().dirName().toStdString();
        modelId = doc.addModelJson(PresetRepository::readJsonFile(path), fallback, fi.absolutePath().toStdString());
        return std::nullopt;
    } catch (const std::exception &e) {
        return QCoreApplication::translate("planfile", "Cannot open %1: %2")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
    }
}

} // namespace planfile
