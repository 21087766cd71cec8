#include "core/report/compare.h"

#include "core/evaluate/kvcache.h"
#include "core/text/sentence.h"
#include "core/text/textformat.h"
#include "core/text/units.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace shardscope {

bool DeltaRow::changed() const
{
    const double scale = std::max(std::fabs(a), std::fabs(b));
    return std::fabs(b - a) > 1e-9 * std::max(scale, 1e-12);
}

bool DeltaRow::significant() const
{
    const double scale = std::max(std::fabs(a), std::fabs(b));
    if (unit == DeltaUnit::Fraction)
        return std::fabs(b - a) > 0.005; // half a percentage point
    return std::fabs(b - a) > 0.005 * std::max(scale, 1e-12);
}

bool DeltaRow::improved() const
{
    if (!significant() || better == Better::Neither)
        return false;
    return better == Better::Higher ? b > a : b < a;
}

bool DeltaRow::worsened() const
{
    if (!significant() || better == Better::Neither)
        return false;
    return better == Better::Higher ? b < a : b > a;
}

const DeltaRow *Comparison::row(const std::string &key) const
{
    for (const DeltaRow &r : rows)
        if (r.key == key)
            return &r;
    return nullptr;
}

std::vector<std::string> Comparison::changes() const
{
    return texts(changeSentences);
}

std::vector<std::string> Comparison::explanations() const
{
    return texts(sentences);
}

Sentence deltaValueSentence(DeltaUnit unit, double v)
{
    const auto with
        = [](const char *templ, std::string number) { return phrase("Compare", templ, { value(std::move(number)) }); };
    switch (unit) {
    case DeltaUnit::Count:
        return value(formatNumber(v));
    case DeltaUnit::Bytes:
        return value(std::fabs(v) < KiB ? formatNumber(v) + " B" : formatBytes(v, std::fabs(v) >= GiB ? 1 : 2));
    case DeltaUnit::Tokens:
        return with(QT_TRANSLATE_NOOP("Compare", "%1 tokens"), formatNumber(v));
    case DeltaUnit::Requests:
        return with(QT_TRANSLATE_NOOP("Compare", "%1 requests"), formatNumber(v));
    case DeltaUnit::Seconds:
        return value(formatDuration(v));
    case DeltaUnit::Fraction:
        return value(formatNumber(100 * v, 1) + " %");
    case DeltaUnit::TokensPerSec:
        return with(QT_TRANSLATE_NOOP("Compare", "%1 tokens/s"), formatNumber(v, 1));
    case DeltaUnit::RequestsPerGpu:
        return with(QT_TRANSLATE_NOOP("Compare", "%1 requests per GPU"), formatNumber(v, 2));
    }
    return value(formatNumber(v));
}

Sentence deltaChangeSentence(const DeltaRow &r)
{
    if (!r.changed())
        return phrase("Compare", QT_TRANSLATE_NOOP("Compare", "unchanged"));
    if (r.unit == DeltaUnit::Fraction)
        return phrase("Compare", QT_TRANSLATE_NOOP("Compare", "%1 points"),
            { value((r.delta() > 0 ? "+" : "−") + formatNumber(100 * std::fabs(r.delta()), 1)) });
    if (r.a == 0)
        return phrase("Compare", QT_TRANSLATE_NOOP("Compare", "new"));
    if (std::fabs(r.ratio() - 1) < 0.01)
        return value((r.delta() > 0 ? "+" : "−") + formatNumber(100 * std::fabs(r.ratio() - 1), 1) + " %");
    return value("×" + formatNumber(r.ratio(), r.ratio() >= 10 ? 1 : 2));
}

