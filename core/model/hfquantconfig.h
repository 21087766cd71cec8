#pragma once
#include <string>

namespace shardscope {

// A checkpoint folder's config.json with the hf_quant_config.json next to it: the preset form
// {"config": <config>, "hf_quant_config": <file>} when the config has no quantization_config of its own
// (vLLM reads the file then), else the config unchanged. Throws InputError for a file that is not JSON.
// Defined in quantconfig.cpp.
std::string withHfQuantConfig(const std::string &configText, const std::string &hfQuantText);

} // namespace shardscope
