#include "cli/commands.h"
#include "cli/planoptions.h"
#include "cli/servingoptions.h"
#include "core/model/errors.h"
#include "core/sweep/slasearch.h"
#include "core/sweep/sweep.h"
#include "core/sweep/sweepreport.h"
#include "core/text/units.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <algorithm>
#include <cmath>
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
            throw InputError("--objective " + v.toStdString()
                + ": expected concurrency, tpot or throughput (or, with the workload flags, goodput, ttft, cost)");
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

// Workload, SLA and list flags: any of them turns the sweep into the SLA search (issue #18); without
// them the sweep ranks as it always did, so existing scripts keep their output.
const char *const kSearchFlags[] = { "input-len", "output-len", "input-len-range", "dataset-name", "max-concurrency",
    "request-rate", "num-prompts", "prefix-hit-rate", "seed", "serving-coefficient", "ttft-ms", "tpot-ms", "e2e-ms",
    "sla-percentile", "gpu-hour-cost", "top", "serving-mode", "max-instances", "kv-transfer-link" };

bool wantsSlaSearch(const QCommandLineParser &p)
{
    for (const char *f : kSearchFlags)
        if (p.isSet(QString::fromLatin1(f)))
            return true;
    const QString objective = p.value(QStringLiteral("objective"));
    if (objective == QLatin1String("goodput") || objective == QLatin1String("ttft")
        || objective == QLatin1String("cost"))
        return true;
    for (const char *f : { "gpu", "max-num-seqs", "max-num-batched-tokens", "kv-cache-dtype", "quantization" })
        if (p.value(QString::fromLatin1(f)).contains(QLatin1Char(',')))
            return true;
    return false;
}

double msOption(const QCommandLineParser &p, const char *name)
{
    const QString v = p.value(QString::fromLatin1(name)).trimmed();
    bool ok = false;
    const double ms = v.toDouble(&ok);
    if (!ok || !std::isfinite(ms) || !(ms > 0 && ms <= 1e9))
        throw InputError(std::string("--") + name + " " + v.toStdString()
            + ": expected a positive number of milliseconds, at most 1e9");
    return ms / 1e3;
}

std::vector<std::int64_t> countList(const QCommandLineParser &p, const char *name)
{
    std::vector<std::int64_t> out;
    if (!p.isSet(QString::fromLatin1(name)))
        return out;
    const QString v = p.value(QString::fromLatin1(name)).trimmed();
    const QStringList parts = v.split(QLatin1Char(','));
    if (parts.size() > 64)
        throw InputError(std::string("--") + name + ": at most 64 candidates");
    for (const QString &part : parts) {
        const auto n = parseCount(part.trimmed().toStdString(), 1LL << 31);
        if (!n || *n < 1)
            throw InputError(std::string("--") + name + " " + v.toStdString()
                + ": expected whole numbers from 1 to 2147483648 separated by commas, e.g. 128,256,512");
        out.push_back(*n);
    }
    return out;
}

// A comma-separated list flag of the search (kv-cache-dtype, quantization), at most 8 values; empty when
// the flag is not given.
QStringList listValues(const QCommandLineParser &p, const char *name)
{
    QStringList out;
    if (!p.isSet(QString::fromLatin1(name)))
        return out;
    for (const QString &part : p.value(QString::fromLatin1(name)).split(QLatin1Char(',')))
        out.push_back(part.trimmed());
    if (out.size() > 8)
        throw InputError(std::string("--") + name + ": at most 8 values");
    return out;
}

SlaObjective slaObjective(const QString &v)
{
    for (SlaObjective o : { SlaObjective::Goodput, SlaObjective::Throughput, SlaObjective::Tpot, SlaObjective::Ttft,
             SlaObjective::Cost, SlaObjective::Concurrency })
        if (v == QLatin1String(slaObjectiveName(o)))
            return o;
    throw InputError(
        "--objective " + v.toStdString() + ": expected goodput, throughput, tpot, ttft, cost or concurrency");
}

