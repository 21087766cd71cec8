// Disaggregated prefill/decode (issue #18 §2): the plan's pools, plan-file round trip, the KV transfer
// time, xPyD balance. Hand-worked values; the arithmetic is written next to each.
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "core/serving/disagg.h"
#include "core/sweep/slasearch.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

using namespace shardscope;

namespace {

bool nearBoth(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

// Llama-3.1-8B: 32 layers, 8 KV heads of 128, BF16 (2 B). One token's KV on one GPU at tp 1:
// 2 (K, V) x 8 x 128 x 2 B x 32 layers = 131,072 B.
constexpr double kLlama8bKvBytesPerToken = 2.0 * 8 * 128 * 2 * 32;

Plan disaggLlama8b()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    p.servingMode = ServingMode::Disaggregated;
    p.prefill.tp = 1;
    p.prefill.instances = 3;
    p.decode.tp = 2;
    p.decode.instances = 1;
    p.kvTransferLink = KvTransferLink::Nic;
    // α-β of the links, set here so the hand arithmetic does not depend on the preset.
    p.nicLatencySec = 5e-6;
    p.nicBytesPerSec = 50e9;
    p.scaleupLatencySec = 1e-6;
    p.scaleupBytesPerSec = 400e9;
    p.pcieBytesPerSec = 25e9;
    return p;
}

} // namespace

class TestDisagg : public QObject
{
    Q_OBJECT
private slots:
    // Every disaggregated field survives a plan file: write, read, compare.
    void planFileRoundTrip()
    {
        Plan p = disaggLlama8b();
        p.prefill.gpuId = "h200";
        p.prefill.maxNumBatchedTokens = 16384;
        p.decode.pp = 2;
        p.decode.dp = 2;
        p.decode.ep = 1;
        p.decode.maxNumSeqs = 512;
        p.kvTransferLink = KvTransferLink::ScaleUp;
        PlanFile f;
        f.plan = p;
        const PlanFile back = planFileFromJsonText(planFileToJsonText(f));
        QVERIFY(back.plan == p);
        const nlohmann::json j = planToJson(p);
        QCOMPARE(j["serving_mode"].get<std::string>(), std::string("disaggregated"));
        QCOMPARE(j["prefill"]["instances"].get<int>(), 3);
        QCOMPARE(j["prefill"]["gpu"].get<std::string>(), std::string("h200"));
        QCOMPARE(j["decode"]["tp"].get<int>(), 2);
        QCOMPARE(j["kv_transfer_link"].get<std::string>(), std::string("scaleup"));
        QCOMPARE(j["kv_connector"].get<std::string>(), std::string("NixlConnector"));
        // A file without the fields is an aggregated plan (older files read as before).
        const Plan old = planFromJson(nlohmann::json { { "model", "llama-3.1-8b" }, { "gpu", "h100-sxm" } });
        QVERIFY(old.servingMode == ServingMode::Aggregated);
        QVERIFY(old.prefill == PoolPlan {});
    }

    // Bad pool fields are refused with the field's path.
    void badPoolFieldsAreRefused()
    {
        const auto refuses = [](const nlohmann::json &plan, const char *needle) {
            try {
                planFromJson(plan);
            } catch (const InputError &e) {
                return std::string(e.what()).find(needle) != std::string::npos;
            }
            return false;
        };
        QVERIFY(refuses({ { "serving_mode", "split" } }, "serving_mode"));
        QVERIFY(refuses({ { "prefill", { { "tp", 0 } } } }, "prefill.tp"));
        QVERIFY(refuses({ { "decode", { { "instances", 1.5 } } } }, "decode.instances"));
        QVERIFY(refuses({ { "decode", "tp=2" } }, "decode"));
        QVERIFY(refuses({ { "prefill", { { "gpu", "a\nb" } } } }, "prefill.gpu"));
        QVERIFY(refuses({ { "prefill", { { "tp", 1024 }, { "pp", 1024 } } } }, "65536"));
        QVERIFY(refuses({ { "kv_transfer_link", "carrier-pigeon" } }, "kv_transfer_link"));
    }

    // A pool's plan: the pool's sizes, GPU and batch settings; the rest is the plan's. GPUs per pool =
    // instances x tp x pp x dp: prefill 3 x 1 = 3, decode 1 x 2 = 2.
    void poolPlans()
    {
        Plan p = disaggLlama8b();
        p.decode.gpuId = "h200";
        p.decode.maxNumSeqs = 64;
        const Plan pre = poolPlan(p, Pool::Prefill);
        const Plan dec = poolPlan(p, Pool::Decode);
        QCOMPARE(pre.tp, 1);
        QCOMPARE(pre.gpuId, std::string("h100-sxm"));
        QCOMPARE(dec.tp, 2);
        QCOMPARE(dec.gpuId, std::string("h200"));
        QCOMPARE(dec.maxNumSeqs, std::int64_t(64));
        QCOMPARE(dec.maxModelLen, std::int64_t(8192));
        QVERIFY(dec.servingMode == ServingMode::Aggregated);
        QCOMPARE(poolGpus(p, Pool::Prefill), std::int64_t(3));
        QCOMPARE(poolGpus(p, Pool::Decode), std::int64_t(2));
    }

