// The communication ledger, worked out by hand from docs/DESIGN.md §4, lecture 0 §4 (docs/DESIGN.md §F.0) and
// docs/DESIGN.md §D (α-β model).
#include "core/evaluate/commledger.h"
#include "core/model/planio.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

constexpr double MiBytes = 1024.0 * 1024.0;

Plan basePlan(int tp, int pp = 1, int dp = 1, int ep = 1)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    p.maxModelLen = 8192;
    return p;
}

} // namespace

class TestComm : public QObject
{
    Q_OBJECT
private slots:
    // docs/DESIGN.md §D.1 with α = 1 us, B = 1 GB/s, S = 8 MB, p = 8.
    void alphaBetaFormulas()
    {
        LinkParams l;
        l.latencySec = 1e-6;
        l.bytesPerSec = 1e9;
        // ring AllReduce: 2(p-1)α + 2(p-1)/p S/B = 14 us + 1.75 x 8 ms = 14.014 ms
        QVERIFY(near(ringAllReduceSec(8, 8e6, l), 14e-6 + 14e-3, 1e-12));
        // AllGather of the full 8 MB buffer: 7 us + 7/8 x 8 ms = 7.007 ms
        QVERIFY(near(ringAllGatherSec(8, 8e6, l), 7e-6 + 7e-3, 1e-12));
        // all-to-all of 8 MB sent per rank: same shape as AllGather
        QVERIFY(near(allToAllSec(8, 8e6, l), 7e-6 + 7e-3, 1e-12));
        // P2P: 1 us + 8 ms
        QVERIFY(near(p2pSec(8e6, l), 1e-6 + 8e-3, 1e-12));
        // one rank is no collective
        QCOMPARE(ringAllReduceSec(1, 8e6, l), 0.0);
        // bytes one rank sends in a ring AllReduce of 1 MiB over 4: 2 x 3/4 x 1 MiB = 1.5 MiB
        QCOMPARE(ringAllReduceBytesSent(4, MiBytes), 1.5 * MiBytes);
    }

    // Preset defaults: H100 NVLink 450 GB/s x 0.82 = 369 GB/s (NCCL's ~370 GB/s), NDR 400 Gb/s =
    // 50 GB/s x 0.94 = 47 GB/s ("46-48 GB/s per NIC"); H800's measured 0.8 x 200 = 160 GB/s (DeepEP).
    void presetLinks()
    {
        const LinkSet h100 = resolveLinks(Plan {}, presetGpu("h100-sxm"));
        QVERIFY(near(h100.scaleUp.bytesPerSec, 369e9, 1e-9));
        QVERIFY(near(h100.nic.bytesPerSec, 47e9, 1e-9));
        QVERIFY(near(h100.scaleUp.latencySec, 1e-6, 1e-9));
        QVERIFY(near(h100.nic.latencySec, 5e-6, 1e-9));
        QVERIFY(near(resolveLinks(Plan {}, presetGpu("h800")).scaleUp.bytesPerSec, 160e9, 1e-9));
        // PCIe-only card: NCCL's PCI ring, 20.6 us over 14 steps -> 1.5 us per step
        QVERIFY(near(resolveLinks(Plan {}, presetGpu("l40s")).pcie.latencySec, 1.5e-6, 1e-9));
        // Overrides are effective bandwidths: efficiency reported relative to the line rate
        Plan p;
        p.scaleupLatencySec = 0;
        p.scaleupBytesPerSec = 450e9;
        const LinkSet o = resolveLinks(p, presetGpu("h100-sxm"));
        QCOMPARE(o.scaleUp.latencySec, 0.0);
        QCOMPARE(o.scaleUp.bytesPerSec, 450e9);
        QCOMPARE(o.scaleUp.efficiency, 1.0);
        QVERIFY(o.scaleUp.overridden);
        QVERIFY(!o.nic.overridden);
    }

