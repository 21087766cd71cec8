#include "core/sweep/sweepserving.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

int serveSweep(SweepResult &result, const ModelSpec &model, const GpuSpec &gpu, const Workload &workload)
{
    checkWorkload(workload, result.resolved.maxModelLen);
    const SweepOptions &o = result.options;
    const auto say
        = [](const char *templ, std::vector<Sentence> args = {}) { return phrase("Sweep", templ, std::move(args)); };
    int simulated = 0;
    for (SweepPlan &p : result.plans) {
        if (!p.fits)
            continue;
        const EvaluatedPlan ev = evaluatePlan(planFor(result, p), model, gpu);
        const ServingResult s = simulateServing(ev, workload);
        ++simulated;
        // The roofline's TPOT verdict no longer applies: it is judged again below on the served figure.
        p.reasons.erase(
            std::remove_if(p.reasons.begin(), p.reasons.end(),
                [](const PlanIssue &i) { return i.code == "max_tpot" || i.code == "batch_exceeds_capacity"; }),
            p.reasons.end());
        p.meetsConstraints = std::none_of(
            p.reasons.begin(), p.reasons.end(), [](const PlanIssue &i) { return i.severity == Severity::Error; });
        if (s.completed == 0) {
            p.tpotSec = p.ttftSec = p.tokensPerSecPerGpu = 0;
            p.meetsConstraints = false;
            p.reasons.push_back({ Severity::Error, "workload_does_not_run",
                say(QT_TRANSLATE_NOOP("Sweep", "the workload's requests do not run on this plan")) });
            continue;
        }
        p.tpotSec = s.tpot.mean;
        p.ttftSec = s.ttft.mean;
        p.tokensPerSecPerGpu = s.outputTokensPerSecPerGpu;
        p.microbatches = std::max(1, p.pp);
        // Per micro-batch, as the sweep counts it (pp batches in flight share the step's decodes).
        p.batch = std::max<std::int64_t>(1, std::llround(s.steadyDecodeBatch.decodeTokens) / p.microbatches);
        p.context = s.steadyDecodeBatch.decodeTokens > 0
            ? std::llround(s.steadyDecodeBatch.decodeContext / s.steadyDecodeBatch.decodeTokens)
            : 0;
        if (o.maxTpotSec > 0 && p.tpotSec > o.maxTpotSec) {
            char tpot[64], limit[64];
            std::snprintf(tpot, sizeof tpot, "%.2f", p.tpotSec * 1e3);
            std::snprintf(limit, sizeof limit, "%.2f", o.maxTpotSec * 1e3);
            p.meetsConstraints = false;
            p.reasons.push_back({ Severity::Error, "max_tpot",
                say(QT_TRANSLATE_NOOP("Sweep", "TPOT %1 ms is above --max-tpot-ms %2"),
                    { value(std::string(tpot)), value(std::string(limit)) }) });
        }
    }
    rankPlans(result.plans, o.objective);
    markPareto(result.plans);
    return simulated;
}

} // namespace shardscope