namespace {

constexpr const char *kCtx = "Compare";

Sentence say(const char *templ, std::vector<Sentence> args = {})
{
    return phrase(kCtx, templ, std::move(args));
}

Sentence num(double v)
{
    return value(formatNumber(v));
}

Sentence ratioValue(double r)
{
    return value("×" + formatNumber(r, r >= 10 ? 1 : 2));
}

// "halve", "double", "drop to a quarter", or "change ×0.33"
Sentence scaleWord(double r)
{
    if (std::fabs(r - 0.5) < 1e-9)
        return say(QT_TRANSLATE_NOOP("Compare", "halve"));
    if (std::fabs(r - 2) < 1e-9)
        return say(QT_TRANSLATE_NOOP("Compare", "double"));
    if (std::fabs(r - 0.25) < 1e-9)
        return say(QT_TRANSLATE_NOOP("Compare", "drop to a quarter"));
    return say(QT_TRANSLATE_NOOP("Compare", "change %1"), { ratioValue(r) });
}

Sentence fraction(int n, int d)
{
    return value(n == 0 ? std::string("0") : std::to_string(n) + "/" + std::to_string(d));
}

Sentence bytesValue(double b)
{
    return value(formatBytes(b, 1));
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
Sentence held(double experts, int ways)
{
    const Sentence n = value(formatNumberAuto(experts, 1));
    return ways == 1 ? say(QT_TRANSLATE_NOOP("Compare", "%1 whole experts"), { n })
                     : say(QT_TRANSLATE_NOOP("Compare", "%1 experts each split %2 ways"), { n, value(ways) });
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

std::vector<Sentence> inputChanges(const Sides &s)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    std::vector<Sentence> out;
    auto change = [&](const char *templ, Sentence a, Sentence b) {
        out.push_back(say(templ, { std::move(a), std::move(b) }));
    };
    if (s.ma.id != s.mb.id || s.ma.name != s.mb.name)
        change(QT_TRANSLATE_NOOP("Compare", "model %1 → %2"), value(s.ma.name), value(s.mb.name));
    if (s.ga.id != s.gb.id || s.ga.name != s.gb.name)
        change(QT_TRANSLATE_NOOP("Compare", "GPU %1 → %2"), value(s.ga.name), value(s.gb.name));
    const std::pair<const char *, std::pair<double, double>> numbers[] = {
        { QT_TRANSLATE_NOOP("Compare", "TP %1 → %2"), { pa.tp, pb.tp } },
        { QT_TRANSLATE_NOOP("Compare", "PP %1 → %2"), { pa.pp, pb.pp } },
        { QT_TRANSLATE_NOOP("Compare", "DP %1 → %2"), { pa.dp, pb.dp } },
        { QT_TRANSLATE_NOOP("Compare", "EP %1 → %2"), { pa.ep, pb.ep } },
        { QT_TRANSLATE_NOOP("Compare", "GPUs per node %1 → %2"), { pa.gpusPerNode, pb.gpusPerNode } },
        { QT_TRANSLATE_NOOP("Compare", "max_model_len %1 → %2"),
            { static_cast<double>(pa.maxModelLen), static_cast<double>(pb.maxModelLen) } },
        { QT_TRANSLATE_NOOP("Compare", "max_num_seqs %1 → %2"),
            { static_cast<double>(pa.maxNumSeqs), static_cast<double>(pb.maxNumSeqs) } },
        { QT_TRANSLATE_NOOP("Compare", "batch %1 → %2"),
            { static_cast<double>(pa.batch), static_cast<double>(pb.batch) } },
        { QT_TRANSLATE_NOOP("Compare", "prompt length %1 → %2"),
            { static_cast<double>(pa.promptLen), static_cast<double>(pb.promptLen) } },
        { QT_TRANSLATE_NOOP("Compare", "micro-batches %1 → %2"), { pa.microbatches, pb.microbatches } },
        { QT_TRANSLATE_NOOP("Compare", "block size %1 → %2"), { pa.blockSize, pb.blockSize } },
        { QT_TRANSLATE_NOOP("Compare", "redundant experts %1 → %2"), { pa.redundantExperts, pb.redundantExperts } },
    };
    for (const auto &[templ, v] : numbers)
        if (v.first != v.second)
            change(templ, num(v.first), num(v.second));
    if (pa.gpuMemoryUtilization != pb.gpuMemoryUtilization)
        change(QT_TRANSLATE_NOOP("Compare", "gpu_memory_utilization %1 → %2"),
            value(formatNumberAuto(pa.gpuMemoryUtilization, 2)), value(formatNumberAuto(pb.gpuMemoryUtilization, 2)));
    if (pa.kvCacheDtype != pb.kvCacheDtype)
        change(QT_TRANSLATE_NOOP("Compare", "KV cache dtype %1 → %2"), value(kvDtypeName(pa.kvCacheDtype)),
            value(kvDtypeName(pb.kvCacheDtype)));
    if (s.a.weightFormat != s.b.weightFormat)
        change(QT_TRANSLATE_NOOP("Compare", "weights %1 → %2"), value(weightFormatName(s.a.weightFormat)),
            value(weightFormatName(s.b.weightFormat)));
    if (pa.accounting != pb.accounting)
        change(QT_TRANSLATE_NOOP("Compare", "accounting %1 → %2"), value(accountingName(pa.accounting)),
            value(accountingName(pb.accounting)));
    if (pa.phase != pb.phase)
        change(QT_TRANSLATE_NOOP("Compare", "phase %1 → %2"), value(phaseName(pa.phase)), value(phaseName(pb.phase)));
    if (pa.expertPlacement != pb.expertPlacement)
        change(QT_TRANSLATE_NOOP("Compare", "expert placement %1 → %2"), value(expertPlacementName(pa.expertPlacement)),
            value(expertPlacementName(pb.expertPlacement)));
    if (pa.ppPartition != pb.ppPartition)
        out.push_back(say(QT_TRANSLATE_NOOP("Compare", "custom PP partition")));
    if (pa.fp8Dispatch != pb.fp8Dispatch)
        out.push_back(pb.fp8Dispatch ? say(QT_TRANSLATE_NOOP("Compare", "FP8 dispatch on"))
                                     : say(QT_TRANSLATE_NOOP("Compare", "FP8 dispatch off")));
    if (pa.routingSkew != pb.routingSkew)
        change(QT_TRANSLATE_NOOP("Compare", "routing skew %1 → %2"), value(formatNumberAuto(pa.routingSkew, 2)),
            value(formatNumberAuto(pb.routingSkew, 2)));
    if (pa.enforceEager != pb.enforceEager)
        out.push_back(pb.enforceEager ? say(QT_TRANSLATE_NOOP("Compare", "enforce eager on"))
                                      : say(QT_TRANSLATE_NOOP("Compare", "enforce eager off")));
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
        row("gpus", QT_TRANSLATE_NOOP("Compare", "GPUs"), DeltaUnit::Count, Better::Neither, a.worldSize, b.worldSize),
        row("nodes", QT_TRANSLATE_NOOP("Compare", "Nodes"), DeltaUnit::Count, Better::Neither, a.nodes, b.nodes),
        row("weights_bytes_per_gpu", QT_TRANSLATE_NOOP("Compare", "Weights per GPU (heaviest)"), DeltaUnit::Bytes,
            Better::Lower, v(va, a.maxWeightsBytesPerGpu), v(vb, b.maxWeightsBytesPerGpu)),
        row("kv_budget_bytes_per_gpu", QT_TRANSLATE_NOOP("Compare", "KV budget per GPU"), DeltaUnit::Bytes,
            Better::Higher, v(va, a.kvBudgetBytesPerGpu), v(vb, b.kvBudgetBytesPerGpu)),
        row("kv_bytes_per_token_per_gpu", QT_TRANSLATE_NOOP("Compare", "KV bytes per token per GPU"), DeltaUnit::Bytes,
            Better::Lower, v(va, a.kv.bytesPerTokenPerGpu), v(vb, b.kv.bytesPerTokenPerGpu)),
        row("capacity_tokens", QT_TRANSLATE_NOOP("Compare", "KV capacity (one replica)"), DeltaUnit::Tokens,
            Better::Higher, v(va, static_cast<double>(a.kv.capacityTokens)),
            v(vb, static_cast<double>(b.kv.capacityTokens))),
        row("max_concurrency", QT_TRANSLATE_NOOP("Compare", "Concurrent requests (one replica)"), DeltaUnit::Requests,
            Better::Higher, v(va, static_cast<double>(a.kv.maxConcurrency)),
            v(vb, static_cast<double>(b.kv.maxConcurrency))),
        // More GPUs give more concurrency: the cluster figure is judged only between equal clusters,
        // the per-GPU one always.
        row("cluster_max_concurrency", QT_TRANSLATE_NOOP("Compare", "Concurrent requests (cluster)"),
            DeltaUnit::Requests, a.worldSize == b.worldSize ? Better::Higher : Better::Neither,
            v(va, static_cast<double>(a.kv.clusterMaxConcurrency)),
            v(vb, static_cast<double>(b.kv.clusterMaxConcurrency))),
        row("cluster_max_concurrency_per_gpu",
            QT_TRANSLATE_NOOP("Compare", "Concurrent requests per GPU (cluster ÷ GPUs)"), DeltaUnit::RequestsPerGpu,
            Better::Higher,
            v(va && a.worldSize > 0, static_cast<double>(a.kv.clusterMaxConcurrency) / std::max(1, a.worldSize)),
            v(vb && b.worldSize > 0, static_cast<double>(b.kv.clusterMaxConcurrency) / std::max(1, b.worldSize))),
        row("tp_bytes_sent_per_gpu_per_step", QT_TRANSLATE_NOOP("Compare", "TP bytes sent per GPU per step"),
            DeltaUnit::Bytes, Better::Lower, v(va, a.comm.tp.bytesSentPerGpuPerStep),
            v(vb, b.comm.tp.bytesSentPerGpuPerStep)),
        row("comm_time_s", QT_TRANSLATE_NOOP("Compare", "Communication per step"), DeltaUnit::Seconds, Better::Lower,
            v(va, a.comm.totalTimeSec), v(vb, b.comm.totalTimeSec)),
        row("tpot_s", QT_TRANSLATE_NOOP("Compare", "TPOT (estimate)"), DeltaUnit::Seconds, Better::Lower,
            v(va, a.time.tpotSec), v(vb, b.time.tpotSec)),
        row("ttft_s", QT_TRANSLATE_NOOP("Compare", "TTFT (estimate)"), DeltaUnit::Seconds, Better::Lower,
            v(va, a.time.ttftSec), v(vb, b.time.ttftSec)),
        row("tokens_per_s_per_gpu", QT_TRANSLATE_NOOP("Compare", "Decode tokens/s per GPU"), DeltaUnit::TokensPerSec,
            Better::Higher, v(va, a.time.tokensPerSecPerGpu), v(vb, b.time.tokensPerSecPerGpu)),
        row("bubble_fraction", QT_TRANSLATE_NOOP("Compare", "Pipeline bubble"), DeltaUnit::Fraction, Better::Lower,
            v(va, a.time.bubbleFraction), v(vb, b.time.bubbleFraction)),
    };
}

// KV bytes per token per GPU: 2 × L × max(1, n_kv / tp) × d × s (GQA) or L × (r + rope) × s (MLA).
void explainKv(const Sides &s, std::vector<Sentence> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const ModelSpec &m = s.ma;
    const double la = kvLayers(s.a, m), lb = kvLayers(s.b, m);
    const bool dtypeSame = pa.kvCacheDtype == pb.kvCacheDtype;
    const bool othersSame = la == lb && dtypeSame;
    const Sentence ta = value(pa.tp), tb = value(pb.tp);
    if (pa.tp != pb.tp) {
        if (m.isMla()) {
            out.push_back(othersSame
                    ? say(QT_TRANSLATE_NOOP("Compare",
                              "TP %1 → %2: KV per GPU unchanged because MLA keeps one latent KV vector per token and "
                              "layer, and every TP rank holds all of it"),
                        { ta, tb })
                    : say(QT_TRANSLATE_NOOP("Compare",
                              "TP %1 → %2 does not split the KV cache: MLA keeps one latent KV vector per token and "
                              "layer, and every TP rank holds all of it"),
                        { ta, tb }));
        } else {
            const int nkv = m.kvHeads;
            const int ha = std::max(1, nkv / pa.tp), hb = std::max(1, nkv / pb.tp);
            const Sentence kv = value(nkv);
            if (ha == hb) {
                if (pa.tp <= nkv && pb.tp > nkv)
                    out.push_back(othersSame
                            ? say(QT_TRANSLATE_NOOP("Compare",
                                      "TP %1 → %2: KV per GPU unchanged because %3 KV heads are now replicated"),
                                { ta, tb, kv })
                            : say(QT_TRANSLATE_NOOP("Compare",
                                      "TP %1 → %2 does not shrink KV per GPU because %3 KV heads are now replicated"),
                                { ta, tb, kv }));
                else if (pa.tp > nkv && pb.tp <= nkv)
                    out.push_back(othersSame
                            ? say(QT_TRANSLATE_NOOP("Compare",
                                      "TP %1 → %2: KV per GPU unchanged because each GPU still holds 1 of the %3 KV "
                                      "heads "
                                      "(no longer replicated)"),
                                { ta, tb, kv })
                            : say(QT_TRANSLATE_NOOP("Compare",
                                      "TP %1 → %2 does not shrink KV per GPU because each GPU still holds 1 of the %3 "
                                      "KV heads (no longer replicated)"),
                                { ta, tb, kv }));
                else
                    out.push_back(othersSame
                            ? say(
                                QT_TRANSLATE_NOOP("Compare",
                                    "TP %1 → %2: KV per GPU unchanged because the %3 KV heads were already replicated "
                                    "(1 per GPU)"),
                                { ta, tb, kv })
                            : say(QT_TRANSLATE_NOOP("Compare",
                                      "TP %1 → %2 does not shrink KV per GPU because the %3 KV heads were already "
                                      "replicated (1 per GPU)"),
                                { ta, tb, kv }));
            } else {
                const Sentence scale = scaleWord(static_cast<double>(hb) / ha);
                if (pb.tp > nkv)
                    out.push_back(say(
                        QT_TRANSLATE_NOOP("Compare",
                            "TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5 (%6 KV heads, now "
                            "replicated %7 ways)"),
                        { ta, tb, value(ha), value(hb), scale, kv, value(pb.tp / nkv) }));
                else
                    out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                                          "TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5"),
                        { ta, tb, value(ha), value(hb), scale }));
            }
        }
    }
    if (la != lb)
        out.push_back(
            say(QT_TRANSLATE_NOOP("Compare",
                    "PP %1 → %2: the binding GPU holds %3 instead of %4 layers, so KV bytes per token per GPU %5"),
                { value(pa.pp), value(pb.pp), value(formatNumberAuto(lb, 2)), value(formatNumberAuto(la, 2)),
                    scaleWord(lb / la) }));
    if (!dtypeSame) {
        const double ea = kvElementBytes(pa.kvCacheDtype), eb = kvElementBytes(pb.kvCacheDtype);
        out.push_back(
            say(QT_TRANSLATE_NOOP("Compare", "KV cache dtype %1 → %2: %3 → %4 B per element, so KV bytes per token %5"),
                { value(kvDtypeName(pa.kvCacheDtype)), value(kvDtypeName(pb.kvCacheDtype)), num(ea), num(eb),
                    scaleWord(eb / ea) }));
    }
}

