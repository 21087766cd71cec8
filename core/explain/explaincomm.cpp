// "Show your work" for the communication ledger and the time estimate (docs/DESIGN.md §4-5):
// the formulas of core/evaluate/commledger.cpp and core/evaluate/timemodel.cpp with the plan's values substituted.
#include "core/explain/explain.h"

#include "core/explain/explaintext.h"

#include "core/text/textformat.h"
#include "core/text/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

namespace {

using namespace explaintext;

Sentence bytesText(double b)
{
    std::string s = formatNumber(b) + " B";
    if (b >= MiB)
        s += " (" + (std::fmod(b, MiB) == 0 ? formatNumber(b / MiB) + " MiB" : formatBytes(b, 2)) + ")";
    return value(s);
}

Sentence bytesB(double b)
{
    return sym("%1 B", { num(b) });
}

Sentence seconds(double s)
{
    return value(formatDuration(s));
}

Sentence rate(double bytesPerSec)
{
    return value(formatRate(bytesPerSec));
}

Sentence flopsText(double f)
{
    if (f >= 1e12)
        return value(formatNumber(f / 1e12, 2) + " TFLOP");
    return value(formatNumber(f / 1e9, 1) + " GFLOP");
}

Sentence fraction(int num, int den)
{
    return value(std::to_string(num) + "/" + std::to_string(den));
}

Sentence tokensSource(const CommLedger &c)
{
    return c.phase == Phase::Prefill
        ? say(QT_TRANSLATE_NOOP("Explain", "--prompt-len: prompt tokens in a prefill step"))
        : say(QT_TRANSLATE_NOOP("Explain", "--batch: sequences decoding together, one token each"));
}

Sentence planFlag(const char *flag)
{
    return say(QT_TRANSLATE_NOOP("Explain", "plan (%1)"), { value(flag) });
}

Input alphaInput(const Plan &p, const LinkParams &l, const std::string &name)
{
    const bool nic = l.kind == LinkKind::Nic;
    const bool overridden = nic ? p.nicLatencySec >= 0 : p.scaleupLatencySec >= 0;
    const Sentence src = overridden
        ? sym(nic ? "--nic-latency-us" : "--scaleup-latency-us")
        : say(QT_TRANSLATE_NOOP("Explain", "GPU preset %1 (NCCL's per-step latency, reference comm.md)"),
            { value(nic ? "nic_latency_us" : "scaleup_latency_us") });
    return { sym("α (%1)", { value(name) }), seconds(l.latencySec), src };
}

Input bandwidthInput(const Plan &p, const LinkParams &l, const std::string &name)
{
    const char *flag = l.kind == LinkKind::Nic ? "--nic-bandwidth"
        : l.kind == LinkKind::Pcie             ? "--pcie-bandwidth"
                                               : "--scaleup-bandwidth";
    const double override = l.kind == LinkKind::Nic ? p.nicBytesPerSec
        : l.kind == LinkKind::Pcie                  ? p.pcieBytesPerSec
                                                    : p.scaleupBytesPerSec;
    const Sentence src = override > 0 ? sym(flag)
                                      : say(QT_TRANSLATE_NOOP("Explain", "GPU preset: line rate %1 × efficiency %2"),
                                          { rate(l.lineBytesPerSec), num(l.efficiency, 2) });
    return { sym("B (%1)", { value(name) }), rate(l.bytesPerSec), src };
}

const StageTime *slowest(const PhaseTime &pt)
{
    const StageTime *out = nullptr;
    for (const StageTime &s : pt.stages)
        if (!out || s.stepSec > out->stepSec)
            out = &s;
    return out;
}

std::string sumOfStages(const PhaseTime &pt)
{
    std::string s;
    for (size_t i = 0; i < pt.stages.size(); ++i)
        s += (i ? " + " : "") + formatDuration(pt.stages[i].stepSec);
    return s;
}

Draft tpTime(const Evaluation &e)
{
    const CommLedger &c = e.comm;
    const int t = c.tp.size;
    Draft x;
    x.title = say(QT_TRANSLATE_NOOP("Explain", "TP AllReduce time per step"));
    x.formula = say(
        QT_TRANSLATE_NOOP("Explain", "AllReduces × [2(t − 1) · α + 2(t − 1)/t · S / B]  (ring, reference comm.md)"));
    if (t <= 1 || c.stages.empty()) {
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "tp = 1: no AllReduce"));
        x.result = seconds(0);
        return x;
    }
    // One term per link the stages use (usually one).
    std::string terms;
    std::vector<LinkKind> seen;
    for (const StageComm &st : c.stages) {
        if (std::find(seen.begin(), seen.end(), st.tpLink) != seen.end())
            continue;
        seen.push_back(st.tpLink);
        int count = 0;
        for (const StageComm &o : c.stages)
            if (o.tpLink == st.tpLink)
                count += 2 * o.layers;
        const LinkParams &l = c.params[st.tpLink];
        const double one = ringAllReduceSec(t, c.tp.bytesPerAllreduce, l);
        terms += (terms.empty() ? "" : " + ") + std::to_string(count) + " × (2 × " + std::to_string(t - 1) + " × "
            + formatDuration(l.latencySec) + " + 2 × " + fraction(t - 1, t).text() + " × "
            + formatNumber(c.tp.bytesPerAllreduce) + " B / " + formatRate(l.bytesPerSec)
            + ") = " + std::to_string(count) + " × " + formatDuration(one);
        x.inputs.push_back(alphaInput(e.plan, l, linkKindName(st.tpLink)));
        x.inputs.push_back(bandwidthInput(e.plan, l, linkKindName(st.tpLink)));
    }
    x.substituted = sym("%1 = %2", { value(terms), seconds(c.tp.timeSec) });
    x.inputs.insert(x.inputs.begin(),
        { sym("S"), bytesB(c.tp.bytesPerAllreduce),
            say(QT_TRANSLATE_NOOP("Explain", "n × h × b (bytes per TP AllReduce)")) });
    x.inputs.insert(x.inputs.begin(), { sym("t"), integer(t), planFlag("--tp") });
    // The course's point: with small messages the per-step latency, not the bandwidth, dominates.
    double alphaPart = 0;
    for (const StageComm &st : c.stages)
        alphaPart += 2.0 * st.layers * 2.0 * (t - 1) * c.params[st.tpLink].latencySec;
    if (c.tp.timeSec > 0)
        x.note = say(QT_TRANSLATE_NOOP("Explain",
                         "latency share %1 %: %2 of α, %3 of bytes; the embedding AllReduce and the LM-head gather "
                         "are counted apart"),
            { num(100 * alphaPart / c.tp.timeSec, 0), seconds(alphaPart), seconds(c.tp.timeSec - alphaPart) });
    x.result = seconds(c.tp.timeSec);
    return x;
}

