// The SLA search's speed target (issue #18): at least 100,000 candidate configurations in <= 1 s on the
// 2-core machine with every core used, by pruning before simulating. Label "benchmark".
//
// Llama-3.1-70B on 1 to 64 GPUs of three types (h100-sxm, h200, b200), 8 max_num_seqs x 8
// max_num_batched_tokens candidates each: 3 x 398 sizes x 64 = 152,832 configurations; workload
// ISL 4000 / OSL 500 at 20 req/s, TTFT p90 <= 1 s, TPOT p90 <= 30 ms, goodput objective (fewest GPUs).
#include "core/sweep/slasearch.h"
#include "tests/common/testutils.h"

#include <thread>

using namespace shardscope;

class BenchSlaSearch : public QObject
{
    Q_OBJECT
private slots:
    void llama70bThreeGpuTypes()
    {
        const ModelSpec model = presetModel("llama-3.1-70b");
        std::vector<SearchGpu> gpus;
        for (const char *id : { "h100-sxm", "h200", "b200" }) {
            SearchGpu g;
            g.gpu = presetGpu(id);
            g.coefficients = servingCoefficients(g.gpu);
            g.usdPerGpuHour = defaultGpuHourCost(id);
            gpus.push_back(g);
        }
        Plan base;
        base.maxModelLen = 8192;
        SlaSearchOptions o;
        o.gpus = 64;
        o.upTo = true;
        o.maxNumSeqs = { 32, 64, 96, 128, 192, 256, 384, 512 };
        o.maxNumBatchedTokens = { 2048, 4096, 6144, 8192, 12288, 16384, 24576, 32768 };
        o.workload.inputLen = 4000;
        o.workload.outputLen = 500;
        o.workload.requestRate = 20;
        o.sla.ttftSec = 1.0;
        o.sla.tpotSec = 0.030;
        o.top = 5;
        SlaSearchResult r;
        QBENCHMARK
        {
            r = slaSearch(base, model, gpus, o);
        }
        QVERIFY(r.candidates >= 100000);
        QVERIFY(!r.rows.empty());
        QCOMPARE(r.rows.front().rank, 1);
        qInfo("%lld candidates, %lld simulated, %.3f s on %u threads: %.0f configurations evaluated per second",
            static_cast<long long>(r.candidates), static_cast<long long>(r.simulated), r.seconds,
            std::thread::hardware_concurrency(), double(r.candidates) / r.seconds);
    }

    // With P/D splits and KV dtypes (issue #18 §3): Llama-3.1-70B on 16 H200, aggregated and
    // disaggregated, KV auto/fp8, 4 max_num_seqs x 4 max_num_batched_tokens, up to 8 instances per pool,
    // ISL 4000 / OSL 500 at 8 req/s, TTFT p90 <= 1 s, TPOT p90 <= 40 ms.
    void llama70bDisaggregated()
    {
        const ModelSpec model = presetModel("llama-3.1-70b");
        SearchGpu g;
        g.gpu = presetGpu("h200");
        g.coefficients = servingCoefficients(g.gpu);
        g.usdPerGpuHour = defaultGpuHourCost("h200");
        Plan base;
        base.maxModelLen = 8192;
        SlaSearchOptions o;
        o.gpus = 16;
        o.upTo = true;
        o.aggregated = true;
        o.disaggregated = true;
        o.kvDtypes = { KvDtype::Auto, KvDtype::Fp8 };
        o.maxNumSeqs = { 64, 128, 256, 512 };
        o.maxNumBatchedTokens = { 4096, 8192, 16384, 32768 };
        o.workload.inputLen = 4000;
        o.workload.outputLen = 500;
        o.workload.requestRate = 8;
        o.workload.numPrompts = 200;
        o.sla.ttftSec = 1.0;
        o.sla.tpotSec = 0.040;
        o.top = 5;
        o.maxSimulations = 64;
        SlaSearchResult r;
        QBENCHMARK
        {
            r = slaSearch(base, model, { g }, o);
        }
        QVERIFY(r.candidates >= 100000);
        QVERIFY(r.disaggregatedCandidates > 0);
        qInfo("%lld candidates (%lld P/D splits), %lld simulated, %.3f s on %u threads: %.0f configurations "
              "evaluated per second",
            static_cast<long long>(r.candidates), static_cast<long long>(r.disaggregatedCandidates),
            static_cast<long long>(r.simulated), r.seconds, std::thread::hardware_concurrency(),
            double(r.candidates) / r.seconds);
        // The worked example of the README: the chosen plan and the runner-up.
        for (std::size_t i = 0; i < std::min<std::size_t>(2, r.rows.size()); ++i) {
            const SlaRow &row = r.rows[i];
            qInfo("rank %d: %s, %d GPUs, TTFT p90 %.3f s, TPOT p90 %.1f ms, %.1f output tok/s/GPU, $%.2f/Mtok%s",
                row.rank, slaRowCommand(r, row, "llama-3.1-70b").c_str(), row.gpus, row.ttft.p90, row.tpot.p90 * 1e3,
                row.outputTokensPerSecPerGpu, row.costPerMillionOutputTokens, row.dominated ? " (dominated)" : "");
        }
    }
};

QTEST_APPLESS_MAIN(BenchSlaSearch)
#include "bench_slasearch.moc"
