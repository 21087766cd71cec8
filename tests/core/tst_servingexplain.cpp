// Show your work and the report for the serving estimate (core/explain/explainserving.h,
// core/report/markdownreport.h): the sentences' numbers against hand computations from the step breakdown.
#include "core/explain/explainserving.h"
#include "core/report/markdownreport.h"
#include "core/text/textformat.h"
#include "tests/common/testutils.h"

#include <cmath>
#include <regex>

using namespace shardscope;

namespace {

EvaluatedPlan llama8bOnH100()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    p.maxNumBatchedTokens = 8192;
    p.maxNumSeqs = 256;
    return evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
}

// One client: every step after a prompt's prefill is a lone decode of batch 1.
Workload oneClient()
{
    Workload w;
    w.inputLen = 128;
    w.outputLen = 32;
    w.maxConcurrency = 1;
    w.numPrompts = 4;
    return w;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

#define VERIFY_CONTAINS(text, part)                                                                                    \
    QVERIFY2(contains(text, part), (std::string("missing: ") + (part) + "\nin: " + (text)).c_str())

// "6.758 ms" → 6.758e-3
double parseDuration(const std::string &number, const std::string &unit)
{
    const double v = std::stod(number);
    return unit == "ms" ? v * 1e-3 : unit == "s" ? v : v * 1e-6;
}

} // namespace

