#include "core/explain/timeline.h"

#include "core/evaluate/placement.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

const char *eventKindName(EventKind k)
{
    switch (k) {
    case EventKind::Compute:
        return "compute";
    case EventKind::TpAllReduce:
        return "tp_allreduce";
    case EventKind::EmbeddingAllReduce:
        return "embedding_allreduce";
    case EventKind::LmHeadGather:
        return "lm_head_gather";
    case EventKind::EpDispatch:
        return "ep_dispatch";
    case EventKind::EpCombine:
        return "ep_combine";
    case EventKind::PpSend:
        return "pp_send";
    case EventKind::PpGather:
        return "pp_gather";
    case EventKind::Idle:
        return "idle";
    }
    return "compute";
}

const char *idleReasonName(IdleReason r)
{
    switch (r) {
    case IdleReason::None:
        return "";
    case IdleReason::Fill:
        return "fill";
    case IdleReason::Drain:
        return "drain";
    case IdleReason::Stall:
        return "stall";
    }
    return "";
}

std::vector<const TimelineEvent *> Timeline::stageEvents(int stage) const
{
    std::vector<const TimelineEvent *> out;
    for (const TimelineEvent &ev : events)
        if (ev.stage == stage)
            out.push_back(&ev);
    return out;
}

PipelineSchedule schedulePipeline(const std::vector<double> &stageSec, int microbatches)
{
    PipelineSchedule s;
    const int m = std::max(1, microbatches);
    s.starts.assign(stageSec.size(), std::vector<double>(static_cast<size_t>(m), 0.0));
    for (size_t st = 0; st < stageSec.size(); ++st)
        for (int j = 0; j < m; ++j) {
            double start = 0;
            if (j > 0)
                start = s.starts[st][static_cast<size_t>(j - 1)] + stageSec[st];
            if (st > 0)
                start = std::max(start, s.starts[st - 1][static_cast<size_t>(j)] + stageSec[st - 1]);
            s.starts[st][static_cast<size_t>(j)] = start;
        }
    if (!stageSec.empty())
        s.makespanSec = s.starts.back().back() + stageSec.back();
    return s;
}

