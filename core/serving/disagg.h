#pragma once
#include "core/evaluate/links.h"
#include "core/serving/serving.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace shardscope {

// Disaggregated prefill/decode serving (issue #18 §2): `x` prefill instances run each prompt and its
// first token, the prompt's KV cache crosses the KV transfer link, and `y` decode instances generate the
// rest. Estimated, from the same step model and scheduler simulation as aggregated serving.

// The KV cache of one prompt crossing the transfer link. Every prefill GPU sends its own shard and
// every decode GPU receives its own, all in parallel over their own link (NIXL moves each rank's blocks
// directly), so the time is one point-to-point message of the larger per-GPU share:
//   bytes = prompt_len x max(prefill, decode) KV bytes per token per GPU (+ fixed per-request state)
//   seconds = α + bytes / β          (core/evaluate/links.h p2pSec, the link's effective β)
struct KvTransfer
{
    KvTransferLink link = KvTransferLink::Nic;
    LinkParams params; // α, β of the link (the prefill GPU's preset, with the plan's overrides)
    double promptTokens = 0;
    double sendBytesPerGpu = 0; // prefill binding rank
    double receiveBytesPerGpu = 0; // decode binding rank
    double bytesPerGpu = 0; // max of the two
    double seconds = 0;
};
KvTransfer kvTransfer(double promptTokens, const Evaluation &prefill, const Evaluation &decode, KvTransferLink link,
    const LinkSet &links);

// The link's α-β among a GPU's links: nic → the NIC, scaleup → the scale-up link, node → PCIe.
const LinkParams &transferLinkParams(const LinkSet &links, KvTransferLink link);

// xPyD balance: the system serves what the pool that saturates first lets through,
//   requests/s = min(x x prefill requests/s per instance, y x decode requests/s per instance).
struct PoolBalance
{
    double prefillRequestsPerSec = 0; // the whole prefill pool
    double decodeRequestsPerSec = 0; // the whole decode pool
    double requestsPerSec = 0;
    Pool boundBy = Pool::Decode; // the pool with the lower capacity (ties: decode)
};
PoolBalance balancePools(
    double prefillPerInstance, int prefillInstances, double decodePerInstance, int decodeInstances);

struct DisaggServingResult
{
    Workload workload;
    ServingResult prefill; // one prefill instance: its share of the prompts, 1 output token each
    ServingResult decode; // one decode instance: its share, KV already there (1 uncached token each)
    int prefillInstances = 1;
    int decodeInstances = 1;
    int prefillGpus = 0; // instances x GPUs per instance
    int decodeGpus = 0;
    int gpus = 0;
    KvTransfer transfer;
    PoolBalance balance;
    // Per percentile: TTFT = prefill TTFT (queue + prefill) + transfer + the decode instance's first step
    // (its queue and the last prompt token); E2E = prefill TTFT + transfer + decode E2E. Adding percentiles
    // over-states the percentile of the sum a little: a conservative estimate for an SLA.
    LatencyStats ttft, tpot, itl, e2e; // seconds; TPOT and ITL: the decode pool's
    double requestsPerSec = 0;
    double outputTokensPerSec = 0;
    double outputTokensPerSecPerGpu = 0;
    double durationSec = 0; // the run of every prompt at the balanced rate
    bool stoppedEarly = false;
    std::vector<std::string> warnings;
};

// The two pools' workloads: each instance takes 1/x (1/y) of the prompts, clients and request rate.
// The prefill request is vLLM's proxy's (max_tokens 1); the decode request finds all but the last
// block of its prompt already in its KV cache (prefix hit (L-1)/L). Without a request rate the decode
// pool receives requests as fast as the prefill pool finishes them.
Workload prefillWorkload(const Workload &w, int prefillInstances);
Workload decodeWorkload(const Workload &w, int decodeInstances, double arrivalsPerSec);

// Simulates one instance of each pool (plans from poolPlan()) and combines them as above.
DisaggServingResult simulateDisaggregated(const EvaluatedPlan &prefill, int prefillInstances,
    const EvaluatedPlan &decode, int decodeInstances, KvTransferLink link, const Workload &workload,
    const ServingCoefficients &prefillCoefficients, const ServingCoefficients &decodeCoefficients,
    const SimulationLimits &limits = {});

// `serving` of a disaggregated plan's JSON: the combined figures (the same names as servingToJson's),
// serving_mode, kv_transfer, balance, and each pool's own serving object under prefill / decode.
nlohmann::json disaggServingToJson(const DisaggServingResult &r);
std::string disaggServingToText(const DisaggServingResult &r);

} // namespace shardscope
