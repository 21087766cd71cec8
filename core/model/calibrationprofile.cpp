#include "core/model/calibrationprofile.h"

#include "core/model/errors.h"
#include "core/model/jsonlimits.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace shardscope {

using nlohmann::json;

json calibrationToJson(const CalibrationProfile &c)
{
    return json { { "schema", "shardscope.calibration/1" }, { "name", c.name }, { "gpu", c.gpuId },
        { "vllm_version", vllmVersionName(resolvedVllmVersion(c.vllmVersion)) }, { "tp", c.tp },
        { "activation_scale", c.activationScale > 0 ? json(c.activationScale) : json(nullptr) },
        { "non_torch_bytes", c.nonTorchBytes >= 0 ? json(c.nonTorchBytes) : json(nullptr) },
        { "cuda_graph_bytes", c.cudaGraphBytes >= 0 ? json(c.cudaGraphBytes) : json(nullptr) },
        { "source", c.source } };
}

namespace {

std::string rangeText(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

double optionalNumber(const json &j, const char *key, double unset, double lo, double hi)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return unset;
    if (!it->is_number())
        throw InputError(std::string("calibration field \"") + key + "\" must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < lo || v > hi)
        throw InputError(std::string("calibration field \"") + key + "\" = " + it->dump() + " is out of range ["
            + rangeText(lo) + ", " + rangeText(hi) + "]");
    return v;
}

std::string optionalString(const json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw InputError(std::string("calibration field \"") + key + "\" must be a string");
    return it->get<std::string>();
}

} // namespace

CalibrationProfile calibrationFromJson(const json &j)
{
    if (!j.is_object())
        throw InputError("calibration profile must be a JSON object");
    if (const std::string schema = optionalString(j, "schema"); !schema.empty() && schema != "shardscope.calibration/1")
        throw InputError("unknown calibration schema \"" + schema + "\"");
    CalibrationProfile c;
    c.name = optionalString(j, "name");
    if (c.name.empty())
        throw InputError("calibration profile has no \"name\"");
    c.gpuId = optionalString(j, "gpu");
    requireOneLine("calibration field \"name\"", c.name);
    requireOneLine("calibration field \"gpu\"", c.gpuId);
    const std::string version = optionalString(j, "vllm_version");
    if (!version.empty()) {
        const auto v = parseVllmVersion(version);
        if (!v)
            throw InputError(
                "calibration field \"vllm_version\" = \"" + version + "\" is not a version such as 0.11.0");
        c.vllmVersion = *v;
    }
    const double tp = optionalNumber(j, "tp", 1, 1, 1 << 20);
    if (tp != std::floor(tp))
        throw InputError("calibration field \"tp\" = " + j.at("tp").dump() + " must be a whole number");
    c.tp = static_cast<int>(tp);
    c.activationScale = optionalNumber(j, "activation_scale", 0, 0, 100);
    c.nonTorchBytes = optionalNumber(j, "non_torch_bytes", -1, 0, 1e15);
    c.cudaGraphBytes = optionalNumber(j, "cuda_graph_bytes", -1, 0, 1e15);
    c.source = optionalString(j, "source");
    requireOneLine("calibration field \"source\"", c.source);
    return c;
}

CalibrationProfile calibrationFromJsonText(const std::string &text)
{
    requireShallowJson(text, "calibration profile");
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) { // also out_of_range: a number too large for a double
        throw InputError(std::string("calibration profile is not valid JSON: ") + e.what());
    }
    return calibrationFromJson(j);
}

} // namespace shardscope
