#include "core/launch/k8sdisagg.h"

#include "core/launch/disaggexport.h"
#include "core/launch/exportbuild.h"
#include "core/model/vllmversion.h"

#include <algorithm>
#include <utility>

namespace shardscope {

namespace {

// VLLM_NIXL_SIDE_CHANNEL_PORT's default, which the usage guide's multi-machine example sets on every
// instance (docs/features/nixl_connector_usage.md, "Environment Variables" and "Multi-Instance Setup").
constexpr int kSideChannelPort = 5600;

// exportDisaggregated names an instance's node 0 PREFILL0_IP and its other nodes PREFILL0_NODE<k>_IP;
// in a pod, node 0's address is the set's leader (HEAD_IP, which appendInstanceSet resolves) and a
// node's own address is its pod's IP.
void podPlaceholders(LaunchWord &w, const std::string &instanceAddress)
{
    const std::string nodePrefix = instanceAddress.substr(0, instanceAddress.size() - 3) + "_NODE";
    for (LaunchWord::Part &p : w.parts) {
        if (!p.placeholder)
            continue;
        if (p.text == instanceAddress)
            p.text = exportbuild::kHeadIp;
        else if (p.text.rfind(nodePrefix, 0) == 0)
            p.text = kPodIpPlaceholder;
    }
}

bool isServe(const LaunchCommand &cmd)
{
    return cmd.program.size() >= 2 && cmd.program[0].render() == "vllm" && cmd.program[1].render() == "serve";
}

void podCommand(LaunchCommand &cmd, const std::string &instanceAddress)
{
    const bool serve = isServe(cmd);
    for (auto &[name, value] : cmd.env) {
        podPlaceholders(value, instanceAddress);
        if (name == "VLLM_NIXL_SIDE_CHANNEL_PORT")
            value = LaunchWord::literal(std::to_string(kSideChannelPort));
    }
    for (LaunchWord &w : cmd.program)
        podPlaceholders(w, instanceAddress);
    for (LaunchOption &o : cmd.options) {
        for (LaunchWord &w : o.values)
            podPlaceholders(w, instanceAddress);
        // The API port the readiness probe and the Service use (ray start's --port is Ray's own).
        if (serve && o.flag == "--port" && o.values.size() == 1)
            o.values.front() = LaunchWord::literal(std::to_string(kK8sServePort));
    }
}

// The launch one pod set runs: the pool's export with the commands of its first instance.
ExportResult poolLaunch(const DisaggExportResult &r, Pool pool)
{
    ExportResult out = pool == Pool::Prefill ? r.prefill : r.decode;
    const auto inst = std::find_if(
        r.instances.begin(), r.instances.end(), [pool](const DisaggInstanceLaunch &i) { return i.pool == pool; });
    if (inst == r.instances.end())
        return out;
    out.nodeLaunches = inst->nodeLaunches;
    for (NodeLaunch &n : out.nodeLaunches)
        for (LaunchStep &s : n.steps)
            podCommand(s.command, inst->address);
    return out;
}

void refuse(K8sExport &out, std::string code, std::string why)
{
    out.ok = false;
    out.refusalCode = std::move(code);
    out.refusal = std::move(why);
    out.objects.clear();
}

} // namespace

K8sExport exportKubernetesDisaggregated(const Plan &plan, const Evaluation &prefill, const GpuSpec &prefillGpu,
    const Evaluation &decode, const GpuSpec &decodeGpu, const ModelSpec &model, ExportOptions launch,
    const K8sOptions &options)
{
    K8sExport out;
    K8sOptions poolOptions = options;
    poolOptions.replicas = 1; // checked here as a value the pools can take; each pool sets its own below
    if (!checkK8sOptions(out, poolOptions))
        return out;
    const std::vector<std::string> leftOut = podLeftOutNotes(launch);
    const DisaggExportResult r
        = exportDisaggregated(plan, prefill, decode, model, podLaunchOptions(std::move(launch), options));
    if (!r.ok) {
        refuse(out, r.refusalCode, r.refusal);
        return out;
    }
    out.ok = true;
    const std::string release = vllmVersionName(resolvedVllmVersion(plan.vllmVersion));
    std::string services[2];
    bool multiNode = false;
    for (const Pool pool : { Pool::Prefill, Pool::Decode }) {
        const ExportResult pods = poolLaunch(r, pool);
        const PoolPlan &sizes = pool == Pool::Prefill ? plan.prefill : plan.decode;
        // xPyD: the pool's instances are the set's replicas (Deployment replicas / LWS groups).
        poolOptions.replicas = std::max(1, sizes.instances);
        const std::string name = poolName(pool);
        appendInstanceSet(
            out, pods, pool == Pool::Prefill ? prefillGpu : decodeGpu, poolOptions, "-" + name, name, release);
        if (!out.ok) {
            out.refusal = name + " pool: " + out.refusal;
            return out;
        }
        services[pool == Pool::Prefill ? 0 : 1] = out.objects.back().name;
        multiNode = multiNode || pods.nodes > 1;
    }

    for (const std::string &n : r.notes)
        if (n.rfind("prefill pool: ", 0) == 0 || n.rfind("decode pool: ", 0) == 0)
            out.notes.push_back(n);
    out.notes.insert(out.notes.end(), leftOut.begin(), leftOut.end());
    const std::string port = std::to_string(kK8sServePort);
    out.notes.push_back("no router is written: vLLM's prefill/decode proxy "
                        "(tests/v1/kv_connector/nixl_integration/toy_proxy_server.py, "
                        "docs/features/nixl_connector_usage.md) is not in the vllm/vllm-openai image; send "
                        "requests through a router in front of the Services "
        + services[0] + " (prefill) and " + services[1] + " (decode), port " + port);
    out.notes.push_back("routers that speak NixlConnector's kv_transfer_params: the vLLM Router "
                        "(github.com/vllm-project/router: vllm-router --vllm-pd-disaggregation --prefill http://"
        + services[0] + ":" + port + " --decode http://" + services[1] + ":" + port
        + "), llm-d's prefill/decode path (docs.vllm.ai, deployment/integrations/llm-d), or to try it the toy "
          "proxy from a vLLM checkout (--host 0.0.0.0 --prefiller-hosts "
        + services[0] + " --prefiller-ports " + port + " --decoder-hosts " + services[1] + " --decoder-ports " + port
        + ")");
    out.notes.emplace_back(
        "the image must provide NIXL (vLLM's docker/Dockerfile installs requirements/kv_connectors.txt "
        "with --build-arg INSTALL_KV_CONNECTORS=true); set UCX_NET_DEVICES in the pods to the RDMA "
        "devices the KV cache should cross (docs/features/nixl_connector_usage.md)");
    if (plan.kvTransferLink != KvTransferLink::Nic)
        out.notes.push_back(std::string("kv_transfer_link ") + kvTransferLinkName(plan.kvTransferLink)
            + ": the plan assumes prefill and decode pods share "
            + (plan.kvTransferLink == KvTransferLink::Node ? "a node" : "a scale-up domain")
            + "; Kubernetes places them anywhere unless you add pod affinity between the two sets");
    out.notes.emplace_back("the pods read the Hugging Face token from the secret hf-token-secret (key token) when it "
                           "exists");
    if (multiNode)
        out.notes.emplace_back("a LeaderWorkerSet needs the LWS controller in the cluster (lws.sigs.k8s.io)");
    return out;
}

} // namespace shardscope