void explainWeights(const Sides &s, std::vector<Sentence> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const double wa = s.a.maxWeightsBytesPerGpu, wb = s.b.maxWeightsBytesPerGpu;
    std::vector<Sentence> why;
    if (pa.tp != pb.tp)
        why.push_back(say(
            QT_TRANSLATE_NOOP("Compare", "1/%1 instead of 1/%2 of every layer (TP)"), { value(pb.tp), value(pa.tp) }));
    if (pa.pp != pb.pp || s.a.stageLayers != s.b.stageLayers) {
        const int ma = s.a.stageLayers.empty() ? 0 : *std::max_element(s.a.stageLayers.begin(), s.a.stageLayers.end());
        const int mb = s.b.stageLayers.empty() ? 0 : *std::max_element(s.b.stageLayers.begin(), s.b.stageLayers.end());
        if (ma != mb)
            why.push_back(
                say(QT_TRANSLATE_NOOP("Compare", "at most %1 instead of %2 layers (PP)"), { value(mb), value(ma) }));
    }
    const double slotsA = s.ma.experts + pa.redundantExperts, slotsB = s.mb.experts + pb.redundantExperts;
    if (s.ma.isMoe() && (pa.ep != pb.ep || s.a.moeTp != s.b.moeTp))
        why.push_back(say(QT_TRANSLATE_NOOP("Compare", "%1 instead of %2 per MoE layer (EP)"),
            { held(slotsB / pb.ep, s.b.moeTp), held(slotsA / pa.ep, s.a.moeTp) }));
    if (s.a.weightFormat != s.b.weightFormat)
        why.push_back(say(QT_TRANSLATE_NOOP("Compare", "weights stored as %1 instead of %2"),
            { value(weightFormatName(s.b.weightFormat)), value(weightFormatName(s.a.weightFormat)) }));
    if (std::fabs(wb - wa) <= 1e-9 * std::max(wa, 1.0)) {
        if (s.ma.isMoe() && s.a.moeTp != s.b.moeTp && s.ma.id == s.mb.id)
            out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                                  "EP %1 → %2: each GPU holds %3 instead of %4: the same expert bytes per GPU"),
                { value(pa.ep), value(pb.ep), held(slotsB / pb.ep, s.b.moeTp), held(slotsA / pa.ep, s.a.moeTp) }));
        if (pa.dp != pb.dp)
            out.push_back(
                say(QT_TRANSLATE_NOOP("Compare",
                        "DP %1 → %2 adds whole replicas: weights and KV per GPU unchanged, %3 independent KV pools"),
                    { value(pa.dp), value(pb.dp), value(pb.dp) }));
        return;
    }
    if (why.empty())
        out.push_back(say(QT_TRANSLATE_NOOP("Compare", "Weights per GPU %1 → %2 (%3)"),
            { bytesValue(wa), bytesValue(wb), ratioValue(wb / wa) }));
    else
        out.push_back(say(QT_TRANSLATE_NOOP("Compare", "Weights per GPU %1 → %2 (%3): each GPU holds %4"),
            { bytesValue(wa), bytesValue(wb), ratioValue(wb / wa), joinComma(why) }));
}

