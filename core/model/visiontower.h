#pragma once
// The vision encoder of a multimodal config ("vision_config"), sized as vLLM builds it.
#include "core/model/modelspec.h"

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// Reads outer["vision_config"] when present. A vision model_type this reader knows is sized tensor by
// tensor; another one is returned with its type and no parameters (VisionTower::sized() false), so the
// planner warns instead of guessing. textHidden: the language model's hidden size (the projector's output).
VisionTower readVisionTower(const nlohmann::json &outer, int textHidden);

} // namespace shardscope
