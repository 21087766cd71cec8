// What a hybrid model's state keeps per request with speculative decoding and prefix caching, worked out by hand
// from tests/core/data/qwen3.5-27b-config.json and vLLM's rules (neuralmagic/vllm mirror of vllm-project/vllm
// @017e9f4448b7):
//   conv rows: vllm/model_executor/layers/mamba/mamba_utils.py gated_delta_net_state_shape /
//     mamba2_state_shape / kda_state_shape: conv_kernel - 1 + num_spec;
//   blocks per request: vllm/v1/kv_cache_interface.py MambaSpec.max_memory_usage_bytes: page x (1 + num_spec)
//     with mamba_cache_mode "none", page x (2 + num_spec) with "align";
//   "align" with prefix caching: vllm/model_executor/models/config.py MambaModelConfig; prefix caching on by
//     default for hybrid models from #50991 (vllm/engine/arg_utils.py).
// The end-to-end check is a published start-up log: club-3090 PR #594 (Qwen3.6-27B FP8, two RTX 3090, TP 2,
// vLLM 0.24, MTP with 3 speculative tokens, prefix caching on) prints 5.33 GiB available, "GPU KV cache size:
// 300,220 tokens" and "Maximum concurrency for 262,144 tokens per request: 1.15x".
#include "core/evaluate/evaluation.h"
#include "core/evaluate/kvcache.h"
#include "core/launch/launchimport.h"
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "tests/common/testutils.h"

#include <QFile>

#include <algorithm>

#include <nlohmann/json.hpp>

using namespace shardscope;

