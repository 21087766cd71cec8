#include "core/launch/launchexport.h"

#include "core/launch/exportbuild.h"
#include "core/launch/exportrules.h"
#include "core/launch/vllmflags.h"
#include "core/model/jsonlimits.h"
#include "core/text/sanitize.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <numeric>

namespace shardscope {

using exportbuild::Context;
using exportrules::integer;
using exportrules::say;

const char *exportTargetName(ExportTarget t)
{
    return t == ExportTarget::Sglang ? "sglang" : "vllm";
}

const char *launcherName(Launcher l)
{
    return l == Launcher::Ray ? "ray" : "mp";
}

std::string formatFlagNumber(double value)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

namespace exportbuild {

LaunchWord Context::headAddress()
{
    if (!options.headAddress.empty())
        return LaunchWord::literal(options.headAddress);
    for (const Placeholder &p : result.placeholders)
        if (p.name == kHeadIp)
            return LaunchWord::placeholder(kHeadIp);
    result.placeholders.push_back({ kHeadIp, "", "the address of node 0" });
    return LaunchWord::placeholder(kHeadIp);
}

LaunchWord Context::headPort(int defaultPort)
{
    if (options.port > 0)
        return LaunchWord::literal(std::to_string(options.port));
    for (const Placeholder &p : result.placeholders)
        if (p.name == kHeadPort)
            return LaunchWord::placeholder(kHeadPort);
    result.placeholders.push_back({ kHeadPort, std::to_string(defaultPort), "a free port on node 0" });
    return LaunchWord::placeholder(kHeadPort);
}

void Context::refuse(std::string code, Sentence reason, Sentence nearest)
{
    result.ok = false;
    result.refusalCode = std::move(code);
    result.refusalText = std::move(reason);
    result.nearestText = std::move(nearest);
}

} // namespace exportbuild

namespace {

bool hasControlChars(const std::string &s)
{
    return sanitize::hasControlChars(s);
}

// The nearest node count that splits `world` GPUs evenly with at most `perNode` on each node.
int nearestNodeCount(int world, int perNode, int wanted)
{
    int best = 0;
    for (int n = 1; n <= world; ++n) {
        if (world % n != 0 || world / n > perNode)
            continue;
        if (best == 0 || std::abs(n - wanted) < std::abs(best - wanted))
            best = n;
    }
    return best;
}

// Every option the vLLM export writes from the plan or the launch layout (vllmlaunch.cpp, disaggexport.cpp):
// a pass-through copy of one is left out, so that vLLM reads the plan's value, whether or not this plan
// writes it (--data-parallel-size 4 against a plan with dp = 1 would contradict the plan).
const char *const kGeneratedFlags[] = {
    "--model",
    "--tensor-parallel-size",
    "--pipeline-parallel-size",
    "--data-parallel-size",
    "--decode-context-parallel-size",
    "--prefill-context-parallel-size",
    "--enable-expert-parallel",
    "--all2all-backend",
    "--expert-placement-strategy",
    "--enable-eplb",
    "--eplb-config",
    "--gpu-memory-utilization",
    "--max-model-len",
    "--max-num-seqs",
    "--max-num-batched-tokens",
    "--kv-cache-dtype",
    "--quantization",
    "--block-size",
    "--kv-cache-memory-bytes",
    "--mm-ipc-gpu-memory-gb",
    "--enable-prefix-caching",
    "--enforce-eager",
    "--disable-custom-all-reduce",
    "--language-model-only",
    "--mm-encoder-tp-mode",
    "--skip-mm-profiling",
    "--nnodes",
    "--node-rank",
    "--master-addr",
    "--master-port",
    "--headless",
    "--data-parallel-size-local",
    "--data-parallel-start-rank",
    "--data-parallel-address",
    "--data-parallel-rpc-port",
    "--distributed-executor-backend",
    "--data-parallel-backend",
    "--kv-transfer-config",
};

bool isGeneratedFlag(const std::string &tableFlag)
{
    return std::any_of(
        std::begin(kGeneratedFlags), std::end(kGeneratedFlags), [&](const char *f) { return tableFlag == f; });
}

// Options that choose another data-parallel launch than the one the export writes (one server per DP rank
// behind an external load balancer, vLLM's docs/serving/data_parallel_deployment.md): passed through they
// would contradict the generated commands.
bool isLaunchLayoutFlag(const std::string &tableFlag)
{
    for (const char *f : { "--data-parallel-rank", "--data-parallel-hybrid-lb", "--data-parallel-external-lb",
             "--data-parallel-multi-port-external-lb" })
        if (tableFlag == f)
            return true;
    return false;
}

// The pass-through options (ExportOptions::vllmExtraArgs) after the generated flags of every vllm serve,
// in the order given. One the export writes itself is left out with a note; the same switch given twice
// (--trust-remote-code from the preset and the command) is written once.
bool appendExtraArgs(Context &c)
{
    const std::vector<VllmExtraArg> &args = c.options.vllmExtraArgs;
    if (args.empty())
        return true;
    if (args.size() > kMaxVllmExtraArgs) {
        c.refuse("options",
            say(QT_TRANSLATE_NOOP("Export", "more than %1 pass-through vLLM options"), { integer(kMaxVllmExtraArgs) }));
        return false;
    }
    for (const VllmExtraArg &a : args)
        if (const std::string problem = vllmExtraArgProblem(a); !problem.empty()) {
            c.refuse("options", say(QT_TRANSLATE_NOOP("Export", "pass-through option %1"), { value(problem) }));
            return false;
        }
    if (c.options.target != ExportTarget::Vllm) {
        c.result.addNote(say(QT_TRANSLATE_NOOP("Export", "the %1 pass-through vLLM option(s) are not written for %2"),
            { integer(static_cast<long long>(args.size())), value(exportTargetName(c.options.target)) }));
        return true;
    }
    std::vector<std::string> leftOut, layout;
    for (NodeLaunch &n : c.result.nodeLaunches)
        for (LaunchStep &s : n.steps) {
            const LaunchCommand &cmd = s.command;
            if (cmd.program.size() < 2 || cmd.program[0] != LaunchWord::literal("vllm")
                || cmd.program[1] != LaunchWord::literal("serve"))
                continue;
            const std::vector<std::string> generated = cmd.flags();
            for (const VllmExtraArg &a : args) {
                const std::string table = vllmExtraArgTableFlag(a.flag);
                if (isLaunchLayoutFlag(table)) {
                    if (std::find(layout.begin(), layout.end(), a.flag) == layout.end())
                        layout.push_back(a.flag);
                    continue;
                }
                const bool written = std::any_of(generated.begin(), generated.end(),
                    [&](const std::string &g) { return vllmExtraArgTableFlag(g) == table; });
                if (isGeneratedFlag(table) || written) {
                    const bool sameSwitch = written && !a.value && isVllmSwitch(table)
                        && std::find(generated.begin(), generated.end(), a.flag) != generated.end();
                    if (!sameSwitch && std::find(leftOut.begin(), leftOut.end(), a.flag) == leftOut.end())
                        leftOut.push_back(a.flag);
                    continue;
                }
                LaunchOption o { a.flag, {}, vllmExtraArgJoined(a) };
                if (a.value)
                    o.values.push_back(LaunchWord::literal(*a.value));
                s.command.options.push_back(std::move(o));
            }
        }
    for (const std::string &f : leftOut)
        c.result.addNote(say(QT_TRANSLATE_NOOP("Export",
                                 "pass-through %1 left out: the export writes that option itself (from the plan or "
                                 "the model preset), and its value wins"),
            { value(f) }));
    for (const std::string &f : layout)
        c.result.addNote(say(QT_TRANSLATE_NOOP("Export",
                                 "pass-through %1 left out: it asks for another data-parallel launch than these "
                                 "commands"),
            { value(f) }));
    return true;
}

bool isMemoryError(const std::string &code)
{
    return code == "weights_do_not_fit" || code == "no_kv_memory" || code == "no_room_for_request";
}

// Refusals that do not depend on the target's launch layout: a plan the evaluation rejects, one
// the target cannot express, options that cannot be used.
bool checkPlan(Context &c)
{
    const ExportOptions &o = c.options;
    const ExportTarget t = o.target;
    const Evaluation &e = c.e;
    if (o.port < 0 || o.port > 65535) {
        c.refuse("options", say(QT_TRANSLATE_NOOP("Export", "port %1 is outside 1-65535"), { integer(o.port) }));
        return false;
    }
    if (hasControlChars(o.headAddress) || hasControlChars(o.modelPath) || sanitize::looksLikeOption(o.headAddress)) {
        c.refuse("options",
            say(QT_TRANSLATE_NOOP(
                "Export", "the head address and the model path cannot contain control characters (newlines, tabs)")));
        if (sanitize::looksLikeOption(o.headAddress))
            c.refuse("options",
                say(QT_TRANSLATE_NOOP(
                    "Export", "the head address cannot start with '-' (it would read as an option)")));
        return false;
    }
    if (!o.all2allBackend.empty() && !isVllmAll2allBackend(o.all2allBackend)) {
        std::string choices;
        for (const char *b : vllmAll2allBackends())
            choices += (choices.empty() ? "" : ", ") + std::string(b);
        c.refuse("options",
            say(QT_TRANSLATE_NOOP("Export", "unknown --all2all-backend \"%1\" (%2 accepts %3)"),
                { value(o.all2allBackend), value(kVllmVersionLabel), value(choices) }));
        return false;
    }
    c.result.model = o.modelPath.empty() ? c.model.hfRepo : o.modelPath;
    if (c.result.model.empty()) {
        c.refuse("model_path",
            say(QT_TRANSLATE_NOOP(
                    "Export", "the model %1 has no Hugging Face repo: give the model path the server should load"),
                { value(c.model.id) }));
        return false;
    }
    // The model is a word of the command (vllm serve MODEL, --model-path MODEL): a leading '-' would
    // make it an option (--config=evil.yaml). Neither tool takes "--" there, and "./" would turn a
    // Hugging Face repo into a local path, so such a name is refused. Control characters (a model
    // preset's hf_repo) are refused as for --model-path.
    if (sanitize::looksLikeOption(c.result.model) || hasControlChars(c.result.model)) {
        c.refuse("model_path",
            say(QT_TRANSLATE_NOOP("Export",
                    "the model path %1 starts with '-' or holds control characters, so the server would read it as "
                    "an option: give the model path the server should load"),
                { value(sanitize::oneLine(c.result.model)) }));
        return false;
    }
    const char *engine = t == ExportTarget::Vllm ? "vLLM" : "SGLang";
    // The plan itself: structure first (with the nearest plan that fixes it), then what evaluation
    // found after placing it.
    const auto problem = exportrules::firstProblem(e.plan, c.model, t);
    const PlanIssue *evalError = e.firstError();
    if (problem || (evalError && !isMemoryError(evalError->code))) {
        const std::string code = problem ? problem->code : evalError->code;
        Sentence reason = problem ? problem->text : evalError->text;
        const auto nearest = exportrules::nearestPlan(e.plan, c.model, t, code);
        c.refuse(code, std::move(reason), nearest ? exportrules::describeChange(e.plan, *nearest, t) : Sentence {});
        c.result.nearestPlan = nearest;
        return false;
    }
    if (evalError && !o.force) {
        c.refuse("does_not_fit",
            say(QT_TRANSLATE_NOOP("Export", "the plan does not fit, so %1 would stop at startup: %2"),
                { value(engine), evalError->text }));
        return false;
    }
    return true;
}

// Node layout. vLLM: "DP x PP x TP must be divisible by nnodes" (docs/DESIGN.md §A.1,
// --nnodes); each node runs world / nodes GPUs, which must fit the node.
bool chooseNodes(Context &c)
{
    const Evaluation &e = c.e;
    const int world = e.worldSize;
    const int perNode = std::max(1, e.gpusPerNode);
    const int wanted = c.options.nodes > 0 ? c.options.nodes : (world + perNode - 1) / perNode;
    const int derived = nearestNodeCount(world, perNode, wanted);
    if (c.options.nodes > 0 && (world % c.options.nodes != 0 || world / c.options.nodes > perNode)) {
        Sentence why = world % c.options.nodes != 0
            ? say(QT_TRANSLATE_NOOP("Export", "%1 GPUs (tp x pp x dp) do not split evenly over %2 nodes"),
                { integer(world), integer(c.options.nodes) })
            : say(QT_TRANSLATE_NOOP("Export", "%1 GPUs per node are more than a node's %2"),
                { integer(world / c.options.nodes), integer(perNode) });
        Sentence nearest;
        if (derived == 1)
            nearest = say(QT_TRANSLATE_NOOP("Export", "%1 node"), { integer(derived) });
        else if (derived > 1)
            nearest = say(QT_TRANSLATE_NOOP("Export", "%1 nodes"), { integer(derived) });
        c.refuse("nodes", std::move(why), std::move(nearest));
        return false;
    }
    c.nodes = c.options.nodes > 0 ? c.options.nodes : derived;
    c.local = world / c.nodes;
    if (c.nodes > 1 && c.local != perNode && c.options.nodes == 0)
        c.result.addNote(say(QT_TRANSLATE_NOOP("Export",
                                 "the %1 GPUs run as %2 on each of %3 nodes (the launch splits them evenly; "
                                 "the plan's grid fills nodes of %4 in order)"),
            { integer(world), integer(c.local), integer(c.nodes), integer(perNode) }));
    // The plan's validation placed TP groups on nodes of perNode GPUs; the launch runs c.local per
    // node, and a TP group that does not fit evenly into that crosses nodes (vLLM fills each node's
    // GPUs with consecutive ranks, docs/DESIGN.md §2).
    const int tp = e.plan.tp;
    if (c.nodes > 1 && c.local != perNode && tp > 1 && c.local % tp != 0)
        c.result.addNote(
            say(QT_TRANSLATE_NOOP("Export",
                    "launch warning: with %1 GPUs per node a TP group of %2 GPUs spans nodes: "
                    "every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)"),
                { integer(c.local), integer(tp) }));
    return true;
}

// The speculative tokens a passed-through --speculative-config asks for (an imported command's, kept because
// the plan has no field for its method and draft model): nullopt when none is passed, -1 when it names no count.
std::optional<int> passedSpeculativeTokens(const std::vector<VllmExtraArg> &args)
{
    std::optional<int> tokens;
    for (const VllmExtraArg &a : args) {
        std::string text;
        if (a.flag == "--speculative-config.num_speculative_tokens" && a.value) {
            text = *a.value;
        } else if (a.flag == "--speculative-config" && a.value && jsonNestingDepth(*a.value) <= kMaxJsonDepth) {
            const nlohmann::json j = nlohmann::json::parse(*a.value, nullptr, false);
            if (j.is_object() && j.contains("num_speculative_tokens"))
                text = j["num_speculative_tokens"].is_string() ? j["num_speculative_tokens"].get<std::string>()
                                                               : j["num_speculative_tokens"].dump();
        } else if (a.flag.rfind("--speculative-config", 0) != 0) {
            continue;
        }
        int n = -1;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        tokens = ec == std::errc() && end == text.data() + text.size() ? n : tokens.value_or(-1);
    }
    return tokens;
}

} // namespace

ExportResult exportLaunch(const Evaluation &e, const ModelSpec &model, const ExportOptions &options)
{
    ExportResult r;
    r.target = options.target;
    r.launcher = options.launcher;
    Context c { e, model, options, r };
    r.flagSource = options.target == ExportTarget::Vllm
        ? std::string(vllmFlagTableFor(e.plan.vllmVersion).label)
        : std::string("SGLang's server arguments (docs/advanced_features/server_arguments.md)");
    if (options.target == ExportTarget::Vllm)
        r.vllmCommit = vllmFlagTableFor(e.plan.vllmVersion).commit;
    if (!e.valid && !e.firstError()) {
        c.refuse("invalid", say(QT_TRANSLATE_NOOP("Export", "the plan could not be evaluated")));
        return r;
    }
    if (!checkPlan(c) || !chooseNodes(c))
        return r;
    r.ok = true;
    r.nodes = c.nodes;
    r.gpusPerNode = c.local;
    if (options.target == ExportTarget::Vllm)
        exportbuild::buildVllm(c);
    else
        exportbuild::buildSglang(c);
    if (r.ok)
        appendExtraArgs(c);
    if (!r.ok) {
        r.nodeLaunches.clear();
        r.placeholders.clear();
        return r;
    }
    // Every flag emitted must exist in the table of the plan's release (docs/DESIGN.md §6, §A.5).
    const VllmVersion release = resolvedVllmVersion(e.plan.vllmVersion);
    for (const LaunchCommand *cmd : r.serverCommands())
        for (const std::string &written : cmd->flags()) {
            // The name the table lists: --no-enable-prefix-caching is --enable-prefix-caching's negation,
            // --compilation-config.level one key of --compilation-config (pass-through options).
            const std::string f = options.target == ExportTarget::Vllm ? vllmExtraArgTableFlag(written) : written;
            if (options.target == ExportTarget::Sglang ? isSglangServerFlag(f) : vllmKnowsFlag(f, release))
                continue;
            const auto since = options.target == ExportTarget::Vllm ? vllmFlagIntroducedIn(f) : std::nullopt;
            if (since && release < *since)
                c.refuse("flag_release",
                    say(QT_TRANSLATE_NOOP("Export",
                            "%1 first appears in vLLM %2: the plan's --vllm-version %3 does not know it (flag table "
                            "%4)"),
                        { value(f), value(vllmReleaseName(*since)), value(vllmVersionName(release)),
                            value(r.flagSource) }));
            else
                c.refuse("flag_table",
                    say(QT_TRANSLATE_NOOP("Export", "%1 is not in the flag table of %2"),
                        { value(f), value(r.flagSource) }));
            r.nodeLaunches.clear();
            return r;
        }
    // Releases older than the first table may not know a flag the table has (the --nnodes launch and
    // --all2all-backend are recent). Newer ones than a table use it as it is (README, flag tables).
    const VllmFlagTable &table = vllmFlagTableFor(release);
    if (options.target == ExportTarget::Vllm && release < table.release)
        r.addNote(say(QT_TRANSLATE_NOOP("Export",
                          "the plan follows vLLM %1; the flags are checked against %2: check them against that "
                          "release"),
            { value(vllmVersionName(release)), value(table.label) }));
    // An imported --speculative-config passed through says it all; else the plan's counts need the options.
    const std::optional<int> passed
        = options.target == ExportTarget::Vllm ? passedSpeculativeTokens(options.vllmExtraArgs) : std::nullopt;
    if (passed && *passed >= 0 && *passed != e.plan.numSpeculativeTokens)
        r.addNote(say(QT_TRANSLATE_NOOP("Export",
                          "the passed-through --speculative-config asks for %1 speculative token(s) where the plan "
                          "counts %2: the server follows the option"),
            { integer(*passed), integer(e.plan.numSpeculativeTokens) }));
    if (!passed && e.plan.speculativeLayers > 0)
        r.addNote(say(QT_TRANSLATE_NOOP("Export",
                          "the plan counts %1 speculative draft layer(s): add the matching speculative decoding "
                          "options (method and draft model)"),
            { integer(e.plan.speculativeLayers) }));
    if (!passed && e.plan.numSpeculativeTokens > 0)
        r.addNote(say(QT_TRANSLATE_NOOP("Export",
                          "the plan counts %1 speculative token(s): add --speculative-config with the method and "
                          "\"num_speculative_tokens\": %1"),
            { integer(e.plan.numSpeculativeTokens) }));
    for (const PlanIssue &i : e.issues)
        if (i.severity == Severity::Warning)
            r.addNote(say(QT_TRANSLATE_NOOP("Export", "plan warning: %1"), { i.text }));
    return r;
}

} // namespace shardscope
