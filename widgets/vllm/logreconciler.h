#pragma once
#include "core/vllmlog/reconcile.h"

#include <QString>

#include <optional>

class PlanDocument;

// A pasted or opened vLLM startup log against the window's plan (what `shardscope reconcile` does
// headless). The plan compared is the window's plan with every setting the log printed (version,
// tp/pp/dp, utilization, max-model-len, ...): the log says what ran. The model is the catalog's that
// matches the model path the log loaded, else the plan's.
struct LogReconciliation
{
    QString error; // non-empty: the text holds no vLLM startup lines, or the plan cannot be evaluated
    shardscope::ParsedVllmLog log;
    shardscope::Plan plan; // the plan the log ran, as the window would set it
    std::vector<std::string> applied; // plan fields taken from the log (planio's JSON names)
    bool modelFromLog = false; // the model was recognised from the log
    std::optional<std::string> matchedModel; // the catalog model the log names ("" none), once looked up
    shardscope::Evaluation evaluation;
    shardscope::ReconcileResult result;

    bool compared = false; // the log was parsed and compared

    bool ok() const { return compared && error.isEmpty(); }
};

// Logs are untrusted: at most kMaxVllmLogBytes are read, anything else gives `error`, never a throw.
LogReconciliation reconcileLogText(const PlanDocument &document, const std::string &text);
// The same for a log parsed before: a plan change compares again without parsing the text again.
// `matchedModel`: the catalog lookup of an earlier comparison of the same log (it cannot change).
LogReconciliation reconcileParsedLog(const PlanDocument &document, shardscope::ParsedVllmLog log,
    std::optional<std::string> matchedModel = std::nullopt);

// Fits the overheads of `r.plan` (evaluated without calibration) to the log, names the profile `name`.
std::optional<shardscope::CalibrationProfile> calibrationFromReconciliation(const PlanDocument &document,
    const LogReconciliation &r, const QString &name, const QString &source, QString *error);
