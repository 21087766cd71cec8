#include "cli/commands.h"
#include "cli/disaggoptions.h"
#include "cli/planoptions.h"
#include "cli/servingoptions.h"
#include "core/evaluate/evaluation.h"
#include "core/model/errors.h"
#include "core/report/report.h"
#include "core/serving/serving.h"
#include "core/vllmlog/vllmlog.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <iostream>

using namespace shardscope;

int runPlanCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Evaluate one plan: placement, memory per GPU, KV capacity."));
    addPlanOptions(parser);
    addServingOptions(parser);
    addDisaggOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("format"),
        QStringLiteral("Output: text (default), json, or vllm-log (the startup log vLLM would print)."),
        QStringLiteral("text|json|vllm-log")));
    int exitCode = 0;
    if (!parseOrFail(parser, args, "plan", exitCode))
        return exitCode;
    const QString format
        = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("text");
    if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("vllm-log"))
        return failWith("plan", "--format " + format.toStdString() + ": expected text, json or vllm-log");
    try {
        const PresetRepository repo = loadPresets("plan");
        PlanInputs in = planFromOptions(parser, repo);
        applyDisaggOptions(parser, in);
        if (in.plan.servingMode == ServingMode::Disaggregated)
            return runDisaggPlan(in, repo, parser, format);
        const ServingInputs servingIn = servingFromOptions(parser);
        const EvaluatedPlan evaluated = evaluatePlan(in.plan, in.model, in.gpu);
        const Evaluation &e = evaluated.evaluation;
        // An impossible plan (tp not dividing the heads, ep not dividing tp x dp, ...) is bad input:
        // one line and exit 2. A plan that is valid but does not fit is a result: fits=false, exit 0.
        if (!e.valid)
            return failWith("plan", e.firstError() ? e.firstError()->message() : "invalid plan");
        // Serving under the workload (the documented default without workload flags); time.* is unchanged.
        checkWorkload(servingIn.workload, e.plan.maxModelLen);
        ServingCoefficients coef = servingCoefficients(evaluated.gpu);
        for (const auto &[name, value] : servingIn.coefficientOverrides)
            coef.set(name, value);
        const auto serving = [&] { return simulateServing(evaluated, servingIn.workload, coef); };
        if (format == QLatin1String("vllm-log")) {
            if (e.plan.accounting != Accounting::Vllm)
                return failWith("plan", "--format vllm-log needs --accounting vllm");
            std::cout << predictedVllmLogText(evaluated);
        } else if (format == QLatin1String("json")) {
            nlohmann::json out = evaluationToJson(evaluated);
            out["serving"] = servingToJson(serving());
            std::cout << out.dump(2) << std::endl;
        } else
            std::cout << evaluationToText(evaluated) << "\n" << servingToText(serving());
        return 0;
    } catch (const std::exception &ex) {
        return failWith("plan", ex.what());
    }
}
