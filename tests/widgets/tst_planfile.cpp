// Save and open round trip, and bad files that must leave the plan alone.
#include "io/presetrepository.h"
#include "tests/common/testutils.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QWidget>

#include <cmath>

using namespace shardscope;

namespace {

void write(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// A small Hugging Face config (a 4-layer Llama with 8 heads and 2 KV heads).
const QByteArray kTinyConfig = R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
  "_name_or_path": "example/tiny-llama", "num_hidden_layers": 4, "hidden_size": 512,
  "num_attention_heads": 8, "num_key_value_heads": 2, "intermediate_size": 1024,
  "vocab_size": 32000, "max_position_embeddings": 4096, "torch_dtype": "bfloat16"})";

struct Fixture
{
    QWidget parent;
    PlanDocument doc { builtinCatalog() };
    PlanEditor editor { &doc };
    FileController files { &editor, &parent, false };
};

} // namespace

class TestPlanFile : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void roundTrip()
    {
        QTemporaryDir dir;
        Fixture a;
        Plan p = makePlan("deepseek-v3", "h200", 8, 2, 2, 16);
        p.maxModelLen = 32768;
        p.kvCacheDtype = KvDtype::Fp8;
        p.redundantExperts = 16;
        p.gpuMemoryUtilization = 0.92;
        a.editor.apply(p, {});
        const QString path = dir.filePath(QStringLiteral("ds.shardscope.json"));
        QVERIFY(a.files.savePlan(path));
        QCOMPARE(a.files.currentFile(), path);

        Fixture b;
        b.editor.apply(FileController::defaultPlan(), {});
        QVERIFY2(b.files.openPlan(path), qPrintable(b.files.lastError()));
        QVERIFY(b.doc.plan() == a.doc.plan());
        QCOMPARE(b.doc.evaluation().kv.capacityTokens, a.doc.evaluation().kv.capacityTokens);

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("\"schema\": \"shardscope.planfile/1\""));
        QVERIFY(!text.contains("model_config")); // a preset needs no embedded config
    }

    // The vLLM options an imported command carried without a plan field (ExportOptions::vllmExtraArgs) are
    // saved with the plan as "vllm_extra_args" (argv words, core/model/planio.h) and come back on open, so
    // Open then Save keeps them; a file whose words hold a control character is refused and changes nothing.
    void passThroughOptionsTravelWithThePlan()
    {
        QTemporaryDir dir;
        Fixture a;
        a.editor.apply(makePlan("llama-3.1-70b", "h200", 4), {});
        a.doc.setPassThrough(
            { { "--tool-call-parser", std::string("llama3_json") }, { "--enable-auto-tool-choice", {} } },
            "llama-3.1-70b", "/models/Llama-3.1-70B-Instruct-FP8");
        const QString path = dir.filePath(QStringLiteral("tools.shardscope.json"));
        QVERIFY(a.files.savePlan(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY2(text.contains("\"vllm_extra_args\""), text.constData());
        QVERIFY(text.contains("\"--tool-call-parser\"") && text.contains("\"llama3_json\""));

        Fixture b;
        b.editor.apply(FileController::defaultPlan(), {});
        QVERIFY2(b.files.openPlan(path), qPrintable(b.files.lastError()));
        const std::vector<VllmExtraArg> expected { { "--tool-call-parser", std::string("llama3_json") },
            { "--enable-auto-tool-choice", std::nullopt } };
        QVERIFY(b.doc.passThrough() == expected);
        // The checkpoint the imported command served goes with them.
        QVERIFY2(text.contains("\"model_path\": \"/models/Llama-3.1-70B-Instruct-FP8\""), text.constData());
        QCOMPARE(b.doc.passThroughModelPath(), std::string("/models/Llama-3.1-70B-Instruct-FP8"));
        // Another model: the options and the path were that plan's.
        b.editor.apply(makePlan("qwen3-32b", "h200", 2), {});
        QVERIFY(b.doc.passThrough().empty());
        QVERIFY(b.doc.passThroughModelPath().empty());

        QByteArray bad = text;
        bad.replace("llama3_json", "llama3\\u0007json");
        const QString badPath = dir.filePath(QStringLiteral("bad.shardscope.json"));
        write(badPath, bad);
        Fixture c;
        c.editor.apply(makePlan("llama-3.1-70b", "h200", 4), {});
        c.doc.setPassThrough({ { "--served-model-name", std::string("mine") } }, "llama-3.1-70b");
        QVERIFY(!c.files.openPlan(badPath));
        QVERIFY2(c.files.lastError().contains(QStringLiteral("vllm_extra_args")), qPrintable(c.files.lastError()));
        QCOMPARE(c.doc.passThrough().size(), std::size_t { 1 });
    }

    void customModelTravelsWithThePlan()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("tiny-llama")));
        const QString config = dir.filePath(QStringLiteral("tiny-llama/config.json"));
        write(config, kTinyConfig);
        Fixture a;
        a.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QVERIFY2(a.files.openModelConfig(config), qPrintable(a.files.lastError()));
        QCOMPARE(a.doc.plan().modelId, std::string("tiny-llama")); // named after its folder
        // 8 heads, 2 KV heads: tp 4 divides 8 and is a multiple of 2 (replicated KV heads), so it stays.
        QCOMPARE(a.doc.plan().tp, 4);
        const QString path = dir.filePath(QStringLiteral("tiny.shardscope.json"));
        QVERIFY(a.files.savePlan(path));

        Fixture b;
        b.editor.apply(FileController::defaultPlan(), {});
        QVERIFY2(b.files.openPlan(path), qPrintable(b.files.lastError()));
        QCOMPARE(b.doc.model().layers, 4);
        QCOMPARE(b.doc.model().hfRepo, std::string("example/tiny-llama"));
        QVERIFY(b.doc.plan() == a.doc.plan());

        // The command line reads the same file.
        QProcess cli;
        cli.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")),
            { QStringLiteral("plan"), QStringLiteral("--plan"), path, QStringLiteral("--format"),
                QStringLiteral("json") });
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QByteArray out = cli.readAllStandardOutput();
        QVERIFY2(out.contains("\"world_size\": 4"), out.constData()); // tp 4 x pp 1 x dp 1
    }

    // File → Open model folder…: the folder's safetensors header gives the weights (one 2 x 3 BF16
    // tensor, 2 x 3 x 2 B = 12 B, which one GPU holds whole, beside the RoPE cache), generation_config.json its
    // defaults, and Undo goes back to the model before.
    void modelFolderWithSafetensors()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("tiny-st")));
        const QString folder = dir.filePath(QStringLiteral("tiny-st"));
        write(folder + QStringLiteral("/config.json"), kTinyConfig);
        write(folder + QStringLiteral("/generation_config.json"), R"({"temperature": 0.7})");
        const QByteArray header = R"({"model.layers.0.self_attn.q_proj.weight":)"
                                  R"({"dtype":"BF16","shape":[2,3],"data_offsets":[0,12]}})";
        QByteArray length(8, '\0');
        length[0] = static_cast<char>(header.size()); // under 256: one little-endian byte
        write(folder + QStringLiteral("/model.safetensors"), length + header + QByteArray(12, '\0'));
        Fixture a;
        a.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 1), {});
        a.editor.undoStack()->clear();
        QVERIFY2(a.files.openModelConfig(folder), qPrintable(a.files.lastError()));
        QCOMPARE(a.doc.plan().modelId, std::string("tiny-st"));
        QCOMPARE(a.doc.plan().tp, 1);
        // The checkpoint's 12 B, plus the RoPE cos/sin cache vLLM allocates with the model
        // (rotary_embedding/base.py): max_position_embeddings 4096 x head_dim 512 / 8 = 64 x 2 B.
        QVERIFY(std::abs(a.doc.evaluation().ranks.at(0).memory.weights.total() - (12.0 + 4096 * 64 * 2)) < 1e-9);
        QVERIFY(a.editor.undoStack()->canUndo());
        a.editor.undoStack()->undo();
        QCOMPARE(a.doc.plan().modelId, std::string("llama-3.1-70b"));
        // A shard whose header claims more data than the file holds: a message, the plan unchanged.
        write(folder + QStringLiteral("/model.safetensors"), length + header + QByteArray(4, '\0'));
        Fixture b;
        b.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 1), {});
        QVERIFY(!b.files.openModelConfig(folder));
        QVERIFY2(b.files.lastError().contains(QStringLiteral("model.safetensors")), qPrintable(b.files.lastError()));
        QCOMPARE(b.doc.plan().modelId, std::string("llama-3.1-70b"));
    }

    void importOutputOpens()
    {
        // `shardscope import` output is documented as a valid --plan FILE; the window reads plan files with
        // the CLI's reader, so it opens too.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("imported.json"));
        write(path,
            R"({"schema": "shardscope.import/1", "model": "meta-llama/Llama-3.1-8B",
                "plan": {"model": "llama-3.1-8b", "gpu": "h100-sxm", "tp": 2}})");
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QVERIFY2(f.files.openPlan(path), qPrintable(f.files.lastError()));
        QCOMPARE(f.doc.plan().modelId, std::string("llama-3.1-8b"));
        QCOMPARE(f.doc.plan().tp, 2);
    }

    void malformedFilesLeaveThePlanAlone_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"plan\": ") << QStringLiteral("not valid JSON");
        QTest::newRow("no plan") << QByteArray("{\"schema\": \"shardscope.planfile/1\"}")
                                 << QStringLiteral("no \"plan\" object");
        QTest::newRow("newer schema") << QByteArray(
            R"({"schema": "shardscope.planfile/9", "plan": {"model": "llama-3.1-8b", "gpu": "h100-sxm"}})")
                                      << QStringLiteral("newer");
        QTest::newRow("newer import schema")
            << QByteArray(R"({"schema": "shardscope.import/2", "plan": {"model": "llama-3.1-8b", "gpu": "h100-sxm"}})")
            << QStringLiteral("newer");
        QTest::newRow("foreign schema") << QByteArray(
            R"({"schema": "shardscope.sweep/1", "plan": {"model": "llama-3.1-8b", "gpu": "h100-sxm"}})")
                                        << QStringLiteral("not a ShardScope plan file");
        QTest::newRow("bad field") << QByteArray(
            R"({"plan": {"model": "llama-3.1-8b", "gpu": "h100-sxm", "tp": "eight"}})")
                                   << QStringLiteral("\"tp\" must be a number");
        QTest::newRow("unknown model") << QByteArray(R"({"plan": {"model": "gpt-9", "gpu": "h100-sxm"}})")
                                       << QStringLiteral("unknown model");
        QTest::newRow("broken embedded config")
            << QByteArray(R"({"plan": {"model": "x", "gpu": "h100-sxm"}, "model_config": {"hidden_size": 4}})")
            << QStringLiteral("num_hidden_layers");
    }
    void malformedFilesLeaveThePlanAlone()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.shardscope.json"));
        write(path, content);
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        const Plan before = f.doc.plan();
        const int evaluations = f.doc.evaluationCount();
        const size_t models = f.doc.catalog().models().size();
        QSignalSpy errors(&f.files, &FileController::errorOccurred);
        QVERIFY(!f.files.openPlan(path));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.first().first().toString().contains(message), qPrintable(errors.first().first().toString()));
        QVERIFY(f.doc.plan() == before);
        QCOMPARE(f.doc.evaluationCount(), evaluations);
        QCOMPARE(f.doc.catalog().models().size(), models);
        QCOMPARE(f.editor.undoStack()->count(), 0);
    }

    void malformedConfigLeavesThePlanAlone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        write(path, R"({"hidden_size": 4096, "num_attention_heads": 32})"); // no num_hidden_layers
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        const Plan before = f.doc.plan();
        QVERIFY(!f.files.openModelConfig(path));
        QVERIFY2(f.files.lastError().contains(QStringLiteral("num_hidden_layers")), qPrintable(f.files.lastError()));
        QVERIFY(f.doc.plan() == before);
        QVERIFY(!f.files.openAny(dir.filePath(QStringLiteral("missing.json"))));
        QVERIFY(f.doc.plan() == before);
    }

    void saveIsAtomic()
    {
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QVERIFY(!f.files.savePlan(QStringLiteral("/nonexistent-dir/x.shardscope.json")));
        QVERIFY(!f.files.lastError().isEmpty());
    }
};

QTEST_MAIN(TestPlanFile)
#include "tst_planfile.moc"
