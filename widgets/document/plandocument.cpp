#include "widgets/document/plandocument.h"

#include <cmath>

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
    m_serving.reset();
    m_servingError.clear();
    m_servingDone = false;
    m_batchDone = false;
    emit planChanged();
    return true;
}

bool PlanDocument::setWorkload(const Workload &workload)
{
    if (workload == m_workload)
        return false;
    m_workload = workload;
    m_serving.reset();
    m_servingError.clear();
    m_servingDone = false;
    m_batchDone = false;
    emit workloadChanged();
    return true;
}

std::shared_ptr<const ServingResult> PlanDocument::serving() const
{
    if (m_servingDone)
        return m_serving;
    m_servingDone = true;
    if (!m_state || !m_state->evaluation.valid) {
        m_servingError = "no valid plan";
        return nullptr;
    }
    try {
        checkWorkload(m_workload, m_state->evaluation.plan.maxModelLen);
        m_serving = std::make_shared<const ServingResult>(simulateServing(*m_state, m_workload));
        ++m_servingRuns;
    } catch (const std::exception &e) {
        m_servingError = e.what();
    }
    return m_serving;
}

const PlanDocument::WorkloadBatch &PlanDocument::workloadBatch() const
{
    if (!m_batchDone) {
        m_batchDone = true;
        m_batch = workloadBatchFor(m_state, serving().get());
    }
    return m_batch;
}

PlanDocument::WorkloadBatch PlanDocument::workloadBatchFor(
    const std::shared_ptr<const PlanState> &state, const ServingResult *r)
{
    WorkloadBatch b;
    b.state = state;
    if (!state || !r || r->steps == 0)
        return b;
    const Plan &resolved = state->evaluation.plan;
    b.fromWorkload = true;
    b.microbatches = std::max(1, resolved.pp);
    // The decode batch of a step that decodes (the mean over those steps): with every request fitting,
    // a closed loop of N clients decodes N tokens per step.
    b.decodeTokens = std::max<std::int64_t>(1, std::llround(r->steadyDecodeBatch.decodeTokens));
    b.prefillTokens = std::llround(r->meanStep.prefillTokens);
    Plan atWorkload = state->plan;
    atWorkload.phase = Phase::Decode;
    atWorkload.batch = b.decodePerMicrobatch();
    atWorkload.microbatches = b.microbatches;
    const Workload &w = r->workload;
    atWorkload.promptLen = w.inputLenLo > 0 ? (w.inputLenLo + w.inputLenHi) / 2 : w.inputLen;
    auto next = std::make_shared<PlanState>();
    next->plan = state->plan; // as entered: a view that saves or compares plans sees the user's
    next->model = state->model;
    next->gpu = state->gpu;
    next->evaluation = evaluate(atWorkload, next->model, next->gpu);
    b.state = std::move(next);
    return b;
}

std::string PlanDocument::servingError() const
{
    serving();
    return m_servingError;
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
