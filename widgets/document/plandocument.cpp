#include "widgets/document/plandocument.h"

using namespace shardscope;

PlanDocument::PlanDocument(ModelCatalog catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
}

bool PlanDocument::canResolve(const Plan &plan) const
{
    return m_catalog.findModel(plan.modelId) && m_catalog.findGpu(plan.gpuId);
}

bool PlanDocument::setPlan(const Plan &plan)
{
    if (m_state && m_state->plan == plan)
        return false;
    const CatalogModel *model = m_catalog.findModel(plan.modelId);
    const CatalogGpu *gpu = m_catalog.findGpu(plan.gpuId);
    if (!model || !gpu)
        return false;
    auto next = std::make_shared<PlanState>();
    next->plan = plan;
    next->model = model->spec;
    next->gpu = gpu->spec;
    next->evaluation = evaluate(plan, next->model, next->gpu);
    ++m_evaluations;
    m_state = std::move(next);
    emit planChanged();
    return true;
}

std::string PlanDocument::addModelJson(
    const std::string &text, const std::string &fallbackId, const std::string &fallbackRepo)
{
    const size_t before = m_catalog.models().size();
    std::string id = m_catalog.addModelJson(text, fallbackId, fallbackRepo);
    if (m_catalog.models().size() != before)
        emit catalogChanged();
    return id;
}

std::string PlanDocument::addGpuJson(const std::string &text, const std::string &fallbackId)
{
    const size_t before = m_catalog.gpus().size();
    std::string id = m_catalog.addGpuJson(text, fallbackId);
    if (m_catalog.gpus().size() != before)
        emit catalogChanged();
    return id;
}
