// The plan search: which (tp, pp, dp, ep) it tries, why plans fail, how it ranks them.
// Expected lists are worked out by hand from the model configs and docs/DESIGN.md §2.
#include "core/sweep/sweep.h"
#include "core/sweep/sweepmap.h"
#include "tests/common/testutils.h"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>

using namespace shardscope;

namespace {

using Sizes = std::tuple<int, int, int, int>; // tp, pp, dp, ep

std::vector<Sizes> sizesOf(const std::vector<ParallelSizes> &v)
{
    std::vector<Sizes> out;
    for (const ParallelSizes &s : v)
        out.emplace_back(s.tp, s.pp, s.dp, s.ep);
    return out;
}

std::vector<Sizes> sizesOf(const std::vector<SweepPlan> &v)
{
    std::vector<Sizes> out;
    for (const SweepPlan &p : v)
        out.emplace_back(p.tp, p.pp, p.dp, p.ep);
    return out;
}

const SweepPlan *find(const SweepResult &r, int tp, int pp, int dp, int ep)
{
    for (const SweepPlan &p : r.plans)
        if (p.tp == tp && p.pp == pp && p.dp == dp && p.ep == ep)
            return &p;
    return nullptr;
}

bool hasReason(const SweepPlan &p, const std::string &code)
{
    return std::any_of(p.reasons.begin(), p.reasons.end(), [&](const PlanIssue &i) { return i.code == code; });
}

// Lecture 0 §6 (docs/DESIGN.md §F.0): 80e9 B per GPU, utilization 0.9, 4 GiB reserved, 70.6e9 params x 2 B,
// 32K context.
Plan seedTemplate()
{
    Plan plan;
    plan.accounting = Accounting::Textbook;
    plan.gpuMemoryBytes = 80e9;
    plan.gpuMemoryUtilization = 0.9;
    plan.reservedBytes = 4.0 * 1024 * 1024 * 1024;
    plan.paramsOverride = 70.6e9;
    plan.maxModelLen = 32768;
    return plan;
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT
private slots:
    // Llama-3.1-70B on 8 GPUs: 64 heads, 8 KV heads, 80 layers. tp must divide 64 and, above 8,
    // be a multiple of 8: every divisor of 8 qualifies; every pp <= 8 is <= 80 layers. So all ten
    // ordered factorisations 8 = tp x pp x dp, dense: ep = 1.
    void llama70bOnEight()
    {
        const std::vector<Sizes> expected = {
            { 1, 1, 8, 1 },
            { 1, 2, 4, 1 },
            { 1, 4, 2, 1 },
            { 1, 8, 1, 1 },
            { 2, 1, 4, 1 },
            { 2, 2, 2, 1 },
            { 2, 4, 1, 1 },
            { 4, 1, 2, 1 },
            { 4, 2, 1, 1 },
            { 8, 1, 1, 1 },
        };
        QCOMPARE(sizesOf(enumerateSizes(8, false, false, EpSizes::Vllm)), expected);
        Plan plan;
        plan.maxModelLen = 8192;
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(plan, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        QCOMPARE(r.combinations, 10);
        QCOMPARE(r.skippedCount(), 0);
        std::vector<Sizes> got = sizesOf(r.plans);
        std::sort(got.begin(), got.end());
        QCOMPARE(got, expected);
        // tp x pp = 1: 70.6e9 params x 2 B = 141 GB on one 80 GB GPU.
        QVERIFY(!find(r, 1, 1, 8, 1)->fits);
        QVERIFY(hasReason(*find(r, 1, 1, 8, 1), "weights_do_not_fit"));
        // tp x pp >= 4: about 35 GB of weights per GPU, far below 0.9 x 80 GB.
        for (const auto &[tp, pp, dp] : { std::tuple { 4, 1, 2 }, { 2, 2, 2 }, { 1, 8, 1 }, { 8, 1, 1 } })
            QVERIFY(find(r, tp, pp, dp, 1)->fits);
        // h100-sxm nodes hold 8 GPUs: no TP group of <= 8 crosses one.
        for (const SweepPlan &p : r.plans)
            QVERIFY(!p.crossesNode);
    }

    // vLLM refuses a hybrid plan whose max_num_seqs exceeds its Mamba cache blocks (mamba_blocks,
    // vllm/config/compilation.py resolve_cudagraph_mode_and_sizes @017e9f4448b7) and says to lower it to at most
    // the blocks. With the default max_num_seqs (1,024) Qwen3.5-27B at DP 2 on RTX PRO 6000 is such a plan: the
    // sweep lists it as fitting with max_num_seqs set to the number that refusal names, and keeps a
    // --max-num-seqs the user gave (then the row carries the refusal).
    void hybridPlanRunsWithVllmsRemedy()
    {
        const ModelSpec model = presetModel("qwen3.5-27b");
        const GpuSpec gpu = presetGpu("rtx-pro-6000");
        Plan plan;
        SweepOptions o;
        o.gpus = 2;
        const SweepResult r = sweep(plan, model, gpu, o);
        const SweepPlan *dp2 = find(r, 1, 1, 2, 1);
        QVERIFY(dp2 && dp2->fits && dp2->maxNumSeqsLowered);
        QVERIFY(dp2->maxNumSeqs > 0 && dp2->maxNumSeqs < 1024);
        Plan sized = plan;
        sized.dp = 2;
        sized.maxNumSeqs = dp2->maxNumSeqs;
        QVERIFY(!evaluate(sized, model, gpu).hasErrors());
        Plan given = plan;
        given.maxNumSeqs = 1024;
        const SweepResult asGiven = sweep(given, model, gpu, o);
        const SweepPlan *kept = find(asGiven, 1, 1, 2, 1);
        QVERIFY(kept && !kept->fits && !kept->maxNumSeqsLowered && hasReason(*kept, "mamba_blocks"));
        const std::string atMost = "at most " + std::to_string(dp2->maxNumSeqs) + ",";
        QVERIFY(std::any_of(kept->reasons.begin(), kept->reasons.end(),
            [&](const PlanIssue &i) { return i.message().find(atMost) != std::string::npos; }));
    }

    // Nodes of 4 GPUs: a TP group is tp consecutive ranks, so tp = 8 spans two nodes (its AllReduces
    // go over the NIC) while tp <= 4 groups (ranks 0-3, 4-7) stay inside one.
    void tpCrossingNodes()
    {
        Plan plan;
        plan.maxModelLen = 8192;
        plan.gpusPerNode = 4;
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(plan, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        for (const SweepPlan &p : r.plans) {
            QCOMPARE(p.crossesNode, p.tp == 8);
            QCOMPARE(p.tpLink, p.tp == 1 ? LinkKind::None : p.tp == 8 ? LinkKind::Nic : LinkKind::ScaleUp);
            QCOMPARE(p.nodes, 2);
        }
    }

    // --up-to: every count from 1 to N. Ordered factorisations into three factors: 1 -> 1, 2 -> 3,
    // 3 -> 3, 4 -> 6 (2^2: C(4,2)). Total 13.
    void upTo()
    {
        const std::vector<ParallelSizes> s = enumerateSizes(4, true, false, EpSizes::Vllm);
        QCOMPARE(int(s.size()), 1 + 3 + 3 + 6);
        QCOMPARE(s.front(), (ParallelSizes { 1, 1, 1, 1 }));
        QCOMPARE(s.back(), (ParallelSizes { 4, 1, 1, 1 }));
    }

    // Qwen3-235B-A22B (MoE, 128 experts) on 16 GPUs: 15 factorisations of 2^4 (C(6,2)).
    // vLLM's points: ep = 1 and ep = tp x dp = 16 / pp, the same point when pp = 16 -> 14 x 2 + 1 = 29.
    // Every divisor of tp x dp = 16 / pp (the number of (tp, dp) pairs for a pp is the divisor count d):
    // pp=1: 5 pairs x 5 divisors, pp=2: 4 x 4, pp=4: 3 x 3, pp=8: 2 x 2, pp=16: 1 x 1 -> 55.
    void moeEpPoints()
    {
        QCOMPARE(int(enumerateSizes(16, false, true, EpSizes::Vllm).size()), 29);
        QCOMPARE(int(enumerateSizes(16, false, true, EpSizes::AllDivisors).size()), 55);
        const std::vector<Sizes> tp2pp2 = { { 2, 2, 4, 1 }, { 2, 2, 4, 8 } };
        std::vector<Sizes> got;
        for (const ParallelSizes &s : enumerateSizes(16, false, true, EpSizes::Vllm))
            if (s.tp == 2 && s.pp == 2)
                got.emplace_back(s.tp, s.pp, s.dp, s.ep);
        QCOMPARE(got, tp2pp2);
    }

    // Llama-3.1-8B (32 heads, 32 layers) on 64 GPUs: 28 factorisations of 2^6 (C(8,2)). tp = 64 does
    // not divide 32 heads; pp = 64 exceeds 32 layers. Both are skipped, not listed, and counted.
    void structurallyImpossibleAreSkipped()
    {
        Plan plan;
        plan.maxModelLen = 8192;
        SweepOptions o;
        o.gpus = 64;
        const SweepResult r = sweep(plan, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"), o);
        QCOMPARE(r.combinations, 28);
        QCOMPARE(int(r.plans.size()), 26);
        QCOMPARE(r.skippedCount(), 2);
        std::set<std::string> codes;
        for (const SkippedCombos &s : r.skipped) {
            QCOMPARE(s.count, 1);
            QVERIFY(!s.example.empty());
            codes.insert(s.code);
        }
        QCOMPARE(codes, (std::set<std::string> { "tp_heads", "pp_layers" }));
        QVERIFY(!find(r, 64, 1, 1, 1));

        o.includeInvalid = true;
        const SweepResult all = sweep(plan, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"), o);
        QCOMPARE(int(all.plans.size()), 28);
        const SweepPlan *tp64 = find(all, 64, 1, 1, 1);
        QVERIFY(tp64 && !tp64->valid && !tp64->fits && tp64->rank == 0);
        QVERIFY(hasReason(*tp64, "tp_heads"));
        // tp = 64 spans nodes of 8 as well, but a plan without a placement reports only why it has none.
        QVERIFY(!tp64->crossesNode);
    }

    // Mixtral-8x7B has 8 experts: EP over tp x dp = 16 GPUs (pp = 1: five (tp, dp) pairs) would leave
    // GPUs without an expert. 15 x ep=1 + 14 x ep=tp x dp = 29 tried, those 5 skipped.
    void epBeyondExpertsSkipped()
    {
        Plan plan;
        plan.maxModelLen = 8192;
        SweepOptions o;
        o.gpus = 16;
        const SweepResult r = sweep(plan, presetModel("mixtral-8x7b"), presetGpu("h100-sxm"), o);
        QCOMPARE(r.combinations, 29);
        QCOMPARE(r.skippedCount(), 5);
        QCOMPARE(r.skipped.size(), size_t(1));
        QCOMPARE(r.skipped.front().code, std::string("ep_experts"));
    }

    // DeepSeek-V3 ships FP8 with 128 x 128 blocks and experts of intermediate 2048. EP off on
    // tp x dp = 32 GPUs splits each expert 32 ways: 2048 / 32 = 64, not a multiple of 128, so vLLM
    // refuses to load it. With EP on (moe_tp = 1) the same sizes are fine structurally.
    void fp8BlockReason()
    {
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = 32;
        const SweepResult r = sweep(plan, presetModel("deepseek-v3"), presetGpu("h200"), o);
        const SweepPlan *off = find(r, 8, 1, 4, 1);
        QVERIFY(off);
        QCOMPARE(off->moeTp, 32);
        QVERIFY(!off->fits);
        QVERIFY(hasReason(*off, "fp8_block_experts"));
        const SweepPlan *on = find(r, 8, 1, 4, 32);
        QVERIFY(on);
        QCOMPARE(on->moeTp, 1);
        QVERIFY(!hasReason(*on, "fp8_block_experts"));
        // tp x dp = 16: 2048 / 16 = 128, allowed.
        QVERIFY(!hasReason(*find(r, 8, 2, 2, 1), "fp8_block_experts"));
    }

    // Lecture 0 §6 (docs/DESIGN.md §F.0) on 8 GPUs, ranked by concurrency per GPU (textbook accounting, 32K):
    // tp x pp = 8 (dp 1): 17.65e9 B weights, 40 KiB per token (8x1: 80 layers x 2x1x128x2 B;
    //   4x2: 40 x 2x2x128x2; 2x4: 20 x 2x4x128x2; 1x8: 10 x 2x8x128x2 -> all 40,960 B)
    //   -> free 72e9 - 17.65e9 - 4 GiB = 50.055e9 B -> 1,222,046 tokens -> 37 requests; 37 / 8 per GPU.
    // tp x pp = 4 (dp 2): 35.3e9 B, 80 KiB per token -> 395,569 tokens -> 12 per replica, 24 / 8 GPUs.
    // tp x pp = 2 (dp 4): 70.6e9 B of weights leave 72e9 - 70.6e9 - 4 GiB < 0 for the KV cache.
    // tp x pp = 1 (dp 8): 141.2e9 B of weights > 72e9 B.
    void seedRanking()
    {
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        QCOMPARE(int(r.plans.size()), 10);
        // The objective (concurrency per GPU: 37 / 8 for dp 1, 24 / 8 for dp 2) orders the seven plans that
        // fit, ties going to tokens/s per GPU, except that no plan is listed above one that dominates it on
        // (TPOT, tokens/s per GPU) (window review item 7): a dp 2 plan faster on both figures moves up.
        const std::vector<Sizes> all = sizesOf(r.plans);
        const std::set<Sizes> first7(all.begin(), all.begin() + 7);
        QCOMPARE(first7,
            (std::set<Sizes> { { 1, 8, 1, 1 }, { 2, 4, 1, 1 }, { 4, 2, 1, 1 }, { 8, 1, 1, 1 }, { 1, 4, 2, 1 },
                { 2, 2, 2, 1 }, { 4, 1, 2, 1 } }));
        const std::vector<Sizes> unranked = { { 1, 1, 8, 1 }, { 1, 2, 4, 1 }, { 2, 1, 4, 1 } }; // enumeration order
        QCOMPARE(std::vector<Sizes>(all.begin() + 7, all.end()), unranked);
        const auto dominates = [](const SweepPlan &a, const SweepPlan &b) {
            return a.tpotSec <= b.tpotSec && a.tokensPerSecPerGpu >= b.tokensPerSecPerGpu
                && (a.tpotSec < b.tpotSec || a.tokensPerSecPerGpu > b.tokensPerSecPerGpu);
        };
        int dp1 = 0, dp2 = 0;
        for (int i = 0; i < 7; ++i) {
            const SweepPlan &p = r.plans[std::size_t(i)];
            QCOMPARE(p.rank, i + 1);
            if (p.dp == 1) {
                ++dp1;
                QCOMPARE(p.clusterMaxConcurrency, qint64(37));
                QCOMPARE(p.capacityTokens, qint64(1222046));
                QCOMPARE(p.concurrencyPerGpu(), 37.0 / 8);
            } else {
                ++dp2;
                QCOMPARE(p.maxConcurrency, qint64(12));
                QCOMPARE(p.clusterMaxConcurrency, qint64(24));
            }
            // Listed above a plan of higher concurrency only when an earlier plan dominates that one, or
            // at equal concurrency above one with more tokens/s per GPU likewise.
            for (int j = i + 1; j < 7; ++j) {
                const SweepPlan &q = r.plans[std::size_t(j)];
                const bool outOfOrder = q.concurrencyPerGpu() > p.concurrencyPerGpu()
                    || (q.concurrencyPerGpu() == p.concurrencyPerGpu() && q.tokensPerSecPerGpu > p.tokensPerSecPerGpu);
                if (!outOfOrder)
                    continue;
                bool blocked = false;
                for (int k = 0; k < j; ++k)
                    blocked = blocked || dominates(r.plans[std::size_t(k)], q);
                QVERIFY(blocked);
                QVERIFY(q.dominatedBy > 0 && q.dominatedBy < q.rank);
            }
        }
        QCOMPARE(dp1, 4);
        QCOMPARE(dp2, 3);
        for (int i = 7; i < 10; ++i) {
            QCOMPARE(r.plans[i].rank, 0);
            QVERIFY(!r.plans[i].fits);
        }
        QVERIFY(hasReason(*find(r, 1, 1, 8, 1), "weights_do_not_fit"));
        QVERIFY(hasReason(*find(r, 2, 1, 4, 1), "no_kv_memory"));
        QVERIFY(hasReason(*find(r, 1, 2, 4, 1), "no_kv_memory"));
    }

    // --min-concurrency 30: only the dp = 1 plans (37 requests) qualify; the dp = 2 plans (24) fit
    // but are not ranked, and say why.
    void minConcurrency()
    {
        SweepOptions o;
        o.gpus = 8;
        o.minConcurrency = 30;
        const SweepResult r = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        int ranked = 0;
        for (const SweepPlan &p : r.plans) {
            if (p.rank > 0) {
                ++ranked;
                QVERIFY(p.clusterMaxConcurrency >= 30);
                QVERIFY(p.meetsConstraints);
            }
        }
        QCOMPARE(ranked, 4);
        const SweepPlan *dp2 = find(r, 4, 1, 2, 1);
        QVERIFY(dp2->fits && !dp2->meetsConstraints && dp2->rank == 0);
        QVERIFY(hasReason(*dp2, "min_concurrency"));
        // 38 > 37: nothing qualifies, and nothing is ranked.
        o.minConcurrency = 38;
        for (const SweepPlan &p : sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o).plans)
            QCOMPARE(p.rank, 0);
    }

    // Hand-made points (cost lower better, value higher better):
    // A(1,10) E(1,10): nothing is cheaper, both equal -> on the front (equal points do not dominate).
    // B(2,20): only cost-1 points are cheaper, and they are worth less -> on it.
    // C(2,15): B costs the same and is worth more -> off.  D(3,20): B is cheaper and worth as much -> off.
    // F(4,25): worth more than everything cheaper -> on.  G(nan,99): never.  H(0.5, 1): cheapest -> on.
    void paretoByHand()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<ParetoPoint> pts
            = { { 1, 10 }, { 2, 20 }, { 2, 15 }, { 3, 20 }, { 1, 10 }, { 4, 25 }, { nan, 99 }, { 0.5, 1 } };
        const std::vector<bool> expected = { true, true, false, false, true, true, false, true };
        QCOMPARE(paretoFront(pts), expected);
        QVERIFY(dominates(pts[1], pts[2]));
        QVERIFY(dominates(pts[1], pts[3]));
        QVERIFY(!dominates(pts[0], pts[4]));
        QVERIFY(!dominates(pts[6], pts[0]));
        QVERIFY(paretoFront({}).empty());
    }

    // The definition, checked pair by pair on points with many ties (a 6 x 6 integer grid).
    void paretoMatchesDefinition()
    {
        std::vector<ParetoPoint> pts;
        unsigned x = 12345;
        for (int i = 0; i < 300; ++i) {
            x = x * 1103515245u + 12345u;
            pts.push_back({ double((x >> 8) % 6), double((x >> 16) % 6) });
        }
        const std::vector<bool> front = paretoFront(pts);
        int onFront = 0;
        for (size_t i = 0; i < pts.size(); ++i) {
            bool dominated = false;
            for (size_t j = 0; j < pts.size(); ++j)
                dominated = dominated || (j != i && dominates(pts[j], pts[i]));
            QCOMPARE(bool(front[i]), !dominated);
            onFront += front[i];
        }
        QVERIFY(onFront > 0 && onFront < 300);
    }

    // The template carries every setting but the sizes; a custom layer partition belongs to one pp
    // and is dropped; EPLB's redundant experts need EP, so EP-off plans run without them.
    void planForKeepsTemplate()
    {
        Plan plan;
        plan.maxModelLen = 16384;
        plan.kvCacheDtype = KvDtype::Fp8;
        plan.redundantExperts = 32;
        plan.ppPartition = { 31, 30 };
        plan.pp = 2;
        SweepOptions o;
        o.gpus = 16;
        const SweepResult r = sweep(plan, presetModel("deepseek-v3"), presetGpu("h200"), o);
        QCOMPARE(r.resolved.maxModelLen, qint64(16384));
        QVERIFY(r.base.ppPartition.empty());
        QCOMPARE(r.base.maxNumSeqs, qint64(0)); // left to vLLM's default, as given
        const SweepPlan *on = find(r, 8, 1, 2, 16);
        const SweepPlan *off = find(r, 8, 1, 2, 1);
        QVERIFY(on && off);
        const Plan a = planFor(r, *on);
        QCOMPARE(std::tuple(a.tp, a.pp, a.dp, a.ep, a.redundantExperts), std::tuple(8, 1, 2, 16, 32));
        QCOMPARE(a.kvCacheDtype, KvDtype::Fp8);
        QVERIFY(a.ppPartition.empty());
        QCOMPARE(planFor(r, *off).redundantExperts, 0);
    }

    // The course sweep's TP x PP map: tp and pp take the values 1, 2, 4, 8; a cell exists where
    // tp x pp divides 8 (10 of 16). Colours: 37/8 requests per GPU where tp x pp = 8, 24/8 where it is
    // 4; nothing fits below (see seedRanking).
    void tpPpMap()
    {
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        const SweepMap map = sweepMap(r, MapAxes::TpPp, SweepObjective::Concurrency);
        QCOMPARE(map.columns, (std::vector<int> { 1, 2, 4, 8 }));
        QCOMPARE(map.rows, (std::vector<int> { 1, 2, 4, 8 }));
        QCOMPARE(map.columnName, std::string("tp"));
        QCOMPARE(map.minFigure, 3.0);
        QCOMPARE(map.maxFigure, 37.0 / 8);
        int present = 0;
        for (int row = 0; row < 4; ++row)
            for (int col = 0; col < 4; ++col) {
                const MapCell &c = map.at(row, col);
                const int tp = map.columns[size_t(col)], pp = map.rows[size_t(row)];
                if (8 % (tp * pp) != 0) {
                    QCOMPARE(c.state, CellState::Empty);
                    QCOMPARE(c.plan, -1);
                    continue;
                }
                ++present;
                QCOMPARE(c.planCount, 1);
                const SweepPlan &p = r.plans[size_t(c.plan)];
                QCOMPARE(std::pair(p.tp, p.pp), std::pair(tp, pp));
                QCOMPARE(c.state, tp * pp >= 4 ? CellState::Ranked : CellState::DoesNotFit);
                if (tp * pp == 8)
                    QCOMPARE(c.figure, 37.0 / 8);
            }
        QCOMPARE(present, 10);
    }

    // Qwen3-235B on 16 GPUs, DP x EP: EP off puts every (tp, pp) with a given dp in column ep = 1
    // (dp = 1: tp x pp = 16 has 5 factorisations); EP on gives (dp, ep = tp x dp) cells: dp = 1: ep
    // 2, 4, 8, 16; dp = 2: 2..16 (4); dp = 4: 3; dp = 8: 2; dp = 16: 1 -> 14. With the 5 ep = 1 cells, 19.
    void dpEpMap()
    {
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = 16;
        const SweepResult r = sweep(plan, presetModel("qwen3-235b-a22b"), presetGpu("h200"), o);
        const SweepMap map = sweepMap(r, MapAxes::DpEp, SweepObjective::Concurrency);
        QCOMPARE(map.rows, (std::vector<int> { 1, 2, 4, 8, 16 }));
        QCOMPARE(map.columns, (std::vector<int> { 1, 2, 4, 8, 16 }));
        int present = 0, plans = 0;
        for (const MapCell &c : map.cells) {
            present += c.state != CellState::Empty;
            plans += c.planCount;
        }
        QCOMPARE(present, 19);
        QCOMPARE(plans, 29);
        QCOMPARE(map.at(0, 0).planCount, 5);
        QCOMPARE(map.at(4, 4).planCount, 1);
    }

    // The decode step of each plan: pp micro-batches in flight (vLLM's max_concurrent_batches), each
    // of floor(min(max concurrency, max_num_seqs) / pp) sequences over max_model_len tokens.
    // Seed sweep: max_num_seqs = 1024 (80e9 B >= 70 GiB, not an A100), so the KV concurrency binds:
    // dp 1: 37 requests -> tp8 pp1: 37, tp4 pp2: 37/2 = 18, tp2 pp4: 37/4 = 9, tp1 pp8: 37/8 = 4;
    // dp 2: 12 -> tp4 pp1: 12, tp2 pp2: 6, tp1 pp4: 3. Plans that do not fit decode one sequence.
    void largestBatchThatFits()
    {
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        const std::vector<std::tuple<int, int, int, qint64>> expected
            = { { 8, 1, 1, 37 }, { 4, 2, 1, 18 }, { 2, 4, 1, 9 }, { 1, 8, 1, 4 }, { 4, 1, 2, 12 }, { 2, 2, 2, 6 },
                  { 1, 4, 2, 3 }, { 1, 1, 8, 1 }, { 2, 1, 4, 1 }, { 1, 2, 4, 1 } };
        for (const auto &[tp, pp, dp, batch] : expected) {
            const SweepPlan *p = find(r, tp, pp, dp, 1);
            QVERIFY(p);
            QCOMPARE(p->microbatches, pp);
            QCOMPARE(p->batch, batch);
            QCOMPARE(p->context, qint64(32768));
            QVERIFY(p->tpotSec > 0 && p->tokensPerSecPerGpu > 0);
        }
        // An explicit context and micro-batch count replace the defaults.
        o.context = 4096;
        o.microbatches = 1;
        const SweepResult shorter = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        const SweepPlan *p = find(shorter, 4, 2, 1, 1);
        QCOMPARE(p->context, qint64(4096));
        QCOMPARE(p->microbatches, 1);
        QCOMPARE(p->batch, qint64(37));
    }

    // A fixed --batch 16 needs pp x 16 sequences per replica: tp8 pp1 16 <= 37 and tp4 pp2 32 <= 37
    // qualify; tp2 pp4 (64) and tp1 pp8 (128) exceed 37; every dp 2 plan exceeds 12.
    void fixedBatchIsAConstraint()
    {
        SweepOptions o;
        o.gpus = 8;
        o.batch = 16;
        const SweepResult r = sweep(seedTemplate(), presetModel("llama-3.1-70b"), presetGpu("h100-sxm"), o);
        std::set<Sizes> ranked;
        for (const SweepPlan &p : r.plans) {
            QCOMPARE(p.batch, qint64(16));
            if (p.rank > 0)
                ranked.insert({ p.tp, p.pp, p.dp, p.ep });
            else if (p.fits)
                QVERIFY(hasReason(p, "batch_exceeds_capacity"));
        }
        QCOMPARE(ranked, (std::set<Sizes> { { 8, 1, 1, 1 }, { 4, 2, 1, 1 } }));
    }

    // --max-tpot-ms: set at the median TPOT of the plans that fit, so both sides are populated.
    void maxTpotAndObjectives()
    {
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = 16;
        const ModelSpec m = presetModel("qwen3-235b-a22b");
        const GpuSpec g = presetGpu("h200");
        std::vector<double> tpots;
        for (const SweepPlan &p : sweep(plan, m, g, o).plans)
            if (p.fits)
                tpots.push_back(p.tpotSec);
        QVERIFY(tpots.size() > 4);
        std::sort(tpots.begin(), tpots.end());
        o.maxTpotSec = tpots[tpots.size() / 2];
        for (SweepObjective objective :
            { SweepObjective::Concurrency, SweepObjective::Tpot, SweepObjective::Throughput }) {
            o.objective = objective;
            const SweepResult r = sweep(plan, m, g, o);
            int ranked = 0, excluded = 0;
            const SweepPlan *previous = nullptr;
            for (const SweepPlan &p : r.plans) {
                if (p.rank == 0) {
                    if (p.fits && p.tpotSec > o.maxTpotSec) {
                        QVERIFY(hasReason(p, "max_tpot"));
                        ++excluded;
                    }
                    continue;
                }
                ++ranked;
                QCOMPARE(p.rank, ranked);
                QVERIFY(p.tpotSec <= o.maxTpotSec);
                // Best first, unless p is dominated by a plan ranked above it (then it may have the
                // better objective figure: window review item 7).
                if (previous && p.dominatedBy == 0) {
                    if (objective == SweepObjective::Tpot)
                        QVERIFY(previous->tpotSec <= p.tpotSec);
                    else if (previous->dominatedBy == 0)
                        QVERIFY(objectiveFigure(*previous, objective) >= objectiveFigure(p, objective));
                }
                previous = &p;
            }
            QVERIFY(ranked > 0 && excluded > 0);
        }
    }

    // The front among the plans that meet the constraints: no plan on it is dominated by an eligible
    // plan, every eligible plan off it is dominated by one, and ineligible plans are never on it.
    void paretoOnSweeps_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<bool>("allEp");
        QTest::newRow("qwen3-235b 16, every EP") << "qwen3-235b-a22b" << 16 << true;
        QTest::newRow("deepseek-v3 64") << "deepseek-v3" << 64 << false;
        QTest::newRow("llama-3.1-405b up to 32") << "llama-3.1-405b" << -32 << false;
    }
    void paretoOnSweeps()
    {
        QFETCH(QString, model);
        QFETCH(int, gpus);
        QFETCH(bool, allEp);
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = std::abs(gpus);
        o.upTo = gpus < 0;
        o.epSizes = allEp ? EpSizes::AllDivisors : EpSizes::Vllm;
        o.minConcurrency = 8;
        const SweepResult r = sweep(plan, presetModel(model.toLatin1().constData()), presetGpu("h200"), o);
        int front = 0, eligible = 0;
        for (const SweepPlan &a : r.plans) {
            if (!a.meetsConstraints) {
                QVERIFY(!a.pareto);
                continue;
            }
            ++eligible;
            bool dominated = false;
            for (const SweepPlan &b : r.plans)
                if (&a != &b && b.meetsConstraints
                    && dominates({ b.tpotSec, b.tokensPerSecPerGpu }, { a.tpotSec, a.tokensPerSecPerGpu }))
                    dominated = true;
            QCOMPARE(a.pareto, !dominated);
            front += a.pareto;
        }
        QVERIFY(front >= 1);
        QVERIFY(eligible > front); // the property is exercised on both sides
    }

    // Large sweeps run on several threads; the result is the same as on one.
    void threadsDoNotChangeTheResult()
    {
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = 256;
        o.epSizes = EpSizes::AllDivisors;
        o.includeInvalid = true;
        o.threads = 1;
        const SweepResult one = sweep(plan, presetModel("deepseek-v3"), presetGpu("h200"), o);
        o.threads = 3;
        const SweepResult three = sweep(plan, presetModel("deepseek-v3"), presetGpu("h200"), o);
        QVERIFY(one.plans.size() > 100);
        QVERIFY(one.plans == three.plans);
        QCOMPARE(one.skippedCount(), three.skippedCount());
    }

    // Every listed figure is what evaluate() says for the same plan: the sweep adds no model of its own.
    void matchesEvaluate()
    {
        Plan plan;
        plan.maxModelLen = 32768;
        SweepOptions o;
        o.gpus = 16;
        o.epSizes = EpSizes::AllDivisors;
        const ModelSpec m = presetModel("qwen3-235b-a22b");
        const GpuSpec g = presetGpu("h200");
        const SweepResult r = sweep(plan, m, g, o);
        QCOMPARE(int(r.plans.size()), 55);
        for (const SweepPlan &p : r.plans) {
            const Evaluation e = evaluate(planFor(r, p), m, g);
            QCOMPARE(std::tuple(e.plan.tp, e.plan.pp, e.plan.dp, e.plan.ep), std::tuple(p.tp, p.pp, p.dp, p.ep));
            QCOMPARE(p.fits, e.fits);
            QCOMPARE(p.maxConcurrency, e.kv.maxConcurrency);
            QCOMPARE(p.capacityTokens, e.kv.capacityTokens);
            QCOMPARE(p.maxWeightsBytesPerGpu, e.maxWeightsBytesPerGpu);
            QCOMPARE(p.nodes, e.nodes);
            // The decode figures at the batch, micro-batches and context the sweep chose.
            QCOMPARE(e.plan.batch, p.batch);
            QCOMPARE(p.tpotSec, e.time.tpotSec);
            QCOMPARE(p.tokensPerSecPerGpu, e.time.tokensPerSecPerGpu);
            QCOMPARE(p.ttftSec, e.time.ttftSec);
            QCOMPARE(p.commSecPerStep, e.comm.totalTimeSec);
            QCOMPARE(p.tpLink, e.comm.tp.link);
            std::vector<PlanIssue> errors;
            for (const PlanIssue &i : e.issues)
                if (i.severity == Severity::Error)
                    errors.push_back(i);
            QCOMPARE(p.reasons, errors);
        }
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
