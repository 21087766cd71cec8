#pragma once
// The vision encoder of a multimodal config ("vision_config"), sized as vLLM builds it.
#include "core/model/modelspec.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>

namespace shardscope {

// Reads outer["vision_config"] when present. A vision model_type this reader knows is sized tensor by
// tensor; another one is returned with its type and no parameters (VisionTower::sized() false), so the
// planner warns instead of guessing. textHidden: the language model's hidden size (the projector's output).
VisionTower readVisionTower(const nlohmann::json &outer, int textHidden);

// Whether --mm-encoder-tp-mode data applies to the tower: vLLM falls back to "weights" for a model class
// without supports_encoder_tp_data (vllm/config/model.py, neuralmagic/vllm@017e9f4448b7). Only towers with
// TP-sharded tensors are affected; of those, the Gemma-4 Unified embedder's model does not support it. A tower
// whose heads tp does not divide (VisionTower::splitHeads) is whole on every rank in either mode.
bool visionTowerTpDataMode(const VisionTower &t, bool dataRequested, int tp = 1);

// Whether vLLM still builds the tower with --language-model-only (every modality limited to 0). Towers built
// under _mark_tower_model (vllm/model_executor/models/interfaces.py) are skipped then; the Gemma-4 Unified
// embedders are built outside it (gemma4_unified.py __init__, neuralmagic/vllm@017e9f4448b7), so they stay.
bool visionTowerKeptLanguageOnly(const VisionTower &t);

// The image processor's largest image in pixels from a model folder's preprocessor_config.json, which the preset
// form keeps as preset["preprocessor_config"] (io/checkpointfolder): "size": {"longest_edge"} as Transformers'
// Qwen2VLImageProcessor writes it, else "max_pixels"; `fallback` when the file or both keys are absent.
std::int64_t processorMaxImagePixels(const nlohmann::json &preset, std::int64_t fallback);

} // namespace shardscope
