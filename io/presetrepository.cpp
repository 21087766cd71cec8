#include "io/presetrepository.h"

#include "core/model/errors.h"
#include "io/boundedread.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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

QString closestIds(const QStringList &ids)
{
    return ids.join(QStringLiteral(", "));
}

} // namespace

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