    // An edit of one pool's view (the window shows a pool as a plain plan): the decode pool moves to tp 4 on
    // an H200 with 128 sequences and FP8 KV; the prefill pool (tp 1 x 3) and the plan's own sizes stay, the
    // shared KV dtype is the plan's now, and a batch setting set back to the plan's reads "the plan's" (0).
    void poolEditFoldsBack()
    {
        const Plan p = disaggLlama8b();
        Plan view = poolPlan(p, Pool::Decode);
        view.tp = 4;
        view.gpuId = "h200";
        view.maxNumSeqs = 128;
        view.kvCacheDtype = KvDtype::Fp8;
        const Plan edited = withPoolEdited(p, Pool::Decode, view);
        QVERIFY(edited.servingMode == ServingMode::Disaggregated);
        QCOMPARE(edited.decode.tp, 4);
        QCOMPARE(edited.decode.gpuId, std::string("h200"));
        QCOMPARE(edited.decode.maxNumSeqs, std::int64_t(128));
        QCOMPARE(edited.decode.instances, 1);
        QCOMPARE(edited.prefill.tp, 1);
        QCOMPARE(edited.prefill.instances, 3);
        QCOMPARE(edited.tp, p.tp);
        QCOMPARE(edited.gpuId, std::string("h100-sxm"));
        QVERIFY(edited.kvCacheDtype == KvDtype::Fp8);
        // Back: the view of the edited pool is what the user set; the same GPU as the plan's is stored as "".
        QCOMPARE(poolPlan(edited, Pool::Decode).tp, 4);
        view = poolPlan(edited, Pool::Decode);
        view.gpuId = "h100-sxm";
        view.maxNumSeqs = p.maxNumSeqs;
        const Plan back = withPoolEdited(edited, Pool::Decode, view);
        QCOMPARE(back.decode.gpuId, std::string());
        QCOMPARE(back.decode.maxNumSeqs, std::int64_t(0));
        // An unchanged view changes nothing.
        QVERIFY(withPoolEdited(p, Pool::Prefill, poolPlan(p, Pool::Prefill)) == p);
    }

    // The KV of a 4000-token prompt over the stated link, both pools at tp 1:
    //   bytes = 4000 x 131,072 = 524,288,000 B per GPU
    //   NIC (α 5 µs, β 50 GB/s):       5e-6 + 524,288,000 / 50e9  = 0.01049076 s
    //   scale-up (α 1 µs, β 400 GB/s): 1e-6 + 524,288,000 / 400e9 = 0.00131172 s
    //   node = PCIe (α the scale-up's 1 µs, β 25 GB/s): 1e-6 + 524,288,000 / 25e9 = 0.02097252 s
    // With the decode pool at tp 2 each decode GPU receives half (4 of 8 KV heads), so the prefill GPU's
    // send is still the larger share.
    void transferTimeByHand()
    {
        const Plan p = disaggLlama8b();
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan pre = evaluatePlan(poolPlan(p, Pool::Prefill), m, g);
        Plan tp1 = p;
        tp1.decode.tp = 1;
        const EvaluatedPlan dec1 = evaluatePlan(poolPlan(tp1, Pool::Decode), m, g);
        const EvaluatedPlan dec2 = evaluatePlan(poolPlan(p, Pool::Decode), m, g);
        QVERIFY(pre.evaluation.fits && dec2.evaluation.fits);
        QCOMPARE(pre.evaluation.kv.bytesPerTokenPerGpu, kLlama8bKvBytesPerToken);
        const LinkSet links = resolveLinks(pre.evaluation.plan, g);
        const double bytes = 4000 * kLlama8bKvBytesPerToken;
        QCOMPARE(bytes, 524288000.0);
        const KvTransfer nic = kvTransfer(4000, pre.evaluation, dec1.evaluation, KvTransferLink::Nic, links);
        QCOMPARE(nic.bytesPerGpu, 524288000.0);
        QVERIFY(nearBoth(nic.seconds, 0.01049076));
        const KvTransfer up = kvTransfer(4000, pre.evaluation, dec1.evaluation, KvTransferLink::ScaleUp, links);
        QVERIFY(nearBoth(up.seconds, 0.00131172));
        const KvTransfer node = kvTransfer(4000, pre.evaluation, dec1.evaluation, KvTransferLink::Node, links);
        QVERIFY(nearBoth(node.seconds, 0.02097252));
        const KvTransfer half = kvTransfer(4000, pre.evaluation, dec2.evaluation, KvTransferLink::Nic, links);
        QCOMPARE(half.receiveBytesPerGpu, 262144000.0);
        QCOMPARE(half.bytesPerGpu, 524288000.0);
    }

