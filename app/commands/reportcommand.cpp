// shardscope report: the plan (or plan A against plan B) as a Markdown or PDF document.
#include "app/commands/commands.h"
#include "app/commands/reportrender.h"
#include "app/planoptions.h"
#include "app/presetrepository.h"
#include "core/errors.h"
#include "core/evaluation.h"
#include "core/markdownreport.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <iostream>
#include <optional>

using namespace shardscope;

namespace {

ReportRenderer &renderer()
{
    static ReportRenderer r;
    return r;
}

const QString kOutput = QStringLiteral("output");
const QString kComparePlan = QStringLiteral("compare-plan");
const QString kComparePrefix = QStringLiteral("compare-");

struct Side
{
    PlanInputs inputs;
    Evaluation evaluation;
};

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

Side evaluateSide(const QStringList &args, const PresetRepository &repo, const char *which)
{
    QCommandLineParser p;
    addPlanOptions(p);
    if (!p.parse(args))
        throw InputError(p.errorText().toStdString());
    Side s;
    s.inputs = planFromOptions(p, repo);
    s.evaluation = evaluate(s.inputs.plan, s.inputs.model, s.inputs.gpu);
    // An impossible plan is bad input, as for `shardscope plan`; one that does not fit is a result.
    if (!s.evaluation.valid)
        throw InputError(std::string(which) + (s.evaluation.firstError() ? s.evaluation.firstError()->message : "invalid plan"));
    return s;
}

QString writeText(const QString &path, const std::string &text)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return f.errorString();
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit())
        return f.errorString();
    return {};
}

} // namespace

void setReportRenderer(const ReportRenderer &r)
{
    renderer() = r;
}

const ReportRenderer &reportRenderer()
{
    return renderer();
}

int runReportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a plan report: placement, memory and KV cache, communication ledger, time estimates, the vLLM command, "
        "issues and preset sources. Plan A comes from the plan flags; give --compare-plan FILE and/or --compare-<flag> "
        "(any plan flag, e.g. --compare-tp 16) to compare it with a plan B."));
    addPlanOptions(parser);
    parser.addOption(QCommandLineOption(kOutput, QStringLiteral("Write to this file: .md (Markdown, with a .placement.png beside it), "
                                                                ".pdf, or - for Markdown on stdout."),
                                        QStringLiteral("file")));
    parser.addOption(QCommandLineOption(kComparePlan, QStringLiteral("Plan B from a saved plan file; --compare-<flag> overrides it."),
                                        QStringLiteral("file")));
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
    const QString suffix = QFileInfo(output).suffix().toLower();
    const bool toStdout = output == QLatin1String("-");
    const bool pdf = suffix == QLatin1String("pdf");
    if (!toStdout && !pdf && suffix != QLatin1String("md") && suffix != QLatin1String("markdown"))
        return failWith("report", "--output " + output.toStdString() + ": expected a .md or .pdf file name, or -");
    const ReportRenderer &render = reportRenderer();
    if (pdf && !render.writePdf)
        return failWith("report", "PDF output needs the GUI libraries; write Markdown (.md) instead");

    try {
        const PresetRepository repo = PresetRepository::load();
        const QString program = args.isEmpty() ? QStringLiteral("shardscope") : args.first();
        const Side a = evaluateSide(QStringList{program} + planArguments(parser, QString()), repo, "plan A: ");
        std::optional<Side> b;
        const QStringList bFlags = planArguments(parser, kComparePrefix);
        if (parser.isSet(kComparePlan))
            b = evaluateSide(QStringList{program, QStringLiteral("--plan"), parser.value(kComparePlan)} + bFlags, repo, "plan B: ");
        else if (!bFlags.isEmpty())
            b = evaluateSide(QStringList{program} + planArguments(parser, QString()) + bFlags, repo, "plan B: ");

        ReportOptions oa;
        oa.generator = "ShardScope " SHARDSCOPE_VERSION;
        ReportOptions ob = oa;
        addLaunchCommand(oa, a.evaluation, a.inputs.model);
        if (b)
            addLaunchCommand(ob, b->evaluation, b->inputs.model);
        // Placement pictures: embedded in a PDF, written beside a Markdown file.
        const QFileInfo out(output);
        const QString stem = out.completeBaseName();
        std::vector<ReportPlacement> images;
        auto addImage = [&](ReportOptions &o, const Side &s, const QString &tag) {
            if (toStdout || (!pdf && !render.writeImage))
                return;
            const QString name = pdf ? QStringLiteral("placement%1.png").arg(tag) : stem + QStringLiteral(".placement%1.png").arg(tag);
            o.placementImage = name.toStdString();
            images.push_back({o.placementImage, &s.evaluation, &s.inputs.model, &s.inputs.gpu});
        };
        addImage(oa, a, b ? QStringLiteral("-a") : QString());
        if (b)
            addImage(ob, *b, QStringLiteral("-b"));

        const std::string markdown = b ? markdownComparisonReport(a.evaluation, a.inputs.model, a.inputs.gpu, oa, b->evaluation,
                                                                  b->inputs.model, b->inputs.gpu, ob)
                                       : markdownReport(a.evaluation, a.inputs.model, a.inputs.gpu, oa);
        if (toStdout) {
            std::cout << markdown;
            return 0;
        }
        QString error;
        QStringList written{output};
        if (pdf) {
            error = render.writePdf(output, markdown, images);
        } else {
            error = writeText(output, markdown);
            for (const ReportPlacement &img : images) {
                if (!error.isEmpty())
                    break;
                const QString name = QString::fromStdString(img.name);
                const QString path = out.path() == QLatin1String(".") ? name : out.dir().filePath(name);
                error = render.writeImage(path, img);
                written << path;
            }
        }
        if (!error.isEmpty())
            return failWith("report", "cannot write " + output.toStdString() + ": " + error.toStdString());
        std::cout << "wrote " << written.join(QStringLiteral(", ")).toStdString() << std::endl;
        return 0;
    } catch (const std::exception &ex) {
        return failWith("report", ex.what());
    }
}
