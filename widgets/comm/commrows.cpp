#include "widgets/comm/commrows.h"

#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

#include <algorithm>

using namespace shardscope;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(CommRows)
};

// How EP traffic moves, in words (core's epModeName() is the JSON value "all_to_all").
QString epModeLabel(EpMode mode)
{
    switch (mode) {
    case EpMode::None:
        return Tr::tr("none");
    case EpMode::AllToAll:
        return Tr::tr("all-to-all");
    case EpMode::AllGatherReduceScatter:
        return Tr::tr("AllGather + ReduceScatter");
    }
    return {};
}
} // namespace

CommPhases commPhases(const PlanState &state)
{
    const Evaluation &e = state.evaluation;
    if (!e.valid)
        return {};
    const Plan &p = e.plan;
    // evaluate() keeps the plan's own phase; the other one is computed here (a few microseconds).
    CommPhases c;
    c.decode = p.phase == Phase::Decode ? e.comm : computeComm(e, state.model, state.gpu, Phase::Decode, p.batch);
    c.prefill
        = p.phase == Phase::Prefill ? e.comm : computeComm(e, state.model, state.gpu, Phase::Prefill, p.promptLen);
    return c;
}

CommPhases commPhases(const PlanState &state, std::int64_t decodeTokens, std::int64_t prefillTokens)
{
    const Evaluation &e = state.evaluation;
    if (!e.valid)
        return {};
    CommPhases c;
    c.decode = computeComm(e, state.model, state.gpu, Phase::Decode, std::max<std::int64_t>(1, decodeTokens));
    c.prefill = computeComm(e, state.model, state.gpu, Phase::Prefill, std::max<std::int64_t>(1, prefillTokens));
    return c;
}

std::vector<CommRow> commRows(const PlanState &state, const CommPhases &c)
{
    std::vector<CommRow> rows;
    if (!state.evaluation.valid)
        return rows;
    const CommLedger &d = c.decode;
    const CommLedger &f = c.prefill;
    const int hidden = state.model.hidden;
    const auto add = [&rows](CommRow r) {
        if (r.decodeSent > 0 || r.prefillSent > 0 || r.decodeSec > 0 || r.prefillSec > 0)
            rows.push_back(std::move(r));
    };
    add({ CommRow::TpAllReduce, Tr::tr("TP AllReduce, 2 per layer"), Tr::tr("TP"), d.tp.link, d.tp.allreducePerStep,
        d.tp.bytesPerAllreduce, d.tp.bytesSentPerGpuPerStep, d.tp.timeSec, f.tp.bytesPerAllreduce,
        f.tp.bytesSentPerGpuPerStep, f.tp.timeSec,
        Tr::tr("S = n × h × b = n × %1 × 2 B per AllReduce; a ring sends 2(t−1)/t × S per GPU, t = %2")
            .arg(hidden)
            .arg(d.tp.size) });
    add({ CommRow::Embedding, Tr::tr("Embedding AllReduce"), Tr::tr("embedding"),
        d.stages.empty() ? d.tp.link : d.stages.front().tpLink, 1, d.tp.embeddingBytes, d.tp.embeddingBytesSentPerGpu,
        d.tp.embeddingTimeSec, f.tp.embeddingBytes, f.tp.embeddingBytesSentPerGpu, f.tp.embeddingTimeSec,
        Tr::tr("one AllReduce of n × h × b on the first stage (vocabulary-parallel embedding)") });
    add({ CommRow::LmHead, Tr::tr("LM-head logits gather"), Tr::tr("LM head"),
        d.stages.empty() ? d.tp.link : d.stages.back().tpLink, 1, d.tp.lmHeadBytes, d.tp.lmHeadBytesSentPerGpu,
        d.tp.lmHeadTimeSec, f.tp.lmHeadBytes, f.tp.lmHeadBytesSentPerGpu, f.tp.lmHeadTimeSec,
        Tr::tr("one AllGather of rows × padded vocabulary × b on the last stage (%1 rows in decode, %2 in prefill)")
            .arg(d.logitsRows)
            .arg(f.logitsRows) });
    add({ CommRow::PpSend, Tr::tr("PP send, hidden + residual"), Tr::tr("PP"), d.pp.link, d.pp.sendsPerStep,
        d.pp.bytesPerSend, d.pp.bytesSentPerGpuPerStep, d.pp.timeSec, f.pp.bytesPerSend, f.pp.bytesSentPerGpuPerStep,
        f.pp.timeSec, Tr::tr("pp − 1 sends of 2 × n × h × b; each TP rank sends 1/t and the next stage all-gathers") });
    add({ CommRow::Ep, Tr::tr("EP dispatch + combine, %1").arg(epModeLabel(d.ep.mode)), Tr::tr("EP"), d.ep.link,
        d.ep.mode == EpMode::None ? 0 : 2 * d.ep.moeLayers, d.ep.bytesPerMoeLayerBusiestGpu,
        d.ep.bytesPerStepBusiestGpu, d.ep.timeSec, f.ep.bytesPerMoeLayerBusiestGpu, f.ep.bytesPerStepBusiestGpu,
        f.ep.timeSec,
        Tr::tr(
            "k × h × (b_dispatch + 2) = %1 B per token per MoE layer; 1/%2 stays local; busiest GPU ×%3 (routing skew)")
            .arg(textformat::count(static_cast<std::int64_t>(d.ep.bytesPerTokenPerMoeLayer)))
            .arg(d.ep.size)
            .arg(d.ep.skewFactor, 0, 'g', 3) });
    for (const LinkTotal &lt : d.links) {
        CommRow r { CommRow::LinkTotal, Tr::tr("Total on %1").arg(textformat::linkName(lt.link, state.gpu.scaleupLink)),
            {}, lt.link, 0, 0, lt.bytesPerGpu, lt.timeSec, 0, 0, 0,
            Tr::tr("sum of the rows above that use this link") };
        for (const LinkTotal &pf : f.links)
            if (pf.link == lt.link) {
                r.prefillSent = pf.bytesPerGpu;
                r.prefillSec = pf.timeSec;
            }
        add(std::move(r));
    }
    for (const LinkTotal &pf : f.links) // a link only prefill uses
        if (std::none_of(d.links.begin(), d.links.end(), [&](const LinkTotal &x) { return x.link == pf.link; }))
            add({ CommRow::LinkTotal, Tr::tr("Total on %1").arg(textformat::linkName(pf.link, state.gpu.scaleupLink)),
                {}, pf.link, 0, 0, 0, 0, 0, pf.bytesPerGpu, pf.timeSec,
                Tr::tr("sum of the rows above that use this link") });
    return rows;
}
