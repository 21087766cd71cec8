// `shardscope plan --vllm-version`, `--format vllm-log`, `shardscope reconcile` and calibration
// profiles as a user's script sees them.
#include "clirunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {
constexpr double GiB = 1073741824.0;

QString logFile(const char *name)
{
    return QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/tests/data/vllm-logs/")
        + QString::fromLatin1(name);
}

QStringList args(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *a : list)
        out << QString::fromUtf8(a);
    return out;
}
} // namespace

class TestCliFidelity : public QObject
{
    Q_OBJECT
private slots:
    // docs/DESIGN.md §C rows (vLLM 0.11, one H100, max-model-len 16000, block 128), through the
    // CLI with the version's default utilization (0.9): available KV within 0.5 GiB, weights within
    // 1% (BF16/FP8) or 5% (MXFP4).
    void calibrationRows_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<double>("weightsGiB");
        QTest::addColumn<double>("weightTolerance");
        QTest::addColumn<double>("availableKvGiB");
        QTest::newRow("gpt-oss-20b") << args({ "--model", "gpt-oss-20b" }) << 13.47 << 0.05 << 50.28;
        QTest::newRow("llama-3.3-70b fp8 tp2")
            << args({ "--model", "llama-3.3-70b-instruct", "--tp", "2", "--quantization", "fp8" }) << 33.88 << 0.01
            << 32.00;
        QTest::newRow("llama-3.1-8b") << args({ "--model", "llama-3.1-8b" }) << 14.99 << 0.01 << 51.38;
        QTest::newRow("qwen3-32b tp1") << args({ "--model", "qwen3-32b" }) << 61.03 << 0.01 << 4.45;
        QTest::newRow("qwen3-32b tp2") << args({ "--model", "qwen3-32b", "--tp", "2" }) << 30.59 << 0.01 << 34.49;
        QTest::newRow("gpt-oss-120b (weights only)") << args({ "--model", "gpt-oss-120b" }) << 64.38 << 0.05 << -1.0;
    }
    void calibrationRows()
    {
        QFETCH(QStringList, extra);
        QFETCH(double, weightsGiB);
        QFETCH(double, weightTolerance);
        QFETCH(double, availableKvGiB);
        const CliResult r = runShardscope(args({ "plan", "--gpu", "h100-sxm", "--vllm-version", "0.11.0",
                                              "--max-model-len", "16000", "--block-size", "128", "--format", "json" })
            + extra);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        const QJsonObject plan = j.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("gpu_memory_utilization")).toDouble(), 0.9); // 0.11's default
        QCOMPARE(plan.value(QStringLiteral("vllm_version")).toString(), QStringLiteral("0.11.0"));
        const QJsonObject memory = j.value(QStringLiteral("memory")).toObject();
        QCOMPARE(memory.value(QStringLiteral("basis")).toString(), QStringLiteral("estimated"));
        const double weights = memory.value(QStringLiteral("max_weights_bytes_per_gpu")).toDouble() / GiB;
        QVERIFY2(std::fabs(weights / weightsGiB - 1) <= weightTolerance, qPrintable(QString::number(weights)));
        if (availableKvGiB >= 0) {
            const double kv = memory.value(QStringLiteral("kv_budget_bytes_per_gpu")).toDouble() / GiB;
            QVERIFY2(std::fabs(kv - availableKvGiB) <= 0.5, qPrintable(QString::number(kv)));
        }
        // Every term of the budget, with its assumption.
        const QJsonArray terms = memory.value(QStringLiteral("terms")).toArray();
        QCOMPARE(terms.size(), 6);
        for (const QJsonValue &t : terms)
            QVERIFY(!t.toObject().value(QStringLiteral("assumption")).toString().isEmpty());
    }

    void utilizationFollowsVersion()
    {
        const CliResult r
            = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()
                     .value(QStringLiteral("plan"))
                     .toObject()
                     .value(QStringLiteral("gpu_memory_utilization"))
                     .toDouble(),
            0.92);
        const CliResult given = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
            "--gpu-memory-utilization", "0.8", "--format", "json" }));
        QCOMPARE(given.json()
                     .value(QStringLiteral("plan"))
                     .toObject()
                     .value(QStringLiteral("gpu_memory_utilization"))
                     .toDouble(),
            0.8);
        const CliResult bad = runShardscope(
            args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--vllm-version", "latest-ish" }));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.startsWith("shardscope plan: error: --vllm-version"));
    }

    // --moe-backend: vLLM's name and choices (auto, marlin); the plan echoes it, anything else is exit 2.
    void moeBackendFlag()
    {
        const CliResult r = runShardscope(args({ "plan", "--model", "gpt-oss-120b", "--gpu", "h100-sxm", "--tp", "2",
            "--moe-backend", "marlin", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("plan")).toObject().value(QStringLiteral("moe_backend")).toString(),
            QStringLiteral("marlin"));
        const CliResult bad = runShardscope(
            args({ "plan", "--model", "gpt-oss-120b", "--gpu", "h100-sxm", "--moe-backend", "cutlass" }));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.startsWith("shardscope plan: error: --moe-backend"));
    }

    // Review item 4: 131 GiB of weights on a 24 GiB RTX 4090 die at load with PyTorch's OOM, before
    // any "Model loading took" or KV budget line.
    void vllmLogOfWeightsThatDoNotFit()
    {
        const CliResult r = runShardscope(
            args({ "plan", "--model", "llama-3.1-70b", "--gpu", "rtx-4090", "--tp", "1", "--format", "vllm-log" }));
        QVERIFY(r.out.contains("(rank 0) ERROR torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "));
        QVERIFY(r.out.contains(" GiB. GPU 0 has a total capacity of "));
        QVERIFY(!r.out.contains("Model loading took"));
        QVERIFY(!r.out.contains("Available KV cache memory"));
        QVERIFY(!r.out.contains("No available memory for the cache blocks"));
    }

    void vllmLogFormat()
    {
        const CliResult r = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
            "--vllm-version", "0.11.0", "--max-model-len", "16000", "--format", "vllm-log" }));
        QCOMPARE(r.exitCode, 0);
        // 8,030,261,248 parameters x 2 B + the RoPE cos/sin cache vLLM allocates with the model
        // (rotary_embedding/base.py: max_position_embeddings 131,072 x rotary dim 128 x 2 B = 33,554,432 B)
        // = 16,094,076,928 B = 14.9888 GiB.
        QVERIFY(r.out.contains("(rank 0) INFO Model loading took 14.9888 GiB"));
        QVERIFY(r.out.contains("(rank 0) INFO Available KV cache memory: "));
        QVERIFY(r.out.contains("(engine) INFO GPU KV cache size: "));
        QVERIFY(r.out.contains("(engine) INFO Maximum concurrency for 16,000 tokens per request: "));
        const CliResult textbook = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
            "--accounting", "textbook", "--format", "vllm-log" }));
        QCOMPARE(textbook.exitCode, 2);
    }

    // vllm#23278 (gpt-oss-120b, H100, 0.10.1): the model comes from the log's "Starting to load model"
    // in vllm#33155's excerpt; here it is given, the rest comes from the log.
    void reconcileJson()
    {
        const CliResult r = runShardscope(args({ "reconcile", "--gpu", "h100-sxm", "--model", "gpt-oss-120b", "--log" })
            << logFile("v1-gpt-oss-120b-h100-v0101-fail.log"));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QStringLiteral("shardscope.reconcile/1"));
        const QJsonObject cmp = j.value(QStringLiteral("comparison")).toObject();
        QCOMPARE(cmp.value(QStringLiteral("explanation")).toObject().value(QStringLiteral("term")).toString(),
            QStringLiteral("weights"));
        bool sawAvailable = false;
        for (const QJsonValue &v : cmp.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            if (row.value(QStringLiteral("key")).toString() != QLatin1String("available_kv"))
                continue;
            sawAvailable = true;
            QVERIFY(std::fabs(row.value(QStringLiteral("observed")).toDouble() / GiB + 2.14) < 1e-6);
            QVERIFY(row.contains(QStringLiteral("difference_gib")));
            QVERIFY(row.contains(QStringLiteral("difference_percent")));
        }
        QVERIFY(sawAvailable);
        QVERIFY(j.value(QStringLiteral("predicted_log")).toArray().size() >= 3);

        const CliResult inferred = runShardscope(
            args({ "reconcile", "--gpu", "h100-sxm", "--log" }) << logFile("v1-gpt-oss-120b-h100-v0141-ansi.log"));
        QCOMPARE(inferred.exitCode, 0);
        QCOMPARE(inferred.json().value(QStringLiteral("model")).toString(), QStringLiteral("gpt-oss-120b"));
    }

    void calibrateAndReuse()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("llama.log"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // docs/DESIGN.md §C Llama-3.1-8B row, as vLLM 0.11 prints it.
        f.write("INFO vLLM API server version 0.11.0\n"
                "(EngineCore_DP0 pid=1) INFO Model loading took 14.99 GiB and 5.1 seconds\n"
                "(EngineCore_DP0 pid=1) INFO Available KV cache memory: 51.38 GiB\n");
        f.close();
        const CliResult r = runShardscope(args({ "reconcile", "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
                                              "--max-model-len", "16000", "--save-calibration", "my-h100", "--log" })
            << path);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("basis")).toString(), QStringLiteral("calibrated"));
        const QJsonObject cal = r.json().value(QStringLiteral("calibration")).toObject();
        QCOMPARE(cal.value(QStringLiteral("name")).toString(), QStringLiteral("my-h100"));
        QCOMPARE(cal.value(QStringLiteral("vllm_version")).toString(), QStringLiteral("0.11.0"));

        const CliResult plan = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
            "--vllm-version", "0.11", "--max-model-len", "16000", "--calibration", "my-h100", "--format", "json" }));
        QCOMPARE(plan.exitCode, 0);
        const QJsonObject j = plan.json();
        QCOMPARE(j.value(QStringLiteral("memory")).toObject().value(QStringLiteral("basis")).toString(),
            QStringLiteral("calibrated"));
        QCOMPARE(j.value(QStringLiteral("calibration")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("my-h100"));
        const double kv
            = j.value(QStringLiteral("memory")).toObject().value(QStringLiteral("kv_budget_bytes_per_gpu")).toDouble()
            / GiB;
        QVERIFY(std::fabs(kv - 51.38) < 0.05); // 51.38 + (14.99 - 14.96) the model's lighter weights
        const CliResult missing
            = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--calibration", "nope" }));
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("my-h100")); // lists the saved profiles
    }

    void badLogs()
    {
        QTemporaryDir dir;
        const auto write = [&](const char *name, const QByteArray &data) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            f.open(QIODevice::WriteOnly);
            f.write(data);
            return f.fileName();
        };
        static const char kGarbage[]
            = "\x00\x01\xff garbage (pid=) Model loading took"; // NUL bytes: size from the array
        const QString garbage = write("garbage.log", QByteArray(kGarbage, sizeof kGarbage - 1));
        const QString huge = write("huge.log", QByteArray(40 * 1024 * 1024, 'z'));
        const QString empty = write("empty.log", QByteArray());
        for (const QString &file : { garbage, huge, empty, dir.filePath(QStringLiteral("missing.log")) }) {
            const CliResult r
                = runShardscope(args({ "reconcile", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--log" }) << file);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.startsWith("shardscope reconcile: error: "), r.err.constData());
            QCOMPARE(r.err.count('\n'), 1);
        }
        const CliResult noLog = runShardscope(args({ "reconcile", "--gpu", "h100-sxm" }));
        QCOMPARE(noLog.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliFidelity)
#include "tst_cli_fidelity.moc"
