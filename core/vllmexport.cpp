#include "core/vllmexport.h"

#include "core/exportbuild.h"
#include "core/exportrules.h"
#include "core/vllmflags.h"

#include <charconv>
#include <numeric>

namespace shardscope {

using exportbuild::Context;

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
    result.placeholders.push_back({kHeadIp, "", "the address of node 0"});
    return LaunchWord::placeholder(kHeadIp);
}

LaunchWord Context::headPort(int defaultPort)
{
    if (options.port > 0)
        return LaunchWord::literal(std::to_string(options.port));
    for (const Placeholder &p : result.placeholders)
        if (p.name == kHeadPort)
            return LaunchWord::placeholder(kHeadPort);
    result.placeholders.push_back({kHeadPort, std::to_string(defaultPort), "a free port on node 0"});
    return LaunchWord::placeholder(kHeadPort);
}

void Context::refuse(std::string code, std::string reason, std::string nearest)
{
    result.ok = false;
    result.refusalCode = std::move(code);
    result.refusal = std::move(reason);
    result.nearest = std::move(nearest);
}

} // namespace exportbuild

namespace {

bool hasControlChars(const std::string &s)
{
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f)
            return true;
    return false;
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
        c.refuse("options", "port " + std::to_string(o.port) + " is outside 1-65535");
        return false;
    }
    if (hasControlChars(o.headAddress) || hasControlChars(o.modelPath)) {
        c.refuse("options", "the head address and the model path cannot contain control characters (newlines, tabs)");
        return false;
    }
    if (!o.all2allBackend.empty() && !isVllmAll2allBackend(o.all2allBackend)) {
        std::string choices;
        for (const char *b : vllmAll2allBackends())
            choices += (choices.empty() ? "" : ", ") + std::string(b);
        c.refuse("options", "unknown --all2all-backend \"" + o.all2allBackend + "\" (" + kVllmVersionLabel + " accepts " + choices + ")");
        return false;
    }
    c.result.model = o.modelPath.empty() ? c.model.hfRepo : o.modelPath;
    if (c.result.model.empty()) {
        c.refuse("model_path", "the model " + c.model.id + " has no Hugging Face repo: give the model path the server should load");
        return false;
    }
    const char *engine = t == ExportTarget::Vllm ? "vLLM" : "SGLang";
    // The plan itself: structure first (with the nearest plan that fixes it), then what evaluation
    // found after placing it.
    const auto problem = exportrules::firstProblem(e.plan, c.model, t);
    const PlanIssue *evalError = e.firstError();
    if (problem || (evalError && !isMemoryError(evalError->code))) {
        const std::string code = problem ? problem->code : evalError->code;
        const std::string reason = problem ? problem->message : evalError->message;
        const auto nearest = exportrules::nearestPlan(e.plan, c.model, t, code);
        c.refuse(code, reason, nearest ? exportrules::describeChange(e.plan, *nearest, t) : std::string());
        c.result.nearestPlan = nearest;
        return false;
    }
    if (evalError && !o.force) {
        c.refuse("does_not_fit", std::string("the plan does not fit, so ") + engine + " would stop at startup: " + evalError->message);
        return false;
    }
    return true;
}

// Node layout. vLLM: "DP x PP x TP must be divisible by nnodes" (reference vllm_cli.md section 1,
// --nnodes); each node runs world / nodes GPUs, which must fit the node.
bool chooseNodes(Context &c)
{
    const Evaluation &e = c.e;
    const int world = e.worldSize;
    const int perNode = std::max(1, e.gpusPerNode);
    const int wanted = c.options.nodes > 0 ? c.options.nodes : (world + perNode - 1) / perNode;
    const int derived = nearestNodeCount(world, perNode, wanted);
    if (c.options.nodes > 0 && (world % c.options.nodes != 0 || world / c.options.nodes > perNode)) {
        const std::string why = world % c.options.nodes != 0
            ? std::to_string(world) + " GPUs (tp x pp x dp) do not split evenly over " + std::to_string(c.options.nodes) + " nodes"
            : std::to_string(world / c.options.nodes) + " GPUs per node are more than a node's " + std::to_string(perNode);
        c.refuse("nodes", why, derived > 0 ? std::to_string(derived) + (derived == 1 ? " node" : " nodes") : std::string());
        return false;
    }
    c.nodes = c.options.nodes > 0 ? c.options.nodes : derived;
    c.local = world / c.nodes;
    if (c.nodes > 1 && c.local != perNode && c.options.nodes == 0)
        c.result.notes.push_back("the " + std::to_string(world) + " GPUs run as " + std::to_string(c.local) + " on each of "
                                 + std::to_string(c.nodes) + " nodes (the launch splits them evenly; the plan's grid fills nodes of "
                                 + std::to_string(perNode) + " in order)");
    // The plan's validation placed TP groups on nodes of perNode GPUs; the launch runs c.local per
    // node, and a TP group that does not fit evenly into that crosses nodes (vLLM fills each node's
    // GPUs with consecutive ranks, DESIGN.md section 2).
    const int tp = e.plan.tp;
    if (c.nodes > 1 && c.local != perNode && tp > 1 && c.local % tp != 0)
        c.result.notes.push_back("launch warning: with " + std::to_string(c.local) + " GPUs per node a TP group of "
                                 + std::to_string(tp) + " GPUs spans nodes: every AllReduce crosses the network "
                                 + "(keep TP inside a node, use PP or DP across nodes)");
    return true;
}

} // namespace

ExportResult exportLaunch(const Evaluation &e, const ModelSpec &model, const ExportOptions &options)
{
    ExportResult r;
    r.target = options.target;
    r.launcher = options.launcher;
    Context c{e, model, options, r};
    r.flagSource = options.target == ExportTarget::Vllm
        ? std::string(kVllmVersionLabel)
        : std::string("SGLang's server arguments (docs/advanced_features/server_arguments.md)");
    if (!e.valid && !e.firstError()) {
        c.refuse("invalid", "the plan could not be evaluated");
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
    if (!r.ok) {
        r.nodeLaunches.clear();
        r.placeholders.clear();
        return r;
    }
    // Every flag emitted must exist in the table the export targets (DESIGN.md section 6).
    for (const LaunchCommand *cmd : r.serverCommands())
        for (const std::string &f : cmd->flags())
            if (options.target == ExportTarget::Vllm ? !isVllmServeFlag(f) : !isSglangServerFlag(f)) {
                c.refuse("flag_table", f + " is not in the flag table of " + r.flagSource);
                r.nodeLaunches.clear();
                return r;
            }
    // The flag table describes one vLLM (kVllmVersionLabel); a plan for an older release gets the
    // same flags, which that release may not know (the --nnodes launch and --all2all-backend are recent).
    if (options.target == ExportTarget::Vllm && e.plan.vllmVersion < kLatestVllm)
        r.notes.push_back("the plan follows vLLM " + vllmVersionName(e.plan.vllmVersion) + "; the flags are those of "
                          + kVllmVersionLabel + ": check them against that release");
    if (e.plan.speculativeLayers > 0)
        r.notes.push_back("the plan counts " + std::to_string(e.plan.speculativeLayers)
                          + " speculative draft layer(s): add the matching speculative decoding options (method and draft model)");
    for (const PlanIssue &i : e.issues)
        if (i.severity == Severity::Warning)
            r.notes.push_back("plan warning: " + i.message);
    return r;
}

} // namespace shardscope
