#pragma once
#include "core/evaluate/weights.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <string>

namespace shardscope {

// Where a plan's weight bytes come from. "estimated": parameters x bytes per parameter (weights.h).
// "safetensors": a local checkpoint's headers were read (ModelSpec::checkpoint) and the plan loads the
// checkpoint as stored (no --quantization): each rank's estimated bytes are scaled by
// checkpoint / estimate, so the whole model weighs exactly what its language-model tensors weigh in
// the files, and each rank keeps the estimate's share (which tensors a rank holds follows vLLM's
// sharding, weights.h; the files do not say how vLLM will split them).
struct WeightSource
{
    std::string source = "estimated";
    double estimatedBytes = 0; // the whole model, unsharded, as estimated
    double checkpointBytes = 0; // the checkpoint's language-model tensors; 0 when unknown or not used
    double scale = 1; // applied to every rank's weights
};
WeightSource weightSource(const ModelSpec &m, const Plan &p, const BytesPerParam &bytes);

} // namespace shardscope
