// Gemma-4, MiMo-V2 and LFM2: KV bytes per token per GPU, per-request state, block sizes and parameter counts worked
// out by hand from the presets' configs and vLLM's rules:
//   Gemma-4: vllm-project/vllm vllm/model_executor/models/gemma4.py @001cabc1be16 (full layers use
//     global_head_dim and, with attention_k_eq_v, num_global_key_value_heads; the cache still holds K and V;
//     the last num_kv_shared_layers layers keep no cache);
//   page unification: vllm/v1/core/kv_cache_utils.py @001cabc1be16 unify_kv_cache_spec_page_size (a type with
//     a smaller page per token gets a proportionally larger block), _get_kv_cache_groups_uniform_page_size;
//   MiMo-V2: vllm/model_executor/models/mimo_v2_flash.py @01ed47b4166b (per-layer heads, V narrower than K);
//   LFM2: vllm/model_executor/models/lfm2.py @055e47c28003, vllm/model_executor/layers/mamba/short_conv.py
//     @0123e1dc5c65 (conv state (conv_L_cache - 1) x conv_dim / tp in the model dtype);
//   ERNIE-4.5 MoE: vllm/model_executor/models/ernie45_moe.py @0028a75108fd, defaults from Transformers'
//     configuration_ernie4_5_moe.py @001f85b38fb4;
//   HunYuan-MoE-V1: vllm/model_executor/models/hunyuan_v1.py @017e9f4448b7 (per-layer lists, shared MLP);
//   Hy3: vllm/model_executor/models/hy_v3.py @017e9f4448b7 (expert_hidden_dim, expert_bias, qk_norm);
//   Laguna: vllm/model_executor/models/laguna.py @038481da3a60 (per-layer query heads, g_proj output gate,
//     RoPE per layer type); rotary_embedding YaRN cache of original_max_position_embeddings x factor positions.
//   AFMoE (Arcee's Trinity): vllm/model_executor/models/afmoe.py @017e9f4448b7 (gate_proj output gate of heads x
//     head_dim, q/k norms, four norms, num_dense_layers, FP32 router and expert_bias, per-layer sliding window
//     from layer_types, RoPE on sliding layers only) with the config class vLLM loads,
//     vllm/transformers_utils/configs/afmoe.py @017e9f4448b7.
// Gemma-4 per-layer embeddings (E2B / E4B): the same gemma4.py, Gemma4Model and Gemma4DecoderLayer.
//   MiniMax-M3: vllm/models/minimax_m3/nvidia/model.py @0443308aa3e9 (every layer caches K/V as GQA; a sparse
//     layer's fused qkv_proj adds index_q, index heads x index dim sharded like the KV heads, and index_k, one
//     head replicated on every rank) and vllm/models/minimax_m3/common/indexer.py @0484480bc730 (the index-key
//     side cache: MLAAttentionSpec, 1 head of sparse_index_dim per token, bf16 by default, not split by TP);
//     the config is the minimax-m3 preset's (vLLM's MiniMaxM3TextConfig defaults, @1471680b2471).
// Official counts: Gemma 4 model card (31B: 30.7B; 26B A4B: 25.2B total, 3.8B active; 12B: 11.95B), LFM2.5 recipes
// (vllm-project/recipes @8959cf64 models/LiquidAI/LFM2.5-1.2B-Instruct.yaml: "1.2B"), Trinity-Large-Thinking
// (vllm-project/recipes @8959cf64 models/arcee-ai/Trinity-Large-Thinking.yaml: "398B", "13B" active).
#include "core/evaluate/evaluation.h"
#include "core/evaluate/kvcache.h"
#include "core/evaluate/weights.h"
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "tests/common/testutils.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>

using namespace shardscope;

namespace {

bool within(double value, double expected, double fraction)
{
    return std::abs(value - expected) <= fraction * expected;
}

QString refusal(const std::string &text)
{
    try {
        (void)modelFromJsonText(text, "t");
    } catch (const InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

// A small Gemma-4 text config: 6 layers (5 sliding + 1 full), the given extra fields.
std::string gemma4(const std::string &extra)
{
    return R"({"model_type": "gemma4_text", "num_hidden_layers": 6, "hidden_size": 64, "num_attention_heads": 4,)"
           R"( "num_key_value_heads": 2, "head_dim": 16, "global_head_dim": 32, "vocab_size": 128,)"
           R"( "intermediate_size": 96, "sliding_window": 8, "layer_types": ["sliding_attention",)"
           R"( "sliding_attention", "sliding_attention", "sliding_attention", "sliding_attention", "full_attention"])"
        + extra + "}";
}

} // namespace

class TestLayerFamilies : public QObject
{
    Q_OBJECT
private slots:
    void gemma4DenseKv()
    {
        const ModelSpec m = presetModel("gemma-4-31b-it");
        QCOMPARE(m.layers, 60);
        // Layer types: every 6th layer full (10), the rest sliding (50); full layers 512-wide heads, 4 KV heads.
        const auto counts = layerKindCounts(m);
        QCOMPARE(counts.size(), std::size_t(2));
        QCOMPARE(counts[0], (std::pair<std::string, int>("full_attention", 10)));
        QCOMPARE(counts[1], (std::pair<std::string, int>("sliding_attention", 50)));
        QCOMPARE(m.layerHeadDim(m.layerInfo[5]), 512);
        QCOMPARE(m.layerKvHeads(m.layerInfo[5]), 4);
        QCOMPARE(m.layerHeadDim(m.layerInfo[0]), 256);
        // TP1, bf16: sliding 2 x 16 x 256 x 2 B = 16,384 B per token and layer; full 2 x 4 x 512 x 2 = 8,192
        // (K = V: the cache still holds both). 50 x 16,384 + 10 x 8,192 = 819,200 + 81,920 = 901,120 B.
        const KvPool tp1 = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(tp1.bytesPerToken, 901120.0);
        QCOMPARE(tp1.stateBytesPerRequest, 0.0);
        // Pages: sliding 16 x 16,384 = 262,144 B, full 16 x 8,192 = 131,072 B; the full layers get a
        // 32-token block to fill the same page. The printed block (the smallest) stays 16.
        QCOMPARE(tp1.blockSize, 16);
        // Groups: 10 full, 50 sliding; 50 >= 1.5 x 10, so groups of 10: 1 full + 5 sliding groups, and a
        // block costs 262,144 x 10 = 2,621,440 B.
        QCOMPARE(tp1.groupSize, 10);
        QCOMPARE(tp1.fullGroups, 1);
        QCOMPARE(tp1.windowGroups, 5);
        QCOMPARE(tp1.bytesPerBlock, 2621440.0);
        // A 32,768-token request: full cdiv(32768, 32) = 1,024 blocks; sliding cdiv(min(1024 - 1 + 8192,
        // 32768) = 9,215, 16) + 1 = 576 + 1 = 577 per group; 1,024 + 5 x 577 = 3,909.
        QCOMPARE(tp1.blocksPerRequest, std::int64_t(3909));
        // TP2: sliding 8 KV heads (8,192 B), full 2 (4,096 B): 50 x 8,192 + 10 x 4,096 = 450,560 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Auto, 16, 32768, 8192).bytesPerToken, 450560.0);
        // TP8: sliding 2 heads (2,048 B); full 4 / 8 rounds up to 1 replicated head: 2 x 1 x 512 x 2 = 2,048.
        // 60 x 2,048 = 122,880 B, one page size, so both types keep 16-token blocks: full cdiv(32768, 16) =
        // 2,048 blocks, 1 + 5 x 577 sliding.
        const KvPool tp8 = kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(tp8.bytesPerToken, 122880.0);
        QCOMPARE(tp8.blocksPerRequest, std::int64_t(2048 + 5 * 577));
        // fp8 KV halves every layer: 450,560 B at TP1.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Fp8, 16, 32768, 8192).bytesPerToken, 450560.0);
    }

    void gemma4DenseParams()
    {
        const ModelSpec m = presetModel("gemma-4-31b-it");
        // Card: 30.7B (vision encoder apart). By hand: sliding layer q, o 5376 x 8192 each, k, v 5376 x 4096 each,
        // q/k norms 2 x 256, MLP 3 x 5376 x 21504, 4 norms of 5376: 88,080,384 + 44,040,192 + 512 +
        // 346,816,512 + 21,504 = 478,959,104 (x 50 = 23,947,955,200). Full layer q, o 5376 x 16384 each, k only
        // (K = V) 5376 x 2048, norms 2 x 512: 176,160,768 + 11,010,048 + 1,024 + 346,816,512 + 21,504 =
        // 534,009,856 (x 10 = 5,340,098,560). Embedding (tied) 262144 x 5376 = 1,409,286,144, final norm 5,376.
        // Sum: 23,947,955,200 + 5,340,098,560 + 1,409,286,144 + 5,376 = 30,697,345,280.
        const double sliding = 2.0 * 5376 * 32 * 256 + 2.0 * 5376 * 16 * 256 + 2 * 256 + 3.0 * 5376 * 21504 + 4 * 5376;
        const double full = 2.0 * 5376 * 32 * 512 + 1.0 * 5376 * 4 * 512 + 2 * 512 + 3.0 * 5376 * 21504 + 4 * 5376;
        const double expected = 50 * sliding + 10 * full + 262144.0 * 5376 + 5376;
        QCOMPARE(expected, 30697345280.0);
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, expected);
        QVERIFY2(within(c.total, 30.7e9, 0.01), std::to_string(c.total).c_str());
        // What vLLM allocates on a TP1 rank holds V for the K = V layers too (K is loaded into both slots):
        // 10 x 5376 x 2048 more parameters than the checkpoint, in bf16, plus the RoPE cos/sin buffer of
        // max_position_embeddings x head_dim in bf16 (rotary_embedding/base.py): 262,144 x 256 x 2 B.
        RankShape shape;
        shape.layerCount = m.layers;
        shape.embedding = shape.lmHead = true;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.ropeCache, 262144.0 * 256 * 2);
        QCOMPARE(w.total(), 2 * (expected + 10.0 * 5376 * 2048) + 262144.0 * 256 * 2);
    }

