// Impossible plans and bad files get a clear message, never a crash.
#include "core/model/errors.h"
#include "tests/common/testutils.h"

using namespace shardscope;

namespace {

bool hasIssue(const Evaluation &e, const std::string &code)
{
    for (const PlanIssue &i : e.issues)
        if (i.code == code)
            return true;
    return false;
}

Evaluation run(const char *model, int tp, int pp = 1, int dp = 1, int ep = 1, const char *gpu = "h100-sxm")
{
    Plan plan;
    plan.tp = tp;
    plan.pp = pp;
    plan.dp = dp;
    plan.ep = ep;
    plan.maxModelLen = 8192;
    return evaluate(plan, presetModel(model), presetGpu(gpu));
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT
private slots:
    void structural_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<QString>("code");
        QTest::newRow("tp=0") << "llama-3.1-70b" << 0 << 1 << 1 << 1 << "size_not_positive";
        QTest::newRow("tp=3 on 64 heads") << "llama-3.1-70b" << 3 << 1 << 1 << 1 << "tp_heads";
        QTest::newRow("pp > layers") << "llama-3.1-8b" << 1 << 33 << 1 << 1 << "pp_layers";
        QTest::newRow("ep on dense") << "llama-3.1-70b" << 8 << 1 << 1 << 8 << "ep_dense";
        QTest::newRow("ep not dividing tp x dp") << "deepseek-v3" << 8 << 1 << 2 << 3 << "ep_divides";
        QTest::newRow("huge world") << "llama-3.1-8b" << 32 << 32 << 1000 << 1 << "world_too_large";
    }
    void structural()
    {
        QFETCH(QString, model);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        QFETCH(int, ep);
        QFETCH(QString, code);
        const Evaluation e = run(model.toLatin1().constData(), tp, pp, dp, ep);
        QVERIFY(!e.valid);
        QVERIFY(!e.fits);
        QVERIFY(e.ranks.empty());
        QVERIFY2(hasIssue(e, code.toStdString()), e.issues.empty() ? "no issue" : e.issues.front().message().c_str());
        QVERIFY(!e.firstError()->message().empty());
    }

    void tpErrorListsChoices()
    {
        const Evaluation e = run("llama-3.1-70b", 3);
        QCOMPARE(e.firstError()->message(),
            std::string("64 attention heads cannot be split over tp=3: tp must divide the head count "
                        "(1, 2, 4, 8, 16, 32, 64)"));
    }

    void tpCrossingNodeIsFlagged()
    {
        const Evaluation e = run("llama-3.1-405b", 16);
        QVERIFY(e.valid);
        QVERIFY(hasIssue(e, "tp_crosses_node"));
        QVERIFY(!hasIssue(run("llama-3.1-405b", 8, 2), "tp_crosses_node"));
    }

    void pcieTpLeavesDomain() { QVERIFY(hasIssue(run("llama-3.1-8b", 2, 1, 1, 1, "l40s"), "tp_outside_domain")); }

    void weightsDoNotFit()
    {
        const Evaluation e = run("llama-3.1-405b", 2);
        QVERIFY(e.valid);
        QVERIFY(!e.fits);
        QVERIFY(hasIssue(e, "weights_do_not_fit"));
    }

    void noRoomForOneRequest()
    {
        Plan plan;
        plan.tp = 8;
        plan.maxModelLen = 131072;
        // Llama-3.1-405B on 8 x H100: ~94 GiB of weights per GPU do not fit; on 8 x H200 they do,
        // and 128K tokens x 2 x 126 layers x 1 KV head x 128 x 2 B = 15.75 GiB per request.
        const Evaluation e = evaluate(plan, presetModel("llama-3.1-405b"), presetGpu("h200"));
        QVERIFY(e.valid);
        QVERIFY(e.fits);
        // At 0.75 x 139.81 GiB = 104.9 GiB usable, ~95.5 GiB of weights and ~5.4 GiB of activation and
        // buffers leave ~4 GiB: less than one 128K request.
        plan.gpuMemoryUtilization = 0.75;
        const Evaluation tight = evaluate(plan, presetModel("llama-3.1-405b"), presetGpu("h200"));
        QVERIFY(!tight.fits);
        QVERIFY(hasIssue(tight, "no_room_for_request"));
        QVERIFY(tight.kvBudgetBytesPerGpu > 0);
        QVERIFY(tight.kv.capacityTokens < 131072);
    }

