// `shardscope export` and `shardscope import` as a user's shell sees them. The generated scripts are
// run for real against a stand-in `vllm` that prints the arguments it receives.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

namespace {

QStringList exportArgs(std::initializer_list<const char *> extra)
{
    QStringList args { QStringLiteral("export") };
    for (const char *a : extra)
        args << QString::fromUtf8(a);
    return args;
}

QString firstCommand(const QJsonObject &j, int node = 0, int step = 0)
{
    return j.value(QStringLiteral("node_launches"))
        .toArray()
        .at(node)
        .toObject()
        .value(QStringLiteral("steps"))
        .toArray()
        .at(step)
        .toObject()
        .value(QStringLiteral("command"))
        .toString();
}

// A folder with an executable `vllm` that prints each argument as [arg] and exits.
struct FakeVllm
{
    QTemporaryDir dir;
    FakeVllm()
    {
        QFile f(dir.filePath(QStringLiteral("vllm")));
        f.open(QIODevice::WriteOnly);
        f.write("#!/bin/sh\nprintf '[%s]' \"$@\"\n");
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }
    // Runs `script` with bash, the fake vllm first on PATH and `env` added.
    CliResult run(const QString &script, const QStringList &env)
    {
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PATH"), dir.path() + QStringLiteral(":") + e.value(QStringLiteral("PATH")));
        e.remove(QStringLiteral("HEAD_IP"));
        e.remove(QStringLiteral("HEAD_PORT"));
        for (const QString &kv : env)
            e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        p.setProcessEnvironment(e);
        p.start(QStringLiteral("bash"), { script });
        p.waitForFinished(30000);
        CliResult r;
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }
};

} // namespace

