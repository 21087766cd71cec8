#include "core/serving/disagg.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

const LinkParams &transferLinkParams(const LinkSet &links, KvTransferLink link)
{
    switch (link) {
    case KvTransferLink::ScaleUp:
        return links.scaleUp;
    case KvTransferLink::Node:
        return links.pcie;
    case KvTransferLink::Nic:
        break;
    }
    return links.nic;
}

KvTransfer kvTransfer(
    double promptTokens, const Evaluation &prefill, const Evaluation &decode, KvTransferLink link, const LinkSet &links)
{
    KvTransfer t;
    t.link = link;
    t.params = transferLinkParams(links, link);
    t.promptTokens = promptTokens;
    t.sendBytesPerGpu = promptTokens * prefill.kv.bytesPerTokenPerGpu + prefill.kv.stateBytesPerRequestPerGpu;
    t.receiveBytesPerGpu = promptTokens * decode.kv.bytesPerTokenPerGpu + decode.kv.stateBytesPerRequestPerGpu;
    t.bytesPerGpu = std::max(t.sendBytesPerGpu, t.receiveBytesPerGpu);
    t.seconds = p2pSec(t.bytesPerGpu, t.params);
    return t;
}

PoolBalance balancePools(double prefillPerInstance, int prefillInstances, double decodePerInstance, int decodeInstances)
{
    PoolBalance b;
    b.prefillRequestsPerSec = std::max(0.0, prefillPerInstance) * std::max(1, prefillInstances);
    b.decodeRequestsPerSec = std::max(0.0, decodePerInstance) * std::max(1, decodeInstances);
    b.boundBy = b.prefillRequestsPerSec < b.decodeRequestsPerSec ? Pool::Prefill : Pool::Decode;
    b.requestsPerSec = std::min(b.prefillRequestsPerSec, b.decodeRequestsPerSec);
    return b;
}

namespace {

std::int64_t share(std::int64_t total, int parts)
{
    return std::max<std::int64_t>(1, (total + parts - 1) / std::max(1, parts));
}

LatencyStats sum(const LatencyStats &a, double b, const LatencyStats &c)
{
    return { a.mean + b + c.mean, a.p50 + b + c.p50, a.p90 + b + c.p90, a.p99 + b + c.p99 };
}

} // namespace

Workload prefillWorkload(const Workload &w, int prefillInstances)
{
    Workload p = w;
    const int x = std::max(1, prefillInstances);
    // vLLM's disaggregated proxy (tests/v1/kv_connector/nixl_integration/toy_proxy_server.py) sends the
    // prompt to a prefiller with max_tokens 1, then the full request to a decoder.
    p.outputLen = 1;
    p.numPrompts = share(w.numPrompts, x);
    if (w.maxConcurrency > 0)
        p.maxConcurrency = share(w.maxConcurrency, x);
    if (w.requestRate > 0)
        p.requestRate = w.requestRate / x;
    return p;
}

Workload decodeWorkload(const Workload &w, int decodeInstances, double arrivalsPerSec)
{
    Workload d = w;
    const int y = std::max(1, decodeInstances);
    d.numPrompts = share(w.numPrompts, y);
    if (w.maxConcurrency > 0)
        d.maxConcurrency = share(w.maxConcurrency, y);
    const double rate = w.requestRate > 0 ? w.requestRate : arrivalsPerSec;
    d.requestRate = rate > 0 && std::isfinite(rate) ? rate / y : 0;
    // The prompt's KV arrives from the prefiller: only the tail after the last full block is computed
    // (serving.cpp rounds the hit down to whole blocks and keeps at least one token to compute).
    const std::int64_t shortest = w.inputLenLo > 0 ? w.inputLenLo : w.inputLen;
    d.prefixHitRate = shortest > 1 ? 1.0 - 1.0 / double(shortest) : 0.0;
    return d;
}

DisaggServingResult simulateDisaggregated(const EvaluatedPlan &prefill, int prefillInstances,
    const EvaluatedPlan &decode, int decodeInstances, KvTransferLink link, const Workload &workload,
    const ServingCoefficients &prefillCoefficients, const ServingCoefficients &decodeCoefficients,
    const SimulationLimits &limits)
{
    DisaggServingResult r;
    r.workload = workload;
    r.prefillInstances = std::max(1, prefillInstances);
    r.decodeInstances = std::max(1, decodeInstances);
    r.prefill = simulateServing(prefill, prefillWorkload(workload, r.prefillInstances), prefillCoefficients, limits);
    const double prefillArrivals = r.prefill.requestsPerSec * r.prefillInstances;
    r.decode = simulateServing(
        decode, decodeWorkload(workload, r.decodeInstances, prefillArrivals), decodeCoefficients, limits);
    r.prefillGpus = r.prefill.gpus * r.prefillInstances;
    r.decodeGpus = r.decode.gpus * r.decodeInstances;
    r.gpus = r.prefillGpus + r.decodeGpus;
    const double prompt
        = workload.inputLenHi > 0 ? 0.5 * double(workload.inputLenLo + workload.inputLenHi) : double(workload.inputLen);
    r.transfer = kvTransfer(
        prompt, prefill.evaluation, decode.evaluation, link, resolveLinks(prefill.evaluation.plan, prefill.gpu));
    r.balance = balancePools(r.prefill.requestsPerSec, r.prefillInstances, r.decode.requestsPerSec, r.decodeInstances);
    r.ttft = sum(r.prefill.ttft, r.transfer.seconds, r.decode.ttft);
    r.e2e = sum(r.prefill.ttft, r.transfer.seconds, r.decode.e2e);
    r.tpot = r.decode.tpot;
    r.itl = r.decode.itl;
    r.requestsPerSec = r.balance.requestsPerSec;
    r.outputTokensPerSec = r.requestsPerSec * double(workload.outputLen);
    r.outputTokensPerSecPerGpu = r.gpus > 0 ? r.outputTokensPerSec / r.gpus : 0;
    r.durationSec = r.requestsPerSec > 0 ? double(workload.numPrompts) / r.requestsPerSec + r.transfer.seconds : 0;
    // A request rate the pools keep up with finishes at the arrivals' pace, not faster.
    if (workload.requestRate > 0)
        r.durationSec = std::max(r.durationSec, std::max(r.prefill.durationSec, r.decode.durationSec));
    r.stoppedEarly = r.prefill.stoppedEarly || r.decode.stoppedEarly;
    for (const std::string &w : r.prefill.warnings)
        r.warnings.push_back("prefill pool: " + w);
    for (const std::string &w : r.decode.warnings)
        r.warnings.push_back("decode pool: " + w);
    return r;
}