    // Lecture 0 §4.1 (docs/DESIGN.md §F.0): Llama-3.1-70B, TP=4, 64 decode tokens, bf16.
    void tpLlama70bBatch64()
    {
        Plan p = basePlan(4);
        p.batch = 64;
        p.scaleupLatencySec = 0; // α = 0
        p.scaleupBytesPerSec = 450e9; // NVLink one direction, efficiency 1
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QVERIFY(e.valid);
        const TpComm &tp = e.comm.tp;
        QCOMPARE(tp.bytesPerAllreduce, 1.0 * MiBytes); // 64 x 8192 x 2 B = 1 MiB
        QCOMPARE(tp.allreducePerStep, 160); // 2 x 80 layers
        QCOMPARE(tp.bytesSentPerGpuPerStep, 240 * MiBytes); // 160 x 2 x 3/4 x 1 MiB
        QVERIFY(near(tp.timeSec, 0.5592405e-3, 1e-6)); // 251,658,240 B / 450e9 B/s ≈ 0.56 ms
        QCOMPARE(tp.link, LinkKind::ScaleUp);
        // Embedding AllReduce apart: one more 1 MiB AllReduce, 1.5 MiB sent per GPU.
        QCOMPARE(tp.embeddingBytes, 1.0 * MiBytes);
        QCOMPARE(tp.embeddingBytesSentPerGpu, 1.5 * MiBytes);
        // LM-head gather apart: 64 rows x 128,256 vocab (32,064 per rank, a multiple of 64) x 2 B
        QCOMPARE(tp.lmHeadBytes, 64.0 * 128256 * 2);
        QCOMPARE(tp.lmHeadBytesSentPerGpu, 64.0 * 128256 * 2 * 3 / 4);
        QCOMPARE(e.comm.pp.sendsPerStep, 0);
        QCOMPARE(e.comm.ep.mode, EpMode::None);
    }

    // With the preset's α (1 us) the 160 small AllReduces cost far more than their bytes:
    // 160 x (6 x 1 us + 1.5 MiB / 369 GB/s) = 160 x (6 + 4.262) us = 1.642 ms.
    void tpLatencyDominates()
    {
        Plan p = basePlan(4);
        p.batch = 64;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QVERIFY(near(e.comm.tp.timeSec, 160 * (6e-6 + 1.5 * MiBytes / 369e9), 1e-9));
    }

    // Lecture 0 §4.2 (docs/DESIGN.md §F.0): PP=4, 3 sends of hidden_states + residual, 2 x 64 x 8192 x 2 = 2 MiB.
    void ppLlama70bBatch64()
    {
        Plan p = basePlan(1, 4);
        p.batch = 64;
        p.scaleupLatencySec = 0;
        p.scaleupBytesPerSec = 450e9;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        const PpComm &pp = e.comm.pp;
        QCOMPARE(pp.sendsPerStep, 3);
        QCOMPARE(pp.bytesPerSend, 2.0 * MiBytes);
        QCOMPARE(pp.bytesSentPerGpuPerStep, 2.0 * MiBytes); // tp = 1: one GPU sends it all
        QCOMPARE(pp.link, LinkKind::ScaleUp); // 4 GPUs in one 8-GPU node
        QVERIFY(near(pp.timeSec, 3 * 2.0 * MiBytes / 450e9, 1e-9)); // 3 x 2 MiB / 450 GB/s = 13.98 us
        QCOMPARE(e.comm.tp.allreducePerStep, 0);
    }

    // vLLM splits the PP tensors over the TP ranks: tp=8 pp=2 over two nodes, each GPU sends
    // 2 MiB / 8 = 256 KiB over its NIC, then the next stage all-gathers the 2 MiB on NVLink.
    void ppAcrossNodesSplitsOverTp()
    {
        Plan p = basePlan(8, 2);
        p.batch = 64;
        p.scaleupLatencySec = 0;
        p.scaleupBytesPerSec = 400e9;
        p.nicLatencySec = 0;
        p.nicBytesPerSec = 50e9;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QCOMPARE(e.comm.pp.link, LinkKind::Nic);
        QCOMPARE(e.comm.tp.link, LinkKind::ScaleUp);
        QCOMPARE(e.comm.pp.bytesSentPerGpuPerStep, 256.0 * 1024);
        // 256 KiB / 50 GB/s + 7/8 x 2 MiB / 400 GB/s = 5.243 us + 4.588 us
        QVERIFY(near(e.comm.pp.timeSec, 262144.0 / 50e9 + 7.0 / 8 * 2 * MiBytes / 400e9, 1e-9));
    }

