// `shardscope plan` and `shardscope presets` as a user's script sees them.
#include "clirunner.h"

#include <QFile>

#include <QJsonArray>
#include <QTemporaryFile>
#include <QTest>

#include <cmath>
#include <memory>

class TestCliPlan : public QObject
{
    Q_OBJECT
private slots:
    // The issue's example, lecture 0 §6 (docs/DESIGN.md §F.0), row 8x2.
    void seedRowAsJson()
    {
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"),
            QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
            QStringLiteral("--accounting"), QStringLiteral("textbook"), QStringLiteral("--gpu-memory-bytes"),
            QStringLiteral("80e9"), QStringLiteral("--reserved-bytes"), QStringLiteral("4GiB"),
            QStringLiteral("--params"), QStringLiteral("70.6e9"), QStringLiteral("--tp"), QStringLiteral("8"),
            QStringLiteral("--pp"), QStringLiteral("2"), QStringLiteral("--max-model-len"), QStringLiteral("32768"),
            QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        const QJsonObject kv = j.value(QStringLiteral("kv")).toObject();
        QCOMPARE(kv.value(QStringLiteral("capacity_tokens")).toInteger(), 2875001);
        QCOMPARE(kv.value(QStringLiteral("max_concurrency")).toInteger(), 87);
        QCOMPARE(kv.value(QStringLiteral("bytes_per_token_per_gpu")).toDouble(), 20480.0);
        const QJsonObject plan = j.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("world_size")).toInt(), 16);
        QCOMPARE(plan.value(QStringLiteral("nodes")).toInt(), 2);
        QVERIFY(j.value(QStringLiteral("fits")).toBool());
        QCOMPARE(j.value(QStringLiteral("ranks")).toArray().size(), 16);
        const QJsonObject rank9 = j.value(QStringLiteral("ranks")).toArray().at(9).toObject();
        QCOMPARE(rank9.value(QStringLiteral("pp_stage")).toInt(), 1);
        QCOMPARE(rank9.value(QStringLiteral("first_layer")).toInt(), 40);
        QCOMPARE(rank9.value(QStringLiteral("last_layer")).toInt(), 79);
        QCOMPARE(rank9.value(QStringLiteral("q_heads")).toInt(), 8);
        QCOMPARE(rank9.value(QStringLiteral("kv_heads")).toInt(), 1);
        for (const char *key : { "rank", "node", "pp_stage", "tp_rank", "dp_rank", "ep_rank", "first_layer",
                 "last_layer", "q_heads", "kv_heads", "experts", "weights_bytes", "kv_budget_bytes" })
            QVERIFY2(rank9.contains(QLatin1String(key)), key);
        QVERIFY(j.value(QStringLiteral("memory")).toObject().contains(QStringLiteral("max_weights_bytes_per_gpu")));
        QVERIFY(j.value(QStringLiteral("memory")).toObject().contains(QStringLiteral("kv_budget_bytes_per_gpu")));
        QVERIFY(kv.contains(QStringLiteral("cluster_max_concurrency")));
        QVERIFY(j.value(QStringLiteral("issues")).isArray());
    }

    void doesNotFitIsAResult()
    {
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"),
            QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
            QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("fits")).toBool(), false);
        const QJsonObject issue = r.json().value(QStringLiteral("issues")).toArray().at(0).toObject();
        QCOMPARE(issue.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    }

    void enableExpertParallel()
    {
        const CliResult r = runShardscope(
            { QStringLiteral("plan"), QStringLiteral("--model"), QStringLiteral("deepseek-v3"), QStringLiteral("--gpu"),
                QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--dp"),
                QStringLiteral("2"), QStringLiteral("--enable-expert-parallel"), QStringLiteral("--max-model-len"),
                QStringLiteral("32k"), QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("plan")).toObject().value(QStringLiteral("ep")).toInt(), 16);
        // 256 experts / 16 = 16 per GPU
        QCOMPARE(r.json()
                     .value(QStringLiteral("ranks"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("expert_count"))
                     .toInt(),
            16);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        const QString plan = QStringLiteral("plan");
        QTest::newRow("tp=0") << QStringList { plan, QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("0") }
                              << "--tp 0";
        QTest::newRow("tp=3") << QStringList { plan, QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("3") }
                              << "64 attention heads cannot be split over tp=3";
        QTest::newRow("unknown model") << QStringList { plan, QStringLiteral("--model"), QStringLiteral("gpt-5"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm") }
                                       << "unknown model";
        QTest::newRow("missing file") << QStringList { plan, QStringLiteral("--model"),
            QStringLiteral("/nonexistent/config.json"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm") }
                                      << "no such file";
        QTest::newRow("bad size") << QStringList { plan, QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--gpu-memory-bytes"),
            QStringLiteral("lots") }
                                  << "--gpu-memory-bytes lots";
        QTest::newRow("huge tp") << QStringList { plan, QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("99999999999") }
                                 << "--tp";
        QTest::newRow("unknown flag") << QStringList { plan, QStringLiteral("--frobnicate") } << "frobnicate";
        QTest::newRow("no model") << QStringList { plan, QStringLiteral("--gpu"), QStringLiteral("h100-sxm") }
                                  << "--model is required";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const CliResult r = runShardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1); // one line
        QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    }

    void malformedConfigFile()
    {
        QTemporaryFile f(QStringLiteral("XXXXXX-config.json"));
        QVERIFY(f.open());
        f.write("{\"num_hidden_layers\": 32, \"hidden_size\": ");
        f.close();
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), f.fileName(),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not valid JSON"), r.err.constData());
    }

    void newerPlanFileIsRefused()
    {
        // The window's rule, the CLI's too (one reader): a file from a newer ShardScope is refused, not half-read.
        const auto planFile = [](const char *schema) {
            auto f = std::make_unique<QTemporaryFile>(QStringLiteral("XXXXXX.shardscope.json"));
            if (f->open()) {
                f->write("{\"schema\": \"" + QByteArray(schema)
                    + "\", \"plan\": {\"model\": \"llama-3.1-8b\", \"gpu\": \"h100-sxm\", \"tp\": 2}}");
                f->close();
            }
            return f;
        };
        const auto current = planFile("shardscope.planfile/1");
        const CliResult ok = runShardscope({ QStringLiteral("plan"), QStringLiteral("--plan"), current->fileName(),
            QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(ok.exitCode, 0);
        QVERIFY2(ok.out.contains("\"world_size\": 2"), ok.out.constData());

        const auto newer = planFile("shardscope.planfile/2");
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--plan"), newer->fileName() });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1); // one line
        QVERIFY2(r.err.contains(newer->fileName().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("schema shardscope.planfile/2 is newer than this ShardScope understands"),
            r.err.constData());
    }

    void hfConfigLoads()
    {
        QTemporaryFile f(QStringLiteral("XXXXXX-config.json"));
        QVERIFY(f.open());
        // Llama-3.1-8B's architecture fields: 2 x 32 x 8 x 128 x 2 B = 131,072 B per token.
        f.write(R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096,
                   "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
                   "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 131072})");
        f.close();
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"), f.fileName(),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
            QStringLiteral("8192"), QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(
            r.json().value(QStringLiteral("kv")).toObject().value(QStringLiteral("bytes_per_token_per_gpu")).toDouble(),
            131072.0);
    }

    // --model DIR reads the folder's safetensors headers for the weights: one 2 x 3 BF16 tensor (12 B)
    // and one 4 x 4 F8_E4M3 tensor (16 B) make 28 B, which a single GPU (tp 1, pp 1) holds whole.
    void modelFolderWeightsFromSafetensors()
    {
        QTemporaryDir dir;
        QFile config(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4,
                        "num_key_value_heads": 2, "num_hidden_layers": 2, "vocab_size": 100})");
        config.close();
        QFile generation(dir.filePath(QStringLiteral("generation_config.json")));
        QVERIFY(generation.open(QIODevice::WriteOnly));
        generation.write(R"({"temperature": 0.6})");
        generation.close();
        const auto plan = [&] {
            return runShardscope(
                { QStringLiteral("plan"), QStringLiteral("--model"), dir.path(), QStringLiteral("--gpu"),
                    QStringLiteral("h100-sxm"), QStringLiteral("--format"), QStringLiteral("json") });
        };
        CliResult r = plan();
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()[QStringLiteral("model")][QStringLiteral("weight_bytes_source")].toString(),
            QStringLiteral("estimated"));
        QCOMPARE(r.json()[QStringLiteral("model")][QStringLiteral("generation_defaults")][QStringLiteral("temperature")]
                     .toDouble(),
            0.6);
        const QByteArray header
            = R"({"model.layers.0.self_attn.q_proj.weight":{"dtype":"BF16","shape":[2,3],"data_offsets":[0,12]},)"
              R"("model.layers.1.mlp.up_proj.weight":{"dtype":"F8_E4M3","shape":[4,4],"data_offsets":[12,28]}})";
        QFile shard(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(shard.open(QIODevice::WriteOnly));
        QByteArray length(8, '\0');
        length[0] = static_cast<char>(header.size()); // under 256: one byte, little-endian
        shard.write(length + header + QByteArray(28, '\0'));
        shard.close();
        r = plan();
        QCOMPARE(r.exitCode, 0);
        const QJsonObject model = r.json()[QStringLiteral("model")].toObject();
        QCOMPARE(model[QStringLiteral("weight_bytes_source")].toString(), QStringLiteral("safetensors"));
        QCOMPARE(model[QStringLiteral("weight_bytes_checkpoint")].toDouble(), 28.0);
        QCOMPARE(model[QStringLiteral("weight_bytes_by_dtype")][QStringLiteral("BF16")].toDouble(), 12.0);
        QCOMPARE(model[QStringLiteral("weight_bytes_by_dtype")][QStringLiteral("F8_E4M3")].toDouble(), 16.0);
        const double weights
            = r.json()[QStringLiteral("memory")][QStringLiteral("binding")][QStringLiteral("weights_bytes")].toDouble();
        QVERIFY2(std::abs(weights - 28.0) < 1e-6, qPrintable(QString::number(weights)));
        // A header that lies about its tensors: one line, exit 2.
        QVERIFY(shard.open(QIODevice::WriteOnly));
        shard.write(length + header + QByteArray(20, '\0')); // 8 bytes short of the offsets' 28
        shard.close();
        r = plan();
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("shardscope plan: error: ") && r.err.count('\n') == 1, r.err.constData());
        QVERIFY(r.err.contains("model.safetensors"));
    }

    void presetsJson()
    {
        const CliResult r
            = runShardscope({ QStringLiteral("presets"), QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QVERIFY(j.value(QStringLiteral("models")).toArray().size() >= 16);
        QVERIFY(j.value(QStringLiteral("gpus")).toArray().size() >= 15);
        const QJsonObject first = j.value(QStringLiteral("models")).toArray().at(0).toObject();
        QVERIFY(first.contains(QStringLiteral("id")));
        QVERIFY(first.contains(QStringLiteral("name")));
    }

    void textFormat()
    {
        const CliResult r = runShardscope({ QStringLiteral("plan"), QStringLiteral("--model"),
            QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
            QStringLiteral("--max-model-len"), QStringLiteral("8192") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("KV cache"));
        QVERIFY(r.out.contains("fits"));
    }

    void unknownCommand()
    {
        const CliResult r = runShardscope({ QStringLiteral("frobnicate") });
        QCOMPARE(r.exitCode, 2);
    }

    void version()
    {
        const CliResult r = runShardscope({ QStringLiteral("--version") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("shardscope "));
    }
};

QTEST_GUILESS_MAIN(TestCliPlan)
#include "tst_cli_plan.moc"
