// The SLA-driven search (issue #18 §1): hand-worked rankings, goodput, dominance and cost.
#include "core/serving/serving.h"
#include "core/sweep/slasearch.h"
#include "tests/common/testutils.h"

using namespace shardscope;

namespace {

// A row with the figures the ranking reads: TPOT and TTFT at every percentile, tokens/s per GPU.
SlaRow row(int tp, int gpus, double tpotSec, double tokensPerSecPerGpu, double ttftSec = 0.1)
{
    SlaRow r;
    r.tp = tp;
    r.gpus = gpus;
    r.tpot = { tpotSec, tpotSec, tpotSec, tpotSec };
    r.ttft = { ttftSec, ttftSec, ttftSec, ttftSec };
    r.e2e = { 1, 1, 1, 1 };
    r.outputTokensPerSecPerGpu = tokensPerSecPerGpu;
    r.outputTokensPerSec = tokensPerSecPerGpu * gpus;
    r.usdPerGpuHour = 2;
    return r;
}

} // namespace

class TestSlaSearch : public QObject
{
    Q_OBJECT
private slots:
    // 8 GPUs at $3/h producing 1000 output tokens/s: $24 per hour for 3.6e6 tokens, so
    // 24 / 3.6e6 x 1e6 = $6.666... per million output tokens. Unknown price or no tokens: -1.
    void costArithmetic()
    {
        QCOMPARE(costPerMillionOutputTokens(8, 3.0, 1000), 24.0 / 3.6);
        // 1 GPU at $2/h, 500 tok/s: 2 / (500 x 3600) x 1e6 = 2 / 1.8e6 x 1e6 = 1.111...
        QCOMPARE(costPerMillionOutputTokens(1, 2.0, 500), 2.0 / 1.8);
        QCOMPARE(costPerMillionOutputTokens(8, 0, 1000), -1.0);
        QCOMPARE(costPerMillionOutputTokens(8, 3, 0), -1.0);
        SlaRow r = row(4, 4, 0.02, 250); // 4 GPUs x 250 = 1000 tok/s at $2/h: 8 / 3.6e6 x 1e6 = 2.222...
        judgeRow(r, Sla {}, Workload {});
        QCOMPARE(r.costPerMillionOutputTokens, 8.0 / 3.6);
    }

    // The default price table holds the README's example figures, and nothing for other GPUs.
    void defaultPrices()
    {
        QCOMPARE(defaultGpuHourCost("h100-sxm"), 3.0);
        QCOMPARE(defaultGpuHourCost("b200"), 5.0);
        QCOMPARE(defaultGpuHourCost("a100-80gb"), 2.0);
        QCOMPARE(defaultGpuHourCost("no-such-gpu"), 0.0);
    }

    // Two plans: A makes 500 tok/s per GPU at TPOT p90 40 ms, B 300 at 20 ms. With TPOT p90 <= 30 ms
    // A misses (40 > 30, margin -10 ms), so B ranks first although A is faster; without an SLA A wins.
    void slaExcludesTheFasterPlan()
    {
        Sla sla;
        sla.tpotSec = 0.030;
        std::vector<SlaRow> rows = { row(1, 1, 0.040, 500), row(2, 2, 0.020, 300) };
        for (SlaRow &r : rows)
            judgeRow(r, sla, Workload {});
        QVERIFY(!rows[0].meetsSla);
        QCOMPARE(rows[0].goodputPerGpu, 0.0);
        QVERIFY(std::abs(rows[0].tpotSla.marginSec - (-0.010)) < 1e-12);
        QVERIFY(rows[1].meetsSla);
        QVERIFY(std::abs(rows[1].tpotSla.marginSec - 0.010) < 1e-12);
        rankSlaRows(rows, SlaObjective::Goodput, 0);
        QCOMPARE(rows[0].tp, 2);
        QCOMPARE(rows[0].rank, 1);
        QCOMPARE(rows[1].tp, 1);
        QCOMPARE(rows[1].rank, 0); // not ranked: it misses the SLA
        // Neither dominates: A is faster per GPU (500 > 300), B has the lower TPOT (20 < 40 ms).
        QVERIFY(!rows[0].dominated && !rows[1].dominated);

        std::vector<SlaRow> free = { row(2, 2, 0.020, 300), row(1, 1, 0.040, 500) };
        for (SlaRow &r : free)
            judgeRow(r, Sla {}, Workload {});
        rankSlaRows(free, SlaObjective::Goodput, 0);
        QCOMPARE(free[0].tp, 1);
        QCOMPARE(free[0].rank, 1);
    }

