#pragma once
#include "core/evaluate/evaluation.h"
#include "core/launch/launchcommand.h"
#include "core/text/sentence.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace shardscope {

enum class ExportTarget { Vllm, Sglang };
// Mp: vLLM's own multi-node launch (--nnodes / --data-parallel-address). Ray: a Ray cluster.
enum class Launcher { Mp, Ray };

const char *exportTargetName(ExportTarget t); // "vllm", "sglang"
const char *launcherName(Launcher l); // "mp", "ray"

// A `vllm serve` option ShardScope has no plan field for (--trust-remote-code, --tool-call-parser kimi_k2),
// carried from an imported command or a plan file's "vllm_extra_args" to the vLLM commands, in order.
struct VllmExtraArg
{
    // The long name: "--tool-call-parser", "--no-enable-log-requests" (a negated switch),
    // "--compilation-config.level" (one key of a config option).
    std::string flag;
    std::optional<std::string> value;
    bool operator==(const VllmExtraArg &) const = default;
};

// Bounds of untrusted pass-through arguments.
inline constexpr std::size_t kMaxVllmExtraArgs = 64;
inline constexpr std::size_t kMaxVllmExtraArgLength = 4096;

// The option name a flag table lists for `flag`: without a ".key" and a "--no-" of a switch.
std::string vllmExtraArgTableFlag(const std::string &flag);
// Why the argument cannot be passed to vllm serve (not a vLLM option, control characters, too long), or
// empty; does not look at releases (the export checks the plan's --vllm-version).
std::string vllmExtraArgProblem(const VllmExtraArg &arg);
// Whether the value is written joined to its flag, "--flag=value": a switch's value, a value starting with
// '-' or an empty one (argparse would not read it as the value otherwise). The words and the export agree.
bool vllmExtraArgJoined(const VllmExtraArg &arg);
// The argv words as written in "vllm_extra_args": "--flag", "value"; "--flag=value" when
// vllmExtraArgJoined.
std::vector<std::string> vllmExtraArgWords(const std::vector<VllmExtraArg> &args);
// Reads such words ("--flag=value" or "--flag" then its value; underscores read as '-'). Throws
// InputError with a one-line message naming `field` for a word that is not a vLLM option, a stray
// value, control characters, or more than kMaxVllmExtraArgs / longer than kMaxVllmExtraArgLength.
std::vector<VllmExtraArg> vllmExtraArgsFromWords(
    const std::vector<std::string> &words, const std::string &field = "vllm_extra_args");

struct ExportOptions
{
    ExportTarget target = ExportTarget::Vllm;
    Launcher launcher = Launcher::Mp;
    int nodes = 0; // 0: the plan's own node count (made a divisor of the GPU count)
    std::string headAddress; // node 0's address; empty: the $HEAD_IP placeholder
    int port = 0; // rendezvous port on node 0; 0: the $HEAD_PORT placeholder (with a default)
    std::string modelPath; // what the server loads; empty: the model's Hugging Face repo
    std::string all2allBackend; // vLLM, EP with DP > 1; empty: allgather_reducescatter
    bool force = false; // export a plan the memory model predicts will not fit
    // Appended to every vllm serve after the generated flags (vLLM target), shell-quoted; a flag the
    // export writes from the plan is left out with a note (the plan's value wins).
    std::vector<VllmExtraArg> vllmExtraArgs;
    bool operator==(const ExportOptions &) const = default;
};

// A named placeholder the commands use, set per cluster before running them.
struct Placeholder
{
    std::string name; // HEAD_IP
    std::string defaultValue; // empty: must be set
    std::string meaning; // "the address of node 0"
};

struct LaunchStep
{
    std::string comment; // shown above the command; may be empty
    LaunchCommand command;
};

struct NodeLaunch
{
    int node = 0;
    int gpus = 0;
    std::string role; // "head", "worker" or empty for a single node
    std::string detail; // e.g. "DP ranks 2-3"
    std::vector<LaunchStep> steps;
};

// Either commands for every node, or a refusal saying why the plan cannot be expressed and the
// nearest plan that can.
struct ExportResult
{
    bool ok = false;
    std::string refusalCode; // the evaluation's issue code or an export rule (vllm_ep, nodes, ...)
    Sentence refusalText; // the refusal, translatable (context "Export")
    Sentence nearestText; // in words: "tp=4", "ep=16 (--enable-expert-parallel)"
    std::optional<Plan> nearestPlan; // structurally valid for the target

    ExportTarget target = ExportTarget::Vllm;
    Launcher launcher = Launcher::Mp;
    int nodes = 0;
    int gpusPerNode = 0; // GPUs each node uses
    std::string model; // the model argument as the server receives it
    std::string summary; // one line: model, parallel sizes, nodes, launcher
    std::string flagSource; // which flag table the commands were checked against
    std::string vllmCommit; // that table's vLLM commit (vLLM target only)
    std::vector<Placeholder> placeholders;
    std::vector<NodeLaunch> nodeLaunches;
    std::vector<Sentence> noteTexts; // the notes, translatable

    std::string refusal() const { return refusalText.text(); } // in English
    std::string nearest() const { return nearestText.text(); }
    std::vector<std::string> notes() const; // in English
    void addNote(Sentence note);
    // "<refusal>; nearest that <target> can run: <nearest>" (one line).
    std::string message() const;
    // message() as a sentence a window translates (empty for an export that succeeded).
    Sentence messageText() const;
    // Everything, ready to paste: a header, then one block per node.
    std::string text() const;
    // One node's block (its header comment, the placeholder guard, its commands).
    std::string nodeText(int node) const;
    // A bash script for one node (set -euo pipefail, guard, commands, the server exec'd).
    std::string script(int node) const;
    // The vllm serve / sglang commands (not ray start), in node order.
    std::vector<const LaunchCommand *> serverCommands() const;
};

// docs/DESIGN.md §6 and §A.3: turns an evaluated plan into launch
// commands. Values come from e.plan with vLLM's defaults resolved, so the run matches the plan.
// Never throws for a bad plan or bad options: problems become a refusal.
// Refusal codes beyond the evaluation's issue codes and exportrules::firstProblem's: options,
// model_path, nodes, dp_span, sglang_dp_nodes, flag_table; does_not_fit for memory errors
// (weights_do_not_fit, no_kv_memory, no_room_for_request) unless options.force.
ExportResult exportLaunch(const Evaluation &e, const ModelSpec &model, const ExportOptions &options);

// {"schema": "shardscope.export/1", "ok", "target", "launcher", "nodes", "gpus_per_node", "model",
//  "summary", "flag_source", "vllm_commit", "placeholders": [{"name", "default", "meaning"}],
//  "node_launches": [{"node", "role", "gpus", "detail", "steps": [{"comment", "command"}], "script"}],
//  "notes", "text"}; a refusal is {"schema", "ok": false, "refusal_code", "refusal", "nearest",
//  "nearest_plan"}. Commands are single lines.
nlohmann::json exportToJson(const ExportResult &result);

// Shortest decimal text that reads back as the same double ("0.9", "0.92"); for flag values.
std::string formatFlagNumber(double value);

} // namespace shardscope
