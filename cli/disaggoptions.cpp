#include "cli/disaggoptions.h"

#include "cli/commands.h"
#include "cli/servingoptions.h"
#include "core/evaluate/evaluation.h"
#include "core/launch/disaggexport.h"
#include "core/model/errors.h"
#include "core/report/report.h"
#include "core/serving/disagg.h"
#include "core/text/units.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <iostream>

using namespace shardscope;

namespace {

struct PoolFlag
{
    const char *suffix; // after "--prefill-" / "--decode-"
    const char *valueName;
    const char *help; // "%1" is the pool's name
};

const PoolFlag kPoolFlags[] = {
    { "tp", "n", "tensor-parallel size of each %1 instance (default: --tp)" },
    { "pp", "n", "pipeline-parallel size of each %1 instance (default: --pp)" },
    { "dp", "n", "data-parallel size of each %1 instance (default: --dp)" },
    { "ep", "n", "expert-parallel size of each %1 instance (default: --ep)" },
    { "gpu", "id|path", "GPU of the %1 pool (default: --gpu)" },
    { "instances", "n", "%1 instances (vLLM servers) in the pool (default 1)" },
    { "max-num-seqs", "n", "max_num_seqs of the %1 instances (default: --max-num-seqs)" },
    { "max-num-batched-tokens", "tokens", "max_num_batched_tokens of the %1 instances (default: the plan's)" },
};

QString name(const char *pool, const char *suffix)
{
    return QStringLiteral("%1-%2").arg(QLatin1String(pool), QLatin1String(suffix));
}

long long count(const QCommandLineParser &p, const QString &flag, long long lo, long long hi)
{
    const QString v = p.value(flag).trimmed();
    const auto n = parseCount(v.toStdString(), hi);
    if (!n || *n < lo)
        throw InputError("--" + flag.toStdString() + " " + v.toStdString() + ": expected a whole number from "
            + std::to_string(lo) + " to " + std::to_string(hi));
    return *n;
}

bool anyPoolFlag(const QCommandLineParser &p)
{
    for (const char *pool : { "prefill", "decode" })
        for (const PoolFlag &f : kPoolFlags)
            if (p.isSet(name(pool, f.suffix)))
                return true;
    return p.isSet(QStringLiteral("kv-transfer-link")) || p.isSet(QStringLiteral("kv-connector"));
}

void applyPool(const QCommandLineParser &p, const char *pool, PoolPlan &out)
{
    constexpr long long kMaxSize = 1 << 20;
    const auto has = [&](const char *s) { return p.isSet(name(pool, s)); };
    if (has("tp"))
        out.tp = static_cast<int>(count(p, name(pool, "tp"), 1, kMaxSize));
    if (has("pp"))
        out.pp = static_cast<int>(count(p, name(pool, "pp"), 1, kMaxSize));
    if (has("dp"))
        out.dp = static_cast<int>(count(p, name(pool, "dp"), 1, kMaxSize));
    if (has("ep"))
        out.ep = static_cast<int>(count(p, name(pool, "ep"), 1, kMaxSize));
    if (has("instances"))
        out.instances = static_cast<int>(count(p, name(pool, "instances"), 1, kMaxWorldSize));
    if (has("max-num-seqs"))
        out.maxNumSeqs = count(p, name(pool, "max-num-seqs"), 1, 1LL << 31);
    if (has("max-num-batched-tokens"))
        out.maxNumBatchedTokens = count(p, name(pool, "max-num-batched-tokens"), 1, 1LL << 31);
    if (has("gpu"))
        out.gpuId = p.value(name(pool, "gpu")).trimmed().toStdString();
    const std::int64_t world = std::int64_t(out.tp) * out.pp * out.dp;
    if (world * out.instances > kMaxWorldSize)
        throw InputError(std::string("the ") + pool
            + " pool: instances x tp x pp x dp = " + std::to_string(world * out.instances) + " GPUs is more than the "
            + std::to_string(kMaxWorldSize) + " this planner evaluates");
}

PlanInputs poolInputs(const PlanInputs &in, Pool pool, const PresetRepository &repo)
{
    PlanInputs out;
    out.plan = poolPlan(in.plan, pool);
    out.model = in.model;
    const PoolPlan &pp = pool == Pool::Prefill ? in.plan.prefill : in.plan.decode;
    if (pp.gpuId.empty() || pp.gpuId == in.gpu.id) {
        out.gpu = in.gpu;
    } else {
        out.gpu = repo.resolveGpu(QString::fromStdString(pp.gpuId));
        out.plan.gpuId = out.gpu.id;
    }
    return out;
}

} // namespace

void addDisaggOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringLiteral("serving-mode"),
        QStringLiteral("aggregated (default: one pool serves prefill and decode) or disaggregated (a prefill pool "
                       "and a decode pool, the KV cache moving between them)."),
        QStringLiteral("aggregated|disaggregated")));
    for (const char *pool : { "prefill", "decode" })
        for (const PoolFlag &f : kPoolFlags)
            parser.addOption(QCommandLineOption(name(pool, f.suffix),
                QStringLiteral("Disaggregated: ") + QString::fromUtf8(f.help).arg(QLatin1String(pool)) + ".",
                QString::fromLatin1(f.valueName)));
    parser.addOption(QCommandLineOption(QStringLiteral("kv-transfer-link"),
        QStringLiteral("Disaggregated: the link the KV cache crosses: nic (default, another node), scaleup (the "
                       "scale-up domain: NVLink / xGMI) or node (the same node over PCIe)."),
        QStringLiteral("nic|scaleup|node")));
    parser.addOption(QCommandLineOption(QStringLiteral("kv-connector"),
        QStringLiteral("Disaggregated: vLLM's KV connector (default NixlConnector, the only one exported)."),
        QStringLiteral("NixlConnector")));
}

void applyDisaggOptions(const QCommandLineParser &p, PlanInputs &in)
{
    Plan &plan = in.plan;
    const bool fromFile = plan.servingMode == ServingMode::Disaggregated;
    if (p.isSet(QStringLiteral("serving-mode"))) {
        const QString v = p.value(QStringLiteral("serving-mode")).trimmed();
        if (v == QLatin1String("aggregated"))
            plan.servingMode = ServingMode::Aggregated;
        else if (v == QLatin1String("disaggregated"))
            plan.servingMode = ServingMode::Disaggregated;
        else
            throw InputError("--serving-mode " + v.toStdString() + ": expected aggregated or disaggregated");
    }
    if (plan.servingMode != ServingMode::Disaggregated) {
        if (anyPoolFlag(p))
            throw InputError("the --prefill-*, --decode-* and --kv-* flags describe a disaggregated plan: add "
                             "--serving-mode disaggregated");
        return;
    }
    // Pools start from the plan's sizes unless a plan file already described them.
    if (!fromFile)
        for (PoolPlan *pool : { &plan.prefill, &plan.decode }) {
            pool->tp = plan.tp;
            pool->pp = plan.pp;
            pool->dp = plan.dp;
            pool->ep = plan.ep;
        }
    applyPool(p, "prefill", plan.prefill);
    applyPool(p, "decode", plan.decode);
    if (p.isSet(QStringLiteral("kv-transfer-link"))) {
        const QString v = p.value(QStringLiteral("kv-transfer-link")).trimmed();
        if (v == QLatin1String("nic"))
            plan.kvTransferLink = KvTransferLink::Nic;
        else if (v == QLatin1String("scaleup"))
            plan.kvTransferLink = KvTransferLink::ScaleUp;
        else if (v == QLatin1String("node"))
            plan.kvTransferLink = KvTransferLink::Node;
        else
            throw InputError("--kv-transfer-link " + v.toStdString() + ": expected nic, scaleup or node");
    }
    if (p.isSet(QStringLiteral("kv-connector"))) {
        const QString v = p.value(QStringLiteral("kv-connector")).trimmed();
        if (v != QLatin1String("NixlConnector"))
            throw InputError("--kv-connector " + v.toStdString() + ": expected NixlConnector");
        plan.kvConnector = KvConnector::Nixl;
    }
}

DisaggInputs disaggInputs(const PlanInputs &in, const PresetRepository &repo)
{
    return { poolInputs(in, Pool::Prefill, repo), poolInputs(in, Pool::Decode, repo) };
}

namespace {

// Evaluates one pool; an impossible pool is bad input (exit 2), named.
EvaluatedPlan evaluatePool(const PlanInputs &in, Pool pool)
{
    EvaluatedPlan ev = evaluatePlan(in.plan, in.model, in.gpu);
    if (!ev.evaluation.valid)
        throw InputError(std::string("the ") + poolName(pool) + " pool: "
            + (ev.evaluation.firstError() ? ev.evaluation.firstError()->message() : std::string("invalid plan")));
    return ev;
}

nlohmann::json poolSummary(const Plan &plan, Pool pool, const EvaluatedPlan &ev)
{
    const Evaluation &e = ev.evaluation;
    const PoolPlan &pp = pool == Pool::Prefill ? plan.prefill : plan.decode;
    return { { "tp", e.plan.tp }, { "pp", e.plan.pp }, { "dp", e.plan.dp }, { "ep", e.plan.ep }, { "gpu", ev.gpu.id },
        { "instances", std::max(1, pp.instances) }, { "world_size", e.worldSize }, { "gpus", poolGpus(plan, pool) },
        { "nodes", e.nodes }, { "max_num_seqs", e.plan.maxNumSeqs },
        { "max_num_batched_tokens", e.plan.maxNumBatchedTokens }, { "fits", e.fits },
        { "max_weights_bytes_per_gpu", e.maxWeightsBytesPerGpu }, { "kv_budget_bytes_per_gpu", e.kvBudgetBytesPerGpu },
        { "kv_bytes_per_token_per_gpu", e.kv.bytesPerTokenPerGpu }, { "kv_capacity_tokens", e.kv.capacityTokens },
        { "kv_max_concurrency", e.kv.maxConcurrency } };
}

} // namespace