// Capacity ≈ KV budget ÷ KV bytes per token (blocks floored, minimum over ranks).
void explainCapacity(const Sides &s, std::vector<Sentence> &out)
{
    const Evaluation &a = s.a, &b = s.b;
    const double ca = static_cast<double>(a.kv.capacityTokens), cb = static_cast<double>(b.kv.capacityTokens);
    const double ba = a.kvBudgetBytesPerGpu, bb = b.kvBudgetBytesPerGpu;
    const double ka = a.kv.bytesPerTokenPerGpu, kb = b.kv.bytesPerTokenPerGpu;
    if (ca <= 0 || cb <= 0 || ba <= 0 || bb <= 0 || ka <= 0 || kb <= 0) {
        if (cb <= 0 && ca > 0)
            out.push_back(say(QT_TRANSLATE_NOOP("Compare", "Plan B leaves no room for the KV cache")));
        else if (ca <= 0 && cb > 0)
            out.push_back(say(QT_TRANSLATE_NOOP("Compare", "Plan B makes room for the KV cache that plan A lacked")));
        return;
    }
    const Sentence budget = say(QT_TRANSLATE_NOOP("Compare", "KV budget per GPU %1 → %2 (%3)"),
        { bytesValue(ba), bytesValue(bb), ratioValue(bb / ba) });
    const Sentence perToken = say(
        QT_TRANSLATE_NOOP("Compare", "KV per token per GPU %1 → %2 B (%3)"), { num(ka), num(kb), ratioValue(kb / ka) });
    if (ca == cb) {
        if (ba == bb && ka == kb)
            out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                                  "KV capacity unchanged at %1 tokens: same KV budget and KV per token per GPU"),
                { num(ca) }));
        else
            out.push_back(say(QT_TRANSLATE_NOOP("Compare", "KV capacity unchanged at %1 tokens: %2, %3"),
                { num(ca), budget, perToken }));
        return;
    }
    out.push_back(say(QT_TRANSLATE_NOOP("Compare", "KV capacity %1 → %2 tokens (%3) = budget ÷ KV per token: %4, %5"),
        { num(ca), num(cb), ratioValue(cb / ca), budget, perToken }));
}

