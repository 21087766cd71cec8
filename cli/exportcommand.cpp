// shardscope export: the plan as launch commands (vLLM or SGLang), one block or script per node.
#include "cli/commands.h"
#include "cli/disaggoptions.h"
#include "cli/planoptions.h"
#include "core/evaluate/evaluation.h"
#include "core/launch/k8sdisagg.h"
#include "core/launch/k8sexport.h"
#include "core/launch/launchexport.h"
#include "core/model/errors.h"
#include "core/text/sanitize.h"
#include "core/text/units.h"
#include "io/exportfiles.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <iostream>

using namespace shardscope;

namespace {

QString opt(const QCommandLineParser &p, const char *name)
{
    return p.value(QString::fromLatin1(name)).trimmed();
}

bool has(const QCommandLineParser &p, const char *name)
{
    return p.isSet(QString::fromLatin1(name));
}

int intOption(const QCommandLineParser &p, const char *name, int lo, int hi)
{
    const QString v = opt(p, name);
    const auto n = parseCount(v.toStdString(), hi);
    if (!n || *n < lo)
        throw InputError("--" + std::string(name) + " " + v.toStdString() + ": expected a whole number from "
            + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(*n);
}

ExportOptions exportOptions(const QCommandLineParser &p)
{
    ExportOptions o;
    if (has(p, "target")) {
        const QString t = opt(p, "target");
        if (t == QLatin1String("vllm"))
            o.target = ExportTarget::Vllm;
        else if (t == QLatin1String("sglang"))
            o.target = ExportTarget::Sglang;
        else if (t != QLatin1String("k8s")) // k8s: vLLM's commands inside Kubernetes manifests
            throw InputError("--target " + t.toStdString() + ": expected vllm, sglang or k8s");
    }
    if (has(p, "launcher")) {
        const QString l = opt(p, "launcher");
        if (l == QLatin1String("mp"))
            o.launcher = Launcher::Mp;
        else if (l == QLatin1String("ray"))
            o.launcher = Launcher::Ray;
        else
            throw InputError("--launcher " + l.toStdString() + ": expected mp or ray");
    }
    if (has(p, "nodes"))
        o.nodes = intOption(p, "nodes", 1, kMaxWorldSize);
    if (has(p, "port"))
        o.port = intOption(p, "port", 1, 65535);
    o.headAddress = p.value(QStringLiteral("head-address")).toStdString();
    o.modelPath = p.value(QStringLiteral("model-path")).toStdString();
    o.all2allBackend = opt(p, "all2all-backend").toStdString();
    o.force = has(p, "force");
    return o;
}

K8sOptions k8sOptions(const QCommandLineParser &p)
{
    K8sOptions o;
    o.name = p.value(QStringLiteral("name")).toStdString();
    o.image = p.value(QStringLiteral("image")).toStdString();
    o.nameSpace = p.value(QStringLiteral("namespace")).toStdString();
    if (has(p, "replicas"))
        o.replicas = intOption(p, "replicas", 1, 1000);
    o.launcherGiven = has(p, "launcher");
    return o;
}

// --target k8s: multi-document YAML on stdout, or one file per object in --output-dir.
int runKubernetesExport(const QCommandLineParser &parser, const QString &format, ExportOptions launch)
{
    if (format != QLatin1String("yaml") && format != QLatin1String("json") && has(parser, "format"))
        throw InputError("--format " + format.toStdString() + ": --target k8s writes yaml (or json)");
    for (const char *flag : { "script", "node", "head-address", "port" })
        if (has(parser, flag))
            throw InputError("--" + std::string(flag) + " does not apply to --target k8s (the pods find each other)");
    const PresetRepository repo = loadPresets("export");
    PlanInputs in = planFromOptions(parser, repo);
    applyDisaggOptions(parser, in);
    launch.vllmExtraArgs = vllmExtraArgsFromWords(in.vllmExtraArgs);
    if (launch.modelPath.empty())
        launch.modelPath = in.modelPath;
    const bool disaggregated = in.plan.servingMode == ServingMode::Disaggregated;
    K8sExport k;
    if (disaggregated) {
        // One instance set per pool; a pool's replicas are its instances (xPyD), so a plan-wide count
        // would contradict them.
        if (has(parser, "replicas"))
            throw InputError("--replicas does not apply to a disaggregated plan: each pool's replicas are its "
                             "instances (--prefill-instances, --decode-instances)");
        const DisaggInputs pools = disaggInputs(in, repo);
        const EvaluatedPlan prefill = evaluatePlan(pools.prefill.plan, pools.prefill.model, pools.prefill.gpu);
        const EvaluatedPlan decode = evaluatePlan(pools.decode.plan, pools.decode.model, pools.decode.gpu);
        k = exportKubernetesDisaggregated(in.plan, prefill.evaluation, prefill.gpu, decode.evaluation, decode.gpu,
            in.model, launch, k8sOptions(parser));
    } else {
        const Evaluation e = evaluate(in.plan, in.model, in.gpu);
        k = exportKubernetes(e, in.model, in.gpu, launch, k8sOptions(parser));
    }
    if (!k.ok)
        return failWith("export",
            sanitize::oneLine(k.refusal) + (k.refusalCode == "does_not_fit" ? " (--force exports it anyway)" : ""));
    if (has(parser, "output-dir")) {
        for (const QString &path : saveManifests(k, opt(parser, "output-dir")))
            std::cout << "wrote " << path.toStdString() << "\n";
        return 0;
    }
    if (format == QLatin1String("json")) {
        nlohmann::json j = { { "schema", "shardscope.k8s/1" }, { "ok", true },
            { "serving_mode", disaggregated ? "disaggregated" : "aggregated" }, { "notes", k.notes },
            { "objects", nlohmann::json::array() } };
        for (const K8sObject &o : k.objects)
            j["objects"].push_back({ { "api_version", o.apiVersion }, { "kind", o.kind }, { "name", o.name },
                { "component", o.component.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.component) },
                { "file", o.fileName() }, { "yaml", o.yaml } });
        std::cout << j.dump(2) << std::endl;
        return 0;
    }
    for (const std::string &n : k.notes)
        std::cout << "# " << sanitize::oneLine(n) << "\n";
    std::cout << k.yaml();
    return 0;
}

} // namespace

int runExportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Print the launch commands that run the plan: vllm serve (one node, "
                       "multi-node, data parallel, Ray) or SGLang."));
    addPlanOptions(parser);
    addDisaggOptions(parser);
    const struct
    {
        const char *name, *value, *help;
    } options[] = {
        { "target", "vllm|sglang|k8s", "Engine to launch (default vllm), or k8s: Kubernetes manifests for vLLM." },
        { "launcher", "mp|ray", "Several nodes: vLLM's own multi-node launch (mp, default) or a Ray cluster." },
        { "nodes", "n", "Nodes to spread the plan over (default: the plan's, from --gpus-per-node)." },
        { "head-address", "address", "Address of node 0 (default: the $HEAD_IP placeholder)." },
        { "port", "port",
            "Rendezvous port on node 0 (default: the $HEAD_PORT placeholder with the launcher's default)." },
        { "model-path", "path",
            "What the server loads: a Hugging Face repo or local folder (default: the preset's repo)." },
        { "all2all-backend", "name", "vLLM expert parallelism with dp > 1 (default allgather_reducescatter)." },
        { "node", "k", "Print only node k's block (or script)." },
        { "output-dir", "dir",
            "With --script: write node-<k>.sh for every node into this folder; with --target k8s one file per "
            "object." },
        { "format", "text|json|yaml", "Output: text (default) or json; yaml with --target k8s (its default)." },
        { "name", "name", "--target k8s: object name prefix (default: from the model; made a DNS label)." },
        { "image", "image", "--target k8s: container image (default vllm/vllm-openai:v<release>, -rocm for AMD)." },
        { "namespace", "ns", "--target k8s: metadata.namespace (default: none, kubectl's current one)." },
        { "replicas", "n",
            "--target k8s: instances of an aggregated plan (default 1); a disaggregated plan's pools take "
            "--prefill-instances / --decode-instances." },
    };
    for (const auto &o : options)
        parser.addOption(
            QCommandLineOption(QString::fromLatin1(o.name), QString::fromUtf8(o.help), QString::fromLatin1(o.value)));
    parser.addOption(QCommandLineOption(
        QStringLiteral("script"), QStringLiteral("One bash script per node instead of command blocks.")));
    parser.addOption(QCommandLineOption(QStringLiteral("force"),
        QStringLiteral("Export a plan the memory model predicts will not fit (vLLM may stop at startup).")));
    int exitCode = 0;
    if (!parseOrFail(parser, args, "export", exitCode))
        return exitCode;
    try {
        const bool k8s = has(parser, "target") && opt(parser, "target") == QLatin1String("k8s");
        const QString format
            = has(parser, "format") ? opt(parser, "format") : QString::fromLatin1(k8s ? "yaml" : "text");
        ExportOptions o = exportOptions(parser);
        if (k8s)
            return runKubernetesExport(parser, format, o);
        if (format != QLatin1String("text") && format != QLatin1String("json"))
            throw InputError("--format " + format.toStdString() + ": expected text or json");
        for (const char *flag : { "name", "image", "namespace", "replicas" })
            if (has(parser, flag))
                throw InputError("--" + std::string(flag) + " applies to --target k8s only");
        const PresetRepository repo = loadPresets("export");
        PlanInputs in = planFromOptions(parser, repo);
        applyDisaggOptions(parser, in);
        // The plan file's "vllm_extra_args" (an import's too): after the generated flags of every vllm serve.
        o.vllmExtraArgs = vllmExtraArgsFromWords(in.vllmExtraArgs);
        if (o.modelPath.empty())
            o.modelPath = in.modelPath;
        if (in.plan.servingMode == ServingMode::Disaggregated)
            return runDisaggExport(in, repo, o, format);
        const Evaluation e = evaluate(in.plan, in.model, in.gpu);
        const ExportResult r = exportLaunch(e, in.model, o);
        if (!r.ok)
            return failWith(
                "export", r.message() + (r.refusalCode == "does_not_fit" ? " (--force exports it anyway)" : ""));
        int node = -1;
        if (has(parser, "node")) {
            node = intOption(parser, "node", 0, kMaxWorldSize);
            if (node >= r.nodes)
                throw InputError(
                    "--node " + std::to_string(node) + ": the launch has nodes 0 to " + std::to_string(r.nodes - 1));
        }
        const bool script = has(parser, "script");
        if (has(parser, "output-dir")) {
            if (!script)
                throw InputError("--output-dir writes scripts: add --script");
            for (const QString &path : saveNodeScripts(r, opt(parser, "output-dir")))
                std::cout << "wrote " << path.toStdString() << "\n";
            return 0;
        }
        if (format == QLatin1String("json")) {
            std::cout << exportToJson(r).dump(2) << std::endl;
            return 0;
        }
        if (node >= 0) {
            std::cout << (script ? r.script(node) : r.nodeText(node));
        } else if (script) {
            for (const NodeLaunch &n : r.nodeLaunches)
                std::cout << (n.node > 0 ? "\n" : "") << "#### node-" << n.node << ".sh\n" << r.script(n.node);
        } else {
            std::cout << r.text();
        }
        return 0;
    } catch (const std::exception &ex) {
        return failWith("export", ex.what());
    }
}
