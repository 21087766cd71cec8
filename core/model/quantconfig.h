#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

struct ModelSpec;

// How the quantized linear layers of a checkpoint store one weight: value bits plus the scales (and
// zero points) shared by a group of elements along the input dimension.
struct QuantScheme
{
    std::string name; // "nvfp4", "fp8", "fp8-block", "mxfp4", "int4", "int8", ...
    int bits = 16; // bits per stored value
    int groupSize = 0; // elements per scale along the input dim; 0: one scale per tensor or channel
    int scaleBits = 0; // bits of one group scale (FP8 E4M3: 8, E8M0: 8, BF16/FP16: 16, FP32: 32)
    int zeroBits = 0; // bits of one group zero point (asymmetric integer schemes), 0 when symmetric
    int blockRows = 0, blockCols = 0; // 2-D block scales (FP8 128x128), 0 when not block-scaled
    int blockScaleBits = 0;
    // Bytes per weight, scales included (per-tensor and per-channel scales are negligible: 0).
    double bytesPerParam() const;
    bool operator==(const QuantScheme &) const = default;
};

// A quantization_config (config.json) or an hf_quant_config.json (NVIDIA ModelOpt), read for what the
// planner needs: the scheme of the quantized layers and which modules stay unquantized.
struct QuantConfig
{
    std::string method; // quant_method as the checkpoint names it ("modelopt", "compressed-tensors", ...)
    std::string algo; // ModelOpt quant_algo / compressed-tensors format, as written
    QuantScheme scheme;
    std::vector<std::string> ignore; // ignore / exclude_modules / modules_to_not_convert, as written
    bool modelOptPatterns = false; // ModelOpt: fnmatch wildcards and substrings; else "re:" regex or exact
    bool operator==(const QuantConfig &) const = default;

    // True when vLLM leaves the module of this full name unquantized (vllm quant_utils.is_layer_skipped,
    // compressed_tensors utils.should_ignore_layer, ModelOpt is_layer_excluded).
    bool ignores(std::string_view moduleName) const;
};

// Which share of each kind of weight the checkpoint quantizes (parameter-weighted over the layers
// and projections), worked out from the ignore list against vLLM's module names.
struct QuantCoverage
{
    double attention = 1; // q/k/v/o (or MLA) projections
    double denseMlp = 1; // MLP of the dense layers
    double sharedExperts = 1;
    double experts = 1; // routed experts
    bool lmHead = false; // the LM head is quantized only when the config says so
    bool operator==(const QuantCoverage &) const = default;
};

// Reads quant_method "modelopt" / "modelopt_fp4" (in config.json or the hf_quant_config.json form with a
// "quantization" object) and "compressed-tensors". Returns false for methods it does not handle (the
// caller reads fp8 / mxfp4 / awq / gptq itself). Throws InputError naming the field it cannot read:
// an unknown quant_algo, a group layout it does not know, mixed schemes across config_groups.
bool readQuantConfig(const nlohmann::json &q, QuantConfig &out);

// Applies the ignore list to the model's layers (layerInfo must be filled).
QuantCoverage quantCoverage(const QuantConfig &q, const ModelSpec &m);

} // namespace shardscope
