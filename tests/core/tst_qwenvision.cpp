// The Qwen3-VL vision transformer (Qwen3-VL, Qwen3.5, Qwen3.6), sized by hand from vision_config and vLLM's rules
// (neuralmagic/vllm mirror of vllm-project/vllm @017e9f4448b7):
//   vllm/model_executor/models/qwen3_vl.py Qwen3_VisionTransformer (patch_embed Conv3dLayer with bias, pos_embed
//     nn.Embedding, blocks of two nn.LayerNorm, Qwen2_5_VisionAttention qkv QKVParallelLinear with bias and proj
//     RowParallelLinear with bias (qwen2_5_vl.py), Qwen3_VisionMLP linear_fc1 ColumnParallel / linear_fc2
//     RowParallel with biases; merger and deepstack_merger_list Qwen3_VisionPatchMerger);
//   qwen3_5.py: Qwen3_5ForConditionalGeneration and Qwen3_5MoeForConditionalGeneration build the same class;
//   Qwen3VLForConditionalGeneration.supports_encoder_tp_data = True (--mm-encoder-tp-mode data: whole tower).
// A RowParallelLinear splits its weight, not its bias (vllm/model_executor/layers/linear.py).
#include "core/evaluate/evaluation.h"
#include "core/evaluate/weights.h"
#include "core/model/errors.h"
#include "tests/common/testutils.h"

#include <QFile>

#include <cmath>

#include <nlohmann/json.hpp>

using namespace shardscope;