    // TTFT of the disaggregated plan contains the transfer: TTFT = prefill TTFT + 10.49076 ms + the decode
    // instance's first step, at every percentile; TPOT is the decode pool's alone.
    void ttftIncludesTheTransfer()
    {
        const Plan p = disaggLlama8b();
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan pre = evaluatePlan(poolPlan(p, Pool::Prefill), m, g);
        Plan tp1 = p;
        tp1.decode.tp = 1;
        const EvaluatedPlan dec = evaluatePlan(poolPlan(tp1, Pool::Decode), m, g);
        Workload w;
        w.inputLen = 4000;
        w.outputLen = 64;
        w.numPrompts = 60;
        w.requestRate = 2;
        const ServingCoefficients c = servingCoefficients(g);
        const DisaggServingResult r = simulateDisaggregated(pre, 3, dec, 1, KvTransferLink::Nic, w, c, c);
        QVERIFY(nearBoth(r.transfer.seconds, 0.01049076));
        QVERIFY(nearBoth(r.ttft.p50, r.prefill.ttft.p50 + 0.01049076 + r.decode.ttft.p50));
        QVERIFY(nearBoth(r.ttft.p90, r.prefill.ttft.p90 + 0.01049076 + r.decode.ttft.p90));
        QVERIFY(r.ttft.p50 > 0.01049076);
        QCOMPARE(r.tpot.p90, r.decode.tpot.p90);
        // Each prefill instance got 60 / 3 = 20 prompts at 2 / 3 req/s, one output token each.
        QCOMPARE(r.prefill.workload.numPrompts, std::int64_t(20));
        QCOMPARE(r.prefill.workload.outputLen, std::int64_t(1));
        QVERIFY(nearBoth(r.prefill.workload.requestRate, 2.0 / 3));
        // GPUs: 3 prefill + 1 decode.
        QCOMPARE(r.gpus, 4);
    }

    // xPyD balance: 3 prefill instances of 2 req/s = 6 req/s, 2 decode instances of 1.5 req/s = 3 req/s:
    // the decode pool saturates first, 3 req/s. With 1 x 1.0 against 2 x 5.0 the prefill pool binds: 1.
    void poolBalance()
    {
        const PoolBalance a = balancePools(2.0, 3, 1.5, 2);
        QCOMPARE(a.prefillRequestsPerSec, 6.0);
        QCOMPARE(a.decodeRequestsPerSec, 3.0);
        QCOMPARE(a.requestsPerSec, 3.0);
        QVERIFY(a.boundBy == Pool::Decode);
        const PoolBalance b = balancePools(1.0, 1, 5.0, 2);
        QCOMPARE(b.requestsPerSec, 1.0);
        QVERIFY(b.boundBy == Pool::Prefill);
    }

    // Through the simulation: output tokens/s = min(x x prefill req/s, y x decode req/s) x output_len,
    // per GPU over x·P + y·D GPUs.
    void simulatedBalance()
    {
        const Plan p = disaggLlama8b();
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan pre = evaluatePlan(poolPlan(p, Pool::Prefill), m, g);
        const EvaluatedPlan dec = evaluatePlan(poolPlan(p, Pool::Decode), m, g);
        Workload w;
        w.inputLen = 2000;
        w.outputLen = 200;
        w.numPrompts = 120;
        const ServingCoefficients c = servingCoefficients(g);
        const DisaggServingResult r = simulateDisaggregated(pre, 3, dec, 1, KvTransferLink::Nic, w, c, c);
        const double x = 3 * r.prefill.requestsPerSec, y = 1 * r.decode.requestsPerSec;
        QVERIFY(x > 0 && y > 0);
        QVERIFY(nearBoth(r.requestsPerSec, std::min(x, y)));
        QVERIFY(nearBoth(r.outputTokensPerSec, std::min(x, y) * 200));
        QCOMPARE(r.gpus, 3 * 1 + 1 * 2);
        QVERIFY(nearBoth(r.outputTokensPerSecPerGpu, r.outputTokensPerSec / 5));
    }

