#pragma once
#include "core/launch/launchexport.h"
#include "core/model/gpuspec.h"

#include <string>
#include <vector>

namespace shardscope {

// `shardscope export --target k8s` (issue #18 §3): the plan as Kubernetes manifests.
// - One node: a Deployment (apps/v1) whose container runs `vllm serve` as an argument list (no shell),
//   after vLLM's docs/deployment/k8s.md ("Deployment with GPUs"): GPU limits, /dev/shm as a memory
//   emptyDir, a readiness probe on /health, the HF token from the secret hf-token-secret.
// - Several nodes: a LeaderWorkerSet (leaderworkerset.x-k8s.io/v1) of `size` = nodes pods, after
//   vLLM's docs/deployment/frameworks/lws.md: the leader runs `ray start --head` then `vllm serve`
//   (Ray, the documented recipe), workers `ray start --address=$LWS_LEADER_ADDRESS:6379 --block`;
//   or with the mp launcher the same `vllm serve --nnodes --node-rank --master-addr` on every pod,
//   the node rank from LWS_WORKER_INDEX. The commands are export's own (exportLaunch), rendered
//   shell-quoted into `sh -c`.
// - A Service in front of the pod that serves the API (port 8000, vLLM's default).
// Every string in the YAML is double-quoted (sanitize::yamlQuoted) and every '$' in a command or an
// env value is doubled, so Kubernetes' $(VAR) expansion leaves names from the model as they are.
// vLLM's OpenAI server listens on 8000 unless --port says otherwise (docs/deployment/k8s.md uses
// containerPort 8000 and probes /health on it).
inline constexpr int kK8sServePort = 8000;
// A launch placeholder a pod fills with its own address (the downward API's status.podIP): an
// environment value that is exactly this placeholder becomes `valueFrom.fieldRef`.
inline constexpr const char *kPodIpPlaceholder = "POD_IP";

struct K8sOptions
{
    std::string name; // object name prefix; empty: derived from the model (a DNS-1035 label)
    std::string image; // empty: vllm/vllm-openai:v<release> (vllm/vllm-openai-rocm for AMD)
    std::string nameSpace; // metadata.namespace; empty: none written (kubectl's current namespace)
    int replicas = 1; // instances of the plan (Deployment replicas / LeaderWorkerSet groups)
    bool launcherGiven = false; // false: Ray for several nodes (the documented LWS recipe)
};

struct K8sObject
{
    std::string apiVersion; // "apps/v1", "v1", "leaderworkerset.x-k8s.io/v1"
    std::string kind; // "Deployment", "LeaderWorkerSet", "Service"
    std::string name;
    std::string component; // app.kubernetes.io/component: "prefill", "decode" or empty
    std::string yaml; // one document, no "---"
    std::string fileName() const; // "<kind lower case>-<name>.yaml"
};

struct K8sExport
{
    bool ok = false;
    std::string refusalCode; // exportLaunch's, or gpu_vendor / name / image / replicas
    std::string refusal; // one line, English
    ExportResult launch; // the commands the pods run
    std::vector<K8sObject> objects;
    std::vector<std::string> notes;
    std::string yaml() const; // every object, "---" between documents
};

// Refuses (out.ok = false, true returned otherwise) a --replicas outside 1-1000 or an --image that is
// not an image reference.
bool checkK8sOptions(K8sExport &out, const K8sOptions &options);

// A DNS-1035 label (lower-case letters, digits, '-', a letter first, at most `maxLength`) made from
// any text: other characters become '-', runs collapse, the ends are trimmed, "vllm-" goes before a
// leading digit; "vllm" when nothing is left.
std::string kubernetesName(const std::string &text, std::size_t maxLength = 40);

// The resource name a device plugin registers for the GPU's vendor: nvidia.com/gpu (NVIDIA's
// k8s-device-plugin), amd.com/gpu (ROCm's k8s-device-plugin); empty for others.
std::string gpuResourceName(const GpuSpec &gpu);

// The launch options of a server in a pod: vLLM, the pods' own addresses and ports (no head address,
// no port), and Ray for several nodes unless a launcher was given (vLLM's documented LWS recipe).
// Pass-through --port, --host and --uds are left out: the Service and the probes reach vLLM on its
// port on every address of the pod.
ExportOptions podLaunchOptions(ExportOptions launch, const K8sOptions &options);
// The notes saying which pass-through options podLaunchOptions leaves out of `launch`.
std::vector<std::string> podLeftOutNotes(const ExportOptions &launch);

// The manifests for one evaluated plan. `launch` picks the launcher, nodes and model path as for
// `shardscope export`; its head address and port are replaced by the pods' own.
K8sExport exportKubernetes(
    const Evaluation &e, const ModelSpec &model, const GpuSpec &gpu, ExportOptions launch, const K8sOptions &options);

// One instance set (the objects for one pool), from a launch already built: appended to `out`.
// `suffix` ends the object names ("" or "-prefill"); `component` labels the pods
// (app.kubernetes.io/component). Refuses (out.ok = false) what cannot be placed in pods.
void appendInstanceSet(K8sExport &out, const ExportResult &launch, const GpuSpec &gpu, const K8sOptions &options,
    const std::string &suffix, const std::string &component, const std::string &release);

} // namespace shardscope
