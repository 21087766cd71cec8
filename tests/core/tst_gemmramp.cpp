#include "core/serving/gemmramp.h"
#include "core/serving/steptime.h"
#include "tests/common/testutils.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace shardscope;

// The measured GEMM knee (core/serving/gemmramp.h), each value worked out by hand from aiconfigurator's
// table as the serving reference §3.3 quotes it (N = K = 8192) and the GPU presets' peaks.
class TestGemmRamp : public QObject
{
    Q_OBJECT
private slots:
    // A100 SXM 80GB BF16: bandwidth 2.039e12 x 0.68, compute 312e12 x 0.95; 134,217,728 B of weights
    // stream in 96.80 us.
    //   M = 256: 2 x 256 x 8192^2 = 34,359,738,368 FLOP / 296.4e12 = 115.92 us, + 3 us = 118.92 us;
    //            measured 162.6 us: x 1.36727.
    //   M = 512: 231.85 + 3 = 234.85 us; measured 318.0 us: x 1.35407.
    //   M = 1024: 463.70 + 3 = 466.70 us; measured 526.6 us: x 1.12836.
    void a100ByHand()
    {
        const GemmRamp r = gemmRamp("a100", "bf16");
        QVERIFY(!r.source.empty());
        QVERIFY2(near(gemmRampAt(r, 256), 1.36727, 1e-4), std::to_string(gemmRampAt(r, 256)).c_str());
        QVERIFY(near(gemmRampAt(r, 512), 1.35407, 1e-4));
        QVERIFY(near(gemmRampAt(r, 1024), 1.12836, 1e-4));
        // Halfway in log2 M between 256 and 512 (M = 362.04): the mean, 1.36067.
        QVERIFY(near(gemmRampAt(r, 256 * std::sqrt(2.0)), 1.36067, 1e-4));
        // Halfway between 1024 and the 4096 plateau (M = 2048): (1.12836 + 1) / 2 = 1.06418; 1 from 4096.
        QVERIFY(near(gemmRampAt(r, 2048), 1.06418, 1e-4));
        QCOMPARE(gemmRampAt(r, 4096), 1.0);
        QCOMPARE(gemmRampAt(r, 16384), 1.0);
        // M = 1: measured 96.9 us against 96.80 + 3 = 99.80 us: faster than the roofline, so 1 (never below).
        QCOMPARE(gemmRampAt(r, 1), 1.0);
        QCOMPARE(gemmRampAt(r, 0.5), 1.0);
    }

    // H100 SXM FP8 (CUTLASS per-tensor): 67,108,864 B at 3.35e12 x 0.86 = 23.294 us; M = 256: 2 x 256 x 8192^2
    // / (1978.9e12 x 0.73) = 23.785 us, + 3 us = 26.785 us; measured 37.7 us: x 1.40750. H800 borrows it.
    void hopperFp8ByHand()
    {
        QVERIFY(near(gemmRampAt(gemmRamp("h100", "fp8"), 256), 1.40750, 1e-4));
        QVERIFY(near(gemmRampAt(gemmRamp("h800", "fp8"), 256), 1.40750, 1e-4));
    }

    // Another GPU of the family reads the table where its own ridge point is. A100 40GB: the same 312 TFLOPS
    // over 1.555 TB/s instead of 2.039, so its ridge is 2.039 / 1.555 = 1.31125 x the 80GB's and its knee at
    // M = 256 x 1.31125 = 335.68 is the 80GB's at 256, 1.36727.
    void anotherGpuAtItsRidge()
    {
        const double flops = 312e12 * 0.95;
        const GemmRamp r40 = gemmRamp("a100", "bf16", flops, 1.555e12 * 0.68);
        QVERIFY(near(r40.tokenScale, 1.555 / 2.039, 1e-9));
        QVERIFY(near(gemmRampAt(r40, 256 * 2.039 / 1.555), 1.36727, 1e-4));
        // The measured GPU's own figures read the table as it is.
        QVERIFY(near(gemmRamp("a100", "bf16", flops, 2.039e12 * 0.68).tokenScale, 1.0, 1e-12));
        // H20 borrows H200's BF16 table at its ridge: (989.4 / 4.8) / (148 / 4.0) = 5.5710, the fractions
        // (0.86 of peak, 0.80 of bandwidth, H200's) cancelling; its M = 46 reads H200's M = 256.
        const GemmRamp h20 = gemmRamp("h20", "bf16", 148e12 * 0.86, 4.0e12 * 0.80);
        QVERIFY(near(h20.tokenScale, (989.4 / 4.8) / (148.0 / 4.0), 1e-9));
        QVERIFY(near(gemmRampAt(h20, 256 / h20.tokenScale), gemmRampAt(gemmRamp("h200", "bf16"), 256), 1e-12));
    }

    // No measurement, no knee: MI300X, the generic family, and a format without a row.
    void noRowNoRamp()
    {
        for (const char *family : { "mi300x", "generic" }) {
            const GemmRamp r = gemmRamp(family, "bf16");
            QVERIFY(r.source.empty());
            QCOMPARE(gemmRampAt(r, 256), 1.0);
        }
        QCOMPARE(gemmRampAt(gemmRamp("a100", "fp4"), 256), 1.0);
    }

    // In a step: Qwen2.5-7B on one A100 80GB, a decode step of 256 tokens (CUDA graph, no padding). With
    // gemm_ramp 0 the dense GEMMs cost their roofline; with 1 the roofline part (the step's GEMM time less
    // the 4 floors per layer and the LM head's) grows by the measured knee at M = 256, 1.36727.
    void stepUsesTheKnee()
    {
        Plan p = makePlan("qwen2.5-7b", "a100-80gb", 1);
        p.maxModelLen = 8192;
        const EvaluatedPlan ep = evaluatePlan(p, presetModel("qwen2.5-7b"), presetGpu("a100-80gb"));
        QVERIFY(ep.evaluation.valid);
        ServingCoefficients on = servingCoefficients(ep.gpu);
        QCOMPARE(on.gemmRamp, 1.0);
        ServingCoefficients off = on;
        QVERIFY(off.set("gemm_ramp", 0));
        StepBatch b;
        b.decodeTokens = 256;
        b.decodeContext = 256;
        b.requests = 256;
        b.sampled = 0; // no LM head: only the layers' GEMMs
        const double floors = ep.model.layers * 4 * 3e-6; // measured per GEMM: not scaled by floor_scale
        const double with = stepTime(buildStepModel(ep, on), b).gemmSec - floors;
        const double without = stepTime(buildStepModel(ep, off), b).gemmSec - floors;
        QVERIFY2(near(with / without, 1.36727, 1e-4), std::to_string(with / without).c_str());
        // The knees read once for a run of steps (stepKnees, as the decode loop passes them): the same ratio,
        // and 1.36727 for the layers' GEMMs at 256 tokens; none sampled: the LM head's knee is the M <= 1 row.
        const StepModel model = buildStepModel(ep, on);
        const StepKnees knees = stepKnees(model, b);
        QVERIFY(near(knees.gemm, 1.36727, 1e-4));
        QCOMPARE(knees.lmHead, gemmRampAt(model.gemmRamp, 0));
        QCOMPARE(stepTime(model, b, &knees).gemmSec - floors, with);
    }
};

QTEST_APPLESS_MAIN(TestGemmRamp)
#include "tst_gemmramp.moc"