Draft stageTime(const Evaluation &e, const GpuSpec &gpu, int rank)
{
    const TimeEstimate &t = e.time;
    Draft x;
    const StageTime *st = slowest(t.decode);
    if (rank >= 0 && rank < static_cast<int>(e.ranks.size())) {
        const int s = e.ranks[static_cast<size_t>(rank)].ppStage;
        if (s < static_cast<int>(t.decode.stages.size()))
            st = &t.decode.stages[static_cast<size_t>(s)];
    }
    if (!st)
        return x;
    x.title = say(QT_TRANSLATE_NOOP("Explain", "Decode step of stage %1"), { integer(st->stage) });
    x.formula = say(QT_TRANSLATE_NOOP(
        "Explain", "max(bytes read / (HBM × efficiency), FLOPs / (peak × efficiency)) + communication"));
    const Sentence roofline = sym("max(%1 B / (%2 × %3), %4 / (%5 TFLOPS × %6)) + %7",
        { num(st->bytes()), rate(t.hbmBytesPerSec), num(t.hbmEfficiency, 2), flopsText(st->flops),
            num(t.peakFlops / 1e12, 1), num(t.computeEfficiency, 2), seconds(st->commSec) });
    x.substituted = sym("%1 = max(%2, %3) + %4 = %5",
        { roofline, seconds(st->memorySec), seconds(st->computeSec), seconds(st->commSec), seconds(st->stepSec) });
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "bytes read")), bytesB(st->bytes()),
        say(QT_TRANSLATE_NOOP("Explain",
                "weights %1 B (MoE: only the experts the batch touches) + KV %2 B (%3 sequences × %4 "
                "tokens of context)"),
            { num(st->weightBytesRead), num(st->kvBytes), num(static_cast<double>(e.plan.batch)),
                num(static_cast<double>(t.contextTokens)) }) });
    x.inputs.push_back({ sym("HBM"), rate(t.hbmBytesPerSec),
        say(QT_TRANSLATE_NOOP("Explain", "GPU preset %1 (peak)"), { value(gpu.id) }) });
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "HBM efficiency")), num(t.hbmEfficiency, 2),
        e.plan.hbmEfficiency >= 0
            ? sym("--hbm-efficiency")
            : say(QT_TRANSLATE_NOOP("Explain", "assumption: aiconfigurator's 0.8 (reference gpus.md)")) });
    x.inputs.push_back({ sym("FLOPs"), flopsText(st->flops),
        say(QT_TRANSLATE_NOOP("Explain", "2 per parameter per token + attention over the context")) });
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "peak")), sym("%1 TFLOPS", { num(t.peakFlops / 1e12, 1) }),
        say(QT_TRANSLATE_NOOP("Explain", "GPU preset, dense %1"), { value(t.peakFormat) }) });
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "compute efficiency")), num(t.computeEfficiency, 2),
        e.plan.computeEfficiency >= 0
            ? sym("--compute-efficiency")
            : say(QT_TRANSLATE_NOOP("Explain", "assumption: 0.65 (roofline calibrations of H100 prefill)")) });
    x.inputs.push_back({ say(QT_TRANSLATE_NOOP("Explain", "communication")), seconds(st->commSec),
        say(QT_TRANSLATE_NOOP("Explain", "the stage's share of the ledger (no overlap assumed)")) });
    x.note = st->computeBound
        ? say(QT_TRANSLATE_NOOP("Explain", "compute-bound; an estimate for comparing plans, not a benchmark"))
        : say(QT_TRANSLATE_NOOP("Explain", "memory-bound; an estimate for comparing plans, not a benchmark"));
    x.result = seconds(st->stepSec);
    return x;
}

