// Hostile plan files and calibration profiles against the real binary (`--plan FILE`,
// `--calibration FILE`): names that carry a payload, option-like names, numbers out of range,
// nesting deep enough to overflow a recursive reader, files that are not files, oversized files.
// Each is either refused (exit 2, one line "shardscope CMD: error: ...", in time) or, for names that
// are legal but hostile, exported so that running the output with bash runs exactly `vllm serve
// <the name>` and no payload (faketools.h).
#include "boundaryrunner.h"
#include "faketools.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <sys/stat.h>

using nlohmann::json;

namespace {

json presetFile(const char *id)
{
    QFile f(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/presets/models/")
        + QString::fromLatin1(id) + QStringLiteral(".json"));
    f.open(QIODevice::ReadOnly);
    return json::parse(f.readAll().toStdString());
}

// A plan file for Llama 3.1 8B on one H100 at max_model_len 8192, the preset embedded.
json planFile()
{
    return json { { "schema", "shardscope.planfile/1" },
        { "plan", { { "model", "llama-3.1-8b" }, { "gpu", "h100-sxm" }, { "tp", 1 }, { "max_model_len", 8192 } } },
        { "model_config", presetFile("llama-3.1-8b") } };
}

json calibration()
{
    return json { { "schema", "shardscope.calibration/1" }, { "name", "fitted" }, { "gpu", "h100-sxm" },
        { "vllm_version", "0.11.0" }, { "tp", 1 }, { "activation_scale", 1.0 } };
}

QString writeFile(const QTemporaryDir &dir, const char *name, const QByteArray &data)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(data);
    return path;
}

QByteArray text(const json &j)
{
    return QByteArray::fromStdString(j.dump());
}

// n levels of '[' then as many ']': valid JSON that a recursive dump() cannot get through.
std::string nested(int n)
{
    return std::string(static_cast<size_t>(n), '[') + std::string(static_cast<size_t>(n), ']');
}

// Spliced raw JSON text into a plan file at `key` (for values nlohmann cannot build: 1e400, NaN).
QByteArray planWithRaw(const char *planKey, const QByteArray &raw)
{
    json p = planFile();
    p["plan"][planKey] = "@RAW@";
    QByteArray t = text(p);
    t.replace("\"@RAW@\"", raw);
    return t;
}

void expectOneError(const BoundaryResult &r, const char *command, const QByteArray &needle)
{
    QVERIFY2(r.finished, "the command blocked");
    QVERIFY2(r.exitCode == 2, (QByteArray::number(r.exitCode) + " " + r.err.left(300)).constData());
    const QList<QByteArray> lines = r.errLines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith(QByteArray("shardscope ") + command + ": error: "), lines.first().constData());
    QVERIFY2(lines.first().contains(needle), lines.first().constData());
    QVERIFY(lines.first().size() < 1000); // a line a person reads, not a dump of the input
}

} // namespace

