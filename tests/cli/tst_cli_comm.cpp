// `shardscope plan`'s comm and time objects and the link/efficiency flags, as a script sees them.
// Expected values are worked out by hand (lecture 0 §4, lecture 3, docs/DESIGN.md §F.0, §F.3).
#include "clirunner.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

namespace {

QStringList planArgs(std::initializer_list<const char *> extra)
{
    QStringList args { QStringLiteral("plan"), QStringLiteral("--format"), QStringLiteral("json") };
    for (const char *a : extra)
        args << QString::fromLatin1(a);
    return args;
}

QJsonObject path(const QJsonObject &root, std::initializer_list<const char *> keys)
{
    QJsonObject o = root;
    for (const char *k : keys)
        o = o.value(QLatin1String(k)).toObject();
    return o;
}

bool near(double got, double want, double relTol)
{
    return std::fabs(got - want) <= relTol * std::fabs(want);
}

} // namespace

class TestCliComm : public QObject
{
    Q_OBJECT
private slots:
    // Lecture 0 §4.1 (docs/DESIGN.md §F.0) through the CLI: α = 0 and B = 450 GB/s via the override flags.
    void tpFields()
    {
        const CliResult r = runShardscope(planArgs({ "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--tp", "4",
            "--batch", "64", "--scaleup-latency-us", "0", "--scaleup-bandwidth", "450e9" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject tp = path(r.json(), { "comm", "tp" });
        QCOMPARE(tp.value(QStringLiteral("allreduce_per_step")).toInt(), 160); // 2 x 80
        QCOMPARE(tp.value(QStringLiteral("bytes_per_allreduce")).toDouble(), 1048576.0); // 64 x 8192 x 2
        QCOMPARE(tp.value(QStringLiteral("bytes_sent_per_gpu_per_step")).toDouble(), 251658240.0); // 240 MiB
        QVERIFY(near(tp.value(QStringLiteral("time_s")).toDouble(), 251658240.0 / 450e9, 1e-9)); // 0.559 ms
        QCOMPARE(tp.value(QStringLiteral("link")).toString(), QStringLiteral("scaleup"));
        QCOMPARE(path(tp, { "embedding_allreduce" }).value(QStringLiteral("bytes")).toDouble(), 1048576.0);
        QCOMPARE(path(tp, { "lm_head_gather" }).value(QStringLiteral("bytes")).toDouble(), 64.0 * 128256 * 2);
        const QJsonObject scaleup = path(r.json(), { "comm", "assumptions", "scaleup" });
        QCOMPARE(scaleup.value(QStringLiteral("latency_s")).toDouble(), 0.0);
        QCOMPARE(scaleup.value(QStringLiteral("bandwidth_bytes_per_s")).toDouble(), 450e9);
        QCOMPARE(r.json().value(QStringLiteral("comm")).toObject().value(QStringLiteral("phase")).toString(),
            QStringLiteral("decode"));
    }

    // Lecture 0 §4.2 and lecture 3 (docs/DESIGN.md §F.0, §F.3): pp=4, 3 sends of 2 MiB; 12 micro-batches -> 20% bubble.
    void ppAndTimeFields()
    {
        const CliResult r = runShardscope(planArgs(
            { "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--pp", "4", "--batch", "64", "--microbatches", "12" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject pp = path(r.json(), { "comm", "pp" });
        QCOMPARE(pp.value(QStringLiteral("sends_per_step")).toInt(), 3);
        QCOMPARE(pp.value(QStringLiteral("bytes_per_send")).toDouble(), 2097152.0); // 2 x 64 x 8192 x 2
        QCOMPARE(pp.value(QStringLiteral("link")).toString(), QStringLiteral("scaleup"));
        QVERIFY(pp.value(QStringLiteral("time_s")).toDouble() > 0);
        const QJsonObject time = r.json().value(QStringLiteral("time")).toObject();
        QCOMPARE(time.value(QStringLiteral("bubble_fraction")).toDouble(), 0.2); // 3 / 15
        QVERIFY(time.value(QStringLiteral("estimate")).toBool());
        for (const char *key : { "decode_step_s", "tpot_s", "ttft_s", "tokens_per_s_per_gpu" })
            QVERIFY2(time.value(QLatin1String(key)).toDouble() > 0, key);
        // PP: one token crosses all 4 stages, so TPOT exceeds the slowest stage's step
        QVERIFY(time.value(QStringLiteral("tpot_s")).toDouble()
            > 3 * time.value(QStringLiteral("decode_step_s")).toDouble());
        QCOMPARE(time.value(QStringLiteral("decode_stages")).toArray().size(), 4);
    }

    // Lecture 0 §4.3 (docs/DESIGN.md §F.0): DeepSeek-V3, 229,376 B per token per MoE layer; EP 16 over two nodes.
    void epFields()
    {
        const CliResult r = runShardscope(planArgs({ "--model", "deepseek-v3", "--gpu", "h200", "--tp", "8", "--dp",
            "2", "--enable-expert-parallel", "--batch", "64", "--max-model-len", "32k" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject ep = path(r.json(), { "comm", "ep" });
        QCOMPARE(ep.value(QStringLiteral("bytes_per_token_per_moe_layer")).toDouble(), 229376.0);
        QCOMPARE(ep.value(QStringLiteral("moe_layers")).toInt(), 58);
        QCOMPARE(ep.value(QStringLiteral("mode")).toString(), QStringLiteral("all_to_all"));
        QCOMPARE(ep.value(QStringLiteral("link")).toString(), QStringLiteral("nic"));
        // 58 layers x 8 tokens x 229,376 B x 15/16
        QCOMPARE(ep.value(QStringLiteral("bytes_per_step_busiest_gpu")).toDouble(), 58 * 1720320.0);
        QVERIFY(ep.value(QStringLiteral("time_s")).toDouble() > 0);
        QVERIFY(path(r.json(), { "comm", "dp" }).value(QStringLiteral("lockstep")).toBool());
        QVERIFY(path(r.json(), { "comm", "links" }).contains(QStringLiteral("nic")));
    }

    // A TP group spanning two nodes is costed on the NIC.
    void tpAcrossNodes()
    {
        const CliResult r = runShardscope(planArgs({ "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--tp", "16" }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(path(r.json(), { "comm", "tp" }).value(QStringLiteral("link")).toString(), QStringLiteral("nic"));
    }

    // Lecture 2 (docs/DESIGN.md §F.2): prefill of 4096 tokens at tp=8, 64 MiB per AllReduce.
    void prefillPhase()
    {
        const CliResult r = runShardscope(planArgs({ "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--tp", "8",
            "--phase", "prefill", "--prompt-len", "4096" }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(path(r.json(), { "comm" }).value(QStringLiteral("phase")).toString(), QStringLiteral("prefill"));
        QCOMPARE(path(r.json(), { "comm", "tp" }).value(QStringLiteral("bytes_per_allreduce")).toDouble(), 67108864.0);
    }

    // Lecture 0 §1.2 (docs/DESIGN.md §F.0) through the flags: one GPU, HBM efficiency 1, 1-token context:
    // 139,006,410,752 B / 3.35 TB/s = 41.49 ms.
    void efficiencyFlag()
    {
        const CliResult r = runShardscope(planArgs({ "--model", "llama-3.1-70b", "--gpu", "h100-sxm",
            "--hbm-efficiency", "1", "--prompt-len", "1", "--compute-efficiency", "0.5" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject time = r.json().value(QStringLiteral("time")).toObject();
        QVERIFY(near(time.value(QStringLiteral("tpot_s")).toDouble(), 139006410752.0 / 3.35e12, 1e-9));
        QCOMPARE(time.value(QStringLiteral("compute_efficiency")).toDouble(), 0.5);
    }

    void textLedger()
    {
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"),
            QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
            QStringLiteral("--tp"), QStringLiteral("4"), QStringLiteral("--batch"), QStringLiteral("64") });
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains(QStringLiteral("communication per decode step")));
        QVERIFY(out.contains(QStringLiteral("time (roofline estimate)")));
        // the TP row: 160 AllReduces of 1 MiB, 240 MiB per GPU, on the scale-up link
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("TP +160 +1\\.00 MiB +240\\.00 MiB scaleup"))),
            r.out.constData());
    }

    void badValues_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("needle");
        QTest::newRow("efficiency > 1") << QStringList { QStringLiteral("--hbm-efficiency"), QStringLiteral("1.5") }
                                        << "--hbm-efficiency";
        QTest::newRow("bandwidth text") << QStringList { QStringLiteral("--nic-bandwidth"), QStringLiteral("fast") }
                                        << "--nic-bandwidth";
        QTest::newRow("bandwidth zero") << QStringList { QStringLiteral("--scaleup-bandwidth"), QStringLiteral("0") }
                                        << "--scaleup-bandwidth";
        QTest::newRow("negative latency")
            << QStringList { QStringLiteral("--nic-latency-us"), QStringLiteral("-3") } << "--nic-latency-us";
    }
    void badValues()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, needle);
        const CliResult r
            = runShardscope(QStringList { QStringLiteral("plan"), QStringLiteral("--model"),
                                QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm") }
                + extra);
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(err.startsWith(QStringLiteral("shardscope plan: error: ")), r.err.constData());
        QVERIFY2(err.contains(needle), r.err.constData());
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliComm)
#include "tst_cli_comm.moc"
