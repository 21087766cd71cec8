#include "core/launch/k8sexport.h"

#include "core/launch/exportbuild.h"
#include "core/model/vllmversion.h"
#include "core/text/sanitize.h"
#include "core/text/yamlnode.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

namespace shardscope {

namespace {

constexpr int kServePort = kK8sServePort;
constexpr int kMaxReplicas = 1000;
// Environment variables the LeaderWorkerSet controller sets in every pod of a group
// (api/leaderworkerset/v1/leaderworkerset_types.go in kubernetes-sigs/lws).
constexpr const char *kLeaderAddress = "LWS_LEADER_ADDRESS";
constexpr const char *kWorkerIndex = "LWS_WORKER_INDEX";
// The pod's own address, from the downward API (status.podIP).
constexpr const char *kPodIp = kPodIpPlaceholder;
// Flags whose value is the node's rank times a constant on every node but the leader.
constexpr const char *kRankFlags[][2]
    = { { "--node-rank", "NODE_RANK" }, { "--data-parallel-start-rank", "DP_START_RANK" } };

// Kubernetes expands $(VAR) in command, args and env values and reduces "$$" to "$"
// (the API reference of Container.command / EnvVar.value): doubling every '$' hands the text over as
// written, so a model called "$(cat /etc/passwd)" is not an expansion.
std::string kubeLiteral(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        out += c;
        if (c == '$')
            out += '$';
    }
    return out;
}

std::string wordText(const LaunchWord &w)
{
    std::string s;
    for (const LaunchWord::Part &p : w.parts)
        s += p.text;
    return s;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

YamlNode stringMap(const std::vector<std::pair<std::string, std::string>> &pairs)
{
    YamlNode m = YamlNode::map();
    for (const auto &[k, v] : pairs)
        m.set(k, v);
    return m;
}

YamlNode objectMeta(const std::string &name, const K8sOptions &o, const YamlNode &labels, const ExportResult &launch)
{
    YamlNode meta = YamlNode::map();
    meta.set("name", name);
    if (!o.nameSpace.empty())
        meta.set("namespace", o.nameSpace);
    meta.set("labels", labels);
    // The model path and the plan as the user gave them: data for people, quoted like every value.
    meta.set("annotations",
        stringMap({ { "shardscope/model", launch.model }, { "shardscope/plan", sanitize::oneLine(launch.summary) } }));
    return meta;
}

// How a launch's placeholders become the pod's: node 0's address is the leader pod's IP on the
// leader and LWS_LEADER_ADDRESS (the leader's DNS name) on the workers; the port its default;
// POD_IP (a node's own address, e.g. its NIXL side channel) stays the pod's own.
struct PodWords
{
    bool leader = true;
    std::map<std::string, std::string> portDefaults; // placeholder name -> default value
};

LaunchWord podWord(const LaunchWord &w, const PodWords &pw, std::string &unknown)
{
    LaunchWord out;
    for (const LaunchWord::Part &p : w.parts) {
        if (!p.placeholder || p.text == kPodIp) { // literal text, or the pod's own IP: kept as it is
            out.parts.push_back(p);
        } else if (p.text == exportbuild::kHeadIp) {
            out.parts.push_back({ pw.leader ? kPodIp : kLeaderAddress, true });
        } else if (const auto it = pw.portDefaults.find(p.text); it != pw.portDefaults.end() && !it->second.empty()) {
            out.parts.push_back({ it->second, false });
        } else {
            unknown = p.text;
            out.parts.push_back(p);
        }
    }
    return out;
}

LaunchCommand podCommand(const LaunchCommand &c, const PodWords &pw, std::string &unknown)
{
    LaunchCommand out = c;
    for (auto &[name, value] : out.env)
        value = podWord(value, pw, unknown);
    for (LaunchWord &w : out.program)
        w = podWord(w, pw, unknown);
    for (LaunchOption &o : out.options)
        for (LaunchWord &v : o.values)
            v = podWord(v, pw, unknown);
    return out;
}

// The worker pods share one template, so a flag that is the node's rank times k on node r
// (--node-rank r, --data-parallel-start-rank r x dp_local) becomes $VAR computed from
// LWS_WORKER_INDEX. Returns the shell lines that set the variables; empty `why` when every worker
// node's command is node 1's with those values, else the reason.
std::vector<std::string> rankVariables(LaunchCommand &worker, std::string &why)
{
    std::vector<std::string> lines;
    for (const auto &[flag, var] : kRankFlags) {
        for (LaunchOption &o : worker.options) {
            if (o.flag != flag || o.values.size() != 1)
                continue;
            const std::string node1 = wordText(o.values[0]);
            long long k = 0;
            try {
                k = std::stoll(node1);
            } catch (const std::exception &) {
                why = std::string(flag) + " " + node1 + " is not a number";
                return {};
            }
            lines.push_back(std::string(var) + "=$((" + kWorkerIndex + " * " + std::to_string(k) + "))");
            o.values[0] = LaunchWord::placeholder(var);
        }
    }
    return lines;
}

bool sameExceptRanks(const LaunchCommand &a, const LaunchCommand &b)
{
    if (a.env != b.env || a.program != b.program || a.options.size() != b.options.size())
        return false;
    for (size_t i = 0; i < a.options.size(); ++i) {
        const LaunchOption &x = a.options[i], &y = b.options[i];
        bool rank = false;
        for (const auto &[flag, var] : kRankFlags)
            rank = rank || x.flag == flag;
        if (x.flag != y.flag || (!rank && x.values != y.values))
            return false;
    }
    return true;
}

// `sh -c` text for a pod: the steps in order, the last one exec'd so that the server is the
// container's main process (it receives SIGTERM on a rollout).
// `waitForNodes` > 0 (the Ray leader): between `ray start --head` and the server, wait until that many
// nodes are alive in the Ray cluster, as vLLM's examples/online_serving/multi-node-serving.sh does
// for lws.md (it counts ray.nodes() that are Alive every 5 s).
std::string podScript(
    const std::vector<LaunchCommand> &steps, const std::vector<std::string> &preamble, int waitForNodes = 0)
{
    std::string s = "set -e\n";
    for (const std::string &l : preamble)
        s += l + "\n";
    for (size_t i = 0; i < steps.size(); ++i) {
        if (i + 1 == steps.size() && waitForNodes > 0)
            s += "until [ \"$(python3 -c 'import ray; ray.init(address=\"auto\", logging_level=\"ERROR\"); "
                 "print(sum(n[\"Alive\"] for n in ray.nodes()))' 2>/dev/null)\" -ge "
                + std::to_string(waitForNodes) + " ] 2>/dev/null; do sleep 5; done\n";
        // `exec NAME=value prog` would look for a program called NAME=value: env(1) sets the variables
        // and then replaces itself with the program, so the server stays the container's process.
        const bool last = i + 1 == steps.size();
        s += (last ? (steps[i].env.empty() ? "exec " : "exec env ") : "") + steps[i].render() + "\n";
    }
    return s;
}

YamlNode shellCommand(const std::string &script)
{
    YamlNode cmd = YamlNode::seq();
    cmd.add("/bin/sh");
    cmd.add("-c");
    cmd.add(kubeLiteral(script));
    return cmd;
}

// The argument list of a command run without a shell (a Deployment's `vllm serve`).
YamlNode execCommand(const LaunchCommand &c)
{
    YamlNode cmd = YamlNode::seq();
    for (const LaunchWord &w : c.program)
        cmd.add(kubeLiteral(wordText(w)));
    for (const LaunchOption &o : c.options) {
        if (o.joined && o.values.size() == 1) {
            cmd.add(kubeLiteral(o.flag + "=" + wordText(o.values[0])));
            continue;
        }
        cmd.add(kubeLiteral(o.flag));
        for (const LaunchWord &v : o.values)
            cmd.add(kubeLiteral(wordText(v)));
    }
    return cmd;
}

struct ContainerSpec
{
    std::string name;
    YamlNode command = YamlNode::seq();
    std::vector<std::pair<std::string, std::string>> env; // literal values
    bool podIp = false; // POD_IP from the downward API
    bool serves = false; // the API server runs here: port and readiness probe
    std::vector<std::string> podIpEnv = {}; // further variables set to the pod's IP (status.podIP)
};

bool isPodIp(const LaunchWord &w)
{
    return w.parts.size() == 1 && w.parts.front().placeholder && w.parts.front().text == kPodIp;
}

bool usesPodIp(const std::vector<LaunchCommand> &steps)
{
    const auto in = [](const LaunchWord &w) {
        return std::any_of(w.parts.begin(), w.parts.end(),
            [](const LaunchWord::Part &p) { return p.placeholder && p.text == kPodIp; });
    };
    for (const LaunchCommand &c : steps) {
        if (std::any_of(c.env.begin(), c.env.end(), [&](const auto &e) { return in(e.second); })
            || std::any_of(c.program.begin(), c.program.end(), in))
            return true;
        for (const LaunchOption &o : c.options)
            if (std::any_of(o.values.begin(), o.values.end(), in))
                return true;
    }
    return false;
}

YamlNode container(const ContainerSpec &c, const std::string &image, const std::string &gpuKey, int gpus)
{
    YamlNode k = YamlNode::map();
    k.set("name", c.name);
    k.set("image", image);
    k.set("command", c.command);
    YamlNode env = YamlNode::seq();
    // docs/deployment/k8s.md: the token from the secret hf-token-secret; optional, so public models
    // start without it.
    {
        YamlNode &token = env.add(YamlNode::map());
        token.set("name", "HF_TOKEN");
        YamlNode &ref = token.set("valueFrom", YamlNode::map()).set("secretKeyRef", YamlNode::map());
        ref.set("name", "hf-token-secret");
        ref.set("key", "token");
        ref.set("optional", YamlNode::boolean(true));
    }
    std::vector<std::string> fromPodIp = c.podIpEnv;
    if (c.podIp)
        fromPodIp.insert(fromPodIp.begin(), kPodIp);
    for (const std::string &name : fromPodIp) {
        YamlNode &ip = env.add(YamlNode::map());
        ip.set("name", name);
        ip.set("valueFrom", YamlNode::map()).set("fieldRef", YamlNode::map()).set("fieldPath", "status.podIP");
    }
    for (const auto &[name, value] : c.env) {
        YamlNode &v = env.add(YamlNode::map());
        v.set("name", name);
        v.set("value", kubeLiteral(value));
    }
    k.set("env", env);
    if (c.serves) {
        YamlNode &port = k.set("ports", YamlNode::seq()).add(YamlNode::map());
        port.set("name", "http");
        port.set("containerPort", kServePort);
    }
    YamlNode &resources = k.set("resources", YamlNode::map());
    // Extended resources are whole numbers set as limits (requests default to them); a quantity is
    // written as a string, as in vLLM's lws.md.
    resources.set("limits", YamlNode::map()).set(gpuKey, std::to_string(gpus));
    YamlNode &mount = k.set("volumeMounts", YamlNode::seq()).add(YamlNode::map());
    mount.set("name", "dshm");
    mount.set("mountPath", "/dev/shm");
    if (c.serves) {
        YamlNode &probe = k.set("readinessProbe", YamlNode::map());
        YamlNode &get = probe.set("httpGet", YamlNode::map());
        get.set("path", "/health");
        get.set("port", kServePort);
        probe.set("periodSeconds", 10);
    }
    return k;
}

// Tensor-parallel workers exchange data through shared memory; a container's /dev/shm is 64 MiB
// unless a memory-backed emptyDir replaces it (docs/deployment/k8s.md, lws.md: volume "dshm").
YamlNode podSpec(const YamlNode &containerNode)
{
    YamlNode spec = YamlNode::map();
    spec.set("containers", YamlNode::seq()).add(containerNode);
    YamlNode &vol = spec.set("volumes", YamlNode::seq()).add(YamlNode::map());
    vol.set("name", "dshm");
    vol.set("emptyDir", YamlNode::map()).set("medium", "Memory");
    return spec;
}

K8sObject object(
    std::string apiVersion, std::string kind, std::string name, const YamlNode &doc, std::string component = {})
{
    return { std::move(apiVersion), std::move(kind), std::move(name), std::move(component), doc.write() };
}

YamlNode header(const char *apiVersion, const char *kind)
{
    YamlNode doc = YamlNode::map();
    doc.set("apiVersion", apiVersion);
    doc.set("kind", kind);
    return doc;
}

K8sObject service(const std::string &name, const K8sOptions &o, const YamlNode &labels, const YamlNode &selector,
    const ExportResult &launch, const std::string &component)
{
    YamlNode doc = header("v1", "Service");
    doc.set("metadata", objectMeta(name, o, labels, launch));
    YamlNode &spec = doc.set("spec", YamlNode::map());
    spec.set("type", "ClusterIP");
    spec.set("selector", selector);
    YamlNode &port = spec.set("ports", YamlNode::seq()).add(YamlNode::map());
    port.set("name", "http");
    port.set("protocol", "TCP");
    port.set("port", kServePort);
    port.set("targetPort", kServePort);
    return object("v1", "Service", name, doc, component);
}

void refuse(K8sExport &out, std::string code, std::string why)
{
    out.ok = false;
    out.refusalCode = std::move(code);
    out.refusal = std::move(why);
    out.objects.clear();
}

std::string defaultImage(const GpuSpec &gpu, const std::string &release)
{
    // docs/deployment/docker.md: vllm/vllm-openai; docker.rocm.inc.md: vllm/vllm-openai-rocm; both
    // tagged v<release>.
    return std::string(gpuResourceName(gpu) == "amd.com/gpu" ? "vllm/vllm-openai-rocm" : "vllm/vllm-openai") + ":v"
        + release;
}

bool validImage(const std::string &image)
{
    if (image.empty() || image.size() > 512 || image.front() == '-' || sanitize::hasControlChars(image))
        return false;
    return std::none_of(image.begin(), image.end(), [](unsigned char c) { return std::isspace(c) || c >= 0x80; });
}

} // namespace

std::string K8sObject::fileName() const
{
    return lower(kind) + "-" + name + ".yaml";
}

std::string K8sExport::yaml() const
{
    std::string s;
    for (const K8sObject &o : objects)
        s += "---\n" + o.yaml;
    return s;
}

std::string kubernetesName(const std::string &text, std::size_t maxLength)
{
    std::string out;
    for (unsigned char c : text) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if (keep)
            out += static_cast<char>(c);
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    // A Service's name is a DNS-1035 label, which must start with a letter (Kubernetes'
    // validation.IsDNS1035Label): "01-ai/Yi-34B" would be refused at apply time.
    if (!out.empty() && out.front() >= '0' && out.front() <= '9')
        out = "vllm-" + out;
    if (out.size() > maxLength)
        out.resize(maxLength);
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "vllm" : out;
}

std::string gpuResourceName(const GpuSpec &gpu)
{
    const std::string v = lower(gpu.vendor);
    if (v == "nvidia")
        return "nvidia.com/gpu";
    if (v == "amd")
        return "amd.com/gpu";
    return {};
}

void appendInstanceSet(K8sExport &out, const ExportResult &launch, const GpuSpec &gpu, const K8sOptions &o,
    const std::string &suffix, const std::string &component, const std::string &release)
{
    const std::string gpuKey = gpuResourceName(gpu);
    if (gpuKey.empty()) {
        refuse(out, "gpu_vendor",
            "no Kubernetes GPU resource is known for " + sanitize::oneLine(gpu.vendor)
                + " GPUs (nvidia.com/gpu and amd.com/gpu are)");
        return;
    }
    const std::string image = o.image.empty() ? defaultImage(gpu, release) : o.image;
    const std::string base = kubernetesName(o.name.empty() ? launch.model : o.name) + suffix;
    PodWords leaderWords;
    for (const Placeholder &p : launch.placeholders)
        leaderWords.portDefaults[p.name] = p.defaultValue;
    PodWords workerWords = leaderWords;
    workerWords.leader = false;
    std::string unknown;

    YamlNode labels = YamlNode::map();
    labels.set("app.kubernetes.io/name", base);
    if (!component.empty())
        labels.set("app.kubernetes.io/component", component);
    labels.set("app.kubernetes.io/part-of", "shardscope");

    if (launch.nodes == 1) {
        const NodeLaunch &n = launch.nodeLaunches.front();
        const LaunchCommand serve = podCommand(n.steps.back().command, leaderWords, unknown);
        ContainerSpec c { "vllm", execCommand(serve), {}, false, true };
        // No shell runs this command, so nothing may be left for one to expand: the pod's IP is
        // handed over by the downward API, any other placeholder is refused.
        const auto leftOver = [&unknown](const LaunchWord &w) {
            for (const LaunchWord::Part &p : w.parts)
                if (p.placeholder && unknown.empty())
                    unknown = p.text;
        };
        for (const auto &[name, value] : serve.env) {
            if (isPodIp(value))
                c.podIpEnv.push_back(name);
            else if (value.hasPlaceholder())
                leftOver(value);
            else
                c.env.emplace_back(name, wordText(value));
        }
        std::for_each(serve.program.begin(), serve.program.end(), leftOver);
        for (const LaunchOption &opt : serve.options)
            std::for_each(opt.values.begin(), opt.values.end(), leftOver);
        YamlNode doc = header("apps/v1", "Deployment");
        doc.set("metadata", objectMeta(base, o, labels, launch));
        YamlNode &spec = doc.set("spec", YamlNode::map());
        spec.set("replicas", o.replicas);
        YamlNode selector = YamlNode::map();
        selector.set("app.kubernetes.io/name", base);
        spec.set("selector", YamlNode::map()).set("matchLabels", selector);
        YamlNode &templ = spec.set("template", YamlNode::map());
        templ.set("metadata", YamlNode::map()).set("labels", labels);
        templ.set("spec", podSpec(container(c, image, gpuKey, launch.gpusPerNode)));
        if (!unknown.empty())
            return refuse(out, "placeholder", "the launch needs $" + unknown + ", which a pod cannot set");
        out.objects.push_back(object("apps/v1", "Deployment", base, doc, component));
        out.objects.push_back(service(base, o, labels, selector, launch, component));
        return;
    }

    // Leader: node 0's steps; workers: node 1's, with the rank flags from LWS_WORKER_INDEX.
    std::vector<LaunchCommand> leaderSteps, workerSteps;
    for (const LaunchStep &s : launch.nodeLaunches.front().steps)
        leaderSteps.push_back(podCommand(s.command, leaderWords, unknown));
    for (const LaunchStep &s : launch.nodeLaunches.at(1).steps)
        workerSteps.push_back(podCommand(s.command, workerWords, unknown));
    for (size_t r = 2; r < launch.nodeLaunches.size(); ++r) {
        const auto &steps = launch.nodeLaunches[r].steps;
        bool same = steps.size() == launch.nodeLaunches[1].steps.size();
        for (size_t i = 0; same && i < steps.size(); ++i)
            same = sameExceptRanks(steps[i].command, launch.nodeLaunches[1].steps[i].command);
        if (!same)
            return refuse(out, "node_commands", "node " + std::to_string(r) + " runs other commands than node 1");
    }
    std::string why;
    std::vector<std::string> preamble = rankVariables(workerSteps.back(), why);
    if (!why.empty())
        return refuse(out, "node_commands", why);
    if (!unknown.empty())
        return refuse(out, "placeholder", "the launch needs $" + unknown + ", which a pod cannot set");

    const bool ray = leaderSteps.size() > 1 && !leaderSteps.front().program.empty()
        && wordText(leaderSteps.front().program.front()) == "ray";
    ContainerSpec leader { "vllm-leader", shellCommand(podScript(leaderSteps, {}, ray ? launch.nodes : 0)), {}, true,
        true };
    // A worker's own address (the NIXL side channel of an mp worker node) comes from its POD_IP.
    ContainerSpec worker { "vllm-worker", shellCommand(podScript(workerSteps, preamble)), {}, usesPodIp(workerSteps),
        false };
    YamlNode leaderLabels = labels;
    leaderLabels.set("role", "leader");
    YamlNode doc = header("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet");
    doc.set("metadata", objectMeta(base, o, labels, launch));
    YamlNode &spec = doc.set("spec", YamlNode::map());
    spec.set("replicas", o.replicas);
    YamlNode &lwt = spec.set("leaderWorkerTemplate", YamlNode::map());
    lwt.set("size", launch.nodes);
    // A restarted pod restarts its whole group: a vLLM instance does not survive losing a node.
    lwt.set("restartPolicy", "RecreateGroupOnPodRestart");
    YamlNode &lt = lwt.set("leaderTemplate", YamlNode::map());
    lt.set("metadata", YamlNode::map()).set("labels", leaderLabels);
    lt.set("spec", podSpec(container(leader, image, gpuKey, launch.gpusPerNode)));
    YamlNode &wt = lwt.set("workerTemplate", YamlNode::map());
    wt.set("metadata", YamlNode::map()).set("labels", labels);
    wt.set("spec", podSpec(container(worker, image, gpuKey, launch.gpusPerNode)));
    out.objects.push_back(object("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", base, doc, component));
    YamlNode selector = YamlNode::map();
    selector.set("leaderworkerset.sigs.k8s.io/name", base);
    selector.set("role", "leader");
    out.objects.push_back(service(base, o, labels, selector, launch, component));
}

bool checkK8sOptions(K8sExport &out, const K8sOptions &options)
{
    if (options.replicas < 1 || options.replicas > kMaxReplicas) {
        refuse(out, "replicas", "--replicas " + std::to_string(options.replicas) + " is outside 1-1000");
        return false;
    }
    if (!options.image.empty() && !validImage(options.image)) {
        refuse(out, "image",
            "the image " + sanitize::oneLine(options.image)
                + " is not an image reference (no spaces, control characters or leading '-')");
        return false;
    }
    return true;
}

namespace {

bool podOwnsFlag(const VllmExtraArg &a)
{
    const std::string f = vllmExtraArgTableFlag(a.flag);
    return f == "--port" || f == "--host" || f == "--uds";
}

} // namespace

std::vector<std::string> podLeftOutNotes(const ExportOptions &launch)
{
    std::vector<std::string> notes;
    for (const VllmExtraArg &a : launch.vllmExtraArgs)
        if (podOwnsFlag(a))
            notes.push_back("pass-through " + vllmExtraArgTableFlag(a.flag)
                + " left out: the manifests' Service and probes decide where vLLM listens");
    return notes;
}

ExportOptions podLaunchOptions(ExportOptions launch, const K8sOptions &options)
{
    std::erase_if(launch.vllmExtraArgs, podOwnsFlag);
    launch.target = ExportTarget::Vllm;
    launch.headAddress.clear(); // the pods' own addresses
    launch.port = 0;
    if (!options.launcherGiven)
        launch.launcher = Launcher::Ray;
    return launch;
}

K8sExport exportKubernetes(
    const Evaluation &e, const ModelSpec &model, const GpuSpec &gpu, ExportOptions launch, const K8sOptions &options)
{
    K8sExport out;
    if (!checkK8sOptions(out, options))
        return out;
    const std::vector<std::string> leftOut = podLeftOutNotes(launch);
    out.launch = exportLaunch(e, model, podLaunchOptions(std::move(launch), options));
    if (!out.launch.ok) {
        refuse(out, out.launch.refusalCode, out.launch.message());
        return out;
    }
    out.ok = true;
    const std::string release = vllmVersionName(resolvedVllmVersion(e.plan.vllmVersion));
    appendInstanceSet(out, out.launch, gpu, options, "", "", release);
    if (!out.ok)
        return out;
    for (const std::string &n : out.launch.notes())
        out.notes.push_back(n);
    out.notes.insert(out.notes.end(), leftOut.begin(), leftOut.end());
    out.notes.emplace_back("the pods read the Hugging Face token from the secret hf-token-secret (key token) when it "
                           "exists");
    if (out.launch.nodes > 1)
        out.notes.emplace_back("a LeaderWorkerSet needs the LWS controller in the cluster (lws.sigs.k8s.io)");
    return out;
}

} // namespace shardscope
