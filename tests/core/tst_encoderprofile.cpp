// The multimodal encoder's pass in vLLM's profiling run, worked out by hand from vLLM's source (neuralmagic/vllm,
// a mirror of vllm-project/vllm main, @017e9f4448b7; the same code in its v0.24.0 branch):
//   vllm/v1/worker/gpu_model_runner.py profile_run: the encoder runs first on a batch of maximum-size dummy
//     items; the outputs stay in encoder_cache and the batched pixel values in a local through the language
//     model's dummy run;
//   vllm/v1/core/encoder_cache_manager.py compute_mm_encoder_budget: budget max(max_num_batched_tokens, the
//     largest item's tokens); vllm/multimodal/encoder_budget.py _get_max_items: budget // item tokens, capped
//     by max_num_seqs x max(1, max_model_len // item tokens), at least 1;
//   qwen2_vl.py get_image_size_with_most_features: longest_edge // (patch x merge)^2 merged tokens;
//   qwen3_vl.py Qwen3_VisionTransformer.forward, qwen2_5_vl.py Qwen2_5_VisionAttention.forward (FlashAttention
//     varlen: no patches x patches matrix), pynccl's out-of-place all-reduce.
// Qwen3.5-27B's tower: hidden 1,152, intermediate 4,304, 16 heads (head size 72), in_channels 3, temporal patch
// 2, patch 16, merge 2, out_hidden_size 5,120, no deepstack; its processor's longest_edge 16,777,216 px: 16,777,216
// / 32^2 = 16,384 merged tokens, P = 16,384 x 4 = 65,536 patches of 3 x 2 x 16 x 16 = 1,536 values.
// Checked against club-3090#1087 (Qwen3.8-27B FP8, the same tower, TP 2, vLLM 0.27.1, 8,192 batched tokens):
// "profiled with 1 image items" and 1.59 GiB of peak activation, which from 0.26 includes the 0.13 GiB CUDA-graph
// estimate it prints: 1.46 GiB for the encoder.
#include "core/evaluate/encoderprofile.h"
#include "core/evaluate/evaluation.h"
#include "core/launch/launchimport.h"
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "io/checkpointfolder.h"
#include "tests/common/testutils.h"

#include <QFile>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

using namespace shardscope;

