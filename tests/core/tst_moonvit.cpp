// MoonViT, the vision tower of Kimi-K2.5 (kimi_k25) and Kimi-K3 (kimi_k3, MoonViT-V2), with its projector, sized
// by hand from vision_config and vLLM's rules (neuralmagic/vllm mirror of vllm-project/vllm @017e9f4448b7):
//   vllm/model_executor/models/kimi_k25_vit.py MoonViT3dPretrainedModel: patch_embed.proj nn.Conv2d(3 -> H, p x p,
//     bias patch_embed_proj_bias, default True), patch_embed.pos_emb.weight [init_pos_emb_height,
//     init_pos_emb_width, H] (time_weight a non-persistent sin-cos buffer: no parameter); per block norm0, norm1
//     (_make_vision_norm: nn.LayerNorm or nn.RMSNorm), wqkv QKVParallelLinear(H -> 3 Q, bias attn_bias),
//     wo RowParallelLinear(Q -> H, bias attn_bias), mlp.fc0 ColumnParallelLinear(H -> I, bias linear_bias),
//     mlp.fc1 RowParallelLinear(I -> H, bias linear_bias); final_layernorm;
//   KimiK25MultiModalProjector (same file), every linear ReplicatedLinear: "patchmerger" pre_norm
//     nn.LayerNorm(H), linear_1 M -> M and linear_2 M -> mm_hidden_size with biases; "patchmergerv2" linear_1,
//     linear_2 M -> text_hidden_size without biases, post_norm nn.RMSNorm; M = H x 2 x 2 (merge_kernel_size);
//   vllm/transformers_utils/configs/kimi_k25.py: KimiK25VisionConfig reads hidden_size etc. (the published config
//     spells them vt_*; vLLM's defaults 1152 / 4304 / 16 / 27 equal them); mm_hidden_size equal to hidden_size
//     is replaced by the text hidden size (7168);
//   vllm/transformers_utils/configs/kimi_k3.py: KimiK3VisionConfig reads vt_*, qkv_hidden_size; text_hidden_size
//     is forced to the text hidden size;
//   kimi_k25.py and vllm/models/kimi_k3/nvidia/model.py: supports_encoder_tp_data = True.
// A RowParallelLinear splits its weight, not its bias (vllm/model_executor/layers/linear.py).
#include "core/evaluate/evaluation.h"
#include "core/evaluate/weights.h"
#include "core/model/errors.h"
#include "tests/common/testutils.h"

#include <QFile>

#include <nlohmann/json.hpp>

using namespace shardscope;

