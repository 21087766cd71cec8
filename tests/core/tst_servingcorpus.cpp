// The serving model against measured vLLM serving (tests/data/perf/points.json: each point with its
// public URL and the quoted rows). Scores the default coefficients (median |error| of TPOT, TTFT and
// output throughput, share of figures within 30 %) and a leave-one-source-out check: a few global
// coefficient scales are fitted on all sources but one and scored on the one left out, so the
// calibration cannot be a lookup table. Prints both tables (the README carries them).
#include "core/model/planio.h"
#include "core/serving/serving.h"
#include "tests/common/sanitizer.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

using namespace shardscope;

namespace {

struct Point
{
    std::string id;
    std::string source;
    std::string scope; // outofscope.json: why the point is not scored against the targets
    std::string url;
    std::string quote;
    EvaluatedPlan plan;
    Workload workload;
    std::map<std::string, double> measured; // tpot_s, ttft_s, output_tok_s, e2e_s
};

// The global scales a fit may apply (1 = the shipped coefficients): four, one per calibrated cost class.
struct Scales
{
    double floors = 1; // per-kernel floors, launches, graph replay, sampler
    double cpu = 1; // step_cpu_s, request_cpu_s: the host side of a step
    double frontend = 1; // frontend_request_s: the API server's serial time per request
    double moe = 1; // moe_compute: the grouped GEMM's rate at many tokens per expert, every family
};

ServingCoefficients scaled(const GpuSpec &gpu, const Scales &s)
{
    ServingCoefficients c = servingCoefficients(gpu);
    c.floorScale *= s.floors;
    c.hostScale *= s.cpu;
    c.frontendRequestSec *= s.frontend;
    c.moeCompute *= s.moe;
    return c;
}

// points.json: the scored corpus; outofscope.json: measured points outside what the simulation models (each
// says why in "scope"), scored and printed but not part of the targets.
std::vector<Point> loadCorpus(const char *file = "points.json")
{
    const QString path
        = qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/data/perf/") + QString::fromUtf8(file);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
    std::vector<Point> out;
    for (const nlohmann::json &p : j.at("points")) {
        Point pt;
        pt.id = p.at("id").get<std::string>();
        if (p.contains("scope"))
            pt.scope = p.at("scope").get<std::string>();
        pt.url = p.at("url").get<std::string>();
        pt.quote = p.at("quote").get<std::string>();
        pt.source = p.at("source").get<std::string>();
        Plan plan
            = makePlan(p.at("preset_model").get<std::string>().c_str(), p.at("preset_gpu").get<std::string>().c_str(),
                p.at("tp").get<int>(), p.at("pp").get<int>(), p.at("dp").get<int>(), p.at("ep").get<int>());
        if (!p.at("max_model_len").is_null())
            plan.maxModelLen = p.at("max_model_len").get<std::int64_t>();
        if (!p.at("max_num_batched_tokens").is_null())
            plan.maxNumBatchedTokens = p.at("max_num_batched_tokens").get<std::int64_t>();
        if (p.at("quantization").get<std::string>() == "fp8")
            plan.quantization = Quantization::Fp8;
        if (p.contains("kv_cache_dtype") && p.at("kv_cache_dtype").get<std::string>() == "fp8")
            plan.kvCacheDtype = KvDtype::Fp8;
        if (p.contains("gpu_memory_utilization"))
            plan.gpuMemoryUtilization = p.at("gpu_memory_utilization").get<double>();
        if (p.contains("max_num_seqs"))
            plan.maxNumSeqs = p.at("max_num_seqs").get<std::int64_t>();
        if (p.contains("enforce_eager"))
            plan.enforceEager = p.at("enforce_eager").get<bool>();
        if (const auto v = parseVllmVersion(p.at("engine_version").get<std::string>()))
            plan.vllmVersion = *v;
        pt.plan = evaluatePlan(plan, presetModel(p.at("preset_model").get<std::string>().c_str()),
            presetGpu(p.at("preset_gpu").get<std::string>().c_str()));
        // The memory side may be stricter than the real run (gpt-oss-120b on one H100 at 0.9 leaves no KV in
        // ShardScope's accounting, vLLM ran it): score the serving side at 0.95 then, and say so. When one request
        // of the model's full context still does not fit (Qwen3-32B on one 80 GB GPU, which vLLM started with its
        // default context), the context is cut to the workload's longest request: the KV pool stays the same.
        const nlohmann::json &wl = p.at("workload");
        std::int64_t longest
            = std::max(wl.at("input_len").get<std::int64_t>(),
                  wl.contains("input_len_range") ? wl.at("input_len_range").at(1).get<std::int64_t>() : 0)
            + wl.at("output_len").get<std::int64_t>();
        if (wl.at("dataset").get<std::string>().rfind("ShareGPT", 0) == 0) { // its longest request, not the means
            Workload sharegpt;
            sharegpt.dataset = Dataset::ShareGpt;
            sharegpt.inputLen = wl.at("input_len").get<std::int64_t>();
            sharegpt.outputLen = wl.at("output_len").get<std::int64_t>();
            sharegpt.numPrompts = wl.at("num_prompts").get<std::int64_t>();
            longest = requestLengths(sharegpt).longestRequest;
        }
        if (!pt.plan.evaluation.fits && !p.contains("gpu_memory_utilization")) {
            plan.gpuMemoryUtilization = 0.95;
            pt.plan = evaluatePlan(plan, pt.plan.model, pt.plan.gpu);
            std::printf("note: %s does not fit at the default utilization; simulated at 0.95\n", pt.id.c_str());
        }
        if (!pt.plan.evaluation.fits && plan.maxModelLen == 0) {
            plan.maxModelLen = longest;
            pt.plan = evaluatePlan(plan, pt.plan.model, pt.plan.gpu);
            std::printf("note: %s: the model's full context does not fit; simulated with max_model_len %lld\n",
                pt.id.c_str(), static_cast<long long>(longest));
        }
        const nlohmann::json &w = p.at("workload");
        pt.workload.inputLen = w.at("input_len").get<std::int64_t>();
        pt.workload.outputLen = w.at("output_len").get<std::int64_t>();
        pt.workload.numPrompts = w.at("num_prompts").get<std::int64_t>();
        // vllm bench serve's ShareGPT runs send the sample's own lengths (scaled to the point's means: the served
        // model's tokenizer counts them); the random dataset gives every request the same.
        if (w.at("dataset").get<std::string>().rfind("ShareGPT", 0) == 0)
            pt.workload.dataset = Dataset::ShareGpt;
        if (w.contains("input_len_range")) {
            pt.workload.inputLenLo = w.at("input_len_range").at(0).get<std::int64_t>();
            pt.workload.inputLenHi = w.at("input_len_range").at(1).get<std::int64_t>();
        }
        if (!w.at("max_concurrency").is_null())
            pt.workload.maxConcurrency = w.at("max_concurrency").get<std::int64_t>();
        if (w.contains("request_rate") && !w.at("request_rate").is_null())
            pt.workload.requestRate = w.at("request_rate").get<double>();
        const nlohmann::json &m = p.at("metrics");
        if (m.contains("tpot_ms_mean") && pt.workload.outputLen > 1)
            pt.measured["tpot"] = m.at("tpot_ms_mean").get<double>() / 1e3;
        if (m.contains("ttft_ms_mean"))
            pt.measured["ttft"] = m.at("ttft_ms_mean").get<double>() / 1e3;
        if (m.contains("output_tok_s"))
            pt.measured["output_tok_s"] = m.at("output_tok_s").get<double>();
        if (m.contains("e2e_ms_mean"))
            pt.measured["e2e"] = m.at("e2e_ms_mean").get<double>() / 1e3;
        out.push_back(std::move(pt));
    }
    return out;
}

using Prediction = std::map<std::string, double>;

Prediction predict(const Point &p, const Scales &s)
{
    const ServingResult r = simulateServing(p.plan, p.workload, scaled(p.plan.gpu, s));
    return { { "tpot", r.tpot.mean }, { "ttft", r.ttft.mean }, { "output_tok_s", r.outputTokensPerSec },
        { "e2e", r.e2e.mean } };
}

// A point's prediction depends only on the scales, not on the fold: every fold reuses it.
class Predictions
{
public:
    explicit Predictions(const std::vector<Point> &pts)
        : m_pts(pts)
    {
    }
    const Prediction &at(size_t i, const Scales &s)
    {
        auto &slot = m_cache[{ s.floors, s.cpu, s.frontend, s.moe }];
        if (slot.empty())
            for (const Point &p : m_pts)
                slot.push_back(predict(p, s));
        return slot[i];
    }

private:
    const std::vector<Point> &m_pts;
    std::map<std::tuple<double, double, double, double>, std::vector<Prediction>> m_cache;
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Score
{
    std::map<std::string, std::vector<double>> errors; // |pred / measured - 1| by metric
    double medianOf(const std::string &k) const
    {
        const auto it = errors.find(k);
        return it == errors.end() ? NAN : median(it->second);
    }
    double within30() const
    {
        double n = 0, ok = 0;
        for (const auto &[k, v] : errors)
            for (double e : v) {
                n += 1;
                ok += e <= 0.30 ? 1 : 0;
            }
        return n > 0 ? ok / n : NAN;
    }
    size_t count() const
    {
        size_t n = 0;
        for (const auto &[k, v] : errors)
            n += v.size();
        return n;
    }
    // The fit's objective: the mean over metrics of the median |log ratio|.
    double loss() const
    {
        double s = 0;
        int n = 0;
        for (const auto &[k, v] : errors) {
            std::vector<double> l;
            for (double e : v)
                l.push_back(std::abs(std::log(std::max(1e-9, e))));
            s += median(l);
            ++n;
        }
        return n ? s / n : 0;
    }
};

// |predicted / measured - 1| of every scored figure of the points that pass `keep`.
template <class Keep>
Score score(const std::vector<Point> &pts, Predictions &cache, const Scales &s, Keep keep, bool print = false)
{
    Score sc;
    for (size_t i = 0; i < pts.size(); ++i) {
        const Point &p = pts[i];
        if (!keep(p))
            continue;
        const Prediction &pred = cache.at(i, s);
        std::string line;
        for (const auto &[k, meas] : p.measured) {
            const double e = pred.at(k) / meas - 1;
            sc.errors[k].push_back(std::abs(e));
            char buf[96];
            std::snprintf(buf, sizeof buf, "  %s %.4g/%.4g (%+.0f%%)", k.c_str(), pred.at(k), meas, e * 100);
            line += buf;
        }
        if (print)
            std::printf("%-48s%s\n", p.id.c_str(), line.c_str());
    }
    return sc;
}

// The fit's objective: the mean over metrics of the median |log(predicted / measured)| of the points kept.
template <class Keep> double fitLoss(const std::vector<Point> &pts, Predictions &cache, const Scales &s, Keep keep)
{
    Score sc;
    for (size_t i = 0; i < pts.size(); ++i)
        if (keep(pts[i]))
            for (const auto &[k, meas] : pts[i].measured)
                sc.errors[k].push_back(std::max(cache.at(i, s).at(k), 1e-12) / meas);
    return sc.loss();
}

// Coordinate descent over the four scales in factors of sqrt 2 (1/8 ... 8), starting from the shipped values.
template <class Keep> Scales fit(const std::vector<Point> &pts, Predictions &cache, Keep keep)
{
    const std::vector<double> grid { 0.125, 0.177, 0.25, 0.354, 0.5, 0.707, 1.0, 1.414, 2.0, 2.83, 4.0, 5.66, 8.0 };
    Scales best;
    double bestLoss = fitLoss(pts, cache, best, keep);
    for (int pass = 0; pass < 3; ++pass)
        for (double Scales::*field : { &Scales::floors, &Scales::cpu, &Scales::frontend, &Scales::moe }) {
            const double at = best.*field;
            const auto it = std::find(grid.begin(), grid.end(), at);
            const auto i = static_cast<std::ptrdiff_t>(it == grid.end() ? 6 : it - grid.begin());
            for (std::ptrdiff_t j = std::max<std::ptrdiff_t>(0, i - 2);
                 j <= std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(grid.size()) - 1, i + 2); ++j) {
                Scales s = best;
                s.*field = grid[static_cast<size_t>(j)];
                const double l = fitLoss(pts, cache, s, keep);
                if (l < bestLoss - 1e-12) {
                    bestLoss = l;
                    best = s;
                }
            }
        }
    return best;
}

void printScore(const char *label, const Score &s)
{
    std::printf("%-44s n=%3zu  TPOT %5.1f%%  TTFT %5.1f%%  output tok/s %5.1f%%  E2E %5.1f%%  within 30%%: %5.1f%%\n",
        label, s.count(), s.medianOf("tpot") * 100, s.medianOf("ttft") * 100, s.medianOf("output_tok_s") * 100,
        s.medianOf("e2e") * 100, s.within30() * 100);
}

} // namespace

