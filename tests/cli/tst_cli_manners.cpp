// How the command line answers a mistake and reads a model folder: "did you mean …?" for presets,
// flags and commands, every error on one "shardscope CMD: error: …" line, --help listing only what
// the command accepts, --model DIR, and the text report's plurals and units.
#include "clirunner.h"
#include "tests/common/sanitizer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

QStringList args(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *a : list)
        out << QString::fromUtf8(a);
    return out;
}

const QStringList kCommands = { QStringLiteral("plan"), QStringLiteral("presets"), QStringLiteral("reconcile"),
    QStringLiteral("export"), QStringLiteral("import"), QStringLiteral("report"), QStringLiteral("sweep") };

// A Hugging Face checkpoint folder with only its config.json.
void writeConfig(const QString &folder, const QByteArray &extra = {})
{
    QVERIFY(QDir().mkpath(folder));
    QFile f(folder + QStringLiteral("/config.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"model_type": "qwen3", "num_hidden_layers": 64, "hidden_size": 5120, "num_attention_heads": 64,
                "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 25600, "vocab_size": 151936,
                "max_position_embeddings": 40960)"
        + extra + "}");
}

} // namespace

class TestCliManners : public QObject
{
    Q_OBJECT
private slots:
    void didYouMean_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("model typo") << args({ "plan", "--model", "deepseekv3", "--gpu", "h200" })
                                    << QStringLiteral("shardscope plan: error: unknown model \"deepseekv3\": did you "
                                                      "mean deepseek-v3?");
        QTest::newRow("model prefix") << args({ "plan", "--model", "qwen3-235b", "--gpu", "h200" })
                                      << QStringLiteral("did you mean qwen3-235b-a22b?");
        QTest::newRow("model case") << args({ "plan", "--model", "llama-3.1-70B", "--gpu", "h100-sxm" })
                                    << QStringLiteral("did you mean llama-3.1-70b?");
        QTest::newRow("Hugging Face name")
            << args({ "plan", "--model", "meta-llama/Llama-3.1-70B", "--gpu", "h100-sxm" })
            << QStringLiteral("did you mean llama-3.1-70b?");
        QTest::newRow("gpu prefix") << args({ "plan", "--model", "llama-3.1-70b", "--gpu", "H100" })
                                    << QStringLiteral("h100-sxm?");
        QTest::newRow("flag") << args({ "plan", "--tpp", "8" })
                              << QStringLiteral("shardscope plan: error: unknown option --tpp: did you mean --tp? "
                                                "(shardscope plan --help lists the options)");
        QTest::newRow("sweep flag") << args({ "sweep", "--gpuss", "8" }) << QStringLiteral("did you mean --gpus?");
        QTest::newRow("import flag") << args({ "import", "--gpuu", "h100-sxm" })
                                     << QStringLiteral("shardscope import: error: unknown option --gpuu: did you mean "
                                                       "--gpu?");
        QTest::newRow("missing value") << args({ "plan", "--tp" })
                                       << QStringLiteral("shardscope plan: error: missing value after '--tp' (see "
                                                         "shardscope plan --help)");
        QTest::newRow("command") << args({ "plna" })
                                 << QStringLiteral("shardscope: error: unknown command \"plna\": did you mean plan?");
        QTest::newRow("help command") << args({ "help", "swep" }) << QStringLiteral("did you mean sweep?");
        QTest::newRow("fraction") << args(
            { "plan", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--gpu-memory-utilization", "2" })
                                  << QStringLiteral("--gpu-memory-utilization 2: expected a number above 0, at most 1");
        QTest::newRow("latency") << args({ "plan", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--nic-latency-us",
            "-1" }) << QStringLiteral("--nic-latency-us -1: expected a number from 0 to 1000000");
    }
    void didYouMean()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const CliResult r = runShardscope(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(err.count(QLatin1Char('\n')), 1); // one line
        QVERIFY2(
            err.startsWith(QStringLiteral("shardscope")) && err.contains(QStringLiteral(": error: ")), qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY2(!err.contains(QStringLiteral("Unknown")), qPrintable(err));
        // Never the whole preset list.
        QVERIFY2(!err.contains(QStringLiteral("kimi-k2")) && !err.contains(QStringLiteral("mi300x")), qPrintable(err));
    }

    // Each command's --help lists only flags it accepts: giving any of them is never refused as
    // unknown or as not combinable with the command (a bad value may still be).
    void helpListsOnlyAcceptedFlags()
    {
        static const QRegularExpression optionLine(QStringLiteral("^  (?:-\\w, )?--([a-z0-9-]+)( <[^>]+>)?"));
        for (const QString &command : kCommands) {
            const CliResult help = runShardscope({ command, QStringLiteral("--help") });
            QCOMPARE(help.exitCode, 0);
            int listed = 0;
            for (const QString &line : QString::fromUtf8(help.out).split(QLatin1Char('\n'))) {
                const auto m = optionLine.match(line);
                if (!m.hasMatch() || m.captured(1) == QLatin1String("help")
                    || m.captured(1) == QLatin1String("version"))
                    continue;
                // Under ASan every eighth flag (each start costs a second there); all of them in ci.
                if (listed++ % (kUnderAsan ? 8 : 1) != 0)
                    continue;
                QStringList a { command, QStringLiteral("--") + m.captured(1) };
                if (!m.captured(2).isEmpty())
                    a << QStringLiteral("1");
                const CliResult r = runShardscope(a);
                const QString err = QString::fromUtf8(r.err);
                QVERIFY2(!err.contains(QStringLiteral("cannot be combined"))
                        && !err.contains(QStringLiteral("unknown option")),
                    qPrintable(command + QLatin1Char(' ') + a.join(QLatin1Char(' ')) + QStringLiteral(": ") + err));
            }
            QVERIFY2(listed > 0, qPrintable(command));
        }
        const QString sweepHelp
            = QString::fromUtf8(runShardscope({ QStringLiteral("sweep"), QStringLiteral("--help") }).out);
        for (const char *fixed :
            { "--tp ", "--pp ", "--dp ", "--ep ", "--enable-expert-parallel", "--pp-layer-partition" })
            QVERIFY2(!sweepHelp.contains(QLatin1String(fixed)), fixed);
        // Still refused with the reason when given anyway.
        const CliResult tp
            = runShardscope(args({ "sweep", "--model", "llama-3.1-8b", "--gpu", "l40s", "--gpus", "2", "--tp", "2" }));
        QCOMPARE(tp.exitCode, 2);
        QVERIFY(tp.err.contains("--tp cannot be combined with sweep"));
    }

    void modelFolder()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("Qwen3-32B"));
        writeConfig(folder);
        CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), folder,
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("2") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("Qwen3-32B on H100 SXM5 80GB\n"), r.out.constData());
        // config.json itself: named after its folder too, never "config".
        r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), folder + QStringLiteral("/config.json"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(
            r.json()[QStringLiteral("model")].toObject()[QStringLiteral("id")].toString(), QStringLiteral("Qwen3-32B"));

        // _name_or_path names the model when the config has it.
        const QString named = dir.filePath(QStringLiteral("snapshot-1234"));
        writeConfig(named, R"(, "_name_or_path": "Qwen/Qwen3-32B")");
        r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), named, QStringLiteral("--gpu"),
            QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("2") });
        QVERIFY2(r.out.startsWith("Qwen/Qwen3-32B on "), r.out.constData());

        // A folder without a config.json, and a config.json that is not a file.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("empty"))));
        r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), dir.filePath(QStringLiteral("empty")),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("is a folder without a config.json"), r.err.constData());
        // A config.json that is itself a folder: the bounded reader says what it is.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("odd/config.json"))));
        r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), dir.filePath(QStringLiteral("odd")),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("config.json is a directory"), r.err.constData());
    }

    void textPluralsAndUnits()
    {
        const CliResult r = runShardscope(args({ "plan", "--model", "llama-3.1-8b", "--gpu", "h100-sxm" }));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QStringLiteral("(1 GPU, 1 node of 8)")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("(n = 1 token; alpha-beta estimate)")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("with 1 micro-batch)")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("  total     0 s of communication per step")), qPrintable(out));
        // A TP row with no operation names no size per operation.
        QVERIFY2(QRegularExpression(QStringLiteral("\\n  TP +0 +- +0 B ")).match(out).hasMatch(), qPrintable(out));
        QVERIFY(!out.contains(QStringLiteral("1 GPUs")));

        const CliResult presets = runShardscope(args({ "presets" }));
        QVERIFY2(presets.out.contains("  h200              140.4 GiB  "), presets.out.constData());
        QVERIFY(!presets.out.contains(" MiB "));
    }
};

QTEST_GUILESS_MAIN(TestCliManners)
#include "tst_cli_manners.moc"
