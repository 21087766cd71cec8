// DeepSeek-V4 (Flash and Pro presets, their config.json as published): parameters, weight bytes and the packed KV
// pool, worked out by hand from the configs and vLLM's rules (neuralmagic/vllm mirror of vllm-project/vllm
// @017e9f4448b7; docs/DESIGN.md §B.2 walks through them):
//   specs: vllm/models/deepseek_v4/attention.py, compressor.py, vllm/v1/attention/backends/mla/sparse_swa.py;
//   groups, stride, check: vllm/v1/core/kv_cache_utils.py group_and_unify_kv_cache_specs,
//     _get_kv_cache_groups_uniform_groups, _approximate_gcd, _get_packed_kv_cache_layout,
//     _max_memory_usage_bytes_from_groups; blocks per request: SlidingWindowSpec.max_admission_blocks_per_request.
// External checks: vllm#44376 (V4-Flash, TP 2 on GH200, max_model_len 30,000, vLLM 0.22) refused to start with
// "6.66 GiB KV cache is needed ... available 5.44 GiB ... estimated maximum model length is 13528"; the Flash
// checkpoint's model.safetensors.index.json total_size, 159,609,485,896 B (the preset's sources).
#include "core/evaluate/evaluation.h"
#include "core/evaluate/kvcache.h"
#include "core/evaluate/weights.h"
#include "core/model/errors.h"
#include "tests/common/testutils.h"

#include <cmath>

#include <nlohmann/json.hpp>

using namespace shardscope;