namespace {

nlohmann::json statsJson(const LatencyStats &s)
{
    return { { "mean", s.mean }, { "p50", s.p50 }, { "p90", s.p90 }, { "p99", s.p99 } };
}

} // namespace

nlohmann::json disaggServingToJson(const DisaggServingResult &r)
{
    nlohmann::json out;
    const Workload &w = r.workload;
    out["workload"] = resolvedWorkloadJson(w);
    out["serving_mode"] = "disaggregated";
    out["estimated"] = true;
    out["ttft_s"] = statsJson(r.ttft);
    out["tpot_s"] = statsJson(r.tpot);
    out["itl_s"] = statsJson(r.itl);
    out["e2e_s"] = statsJson(r.e2e);
    out["output_tokens_per_s"] = r.outputTokensPerSec;
    out["output_tokens_per_s_per_gpu"] = r.outputTokensPerSecPerGpu;
    out["requests_per_s"] = r.requestsPerSec;
    out["duration_s"] = r.durationSec;
    out["gpus"] = r.gpus;
    out["stopped_early"] = r.stoppedEarly;
    out["warnings"] = r.warnings;
    const KvTransfer &t = r.transfer;
    out["kv_transfer"] = { { "link", kvTransferLinkName(t.link) }, { "latency_s", t.params.latencySec },
        { "bytes_per_s", t.params.bytesPerSec }, { "prompt_tokens", t.promptTokens },
        { "send_bytes_per_gpu", t.sendBytesPerGpu }, { "receive_bytes_per_gpu", t.receiveBytesPerGpu },
        { "bytes_per_gpu", t.bytesPerGpu }, { "seconds", t.seconds } };
    out["balance"] = { { "prefill_requests_per_s", r.balance.prefillRequestsPerSec },
        { "decode_requests_per_s", r.balance.decodeRequestsPerSec }, { "bound_by", poolName(r.balance.boundBy) } };
    out["prefill"] = servingToJson(r.prefill);
    out["prefill"]["instances"] = r.prefillInstances;
    out["prefill"]["pool_gpus"] = r.prefillGpus;
    out["decode"] = servingToJson(r.decode);
    out["decode"]["instances"] = r.decodeInstances;
    out["decode"]["pool_gpus"] = r.decodeGpus;
    return out;
}

std::string disaggServingToText(const DisaggServingResult &r)
{
    char buf[512];
    std::string out = "Serving, disaggregated prefill/decode (estimated: each pool's simulated vLLM V1 scheduler)\n";
    std::snprintf(buf, sizeof buf, "  %dP%dD: %d prefill GPUs, %d decode GPUs, %d in all\n", r.prefillInstances,
        r.decodeInstances, r.prefillGpus, r.decodeGpus, r.gpus);
    out += buf;
    const KvTransfer &t = r.transfer;
    std::snprintf(buf, sizeof buf,
        "  KV transfer over %s: %.0f prompt tokens, %.3f MB per GPU, alpha %.2f us + bytes / %.3g GB/s = %.3f ms\n",
        kvTransferLinkName(t.link), t.promptTokens, t.bytesPerGpu / 1e6, t.params.latencySec * 1e6,
        t.params.bytesPerSec / 1e9, t.seconds * 1e3);
    out += buf;
    auto line = [&](const char *name, const LatencyStats &s) {
        std::snprintf(buf, sizeof buf, "  %-5s mean %9.2f ms   p50 %9.2f   p90 %9.2f   p99 %9.2f\n", name, s.mean * 1e3,
            s.p50 * 1e3, s.p90 * 1e3, s.p99 * 1e3);
        out += buf;
    };
    line("TTFT", r.ttft);
    line("TPOT", r.tpot);
    line("ITL", r.itl);
    line("E2E", r.e2e);
    std::snprintf(buf, sizeof buf,
        "  output %.1f tok/s (%.1f per GPU), %.3f req/s; pools: prefill %.3f req/s, decode %.3f req/s (bound by "
        "%s)\n",
        r.outputTokensPerSec, r.outputTokensPerSecPerGpu, r.requestsPerSec, r.balance.prefillRequestsPerSec,
        r.balance.decodeRequestsPerSec, poolName(r.balance.boundBy));
    out += buf;
    for (const std::string &w : r.warnings)
        out += "  warning: " + w + "\n";
    return out;
}

} // namespace shardscope
