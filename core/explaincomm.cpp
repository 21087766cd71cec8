// "Show your work" for the communication ledger and the time estimate (DESIGN.md sections 4-5):
// the formulas of core/commledger.cpp and core/timemodel.cpp with the plan's values substituted.
#include "core/explain.h"

#include "core/textformat.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

namespace {

std::string num(double v, int decimals = 0)
{
    return formatNumber(v, decimals);
}

std::string bytesText(double b)
{
    std::string s = num(b) + " B";
    if (b >= MiB)
        s += " (" + (std::fmod(b, MiB) == 0 ? num(b / MiB) + " MiB" : formatBytes(b, 2)) + ")";
    return s;
}

std::string seconds(double s)
{
    return formatDuration(s);
}

std::string rate(double bytesPerSec)
{
    return formatRate(bytesPerSec);
}

std::string flopsText(double f)
{
    if (f >= 1e12)
        return num(f / 1e12, 2) + " TFLOP";
    return num(f / 1e9, 1) + " GFLOP";
}

std::string fraction(int num, int den)
{
    return std::to_string(num) + "/" + std::to_string(den);
}

std::string tokensSource(const CommLedger &c)
{
    return c.phase == Phase::Prefill ? "--prompt-len: prompt tokens in a prefill step"
                                     : "--batch: sequences decoding together, one token each";
}

ExplainedInput alphaInput(const Plan &p, const LinkParams &l, const std::string &name)
{
    const bool nic = l.kind == LinkKind::Nic;
    const bool overridden = nic ? p.nicLatencySec >= 0 : p.scaleupLatencySec >= 0;
    const std::string src = overridden ? (nic ? "--nic-latency-us" : "--scaleup-latency-us")
                                       : std::string("GPU preset ") + (nic ? "nic_latency_us" : "scaleup_latency_us")
            + " (NCCL's per-step latency, reference comm.md)";
    return {"α (" + name + ")", seconds(l.latencySec), src};
}

ExplainedInput bandwidthInput(const Plan &p, const LinkParams &l, const std::string &name)
{
    const char *flag = l.kind == LinkKind::Nic ? "--nic-bandwidth" : l.kind == LinkKind::Pcie ? "--pcie-bandwidth" : "--scaleup-bandwidth";
    const double override = l.kind == LinkKind::Nic ? p.nicBytesPerSec : l.kind == LinkKind::Pcie ? p.pcieBytesPerSec : p.scaleupBytesPerSec;
    const std::string src = override > 0 ? std::string(flag)
                                          : "GPU preset: line rate " + rate(l.lineBytesPerSec) + " × efficiency " + num(l.efficiency, 2);
    return {"B (" + name + ")", rate(l.bytesPerSec), src};
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
        s += (i ? " + " : "") + seconds(pt.stages[i].stepSec);
    return s;
}

Explanation tpTime(const Evaluation &e)
{
    const CommLedger &c = e.comm;
    const int t = c.tp.size;
    Explanation x;
    x.title = "TP AllReduce time per step";
    x.formula = "AllReduces × [2(t − 1) · α + 2(t − 1)/t · S / B]  (ring, reference comm.md)";
    if (t <= 1 || c.stages.empty()) {
        x.substituted = "tp = 1: no AllReduce";
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
            + seconds(l.latencySec) + " + 2 × " + fraction(t - 1, t) + " × " + num(c.tp.bytesPerAllreduce) + " B / "
            + rate(l.bytesPerSec) + ") = " + std::to_string(count) + " × " + seconds(one);
        x.inputs.push_back(alphaInput(e.plan, l, linkKindName(st.tpLink)));
        x.inputs.push_back(bandwidthInput(e.plan, l, linkKindName(st.tpLink)));
    }
    x.substituted = terms + " = " + seconds(c.tp.timeSec);
    x.inputs.insert(x.inputs.begin(), {"S", num(c.tp.bytesPerAllreduce) + " B", "n × h × b (bytes per TP AllReduce)"});
    x.inputs.insert(x.inputs.begin(), {"t", std::to_string(t), "plan (--tp)"});
    // The seed's point: with small messages the per-step latency, not the bandwidth, dominates.
    double alphaPart = 0;
    for (const StageComm &st : c.stages)
        alphaPart += 2.0 * st.layers * 2.0 * (t - 1) * c.params[st.tpLink].latencySec;
    if (c.tp.timeSec > 0)
        x.note = "latency share " + num(100 * alphaPart / c.tp.timeSec, 0) + " %: " + seconds(alphaPart) + " of α, "
            + seconds(c.tp.timeSec - alphaPart) + " of bytes; the embedding AllReduce and the LM-head gather are counted apart";
    x.result = seconds(c.tp.timeSec);
    return x;
}

Explanation stageTime(const Evaluation &e, const GpuSpec &gpu, int rank)
{
    const TimeEstimate &t = e.time;
    Explanation x;
    const StageTime *st = slowest(t.decode);
    if (rank >= 0 && rank < static_cast<int>(e.ranks.size())) {
        const int s = e.ranks[static_cast<size_t>(rank)].ppStage;
        if (s < static_cast<int>(t.decode.stages.size()))
            st = &t.decode.stages[static_cast<size_t>(s)];
    }
    if (!st)
        return x;
    x.title = "Decode step of stage " + std::to_string(st->stage);
    x.formula = "max(bytes read / (HBM × efficiency), FLOPs / (peak × efficiency)) + communication";
    x.substituted = "max(" + num(st->bytes()) + " B / (" + rate(t.hbmBytesPerSec) + " × " + num(t.hbmEfficiency, 2) + "), "
        + flopsText(st->flops) + " / (" + num(t.peakFlops / 1e12, 1) + " TFLOPS × " + num(t.computeEfficiency, 2) + ")) + "
        + seconds(st->commSec) + " = max(" + seconds(st->memorySec) + ", " + seconds(st->computeSec) + ") + "
        + seconds(st->commSec) + " = " + seconds(st->stepSec);
    x.inputs.push_back({"bytes read", num(st->bytes()) + " B",
                        "weights " + num(st->weightBytesRead) + " B (MoE: only the experts the batch touches) + KV "
                            + num(st->kvBytes) + " B (" + num(static_cast<double>(e.plan.batch)) + " sequences × "
                            + num(static_cast<double>(t.contextTokens)) + " tokens of context)"});
    x.inputs.push_back({"HBM", rate(t.hbmBytesPerSec), "GPU preset " + gpu.id + " (peak)"});
    x.inputs.push_back({"HBM efficiency", num(t.hbmEfficiency, 2),
                        e.plan.hbmEfficiency >= 0 ? "--hbm-efficiency" : "assumption: aiconfigurator's 0.8 (reference gpus.md)"});
    x.inputs.push_back({"FLOPs", flopsText(st->flops), "2 per parameter per token + attention over the context"});
    x.inputs.push_back({"peak", num(t.peakFlops / 1e12, 1) + " TFLOPS", std::string("GPU preset, dense ") + t.peakFormat});
    x.inputs.push_back({"compute efficiency", num(t.computeEfficiency, 2),
                        e.plan.computeEfficiency >= 0 ? "--compute-efficiency" : "assumption: 0.65 (roofline calibrations of H100 prefill)"});
    x.inputs.push_back({"communication", seconds(st->commSec), "the stage's share of the ledger (no overlap assumed)"});
    x.note = std::string(st->computeBound ? "compute-bound" : "memory-bound") + "; an estimate for comparing plans, not a benchmark";
    x.result = seconds(st->stepSec);
    return x;
}

} // namespace

