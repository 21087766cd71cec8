#include "core/compare.h"

#include "core/kvcache.h"
#include "core/textformat.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace shardscope {

bool DeltaRow::changed() const
{
    const double scale = std::max(std::fabs(a), std::fabs(b));
    return std::fabs(b - a) > 1e-9 * std::max(scale, 1e-12);
}

bool DeltaRow::improved() const
{
    if (!changed() || better == Better::Neither)
        return false;
    return better == Better::Higher ? b > a : b < a;
}

const DeltaRow *Comparison::row(const std::string &key) const
{
    for (const DeltaRow &r : rows)
        if (r.key == key)
            return &r;
    return nullptr;
}

std::string formatDeltaValue(DeltaUnit unit, double v)
{
    switch (unit) {
    case DeltaUnit::Count: return formatNumber(v);
    case DeltaUnit::Bytes: return std::fabs(v) < KiB ? formatNumber(v) + " B" : formatBytes(v, std::fabs(v) >= GiB ? 1 : 2);
    case DeltaUnit::Tokens: return formatNumber(v) + " tokens";
    case DeltaUnit::Requests: return formatNumber(v) + " requests";
    case DeltaUnit::Seconds: return formatDuration(v);
    case DeltaUnit::Fraction: return formatNumber(100 * v, 1) + " %";
    case DeltaUnit::TokensPerSec: return formatNumber(v, 1) + " tokens/s";
    }
    return formatNumber(v);
}

std::string formatDeltaChange(const DeltaRow &r)
{
    if (!r.changed())
        return "unchanged";
    if (r.unit == DeltaUnit::Fraction)
        return (r.delta() > 0 ? "+" : "−") + formatNumber(100 * std::fabs(r.delta()), 1) + " points";
    if (r.a == 0)
        return "new";
    return "×" + formatNumber(r.ratio(), r.ratio() >= 10 ? 1 : 2);
}

