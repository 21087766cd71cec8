#include "core/model/safetensors.h"

#include "core/model/errors.h"
#include "core/model/jsonlenient.h"
#include "core/model/modelspec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>

namespace shardscope {

using nlohmann::json;

std::uint64_t safetensorsHeaderLength(std::string_view first8)
{
    if (first8.size() < 8)
        throw InputError("a safetensors file shorter than its 8-byte header length");
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) // little-endian
        n = (n << 8) | static_cast<unsigned char>(first8[static_cast<size_t>(i)]);
    if (n == 0 || n > kMaxSafetensorsHeaderBytes)
        throw InputError("a safetensors header length of " + std::to_string(n) + " bytes (at most 100 MB)");
    return n;
}

std::optional<int> safetensorsDtypeBits(std::string_view dtype)
{
    // safetensors/src/tensor.rs, enum Dtype and Dtype::bitsize.
    static const std::pair<std::string_view, int> bits[]
        = { { "BOOL", 8 }, { "F4", 4 }, { "F6_E2M3", 6 }, { "F6_E3M2", 6 }, { "U8", 8 }, { "I8", 8 }, { "F8_E5M2", 8 },
              { "F8_E4M3", 8 }, { "F8_E8M0", 8 }, { "I16", 16 }, { "U16", 16 }, { "F16", 16 }, { "BF16", 16 },
              { "I32", 32 }, { "U32", 32 }, { "F32", 32 }, { "C64", 64 }, { "F64", 64 }, { "I64", 64 }, { "U64", 64 } };
    for (const auto &[name, b] : bits)
        if (name == dtype)
            return b;
    return std::nullopt;
}

namespace {

std::string quoteName(const std::string &name)
{
    return "\"" + (name.size() > 80 ? name.substr(0, 80) + "…" : name) + "\"";
}

std::uint64_t nonNegative(const json &v, const std::string &what)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    throw InputError(what + " is not a non-negative integer");
}

// a * b, or nullopt past 2^64.
std::optional<std::uint64_t> times(std::uint64_t a, std::uint64_t b)
{
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
        return std::nullopt;
    return a * b;
}

} // namespace

std::vector<SafetensorsTensor> parseSafetensorsHeader(std::string_view header, std::uint64_t dataBytes)
{
    const json j = parseJsonLenient(header, "the safetensors header");
    if (!j.is_object())
        throw InputError("the safetensors header is not a JSON object");
    std::vector<SafetensorsTensor> out;
    out.reserve(j.size());
    for (const auto &[name, v] : j.items()) {
        if (name == "__metadata__")
            continue; // free-form strings ("format": "pt")
        const std::string what = "tensor " + quoteName(name);
        if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets"))
            throw InputError(what + " lacks dtype, shape or data_offsets");
        SafetensorsTensor t;
        t.name = name;
        if (!v["dtype"].is_string())
            throw InputError(what + ": dtype is not a string");
        t.dtype = v["dtype"].get<std::string>();
        const auto bits = safetensorsDtypeBits(t.dtype);
        if (!bits)
            throw InputError(what + ": unknown dtype " + quoteName(t.dtype));
        const json &shape = v["shape"];
        const json &offsets = v["data_offsets"];
        if (!shape.is_array() || shape.size() > 16)
            throw InputError(what + ": shape is not an array of at most 16 sizes");
        if (!offsets.is_array() || offsets.size() != 2)
            throw InputError(what + ": data_offsets is not [begin, end]");
        std::optional<std::uint64_t> elements = 1;
        for (const json &d : shape) {
            t.shape.push_back(nonNegative(d, what + ": a shape entry"));
            elements = elements ? times(*elements, t.shape.back()) : std::nullopt;
        }
        const std::uint64_t begin = nonNegative(offsets[0], what + ": data_offsets[0]");
        const std::uint64_t end = nonNegative(offsets[1], what + ": data_offsets[1]");
        if (end < begin || end > dataBytes)
            throw InputError(what + ": data_offsets [" + std::to_string(begin) + ", " + std::to_string(end)
                + "] outside the file's " + std::to_string(dataBytes) + " data bytes");
        const auto bitCount = elements ? times(*elements, static_cast<std::uint64_t>(*bits)) : std::nullopt;
        // Sub-byte dtypes pack whole bytes (safetensors requires the bit count to be a multiple of 8).
        if (!bitCount || *bitCount % 8 != 0 || *bitCount / 8 != end - begin)
            throw InputError(
                what + ": " + std::to_string(end - begin) + " bytes do not match its shape and dtype " + t.dtype);
        t.bytes = end - begin;
        out.push_back(std::move(t));
    }
    return out;
}

