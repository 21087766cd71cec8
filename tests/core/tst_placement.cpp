// Rank layout, PP split, heads and experts, worked out by hand from docs/DESIGN.md §2 and vLLM.
#include "core/evaluate/placement.h"
#include "tests/common/testutils.h"

#include <algorithm>
#include <set>

using namespace shardscope;

class TestPlacement : public QObject
{
    Q_OBJECT
private slots:
    void ppSplit_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("pp");
        QTest::addColumn<QList<int>>("expected");
        // get_pp_indices: the remainder goes to the stages just before the last one.
        QTest::newRow("61 on 4") << 61 << 4 << QList<int> { 15, 15, 16, 15 };
        QTest::newRow("80 on 3") << 80 << 3 << QList<int> { 27, 27, 26 };
        QTest::newRow("80 on 2") << 80 << 2 << QList<int> { 40, 40 };
        // 61 // 8 = 7, remainder 5 -> stages 2..6 (partitions[-2] .. partitions[-6]) get one more
        QTest::newRow("61 on 8") << 61 << 8 << QList<int> { 7, 7, 8, 8, 8, 8, 8, 7 };
        QTest::newRow("126 on 4") << 126 << 4 << QList<int> { 31, 32, 32, 31 };
        QTest::newRow("5 on 5") << 5 << 5 << QList<int> { 1, 1, 1, 1, 1 };
    }
    void ppSplit()
    {
        QFETCH(int, layers);
        QFETCH(int, pp);
        QFETCH(QList<int>, expected);
        const std::vector<int> got = vllmPpPartition(layers, pp);
        QCOMPARE(QList<int>(got.begin(), got.end()), expected);
    }

    void rankLayout()
    {
        // rank = (dp_rank x pp + pp_rank) x tp + tp_rank; tp=4, pp=2, dp=2 -> 16 ranks
        const RankCoord c = rankCoord(13, 4, 2, 1, 8);
        QCOMPARE(c.tpRank, 1);
        QCOMPARE(c.ppStage, 1);
        QCOMPARE(c.dpRank, 1);
        QCOMPARE(c.node, 1);
        QCOMPARE(globalRank(1, 1, 1, 4, 2), 13);
    }

    void nodeSlots()
    {
        // Ranks fill nodes in order: 8 per node, rank 13 is node 1, slot 5; rank 8 opens node 1.
        QCOMPARE(nodeSlotOfRank(13, 8).node, 1);
        QCOMPARE(nodeSlotOfRank(13, 8).slot, 5);
        QCOMPARE(nodeSlotOfRank(8, 8).node, 1);
        QCOMPARE(nodeSlotOfRank(8, 8).slot, 0);
        QCOMPARE(nodeSlotOfRank(7, 8).node, 0);
        QCOMPARE(nodeSlotOfRank(7, 8).slot, 7);
        // No node size: one node, as rankCoord's node 0.
        QCOMPARE(nodeSlotOfRank(13, 0).node, 0);
        QCOMPARE(nodeSlotOfRank(13, 0).slot, 13);
        QCOMPARE(rankCoord(13, 4, 2, 1, 8).node, nodeSlotOfRank(13, 8).node);
    }

    void ranksHoldingAnEpRank()
    {
        // tp 2, pp 2, dp 2, ep 2: MoE group ranks g = dp x 2 + tp in 0..3; EP rank 1 is g = 1 and 3.
        // g 1 = (dp 0, tp 1) -> rank (0 x 2 + 1) x 2 + 1 = 3 in stage 1; g 3 = (dp 1, tp 1) -> (1 x 2 + 1) x 2 + 1 = 7.
        QCOMPARE(ranksOfEpRank(1, 1, 2, 2, 2, 2), (std::vector<int> { 3, 7 }));
        // Stage 0 of the same plan: (0 x 2 + 0) x 2 + 1 = 1 and (1 x 2 + 0) x 2 + 1 = 5.
        QCOMPARE(ranksOfEpRank(1, 0, 2, 2, 2, 2), (std::vector<int> { 1, 5 }));
        // ep = tp x dp = 4 (vLLM's --enable-expert-parallel): one rank each; EP rank 2 is g 2 = (dp 1, tp 0),
        // rank (1 x 1 + 0) x 2 + 0 = 2 with pp 1.
        QCOMPARE(ranksOfEpRank(2, 0, 2, 1, 2, 4), (std::vector<int> { 2 }));
        // Consistent with rankCoord: every rank listed has that EP rank and stage.
        for (int r : ranksOfEpRank(1, 1, 4, 2, 2, 2)) {
            QCOMPARE(rankCoord(r, 4, 2, 2, 8).epRank, 1);
            QCOMPARE(rankCoord(r, 4, 2, 2, 8).ppStage, 1);
        }
        QCOMPARE(ranksOfEpRank(1, 1, 4, 2, 2, 2).size(), size_t(4)); // 8 group ranks / ep 2
    }

    void stageOfALayer()
    {
        // vLLM's split of 61 layers on 4 stages: 15, 15, 16, 15 -> stages start at layers 0, 15, 30, 46.
        const std::vector<int> stages = vllmPpPartition(61, 4);
        QCOMPARE(stageOfLayer(stages, 0), 0);
        QCOMPARE(stageOfLayer(stages, 14), 0);
        QCOMPARE(stageOfLayer(stages, 15), 1);
        QCOMPARE(stageOfLayer(stages, 29), 1);
        QCOMPARE(stageOfLayer(stages, 30), 2);
        QCOMPARE(stageOfLayer(stages, 45), 2);
        QCOMPARE(stageOfLayer(stages, 46), 3);
        QCOMPARE(stageOfLayer(stages, 60), 3);
        QCOMPARE(stageOfLayer(stages, 61), 3); // past the end: the last stage
        QCOMPARE(stageOfLayer({}, 0), -1);
    }

    void evaluatedPlacement()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 4;
        plan.maxModelLen = 8192;
        const Evaluation e = evaluate(plan, presetModel("deepseek-v3"), presetGpu("h200"));
        QVERIFY(e.valid);
        QCOMPARE(e.worldSize, 32);
        QCOMPARE(e.nodes, 4);
        QCOMPARE(QList<int>(e.stageLayers.begin(), e.stageLayers.end()), (QList<int> { 15, 15, 16, 15 }));
        const RankPlacement &r = e.ranks[19]; // dp 0, stage 2, tp 3
        QCOMPARE(r.ppStage, 2);
        QCOMPARE(r.tpRank, 3);
        QCOMPARE(r.firstLayer, 30);
        QCOMPARE(r.lastLayer, 45);
        QVERIFY(!r.embedding);
        QVERIFY(!r.lmHead);
        QVERIFY(e.ranks[0].embedding);
        QVERIFY(e.ranks[31].lmHead);
        QCOMPARE(r.heads.qCount, 128 / 8);
        QCOMPARE(r.heads.qFirst, 3 * 16);
    }

    void kvHeadReplication()
    {
        // 64 query heads, 8 KV heads, tp 16: 4 query heads per rank, KV head r/2 replicated twice.
        const HeadSlice s = headsOnTpRank(64, 8, 16, 5);
        QCOMPARE(s.qCount, 4);
        QCOMPARE(s.qFirst, 20);
        QCOMPARE(s.kvCount, 1);
        QCOMPARE(s.kvFirst, 2);
        QCOMPARE(s.kvReplicas, 2);
        const HeadSlice t = headsOnTpRank(64, 8, 4, 3);
        QCOMPARE(t.kvCount, 2);
        QCOMPARE(t.kvFirst, 6);
        QCOMPARE(t.kvReplicas, 1);
    }

    void deepseekExperts()
    {
        // tp 8, dp 8, EP on: ep 64, 256 experts -> 4 per rank, linear: rank r holds 4r .. 4r+3.
        Plan plan;
        plan.tp = 8;
        plan.dp = 8;
        plan.ep = 64;
        plan.maxModelLen = 8192;
        const Evaluation e = evaluate(plan, presetModel("deepseek-v3"), presetGpu("h200"));
        QVERIFY(e.valid);
        QCOMPARE(e.moeTp, 1);
        std::set<int> all;
        for (const RankPlacement &r : e.ranks) {
            QCOMPARE(int(r.experts.size()), 4);
            QCOMPARE(r.experts.front(), 4 * r.epRank);
            all.insert(r.experts.begin(), r.experts.end());
        }
        QCOMPARE(int(all.size()), 256);
        // ep rank = dp_rank x tp + tp_rank: global rank 19 is dp 2, tp 3 -> ep 19
        QCOMPARE(e.ranks[19].epRank, 19);
    }

    void redundantExperts()
    {
        // 256 + 64 redundant = 320 slots over ep 64 -> 5 per rank; slot p serves expert p mod 256.
        const std::vector<int> last = expertsOnEpRank(256, 64, 64, 63, ExpertPlacement::Linear);
        QCOMPARE(int(last.size()), 5);
        QCOMPARE(last.front(), (315) % 256);
        QCOMPARE(last.back(), 319 % 256);
        // 256 + 32 = 288 over 64: the first 32 ranks hold 5, the rest 4.
        QCOMPARE(int(expertsOnEpRank(256, 32, 64, 0, ExpertPlacement::Linear).size()), 5);
        QCOMPARE(int(expertsOnEpRank(256, 32, 64, 40, ExpertPlacement::Linear).size()), 4);
        for (int slot : { 0, 4, 159, 160, 161, 287 }) {
            const int owner = epRankOfSlot(slot, 256, 32, 64, ExpertPlacement::Linear);
            const std::vector<int> held = expertsOnEpRank(256, 32, 64, owner, ExpertPlacement::Linear);
            QVERIFY(std::count(held.begin(), held.end(), slot % 256) >= 1);
        }
        QCOMPARE(epRankOfSlot(160, 256, 32, 64, ExpertPlacement::Linear), 32); // 32 ranks x 5 slots = 160
        QCOMPARE(epRankOfSlot(159, 256, 32, 64, ExpertPlacement::Linear), 31);
    }

    void roundRobin()
    {
        const std::vector<int> r3 = expertsOnEpRank(16, 0, 8, 3, ExpertPlacement::RoundRobin);
        QCOMPARE(QList<int>(r3.begin(), r3.end()), (QList<int> { 3, 11 }));
        QCOMPARE(epRankOfSlot(11, 16, 0, 8, ExpertPlacement::RoundRobin), 3);
    }

    void expertsWithoutEpAreSplit()
    {
        // EP off with dp 2: every rank holds all 8 experts, each split tp x dp = 4 ways.
        Plan plan;
        plan.tp = 2;
        plan.dp = 2;
        plan.maxModelLen = 4096;
        const Evaluation e = evaluate(plan, presetModel("mixtral-8x7b"), presetGpu("h100-sxm"));
        QVERIFY(e.valid);
        QCOMPARE(e.moeTp, 4);
        QCOMPARE(int(e.ranks[3].experts.size()), 8);
    }

    // A rank's weights are the tensors it holds: the first stage carries the embedding, the last
    // the LM head, so with pp=2 stage 0 and stage 1 differ by exactly embedding vs LM head + norm.
    void weightsFollowTensors()
    {
        Plan plan;
        plan.tp = 1;
        plan.pp = 2;
        plan.maxModelLen = 4096;
        const ModelSpec m = presetModel("llama-3.1-8b");
        const Evaluation e = evaluate(plan, m, presetGpu("h100-sxm"));
        const WeightBreakdown &first = e.ranks[0].memory.weights;
        const WeightBreakdown &last = e.ranks[1].memory.weights;
        QCOMPARE(first.embedding, 128256.0 * 4096 * 2);
        QCOMPARE(first.lmHead, 0.0);
        QCOMPARE(last.lmHead, 128256.0 * 4096 * 2);
        QCOMPARE(last.embedding, 0.0);
        // 16 layers each; a Llama layer is 4096 x (4096 + 2x1024 + 4096) attention + 3 x 4096 x 14336 MLP.
        const double layer = 4096.0 * (4096 + 1024 + 1024 + 4096) + 3.0 * 4096 * 14336;
        QCOMPARE(first.attention + first.mlp, 16 * layer * 2);
    }
};

QTEST_GUILESS_MAIN(TestPlacement)
#include "tst_placement.moc"