int runDisaggPlan(
    const PlanInputs &in, const PresetRepository &repo, const QCommandLineParser &parser, const QString &format)
{
    if (format == QLatin1String("vllm-log"))
        throw InputError("--format vllm-log prints one server's log: evaluate a pool on its own "
                         "(--serving-mode aggregated with its sizes)");
    const DisaggInputs pools = disaggInputs(in, repo);
    const EvaluatedPlan prefill = evaluatePool(pools.prefill, Pool::Prefill);
    const EvaluatedPlan decode = evaluatePool(pools.decode, Pool::Decode);
    const ServingInputs servingIn = servingFromOptions(parser);
    checkWorkload(
        servingIn.workload, std::min(prefill.evaluation.plan.maxModelLen, decode.evaluation.plan.maxModelLen));
    ServingCoefficients pc = servingCoefficients(prefill.gpu), dc = servingCoefficients(decode.gpu);
    for (const auto &[name, value] : servingIn.coefficientOverrides) {
        pc.set(name, value);
        dc.set(name, value);
    }
    const DisaggServingResult serving = simulateDisaggregated(prefill, std::max(1, in.plan.prefill.instances), decode,
        std::max(1, in.plan.decode.instances), in.plan.kvTransferLink, servingIn.workload, pc, dc);
    if (format == QLatin1String("json")) {
        // The decode pool's full report; plan.* says the plan is disaggregated and summarises both pools.
        nlohmann::json out = evaluationToJson(decode);
        out["plan"]["serving_mode"] = "disaggregated";
        out["plan"]["prefill"] = poolSummary(in.plan, Pool::Prefill, prefill);
        out["plan"]["decode"] = poolSummary(in.plan, Pool::Decode, decode);
        out["plan"]["kv_transfer_link"] = kvTransferLinkName(in.plan.kvTransferLink);
        out["plan"]["kv_connector"] = kvConnectorName(in.plan.kvConnector);
        out["plan"]["gpus"] = poolGpus(in.plan, Pool::Prefill) + poolGpus(in.plan, Pool::Decode);
        out["fits"] = prefill.evaluation.fits && decode.evaluation.fits;
        out["prefill_pool"] = evaluationToJson(prefill);
        out["serving"] = disaggServingToJson(serving);
        std::cout << out.dump(2) << std::endl;
        return 0;
    }
    std::cout << "Disaggregated prefill/decode: " << std::max(1, in.plan.prefill.instances) << " prefill x "
              << std::max(1, in.plan.decode.instances) << " decode instances, KV over "
              << kvTransferLinkName(in.plan.kvTransferLink) << " (" << kvConnectorName(in.plan.kvConnector) << ")\n\n"
              << "== prefill pool, one instance ==\n"
              << evaluationToText(prefill) << "\n== decode pool, one instance ==\n"
              << evaluationToText(decode) << "\n"
              << disaggServingToText(serving);
    return 0;
}

int runDisaggExport(
    const PlanInputs &in, const PresetRepository &repo, const ExportOptions &options, const QString &format)
{
    const DisaggInputs pools = disaggInputs(in, repo);
    const EvaluatedPlan prefill = evaluatePlan(pools.prefill.plan, pools.prefill.model, pools.prefill.gpu);
    const EvaluatedPlan decode = evaluatePlan(pools.decode.plan, pools.decode.model, pools.decode.gpu);
    const DisaggExportResult r = exportDisaggregated(in.plan, prefill.evaluation, decode.evaluation, in.model, options);
    if (!r.ok)
        return failWith("export", r.refusal + (r.refusalCode == "does_not_fit" ? " (--force exports it anyway)" : ""));
    if (format == QLatin1String("json"))
        std::cout << disaggExportToJson(r).dump(2) << std::endl;
    else
        std::cout << r.text();
    return 0;
}
