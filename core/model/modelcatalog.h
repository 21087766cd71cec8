#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"

#include <string>
#include <vector>

// The models and GPUs a plan may name: the presets plus what the user opened (a config.json, a plan
// file's embedded "model_config" / "gpu_spec"). User entries keep their source JSON so a saved plan
// file can embed them and stand on its own.
struct CatalogModel
{
    shardscope::ModelSpec spec;
    std::string sourceJson; // preset form {"id","name","hf_repo","config":{...}}; empty for presets
    bool isCustom() const { return !sourceJson.empty(); }
};

struct CatalogGpu
{
    shardscope::GpuSpec spec;
    std::string sourceJson; // the GPU JSON; empty for presets
    bool isCustom() const { return !sourceJson.empty(); }
};

class ModelCatalog
{
public:
    // The presets, as the io layer loaded them (catalogFromPresets() in io/presetrepository.h).
    static ModelCatalog fromPresets(
        const std::vector<shardscope::ModelSpec> &models, const std::vector<shardscope::GpuSpec> &gpus);

    const std::vector<CatalogModel> &models() const { return m_models; }
    const std::vector<CatalogGpu> &gpus() const { return m_gpus; }
    const CatalogModel *findModel(const std::string &id) const;
    const CatalogGpu *findGpu(const std::string &id) const;

    // Registers a user model read from `configText` (a Hugging Face config.json or a model preset).
    // Returns the id it is known by: its own, or with "-2", "-3"... when a different model already
    // uses that id. The same model added twice keeps one entry. Throws shardscope::InputError.
    // `fallbackRepo` becomes the model's repository when the config names none (a local checkpoint).
    std::string addModelJson(
        const std::string &configText, const std::string &fallbackId, const std::string &fallbackRepo = {});
    std::string addGpuJson(const std::string &gpuText, const std::string &fallbackId);

private:
    std::vector<CatalogModel> m_models;
    std::vector<CatalogGpu> m_gpus;
};
