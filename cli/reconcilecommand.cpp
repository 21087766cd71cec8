// shardscope reconcile --log FILE [plan flags]: a real vLLM startup log against the prediction for the
// plan it ran, term by term, as JSON; --calibrate / --save-calibration NAME fit the overheads to it.
#include "cli/commands.h"
#include "cli/planoptions.h"
#include "core/evaluate/evaluation.h"
#include "core/explain/memoryterms.h"
#include "core/model/errors.h"
#include "core/model/modelcatalog.h"
#include "core/model/planio.h"
#include "core/model/vllmversion.h"
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/reconcilelog.h"
#include "core/vllmlog/vllmlog.h"
#include "io/calibrationstore.h"
#include "io/presetrepository.h"
#include "io/vllmlogfile.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>

#include <iostream>

using namespace shardscope;

namespace {

// "-" reads standard input.
std::string readLog(const QString &path)
{
    if (path == QLatin1String("-")) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            throw InputError("cannot read standard input");
        return readVllmLog(in);
    }
    QString why;
    std::optional<std::string> text = readVllmLogFile(path, &why);
    if (!text)
        throw InputError("--log " + path.toStdString() + ": " + why.toStdString());
    return std::move(*text);
}

} // namespace

int runReconcileCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare a real vLLM startup log with the prediction for the plan it ran (JSON). Settings the log prints "
        "(version, tp/pp/dp, utilization, max-model-len, ...) are used unless given as flags; --gpu is required, "
        "--model when the log's model is not a preset."));
    addPlanOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("log"),
        QStringLiteral("The vLLM startup log (\"-\": standard input)."), QStringLiteral("file")));
    parser.addOption(QCommandLineOption(QStringLiteral("calibrate"),
        QStringLiteral("Fit the overhead terms to the log and save them as <gpu>-vllm-<X.Y>.")));
    parser.addOption(QCommandLineOption(QStringLiteral("save-calibration"),
        QStringLiteral("Fit the overhead terms to the log and save them under this name."), QStringLiteral("name")));
    int exitCode = 0;
    if (!parseOrFail(parser, args, "reconcile", exitCode))
        return exitCode;
    if (!parser.isSet(QStringLiteral("log")))
        return failWith("reconcile", "--log FILE is required (a vLLM startup log)");
    try {
        const QString logPath = parser.value(QStringLiteral("log"));
        const ParsedVllmLog log = parseVllmLog(readLog(logPath));
        if (!log.recognised())
            return failWith("reconcile",
                "--log " + logPath.toStdString()
                    + ": no vLLM startup lines found (model loading, available KV memory, KV cache size)");
        const PresetRepository repo = loadPresets("reconcile");
        PlanInputs in = planFromOptions(parser, repo, QString::fromStdString(modelIdForLog(log, repo.models())));
        // The flags resolved the model and GPU; the shared flow looks them up in a catalog of just those.
        const ModelCatalog specs = ModelCatalog::fromPresets({ in.model }, { in.gpu });
        LogPlan ran = planForLog(in.plan, log, givenPlanFields(parser), specs);

        nlohmann::json out;
        out["schema"] = "shardscope.reconcile/1";
        out["log"] = parsedLogToJson(log);
        out["log"]["file"] = QFileInfo(logPath).fileName().toStdString();
        out["applied_from_log"] = ran.applied;

        const bool calibrate
            = parser.isSet(QStringLiteral("calibrate")) || parser.isSet(QStringLiteral("save-calibration"));
        nlohmann::json calibration = nullptr;
        if (calibrate) {
            const QString name = parser.isSet(QStringLiteral("save-calibration"))
                ? parser.value(QStringLiteral("save-calibration"))
                : CalibrationStore::defaultName(
                    QString::fromStdString(in.gpu.id), resolvedVllmVersion(ran.plan.vllmVersion));
            Sentence why;
            Evaluation e0;
            const auto profile = calibrateLog(
                ran.plan, log, specs, name.toStdString(), QFileInfo(logPath).fileName().toStdString(), &why, &e0);
            if (!e0.valid)
                return failWith("reconcile", e0.firstError() ? e0.firstError()->message() : "invalid plan");
            if (!profile)
                return failWith("reconcile", "cannot calibrate: " + why.text());
            const QString path = CalibrationStore::save(*profile);
            ran.plan.calibration = *profile;
            calibration = calibrationToJson(*profile);
            calibration["path"] = path.toStdString();
        }
        const LogComparison c = reconcileLog(ran.plan, log, specs);
        const Evaluation &e = c.evaluation;
        if (c.outcome != LogComparison::Outcome::Compared)
            return failWith("reconcile", e.firstError() ? e.firstError()->message() : "invalid plan");
        const ReconcileResult &r = c.result;
        out["model"] = in.model.id;
        out["gpu"] = in.gpu.id;
        out["plan"] = planToJson(e.plan);
        out["basis"] = overheadBasis(e.plan);
        out["comparison"] = reconcileToJson(r);
        nlohmann::json terms = nlohmann::json::array();
        for (const MemoryTerm &t : memoryTerms({ e, in.model, in.gpu }, e.kv.bindingRank))
            terms.push_back(
                { { "key", t.key }, { "bytes", t.bytes }, { "basis", t.basis }, { "assumption", t.assumption() } });
        out["memory_terms"] = std::move(terms);
        nlohmann::json predicted = nlohmann::json::array();
        for (const PredictedLogLine &l : predictedVllmLog({ e, in.model, in.gpu }))
            predicted.push_back((l.failure ? "ERROR " : "INFO ") + l.text);
        out["predicted_log"] = std::move(predicted);
        out["calibration"] = std::move(calibration);
        std::cout << out.dump(2) << std::endl;
        return 0;
    } catch (const std::exception &ex) {
        return failWith("reconcile", ex.what());
    }
}
