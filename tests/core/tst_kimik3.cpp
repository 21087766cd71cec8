// Kimi-K3 (the kimi-k3 preset, its config.json as published): layer kinds, parameters, KDA state, the hybrid pool
// and weight bytes, worked out by hand from the config and vLLM's rules (neuralmagic/vllm mirror of
// vllm-project/vllm @017e9f4448b7; PR #50000 "Kimi K3"):
//   layers: vllm/transformers_utils/configs/kimi_linear.py is_kda_layer (1-based lists);
//   tensors: vllm/models/kimi_k3/nvidia/model.py (KimiDecoderLayer, KimiMoE, KimiMLP), kda.py
//     (KimiK3DeltaAttention), mla.py (g_proj output gate);
//   KDA state: vllm/model_executor/layers/mamba/mamba_utils.py kda_state_shape / kda_state_dtype;
//   block size: vllm/platforms/interface.py _align_hybrid_block_size (MLA: a multiple of 128 from #50000);
//   groups: vllm/v1/core/kv_cache_utils.py _get_kv_cache_groups_uniform_page_size.
// External checks: the model card's 2.8T total / 104B activated, and the checkpoint's 96 safetensors files at
// huggingface.co/moonshotai/Kimi-K3 @9f62e4e9fffb, 1,560,936,091,448 B (the preset's sources).
#include "core/evaluate/evaluation.h"
#include "core/evaluate/kvcache.h"
#include "core/evaluate/overheads.h"
#include "core/evaluate/weights.h"
#include "core/model/errors.h"
#include "tests/common/testutils.h"

#include <cmath>

#include <nlohmann/json.hpp>

using namespace shardscope;

class TestKimiK3 : public QObject
{
    Q_OBJECT
private slots:
    void readsTheConfig()
    {
        const ModelSpec m = presetModel("kimi-k3");
        // full_attn_layers lists 4, 8, ..., 92 and 93 (24); kda_layers the other 69 of 93.
        QCOMPARE(m.layers, 93);
        QCOMPARE(m.mixerCount(LayerMixer::KimiDelta), 69);
        QCOMPARE(m.mixerCount(LayerMixer::Attention), 24);
        QCOMPARE(m.layerInfo[3].mixer, LayerMixer::Attention);
        QCOMPARE(m.layerInfo[91].mixer, LayerMixer::Attention);
        QCOMPARE(m.layerInfo[90].mixer, LayerMixer::KimiDelta);
        QVERIFY(m.isMla());
        QVERIFY(m.ssm.kdaFullRankGate);
        // first_k_dense_replace 1: layer 0 dense, 92 MoE layers; experts 3584 wide (routed_expert_hidden_size).
        QVERIFY(!m.layerInfo[0].moe);
        QCOMPARE(m.moeLayerCount(), 92);
        QCOMPARE(m.moeLatent, 3584);
        QCOMPARE(m.attnResBlockSize, 12);
        // NoPE MLA: no RoPE cache.
        QCOMPARE(m.ropeDim, 0);
    }

    void parameters()
    {
        // Per layer, h = 7168, P = 96 x 128 = 12,288:
        //  KDA: q/k/v/g 4 P h + b_proj 96 h + f_a 128 h + f_b 128 P + convs 3 x 4 P + A_log 96 + dt_bias P +
        //       o_norm 128 + o_proj P h = 443,740,384;
        //  MLA: q_a 1536 h + 1536 + q_b 96 x 192 x 1536 + kv_a 576 h + 512 + kv_b 96 x 256 x 512 + o_proj and
        //       g_proj 2 x 96 x 128 h = 232,196,096;
        //  norms: 2 + attention residuals 4 = 6 h = 43,008;
        //  layer 0 dense 3 x 33,792 h = 726,663,168;
        //  MoE layer besides experts: router 896 h + 896, latent down / up 2 x 3584 h + norm 3584, shared
        //       3 x 6144 h = 189,927,808; one expert 3 x 3072 x 3584 = 33,030,144.
        //  Ends: embed_tokens and lm_head 2 x 163,840 h, final norm, output_attn_res norm and projection 3 h.
        // Total 69 KDA + 24 MLA + 93 norms + dense + 92 x (189,927,808 + 896 experts) + ends = 2,779,484,476,000.
        const ModelSpec m = presetModel("kimi-k3");
        const ParamCounts c = countParams(m);
        QCOMPARE(c.total, 2779484476000.0);
        // Active with 16 experts, without the input embedding (the card's convention): 104,189,612,640.
        QCOMPARE(c.active - c.embedding, 104189612640.0);
        // The card: 2.8T total (the 0.45 B vision tower and projector are not counted here), 104B activated.
        QVERIFY(std::fabs(c.total / 2.8e12 - 1) < 0.01);
        QVERIFY(std::fabs((c.active - c.embedding) / 104e9 - 1) < 0.005);
    }