    // vLLM 0.26.0 refused Qwen3.8-27B BF16 (the qwen3.5-27b preset) at TP 1 on an RTX PRO 6000 Max-Q with
    // "max_num_seqs (1024) exceeds available Mamba cache blocks (616)" after printing 29.48 GiB of available KV
    // (github.com/dfch/biz.dfch.LlmOps @a8360f13, tests/data/corpus/startup-logs/dfch-7960t-*-tp1-v0260.log).
    // By hand: 16 layers per group x a 3,207,168 B page (784 tokens) = 51,314,688 B per block;
    // 29.48 GiB / 51,314,688 B = 616.85, so 616 blocks (vllm/config/compilation.py @017e9f4448b7 compares
    // max_num_seqs with kv_cache_config.num_blocks when the mode has FULL graphs).
    void mambaBlocksRefusal()
    {
        Plan plan;
        plan.vllmVersion = { 0, 26, 0 };
        plan.maxModelLen = 8192;
        plan.maxNumSeqs = 1024;
        plan.gpuMemoryUtilization = 0.9;
        plan.kvCacheMemoryBytes = static_cast<std::int64_t>(29.48 * 1024 * 1024 * 1024);
        const ModelSpec m = presetModel("qwen3.5-27b");
        const GpuSpec gpu = presetGpu("rtx-pro-6000");
        const Evaluation e = evaluate(plan, m, gpu);
        QCOMPARE(e.kv.blocks, std::int64_t(616));
        QVERIFY(hasIssue(e, "mamba_blocks"));
        QVERIFY(!e.fits);
        plan.maxNumSeqs = 617;
        QVERIFY(hasIssue(evaluate(plan, m, gpu), "mamba_blocks"));
        plan.maxNumSeqs = 616; // the most the message allows
        QVERIFY(!hasIssue(evaluate(plan, m, gpu), "mamba_blocks"));
        plan.maxNumSeqs = 1024;
        plan.enforceEager = true; // no FULL graphs to capture
        QVERIFY(!hasIssue(evaluate(plan, m, gpu), "mamba_blocks"));
        plan.enforceEager = false;
        plan.vllmVersion = { 0, 18, 0 }; // #34571 capped the FULL sizes instead
        QVERIFY(!hasIssue(evaluate(plan, m, gpu), "mamba_blocks"));
        // A model without state layers holds no Mamba blocks to run short of.
        plan.vllmVersion = { 0, 26, 0 };
        plan.kvCacheMemoryBytes = std::int64_t(1) << 30; // 8,192 tokens of Llama-3.1-8B: 64 blocks of 16
        QVERIFY(!hasIssue(evaluate(plan, presetModel("llama-3.1-8b"), gpu), "mamba_blocks"));
    }

    void badModelFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("not json") << "{ this is not json";
        QTest::newRow("array") << "[1, 2, 3]";
        QTest::newRow("missing layers")
            << R"({"hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 1000, "intermediate_size": 100})";
        QTest::newRow("string layers")
            << R"({"num_hidden_layers": "32", "hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 1000, "intermediate_size": 1})";
        QTest::newRow("negative heads")
            << R"({"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": -1, "vocab_size": 1000, "intermediate_size": 1})";
        QTest::newRow("huge layers")
            << R"({"num_hidden_layers": 1e12, "hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 1000, "intermediate_size": 1})";
        QTest::newRow("kv not dividing")
            << R"({"num_hidden_layers": 2, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 5, "vocab_size": 1000, "intermediate_size": 1})";
        QTest::newRow("bad layer_types")
            << R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10, "intermediate_size": 1, "layer_types": ["full_attention"]})";
        QTest::newRow("moe without k")
            << R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10, "num_local_experts": 8})";
        QTest::newRow("deep nesting") << QString(QStringLiteral("[")).repeated(100000);
    }
    void badModelFiles()
    {
        QFETCH(QString, text);
        QVERIFY_THROWS_EXCEPTION(InputError, modelFromJsonText(text.toStdString(), "x"));
    }

    void hfConfigWithTextConfig()
    {
        const ModelSpec m = modelFromJsonText(R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text",
            "num_hidden_layers": 4, "hidden_size": 256, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 32,
            "vocab_size": 1000, "intermediate_size": 512, "intermediate_size_mlp": 1024, "num_local_experts": 4,
            "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "attention_chunk_size": 8192}})",
            "tiny");
        QCOMPARE(m.layers, 4);
        QCOMPARE(m.experts, 4);
        QCOMPARE(m.moeLayerCount(), 2);
        QCOMPARE(m.intermediate, 1024);
        QCOMPARE(m.id, std::string("tiny"));
    }

    void badGpuFiles()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, gpuFromJsonText("{}", "x"));
        QVERIFY_THROWS_EXCEPTION(InputError,
            gpuFromJsonText(R"({"memory_mib": -5, "hbm_tbps": 1, "bf16_tflops": 1, "scaleup_gbps_per_dir": 1})", "x"));
        QVERIFY_THROWS_EXCEPTION(InputError, gpuFromJsonText("nope", "x"));
    }

    void unknownPreset()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, builtinPresets().resolveModel(QStringLiteral("no-such-model")));
        QVERIFY_THROWS_EXCEPTION(InputError, builtinPresets().resolveGpu(QStringLiteral("no-such-gpu")));
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