void explainConcurrency(const Sides &s, std::vector<Sentence> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    if (pa.maxModelLen != pb.maxModelLen && s.a.kv.blocksPerRequest > 0 && s.b.kv.blocksPerRequest > 0)
        out.push_back(say(
            QT_TRANSLATE_NOOP("Compare", "max_model_len %1 → %2: each request reserves %3 → %4 blocks of %5 tokens"),
            { num(static_cast<double>(pa.maxModelLen)), num(static_cast<double>(pb.maxModelLen)),
                num(static_cast<double>(s.a.kv.blocksPerRequest)), num(static_cast<double>(s.b.kv.blocksPerRequest)),
                value(pb.blockSize) }));
    if (pa.dp != pb.dp && s.a.kv.maxConcurrency > 0 && s.b.kv.maxConcurrency > 0)
        out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                              "DP %1 → %2: cluster concurrency = dp × one replica's = %3 × %4 = %5 requests"),
            { value(pa.dp), value(pb.dp), value(pb.dp), num(static_cast<double>(s.b.kv.maxConcurrency)),
                num(static_cast<double>(s.b.kv.clusterMaxConcurrency)) }));
}

void explainComm(const Sides &s, std::vector<Sentence> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const CommLedger &ca = s.a.comm, &cb = s.b.comm;
    if (ca.tp.link != cb.tp.link && pb.tp > 1) {
        const LinkParams &l = cb.params[cb.tp.link];
        const std::vector<Sentence> args { value(formatDuration(l.latencySec)), value(formatRate(l.bytesPerSec)) };
        out.push_back(cb.tp.link == LinkKind::Nic
                ? say(QT_TRANSLATE_NOOP("Compare",
                          "The TP group crosses nodes: every AllReduce now goes over the NIC (%1 per step, %2)"),
                    args)
                : cb.tp.link == LinkKind::Pcie
                ? say(QT_TRANSLATE_NOOP("Compare",
                          "The TP group leaves the scale-up domain: every AllReduce now goes over PCIe (%1 per step, "
                          "%2)"),
                    args)
                : say(QT_TRANSLATE_NOOP("Compare", "The TP group stays inside the scale-up domain (%1 per step, %2)"),
                    args));
    }
    const Sentence ta = value(pa.tp), tb = value(pb.tp);
    if (pa.tp != pb.tp) {
        if (pa.tp == 1)
            out.push_back(
                say(QT_TRANSLATE_NOOP("Compare",
                        "TP %1 → %2 adds 2 AllReduces per layer (%3 per step), each sending 2 × %4 of S per GPU"),
                    { ta, tb, value(cb.tp.allreducePerStep), fraction(pb.tp - 1, pb.tp) }));
        else if (pb.tp == 1)
            out.push_back(
                say(QT_TRANSLATE_NOOP("Compare", "TP %1 → %2 removes the AllReduces: each GPU computes whole layers"),
                    { ta, tb }));
        else
            out.push_back(say(
                QT_TRANSLATE_NOOP("Compare",
                    "TP %1 → %2: each AllReduce sends 2 × %3 instead of 2 × %4 of S per GPU and takes %5 instead of %6 "
                    "latency steps"),
                { ta, tb, fraction(pb.tp - 1, pb.tp), fraction(pa.tp - 1, pa.tp), value(2 * (pb.tp - 1)),
                    value(2 * (pa.tp - 1)) }));
    }
    if (pa.pp != pb.pp) {
        std::vector<Sentence> args { value(pa.pp), value(pb.pp), value(pb.pp - 1), value(pa.pp - 1) };
        if (cb.pp.link != LinkKind::None) {
            args.push_back(value(linkKindName(cb.pp.link)));
            out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                                  "PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step (%5)"),
                args));
        } else {
            out.push_back(say(QT_TRANSLATE_NOOP("Compare",
                                  "PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step"),
                args));
        }
    }
    if (ca.ep.mode != cb.ep.mode) {
        Sentence how;
        switch (cb.ep.mode) {
        case EpMode::AllToAll:
            how = say(
                QT_TRANSLATE_NOOP("Compare",
                    "dispatch and combine all-to-all over %1 GPUs per MoE layer, %2 B per token, 1/%3 staying local"),
                { value(cb.ep.size), num(cb.ep.bytesPerTokenPerMoeLayer), value(cb.ep.size) });
            break;
        case EpMode::AllGatherReduceScatter:
            how = say(QT_TRANSLATE_NOOP(
                "Compare", "every DP rank's tokens all-gathered and reduce-scattered per MoE layer (EP off, dp > 1)"));
            break;
        case EpMode::None:
            how = say(QT_TRANSLATE_NOOP("Compare", "no expert traffic crosses a GPU"));
            break;
        }
        out.push_back(say(QT_TRANSLATE_NOOP("Compare", "MoE tokens %1 → %2: %3"),
            { value(epModeName(ca.ep.mode)), value(epModeName(cb.ep.mode)), how }));
    }
    if (ca.tokens != cb.tokens && ca.tokens > 0)
        out.push_back(say(
            QT_TRANSLATE_NOOP("Compare", "%1 tokens per step %2 → %3: every activation message carries %4 the bytes"),
            { value(phaseName(cb.phase)), num(static_cast<double>(ca.tokens)), num(static_cast<double>(cb.tokens)),
                ratioValue(static_cast<double>(cb.tokens) / ca.tokens) }));
}

