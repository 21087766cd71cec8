#include "io/presetrepository.h"

#include "core/model/errors.h"
#include "core/text/suggest.h"
#include "io/boundedread.h"
#include "io/checkpointfolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

using namespace shardscope;

namespace {

template <typename Spec> void upsert(std::vector<Spec> &list, Spec spec)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const Spec &s) { return s.id == spec.id; });
    if (it != list.end())
        *it = std::move(spec);
    else
        list.push_back(std::move(spec));
}

// "unknown model "x": did you mean y? (...)": the closest ids, never the whole list.
std::string unknownPreset(const char *what, const QString &typed, const std::vector<std::string> &ids, const char *or_)
{
    const std::string hint = didYouMean(suggestNames(typed.toStdString(), ids));
    return std::string("unknown ") + what + " \"" + typed.toStdString() + "\""
        + (hint.empty() ? " (shardscope presets lists the ids; "
                        : ": " + hint + " (shardscope presets lists them all; ")
        + "or give " + or_ + ")";
}

} // namespace

QString PresetRepository::userFolder()
{
    // Not AppDataLocation: that is <data>/<organisation>/<application>, and both are "ShardScope".
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/')
        + QCoreApplication::applicationName();
}

QString PresetRepository::legacyFolder()
{
    const QString old = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir::cleanPath(old) == QDir::cleanPath(userFolder()) ? QString() : old;
}

QString PresetRepository::takeMigrationNotice()
{
    const QString old = legacyFolder();
    if (old.isEmpty())
        return {};
    bool found = false;
    for (const char *sub : { "models", "gpus" })
        found = found
            || !QDir(old + QLatin1Char('/') + QLatin1String(sub))
                    .entryList({ QStringLiteral("*.json") }, QDir::Files)
                    .isEmpty();
    if (!found)
        return {};
    QSettings settings;
    const QString key = QStringLiteral("presets/legacyFolderNoticeShown");
    if (settings.value(key).toString() == old)
        return {};
    settings.setValue(key, old);
    return QCoreApplication::translate("PresetRepository",
        "user presets found in the old folder %1: ShardScope now reads %2 (as documented) and still reads the "
        "old folder for now; move models/ and gpus/ there.")
        .arg(QDir::toNativeSeparators(old), QDir::toNativeSeparators(userFolder()));
}

PresetRepository PresetRepository::load()
{
    // The legacy folder first, so that the documented one overrides it by id.
    QStringList folders = { QStringLiteral(":/presets") };
    if (const QString old = legacyFolder(); !old.isEmpty())
        folders << old;
    folders << userFolder();
    return loadFrom(folders);
}

