#pragma once
// The exported-command invariant, shared by the fuzz target fuzz_exportnames and the bash replay in
// tests/security/tst_injection.cpp: whatever the names, every line of an export is a comment, a
// continuation, or one command whose argv (as the project's shell-word parser reads it) is exactly
// a step of the plan.
#include "core/evaluate/evaluation.h"
#include "core/launch/launchexport.h"
#include "core/launch/shellwords.h"
#include "core/model/errors.h"

#include <string>
#include <vector>

namespace exportcheck {

// Hostile fields, split from one input at \x01: model name, hf_repo, model id, GPU id, GPU name,
// scale-up link, calibration name, head address.
struct Names
{
    std::string field[8];
};

inline Names namesFrom(const std::string &input)
{
    Names n;
    size_t k = 0;
    for (char c : input) {
        if (c == '\x01') {
            if (++k == 8)
                break;
            continue;
        }
        n.field[k] += c;
    }
    return n;
}

// The exports for `names` applied to `model` and `gpu` (bypassing the readers' refusals, so the
// exporter's own sanitising is what is tested): one node, two nodes with mp and Ray, SGLang.
inline std::vector<shardscope::ExportResult> exportsFor(
    const Names &n, shardscope::ModelSpec model, shardscope::GpuSpec gpu)
{
    using namespace shardscope;
    if (!n.field[0].empty())
        model.name = n.field[0];
    if (!n.field[1].empty())
        model.hfRepo = n.field[1];
    if (!n.field[2].empty())
        model.id = n.field[2];
    if (!n.field[3].empty())
        gpu.id = n.field[3];
    if (!n.field[4].empty())
        gpu.name = n.field[4];
    gpu.scaleupLink = n.field[5];
    std::vector<ExportResult> out;
    struct Setup
    {
        ExportTarget target;
        Launcher launcher;
        int pp;
    };
    for (const Setup s : { Setup { ExportTarget::Vllm, Launcher::Mp, 1 }, Setup { ExportTarget::Vllm, Launcher::Mp, 2 },
             Setup { ExportTarget::Vllm, Launcher::Ray, 2 }, Setup { ExportTarget::Sglang, Launcher::Mp, 2 } }) {
        Plan p;
        p.modelId = model.id;
        p.gpuId = gpu.id;
        p.tp = gpu.gpusPerNode >= 8 && model.heads % 8 == 0 ? 8 : 1;
        p.pp = model.layers >= s.pp ? s.pp : 1;
        p.maxModelLen = 4096;
        p.calibration.name = n.field[6];
        p.calibration.gpuId = gpu.id;
        ExportOptions o;
        o.target = s.target;
        o.launcher = s.launcher;
        o.force = true;
        o.nodes = p.pp; // one node per stage, so multi-node paths run
        o.headAddress = n.field[7];
        out.push_back(exportLaunch(evaluate(p, model, gpu), model, o));
    }
    return out;
}

// "${NAME}" and "$NAME" read the same.
inline std::string normalised(std::string s)
{
    for (size_t i = s.find("${"); i != std::string::npos; i = s.find("${", i + 1)) {
        const size_t close = s.find('}', i);
        if (close == std::string::npos)
            break;
        const std::string name = s.substr(i + 2, close - i - 2);
        if (name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != std::string::npos)
            continue;
        s = s.substr(0, i) + "$" + name + s.substr(close + 1);
    }
    return s;
}

inline std::vector<std::string> expectedWords(const shardscope::LaunchCommand &c)
{
    const auto word = [](const shardscope::LaunchWord &w) {
        std::string s;
        for (const auto &part : w.parts)
            s += part.placeholder ? "$" + part.text : part.text;
        return normalised(s);
    };
    std::vector<std::string> a;
    for (const auto &[name, value] : c.env)
        a.push_back(name + "=" + word(value));
    for (const auto &w : c.program)
        a.push_back(word(w));
    for (const auto &o : c.options) {
        std::string s = o.flag;
        if (o.joined) {
            for (const auto &v : o.values)
                s += "=" + word(v);
            a.push_back(s);
            continue;
        }
        a.push_back(s);
        for (const auto &v : o.values)
            a.push_back(word(v));
    }
    return a;
}

// Empty when `text` holds exactly the steps of `nodes` (all when node < 0), else what is wrong.
inline std::string check(const shardscope::ExportResult &r, const std::string &text, int node)
{
    using namespace shardscope;
    std::vector<std::vector<std::string>> expected;
    if (r.ok)
        for (const NodeLaunch &n : r.nodeLaunches)
            if (node < 0 || n.node == node)
                for (const LaunchStep &s : n.steps)
                    expected.push_back(expectedWords(s.command));
    std::vector<ShellCommand> commands;
    try {
        commands = splitShellCommands(text);
    } catch (const InputError &e) {
        return std::string("export does not parse: ") + e.what();
    }
    size_t k = 0;
    for (const ShellCommand &c : commands) {
        std::vector<std::string> words;
        for (const ShellWord &w : c)
            words.push_back(normalised(w.text));
        if (!words.empty() && (words.front() == ":" || (words.front() == "set" && words.size() == 3)))
            continue; // the placeholder guard, set -euo pipefail
        if (!words.empty() && words.front() == "exec")
            words.erase(words.begin());
        if (k >= expected.size() || words != expected[k])
            return "command " + std::to_string(k) + " is not the plan's step";
        ++k;
    }
    return k == expected.size() ? std::string() : std::string("a step is missing");
}

} // namespace exportcheck
