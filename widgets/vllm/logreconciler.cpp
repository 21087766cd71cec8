#include "widgets/vllm/logreconciler.h"

#include "core/vllmlog/reconcilelog.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

using namespace shardscope;

LogReconciliation reconcileLogText(const PlanDocument &document, const std::string &text)
{
    return reconcileParsedLog(document, parseVllmLog(text));
}

LogReconciliation reconcileParsedLog(
    const PlanDocument &document, ParsedVllmLog log, std::optional<std::string> matchedModel)
{
    LogReconciliation r;
    r.log = std::move(log);
    r.matchedModel = std::move(matchedModel);
    if (!document.hasPlan()) {
        r.error = QCoreApplication::translate("LogReconciler", "There is no plan to compare with.");
        return r;
    }
    try {
        if (!r.log.recognised()) {
            r.error = QCoreApplication::translate("LogReconciler",
                "No vLLM startup lines found: the log needs at least one of \"Model loading took\", "
                "\"Available KV cache memory\", \"GPU KV cache size\" or \"# GPU blocks\".");
            return r;
        }
        // Only the model and the GPU are the user's: every setting the log printed replaces the plan's.
        const LogPlan ran = planForLog(document.plan(), r.log, { "model", "gpu" }, document.catalog(), r.matchedModel);
        r.matchedModel = ran.logModel;
        r.modelFromLog = ran.modelFromLog;
        r.plan = ran.plan;
        r.applied = ran.applied;
        LogComparison c = reconcileLog(r.plan, r.log, document.catalog());
        r.evaluation = std::move(c.evaluation);
        if (c.outcome == LogComparison::Outcome::UnknownSpec) {
            r.error = QCoreApplication::translate("LogReconciler", "The plan's model or GPU is not in the catalog.");
            return r;
        }
        if (c.outcome == LogComparison::Outcome::InvalidPlan) {
            const PlanIssue *issue = r.evaluation.firstError();
            r.error = QCoreApplication::translate("LogReconciler", "The plan the log ran cannot be evaluated: %1")
                          .arg(issue ? textformat::issue(*issue)
                                     : QCoreApplication::translate("LogReconciler", "invalid plan"));
            return r;
        }
        if (r.evaluation.plan.accounting != Accounting::Vllm) {
            r.error = QCoreApplication::translate(
                "LogReconciler", "Reconciling needs vLLM accounting (Memory and workload → Accounting).");
            return r;
        }
        r.result = std::move(c.result);
        r.compared = true;
    } catch (const std::exception &e) {
        r.error
            = QCoreApplication::translate("LogReconciler", "Cannot read that log: %1").arg(QString::fromUtf8(e.what()));
    }
    return r;
}

std::optional<CalibrationProfile> calibrationFromReconciliation(const PlanDocument &document,
    const LogReconciliation &r, const QString &name, const QString &source, QString *error)
{
    if (!r.ok()) {
        if (error)
            *error = r.error;
        return std::nullopt;
    }
    Sentence why;
    auto profile = calibrateLog(r.plan, r.log, document.catalog(), name.toStdString(), source.toStdString(), &why);
    if (!profile && error)
        *error = QCoreApplication::translate("LogReconciler", "Cannot calibrate: %1").arg(textformat::sentence(why));
    return profile;
}
