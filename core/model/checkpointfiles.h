#pragma once
#include <map>
#include <string>

namespace shardscope {

// The weights of a checkpoint, split as vLLM loads them for the language model. Tensors of layers
// at or past num_hidden_layers are the MTP / next-token-prediction layers (DeepSeek-V3's layer 61),
// vision-tower and projector tensors the multimodal encoder: both are counted apart.
struct CheckpointWeights
{
    std::string source; // "safetensors headers" or "safetensors index" (total only)
    double languageBytes = 0; // the language model's tensors, bytes
    std::map<std::string, double> bytesByDtype; // of languageBytes
    double mtpBytes = 0;
    double visionBytes = 0;
    double totalBytes = 0; // everything in the checkpoint
    int tensors = 0;
    int files = 0;
    bool known() const { return totalBytes > 0; }
    bool operator==(const CheckpointWeights &) const = default;
};
// What a local model folder says beyond its config: the weights' bytes and generation_config.json's
// numeric sampling defaults, which vLLM applies to requests that set none (--generation-config auto;
// the keys of get_diff_sampling_param in vllm/config/model.py).
struct CheckpointFiles
{
    CheckpointWeights weights;
    std::map<std::string, double> generationDefaults; // temperature, top_p, top_k, min_p, ...
    bool operator==(const CheckpointFiles &) const = default;
};

} // namespace shardscope
