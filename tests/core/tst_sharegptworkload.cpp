// `--dataset-name sharegpt`: the per-request lengths of vLLM's ShareGPT sample and how the simulation sends them.
// Expected values are read from the source trace (github.com/JonnyKong/vidur data/processed_traces/
// sharegpt_v3_filtered.csv @941a76c3, columns num_prefill_tokens,num_decode_tokens), not from the program:
// rows 1-3 are 13,120 / 25,770 / 27,233, the last (16,384th) 183,71; the first 100 rows average 223.98 / 210.05
// tokens, the first 1,000 215.196 / 198.343, all 16,384 then the first 100 again (16,484 rows) 219.665 / 199.362.
#include "core/model/errors.h"
#include "core/serving/serving.h"
#include "core/serving/sharegptlengths.h"
#include "core/serving/workloadio.h"
#include "core/sweep/slasearch.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace shardscope;

namespace {

EvaluatedPlan llama8bOnH100(std::int64_t maxModelLen)
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = maxModelLen;
    return evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
}

// Three requests one after another (one client) with the dataset's own lengths.
Workload firstThree()
{
    Workload w;
    w.dataset = Dataset::ShareGpt;
    w.numPrompts = 3;
    w.maxConcurrency = 1;
    useShareGptMeans(w, true, true);
    return w;
}

} // namespace

class TestShareGptWorkload : public QObject
{
    Q_OBJECT
private slots:
    void tableIsTheSampleInOrder()
    {
        const auto t = shareGptRequests();
        QCOMPARE(t.size(), size_t(16384));
        QCOMPARE(t[0].input, 13);
        QCOMPARE(t[0].output, 120);
        QCOMPARE(t[1].input, 25);
        QCOMPARE(t[1].output, 770);
        QCOMPARE(t[2].input, 27);
        QCOMPARE(t[2].output, 233);
        QCOMPARE(t[16383].input, 183);
        QCOMPARE(t[16383].output, 71);
        QVERIFY(std::abs(shareGptMeans(100).input - 223.98) < 1e-9);
        QVERIFY(std::abs(shareGptMeans(100).output - 210.05) < 1e-9);
        QVERIFY(std::abs(shareGptMeans(1000).input - 215.196) < 1e-9);
        QVERIFY(std::abs(shareGptMeans(1000).output - 198.343) < 1e-9);
        QVERIFY(std::abs(shareGptMeans(16484).input - 219.665) < 1e-3);
        QVERIFY(std::abs(shareGptMeans(16484).output - 199.362) < 1e-3);
    }

    // Means of rows 1-3: (13 + 25 + 27) / 3 = 21.67 -> 22 and (120 + 770 + 233) / 3 = 374.33 -> 374, and the
    // requests keep their own lengths: 1,123 output and 1,123 + 65 = 1,188 total tokens over the run.
    void sendsTheDatasetsLengthsInOrder()
    {
        const Workload w = firstThree();
        QCOMPARE(w.inputLen, 22);
        QCOMPARE(w.outputLen, 374);
        const ServingResult r = simulateServing(llama8bOnH100(8192), w);
        QCOMPARE(r.completed, 3);
        QVERIFY(std::abs(r.outputTokensPerSec * r.durationSec - 1123) < 1e-6);
        QVERIFY(std::abs(r.totalTokensPerSec * r.durationSec - 1188) < 1e-6);
        QCOMPARE(r.workload.dataset, Dataset::ShareGpt);
    }

    // Output mean 748 = 2 x 374: each output scaled by 748 / 374.333 = 1.99822 and rounded: 120 -> 240,
    // 770 -> 1,539, 233 -> 466 = 2,245 tokens; the prompts keep theirs (mean 22 is the table's).
    void scalesToTheGivenMeans()
    {
        Workload w = firstThree();
        w.outputLen = 748;
        const ServingResult r = simulateServing(llama8bOnH100(8192), w);
        QCOMPARE(r.completed, 3);
        QVERIFY(std::abs(r.outputTokensPerSec * r.durationSec - 2245) < 1e-6);
        QVERIFY(std::abs(r.totalTokensPerSec * r.durationSec - 2245 - 65) < 1e-6);
    }

    // max_model_len 512: request 2 (25 + 770 = 795 tokens) is refused as vLLM refuses it; 1 and 3 run
    // (120 + 233 = 353 output tokens).
    void overlongRequestsAreRefused()
    {
        const Workload w = firstThree();
        checkWorkload(w, 512); // not an input error: the dataset decides the lengths
        const ServingResult r = simulateServing(llama8bOnH100(512), w);
        QCOMPARE(r.completed, 2);
        QVERIFY(std::abs(r.outputTokensPerSec * r.durationSec - 353) < 1e-6);
        QCOMPARE(r.warnings.size(), size_t(1));
        QVERIFY(r.warnings[0].find("max_model_len") != std::string::npos);
    }

