#include "core/launch/launchimport.h"

#include "core/launch/presetmatch.h"

#include "core/launch/shellwords.h"
#include "core/launch/vllmflags.h"
#include "core/model/errors.h"
#include "core/model/jsonlimits.h"
#include "core/model/planio.h"
#include "core/text/units.h"
#include "core/text/utf8.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace shardscope {

using nlohmann::json;

namespace {

constexpr long long kMaxSize = 1 << 20;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string basename(std::string_view path)
{
    const size_t slash = path.find_last_of('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool isIdentifier(std::string_view s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(
        s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// NAME=value as a leading word of a command (an environment assignment).
bool splitAssignment(const ShellWord &w, std::string &name, std::string &value)
{
    const size_t eq = w.text.find('=');
    if (eq == std::string::npos || !isIdentifier(std::string_view(w.text).substr(0, eq)))
        return false;
    name = w.text.substr(0, eq);
    value = w.text.substr(eq + 1);
    return true;
}

bool isNumber(std::string_view s)
{
    if (s.size() < 2 || s[0] != '-')
        return false;
    return std::all_of(s.begin() + 1, s.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

bool looksLikeOption(const std::string &s)
{
    return s.size() > 1 && s[0] == '-' && !isNumber(s);
}

// A value that is only a placeholder: "$HEAD_IP", "${HEAD_IP...}" or the docs' "<HEAD_IP>".
bool isPlaceholder(const ShellWord &w)
{
    return !w.vars.empty() && !w.text.empty() && (w.text[0] == '$' || w.text[0] == '<');
}

std::string truncated(const std::string &s)
{
    return s.size() > 80 ? std::string(utf8Prefix(s, 77)) + "..." : s; // whole characters: the text goes to JSON
}

[[noreturn]] void badValue(const std::string &flag, const std::string &value, const std::string &why)
{
    throw InputError(flag + " " + truncated(value) + ": " + why);
}

long long intValue(const std::string &flag, const std::string &v, long long lo, long long hi)
{
    const auto n = parseCount(v, hi);
    if (!n || *n < lo)
        badValue(flag, v, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return *n;
}

double fractionValue(const std::string &flag, const std::string &v)
{
    char *end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(d) || d <= 0 || d > 1)
        badValue(flag, v, "expected a fraction in (0, 1]");
    return d;
}

// One option as the parser sees it.
struct Option
{
    std::string flag; // canonical long name (--tensor-parallel-size), without a dotted sub-key
    std::string subKey; // --eplb-config.num_redundant_experts -> num_redundant_experts
    bool negated = false;
    bool hasValue = false;
    ShellWord value;
    std::string written; // as written, with its value
    bool placeholder = false; // the value is a blank nothing filled in: read as any value, never exported
};

class Importer
{
public:
    ImportedCommand run(std::string_view text)
    {
        const std::vector<ShellCommand> commands = splitShellCommands(text);
        int found = 0;
        for (const ShellCommand &cmd : commands) {
            ShellCommand words = cmd;
            std::vector<std::pair<std::string, std::string>> localEnv;
            stripPrefixes(words, localEnv);
            if (words.empty()) {
                m_r.env.insert(m_r.env.end(), localEnv.begin(), localEnv.end()); // NAME=value alone
                continue;
            }
            const std::string prog = basename(words[0].text);
            if (prog == "export") {
                for (size_t i = 1; i < words.size(); ++i) {
                    std::string name, value;
                    if (splitAssignment(words[i], name, value))
                        m_r.env.emplace_back(name, value);
                }
                continue;
            }
            if (prog == "ray" && words.size() > 1 && words[1].text == "start") {
                readRayStart(words);
                continue;
            }
            std::vector<ShellWord> args;
            if (!launchArgs(words, args, localEnv))
                continue;
            if (found++ > 0)
                continue;
            m_r.env.insert(m_r.env.end(), localEnv.begin(), localEnv.end());
            parseArgs(args);
        }
        if (found == 0)
            throw InputError("no vLLM launch found: expected vllm serve, python -m vllm.entrypoints.openai.api_server "
                             "or docker run vllm/vllm-openai");
        if (found > 1)
            warn(say(
                QT_TRANSLATE_NOOP("VllmImport", "%1 vLLM commands found; the first one was read"), { value(found) }));
        finish();
        return std::move(m_r);
    }

private:
    // sudo, env, exec, nohup, time and leading NAME=value words do not change what runs.
    static void stripPrefixes(ShellCommand &w, std::vector<std::pair<std::string, std::string>> &env)
    {
        size_t i = 0;
        while (i < w.size()) {
            std::string name, value;
            const std::string &t = w[i].text;
            if (splitAssignment(w[i], name, value)) {
                env.emplace_back(name, value);
                ++i;
            } else if (t == "sudo" || t == "env" || t == "exec" || t == "nohup" || t == "time" || t == "command") {
                ++i;
                while (i < w.size() && looksLikeOption(w[i].text) && (t == "sudo" || t == "env"))
                    ++i; // sudo -E, env -i
            } else if (t == "uv" && i + 1 < w.size() && w[i + 1].text == "run") {
                i += 2;
            } else {
                break;
            }
        }
        w.erase(w.begin(), w.begin() + static_cast<long>(i));
    }

    // The vLLM arguments of a launch command, or false when `w` is not one.
    bool launchArgs(
        const ShellCommand &w, std::vector<ShellWord> &args, std::vector<std::pair<std::string, std::string>> &env)
    {
        const std::string prog = basename(w[0].text);
        if (prog == "vllm" && w.size() > 1 && w[1].text == "serve") {
            m_r.entry = "vllm serve";
            args.assign(w.begin() + 2, w.end());
            return true;
        }
        if (prog.rfind("python", 0) == 0 && w.size() > 2 && w[1].text == "-m") {
            const std::string &module = w[2].text;
            if (module == "vllm.entrypoints.openai.api_server" || module == "vllm.entrypoints.api_server") {
                m_r.entry = "python -m " + module;
                args.assign(w.begin() + 3, w.end());
                return true;
            }
            if (module == "vllm.entrypoints.cli.main" && w.size() > 3 && w[3].text == "serve") {
                m_r.entry = "python -m " + module + " serve";
                args.assign(w.begin() + 4, w.end());
                return true;
            }
            return false;
        }
        if ((prog == "docker" || prog == "podman") && w.size() > 1) {
            size_t i = 1;
            if (w[i].text == "container" && i + 1 < w.size())
                ++i;
            if (w[i].text != "run")
                return false;
            return dockerArgs(w, i + 1, args, env);
        }
        return false;
    }

    // docker run [options] IMAGE [ARG...]: options that take a value (docker run --help) are skipped
    // with it; -e/--env feed the environment; the image must be a vLLM one.
    bool dockerArgs(const ShellCommand &w, size_t i, std::vector<ShellWord> &args,
        std::vector<std::pair<std::string, std::string>> &env)
    {
        static const char *const valued[] = {
            "-e",
            "--env",
            "--env-file",
            "-v",
            "--volume",
            "-p",
            "--publish",
            "--name",
            "--gpus",
            "--runtime",
            "--ipc",
            "--shm-size",
            "-w",
            "--workdir",
            "--network",
            "--net",
            "-u",
            "--user",
            "--entrypoint",
            "--mount",
            "--device",
            "--ulimit",
            "--security-opt",
            "--group-add",
            "-h",
            "--hostname",
            "-l",
            "--label",
            "--cpus",
            "-m",
            "--memory",
            "--restart",
            "--platform",
            "--pull",
            "--add-host",
            "--cap-add",
            "--cap-drop",
            "--log-driver",
            "--log-opt",
            "--memory-swap",
            "--pid",
            "--uts",
            "--userns",
            "--cidfile",
            "--expose",
            "--link",
            "--tmpfs",
            "--volumes-from",
            "--dns",
            "--stop-signal",
            "--stop-timeout",
            "--cpuset-cpus",
            "--cgroupns",
            "--health-cmd",
            "--label-file",
        };
        const auto addEnv = [&](const std::string &assignment) {
            const size_t eq = assignment.find('=');
            if (eq != std::string::npos && eq > 0)
                env.emplace_back(assignment.substr(0, eq), assignment.substr(eq + 1));
        };
        for (; i < w.size(); ++i) {
            const std::string &t = w[i].text;
            if (!looksLikeOption(t))
                break;
            const size_t eq = t.find('=');
            const std::string name = eq == std::string::npos ? t : t.substr(0, eq);
            const bool isEnv = name == "-e" || name == "--env";
            if (eq != std::string::npos) {
                if (isEnv)
                    addEnv(t.substr(eq + 1));
                continue;
            }
            if (std::find_if(std::begin(valued), std::end(valued), [&](const char *v) { return name == v; })
                != std::end(valued)) {
                if (i + 1 < w.size() && isEnv)
                    addEnv(w[i + 1].text);
                ++i;
            }
        }
        if (i >= w.size())
            return false;
        const std::string image = w[i].text;
        if (lower(image).find("vllm") == std::string::npos)
            return false;
        m_r.entry = "docker run " + image;
        // The image's entrypoint is `vllm serve`; a command that repeats it is accepted too.
        size_t start = i + 1;
        if (start + 1 < w.size() && basename(w[start].text) == "vllm" && w[start + 1].text == "serve")
            start += 2;
        else if (start + 2 < w.size() && basename(w[start].text).rfind("python", 0) == 0 && w[start + 1].text == "-m")
            start += 3;
        args.assign(w.begin() + static_cast<long>(std::min(start, w.size())), w.end());
        return true;
    }

    // ray start --head --node-ip-address=A --port=P / ray start --address=A:P: the cluster's size
    // and the head's address.
    void readRayStart(const ShellCommand &w)
    {
        ++m_rayNodes;
        for (size_t i = 2; i < w.size(); ++i) {
            const std::string &t = w[i].text;
            const size_t eq = t.find('=');
            const std::string name = eq == std::string::npos ? t : t.substr(0, eq);
            ShellWord value;
            if (eq != std::string::npos) {
                value = w[i];
                value.text = t.substr(eq + 1);
            } else if (name != "--head" && name != "--block" && i + 1 < w.size() && !looksLikeOption(w[i + 1].text)) {
                value = w[++i];
            }
            if (name == "--head")
                m_rayHead = true;
            else if (name == "--node-ip-address" && m_rayHead)
                setAddress(value);
            else if (name == "--port" && !isPlaceholder(value) && !value.text.empty())
                m_r.launch.port = static_cast<int>(intValue("ray start --port", value.text, 1, 65535));
        }
    }

    void setAddress(const ShellWord &value)
    {
        if (isPlaceholder(value))
            m_r.launch.headPlaceholder = value.vars.front();
        else
            m_r.launch.headAddress = value.text;
    }

    void setPort(const std::string &flag, const ShellWord &value)
    {
        if (!isPlaceholder(value))
            m_r.launch.port = static_cast<int>(intValue(flag, value.text, 1, 65535));
    }

    void parseArgs(const std::vector<ShellWord> &args)
    {
        for (size_t i = 0; i < args.size(); ++i) {
            const ShellWord &w = args[i];
            const std::string &t = w.text;
            if (t == "--")
                continue;
            if (!looksLikeOption(t)) {
                if (m_r.model.empty() && !m_modelFromFlag)
                    m_r.model = t;
                else
                    m_r.unknownFlags.push_back(t);
                continue;
            }
            Option o;
            const size_t eq = t.find('=');
            std::string name = eq == std::string::npos ? t : t.substr(0, eq);
            if (eq != std::string::npos) {
                o.hasValue = true;
                o.value = w;
                o.value.text = t.substr(eq + 1);
            }
            bool known = false;
            if (name.rfind("--", 0) == 0) {
                // FlexibleArgumentParser: --foo_bar is --foo-bar; --a-config.key sets one key.
                const size_t dot = name.find('.');
                if (dot != std::string::npos) {
                    o.subKey = name.substr(dot + 1);
                    name = name.substr(0, dot);
                }
                std::replace(name.begin(), name.end(), '_', '-');
                if (name.rfind("--no-", 0) == 0 && isVllmSwitch("--" + name.substr(5))) {
                    o.negated = true;
                    name = "--" + name.substr(5);
                }
                known = isVllmServeFlag(name);
                // argparse's allow_abbrev (on in FlexibleArgumentParser): a unique prefix names its flag, as in
                // vLLM's own hint --kv-cache-memory=N for --kv-cache-memory-bytes.
                if (!known && name.size() > 3) {
                    const char *only = nullptr;
                    int matches = 0;
                    for (const char *f : vllmServeFlags())
                        if (std::string_view(f).rfind(name, 0) == 0 && ++matches == 1)
                            only = f;
                    if (matches == 1) {
                        name = only;
                        known = true;
                    }
                }
            } else if (const char *flag = vllmFlagForAlias(name)) {
                name = flag;
                known = true;
            }
            o.flag = name;
            const bool takesValue = known ? !isVllmSwitch(name) : true;
            if (takesValue && !o.hasValue && i + 1 < args.size() && !looksLikeOption(args[i + 1].text)) {
                o.hasValue = true;
                o.value = args[++i];
            }
            o.written = o.hasValue && eq == std::string::npos ? t + " " + shellQuote(o.value.text) : t;
            if (!known) {
                m_r.unknownFlags.push_back(o.written);
                continue;
            }
            if (takesValue && !o.hasValue) {
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "%1 has no value; ignored"), { value(t) }));
                continue;
            }
            if (takesValue && !fillPlaceholder(o)) {
                o.placeholder = true;
                applyPlaceholder(o);
                continue;
            }
            apply(o);
        }
    }

    // A value that is a placeholder, as recipes write them (--tensor-parallel-size $TP after
    // `export TP=1`, --max-model-len <n_of_tokens>), takes the value the pasted text assigned earlier, as
    // the shell would expand it. Returns false for a placeholder nothing assigned. The model and the
    // address and port flags keep their placeholders.
    bool fillPlaceholder(Option &o) const
    {
        static const char *const kKeepsPlaceholder[]
            = { "--model", "--master-addr", "--data-parallel-address", "--master-port", "--data-parallel-rpc-port" };
        if (!isPlaceholder(o.value)
            || std::any_of(
                std::begin(kKeepsPlaceholder), std::end(kKeepsPlaceholder), [&](const char *f) { return o.flag == f; }))
            return true;
        const std::string &name = o.value.vars.front();
        const bool whole = o.value.vars.size() == 1
            && (o.value.text == "$" + name || o.value.text == "${" + name + "}" || o.value.text == "<" + name + ">");
        const auto assigned
            = std::find_if(m_r.env.rbegin(), m_r.env.rend(), [&](const auto &e) { return e.first == name; });
        if (!whole || assigned == m_r.env.rend() || assigned->second.empty())
            return false;
        o.value = ShellWord { assigned->second, {} };
        return true;
    }

    // An unfilled placeholder: read as any value (an option the plan has no field for is listed as
    // ignored, as before); where the plan needs a number or a choice, the flag keeps the plan's default
    // and a warning says so, so a recipe with blanks to fill in still imports.
    void applyPlaceholder(const Option &o)
    {
        try {
            apply(o);
        } catch (const InputError &) {
            warn(say(QT_TRANSLATE_NOOP("VllmImport", "%1 %2 is a placeholder to fill in; the plan keeps its default"),
                { value(o.flag), value(truncated(o.value.text)) }));
        }
    }

    bool switchValue(const Option &o)
    {
        if (!o.hasValue)
            return !o.negated;
        const std::string v = lower(o.value.text);
        if (v == "true" || v == "1")
            return !o.negated;
        if (v == "false" || v == "0")
            return o.negated;
        badValue(o.flag, o.value.text, "expected true or false");
    }

    void apply(const Option &o)
    {
        Plan &p = m_r.plan;
        ImportedLaunch &l = m_r.launch;
        const std::string &f = o.flag;
        const std::string &v = o.value.text;
        if (f == "--model") {
            if (!m_r.model.empty() && !m_modelFromFlag)
                warn(say(
                    QT_TRANSLATE_NOOP("VllmImport", "both a positional model and --model given; --model %1 was read"),
                    { value(truncated(v)) }));
            m_r.model = v;
            m_modelFromFlag = true;
        } else if (f == "--tensor-parallel-size") {
            p.tp = static_cast<int>(intValue(f, v, 1, kMaxSize));
        } else if (f == "--pipeline-parallel-size") {
            p.pp = static_cast<int>(intValue(f, v, 1, kMaxSize));
        } else if (f == "--data-parallel-size") {
            p.dp = static_cast<int>(intValue(f, v, 1, kMaxSize));
        } else if (f == "--decode-context-parallel-size") {
            p.decodeContextParallel = static_cast<int>(intValue(f, v, 1, kMaxSize));
        } else if (f == "--prefill-context-parallel-size") {
            p.prefillContextParallel = static_cast<int>(intValue(f, v, 1, kMaxSize));
        } else if (f == "--kv-cache-memory-bytes") {
            // human_readable_int (1k = 1000, 1K = 1024, as parseCount reads it)
            p.kvCacheMemoryBytes = intValue(f, v, 1, 1000000000000000000LL);
        } else if (f == "--mm-ipc-gpu-memory-gb") {
            char *end = nullptr;
            const double d = std::strtod(v.c_str(), &end);
            if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(d) || d < 0 || d > 1e6)
                badValue(f, v, "expected GiB from 0 to 1e6");
            p.mmIpcGpuMemoryGb = d;
        } else if (f == "--enable-expert-parallel") {
            m_expertParallel = switchValue(o);
        } else if (f == "--gpu-memory-utilization") {
            p.gpuMemoryUtilization = fractionValue(f, v);
        } else if (f == "--max-model-len") {
            // human_readable_int_or_auto: -1 and auto fit the length to the KV pool at startup.
            if (v == "-1" || lower(v) == "auto") {
                p.maxModelLen = 0;
                warn(
                    say(QT_TRANSLATE_NOOP("VllmImport",
                            "--max-model-len %1 lets vLLM fit the length to memory; the plan uses the model's maximum"),
                        { value(v) }));
            } else {
                p.maxModelLen = intValue(f, v, 1, 1LL << 31);
            }
        } else if (f == "--max-num-seqs") {
            p.maxNumSeqs = intValue(f, v, 1, 1LL << 31);
        } else if (f == "--max-num-batched-tokens") {
            p.maxNumBatchedTokens = intValue(f, v, 1, 1LL << 31);
        } else if (f == "--kv-cache-dtype") {
            const std::string d = lower(v);
            if (d.rfind("fp8", 0) == 0)
                p.kvCacheDtype = KvDtype::Fp8;
            else if (d == "auto" || d == "bfloat16" || d == "float16")
                p.kvCacheDtype = KvDtype::Auto;
            else
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "--kv-cache-dtype %1 is not modelled; the plan uses auto"),
                    { value(truncated(v)) }));
        } else if (f == "--quantization") {
            const std::string q = lower(v);
            if (q == "fp8")
                p.quantization = Quantization::Fp8;
            else if (q == "mxfp4")
                p.quantization = Quantization::Mxfp4;
            else if (q == "awq" || q == "awq_marlin")
                p.quantization = Quantization::Awq;
            else if (q == "gptq" || q == "gptq_marlin")
                p.quantization = Quantization::Gptq;
            else
                warn(say(QT_TRANSLATE_NOOP(
                             "VllmImport", "--quantization %1 is not modelled; the plan uses the checkpoint's format"),
                    { value(truncated(v)) }));
        } else if (f == "--block-size") {
            p.blockSize = static_cast<int>(intValue(f, v, 1, 4096));
        } else if (f == "--enforce-eager") {
            p.enforceEager = switchValue(o);
        } else if (f == "--disable-custom-all-reduce") {
            p.disableCustomAllReduce = switchValue(o);
        } else if (f == "--language-model-only") {
            p.languageModelOnly = switchValue(o);
        } else if (f == "--skip-mm-profiling") {
            p.skipMmProfiling = switchValue(o);
        } else if (f == "--mm-encoder-tp-mode") {
            if (v != "weights" && v != "data")
                badValue(f, v, "expected weights or data");
            p.mmEncoderTpData = v == "data";
        } else if (f == "--expert-placement-strategy") {
            if (v == "round_robin")
                p.expertPlacement = ExpertPlacement::RoundRobin;
            else if (v == "linear")
                p.expertPlacement = ExpertPlacement::Linear;
            else
                badValue(f, v, "expected linear or round_robin");
        } else if (f == "--moe-backend") {
            // vllm/config/kernel.py normalizes the choice: lower case, "-" -> "_".
            std::string b = lower(v);
            std::replace(b.begin(), b.end(), '-', '_');
            if (b == "marlin" || b == "auto")
                p.moeBackend = b == "marlin" ? MoeBackend::Marlin : MoeBackend::Auto;
            else
                warn(say(QT_TRANSLATE_NOOP(
                             "VllmImport", "--moe-backend %1 is not modelled; the plan keeps vLLM's own choice"),
                    { value(truncated(v)) }));
        } else if (f == "--enable-prefix-caching") {
            p.prefixCaching = switchValue(o) ? PrefixCaching::On : PrefixCaching::Off;
        } else if (f == "--speculative-config") {
            readSpeculativeConfig(o);
        } else if (f == "--enable-eplb") {
            m_eplb = switchValue(o);
        } else if (f == "--eplb-config") {
            readEplbConfig(o);
        } else if (f == "--all2all-backend") {
            l.all2allBackend = v;
            if (!isVllmAll2allBackend(v))
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "--all2all-backend %1 is not one of %2's choices"),
                    { value(truncated(v)), value(std::string(kVllmVersionLabel)) }));
        } else if (f == "--nnodes") {
            l.nodes = static_cast<int>(intValue(f, v, 1, kMaxSize));
            l.launcher = Launcher::Mp;
        } else if (f == "--node-rank") {
            l.nodeRank = static_cast<int>(intValue(f, v, 0, kMaxSize));
        } else if (f == "--master-addr" || f == "--data-parallel-address") {
            setAddress(o.value);
        } else if (f == "--master-port" || f == "--data-parallel-rpc-port") {
            setPort(f, o.value);
        } else if (f == "--headless") {
            l.headless = switchValue(o);
        } else if (f == "--data-parallel-size-local") {
            l.dataParallelSizeLocal = static_cast<int>(intValue(f, v, 0, kMaxSize));
        } else if (f == "--data-parallel-start-rank") {
            l.dataParallelStartRank = static_cast<int>(intValue(f, v, 0, kMaxSize));
        } else if (f == "--distributed-executor-backend" || f == "--data-parallel-backend") {
            if (v == "ray")
                l.launcher = Launcher::Ray;
            else if (v != "mp")
                ignore(o);
        } else {
            if (f == "--config")
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "settings in the --config file %1 are not read"),
                    { value(truncated(v)) }));
            ignore(o);
        }
    }

    // A vLLM option without a plan field: listed as written, and kept for the export to pass through
    // (exportOptionsFor) unless its value is a placeholder nothing filled in.
    void ignore(const Option &o)
    {
        m_r.ignoredFlags.push_back(o.written);
        keepForExport(o);
    }

    // The option as written goes on to the export's vllm serve, after the flags the export writes itself.
    void keepForExport(const Option &o)
    {
        if (o.placeholder) {
            warn(say(QT_TRANSLATE_NOOP("VllmImport", "%1 %2 is a placeholder to fill in; the export leaves it out"),
                { value(o.flag), value(truncated(o.value.text)) }));
            return;
        }
        VllmExtraArg a;
        a.flag = (o.negated ? "--no-" + o.flag.substr(2) : o.flag) + (o.subKey.empty() ? "" : "." + o.subKey);
        if (o.hasValue)
            a.value = o.value.text;
        if (const std::string problem = vllmExtraArgProblem(a); !problem.empty())
            throw InputError(problem);
        if (m_r.vllmExtraArgs.size() == kMaxVllmExtraArgs)
            throw InputError("more than " + std::to_string(kMaxVllmExtraArgs) + " vLLM options without a plan field");
        m_r.vllmExtraArgs.push_back(std::move(a));
    }

    // --speculative-config '{"method": "mtp", "num_speculative_tokens": 3}' or --speculative-config.<key> value:
    // the tokens widen a hybrid model's state (kvcache.h MambaCacheSettings); an MTP or EAGLE method adds its one
    // draft layer to the KV pool (vllm#19996), unless --num-speculative-layers is given in the plan already.
    // The plan has no field for the method or the draft model, so the option itself goes on to the export too.
    void readSpeculativeConfig(const Option &o)
    {
        json j;
        if (!o.subKey.empty()) {
            j[o.subKey] = o.value.text;
        } else {
            j = jsonNestingDepth(o.value.text) > kMaxJsonDepth ? json(json::value_t::discarded)
                                                               : json::parse(o.value.text, nullptr, false);
            // Recipes write placeholders into it ({"model": <eagle3_model_name>, ...}): the command still
            // imports, without the speculative settings.
            if (j.is_discarded() || !j.is_object()) {
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "--speculative-config %1 is not a JSON object; not read"),
                    { value(truncated(o.value.text)) }));
                return;
            }
        }
        // A blank to fill in inside the JSON ("model": "<draft_model>", "$DRAFT"): vLLM would read it literally.
        const std::string &t = o.value.text;
        const auto open = t.find('<');
        if (t.find('$') != std::string::npos || (open != std::string::npos && t.find('>', open) != std::string::npos))
            warn(say(QT_TRANSLATE_NOOP("VllmImport", "%1 %2 is a placeholder to fill in; the export leaves it out"),
                { value(o.flag), value(truncated(t)) }));
        else
            keepForExport(o);
        for (const auto &[key, v] : j.items()) {
            if (key == "num_speculative_tokens") {
                const std::string text = v.is_string() ? v.get<std::string>() : v.dump();
                m_r.plan.numSpeculativeTokens
                    = static_cast<int>(intValue("--speculative-config.num_speculative_tokens", text, 0, 64));
            } else if (key == "method" && v.is_string()) {
                const std::string method = lower(v.get<std::string>());
                if ((method.find("mtp") != std::string::npos || method.find("eagle") != std::string::npos)
                    && m_r.plan.speculativeLayers == 0)
                    m_r.plan.speculativeLayers = 1;
            } else {
                warn(say(QT_TRANSLATE_NOOP("VllmImport", "--speculative-config %1 is not modelled"),
                    { shardscope::value(key) }));
            }
        }
    }

    // --eplb-config '{"num_redundant_experts": 32, ...}' or --eplb-config.num_redundant_experts 32.
    void readEplbConfig(const Option &o)
    {
        if (!o.subKey.empty()) {
            if (o.subKey == "num_redundant_experts")
                m_r.plan.redundantExperts
                    = static_cast<int>(intValue("--eplb-config.num_redundant_experts", o.value.text, 0, kMaxSize));
            else
                ignore(o);
            return;
        }
        const json j = jsonNestingDepth(o.value.text) > kMaxJsonDepth ? json(json::value_t::discarded)
                                                                      : json::parse(o.value.text, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            badValue(o.flag, o.value.text, "expected a JSON object");
        for (const auto &[key, value] : j.items()) {
            if (key != "num_redundant_experts") {
                warn(say(
                    QT_TRANSLATE_NOOP("VllmImport", "--eplb-config %1 is not modelled"), { shardscope::value(key) }));
                continue;
            }
            if (!value.is_number_integer() || value.get<long long>() < 0 || value.get<long long>() > kMaxSize)
                badValue(o.flag, o.value.text, "num_redundant_experts must be a whole number from 0");
            m_r.plan.redundantExperts = value.get<int>();
        }
    }

    void finish()
    {
        Plan &p = m_r.plan;
        ImportedLaunch &l = m_r.launch;
        if (m_r.model.empty())
            warn(say(QT_TRANSLATE_NOOP("VllmImport", "the command names no model")));
        // The plan JSON this command becomes must read back as a plan file, which refuses such a name.
        requireOneLine("the command's model", m_r.model);
        p.modelId = m_r.model;
        // Before ep = tp x dp multiplies them in int (-tp 65536 -dp 65536 wrapped to "ep": 0).
        checkWorldSize(
            p, "-tp " + std::to_string(p.tp) + " -pp " + std::to_string(p.pp) + " -dp " + std::to_string(p.dp));
        p.ep = m_expertParallel ? p.tp * p.dp : 1;
        if (p.redundantExperts > 0 && !m_eplb)
            warn(say(QT_TRANSLATE_NOOP("VllmImport", "num_redundant_experts without --enable-eplb: vLLM refuses it")));
        for (const auto &[name, value] : m_r.env) {
            if (name == "VLLM_USE_FLASHINFER_SAMPLER") // vllm/envs.py: bool(int(value))
                p.flashinferSampler = value != "0" && !value.empty();
            if (name == "VLLM_MXFP4_USE_MARLIN" && value != "0" && !value.empty()) // maybe_convert_bool
                p.moeBackend = MoeBackend::Marlin;
            if (name != "VLLM_PP_LAYER_PARTITION")
                continue;
            p.ppPartition.clear();
            size_t start = 0;
            while (start <= value.size()) {
                const size_t comma = std::min(value.find(',', start), value.size());
                const auto layers = parseCount(value.substr(start, comma - start), kMaxSize);
                if (!layers || *layers < 1 || p.ppPartition.size() >= 4096)
                    badValue("VLLM_PP_LAYER_PARTITION", value, "expected positive layer counts separated by commas");
                p.ppPartition.push_back(static_cast<int>(*layers));
                start = comma + 1;
            }
        }
        // How many nodes the launch spans, and so how many GPUs each holds: PCP ranks are GPUs of their own
        // (vLLM's world size is pp x tp x pcp per DP replica; evaluation.cpp counts them the same way).
        const long long world = 1LL * p.tp * p.pp * p.dp * std::max(1, p.prefillContextParallel);
        if (l.nodes == 0 && l.dataParallelSizeLocal > 0 && p.dp % l.dataParallelSizeLocal == 0
            && (l.launcher == Launcher::Ray || l.headless || !l.headAddress.empty() || !l.headPlaceholder.empty()))
            l.nodes = p.dp / l.dataParallelSizeLocal;
        if (l.nodes == 0 && m_rayNodes > 1)
            l.nodes = m_rayNodes;
        if (m_rayNodes > 0)
            l.launcher = Launcher::Ray;
        if (l.nodes > 1 && world % l.nodes == 0)
            p.gpusPerNode = static_cast<int>(world / l.nodes);
    }

    void warn(Sentence text) { m_r.warningTexts.push_back(std::move(text)); }

    static Sentence say(const char *templ, std::vector<Sentence> args = {})
    {
        return phrase("VllmImport", templ, std::move(args));
    }

    ImportedCommand m_r;
    bool m_modelFromFlag = false;
    bool m_expertParallel = false;
    bool m_eplb = false;
    bool m_rayHead = false;
    int m_rayNodes = 0;
};

} // namespace

