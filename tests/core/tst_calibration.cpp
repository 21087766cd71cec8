// docs/DESIGN.md §C: what vLLM 0.11 allocated on one H100 80GB (79.18 GiB visible),
// utilization 0.9, max-model-len 16000, block size 128. Tolerances from that file: weights within 1%
// (BF16/FP8) or 5% (MXFP4), available KV within 0.5 GiB.
#include "tests/common/testutils.h"

#include <cmath>

using namespace shardscope;

namespace {
constexpr double GiB = 1073741824.0;
}

class TestCalibration : public QObject
{
    Q_OBJECT
private slots:
    void llmd_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tp");
        QTest::addColumn<QString>("quantization");
        QTest::addColumn<double>("weightsGiB");
        QTest::addColumn<double>("weightTolerance");
        QTest::addColumn<double>("availableKvGiB"); // < 0: not trusted (gpt-oss-120b row)
        QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << 1 << "auto" << 13.47 << 0.05 << 50.28;
        QTest::newRow("gpt-oss-120b") << "gpt-oss-120b" << 1 << "auto" << 64.38 << 0.05 << -1.0;
        QTest::newRow("llama-3.3-70b fp8 tp2") << "llama-3.3-70b-instruct" << 2 << "fp8" << 33.88 << 0.01 << 32.00;
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << 1 << "auto" << 14.99 << 0.01 << 51.38;
        QTest::newRow("qwen3-32b tp1") << "qwen3-32b" << 1 << "auto" << 61.03 << 0.01 << 4.45;
        QTest::newRow("qwen3-32b tp2") << "qwen3-32b" << 2 << "auto" << 30.59 << 0.01 << 34.49;
    }
    void llmd()
    {
        QFETCH(QString, model);
        QFETCH(int, tp);
        QFETCH(QString, quantization);
        QFETCH(double, weightsGiB);
        QFETCH(double, weightTolerance);
        QFETCH(double, availableKvGiB);
        Plan plan;
        plan.tp = tp;
        plan.gpuMemoryUtilization = 0.9;
        plan.vllmVersion = { 0, 11, 0 }; // the measurements are vLLM 0.11: CUDA graphs not subtracted
        plan.maxModelLen = 16000;
        plan.blockSize = 128;
        plan.quantization = quantization == QLatin1String("fp8") ? Quantization::Fp8 : Quantization::Auto;
        const Evaluation e = evaluate(plan, presetModel(model.toLatin1().constData()), presetGpu("h100-sxm"));
        QVERIFY(e.valid);
        const double weights = e.maxWeightsBytesPerGpu / GiB;
        QVERIFY2(std::fabs(weights / weightsGiB - 1) <= weightTolerance,
            qPrintable(QStringLiteral("weights %1 GiB vs %2").arg(weights).arg(weightsGiB)));
        if (availableKvGiB < 0)
            return;
        const double kv = e.kvBudgetBytesPerGpu / GiB;
        QVERIFY2(std::fabs(kv - availableKvGiB) <= 0.5,
            qPrintable(QStringLiteral("available KV %1 GiB vs %2").arg(kv).arg(availableKvGiB)));
    }

    // docs/DESIGN.md §C: 28.20 GiB / 163,840 B per token = 184,832 tokens as logged (Mistral-Small).
    // The same arithmetic through the engine's block rounding: blocks = floor(budget / (B x bytes)).
    void tokensFromBudget()
    {
        Plan plan;
        plan.tp = 2;
        plan.maxModelLen = 16000;
        plan.blockSize = 128;
        const Evaluation e = evaluate(plan, presetModel("qwen3-32b"), presetGpu("h100-sxm"));
        const double perBlock = 128.0 * e.kv.bytesPerTokenPerGpu;
        QCOMPARE(e.kv.blocks, qint64(std::floor(e.kvBudgetBytesPerGpu / perBlock)));
        QCOMPARE(e.kv.capacityTokens, e.kv.blocks * 128);
        // 16000 tokens need ceil(16000/128) = 125 blocks per request.
        QCOMPARE(e.kv.blocksPerRequest, qint64(125));
        QCOMPARE(e.kv.maxConcurrency, e.kv.blocks / 125);
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