    // DP: a replica sends every dp-th request, scaled against the means of all of them (the table's own here, so
    // rows 1 and 3 unchanged: 13 / 120 and 27 / 233); an output mean of 1 makes every output 1 (the disaggregated
    // prefill pool's requests), since no length is below 1.
    void replicasAndUnitMeans()
    {
        Workload w;
        w.dataset = Dataset::ShareGpt;
        w.numPrompts = 1000;
        useShareGptMeans(w, true, true);
        const ShareGptLengths dp2(w, 2);
        QCOMPARE(dp2.at(0), std::make_pair(std::int64_t(13), std::int64_t(120)));
        QCOMPARE(dp2.at(1), std::make_pair(std::int64_t(27), std::int64_t(233)));
        w.outputLen = 1;
        const ShareGptLengths prefillPool(w, 1);
        QCOMPARE(prefillPool.at(1), std::make_pair(std::int64_t(25), std::int64_t(1))); // row 2: 770 outputs
        const RequestLengths l = requestLengths(firstThree());
        QCOMPARE(l.shortestInput, 13);
        QCOMPARE(l.longestInput, 27);
        QCOMPARE(l.shortestOutput, 120);
        QCOMPARE(l.longestOutput, 770);
        QCOMPARE(l.longestRequest, 795);
    }

    // The SLA search's latency bounds hold for every request only at the shortest one: with prompts averaging
    // 8,000 tokens one at a time, the p50 TTFT (the median prompt's) sits well below the prefill of a mean-length
    // prompt; a p50 target between them is met, and the search must simulate the plan rather than prune it.
    void slaSearchBoundsAtTheShortestRequest()
    {
        Workload w = firstThree();
        w.numPrompts = 21;
        w.inputLen = 8000;
        w.outputLen = 2;
        const EvaluatedPlan ep = llama8bOnH100(65536);
        const ServingResult r = simulateServing(ep, w);
        QCOMPARE(r.completed, 21);
        StepBatch mean;
        mean.prefillTokens = 8000;
        mean.prefillPairs = 8000.0 * 8001 / 2;
        mean.sampled = mean.requests = 1;
        const double meanBound = stepTime(buildStepModel(ep, servingCoefficients(ep.gpu)), mean).totalSec;
        QVERIFY2(r.ttft.p50 < 0.8 * meanBound, (std::to_string(r.ttft.p50) + " " + std::to_string(meanBound)).c_str());
        SlaSearchOptions o;
        o.gpus = 1;
        o.workload = w;
        o.sla.ttftSec = 0.5 * (r.ttft.p50 + meanBound);
        o.sla.percentile = SlaPercentile::P50;
        SearchGpu g;
        g.gpu = ep.gpu;
        g.coefficients = servingCoefficients(g.gpu);
        Plan base;
        base.maxModelLen = 65536;
        const SlaSearchResult s = slaSearch(base, ep.model, { g }, o);
        QVERIFY(!s.rows.empty());
        QVERIFY(s.rows.front().meetsSla);
    }

    void badShareGptWorkloads()
    {
        Workload w = firstThree();
        w.inputLenLo = 100;
        w.inputLenHi = 200;
        QVERIFY_THROWS_EXCEPTION(InputError, checkWorkload(w, 8192));
        QVERIFY_THROWS_EXCEPTION(InputError, workloadFromJson(nlohmann::json { { "dataset_name", "sonnet" } }));
        QVERIFY_THROWS_EXCEPTION(InputError, workloadFromJson(nlohmann::json { { "dataset_name", 1 } }));
        QVERIFY_THROWS_EXCEPTION(InputError,
            workloadFromJson(nlohmann::json { { "dataset_name", "sharegpt" }, { "input_len_range", { 1, 2 } } }));
    }

    // A plan file's workload: without lengths the first num_prompts requests' means; with them, as written.
    void planFilesKeepTheDataset()
    {
        const Workload a = workloadFromJson(nlohmann::json { { "dataset_name", "sharegpt" }, { "num_prompts", 100 } });
        QCOMPARE(a.dataset, Dataset::ShareGpt);
        QCOMPARE(a.inputLen, 224);
        QCOMPARE(a.outputLen, 210);
        const Workload b = workloadFromJson(workloadToJson(a));
        QVERIFY(b == a);
        const Workload c = workloadFromJson(
            nlohmann::json { { "dataset_name", "sharegpt" }, { "input_len", 300 }, { "output_len", 150 } });
        QCOMPARE(c.inputLen, 300);
        QCOMPARE(c.outputLen, 150);
        QVERIFY(!workloadToJson(Workload()).contains("dataset_name")); // random files stay as they were
    }
};

QTEST_APPLESS_MAIN(TestShareGptWorkload)
#include "tst_sharegptworkload.moc"
