// Dominated plans never rank above their dominator (issue #18, window review item 7): the plain sweep's
// ranking (no SLA flags) and the SLA search's, as properties over random plans and on the review's case.
#include "core/sweep/slasearch.h"
#include "core/sweep/sweep.h"
#include "tests/common/testutils.h"

#include <random>

using namespace shardscope;

namespace {

// a dominates b on (TPOT lower, tokens/s per GPU higher): at least as good on both, better on one.
bool better(double tpotA, double tputA, double tpotB, double tputB)
{
    return tpotA <= tpotB && tputA >= tputB && (tpotA < tpotB || tputA > tputB);
}

} // namespace

class TestDominance : public QObject
{
    Q_OBJECT
private slots:
    // Random plans on a coarse grid (so that ties and chains occur), every objective of the plain sweep:
    // for every pair of ranked plans, the later one never dominates the earlier one, and dominatedBy
    // names an earlier plan that does dominate it.
    void plainSweepNeverRanksADominatedPlanFirst()
    {
        std::mt19937 rng(18);
        std::uniform_int_distribution<int> tpot(1, 8), tput(1, 8), conc(1, 8);
        for (int trial = 0; trial < 300; ++trial) {
            std::vector<SweepPlan> plans(1 + trial % 17);
            int tp = 0;
            for (SweepPlan &p : plans) {
                p.tp = ++tp;
                p.gpus = 8;
                p.valid = p.fits = true;
                p.meetsConstraints = rng() % 5 != 0;
                p.tpotSec = tpot(rng) * 0.01;
                p.tokensPerSecPerGpu = tput(rng) * 100.0;
                p.clusterMaxConcurrency = conc(rng) * 8;
            }
            for (SweepObjective o : { SweepObjective::Concurrency, SweepObjective::Tpot, SweepObjective::Throughput }) {
                std::vector<SweepPlan> ranked = plans;
                rankPlans(ranked, o);
                for (std::size_t a = 0; a < ranked.size(); ++a) {
                    if (ranked[a].rank == 0)
                        continue;
                    QCOMPARE(ranked[a].rank, int(a) + 1);
                    for (std::size_t b = a + 1; b < ranked.size(); ++b)
                        if (ranked[b].rank > 0)
                            QVERIFY(!better(ranked[b].tpotSec, ranked[b].tokensPerSecPerGpu, ranked[a].tpotSec,
                                ranked[a].tokensPerSecPerGpu));
                    if (ranked[a].dominatedBy > 0) {
                        const SweepPlan &d = ranked[std::size_t(ranked[a].dominatedBy - 1)];
                        QVERIFY(d.rank < ranked[a].rank);
                        QVERIFY(
                            better(d.tpotSec, d.tokensPerSecPerGpu, ranked[a].tpotSec, ranked[a].tokensPerSecPerGpu));
                    } else {
                        for (std::size_t b = 0; b < a; ++b)
                            QVERIFY(!better(ranked[b].tpotSec, ranked[b].tokensPerSecPerGpu, ranked[a].tpotSec,
                                ranked[a].tokensPerSecPerGpu));
                    }
                }
            }
        }
    }

    // Hand-worked: A holds the most requests per GPU (the default objective) but B has both the lower
    // TPOT (40 < 60 ms) and more tokens/s per GPU (140 > 60): B first, A "dominated by #1". C (30 ms,
    // 50 tok/s/GPU) is dominated by nobody (lowest TPOT), so the objective orders it against A: C holds
    // fewer requests (2 < 10 per GPU), but A must still follow B; the order is B, A, C.
    void handWorkedOrder()
    {
        std::vector<SweepPlan> plans(3);
        const double tpot[] = { 0.060, 0.040, 0.030 };
        const double tput[] = { 60, 140, 50 };
        const std::int64_t conc[] = { 80, 16, 8 }; // per GPU at 8 GPUs: 10, 2, 1
        for (int i = 0; i < 3; ++i) {
            plans[i].tp = i + 1;
            plans[i].gpus = 8;
            plans[i].valid = plans[i].fits = plans[i].meetsConstraints = true;
            plans[i].tpotSec = tpot[i];
            plans[i].tokensPerSecPerGpu = tput[i];
            plans[i].clusterMaxConcurrency = conc[i];
        }
        rankPlans(plans, SweepObjective::Concurrency);
        QCOMPARE(plans[0].tp, 2);
        QCOMPARE(plans[1].tp, 1);
        QCOMPARE(plans[1].dominatedBy, 1);
        QCOMPARE(plans[2].tp, 3);
        QCOMPARE(plans[2].dominatedBy, 0);
    }

