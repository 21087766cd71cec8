// Hostile names cannot run, break out of a comment or become an option: every exported command and
// script is run with real bash against stand-in tools (faketools.h) and must run exactly the
// expected argv and nothing else. docs/DESIGN.md §8.
#include "faketools.h"

#include "tests/fuzz/exportcheck.h"

#include "core/launch/launchexport.h"
#include "core/launch/shellwords.h"
#include "core/model/calibrationprofile.h"
#include "core/model/errors.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/planio.h"
#include "core/text/sanitize.h"
#include "tests/cli/clirunner.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace shardscope;
using nlohmann::json;

namespace {

const std::map<std::string, std::string> kVars { { "HEAD_IP", "10.0.0.1" }, { "HEAD_PORT", "29501" } };
const std::map<QString, QString> kEnv { { QStringLiteral("HEAD_IP"), QStringLiteral("10.0.0.1") },
    { QStringLiteral("HEAD_PORT"), QStringLiteral("29501") } };

struct Setup
{
    ExportTarget target;
    Launcher launcher;
    int tp, pp, dp;
};

// One node; vLLM across nodes (mp and Ray); SGLang across nodes.
const Setup kSetups[] = { { ExportTarget::Vllm, Launcher::Mp, 8, 1, 1 }, { ExportTarget::Vllm, Launcher::Mp, 8, 2, 1 },
    { ExportTarget::Vllm, Launcher::Ray, 8, 2, 1 }, { ExportTarget::Sglang, Launcher::Mp, 8, 2, 1 } };

// A built-in preset file as JSON ({"id", "name", "hf_repo", "config": {...}}).
json presetFile(const char *id)
{
    QFile f(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/presets/models/")
        + QString::fromLatin1(id) + QStringLiteral(".json"));
    f.open(QIODevice::ReadOnly);
    return json::parse(f.readAll().toStdString());
}

enum class Field { ModelName, ModelId, HfRepo, GpuId, GpuName, ScaleupLink, CalibrationName, CalibrationGpu };

ExportResult hostileExport(Field f, const std::string &payload, const Setup &s)
{
    ModelSpec m = presetModel("llama-3.1-70b");
    GpuSpec g = presetGpu("h100-sxm");
    Plan p = makePlan("llama-3.1-70b", "h100-sxm", s.tp, s.pp, s.dp);
    p.maxModelLen = 8192;
    switch (f) {
    case Field::ModelName:
        m.name = payload;
        break;
    case Field::ModelId:
        m.id = payload;
        p.modelId = payload;
        break;
    case Field::HfRepo:
        m.hfRepo = payload;
        break;
    case Field::GpuId:
        g.id = payload;
        p.gpuId = payload;
        break;
    case Field::GpuName:
        g.name = payload;
        break;
    case Field::ScaleupLink:
        g.scaleupLink = payload;
        break;
    case Field::CalibrationName:
        p.calibration.name = payload;
        p.calibration.gpuId = g.id;
        break;
    case Field::CalibrationGpu:
        p.calibration.name = "fitted";
        p.calibration.gpuId = payload;
        break;
    }
    ExportOptions o;
    o.target = s.target;
    o.launcher = s.launcher;
    o.force = true;
    return exportLaunch(evaluate(p, m, g), m, o);
}

// Every line of exported text is a comment, a continuation of a command, or starts one of the
// expected commands (the project's own shell-word parser, as the fuzzer checks it).
void checkLines(const std::string &text)
{
    for (const ShellCommand &c : splitShellCommands(text)) {
        QVERIFY(!c.empty());
        const std::string &program = c.front().text;
        QVERIFY2(program == ":" || program == "set" || program == "exec" || program == "vllm" || program == "ray"
                || program == "python" || program == "python3" || program == "docker",
            program.c_str());
    }
}

} // namespace