void explainTime(const Sides &s, std::vector<Sentence> &out)
{
    const Plan &pa = s.a.plan, &pb = s.b.plan;
    const TimeEstimate &ta = s.a.time, &tb = s.b.time;
    if (ta.tpotSec > 0 && tb.tpotSec > 0 && std::fabs(tb.tpotSec / ta.tpotSec - 1) > 0.005) {
        const double ra = rooflineSum(ta.decode), rb = rooflineSum(tb.decode);
        out.push_back(
            say(QT_TRANSLATE_NOOP("Compare", "TPOT %1 → %2: roofline %3 → %4, communication %5 → %6 (estimate)"),
                { value(formatDuration(ta.tpotSec)), value(formatDuration(tb.tpotSec)), value(formatDuration(ra)),
                    value(formatDuration(rb)), value(formatDuration(ta.tpotSec - ra)),
                    value(formatDuration(tb.tpotSec - rb)) }));
    }
    if (pb.pp > pa.pp && pa.tp == pb.tp && tb.tpotSec >= 0.95 * ta.tpotSec)
        out.push_back(
            say(QT_TRANSLATE_NOOP("Compare",
                    "PP does not shorten TPOT: every token still crosses all %1 layers, now in %2 stages in turn"),
                { value(s.mb.layers), value(pb.pp) }));
    if (ta.bubbleFraction != tb.bubbleFraction)
        out.push_back(say(QT_TRANSLATE_NOOP("Compare", "Pipeline bubble (p − 1)/(m + p − 1): %1 → %2 (%3 % → %4 %)"),
            { fraction(pa.pp - 1, ta.microbatches + pa.pp - 1), fraction(pb.pp - 1, tb.microbatches + pb.pp - 1),
                value(formatNumber(100 * ta.bubbleFraction, 1)), value(formatNumber(100 * tb.bubbleFraction, 1)) }));
}

