#include "io/presetrepository.h"

#include "core/model/errors.h"
#include "core/text/suggest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

using namespace shardscope;

namespace {

constexpr qint64 kMaxJsonBytes = qint64 { 16 } * 1024 * 1024;

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

std::string PresetRepository::readJsonFile(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        throw InputError("no such file: " + path.toStdString());
    if (file.size() > kMaxJsonBytes)
        throw InputError(path.toStdString() + " is larger than 16 MiB; not a config file");
    if (!file.open(QIODevice::ReadOnly))
        throw InputError("cannot read " + path.toStdString() + ": " + file.errorString().toStdString());
    const QByteArray data = file.read(kMaxJsonBytes + 1);
    return data.toStdString();
}

QString PresetRepository::userFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

PresetRepository PresetRepository::load()
{
    return loadFrom({ QStringLiteral(":/presets"), userFolder() });
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
    const QStringList filter { QStringLiteral("*.json") };
    const QDir models(folder + QStringLiteral("/models"));
    for (const QFileInfo &fi : models.entryInfoList(filter, QDir::Files, QDir::Name)) {
        try {
            upsert(m_models, modelFromJsonText(readJsonFile(fi.filePath()), fi.completeBaseName().toStdString()));
        } catch (const std::exception &e) {
            m_errors << fi.filePath() + QStringLiteral(": ") + QString::fromStdString(e.what());
        }
    }
    const QDir gpus(folder + QStringLiteral("/gpus"));
    for (const QFileInfo &fi : gpus.entryInfoList(filter, QDir::Files, QDir::Name)) {
        try {
            upsert(m_gpus, gpuFromJsonText(readJsonFile(fi.filePath()), fi.completeBaseName().toStdString()));
        } catch (const std::exception &e) {
            m_errors << fi.filePath() + QStringLiteral(": ") + QString::fromStdString(e.what());
        }
    }
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
    const QString config = QDir(fileOrFolder).filePath(QStringLiteral("config.json"));
    const QFileInfo configInfo(config);
    if (!configInfo.exists())
        throw InputError(fileOrFolder.toStdString() + " is a folder without a config.json");
    if (!configInfo.isFile())
        throw InputError(config.toStdString() + " is not a regular file");
    return config;
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
        const QString path = modelConfigPath(idOrPath);
        const QFileInfo fi(path);
        if (fi.exists() && !fi.isFile())
            throw InputError(path.toStdString() + " is not a regular file");
        ModelSpec m = modelFromJsonText(readJsonFile(path), modelIdForConfig(path));
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
        const QFileInfo fi(idOrPath);
        if (fi.exists() && !fi.isFile())
            throw InputError(idOrPath.toStdString() + " is not a regular file");
        return gpuFromJsonText(readJsonFile(idOrPath), fi.completeBaseName().toStdString());
    }
    std::vector<std::string> ids;
    for (const GpuSpec &g : m_gpus)
        ids.push_back(g.id);
    throw InputError(unknownPreset("GPU", idOrPath, ids, "a path to a GPU JSON file"));
}