Explanation explainCommTime(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, int rank)
{
    const Plan &p = e.plan;
    const CommLedger &c = e.comm;
    const TimeEstimate &t = e.time;
    Explanation x;
    if (!e.valid)
        return x;
    const ExplainedInput nIn{"n", num(static_cast<double>(c.tokens)), tokensSource(c)};
    const ExplainedInput hIn{"h", num(m.hidden), "config.json hidden_size"};
    const ExplainedInput bIn{"b", num(c.activationBytes) + " B", "activations travel in BF16 (assumption)"};
    switch (q) {
    case Quantity::TpAllReduceBytes:
        x.title = "Bytes per TP AllReduce";
        x.formula = "S = n × h × b";
        x.substituted = num(static_cast<double>(c.tokens)) + " × " + num(m.hidden) + " × " + num(c.activationBytes) + " B = "
            + bytesText(c.tp.bytesPerAllreduce);
        x.inputs = {nIn, hIn, bIn};
        x.note = p.tp > 1 ? "2 per layer: after the attention out-projection and after the MLP (vLLM's RowParallelLinear)"
                          : "tp = 1: nothing to reduce in this plan";
        x.result = num(c.tp.bytesPerAllreduce) + " B";
        return x;
    case Quantity::TpBytesPerGpu: {
        x.title = "TP bytes sent per GPU per step";
        x.formula = "2 × layers × 2(t − 1)/t × S  (ring AllReduce, the stage with most layers)";
        int layers = 0;
        for (const StageComm &st : c.stages)
            layers = std::max(layers, st.layers);
        if (p.tp <= 1) {
            x.substituted = "tp = 1: nothing sent";
            x.result = "0 B";
            return x;
        }
        x.substituted = std::to_string(2 * layers) + " AllReduces × 2 × " + fraction(p.tp - 1, p.tp) + " × "
            + num(c.tp.bytesPerAllreduce) + " B = " + bytesText(c.tp.bytesSentPerGpuPerStep);
        x.inputs = {{"layers", std::to_string(layers), p.pp > 1 ? "the largest PP stage" : "config.json num_hidden_layers"},
                    {"t", std::to_string(p.tp), "plan (--tp)"},
                    {"S", num(c.tp.bytesPerAllreduce) + " B", "n × h × b"}};
        x.note = "the embedding AllReduce and the LM-head gather are counted apart";
        x.result = bytesText(c.tp.bytesSentPerGpuPerStep);
        return x;
    }
    case Quantity::TpTime:
        return tpTime(e);
    case Quantity::PpSendBytes:
        x.title = "Bytes per PP send";
        x.formula = "2 × n × h × b  (hidden_states and residual)";
        x.substituted = "2 × " + num(static_cast<double>(c.tokens)) + " × " + num(m.hidden) + " × " + num(c.activationBytes) + " B = "
            + bytesText(2.0 * static_cast<double>(c.tokens) * m.hidden * c.activationBytes);
        x.inputs = {nIn, hIn, bIn, {"p", std::to_string(p.pp), "plan (--pp)"}};
        x.note = p.pp > 1 ? std::to_string(p.pp - 1) + (p.pp == 2 ? " send" : " sends") + " per step; vLLM splits each over the "
                + std::to_string(p.tp) + " TP ranks (S/t each) and the next stage all-gathers it"
                          : "pp = 1: no sends in this plan";
        x.result = num(2.0 * static_cast<double>(c.tokens) * m.hidden * c.activationBytes) + " B";
        return x;
    case Quantity::EpBytesPerToken: {
        x.title = "EP bytes per token per MoE layer";
        if (!m.isMoe()) {
            x.substituted = "dense model: no experts, no dispatch";
            x.result = "0 B";
            return x;
        }
        const int k = m.expertsPerToken;
        if (p.fp8Dispatch) {
            x.formula = "k × ((h + 4 × ⌈h/128⌉) + 2h) B  (FP8 dispatch with FP32 scales, BF16 combine)";
            x.substituted = num(k) + " × (" + num(c.ep.dispatchBytesPerToken / k) + " + " + num(c.ep.combineBytesPerToken / k)
                + ") B = " + num(c.ep.bytesPerTokenPerMoeLayer) + " B";
        } else {
            x.formula = "k × h × (b_dispatch + b_combine)";
            x.substituted = num(k) + " × " + num(m.hidden) + " × (2 + 2) B = " + num(c.ep.bytesPerTokenPerMoeLayer) + " B";
        }
        x.inputs = {{"k", num(k), "config.json num_experts_per_tok"}, hIn,
                    {"b_dispatch", p.fp8Dispatch ? "1 B + scales" : "2 B", p.fp8Dispatch ? "--fp8-dispatch" : "BF16 (default)"}};
        switch (c.ep.mode) {
        case EpMode::AllToAll:
            x.note = "all-to-all over " + std::to_string(c.ep.size) + " GPUs: " + num(100 * c.ep.localFraction, 1)
                + " % stays on the sending GPU; the busiest GPU carries ×" + num(c.ep.skewFactor, 2);
            break;
        case EpMode::AllGatherReduceScatter:
            x.note = "EP off with dp = " + std::to_string(p.dp) + ": vLLM all-gathers every DP rank's tokens and reduce-scatters the result";
            break;
        case EpMode::None:
            x.note = "nothing crosses a GPU in this plan: with dp = 1 every TP rank already has the tokens";
            break;
        }
        x.result = num(c.ep.bytesPerTokenPerMoeLayer) + " B";
        return x;
    }
    case Quantity::CommTime: {
        x.title = "Communication per step";
        x.formula = "Σ stages (TP + embedding + LM head + EP + PP send + PP gather)";
        std::string terms;
        if (c.stages.size() == 1) {
            const StageComm &st = c.stages.front();
            const std::pair<const char *, double> parts[] = {
                {"TP", st.tpSec}, {"embedding", st.embeddingSec}, {"LM head", st.lmHeadSec}, {"EP", st.epSec}};
            for (const auto &[name, sec] : parts)
                if (sec > 0)
                    terms += (terms.empty() ? "" : " + ") + std::string(name) + " " + seconds(sec);
        } else {
            for (const StageComm &st : c.stages)
                terms += (terms.empty() ? "" : " + ") + std::string("stage ") + std::to_string(st.stage) + " " + seconds(st.totalSec());
        }
        x.substituted = (terms.empty() ? std::string("nothing to send") : terms) + " = " + seconds(c.totalTimeSec);
        x.inputs = {nIn, {"phase", phaseName(c.phase), "--phase"}};
        x.note = "α-β estimate on the link each group actually uses; no overlap with compute assumed";
        x.result = seconds(c.totalTimeSec);
        return x;
    }
    case Quantity::StageStepTime:
        return stageTime(e, gpu, rank);
    case Quantity::Tpot:
    case Quantity::Ttft: {
        const bool decode = q == Quantity::Tpot;
        const PhaseTime &pt = decode ? t.decode : t.prefill;
        x.title = decode ? "Time per output token (TPOT)" : "Time to first token (TTFT)";
        x.formula = "Σ over stages of each stage's step";
        x.substituted = sumOfStages(pt) + " = " + seconds(pt.latencySec);
        x.inputs = {{decode ? "batch" : "prompt", num(static_cast<double>(pt.tokens)),
                     decode ? "--batch: sequences decoding together" : "--prompt-len: tokens of one prompt"},
                    {"stages", std::to_string(pt.stages.size()), "plan (--pp)"}};
        if (decode)
            x.inputs.push_back({"context", num(static_cast<double>(t.contextTokens)), "--prompt-len: KV each sequence attends over"});
        x.note = p.pp > 1 ? "PP does not shorten a token's path: every token crosses every stage in turn"
                          : "one stage: its step is the whole latency";
        x.result = seconds(pt.latencySec);
        return x;
    }
    case Quantity::Bubble: {
        x.title = "Pipeline bubble";
        x.formula = "(p − 1) / (m + p − 1)  (seed 003)";
        const int mb = t.microbatches;
        x.substituted = "(" + std::to_string(p.pp) + " − 1) / (" + std::to_string(mb) + " + " + std::to_string(p.pp) + " − 1) = "
            + fraction(p.pp - 1, mb + p.pp - 1) + " = " + num(t.bubbleFraction, 3) + " (" + num(100 * t.bubbleFraction, 1) + " %)";
        x.inputs = {{"p", std::to_string(p.pp), "plan (--pp)"}, {"m", std::to_string(mb), "--microbatches: micro-batches in flight"}};
        x.note = p.pp > 1 ? "fill and drain: while the first micro-batch reaches the last stage the others wait; exact for equal "
                            "stages, pessimistic for continuous batching"
                          : "one stage: no pipeline, no bubble";
        x.result = num(100 * t.bubbleFraction, 1) + " %";
        return x;
    }
    case Quantity::TokensPerSecPerGpu: {
        x.title = "Decode throughput per GPU";
        x.formula = "m × n / (TPOT + (m − 1) × slowest stage) / (tp × pp)";
        x.substituted = std::to_string(t.microbatches) + " × " + num(static_cast<double>(t.decode.tokens)) + " / (" + seconds(t.tpotSec)
            + " + " + std::to_string(t.microbatches - 1) + " × " + seconds(t.decodeStepSec) + ") / (" + std::to_string(p.tp) + " × "
            + std::to_string(p.pp) + ") = " + num(t.tokensPerSecPerGpu, 1) + " tokens/s";
        x.inputs = {{"m", std::to_string(t.microbatches), "--microbatches"}, {"n", num(static_cast<double>(t.decode.tokens)), "--batch"}};
        x.note = "DP replicas add GPUs and throughput alike: per GPU it is unchanged";
        x.result = num(t.tokensPerSecPerGpu, 1) + " tokens/s";
        return x;
    }
    default:
        break;
    }
    return x;
}

} // namespace shardscope