    // Lecture 0 §4.3 (docs/DESIGN.md §F.0): DeepSeek-V3, h = 7168, k = 8, bf16: 2 x 8 x 7168 x 2 = 229,376 B per
    // token per MoE layer; 61 layers of which the first 3 are dense -> 58 MoE layers.
    void epDeepSeekV3()
    {
        Plan p = basePlan(8, 1, 2, 16); // 16 H200 over two nodes, EP over tp x dp
        p.batch = 64;
        p.nicLatencySec = 0;
        p.nicBytesPerSec = 50e9;
        const Evaluation e = evaluate(p, presetModel("deepseek-v3"), presetGpu("h200"));
        QVERIFY(e.valid);
        const EpComm &ep = e.comm.ep;
        QCOMPARE(ep.bytesPerTokenPerMoeLayer, 229376.0);
        QCOMPARE(ep.moeLayers, 58);
        QCOMPARE(ep.mode, EpMode::AllToAll);
        QCOMPARE(ep.size, 16);
        QCOMPARE(ep.link, LinkKind::Nic); // the MoE group spans both nodes
        QCOMPARE(ep.tokensPerGpu, 8.0); // 64 tokens of a replica split over its 8 TP ranks
        QCOMPARE(ep.localFraction, 1.0 / 16);
        // per GPU per MoE layer: 8 tokens x 229,376 B x 15/16 leave the GPU = 1,720,320 B
        QCOMPARE(ep.bytesPerMoeLayerUniformGpu, 1720320.0);
        QCOMPARE(ep.bytesPerStepBusiestGpu, 58 * 1720320.0); // uniform routing: busiest = uniform
        // α = 0: 58 layers x 1,720,320 B / 50 GB/s = 1.9956 ms
        QVERIFY(near(ep.timeSec, 58 * 1720320.0 / 50e9, 1e-9));
        QVERIFY(e.comm.dp.lockstep);
    }

    // FP8 dispatch as DeepEP sends it: 7168 B + 56 FP32 scales = 7392 B per token-expert; the
    // combine stays BF16: 8 x 7392 + 8 x 14336 = 59,136 + 114,688 = 173,824 B.
    void epFp8Dispatch()
    {
        Plan p = basePlan(8, 1, 2, 16);
        p.fp8Dispatch = true;
        const Evaluation e = evaluate(p, presetModel("deepseek-v3"), presetGpu("h200"));
        QCOMPARE(e.comm.ep.dispatchBytesPerToken, 59136.0);
        QCOMPARE(e.comm.ep.combineBytesPerToken, 114688.0);
        QCOMPARE(e.comm.ep.bytesPerTokenPerMoeLayer, 173824.0);
    }

    // Nemotron-3 Super's LatentMoE: vLLM projects each token to moe_latent_size = 1,024 before the
    // dispatch and back after the combine (nemotron_h.py @017e9f4448b7, FusedMoE hidden_size =
    // moe_latent_size), so a token-expert row is 1,024 wide, not hidden_size 4,096. k = 22:
    // BF16 22 x 2 x 1,024 = 45,056 B each way, 90,112 B per MoE layer (4 x less than at 4,096);
    // FP8 dispatch 22 x (1,024 + 4 x 1,024/128) = 22 x 1,056 = 23,232 B.
    void epLatentMoeWidth()
    {
        const ModelSpec super = presetModel("nemotron-3-super-120b-a12b");
        QCOMPARE(super.moeLatent, 1024);
        QCOMPARE(super.hidden, 4096);
        Plan p = basePlan(4, 1, 2, 8);
        Evaluation e = evaluate(p, super, presetGpu("h200"));
        QVERIFY(e.valid);
        QCOMPARE(e.comm.ep.dispatchBytesPerToken, 45056.0);
        QCOMPARE(e.comm.ep.combineBytesPerToken, 45056.0);
        QCOMPARE(e.comm.ep.bytesPerTokenPerMoeLayer, 90112.0);
        p.fp8Dispatch = true;
        e = evaluate(p, super, presetGpu("h200"));
        QCOMPARE(e.comm.ep.dispatchBytesPerToken, 23232.0);
    }