class TestCliExport : public QObject
{
    Q_OBJECT
private slots:
    // Recipe 3a (one node, TP 8) as JSON: the command, the vLLM commit the flags were checked against.
    void oneNodeJson()
    {
        const CliResult r = runShardscope(exportArgs({ "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--tp", "8",
            "--max-model-len", "32768", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QStringLiteral("shardscope.export/1"));
        // The default release (0.33) is checked against the newest flag table, main @ 7cfb97e3 (just after v0.28.0).
        QCOMPARE(j.value(QStringLiteral("vllm_commit")).toString(),
            QStringLiteral("7cfb97e33791a348cd5d7b622cca521d82d8399f"));
        QCOMPARE(j.value(QStringLiteral("nodes")).toInt(), 1);
        // vLLM's batch defaults for >= 70 GiB GPUs: 1024 sequences, 8192 tokens; utilization 0.92
        // (vLLM's default since 0.21; plans follow 0.33 unless --vllm-version says otherwise).
        QCOMPARE(firstCommand(j),
            QStringLiteral("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8 --pipeline-parallel-size 1 "
                           "--gpu-memory-utilization 0.92 --max-model-len 32768 --max-num-seqs 1024 "
                           "--max-num-batched-tokens 8192"));
    }

    // Recipe 3c as scripts on disk, then run: node 1 without HEAD_IP stops with the guard's message;
    // with it, vllm receives exactly the recipe's arguments and HEAD_PORT's default 29501.
    void scriptsRun()
    {
        QTemporaryDir out;
        const CliResult r = runShardscope(exportArgs({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8",
                                              "--pp", "2", "--max-model-len", "32768", "--script", "--output-dir" })
            << out.path());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QDir(out.path()).entryList(QDir::Files),
            (QStringList { QStringLiteral("node-0.sh"), QStringLiteral("node-1.sh") }));
        const QString node1 = out.filePath(QStringLiteral("node-1.sh"));
        QVERIFY(QFile::permissions(node1) & QFileDevice::ExeOwner);
        FakeVllm vllm;
        const CliResult unset = vllm.run(node1, {});
        QVERIFY(unset.exitCode != 0);
        QVERIFY(unset.err.contains("HEAD_IP: set HEAD_IP to the address of node 0"));
        QVERIFY(unset.out.isEmpty());
        const CliResult set = vllm.run(node1, { QStringLiteral("HEAD_IP=10.0.0.1") });
        QCOMPARE(set.exitCode, 0);
        QCOMPARE(set.out,
            QByteArray("[serve][meta-llama/Llama-3.1-405B][--tensor-parallel-size][8][--pipeline-parallel-size][2]"
                       "[--gpu-memory-utilization][0.92][--max-model-len][32768][--max-num-seqs][1024]"
                       "[--max-num-batched-tokens][8192][--nnodes][2][--node-rank][1][--master-addr][10.0.0.1]"
                       "[--master-port][29501][--headless]"));
    }

    // A hostile model path reaches vllm as one unchanged argument.
    void hostilePathThroughBash()
    {
        const char *path = "/models/it's $(reboot); `id` \"x\"";
        const CliResult r = runShardscope(exportArgs({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm",
            "--max-model-len", "8192", "--model-path", path, "--script" }));
        QCOMPARE(r.exitCode, 0);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("s.sh")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(r.out);
        f.close();
        FakeVllm vllm;
        const CliResult ran = vllm.run(f.fileName(), {});
        QCOMPARE(ran.exitCode, 0);
        QVERIFY(ran.out.startsWith(QByteArray("[serve][") + path + "][--tensor-parallel-size][1]"));
    }

    void sglangJson()
    {
        const CliResult r = runShardscope(exportArgs({ "--target", "sglang", "--model", "qwen3-30b-a3b", "--gpu",
            "h100-sxm", "--tp", "2", "--dp", "4", "--ep", "4", "--max-model-len", "32768", "--format", "json" }));
        QCOMPARE(r.exitCode, 0);
        // SGLang DP attention: --tp is tp x dp = 8 GPUs, --dp 4 attention groups, --ep-size 4.
        QCOMPARE(firstCommand(r.json()),
            QStringLiteral("python -m sglang.launch_server --model-path Qwen/Qwen3-30B-A3B --tp 8 --dp 4 "
                           "--enable-dp-attention --ep-size 4 --mem-fraction-static 0.92 "
                           "--context-length 32768 --max-running-requests 1024"));
    }

    // Refusals and bad flags: one line on stderr, exit 2.
    void refusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("line");
        const QStringList base { QStringLiteral("export"), QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
            QStringLiteral("32768") };
        QTest::newRow("tp 3")
            << (base + QStringList { QStringLiteral("--tp"), QStringLiteral("3") })
            << "shardscope export: error: 64 attention heads cannot be split over tp=3: tp must divide the head "
               "count (1, 2, 4, 8, 16, 32, 64); nearest that vLLM can run: tp=4\n";
        QTest::newRow("target") << (base + QStringList { QStringLiteral("--target"), QStringLiteral("trt") })
                                << "shardscope export: error: --target trt: expected vllm, sglang or k8s\n";
        QTest::newRow("launcher") << (base + QStringList { QStringLiteral("--launcher"), QStringLiteral("slurm") })
                                  << "shardscope export: error: --launcher slurm: expected mp or ray\n";
        QTest::newRow("port") << (base + QStringList { QStringLiteral("--port"), QStringLiteral("0") })
                              << "shardscope export: error: --port 0: expected a whole number from 1 to 65535\n";
        QTest::newRow("nodes")
            << (base
                   + QStringList { QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--nodes"),
                       QStringLiteral("3") })
            // 8 GPUs split over 1, 2, 4 or 8 nodes; 2 and 4 are equally near 3, the first is kept.
            << "shardscope export: error: 8 GPUs (tp x pp x dp) do not split evenly over 3 nodes; nearest that "
               "vLLM can run: 2 nodes\n";
        QTest::newRow("does not fit")
            << base
            // 79.18 GiB (the H100's CUDA total) x 0.92 = 72.85 GiB.
            << "shardscope export: error: the plan does not fit, so vLLM would stop at startup: weights do "
               "not fit: GPU 0 needs 131.4 GiB of weights but may use 72.8 GiB (utilization 0.92 x 79.2 "
               "GiB) (--force exports it anyway)\n";
    }