    // A plan that meets the SLA is not "dominated" by one that misses it. With TTFT p90 <= 1 s: A (TPOT
    // 20 ms, 500 tok/s/GPU, TTFT 3 s) beats B (30 ms, 300, TTFT 0.5 s) on both dominance figures but
    // misses the SLA, so B ranks first and is not dominated; A, which misses, is dominated by nobody
    // either (B has the higher TPOT). C (35 ms, 250, TTFT 0.5 s) meets the SLA and B dominates it.
    void slaMissDoesNotDominate()
    {
        Sla sla;
        sla.ttftSec = 1.0;
        std::vector<SlaRow> rows = { row(1, 1, 0.020, 500), row(2, 2, 0.030, 300), row(4, 4, 0.035, 250) };
        rows[0].ttft = { 3.0, 3.0, 3.0, 3.0 };
        rows[1].ttft = { 0.5, 0.5, 0.5, 0.5 };
        rows[2].ttft = { 0.5, 0.5, 0.5, 0.5 };
        for (SlaRow &r : rows)
            judgeRow(r, sla, Workload {});
        QVERIFY(!rows[0].meetsSla && rows[1].meetsSla && rows[2].meetsSla);
        rankSlaRows(rows, SlaObjective::Goodput, 0);
        QCOMPARE(std::tuple(rows[0].tp, rows[0].rank, rows[0].dominated), std::tuple(2, 1, false));
        QCOMPARE(std::tuple(rows[1].tp, rows[1].rank, rows[1].dominated), std::tuple(4, 2, true));
        QCOMPARE(std::tuple(rows[2].tp, rows[2].rank, rows[2].dominated), std::tuple(1, 0, false));
    }

    // The p50 percentile reads p50, not p90.
    void percentileIsTheOneAsked()
    {
        SlaRow r = row(1, 1, 0.020, 100);
        r.tpot = { 0.02, 0.02, 0.05, 0.08 };
        Sla sla;
        sla.tpotSec = 0.03;
        judgeRow(r, sla, Workload {});
        QVERIFY(!r.meetsSla); // p90 50 ms > 30 ms
        sla.percentile = SlaPercentile::P50;
        judgeRow(r, sla, Workload {});
        QVERIFY(r.meetsSla); // p50 20 ms <= 30 ms
    }

    // At 10 req/s, 100 requests arrive within N/R = 10 s. A plan whose run takes 50 s cannot keep up:
    // 50 > 1.2 x 10 + output 100 x TPOT p99 0.02 = 12 + 2 = 14 s, so its goodput is 0 even though every
    // latency SLA given is met. One finishing in 13 s keeps up.
    void goodputAtAnUnsustainableRateIsZero()
    {
        Workload w;
        w.requestRate = 10;
        w.numPrompts = 100;
        w.outputLen = 100;
        Sla sla;
        sla.tpotSec = 0.05;
        SlaRow slow = row(1, 1, 0.02, 200);
        slow.durationSec = 50;
        judgeRow(slow, sla, w);
        QVERIFY(!slow.sustained);
        QVERIFY(slow.tpotSla.met);
        QCOMPARE(slow.goodputPerGpu, 0.0);
        SlaRow ok = row(1, 1, 0.02, 200);
        ok.durationSec = 13;
        judgeRow(ok, sla, w);
        QVERIFY(ok.sustained);
        QCOMPARE(ok.goodputPerGpu, 200.0);
    }

