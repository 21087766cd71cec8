// Rank layout, PP split, heads and experts, worked out by hand from DESIGN.md section 2 and vLLM.
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