namespace {

// Layers per group: L // g each, the remainder one more to the first groups.
std::vector<int> groupSizes(int layers, int groups)
{
    const int g = std::max(1, std::min(groups, layers));
    std::vector<int> out(static_cast<size_t>(g), layers / g);
    for (int i = 0; i < layers % g; ++i)
        ++out[static_cast<size_t>(i)];
    return out;
}

int moeLayersIn(const ModelSpec &m, int first, int count)
{
    int n = 0;
    const int last = std::min<int>(first + count, static_cast<int>(m.layerInfo.size()));
    for (int l = first; l < last; ++l)
        n += m.layerInfo[static_cast<size_t>(l)].moe ? 1 : 0;
    return n;
}

// One MoE layer's dispatch and combine on the busiest GPU, as the ledger costs them
// (core/evaluate/commledger.cpp): all-to-all of the skewed load, or the AllGather and ReduceScatter of every
// DP rank's tokens. Seconds and bytes one GPU sends.
struct EpLayerCost
{
    double dispatchSec = 0, combineSec = 0;
    double dispatchBytes = 0, combineBytes = 0; // sent per GPU
    double dispatchOp = 0, combineOp = 0; // the buffer of one collective
};

EpLayerCost epLayerCost(const CommLedger &c, const Plan &p, const ModelSpec &m, const LinkParams &link)
{
    EpLayerCost k;
    if (c.ep.mode == EpMode::AllToAll) {
        const double load = c.ep.tokensPerGpu * c.ep.skewFactor;
        k.dispatchOp = load * c.ep.dispatchBytesPerToken;
        k.combineOp = load * c.ep.combineBytesPerToken;
        k.dispatchSec = allToAllSec(p.ep, k.dispatchOp, link);
        k.combineSec = allToAllSec(p.ep, k.combineOp, link);
        k.dispatchBytes = k.dispatchOp * (1.0 - c.ep.localFraction);
        k.combineBytes = k.combineOp * (1.0 - c.ep.localFraction);
    } else if (c.ep.mode == EpMode::AllGatherReduceScatter) {
        const double full = static_cast<double>(c.tokens) * p.dp * m.hidden * c.activationBytes;
        k.dispatchOp = k.combineOp = full;
        k.dispatchSec = k.combineSec = ringAllGatherSec(p.dp, full, link);
        k.dispatchBytes = k.combineBytes = ringAllGatherBytesSent(p.dp, full);
    }
    return k;
}

// The stage's work for one micro-batch, in order: the receiving AllGather, the embedding
// AllReduce, then per layer group its compute, TP AllReduces and EP dispatch/combine, the LM-head
// gather, and the send to the next stage. No overlap, as the time model assumes.
std::vector<TimelineEvent> stageWork(const Evaluation &e, const ModelSpec &m, const CommLedger &c, const PhaseTime &pt,
    int s, int firstLayer, const TimelineOptions &opt)
{
    const Plan &p = e.plan;
    const StageComm &st = c.stages[static_cast<size_t>(s)];
    const StageTime &time = pt.stages[static_cast<size_t>(s)];
    const int layers = e.stageLayers[static_cast<size_t>(s)];
    const int last = p.pp - 1;
    std::vector<TimelineEvent> out;
    double t = 0;
    auto add = [&](TimelineEvent ev, double sec) {
        ev.stage = s;
        ev.startSec = t;
        ev.endSec = t + sec;
        t = ev.endSec;
        out.push_back(ev);
    };

    if (s > 0 && p.tp > 1) {
        TimelineEvent ev;
        ev.kind = EventKind::PpGather;
        ev.peerStage = s - 1;
        ev.count = 1;
        ev.bytesPerOp = c.pp.bytesPerSend;
        ev.bytesSentPerGpu = ringAllGatherBytesSent(p.tp, c.pp.bytesPerSend);
        ev.link = st.tpLink;
        add(ev, c.stages[static_cast<size_t>(s - 1)].ppGatherSec);
    }
    if (s == 0 && c.tp.embeddingBytes > 0) {
        TimelineEvent ev;
        ev.kind = EventKind::EmbeddingAllReduce;
        ev.count = 1;
        ev.bytesPerOp = c.tp.embeddingBytes;
        ev.bytesSentPerGpu = c.tp.embeddingBytesSentPerGpu;
        ev.link = st.tpLink;
        add(ev, st.embeddingSec);
    }
    // The stage's roofline time (weights, KV, embedding rows and LM head together) spread over its
    // layer groups by layer count: the model keeps no finer split.
    const double roofline = std::max(time.memorySec, time.computeSec);
    const double allreduceSec = st.layers > 0 ? st.tpSec / (2.0 * st.layers) : 0;
    const double allreduceSent = ringAllReduceBytesSent(p.tp, c.tp.bytesPerAllreduce);
    const EpLayerCost ep = epLayerCost(c, p, m, c.params[st.epLink]);
    int first = firstLayer;
    for (int size : groupSizes(layers, opt.groupsPerStage)) {
        TimelineEvent base;
        base.firstLayer = first;
        base.lastLayer = first + size - 1;
        TimelineEvent compute = base;
        compute.kind = EventKind::Compute;
        add(compute, layers > 0 ? roofline * size / layers : 0);
        if (p.tp > 1) {
            TimelineEvent ar = base;
            ar.kind = EventKind::TpAllReduce;
            ar.count = 2 * size;
            ar.bytesPerOp = c.tp.bytesPerAllreduce;
            ar.bytesSentPerGpu = ar.count * allreduceSent;
            ar.link = st.tpLink;
            add(ar, ar.count * allreduceSec);
        }
        const int moe = c.ep.mode != EpMode::None ? moeLayersIn(m, first, size) : 0;
        if (moe > 0) {
            TimelineEvent d = base;
            d.kind = EventKind::EpDispatch;
            d.count = moe;
            d.bytesPerOp = ep.dispatchOp;
            d.bytesSentPerGpu = moe * ep.dispatchBytes;
            d.link = st.epLink;
            add(d, moe * ep.dispatchSec);
            TimelineEvent cb = base;
            cb.kind = EventKind::EpCombine;
            cb.count = moe;
            cb.bytesPerOp = ep.combineOp;
            cb.bytesSentPerGpu = moe * ep.combineBytes;
            cb.link = st.epLink;
            add(cb, moe * ep.combineSec);
        }
        first += size;
    }
    if (s == last && c.tp.lmHeadBytes > 0) {
        TimelineEvent ev;
        ev.kind = EventKind::LmHeadGather;
        ev.count = 1;
        ev.bytesPerOp = c.tp.lmHeadBytes;
        ev.bytesSentPerGpu = c.tp.lmHeadBytesSentPerGpu;
        ev.link = st.tpLink;
        add(ev, st.lmHeadSec);
    }
    if (s < last) {
        TimelineEvent ev;
        ev.kind = EventKind::PpSend;
        ev.peerStage = s + 1;
        ev.count = 1;
        ev.bytesPerOp = c.pp.bytesPerSend;
        ev.bytesSentPerGpu = c.pp.bytesSentPerGpuPerStep;
        ev.link = st.ppLink;
        add(ev, st.ppSendSec);
    }
    return out;
}

std::vector<int> stageGpus(const Evaluation &e, int stage)
{
    const Plan &p = e.plan;
    std::vector<int> out;
    for (int d = 0; d < p.dp; ++d)
        for (int t = 0; t < p.tp; ++t)
            out.push_back(globalRank(d, stage, t, p.tp, p.pp));
    return out;
}

} // namespace