class TestServingCorpus : public QObject
{
    Q_OBJECT
private slots:
    void corpusIsWellFormed()
    {
        const std::vector<Point> pts = loadCorpus();
        std::set<std::string> sources;
        for (const Point &p : pts) {
            QVERIFY2(p.plan.evaluation.valid, p.id.c_str());
            QVERIFY2(p.plan.evaluation.fits, p.id.c_str());
            QVERIFY2(!p.measured.empty(), p.id.c_str());
            QVERIFY2(p.url.rfind("https://", 0) == 0 && !p.quote.empty(), p.id.c_str());
            sources.insert(p.source);
        }
        std::printf("corpus: %zu points from %zu sources\n", pts.size(), sources.size());
        QVERIFY(pts.size() >= 40);
        QVERIFY(sources.size() >= 6);
    }

    void scoresAndLeaveOneSourceOut()
    {
        if (kUnderAsan) // the refits simulate the corpus thousands of times: minutes under ASan
            QSKIP("the corpus scores run in the ci preset; the simulator runs under ASan in tst_serving");
        const std::vector<Point> pts = loadCorpus();
        Predictions cache(pts);
        std::set<std::string> sources;
        for (const Point &p : pts)
            sources.insert(p.source);
        const auto every = [](const Point &) { return true; };
        std::printf("\nper point (predicted / measured), shipped coefficients:\n");
        const Score all = score(pts, cache, Scales(), every, true);
        std::printf("\nshipped coefficients (median |error|):\n");
        printScore("all sources", all);
        for (const std::string &src : sources)
            printScore(src.c_str(), score(pts, cache, Scales(), [&](const Point &p) { return p.source == src; }));
        // The shipped floor_scale / host_scale / frontend_request_s / moe_compute were the fit on every source when
        // they were set; the refit is printed so that a corpus change that moves it shows (it is not asserted). On
        // today's corpus it keeps all four (moe_compute 0.21 on every family replaced the A100 and H200 kernel
        // tables' 0.29 and 0.23: TPOT 18.2 -> 14.0 %, TTFT 25.5 -> 20.5 %). Left out, GPUStack's fold (the only
        // source of A100 and H200 MoE bursts) fits moe x1.41 on the other sources' 78 figures.
        const Scales fAll = fit(pts, cache, every);
        std::printf(
            "\nrefit on every source: floors x%.3g, cpu x%.3g, frontend x%.3g, moe x%.3g of the shipped values\n",
            fAll.floors, fAll.cpu, fAll.frontend, fAll.moe);
        std::printf("\nleave one source out (scales fitted on the others, scored on the one left out):\n");
        Score loso; // every point, each predicted by the fit that did not see its source
        for (const std::string &src : sources) {
            const Scales f = fit(pts, cache, [&](const Point &p) { return p.source != src; });
            const Score one = score(pts, cache, f, [&](const Point &p) { return p.source == src; });
            char label[160];
            std::snprintf(label, sizeof label, "%s (x%.3g, x%.3g, x%.3g, x%.3g)", src.c_str(), f.floors, f.cpu,
                f.frontend, f.moe);
            printScore(label, one);
            for (const auto &[k, v] : one.errors)
                loso.errors[k].insert(loso.errors[k].end(), v.begin(), v.end());
        }
        printScore("leave-one-source-out, pooled", loso);
        QVERIFY(pts.size() >= 40);
        QVERIFY(sources.size() >= 6);
        QCOMPARE(loso.count(), all.count());
        // Issue #17's targets, on the shipped coefficients and on the pooled leave-one-source-out predictions:
        // TPOT median |error| <= 15 %, TTFT <= 25 %, output throughput <= 20 %, >= 80 % of figures within 30 %.
        // Where a target is not met the mark states the measured figure; an unexpected pass fails the test, so a
        // model change that meets it must remove its mark. What is missing (README "Serving model"): DeepSeek-V3.2 on
        // 8 x H200 (TPOT 17-43 % low, from 37-62 % before the fixed-top-k sparse kernel), GLM-4.5-Air TP 4 on A100 and
        // H100 (throughput 1.3-1.9x high; the random bursts filed under H100 were the A100 page's; the MoE points on
        // A100 and H200 are too fast even though their MoE layers follow aiconfigurator's kernel tables), Qwen3-32B on
        // one H100 (throughput 1.5-2.6x high; ShardScope's memory side does not fit it at the page's settings), the
        // DeepSeek-R1 / DeepSeek-V3.2 ShareGPT bursts (throughput still 1.5x high with ShareGPT's own lengths,
        // from 2.5x with the means); the DP ranks' lock-step, simulated since, leaves DeepSeek-V3.2 DP 8 + EP's TPOT 34
        // % low (a tail of stalls); small-batch decode of a small dense model (Qwen3-8B on H100 at concurrency 1-8:
        // TPOT 18-22 % high), whose GEMM and attention floors now stay at aiconfigurator's measured values, so what
        // remains is floor_scale on each layer's small kernels; and a ~50 ms fixed TTFT in GPUStack's low-concurrency
        // runs (Qwen3-8B at concurrency 1: 59 ms measured, 13 ms simulated, for ShareGPT prompts) that no other source
        // shows (vLLM PR #23151 at concurrency 10: 267 ms measured, 285 ms simulated). ShareGPT's own lengths
        // (tst_sharegptworkload) moved TTFT's median from 22.9 to 27.0 %: fixed lengths had sent a closed loop's
        // clients in lock-step, whose batched prefills had stood in for that fixed latency. The 40 points added with
        // the eighth source (tests/data/perf/SOURCES.md: AMD's MI300X batch-latency table, GLM-4.6-FP8 on H100 and
        // A100, Qwen3-32B on an H100 NVL, Qwen3-8B on an RTX 4090) moved TTFT's median above its target (25.5 %):
        // GLM-4.6-FP8's bursts were 1.5-2.6x faster simulated than measured, like GLM-4.6 BF16 on H200. moe_compute at
        // 0.21 on every family (the A100 and H200 tables' own rates, 0.29 and 0.23, are faster than those GPUs' MoE
        // serving runs) brought TPOT and TTFT under their targets; left out they are not: GPUStack's fold, fitted on
        // the other sources' 78 figures, takes moe_compute x1.41 and scores GPUStack's 309 at 23.7 / 28.7 %. gpt-oss's
        // MXFP4 experts through Marlin on A100 at aiconfigurator's Marlin MXFP4 rate (moe_marlin_mxfp4, measured on
        // L40S and RTX PRO 6000, not fitted) took TPOT 14.0 -> 13.7 %, TTFT 20.5 -> 19.5 %, within 30 % 71.1 -> 72.9 %.
        QVERIFY2(all.medianOf("tpot") <= 0.15, "TPOT median |error| above 15 %");
        QVERIFY2(all.medianOf("ttft") <= 0.25, "TTFT median |error| above 25 %");
        QVERIFY2(all.medianOf("output_tok_s") <= 0.20, "output throughput median |error| above 20 %");
        QEXPECT_FAIL("", "72.9 % of figures within 30 % (target 80 %)", Continue);
        QVERIFY2(all.within30() >= 0.80, "fewer than 80 % of figures within 30 %");
        QEXPECT_FAIL("", "leave-one-source-out TPOT is 23.6 %", Continue);
        QVERIFY2(loso.medianOf("tpot") <= 0.15, "leave-one-source-out TPOT median |error| above 15 %");
        QEXPECT_FAIL("", "leave-one-source-out TTFT is 28.8 %", Continue);
        QVERIFY2(loso.medianOf("ttft") <= 0.25, "leave-one-source-out TTFT median |error| above 25 %");
        QEXPECT_FAIL("", "leave-one-source-out throughput is 21.5 %", Continue);
        QVERIFY2(loso.medianOf("output_tok_s") <= 0.20, "leave-one-source-out throughput median |error| above 20 %");
        QEXPECT_FAIL("", "leave-one-source-out: 61.5 % of figures within 30 %", Continue);
        QVERIFY2(loso.within30() >= 0.80, "leave-one-source-out: fewer than 80 % of figures within 30 %");
    }

    // Points kept out of the targets (tests/data/perf/SOURCES.md says why): each carries its reason, URL and
    // quote and evaluates; their errors are printed so that what the exclusion hides stays visible.
    void outOfScopePointsArePrinted()
    {
        const std::vector<Point> pts = loadCorpus("outofscope.json");
        QVERIFY(!pts.empty());
        std::set<std::string> ids;
        for (const Point &p : loadCorpus())
            ids.insert(p.id);
        for (const Point &p : pts) {
            QVERIFY2(!p.scope.empty() && !p.url.empty() && !p.quote.empty(), p.id.c_str());
            QVERIFY2(p.plan.evaluation.valid && p.plan.evaluation.fits, p.id.c_str());
            QVERIFY2(!p.measured.empty(), p.id.c_str());
            QVERIFY2(!ids.count(p.id), "an out-of-scope point is also in points.json");
        }
        std::printf("\nout of scope (not in the targets; predicted / measured):\n");
        Predictions cache(pts);
        const Score s = score(
            pts, cache, Scales(), [](const Point &) { return true; }, true);
        printScore("out of scope, shipped coefficients", s);
    }
};

QTEST_APPLESS_MAIN(TestServingCorpus)
#include "tst_servingcorpus.moc"
