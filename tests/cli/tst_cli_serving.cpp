// `shardscope plan`'s serving section as a script sees it: the field names, the workload
// echoed as resolved, bad workload values as one line and exit 2.
#include "clirunner.h"

#include <QTest>

namespace {

QStringList planArgs(const QStringList &extra)
{
    QStringList a { QStringLiteral("plan"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
        QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
        QStringLiteral("8192") };
    return a + extra;
}

} // namespace

class TestCliServing : public QObject
{
    Q_OBJECT
private slots:
    void jsonFields()
    {
        const CliResult r = runShardscope(planArgs({ QStringLiteral("--input-len"), QStringLiteral("2000"),
            QStringLiteral("--output-len"), QStringLiteral("200"), QStringLiteral("--max-concurrency"),
            QStringLiteral("8"), QStringLiteral("--num-prompts"), QStringLiteral("64"), QStringLiteral("--format"),
            QStringLiteral("json") }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject s = r.json().value(QStringLiteral("serving")).toObject();
        for (const char *k : { "ttft_s", "tpot_s", "itl_s", "e2e_s" }) {
            const QJsonObject st = s.value(QLatin1String(k)).toObject();
            for (const char *q : { "mean", "p50", "p90", "p99" })
                QVERIFY2(st.value(QLatin1String(q)).toDouble() > 0, (std::string(k) + "." + q).c_str());
        }
        for (const char *k : { "output_tokens_per_s", "output_tokens_per_s_per_gpu", "total_tokens_per_s",
                 "requests_per_s", "kv_peak_fraction" })
            QVERIFY2(s.value(QLatin1String(k)).toDouble() > 0, k);
        QVERIFY(s.contains(QStringLiteral("preemptions")));
        const QJsonObject w = s.value(QStringLiteral("workload")).toObject();
        QCOMPARE(w.value(QStringLiteral("input_len")).toInteger(), 2000);
        QCOMPARE(w.value(QStringLiteral("output_len")).toInteger(), 200);
        QCOMPARE(w.value(QStringLiteral("max_concurrency")).toInteger(), 8);
        QCOMPARE(w.value(QStringLiteral("num_prompts")).toInteger(), 64);
        // 64 requests x 200 output tokens over the duration; total adds 64 x 2000 input tokens.
        const double d = s.value(QStringLiteral("duration_s")).toDouble();
        QVERIFY(qAbs(s.value(QStringLiteral("output_tokens_per_s")).toDouble() - 12800 / d) < 1e-6 * 12800 / d);
        QVERIFY(qAbs(s.value(QStringLiteral("total_tokens_per_s")).toDouble() - 140800 / d) < 1e-6 * 140800 / d);
        // time.* keeps its meaning: the roofline at --batch 1.
        QCOMPARE(r.json().value(QStringLiteral("time")).toObject().value(QStringLiteral("batch")).toInteger(), 1);
    }

    void defaultWorkloadIsVllmBenchServes()
    {
        const CliResult r = runShardscope(planArgs({ QStringLiteral("--format"), QStringLiteral("json") }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject w
            = r.json().value(QStringLiteral("serving")).toObject().value(QStringLiteral("workload")).toObject();
        QCOMPARE(w.value(QStringLiteral("input_len")).toInteger(), 1024);
        QCOMPARE(w.value(QStringLiteral("output_len")).toInteger(), 128);
        QCOMPARE(w.value(QStringLiteral("num_prompts")).toInteger(), 1000);
        QCOMPARE(w.value(QStringLiteral("request_rate")).toString(), QStringLiteral("inf"));
        QCOMPARE(w.value(QStringLiteral("dataset_name")).toString(), QStringLiteral("random"));
    }

    // --dataset-name sharegpt without lengths: the means of the first --num-prompts requests of vLLM's ShareGPT
    // sample (tests/core/tst_sharegptworkload.cpp: the first 100 average 223.98 in / 210.05 out tokens).
    void shareGptDatasetUsesItsOwnMeans()
    {
        const CliResult r = runShardscope(
            planArgs({ QStringLiteral("--dataset-name"), QStringLiteral("sharegpt"), QStringLiteral("--num-prompts"),
                QStringLiteral("100"), QStringLiteral("--format"), QStringLiteral("json") }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject w
            = r.json().value(QStringLiteral("serving")).toObject().value(QStringLiteral("workload")).toObject();
        QCOMPARE(w.value(QStringLiteral("dataset_name")).toString(), QStringLiteral("sharegpt"));
        QCOMPARE(w.value(QStringLiteral("input_len")).toInteger(), 224);
        QCOMPARE(w.value(QStringLiteral("output_len")).toInteger(), 210);
    }

    void textPrintsServing()
    {
        const CliResult r = runShardscope(planArgs({ QStringLiteral("--num-prompts"), QStringLiteral("10") }));
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Serving (estimated"));
        QVERIFY(r.out.contains("TPOT"));
    }

    void badWorkloadIsOneLine_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("input 0") << QStringList { QStringLiteral("--input-len"), QStringLiteral("0") };
        QTest::newRow("output -5") << QStringList { QStringLiteral("--output-len"), QStringLiteral("-5") };
        QTest::newRow("rate 1e9") << QStringList { QStringLiteral("--request-rate"), QStringLiteral("1e9") };
        QTest::newRow("rate 0") << QStringList { QStringLiteral("--request-rate"), QStringLiteral("0") };
        QTest::newRow("beyond max-model-len") << QStringList { QStringLiteral("--input-len"), QStringLiteral("9000") };
        QTest::newRow("range") << QStringList { QStringLiteral("--input-len-range"), QStringLiteral("500:100") };
        QTest::newRow("dataset") << QStringList { QStringLiteral("--dataset-name"), QStringLiteral("sonnet") };
        QTest::newRow("sharegpt with a range") << QStringList { QStringLiteral("--dataset-name"),
            QStringLiteral("sharegpt"), QStringLiteral("--input-len-range"), QStringLiteral("100:200") };
        QTest::newRow("prefix 1") << QStringList { QStringLiteral("--prefix-hit-rate"), QStringLiteral("1") };
        QTest::newRow("prompts") << QStringList { QStringLiteral("--num-prompts"), QStringLiteral("1e9") };
        QTest::newRow("coefficient") << QStringList { QStringLiteral("--serving-coefficient"),
            QStringLiteral("nope=1") };
        QTest::newRow("coefficient > 1") << QStringList { QStringLiteral("--serving-coefficient"),
            QStringLiteral("hbm_weights=2") };
        QTest::newRow("coefficient 0") << QStringList { QStringLiteral("--serving-coefficient"),
            QStringLiteral("floor_scale=0") };
    }
    void badWorkloadIsOneLine()
    {
        QFETCH(QStringList, extra);
        const CliResult r = runShardscope(planArgs(extra));
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY(r.err.contains("--"));
    }

    // An override reaches the model: halving the weight-streaming HBM fraction slows batch-1 decode.
    void coefficientOverride()
    {
        const QStringList base { QStringLiteral("--max-concurrency"), QStringLiteral("1"),
            QStringLiteral("--num-prompts"), QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("json") };
        const CliResult a = runShardscope(planArgs(base));
        const CliResult b = runShardscope(planArgs(
            base + QStringList { QStringLiteral("--serving-coefficient"), QStringLiteral("hbm_weights=0.43") }));
        QCOMPARE(b.exitCode, 0);
        // serving.<key>.mean of a run's JSON.
        auto servingMean = [](const CliResult &r, const QString &key) {
            return r.json()
                .value(QStringLiteral("serving"))
                .toObject()
                .value(key)
                .toObject()
                .value(QStringLiteral("mean"))
                .toDouble();
        };
        auto tpot = [&](const CliResult &r) { return servingMean(r, QStringLiteral("tpot_s")); };
        auto ttft = [&](const CliResult &r) { return servingMean(r, QStringLiteral("ttft_s")); };
        // Weight streaming dominates batch-1 decode of an 8B model (~4.8 of ~6 ms): 0.86 -> 0.43 adds ~4.8 ms.
        QVERIFY(tpot(b) > tpot(a) + 3e-3);
        // kernels_per_layer 0 is its default (the graph's nodes counted per layer kind): the same figures.
        const CliResult c = runShardscope(planArgs(
            base + QStringList { QStringLiteral("--serving-coefficient"), QStringLiteral("kernels_per_layer=0") }));
        QCOMPARE(c.exitCode, 0);
        QCOMPARE(tpot(c), tpot(a));
        // prefill_attention_half_keys 0 turns the short-prompt fall-off off: a 4,096-token prompt (2,048 keys per
        // query, rate x 2048 / 2848 on H100 with the default 800) then prefills faster; a negative value is refused.
        const QStringList prompt = base
            + QStringList { QStringLiteral("--input-len"), QStringLiteral("4096"), QStringLiteral("--output-len"),
                  QStringLiteral("2") };
        const CliResult withFallOff = runShardscope(planArgs(prompt));
        const CliResult noFallOff = runShardscope(planArgs(prompt
            + QStringList {
                QStringLiteral("--serving-coefficient"), QStringLiteral("prefill_attention_half_keys=0") }));
        QCOMPARE(withFallOff.exitCode, 0);
        QCOMPARE(noFallOff.exitCode, 0);
        QVERIFY2(ttft(noFallOff) < ttft(withFallOff), qPrintable(QString::number(ttft(noFallOff))));
        const CliResult negative = runShardscope(planArgs(base
            + QStringList {
                QStringLiteral("--serving-coefficient"), QStringLiteral("prefill_attention_half_keys=-1") }));
        QCOMPARE(negative.exitCode, 2);
        // moe_ramp and gemm_ramp 0 are the plain roofline (accepted); an 8B dense model has no MoE layer, so
        // moe_ramp=0 leaves its figures as they were.
        const CliResult noMoeKnee = runShardscope(
            planArgs(base + QStringList { QStringLiteral("--serving-coefficient"), QStringLiteral("moe_ramp=0") }));
        QCOMPARE(noMoeKnee.exitCode, 0);
        QCOMPARE(tpot(noMoeKnee), tpot(a));
        const CliResult noGemmKnee = runShardscope(
            planArgs(base + QStringList { QStringLiteral("--serving-coefficient"), QStringLiteral("gemm_ramp=0") }));
        QCOMPARE(noGemmKnee.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliServing)
#include "tst_cli_serving.moc"