class TestServingExplain : public QObject
{
    Q_OBJECT
private slots:
    // The decode step's sentence: "decode step at batch 1.0: GEMM + … = G + A + M + C + F = GPU; CPU c (…) → T".
    void decodeStepSentenceByHand()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        QVERIFY(ep.evaluation.valid);
        const ServingResult r = simulateServing(ep, oneClient());
        QCOMPARE(r.completed, std::int64_t { 4 });
        QCOMPARE(r.steadyDecodeBatch.decodeTokens, 1.0);
        const Explanation x = explainServing(ServingQuantity::DecodeStep, r);
        const std::string text = x.substituted();
        // The terms, read back from the sentence.
        const std::regex re("batch 1\\.0: .*= ([0-9.]+) (ms|µs) \\+ ([0-9.]+) (ms|µs) \\+ ([0-9.]+|0) (ms|µs) \\+ "
                            "([0-9.]+) (ms|µs) \\+ ([0-9.]+) (ms|µs) = ([0-9.]+) (ms|µs); CPU ([0-9.]+) (ms|µs) "
                            "\\(overlapped by async scheduling\\) → ([0-9.]+) (ms|µs)");
        std::smatch mt;
        QVERIFY2(std::regex_search(text, mt, re), text.c_str());
        const double gemm = parseDuration(mt[1], mt[2]);
        const double attention = parseDuration(mt[3], mt[4]);
        const double moe = parseDuration(mt[5], mt[6]);
        const double comm = parseDuration(mt[7], mt[8]);
        const double fixed = parseDuration(mt[9], mt[10]);
        const double gpu = parseDuration(mt[11], mt[12]);
        const double cpu = parseDuration(mt[13], mt[14]);
        const double total = parseDuration(mt[15], mt[16]);
        // GEMMs of Llama-3.1-8B at batch 1 (tst_serving decodeStepByHand): BF16 weights 13,959,168,000 B
        // + LM head 1,050,673,152 B over HBM 3.35e12 x 0.86, plus 32 layers x 4 GEMMs x 3 us + 3 us for the LM
        // head (measured floors, not scaled), the streaming times the measured knee at M = 1 on H100 BF16
        // (aiconfigurator: 51.6 us for N = K = 8192 against 134,217,728 B / 2.881e12 + 3 us = 49.587 us:
        // x 1.04059): 1.04059 x (4.8452 + 0.3647) + 0.384 + 0.003 = 5.808 ms.
        const double hbm = 3.35e12 * 0.86;
        const double knee = 51.6e-6 / (134217728.0 / hbm + 3e-6);
        const double gemmByHand = knee * (13959168000.0 + 1050673152.0) / hbm + 32 * 4 * 3e-6 + 3e-6;
        QVERIFY2(std::abs(gemm - gemmByHand) <= 0.003 * gemmByHand, text.c_str());
        // A dense model: no MoE; TP 1: no all-reduce.
        QCOMPARE(moe, 0.0);
        QCOMPARE(comm, 0.0);
        // The sum, to the sentence's rounding (each term ±0.0005 ms).
        QVERIFY2(std::abs(gemm + attention + moe + comm + fixed - gpu) <= 3e-6, text.c_str());
        // Async scheduling (vLLM >= 0.14): the step is max(GPU, CPU); the CPU side is 0.5 ms x host scale 0.5
        // + 12.7 us x 0.5 x 1 request = 0.25635 ms, under the GPU's ~8 ms.
        QVERIFY(std::abs(cpu - (0.5e-3 * 0.5 + 12.7e-6 * 0.5)) <= 1e-6);
        QCOMPARE(total, gpu);
        QVERIFY(x.note().find("Estimated") == 0);
    }

    // TPOT at one client: each output token after the first waits one lone decode step, whose time is
    // linear in the context; the steady step is taken at the mean context, so TPOT's mean equals it.
    // The TPOT sentence shows both.
    void tpotAtOneClientIsTheDecodeStep()
    {
        const ServingResult r = simulateServing(llama8bOnH100(), oneClient());
        const Explanation x = explainServing(ServingQuantity::Tpot, r);
        QVERIFY(std::abs(r.tpot.p50 - r.steadyDecodeStep.totalSec) <= 0.01 * r.steadyDecodeStep.totalSec);
        VERIFY_CONTAINS(x.substituted(), "p50 " + formatDuration(r.tpot.p50));
        VERIFY_CONTAINS(x.substituted(), "→ " + formatDuration(r.steadyDecodeStep.totalSec));
        VERIFY_CONTAINS(x.title(), "estimated");
        // Every coefficient is an input with its source.
        for (const ServingCoefficient &c : r.coefficients.list()) {
            bool found = false;
            for (const ExplainedInput &in : x.inputs)
                found = found || (in.name() == c.name && in.source() == c.source && !c.source.empty());
            QVERIFY2(found, c.name);
        }
        // Throughput per GPU: 4 requests x 32 tokens / duration / 1 GPU.
        const Explanation t = explainServing(ServingQuantity::OutputTokensPerSecPerGpu, r);
        QVERIFY(std::abs(r.outputTokensPerSecPerGpu - 4 * 32 / r.durationSec) <= 1e-6 * r.outputTokensPerSecPerGpu);
        VERIFY_CONTAINS(t.result(), formatNumber(4 * 32 / r.durationSec, 1));
        for (ServingQuantity q : servingQuantities())
            QVERIFY(!explainServing(q, r).substituted().empty());
    }

    void reportSection()
    {
        const EvaluatedPlan ep = llama8bOnH100();
        ReportOptions o;
        QVERIFY(!contains(markdownReport(ep, o), "Serving (estimated)"));
        Workload w = oneClient();
        w.maxConcurrency = 3;
        o.serving = simulateServing(ep, w);
        const std::string md = markdownReport(ep, o);
        VERIFY_CONTAINS(md, "\n## Serving (estimated)\n");
        // After "Time estimates", before "vLLM command".
        QVERIFY(md.find("## Time estimates") < md.find("## Serving (estimated)"));
        QVERIFY(md.find("## Serving (estimated)") < md.find("## vLLM command"));
        VERIFY_CONTAINS(md, "4 prompts of 128 input and 32 output tokens, 3 concurrent clients");
        VERIFY_CONTAINS(md, "| TPOT | " + formatDuration(o.serving->tpot.p50) + " / ");
        VERIFY_CONTAINS(md, "| hbm_weights | 0.86 |");
        VERIFY_CONTAINS(md, "| Output tokens/s per GPU | " + formatNumber(o.serving->outputTokensPerSecPerGpu, 1));
    }
};

QTEST_APPLESS_MAIN(TestServingExplain)
#include "tst_servingexplain.moc"
