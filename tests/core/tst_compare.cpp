// A/B comparison: deltas and generated causes for pairs worked out by hand from lecture 0 §6 (docs/DESIGN.md §F.0)
// (the textbook capacity table) and docs/DESIGN.md §2-4.
#include "core/report/compare.h"
#include "tests/common/testutils.h"

#include <cmath>

using namespace shardscope;

namespace {

// Lecture 0 §6 (docs/DESIGN.md §F.0): 80e9 B, utilization 0.9, 4 GiB reserved, 70.6e9 params × 2 B split evenly.
Plan textbook(int tp, int pp)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.accounting = Accounting::Textbook;
    p.gpuMemoryBytes = 80e9;
    p.gpuMemoryUtilization = 0.9;
    p.paramsOverride = 70.6e9;
    p.maxModelLen = 32768;
    return p;
}

Comparison compareLlama(const Plan &a, const Plan &b, const char *gpu = "h100-sxm")
{
    const ModelSpec m = presetModel("llama-3.1-70b");
    const GpuSpec g = presetGpu(gpu);
    return comparePlans(evaluatePlan(a, m, g), evaluatePlan(b, m, g));
}

std::string all(const Comparison &c)
{
    std::string s;
    for (const std::string &x : c.explanations())
        s += "\n  " + x;
    return s;
}

bool has(const Comparison &c, const std::string &sentence)
{
    for (const std::string &x : c.explanations())
        if (x == sentence)
            return true;
    return false;
}

bool hasPrefix(const Comparison &c, const std::string &prefix)
{
    for (const std::string &x : c.explanations())
        if (x.rfind(prefix, 0) == 0)
            return true;
    return false;
}

} // namespace

#define VERIFY_HAS(c, s) QVERIFY2(has(c, s), (std::string("missing: ") + (s) + "\nin:" + all(c)).c_str())
#define VERIFY_PREFIX(c, s) QVERIFY2(hasPrefix(c, s), (std::string("missing: ") + (s) + "...\nin:" + all(c)).c_str())