    void kdaState()
    {
        const ModelSpec m = presetModel("kimi-k3");
        // conv (3 x 12,288 / tp, K - 1 = 3) bf16 + recurrent (96 / tp, 128, 128) fp32.
        // TP 8: 4,608 x 3 x 2 = 27,648 + 12 x 65,536 = 786,432 -> 814,080 B.
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::KimiDelta, 8), 814080.0);
        // TP 1: 36,864 x 3 x 2 = 221,184 + 96 x 65,536 = 6,291,456 -> 6,512,640 B.
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::KimiDelta, 1), 6512640.0);
        // 8 speculative tokens widen the conv state to 3 + 8 rows from 0.27 (#50000): 4,608 x 11 x 2 = 101,376
        // + 786,432 = 887,808; not on 0.26.
        MambaCacheSettings spec;
        spec.speculativeTokens = 8;
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::KimiDelta, 8, spec), 887808.0);
        spec.vllm = VllmVersion { 0, 26, 0 };
        QCOMPARE(stateBytesPerLayer(m, LayerMixer::KimiDelta, 8, spec), 814080.0);
    }

    void hybridPool()
    {
        const ModelSpec m = presetModel("kimi-k3");
        // TP 8, bf16 cache: MLA (512 + 64) x 2 = 1,152 B per token and layer, unsplit by TP; 24 layers = 27,648 B.
        // Block: 128 x cdiv(814,080, 128 x 1,152) = 128 x 6 = 768 tokens; page 768 x 1,152 = 884,736 B.
        const KvPool pool = kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Auto, 16, 8192, 8192);
        QCOMPARE(pool.bytesPerToken, 27648.0);
        QCOMPARE(pool.blockSize, 768);
        // 69 >= 1.5 x 24: groups of 24, one MLA group and cdiv(69, 24) = 3 KDA groups; a block id spans 24 pages.
        QCOMPARE(pool.groupSize, 24);
        QCOMPARE(pool.fullGroups, 1);
        QCOMPARE(pool.stateGroups, 3);
        QCOMPARE(pool.bytesPerBlock, 884736.0 * 24);
        // 8,192 tokens: cdiv(8192, 768) = 11 MLA blocks + 3 KDA groups x 1 block (mamba cache mode none).
        QCOMPARE(pool.blocksPerRequest, std::int64_t(14));
        // fp8 cache, 576 B per token and layer: 128 x cdiv(814,080, 73,728) = 128 x 12 = 1,536; with 0.26's MLA
        // alignment 64: 64 x cdiv(814,080, 36,864) = 64 x 23 = 1,472.
        QCOMPARE(kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Fp8, 16, 8192, 8192).blockSize, 1536);
        MambaCacheSettings older;
        older.vllm = VllmVersion { 0, 26, 0 };
        QCOMPARE(
            kvPoolForLayers(m, 0, m.layers, 8, KvDtype::Fp8, 16, 8192, 8192, 0, 1, SparseMlaCache::FromDtype, older)
                .blockSize,
            1472);
    }

    void weightBytes()
    {
        // The checkpoint's files hold 1,560,936,091,448 B (headers included) with the vision tower and projector,
        // 447,358,976 BF16 parameters = 894,717,952 B, which this count leaves out. Routed experts MXFP4 (packed
        // nibbles + an E8M0 scale per 32: 0.53125 B per parameter), the rest BF16 or FP32 as vLLM allocates it.
        const ModelSpec m = presetModel("kimi-k3");
        RankShape s;
        s.tp = 1;
        s.moeTp = 1;
        s.localExperts = m.experts;
        s.firstLayer = 0;
        s.layerCount = m.layers;
        s.embedding = s.lmHead = true;
        const WeightBreakdown w = rankWeightBytes(m, s, bytesPerParam(m, m.weightFormat));
        // Experts: 92 layers x 896 x 33,030,144 x 0.53125 B = 92 x 896 x 17,547,264 B.
        QCOMPARE(w.experts, 92.0 * 896 * 17547264);
        const double files = 1560936091448.0 - 894717952.0;
        qInfo("Kimi-K3 TP1 weights %.0f B vs %.0f B: %+.4f %%", w.total(), files, (w.total() / files - 1) * 100);
        QVERIFY2(std::fabs(w.total() / files - 1) < 0.0005, std::to_string(w.total()).c_str());
    }

    void attentionResidualBank()
    {
        const ModelSpec m = presetModel("kimi-k3");
        // One stage: cdiv(93, 12) = 8 hidden vectors per token in BF16 (block_residual):
        // 8,192 x 8 x 7,168 x 2 B = 939,524,096 B.
        QCOMPARE(attentionResidualBankBytes(m, 0, 93, 8192), 939524096.0);
        // pp 2 (layers 0-46 and 47-92): stage 0 cdiv(47, 12) = 4 blocks; stage 1 cdiv(93, 12) = 8 plus the incoming
        // residual's cdiv(47, 12) = 4 (make_empty_intermediate_tensors).
        QCOMPARE(attentionResidualBlocks(m, 0, 47), 4);
        QCOMPARE(attentionResidualBlocks(m, 47, 93), 12);
        // Other models keep none.
        QCOMPARE(attentionResidualBlocks(presetModel("kimi-k2"), 0, 61), 0);
        // The plan's activation carries it: TP 8, 8,192 batched tokens.
        Plan plan;
        plan.tp = 8;
        plan.maxModelLen = 8192;
        plan.maxNumBatchedTokens = 8192;
        plan.kvCacheDtype = KvDtype::Fp8;
        const Evaluation e = evaluate(plan, m, presetGpu("b300"));
        QCOMPARE(e.ranks[0].memory.activation.hiddenStates, 8192.0 * 7168 * 2 + 939524096.0);
    }

    void sequenceParallelHoldsTheDenseMlpWhole()
    {
        // KimiMLP with use_sequence_parallel (pp 1, expert parallel, tp > 1, dp > 1) is built with disable_tp: the
        // dense layer 0 (3 x 7,168 x 33,792 x 2 B = 1,453,326,336 B) and 92 layers' shared experts
        // (3 x 7,168 x 6,144 x 2 B = 264,241,152 B each) whole on every rank instead of split 8 ways:
        // 7/8 x (1,453,326,336 + 92 x 264,241,152) = 22,543,073,280 B more per GPU.
        const ModelSpec m = presetModel("kimi-k3");
        Plan plan;
        plan.tp = 8;
        plan.maxModelLen = 8192;
        plan.kvCacheDtype = KvDtype::Fp8;
        plan.dp = 1;
        plan.ep = 8;
        const double mlpDp1 = evaluate(plan, m, presetGpu("b300")).ranks[0].memory.weights.mlp;
        plan.dp = 2;
        plan.ep = 16;
        const double mlpDp2 = evaluate(plan, m, presetGpu("b300")).ranks[0].memory.weights.mlp;
        QCOMPARE(mlpDp2 - mlpDp1, 22543073280.0);
    }

    void refusesKimiK3KeysWithoutLinearAttnConfig()
    {
        // Without linear_attn_config the Kimi-K3 keys are not read, so they are refused by name.
        nlohmann::json c = nlohmann::json::parse(R"({"model_type": "kimi_linear", "num_hidden_layers": 2,
            "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128,
            "routed_expert_hidden_size": 32})");
        try {
            (void)modelFromJson(c, "t");
            QFAIL("accepted");
        } catch (const InputError &e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QLatin1String("routed_expert_hidden_size")));
        }
    }
};

QTEST_GUILESS_MAIN(TestKimiK3)
#include "tst_kimik3.moc"