namespace {

std::string arrow(const std::string &a, const std::string &b)
{
    return a + " → " + b;
}

std::string arrow(double a, double b)
{
    return arrow(formatNumber(a), formatNumber(b));
}

std::string ratioText(double r)
{
    return "×" + formatNumber(r, r >= 10 ? 1 : 2);
}

// "halve", "double", or "×0.33"
std::string scaleWord(double r)
{
    if (std::fabs(r - 0.5) < 1e-9)
        return "halve";
    if (std::fabs(r - 2) < 1e-9)
        return "double";
    if (std::fabs(r - 0.25) < 1e-9)
        return "drop to a quarter";
    return "change " + ratioText(r);
}

std::string fraction(int n, int d)
{
    return std::to_string(n) + "/" + std::to_string(d);
}

// Layers the KV figure of a plan is counted over: textbook L / pp, vLLM the binding rank's stage.
double kvLayers(const Evaluation &e, const ModelSpec &m)
{
    if (e.plan.accounting == Accounting::Textbook || e.ranks.empty())
        return static_cast<double>(m.layers) / std::max(1, e.plan.pp);
    const RankPlacement &r = e.ranks[static_cast<size_t>(e.kv.bindingRank)];
    return r.lastLayer - r.firstLayer + 1;
}

// "16 whole experts", "256 experts each split 16 ways"
std::string held(double experts, int ways)
{
    return formatNumberAuto(experts, 1) + (ways == 1 ? " whole experts" : " experts each split " + std::to_string(ways) + " ways");
}

std::string layersText(double l)
{
    return formatNumberAuto(l, 2);
}

double rooflineSum(const PhaseTime &pt)
{
    double s = 0;
    for (const StageTime &st : pt.stages)
        s += std::max(st.memorySec, st.computeSec);
    return s;
}

struct Sides
{
    const Evaluation &a;
    const ModelSpec &ma;
    const GpuSpec &ga;
    const Evaluation &b;
    const ModelSpec &mb;
    const GpuSpec &gb;
};

std::vector<std::string> inputChanges(const Sides &s)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    std::vector<std::string> out;
    if (s.ma.id != s.mb.id || s.ma.name != s.mb.name)
        out.push_back("model " + arrow(s.ma.name, s.mb.name));
    if (s.ga.id != s.gb.id || s.ga.name != s.gb.name)
        out.push_back("GPU " + arrow(s.ga.name, s.gb.name));
    const std::pair<const char *, std::pair<double, double>> ints[] = {
        {"TP", {pa.tp, pb.tp}},
        {"PP", {pa.pp, pb.pp}},
        {"DP", {pa.dp, pb.dp}},
        {"EP", {pa.ep, pb.ep}},
        {"GPUs per node", {pa.gpusPerNode, pb.gpusPerNode}},
        {"max_model_len", {static_cast<double>(pa.maxModelLen), static_cast<double>(pb.maxModelLen)}},
        {"max_num_seqs", {static_cast<double>(pa.maxNumSeqs), static_cast<double>(pb.maxNumSeqs)}},
        {"batch", {static_cast<double>(pa.batch), static_cast<double>(pb.batch)}},
        {"prompt length", {static_cast<double>(pa.promptLen), static_cast<double>(pb.promptLen)}},
        {"micro-batches", {pa.microbatches, pb.microbatches}},
        {"block size", {pa.blockSize, pb.blockSize}},
        {"redundant experts", {pa.redundantExperts, pb.redundantExperts}},
    };
    for (const auto &[name, v] : ints)
        if (v.first != v.second)
            out.push_back(std::string(name) + " " + arrow(v.first, v.second));
    if (pa.gpuMemoryUtilization != pb.gpuMemoryUtilization)
        out.push_back("gpu_memory_utilization " + arrow(formatNumberAuto(pa.gpuMemoryUtilization, 2), formatNumberAuto(pb.gpuMemoryUtilization, 2)));
    if (pa.kvCacheDtype != pb.kvCacheDtype)
        out.push_back(std::string("KV cache dtype ") + arrow(kvDtypeName(pa.kvCacheDtype), kvDtypeName(pb.kvCacheDtype)));
    if (s.a.weightFormat != s.b.weightFormat)
        out.push_back(std::string("weights ") + arrow(weightFormatName(s.a.weightFormat), weightFormatName(s.b.weightFormat)));
    if (pa.accounting != pb.accounting)
        out.push_back(std::string("accounting ") + arrow(accountingName(pa.accounting), accountingName(pb.accounting)));
    if (pa.phase != pb.phase)
        out.push_back(std::string("phase ") + arrow(phaseName(pa.phase), phaseName(pb.phase)));
    if (pa.expertPlacement != pb.expertPlacement)
        out.push_back(std::string("expert placement ") + arrow(expertPlacementName(pa.expertPlacement), expertPlacementName(pb.expertPlacement)));
    if (pa.ppPartition != pb.ppPartition)
        out.push_back("custom PP partition");
    if (pa.fp8Dispatch != pb.fp8Dispatch)
        out.push_back(pb.fp8Dispatch ? "FP8 dispatch on" : "FP8 dispatch off");
    if (pa.routingSkew != pb.routingSkew)
        out.push_back("routing skew " + arrow(formatNumberAuto(pa.routingSkew, 2), formatNumberAuto(pb.routingSkew, 2)));
    if (pa.enforceEager != pb.enforceEager)
        out.push_back(pb.enforceEager ? "enforce eager on" : "enforce eager off");
    return out;
}