class TestInjection : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    // Route 1: a line break (LF, CR, U+2028, NEL, NUL, ...) or shell syntax in any name that reaches
    // a comment, a note, the summary or a command word. Text and --script, vLLM mp/Ray and SGLang.
    void namesCannotRun_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("payload");
        const char *fields[]
            = { "model-name", "model-id", "hf-repo", "gpu-id", "gpu-name", "scaleup-link", "calib-name", "calib-gpu" };
        for (int f = 0; f < 8; ++f)
            for (int i = 0; i < static_cast<int>(payloads().size()); ++i)
                QTest::addRow("%s/%d", fields[f], i) << f << i;
    }
    void namesCannotRun()
    {
        QFETCH(int, field);
        QFETCH(int, payload);
        const std::string text = payloads()[static_cast<size_t>(payload)];
        for (const Setup &s : kSetups) {
            const ExportResult r = hostileExport(static_cast<Field>(field), text, s);
            if (static_cast<Field>(field) == Field::HfRepo && sanitize::hasControlChars(text)) {
                QVERIFY(!r.ok); // the model path is a command word: refused, not mangled
                QCOMPARE(r.refusalCode, std::string("model_path"));
            } else {
                QVERIFY2(r.ok, r.message().c_str());
            }
            FakeTools tools;
            // The pasteable text, all nodes in a row.
            checkLines(r.text());
            tools.run(r.text(), kEnv);
            QVERIFY2(!tools.payloadRan(), r.text().c_str());
            QVERIFY(tools.calls() == expectedCalls(r, kVars));
            // Each node's script.
            for (const NodeLaunch &n : r.nodeLaunches) {
                checkLines(r.script(n.node));
                QCOMPARE(tools.run(r.script(n.node), kEnv), 0);
                QVERIFY(!tools.payloadRan());
                QVERIFY(tools.calls() == expectedCalls(r, kVars, n.node));
            }
        }
    }

    // Route 2: a model path that starts with '-' would be an option (vllm serve --config=./evil.yaml,
    // --model-path --trust-remote-code); it is refused with a message saying why.
    void optionLikeModelRefused_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("target");
        QTest::newRow("vllm config") << QStringLiteral("--config=./evil.yaml") << static_cast<int>(ExportTarget::Vllm);
        QTest::newRow("sglang trust") << QStringLiteral("--trust-remote-code")
                                      << static_cast<int>(ExportTarget::Sglang);
        QTest::newRow("short") << QStringLiteral("-h") << static_cast<int>(ExportTarget::Vllm);
    }
    void optionLikeModelRefused()
    {
        QFETCH(QString, model);
        QFETCH(int, target);
        Setup s { static_cast<ExportTarget>(target), Launcher::Mp, 8, 1, 1 };
        const ExportResult r = hostileExport(Field::HfRepo, model.toStdString(), s);
        QVERIFY(!r.ok);
        QCOMPARE(r.refusalCode, std::string("model_path"));
        QVERIFY(r.message().find("starts with '-'") != std::string::npos);
        FakeTools tools;
        tools.run(r.text());
        QVERIFY(tools.calls().empty());
        // The same through --model-path.
        ModelSpec m = presetModel("llama-3.1-8b");
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.maxModelLen = 8192;
        ExportOptions o;
        o.target = s.target;
        o.modelPath = model.toStdString();
        QVERIFY(!exportLaunch(evaluate(p, m, presetGpu("h100-sxm")), m, o).ok);
    }

    // Route 4: '!' in a given address is single-quoted, never inside double quotes, so interactive
    // bash cannot history-expand it; the argv is still exact (also when bash -i reads it).
    void bangIsSingleQuoted()
    {
        ModelSpec m = presetModel("llama-3.1-70b");
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 8, 2);
        p.maxModelLen = 8192;
        ExportOptions o;
        o.headAddress = "node!1";
        const ExportResult r = exportLaunch(evaluate(p, m, presetGpu("h100-sxm")), m, o);
        QVERIFY2(r.ok, r.message().c_str());
        // Outside single quotes there is no '!'.
        bool single = false;
        for (char c : r.text()) {
            if (c == '\'')
                single = !single;
            QVERIFY2(c != '!' || single, r.text().c_str());
        }
        FakeTools tools;
        QCOMPARE(tools.run(r.text(), kEnv), 0);
        QVERIFY(tools.calls() == expectedCalls(r, kVars));
        // Pasted into an interactive shell (history expansion on).
        QProcess bash;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PATH"), tools.dir.filePath(QStringLiteral("bin")) + QStringLiteral(":/usr/bin:/bin"));
        e.insert(QStringLiteral("FAKE_LOG"), tools.log());
        e.insert(QStringLiteral("HEAD_PORT"), QStringLiteral("29501"));
        e.insert(QStringLiteral("HOME"), tools.dir.path());
        bash.setProcessEnvironment(e);
        bash.start(
            QStringLiteral("bash"), { QStringLiteral("--norc"), QStringLiteral("--noprofile"), QStringLiteral("-i") });
        bash.write(QByteArray::fromStdString("set -o histexpand\n" + r.text() + "exit\n"));
        bash.closeWriteChannel();
        QVERIFY(bash.waitForFinished(30000));
        QVERIFY(tools.calls() == expectedCalls(r, kVars));
    }

    // The fuzzer's invariant (tests/fuzz/fuzz_exportnames.cpp) with real bash: a few hundred exports
    // of names drawn from a hostile alphabet run against the stand-in tools, each must run exactly
    // the plan's commands (text: all nodes; script: each node) and no payload.
    void replayFuzzedExports()
    {
        const std::vector<std::string> pieces { "\n", "\r", "\r\n", "\xe2\x80\xa8", "\xc2\x85", std::string(1, '\0'),
            "\x7f", "\t", "\\", "'", "\"", "$", "`", ";", "&&", "|", "#", "!", "-", "--config=x", "${HEAD_IP}",
            "$(touch \"$MARKER\")", "touch \"$MARKER\"", " ", "<img src=x>", "![x](/dev/zero)", "Llama", "/", ":",
            "```" };
        std::uint32_t seed = 12345;
        const auto next = [&] { return (seed = seed * 1664525u + 1013904223u) >> 8; };
        FakeTools tools;
        int exports = 0;
        for (int round = 0; round < 80; ++round) {
            exportcheck::Names n;
            for (std::string &f : n.field) {
                const int count = static_cast<int>(next() % 4);
                for (int i = 0; i < count; ++i)
                    f += pieces[next() % pieces.size()];
            }
            if (next() % 2)
                n.field[7].clear(); // mostly the $HEAD_IP placeholder
            for (const ExportResult &r :
                exportcheck::exportsFor(n, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"))) {
                ++exports;
                QCOMPARE(exportcheck::check(r, r.text(), -1), std::string());
                tools.run(r.text(), kEnv);
                QVERIFY2(!tools.payloadRan(), r.text().c_str());
                std::map<std::string, std::string> vars = kVars;
                QVERIFY2(tools.calls() == expectedCalls(r, vars), r.text().c_str());
                if (round % 8 == 0)
                    for (const NodeLaunch &node : r.nodeLaunches) {
                        QCOMPARE(exportcheck::check(r, r.script(node.node), node.node), std::string());
                        tools.run(r.script(node.node), kEnv);
                        QVERIFY(!tools.payloadRan());
                        QVERIFY(tools.calls() == expectedCalls(r, vars, node.node));
                    }
            }
        }
        QVERIFY(exports >= 300);
    }

    // Names with control characters are refused where they are read, naming the field.
    void boundaryRefusesControlChars_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("field");
        for (const char *f : { "_name_or_path", "name", "hf_repo", "id" })
            QTest::addRow("model %s", f) << QStringLiteral("model") << QString::fromLatin1(f);
        for (const char *f : { "id", "name", "scaleup_link" })
            QTest::addRow("gpu %s", f) << QStringLiteral("gpu") << QString::fromLatin1(f);
        for (const char *f : { "name", "gpu" })
            QTest::addRow("calibration %s", f) << QStringLiteral("calibration") << QString::fromLatin1(f);
        for (const char *f : { "model", "gpu" })
            QTest::addRow("plan %s", f) << QStringLiteral("plan") << QString::fromLatin1(f);
    }
    void boundaryRefusesControlChars()
    {
        QFETCH(QString, kind);
        QFETCH(QString, field);
        const std::string key = field.toStdString();
        for (const std::string &bad : { std::string("a\nb"), std::string("a\rb"), std::string("a\0b", 3),
                 std::string("a\xe2\x80\xa8z"), std::string("a\x7f"), std::string("a\xc2\x9b") }) {
            try {
                if (kind == QLatin1String("model")) {
                    json root = presetFile("llama-3.1-8b");
                    if (key == "_name_or_path") {
                        root = root["config"];
                        root[key] = bad;
                    } else {
                        root[key] = bad;
                    }
                    (void)modelFromJson(root, "fallback");
                } else if (kind == QLatin1String("gpu")) {
                    json g = json::parse(
                        R"({"id":"g","memory_mib":81559,"hbm_tbps":3.35,"bf16_tflops":989,"scaleup_gbps_per_dir":450})");
                    g[key] = bad;
                    (void)gpuFromJson(g, "fallback");
                } else if (kind == QLatin1String("calibration")) {
                    json c { { "schema", "shardscope.calibration/1" }, { "name", "n" }, { "gpu", "h100-sxm" } };
                    c[key] = bad;
                    (void)calibrationFromJson(c);
                } else {
                    json p = planToJson(makePlan("llama-3.1-8b", "h100-sxm", 1));
                    p[key] = bad;
                    (void)planFromJson(p);
                }
                QFAIL(("accepted " + key).c_str());
            } catch (const InputError &e) {
                const std::string what = e.what();
                QVERIFY2(what.find("\"" + key + "\"") != std::string::npos || key == "id", what.c_str());
                QVERIFY2(what.find("control character") != std::string::npos, what.c_str());
                QVERIFY(!sanitize::hasControlChars(what));
            }
        }
        // The folder name a model id falls back to.
        QVERIFY_THROWS_EXCEPTION(InputError, modelFromJson(presetFile("llama-3.1-8b")["config"], "a\nb"));
    }

    // Route 4: a NUL (or a line break) in a quoted value no longer cuts or splits an error message.
    void errorMessagesKeepNul()
    {
        const InputError e(std::string("unknown \"a\0b\"\nnext", 18));
        QCOMPARE(std::string(e.what()), std::string("unknown \"a\\0b\"\\nnext"));
    }

    // Route 1 through the CLI: a config.json in a folder whose name carries a payload (no
    // _name_or_path), a hostile preset/plan/GPU file; export text and --script are refused with the
    // field named, and running whatever was printed does nothing.
    void cliHostileFilesRefused()
    {
        FakeTools tools;
        const QString folder = tools.dir.filePath(QStringLiteral("m\ntouch \"$MARKER\"\n"));
        QVERIFY(QDir().mkpath(folder));
        json cfg = presetFile("llama-3.1-8b")["config"];
        cfg.erase("_name_or_path");
        QFile f(folder + QStringLiteral("/config.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(cfg.dump()));
        f.close();
        json gpu = json::parse(
            R"({"id":"g","memory_mib":81559,"hbm_tbps":3.35,"bf16_tflops":989,"scaleup_gbps_per_dir":450})");
        gpu["scaleup_link"] = "NVLink\ntouch \"$MARKER\"";
        QFile gf(tools.dir.filePath(QStringLiteral("gpu.json")));
        QVERIFY(gf.open(QIODevice::WriteOnly));
        gf.write(QByteArray::fromStdString(gpu.dump()));
        gf.close();
        const QList<QStringList> runs {
            { QStringLiteral("--model"), folder + QStringLiteral("/config.json"), QStringLiteral("--gpu"),
                QStringLiteral("h100-sxm") },
            { QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"), gf.fileName() },
        };
        for (const QStringList &run : runs)
            for (const bool script : { false, true }) {
                QStringList args { QStringLiteral("export") };
                args << run << QStringLiteral("--max-model-len") << QStringLiteral("8192");
                if (script)
                    args << QStringLiteral("--script");
                const CliResult r = runShardscope(args);
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.contains("control character"), r.err.constData());
                tools.run(r.out.toStdString() + r.err.toStdString());
                QVERIFY(!tools.payloadRan());
            }
    }
};

QTEST_GUILESS_MAIN(TestInjection)
#include "tst_injection.moc"
