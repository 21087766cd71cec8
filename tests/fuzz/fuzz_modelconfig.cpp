// libFuzzer target: a model file as the user opens it (a ShardScope preset or a Hugging Face
// config.json), then the typical plans for it.
#include "fuzzing.h"

#include "core/model/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    shardscope::ModelSpec model;
    try {
        model = shardscope::modelFromJsonText(text, "fuzz");
    } catch (const shardscope::InputError &) {
        return 0; // rejected with a message: the expected outcome for most inputs
    }
    if (model.layers < 1 || model.heads < 1 || static_cast<int>(model.layerInfo.size()) != model.layers)
        fuzzing::fail("accepted model without layers or heads");
    fuzzing::evaluateTypicalPlans(model, fuzzing::gpu());
    return 0;
}
