#include "widgets/document/plandocument.h"

#include "core/serving/coefficients.h"

#include <algorithm>
#include <cmath>

using namespace shardscope;

PlanDocument::PlanDocument(ModelCatalog catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
}

bool PlanDocument::canResolve(const Plan &plan) const
{
    if (!m_catalog.findModel(plan.modelId) || !m_catalog.findGpu(plan.gpuId))
        return false;
    if (plan.servingMode != ServingMode::Disaggregated)
        return true;
    const auto known = [this](const PoolPlan &p) { return p.gpuId.empty() || m_catalog.findGpu(p.gpuId); };
    return known(plan.prefill) && known(plan.decode);
}

bool PlanDocument::setPlan(const Plan &plan)
{
    if (m_state && m_state->whole == plan)
        return false;
    if (!canResolve(plan))
        return false;
    publish(plan);
    return true;
}

void PlanDocument::setViewedPool(Pool pool)
{
    if (pool == m_pool)
        return;
    m_pool = pool;
    emit viewedPoolChanged();
    if (isDisaggregated())
        publish(m_state->whole);
}

Plan PlanDocument::wholeFromView(const Plan &view) const
{
    return isDisaggregated() ? withPoolEdited(m_state->whole, m_pool, view) : view;
}

const EvaluatedPlan &PlanDocument::evaluatedPool(Pool pool) const
{
    if (!isDisaggregated() || pool == m_pool)
        return *m_state;
    if (!m_otherPool) {
        EvaluatedPlan e;
        const Plan plan = poolPlan(m_state->whole, pool);
        e.model = m_state->model;
        e.gpu = m_catalog.findGpu(plan.gpuId)->spec;
        e.evaluation = evaluate(plan, e.model, e.gpu);
        m_otherPool = std::move(e);
    }
    return *m_otherPool;
}

void PlanDocument::publish(const Plan &whole)
{
    auto next = std::make_shared<PlanState>();
    next->whole = whole;
    next->plan = whole.servingMode == ServingMode::Disaggregated ? poolPlan(whole, m_pool) : whole;
    next->model = m_catalog.findModel(next->plan.modelId)->spec;
    next->gpu = m_catalog.findGpu(next->plan.gpuId)->spec;
    next->evaluation = evaluate(next->plan, next->model, next->gpu);
    ++m_evaluations;
    m_state = std::move(next);
    m_otherPool.reset();
    m_disagg.reset();
    m_serving.reset();
    m_servingError.clear();
    m_servingDone = false;
    m_batchDone = false;
    emit planChanged();
}

bool PlanDocument::setWorkload(const Workload &workload)
{
    if (workload == m_workload)
        return false;
    m_workload = workload;
    m_disagg.reset();
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
        if (m_state->disaggregated())
            return servePools();
        checkWorkload(m_workload, m_state->evaluation.plan.maxModelLen);
        m_serving = std::make_shared<const ServingResult>(simulateServing(*m_state, m_workload));
        ++m_servingRuns;
    } catch (const std::exception &e) {
        m_servingError = e.what();
    }
    return m_serving;
}

// Both pools of a disaggregated plan, as `shardscope plan` simulates them (cli/disaggoptions.cpp): one
// instance of each at its share of the workload, combined by simulateDisaggregated.
std::shared_ptr<const ServingResult> PlanDocument::servePools() const
{
    const Plan &whole = m_state->whole;
    const Pool other = m_pool == Pool::Prefill ? Pool::Decode : Pool::Prefill;
    const EvaluatedPlan &otherPool = evaluatedPool(other);
    if (!otherPool.evaluation.valid) {
        m_servingError = std::string("the ") + poolName(other) + " pool is not a valid plan";
        return nullptr;
    }
    const EvaluatedPlan &viewed = *m_state;
    const EvaluatedPlan &pre = m_pool == Pool::Prefill ? viewed : otherPool;
    const EvaluatedPlan &dec = m_pool == Pool::Decode ? viewed : otherPool;
    checkWorkload(m_workload, std::min(pre.evaluation.plan.maxModelLen, dec.evaluation.plan.maxModelLen));
    auto r = std::make_shared<const DisaggServingResult>(
        simulateDisaggregated(pre, std::max(1, whole.prefill.instances), dec, std::max(1, whole.decode.instances),
            whole.kvTransferLink, m_workload, servingCoefficients(pre.gpu), servingCoefficients(dec.gpu)));
    ++m_servingRuns;
    m_disagg = r;
    m_serving = std::shared_ptr<const ServingResult>(r, m_pool == Pool::Prefill ? &r->prefill : &r->decode);
    return m_serving;
}

std::shared_ptr<const DisaggServingResult> PlanDocument::disaggServing() const
{
    serving();
    return m_disagg;
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
    next->whole = state->whole;
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

void PlanDocument::setPassThrough(
    std::vector<shardscope::VllmExtraArg> args, std::string modelId, std::string modelPath)
{
    m_passThrough = std::move(args);
    m_passThroughModel = std::move(modelId);
    m_passThroughModelPath = std::move(modelPath);
}

std::string PlanDocument::passThroughModelPath() const
{
    if (!hasPlan() || plan().modelId != m_passThroughModel)
        return {};
    return m_passThroughModelPath;
}

std::vector<shardscope::VllmExtraArg> PlanDocument::passThrough() const
{
    if (!hasPlan() || plan().modelId != m_passThroughModel)
        return {};
    return m_passThrough;
}