std::vector<DeltaRow> deltaRows(const Sides &s)
{
    const Evaluation &a = s.a, &b = s.b;
    auto row = [](const char *key, const char *label, DeltaUnit unit, Better better, double va, double vb) {
        DeltaRow r;
        r.key = key;
        r.label = label;
        r.unit = unit;
        r.better = better;
        r.a = va;
        r.b = vb;
        return r;
    };
    const bool va = a.valid, vb = b.valid;
    auto v = [](bool ok, double x) { return ok ? x : 0.0; };
    return {
        row("gpus", "GPUs", DeltaUnit::Count, Better::Neither, a.worldSize, b.worldSize),
        row("nodes", "Nodes", DeltaUnit::Count, Better::Neither, a.nodes, b.nodes),
        row("weights_bytes_per_gpu", "Weights per GPU (heaviest)", DeltaUnit::Bytes, Better::Lower, v(va, a.maxWeightsBytesPerGpu),
            v(vb, b.maxWeightsBytesPerGpu)),
        row("kv_budget_bytes_per_gpu", "KV budget per GPU", DeltaUnit::Bytes, Better::Higher, v(va, a.kvBudgetBytesPerGpu),
            v(vb, b.kvBudgetBytesPerGpu)),
        row("kv_bytes_per_token_per_gpu", "KV bytes per token per GPU", DeltaUnit::Bytes, Better::Lower,
            v(va, a.kv.bytesPerTokenPerGpu), v(vb, b.kv.bytesPerTokenPerGpu)),
        row("capacity_tokens", "KV capacity (one replica)", DeltaUnit::Tokens, Better::Higher,
            v(va, static_cast<double>(a.kv.capacityTokens)), v(vb, static_cast<double>(b.kv.capacityTokens))),
        row("max_concurrency", "Concurrent requests (one replica)", DeltaUnit::Requests, Better::Higher,
            v(va, static_cast<double>(a.kv.maxConcurrency)), v(vb, static_cast<double>(b.kv.maxConcurrency))),
        row("cluster_max_concurrency", "Concurrent requests (cluster)", DeltaUnit::Requests, Better::Higher,
            v(va, static_cast<double>(a.kv.clusterMaxConcurrency)), v(vb, static_cast<double>(b.kv.clusterMaxConcurrency))),
        row("tp_bytes_sent_per_gpu_per_step", "TP bytes sent per GPU per step", DeltaUnit::Bytes, Better::Lower,
            v(va, a.comm.tp.bytesSentPerGpuPerStep), v(vb, b.comm.tp.bytesSentPerGpuPerStep)),
        row("comm_time_s", "Communication per step", DeltaUnit::Seconds, Better::Lower, v(va, a.comm.totalTimeSec),
            v(vb, b.comm.totalTimeSec)),
        row("tpot_s", "TPOT (estimate)", DeltaUnit::Seconds, Better::Lower, v(va, a.time.tpotSec), v(vb, b.time.tpotSec)),
        row("ttft_s", "TTFT (estimate)", DeltaUnit::Seconds, Better::Lower, v(va, a.time.ttftSec), v(vb, b.time.ttftSec)),
        row("tokens_per_s_per_gpu", "Decode tokens/s per GPU", DeltaUnit::TokensPerSec, Better::Higher, v(va, a.time.tokensPerSecPerGpu),
            v(vb, b.time.tokensPerSecPerGpu)),
        row("bubble_fraction", "Pipeline bubble", DeltaUnit::Fraction, Better::Lower, v(va, a.time.bubbleFraction),
            v(vb, b.time.bubbleFraction)),
    };
}

// KV bytes per token per GPU: 2 × L × max(1, n_kv / tp) × d × s (GQA) or L × (r + rope) × s (MLA).
void explainKv(const Sides &s, std::vector<std::string> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const ModelSpec &m = s.ma;
    const double la = kvLayers(s.a, m), lb = kvLayers(s.b, m);
    const bool dtypeSame = pa.kvCacheDtype == pb.kvCacheDtype;
    const bool othersSame = la == lb && dtypeSame;
    const std::string tpArrow = "TP " + arrow(pa.tp, pb.tp);
    if (pa.tp != pb.tp) {
        if (m.isMla()) {
            out.push_back(tpArrow + (othersSame ? ": KV per GPU unchanged because" : " does not split the KV cache:")
                          + " MLA keeps one latent KV vector per token and layer, and every TP rank holds all of it");
        } else {
            const int nkv = m.kvHeads;
            const int ha = std::max(1, nkv / pa.tp), hb = std::max(1, nkv / pb.tp);
            if (ha == hb) {
                std::string why;
                if (pa.tp <= nkv && pb.tp > nkv)
                    why = "because " + std::to_string(nkv) + " KV heads are now replicated";
                else if (pa.tp > nkv && pb.tp <= nkv)
                    why = "because each GPU still holds 1 of the " + std::to_string(nkv) + " KV heads (no longer replicated)";
                else
                    why = "because the " + std::to_string(nkv) + " KV heads were already replicated (1 per GPU)";
                out.push_back(tpArrow + (othersSame ? ": KV per GPU unchanged " : " does not shrink KV per GPU ") + why);
            } else {
                std::string sentence = tpArrow + ": KV heads per GPU " + arrow(ha, hb) + ", so KV bytes per token per GPU "
                    + scaleWord(static_cast<double>(hb) / ha);
                if (pb.tp > nkv)
                    sentence += " (" + std::to_string(nkv) + " KV heads, now replicated " + std::to_string(pb.tp / nkv) + " ways)";
                out.push_back(sentence);
            }
        }
    }
    if (la != lb)
        out.push_back("PP " + arrow(pa.pp, pb.pp) + ": the binding GPU holds " + layersText(lb) + " instead of " + layersText(la)
                      + " layers, so KV bytes per token per GPU " + scaleWord(lb / la));
    if (!dtypeSame) {
        const double ea = kvElementBytes(pa.kvCacheDtype), eb = kvElementBytes(pb.kvCacheDtype);
        out.push_back(std::string("KV cache dtype ") + arrow(kvDtypeName(pa.kvCacheDtype), kvDtypeName(pb.kvCacheDtype)) + ": "
                      + formatNumber(ea) + " → " + formatNumber(eb) + " B per element, so KV bytes per token " + scaleWord(eb / ea));
    }
}

