#pragma once
#include "core/launch/k8sexport.h"

namespace shardscope {

// `shardscope export --target k8s` of a disaggregated plan (issue #18 §3: "for a disaggregated plan
// one set per pool"): the prefill pool and the decode pool each become the instance set an aggregated
// plan would (a Deployment or a LeaderWorkerSet, and a Service), named `<name>-prefill` /
// `<name>-decode`, labelled app.kubernetes.io/component prefill / decode, with replicas = the pool's
// instances (xPyD). Each pod runs the `vllm serve` exportDisaggregated builds for the pool's first
// instance (its --kv-transfer-config, kv_producer / kv_consumer), changed only where a pod differs
// from a host, after the "Multi-Instance Setup" of vLLM's NixlConnector usage guide
// (docs/features/nixl_connector_usage.md), where every instance is on its own machine:
// - VLLM_NIXL_SIDE_CHANNEL_HOST is the pod's own IP (downward API status.podIP): the prefiller hands
//   it to the decoder in kv_transfer_params, so the decoder reaches the very pod that holds the KV;
// - VLLM_NIXL_SIDE_CHANNEL_PORT 5600 and --port 8000 on every pod (the guide's values for instances on
//   different machines: "using the same port number across different hosts is fine"); each pod has
//   its own network namespace, so the distinct ports the host launch needs are not needed here.
// No router is written: vLLM's documented proxy (tests/v1/kv_connector/nixl_integration/
// toy_proxy_server.py) is not in the vllm/vllm-openai image (docker/Dockerfile copies examples/, not
// tests/), so a notes entry names the routers to put in front of the two Services instead.
// `options.replicas` is not used (each pool's replicas are its instances).
K8sExport exportKubernetesDisaggregated(const Plan &plan, const Evaluation &prefill, const GpuSpec &prefillGpu,
    const Evaluation &decode, const GpuSpec &decodeGpu, const ModelSpec &model, ExportOptions launch,
    const K8sOptions &options);

} // namespace shardscope