PresetRepository PresetRepository::loadFrom(const QStringList &folders)
{
    PresetRepository repo;
    for (const QString &f : folders)
        if (!f.isEmpty())
            repo.addFolder(f);
    std::sort(repo.m_models.begin(), repo.m_models.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    std::sort(repo.m_gpus.begin(), repo.m_gpus.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    return repo;
}

void PresetRepository::addFolder(const QString &folder)
{
    // Every *.json entry, not only regular files: a FIFO, a device or a folder is listed so that it is
    // reported as skipped (readJsonFile refuses it without blocking) rather than silently ignored.
    const QStringList filter { QStringLiteral("*.json") };
    const QDir::Filters entries = QDir::Files | QDir::Dirs | QDir::System | QDir::NoDotAndDotDot;
    auto addAll = [&](const QString &sub, auto &&add) {
        for (const QFileInfo &fi : QDir(folder + sub).entryInfoList(filter, entries, QDir::Name)) {
            try {
                add(readJsonFile(fi.filePath()), fi.completeBaseName().toStdString());
            } catch (const std::exception &e) {
                // A non-regular entry's message names it already ("P is not a regular file (a FIFO)").
                const QString why = QString::fromStdString(e.what());
                if (!fi.isFile()) {
                    m_errors << why;
                    m_skipped << why;
                } else {
                    m_errors << fi.filePath() + QStringLiteral(": ") + why;
                }
            }
        }
    };
    addAll(QStringLiteral("/models"),
        [&](const std::string &text, const std::string &id) { upsert(m_models, modelFromJsonText(text, id)); });
    addAll(QStringLiteral("/gpus"),
        [&](const std::string &text, const std::string &id) { upsert(m_gpus, gpuFromJsonText(text, id)); });
}

const ModelSpec *PresetRepository::findModel(const QString &id) const
{
    const std::string key = id.toStdString();
    for (const ModelSpec &m : m_models)
        if (m.id == key)
            return &m;
    return nullptr;
}

const GpuSpec *PresetRepository::findGpu(const QString &id) const
{
    const std::string key = id.toStdString();
    for (const GpuSpec &g : m_gpus)
        if (g.id == key)
            return &g;
    return nullptr;
}

namespace {

bool looksLikePath(const QString &s)
{
    return s.contains(QLatin1Char('/')) || s.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
}

} // namespace

QString PresetRepository::modelConfigPath(const QString &fileOrFolder)
{
    const QFileInfo fi(fileOrFolder);
    if (!fi.isDir())
        return fileOrFolder;
    QString config = QDir(fileOrFolder).filePath(QStringLiteral("config.json"));
    const QFileInfo configInfo(config);
    if (!configInfo.exists())
        throw InputError(fileOrFolder.toStdString() + " is a folder without a config.json");
    return config; // a config.json that is not a regular file is refused by the bounded reader
}

std::string PresetRepository::modelIdForConfig(const QString &configPath)
{
    const QFileInfo fi(configPath);
    if (fi.fileName() == QLatin1String("config.json") && !fi.absoluteDir().dirName().isEmpty())
        return fi.absoluteDir().dirName().toStdString();
    return fi.completeBaseName().toStdString();
}

ModelSpec PresetRepository::resolveModel(const QString &idOrPath) const
{
    if (const ModelSpec *m = findModel(idOrPath))
        return *m;
    std::vector<std::string> ids;
    for (const ModelSpec &m : m_models)
        ids.push_back(m.id);
    if (looksLikePath(idOrPath) || QFileInfo::exists(idOrPath)) {
        // A Hugging Face name ("meta-llama/Llama-3.1-70B") looks like a path: point at the preset.
        if (!QFileInfo::exists(idOrPath)) {
            const std::string hint = didYouMean(suggestNames(QFileInfo(idOrPath).fileName().toStdString(), ids));
            if (!hint.empty())
                throw InputError("no such file or model preset: " + idOrPath.toStdString() + " (" + hint + ")");
        }
        // config.json, hf_quant_config.json, generation_config.json and the safetensors headers;
        // readJsonFile refuses what is not a regular file, saying what it is.
        const checkpointfolder::ModelFolder folder = checkpointfolder::read(idOrPath);
        const QFileInfo fi(folder.configPath);
        ModelSpec m = modelFromJsonText(folder.modelText, folder.id);
        if (m.hfRepo.empty())
            m.hfRepo = fi.absolutePath().toStdString(); // a local checkpoint folder holds config.json
        requireOneLine("the model's folder name (its path, used as the model path)", m.hfRepo);
        return m;
    }
    throw InputError(unknownPreset("model", idOrPath, ids, "a config.json or a model folder"));
}

GpuSpec PresetRepository::resolveGpu(const QString &idOrPath) const
{
    if (const GpuSpec *g = findGpu(idOrPath))
        return *g;
    if (looksLikePath(idOrPath) || QFileInfo::exists(idOrPath)) {
        const QFileInfo fi(idOrPath); // readJsonFile refuses what is not a regular file, saying what it is
        return gpuFromJsonText(readJsonFile(idOrPath), fi.completeBaseName().toStdString());
    }
    std::vector<std::string> ids;
    for (const GpuSpec &g : m_gpus)
        ids.push_back(g.id);
    throw InputError(unknownPreset("GPU", idOrPath, ids, "a path to a GPU JSON file"));
}
