// The roofline time model (docs/DESIGN.md §5), worked out by hand from lecture 0 §1.2 (docs/DESIGN.md §F.0),
// lecture 3 (docs/DESIGN.md §F.3; pipeline bubble) and the models' configs.
#include "core/evaluate/timemodel.h"
#include "tests/common/testutils.h"

#include <cmath>

using namespace shardscope;

namespace {

Plan plan(int tp, int pp = 1)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.maxModelLen = 8192;
    return p;
}

// A hypothetical GPU with H100's 3.35 TB/s and room for any model (lecture 0 §1.2, docs/DESIGN.md §F.0).
GpuSpec bigH100()
{
    GpuSpec g = presetGpu("h100-sxm");
    g.memoryBytes = 1e13;
    g.cudaTotalBytes = 1e13;
    g.hbmBytesPerSec = 3.35e12;
    return g;
}

} // namespace

class TestTime : public QObject
{
    Q_OBJECT
private slots:
    // Lecture 3 (docs/DESIGN.md §F.3): bubble = (p - 1) / (m + p - 1).
    void bubble_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("expected");
        QTest::newRow("p4 m12") << 4 << 12 << 0.2; // 3 / 15
        QTest::newRow("p4 m4") << 4 << 4 << 3.0 / 7; // 3 / 7
        QTest::newRow("p4 m1") << 4 << 1 << 0.75; // 3 / 4: one batch keeps one stage busy
        QTest::newRow("p1") << 1 << 8 << 0.0; // no pipeline, no bubble
        QTest::newRow("p2 m16") << 2 << 16 << 1.0 / 17;
    }
    void bubble()
    {
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(double, expected);
        QVERIFY(near(bubbleFraction(p, m), expected, 1e-12) || (expected == 0 && bubbleFraction(p, m) == 0));
    }

    void bubbleInEvaluation()
    {
        Plan p = plan(1, 4);
        p.microbatches = 12;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QCOMPARE(e.time.bubbleFraction, 0.2);
        QCOMPARE(e.time.microbatches, 12);
    }

    // Lecture 0 §1.2 (docs/DESIGN.md §F.0): Llama-3.1-70B in bf16 on one GPU at 3.35 TB/s reads ~141 GB per decode
    // step -> ~42 ms. By hand: 70,553,706,496 parameters (80 x 855,654,400 per layer + 2 x
    // 1,050,673,152 embedding/LM head + 8192 final norm); the embedding is a lookup, so one row
    // (8192) is read instead of the table: 69,503,041,536 x 2 B = 139,006,083,072 B; at 3.35 TB/s
    // that is 41.494 ms. A 1-token prompt keeps the KV read negligible (327,680 B).
    void decodeLowerBoundOneGpu()
    {
        Plan p = plan(1);
        p.batch = 1;
        p.promptLen = 1;
        p.hbmEfficiency = 1;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        QVERIFY(e.valid);
        QCOMPARE(e.time.decode.stages.size(), size_t(1));
        const StageTime &s = e.time.decode.stages[0];
        QCOMPARE(s.weightBytesRead, 139006083072.0);
        QCOMPARE(s.kvBytes, 327680.0); // 2 x 80 x 8 x 128 x 2 B for one token of context
        QVERIFY(!s.computeBound); // 141 GFLOP at 643 TFLOPS = 0.2 ms << 41 ms
        QCOMPARE(s.commSec, 0.0);
        QVERIFY(near(e.time.tpotSec, 139006410752.0 / 3.35e12, 1e-9)); // 41.494 ms
        QVERIFY(near(e.time.tpotSec, 42e-3, 0.02)); // the course's ≈42 ms
        // one sequence, one GPU: tokens/s per GPU = 1 / TPOT ≈ 24
        QVERIFY(near(e.time.tokensPerSecPerGpu, 3.35e12 / 139006410752.0, 1e-9));
    }

    // Lecture 0 §1.2 (docs/DESIGN.md §F.0): split over 4 GPUs each reads ~35 GB, so the memory time drops to about a
    // quarter; the step then pays its AllReduces on top.
    void decodeTp4IsQuarterPlusComm()
    {
        Plan p = plan(1);
        p.batch = 1;
        p.promptLen = 1;
        p.hbmEfficiency = 1;
        const Evaluation one = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        p.tp = 4;
        const Evaluation four = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        const StageTime &s1 = one.time.decode.stages[0];
        const StageTime &s4 = four.time.decode.stages[0];
        // Only the norms (2.6 MB) and the embedding row are not split: a quarter within 0.1%.
        QVERIFY(near(s4.memorySec, s1.memorySec / 4, 1e-3));
        QVERIFY(s4.commSec > 0);
        QCOMPARE(s4.commSec, four.comm.totalTimeSec);
        QVERIFY(near(four.time.tpotSec, s4.memorySec + s4.commSec, 1e-12));
        // 161 AllReduces + a gather on NVLink: 161 x 6 x 1 us ≈ 1 ms of latency, more than the bytes
        QVERIFY(four.comm.tp.timeSec > 160 * 6e-6);
        // tokens/s per GPU at batch 1: 1 / TPOT / 4 GPUs
        QVERIFY(near(four.time.tokensPerSecPerGpu, 1.0 / four.time.tpotSec / 4, 1e-12));
    }

    // docs/DESIGN.md §5: PP does not shorten one token's latency: TPOT with 4 stages is the same
    // memory time as one stage (each stage reads a quarter, in turn) plus the PP sends.
    void ppDoesNotShortenTpot()
    {
        Plan p = plan(1);
        p.batch = 8;
        p.hbmEfficiency = 1;
        const Evaluation one = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        p.pp = 4;
        const Evaluation four = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        QVERIFY(near(four.time.tpotSec - four.comm.totalTimeSec, one.time.tpotSec, 1e-3));
        QCOMPARE(four.time.decode.stages.size(), size_t(4));
    }

    // m micro-batches through p balanced stages take (m + p - 1) beats of one stage instead of m x p:
    // throughput gain m x p / (m + p - 1) = 12 x 4 / 15 = 3.2 for p = 4, m = 12. The first and last
    // stages carry the embedding row and the LM head (1 GB of 35 GB), so allow 5%.
    void microbatchesFillThePipeline()
    {
        Plan p = plan(1, 4);
        p.batch = 16;
        const Evaluation one = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        p.microbatches = 12;
        const Evaluation twelve = evaluate(p, presetModel("llama-3.1-70b"), bigH100());
        QVERIFY(near(twelve.time.replicaTokensPerSec / one.time.replicaTokensPerSec, 3.2, 0.05));
        // without PP, micro-batches change nothing
        Plan flat = plan(4);
        flat.batch = 16;
        const double base = evaluate(flat, presetModel("llama-3.1-70b"), bigH100()).time.tokensPerSecPerGpu;
        flat.microbatches = 4;
        QVERIFY(near(evaluate(flat, presetModel("llama-3.1-70b"), bigH100()).time.tokensPerSecPerGpu, base, 1e-12));
    }

    // The MoE coverage: n tokens choosing k of E experts touch 1 - (1 - k/E)^n of them.
    void expertCoverageValues()
    {
        QCOMPARE(expertCoverage(1, 8, 256), 8.0 / 256); // one token: its 8 experts
        QVERIFY(near(expertCoverage(64, 8, 256), 0.868915967521525, 1e-12)); // 1 - (31/32)^64
        QCOMPARE(expertCoverage(10, 8, 8), 1.0);
        QCOMPARE(expertCoverage(0, 8, 256), 0.0);
    }

    // DeepSeek-V3 at tp=8 (EP off, each expert split 8 ways): the expert bytes on a GPU are
    // 58 MoE layers x 256 experts x 3 x 7168 x 2048/8 x (1 + 4/128^2) B (FP8 block scales)
    // = 81,758,552,064 B. Going from 1 to 64 decode tokens reads (c64 - c1) of them more, plus 63
    // more embedding rows of 7168 x 2 B: 81,758,552,064 x (0.868916 - 0.03125) + 903,168
    // = 68,487,259,786 B.
    void moeDecodeReadsTouchedExperts()
    {
        Plan p = plan(8);
        p.batch = 1;
        const ModelSpec ds = presetModel("deepseek-v3");
        const double read1 = evaluate(p, ds, presetGpu("h200")).time.decode.stages[0].weightBytesRead;
        p.batch = 64;
        const double read64 = evaluate(p, ds, presetGpu("h200")).time.decode.stages[0].weightBytesRead;
        QVERIFY(near(read64 - read1, 68487259785.85, 1e-9));
    }

    // Prefill of 4096 tokens on Llama-3.1-8B, one GPU, compute efficiency 1:
    // dense 2 x 4096 x 32 x (41,943,040 attention + 176,160,768 MLP) = 57,174,604,644,352
    // LM head for the last token only: 2 x 128,256 x 4096 = 1,050,673,152
    // attention: 32 layers x 2 x 32 heads x (128 + 128) x 4096 x 4097 / 2 = 4,399,120,252,928
    // total 61,574,775,570,432 FLOPs / 989.4 TFLOPS = 62.234 ms (compute-bound: 16 GB read in 6 ms).
    void prefillTtft()
    {
        Plan p = plan(1);
        p.promptLen = 4096;
        p.computeEfficiency = 1;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        const StageTime &s = e.time.prefill.stages[0];
        QCOMPARE(s.flops, 61574775570432.0);
        QVERIFY(s.computeBound);
        QVERIFY(near(e.time.ttftSec, 61574775570432.0 / 989.4e12, 1e-9));
        QCOMPARE(QString::fromLatin1(e.time.peakFormat), QStringLiteral("bf16"));
    }

    // FP8 checkpoints run their GEMMs on the FP8 tensor cores; the defaults are the documented ones.
    void peakAndDefaults()
    {
        const Evaluation e = evaluate(plan(8), presetModel("deepseek-v3"), presetGpu("h200"));
        QCOMPARE(QString::fromLatin1(e.time.peakFormat), QStringLiteral("fp8"));
        QCOMPARE(e.time.peakFlops, 1978.9e12);
        QCOMPARE(e.time.hbmEfficiency, 0.8);
        QCOMPARE(e.time.computeEfficiency, 0.65);
    }
};

QTEST_APPLESS_MAIN(TestTime)
#include "tst_time.moc"