namespace {

bool plainShardName(const std::string &name)
{
    if (name.empty() || name.size() > 255 || name == "." || name == ".." || name.find("..") != std::string::npos)
        return false;
    if (std::any_of(name.begin(), name.end(),
            [](char c) { return c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return false;
    const std::string_view suffix = ".safetensors";
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

SafetensorsIndex parseSafetensorsIndex(std::string_view text)
{
    const json j = parseJsonLenient(text, "model.safetensors.index.json");
    if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object())
        throw InputError("model.safetensors.index.json has no weight_map object");
    SafetensorsIndex index;
    if (j.contains("metadata") && j["metadata"].is_object() && j["metadata"].contains("total_size"))
        index.totalSize = nonNegative(j["metadata"]["total_size"], "model.safetensors.index.json: total_size");
    std::set<std::string> files;
    for (const auto &[tensor, file] : j["weight_map"].items()) {
        if (!file.is_string() || !plainShardName(file.get<std::string>()))
            throw InputError("model.safetensors.index.json: tensor " + quoteName(tensor)
                + " names a file that is not a plain *.safetensors name in the model folder");
        files.insert(file.get<std::string>());
    }
    index.files.assign(files.begin(), files.end());
    return index;
}

namespace {

// The decoder layer a tensor belongs to ("model.layers.61.mlp..." -> 61), or -1.
int layerOf(const std::string &name)
{
    for (const std::string_view key :
        { std::string_view("layers."), std::string_view("h."), std::string_view("blocks.") }) {
        const size_t at = name.find(key);
        if (at == std::string::npos || (at > 0 && name[at - 1] != '.'))
            continue;
        size_t i = at + key.size();
        int layer = 0;
        bool digits = false;
        while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && layer < 1'000'000) {
            layer = layer * 10 + (name[i] - '0');
            digits = true;
            ++i;
        }
        if (digits && i < name.size() && name[i] == '.')
            return layer;
    }
    return -1;
}

bool isVision(const std::string &name)
{
    // Qwen-VL "visual.", LLaVA / Llama-4 "vision_tower." / "vision_model." and their projectors, Gemma
    // "multi_modal_projector.", Kimi "mm_projector.", audio towers likewise; Gemma-4's projectors
    // "embed_vision." / "embed_audio." and the Gemma-4 Unified patch embedder "vision_embedder."
    // (vllm gemma4_unified.py hf_to_vllm_mapper).
    for (const char *key :
        { "visual.", "vision_tower.", "vision_model.", "vision_encoder.", "multi_modal_projector.", "mm_projector.",
            "audio_tower.", "audio_model.", "image_newline", "vision_embedder.", "embed_vision.", "embed_audio." })
        if (name.rfind(key, 0) == 0 || name.find(std::string(".") + key) != std::string::npos)
            return true;
    return false;
}

} // namespace

CheckpointWeights summarizeCheckpoint(const std::vector<SafetensorsTensor> &tensors, int numHiddenLayers)
{
    CheckpointWeights w;
    w.source = "safetensors headers";
    for (const SafetensorsTensor &t : tensors) {
        const auto bytes = static_cast<double>(t.bytes);
        w.totalBytes += bytes;
        ++w.tensors;
        if (isVision(t.name))
            w.visionBytes += bytes;
        else if (const int layer = layerOf(t.name); numHiddenLayers > 0 && layer >= numHiddenLayers)
            w.mtpBytes += bytes;
        else {
            w.languageBytes += bytes;
            w.bytesByDtype[t.dtype] += bytes;
        }
    }
    return w;
}

std::string withCheckpointFiles(const std::string &modelText, const std::string &generationText,
    const CheckpointWeights &weights, const std::string &preprocessorText)
{
    json model = parseJsonLenient(modelText, "the model config");
    if (!model.is_object())
        throw InputError("the model config is not a JSON object");
    json preset = model.contains("config") ? std::move(model) : json { { "config", std::move(model) } };
    { // always, unknown ones too: it replaces what an earlier folder of the same model said (checkpointOf)
        json dtypes = json::object();
        for (const auto &[dtype, bytes] : weights.bytesByDtype)
            dtypes[dtype] = bytes;
        preset["checkpoint_weights"] = { { "source", weights.source }, { "language_bytes", weights.languageBytes },
            { "bytes_by_dtype", std::move(dtypes) }, { "mtp_bytes", weights.mtpBytes },
            { "vision_bytes", weights.visionBytes }, { "total_bytes", weights.totalBytes },
            { "tensors", weights.tensors }, { "files", weights.files } };
    }
    if (!generationText.empty()) {
        json generation = parseJsonLenient(generationText, "generation_config.json");
        if (!generation.is_object())
            throw InputError("generation_config.json is not a JSON object");
        preset["generation_config"] = std::move(generation);
    }
    if (!preprocessorText.empty()) {
        json preprocessor = parseJsonLenient(preprocessorText, "preprocessor_config.json");
        if (!preprocessor.is_object())
            throw InputError("preprocessor_config.json is not a JSON object");
        preset["preprocessor_config"] = std::move(preprocessor);
    }
    return preset.dump();
}

} // namespace shardscope