int runSlaSearch(const QCommandLineParser &parser, const QString &format)
{
    for (const char *legacy :
        { "max-tpot-ms", "min-concurrency", "batch", "microbatches", "prompt-len", "include-invalid" })
        if (parser.isSet(QString::fromLatin1(legacy)))
            return failWith("sweep",
                std::string("--") + legacy
                    + " cannot be combined with the workload and SLA flags (use --tpot-ms for a TPOT target)");
    SlaSearchOptions o;
    if (!parser.isSet(QStringLiteral("gpus")))
        throw InputError("--gpus is required (the number of GPUs to split the model over)");
    o.upTo = parser.isSet(QStringLiteral("up-to"));
    o.gpus = static_cast<int>(countOption(parser, "gpus", 1, o.upTo ? kMaxUpToGpus : kMaxSweepGpus));
    if (parser.isSet(QStringLiteral("ep-sizes"))) {
        const QString v = parser.value(QStringLiteral("ep-sizes"));
        if (v != QLatin1String("vllm") && v != QLatin1String("all"))
            throw InputError("--ep-sizes " + v.toStdString() + ": expected vllm or all");
        o.epSizes = v == QLatin1String("all") ? EpSizes::AllDivisors : EpSizes::Vllm;
    }
    if (parser.isSet(QStringLiteral("ttft-ms")))
        o.sla.ttftSec = msOption(parser, "ttft-ms");
    if (parser.isSet(QStringLiteral("tpot-ms")))
        o.sla.tpotSec = msOption(parser, "tpot-ms");
    if (parser.isSet(QStringLiteral("e2e-ms")))
        o.sla.e2eSec = msOption(parser, "e2e-ms");
    if (parser.isSet(QStringLiteral("sla-percentile"))) {
        const QString v = parser.value(QStringLiteral("sla-percentile"));
        if (v == QLatin1String("p50"))
            o.sla.percentile = SlaPercentile::P50;
        else if (v == QLatin1String("p90"))
            o.sla.percentile = SlaPercentile::P90;
        else if (v == QLatin1String("p99"))
            o.sla.percentile = SlaPercentile::P99;
        else
            throw InputError("--sla-percentile " + v.toStdString() + ": expected p50, p90 or p99");
    }
    o.objective = parser.isSet(QStringLiteral("objective")) ? slaObjective(parser.value(QStringLiteral("objective")))
        : o.sla.any()                                       ? SlaObjective::Goodput
                                                            : SlaObjective::Throughput;
    if (parser.isSet(QStringLiteral("top")))
        o.top = static_cast<int>(countOption(parser, "top", 1, 100000));
    if (parser.isSet(QStringLiteral("serving-mode"))) {
        const QString v = parser.value(QStringLiteral("serving-mode")).trimmed();
        if (v != QLatin1String("aggregated") && v != QLatin1String("disaggregated") && v != QLatin1String("both"))
            throw InputError("--serving-mode " + v.toStdString() + ": expected aggregated, disaggregated or both");
        o.aggregated = v != QLatin1String("disaggregated");
        o.disaggregated = v != QLatin1String("aggregated");
    }
    if (parser.isSet(QStringLiteral("max-instances")))
        o.maxInstances = static_cast<int>(countOption(parser, "max-instances", 1, 64));
    if (parser.isSet(QStringLiteral("kv-transfer-link"))) {
        const QString v = parser.value(QStringLiteral("kv-transfer-link")).trimmed();
        if (v == QLatin1String("nic"))
            o.kvTransferLink = KvTransferLink::Nic;
        else if (v == QLatin1String("scaleup"))
            o.kvTransferLink = KvTransferLink::ScaleUp;
        else if (v == QLatin1String("node"))
            o.kvTransferLink = KvTransferLink::Node;
        else
            throw InputError("--kv-transfer-link " + v.toStdString() + ": expected nic, scaleup or node");
    }
    if (o.disaggregated && o.gpus < 2)
        throw InputError("--serving-mode " + parser.value(QStringLiteral("serving-mode")).toStdString()
            + ": a disaggregated plan needs at least 2 GPUs (--gpus)");
    for (const QString &v : listValues(parser, "kv-cache-dtype")) {
        if (v == QLatin1String("auto"))
            o.kvDtypes.push_back(KvDtype::Auto);
        else if (v == QLatin1String("fp8"))
            o.kvDtypes.push_back(KvDtype::Fp8);
        else
            throw InputError("--kv-cache-dtype " + v.toStdString() + ": expected auto or fp8 (a list: auto,fp8)");
    }
    for (const QString &v : listValues(parser, "quantization")) {
        bool known = false;
        for (Quantization q : { Quantization::Auto, Quantization::None, Quantization::Fp8, Quantization::Mxfp4,
                 Quantization::Awq, Quantization::Gptq })
            if (v == QLatin1String(quantizationName(q))) {
                o.quantizations.push_back(q);
                known = true;
            }
        if (!known)
            throw InputError("--quantization " + v.toStdString()
                + ": expected auto, none, fp8, mxfp4, awq or gptq (a list: auto,fp8)");
    }
    o.maxNumSeqs = countList(parser, "max-num-seqs");
    o.maxNumBatchedTokens = countList(parser, "max-num-batched-tokens");

    const PresetRepository repo = loadPresets("sweep");
    const PlanInputs in = planFromOptions(parser, repo, {}, true);
    const ServingInputs servingIn = servingFromOptions(parser);
    o.workload = servingIn.workload;
    // The GPU types: --gpu a,b,c (the first resolved by planFromOptions).
    std::vector<SearchGpu> gpus;
    std::vector<std::string> ids;
    const QStringList gpuRefs = parser.isSet(QStringLiteral("gpu"))
        ? parser.value(QStringLiteral("gpu")).split(QLatin1Char(','))
        : QStringList { QString::fromStdString(in.gpu.id) };
    if (gpuRefs.size() > 16)
        throw InputError("--gpu: at most 16 GPU types");
    for (qsizetype i = 0; i < gpuRefs.size(); ++i) {
        SearchGpu g;
        g.gpu = i == 0 ? in.gpu : repo.resolveGpu(gpuRefs[i].trimmed());
        if (std::find(ids.begin(), ids.end(), g.gpu.id) != ids.end())
            throw InputError(
                "--gpu " + parser.value(QStringLiteral("gpu")).toStdString() + ": " + g.gpu.id + " is listed twice");
        ids.push_back(g.gpu.id);
        g.coefficients = servingCoefficients(g.gpu);
        for (const auto &[name, value] : servingIn.coefficientOverrides)
            g.coefficients.set(name, value);
        g.usdPerGpuHour = defaultGpuHourCost(g.gpu.id);
        gpus.push_back(std::move(g));
    }
    if (parser.isSet(QStringLiteral("gpu-hour-cost"))) {
        const QString v = parser.value(QStringLiteral("gpu-hour-cost")).trimmed();
        for (const QString &item : v.split(QLatin1Char(','))) {
            const qsizetype eq = item.indexOf(QLatin1Char('='));
            const std::string type = eq > 0 ? item.left(eq).trimmed().toStdString() : std::string();
            bool ok = false;
            const double usd = eq > 0 ? item.mid(eq + 1).trimmed().toDouble(&ok) : 0;
            if (type.empty() || !ok || !std::isfinite(usd) || !(usd > 0 && usd <= 1e6))
                throw InputError("--gpu-hour-cost " + v.toStdString()
                    + ": expected TYPE=USD,... with USD per GPU-hour above 0, at most 1e6, e.g. h100-sxm=3");
            auto it = std::find_if(gpus.begin(), gpus.end(), [&](const SearchGpu &g) { return g.gpu.id == type; });
            if (it == gpus.end())
                throw InputError("--gpu-hour-cost " + v.toStdString() + ": " + type + " is not one of the --gpu types");
            it->usdPerGpuHour = usd;
        }
    }
    // The workload must fit the context the plans are built for (one probe resolves max_model_len).
    const EvaluatedPlan probe = evaluatePlan(in.plan, in.model, in.gpu);
    checkWorkload(o.workload, probe.evaluation.plan.maxModelLen);
    Plan base = in.plan;
    base.maxModelLen = probe.evaluation.plan.maxModelLen;
    const SlaSearchResult r = slaSearch(base, in.model, gpus, o);
    const std::string modelRef = parser.isSet(QStringLiteral("model"))
        ? parser.value(QStringLiteral("model")).trimmed().toStdString()
        : in.model.id;
    if (format == QLatin1String("json"))
        std::cout << slaSearchToJson(r, modelRef).dump(2) << std::endl;
    else if (format == QLatin1String("csv"))
        std::cout << slaSearchToCsv(r, modelRef);
    else
        std::cout << slaSearchToText(r, modelRef);
    return 0;
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
        "Ranking: concurrency (requests per GPU, default without workload flags), tpot (lowest TPOT), throughput "
        "(tokens/s per GPU); with the workload or SLA flags also goodput (default with an SLA), ttft and cost.",
        "name"));
    parser.addOption(
        option("min-concurrency", "Rank only plans holding at least N concurrent requests (whole cluster).", "n"));
    parser.addOption(option("max-tpot-ms", "Rank only plans whose estimated TPOT is at most X ms.", "x"));
    parser.addOption(option(
        "ep-sizes", "MoE: vllm (ep = 1 and ep = tp x dp, default) or all (every divisor of tp x dp).", "vllm|all"));
    addServingOptions(parser);
    parser.addOption(option("ttft-ms", "SLA search: TTFT target at the SLA percentile, milliseconds.", "x"));
    parser.addOption(option("tpot-ms", "SLA search: TPOT target at the SLA percentile, milliseconds.", "y"));
    parser.addOption(
        option("e2e-ms", "SLA search: end-to-end latency target at the SLA percentile, milliseconds.", "z"));
    parser.addOption(
        option("sla-percentile", "SLA search: the percentile the targets apply to (default p90).", "p50|p90|p99"));
    parser.addOption(option("gpu-hour-cost",
        "SLA search: USD per GPU-hour per GPU type, e.g. h100-sxm=3,h200=3.5 (defaults are examples).",
        "type=usd,..."));
    parser.addOption(
        option("serving-mode", "SLA search: aggregated plans (default), disaggregated prefill/decode splits, or both.",
            "aggregated|disaggregated|both"));
    parser.addOption(option(
        "max-instances", "SLA search, disaggregated: most instances per pool in an xPyD split (default 8).", "n"));
    parser.addOption(option("kv-transfer-link",
        "SLA search, disaggregated: the link the KV cache crosses (default nic).", "nic|scaleup|node"));
    parser.addOption(option("top", "SLA search: plans meeting the SLA to settle before stopping (default 20).", "n"));
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
        if (wantsSlaSearch(parser))
            return runSlaSearch(parser, format);
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
