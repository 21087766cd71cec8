#pragma once
#include "core/evaluate/evaluation.h"
#include "core/launch/launchexport.h"
#include "core/model/modelcatalog.h"
#include "core/serving/disagg.h"
#include "core/serving/serving.h"

#include <QObject>

#include <algorithm>
#include <cstdint>

#include <memory>
#include <optional>
#include <string>

// One evaluated plan: the inputs and what evaluate() made of them. Immutable once published, so
// views and tooltips may keep a shared pointer to the state they were built from. `plan` is the plan
// as entered; evaluation.plan has vLLM's defaults resolved. For a disaggregated plan the views show one
// pool at a time: `plan` is that pool's server (poolPlan()) and `whole` the plan with both pools, as saved.
struct PlanState : shardscope::EvaluatedPlan
{
    shardscope::Plan plan;
    shardscope::Plan whole;
    bool disaggregated() const { return whole.servingMode == shardscope::ServingMode::Disaggregated; }
};

// The one state object (docs/ARCHITECTURE.md): owns the plan and its evaluation. setPlan() is the only mutator
// of the plan; it evaluates once per real change and does nothing for an unchanged plan. Views only
// read and listen.
class PlanDocument : public QObject
{
    Q_OBJECT
public:
    explicit PlanDocument(ModelCatalog catalog, QObject *parent = nullptr);

    // Evaluates `plan` against the catalog's model and GPU of the same ids. Returns false, changing
    // nothing, when the plan equals the current one or names a model or GPU the catalog lacks.
    // `plan` is a whole plan (aggregated, or disaggregated with both pools).
    bool setPlan(const shardscope::Plan &plan);
    bool canResolve(const shardscope::Plan &plan) const;

    bool hasPlan() const { return m_state != nullptr; }
    // The server the views show: the plan, or the viewed pool of a disaggregated plan.
    const shardscope::Plan &plan() const { return m_state->plan; }
    // The plan as entered and saved (both pools of a disaggregated plan).
    const shardscope::Plan &wholePlan() const { return m_state->whole; }
    bool isDisaggregated() const { return m_state && m_state->disaggregated(); }
    // The pool of a disaggregated plan the views show (a view setting, not part of the plan, not undoable).
    shardscope::Pool viewedPool() const { return m_pool; }
    void setViewedPool(shardscope::Pool pool);
    // A plan derived from plan() (an edit of what the views show) as a whole plan: the viewed pool's
    // settings folded back into a disaggregated plan (withPoolEdited), the plan itself otherwise.
    shardscope::Plan wholeFromView(const shardscope::Plan &view) const;
    // One pool of a disaggregated plan evaluated (the viewed one is state(); the other is evaluated once
    // per plan, on first use, and shared by the serving estimate and the launch); the plan itself otherwise.
    // Valid until the plan or the viewed pool changes.
    const shardscope::EvaluatedPlan &evaluatedPool(shardscope::Pool pool) const;
    const shardscope::ModelSpec &model() const { return m_state->model; }
    const shardscope::GpuSpec &gpu() const { return m_state->gpu; }
    const shardscope::Evaluation &evaluation() const { return m_state->evaluation; }
    const shardscope::EvaluatedPlan &evaluated() const { return *m_state; }
    std::shared_ptr<const PlanState> state() const { return m_state; }

    const ModelCatalog &catalog() const { return m_catalog; }
    // Adds a user model or GPU to the catalog (not to the plan). Throws shardscope::InputError.
    std::string addModelJson(
        const std::string &text, const std::string &fallbackId, const std::string &fallbackRepo = {});
    std::string addGpuJson(const std::string &text, const std::string &fallbackId);

    int evaluationCount() const { return m_evaluations; }