namespace {

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

class TestMoonVit : public QObject
{
    Q_OBJECT
private slots:
    // Kimi-K3 (vt_hidden_size 1024, vt_intermediate_size 4096, 12 heads, 27 layers, qkv_hidden_size 1536,
    // attn_bias, linear_bias and patch_embed_proj_bias false, norm_type rmsnorm, patch 14, pos_emb 64 x 64,
    // patchmergerv2, text hidden 7168). M = 4096.
    //   Per block: wqkv 3 x 1536 x 1024 = 4,718,592; wo 1024 x 1536 = 1,572,864; fc0 4096 x 1024 = 4,194,304;
    //     fc1 1024 x 4096 = 4,194,304 (split: 14,680,064); norm0, norm1 RMSNorm 2 x 1024 = 2,048: 14,682,112.
    //   Tower: 27 x 14,682,112 = 396,417,024; patch_embed.proj 1024 x 3 x 14 x 14 = 602,112; pos_emb 64 x 64 x 1024
    //     = 4,194,304; final_layernorm 1,024: 401,214,464 (the card's "MoonViT-V2 401M").
    //   Projector: linear_1 4096 x 4096 = 16,777,216; linear_2 7168 x 4096 = 29,360,128; post_norm 7,168:
    //     46,144,512. Tower + projector 447,358,976 (the checkpoint's vision tensors, tst_kimik3 weightBytes).
    //   Split over TP: 27 x 14,680,064 = 396,361,728. Whole: 27 x 2,048 + 602,112 + 4,194,304 + 1,024
    //     + 46,144,512 = 50,997,248.
    void kimiK3()
    {
        const ModelSpec m = presetModel("kimi-k3");
        QCOMPARE(m.vision.type, std::string("kimi_k3 vision"));
        QCOMPARE(m.vision.shardedParams, 396361728.0);
        QCOMPARE(m.vision.replicatedParams, 50997248.0);
        QCOMPARE(m.vision.shardedParams + m.vision.replicatedParams, 401214464.0 + 46144512.0);

        const GpuSpec gpu = presetGpu("h200");
        // TP 4 (12 heads divide 4), BF16: (396,361,728 / 4 + 50,997,248) x 2 B = (99,090,432 + 50,997,248) x 2
        // = 300,175,360 B.
        Plan p = makePlan("kimi-k3", "h200", 4);
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 300175360.0);
        // TP 8: 12 heads do not divide 8, so vLLM falls back to data parallelism (is_vit_use_data_parallel(num_heads),
        // vision.py): the whole 447,358,976 x 2 = 894,717,952 B on every rank.
        p = makePlan("kimi-k3", "h200", 8);
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 894717952.0);
        // --mm-encoder-tp-mode data: the whole 447,358,976 x 2 = 894,717,952 B on every rank.
        p.mmEncoderTpData = true;
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 894717952.0);
        p.languageModelOnly = true;
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 0.0);
    }

    // Kimi-K2.5 (vt_hidden_size 1152, vt_intermediate_size 4304, 16 heads, 27 layers; no qkv_hidden_size, so Q = H;
    // attn_bias, linear_bias, patch_embed_proj_bias default True; norm_type default layernorm; patch 14, pos_emb
    // 64 x 64; patchmerger with mm_hidden_size 1152 = H, replaced by 7168). M = 4608.
    //   Per block: wqkv 3 x 1152 x 1152 + 3,456 = 3,984,768; wo 1152 x 1152 = 1,327,104 + bias 1,152;
    //     fc0 4304 x 1152 + 4,304 = 4,962,512; fc1 1152 x 4304 = 4,958,208 + bias 1,152; norm0, norm1 LayerNorm
    //     4 x 1152 = 4,608. Split 15,232,592, whole 6,912: 15,239,504.
    //   Tower: 27 x 15,239,504 = 411,466,608; patch_embed.proj 1152 x 3 x 14 x 14 + 1,152 = 678,528; pos_emb
    //     64 x 64 x 1152 = 4,718,592; final_layernorm 2,304: 416,866,032. The model card's "Parameters of Vision
    //     Encoder: 400M" (moonshotai/Kimi-K2.5 README, copied at https://haimaker.ai/models/moonshotai/kimi-k2.5):
    //     +4.2 %, a rounded figure; G. Lockwood's estimate from the config is ~425M
    //     (https://glennklockwood.com/garden/kimi-k2.5).
    //   Projector: pre_norm 2 x 1152 = 2,304; linear_1 4608 x 4608 + 4,608 = 21,238,272; linear_2 7168 x 4608
    //     + 7,168 = 33,037,312: 54,277,888. Tower + projector 471,143,920.
    //   Split: 27 x 15,232,592 = 411,279,984. Whole: 27 x 6,912 + 678,528 + 4,718,592 + 2,304 + 54,277,888
    //     = 59,863,936.
    void kimiK25()
    {
        const ModelSpec m = presetModel("kimi-k2.5");
        QCOMPARE(m.vision.type, std::string("kimi_k25 vision"));
        QCOMPARE(m.vision.shardedParams, 411279984.0);
        QCOMPARE(m.vision.replicatedParams, 59863936.0);
        QCOMPARE(m.vision.shardedParams + m.vision.replicatedParams, 471143920.0);

        const GpuSpec gpu = presetGpu("h200");
        // TP 8 (16 heads divide 8): (411,279,984 / 8 + 59,863,936) x 2 B = (51,409,998 + 59,863,936) x 2
        // = 222,547,868 B.
        Plan p = makePlan("kimi-k2.5", "h200", 8);
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 222547868.0);
        // Data mode: 471,143,920 x 2 = 942,287,840 B.
        p.mmEncoderTpData = true;
        for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 942287840.0);
    }

    // Sizes are required, by the key vLLM reads (kimi_k3: vt_*; kimi_k25: the plain key, else vt_*).
    void missingFields()
    {
        nlohmann::json k3 = presetConfig("kimi-k3");
        QVERIFY(refusal(k3).isEmpty());
        for (const char *key :
            { "vt_hidden_size", "vt_num_hidden_layers", "init_pos_emb_height", "merge_kernel_size", "patch_size" }) {
            nlohmann::json bad = k3;
            bad["vision_config"].erase(key);
            const QString why = refusal(bad);
            QVERIFY2(why.contains("vision_config") && why.contains(QLatin1String(key)), qPrintable(why));
        }
        nlohmann::json k25 = presetConfig("kimi-k2.5");
        k25["vision_config"].erase("vt_intermediate_size");
        QVERIFY(refusal(k25).contains("vt_intermediate_size"));
        k25["vision_config"]["intermediate_size"] = 4304;
        QCOMPARE(modelFromJsonText(k25.dump(), "t").vision, presetModel("kimi-k2.5").vision);
        k25["vision_config"]["norm_type"] = "batchnorm";
        QVERIFY(refusal(k25).contains("norm_type"));
    }
};

QTEST_GUILESS_MAIN(TestMoonVit)
#include "tst_moonvit.moc"
