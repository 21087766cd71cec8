// `shardscope sweep` as a script sees it: JSON and CSV shape, constraints, bad input.
#include "clirunner.h"

#include <QJsonArray>

#include <QTest>
#include <cmath>

namespace {

QStringList args(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *a : list)
        out << QString::fromLatin1(a);
    return out;
}

// Lecture 0 §6 (docs/DESIGN.md §F.0) settings (textbook accounting) on 8 GPUs at 32K: see tst_sweep for the arithmetic.
QStringList seedSweep(std::initializer_list<const char *> extra)
{
    QStringList a = args({ "sweep", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--gpus", "8", "--accounting",
        "textbook", "--gpu-memory-bytes", "80e9", "--reserved-bytes", "4GiB", "--params", "70.6e9", "--max-model-len",
        "32768" });
    for (const char *e : extra)
        a << QString::fromLatin1(e);
    return a;
}

} // namespace

class TestCliSweep : public QObject
{
    Q_OBJECT
private slots:
    void jsonShape()
    {
        const CliResult r = runShardscope(seedSweep({ "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QStringLiteral("shardscope.sweep/1"));
        QCOMPARE(j.value(QStringLiteral("gpus")).toInt(), 8);
        QCOMPARE(j.value(QStringLiteral("combinations")).toInt(), 10);
        QCOMPARE(j.value(QStringLiteral("objective")).toString(), QStringLiteral("concurrency"));
        const QJsonArray plans = j.value(QStringLiteral("plans")).toArray();
        QCOMPARE(plans.size(), 10);
        for (const QJsonValue &v : plans) {
            const QJsonObject p = v.toObject();
            for (const char *key : { "tp", "pp", "dp", "ep", "gpus", "fits", "reasons", "kv", "rank", "crosses_node",
                     "pareto", "time", "comm" })
                QVERIFY2(p.contains(QLatin1String(key)), key);
            const QJsonObject time = p.value(QStringLiteral("time")).toObject();
            QVERIFY(time.value(QStringLiteral("tpot_s")).toDouble() > 0);
            QVERIFY(time.value(QStringLiteral("tokens_per_s_per_gpu")).toDouble() > 0);
            QCOMPARE(time.value(QStringLiteral("context_tokens")).toInt(), 32768); // max_model_len by default
            QCOMPARE(time.value(QStringLiteral("microbatches")).toInt(), p.value(QStringLiteral("pp")).toInt());
            // Only plans that meet the constraints can be on the front.
            if (p.value(QStringLiteral("pareto")).toBool())
                QVERIFY(!p.value(QStringLiteral("rank")).isNull());
            QCOMPARE(p.value(QStringLiteral("tp")).toInt() * p.value(QStringLiteral("pp")).toInt()
                    * p.value(QStringLiteral("dp")).toInt(),
                8);
            QVERIFY(p.value(QStringLiteral("reasons")).isArray());
            QVERIFY(p.value(QStringLiteral("kv")).toObject().contains(QStringLiteral("max_concurrency")));
            // Unranked plans say why; ranked ones have no reason.
            QCOMPARE(p.value(QStringLiteral("rank")).isNull(), !p.value(QStringLiteral("reasons")).toArray().isEmpty());
        }
        // Best: tp x pp = 8 on one replica, 37 requests of 32,768 tokens (lecture 0 §6, docs/DESIGN.md §F.0, row 8x1).
        const QJsonObject best = plans.at(0).toObject();
        QCOMPARE(best.value(QStringLiteral("rank")).toInt(), 1);
        QCOMPARE(best.value(QStringLiteral("kv")).toObject().value(QStringLiteral("max_concurrency")).toInt(), 37);
        QCOMPARE(j.value(QStringLiteral("decode")).toObject().value(QStringLiteral("batch")).toString(),
            QStringLiteral("largest_that_fits"));
        QVERIFY(j.value(QStringLiteral("pareto")).toInt() >= 1);
        // The plan on one GPU per replica: 141.2e9 B of weights on an 80e9 B GPU.
        const QJsonObject last = plans.at(7).toObject();
        QCOMPARE(last.value(QStringLiteral("tp")).toInt(), 1);
        QCOMPARE(last.value(QStringLiteral("pp")).toInt(), 1);
        QCOMPARE(last.value(QStringLiteral("fits")).toBool(), false);
        const QJsonObject reason = last.value(QStringLiteral("reasons")).toArray().at(0).toObject();
        QCOMPARE(reason.value(QStringLiteral("code")).toString(), QStringLiteral("weights_do_not_fit"));
        QVERIFY(!reason.value(QStringLiteral("message")).toString().isEmpty());
    }

    void csvShape()
    {
        const CliResult r = runShardscope(seedSweep({ "--format", "csv", "--min-concurrency", "30" }));
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 10); // header + one row per plan
        const QList<QByteArray> header = lines.at(0).split(',');
        for (const char *col : { "rank", "tp", "pp", "dp", "ep", "fits", "pareto", "kv.max_concurrency", "time.tpot_s",
                 "time.tokens_per_s_per_gpu", "reason_codes", "reasons" })
            QVERIFY2(header.contains(QByteArray(col)), col);
        const int rankCol = int(header.indexOf("rank"));
        const int codesCol = int(header.indexOf("reason_codes"));
        int ranked = 0;
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines.at(i).split(',');
            QVERIFY(cells.size() >= header.size()); // messages may hold commas, inside quotes
            if (!cells.at(rankCol).isEmpty())
                ++ranked;
        }
        // 30 requests: only the four dp = 1 plans (37 each) qualify; the dp = 2 ones (24) say why.
        QCOMPARE(ranked, 4);
        QCOMPARE(lines.at(5).split(',').at(codesCol), QByteArray("min_concurrency"));
    }

    // --objective tpot: ranked plans by ascending TPOT, every one under --max-tpot-ms; an impossible
    // combination listed with --include-invalid has no time figures (null).
    void tpotObjective()
    {
        const CliResult r = runShardscope(
            args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "64", "--max-model-len", "8192",
                "--objective", "tpot", "--max-tpot-ms", "20", "--include-invalid", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(
            j.value(QStringLiteral("constraints")).toObject().value(QStringLiteral("max_tpot_ms")).toDouble(), 20.0);
        double previous = 0;
        int ranked = 0, invalid = 0;
        for (const QJsonValue &v : j.value(QStringLiteral("plans")).toArray()) {
            const QJsonObject p = v.toObject();
            const QJsonObject time = p.value(QStringLiteral("time")).toObject();
            if (!p.value(QStringLiteral("valid")).toBool()) {
                ++invalid;
                QVERIFY(time.value(QStringLiteral("tpot_s")).isNull());
                continue;
            }
            if (p.value(QStringLiteral("rank")).isNull())
                continue;
            ++ranked;
            const double tpot = time.value(QStringLiteral("tpot_s")).toDouble();
            QVERIFY(tpot <= 0.020);
            QVERIFY(tpot >= previous);
            previous = tpot;
        }
        QVERIFY(ranked > 0);
        QCOMPARE(invalid, 2); // tp 64 (32 heads) and pp 64 (32 layers), see tst_sweep
    }

    void textLists()
    {
        const CliResult r = runShardscope(seedSweep({}));
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("10 combinations"));
        QVERIFY(r.out.contains("weights_do_not_fit"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("needle");
        QTest::newRow("no --gpus") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm" })
                                   << "--gpus is required";
        QTest::newRow("--gpus 0") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "0" })
                                  << "--gpus 0";
        QTest::newRow("fixed tp") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8",
            "--tp", "2" }) << "--tp cannot be combined";
        QTest::newRow("objective") << args(
            { "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--objective", "fastest" })
                                   << "--objective fastest";
        QTest::newRow("max-tpot-ms") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8",
            "--max-tpot-ms", "-3" }) << "--max-tpot-ms -3";
        QTest::newRow("format") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8",
            "--format", "xml" }) << "--format xml";
        QTest::newRow("unknown model") << args({ "sweep", "--model", "nope", "--gpu", "h100-sxm", "--gpus", "8" })
                                       << "nope";
        QTest::newRow("up-to too large") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus",
            "100000", "--up-to" }) << "--gpus 100000";
    }
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, needle);
        const CliResult r = runShardscope(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith(QStringLiteral("shardscope sweep: error: ")), qPrintable(err));
        QVERIFY2(err.contains(needle), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
    }

    // The plain sweep's JSON also carries the cost at the example price: h100-sxm at $3/h (README), so
    // a row's cost is gpus x 3 / (tokens/s per GPU x gpus x 3600) x 1e6 = 3 / (tokens/s per GPU x 3600) x 1e6.
    void plainSweepCost()
    {
        const CliResult r = runShardscope(seedSweep({ "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonArray plans = r.json().value(QStringLiteral("plans")).toArray();
        QVERIFY(!plans.isEmpty());
        const QJsonObject p = plans.first().toObject();
        const double tps
            = p.value(QStringLiteral("time")).toObject().value(QStringLiteral("tokens_per_s_per_gpu")).toDouble();
        QVERIFY(tps > 0);
        const double cost = p.value(QStringLiteral("cost_per_million_output_tokens")).toDouble();
        QVERIFY(std::abs(cost - 3.0 / (tps * 3600) * 1e6) <= 1e-9 * cost);
    }

    // The SLA search (issue #18): bad SLA, list and cost flags are one line and exit 2.
    void badSlaInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("needle");
        const auto sla = [](std::initializer_list<const char *> extra) {
            QStringList a = args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "2",
                "--max-model-len", "4096", "--input-len", "512", "--output-len", "64", "--num-prompts", "50" });
            for (const char *e : extra)
                a << QString::fromLatin1(e);
            return a;
        };
        QTest::newRow("ttft 0") << sla({ "--ttft-ms", "0" }) << "--ttft-ms 0";
        QTest::newRow("tpot text") << sla({ "--tpot-ms", "fast" }) << "--tpot-ms fast";
        QTest::newRow("e2e negative") << sla({ "--e2e-ms", "-5" }) << "--e2e-ms -5";
        QTest::newRow("e2e inf") << sla({ "--e2e-ms", "inf" }) << "--e2e-ms inf";
        QTest::newRow("percentile") << sla({ "--tpot-ms", "30", "--sla-percentile", "p95" }) << "--sla-percentile p95";
        QTest::newRow("objective") << sla({ "--objective", "fastest" }) << "--objective fastest";
        QTest::newRow("cost negative") << sla({ "--gpu-hour-cost", "h100-sxm=-1" }) << "--gpu-hour-cost";
        QTest::newRow("cost unknown type") << sla({ "--gpu-hour-cost", "b200=5" }) << "b200 is not one of the --gpu";
        QTest::newRow("seqs list") << sla({ "--max-num-seqs", "64,0" }) << "--max-num-seqs 64,0";
        QTest::newRow("legacy tpot") << sla({ "--tpot-ms", "30", "--max-tpot-ms", "30" }) << "--max-tpot-ms";
        QTest::newRow("too many candidates") << args({ "sweep", "--model", "llama-3.1-8b", "--gpu",
            "h100-sxm,h200,b200,a100-80gb", "--gpus", "1024", "--up-to", "--tpot-ms", "30", "--max-num-seqs",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32",
            "--max-num-batched-tokens",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32" })
                                             << "more than this search handles";
        QTest::newRow("gpu twice") << args(
            { "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm,h100-sxm", "--gpus", "2", "--tpot-ms", "30" })
                                   << "listed twice";
    }
    void badSlaInput() { badInput(); }

    // Every row carries the serving figures, the SLA verdicts, the cost and the command; the cost is
    // gpus x $/h / (output tok/s x 3600) x 1e6 of the row's own figures, with --gpu-hour-cost's price.
    void slaJsonShape()
    {
        const CliResult r = runShardscope(args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "2",
            "--up-to", "--max-model-len", "4096", "--input-len", "512", "--output-len", "64", "--num-prompts", "50",
            "--tpot-ms", "50", "--gpu-hour-cost", "h100-sxm=2", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QStringLiteral("shardscope.sweep/1"));
        QCOMPARE(j.value(QStringLiteral("objective")).toString(), QStringLiteral("goodput"));
        const QJsonArray plans = j.value(QStringLiteral("plans")).toArray();
        QVERIFY(!plans.isEmpty());
        const QJsonObject best = plans.first().toObject();
        QCOMPARE(best.value(QStringLiteral("rank")).toInt(), 1);
        QVERIFY(best.value(QStringLiteral("meets_sla")).toBool());
        const QJsonObject tpot = best.value(QStringLiteral("sla")).toObject().value(QStringLiteral("tpot")).toObject();
        QCOMPARE(tpot.value(QStringLiteral("target_s")).toDouble(), 0.05);
        QVERIFY(tpot.value(QStringLiteral("met")).toBool());
        QCOMPARE(
            tpot.value(QStringLiteral("margin_s")).toDouble(), 0.05 - tpot.value(QStringLiteral("value_s")).toDouble());
        const double tps
            = best.value(QStringLiteral("serving")).toObject().value(QStringLiteral("output_tokens_per_s")).toDouble();
        const int gpus = best.value(QStringLiteral("gpus")).toInt();
        QVERIFY(tps > 0);
        QCOMPARE(
            best.value(QStringLiteral("cost_per_million_output_tokens")).toDouble(), gpus * 2.0 / (tps * 3600) * 1e6);
        QVERIFY(best.value(QStringLiteral("command"))
                    .toString()
                    .startsWith(QStringLiteral("shardscope plan --model llama-3.1-8b --gpu h100-sxm --tp ")));
        QVERIFY(best.contains(QStringLiteral("dominated")));
        QVERIFY(j.value(QStringLiteral("search")).toObject().value(QStringLiteral("candidates")).toInt() >= 4);
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
