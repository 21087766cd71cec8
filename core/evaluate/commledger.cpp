#include "core/evaluate/commledger.h"

#include "core/evaluate/evaluation.h"
#include "core/evaluate/placement.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

const char *epModeName(EpMode m)
{
    switch (m) {
    case EpMode::None:
        return "none";
    case EpMode::AllToAll:
        return "all_to_all";
    case EpMode::AllGatherReduceScatter:
        return "allgather_reducescatter";
    }
    return "none";
}

double expertSkewFactor(double skew, int slotsPerRank, int slots, int k)
{
    if (slotsPerRank < 1 || skew <= 1)
        return 1.0;
    double x = skew;
    if (k > 0 && slots > 0)
        x = std::min(x, static_cast<double>(slots) / k);
    return std::max(1.0, (slotsPerRank - 1 + x) / slotsPerRank);
}

namespace {

// vLLM's VocabParallelEmbedding / ParallelLMHead pad each partition to a multiple of 64 rows; the
// logits gather moves the padded vocabulary.
double paddedVocab(int vocab, int tp)
{
    const double perRank = std::ceil(static_cast<double>(vocab) / tp / 64.0) * 64.0;
    return perRank * tp;
}

// FP8 dispatch as DeepEP sends it (docs/DESIGN.md §D.5d): e4m3 values plus one FP32 scale per
// 128 elements, 7168 + 56 x 4 = 7392 bytes per token-expert for DeepSeek-V3.
double dispatchBytesPerElementRow(int hidden, bool fp8)
{
    if (!fp8)
        return 2.0 * hidden;
    return hidden + 4.0 * std::ceil(hidden / 128.0);
}

struct StageShape
{
    int first = 0;
    int layers = 0;
    int moeLayers = 0;
};

std::vector<StageShape> stageShapes(const Evaluation &e, const ModelSpec &m)
{
    std::vector<StageShape> out(e.stageLayers.size());
    int first = 0;
    for (size_t s = 0; s < out.size(); ++s) {
        out[s].first = first;
        out[s].layers = e.stageLayers[s];
        const int last = std::min<int>(first + e.stageLayers[s], static_cast<int>(m.layerInfo.size()));
        for (int i = first; i < last; ++i)
            out[s].moeLayers += m.layerInfo[static_cast<size_t>(i)].moe ? 1 : 0;
        first += e.stageLayers[s];
    }
    return out;
}

void addToLink(std::vector<LinkTotal> &links, LinkKind kind, double bytes, double sec)
{
    if (kind == LinkKind::None || (bytes <= 0 && sec <= 0))
        return;
    for (LinkTotal &l : links)
        if (l.link == kind) {
            l.bytesPerGpu += bytes;
            l.timeSec += sec;
            return;
        }
    links.push_back({ kind, bytes, sec });
}

} // namespace

CommLedger computeComm(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    return computeComm(e, m, gpu, p.phase, p.phase == Phase::Prefill ? p.promptLen : p.batch);
}