class TestEncoderProfile : public QObject
{
    Q_OBJECT
private slots:
    // Through the forward pass: pixels 65,536 x 1,536 x 2 = 201,326,592; pos_embeds 65,536 x 1,152 x 2 =
    // 150,994,944; rotary cos + sin 2 x 65,536 x 36 x 2 = 9,437,184: 361,758,720.
    // tp 2, at the attention's all-reduce: 4 x 150,994,944 (residual, norm1, partial, result) + 8 x 75,497,472
    // (qkv 3, q/k copy 2, rotated 2, output 1 at hidden / 2) = 1,207,959,552; the MLP: 65,536 x 2 x (2 x 1,152 +
    // max(4,304, 2,152 + 2,304)) = 131,072 x 6,760 = 886,046,720. Peak 361,758,720 + 1,207,959,552 = 1,569,718,272.
    // Held through the language model: pixels 201,326,592 + outputs 16,384 x 5,120 x 2 = 167,772,160.
    void qwen35AtTp2()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        QCOMPARE(m.vision.encoder.maxImagePixels, std::int64_t { 16777216 });
        const EncoderProfile e = encoderProfile(m.vision, 2, false, 8192, 2, 131072);
        QCOMPARE(e.items, std::int64_t { 1 });
        QCOMPARE(e.tokens, std::int64_t { 16384 });
        QCOMPARE(e.patches, std::int64_t { 65536 });
        QCOMPARE(e.towerPeak, 1569718272.0);
        QCOMPARE(e.heldThroughLm, 201326592.0 + 167772160.0);
    }

    // tp 1: no all-reduce, 11 x 150,994,944 = 1,660,944,384 at the attention; the MLP 131,072 x (2,304 +
    // max(8,608, 5,456)) = 1,430,257,664. Peak 361,758,720 + 1,660,944,384 = 2,022,703,104.
    // --mm-encoder-tp-mode data at tp 2: whole images go to ranks (run_dp_sharded_mrope_vision_model, vision.py);
    // the one image runs unsharded on one rank (the tp 1 peak), which holds the torch.cat copy of its pixels:
    // + 201,326,592.
    void tpOneAndDataMode()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        QCOMPARE(encoderProfile(m.vision, 1, false, 8192, 2, 131072).towerPeak, 2022703104.0);
        QCOMPARE(encoderProfile(m.vision, 2, true, 8192, 2, 131072).towerPeak, 2022703104.0 + 201326592.0);
        // Four images (65,536 batched tokens) in data mode at tp 2: whole images per rank, 2 on the busiest, P =
        // 131,072. The whole batch's pixels 262,144 x 1,536 x 2 = 805,306,368 on every rank, the rank's copy of its
        // own 402,653,184, pos_embeds 131,072 x 1,152 x 2 = 301,989,888, rotary 131,072 x 72 x 2 = 18,874,368:
        // 1,528,823,808; the attention at t = 1, 11 x 301,989,888 = 3,321,888,768 (the MLP 2,860,515,328).
        QCOMPARE(encoderProfile(m.vision, 2, true, 65536, 2, 131072).towerPeak, 1528823808.0 + 3321888768.0);
    }

    // 65,536 batched tokens: budget 65,536 // 16,384 = 4 images, under max_num_seqs 2 x (131,072 // 16,384 = 8);
    // every term is linear in the patches: 4 x 1,569,718,272. With one sequence of 16,384 tokens the cap is
    // 1 x max(1, 1) = 1 image.
    void budgetAndItems()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        const EncoderProfile four = encoderProfile(m.vision, 2, false, 65536, 2, 131072);
        QCOMPARE(four.items, std::int64_t { 4 });
        QCOMPARE(four.towerPeak, 4 * 1569718272.0);
        QCOMPARE(encoderProfile(m.vision, 2, false, 65536, 1, 16384).items, std::int64_t { 1 });
    }

    // Qwen3-VL-235B's tower (the preset's vision_config: hidden 1,152, intermediate 4,304, 16 heads, out 4,096,
    // deepstack at layers 8, 16, 24): the same 1,569,718,272 at tp 2 plus three deepstack merger outputs kept to the
    // end, 3 x 16,384 x 4,096 x 2 = 402,653,184: 1,972,371,456; held: pixels + 16,384 x 4,096 x 4 x 2.
    void deepstack()
    {
        const ModelSpec m = presetModel("qwen3-vl-235b-a22b");
        QCOMPARE(m.vision.encoder.deepstack, 3);
        const EncoderProfile e = encoderProfile(m.vision, 2, false, 8192, 2, 131072);
        QCOMPARE(e.towerPeak, 1972371456.0);
        QCOMPARE(e.heldThroughLm, 201326592.0 + 16384.0 * 4096 * 4 * 2);
    }

    // In the evaluation: the peak is the larger of the encoder's and pixels + outputs + the language model's;
    // --skip-mm-profiling and --language-model-only leave the encoder out, V0 (0.6) never ran it, and a tower
    // whose forward pass is not modelled (Gemma-4) adds nothing.
    void inTheEvaluation()
    {
        const ModelSpec m = presetModel("qwen3.5-27b");
        const GpuSpec gpu = presetGpu("rtx-4090");
        Plan p = makePlan("qwen3.5-27b", "rtx-4090", 2);
        p.vllmVersion = { 0, 27, 1 };
        p.maxNumSeqs = 2;
        p.maxNumBatchedTokens = 8192;
        p.maxModelLen = 131072;
        p.quantization = Quantization::Fp8;
        p.kvCacheDtype = KvDtype::Fp8;
        const Evaluation e = evaluate(p, m, gpu);
        QVERIFY(!e.ranks.empty());
        for (const RankPlacement &r : e.ranks) {
            const ActivationEstimate &a = r.memory.activation;
            QCOMPARE(a.encoderPeak, 1569718272.0);
            QCOMPARE(a.encoderHeld, 369098752.0);
            QVERIFY(a.languageModel() > 0 && a.encoderHeld + a.languageModel() < a.encoderPeak);
            QCOMPARE(a.total(), 1569718272.0);
        }
        for (int off = 0; off < 3; ++off) {
            Plan q = p;
            if (off == 0)
                q.skipMmProfiling = true;
            else if (off == 1)
                q.languageModelOnly = true;
            else
                q.vllmVersion = { 0, 6, 6 };
            const Evaluation without = evaluate(q, m, gpu);
            QVERIFY(!without.ranks.empty());
            QCOMPARE(without.ranks.front().memory.activation.encoderPeak, 0.0);
            QCOMPARE(without.ranks.front().memory.activation.total(),
                without.ranks.front().memory.activation.languageModel());
        }
        const Evaluation gemma = evaluate(
            makePlan("gemma-4-26b-a4b-it", "h100-sxm", 2), presetModel("gemma-4-26b-a4b-it"), presetGpu("h100-sxm"));
        QVERIFY(!gemma.ranks.empty());
        QCOMPARE(gemma.ranks.front().memory.activation.encoderPeak, 0.0);
    }

    // A model folder's preprocessor_config.json sets the dummy image: longest_edge 1,048,576 px -> 1,048,576 / 32^2
    // = 1,024 merged tokens; the 8,192-token budget holds 8,192 / 1,024 = 8 such images (under 2 x 131,072 / 1,024),
    // 8,192 tokens, 32,768 patches, half the 65,536 above; every term is linear in the patches: 784,859,136.
    // "max_pixels" (older processor configs) 33,554,432 -> 32,768 tokens, one image over budget max(8,192, 32,768):
    // 131,072 patches, 2 x 1,569,718,272 = 3,139,436,544.
    void processorFromModelFolder()
    {
        QFile preset(QStringLiteral(":/presets/models/qwen3.5-27b.json"));
        QVERIFY(preset.open(QIODevice::ReadOnly));
        const std::string config = nlohmann::json::parse(preset.readAll().toStdString()).at("config").dump();
        QTemporaryDir tmp;
        const auto write = [&](const char *name, const std::string &text) {
            QFile f(QDir(tmp.path()).filePath(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.data(), static_cast<qint64>(text.size()));
        };
        write("config.json", config);
        const auto peakAtTp2 = [&] {
            const checkpointfolder::ModelFolder f = checkpointfolder::read(tmp.path());
            return encoderProfile(modelFromJsonText(f.modelText, f.id).vision, 2, false, 8192, 2, 131072).towerPeak;
        };
        QCOMPARE(peakAtTp2(), 1569718272.0); // no processor file: the published checkpoints' 16,777,216
        write("preprocessor_config.json", R"({"size": {"longest_edge": 1048576, "shortest_edge": 65536}})");
        QCOMPARE(peakAtTp2(), 784859136.0);
        write("preprocessor_config.json", R"({"max_pixels": 33554432})");
        QCOMPARE(peakAtTp2(), 3139436544.0);
        write("preprocessor_config.json", "[1, 2");
        try {
            checkpointfolder::read(tmp.path());
            QFAIL("accepted a broken preprocessor_config.json");
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("preprocessor_config.json") != std::string::npos, e.what());
        }
        write("preprocessor_config.json", R"({"size": {"longest_edge": -5}})");
        QVERIFY_THROWS_EXCEPTION(InputError, peakAtTp2());
    }

    // --skip-mm-profiling is vLLM's switch (MultiModalConfig.skip_mm_profiling, #22950): imported into the plan
    // field skip_mm_profiling, kept by the plan file and written back by the export.
    void skipFlagRoundTrip()
    {
        const ImportedCommand c = importLaunchCommand("vllm serve Qwen/Qwen3.5-27B -tp 2 --skip-mm-profiling");
        QVERIFY(c.plan.skipMmProfiling);
        const nlohmann::json j = planToJson(c.plan);
        QCOMPARE(j.at("skip_mm_profiling").get<bool>(), true);
        QVERIFY(planFromJson(j).skipMmProfiling);
        QVERIFY(!planFromJson(planToJson(makePlan("qwen3.5-27b", "h100-sxm", 2))).skipMmProfiling);
    }
};

QTEST_GUILESS_MAIN(TestEncoderProfile)
#include "tst_encoderprofile.moc"
