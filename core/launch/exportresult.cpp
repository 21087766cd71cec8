// How an export is shown: pasteable text per node and one bash script per node.
#include "core/launch/launchexport.h"

#include "core/launch/vllmflags.h"
#include "core/model/planio.h"
#include "core/text/sanitize.h"

#include <nlohmann/json.hpp>

namespace shardscope {

namespace {

constexpr size_t kWrapWidth = 100;

// Every comment line goes through here: names in it come from model configs, presets and plan
// files, and a line break in one would end the comment and run the rest (docs/DESIGN.md §8).
std::string comment(const std::string &text)
{
    return "# " + sanitize::oneLine(text) + "\n";
}

// `: "${HEAD_IP:?set HEAD_IP to the address of node 0}" "${HEAD_PORT:=29501}"` stops with a clear
// message when a placeholder is unset and fills in the default port.
std::string guardLine(const std::vector<Placeholder> &placeholders)
{
    if (placeholders.empty())
        return {};
    std::string line = ":";
    for (const Placeholder &p : placeholders) {
        if (p.defaultValue.empty())
            line += " \"${" + p.name + ":?set " + p.name + " to " + p.meaning + "}\"";
        else
            line += " \"${" + p.name + ":=" + p.defaultValue + "}\"";
    }
    return line + "\n";
}

std::string placeholderComment(const std::vector<Placeholder> &placeholders)
{
    std::string line;
    for (const Placeholder &p : placeholders)
        line += (line.empty() ? "Set " : "; ") + p.name + " = " + p.meaning
            + (p.defaultValue.empty() ? std::string() : " (default " + p.defaultValue + ")");
    return line.empty() ? line : comment(line + " on every node.");
}

const NodeLaunch *findNode(const ExportResult &r, int node)
{
    for (const NodeLaunch &n : r.nodeLaunches)
        if (n.node == node)
            return &n;
    return nullptr;
}

std::string nodeTitle(const ExportResult &r, const NodeLaunch &n)
{
    std::string t = "node " + std::to_string(n.node) + " of " + std::to_string(r.nodes);
    if (!n.role.empty())
        t += " (" + n.role + ")";
    t += ": " + std::to_string(n.gpus) + (n.gpus == 1 ? " GPU" : " GPUs");
    if (!n.detail.empty())
        t += ", " + n.detail;
    return comment(t);
}

std::string steps(const NodeLaunch &n, bool execLast)
{
    std::string out;
    for (size_t i = 0; i < n.steps.size(); ++i) {
        const LaunchStep &s = n.steps[i];
        if (!s.comment.empty())
            out += comment(s.comment);
        out += (execLast && i + 1 == n.steps.size() ? "exec " : "") + s.command.renderWrapped(kWrapWidth) + "\n";
    }
    return out;
}

} // namespace

void ExportResult::addNote(Sentence note)
{
    noteTexts.push_back(std::move(note));
}

std::vector<std::string> ExportResult::notes() const
{
    return texts(noteTexts);
}

Sentence ExportResult::messageText() const
{
    if (ok)
        return {};
    if (nearestText.text().empty())
        return refusalText;
    return phrase("Export", QT_TRANSLATE_NOOP("Export", "%1; nearest that %2 can run: %3"),
        { refusalText, value(target == ExportTarget::Vllm ? "vLLM" : "SGLang"), nearestText });
}

// The English is the sentence's text (the CLI prints it, JSON readers compare it).
std::string ExportResult::message() const
{
    return messageText().text();
}

std::string ExportResult::nodeText(int node) const
{
    const NodeLaunch *n = findNode(*this, node);
    if (!ok || !n)
        return {};
    std::string out;
    if (nodes > 1)
        out += nodeTitle(*this, *n);
    out += guardLine(placeholders);
    return out + steps(*n, false);
}

std::string ExportResult::text() const
{
    if (!ok)
        return comment(message());
    std::string out = comment(summary) + comment("Flags checked against " + flagSource + ".");
    out += placeholderComment(placeholders);
    for (const Sentence &note : noteTexts)
        out += comment("Note: " + note.text());
    for (const NodeLaunch &n : nodeLaunches)
        out += "\n" + nodeText(n.node);
    return out;
}

std::string ExportResult::script(int node) const
{
    const NodeLaunch *n = findNode(*this, node);
    if (!ok || !n)
        return {};
    std::string out = "#!/usr/bin/env bash\n" + comment(summary);
    if (nodes > 1)
        out += nodeTitle(*this, *n);
    out += comment("Flags checked against " + flagSource + ".");
    for (const Sentence &note : noteTexts)
        out += comment("Note: " + note.text());
    out += "set -euo pipefail\n";
    out += guardLine(placeholders);
    return out + steps(*n, true);
}

std::vector<const LaunchCommand *> ExportResult::serverCommands() const
{
    std::vector<const LaunchCommand *> out;
    for (const NodeLaunch &n : nodeLaunches)
        for (const LaunchStep &s : n.steps)
            if (!s.command.program.empty() && s.command.program.front().parts.size() == 1
                && s.command.program.front().parts.front().text != "ray")
                out.push_back(&s.command);
    return out;
}

nlohmann::json exportToJson(const ExportResult &r)
{
    using nlohmann::json;
    if (!r.ok)
        return json { { "schema", "shardscope.export/1" }, { "ok", false }, { "refusal_code", r.refusalCode },
            { "refusal", r.refusal() }, { "nearest", r.nearest() },
            { "nearest_plan", r.nearestPlan ? planToJson(*r.nearestPlan) : json(nullptr) } };
    json placeholders = json::array();
    for (const Placeholder &p : r.placeholders)
        placeholders.push_back({ { "name", p.name },
            { "default", p.defaultValue.empty() ? json(nullptr) : json(p.defaultValue) }, { "meaning", p.meaning } });
    json nodes = json::array();
    for (const NodeLaunch &n : r.nodeLaunches) {
        json steps = json::array();
        for (const LaunchStep &s : n.steps)
            steps.push_back({ { "comment", s.comment }, { "command", s.command.render() } });
        nodes.push_back({ { "node", n.node }, { "role", n.role }, { "gpus", n.gpus }, { "detail", n.detail },
            { "steps", steps }, { "script", r.script(n.node) } });
    }
    return json { { "schema", "shardscope.export/1" }, { "ok", true }, { "target", exportTargetName(r.target) },
        { "launcher", launcherName(r.launcher) }, { "nodes", r.nodes }, { "gpus_per_node", r.gpusPerNode },
        { "model", r.model }, { "summary", r.summary }, { "flag_source", r.flagSource },
        { "vllm_commit", r.vllmCommit.empty() ? std::string(kVllmCommit) : r.vllmCommit },
        { "placeholders", placeholders }, { "node_launches", nodes }, { "notes", r.notes() }, { "text", r.text() } };
}

} // namespace shardscope