    void refusals()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, line);
        const CliResult r = runShardscope(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err), line);
        QVERIFY(r.out.isEmpty());
    }

    // import: the command after --, as one argument, or on stdin; printed as a plan with the preset.
    void importForms()
    {
        const CliResult args = runShardscope(
            { QStringLiteral("import"), QStringLiteral("--"), QStringLiteral("vllm"), QStringLiteral("serve"),
                QStringLiteral("meta-llama/Llama-3.1-70B"), QStringLiteral("-tp"), QStringLiteral("4"),
                QStringLiteral("--max-model-len=16k"), QStringLiteral("--frob"), QStringLiteral("a b") });
        QCOMPARE(args.exitCode, 0);
        const QJsonObject j = args.json();
        QCOMPARE(j.value(QStringLiteral("preset")).toString(), QStringLiteral("llama-3.1-70b"));
        QCOMPARE(j.value(QStringLiteral("model")).toString(), QStringLiteral("meta-llama/Llama-3.1-70B"));
        const QJsonObject plan = j.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("tp")).toInt(), 4);
        QCOMPARE(plan.value(QStringLiteral("max_model_len")).toInteger(), 16000); // 16k = 16 x 1000
        QCOMPARE(j.value(QStringLiteral("unknown_flags")).toArray(), (QJsonArray { QStringLiteral("--frob 'a b'") }));

        const CliResult one = runShardscope({ QStringLiteral("import"), QStringLiteral("--"),
            QStringLiteral("vllm serve $MODEL -tp 1 -dp 8 --enable-expert-parallel") });
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(one.json().value(QStringLiteral("plan")).toObject().value(QStringLiteral("ep")).toInt(), 8);
        QVERIFY(one.json().value(QStringLiteral("preset")).isNull());

        const CliResult in
            = runShardscope({ QStringLiteral("import"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm") },
                "docker run --gpus all -p 8000:8000 vllm/vllm-openai:latest \\\n --model Qwen/Qwen3-32B -tp 2\n");
        QCOMPARE(in.exitCode, 0);
        QCOMPARE(in.json().value(QStringLiteral("plan")).toObject().value(QStringLiteral("gpu")).toString(),
            QStringLiteral("h100-sxm"));
        QCOMPARE(in.json().value(QStringLiteral("preset")).toString(), QStringLiteral("qwen3-32b"));
    }

    // vllm-project/recipes @8959cf64189c models/moonshotai/Kimi-K2-Thinking.yaml, "Low-Latency Scenarios (TP8)":
    // the checkpoint's own preset (native INT4), not Kimi-K2-Instruct's (FP8) by the base name, so no warning.
    void importKimiK2Thinking()
    {
        const CliResult r = runShardscope({ QStringLiteral("import"), QStringLiteral("--gpu"), QStringLiteral("h200") },
            "vllm serve moonshotai/Kimi-K2-Thinking --tensor-parallel-size 8 --enable-auto-tool-choice "
            "--tool-call-parser kimi_k2 --reasoning-parser kimi_k2 --trust-remote-code");
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("preset")).toString(), QStringLiteral("kimi-k2-thinking"));
        QCOMPARE(r.json().value(QStringLiteral("warnings")).toArray(), QJsonArray());
        QCOMPARE(r.json().value(QStringLiteral("plan")).toObject().value(QStringLiteral("tp")).toInt(), 8);
    }

    void importErrors()
    {
        const CliResult garbage = runShardscope({ QStringLiteral("import") }, "rm -rf / ; echo 'unterminated");
        QCOMPARE(garbage.exitCode, 2);
        QCOMPARE(QString::fromUtf8(garbage.err),
            QStringLiteral("shardscope import: error: unterminated ' quote in the command\n"));
        const CliResult huge = runShardscope({ QStringLiteral("import") }, QByteArray(2 << 20, 'x'));
        QCOMPARE(huge.exitCode, 2);
        QVERIFY(huge.err.startsWith("shardscope import: error: the command is longer than"));
        const CliResult bad
            = runShardscope({ QStringLiteral("import"), QStringLiteral("--"), QStringLiteral("vllm serve m -tp x") });
        QCOMPARE(bad.exitCode, 2);
    }

    // Export -> import -> --plan -> export prints the same text (2 nodes, placeholders).
    void roundTripThroughFiles()
    {
        const QStringList args = exportArgs({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp",
            "2", "--max-model-len", "32768", "--pp-layer-partition", "60,66" });
        const CliResult first = runShardscope(args);
        QCOMPARE(first.exitCode, 0);
        const CliResult imported = runShardscope(
            { QStringLiteral("import"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm") }, first.out);
        QCOMPARE(imported.exitCode, 0);
        QTemporaryDir dir;
        QFile plan(dir.filePath(QStringLiteral("p.shardscope.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(imported.out);
        plan.close();
        const CliResult second = runShardscope({ QStringLiteral("export"), QStringLiteral("--plan"), plan.fileName() });
        QCOMPARE(second.exitCode, 0);
        QCOMPARE(second.out, first.out);
    }

    // vllm-project/recipes @8959cf64189c moonshotai/Kimi-K2.md, the first node of "Data Parallelism + Expert
    // Parallelism": import -> --plan -> export keeps the options the plan has no field for ("vllm_extra_args"),
    // after the generated flags of every node; --trust-remote-code once (the preset asks for it too).
    void passThroughThroughFiles()
    {
        const QByteArray command
            = "vllm serve moonshotai/Kimi-K2-Instruct --port 8000 --served-model-name kimi-k2 --trust-remote-code "
              "--data-parallel-size 16 --data-parallel-size-local 8 --data-parallel-address $MASTER_IP "
              "--data-parallel-rpc-port $PORT --enable-expert-parallel --max-num-batched-tokens 8192 --max-num-seqs "
              "256 --gpu-memory-utilization 0.85 --enable-auto-tool-choice --tool-call-parser kimi_k2";
        const CliResult imported
            = runShardscope({ QStringLiteral("import"), QStringLiteral("--gpu"), QStringLiteral("h200") }, command);
        QCOMPARE(imported.exitCode, 0);
        const QJsonArray words = imported.json().value(QStringLiteral("vllm_extra_args")).toArray();
        QCOMPARE(words.size(), 8);
        QCOMPARE(words.at(0).toString(), QStringLiteral("--port"));
        QCOMPARE(words.at(7).toString(), QStringLiteral("kimi_k2"));
        QTemporaryDir dir;
        QFile plan(dir.filePath(QStringLiteral("p.shardscope.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(imported.out);
        plan.close();
        const CliResult out = runShardscope({ QStringLiteral("export"), QStringLiteral("--plan"), plan.fileName(),
            QStringLiteral("--force"), QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(out.exitCode, 0);
        const QString tail = QStringLiteral(
            " --port 8000 --served-model-name kimi-k2 --enable-auto-tool-choice --tool-call-parser kimi_k2");
        for (int node : { 0, 1 }) {
            const QString serve = firstCommand(out.json(), node);
            QVERIFY2(serve.endsWith(tail), qPrintable(serve));
            QCOMPARE(serve.count(QStringLiteral("--trust-remote-code")), 1);
        }
        // A control character in the file is refused in one line.
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            R"({"plan": {"model": "kimi-k2", "gpu": "h200", "tp": 8}, "vllm_extra_args": ["--served-model-name", "a\nb"]})");
        bad.close();
        const CliResult refused = runShardscope({ QStringLiteral("export"), QStringLiteral("--plan"), bad.fileName() });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("holds control characters"), refused.err.constData());
        QCOMPARE(refused.err.count('\n'), 1);
    }

    // vllm-project/recipes @8959cf64189c Qwen/Qwen3.5.md (AMD, MTP-1): import -> --plan -> export serves the
    // checkpoint the command named (the FP8 repo, not the qwen3.5-397b-a17b preset's BF16 hf_repo) and keeps the
    // --speculative-config it carried (the plan reads its token count; method and draft model have no field),
    // so the export asks the user to add nothing.
    void servedCheckpointAndSpeculationThroughFiles()
    {
        const QByteArray command = "vllm serve Qwen/Qwen3.5-397B-A17B-FP8 --tensor-parallel-size 8 "
                                   "--speculative-config '{\"method\": \"mtp\", \"num_speculative_tokens\": 1}' "
                                   "--reasoning-parser qwen3";
        const CliResult imported
            = runShardscope({ QStringLiteral("import"), QStringLiteral("--gpu"), QStringLiteral("h200") }, command);
        QCOMPARE(imported.exitCode, 0);
        QTemporaryDir dir;
        QFile plan(dir.filePath(QStringLiteral("p.shardscope.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(imported.out);
        plan.close();
        const QStringList exportPlan { QStringLiteral("export"), QStringLiteral("--plan"), plan.fileName(),
            QStringLiteral("--force"), QStringLiteral("--format"), QStringLiteral("json") };
        const CliResult out = runShardscope(exportPlan);
        QCOMPARE(out.exitCode, 0);
        const QString serve = firstCommand(out.json());
        QVERIFY2(serve.startsWith(QStringLiteral("vllm serve Qwen/Qwen3.5-397B-A17B-FP8 ")), qPrintable(serve));
        QVERIFY2(
            serve.endsWith(QStringLiteral(
                R"( --speculative-config '{"method": "mtp", "num_speculative_tokens": 1}' --reasoning-parser qwen3)")),
            qPrintable(serve));
        const QJsonArray notes = out.json().value(QStringLiteral("notes")).toArray();
        for (const QJsonValue &n : notes)
            QVERIFY2(!n.toString().contains(QStringLiteral("speculative")), qPrintable(n.toString()));
        // Another token count in the plan: the option still goes through, and a note says the two differ.
        const CliResult two = runShardscope(
            exportPlan + QStringList { QStringLiteral("--num-speculative-tokens"), QStringLiteral("2") });
        QCOMPARE(two.exitCode, 0);
        QVERIFY(two.out.contains("asks for 1 speculative token(s) where the plan counts 2"));
        // --model picks another preset: its own repo, not the imported checkpoint.
        const CliResult other = runShardscope(
            exportPlan + QStringList { QStringLiteral("--model"), QStringLiteral("qwen3.5-122b-a10b") });
        QCOMPARE(other.exitCode, 0);
        QVERIFY2(firstCommand(other.json()).startsWith(QStringLiteral("vllm serve Qwen/Qwen3.5-122B-A10B ")),
            qPrintable(firstCommand(other.json())));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
