#pragma once
#include "core/model/modelspec.h"

#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

// How a model reference found its preset.
enum class PresetMatchKind { None, Exact, Alias, Folder, Variant };

struct PresetMatch
{
    int index = -1; // into the model list; -1 when nothing matches
    PresetMatchKind kind = PresetMatchKind::None;
    // Variant: the suffixes dropped from the reference's name to reach the preset ("-FP8", "-Instruct").
    std::vector<std::string> dropped;
    // The dropped suffixes name a quantized checkpoint (FP8, NVFP4, AWQ, ...): the preset's weights are
    // its own format, not the checkpoint's.
    bool quantizedVariant = false;
    // The preset is a quantized copy of the reference (nvidia/Kimi-K2.6-NVFP4 for moonshotai/Kimi-K2.6): the
    // reference names the original checkpoint, whose weight format may differ from the preset's. `dropped`
    // holds the suffixes the preset's name adds ("-NVFP4").
    bool presetIsQuantizedCopy = false;
};

// The preset a model reference names, tried in this order: the preset id or its Hugging Face repo
// (case-insensitive); one of the preset's "aliases" (mirrors such as nvidia/...-NVFP4, RedHatAI/...);
// a local folder named like the repo or an alias; then the reference's name with common variant suffixes
// dropped (-FP8, -FP8-Dynamic, -NVFP4, -MXFP4, -MXFP8, -AWQ, -GPTQ, -Int4, -Int8, -W4A16, -W8A8, -BF16,
// -w-mxfp4-a-fp8, -qat, -ct (compressed-tensors), the -$DTYPE placeholder,
// -Instruct, -Thinking, -Base, -2507-style dates) compared with the presets' names treated the same way;
// last, a preset that is only a quantized copy of the reference (its name plus -NVFP4, -FP8, ...).
PresetMatch matchModelPreset(const std::vector<ModelSpec> &models, std::string_view reference);

} // namespace shardscope