    // Skew x: the rank holding the hottest expert carries (s - 1 + x) / s of the uniform load,
    // s = experts per rank. EP 16 on 256 experts: s = 16, x = 3 -> 18/16 = 1.125.
    void epRoutingSkew()
    {
        QCOMPARE(expertSkewFactor(3, 16, 256, 8), 1.125);
        QCOMPARE(expertSkewFactor(1, 16, 256, 8), 1.0);
        // one expert per rank: the factor is x itself, capped where the expert gets every token:
        // x <= E / k = 256 / 8 = 32
        QCOMPARE(expertSkewFactor(4, 1, 256, 8), 4.0);
        QCOMPARE(expertSkewFactor(100, 1, 256, 8), 32.0);

        Plan p = basePlan(8, 1, 2, 16);
        p.batch = 64;
        p.routingSkew = 3;
        const Evaluation e = evaluate(p, presetModel("deepseek-v3"), presetGpu("h200"));
        QCOMPARE(e.comm.ep.skewFactor, 1.125);
        QCOMPARE(e.comm.ep.bytesPerMoeLayerBusiestGpu, 1720320.0 * 1.125);
    }

    // vLLM with dp = 1: the tokens are already on every TP rank, EP needs no dispatch (the combine
    // is the TP AllReduce). With dp > 1 and EP off, vLLM gathers all DP ranks' tokens and
    // reduce-scatters: 2 x (dp-1)/dp x n x dp x h x b = 2 x 1/2 x 64 x 2 x 7168 x 2 = 1,835,008 B.
    void epModes()
    {
        const ModelSpec ds = presetModel("deepseek-v3");
        const GpuSpec h200 = presetGpu("h200");
        Plan p = basePlan(8, 1, 1, 8);
        QCOMPARE(evaluate(p, ds, h200).comm.ep.mode, EpMode::None);
        QCOMPARE(evaluate(p, ds, h200).comm.ep.timeSec, 0.0);
        p = basePlan(8, 1, 2, 1);
        p.batch = 64;
        const Evaluation e = evaluate(p, ds, h200);
        QCOMPARE(e.comm.ep.mode, EpMode::AllGatherReduceScatter);
        QCOMPARE(e.comm.ep.bytesPerMoeLayerUniformGpu, 1835008.0);
        // DP attention + EP inside one node: all-to-all on NVLink, each GPU dispatches its own batch
        p = basePlan(1, 1, 8, 8);
        p.batch = 64;
        const Evaluation dpAttn = evaluate(p, ds, h200);
        QCOMPARE(dpAttn.comm.ep.link, LinkKind::ScaleUp);
        QCOMPARE(dpAttn.comm.ep.tokensPerGpu, 64.0);
        QCOMPARE(presetModel("llama-3.1-70b").isMoe(), false);
        QCOMPARE(evaluate(basePlan(4), presetModel("llama-3.1-70b"), h200).comm.ep.bytesPerTokenPerMoeLayer, 0.0);
    }

    // Lecture 2 (docs/DESIGN.md §F.2): prefill of 4096 tokens on Llama-3.1-70B at tp=8: 4096 x 8192 x 2 = 64 MiB per
    // AllReduce (its "128 MB per layer" counts both AllReduces of a layer).
    void prefillLlama70bTp8()
    {
        Plan p = basePlan(8);
        p.phase = Phase::Prefill;
        p.promptLen = 4096;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QCOMPARE(e.comm.phase, Phase::Prefill);
        QCOMPARE(e.comm.tokens, 4096);
        QCOMPARE(e.comm.tp.bytesPerAllreduce, 64 * MiBytes);
        QCOMPARE(2 * e.comm.tp.bytesPerAllreduce, 128 * MiBytes);
        // logits only for the last prompt token: 1 row x 8 x ceil(128256/8 / 64) x 64 = 128,512 x 2 B
        QCOMPARE(e.comm.logitsRows, 1);
        QCOMPARE(e.comm.tp.lmHeadBytes, 128512.0 * 2);
    }

