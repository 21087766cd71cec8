// "Show your work" for the serving estimate: the simulation's percentiles with the decode step they rest on
// (core/serving/steptime.cpp) and the coefficients with their sources (core/serving/coefficients.cpp).
#include "core/explain/explainserving.h"

#include "core/explain/explaintext.h"
#include "core/text/textformat.h"

#include <cstdio>

namespace shardscope {

namespace {

using namespace explaintext;

Sentence seconds(double s)
{
    return value(formatDuration(s));
}

Sentence stats(const LatencyStats &s)
{
    return sym("p50 %1 · p90 %2 · p99 %3", { seconds(s.p50), seconds(s.p90), seconds(s.p99) });
}

// The decode step, substituted: "gemm 1 ms + attention … = GPU 2 ms; CPU 0.6 ms overlapped → 2 ms".
Sentence stepSum(const ServingResult &r)
{
    const StepCost &s = r.steadyDecodeStep;
    const double gpu = s.gemmSec + s.attentionSec + s.moeSec + s.commSec + s.fixedSec;
    const Sentence terms = sym("%1 + %2 + %3 + %4 + %5 = %6",
        { seconds(s.gemmSec), seconds(s.attentionSec), seconds(s.moeSec), seconds(s.commSec), seconds(s.fixedSec),
            seconds(gpu) });
    return say(QT_TRANSLATE_NOOP(
                   "Explain", "decode step at batch %1: GEMM + attention + MoE + comm + fixed = %2; CPU %3 (%4) → %5"),
        { num(r.steadyDecodeBatch.decodeTokens, 1), terms, seconds(s.cpuSec),
            s.totalSec < 0.999999 * (gpu + s.cpuSec)
                ? say(QT_TRANSLATE_NOOP("Explain", "overlapped by async scheduling"))
                : say(QT_TRANSLATE_NOOP("Explain", "added")),
            seconds(s.totalSec) });
}

void addWorkload(Draft &d, const ServingResult &r)
{
    const Workload &w = r.workload;
    const Sentence flag = say(QT_TRANSLATE_NOOP("Explain", "workload (%1)"), { value("--input-len") });
    if (w.dataset == Dataset::ShareGpt)
        d.inputs.push_back({ sym("dataset"), value("sharegpt"),
            say(QT_TRANSLATE_NOOP("Explain",
                    "workload (%1): each request has the lengths of the matching request of vLLM's ShareGPT sample, "
                    "scaled so that they average input_len and output_len"),
                { value("--dataset-name") }) });
    d.inputs.push_back({ sym("input_len"), integer(w.inputLen), flag });
    d.inputs.push_back({ sym("output_len"), integer(w.outputLen),
        say(QT_TRANSLATE_NOOP("Explain", "workload (%1)"), { value("--output-len") }) });
    if (w.requestRate > 0)
        d.inputs.push_back({ sym("request_rate"), num(w.requestRate, 2),
            say(QT_TRANSLATE_NOOP("Explain", "workload (%1)"), { value("--request-rate") }) });
    else
        d.inputs.push_back({ sym("max_concurrency"),
            w.maxConcurrency > 0 ? integer(w.maxConcurrency) : say(QT_TRANSLATE_NOOP("Explain", "unbounded")),
            say(QT_TRANSLATE_NOOP("Explain", "workload (%1)"), { value("--max-concurrency") }) });
    d.inputs.push_back({ sym("num_prompts"), integer(w.numPrompts),
        say(QT_TRANSLATE_NOOP("Explain", "workload (%1)"), { value("--num-prompts") }) });
}

Sentence sixDigits(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return value(buf);
}

void addCoefficients(Draft &d, const ServingResult &r)
{
    for (const ServingCoefficient &c : r.coefficients.list())
        d.inputs.push_back({ sym(c.name), sixDigits(c.value), value(c.source) });
}

Sentence estimatedNote(const ServingResult &r)
{
    Sentence n = say(QT_TRANSLATE_NOOP("Explain",
                         "Estimated: a deterministic simulation of vLLM V1's scheduler (decode first, prefill "
                         "chunks filling the token budget, KV blocks, preemption) over %1 requests, each step "
                         "timed by the step-time model with the %2 coefficients; not a measurement."),
        { integer(r.completed), value(r.coefficients.family) });
    if (r.lockStep)
        n = sym("%1 %2",
            { n,
                say(QT_TRANSLATE_NOOP("Explain",
                        "The %1 DP replicas of this MoE model step together (vLLM's DP engine cores): they are "
                        "simulated side by side and each step lasts as long as the slowest replica's."),
                    { integer(r.replicas) }) });
    if (r.stoppedEarly)
        n = sym("%1 %2", { n, say(QT_TRANSLATE_NOOP("Explain", "The simulation stopped early (its limits).")) });
    return n;
}

} // namespace

std::vector<ServingQuantity> servingQuantities()
{
    return { ServingQuantity::Ttft, ServingQuantity::Tpot, ServingQuantity::Itl, ServingQuantity::E2e,
        ServingQuantity::OutputTokensPerSecPerGpu, ServingQuantity::DecodeStep };
}

Explanation explainServing(ServingQuantity q, const ServingResult &r)
{
    Draft d;
    d.note = estimatedNote(r);
    switch (q) {
    case ServingQuantity::Ttft:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "TTFT (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain",
            "per request: first token's time − arrival; queueing + prefill chunks (sharing steps with decodes) + "
            "one step; percentiles over the requests"));
        d.substituted = sym("%1; %2", { stats(r.ttft), stepSum(r) });
        d.result = stats(r.ttft);
        break;
    case ServingQuantity::Tpot:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "TPOT (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain",
            "per request: (E2E − TTFT) / (output tokens − 1); each token waits one engine step, a step = "
            "max(GPU, CPU) with GPU = GEMM + attention + MoE + comm + fixed"));
        d.substituted = sym("%1; %2", { stats(r.tpot), stepSum(r) });
        d.result = stats(r.tpot);
        break;
    case ServingQuantity::Itl:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "ITL (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain",
            "every gap between two output tokens of a request (one engine step each, longer when a prefill chunk "
            "shares the step); percentiles over all gaps"));
        d.substituted = sym("%1; %2", { stats(r.itl), stepSum(r) });
        d.result = stats(r.itl);
        break;
    case ServingQuantity::E2e:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "End-to-end latency (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain",
            "per request: last token's time − arrival = TTFT + "
            "(output tokens − 1) × TPOT; percentiles over the requests"));
        d.substituted = sym("%1 ≈ %2 + (%3 − 1) × %4",
            { seconds(r.e2e.p50), seconds(r.ttft.p50), integer(r.workload.outputLen), seconds(r.tpot.p50) });
        d.result = stats(r.e2e);
        break;
    case ServingQuantity::OutputTokensPerSecPerGpu:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "Output tokens/s per GPU (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain", "requests × output tokens / simulated duration / GPUs"));
        d.substituted = sym("%1 × %2 / %3 / %4 = %5",
            { integer(r.completed), integer(r.workload.outputLen), seconds(r.durationSec), integer(r.gpus),
                num(r.outputTokensPerSecPerGpu, 1) });
        d.result = num(r.outputTokensPerSecPerGpu, 1);
        break;
    case ServingQuantity::DecodeStep:
        d.title = say(QT_TRANSLATE_NOOP("Explain", "Decode step (estimated)"));
        d.formula = say(QT_TRANSLATE_NOOP("Explain",
            "slowest stage's GEMM (bytes / HBM vs FLOPs / peak, times the measured knee at its token count, per-GEMM "
            "floor) + attention (KV bytes read) + "
            "MoE (experts touched, times the measured knee at its tokens per expert) + comm (all-reduce, all-to-all "
            "floors) + fixed (each layer's small kernels: norms, "
            "rotary, cache write, routing, quantize; launches or graph replay; sampler), × pp; max with the CPU "
            "side under async scheduling"));
        d.substituted = stepSum(r);
        d.result = seconds(r.steadyDecodeStep.totalSec);
        break;
    }
    addWorkload(d, r);
    addCoefficients(d, r);
    return finished(d);
}

} // namespace shardscope