CommLedger computeComm(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, Phase phase, std::int64_t tokens)
{
    CommLedger c;
    const Plan &p = e.plan;
    c.phase = phase;
    c.tokens = std::max<std::int64_t>(1, tokens);
    // vLLM computes logits only where it samples: every decode sequence, the last prompt token in prefill.
    c.logitsRows = phase == Phase::Prefill ? 1 : c.tokens;
    c.params = resolveLinks(p, gpu);
    c.dp.lockstep = m.isMoe() && p.dp > 1;
    if (!e.valid || e.stageLayers.empty())
        return c;

    const int tp = p.tp, pp = p.pp, dp = p.dp;
    const double n = static_cast<double>(c.tokens);
    const double h = m.hidden;
    const double b = c.activationBytes;
    const Topology topo = makeTopology(e.gpusPerNode, gpu);
    const std::vector<StageShape> shapes = stageShapes(e, m);

    // TP: S = n x h x b per AllReduce (docs/DESIGN.md §4).
    c.tp.size = tp;
    c.tp.bytesPerAllreduce = n * h * b;
    c.tp.embeddingBytes = tp > 1 ? c.tp.bytesPerAllreduce : 0;
    c.tp.lmHeadBytes = tp > 1 ? static_cast<double>(c.logitsRows) * paddedVocab(m.vocab, tp) * b : 0;
    c.tp.embeddingBytesSentPerGpu = ringAllReduceBytesSent(tp, c.tp.embeddingBytes);
    c.tp.lmHeadBytesSentPerGpu = ringAllGatherBytesSent(tp, c.tp.lmHeadBytes);

    // PP: hidden_states + residual, 2 x n x h x b per boundary; each TP rank sends 1/t of it.
    c.pp.sendsPerStep = pp - 1;
    c.pp.bytesPerSend = pp > 1 ? 2.0 * n * h * b : 0;
    c.pp.bytesSentPerGpuPerStep = pp > 1 ? c.pp.bytesPerSend / tp : 0;

    // EP: 2 x n x k x h x b per MoE layer in BF16 (lecture 0 §4.3, docs/DESIGN.md §F.0). A LatentMoE
    // (Nemotron-3 Super) dispatches and combines rows of moe_latent_size, not hidden: vLLM's FusedMoE
    // there has hidden_size = moe_latent_size and applies fc1_latent_proj before the dispatch and
    // fc2_latent_proj after the combine (neuralmagic/vllm, a mirror of vllm-project/vllm, @017e9f4448b7
    // models/nemotron_h.py NemotronHMoE; layers/fused_moe/runner/moe_runner.py
    // apply_routed_input_transform).
    const int k = m.expertsPerToken;
    const int slots = m.experts + std::max(0, p.redundantExperts);
    const int routedWidth = m.moeLatent > 0 ? m.moeLatent : m.hidden;
    c.ep.moeLayers = m.isMoe() ? m.moeLayerCount() : 0;
    if (m.isMoe()) {
        c.ep.dispatchBytesPerToken = k * dispatchBytesPerElementRow(routedWidth, p.fp8Dispatch);
        c.ep.combineBytesPerToken = k * 2.0 * routedWidth;
        c.ep.bytesPerTokenPerMoeLayer = c.ep.dispatchBytesPerToken + c.ep.combineBytesPerToken;
        if (dp > 1)
            c.ep.mode = p.ep > 1 ? EpMode::AllToAll : EpMode::AllGatherReduceScatter;
    }
    if (c.ep.mode == EpMode::AllToAll) {
        c.ep.size = p.ep;
        c.ep.tokensPerGpu = n / tp; // the TP ranks of a replica split its tokens (sequence-parallel MoE)
        c.ep.localFraction = 1.0 / p.ep;
        const int slotsPerRank = (slots + p.ep - 1) / p.ep;
        c.ep.skewFactor = expertSkewFactor(p.routingSkew, slotsPerRank, slots, k);
        c.ep.bytesPerMoeLayerUniformGpu
            = c.ep.tokensPerGpu * c.ep.bytesPerTokenPerMoeLayer * (1.0 - c.ep.localFraction);
    } else if (c.ep.mode == EpMode::AllGatherReduceScatter) {
        // vLLM's allgather_reducescatter all2all manager: every GPU gathers all DP ranks' tokens
        // (n x dp x h x b), computes its slice of every expert, and reduce-scatters the result.
        c.ep.size = dp;
        c.ep.tokensPerGpu = n;
        c.ep.localFraction = 1.0 / dp;
        c.ep.bytesPerMoeLayerUniformGpu = 2.0 * ringAllGatherBytesSent(dp, n * dp * h * b);
    }
    c.ep.bytesPerMoeLayerBusiestGpu = c.ep.bytesPerMoeLayerUniformGpu * c.ep.skewFactor;

    // Walk the stages: classify every group's link (worst group of the stage) and cost it.
    c.stages.resize(static_cast<size_t>(pp));
    for (int s = 0; s < pp; ++s) {
        StageComm &st = c.stages[static_cast<size_t>(s)];
        st.stage = s;
        st.layers = shapes[static_cast<size_t>(s)].layers;
        st.moeLayers = shapes[static_cast<size_t>(s)].moeLayers;
        // TP groups are tp consecutive ranks: the first and last decide the node and the domain.
        for (int d = 0; d < dp && tp > 1; ++d) {
            const int first = globalRank(d, s, 0, tp, pp);
            st.tpLink = std::max(st.tpLink, topo.between(first, first + tp - 1));
        }
        if (c.ep.mode != EpMode::None && st.moeLayers > 0) {
            // The MoE group is the tp x dp GPUs of the stage; the DP group of one TP rank for AG/RS.
            const int origin = globalRank(0, s, 0, tp, pp);
            for (int d = 0; d < dp; ++d)
                for (int t = 0; t < tp; ++t) {
                    const int r = globalRank(d, s, t, tp, pp);
                    const LinkKind l = c.ep.mode == EpMode::AllToAll ? topo.between(origin, r)
                                                                     : topo.between(globalRank(0, s, t, tp, pp), r);
                    st.epLink = std::max(st.epLink, l);
                }
        }
        if (s + 1 < pp)
            for (int d = 0; d < dp; ++d)
                for (int t = 0; t < tp; ++t)
                    st.ppLink = std::max(
                        st.ppLink, topo.between(globalRank(d, s, t, tp, pp), globalRank(d, s + 1, t, tp, pp)));
    }
    for (int s = 0; s < pp; ++s) {
        StageComm &st = c.stages[static_cast<size_t>(s)];
        const LinkParams &tpl = c.params[st.tpLink];
        const double arSec = ringAllReduceSec(tp, c.tp.bytesPerAllreduce, tpl);
        st.tpSec = 2.0 * st.layers * arSec;
        st.tpBytesSentPerGpu = 2.0 * st.layers * ringAllReduceBytesSent(tp, c.tp.bytesPerAllreduce);
        if (s == 0)
            st.embeddingSec = ringAllReduceSec(tp, c.tp.embeddingBytes, tpl);
        if (s == pp - 1)
            st.lmHeadSec = ringAllGatherSec(tp, c.tp.lmHeadBytes, tpl);
        if (st.moeLayers > 0 && c.ep.mode != EpMode::None) {
            const LinkParams &epl = c.params[st.epLink];
            double layerSec = 0; // one MoE layer's dispatch and combine
            if (c.ep.mode == EpMode::AllToAll) {
                // Dispatch then combine, each a pairwise all-to-all: (p-1)·α + (p-1)/p · S/B with S what
                // the busiest GPU moves (its skewed share).
                const double load = c.ep.tokensPerGpu * c.ep.skewFactor;
                layerSec = allToAllSec(p.ep, load * c.ep.dispatchBytesPerToken, epl)
                    + allToAllSec(p.ep, load * c.ep.combineBytesPerToken, epl);
            } else {
                layerSec = 2.0 * ringAllGatherSec(dp, n * dp * h * b, epl);
            }
            st.epSec = st.moeLayers * layerSec;
            st.epBytesBusiestGpu = st.moeLayers * c.ep.bytesPerMoeLayerBusiestGpu;
        }
        if (s + 1 < pp) {
            // α + (S/t)/B on the boundary's link, then the receivers' AllGather of S on their TP link.
            const LinkParams &nextTp = c.params[c.stages[static_cast<size_t>(s) + 1].tpLink];
            st.ppSendSec = p2pSec(c.pp.bytesPerSend / tp, c.params[st.ppLink]);
            st.ppGatherSec = ringAllGatherSec(tp, c.pp.bytesPerSend, nextTp);
            st.ppBytesSentPerGpu = c.pp.bytesSentPerGpuPerStep;
        }

        c.tp.allreducePerStep += tp > 1 ? 2 * st.layers : 0;
        c.tp.link = std::max(c.tp.link, st.tpLink);
        c.tp.timeSec += st.tpSec;
        c.tp.bytesSentPerGpuPerStep = std::max(c.tp.bytesSentPerGpuPerStep, st.tpBytesSentPerGpu);
        c.tp.embeddingTimeSec += st.embeddingSec;
        c.tp.lmHeadTimeSec += st.lmHeadSec;
        c.ep.link = std::max(c.ep.link, st.epLink);
        c.ep.timeSec += st.epSec;
        c.ep.bytesPerStepBusiestGpu = std::max(c.ep.bytesPerStepBusiestGpu, st.epBytesBusiestGpu);
        c.pp.link = std::max(c.pp.link, st.ppLink);
        c.pp.timeSec += st.ppSendSec + st.ppGatherSec;
        c.totalTimeSec += st.totalSec();

        addToLink(c.links, st.tpLink, 0, st.tpSec + st.embeddingSec + st.lmHeadSec);
        addToLink(c.links, st.epLink, 0, st.epSec);
        addToLink(c.links, st.ppLink, 0, st.ppSendSec);
        if (s + 1 < pp)
            addToLink(c.links, c.stages[static_cast<size_t>(s) + 1].tpLink, 0, st.ppGatherSec);
    }
    // Bytes per link: what the busiest GPU of each entry sends.
    addToLink(c.links, c.tp.link,
        c.tp.bytesSentPerGpuPerStep + c.tp.embeddingBytesSentPerGpu + c.tp.lmHeadBytesSentPerGpu, 0);
    addToLink(c.links, c.ep.link, c.ep.bytesPerStepBusiestGpu, 0);
    addToLink(c.links, c.pp.link, c.pp.bytesSentPerGpuPerStep, 0);
    return c;
}

} // namespace shardscope