    // P/D splits as a search dimension. Llama-3.1-8B on 2 H100 (exactly 2 GPUs), max_num_seqs {64, 128},
    // max_num_batched_tokens {4096}, KV dtype {auto, fp8}:
    //   aggregated: (tp, pp, dp) with tp x pp x dp = 2: (1,1,2), (1,2,1), (2,1,1) = 3 x 2 x 1 x 2 dtypes = 12;
    //   disaggregated: each pool below 2 GPUs is (1,1,1); x + y = 2 with x, y >= 1 is 1P1D only:
    //   1 x 1 x (prefill: 1 max_num_batched_tokens) x (decode: 2 x 1) x 2 dtypes = 4.
    // 16 candidates, 4 of them splits; with a loose SLA a split is simulated and its row says so.
    void searchCountsSplits()
    {
        SearchGpu g;
        g.gpu = presetGpu("h100-sxm");
        g.coefficients = servingCoefficients(g.gpu);
        g.usdPerGpuHour = 3;
        Plan base;
        base.maxModelLen = 4096;
        SlaSearchOptions o;
        o.gpus = 2;
        o.disaggregated = true;
        o.kvDtypes = { KvDtype::Auto, KvDtype::Fp8 };
        o.maxNumSeqs = { 64, 128 };
        o.maxNumBatchedTokens = { 4096 };
        o.workload.inputLen = 1000;
        o.workload.outputLen = 32;
        o.workload.numPrompts = 40;
        o.sla.tpotSec = 0.5;
        o.top = 100;
        const SlaSearchResult r = slaSearch(base, presetModel("llama-3.1-8b"), { g }, o);
        QCOMPARE(r.candidates, std::int64_t(16));
        QCOMPARE(r.disaggregatedCandidates, std::int64_t(4));
        bool split = false, fp8 = false;
        for (const SlaRow &row : r.rows) {
            fp8 = fp8 || row.kvDtype == KvDtype::Fp8;
            if (!row.disaggregated)
                continue;
            split = true;
            QCOMPARE(row.gpus, 2);
            QCOMPARE(row.prefill.instances, 1);
            QCOMPARE(row.decode.instances, 1);
            QVERIFY(row.kvTransferSec > 0);
            const Plan p = planForRow(r, row);
            QVERIFY(p.servingMode == ServingMode::Disaggregated);
            QCOMPARE(poolGpus(p, Pool::Prefill) + poolGpus(p, Pool::Decode), std::int64_t(2));
            QVERIFY(slaRowCommand(r, row, "llama-3.1-8b").find("--serving-mode disaggregated") != std::string::npos);
        }
        QVERIFY(split);
        QVERIFY(fp8);
        // Only aggregated plans: the 12 aggregated candidates, no split.
        o.disaggregated = false;
        const SlaSearchResult agg = slaSearch(base, presetModel("llama-3.1-8b"), { g }, o);
        QCOMPARE(agg.candidates, std::int64_t(12));
        QCOMPARE(agg.disaggregatedCandidates, std::int64_t(0));
    }

    // The search's result does not depend on the thread count (deterministic order).
    void searchIsDeterministic()
    {
        SearchGpu g;
        g.gpu = presetGpu("h100-sxm");
        g.coefficients = servingCoefficients(g.gpu);
        Plan base;
        base.maxModelLen = 4096;
        SlaSearchOptions o;
        o.gpus = 4;
        o.upTo = true;
        o.disaggregated = true;
        o.maxNumSeqs = { 64, 128 };
        o.workload.inputLen = 1000;
        o.workload.outputLen = 32;
        o.workload.numPrompts = 40;
        o.sla.tpotSec = 0.5;
        o.top = 6;
        o.threads = 1;
        const SlaSearchResult one = slaSearch(base, presetModel("llama-3.1-8b"), { g }, o);
        o.threads = 2;
        const SlaSearchResult two = slaSearch(base, presetModel("llama-3.1-8b"), { g }, o);
        QCOMPARE(one.rows.size(), two.rows.size());
        QCOMPARE(one.candidates, two.candidates);
        for (std::size_t i = 0; i < one.rows.size(); ++i) {
            QCOMPARE(one.rows[i].disaggregated, two.rows[i].disaggregated);
            QCOMPARE(one.rows[i].tp, two.rows[i].tp);
            QCOMPARE(one.rows[i].prefill.tp, two.rows[i].prefill.tp);
            QCOMPARE(one.rows[i].prefill.instances, two.rows[i].prefill.instances);
            QCOMPARE(one.rows[i].outputTokensPerSec, two.rows[i].outputTokensPerSec);
        }
    }
};

QTEST_APPLESS_MAIN(TestDisagg)
#include "tst_disagg.moc"