void explainWeights(const Sides &s, std::vector<std::string> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const double wa = s.a.maxWeightsBytesPerGpu, wb = s.b.maxWeightsBytesPerGpu;
    std::vector<std::string> why;
    if (pa.tp != pb.tp)
        why.push_back("1/" + std::to_string(pb.tp) + " instead of 1/" + std::to_string(pa.tp) + " of every layer (TP)");
    if (pa.pp != pb.pp || s.a.stageLayers != s.b.stageLayers) {
        const int ma = s.a.stageLayers.empty() ? 0 : *std::max_element(s.a.stageLayers.begin(), s.a.stageLayers.end());
        const int mb = s.b.stageLayers.empty() ? 0 : *std::max_element(s.b.stageLayers.begin(), s.b.stageLayers.end());
        if (ma != mb)
            why.push_back("at most " + std::to_string(mb) + " instead of " + std::to_string(ma) + " layers (PP)");
    }
    if (s.ma.isMoe() && (pa.ep != pb.ep || s.a.moeTp != s.b.moeTp)) {
        const int slotsA = s.ma.experts + pa.redundantExperts, slotsB = s.mb.experts + pb.redundantExperts;
        why.push_back(held(static_cast<double>(slotsB) / pb.ep, s.b.moeTp) + " instead of "
                      + held(static_cast<double>(slotsA) / pa.ep, s.a.moeTp) + " per MoE layer (EP)");
    }
    if (s.a.weightFormat != s.b.weightFormat)
        why.push_back(std::string("weights stored as ") + weightFormatName(s.b.weightFormat) + " instead of "
                      + weightFormatName(s.a.weightFormat));
    if (std::fabs(wb - wa) <= 1e-9 * std::max(wa, 1.0)) {
        if (s.ma.isMoe() && s.a.moeTp != s.b.moeTp && s.ma.id == s.mb.id) {
            out.push_back("EP " + arrow(pa.ep, pb.ep) + ": each GPU holds "
                          + held(static_cast<double>(s.mb.experts + pb.redundantExperts) / pb.ep, s.b.moeTp) + " instead of "
                          + held(static_cast<double>(s.ma.experts + pa.redundantExperts) / pa.ep, s.a.moeTp)
                          + ": the same expert bytes per GPU");
        }
        if (pa.dp != pb.dp)
            out.push_back("DP " + arrow(pa.dp, pb.dp) + " adds whole replicas: weights and KV per GPU unchanged, "
                          + std::to_string(pb.dp) + " independent KV pools");
        return;
    }
    std::string sentence = "Weights per GPU " + arrow(formatBytes(wa, 1), formatBytes(wb, 1)) + " (" + ratioText(wb / wa) + ")";
    if (!why.empty()) {
        sentence += ": each GPU holds ";
        for (size_t i = 0; i < why.size(); ++i)
            sentence += (i ? ", " : "") + why[i];
    }
    out.push_back(sentence);
}

// Capacity ≈ KV budget ÷ KV bytes per token (blocks floored, minimum over ranks).
void explainCapacity(const Sides &s, std::vector<std::string> &out)
{
    const Evaluation &a = s.a, &b = s.b;
    const double ca = static_cast<double>(a.kv.capacityTokens), cb = static_cast<double>(b.kv.capacityTokens);
    const double ba = a.kvBudgetBytesPerGpu, bb = b.kvBudgetBytesPerGpu;
    const double ka = a.kv.bytesPerTokenPerGpu, kb = b.kv.bytesPerTokenPerGpu;
    if (ca <= 0 || cb <= 0 || ba <= 0 || bb <= 0 || ka <= 0 || kb <= 0) {
        if (cb <= 0 && ca > 0)
            out.push_back("Plan B leaves no room for the KV cache");
        else if (ca <= 0 && cb > 0)
            out.push_back("Plan B makes room for the KV cache that plan A lacked");
        return;
    }
    const std::string budget = "KV budget per GPU " + arrow(formatBytes(ba, 1), formatBytes(bb, 1)) + " (" + ratioText(bb / ba) + ")";
    const std::string perToken = "KV per token per GPU " + arrow(formatNumber(ka), formatNumber(kb)) + " B (" + ratioText(kb / ka) + ")";
    if (ca == cb) {
        if (ba == bb && ka == kb)
            out.push_back("KV capacity unchanged at " + formatNumber(ca) + " tokens: same KV budget and KV per token per GPU");
        else
            out.push_back("KV capacity unchanged at " + formatNumber(ca) + " tokens: " + budget + ", " + perToken);
        return;
    }
    out.push_back("KV capacity " + arrow(ca, cb) + " tokens (" + ratioText(cb / ca) + ") = budget ÷ KV per token: " + budget + ", "
                  + perToken);
}

