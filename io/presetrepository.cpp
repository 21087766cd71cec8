#include "io/presetrepository.h"

#include "core/model/errors.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

using namespace shardscope;

namespace {

constexpr qint64 kMaxJsonBytes = 16 * 1024 * 1024;

template <typename Spec> void upsert(std::vector<Spec> &list, Spec spec)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const Spec &s) { return s.id == spec.id; });
    if (it != list.end())
        *it = std::move(spec);
    else
        list.push_back(std::move(spec));
}

QString closestIds(const QStringList &ids)
{
    return ids.join(QStringLiteral(", "));
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

ModelSpec PresetRepository::resolveModel(const QString &idOrPath) const
{
    if (const ModelSpec *m = findModel(idOrPath))
        return *m;
    if (looksLikePath(idOrPath) || QFileInfo::exists(idOrPath)) {
        QFileInfo fi(idOrPath);
        ModelSpec m = modelFromJsonText(readJsonFile(idOrPath), fi.completeBaseName().toStdString());
        if (m.hfRepo.empty())
            m.hfRepo = fi.absolutePath().toStdString(); // a local checkpoint folder holds config.json
        return m;
    }
    QStringList ids;
    for (const ModelSpec &m : m_models)
        ids << QString::fromStdString(m.id);
    throw InputError("unknown model \"" + idOrPath.toStdString() + "\" (presets: " + closestIds(ids).toStdString()
        + "; or give a path to a config.json)");
}

GpuSpec PresetRepository::resolveGpu(const QString &idOrPath) const
{
    if (const GpuSpec *g = findGpu(idOrPath))
        return *g;
    if (looksLikePath(idOrPath) || QFileInfo::exists(idOrPath))
        return gpuFromJsonText(readJsonFile(idOrPath), QFileInfo(idOrPath).completeBaseName().toStdString());
    QStringList ids;
    for (const GpuSpec &g : m_gpus)
        ids << QString::fromStdString(g.id);
    throw InputError("unknown GPU \"" + idOrPath.toStdString() + "\" (presets: " + closestIds(ids).toStdString()
        + "; or give a path to a GPU JSON file)");
}