    // The serving workload every view uses (the Workload group): vllm bench serve's input/output
    // length and concurrency or request rate. setWorkload() returns false, changing nothing, for an
    // unchanged workload; the values are checked when serving() runs (servingError()).
    const shardscope::Workload &workload() const { return m_workload; }
    bool setWorkload(const shardscope::Workload &workload);
    // simulateServing(evaluated(), workload()) with the GPU family's coefficients, computed once per
    // plan and workload on first use; null without a valid plan or for a workload checkWorkload refuses.
    std::shared_ptr<const shardscope::ServingResult> serving() const;
    // Why serving() is null (one line), or empty.
    std::string servingError() const;
    int servingCount() const { return m_servingRuns; }
    // A disaggregated plan's serving: both pools simulated and combined (null for aggregated plans, an
    // invalid pool or a refused workload). serving() is then the viewed pool's one instance.
    std::shared_ptr<const shardscope::DisaggServingResult> disaggServing() const;

    // The batch every view's per-step figures are for: the workload's steady state as the serving
    // simulation found it. `state` is the plan evaluated at it (Communication, Timeline, the GPU table,
    // Compare and the report read its time and communication): batch = decode tokens per micro-batch,
    // micro-batches = pp (vLLM V1 keeps pp batches in flight), prompt_len = the workload's input length.
    // Without a serving estimate (an invalid plan, a refused workload) `state` is the plan as entered
    // and `fromWorkload` is false, so a view can say its batch is the plan's.
    struct WorkloadBatch
    {
        std::shared_ptr<const PlanState> state;
        bool fromWorkload = false;
        std::int64_t decodeTokens = 1; // per engine step (all micro-batches of one replica)
        std::int64_t prefillTokens = 0; // prefill-chunk tokens per engine step, the run's mean
        int microbatches = 1;
        std::int64_t decodePerMicrobatch() const { return std::max<std::int64_t>(1, decodeTokens / microbatches); }
        std::int64_t prefillPerMicrobatch() const { return prefillTokens / microbatches; }
    };
    const WorkloadBatch &workloadBatch() const;
    // The same for any plan and serving estimate (Compare's pinned side at the document's workload);
    // `serving` may be null.
    static WorkloadBatch workloadBatchFor(
        const std::shared_ptr<const PlanState> &state, const shardscope::ServingResult *serving);

    // The vLLM options an imported command or a plan file carried without a plan field (--trust-remote-code,
    // --tool-call-parser ...), for the export and the saved file while the plan keeps `modelId`, the model
    // they came with (ExportOptions::vllmExtraArgs, core/launch/launchexport.h). Not part of the undoable plan.
    // `modelPath` is the checkpoint the command served (Qwen/Qwen3.5-27B-FP8 for the qwen3.5-27b preset), ""
    // for the preset's own hf_repo: the export's model path under the same condition.
    void setPassThrough(std::vector<shardscope::VllmExtraArg> args, std::string modelId, std::string modelPath = {});
    std::vector<shardscope::VllmExtraArg> passThrough() const;
    std::string passThroughModelPath() const;

signals:
    void catalogChanged();
    // The viewed pool changed (planChanged follows: the views show another server).
    void viewedPoolChanged();
    // Emitted once per real change, after the new evaluation is in place.
    void planChanged();
    // Emitted once per real change of the workload.
    void workloadChanged();

private:
    void publish(const shardscope::Plan &whole);
    std::shared_ptr<const shardscope::ServingResult> servePools() const;

    ModelCatalog m_catalog;
    shardscope::Pool m_pool = shardscope::Pool::Decode;
    mutable std::shared_ptr<const shardscope::DisaggServingResult> m_disagg;
    mutable std::optional<shardscope::EvaluatedPlan> m_otherPool; // the pool not viewed, once evaluated
    std::shared_ptr<const PlanState> m_state;
    int m_evaluations = 0;
    shardscope::Workload m_workload;
    std::vector<shardscope::VllmExtraArg> m_passThrough;
    std::string m_passThroughModel;
    std::string m_passThroughModelPath;
    mutable std::shared_ptr<const shardscope::ServingResult> m_serving;
    mutable std::string m_servingError;
    mutable bool m_servingDone = false;
    mutable int m_servingRuns = 0;
    mutable WorkloadBatch m_batch;
    mutable bool m_batchDone = false;
};