void explainGpu(const Sides &s, std::vector<Sentence> &out)
{
    if (s.ga.id == s.gb.id && s.ga.name == s.gb.name)
        return;
    out.push_back(say(QT_TRANSLATE_NOOP("Compare", "GPU %1 → %2: memory %3 → %4, HBM %5 → %6, scale-up %7 → %8"),
        { value(s.ga.name), value(s.gb.name), bytesValue(s.ga.memoryBytes), bytesValue(s.gb.memoryBytes),
            value(formatRate(s.ga.hbmBytesPerSec)), value(formatRate(s.gb.hbmBytesPerSec)),
            value(formatRate(s.ga.scaleupBytesPerSec)), value(formatRate(s.gb.scaleupBytesPerSec)) }));
}

} // namespace

void addServingRows(Comparison &c, const ServingResult *a, const ServingResult *b)
{
    for (DeltaRow &r : c.rows) {
        if (r.key == "tpot_s")
            r.label = QT_TRANSLATE_NOOP("Compare", "TPOT, roofline of one decode step (estimate)");
        else if (r.key == "ttft_s")
            r.label = QT_TRANSLATE_NOOP("Compare", "TTFT, roofline of one prompt (estimate)");
        else if (r.key == "tokens_per_s_per_gpu")
            r.label = QT_TRANSLATE_NOOP("Compare", "Decode tokens/s per GPU, roofline (estimate)");
    }
    const auto row
        = [&](const char *key, const char *label, DeltaUnit unit, Better better, double ServingResult::*field) {
              DeltaRow r;
              r.key = key;
              r.label = label;
              r.unit = unit;
              r.better = better;
              r.a = a ? a->*field : 0.0;
              r.b = b ? b->*field : 0.0;
              c.rows.push_back(std::move(r));
          };
    const auto stat = [&](const char *key, const char *label, LatencyStats ServingResult::*field) {
        DeltaRow r;
        r.key = key;
        r.label = label;
        r.unit = DeltaUnit::Seconds;
        r.better = Better::Lower;
        r.a = a ? (a->*field).mean : 0.0;
        r.b = b ? (b->*field).mean : 0.0;
        c.rows.push_back(std::move(r));
    };
    stat(
        "serving_tpot_s", QT_TRANSLATE_NOOP("Compare", "TPOT at the workload, mean (estimated)"), &ServingResult::tpot);
    stat(
        "serving_ttft_s", QT_TRANSLATE_NOOP("Compare", "TTFT at the workload, mean (estimated)"), &ServingResult::ttft);
    row("serving_output_tokens_per_s_per_gpu",
        QT_TRANSLATE_NOOP("Compare", "Output tokens/s per GPU at the workload (estimated)"), DeltaUnit::TokensPerSec,
        Better::Higher, &ServingResult::outputTokensPerSecPerGpu);
    row("serving_kv_peak_fraction", QT_TRANSLATE_NOOP("Compare", "KV pool peak at the workload (estimated)"),
        DeltaUnit::Fraction, Better::Neither, &ServingResult::kvPeakFraction);
}