class TestCompare : public QObject
{
    Q_OBJECT
private slots:
    // Course table rows 4×1 and 8×1: 395,569 → 1,222,046 tokens ("about 3 times": half the weights
    // and half the KV per token).
    void tp4to8()
    {
        const Comparison c = compareLlama(textbook(4, 1), textbook(8, 1));
        QCOMPARE(c.changes(), std::vector<std::string> { "TP 4 → 8" });
        QCOMPARE(c.row("capacity_tokens")->a, 395569.0);
        QCOMPARE(c.row("capacity_tokens")->b, 1222046.0);
        // 2 × 80 × 2 × 128 × 2 B = 81,920 → 2 × 80 × 1 × 128 × 2 B = 40,960
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->a, 81920.0);
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->b, 40960.0);
        QVERIFY(c.row("kv_bytes_per_token_per_gpu")->improved());
        // 70.6e9 × 2 / 4 = 35.3e9 B (32.9 GiB) → / 8 = 17.65e9 B (16.4 GiB)
        QCOMPARE(c.row("weights_bytes_per_gpu")->a, 35.3e9);
        QCOMPARE(c.row("weights_bytes_per_gpu")->b, 17.65e9);
        VERIFY_HAS(c, "TP 4 → 8: KV heads per GPU 2 → 1, so KV bytes per token per GPU halve");
        VERIFY_HAS(
            c, "Weights per GPU 32.9 GiB → 16.4 GiB (×0.50): each GPU holds 1/8 instead of 1/4 of every layer (TP)");
        // budgets: 72e9 − 35.3e9 − 4 GiB = 30.18 GiB → 72e9 − 17.65e9 − 4 GiB = 46.62 GiB (×1.54);
        // 1,222,046 / 395,569 = 3.09
        VERIFY_HAS(c,
            "KV capacity 395,569 → 1,222,046 tokens (×3.09) = budget ÷ KV per token: KV budget per GPU 30.2 GiB → "
            "46.6 GiB (×1.54), KV per token per GPU 81,920 → 40,960 B (×0.50)");
        QCOMPARE(deltaChangeSentence(*c.row("capacity_tokens")).text(), std::string("×3.09"));
    }

    // The example and the course's point: TP 16 gains only ~18 % over TP 8 (1,437,500 vs
    // 1,222,046) because 8 KV heads cannot be split 16 ways.
    void tp8to16Replicated()
    {
        const Comparison c = compareLlama(textbook(8, 1), textbook(16, 1));
        VERIFY_HAS(c, "TP 8 → 16: KV per GPU unchanged because 8 KV heads are now replicated");
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->a, 40960.0);
        QVERIFY(!c.row("kv_bytes_per_token_per_gpu")->changed());
        QCOMPARE(c.row("capacity_tokens")->b, 1437500.0);
        QCOMPARE(deltaChangeSentence(*c.row("capacity_tokens")).text(), std::string("×1.18"));
        // 16 GPUs span two 8-GPU nodes: the TP group now goes over the NIC: α 5 µs, 400 Gb/s × 0.94 = 47 GB/s.
        VERIFY_HAS(c, "The TP group crosses nodes: every AllReduce now goes over the NIC (5.00 µs per step, 47 GB/s)");
        VERIFY_HAS(c,
            "TP 8 → 16: each AllReduce sends 2 × 15/16 instead of 2 × 7/8 of S per GPU and takes 30 instead of 14 "
            "latency steps");
    }

    // Course rows 8×1 → 8×2: 1,222,046 → 2,875,001 tokens; the layers, not the heads, are halved.
    void pp1to2()
    {
        const Comparison c = compareLlama(textbook(8, 1), textbook(8, 2));
        QCOMPARE(c.row("capacity_tokens")->b, 2875001.0);
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->b, 20480.0); // 2 × 40 × 1 × 128 × 2 B
        VERIFY_HAS(c, "PP 1 → 2: the binding GPU holds 40 instead of 80 layers, so KV bytes per token per GPU halve");
        VERIFY_HAS(c, "PP 1 → 2: 1 instead of 0 point-to-point sends of 2 × n × h × b per step (nic)");
        VERIFY_HAS(c, "PP does not shorten TPOT: every token still crosses all 80 layers, now in 2 stages in turn");
        // m = 1: (2 − 1) / (1 + 2 − 1) = 1/2
        QCOMPARE(c.row("bubble_fraction")->a, 0.0);
        QCOMPARE(c.row("bubble_fraction")->b, 0.5);
        VERIFY_HAS(c, "Pipeline bubble (p − 1)/(m + p − 1): 0 → 1/2 (0.0 % → 50.0 %)");
        QCOMPARE(deltaChangeSentence(*c.row("bubble_fraction")).text(), std::string("+50.0 points"));
    }

    // Course rows 4×2 and 8×1: both 8 GPUs holding 1/8 of the weights and KV: same 1,222,046 tokens.
    void sameCapacityDifferentShape()
    {
        const Comparison c = compareLlama(textbook(4, 2), textbook(8, 1));
        // Textbook weights: 70.6e9 × 2 / 8 in both: unchanged, neither better nor worse.
        QVERIFY(!c.row("weights_bytes_per_gpu")->changed());
        QVERIFY(!c.row("weights_bytes_per_gpu")->improved() && !c.row("weights_bytes_per_gpu")->worsened());
        QCOMPARE(c.row("capacity_tokens")->a, 1222046.0);
        QVERIFY(!c.row("capacity_tokens")->changed());
        VERIFY_PREFIX(c, "KV capacity unchanged at 1,222,046 tokens");
        // 4 → 8 halves the KV heads per GPU, 2 → 1 stages doubles the layers: together unchanged.
        VERIFY_HAS(c, "TP 4 → 8: KV heads per GPU 2 → 1, so KV bytes per token per GPU halve");
        VERIFY_HAS(c, "PP 2 → 1: the binding GPU holds 80 instead of 40 layers, so KV bytes per token per GPU double");
    }

    // DP adds replicas: per-GPU numbers stay, the cluster's concurrency doubles.
    void dpReplicas()
    {
        Plan a;
        a.tp = 4;
        a.maxModelLen = 32768;
        Plan b = a;
        b.dp = 2;
        const Comparison c = compareLlama(a, b);
        QCOMPARE(c.row("gpus")->b, 8.0);
        QVERIFY(!c.row("weights_bytes_per_gpu")->changed());
        QVERIFY(!c.row("max_concurrency")->changed());
        QCOMPARE(c.row("cluster_max_concurrency")->b, 2 * c.row("cluster_max_concurrency")->a);
        // Twice the GPUs for twice the requests: no better per GPU, so neither row is "better".
        QVERIFY(!c.row("cluster_max_concurrency")->improved());
        QCOMPARE(c.row("cluster_max_concurrency_per_gpu")->a, c.row("cluster_max_concurrency")->a / 4);
        QCOMPARE(c.row("cluster_max_concurrency_per_gpu")->b, c.row("cluster_max_concurrency")->b / 8);
        QVERIFY(!c.row("cluster_max_concurrency_per_gpu")->changed());
        VERIFY_HAS(c, "DP 1 → 2 adds whole replicas: weights and KV per GPU unchanged, 2 independent KV pools");
        VERIFY_PREFIX(c, "DP 1 → 2: cluster concurrency = dp × one replica's = 2 × ");
    }

    // MLA: the latent KV is not divided by TP (docs/DESIGN.md §3).
    void mlaTp()
    {
        Plan a;
        a.tp = 8;
        a.maxModelLen = 8192;
        Plan b = a;
        b.tp = 16;
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        const Comparison c = comparePlans(evaluatePlan(a, m, g), evaluatePlan(b, m, g));
        // 61 × (512 + 64) × 2 B = 70,272 B on every GPU in both plans
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->a, 70272.0);
        QCOMPARE(c.row("kv_bytes_per_token_per_gpu")->b, 70272.0);
        VERIFY_HAS(c,
            "TP 8 → 16: KV per GPU unchanged because MLA keeps one latent KV vector per token and layer, and every TP "
            "rank holds all of it");
    }

    // DeepSeek-V3 with dp 2: EP off gathers every DP rank's tokens; EP 16 is an all-to-all of
    // 2 × 8 × 7168 × 2 B = 229,376 B per token and MoE layer, 1/16 of it local.
    void epOn()
    {
        Plan a;
        a.tp = 8;
        a.dp = 2;
        a.maxModelLen = 8192;
        Plan b = a;
        b.ep = 16;
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec g = presetGpu("h200");
        const Comparison c = comparePlans(evaluatePlan(a, m, g), evaluatePlan(b, m, g));
        VERIFY_HAS(c,
            "MoE tokens allgather_reducescatter → all_to_all: dispatch and combine all-to-all over 16 GPUs per MoE "
            "layer, 229,376 B per token, 1/16 staying local");
        // 256 experts each split 16 ways, or 256 / 16 = 16 whole experts per GPU: the same bytes.
        QVERIFY(!c.row("weights_bytes_per_gpu")->changed());
        VERIFY_HAS(c,
            "EP 1 → 16: each GPU holds 16 whole experts instead of 256 experts each split 16 ways: the same expert "
            "bytes per GPU");
    }

    // The sentences carry their templates for translation; their text is the English explanation.
    void sentencesAreTemplates()
    {
        const Comparison c = compareLlama(textbook(8, 1), textbook(16, 1));
        QCOMPARE(c.sentences.size(), c.explanations().size());
        for (size_t i = 0; i < c.sentences.size(); ++i)
            QCOMPARE(c.sentences[i].text(), c.explanations()[i]);
        const Sentence *replicated = nullptr;
        for (const Sentence &x : c.sentences)
            if (x.templ == "TP %1 → %2: KV per GPU unchanged because %3 KV heads are now replicated")
                replicated = &x;
        QVERIFY(replicated);
        QCOMPARE(replicated->context, std::string("Compare"));
        QCOMPARE(replicated->args.size(), size_t(3));
        QVERIFY(!replicated->args[0].translatable);
        QCOMPARE(replicated->args[2].text(), std::string("8"));
        QCOMPARE(c.changeSentences.front().templ, std::string("TP %1 → %2"));
        // Nested phrases substitute recursively; a missing argument leaves its marker.
        const Sentence nested = phrase("Compare", "a %1 b %2", { value("x"), phrase("Compare", "<%1>", { value(3) }) });
        QCOMPARE(nested.text(), std::string("a x b <3>"));
        QCOMPARE(phrase("Compare", "%1 and %2", { value("only") }).text(), std::string("only and %2"));
    }

    // Within 1 %: a percentage, and no colour below 0.5 %.
    void smallChanges()
    {
        DeltaRow r;
        r.unit = DeltaUnit::Bytes;
        r.better = Better::Lower;
        r.a = 1000;
        r.b = 1003; // +0.3 %
        QCOMPARE(deltaChangeSentence(r).text(), std::string("+0.3 %"));
        QVERIFY(r.changed() && !r.significant() && !r.worsened());
        r.b = 1008; // +0.8 %: worse (more bytes)
        QVERIFY(r.worsened() && !r.improved());
        r.b = 500;
        QCOMPARE(deltaChangeSentence(r).text(), std::string("×0.50"));
        QVERIFY(r.improved());
    }

    void invalidSide()
    {
        Plan a = textbook(8, 1);
        Plan b = textbook(3, 1); // 64 query heads do not split 3 ways
        const Comparison c = compareLlama(a, b);
        VERIFY_PREFIX(c, "Plan B is not a valid plan: ");
        QCOMPARE(c.row("capacity_tokens")->b, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
