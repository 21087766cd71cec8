#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/checkpointfiles.h"

namespace shardscope {

struct ModelSpec;

// A checkpoint's *.safetensors headers and model.safetensors.index.json, parsed from bytes (the files
// are read by io/checkpointfolder, headers only). The format (huggingface/safetensors, README
// "Format"): 8 bytes, a little-endian unsigned 64-bit header length N; N bytes of UTF-8 JSON mapping
// each tensor name to {"dtype", "shape", "data_offsets": [begin, end]} (offsets relative to the byte
// after the header), plus an optional "__metadata__" object of strings; then the tensor data.

// safetensors caps the header at 100 MB (MAX_HEADER_SIZE in safetensors/src/tensor.rs); so do we.
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

// N from the first 8 bytes. Throws InputError when fewer than 8 bytes or N is 0 or above the cap.
std::uint64_t safetensorsHeaderLength(std::string_view first8);

struct SafetensorsTensor
{
    std::string name;
    std::string dtype; // "BF16", "F8_E4M3", "U8", ...
    std::vector<std::uint64_t> shape;
    std::uint64_t bytes = 0; // data_offsets end - begin, checked against shape x dtype
};

// The tensors of one header (`header` = the N JSON bytes). `dataBytes` = file size - 8 - N: every
// tensor must lie inside it and agree with its shape and dtype. Throws InputError naming the tensor.
std::vector<SafetensorsTensor> parseSafetensorsHeader(std::string_view header, std::uint64_t dataBytes);

// Bits per element of a safetensors dtype (F4 is 4, F6_E2M3 6, BF16 16 ...); nullopt when unknown.
std::optional<int> safetensorsDtypeBits(std::string_view dtype);

struct SafetensorsIndex
{
    std::optional<std::uint64_t> totalSize; // metadata.total_size, when given
    std::vector<std::string> files; // the distinct shard files of weight_map, sorted
};
// model.safetensors.index.json. A shard name must be a plain file name in the folder: no '/', '\',
// no "..", no NUL or control character, ending in ".safetensors". Throws InputError.
SafetensorsIndex parseSafetensorsIndex(std::string_view json);

// The checkpoint's tensors summed by part (CheckpointWeights).
CheckpointWeights summarizeCheckpoint(const std::vector<SafetensorsTensor> &tensors, int numHiddenLayers);

// A model file (config.json, or the preset form withHfQuantConfig() makes) in preset form with the
// checkpoint's weights ("checkpoint_weights", zeros when unknown) and its generation_config.json ("generation_config",
// when not empty) beside "config": what ModelCatalog keeps, so that a saved plan keeps them too.
// Throws InputError for text that is not a JSON object.
std::string withCheckpointFiles(const std::string &modelText, const std::string &generationText,
    const CheckpointWeights &weights, const std::string &preprocessorText = {});

} // namespace shardscope
