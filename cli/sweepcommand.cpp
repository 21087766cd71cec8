#include "cli/commands.h"
#include "cli/planoptions.h"
#include "core/model/errors.h"
#include "core/sweep/sweep.h"
#include "core/sweep/sweepreport.h"
#include "core/text/units.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <iostream>

using namespace shardscope;

namespace {

// Largest --gpus; with --up-to every count below it is swept too, which grows as N log^2 N plans.
constexpr long long kMaxSweepGpus = kMaxWorldSize;
constexpr long long kMaxUpToGpus = 1024;

QCommandLineOption option(const char *name, const char *help, const char *valueName = nullptr)
{
    return valueName
        ? QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(valueName))
        : QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help));
}

long long countOption(const QCommandLineParser &p, const char *name, long long lo, long long hi)
{
    const QString v = p.value(QString::fromLatin1(name)).trimmed();
    const auto n = parseCount(v.toStdString(), hi);
    if (!n || *n < lo)
        throw InputError(std::string("--") + name + " " + v.toStdString() + ": expected a whole number from "
            + std::to_string(lo) + " to " + std::to_string(hi));
    return *n;
}

SweepOptions sweepOptions(const QCommandLineParser &p)
{
    SweepOptions o;
    if (!p.isSet(QStringLiteral("gpus")))
        throw InputError("--gpus is required (the number of GPUs to split the model over)");
    o.upTo = p.isSet(QStringLiteral("up-to"));
    o.gpus = static_cast<int>(countOption(p, "gpus", 1, o.upTo ? kMaxUpToGpus : kMaxSweepGpus));
    if (p.isSet(QStringLiteral("objective"))) {
        const QString v = p.value(QStringLiteral("objective"));
        if (v == QLatin1String("concurrency"))
            o.objective = SweepObjective::Concurrency;
        else if (v == QLatin1String("tpot"))
            o.objective = SweepObjective::Tpot;
        else if (v == QLatin1String("throughput"))
            o.objective = SweepObjective::Throughput;
        else
            throw InputError("--objective " + v.toStdString() + ": expected concurrency, tpot or throughput");
    }
    if (p.isSet(QStringLiteral("ep-sizes"))) {
        const QString v = p.value(QStringLiteral("ep-sizes"));
        if (v == QLatin1String("vllm"))
            o.epSizes = EpSizes::Vllm;
        else if (v == QLatin1String("all"))
            o.epSizes = EpSizes::AllDivisors;
        else
            throw InputError("--ep-sizes " + v.toStdString() + ": expected vllm or all");
    }
    if (p.isSet(QStringLiteral("min-concurrency")))
        o.minConcurrency = countOption(p, "min-concurrency", 1, 1LL << 40);
    if (p.isSet(QStringLiteral("max-tpot-ms"))) {
        const QString v = p.value(QStringLiteral("max-tpot-ms")).trimmed();
        bool ok = false;
        const double ms = v.toDouble(&ok);
        if (!ok || !(ms > 0 && ms <= 1e9))
            throw InputError("--max-tpot-ms " + v.toStdString() + ": expected a positive number of milliseconds");
        o.maxTpotSec = ms / 1e3;
    }
    // Plan flags the sweep reads as its decode step (planFromOptions has validated them): set, they
    // replace the sweep's defaults (largest batch that fits, pp micro-batches, max_model_len).
    if (p.isSet(QStringLiteral("batch")))
        o.batch = countOption(p, "batch", 1, 1LL << 31);
    if (p.isSet(QStringLiteral("microbatches")))
        o.microbatches = static_cast<int>(countOption(p, "microbatches", 1, 1 << 20));
    if (p.isSet(QStringLiteral("prompt-len")))
        o.context = countOption(p, "prompt-len", 1, 1LL << 31);
    o.includeInvalid = p.isSet(QStringLiteral("include-invalid"));
    return o;
}

} // namespace

int runSweepCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Evaluate every tp x pp x dp (x ep for MoE) that uses the given GPUs, and rank the plans.\n"
        "Time figures decode pp micro-batches of the largest batch that fits, each sequence over max_model_len\n"
        "tokens; --microbatches, --batch and --prompt-len replace those defaults."));
    // The sweep chooses the four sizes itself; a fixed one would silently be overwritten.
    const QStringList fixedSizes = { QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("dp"),
        QStringLiteral("ep"), QStringLiteral("enable-expert-parallel"), QStringLiteral("pp-layer-partition") };
    addPlanOptions(parser, fixedSizes);
    parser.addOption(option("gpus", "GPUs in the cluster: every plan has tp x pp x dp = N.", "n"));
    parser.addOption(option("up-to", "Also sweep every smaller GPU count (1 to N)."));
    parser.addOption(option("objective",
        "Ranking: concurrency (requests per GPU, default), tpot (lowest TPOT) or throughput "
        "(tokens/s per GPU).",
        "name"));
    parser.addOption(
        option("min-concurrency", "Rank only plans holding at least N concurrent requests (whole cluster).", "n"));
    parser.addOption(option("max-tpot-ms", "Rank only plans whose estimated TPOT is at most X ms.", "x"));
    parser.addOption(option(
        "ep-sizes", "MoE: vllm (ep = 1 and ep = tp x dp, default) or all (every divisor of tp x dp).", "vllm|all"));
    parser.addOption(option("include-invalid", "Also list combinations vLLM would refuse, with the reason."));
    parser.addOption(option("format", "Output: text (default), json or csv.", "text|json|csv"));
    int exitCode = 0;
    if (!parseOrFail(parser, args, "sweep", exitCode))
        return exitCode;
    const QString format
        = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("text");
    if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv"))
        return failWith("sweep", "--format " + format.toStdString() + ": expected text, json or csv");
    for (const QString &fixed : fixedSizes)
        if (parser.isSet(fixed))
            return failWith("sweep",
                "--" + fixed.toStdString() + " cannot be combined with sweep: it tries every tp, pp, dp and ep itself");
    try {
        const SweepOptions options = sweepOptions(parser);
        const PresetRepository repo = loadPresets("sweep");
        const PlanInputs in = planFromOptions(parser, repo);
        const SweepResult r = sweep(in.plan, in.model, in.gpu, options);
        if (format == QLatin1String("json"))
            std::cout << sweepToJson(r, in.model, in.gpu).dump(2) << std::endl;
        else if (format == QLatin1String("csv"))
            std::cout << sweepToCsv(r);
        else
            std::cout << sweepToText(r, in.model, in.gpu);
        return 0;
    } catch (const std::exception &ex) {
        return failWith("sweep", ex.what());
    }
}