Comparison comparePlans(const EvaluatedPlan &planA, const EvaluatedPlan &planB)
{
    const auto &[a, ma, ga] = planA;
    const auto &[b, mb, gb] = planB;
    const Sides s { a, ma, ga, b, mb, gb };
    Comparison c;
    c.changeSentences = inputChanges(s);
    c.rows = deltaRows(s);
    std::vector<Sentence> &x = c.sentences;
    if (!a.valid || !b.valid) {
        const auto why = [](const Evaluation &e) {
            return value(e.firstError() ? e.firstError()->message() : std::string("invalid"));
        };
        if (!a.valid)
            x.push_back(say(QT_TRANSLATE_NOOP("Compare", "Plan A is not a valid plan: %1"), { why(a) }));
        if (!b.valid)
            x.push_back(say(QT_TRANSLATE_NOOP("Compare", "Plan B is not a valid plan: %1"), { why(b) }));
    } else {
        if (a.fits != b.fits) {
            const Evaluation &bad = a.fits ? b : a;
            const Sentence reason = value(bad.firstError() ? bad.firstError()->message() : std::string());
            if (a.fits)
                x.push_back(bad.firstError() ? say(QT_TRANSLATE_NOOP("Compare", "Plan B does not fit: %1"), { reason })
                                             : say(QT_TRANSLATE_NOOP("Compare", "Plan B does not fit")));
            else
                x.push_back(bad.firstError()
                        ? say(QT_TRANSLATE_NOOP("Compare", "Plan B fits where plan A did not: %1"), { reason })
                        : say(QT_TRANSLATE_NOOP("Compare", "Plan B fits where plan A did not")));
        }
        explainGpu(s, x);
        if (ma.id == mb.id) {
            explainKv(s, x);
            explainWeights(s, x);
        } else {
            x.push_back(say(QT_TRANSLATE_NOOP(
                "Compare", "Different models: compare their per-token KV and weights from their configs")));
        }
        explainCapacity(s, x);
        explainConcurrency(s, x);
        explainComm(s, x);
        explainTime(s, x);
    }
    return c;
}

} // namespace shardscope
