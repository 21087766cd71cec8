#include "core/serving/workloadio.h"

#include "core/model/errors.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

namespace shardscope {

using nlohmann::json;

json workloadToJson(const Workload &w)
{
    json j = { { "input_len", w.inputLen }, { "output_len", w.outputLen }, { "max_concurrency", w.maxConcurrency },
        { "request_rate", w.requestRate }, { "num_prompts", w.numPrompts }, { "prefix_hit_rate", w.prefixHitRate },
        { "seed", w.seed } };
    if (w.inputLenLo > 0 || w.inputLenHi > 0)
        j["input_len_range"] = { w.inputLenLo, w.inputLenHi };
    if (w.dataset != Dataset::Random) // files without the field stay byte-identical
        j["dataset_name"] = datasetName(w.dataset);
    return j;
}

namespace {

[[noreturn]] void refuse(const char *key, const std::string &why)
{
    throw InputError(std::string("workload.") + key + ": " + why);
}

std::int64_t whole(const json &j, const char *key, std::int64_t fallback, std::int64_t lo, std::int64_t hi)
{
    const auto it = j.find(key);
    if (it == j.end())
        return fallback;
    if (!it->is_number_integer())
        refuse(key, "expected a whole number");
    // Unsigned values above int64 would wrap: read as the widest type and compare.
    if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
        refuse(key, "expected " + std::to_string(lo) + " to " + std::to_string(hi));
    const std::int64_t v = it->get<std::int64_t>();
    if (v < lo || v > hi)
        refuse(key, "expected " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

double real(const json &j, const char *key, double fallback, double lo, double hi)
{
    const auto it = j.find(key);
    if (it == j.end())
        return fallback;
    if (!it->is_number())
        refuse(key, "expected a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < lo || v > hi)
        refuse(key, "expected a number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

} // namespace

Workload workloadFromJson(const json &j)
{
    if (!j.is_object())
        throw InputError("workload: expected an object");
    Workload w;
    // The same bounds as the flags (checkWorkload); the context length is checked when simulating.
    constexpr std::int64_t kMaxLen = std::int64_t(1) << 40;
    w.inputLen = whole(j, "input_len", w.inputLen, 1, kMaxLen);
    w.outputLen = whole(j, "output_len", w.outputLen, 1, kMaxOutputLen);
    if (const auto it = j.find("input_len_range"); it != j.end()) {
        if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number_integer() || !(*it)[1].is_number_integer())
            refuse("input_len_range", "expected [lo, hi], two whole numbers");
        const json pair = { { "input_len_range", (*it)[0] } };
        w.inputLenLo = whole(pair, "input_len_range", 0, 1, kMaxLen);
        const json hi = { { "input_len_range", (*it)[1] } };
        w.inputLenHi = whole(hi, "input_len_range", 0, w.inputLenLo, kMaxLen);
    }
    if (const auto it = j.find("dataset_name"); it != j.end()) {
        if (*it == "sharegpt")
            w.dataset = Dataset::ShareGpt;
        else if (*it != "random")
            refuse("dataset_name", "expected \"random\" or \"sharegpt\"");
    }
    w.maxConcurrency = whole(j, "max_concurrency", w.maxConcurrency, 0, kMaxNumPrompts);
    w.requestRate = real(j, "request_rate", w.requestRate, 0, kMaxRequestRate);
    w.numPrompts = whole(j, "num_prompts", w.numPrompts, 1, kMaxNumPrompts);
    w.prefixHitRate = real(j, "prefix_hit_rate", w.prefixHitRate, 0, 0.999999);
    w.seed = static_cast<std::uint64_t>(
        whole(j, "seed", static_cast<std::int64_t>(w.seed), 0, std::numeric_limits<std::int64_t>::max()));
    if (w.dataset == Dataset::ShareGpt) {
        useShareGptMeans(w, !j.contains("input_len"), !j.contains("output_len"));
        if (w.inputLenLo > 0)
            refuse("input_len_range", "a sharegpt workload draws each request's lengths");
    }
    return w;
}

} // namespace shardscope
