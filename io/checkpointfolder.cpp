#include "io/checkpointfolder.h"

#include "core/model/errors.h"
#include "core/model/hfquantconfig.h"
#include "core/model/modelspec.h"
#include "io/boundedread.h"
#include "io/presetrepository.h"

#include <QDir>
#include <QFileInfo>

using namespace shardscope;

namespace checkpointfolder {

namespace {

// At most this many shards (DeepSeek-V3 has 163, Kimi-K2 64) and this many header bytes in all.
constexpr int kMaxShards = 4096;
constexpr std::uint64_t kMaxAllHeaderBytes = std::uint64_t { 512 } * 1024 * 1024;

std::string describe(const BoundedRead &r, const QString &path)
{
    const std::string p = path.toStdString();
    switch (r.status) {
    case BoundedRead::Status::Missing:
        return "no such file: " + p;
    case BoundedRead::Status::NotRegular:
        return p + " " + r.reason;
    case BoundedRead::Status::TooLarge:
        return p + " is too large";
    default:
        return "cannot read " + p + ": " + r.reason;
    }
}

// `path`, symlinks resolved, lies in `folder` (itself resolved), or, for a Hugging Face cache snapshot
// (…/models--org--name/snapshots/<rev>/), in that repository's blobs/ folder.
bool insideFolder(const QString &path, const QString &folder)
{
    const QString target = QFileInfo(path).canonicalFilePath();
    const QString home = QFileInfo(folder).canonicalFilePath();
    if (target.isEmpty() || home.isEmpty())
        return false;
    if (QFileInfo(target).absolutePath() == home)
        return true;
    QDir snapshots(home);
    if (!snapshots.cdUp() || snapshots.dirName() != QLatin1String("snapshots"))
        return false;
    QDir repo = snapshots;
    if (!repo.cdUp() || !repo.cd(QStringLiteral("blobs")))
        return false;
    return QFileInfo(target).absolutePath() == repo.canonicalPath();
}

} // namespace

std::vector<SafetensorsTensor> readHeader(const QString &path)
{
    const BoundedRead head = readRegularFile(path, 8, false);
    if (!head.ok())
        throw InputError(describe(head, path));
    std::uint64_t n = 0;
    try {
        n = safetensorsHeaderLength(head.data);
    } catch (const InputError &e) {
        throw InputError(path.toStdString() + ": " + e.what());
    }
    const BoundedRead whole = readRegularFile(path, static_cast<std::int64_t>(8 + n), false);
    if (!whole.ok())
        throw InputError(describe(whole, path));
    // The size after the read: the bounded reader refused anything but a regular file already.
    const qint64 size = QFileInfo(path).size();
    if (whole.data.size() != 8 + n || size < static_cast<qint64>(n) + 8)
        throw InputError(path.toStdString() + ": the file ends inside its safetensors header");
    try {
        return parseSafetensorsHeader(std::string_view(whole.data).substr(8), static_cast<std::uint64_t>(size) - 8 - n);
    } catch (const InputError &e) {
        throw InputError(path.toStdString() + ": " + e.what());
    }
}

CheckpointWeights readWeights(const QString &folder, int numHiddenLayers)
{
    const QDir dir(folder);
    QStringList shards;
    const QString indexPath = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    std::optional<std::uint64_t> indexTotal;
    if (QFileInfo(indexPath).exists()) {
        const SafetensorsIndex index = parseSafetensorsIndex(readJsonFile(indexPath));
        indexTotal = index.totalSize;
        for (const std::string &name : index.files)
            shards << QString::fromStdString(name);
    } else {
        shards = dir.entryList({ QStringLiteral("*.safetensors") }, QDir::Files | QDir::System, QDir::Name);
    }
    CheckpointWeights none;
    if (shards.isEmpty())
        return none;
    if (shards.size() > kMaxShards)
        throw InputError(folder.toStdString() + " holds more than 4096 safetensors shards");
    std::vector<SafetensorsTensor> tensors;
    std::uint64_t headerBytes = 0;
    for (const QString &name : shards) {
        const QString path = dir.filePath(name);
        if (!QFileInfo::exists(path)) {
            // A folder of configs only (downloaded without the weights): the index's total, not used.
            none.source = "safetensors index (shards absent)";
            none.totalBytes = indexTotal ? static_cast<double>(*indexTotal) : 0;
            none.languageBytes = 0;
            return none;
        }
        if (!insideFolder(path, folder))
            throw InputError(path.toStdString() + " lies outside the model folder (a symlink out of it)");
        std::vector<SafetensorsTensor> more = readHeader(path);
        for (const SafetensorsTensor &t : more)
            headerBytes += t.name.size() + 64;
        if (headerBytes > kMaxAllHeaderBytes)
            throw InputError(folder.toStdString() + ": the safetensors headers exceed 512 MiB in all");
        tensors.insert(tensors.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    CheckpointWeights w = summarizeCheckpoint(tensors, numHiddenLayers);
    w.files = static_cast<int>(shards.size());
    if (indexTotal && *indexTotal != static_cast<std::uint64_t>(w.totalBytes))
        // The index's total_size is what the headers add up to (transformers' save_pretrained): say so
        // when they disagree rather than trust either silently.
        throw InputError(indexPath.toStdString() + ": total_size " + std::to_string(*indexTotal)
            + " differs from the shards' tensors, " + std::to_string(static_cast<std::uint64_t>(w.totalBytes))
            + " bytes");
    return w;
}

ModelFolder read(const QString &fileOrFolder)
{
    ModelFolder f;
    f.configPath = PresetRepository::modelConfigPath(fileOrFolder);
    f.id = PresetRepository::modelIdForConfig(f.configPath);
    const QFileInfo fi(f.configPath);
    const QDir dir = fi.absoluteDir();
    std::string text = readJsonFile(f.configPath);
    // A ModelOpt checkpoint keeps its quantization in hf_quant_config.json next to config.json.
    const QString hfQuant = dir.filePath(QStringLiteral("hf_quant_config.json"));
    if (QFileInfo(hfQuant).exists())
        text = withHfQuantConfig(text, readJsonFile(hfQuant));
    const QString generation = dir.filePath(QStringLiteral("generation_config.json"));
    const std::string generationText = QFileInfo(generation).exists() ? readJsonFile(generation) : std::string();
    // The image processor's largest image: the multimodal encoder's dummy item in vLLM's profiling run.
    const QString preprocessor = dir.filePath(QStringLiteral("preprocessor_config.json"));
    const std::string preprocessorText = QFileInfo(preprocessor).exists() ? readJsonFile(preprocessor) : std::string();
    // The layer count splits the MTP layers off; the config is parsed once more by the caller.
    const ModelSpec spec = modelFromJsonText(text, f.id);
    f.weights = readWeights(dir.absolutePath(), spec.layers);
    f.modelText = withCheckpointFiles(text, generationText, f.weights, preprocessorText);
    return f;
}

} // namespace checkpointfolder