namespace {

ModelSpec qwen35()
{
    QFile f(qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/core/data/qwen3.5-27b-config.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return modelFromJsonText(f.readAll().toStdString(), "qwen3.5-27b");
}

VllmVersion release(int minor)
{
    return { 0, minor, 0 };
}

} // namespace

class TestSpeculativeState : public QObject
{
    Q_OBJECT
private slots:
    void convRowsGrowWithSpeculativeTokens()
    {
        const ModelSpec m = qwen35();
        // TP2: conv dim (2 x 16 x 128 + 48 x 128) / 2 = 5,120; temporal (48 / 2, 128, 128) x 4 B = 1,572,864.
        // No speculation: 5,120 x 3 rows x 2 B = 30,720; sum 1,603,584.
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::GatedDeltaNet, 2), 1603584.0);
        // Three speculative tokens: 5,120 x (3 + 3) x 2 B = 61,440; sum 1,634,304.
        MambaCacheSettings spec;
        spec.speculativeTokens = 3;
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::GatedDeltaNet, 2, spec), 1634304.0);
    }

    void mamba2AndKdaRowsByRelease()
    {
        // Mamba-2 (nemotron-3-nano: conv dim 6,144, kernel 4, TP1): no extra rows before #33726 (0.17); from it
        // 6,144 x (3 + 2) x 2 B = 61,440 instead of 36,864 with two speculative tokens.
        QFile f(qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR")
            + QStringLiteral("/tests/core/data/nemotron-3-nano-30b-a3b-config.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const ModelSpec m = modelFromJsonText(f.readAll().toStdString(), "nemotron");
        MambaCacheSettings spec;
        spec.speculativeTokens = 2;
        spec.vllm = release(16);
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::Mamba2, 1, spec), 2134016.0);
        spec.vllm = release(17);
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::Mamba2, 1, spec), 2134016.0 - 36864 + 61440);
    }

    void prefixCachingModeByRelease()
    {
        const ModelSpec m = qwen35();
        Plan p;
        p.vllmVersion = release(27);
        QVERIFY(!mambaCacheSettingsFor(p, m).align); // hybrid prefix caching opt-in before #50991
        p.vllmVersion = release(28);
        QVERIFY(mambaCacheSettingsFor(p, m).align); // on by default from 0.28
        QCOMPARE(mambaCacheSettingsFor(p, m).blocksPerRequest(), 2);
        p.prefixCaching = PrefixCaching::Off;
        QVERIFY(!mambaCacheSettingsFor(p, m).align);
        p.prefixCaching = PrefixCaching::On;
        p.vllmVersion = release(16); // no "align" mode yet (#30877 reached 0.17)
        QVERIFY(!mambaCacheSettingsFor(p, m).align);
        p.vllmVersion = release(24);
        p.numSpeculativeTokens = 3;
        QCOMPARE(mambaCacheSettingsFor(p, m).blocksPerRequest(), 5);
        // A model without state layers keeps none of it.
        QCOMPARE(mambaCacheSettingsFor(p, presetModel("llama-3.1-8b")).blocksPerRequest(), 1);
    }

    void inFlightTokensByRelease()
    {
        Plan p;
        p.maxNumBatchedTokens = 8192;
        p.vllmVersion = release(25);
        QCOMPARE(maxInFlightTokens(p), std::int64_t(8192));
        p.vllmVersion = release(26); // #47728: two batches in flight with async scheduling
        QCOMPARE(maxInFlightTokens(p), std::int64_t(16384));
        p.pp = 2; // pp + 1 with the V2 model runner
        QCOMPARE(maxInFlightTokens(p), std::int64_t(24576));
    }

    void mtpPoolReproducesClub3090Log()
    {
        const ModelSpec m = qwen35();
        MambaCacheSettings s;
        s.speculativeTokens = 3;
        s.align = true;
        // Attention page per token, TP2, fp8: 2 x (4 / 2) x 256 x 1 B = 1,024. Block: 16 x cdiv(1,634,304,
        // 16 x 1,024) = 16 x 100 = 1,600. Layers: 16 full + the MTP layer = 17; 48 state layers >= 1.5 x 17, so
        // groups of 17: 1 attention group, cdiv(48, 17) = 3 state groups; a block is 1,600 x 1,024 x 17 B.
        const KvPool pool
            = kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Fp8, 16, 262144, 8192, 1, 1, SparseMlaCache::FromDtype, s);
        QCOMPARE(pool.blockSize, 1600);
        QCOMPARE(pool.bytesPerBlock, 27852800.0);
        // Per request: cdiv(262,144, 1,600) = 164 attention blocks + 3 groups x (2 + 3) state blocks = 179.
        QCOMPARE(pool.blocksPerRequest, std::int64_t(179));
        QCOMPARE(pool.stateBytesPerRequest, 48 * 1634304.0 * 5);

        // The whole plan with the log's 5.33 GiB as the KV budget: floor(5.33 GiB / 27,852,800 B) = 205 blocks;
        // 205 / 179 = 1.145 ("1.15x"); int(205 x 262,144 / 179) = 300,220 tokens, as printed.
        Plan p;
        p.modelId = "qwen3.5-27b";
        p.tp = 2;
        p.vllmVersion = release(24);
        p.kvCacheDtype = KvDtype::Fp8;
        p.quantization = Quantization::Fp8;
        p.maxModelLen = 262144;
        p.maxNumSeqs = 2;
        p.maxNumBatchedTokens = 8192;
        p.speculativeLayers = 1;
        p.numSpeculativeTokens = 3;
        p.prefixCaching = PrefixCaching::On;
        p.kvCacheMemoryBytes = static_cast<std::int64_t>(5.33 * 1024 * 1024 * 1024);
        const Evaluation e = evaluate(p, m, presetGpu("rtx-4090"));
        QCOMPARE(e.kv.blocks, std::int64_t(205));
        QCOMPARE(e.kv.blocksPerRequest, std::int64_t(179));
        QCOMPARE(e.kv.capacityTokens, std::int64_t(300220));
        QCOMPARE(std::round(e.kv.maxConcurrencyExact * 100) / 100, 1.15);
    }

    void importAndPlanFile()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve Qwen/Qwen3.6-27B-FP8 --enable-prefix-caching "
                                  "--speculative-config '{\"method\": \"mtp\", \"num_speculative_tokens\": 3}'");
        QCOMPARE(c.plan.numSpeculativeTokens, 3);
        QCOMPARE(c.plan.speculativeLayers, 1); // the MTP layer joins the KV pool
        QCOMPARE(c.plan.prefixCaching, PrefixCaching::On);
        QVERIFY(c.ignoredFlags.empty());
        // The plan has no field for the method: the option as written goes on to the export.
        QVERIFY((c.vllmExtraArgs
            == std::vector<VllmExtraArg> {
                { "--speculative-config", std::string(R"({"method": "mtp", "num_speculative_tokens": 3})") } }));
        const ImportedCommand dotted = importLaunchCommand(
            "vllm serve m --speculative-config.num_speculative_tokens 2 --no-enable-prefix-caching");
        QCOMPARE(dotted.plan.numSpeculativeTokens, 2);
        QCOMPARE(dotted.plan.prefixCaching, PrefixCaching::Off);
        QVERIFY_THROWS_EXCEPTION(
            InputError, importLaunchCommand("vllm serve m --speculative-config '{\"num_speculative_tokens\": 900}'"));
        // A recipe's placeholder inside the JSON: the command imports, the settings are not read, a warning says so.
        const ImportedCommand placeholder = importLaunchCommand(
            "vllm serve m --speculative-config '{\"model\": <eagle3_model_name>, \"num_speculative_tokens\": 3}'");
        QCOMPARE(placeholder.plan.numSpeculativeTokens, 0);
        QCOMPARE(placeholder.warnings().size(), std::size_t(1));
        QVERIFY(placeholder.vllmExtraArgs.empty()); // not written into the export as it stands
        const ImportedCommand dollar = importLaunchCommand(
            "vllm serve m --speculative-config '{\"model\": \"$DRAFT\", \"num_speculative_tokens\": 3}'");
        QCOMPARE(dollar.plan.numSpeculativeTokens, 3);
        QVERIFY(dollar.vllmExtraArgs.empty()); // single quotes: vLLM would get "$DRAFT" as the draft model
        const std::vector<std::string> said = dollar.warnings();
        QVERIFY(std::find(said.begin(), said.end(),
                    R"(--speculative-config {"model": "$DRAFT", "num_speculative_tokens": 3} is a placeholder to fill )"
                    "in; the export leaves it out")
            != said.end());

        Plan p;
        p.numSpeculativeTokens = 4;
        p.prefixCaching = PrefixCaching::Off;
        const Plan back = planFromJson(planToJson(p));
        QCOMPARE(back.numSpeculativeTokens, 4);
        QCOMPARE(back.prefixCaching, PrefixCaching::Off);
        QVERIFY(planToJson(Plan {})["enable_prefix_caching"].is_null()); // the release's default
        nlohmann::json bad = planToJson(Plan {});
        bad["enable_prefix_caching"] = "yes";
        QVERIFY_THROWS_EXCEPTION(InputError, planFromJson(bad));
    }
};

QTEST_GUILESS_MAIN(TestSpeculativeState)
#include "tst_speculativestate.moc"
