#pragma once
#include "core/evaluate/evaluation.h"
#include "core/model/calibrationprofile.h"
#include "core/model/modelcatalog.h"
#include "core/text/sentence.h"
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/vllmlogparser.h"

#include <optional>
#include <string>
#include <vector>

// The log flows `shardscope reconcile` and the window's vLLM log tab share, so the two cannot drift:
// the plan a log ran, that plan against the log, and the overheads fitted to it. The callers bring the
// specs as a catalog (the window its own; the CLI one holding the model and GPU its flags resolved)
// and word the failures themselves.
namespace shardscope {

struct LogPlan
{
    Plan plan;
    std::vector<std::string> applied; // plan fields taken from the log (planio's JSON names)
    std::string logModel; // the catalog model the log loaded (modelIdForLog), "" when none
    bool modelFromLog = false; // plan.modelId is logModel
};

// The plan a vLLM log ran: `base` with the catalog's model that the log loaded (a CLI catalog holds only
// the resolved model, so --model stands) and every setting the log printed that `given` does not name
// (planFromLog). `logModel`: the lookup of an earlier call for the same log (the log cannot change).
LogPlan planForLog(const Plan &base, const ParsedVllmLog &log, const std::vector<std::string> &given,
    const ModelCatalog &catalog, const std::optional<std::string> &logModel = std::nullopt);

struct LogComparison
{
    enum class Outcome {
        Compared,
        UnknownSpec, // the plan's model or GPU is not in the catalog
        InvalidPlan, // evaluation.valid is false
    };
    Outcome outcome = Outcome::UnknownSpec;
    Evaluation evaluation; // of the plan, once its model and GPU are found
    ReconcileResult result; // when Compared
};

// `plan` (planForLog's, perhaps with a calibration) evaluated with the catalog's model and GPU and
// compared with the log term by term (reconcile).
LogComparison reconcileLog(const Plan &plan, const ParsedVllmLog &log, const ModelCatalog &catalog);

// The overheads that make `plan` reproduce the log (calibrateFromLog), named `name`. The plan is
// evaluated without its calibration, as calibrateFromLog requires: a fit on top of an earlier fit
// would count the earlier one twice. `uncalibrated` receives that evaluation. Returns nothing, with
// `error` set (when given), when the log lacks the numbers or the plan cannot be evaluated in
// vLLM accounting (also when its model or GPU is not in the catalog).
std::optional<CalibrationProfile> calibrateLog(const Plan &plan, const ParsedVllmLog &log, const ModelCatalog &catalog,
    const std::string &name, const std::string &source, Sentence *error, Evaluation *uncalibrated = nullptr);

} // namespace shardscope