class TestDeepSeekV4 : public QObject
{
    Q_OBJECT
private slots:
    void readsTheConfig()
    {
        const ModelSpec m = presetModel("deepseek-v4-flash");
        QVERIFY(m.isDeepSeekV4());
        QCOMPARE(m.layers, 43);
        // compress_ratios [0, 0] + [4, 128] x 20 + [4, 0]: the 44th entry is the MTP layer's, not read.
        QCOMPARE(m.layerInfo[0].compressRatio, 0);
        QCOMPARE(m.layerInfo[2].compressRatio, 4);
        QCOMPARE(m.layerInfo[41].compressRatio, 128);
        QCOMPARE(m.layerInfo[42].compressRatio, 4);
        QVERIFY(m.fp4Experts);
        QCOMPARE(m.weightFormat, WeightFormat::Fp8Block);
        // An unmodelled ratio is refused by name, never guessed.
        nlohmann::json c = nlohmann::json::parse(R"({"model_type": "deepseek_v4", "num_hidden_layers": 1,
            "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 128, "head_dim": 64, "qk_rope_head_dim": 16,
            "q_lora_rank": 32, "o_lora_rank": 16, "o_groups": 2, "index_n_heads": 2, "index_head_dim": 32,
            "index_topk": 8, "sliding_window": 8, "hc_mult": 2, "n_routed_experts": 4, "num_experts_per_tok": 2,
            "moe_intermediate_size": 32, "compress_ratios": [16]})");
        try {
            modelFromJson(c, "tiny");
            QFAIL("ratio 16 read");
        } catch (const InputError &e) {
            QVERIFY(std::string(e.what()).find("compress_ratios") != std::string::npos);
        }
        c["compress_ratios"] = { 4 };
        QVERIFY(modelFromJson(c, "tiny").isDeepSeekV4());
    }

    void parameters()
    {
        // tools/param-count.py count_deepseek_v4, whose per-tensor terms add up to the checkpoints' tensor lists
        // (without mtp.*): Flash 284,334,567,511 total, Pro 1,572,999,528,803. Official: 284B / 13B active and
        // 1.6T / 49B, two significant digits each; the active counts without the input embedding (the DeepSeek-V3
        // README's convention) fall in them: 13.27B and 48.85B.
        const ParamCounts flash = countParams(presetModel("deepseek-v4-flash"));
        QCOMPARE(flash.total, 284334567511.0);
        QCOMPARE(flash.active, 13801959511.0);
        QVERIFY(std::fabs(flash.total / 284e9 - 1) < 0.01);
        QVERIFY(flash.active - flash.embedding >= 12.5e9 && flash.active - flash.embedding < 13.5e9);
        const ParamCounts pro = countParams(presetModel("deepseek-v4-pro"));
        QCOMPARE(pro.total, 1572999528803.0);
        QVERIFY(pro.total >= 1.55e12 && pro.total < 1.65e12);
        QVERIFY(pro.active - pro.embedding >= 48.5e9 && pro.active - pro.embedding < 49.5e9);
    }

    void weightBytes()
    {
        // The checkpoint's 159,609,485,896 B less its MTP layer (3,593,787,756 B by the same dtype rules: the
        // preset's notes) is 156,015,698,140 B. vLLM holds the same tensors (tid2eid as int32, not the file's
        // int64: 3 layers x 129,280 x 6 x 4 B less) plus two FP32 RoPE caches of 1,048,576 x 64 x 4 B.
        const ModelSpec m = presetModel("deepseek-v4-flash");
        RankShape s;
        s.tp = 1;
        s.moeTp = 1;
        s.localExperts = m.experts;
        s.firstLayer = 0;
        s.layerCount = m.layers;
        s.embedding = s.lmHead = true;
        const WeightBreakdown w = rankWeightBytes(m, s, bytesPerParam(m, m.weightFormat));
        QCOMPARE(w.ropeCache, 2 * 1048576.0 * 64 * 4);
        const double file = 156015698140.0 - 3 * 129280.0 * 6 * 4;
        qInfo("Flash TP1 weights %.0f B vs %.0f B: %+.4f %%", w.total() - w.ropeCache, file,
            ((w.total() - w.ropeCache) / file - 1) * 100);
        QVERIFY2(std::fabs((w.total() - w.ropeCache) / file - 1) < 0.0005, std::to_string(w.total()).c_str());
    }

    void packedPool()
    {
        const ModelSpec flash = presetModel("deepseek-v4-flash");
        // Flash, every layer on one rank, 256-token blocks, max_model_len 30,000, 16,384 tokens in flight:
        //  pages (fp8_ds_mla rows of 584 B, pages a multiple of 576 B): window 64 x 584 -> 37,440; ratio 4
        //  compressed 64 rows -> 37,440, indexer keys 64 x 132 -> 8,640, compressor state 4 x 8,192 -> 32,832,
        //  indexer compressor state 4 x 2,048 -> 8,640; ratio 128 compressed 2 rows -> 1,728, state 8 x 4,096 ->
        //  32,832.
        //  groups: the compressed bucket (21 + 21 + 20 pages) whole: 21 x 37,440 + 21 x 8,640 + 20 x 1,728 =
        //  1,002,240 B, the stride; tuples [21, 43, 21, 20] -> T = 22 (least padding from 21 up); the 43 windows
        //  in 2 groups (22 x 37,440 = 823,680), the ratio-4 states in 1 (21 x 41,472), the ratio-128 in 1.
        //  check: 22 x (37,440 + 8,640 + 1,728) = 1,051,776 B per page.
        //  per request: cdiv(30,000, 256) = 118; windows 2 x (cdiv(127 + 16,384, 64) + 1) = 2 x 259; ratio-4 states
        //  cdiv(7 + 16,384, 4) + 1 = 4,099; ratio-128 cdiv(127 + 16,384, 8) + 1 = 2,065; sum 6,800.
        const KvPool pool = kvPoolForLayers(flash, 0, flash.layers, 1, KvDtype::Fp8, 256, 30000, 16384);
        QCOMPARE(pool.bytesPerBlock, 1002240.0);
        QCOMPARE(pool.checkBytesPerBlock, 1051776.0);
        QCOMPARE(pool.blocksPerRequest, std::int64_t(6800));
        QCOMPARE(pool.groups(), 5);
        // vllm#44376: 6,800 x 1,051,776 B = 7,152,076,800 B = 6.66 GiB needed; at 13,528 tokens 53 + 2 x 213 +
        // 3,383 + 1,692 = 5,554 pages fit in the printed 5.44 GiB (5,841,563,904 B), at 13,529 the 5,556 do not.
        QCOMPARE(std::round(6800 * pool.checkBytesPerBlock / (1 << 30) * 100) / 100, 6.66);
        QCOMPARE(kvPoolForLayers(flash, 0, flash.layers, 1, KvDtype::Fp8, 256, 13528, 16384).blocksPerRequest,
            std::int64_t(5554));
        QCOMPARE(kvPoolForLayers(flash, 0, flash.layers, 1, KvDtype::Fp8, 256, 13529, 16384).blocksPerRequest,
            std::int64_t(5556));
        // Nothing divides by TP: one latent head, the indexer replicated.
        QCOMPARE(kvPoolForLayers(flash, 0, flash.layers, 8, KvDtype::Fp8, 256, 30000, 16384).bytesPerBlock, 1002240.0);

        // Pro (61 layers: [128, 128] + [4, 128] x 29 + [4]): 30 ratio-4 and 31 ratio-128 layers. Compressed bucket
        // 30 x 37,440 + 30 x 8,640 + 31 x 1,728 = 1,435,968 B; tuples [31, 61, 30, 31] -> T = 31; check 31 x 47,808 =
        // 1,482,048 B per page.
        const ModelSpec pro = presetModel("deepseek-v4-pro");
        const KvPool p = kvPoolForLayers(pro, 0, pro.layers, 8, KvDtype::Fp8, 256, 30000, 16384);
        QCOMPARE(p.bytesPerBlock, 1435968.0);
        QCOMPARE(p.checkBytesPerBlock, 1482048.0);
        QCOMPARE(p.blocksPerRequest, std::int64_t(6800));
    }

    void planRules()
    {
        const ModelSpec m = presetModel("deepseek-v4-flash");
        Plan p;
        p.modelId = m.id;
        p.tp = 4;
        p.maxModelLen = 65536;
        const auto has = [](const Evaluation &e, const char *code) {
            for (const PlanIssue &i : e.issues)
                if (i.code == code)
                    return true;
            return false;
        };
        // Without fp8 the fp8_ds_mla backends refuse to start; o_groups 8 splits over tp 1, 2, 4, 8 only.
        QVERIFY(has(evaluate(p, m, presetGpu("b200")), "deepseek_v4_kv_dtype"));
        p.kvCacheDtype = KvDtype::Fp8;
        const Evaluation e = evaluate(p, m, presetGpu("b200"));
        QVERIFY(!has(e, "deepseek_v4_kv_dtype"));
        QVERIFY(e.valid);
        QCOMPARE(e.kv.blockSize, 256);
        // Token-proportional KV on the binding rank: the stride per 256 tokens.
        QCOMPARE(e.kv.bytesPerTokenPerGpu, 1002240.0 / 256);
        p.tp = 16;
        QVERIFY(has(evaluate(p, m, presetGpu("b200")), "deepseek_v4_o_groups"));
    }
};

QTEST_GUILESS_MAIN(TestDeepSeekV4)
#include "tst_deepseekv4.moc"