std::vector<std::string> ImportedCommand::warnings() const
{
    return texts(warningTexts);
}

ImportedCommand importLaunchCommand(std::string_view text)
{
    // Every word may end up in JSON (model, flags, environment, warnings), which needs UTF-8.
    if (!isValidUtf8(text))
        throw InputError("the command is not UTF-8 text");
    return Importer().run(text);
}

ExportOptions exportOptionsFor(const ImportedCommand &c)
{
    ExportOptions o;
    o.target = ExportTarget::Vllm;
    o.launcher = c.launch.launcher;
    o.nodes = c.launch.nodes;
    o.headAddress = c.launch.headAddress;
    o.port = c.launch.port;
    o.modelPath = c.model;
    o.all2allBackend = c.launch.all2allBackend;
    o.vllmExtraArgs = c.vllmExtraArgs;
    return o;
}

int findModelPreset(const std::vector<ModelSpec> &models, std::string_view reference)
{
    return matchModelPreset(models, reference).index;
}

json importToJson(const ImportedCommand &c)
{
    json env = json::object();
    for (const auto &[name, value] : c.env)
        env[name] = value;
    const ImportedLaunch &l = c.launch;
    const auto optional = [](int v, int none) { return v == none ? json(nullptr) : json(v); };
    json launch { { "launcher", launcherName(l.launcher) }, { "nodes", optional(l.nodes, 0) },
        { "node_rank", optional(l.nodeRank, -1) }, { "headless", l.headless },
        { "head_address", l.headAddress.empty() ? json(nullptr) : json(l.headAddress) },
        { "head_placeholder", l.headPlaceholder.empty() ? json(nullptr) : json(l.headPlaceholder) },
        { "port", optional(l.port, 0) }, { "data_parallel_size_local", optional(l.dataParallelSizeLocal, -1) },
        { "data_parallel_start_rank", optional(l.dataParallelStartRank, -1) },
        { "all2all_backend", l.all2allBackend.empty() ? json(nullptr) : json(l.all2allBackend) } };
    return json { { "schema", "shardscope.import/1" }, { "model", c.model }, { "entry", c.entry },
        { "plan", planToJson(c.plan) }, { "unknown_flags", c.unknownFlags }, { "ignored_flags", c.ignoredFlags },
        { "vllm_extra_args", vllmExtraArgWords(c.vllmExtraArgs) }, { "env", env }, { "launch", launch },
        { "warnings", c.warnings() } };
}

} // namespace shardscope