    // The review's case: DeepSeek-V3 on 16 H200, the default sweep (no SLA flags). No ranked plan sits
    // above one with lower TPOT and more tokens/s per GPU; DP 16 x EP 16 ranks above TP 1 x PP 16 when it
    // dominates it.
    void deepseekV3On16H200()
    {
        Plan base;
        SweepOptions o;
        o.gpus = 16;
        const SweepResult r = sweep(base, presetModel("deepseek-v3"), presetGpu("h200"), o);
        int tp1pp16 = -1, dp16ep16 = -1;
        for (std::size_t a = 0; a < r.plans.size(); ++a) {
            const SweepPlan &p = r.plans[a];
            if (p.rank == 0)
                continue;
            if (p.tp == 1 && p.pp == 16)
                tp1pp16 = int(a);
            if (p.dp == 16 && p.ep == 16)
                dp16ep16 = int(a);
            for (std::size_t b = a + 1; b < r.plans.size(); ++b)
                if (r.plans[b].rank > 0)
                    QVERIFY(
                        !better(r.plans[b].tpotSec, r.plans[b].tokensPerSecPerGpu, p.tpotSec, p.tokensPerSecPerGpu));
        }
        if (tp1pp16 >= 0 && dp16ep16 >= 0) {
            const SweepPlan &a = r.plans[std::size_t(tp1pp16)], &b = r.plans[std::size_t(dp16ep16)];
            if (better(b.tpotSec, b.tokensPerSecPerGpu, a.tpotSec, a.tokensPerSecPerGpu))
                QVERIFY(dp16ep16 < tp1pp16);
        }
    }

    // The SLA search's ranking, with and without SLA targets: random rows, every objective.
    void slaRankingNeverRanksADominatedRowFirst()
    {
        std::mt19937 rng(1818);
        std::uniform_int_distribution<int> grid(1, 6);
        for (int trial = 0; trial < 200; ++trial) {
            for (bool withSla : { false, true }) {
                std::vector<SlaRow> rows(2 + trial % 11);
                int tp = 0;
                for (SlaRow &r : rows) {
                    r.tp = ++tp;
                    r.gpus = grid(rng);
                    const double tpot = grid(rng) * 0.01, ttft = grid(rng) * 0.1;
                    r.tpot = { tpot, tpot, tpot, tpot };
                    r.ttft = { ttft, ttft, ttft, ttft };
                    r.e2e = { 1, 1, 1, 1 };
                    r.outputTokensPerSecPerGpu = grid(rng) * 50.0;
                    r.outputTokensPerSec = r.outputTokensPerSecPerGpu * r.gpus;
                    r.usdPerGpuHour = grid(rng);
                    r.concurrencyPerGpu = grid(rng);
                    Sla sla;
                    if (withSla)
                        sla.tpotSec = 0.045;
                    judgeRow(r, sla, Workload {});
                }
                for (SlaObjective o : { SlaObjective::Goodput, SlaObjective::Throughput, SlaObjective::Tpot,
                         SlaObjective::Ttft, SlaObjective::Cost, SlaObjective::Concurrency }) {
                    std::vector<SlaRow> ranked = rows;
                    rankSlaRows(ranked, o, 0);
                    for (std::size_t a = 0; a < ranked.size(); ++a)
                        for (std::size_t b = a + 1; b < ranked.size(); ++b)
                            if (ranked[a].rank > 0 && ranked[b].rank > 0)
                                QVERIFY(!rowDominates(ranked[b], ranked[a]));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestDominance)
#include "tst_dominance.moc"
