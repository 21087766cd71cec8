#include "core/model/modelcatalog.h"

#include "core/model/errors.h"
#include "core/model/jsonlenient.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using nlohmann::json;
using namespace shardscope;

ModelCatalog ModelCatalog::fromPresets(const std::vector<ModelSpec> &models, const std::vector<GpuSpec> &gpus)
{
    ModelCatalog c;
    for (const ModelSpec &m : models)
        c.m_models.push_back({ m, {} });
    for (const GpuSpec &g : gpus)
        c.m_gpus.push_back({ g, {} });
    return c;
}

const CatalogModel *ModelCatalog::findModel(const std::string &id) const
{
    for (const CatalogModel &m : m_models)
        if (m.spec.id == id)
            return &m;
    return nullptr;
}

const CatalogGpu *ModelCatalog::findGpu(const std::string &id) const
{
    for (const CatalogGpu &g : m_gpus)
        if (g.spec.id == id)
            return &g;
    return nullptr;
}

namespace {

json parseObject(const std::string &text, const char *what)
{
    json j = parseJsonLenient(text, what); // Infinity / NaN as Python's json writes them
    if (!j.is_object())
        throw InputError(std::string(what) + " must be a JSON object");
    return j;
}

// `id` if free (or already naming an equal spec), else id-2, id-3, ...
template <typename List, typename Spec>
std::string uniqueId(const List &list, const Spec &spec, const std::string &id, bool &exists)
{
    exists = false;
    for (int n = 1;; ++n) {
        std::string candidate = n == 1 ? id : id + "-" + std::to_string(n);
        const auto it = std::find_if(list.begin(), list.end(), [&](const auto &e) { return e.spec.id == candidate; });
        if (it == list.end())
            return candidate;
        Spec renamed = spec;
        renamed.id = candidate;
        if (it->spec == renamed) {
            exists = true;
            return candidate;
        }
    }
}

} // namespace

std::string ModelCatalog::addModelJson(
    const std::string &configText, const std::string &fallbackId, const std::string &fallbackRepo)
{
    json j = parseObject(configText, "the model config");
    ModelSpec spec = modelFromJson(j, fallbackId);
    if (spec.id.empty())
        spec.id = fallbackId.empty() ? "custom" : fallbackId;
    if (spec.hfRepo.empty())
        spec.hfRepo = fallbackRepo;
    // Keep it in preset form so the id, name and repository survive a save.
    json source = j.contains("config") ? j : json { { "config", j } };
    bool exists = false;
    spec.id = uniqueId(m_models, spec, spec.id, exists);
    if (exists)
        return spec.id;
    source["id"] = spec.id;
    source["name"] = spec.name;
    source["hf_repo"] = spec.hfRepo;
    m_models.push_back({ spec, source.dump() });
    return spec.id;
}

std::string ModelCatalog::addGpuJson(const std::string &gpuText, const std::string &fallbackId)
{
    json j = parseObject(gpuText, "the GPU file");
    GpuSpec spec = gpuFromJson(j, fallbackId);
    if (spec.id.empty())
        spec.id = fallbackId.empty() ? "custom-gpu" : fallbackId;
    bool exists = false;
    spec.id = uniqueId(m_gpus, spec, spec.id, exists);
    if (exists)
        return spec.id;
    j["id"] = spec.id;
    m_gpus.push_back({ spec, j.dump() });
    return spec.id;
}
