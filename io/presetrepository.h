#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelcatalog.h"
#include "core/model/modelspec.h"

#include <QString>
#include <QStringList>

#include <vector>

// Built-in presets (compiled-in resources) plus the user's own folder, whose files add to or
// override them by id: $XDG_DATA_HOME/ShardScope/models/*.json and …/gpus/*.json (userFolder(), as
// the README and the manual say). Releases up to 0.x read <AppDataLocation>, which is
// …/ShardScope/ShardScope (organisation and application both "ShardScope"): that legacyFolder() is
// still read, below the user folder, and a one-time notice asks to move its files.
class PresetRepository
{
public:
    // Loads the built-ins and the user folder. Broken user files are skipped and listed in
    // loadErrors(); a broken built-in is a programming error and also lands there.
    static PresetRepository load();
    // Only the given folders (for tests): each may hold models/ and gpus/ subfolders.
    static PresetRepository loadFrom(const QStringList &folders);

    // $XDG_DATA_HOME/<application name>: ~/.local/share/ShardScope.
    static QString userFolder();
    // Where earlier releases looked (QStandardPaths::AppDataLocation); empty when it is userFolder().
    static QString legacyFolder();
    // The first time user presets are found in legacyFolder(): one line asking to move them to
    // userFolder() (remembered in QSettings, so it is said once); else empty.
    static QString takeMigrationNotice();

    const std::vector<shardscope::ModelSpec> &models() const { return m_models; }
    const std::vector<shardscope::GpuSpec> &gpus() const { return m_gpus; }
    const QStringList &loadErrors() const { return m_errors; }

    const shardscope::ModelSpec *findModel(const QString &id) const;
    const shardscope::GpuSpec *findGpu(const QString &id) const;

    // A preset id, or a path to a JSON file (a Hugging Face config.json for models).
    // Throws shardscope::InputError with a one-line message.
    shardscope::ModelSpec resolveModel(const QString &idOrPath) const;
    shardscope::GpuSpec resolveGpu(const QString &idOrPath) const;

    // Reads a file of at most 16 MiB (larger files are refused, not read).
    static std::string readJsonFile(const QString &path);

private:
    void addFolder(const QString &folder);
    std::vector<shardscope::ModelSpec> m_models;
    std::vector<shardscope::GpuSpec> m_gpus;
    QStringList m_errors;
};

// The window's catalog of the repository's presets (user-opened models are added to it later).
inline ModelCatalog catalogFromPresets(const PresetRepository &repo)
{
    return ModelCatalog::fromPresets(repo.models(), repo.gpus());
}