void explainConcurrency(const Sides &s, std::vector<std::string> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    if (pa.maxModelLen != pb.maxModelLen && s.a.kv.blocksPerRequest > 0 && s.b.kv.blocksPerRequest > 0)
        out.push_back("max_model_len " + arrow(static_cast<double>(pa.maxModelLen), static_cast<double>(pb.maxModelLen))
                      + ": each request reserves " + arrow(static_cast<double>(s.a.kv.blocksPerRequest), static_cast<double>(s.b.kv.blocksPerRequest))
                      + " blocks of " + std::to_string(pb.blockSize) + " tokens");
    if (pa.dp != pb.dp && s.a.kv.maxConcurrency > 0 && s.b.kv.maxConcurrency > 0)
        out.push_back("DP " + arrow(pa.dp, pb.dp) + ": cluster concurrency = dp × one replica's = " + std::to_string(pb.dp) + " × "
                      + formatNumber(static_cast<double>(s.b.kv.maxConcurrency)) + " = "
                      + formatNumber(static_cast<double>(s.b.kv.clusterMaxConcurrency)) + " requests");
}

void explainComm(const Sides &s, std::vector<std::string> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const CommLedger &ca = s.a.comm, &cb = s.b.comm;
    if (ca.tp.link != cb.tp.link && pb.tp > 1) {
        std::string where = cb.tp.link == LinkKind::Nic ? "crosses nodes: every AllReduce now goes over the NIC"
            : cb.tp.link == LinkKind::Pcie           ? "leaves the scale-up domain: every AllReduce now goes over PCIe"
                                                     : "stays inside the scale-up domain";
        out.push_back("The TP group " + where + " (" + formatDuration(cb.params[cb.tp.link].latencySec) + " per step, "
                      + formatRate(cb.params[cb.tp.link].bytesPerSec) + ")");
    }
    if (pa.tp != pb.tp) {
        if (pa.tp == 1)
            out.push_back("TP " + arrow(pa.tp, pb.tp) + " adds 2 AllReduces per layer (" + std::to_string(cb.tp.allreducePerStep)
                          + " per step), each sending 2 × " + fraction(pb.tp - 1, pb.tp) + " of S per GPU");
        else if (pb.tp == 1)
            out.push_back("TP " + arrow(pa.tp, pb.tp) + " removes the AllReduces: each GPU computes whole layers");
        else
            out.push_back("TP " + arrow(pa.tp, pb.tp) + ": each AllReduce sends 2 × " + fraction(pb.tp - 1, pb.tp) + " instead of 2 × "
                          + fraction(pa.tp - 1, pa.tp) + " of S per GPU and takes " + std::to_string(2 * (pb.tp - 1)) + " instead of "
                          + std::to_string(2 * (pa.tp - 1)) + " latency steps");
    }
    if (pa.pp != pb.pp)
        out.push_back("PP " + arrow(pa.pp, pb.pp) + ": " + std::to_string(pb.pp - 1) + " instead of " + std::to_string(pa.pp - 1)
                      + " point-to-point sends of 2 × n × h × b per step"
                      + (cb.pp.link != LinkKind::None ? std::string(" (") + linkKindName(cb.pp.link) + ")" : std::string()));
    if (ca.ep.mode != cb.ep.mode) {
        std::string how;
        switch (cb.ep.mode) {
        case EpMode::AllToAll:
            how = "dispatch and combine all-to-all over " + std::to_string(cb.ep.size) + " GPUs per MoE layer, "
                + formatNumber(cb.ep.bytesPerTokenPerMoeLayer) + " B per token, 1/" + std::to_string(cb.ep.size) + " staying local";
            break;
        case EpMode::AllGatherReduceScatter:
            how = "every DP rank's tokens all-gathered and reduce-scattered per MoE layer (EP off, dp > 1)";
            break;
        case EpMode::None:
            how = "no expert traffic crosses a GPU";
            break;
        }
        out.push_back(std::string("MoE tokens ") + arrow(epModeName(ca.ep.mode), epModeName(cb.ep.mode)) + ": " + how);
    }
    if (ca.tokens != cb.tokens && ca.tokens > 0)
        out.push_back(std::string(phaseName(cb.phase)) + " tokens per step " + arrow(static_cast<double>(ca.tokens), static_cast<double>(cb.tokens))
                      + ": every activation message carries " + ratioText(static_cast<double>(cb.tokens) / ca.tokens) + " the bytes");
}