    void gemma4MoeKvAndParams()
    {
        const ModelSpec m = presetModel("gemma-4-26b-a4b-it");
        QCOMPARE(m.moeLayerCount(), 30);
        // TP1: sliding 2 x 8 x 256 x 2 = 8,192 B; full 2 x 2 x 512 x 2 = 4,096 B; 25 x 8,192 + 5 x 4,096 =
        // 225,280 B per token. TP2: 4,096 and 2,048: 112,640 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 225280.0);
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 112640.0);
        // Card: 25.2B total, 3.8B active. Per layer: the dense MLP 3 x 2816 x 2112 always runs; 128 experts of
        // 3 x 2816 x 704 (8 active); router 128 x 2816 + scale 2816 + per_expert_scale 128; 7 norms of 2816.
        const double expert = 3.0 * 2816 * 704;
        const double common = 3.0 * 2816 * 2112 + 128.0 * 2816 + 2816 + 128 + 7 * 2816;
        const double sliding = 2.0 * 2816 * 16 * 256 + 2.0 * 2816 * 8 * 256 + 2 * 256 + common;
        const double full = 2.0 * 2816 * 16 * 512 + 1.0 * 2816 * 2 * 512 + 2 * 512 + common;
        const double ends = 262144.0 * 2816 + 2816;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 25 * sliding + 5 * full + 30 * 128 * expert + ends);
        QCOMPARE(c.active, 25 * sliding + 5 * full + 30 * 8 * expert + ends);
        QVERIFY2(within(c.total, 25.2e9, 0.01), std::to_string(c.total).c_str());
        QVERIFY2(within(c.active, 3.8e9, 0.01), std::to_string(c.active).c_str());
    }

    // The vision tower as vLLM builds it (gemma4_mm.py: Transformers' Gemma4VisionModel with every nn.Linear
    // replaced by a ReplicatedLinear, vllm/model_executor/models/transformers/utils.py recursive_replace_linear,
    // neuralmagic/vllm@017e9f4448b7; the projector a ReplicatedLinear): whole on every rank, whatever
    // --mm-encoder-tp-mode (Gemma-4 does not set supports_encoder_tp_data), none with --language-model-only.
    // Shapes: Transformers modeling_gemma4.py. For H 1152, I 4304, 27 layers, 16 heads and 16 KV heads of 72,
    // patch 16, 10,240 positions, standardize, text hidden T:
    //   per layer: q, k, v, o 4 x 1152 x 1152 = 5,308,416; q/k norms 2 x 72 = 144; gate, up, down
    //     3 x 4304 x 1152 = 14,874,624; 4 norms 4 x 1152 = 4,608: 20,187,792; x 27 = 545,070,384;
    //   patch projection 1152 x 3 x 16 x 16 = 884,736; position table 2 x 10240 x 1152 = 23,592,960;
    //   std_bias + std_scale 2 x 1152 = 2,304; projector T x 1152 (26B-A4B: 2816 x 1152 = 3,244,032);
    //   26B-A4B: 572,794,416 parameters, 1,145,588,832 B in BF16 per rank.
    void gemma4VisionTower()
    {
        const ModelSpec m = presetModel("gemma-4-26b-a4b-it");
        QCOMPARE(m.vision.type, std::string("gemma4_vision"));
        QCOMPARE(m.vision.shardedParams, 0.0);
        QCOMPARE(m.vision.replicatedParams, 572794416.0);
        QCOMPARE(presetModel("gemma-4-31b-it").vision.replicatedParams, 572794416.0 - 3244032 + 5376.0 * 1152);
        // Not a language-model parameter: the official 25.2B leaves the ~550M encoder apart.
        QVERIFY(within(countParams(m).total, 25.2e9, 0.01));

        const GpuSpec gpu = presetGpu("h100-sxm");
        for (const bool data : { false, true }) {
            Plan p = makePlan("gemma-4-26b-a4b-it", "h100-sxm", 2, 2);
            p.mmEncoderTpData = data;
            const Evaluation e = evaluate(p, m, gpu);
            for (const RankPlacement &r : e.ranks) // every TP and PP rank holds the whole tower
                QCOMPARE(r.memory.weights.vision, 1145588832.0);
        }
        Plan text = makePlan("gemma-4-26b-a4b-it", "h100-sxm", 2);
        text.languageModelOnly = true;
        const Evaluation e = evaluate(text, m, gpu);
        for (const RankPlacement &r : e.ranks)
            QCOMPARE(r.memory.weights.vision, 0.0);
        // The setting round-trips through the plan file, with vLLM's value names.
        Plan both = text;
        both.mmEncoderTpData = true;
        const nlohmann::json j = planToJson(both);
        QCOMPARE(j.at("language_model_only").get<bool>(), true);
        QCOMPARE(j.at("mm_encoder_tp_mode").get<std::string>(), std::string("data"));
        const Plan back = planFromJson(j);
        QVERIFY(back.languageModelOnly && back.mmEncoderTpData);
    }

    // A vision_config this reader cannot size is named in a warning, never silently dropped; a Gemma-4 tower
    // missing a size is refused with the field's name.
    void visionTowerUnsizedOrBad()
    {
        const ModelSpec m = modelFromJsonText(
            gemma4(R"(, "vision_config": {"model_type": "siglip_vision_model", "hidden_size": 8})"), "t");
        QCOMPARE(m.vision.type, std::string("siglip_vision_model"));
        QVERIFY(!m.vision.sized());
        Plan p = makePlan("gemma-4-26b-a4b-it", "h100-sxm", 1);
        bool warned = false;
        for (const PlanIssue &i : evaluate(p, m, presetGpu("h100-sxm")).issues)
            warned = warned
                || (i.code == "vision_unsized" && i.message().find("siglip_vision_model") != std::string::npos);
        QVERIFY(warned);
        p.languageModelOnly = true;
        for (const PlanIssue &i : evaluate(p, m, presetGpu("h100-sxm")).issues)
            QVERIFY(i.code != "vision_unsized");
        const QString why
            = refusal(gemma4(R"(, "vision_config": {"model_type": "gemma4_vision", "hidden_size": 8,)"
                             R"( "intermediate_size": 16, "num_hidden_layers": 1, "num_attention_heads": 2,)"
                             R"( "head_dim": 4, "patch_size": 2, "position_embedding_size": 8})"));
        QVERIFY2(why.contains("vision_config") && why.contains("num_key_value_heads"), qPrintable(why));
        QVERIFY(!refusal(gemma4(R"(, "vision_config": 3)")).isEmpty());
    }

    void gemma4KvSharing()
    {
        // num_kv_shared_layers 2 of 6: layer 5 (full) would read the last earlier full layer, and there is
        // none: refused, as vLLM's list.index() fails there.
        QVERIFY(refusal(gemma4(R"(, "num_kv_shared_layers": 2)")).contains("num_kv_shared_layers"));
        // 12 layers (two 5 + 1 blocks), last 3 shared (9, 10 sliding -> layer 8; 11 full -> layer 5): KV on
        // layers 0-8 only: 8 sliding x (2 x 2 x 16 x 2 B = 128) + 1 full x (2 x 2 x 32 x 2 = 256) = 1,280 B.
        std::string twelve = gemma4(R"(, "num_kv_shared_layers": 3, "use_double_wide_mlp": true)");
        twelve.replace(twelve.find("\"num_hidden_layers\": 6"), 22, "\"num_hidden_layers\": 12");
        const std::string six = R"("sliding_attention", "sliding_attention", "sliding_attention", "sliding_attention",)"
                                R"( "sliding_attention", "full_attention")";
        twelve.replace(twelve.find("\"layer_types\": [") + 16, six.size(), six + ", " + six);
        const ModelSpec m = modelFromJsonText(twelve, "g");
        QVERIFY(m.layerInfo[9].kvShared && m.layerInfo[11].kvShared && !m.layerInfo[8].kvShared);
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 1280.0);
        // use_double_wide_mlp: the shared layers' MLP is 2 x 96 wide.
        QCOMPARE(m.layerInfo[10].ffnIntermediate, 192);
        QCOMPARE(m.layerInfo[8].ffnIntermediate, -1);
    }

    void gemma4PerLayerEmbeddings()
    {
        // The fuzz seed tests/fuzz/seeds/modelconfig/gemma4-per-layer-embeddings.json: 5 layers (S S F S F), h 64,
        // 4 heads, 1 KV head, head sizes 16 / 32, MLP 96, P = hidden_size_per_layer_input 8 with a 100-row table,
        // the last 2 layers KV-shared (3 -> layer 1, 4 -> layer 2) with a 192-wide MLP, tied embeddings.
        const std::string config = R"({"model_type": "gemma4_text", "num_hidden_layers": 5, "hidden_size": 64,)"
                                   R"( "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 16,)"
                                   R"( "global_head_dim": 32, "vocab_size": 128, "intermediate_size": 96,)"
                                   R"( "hidden_size_per_layer_input": 8, "vocab_size_per_layer_input": 100,)"
                                   R"( "num_kv_shared_layers": 2, "use_double_wide_mlp": true, "sliding_window": 8,)"
                                   R"( "tie_word_embeddings": true,)"
                                   R"( "layer_types": ["sliding_attention", "sliding_attention", "full_attention",)"
                                   R"( "sliding_attention", "full_attention"]})";
        const ModelSpec m = modelFromJsonText(config, "g");
        QCOMPARE(m.perLayerInputDim, 8);
        QCOMPARE(m.perLayerInputVocab, 100);
        QCOMPARE(m.normsPerLayer, 5); // + post_per_layer_input_norm
        // Checkpoint count. Sliding attention: q, o 2 x 64 x 4 x 16 = 8,192, k, v 2 x 64 x 1 x 16 = 2,048, q/k
        // norms 2 x 16: 10,272. Full: 2 x 64 x 4 x 32 = 16,384, 2 x 64 x 32 = 4,096, 2 x 32: 20,544. MLP 3 x 64 x 96
        // = 18,432 (36,864 on the shared layers). Every layer: gate 64 x 8 + projection 8 x 64 = 1,024, 5 norms
        // of 64 = 320. Ends: embedding 128 x 64 = 8,192, final norm 64, table 100 x 5 x 8 = 4,000, model
        // projection 64 x 40 = 2,560, its norm 8.
        const double sliding = 8192 + 2048 + 32, full = 16384 + 4096 + 64, mlp = 3 * 64 * 96, perLayer = 1024 + 320;
        const double layers
            = 2 * (sliding + mlp) + (full + mlp) + (sliding + 2 * mlp) + (full + 2 * mlp) + 5 * perLayer;
        QCOMPARE(layers, 207648.0);
        const ParamCounts c = countParams(m);
        QCOMPARE(c.perLayerEmbedding, 4000.0);
        QCOMPARE(c.total, layers + 8192 + 64 + 4000 + 2560 + 8);
        QCOMPARE(c.total, 222472.0);
        QCOMPARE(c.active, c.total);
        // A TP2 rank with the embedding, bf16. The table is vocab-parallel (cdiv 100 / 2 = 50 rows, padded to
        // 64) x 40 and its norm 8; embed_tokens 64 rows x 64. The model projection is column-parallel (2,560 / 2);
        // each layer's gate and projection are replicated (1,024 each); the MLPs split (9,216, or 18,432 wide).
        RankShape shape;
        shape.tp = 2;
        shape.layerCount = m.layers;
        shape.embedding = shape.lmHead = true;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.embedding, 2 * (64.0 * 64 + 64.0 * 40 + 8));
        QCOMPARE(w.mlp, 2 * (3 * 9216.0 + 2 * 18432.0 + 5 * 1024.0 + 1280));
        // Attention: the one KV head is replicated, q and o split: sliding 2 x 64 x 2 x 16 + 2 x 64 x 16 + 32 =
        // 6,176, full 2 x 64 x 2 x 32 + 2 x 64 x 32 + 64 = 12,352.
        QCOMPARE(w.attention, 2 * (3 * 6176.0 + 2 * 12352.0));
        // A later pipeline stage holds none of the per-layer-embedding tensors but each layer's gate.
        RankShape later = shape;
        later.embedding = later.lmHead = false;
        later.firstLayer = 3;
        later.layerCount = 2;
        const WeightBreakdown w2 = rankWeightBytes(m, later, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w2.embedding, 0.0);
        QCOMPARE(w2.mlp, 2 * (2 * 18432.0 + 2 * 1024.0));
        // KV: layers 0-2 only: 2 sliding x (2 x 1 x 16 x 2 B) + 1 full x (2 x 1 x 32 x 2 B) = 128 + 128 = 256 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 256.0);
    }

    void gemma4E2bE4b()
    {
        // E2B: 35 layers, every 5th full; the last 20 KV-shared (layer 15 on), their MLP 2 x 6144 wide.
        const ModelSpec e2b = presetModel("gemma-4-e2b-it");
        QCOMPARE(e2b.layers, 35);
        QVERIFY(!e2b.layerInfo[14].kvShared && e2b.layerInfo[15].kvShared);
        QCOMPARE(e2b.layerInfo[15].ffnIntermediate, 12288);
        // KV per token, bf16: layers 0-14 keep a cache, 12 sliding x (2 x 1 x 256 x 2 B = 1,024) and 3 full
        // x (2 x 1 x 512 x 2 B = 2,048): 12,288 + 6,144 = 18,432 B. One KV head: the same at TP2 (replicated).
        QCOMPARE(kvPoolForLayers(e2b, 0, e2b.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 18432.0);
        QCOMPARE(kvPoolForLayers(e2b, 0, e2b.layers, 2, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 18432.0);
        // Counted tensors (k / v kept on the shared layers, as vLLM allocates them). Sliding attention 2 x 1536 x
        // 8 x 256 + 2 x 1536 x 256 + 2 x 256 = 7,078,400; full 2 x 1536 x 8 x 512 + 2 x 1536 x 512 + 2 x 512 =
        // 14,156,800; MLP 3 x 1536 x 6144 = 28,311,552; per layer gate + projection 2 x 1536 x 256 = 786,432 and 5
        // norms of 1536. Layers 0-14: 12 sliding, 3 full; 15-34: 16 sliding, 4 full, MLP doubled. Ends: embedding
        // 262144 x 1536 = 402,653,184, the table 262144 x 35 x 256 = 2,348,810,240, projection 1536 x 8960 =
        // 13,762,560, norms 1536 + 256.
        {
            const double s = 7078400, f = 14156800, mlp = 28311552, per = 786432 + 5 * 1536;
            const double layers = 12 * s + 3 * f + 15 * mlp + 16 * s + 4 * f + 20 * 2 * mlp + 35 * per;
            const double expected = layers + 402653184.0 + 2348810240.0 + 13762560 + 1536 + 256;
            QCOMPARE(expected, 4647449856.0);
            const ParamCounts c = countParams(e2b);
            QCOMPARE(c.total, expected);
            QCOMPARE(c.perLayerEmbedding, 2348810240.0);
        }
        // E4B: 42 layers, every 6th full, the last 18 shared (layer 24 on), MLP 10240 throughout.
        const ModelSpec e4b = presetModel("gemma-4-e4b-it");
        QVERIFY(!e4b.layerInfo[23].kvShared && e4b.layerInfo[24].kvShared);
        QCOMPARE(e4b.layerInfo[30].ffnIntermediate, -1);
        // KV: layers 0-23, 20 sliding x (2 x 2 x 256 x 2 = 2,048) + 4 full x (2 x 2 x 512 x 2 = 4,096) = 57,344 B;
        // TP2 halves it (one KV head per rank).
        QCOMPARE(kvPoolForLayers(e4b, 0, e4b.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 57344.0);
        QCOMPARE(kvPoolForLayers(e4b, 0, e4b.layers, 2, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 28672.0);
        {
            // Sliding 2 x 2560 x 8 x 256 + 2 x 2560 x 2 x 256 + 512 = 13,107,712; full 2 x 2560 x 8 x 512 + 2 x 2560
            // x 2 x 512 + 1,024 = 26,215,424; MLP 3 x 2560 x 10240 = 78,643,200; gate + projection 2 x 2560 x 256
            // = 1,310,720, 5 norms of 2560. 35 sliding, 7 full. Ends: 262144 x 2560 = 671,088,640, table 262144 x
            // 42 x 256 = 2,818,572,288, projection 2560 x 10752 = 27,525,120, norms 2560 + 256.
            const double s = 13107712, f = 26215424, mlp = 78643200, per = 1310720 + 5 * 2560;
            const double expected
                = 35 * s + 7 * f + 42 * (mlp + per) + 671088640.0 + 2818572288.0 + 27525120 + 2560 + 256;
            QCOMPARE(expected, 7518068992.0);
            QCOMPARE(countParams(e4b).total, expected);
        }
    }

    // Gemma-4 12B (google/gemma-4-12B-it, Gemma4UnifiedForConditionalGeneration): vLLM's gemma4_unified.py
    // (neuralmagic/vllm@017e9f4448b7, a mirror of vllm-project/vllm main) runs the same Gemma4ForCausalLM
    // (gemma4.py) as the other Gemma-4 models, so the text rules above hold: 48 layers, every 6th full (8), 40
    // sliding with a 1024-token window; sliding 8 KV heads x 256, full 1 KV head x 512 with K = V (the cache
    // still holds K and V); no KV sharing, no per-layer embeddings (hidden_size_per_layer_input 0).
    void gemma4Unified12b()
    {
        const ModelSpec m = presetModel("gemma-4-12b-it");
        QCOMPARE(m.layers, 48);
        // The -it checkpoint's 128K (vllm-project/recipes @8959cf64 models/Google/gemma-4-12B-it.yaml).
        QCOMPARE(m.maxPositionEmbeddings, 131072);
        const auto counts = layerKindCounts(m);
        QCOMPARE(counts.size(), std::size_t(2));
        QCOMPARE(counts[0], (std::pair<std::string, int>("full_attention", 8)));
        QCOMPARE(counts[1], (std::pair<std::string, int>("sliding_attention", 40)));
        QCOMPARE(m.layerHeadDim(m.layerInfo[47]), 512);
        QCOMPARE(m.layerKvHeads(m.layerInfo[47]), 1);
        QCOMPARE(m.layerHeadDim(m.layerInfo[0]), 256);
        QCOMPARE(m.layerKvHeads(m.layerInfo[0]), 8);
        for (const LayerInfo &l : m.layerInfo)
            QVERIFY(!l.kvShared);
        // TP1, bf16: sliding 2 x 8 x 256 x 2 B = 8,192 B per token and layer; full 2 x 1 x 512 x 2 B = 2,048.
        // 40 x 8,192 + 8 x 2,048 = 327,680 + 16,384 = 344,064 B.
        const KvPool tp1 = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(tp1.bytesPerToken, 344064.0);
        QCOMPARE(tp1.stateBytesPerRequest, 0.0);
        // Pages (kv_cache_utils.py unify_kv_cache_spec_page_size): sliding 16 x 8,192 = 131,072 B, full 16 x
        // 2,048 = 32,768 B, so the full layers get 64-token blocks. Groups: 8 full, 40 sliding; 40 >= 1.5 x 8, so
        // groups of 8: 1 full + 5 sliding, a block costs 131,072 x 8 = 1,048,576 B.
        QCOMPARE(tp1.blockSize, 16);
        QCOMPARE(tp1.groupSize, 8);
        QCOMPARE(tp1.fullGroups, 1);
        QCOMPARE(tp1.windowGroups, 5);
        QCOMPARE(tp1.bytesPerBlock, 1048576.0);
        // A 32,768-token request: full cdiv(32768, 64) = 512 blocks; sliding cdiv(min(1024 - 1 + 8192, 32768)
        // = 9,215, 16) + 1 = 577 per group; 512 + 5 x 577 = 3,397.
        QCOMPARE(tp1.blocksPerRequest, std::int64_t(512 + 5 * 577));
        // TP2: sliding 4 KV heads (4,096 B); the one global KV head is replicated (2,048 B):
        // 40 x 4,096 + 8 x 2,048 = 180,224 B. TP4: 40 x 2,048 + 16,384 = 98,304. TP8: 40 x 1,024 + 16,384 = 57,344.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Auto, 16, 32768, 8192).bytesPerToken, 180224.0);
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 4, KvDtype::Auto, 16, 32768, 8192).bytesPerToken, 98304.0);
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 16, 32768, 8192).bytesPerToken, 57344.0);
        // fp8 KV halves every layer: 172,032 B at TP1.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Fp8, 16, 32768, 8192).bytesPerToken, 172032.0);

        // Parameters. Sliding layer: q, o 2 x 3840 x 16 x 256 = 31,457,280; k, v 2 x 3840 x 8 x 256 = 15,728,640;
        // q/k norms 2 x 256; MLP 3 x 3840 x 15360 = 176,947,200; 4 norms of 3840: 224,148,992 (x 40 =
        // 8,965,959,680). Full layer: q, o 2 x 3840 x 16 x 512 = 62,914,560; k only (K = V) 3840 x 512 =
        // 1,966,080; norms 2 x 512; MLP and 4 norms as above: 241,844,224 (x 8 = 1,934,753,792). Embedding (tied)
        // 262144 x 3840 = 1,006,632,960, final norm 3840. Sum 11,907,350,272.
        const double sliding = 2.0 * 3840 * 16 * 256 + 2.0 * 3840 * 8 * 256 + 2 * 256 + 3.0 * 3840 * 15360 + 4 * 3840;
        const double full = 2.0 * 3840 * 16 * 512 + 1.0 * 3840 * 1 * 512 + 2 * 512 + 3.0 * 3840 * 15360 + 4 * 3840;
        const double expected = 40 * sliding + 8 * full + 262144.0 * 3840 + 3840;
        QCOMPARE(expected, 11907350272.0);
        QCOMPARE(countParams(m).total, expected);
        // Card and recipe (vllm-project/recipes @8959cf64 Google/Gemma4.md): 11.95B, the embedders included.
        QVERIFY2(within(countParams(m).total, 11.95e9, 0.01), std::to_string(countParams(m).total).c_str());

        // The encoder-free embedders (gemma4_unified.py Gemma4UnifiedVisionEmbedder; gemma4_mm.py
        // Gemma4MultimodalEmbedder), p 48, E 3840, 1120 positions, text hidden 3840, audio output_proj_dims 640:
        //   patch_dense (ColumnParallelLinear, split over TP) 6912 x 3840 + bias 3840 = 26,545,920;
        //   whole on each rank: patch_ln1 2 x 6912 = 13,824, patch_ln2 and pos_norm 2 x 2 x 3840 = 15,360,
        //   pos_embedding 1120 x 2 x 3840 = 8,601,600, embed_vision 3840 x 3840 = 14,745,600, embed_audio
        //   640 x 3840 = 2,457,600: 25,833,984.
        // With the decoder: 11,907,350,272 + 52,379,904 = 11,959,730,176, the Hugging Face checkpoint's count
        // (11,959,730,224) less the 48 one-element layer_scalar buffers (gemma4.py Gemma4DecoderLayer).
        QCOMPARE(m.vision.type, std::string("gemma4_unified_vision"));
        QCOMPARE(m.vision.shardedParams, 26545920.0);
        QCOMPARE(m.vision.replicatedParams, 25833984.0);
        QCOMPARE(expected + m.vision.shardedParams + m.vision.replicatedParams, 11959730224.0 - 48);
        const GpuSpec gpu = presetGpu("h100-sxm");
        for (const RankPlacement &r : evaluate(makePlan("gemma-4-12b-it", "h100-sxm", 1), m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 2 * 52379904.0);
        // TP2, bf16: (26,545,920 / 2 + 25,833,984) x 2 B = 78,213,888 B per rank. --mm-encoder-tp-mode data
        // changes nothing: the model class does not set supports_encoder_tp_data, so vLLM falls back to
        // "weights" (vllm/config/model.py @017e9f4448b7).
        for (const bool data : { false, true }) {
            Plan p = makePlan("gemma-4-12b-it", "h100-sxm", 2);
            p.mmEncoderTpData = data;
            for (const RankPlacement &r : evaluate(p, m, gpu).ranks)
                QCOMPARE(r.memory.weights.vision, 78213888.0);
        }
        // --language-model-only keeps them: gemma4_unified.py builds the embedders outside _mark_tower_model
        // (interfaces.py), the only path that skips a tower whose modalities are all limited to 0.
        Plan text = makePlan("gemma-4-12b-it", "h100-sxm", 2);
        text.languageModelOnly = true;
        for (const RankPlacement &r : evaluate(text, m, gpu).ranks)
            QCOMPARE(r.memory.weights.vision, 78213888.0);
        // A unified embedder missing a size is refused with the field's name.
        const QString why = refusal(gemma4(R"(, "vision_config": {"model_type": "gemma4_unified_vision",)"
                                           R"( "model_patch_size": 4, "mm_posemb_size": 8, "output_proj_dims": 64})"));
        QVERIFY2(why.contains("vision_config") && why.contains("mm_embed_dim"), qPrintable(why));
    }

    void gemma4Refusals()
    {
        // The MoE block needs its experts.
        QVERIFY(refusal(gemma4(R"(, "enable_moe_block": true)")).contains("num_experts"));
        QVERIFY(refusal(gemma4(R"(, "enable_moe_block": true, "num_experts": 4, "top_k_experts": 2)"))
                    .contains("moe_intermediate_size"));
        // Global KV heads must divide the query heads.
        QVERIFY(refusal(gemma4(R"(, "attention_k_eq_v": true, "num_global_key_value_heads": 3)"))
                    .contains("num_global_key_value_heads"));
        // Without layer_types vLLM cannot place the global layers.
        QVERIFY(refusal(R"({"model_type": "gemma4_text", "num_hidden_layers": 2, "hidden_size": 64,)"
                        R"( "num_attention_heads": 4, "head_dim": 16, "global_head_dim": 32, "vocab_size": 128,)"
                        R"( "intermediate_size": 96})")
                    .contains("layer_types"));
        // A dense Gemma-4 config reads.
        QVERIFY(refusal(gemma4("")).isEmpty());
    }

    void mimoV2()
    {
        // MiMo-V2-Flash's attention geometry as public copies of its config.json quote it (48 layers, full at
        // 0, 5, 11, ..., 47; full: 64 heads, 4 KV heads, head_dim 192, v_head_dim 128; sliding: 64 heads,
        // 8 KV heads, 192 / 128, window 128, a sink bias per head); FFN sizes made small here.
        std::string pattern;
        for (int i = 0; i < 48; ++i)
            pattern += std::string(i ? ", " : "") + ((i == 0 || i % 6 == 5) ? "0" : "1");
        const std::string config
            = R"({"model_type": "mimo_v2_flash", "num_hidden_layers": 48, "hidden_size": 4096,)"
              R"( "num_attention_heads": 64, "num_key_value_heads": 4, "head_dim": 192,)"
              R"( "v_head_dim": 128, "swa_num_attention_heads": 64, "swa_num_key_value_heads": 8,)"
              R"( "swa_head_dim": 192, "swa_v_head_dim": 128, "sliding_window_size": 128,)"
              R"( "add_swa_attention_sink_bias": true, "vocab_size": 1024, "intermediate_size": 64,)"
              R"( "hybrid_layer_pattern": [)"
            + pattern + "]}";
        const ModelSpec m = modelFromJsonText(config, "mimo");
        const auto counts = layerKindCounts(m);
        QCOMPARE(counts[0], (std::pair<std::string, int>("full_attention", 9)));
        QCOMPARE(counts[1], (std::pair<std::string, int>("sliding_attention", 39)));
        // KV per token and layer, TP1, bf16: full 4 x (192 + 128) x 2 B = 2,560; sliding 8 x 320 x 2 = 5,120.
        // 9 x 2,560 + 39 x 5,120 = 23,040 + 199,680 = 222,720 B.
        const KvPool tp1 = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 65536, 8192);
        QCOMPARE(tp1.bytesPerToken, 222720.0);
        // Pages: sliding 16 x 5,120 = 81,920 B; full 16 x 2,560: the full layers take 32-token blocks.
        // Groups of 9 (39 >= 1.5 x 9): 1 full + cdiv(39, 9) = 5 sliding groups. A 65,536-token request: full
        // cdiv(65536, 32) = 2,048; sliding cdiv(min(128 - 1 + 8192, 65536) = 8,319, 16) + 1 = 520 + 1 = 521.
        QCOMPARE(tp1.windowGroups, 5);
        QCOMPARE(tp1.blocksPerRequest, std::int64_t(2048 + 5 * 521));
        // TP8: full 4 / 8 -> 1 replicated head: 320 x 2 = 640 B; sliding 1 head: 640 B: 48 x 640 = 30,720 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 16, 65536, 8192).bytesPerToken, 30720.0);
        // Attention weights, layer 0 (full): q 4096 x 64 x 192, k 4096 x 4 x 192, v 4096 x 4 x 128, o 64 x 128 x
        // 4096; layer 1 (sliding): k, v with 8 heads and 64 sink biases. MLP 3 x 4096 x 64, 2 norms each.
        const double full = 4096.0 * 64 * 192 + 4096.0 * 4 * 192 + 4096.0 * 4 * 128 + 64.0 * 128 * 4096;
        const double sliding = 4096.0 * 64 * 192 + 4096.0 * 8 * 192 + 4096.0 * 8 * 128 + 64.0 * 128 * 4096 + 64;
        const double other = 3.0 * 4096 * 64 + 2 * 4096;
        QCOMPARE(countParams(m).total, 9 * full + 39 * sliding + 48 * other + 2 * 1024.0 * 4096 + 4096);
        // Bad input: a pattern entry other than 0 / 1, a pattern of the wrong length.
        std::string bad = config;
        bad.replace(bad.rfind("0]"), 1, "2");
        QVERIFY(refusal(bad).contains("hybrid_layer_pattern"));
        QVERIFY(refusal(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 8,)"
                        R"( "intermediate_size": 8, "sliding_window_size": 4, "hybrid_layer_pattern": [1]})")
                    .contains("hybrid_layer_pattern"));
    }

    void lfm2KvAndState()
    {
        const ModelSpec m = presetModel("lfm2.5-1.2b-instruct");
        QCOMPARE(m.mixerCount(LayerMixer::ShortConv), 10);
        QCOMPARE(m.mixerCount(LayerMixer::Attention), 6);
        QCOMPARE(m.intermediate, 8192); // int(2 x 12288 / 3) = 8,192, already a multiple of 256
        // Attention per token and layer, TP1: 2 x 8 KV heads x (2048 / 32 = 64) x 2 B = 2,048; 6 layers: 12,288.
        // Conv state per layer: (3 - 1) x 2048 x 2 B = 8,192; 10 layers: 81,920 B per request.
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::ShortConv, 1), 8192.0);
        const KvPool tp1 = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(tp1.bytesPerToken, 12288.0);
        QCOMPARE(tp1.stateBytesPerRequest, 81920.0);
        // Block: 16 x cdiv(8,192, 16 x 2,048) = 16: the state page fits one attention page.
        QCOMPARE(tp1.blockSize, 16);
        // Groups: 6 attention, 10 state layers; 10 >= 1.5 x 6, so groups of 6: 1 attention + cdiv(10, 6) = 2
        // state groups. A 32,768-token request: cdiv(32768, 16) = 2,048 + 2 = 2,050 blocks.
        QCOMPARE(tp1.stateGroups, 2);
        QCOMPARE(tp1.blocksPerRequest, std::int64_t(2050));
        // TP2: attention 2 x 4 x 64 x 2 = 1,024 (6,144 B); state 2 x 1024 x 2 = 4,096 (40,960 B per request).
        const KvPool tp2 = kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(tp2.bytesPerToken, 6144.0);
        QCOMPARE(tp2.stateBytesPerRequest, 40960.0);
        // A block of 1,024 tokens asked for stays (the state fits).
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 1024, 32768, 8192).blockSize, 1024);
        const auto counts = layerKindCounts(m);
        QCOMPARE(counts[1], (std::pair<std::string, int>("short_conv", 10)));
    }

    void lfm2Params()
    {
        const ModelSpec m = presetModel("lfm2.5-1.2b-instruct");
        // Conv layer: in_proj 2048 x 6144, out_proj 2048 x 2048, conv 2048 x 3; attention layer: q, o 2048 x
        // 2048, k, v 2048 x 512, q/k norms 2 x 64; every layer: MLP 3 x 2048 x 8192 and 2 norms; embedding
        // (tied) 65536 x 2048 and the final norm: 1,170,340,608.
        const double mlp = 3.0 * 2048 * 8192 + 2 * 2048;
        const double conv = 2048.0 * 6144 + 2048.0 * 2048 + 2048 * 3 + mlp;
        const double attention = 2.0 * 2048 * 2048 + 2.0 * 2048 * 512 + 2 * 64 + mlp;
        const double expected = 10 * conv + 6 * attention + 65536.0 * 2048 + 2048;
        QCOMPARE(expected, 1170340608.0);
        QCOMPARE(countParams(m).total, expected);
        // Recipes headline "1.2B": the count rounds to it.
        QCOMPARE(std::round(countParams(m).total / 1e8) / 10, 1.2);
    }

    void lfm2Refusals()
    {
        const std::string base = R"({"model_type": "lfm2", "num_hidden_layers": 2, "hidden_size": 64,)"
                                 R"( "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 128,)"
                                 R"( "block_ff_dim": 96, )";
        QVERIFY(refusal(base + R"("layer_types": ["conv", "full_attention"]})").contains("conv_L_cache"));
        QVERIFY(refusal(base + R"("conv_L_cache": 3, "layer_types": ["conv", "mamba"]})").contains("layer_types"));
        QVERIFY(refusal(base + R"("conv_L_cache": 3, "conv_dim": 32, "layer_types": ["conv", "full_attention"]})")
                    .contains("conv_dim"));
        QVERIFY(refusal(base + R"("conv_L_cache": 3})").contains("full_attn_idxs"));
        QVERIFY(refusal(base + R"("conv_L_cache": 3, "full_attn_idxs": [1]})").isEmpty());
        // An LFM2-MoE config without experts is refused; with them its first num_dense_layers stay dense.
        const std::string moe = R"({"model_type": "lfm2_moe", "num_hidden_layers": 3, "hidden_size": 64,)"
                                R"( "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 128,)"
                                R"( "intermediate_size": 96, "conv_L_cache": 3,)"
                                R"( "layer_types": ["conv", "full_attention", "conv"], )";
        QVERIFY(refusal(moe + R"("num_dense_layers": 1})").contains("num_experts"));
        const ModelSpec m = modelFromJsonText(moe
                + R"("num_dense_layers": 1, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32,)"
                  R"( "use_expert_bias": true})",
            "m");
        QVERIFY(!m.layerInfo[0].moe && m.layerInfo[1].moe && m.layerInfo[2].moe);
        // Layer 0: conv 64 x 192 + 64 x 64 + 64 x 3, MLP 3 x 64 x 96 (intermediate_size as is); layers 1-2:
        // 4 experts of 3 x 64 x 32, router 4 x 64 + expert bias 4; layer 1 attention q, o 64 x 64, k, v 64 x 32,
        // q/k norms 2 x 16; layer 2 conv; 2 norms of 64 per layer; embedding (tied) 128 x 64, final norm 64.
        const double conv = 64.0 * 192 + 64 * 64 + 64 * 3;
        const double attn = 2.0 * 64 * 64 + 2.0 * 64 * 32 + 2 * 16;
        const double moeFfn = 4 * 3.0 * 64 * 32 + 4 * 64 + 4;
        QCOMPARE(
            countParams(m).total, conv + 3.0 * 64 * 96 + attn + moeFfn + conv + moeFfn + 3 * 2 * 64 + 128.0 * 64 + 64);
    }

    // LFM2.5-350M / 230M: dense LFM2 as lfm2Params. 350M: 10 conv + 6 attention layers at 1024, MLP 2/3 x 6656
    // rounded up to 256 = 4608; 354,483,968, the figure a pinned copy of the checkpoint reports. 230M: 8 conv +
    // 6 attention layers, MLP 2560 as is (block_auto_adjust_ff_dim false); 229,693,184 ("230M").
    void lfm25SmallDense()
    {
        const auto expected = [](int convLayers, int attentionLayers, double mlpWidth) {
            const double h = 1024, mlp = 3 * h * mlpWidth + 2 * h;
            const double conv = h * 3 * h + h * h + h * 3 + mlp;
            const double attention = 2 * h * h + 2 * h * 512 + 2 * 64 + mlp;
            return convLayers * conv + attentionLayers * attention + 65536 * h + h;
        };
        const ModelSpec m350 = presetModel("lfm2.5-350m");
        QCOMPARE(m350.intermediate, 4608);
        QCOMPARE(m350.mixerCount(LayerMixer::ShortConv), 10);
        QCOMPARE(countParams(m350).total, expected(10, 6, 4608));
        QCOMPARE(countParams(m350).total, 354483968.0);
        const ModelSpec m230 = presetModel("lfm2.5-230m");
        QCOMPARE(m230.intermediate, 2560);
        QCOMPARE(m230.mixerCount(LayerMixer::ShortConv), 8);
        QCOMPARE(m230.mixerCount(LayerMixer::Attention), 6);
        QCOMPARE(countParams(m230).total, expected(8, 6, 2560));
        QVERIFY(within(countParams(m230).total, 230e6, 0.01));
        // Conv state per request: (3 - 1) x 1024 x 2 B per conv layer.
        QCOMPARE(
            kvPoolForLayers(m230, 0, m230.layers, 1, KvDtype::Auto, 16, 32768, 8192).stateBytesPerRequest, 8 * 4096.0);
    }

    // LFM2.5-8B-A1B (lfm2_moe): 18 conv + 6 attention layers at 2048; layers 0-1 a dense MLP of 7168, 2-23 32
    // experts of 1792 (4 per token), router and expert bias; tied 128000 x 2048 embedding.
    void lfm25MoE()
    {
        const ModelSpec m = presetModel("lfm2.5-8b-a1b");
        QCOMPARE(m.mixerCount(LayerMixer::ShortConv), 18);
        QCOMPARE(m.mixerCount(LayerMixer::Attention), 6);
        QVERIFY(!m.layerInfo[1].moe && m.layerInfo[2].moe && m.layerInfo[23].moe);
        const double h = 2048, norms = 2 * h;
        const double conv = h * 3 * h + h * h + h * 3, attention = 2 * h * h + 2 * h * 512 + 2 * 64;
        const double expert = 3 * h * 1792, router = 32 * h + 32;
        const double mixers = 18 * conv + 6 * attention + 24 * norms;
        const double dense = 2 * 3 * h * 7168, ends = 128000 * h + h;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, mixers + dense + 22 * (router + 32 * expert) + ends);
        QCOMPARE(c.active, mixers + dense + 22 * (router + 4 * expert) + ends);
        QCOMPARE(c.total, 8467856832.0);
        // The release's 8.3B / 1.5B are LFM2-8B-A1B's (65536-token vocabulary): the same layers count so.
        const double smallerVocab = (128000 - 65536) * h;
        QVERIFY(within(c.total - smallerVocab, 8.3e9, 0.01));
        QVERIFY(within(c.active - smallerVocab, 1.5e9, 0.04));
        // KV: 6 layers x 2 x 8 x 64 x 2 B; conv state: 18 x 2 x 2048 x 2 B per request.
        const KvPool pool = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(pool.bytesPerToken, 12288.0);
        QCOMPARE(pool.stateBytesPerRequest, 147456.0);
    }

    void ernie45Moe()
    {
        // ERNIE-4.5 MoE (vllm ernie45_moe.py @0028a75108fd): experts are moe_num_experts / moe_k /
        // moe_intermediate_size, shared experts moe_num_shared_experts x moe_intermediate_size, MoE layers
        // (i + 1) % moe_layer_interval == 0 within [moe_layer_start_index, moe_layer_end_index]; missing fields
        // take Transformers' Ernie4_5_MoeConfig defaults (start 1, end -1 = last layer, 2 shared, tied).
        const std::string base = R"({"model_type": "ernie4_5_moe", "num_hidden_layers": 6, "hidden_size": 64,)"
                                 R"( "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 128,)"
                                 R"( "intermediate_size": 96, "moe_num_experts": 8, "moe_k": 2,)"
                                 R"( "moe_intermediate_size": 16)";
        // Interval 2 within [1, 4]: layers 1 and 3 ((1 + 1) % 2 == 0, (3 + 1) % 2 == 0; 5 is past the end).
        const ModelSpec ranged = modelFromJsonText(base
                + R"(, "moe_layer_start_index": 1, "moe_layer_end_index": 4, "moe_layer_interval": 2,)"
                  R"( "moe_num_shared_experts": 0, "tie_word_embeddings": false})",
            "e");
        QCOMPARE(ranged.experts, 8);
        QCOMPARE(ranged.expertsPerToken, 2);
        QCOMPARE(ranged.moeIntermediate, 16);
        QCOMPARE(ranged.sharedIntermediate, 0);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(ranged.layerInfo[i].moe, i == 1 || i == 3);
        // Defaults: start 1, end -1 (the last layer), interval 1: layers 1-5 MoE; 2 shared experts of 16.
        const ModelSpec defaults = modelFromJsonText(base + "}", "d");
        QVERIFY(!defaults.layerInfo[0].moe);
        QCOMPARE(defaults.moeLayerCount(), 5);
        QCOMPARE(defaults.sharedIntermediate, 32);
        QVERIFY(defaults.tiedEmbeddings);
        QVERIFY(defaults.routerCorrectionBias);
        // Parameters of the defaults: attention q, o 64 x 64, k, v 64 x 2 x 16 = 64 x 32 (head_dim 64 / 4 = 16),
        // 2 norms of 64 per layer; layer 0 dense MLP 3 x 64 x 96; layers 1-5: 8 experts of 3 x 64 x 16, the
        // shared expert 3 x 64 x 32, router 8 x 64 and its correction bias 8; embedding (tied) 128 x 64 and the
        // final norm 64.
        const double attention = 2.0 * 64 * 64 + 2.0 * 64 * 32 + 2 * 64;
        const double moe = 8 * 3.0 * 64 * 16 + 3.0 * 64 * 32 + 8 * 64 + 8;
        const ParamCounts c = countParams(defaults);
        QCOMPARE(c.total, 6 * attention + 3.0 * 64 * 96 + 5 * moe + 128.0 * 64 + 64);
        // Active: 2 of the 8 experts.
        const double moeActive = 2 * 3.0 * 64 * 16 + 3.0 * 64 * 32 + 8 * 64 + 8;
        QCOMPARE(c.active, 6 * attention + 3.0 * 64 * 96 + 5 * moeActive + 128.0 * 64 + 64);
        // KV per token: 2 (K, V) x 2 heads x 16 x 2 B = 128 B per layer, 6 layers: 768 B at TP1; TP2 one head
        // per rank: 384 B; TP4 replicates the 2 KV heads (one per rank): 384 B.
        QCOMPARE(kvPoolForLayers(defaults, 0, 6, 1, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 768.0);
        QCOMPARE(kvPoolForLayers(defaults, 0, 6, 2, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 384.0);
        QCOMPARE(kvPoolForLayers(defaults, 0, 6, 4, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 384.0);
    }

    void ernie45MoeRefusals()
    {
        // Biases on the dense MLPs are not modelled; other families' moe_num_experts (ERNIE-4.5-VL's
        // per-modality lists) stay refused.
        QVERIFY(refusal(R"({"model_type": "ernie4_5_moe", "num_hidden_layers": 2, "hidden_size": 64,)"
                        R"( "num_attention_heads": 4, "vocab_size": 128, "intermediate_size": 96,)"
                        R"( "moe_intermediate_size": 16, "use_bias": true})")
                    .contains("use_bias"));
        QVERIFY(refusal(R"({"model_type": "ernie4_5_moe_vl", "num_hidden_layers": 2, "hidden_size": 64,)"
                        R"( "num_attention_heads": 4, "vocab_size": 128, "intermediate_size": 96,)"
                        R"( "moe_num_experts": [8, 8]})")
                    .contains("moe_num_experts"));
    }

    void hunyuanMoeV1()
    {
        // HunYuan-MoE-V1 (vllm hunyuan_v1.py @017e9f4448b7, HunYuanSparseMoeBlock): moe_topk,
        // moe_intermediate_size and num_shared_expert are a number or one entry per layer; with
        // use_mixed_mlp_moe a shared MLP of intermediate_size x num_shared_expert; head size attention_head_dim;
        // every layer MoE (num_experts > 1). Lists are read when all entries agree, refused otherwise.
        const auto config = [](const std::string &topk, const std::string &moeI, const std::string &shared,
                                const std::string &extra = R"(, "use_mixed_mlp_moe": true)") {
            return R"({"model_type": "hunyuan", "num_hidden_layers": 3, "hidden_size": 64, "num_attention_heads": 4,)"
                   R"( "num_key_value_heads": 2, "attention_head_dim": 32, "vocab_size": 128, "intermediate_size": 48,)"
                   R"( "num_experts": 8, "use_qk_norm": true, "tie_word_embeddings": true,)"
                   R"( "moe_topk": )"
                + topk + R"(, "moe_intermediate_size": )" + moeI + R"(, "num_shared_expert": )" + shared + extra + "}";
        };
        const ModelSpec m = modelFromJsonText(config("[2, 2, 2]", "[16, 16, 16]", "[1, 1, 1]"), "h");
        QCOMPARE(m.headDim, 32);
        QCOMPARE(m.experts, 8);
        QCOMPARE(m.expertsPerToken, 2);
        QCOMPARE(m.moeIntermediate, 16);
        QCOMPARE(m.sharedIntermediate, 48); // intermediate_size x 1, not moe_intermediate_size
        QCOMPARE(m.moeLayerCount(), 3);
        QVERIFY(m.qkNorm);
        // Scalars read the same.
        const ModelSpec scalars = modelFromJsonText(config("2", "16", "2"), "s");
        QCOMPARE(scalars.expertsPerToken, 2);
        QCOMPARE(scalars.moeIntermediate, 16);
        QCOMPARE(scalars.sharedIntermediate, 96);
        // Without use_mixed_mlp_moe no shared MLP.
        QCOMPARE(
            modelFromJsonText(config("2", "16", "1", R"(, "use_mixed_mlp_moe": false)"), "n").sharedIntermediate, 0);
        // Parameters: q, o 64 x 128, k, v 64 x 64 (2 heads of 32), q/k norms 2 x 32, 2 norms of 64; 8 experts of
        // 3 x 64 x 16, the shared MLP 3 x 64 x 48, router 8 x 64; tied embedding 128 x 64, final norm 64.
        const double attention = 2.0 * 64 * 128 + 2.0 * 64 * 64 + 2 * 32 + 2 * 64;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 3 * (attention + 8 * 3.0 * 64 * 16 + 3.0 * 64 * 48 + 8 * 64) + 128.0 * 64 + 64);
        QCOMPARE(c.active, 3 * (attention + 2 * 3.0 * 64 * 16 + 3.0 * 64 * 48 + 8 * 64) + 128.0 * 64 + 64);
        // KV per token: 2 x 2 heads x 32 x 2 B = 256 B per layer, 3 layers.
        QCOMPARE(kvPoolForLayers(m, 0, 3, 1, KvDtype::Auto, 16, 4096, 2048).bytesPerToken, 768.0);
        // Lists that vary between layers, lists of the wrong length and cross-layer attention are refused.
        QVERIFY(refusal(config("[2, 4, 2]", "16", "1")).contains("moe_topk"));
        QVERIFY(refusal(config("2", "[16, 16, 32]", "1")).contains("moe_intermediate_size"));
        QVERIFY(refusal(config("2", "16", "[1, 0, 1]")).contains("num_shared_expert"));
        QVERIFY(refusal(config("[2, 2]", "16", "1")).contains("entries for 3 layers"));
        QVERIFY(refusal(config("2", "16", "1", R"(, "use_cla": true, "cla_share_factor": 2)")).contains("use_cla"));
        // use_cla with cla_share_factor 1 shares nothing (vLLM's _get_cla_factor): read as usual.
        QCOMPARE(
            modelFromJsonText(config("2", "16", "1", R"(, "use_cla": true, "cla_share_factor": 1)"), "c").layers, 3);
    }

    void hyV3()
    {
        // Hy3 (vllm hy_v3.py @017e9f4448b7, HYV3MoE): layers below first_k_dense_replace dense (intermediate_size),
        // the others 192-style experts and a shared MLP (x num_shared_experts), both expert_hidden_dim wide, a
        // router with expert_bias; qk_norm adds per-head q/k RMSNorms.
        const std::string config
            = R"({"model_type": "hy_v3", "num_hidden_layers": 3, "hidden_size": 64, "num_attention_heads": 4,)"
              R"( "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 128, "intermediate_size": 96,)"
              R"( "expert_hidden_dim": 24, "moe_intermediate_size": 24, "first_k_dense_replace": 1, "num_experts": 8,)"
              R"( "num_experts_per_tok": 2, "num_shared_experts": 1, "qk_norm": true, "tie_word_embeddings": false})";
        const ModelSpec m = modelFromJsonText(config, "hy");
        QVERIFY(m.qkNorm);
        QVERIFY(m.routerCorrectionBias);
        QCOMPARE(m.moeIntermediate, 24);
        QCOMPARE(m.sharedIntermediate, 24);
        QVERIFY(!m.layerInfo[0].moe);
        QCOMPARE(m.moeLayerCount(), 2);
        // q, o 64 x 64, k, v 64 x 32, q/k norms 2 x 16, 2 norms of 64; layer 0 dense 3 x 64 x 96; layers 1-2:
        // 8 experts of 3 x 64 x 24, shared 3 x 64 x 24, router 8 x 64 + bias 8; embedding and head 2 x 128 x 64.
        const double attention = 2.0 * 64 * 64 + 2.0 * 64 * 32 + 2 * 16 + 2 * 64;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 3 * attention + 3.0 * 64 * 96 + 2 * (9 * 3.0 * 64 * 24 + 8 * 64 + 8) + 2 * 128.0 * 64 + 64);
        QCOMPARE(c.active, 3 * attention + 3.0 * 64 * 96 + 2 * (3 * 3.0 * 64 * 24 + 8 * 64 + 8) + 2 * 128.0 * 64 + 64);
        // expert_hidden_dim is the width vLLM reads, whatever moe_intermediate_size says.
        QString wider = QString::fromStdString(config);
        wider.replace(QStringLiteral("\"expert_hidden_dim\": 24"), QStringLiteral("\"expert_hidden_dim\": 40"));
        QCOMPARE(modelFromJsonText(wider.toStdString(), "w").moeIntermediate, 40);
    }

    void lagunaXs2()
    {
        const ModelSpec m = presetModel("laguna-xs.2");
        // Every 4th layer full attention with 48 query heads, the others sliding with 64; layer 0 dense.
        QCOMPARE(m.layerHeads(m.layerInfo[0]), 48);
        QCOMPARE(m.layerHeads(m.layerInfo[1]), 64);
        QCOMPARE(m.layerInfo[1].attention, LayerAttention::Sliding);
        QVERIFY(!m.layerInfo[0].moe && m.layerInfo[1].moe);
        QCOMPARE(m.moeLayerCount(), 39);
        // KV heads stay 8 x 128 on every layer: 2 (K, V) x 8 x 128 x 2 B = 4,096 B per layer, 40 layers:
        // 163,840 B per token at TP1; TP8 one KV head per rank: 40 x 512 = 20,480 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 163840.0);
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 20480.0);
        // Parameters (h 2048, head_dim 128): a layer with H query heads has q, o 2048 x H x 128 each, k, v
        // 2048 x 1024 each, g_proj 2048 x H (per-head gate), q/k norms 2 x 128, 2 norms of 2048. Layer 0 MLP
        // 3 x 2048 x 8192; an MoE layer 256 experts of 3 x 2048 x 512 (8 active), the shared expert
        // 3 x 2048 x 512, router 256 x 2048 and its correction bias 256. Embedding and LM head 100352 x 2048
        // each, final norm 2048.
        const auto attention = [](double heads) {
            return 2.0 * 2048 * heads * 128 + 2.0 * 2048 * 1024 + 2048 * heads + 2 * 128 + 2 * 2048;
        };
        const double expert = 3.0 * 2048 * 512;
        const double common = 3.0 * 2048 * 512 + 256.0 * 2048 + 256;
        const double ends = 2 * 100352.0 * 2048 + 2048;
        const double attn = 10 * attention(48) + 30 * attention(64);
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, attn + 3.0 * 2048 * 8192 + 39 * (256 * expert + common) + ends);
        QCOMPARE(c.active, attn + 3.0 * 2048 * 8192 + 39 * (8 * expert + common) + ends);
        // Recipe: 33B total / 3B activated; counted 33.44B (+1.3 %) and 3.02B (+0.6 %).
        QVERIFY2(within(c.total, 33e9, 0.015), std::to_string(c.total).c_str());
        QVERIFY2(within(c.active, 3e9, 0.01), std::to_string(c.active).c_str());
        // Two RoPE caches (get_rope keys on the parameters): full layers YaRN over 4096 x 64 = 262,144
        // positions, rotary dim 128 x 0.5 = 64; sliding layers default RoPE over max_position_embeddings
        // 262,144, rotary dim 128 x 1.0: 262,144 x (64 + 128) x 2 B.
        RankShape shape;
        shape.layerCount = m.layers;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.ropeCache, 262144.0 * (64 + 128) * 2);
    }

    void lagunaS21()
    {
        const ModelSpec m = presetModel("laguna-s-2.1");
        // "gating": "per-head"; 72 query heads on sliding layers; mlp_only_layers [0], decoder_sparse_step 1.
        QCOMPARE(m.gateProjPerHead, 1);
        QCOMPARE(m.layerHeads(m.layerInfo[2]), 72);
        QCOMPARE(m.moeLayerCount(), 47);
        // 48 layers x 4,096 B = 196,608 B per token at TP1.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 196608.0);
        // h 3072: layer with H heads q, o 3072 x H x 128, k, v 3072 x 1024, g_proj 3072 x H, norms; layer 0 MLP
        // 3 x 3072 x 12288; MoE 256 experts of 3 x 3072 x 1024 (10 active), shared 3 x 3072 x 1024, router
        // 256 x 3072 + 256; embedding and LM head 100352 x 3072, final norm.
        const auto attention = [](double heads) {
            return 2.0 * 3072 * heads * 128 + 2.0 * 3072 * 1024 + 3072 * heads + 2 * 128 + 2 * 3072;
        };
        const double expert = 3.0 * 3072 * 1024;
        const double common = 3.0 * 3072 * 1024 + 256.0 * 3072 + 256;
        const double rest = 12 * attention(48) + 36 * attention(72) + 3.0 * 3072 * 12288 + 2 * 100352.0 * 3072 + 3072;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, rest + 47 * (256 * expert + common));
        QCOMPARE(c.active, rest + 47 * (10 * expert + common));
        // Recipe: 118B total / 8B activated; counted 117.56B (-0.4 %); active 8.45B with the embedding and LM
        // head, 7.83B without them (-2 %).
        QVERIFY2(within(c.total, 118e9, 0.005), std::to_string(c.total).c_str());
        QVERIFY2(within(c.active - 2 * 100352.0 * 3072, 8e9, 0.03), std::to_string(c.active).c_str());
    }

    void phi4Mini()
    {
        const ModelSpec m = presetModel("phi-4-mini-instruct");
        // KV: 2 x 8 heads x 128 x 2 B = 4,096 B per layer, 32 layers: 131,072 B per token at TP1.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 8192, 8192).bytesPerToken, 131072.0);
        // Per layer: q, o 3072 x 3072, k, v 3072 x 1024, MLP 3 x 3072 x 8192, 2 norms of 3072; embedding (tied)
        // 200064 x 3072, final norm 3072: 32 x 100,669,440 + 614,596,608 + 3,072 = 3,836,021,760.
        const double layer = 2.0 * 3072 * 3072 + 2.0 * 3072 * 1024 + 3.0 * 3072 * 8192 + 2 * 3072;
        QCOMPARE(layer, 100669440.0);
        QCOMPARE(countParams(m).total, 32 * layer + 200064.0 * 3072 + 3072);
        // RoPE on 0.75 of the 128-wide heads: a 96-wide cos/sin cache over 131,072 positions, bf16.
        RankShape shape;
        shape.layerCount = m.layers;
        QCOMPARE(rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16)).ropeCache, 131072.0 * 96 * 2);
    }

    void miniMaxM3()
    {
        const ModelSpec m = presetModel("minimax-m3");
        QCOMPARE(m.msaIndexDim, 128);
        QCOMPARE(m.msaIndexHeads, 4);
        QCOMPARE(m.msaTopkBlocks, 16);
        QCOMPARE(m.msaBlockSize, 128);
        QCOMPARE(m.intermediate, 12288); // dense layers: dense_intermediate_size
        QCOMPARE(m.moeIntermediate, 3072);
        QCOMPARE(m.sharedIntermediate, 3072); // intermediate_size x n_shared_experts
        QVERIFY(!m.layerInfo[2].msaIndexer && !m.layerInfo[2].moe);
        QVERIFY(m.layerInfo[3].msaIndexer && m.layerInfo[3].moe);
        // KV per token, bf16. Every layer: 2 (K, V) x max(1, 4 / tp) heads x 128 x 2 B; the 57 sparse layers add
        // one index key of 128 x 2 B = 256 B, the same on every rank.
        // TP1: 60 x 2 x 4 x 128 x 2 = 122,880 + 57 x 256 = 14,592 -> 137,472 B.
        const KvPool tp1 = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 128, 524288, 8192);
        QCOMPARE(tp1.bytesPerToken, 137472.0);
        // One group (UniformTypeKVCacheSpecs: every spec is a full-attention spec): 60 layers, cdiv(524288, 128)
        // = 4,096 blocks for a full-length request.
        QCOMPARE(tp1.fullGroups, 1);
        QCOMPARE(tp1.windowGroups, 0);
        QCOMPARE(tp1.blocksPerRequest, std::int64_t(4096));
        // TP2: 2 KV heads: 60 x 1,024 = 61,440 + 14,592 = 76,032 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 2, KvDtype::Auto, 128, 524288, 8192).bytesPerToken, 76032.0);
        // TP8: 4 / 8 -> 1 replicated head: 60 x 512 = 30,720 + 14,592 = 45,312 B.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 128, 524288, 8192).bytesPerToken, 45312.0);
        // --kv-cache-dtype fp8 halves K/V only (the indexer keeps indexer_kv_dtype, bf16):
        // 60 x 2 x 1 x 128 x 1 = 15,360 + 14,592 = 29,952 B at TP8.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Fp8, 128, 524288, 8192).bytesPerToken, 29952.0);
        // A PP stage of the 3 dense layers keeps no index key: 3 x 2 x 4 x 128 x 2 = 6,144 B at TP1.
        QCOMPARE(kvPoolForLayers(m, 0, 3, 1, KvDtype::Auto, 128, 524288, 8192).bytesPerToken, 6144.0);
        // Parameters, tp 1. Attention per layer: q 6144 x 8192 + k, v 6144 x 512 each + o 8192 x 6144 =
        // 106,954,752, q/k norms 2 x 128, 2 norms of 6144: 106,967,296. Sparse layers add index_q 6144 x 4 x 128
        // = 3,145,728, index_k 6144 x 128 = 786,432 and 2 x 128 norm weights: 3,932,416. Dense MLP 3 x 6144 x
        // 12288 = 226,492,416. MoE layer: 128 experts of 3 x 6144 x 3072 = 56,623,104, the shared expert as one
        // more, router 128 x 6144 + 128 correction biases = 786,560. Embedding and LM head 2 x 200064 x 6144 =
        // 2,458,386,432, final norm 6144.
        const double attention = 106967296, indexer = 3932416, dense = 226492416, expert = 56623104, router = 786560;
        const double ends = 2458386432.0 + 6144;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 60 * attention + 57 * indexer + 3 * dense + 57 * (129 * expert + router) + ends);
        QCOMPARE(c.total, 426174572928.0);
        QCOMPARE(c.active, 60 * attention + 57 * indexer + 3 * dense + 57 * (5 * expert + router) + ends);
        QCOMPARE(c.active, 25962473856.0);
        // Weights per rank at TP8 (bf16): index_q keeps one KV head's share (6144 x 128), index_k stays whole
        // (6144 x 128): the attention of a sparse layer is q 6144 x 1024 + k, v 6144 x 128 each + o 1024 x 6144
        // + index 2 x 6144 x 128 = 15,728,640 parameters, 256 + 256 small; a dense layer 14,155,776 + 256.
        RankShape s;
        s.tp = 8;
        s.moeTp = 8;
        s.firstLayer = 0;
        s.layerCount = 4;
        s.localExperts = 128;
        const WeightBreakdown w = rankWeightBytes(m, s, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.attention, 2.0 * (3 * (14155776.0 + 256) + (15728640.0 + 512)));
        // Bad input: index heads other than the KV heads, an index value branch on a sparse layer, a freq list
        // of the wrong length; a dense layer needs dense_intermediate_size.
        QFile file(QStringLiteral(":/presets/models/minimax-m3.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        const auto variant = [&](const std::function<void(QJsonObject &)> &edit) {
            QJsonObject config = root["config"].toObject();
            QJsonObject text = config["text_config"].toObject();
            edit(text);
            config["text_config"] = text;
            return QJsonDocument(config).toJson().toStdString();
        };
        const auto sparse = [](QJsonObject &t, const char *key, const QJsonValue &v) {
            QJsonObject s = t["sparse_attention_config"].toObject();
            s[key] = v;
            t["sparse_attention_config"] = s;
        };
        QVERIFY(refusal(variant([&](QJsonObject &t) {
            sparse(t, "sparse_num_index_heads", 8);
        })).contains("sparse_num_index_heads"));
        QJsonArray zeros;
        for (int i = 0; i < 60; ++i)
            zeros.append(0);
        QVERIFY(refusal(variant([&](QJsonObject &t) {
            sparse(t, "sparse_disable_index_value", zeros);
        })).contains("sparse_disable_index_value"));
        QVERIFY(refusal(variant([&](QJsonObject &t) {
            sparse(t, "sparse_attention_freq", QJsonArray { 0, 1 });
        })).contains("sparse_attention_freq"));
        QVERIFY(refusal(variant([](QJsonObject &t) {
            t.remove("dense_intermediate_size");
        })).contains("dense_intermediate_size"));
        QVERIFY(refusal(variant([](QJsonObject &t) {
            t["attention_output_gate"] = true;
        })).contains("attention_output_gate"));
        // All-zero sparse_attention_freq: plain GQA everywhere, no indexer (vLLM's _sparse_attention_layer_ids).
        const ModelSpec plain
            = modelFromJsonText(variant([&](QJsonObject &t) { sparse(t, "sparse_attention_freq", zeros); }), "p");
        QCOMPARE(kvPoolForLayers(plain, 0, 60, 1, KvDtype::Auto, 128, 4096, 4096).bytesPerToken, 122880.0);
    }

    void afmoeTrinityLargeShape()
    {
        // Trinity-Large's geometry as public descriptions state it (no verbatim config.json was found in the
        // searchable sources, so no preset): 60 layers (6 dense + 54 MoE), 256 experts, 4 active, 1 shared, hidden
        // 3072, MoE intermediate 3072, dense intermediate 12,288, 48 heads, 8 KV heads, sliding window 4096 with
        // full attention every 4 layers, vocabulary 200,192 (huggingface.co/mconcat/Trinity-Large-TrueBase-NVFP4
        // README "Model Details"; the Trinity-Large-Thinking model card: "shares the same sparse MoE architecture
        // as Trinity-Large"); 45 sliding + 15 global layers and a bf16 KV cache of 240 KiB per token
        // (sebastianraschka.com/llm-architecture-gallery, Trinity Large), which with 60 layers x 2 x 8 KV heads x
        // 2 B gives head_dim 128, the value whn09/neuronx-distributed-inference @32b4a962c07a
        // contrib/models/Trinity/test/unit/test_config.py keeps for its Large config. Full layers are every 4th,
        // (i + 1) % 4 == 0, as in that test and the Trinity-Nano layer_types.
        std::string types;
        for (int i = 0; i < 60; ++i)
            types += std::string(i ? ", " : "") + ((i + 1) % 4 == 0 ? "\"full_attention\"" : "\"sliding_attention\"");
        const std::string head
            = R"({"architectures": ["AfmoeForCausalLM"], "model_type": "afmoe", "hidden_size": 3072,)"
              R"( "num_hidden_layers": 60, "num_attention_heads": 48, "num_key_value_heads": 8, "head_dim": 128,)"
              R"( "vocab_size": 200192, "intermediate_size": 12288, "moe_intermediate_size": 3072,)"
              R"( "num_dense_layers": 6, "num_experts": 256, "num_experts_per_tok": 4, "num_shared_experts": 1,)"
              R"( "sliding_window": 4096, "global_attn_every_n_layers": 4, "hidden_act": "silu",)"
              R"( "mup_enabled": true, "score_func": "sigmoid", "route_norm": true, "route_scale": 2.826,)"
              R"( "n_group": 1, "topk_group": 1, "tie_word_embeddings": false, "layer_types": [)"
            + types + "]";
        const ModelSpec m = modelFromJsonText(head + "}", "trinity-large");
        QVERIFY(m.qkNorm);
        QCOMPARE(m.gateProjPerHead, 128);
        QCOMPARE(m.normsPerLayer, 4);
        QVERIFY(m.routerCorrectionBias);
        QCOMPARE(m.sharedIntermediate, 3072);
        QVERIFY(!m.layerInfo[5].moe && m.layerInfo[6].moe);
        QCOMPARE(m.moeLayerCount(), 54);
        QCOMPARE(m.layerInfo[0].attention, LayerAttention::Sliding);
        QCOMPARE(m.layerInfo[3].attention, LayerAttention::Full);
        const auto counts = layerKindCounts(m);
        QCOMPARE(counts[0], (std::pair<std::string, int>("full_attention", 15)));
        QCOMPARE(counts[1], (std::pair<std::string, int>("sliding_attention", 45)));
        QCOMPARE(m.ropeDim, 128); // one RoPE, on the sliding layers; the full layers are NoPE

        // KV per token and GPU, bf16 (vLLM Attention: num_kv_heads = max(1, 8 / tp); a sliding layer caches a token
        // as a full layer does, it only keeps fewer of them):
        //   TP1: 2 (K, V) x 8 x 128 x 2 B = 4,096 B on a full and on a sliding layer; 60 layers: 245,760 B (240 KiB);
        //   TP8: one KV head per rank, 2 x 1 x 128 x 2 = 512 B per layer, 30,720 B per token;
        //   TP16 replicates the head: still 512 B per layer.
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[3], 1, KvDtype::Auto), 4096.0);
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[0], 1, KvDtype::Auto), 4096.0);
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[3], 8, KvDtype::Auto), 512.0);
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[0], 8, KvDtype::Auto), 512.0);
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[0], 16, KvDtype::Auto), 512.0);
        QCOMPARE(kvBytesPerTokenForLayer(m, m.layerInfo[0], 8, KvDtype::Fp8), 256.0);
        QCOMPARE(kvPoolForLayers(m, 0, 60, 1, KvDtype::Auto, 16, 262144, 8192).bytesPerToken, 245760.0);
        const KvPool tp8 = kvPoolForLayers(m, 0, 60, 8, KvDtype::Auto, 16, 262144, 8192);
        QCOMPARE(tp8.bytesPerToken, 30720.0);
        // The sliding layers hold at most the window. Groups of 15 (45 >= 1.5 x 15): 1 full + 3 sliding groups,
        // a block of 15 pages of 16 x 512 B = 122,880 B. A 262,144-token request: full cdiv(262144, 16) = 16,384
        // blocks; each sliding group cdiv(min(4096 - 1 + 8192, 262144) = 12,287, 16) + 1 = 769:
        // 16,384 + 3 x 769 = 18,691 blocks = 2,296,750,080 B, against 262,144 x 30,720 = 8,053,063,680 B if
        // every layer kept every token.
        QCOMPARE(tp8.groupSize, 15);
        QCOMPARE(tp8.fullGroups, 1);
        QCOMPARE(tp8.windowGroups, 3);
        QCOMPARE(tp8.bytesPerBlock, 122880.0);
        QCOMPARE(tp8.blocksPerRequest, std::int64_t(18691));

        // Parameters:
        //   attention per layer: q 3072 x 48 x 128 = 18,874,368, k + v 2 x 3072 x 8 x 128 = 6,291,456, o 18,874,368,
        //     gate_proj 3072 x 6144 = 18,874,368, q/k norms 2 x 128 = 256 -> 62,914,816; 4 norms of 3072 = 12,288
        //   dense MLP (layers 0-5) 3 x 3072 x 12288 = 113,246,208
        //   MoE layer: 256 experts x 3 x 3072 x 3072 = 7,247,757,312, shared 28,311,552, router 256 x 3072 =
        //     786,432 + expert_bias 256 -> 7,276,855,552 (active: 4 experts 113,246,208 + 29,098,240)
        //   embedding + LM head (never tied) 2 x 200192 x 3072 = 1,229,979,648; final norm 3072
        //   total 60 x 62,927,104 + 6 x 113,246,208 + 54 x 7,276,855,552 + 1,229,979,648 + 3,072
        //     = 398,635,286,016; active 4,455,103,488 + 54 x 142,344,448 + 1,229,982,720 = 13,371,686,400
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 398635286016.0);
        QCOMPARE(c.active, 13371686400.0);
        // Recipe: 398B total (+0.16 %), 13B active ("approximately"; counted 13.37B with the embedding and the LM
        // head, +2.9 %).
        QVERIFY2(within(c.total, 398e9, 0.01), std::to_string(c.total).c_str());
        QVERIFY2(within(c.active, 13e9, 0.03), std::to_string(c.active).c_str());

        // Bytes on one TP8 rank holding every layer, bf16: attention q, gate, o 3072 x 6 x 128 each, k, v 3072 x
        // 128 each = 7,864,320 + norms 256 -> 15,729,152 B per layer, 943,749,120 B for 60; the FP32 router and
        // expert_bias whole on every rank, 54 x 786,688 x 4 B = 169,924,608 B.
        RankShape shape;
        shape.tp = 8;
        shape.layerCount = 60;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.attention, 943749120.0);
        QCOMPARE(w.router, 169924608.0);
    }

    void afmoeRules()
    {
        // A small AFMoE config: layers 0-1 dense, 2-3 MoE; layer_types sliding, full, sliding, full.
        const std::string base = R"({"model_type": "afmoe", "num_hidden_layers": 4, "hidden_size": 64,)"
                                 R"( "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,)"
                                 R"( "vocab_size": 128, "intermediate_size": 96, "moe_intermediate_size": 8,)"
                                 R"( "num_experts": 8, "num_experts_per_tok": 2, "num_shared_experts": 2,)"
                                 R"( "sliding_window": 32, "max_position_embeddings": 1024)";
        const std::string types = R"(, "layer_types": ["sliding_attention", "full_attention",)"
                                  R"( "sliding_attention", "full_attention"])";
        const ModelSpec m = modelFromJsonText(base + types + R"(, "num_dense_layers": 2})", "a");
        QCOMPARE(m.moeLayerCount(), 2);
        QVERIFY(!m.layerInfo[1].moe && m.layerInfo[2].moe);
        // Two shared experts: one MLP of 2 x 8.
        QCOMPARE(m.sharedIntermediate, 16);
        // Layer: q, o 64 x 64, k, v 64 x 32, gate_proj 64 x 64, q/k norms 2 x 16, 4 norms of 64; layers 0-1 MLP
        // 3 x 64 x 96; layers 2-3 8 experts of 3 x 64 x 8, shared 3 x 64 x 16, router 8 x 64 + expert_bias 8;
        // embedding and LM head 128 x 64 each, final norm 64.
        const double layer = 3 * 64.0 * 64 + 2 * 64.0 * 32 + 2 * 16 + 4 * 64;
        const double moe = 3 * 64.0 * 16 + 8 * 64 + 8;
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 4 * layer + 2 * 3 * 64.0 * 96 + 2 * (8 * 3 * 64.0 * 8 + moe) + 2 * 128.0 * 64 + 64);
        QCOMPARE(c.active, 4 * layer + 2 * 3 * 64.0 * 96 + 2 * (2 * 3 * 64.0 * 8 + moe) + 2 * 128.0 * 64 + 64);
        // KV per token at TP2: one KV head, 2 x 16 x 2 B = 64 B per layer, 4 layers: 256 B.
        QCOMPARE(kvPoolForLayers(m, 0, 4, 2, KvDtype::Auto, 16, 1024, 256).bytesPerToken, 256.0);
        // The router and expert_bias are FP32 whatever the weights: 2 MoE layers x (8 x 64 + 8) x 4 B = 4,160 B;
        // RoPE cache (sliding layers): 1024 positions x 16 x 2 B = 32,768 B.
        RankShape shape;
        shape.layerCount = 4;
        const WeightBreakdown w = rankWeightBytes(m, shape, bytesPerParam(m, WeightFormat::Bf16));
        QCOMPARE(w.router, 4160.0);
        QCOMPARE(w.ropeCache, 32768.0);
        // vLLM's lm_head is never tied to the embedding in afmoe.py.
        QVERIFY(!modelFromJsonText(base + types + R"(, "num_dense_layers": 2, "tie_word_embeddings": true})", "t")
                     .tiedEmbeddings);
        // Only full-attention layers: no layer builds a rotary embedding.
        const ModelSpec nope = modelFromJsonText(base
                + R"(, "layer_types": ["full_attention", "full_attention", "full_attention", "full_attention"],)"
                  R"( "num_dense_layers": 2})",
            "f");
        QCOMPARE(nope.ropeDim, 0);
        // Fields whose vLLM default no released checkpoint has are required; silu only; a sliding layer needs a
        // window.
        QVERIFY(refusal(base + R"(, "num_dense_layers": 2})").contains("layer_types"));
        QVERIFY(refusal(base + types + "}").contains("num_dense_layers"));
        QVERIFY(refusal(base + types + R"(, "num_dense_layers": 2, "hidden_act": "gelu"})").contains("hidden_act"));
        std::string noWindow = base + types + R"(, "num_dense_layers": 2})";
        noWindow.replace(
            noWindow.find(R"("sliding_window": 32, )"), std::string(R"("sliding_window": 32, )").size(), "");
        QVERIFY(refusal(noWindow).contains("sliding_window"));
        std::string noShared = base + types + R"(, "num_dense_layers": 2})";
        noShared.replace(
            noShared.find(R"("num_shared_experts": 2,)"), std::string(R"("num_shared_experts": 2,)").size(), "");
        QVERIFY(refusal(noShared).contains("num_shared_experts"));
    }

    void lagunaRules()
    {
        const std::string base = R"({"model_type": "laguna", "num_hidden_layers": 2, "hidden_size": 64,)"
                                 R"( "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,)"
                                 R"( "vocab_size": 128, "intermediate_size": 96, "num_experts": 4,)"
                                 R"( "num_experts_per_tok": 2, "moe_intermediate_size": 8,)"
                                 R"( "shared_expert_intermediate_size": 8, "mlp_layer_types": ["dense", "sparse"])";
        // Per-element gating: g_proj 64 -> 4 heads x 16. Layer: q, o 64 x 64, k, v 64 x 32, g 64 x 64, q/k
        // norms 2 x 16, 2 norms of 64; layer 0 MLP 3 x 64 x 96; layer 1 4 experts of 3 x 64 x 8, shared 3 x 64 x
        // 8, router 4 x 64 + bias 4; embedding and LM head (untied by default) 128 x 64 each, final norm 64.
        const ModelSpec e = modelFromJsonText(base + R"(, "gating": "per-element"})", "e");
        QCOMPARE(e.gateProjPerHead, 16);
        const double layer = 2.0 * 64 * 64 + 2.0 * 64 * 32 + 64.0 * 64 + 2 * 16 + 2 * 64;
        QCOMPARE(countParams(e).total,
            2 * layer + 3.0 * 64 * 96 + 4 * 3.0 * 64 * 8 + 3.0 * 64 * 8 + 4 * 64 + 4 + 2 * 128.0 * 64 + 64);
        QCOMPARE(modelFromJsonText(base + R"(, "gating": false})", "n").gateProjPerHead, 0);
        QVERIFY(refusal(base + R"(, "num_attention_heads_per_layer": [4, 3]})").contains("multiples"));
        QVERIFY(refusal(base + R"(, "num_attention_heads_per_layer": [4]})").contains("one count per layer"));
        QVERIFY(refusal(base + R"(, "mlp_layer_types": ["dense", "moe"]})").contains("mlp_layer_types"));
        // The field is refused outside Laguna rather than ignored.
        QVERIFY(refusal(R"({"model_type": "llama", "num_hidden_layers": 1, "hidden_size": 64,)"
                        R"( "num_attention_heads": 4, "vocab_size": 128, "intermediate_size": 96,)"
                        R"( "num_attention_heads_per_layer": [4]})")
                    .contains("Laguna only"));
    }
};

QTEST_GUILESS_MAIN(TestLayerFamilies)
#include "tst_layerfamilies.moc"
