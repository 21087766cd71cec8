// Numbers from flags and files are checked for range before use: no int wrap (tp x dp overflowing
// into "ep": 0, a 64-bit block size read as 128) and no float that turns a result into inf.
#include "boundaryrunner.h"

#include <QFile>

namespace {

void expectRefused(const BoundaryResult &r, const char *command, const QByteArray &needle)
{
    QVERIFY2(r.finished, "the command blocked");
    QCOMPARE(r.exitCode, 2);
    const QList<QByteArray> lines = r.errLines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith(QByteArray("shardscope ") + command + ": error: "), lines.first().constData());
    QVERIFY2(lines.first().contains(needle), lines.first().constData());
    QVERIFY2(!r.out.contains("inf") && !r.out.contains("\"ep\": 0"), r.out.constData());
}

QString writeTemp(QTemporaryDir &dir, const char *name, const QByteArray &text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
    return path;
}

} // namespace

class TstNumbers : public QObject
{
    Q_OBJECT

private slots:
    void importWorldOverflow()
    {
        QTemporaryDir home;
        expectRefused(runBounded(argList({ "import", "--", "vllm", "serve", "org/model", "-tp", "65536", "-dp", "65536",
                                     "--enable-expert-parallel" }),
                          home.path()),
            "import", "-tp 65536 -pp 1 -dp 65536: tp x pp x dp = 4294967296 GPUs is more than the 65536");
    }

    void flagsOutOfRange_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QByteArray>("needle");
        QTest::newRow("tp x dp") << QStringList { "--tp", "65536", "--dp", "65536", "--enable-expert-parallel" }
                                 << QByteArray("tp x pp x dp = 4294967296 GPUs is more than the 65536");
        QTest::newRow("tp x pp x dp") << QStringList { "--tp", "1024", "--pp", "1024", "--dp", "1024" }
                                      << QByteArray("--tp 1024 --pp 1024 --dp 1024: tp x pp x dp = 1073741824");
        QTest::newRow("scaleup 1e-300") << QStringList { "--scaleup-bandwidth",
            "1e-300" } << QByteArray("--scaleup-bandwidth 1e-300: expected a bandwidth from 1e6 to 1e15");
        QTest::newRow("nic 1e300") << QStringList { "--nic-bandwidth", "1e300" } << QByteArray("--nic-bandwidth 1e300");
        QTest::newRow("pcie 1") << QStringList { "--pcie-bandwidth", "1" }
                                << QByteArray("--pcie-bandwidth 1: expected a bandwidth");
        QTest::newRow("memory 1e-300") << QStringList { "--gpu-memory-bytes", "1e-300" }
                                       << QByteArray("--gpu-memory-bytes 1e-300: expected a size from 1MiB to 1PiB");
        QTest::newRow("utilization nan") << QStringList { "--gpu-memory-utilization", "nan" }
                                         << QByteArray("--gpu-memory-utilization nan");
        QTest::newRow("latency inf") << QStringList { "--nic-latency-us", "inf" } << QByteArray("--nic-latency-us inf");
        QTest::newRow("tp 2^32") << QStringList { "--tp", "4294967296" } << QByteArray("--tp 4294967296");
    }
    void flagsOutOfRange()
    {
        QFETCH(QStringList, extra);
        QFETCH(QByteArray, needle);
        QTemporaryDir home;
        expectRefused(
            runBounded(argList({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm" }) + extra, home.path()),
            "plan", needle);
    }

    void planFileOutOfRange_data()
    {
        QTest::addColumn<QByteArray>("plan");
        QTest::addColumn<QByteArray>("needle");
        QTest::newRow("world") << QByteArray(R"({"tp": 65536, "dp": 65536})")
                               << QByteArray("tp x pp x dp = 4294967296 GPUs");
        QTest::newRow("bandwidth") << QByteArray(R"({"scaleup_bytes_per_s": 1e-300})")
                                   << QByteArray(
                                          "plan field \"scaleup_bytes_per_s\" = 1e-300 is out of range [1e+06, 1e+15]");
        QTest::newRow("tp 2^32 + 8") << QByteArray(R"({"tp": 4294967304})") << QByteArray("plan field \"tp\"");
    }
    void planFileOutOfRange()
    {
        QFETCH(QByteArray, plan);
        QFETCH(QByteArray, needle);
        QTemporaryDir home;
        const QString path = writeTemp(home, "p.shardscope.json",
            R"({"schema": "shardscope.planfile/1", "plan": )" + plan.left(plan.size() - 1)
                + R"(, "model": "llama-3.1-8b", "gpu": "h100-sxm"}})");
        expectRefused(runBounded(argList({ "plan", "--plan" }) << path, home.path()), "plan", needle);
    }

    // 2^32 + 128 was read with get<int>() and became 128.
    void modelBlockSizeWrap()
    {
        QTemporaryDir home;
        const QString path = writeTemp(home, "config.json", R"({"model_type": "llama", "num_hidden_layers": 4,
            "hidden_size": 1024, "num_attention_heads": 8, "num_key_value_heads": 8, "vocab_size": 32000,
            "intermediate_size": 4096, "quantization_config": {"quant_method": "fp8",
            "weight_block_size": [4294967424, 128]}})");
        expectRefused(runBounded(argList({ "plan", "--gpu", "h100-sxm", "--model" }) << path, home.path()), "plan",
            "model config field \"weight_block_size\" = [4294967424,128] is out of range");
    }

    void gpuFileOutOfRange()
    {
        QTemporaryDir home;
        const QString path = writeTemp(home, "gpu.json", R"({"memory_mib": 81559, "hbm_tbps": 3.35,
            "bf16_tflops": 989, "scaleup_gbps_per_dir": 450, "gpus_per_node": 4294967304})");
        expectRefused(runBounded(argList({ "plan", "--model", "llama-3.1-8b", "--gpu" }) << path, home.path()), "plan",
            "GPU field \"gpus_per_node\" = 4294967304 is out of range [1, 65536]");
    }
};

QTEST_GUILESS_MAIN(TstNumbers)
#include "tst_numbers.moc"
