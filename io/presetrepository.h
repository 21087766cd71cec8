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
    // The part of loadErrors() about entries that are not regular files (a FIFO, a device, a folder, a
    // dangling symlink): every command warns about these, not only `presets`.
    const QStringList &skippedEntries() const { return m_skipped; }

    const shardscope::ModelSpec *findModel(const QString &id) const;
    const shardscope::GpuSpec *findGpu(const QString &id) const;

    // A preset id, or a path to a JSON file (a Hugging Face config.json for models, or the model
    // folder holding it). Throws shardscope::InputError with a one-line message, which for an
    // unknown id suggests the closest preset ids ("did you mean deepseek-v3?").
    shardscope::ModelSpec resolveModel(const QString &idOrPath) const;
    shardscope::GpuSpec resolveGpu(const QString &idOrPath) const;

    // A model path as the user gave it: a folder means its config.json (a checkpoint folder, as vLLM
    // takes it). Throws shardscope::InputError for a folder without one.
    static QString modelConfigPath(const QString &fileOrFolder);
    // The id a model config file is known by: its folder's name for a config.json ("Qwen3-32B"),
    // else the file's base name.
    static std::string modelIdForConfig(const QString &configPath);

private:
    void addFolder(const QString &folder);
    std::vector<shardscope::ModelSpec> m_models;
    std::vector<shardscope::GpuSpec> m_gpus;
    QStringList m_errors;
    QStringList m_skipped;
};

// The window's catalog of the repository's presets (user-opened models are added to it later).
inline ModelCatalog catalogFromPresets(const PresetRepository &repo)
{
    return ModelCatalog::fromPresets(repo.models(), repo.gpus());
}