    // docs/DESIGN.md §2: a TP group that crosses a node boundary puts every AllReduce on the NIC.
    // tp=16 over 8-GPU nodes, α = 0: 160 x 2 x 15/16 x 1 MiB / 50 GB/s = 6.291 ms (NVLink at
    // 450 GB/s would be 0.699 ms).
    void tpAcrossNodesUsesNic()
    {
        Plan p = basePlan(16);
        p.batch = 64;
        p.scaleupLatencySec = 0;
        p.scaleupBytesPerSec = 450e9;
        p.nicLatencySec = 0;
        p.nicBytesPerSec = 50e9;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QCOMPARE(e.comm.tp.link, LinkKind::Nic);
        QVERIFY(near(e.comm.tp.timeSec, 160 * 2 * 15.0 / 16 * MiBytes / 50e9, 1e-9));
        QVERIFY(std::any_of(
            e.issues.begin(), e.issues.end(), [](const PlanIssue &i) { return i.code == "tp_crosses_node"; }));
        // the same 16 GPUs as nodes of 4: tp=8 crosses too
        p = basePlan(8);
        p.gpusPerNode = 4;
        QCOMPARE(evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm")).comm.tp.link, LinkKind::Nic);
    }

    void linkPlacement_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("expected");
        // inside one NVSwitch node
        QTest::newRow("h100 tp8") << "h100-sxm" << 8 << int(LinkKind::ScaleUp);
        // PCIe-only card, domain 1: inside the node, over PCIe
        QTest::newRow("l40s tp2") << "l40s" << 2 << int(LinkKind::Pcie);
        // NVLink-bridged pairs: a pair stays on the bridge, four GPUs fall back to PCIe
        QTest::newRow("h100-pcie tp2") << "h100-pcie" << 2 << int(LinkKind::ScaleUp);
        QTest::newRow("h100-pcie tp4") << "h100-pcie" << 4 << int(LinkKind::Pcie);
        // GB200 NVL72: trays of 4, one NVLink domain of 72 -> tp=8 crosses trays on NVLink
        QTest::newRow("gb200 tp8") << "gb200" << 8 << int(LinkKind::ScaleUp);
        QTest::newRow("tp1") << "h100-sxm" << 1 << int(LinkKind::None);
    }
    void linkPlacement()
    {
        QFETCH(QString, gpu);
        QFETCH(int, tp);
        QFETCH(int, expected);
        const Evaluation e = evaluate(basePlan(tp), presetModel("llama-3.1-8b"), presetGpu(gpu.toLatin1().constData()));
        QVERIFY(e.valid);
        QCOMPARE(int(e.comm.tp.link), expected);
    }

    // PCIe time uses the PCIe rate: L40S tp=2, 1 token, preset α 1.5 us, B = 32 GB/s x 0.82:
    // 32 layers x 2 x (2 x 1.5 us + 4096 x 2 B / 26.24 GB/s) = 64 x (3 + 0.3122) us = 211.98 us
    void pcieTime()
    {
        const Evaluation e = evaluate(basePlan(2), presetModel("llama-3.1-8b"), presetGpu("l40s"));
        QVERIFY(near(e.comm.tp.timeSec, 64 * (3e-6 + 8192.0 / 26.24e9), 1e-9));
    }

    // The per-link totals add up to the ledger's time.
    void linkTotals()
    {
        Plan p = basePlan(8, 2);
        p.batch = 32;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        double sum = 0;
        for (const LinkTotal &l : e.comm.links)
            sum += l.timeSec;
        QVERIFY(near(sum, e.comm.totalTimeSec, 1e-12));
        QCOMPARE(e.comm.links.size(), size_t(2)); // NVLink inside each stage, the NIC between them
    }

    // Overrides survive a plan file.
    void overridesRoundTrip()
    {
        Plan p = basePlan(4);
        p.scaleupLatencySec = 0;
        p.scaleupBytesPerSec = 450e9;
        p.nicBytesPerSec = 47e9;
        p.hbmEfficiency = 1;
        QCOMPARE(planFromJson(planToJson(p)), p);
        QVERIFY(!planToJson(Plan {}).contains("nic_latency_s")); // unset overrides are not written
    }
};

QTEST_APPLESS_MAIN(TestComm)
#include "tst_comm.moc"