Timeline buildTimeline(const EvaluatedPlan &evaluated, Phase phase, const TimelineOptions &opt)
{
    const Evaluation &e = evaluated.evaluation;
    const ModelSpec &m = evaluated.model;
    const GpuSpec &gpu = evaluated.gpu;
    Timeline tl;
    const Plan &p = e.plan;
    tl.phase = phase;
    tl.planMicrobatches = std::max(1, p.microbatches);
    tl.microbatches = std::min(tl.planMicrobatches, std::max(1, opt.maxMicrobatches));
    tl.tp = p.tp;
    tl.dp = p.dp;
    tl.worldSize = e.worldSize;
    const PhaseTime &pt = phase == Phase::Prefill ? e.time.prefill : e.time.decode;
    if (!e.valid || e.stageLayers.empty() || pt.stages.size() != e.stageLayers.size())
        return tl;
    // The same ledger the time model used for this phase.
    const std::int64_t n = phase == Phase::Prefill ? p.promptLen : p.batch;
    const CommLedger c = e.comm.phase == phase && e.comm.tokens == std::max<std::int64_t>(1, n)
        ? e.comm
        : computeComm(e, m, gpu, phase, n);
    if (c.stages.size() != e.stageLayers.size())
        return tl;
    tl.tokens = c.tokens;
    tl.stages = p.pp;
    tl.formulaBubbleFraction = bubbleFraction(p.pp, tl.microbatches);

    std::vector<std::vector<TimelineEvent>> work;
    int first = 0;
    for (int s = 0; s < p.pp; ++s) {
        work.push_back(stageWork(e, m, c, pt, s, first, opt));
        first += e.stageLayers[static_cast<size_t>(s)];
        tl.stageBusySec.push_back(work.back().empty() ? 0 : work.back().back().endSec);
        tl.pathSec += tl.stageBusySec.back();
    }
    const PipelineSchedule sched = schedulePipeline(tl.stageBusySec, tl.microbatches);
    tl.makespanSec = sched.makespanSec;

    // Idle shorter than this is rounding, not a gap worth drawing.
    const double eps = 1e-9 * std::max(tl.makespanSec, 1e-12);
    double bubble = 0, stall = 0;
    auto idle = [&](int s, IdleReason why, double from, double to) {
        if (to - from <= eps)
            return;
        TimelineEvent ev;
        ev.kind = EventKind::Idle;
        ev.idle = why;
        ev.stage = s;
        ev.peerStage = why == IdleReason::Stall ? s - 1 : -1;
        ev.startSec = from;
        ev.endSec = to;
        tl.events.push_back(ev);
        (why == IdleReason::Stall ? stall : bubble) += to - from;
    };
    for (int s = 0; s < p.pp; ++s) {
        const std::vector<double> &starts = sched.starts[static_cast<size_t>(s)];
        const double busy = tl.stageBusySec[static_cast<size_t>(s)];
        idle(s, IdleReason::Fill, 0, starts.front());
        for (int j = 0; j < tl.microbatches; ++j) {
            const double start = starts[static_cast<size_t>(j)];
            if (j > 0)
                idle(s, IdleReason::Stall, starts[static_cast<size_t>(j - 1)] + busy, start);
            for (TimelineEvent ev : work[static_cast<size_t>(s)]) {
                ev.microbatch = j;
                ev.startSec += start;
                ev.endSec += start;
                tl.events.push_back(ev);
            }
        }
        idle(s, IdleReason::Drain, starts.back() + busy, tl.makespanSec);
    }
    std::stable_sort(tl.events.begin(), tl.events.end(), [](const TimelineEvent &a, const TimelineEvent &b) {
        if (a.startSec != b.startSec)
            return a.startSec < b.startSec;
        return a.stage < b.stage;
    });
    // Every stage has tp x dp lanes, so lane shares are stage shares.
    const double laneTime = tl.makespanSec * p.pp;
    if (laneTime > 0) {
        tl.bubbleFraction = bubble / laneTime;
        tl.stallFraction = stall / laneTime;
    }
    return tl;
}

int laneStage(const Evaluation &e, int gpu)
{
    if (gpu >= 0 && gpu < static_cast<int>(e.ranks.size()))
        return e.ranks[static_cast<size_t>(gpu)].ppStage;
    const int tp = std::max(1, e.plan.tp), pp = std::max(1, e.plan.pp);
    return (gpu / tp) % pp;
}