void explainTime(const Sides &s, std::vector<std::string> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const TimeEstimate &ta = s.a.time, &tb = s.b.time;
    if (ta.tpotSec > 0 && tb.tpotSec > 0 && std::fabs(tb.tpotSec / ta.tpotSec - 1) > 0.005) {
        out.push_back("TPOT " + arrow(formatDuration(ta.tpotSec), formatDuration(tb.tpotSec)) + ": roofline "
                      + arrow(formatDuration(rooflineSum(ta.decode)), formatDuration(rooflineSum(tb.decode))) + ", communication "
                      + arrow(formatDuration(s.a.time.tpotSec - rooflineSum(ta.decode)), formatDuration(tb.tpotSec - rooflineSum(tb.decode)))
                      + " (estimate)");
    }
    if (pb.pp > pa.pp && pa.tp == pb.tp && tb.tpotSec >= 0.95 * ta.tpotSec)
        out.push_back("PP does not shorten TPOT: every token still crosses all " + std::to_string(s.mb.layers) + " layers, now in "
                      + std::to_string(pb.pp) + " stages in turn");
    if (ta.bubbleFraction != tb.bubbleFraction)
        out.push_back("Pipeline bubble (p − 1)/(m + p − 1): " + fraction(pa.pp - 1, ta.microbatches + pa.pp - 1) + " → "
                      + fraction(pb.pp - 1, tb.microbatches + pb.pp - 1) + " (" + formatNumber(100 * ta.bubbleFraction, 1) + " % → "
                      + formatNumber(100 * tb.bubbleFraction, 1) + " %)");
}

void explainGpu(const Sides &s, std::vector<std::string> &out)
{
    if (s.ga.id == s.gb.id && s.ga.name == s.gb.name)
        return;
    out.push_back("GPU " + arrow(s.ga.name, s.gb.name) + ": memory " + arrow(formatBytes(s.ga.memoryBytes, 1), formatBytes(s.gb.memoryBytes, 1))
                  + ", HBM " + arrow(formatRate(s.ga.hbmBytesPerSec), formatRate(s.gb.hbmBytesPerSec)) + ", scale-up "
                  + arrow(formatRate(s.ga.scaleupBytesPerSec), formatRate(s.gb.scaleupBytesPerSec)));
}

} // namespace

Comparison comparePlans(const Evaluation &a, const ModelSpec &ma, const GpuSpec &ga, const Evaluation &b, const ModelSpec &mb,
                        const GpuSpec &gb)
{
    const Sides s{a, ma, ga, b, mb, gb};
    Comparison c;
    c.changes = inputChanges(s);
    c.rows = deltaRows(s);
    std::vector<std::string> &x = c.explanations;
    if (!a.valid || !b.valid) {
        if (!a.valid)
            x.push_back("Plan A is not a valid plan: " + (a.firstError() ? a.firstError()->message : std::string("invalid")));
        if (!b.valid)
            x.push_back("Plan B is not a valid plan: " + (b.firstError() ? b.firstError()->message : std::string("invalid")));
        return c;
    }
    if (a.fits != b.fits) {
        const Evaluation &bad = a.fits ? b : a;
        x.push_back(std::string(a.fits ? "Plan B does not fit" : "Plan B fits where plan A did not")
                    + (bad.firstError() ? ": " + bad.firstError()->message : std::string()));
    }
    explainGpu(s, x);
    if (ma.id == mb.id) {
        explainKv(s, x);
        explainWeights(s, x);
    } else {
        x.push_back("Different models: compare their per-token KV and weights from their configs");
    }
    explainCapacity(s, x);
    explainConcurrency(s, x);
    explainComm(s, x);
    explainTime(s, x);
    return c;
}

} // namespace shardscope