namespace {

// The preset's config.json, as published.
nlohmann::json presetConfig(const char *id)
{
    QFile file(QStringLiteral(":/presets/models/%1.json").arg(QLatin1String(id)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(file.readAll().toStdString()).at("config");
}

QString refusal(const nlohmann::json &config)
{
    try {
        (void)modelFromJsonText(config.dump(), "t");
    } catch (const InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestQwenVision : public QObject
{
    Q_OBJECT
private slots:
    // Qwen3.5-27B (vision_config: depth 27, hidden 1152, 16 heads, intermediate 4304, in_channels 3, patch 16,
    // temporal 2, 2304 positions, merge 2, out_hidden_size 5120, deepstack_visual_indexes []). M = 1152 x 4 = 4608.
    //   TP-split: per block qkv 3 x 1152 x 1152 + 3456 = 3,984,768; proj 1152 x 1152 = 1,327,104;
    //     fc1 4304 x 1152 + 4304 = 4,962,512; fc2 1152 x 4304 = 4,958,208: 15,232,592; x 27 = 411,279,984;
    //     merger fc1 4608 x 4608 + 4608 = 21,238,272, fc2 5120 x 4608 = 23,592,960: 456,111,216 in all.
    //   Whole: patch_embed 1152 x 3 x 2 x 16 x 16 + 1152 = 1,770,624; pos_embed 2304 x 1152 = 2,654,208;
    //     per block norm1, norm2 4 x 1152 and the proj and fc2 biases 2 x 1152 = 6,912, x 27 = 186,624;
    //     merger norm 2 x 1152 + fc2 bias 5120 = 7,424: 4,618,880.
    //   Total 460,730,096 = 921,460,192 B in BF16 (878.8 MiB).
    // Independent check, from a checkpoint's tensors: a public write-up of the Qwen3.5-27B-architecture tower
    // (Qwen3.8-27B-FP8, whose config the qwen3.5-27b preset's sources call byte-identical to Qwen3.5-27B's), found
    // by the search index's exact-string search for "visual.pos_embed.weight", lists the shapes it read from
    // the safetensors: patch_embed.proj.weight [1152, 3, 2, 16, 16] and bias [1152]; pos_embed.weight
    // [2304, 1152]; per block 0..26 norm1 and norm2 weight and bias [1152], attn.qkv.weight [3456, 1152] and bias
    // [3456], attn.proj.weight [1152, 1152] and bias [1152], mlp.linear_fc1.weight [4304, 1152] and bias [4304],
    // mlp.linear_fc2.weight [1152, 4304] and bias [1152]; merger.norm weight and bias [1152],
    // merger.linear_fc1.weight [4608, 4608] and bias [4608], merger.linear_fc2.weight [5120, 4608] and bias
    // [5120]; "333 tensors, 460.7M parameters, BF16 879 MiB" (27 x 12 + 6 + 2 + 1 = 333; no deepstack merger).
    // From those shapes: 1,769,472 + 1,152 + 2,654,208 + 27 x (4 x 1152 + 3,981,312 + 3456 + 1,327,104 + 1152
    // + 4,958,208 + 4304 + 4,958,208 + 1152) + 2 x 1152 + 21,233,664 + 4608 + 23,592,960 + 5120
    // = 4,424,832 + 27 x 15,239,504 + 44,838,656 = 460,730,096.
    void qwen35Dense27b()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        QCOMPARE(m.vision.type, std::string("qwen3_5"));
        QCOMPARE(m.vision.shardedParams, 456111216.0);
        QCOMPARE(m.vision.replicatedParams, 4618880.0);
        QCOMPARE(m.vision.shardedParams + m.vision.replicatedParams, 460730096.0);
        // The language model's count is unchanged: the card's 27B is checked without the tower (tst_hybridkv).
        QVERIFY(std::abs(countParams(m).total / 26895998464.0 - 1) < 1e-12);

        const GpuSpec gpu = presetGpu("h100-sxm");
        // TP 2: each rank holds half the split tensors and all the rest: (228,055,608 + 4,618,880) x 2 B.
        Plan p = makePlan("qwen3.5-27b", "h100-sxm", 2);
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 465348976.0);
        // --mm-encoder-tp-mode data: every rank holds the whole tower, 921,460,192 B.
        p.mmEncoderTpData = true;
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 921460192.0);
        // --language-model-only: the tower is built under _mark_tower_model and skipped.
        p.languageModelOnly = true;
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 0.0);
    }

    // Qwen3-VL-235B-A22B (out_hidden_size 4096, deepstack_visual_indexes [8, 16, 24]: three more mergers whose
    // norm is LayerNorm(M) after the shuffle). Blocks as above, 411,279,984 split and 186,624 whole.
    //   Split: each of 4 mergers fc1 21,238,272 + fc2 4096 x 4608 = 18,874,368: 40,112,640; x 4 = 160,450,560;
    //     571,730,544 in all.
    //   Whole: 1,770,624 + 2,654,208 + 186,624 + merger (2 x 1152 + 4096 = 6,400) + 3 deepstack mergers
    //     (2 x 4608 + 4096 = 13,312; x 3 = 39,936) = 4,657,792.
    //   Total 576,388,336.
    // Qwen3.5-397B-A17B: out 4096, no deepstack: 411,279,984 + 40,112,640 = 451,392,624 split,
    //   1,770,624 + 2,654,208 + 186,624 + 6,400 = 4,617,856 whole.
    void qwen3VlMoeAndQwen35Moe()
    {
        const ModelSpec vl = presetModel("qwen3-vl-235b-a22b");
        QCOMPARE(vl.vision.type, std::string("qwen3_vl_moe"));
        QCOMPARE(vl.vision.shardedParams, 571730544.0);
        QCOMPARE(vl.vision.replicatedParams, 4657792.0);
        const ModelSpec big = presetModel("qwen3.5-397b-a17b");
        QCOMPARE(big.vision.shardedParams, 451392624.0);
        QCOMPARE(big.vision.replicatedParams, 4617856.0);
        // Qwen3.5-35B-A3B and 122B-A10B differ only in out_hidden_size (2048, 3072): 4608 (O + 1) + O each.
        QCOMPARE(presetModel("qwen3.5-35b-a3b").vision.shardedParams
                + presetModel("qwen3.5-35b-a3b").vision.replicatedParams,
            451392624.0 + 4617856.0 - (4096 - 2048) * 4609.0);
        QCOMPARE(presetModel("qwen3.5-122b-a10b").vision.shardedParams
                + presetModel("qwen3.5-122b-a10b").vision.replicatedParams,
            451392624.0 + 4617856.0 - (4096 - 3072) * 4609.0);
    }

    // Qwen3.5-9B: the same tower as the 397B-A17B (out_hidden_size 4096, no deepstack_visual_indexes), as the
    // public test the preset cites quotes its VISION_CONFIG: 451,392,624 split + 4,617,856 whole = 456,010,480,
    // 912,020,960 B in BF16. Independent check: that test's checkpoint total, index.json total_size
    // 19,306,216,416 B in BF16 = 9,653,108,208 parameters, is the language model (8,953,803,264,
    // tools/param-count.py) + the tower + the MTP layer by hand (qwen3_5_mtp.py: fc 8192 x 4096 = 33,554,432;
    // pre_fc norms 2 x 4096; one gated full-attention layer q 4096 x 8192 = 33,554,432, k and v 2 x 4096 x 1024 =
    // 8,388,608, o 4096 x 4096 = 16,777,216, q/k norms 2 x 256, MLP 3 x 4096 x 12288 = 150,994,944, two norms 2 x
    // 4096; final norm 4096: 243,290,624, its 15 tensors) to 3,840 parameters (0.00004 %), not attributed.
    void qwen35Dense9b()
    {
        const ModelSpec m = presetModel("qwen3.5-9b");
        QCOMPARE(m.vision.type, std::string("qwen3_5 vision")); // the quoted VISION_CONFIG has no model_type
        QCOMPARE(m.vision.shardedParams, 451392624.0);
        QCOMPARE(m.vision.replicatedParams, 4617856.0);
        const double mtp
            = 33554432.0 + 2 * 4096 + 33554432 + 8388608 + 16777216 + 2 * 256 + 150994944 + 2 * 4096 + 4096;
        QCOMPARE(mtp, 243290624.0);
        const double total = countParams(m).total + m.vision.shardedParams + m.vision.replicatedParams + mtp;
        QVERIFY(std::abs(total - 19306216416.0 / 2) <= 3840);
        const Plan p = makePlan("qwen3.5-9b", "l40s", 1);
        for (const RankPlacement &r : evaluate(p, m, presetGpu("l40s")).ranks)
            QCOMPARE(r.memory.weights.vision, 912020960.0);
    }

    // Every size comes from vision_config: a missing one is refused by name. deepstack_visual_indexes absent
    // means none for Qwen3.5 (vLLM's Qwen3_5VisionConfig has no such field and qwen3_5.py reads it with hasattr)
    // and is refused for Qwen3-VL (its config class is Transformers', whose defaults this reader does not take).
    void missingFields()
    {
        nlohmann::json c = presetConfig("qwen3.5-27b");
        QVERIFY(c.contains("vision_config"));
        QVERIFY(refusal(c).isEmpty());
        for (const char *key : { "num_position_embeddings", "out_hidden_size", "temporal_patch_size", "depth" }) {
            nlohmann::json bad = c;
            bad["vision_config"].erase(key);
            const QString why = refusal(bad);
            QVERIFY2(why.contains("vision_config") && why.contains(QLatin1String(key)), qPrintable(why));
        }
        nlohmann::json noDeepstack = c;
        noDeepstack["vision_config"].erase("deepstack_visual_indexes");
        QCOMPARE(modelFromJsonText(noDeepstack.dump(), "t").vision, presetModel("qwen3.5-27b").vision);

        nlohmann::json vl = presetConfig("qwen3-vl-235b-a22b");
        vl["vision_config"].erase("deepstack_visual_indexes");
        QVERIFY(refusal(vl).contains("deepstack_visual_indexes"));
        vl["vision_config"]["deepstack_visual_indexes"] = 3;
        QVERIFY(refusal(vl).contains("deepstack_visual_indexes"));
    }
};

QTEST_GUILESS_MAIN(TestQwenVision)
#include "tst_qwenvision.moc"
