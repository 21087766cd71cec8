// shardscope report: the plan (or plan A against plan B) as a Markdown or PDF document.
#include "cli/commands.h"
#include "cli/planoptions.h"
#include "cli/servingoptions.h"
#include "core/evaluate/evaluation.h"
#include "core/model/errors.h"
#include "io/presetrepository.h"
#include "io/reportrender.h"
#include "io/reportwriter.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <iostream>
#include <optional>

using namespace shardscope;

namespace {

const QString kOutput = QStringLiteral("output");
const QString kComparePlan = QStringLiteral("compare-plan");
const QString kComparePrefix = QStringLiteral("compare-");

// The plan flags as given, re-spelled as arguments: plan A's, or plan B's from --compare-<flag>.
QStringList planArguments(const QCommandLineParser &parser, const QString &prefix)
{
    QStringList out;
    for (const auto &[name, takesValue] : planOptionNames()) {
        const QString option = prefix + name;
        if (!parser.isSet(option))
            continue;
        if (!takesValue) {
            out << QStringLiteral("--") + name;
            continue;
        }
        for (const QString &v : parser.values(option))
            out << QStringLiteral("--") + name << v;
    }
    return out;
}

EvaluatedPlan evaluateSide(const QStringList &args, const PresetRepository &repo, const char *which)
{
    QCommandLineParser p;
    addPlanOptions(p);
    if (!p.parse(args))
        throw InputError(p.errorText().toStdString());
    const PlanInputs in = planFromOptions(p, repo);
    EvaluatedPlan s = evaluatePlan(in.plan, in.model, in.gpu);
    // An impossible plan is bad input, as for `shardscope plan`; one that does not fit is a result.
    if (!s.evaluation.valid)
        throw InputError(
            std::string(which) + (s.evaluation.firstError() ? s.evaluation.firstError()->message() : "invalid plan"));
    return s;
}

} // namespace

int runReportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a plan report: placement, memory and KV cache, communication ledger, time estimates, the vLLM command, "
        "issues and preset sources. Plan A comes from the plan flags; give --compare-plan FILE and/or --compare-<flag> "
        "(any plan flag, e.g. --compare-tp 16) to compare it with a plan B."));
    addPlanOptions(parser);
    addServingOptions(parser);
    parser.addOption(QCommandLineOption(kOutput,
        QStringLiteral("Write to this file: .md (Markdown, with a .placement.png beside it), "
                       ".pdf, or - for Markdown on stdout."),
        QStringLiteral("file")));
    parser.addOption(QCommandLineOption(kComparePlan,
        QStringLiteral("Plan B from a saved plan file; --compare-<flag> overrides it."), QStringLiteral("file")));
    for (const auto &[name, takesValue] : planOptionNames()) {
        if (name == QLatin1String("plan"))
            continue;
        QCommandLineOption o(kComparePrefix + name, QStringLiteral("Plan B: --") + name + QStringLiteral("."),
            takesValue ? QStringLiteral("value") : QString());
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(o);
    }
    int exitCode = 0;
    if (!parseOrFail(parser, args, "report", exitCode))
        return exitCode;
    if (!parser.isSet(kOutput))
        return failWith("report", "--output is required (plan.md, plan.pdf, or - for stdout)");
    const QString output = parser.value(kOutput);
    const bool toStdout = output == QLatin1String("-");
    const ReportFormat format = reportFormatFor(output);
    if (!toStdout && format == ReportFormat::Unknown)
        return failWith("report", "--output " + output.toStdString() + ": expected a .md or .pdf file name, or -");
    if (format == ReportFormat::Pdf && !reportRenderer().renderPdf)
        return failWith("report", "PDF output needs the GUI libraries; write Markdown (.md) instead");

    try {
        const PresetRepository repo = loadPresets("report");
        const QString program = args.isEmpty() ? QStringLiteral("shardscope") : args.first();
        const EvaluatedPlan a
            = evaluateSide(QStringList { program } + planArguments(parser, QString()), repo, "plan A: ");
        std::optional<EvaluatedPlan> b;
        const QStringList bFlags = planArguments(parser, kComparePrefix);
        if (parser.isSet(kComparePlan))
            b = evaluateSide(QStringList { program, QStringLiteral("--plan"), parser.value(kComparePlan) } + bFlags,
                repo, "plan B: ");
        else if (!bFlags.isEmpty())
            b = evaluateSide(QStringList { program } + planArguments(parser, QString()) + bFlags, repo, "plan B: ");

        // The "Serving (estimated)" section at the workload flags (the documented default without them).
        const ServingInputs servingIn = servingFromOptions(parser);
        checkWorkload(servingIn.workload, a.evaluation.plan.maxModelLen);
        if (b)
            checkWorkload(servingIn.workload, b->evaluation.plan.maxModelLen);
        const ReportServing serving { servingIn.workload, servingIn.coefficientOverrides };
        if (toStdout) {
            std::cout << reportMarkdown(a, b ? &*b : nullptr, &serving);
            return 0;
        }
        QStringList written;
        if (const QString error = writeReport(output, a, b ? &*b : nullptr, &written, {}, &serving); !error.isEmpty())
            return failWith("report", "cannot write " + output.toStdString() + ": " + error.toStdString());
        std::cout << "wrote " << written.join(QStringLiteral(", ")).toStdString() << std::endl;
        return 0;
    } catch (const std::exception &ex) {
        return failWith("report", ex.what());
    }
}