Draft draft(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, int rank)
{
    const Plan &p = e.plan;
    const CommLedger &c = e.comm;
    const TimeEstimate &t = e.time;
    Draft x;
    if (!e.valid)
        return x;
    const Input nIn { sym("n"), num(static_cast<double>(c.tokens)), tokensSource(c) };
    const Input hIn { sym("h"), num(m.hidden), sym("config.json hidden_size") };
    const Input bIn { sym("b"), bytesB(c.activationBytes),
        say(QT_TRANSLATE_NOOP("Explain", "activations travel in BF16 (assumption)")) };
    switch (q) {
    case Quantity::TpAllReduceBytes:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Bytes per TP AllReduce"));
        x.formula = sym("S = n × h × b");
        x.substituted = sym("%1 × %2 × %3 B = %4",
            { num(static_cast<double>(c.tokens)), num(m.hidden), num(c.activationBytes),
                bytesText(c.tp.bytesPerAllreduce) });
        x.inputs = { nIn, hIn, bIn };
        x.note = p.tp > 1 ? say(QT_TRANSLATE_NOOP("Explain",
                     "2 per layer: after the attention out-projection and after the MLP (vLLM's "
                     "RowParallelLinear)"))
                          : say(QT_TRANSLATE_NOOP("Explain", "tp = 1: nothing to reduce in this plan"));
        x.result = bytesB(c.tp.bytesPerAllreduce);
        return x;
    case Quantity::TpBytesPerGpu: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "TP bytes sent per GPU per step"));
        x.formula = say(
            QT_TRANSLATE_NOOP("Explain", "2 × layers × 2(t − 1)/t × S  (ring AllReduce, the stage with most layers)"));
        int layers = 0;
        for (const StageComm &st : c.stages)
            layers = std::max(layers, st.layers);
        if (p.tp <= 1) {
            x.substituted = say(QT_TRANSLATE_NOOP("Explain", "tp = 1: nothing sent"));
            x.result = value("0 B");
            return x;
        }
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 AllReduces × 2 × %2 × %3 B = %4"),
            { integer(2LL * layers), fraction(p.tp - 1, p.tp), num(c.tp.bytesPerAllreduce),
                bytesText(c.tp.bytesSentPerGpuPerStep) });
        x.inputs = { { say(QT_TRANSLATE_NOOP("Explain", "layers")), integer(layers),
                         p.pp > 1 ? say(QT_TRANSLATE_NOOP("Explain", "the largest PP stage"))
                                  : sym("config.json num_hidden_layers") },
            { sym("t"), integer(p.tp), planFlag("--tp") },
            { sym("S"), bytesB(c.tp.bytesPerAllreduce), sym("n × h × b") } };
        x.note = say(QT_TRANSLATE_NOOP("Explain", "the embedding AllReduce and the LM-head gather are counted apart"));
        x.result = bytesText(c.tp.bytesSentPerGpuPerStep);
        return x;
    }
    case Quantity::TpTime:
        return tpTime(e);
    case Quantity::PpSendBytes:
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Bytes per PP send"));
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "2 × n × h × b  (hidden_states and residual)"));
        x.substituted = sym("2 × %1 × %2 × %3 B = %4",
            { num(static_cast<double>(c.tokens)), num(m.hidden), num(c.activationBytes),
                bytesText(2.0 * static_cast<double>(c.tokens) * m.hidden * c.activationBytes) });
        x.inputs = { nIn, hIn, bIn, { sym("p"), integer(p.pp), planFlag("--pp") } };
        x.note = p.pp > 1 ? say(p.pp == 2 ? QT_TRANSLATE_NOOP("Explain",
                                    "%1 send per step; vLLM splits each over the %2 TP ranks (S/t each) "
                                    "and the next stage all-gathers it")
                                          : QT_TRANSLATE_NOOP("Explain",
                                              "%1 sends per step; vLLM splits each over the %2 TP ranks (S/t each) "
                                              "and the next stage all-gathers it"),
                     { integer(p.pp - 1), integer(p.tp) })
                          : say(QT_TRANSLATE_NOOP("Explain", "pp = 1: no sends in this plan"));
        x.result = bytesB(2.0 * static_cast<double>(c.tokens) * m.hidden * c.activationBytes);
        return x;
    case Quantity::EpBytesPerToken: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "EP bytes per token per MoE layer"));
        if (!m.isMoe()) {
            x.substituted = say(QT_TRANSLATE_NOOP("Explain", "dense model: no experts, no dispatch"));
            x.result = value("0 B");
            return x;
        }
        const int k = m.expertsPerToken;
        if (p.fp8Dispatch) {
            x.formula = say(QT_TRANSLATE_NOOP(
                "Explain", "k × ((h + 4 × ⌈h/128⌉) + 2h) B  (FP8 dispatch with FP32 scales, BF16 combine)"));
            x.substituted = sym("%1 × (%2 + %3) B = %4 B",
                { num(k), num(c.ep.dispatchBytesPerToken / k), num(c.ep.combineBytesPerToken / k),
                    num(c.ep.bytesPerTokenPerMoeLayer) });
        } else {
            x.formula = sym("k × h × (b_dispatch + b_combine)");
            x.substituted = sym("%1 × %2 × (2 + 2) B = %3 B",
                { num(k), num(m.moeLatent > 0 ? m.moeLatent : m.hidden), num(c.ep.bytesPerTokenPerMoeLayer) });
        }
        // A LatentMoE's experts, and so its dispatch and combine, work in moe_latent_size (commledger.cpp).
        const Input routedIn = m.moeLatent > 0
            ? Input { sym("h"), num(m.moeLatent), sym("config.json moe_latent_size (LatentMoE)") }
            : hIn;
        x.inputs = { { sym("k"), num(k), sym("config.json num_experts_per_tok") }, routedIn,
            { sym("b_dispatch"), p.fp8Dispatch ? say(QT_TRANSLATE_NOOP("Explain", "1 B + scales")) : value("2 B"),
                p.fp8Dispatch ? sym("--fp8-dispatch") : say(QT_TRANSLATE_NOOP("Explain", "BF16 (default)")) } };
        switch (c.ep.mode) {
        case EpMode::AllToAll:
            x.note = say(QT_TRANSLATE_NOOP("Explain",
                             "all-to-all over %1 GPUs: %2 % stays on the sending GPU; the busiest GPU carries ×%3"),
                { integer(c.ep.size), num(100 * c.ep.localFraction, 1), num(c.ep.skewFactor, 2) });
            break;
        case EpMode::AllGatherReduceScatter:
            x.note = say(
                QT_TRANSLATE_NOOP("Explain",
                    "EP off with dp = %1: vLLM all-gathers every DP rank's tokens and reduce-scatters the result"),
                { integer(p.dp) });
            break;
        case EpMode::None:
            x.note = say(QT_TRANSLATE_NOOP(
                "Explain", "nothing crosses a GPU in this plan: with dp = 1 every TP rank already has the tokens"));
            break;
        }
        x.result = bytesB(c.ep.bytesPerTokenPerMoeLayer);
        return x;
    }
    case Quantity::CommTime: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Communication per step"));
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "Σ stages (TP + embedding + LM head + EP + PP send + PP gather)"));
        std::vector<Sentence> terms;
        if (c.stages.size() == 1) {
            const StageComm &st = c.stages.front();
            const std::pair<const char *, double> parts[] = { { QT_TRANSLATE_NOOP("Explain", "TP %1"), st.tpSec },
                { QT_TRANSLATE_NOOP("Explain", "embedding %1"), st.embeddingSec },
                { QT_TRANSLATE_NOOP("Explain", "LM head %1"), st.lmHeadSec },
                { QT_TRANSLATE_NOOP("Explain", "EP %1"), st.epSec } };
            for (const auto &[templ, sec] : parts)
                if (sec > 0)
                    terms.push_back(say(templ, { seconds(sec) }));
        } else {
            for (const StageComm &st : c.stages)
                terms.push_back(
                    say(QT_TRANSLATE_NOOP("Explain", "stage %1 %2"), { integer(st.stage), seconds(st.totalSec()) }));
        }
        Sentence sum = terms.empty() ? say(QT_TRANSLATE_NOOP("Explain", "nothing to send")) : terms.front();
        for (size_t i = 1; i < terms.size(); ++i)
            sum = sym("%1 + %2", { sum, terms[i] });
        x.substituted = sym("%1 = %2", { sum, seconds(c.totalTimeSec) });
        x.inputs = { nIn, { say(QT_TRANSLATE_NOOP("Explain", "phase")), value(phaseName(c.phase)), sym("--phase") } };
        x.note = say(QT_TRANSLATE_NOOP(
            "Explain", "α-β estimate on the link each group actually uses; no overlap with compute assumed"));
        x.result = seconds(c.totalTimeSec);
        return x;
    }
    case Quantity::StageStepTime:
        return stageTime(e, gpu, rank);
    case Quantity::Tpot:
    case Quantity::Ttft: {
        const bool decode = q == Quantity::Tpot;
        const PhaseTime &pt = decode ? t.decode : t.prefill;
        x.title = decode ? say(QT_TRANSLATE_NOOP("Explain", "Time per output token (TPOT)"))
                         : say(QT_TRANSLATE_NOOP("Explain", "Time to first token (TTFT)"));
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "Σ over stages of each stage's step"));
        x.substituted = sym("%1 = %2", { value(sumOfStages(pt)), seconds(pt.latencySec) });
        x.inputs
            = { { decode ? say(QT_TRANSLATE_NOOP("Explain", "batch")) : say(QT_TRANSLATE_NOOP("Explain", "prompt")),
                    num(static_cast<double>(pt.tokens)),
                    decode ? say(QT_TRANSLATE_NOOP("Explain", "--batch: sequences decoding together"))
                           : say(QT_TRANSLATE_NOOP("Explain", "--prompt-len: tokens of one prompt")) },
                  { say(QT_TRANSLATE_NOOP("Explain", "stages")), integer(static_cast<long long>(pt.stages.size())),
                      planFlag("--pp") } };
        if (decode)
            x.inputs.push_back(
                { say(QT_TRANSLATE_NOOP("Explain", "context")), num(static_cast<double>(t.contextTokens)),
                    say(QT_TRANSLATE_NOOP("Explain", "--prompt-len: KV each sequence attends over")) });
        x.note = p.pp > 1 ? say(QT_TRANSLATE_NOOP(
                     "Explain", "PP does not shorten a token's path: every token crosses every stage in turn"))
                          : say(QT_TRANSLATE_NOOP("Explain", "one stage: its step is the whole latency"));
        x.result = seconds(pt.latencySec);
        return x;
    }
    case Quantity::Bubble: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Pipeline bubble"));
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "(p − 1) / (m + p − 1)  (seed 003)"));
        const int mb = t.microbatches;
        x.substituted = sym("(%1 − 1) / (%2 + %1 − 1) = %3 = %4 (%5 %)",
            { integer(p.pp), integer(mb), fraction(p.pp - 1, mb + p.pp - 1), num(t.bubbleFraction, 3),
                num(100 * t.bubbleFraction, 1) });
        x.inputs = { { sym("p"), integer(p.pp), planFlag("--pp") },
            { sym("m"), integer(mb), say(QT_TRANSLATE_NOOP("Explain", "--microbatches: micro-batches in flight")) } };
        x.note = p.pp > 1 ? say(QT_TRANSLATE_NOOP("Explain",
                     "fill and drain: while the first micro-batch reaches the last stage the others "
                     "wait; exact for equal stages, pessimistic for continuous batching"))
                          : say(QT_TRANSLATE_NOOP("Explain", "one stage: no pipeline, no bubble"));
        x.result = sym("%1 %", { num(100 * t.bubbleFraction, 1) });
        return x;
    }
    case Quantity::TokensPerSecPerGpu: {
        x.title = say(QT_TRANSLATE_NOOP("Explain", "Decode throughput per GPU"));
        x.formula = say(QT_TRANSLATE_NOOP("Explain", "m × n / (TPOT + (m − 1) × slowest stage) / (tp × pp)"));
        x.substituted = say(QT_TRANSLATE_NOOP("Explain", "%1 × %2 / (%3 + %4 × %5) / (%6 × %7) = %8 tokens/s"),
            { integer(t.microbatches), num(static_cast<double>(t.decode.tokens)), seconds(t.tpotSec),
                integer(t.microbatches - 1), seconds(t.decodeStepSec), integer(p.tp), integer(p.pp),
                num(t.tokensPerSecPerGpu, 1) });
        x.inputs = { { sym("m"), integer(t.microbatches), sym("--microbatches") },
            { sym("n"), num(static_cast<double>(t.decode.tokens)), sym("--batch") } };
        x.note
            = say(QT_TRANSLATE_NOOP("Explain", "DP replicas add GPUs and throughput alike: per GPU it is unchanged"));
        x.result = say(QT_TRANSLATE_NOOP("Explain", "%1 tokens/s"), { num(t.tokensPerSecPerGpu, 1) });
        return x;
    }
    default:
        break;
    }
    return x;
}

} // namespace

Explanation explainCommTime(Quantity q, const EvaluatedPlan &p, int rank)
{
    return finished(draft(q, p.evaluation, p.model, p.gpu, rank));
}

} // namespace shardscope
