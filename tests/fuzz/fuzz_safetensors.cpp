// libFuzzer target: a *.safetensors file's first bytes as io/checkpointfolder reads them (the 8-byte
// little-endian header length, then the JSON header), and the same bytes as a
// model.safetensors.index.json; then the checkpoint summary and a model preset carrying it.
#include "fuzzing.h"

#include "core/model/errors.h"
#include "core/model/safetensors.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    using namespace shardscope;
    try {
        const std::uint64_t n = safetensorsHeaderLength(bytes);
        if (n > kMaxSafetensorsHeaderBytes)
            fuzzing::fail("header length past the cap accepted");
        if (bytes.size() >= 8 + n) {
            // The data after the header is the rest of the input, as a file of that size would hold.
            const std::uint64_t dataBytes = bytes.size() - 8 - n;
            const auto tensors = parseSafetensorsHeader(bytes.substr(8, n), dataBytes);
            for (const SafetensorsTensor &t : tensors)
                if (t.bytes > dataBytes || !safetensorsDtypeBits(t.dtype))
                    fuzzing::fail("tensor outside the data or of an unknown dtype accepted");
            const CheckpointWeights w = summarizeCheckpoint(tensors, 2);
            if (w.languageBytes + w.mtpBytes + w.visionBytes != w.totalBytes)
                fuzzing::fail("checkpoint parts do not add up");
            const ModelSpec model = modelFromJsonText(withCheckpointFiles(kFuzzModels[0], "", w), "fuzz");
            if (w.known() && model.checkpoint.weights.languageBytes != w.languageBytes)
                fuzzing::fail("checkpoint bytes lost in the preset");
            fuzzing::evaluateTypicalPlans(model, fuzzing::gpu());
        }
    } catch (const InputError &) {
    }
    try {
        const SafetensorsIndex index = parseSafetensorsIndex(bytes);
        for (const std::string &f : index.files)
            if (f.find('/') != std::string::npos || f.find("..") != std::string::npos
                || std::any_of(f.begin(), f.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
                fuzzing::fail("shard name outside the folder accepted");
    } catch (const InputError &) {
    }
    return 0;
}