class TstHostilePlans : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(!qgetenv("SHARDSCOPE_BINARY").isEmpty()); }

    // Refused plan files: plan, export and report read them the same way.
    void hostilePlanFileRefused_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QByteArray>("needle");
        json p = planFile();
        p["model_config"]["name"] = "Llama\ntouch \"$MARKER\"";
        QTest::newRow("model name newline") << text(p) << QByteArray("control character");
        p = planFile();
        p["model_config"]["hf_repo"] = "meta-llama/x\r\ntouch \"$MARKER\"";
        QTest::newRow("hf_repo CRLF") << text(p) << QByteArray("control character");
        p = planFile();
        p["model_config"] = presetFile("llama-3.1-8b")["config"]; // a bare config.json: its name
        p["model_config"]["_name_or_path"] = "x\xe2\x80\xa8touch";
        QTest::newRow("_name_or_path U+2028") << text(p) << QByteArray("control character");
        p = planFile();
        p["plan"]["model"] = "llama\n-3.1-8b";
        QTest::newRow("plan model newline") << text(p) << QByteArray("control character");
        p = planFile();
        p["plan"]["calibration"] = calibration();
        p["plan"]["calibration"]["name"] = "fit\ntouch \"$MARKER\"";
        QTest::newRow("embedded calibration name") << text(p) << QByteArray("control character");
        // Numbers: negative, huge, fractional, NaN, beyond a double.
        p = planFile();
        p["plan"]["tp"] = -8;
        QTest::newRow("tp negative") << text(p) << QByteArray("plan field \"tp\"");
        p = planFile();
        p["plan"]["tp"] = 1e308;
        QTest::newRow("tp 1e308") << text(p) << QByteArray("plan field \"tp\"");
        p = planFile();
        p["plan"]["tp"] = 2.5;
        QTest::newRow("tp 2.5") << text(p) << QByteArray("plan field \"tp\"");
        p = planFile();
        p["plan"]["gpu_memory_utilization"] = -0.5;
        QTest::newRow("utilization negative") << text(p) << QByteArray("plan field \"gpu_memory_utilization\"");
        QTest::newRow("max_model_len 1e400")
            << planWithRaw("max_model_len", "1e400") << QByteArray("is not valid JSON");
        QTest::newRow("NaN") << planWithRaw("gpu_memory_utilization", "NaN") << QByteArray("is not valid JSON");
        QTest::newRow("-Infinity") << planWithRaw("tp", "-Infinity") << QByteArray("is not valid JSON");
        // Nesting: a million levels in model_config crashed the reader's dump() (stack overflow).
        p = planFile();
        p["model_config"] = "@DEEP@";
        QByteArray deep = text(p);
        deep.replace("\"@DEEP@\"", QByteArray::fromStdString(nested(1000000)));
        QTest::newRow("model_config deep") << deep << QByteArray("nested deeper than 64 levels");
        p = planFile();
        p["plan"]["tp"] = "@DEEP@";
        deep = text(p);
        deep.replace("\"@DEEP@\"", QByteArray::fromStdString(nested(100000)));
        QTest::newRow("plan field deep") << deep << QByteArray("nested deeper than 64 levels");
        // 65 levels: one past the limit; brackets inside a string do not count.
        p = planFile();
        p["plan"]["note"] = std::string(1000, '[');
        // The file (1), "model_config" (2), "config" (3), then 62 arrays: 65 levels.
        p["model_config"]["config"]["deep"] = json::parse(nested(62));
        QTest::newRow("65 levels") << text(p) << QByteArray("nested deeper than 64 levels");
    }
    void hostilePlanFileRefused()
    {
        QFETCH(QByteArray, file);
        QFETCH(QByteArray, needle);
        QTemporaryDir home;
        FakeTools tools;
        const QString path = writeFile(home, "p.shardscope.json", file);
        for (const char *command : { "plan", "export", "report" }) {
            QStringList args { QString::fromLatin1(command), QStringLiteral("--plan"), path };
            if (QByteArray(command) == "report")
                args << QStringLiteral("--output") << QStringLiteral("-");
            const BoundaryResult r = runBounded(args, home.path());
            expectOneError(r, command, needle);
            tools.run(r.out.toStdString());
            QVERIFY(!tools.payloadRan());
        }
    }

    // 64 levels (the limit itself) is read: the check refuses only what is deeper.
    void nestingAtTheLimitAccepted()
    {
        QTemporaryDir home;
        json p = planFile();
        // The file (1), "model_config" (2), "config" (3), then 61 arrays: 64 levels.
        p["model_config"]["config"]["deep"] = json::parse(nested(61));
        const QString path = writeFile(home, "p.shardscope.json", text(p));
        const BoundaryResult r = runBounded({ QStringLiteral("plan"), QStringLiteral("--plan"), path }, home.path());
        QVERIFY(r.finished);
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    // Not a file, or too big: refused before any read, naming what it is.
    void planAndCalibrationNotFiles_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("needle");
        for (const char *flag : { "--plan", "--calibration" }) {
            QTest::addRow("%s zero", flag)
                << flag << "zero" << QByteArray("is not a regular file (a character device)");
            QTest::addRow("%s fifo", flag) << flag << "fifo" << QByteArray("is not a regular file (a FIFO)");
            QTest::addRow("%s oversized", flag) << flag << "big" << QByteArray("is larger than 16 MiB");
            QTest::addRow("%s dir", flag) << flag << "dir" << QByteArray("is a directory");
        }
    }
    void planAndCalibrationNotFiles()
    {
        QFETCH(QString, flag);
        QFETCH(QString, kind);
        QFETCH(QByteArray, needle);
        QTemporaryDir home;
        const QString path = home.filePath(QStringLiteral("input.json"));
        if (kind == QLatin1String("zero")) {
            QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
        } else if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == QLatin1String("dir")) {
            QVERIFY(QDir().mkpath(path));
        } else {
            // 16 MiB + 1 byte of a valid-looking file: one past kMaxJsonFileBytes (16 × 1024 × 1024).
            QByteArray big = "{\"note\": \"";
            big += QByteArray(16 * 1024 * 1024 + 1 - big.size() - 2, 'x') + "\"}";
            QCOMPARE(big.size(), 16 * 1024 * 1024 + 1);
            writeFile(home, "input.json", big);
        }
        QStringList args { QStringLiteral("plan") };
        if (flag == QLatin1String("--calibration"))
            args << QStringLiteral("--model") << QStringLiteral("llama-3.1-8b") << QStringLiteral("--gpu")
                 << QStringLiteral("h100-sxm");
        args << flag << path;
        expectOneError(runBounded(args, home.path()), "plan", path.toUtf8() + " " + needle);
    }

    // Refused calibration profiles, given with --calibration.
    void hostileCalibrationRefused_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QByteArray>("needle");
        json c = calibration();
        c["name"] = "fit\ntouch \"$MARKER\"";
        QTest::newRow("name newline") << text(c) << QByteArray("calibration field \"name\"");
        c = calibration();
        c["gpu"] = "h100\r-sxm";
        QTest::newRow("gpu CR") << text(c) << QByteArray("calibration field \"gpu\"");
        c = calibration();
        c["source"] = "vllm.log\n<img src=\"/dev/zero\">";
        QTest::newRow("source newline") << text(c) << QByteArray("calibration field \"source\"");
        c = calibration();
        c["non_torch_bytes"] = -1e9;
        QTest::newRow("negative bytes") << text(c)
                                        << QByteArray("calibration field \"non_torch_bytes\" = -1000000000.0");
        c = calibration();
        c["tp"] = 1099511627776.0; // 2^40
        QTest::newRow("tp 2^40") << text(c) << QByteArray("calibration field \"tp\"");
        c = calibration();
        c["activation_scale"] = "@RAW@";
        QByteArray t = text(c);
        QTest::newRow("scale 1e400") << QByteArray(t).replace("\"@RAW@\"", "1e400")
                                     << QByteArray("calibration profile is not valid JSON");
        QTest::newRow("scale NaN") << QByteArray(t).replace("\"@RAW@\"", "NaN")
                                   << QByteArray("calibration profile is not valid JSON");
        QTest::newRow("deep") << QByteArray(t).replace("\"@RAW@\"", QByteArray::fromStdString(nested(1000000)))
                              << QByteArray("calibration profile is nested deeper than 64 levels");
    }
    void hostileCalibrationRefused()
    {
        QFETCH(QByteArray, file);
        QFETCH(QByteArray, needle);
        QTemporaryDir home;
        const QString path = writeFile(home, "fit.json", file);
        for (const char *command : { "plan", "export" }) {
            const BoundaryResult r
                = runBounded({ QString::fromLatin1(command), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
                                 QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
                                 QStringLiteral("8192"), QStringLiteral("--calibration"), path },
                    home.path());
            expectOneError(r, command, needle);
        }
    }

    // Legal names with shell syntax (no control character): the plan file's model name and
    // Hugging Face repo and the calibration's name reach the exported text and script; bash running
    // them runs `vllm serve <repo>` with the repo as one exact word, and no payload.
    void shellSyntaxInNamesIsInert_data()
    {
        QTest::addColumn<QString>("payload");
        for (const char *s : { "$(touch \"$MARKER\")", "`touch \"$MARKER\"`", "x'; touch \"$MARKER\"; '",
                 "a;touch \"$MARKER\"", "a && touch \"$MARKER\"", "a|touch \"$MARKER\"", "${IFS}touch${IFS}$MARKER",
                 "!!touch \"$MARKER\"", "a # b\\", "\\$(touch \"$MARKER\")" })
            QTest::newRow(s) << QString::fromUtf8(s);
    }
    void shellSyntaxInNamesIsInert()
    {
        QFETCH(QString, payload);
        const std::string name = payload.toStdString();
        FakeTools tools;
        QTemporaryDir home;
        json p = planFile();
        p["model_config"]["name"] = "Llama " + name;
        p["model_config"]["hf_repo"] = "org/" + name;
        json c = calibration();
        c["name"] = "fit " + name;
        c["source"] = "log " + name;
        p["plan"]["calibration"] = c;
        const QString path = writeFile(home, "p.shardscope.json", text(p));
        for (const bool script : { false, true }) {
            QStringList args { QStringLiteral("export"), QStringLiteral("--plan"), path };
            if (script)
                args << QStringLiteral("--script");
            const BoundaryResult r = runBounded(args, home.path());
            QVERIFY(r.finished);
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY(r.out.contains("vllm serve"));
            // Every line holding the payload is a comment or the quoted serve line.
            for (const QByteArray &line : r.out.split('\n'))
                if (line.contains(QByteArray::fromStdString(name)))
                    QVERIFY2(line.trimmed().startsWith('#') || line.trimmed().startsWith("vllm serve '")
                            || line.trimmed().startsWith("exec vllm serve '"),
                        line.constData());
            QCOMPARE(tools.run(r.out.toStdString()), 0);
            QVERIFY2(!tools.payloadRan(), r.out.constData());
            const std::vector<Argv> calls = tools.calls();
            QCOMPARE(calls.size(), size_t(1));
            QVERIFY(calls[0].size() > 3);
            QCOMPARE(calls[0][0], std::string("vllm"));
            QCOMPARE(calls[0][1], std::string("serve"));
            QCOMPARE(calls[0][2], "org/" + name); // one word, exactly as written
        }
    }

    // An option-like model path from a plan file (vllm serve --config=./evil.yaml) is refused.
    void optionLikeRepoRefused()
    {
        FakeTools tools;
        QTemporaryDir home;
        for (const char *repo : { "--config=./evil.yaml", "-h", "--trust-remote-code" }) {
            json p = planFile();
            p["model_config"]["hf_repo"] = repo;
            const QString path = writeFile(home, "p.shardscope.json", text(p));
            const BoundaryResult r
                = runBounded({ QStringLiteral("export"), QStringLiteral("--plan"), path }, home.path());
            expectOneError(r, "export", "starts with '-'");
            tools.run(r.out.toStdString());
            QVERIFY(tools.calls().empty());
        }
    }
};

QTEST_GUILESS_MAIN(TstHostilePlans)
#include "tst_hostileplans.moc"