std::vector<int> eventGpus(const Evaluation &e, const TimelineEvent &ev)
{
    std::vector<int> out = stageGpus(e, ev.stage);
    if (ev.kind == EventKind::PpSend && ev.peerStage >= 0) {
        const std::vector<int> peers = stageGpus(e, ev.peerStage);
        out.insert(out.end(), peers.begin(), peers.end());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::vector<int>> eventGroups(const Evaluation &e, const TimelineEvent &ev)
{
    const Plan &p = e.plan;
    const int s = ev.stage;
    std::vector<std::vector<int>> groups;
    switch (ev.kind) {
    case EventKind::Compute:
    case EventKind::Idle:
        break;
    case EventKind::TpAllReduce:
    case EventKind::EmbeddingAllReduce:
    case EventKind::LmHeadGather:
    case EventKind::PpGather:
        for (int d = 0; d < p.dp; ++d) {
            std::vector<int> g;
            g.reserve(static_cast<size_t>(p.tp));
            for (int t = 0; t < p.tp; ++t)
                g.push_back(globalRank(d, s, t, p.tp, p.pp));
            groups.push_back(g);
        }
        break;
    case EventKind::EpDispatch:
    case EventKind::EpCombine:
        if (p.ep > 1) {
            // All-to-all inside blocks of ep consecutive MoE-group ranks (dp_rank x tp + tp_rank).
            const std::vector<int> gpus = stageGpus(e, s);
            for (size_t i = 0; i < gpus.size(); i += static_cast<size_t>(p.ep))
                groups.emplace_back(gpus.begin() + static_cast<long>(i),
                    gpus.begin() + static_cast<long>(std::min(gpus.size(), i + static_cast<size_t>(p.ep))));
        } else {
            // AllGather / ReduceScatter across the DP ranks of each TP rank.
            for (int t = 0; t < p.tp; ++t) {
                std::vector<int> g;
                g.reserve(static_cast<size_t>(p.dp));
                for (int d = 0; d < p.dp; ++d)
                    g.push_back(globalRank(d, s, t, p.tp, p.pp));
                groups.push_back(g);
            }
        }
        break;
    case EventKind::PpSend:
        if (ev.peerStage >= 0)
            for (int d = 0; d < p.dp; ++d)
                for (int t = 0; t < p.tp; ++t)
                    groups.push_back({ globalRank(d, s, t, p.tp, p.pp), globalRank(d, ev.peerStage, t, p.tp, p.pp) });
        break;
    }
    return groups;
}

std::string eventLabel(const TimelineEvent &ev)
{
    auto layers = [&]() {
        if (ev.firstLayer < 0)
            return std::string();
        return ev.firstLayer == ev.lastLayer
            ? ", layer " + std::to_string(ev.firstLayer)
            : ", layers " + std::to_string(ev.firstLayer) + "–" + std::to_string(ev.lastLayer);
    };
    auto link
        = [&]() { return ev.link == LinkKind::None ? std::string() : std::string(" (") + linkKindName(ev.link) + ")"; };
    auto times = [&]() { return ev.count > 1 ? " ×" + std::to_string(ev.count) : std::string(); };
    std::string s;
    switch (ev.kind) {
    case EventKind::Compute:
        s = "Compute" + layers();
        break;
    case EventKind::TpAllReduce:
        s = "TP AllReduce" + times() + layers() + link();
        break;
    case EventKind::EmbeddingAllReduce:
        s = "Embedding AllReduce" + link();
        break;
    case EventKind::LmHeadGather:
        s = "LM-head logits AllGather" + link();
        break;
    case EventKind::EpDispatch:
        s = "EP dispatch" + times() + layers() + link();
        break;
    case EventKind::EpCombine:
        s = "EP combine" + times() + layers() + link();
        break;
    case EventKind::PpSend:
        s = "PP send stage " + std::to_string(ev.stage) + " → " + std::to_string(ev.peerStage) + link();
        break;
    case EventKind::PpGather:
        s = "PP AllGather of stage " + std::to_string(ev.peerStage) + "'s activations" + link();
        break;
    case EventKind::Idle:
        switch (ev.idle) {
        case IdleReason::Fill:
            return "Idle: pipeline fill (bubble)";
        case IdleReason::Drain:
            return "Idle: pipeline drain (bubble)";
        case IdleReason::Stall:
            return "Idle: waiting for stage " + std::to_string(ev.peerStage);
        case IdleReason::None:
            return "Idle";
        }
        return "Idle";
    }
    if (ev.microbatch >= 0)
        s += " — micro-batch " + std::to_string(ev.microbatch);
    return s;
}

} // namespace shardscope
