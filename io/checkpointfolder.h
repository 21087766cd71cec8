#pragma once
#include "core/model/safetensors.h"

#include <QString>

#include <string>

// A local model folder as vLLM takes it (`--model DIR`): config.json, hf_quant_config.json (ModelOpt),
// generation_config.json, preprocessor_config.json and the weights' safetensors headers, read from the folder only,
// each file bounded (io/boundedread), regular files only. Tensor data is never read: of each *.safetensors file only
// its 8-byte length and its JSON header.
namespace checkpointfolder {

struct ModelFolder
{
    QString configPath; // …/config.json
    // The model in preset form: config.json with hf_quant_config.json, checkpoint_weights and
    // generation_config beside it (shardscope::withCheckpointFiles).
    std::string modelText;
    std::string id; // the folder's name
    shardscope::CheckpointWeights weights; // known() when every shard's header was read
};

// `fileOrFolder`: a model folder, or a config.json (whose folder is then read the same way).
// Throws shardscope::InputError with a one-line message naming the file.
ModelFolder read(const QString &fileOrFolder);

// The weights of the *.safetensors files in `folder`: the shards model.safetensors.index.json names
// when there is one, else every *.safetensors file there. Not known() when there are none, or when the
// index names shards that are absent (a folder of configs only); then `source` says so. A shard
// name must be a plain file name, and the file (symlinks followed) must lie in the folder, or in the
// Hugging Face cache's blobs/ folder of the same repository for a snapshots/<revision>/ folder.
shardscope::CheckpointWeights readWeights(const QString &folder, int numHiddenLayers);

// One file's tensors from its header (at most 8 + 100 MB read). Throws shardscope::InputError.
std::vector<shardscope::SafetensorsTensor> readHeader(const QString &path);

} // namespace checkpointfolder