    // The same through the serving model: Llama-3.1-8B on one H100 at 100,000 req/s cannot finish
    // 200 requests of 128 tokens in 1.2 x 200 / 1e5 s + 128 x TPOT p99 (that would take more than
    // 25,600 / 0.0024 s = 10 M output tokens/s on one GPU).
    void simulatedOverloadHasZeroGoodput()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.maxModelLen = 4096;
        const EvaluatedPlan ev = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        QVERIFY(ev.evaluation.fits);
        Workload w;
        w.inputLen = 512;
        w.outputLen = 128;
        w.numPrompts = 200;
        w.requestRate = 1e5;
        const ServingResult s = simulateServing(ev, w);
        SlaRow r = row(1, 1, 0, 0);
        r.tpot = s.tpot;
        r.ttft = s.ttft;
        r.e2e = s.e2e;
        r.durationSec = s.durationSec;
        r.outputTokensPerSecPerGpu = s.outputTokensPerSecPerGpu;
        judgeRow(r, Sla {}, w);
        QVERIFY(r.outputTokensPerSecPerGpu > 0);
        QVERIFY(!r.sustained);
        QCOMPARE(r.goodputPerGpu, 0.0);
    }

    // At a request rate goodput puts the fewest GPUs first, and cost the cheapest; but X (4 GPUs,
    // 100 tok/s/GPU, TPOT 30 ms) is dominated by Y (8 GPUs, 150 tok/s/GPU, TPOT 20 ms: better on both),
    // so Y ranks above X whatever the objective. Z (2 GPUs, 400 tok/s/GPU, 45 ms) is dominated by none.
    void dominatedNeverAboveItsDominator()
    {
        for (SlaObjective o : { SlaObjective::Goodput, SlaObjective::Cost, SlaObjective::Concurrency,
                 SlaObjective::Ttft, SlaObjective::Throughput, SlaObjective::Tpot }) {
            std::vector<SlaRow> rows
                = { row(1, 4, 0.030, 100, 0.05), row(2, 8, 0.020, 150, 0.5), row(3, 2, 0.045, 400, 0.9) };
            rows[0].usdPerGpuHour = 0.5; // X is the cheapest per token: 4 x 0.5 / (400 x 3600) x 1e6 = 1.39
            rows[0].concurrencyPerGpu = 10; // and holds the most requests per GPU
            Workload w;
            w.requestRate = 1;
            w.numPrompts = 10;
            for (SlaRow &r : rows) {
                r.durationSec = 1;
                judgeRow(r, Sla {}, w);
            }
            rankSlaRows(rows, o, w.requestRate);
            int x = -1, y = -1;
            for (int i = 0; i < 3; ++i) {
                if (rows[i].tp == 1)
                    x = i;
                if (rows[i].tp == 2)
                    y = i;
            }
            QVERIFY2(y >= 0 && x >= 0 && y < x, slaObjectiveName(o));
            QVERIFY(rows[x].dominated);
            QVERIFY(!rows[y].dominated);
            QCOMPARE(rows[x].rank, x + 1);
        }
    }

    // The search prunes before simulating: a TPOT target of 1 µs is below any plan's batch-1 decode
    // step, so nothing is simulated and every fitting candidate is counted as pruned by the SLA.
    // Candidates: Llama-3.1-8B on 2 GPUs with --up-to is (1,1,1), (1,1,2), (1,2,1), (2,1,1): 4 sizes x
    // 2 max_num_seqs x 1 max_num_batched_tokens x 2 GPU types = 16.
    void prunesBeforeSimulating()
    {
        const ModelSpec model = presetModel("llama-3.1-8b");
        std::vector<SearchGpu> gpus;
        for (const char *id : { "h100-sxm", "h200" }) {
            SearchGpu g;
            g.gpu = presetGpu(id);
            g.coefficients = servingCoefficients(g.gpu);
            gpus.push_back(g);
        }
        Plan base;
        base.maxModelLen = 4096;
        SlaSearchOptions o;
        o.gpus = 2;
        o.upTo = true;
        o.maxNumSeqs = { 64, 128 };
        o.maxNumBatchedTokens = { 4096 };
        o.workload.inputLen = 512;
        o.workload.outputLen = 32;
        o.workload.numPrompts = 50;
        o.sla.tpotSec = 1e-6;
        const SlaSearchResult r = slaSearch(base, model, gpus, o);
        QCOMPARE(r.candidates, 16);
        QCOMPARE(r.simulated, 0);
        QCOMPARE(r.prunedSla + r.prunedMemory + r.invalid, 16);
        QVERIFY(r.rows.empty());

        // A loose target: rows are simulated, every ranked row meets it, ranks are 1, 2, ...
        o.sla.tpotSec = 0.5;
        const SlaSearchResult loose = slaSearch(base, model, gpus, o);
        QVERIFY(loose.simulated > 0);
        QVERIFY(!loose.rows.empty());
        for (std::size_t i = 0; i < loose.rows.size(); ++i)
            if (loose.rows[i].rank > 0) {
                QCOMPARE(loose.rows[i].rank, int(i) + 1);
                QVERIFY(loose.rows[i].meetsSla);
                QVERIFY(loose.rows[i].tpot.p90 <= 0.5);
            }
    }
};

QTEST_APPLESS_MAIN(TestSlaSearch)
#include "tst_slasearch.moc"
