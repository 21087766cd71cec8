// Quantization formats (ModelOpt, compressed-tensors): bytes per parameter with their scales worked
// out by hand, ignore lists applied as vLLM applies them, vLLM's group divisibility refusals, refusals
// of what ShardScope does not read; the new presets' parameter counts against the official figures
// and every preset found again from a `vllm serve` command.
#include "core/evaluate/validation.h"
#include "core/evaluate/weights.h"
#include "core/launch/launchimport.h"
#include "core/launch/presetmatch.h"
#include "core/model/errors.h"
#include "core/model/quantconfig.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace shardscope;
using nlohmann::json;

namespace {

// A small dense config; `quant` goes in as its quantization_config.
json dense(int layers = 4, int intermediate = 1024)
{
    return json { { "model_type", "llama" }, { "hidden_size", 512 }, { "intermediate_size", intermediate },
        { "num_attention_heads", 8 }, { "num_key_value_heads", 2 }, { "num_hidden_layers", layers },
        { "vocab_size", 1000 } };
}

json moe(int moeIntermediate = 96)
{
    return json { { "model_type", "qwen3_moe" }, { "hidden_size", 256 }, { "intermediate_size", 512 },
        { "num_attention_heads", 4 }, { "num_key_value_heads", 2 }, { "head_dim", 64 }, { "num_hidden_layers", 2 },
        { "vocab_size", 1000 }, { "num_experts", 8 }, { "num_experts_per_tok", 2 },
        { "moe_intermediate_size", moeIntermediate }, { "decoder_sparse_step", 1 } };
}

json ctGroup(json weights)
{
    return json { { "quant_method", "compressed-tensors" }, { "format", "pack-quantized" },
        { "config_groups", { { "group_0", { { "targets", { "Linear" } }, { "weights", std::move(weights) } } } } } };
}

ModelSpec withQuant(json config, json quant)
{
    config["quantization_config"] = std::move(quant);
    return modelFromJson(config, "q");
}

bool refusedNaming(json config, json quant, const char *field)
{
    try {
        (void)withQuant(std::move(config), std::move(quant));
    } catch (const InputError &e) {
        return std::string(e.what()).find(field) != std::string::npos;
    }
    return false;
}

bool hasIssue(const std::vector<PlanIssue> &issues, const char *code)
{
    for (const PlanIssue &i : issues)
        if (i.code == code)
            return true;
    return false;
}

std::vector<PlanIssue> groupIssues(const ModelSpec &m, int tp, int dp = 1, int ep = 1)
{
    Plan p;
    p.tp = tp;
    p.dp = dp;
    p.ep = ep;
    std::vector<PlanIssue> issues;
    validateFp8BlockExperts(p, m, issues);
    return issues;
}

} // namespace

class TestQuantConfig : public QObject
{
    Q_OBJECT
private slots:
    void bytesPerParameterByFormat()
    {
        // NVFP4 (ModelOpt): 4-bit values + one FP8 E4M3 scale (1 byte) per 16 = 0.5 + 1/16 = 0.5625 bytes; the
        // FP32 global scale is one per tensor.
        const ModelSpec nvfp4 = withQuant(dense(), { { "quant_method", "modelopt" }, { "quant_algo", "NVFP4" } });
        QCOMPARE(nvfp4.weightFormat, WeightFormat::Nvfp4);
        QCOMPARE(nvfp4.quant.scheme.bytesPerParam(), 0.5625);
        // compressed-tensors NVFP4 (nvfp4-pack-quantized: float, 4 bits, tensor_group, 16): the same 0.5625.
        json nv
            = ctGroup({ { "num_bits", 4 }, { "type", "float" }, { "strategy", "tensor_group" }, { "group_size", 16 } });
        nv["format"] = "nvfp4-pack-quantized";
        QCOMPARE(withQuant(dense(), nv).quant.scheme.bytesPerParam(), 0.5625);
        // MXFP4 (float, 4 bits, group 32): 0.5 + one E8M0 byte per 32 = 0.5 + 1/32 = 0.53125.
        const ModelSpec mx = withQuant(dense(),
            ctGroup({ { "num_bits", 4 }, { "type", "float" }, { "strategy", "group" }, { "group_size", 32 } }));
        QCOMPARE(mx.weightFormat, WeightFormat::Mxfp4);
        QCOMPARE(mx.quant.scheme.bytesPerParam(), 0.53125);
        // W4A16 INT4, symmetric, group 128: 0.5 + one BF16 scale (2 bytes) per 128 = 0.5 + 2/128 = 0.515625.
        const ModelSpec w4 = withQuant(dense(),
            ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" }, { "group_size", 128 },
                { "symmetric", true } }));
        QCOMPARE(w4.weightFormat, WeightFormat::Int4);
        QCOMPARE(w4.quant.scheme.bytesPerParam(), 0.515625);
        // Group 32 (Kimi-K2.5): 0.5 + 2/32 = 0.5625. Asymmetric group 128: + a 4-bit zero point per group:
        // 0.5 + (2 + 0.5)/128 = 0.51953125.
        QCOMPARE(withQuant(dense(),
                     ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" }, { "group_size", 32 } }))
                     .quant.scheme.bytesPerParam(),
            0.5625);
        QCOMPARE(withQuant(dense(),
                     ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" }, { "group_size", 128 },
                         { "symmetric", false } }))
                     .quant.scheme.bytesPerParam(),
            0.51953125);
        // W8A8 INT8 per channel: 1 byte (one scale per output row of thousands of weights: negligible).
        const ModelSpec w8
            = withQuant(dense(), ctGroup({ { "num_bits", 8 }, { "type", "int" }, { "strategy", "channel" } }));
        QCOMPARE(w8.weightFormat, WeightFormat::Int8);
        QCOMPARE(w8.quant.scheme.bytesPerParam(), 1.0);
        // FP8 per tensor: 1 byte; FP8 128x128 blocks: 1 + one FP32 scale (4 bytes) per 16384 = 1.000244140625.
        QCOMPARE(withQuant(dense(), ctGroup({ { "num_bits", 8 }, { "type", "float" }, { "strategy", "tensor" } }))
                     .quant.scheme.bytesPerParam(),
            1.0);
        const ModelSpec block = withQuant(dense(),
            ctGroup({ { "num_bits", 8 }, { "type", "float" }, { "strategy", "block" },
                { "block_structure", { 128, 128 } } }));
        QCOMPARE(block.weightFormat, WeightFormat::Fp8Block);
        QCOMPARE(block.fp8BlockSize, 128);
        QCOMPARE(block.quant.scheme.bytesPerParam(), 1.000244140625);
        // ModelOpt FP8 (per tensor) and MXFP8 (1 + one E8M0 byte per 32 = 1.03125).
        QCOMPARE(withQuant(dense(), { { "quant_method", "modelopt" }, { "quant_algo", "FP8" } }).weightFormat,
            WeightFormat::Fp8);
        QCOMPARE(withQuant(dense(), { { "quant_method", "modelopt" }, { "quant_algo", "MXFP8" } })
                     .quant.scheme.bytesPerParam(),
            1.03125);
    }

    void planBytesFollowTheScheme()
    {
        // An all-quantized NVFP4 checkpoint with only lm_head excluded: attention, MLP at 0.5625, the LM head
        // and embedding at 2 bytes. Dense rank (tp 1): MLP 4 layers x 3 x 512 x 1024 params x 0.5625 bytes.
        const ModelSpec m = withQuant(
            dense(), { { "quant_method", "modelopt" }, { "quant_algo", "NVFP4" }, { "ignore", { "lm_head" } } });
        const BytesPerParam b = bytesPerParam(m, m.weightFormat);
        QCOMPARE(b.attention, 0.5625);
        QCOMPARE(b.linear, 0.5625);
        QCOMPARE(b.lmHead, 2.0);
        RankShape s;
        s.layerCount = 4;
        s.lmHead = true;
        const WeightBreakdown w = rankWeightBytes(m, s, b);
        QCOMPARE(w.mlp, 4.0 * 3 * 512 * 1024 * 0.5625);
        // LM head: vocab 1000 padded to 1024 rows (multiple of 64) x 512 x 2 bytes.
        QCOMPARE(w.lmHead, 1024.0 * 512 * 2);
    }

    void hfQuantConfigFormWithExcludes()
    {
        // nvidia/Qwen3-32B-NVFP4 hf_quant_config.json (ai-dynamo/aiconfigurator @f577ab84
        // src/aiconfigurator/model_configs/nvidia--Qwen3-32B-NVFP4_hf_quant_config.json), in a preset.
        const json hq = json::parse(R"({"producer": {"name": "modelopt", "version": "0.33.0"},
            "quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "group_size": 16,
                             "exclude_modules": ["lm_head"]}})");
        json preset { { "id", "tiny-nvfp4" }, { "name", "tiny" }, { "hf_repo", "x/tiny" }, { "config", dense() } };
        preset["hf_quant_config"] = hq; // recognised by its producer, as the file carries no quant_method
        const ModelSpec m = modelFromJson(preset);
        QCOMPARE(m.weightFormat, WeightFormat::Nvfp4);
        QCOMPARE(m.quant.algo, std::string("NVFP4"));
        QVERIFY(!m.quantCoverage.lmHead);
        QCOMPARE(m.quantCoverage.attention, 1.0);

        // ModelOpt wildcard: "model.layers.0.self_attn*" keeps 1 of 4 layers' attention in BF16:
        // attention bytes 3/4 x 0.5625 + 1/4 x 2 = 0.921875.
        const ModelSpec one = withQuant(dense(),
            { { "quant_method", "modelopt" }, { "quant_algo", "NVFP4" },
                { "ignore", { "lm_head", "model.layers.0.self_attn*" } } });
        QCOMPARE(one.quantCoverage.attention, 0.75);
        QCOMPARE(bytesPerParam(one, one.weightFormat).attention, 0.921875);
        // vLLM's ModelOpt exclusion also matches by substring (is_layer_excluded: `exclude_module in prefix`):
        // "model.layers.1" is in the names of layers 1, 10 and 11 of a 12-layer model, so 3 of 12 layers
        // stay BF16: MLP coverage 9/12 = 0.75.
        const ModelSpec sub = withQuant(
            dense(12), { { "quant_method", "modelopt" }, { "quant_algo", "FP8" }, { "ignore", { "model.layers.1" } } });
        QCOMPARE(sub.quantCoverage.denseMlp, 0.75);
        // A class and a '?' around the literal ShardScope looks for first: "*layers.[!0].mlp.down_pro?" names
        // layers 1-3's down_proj (not layer 0's, nor layer 10's: "10." is two characters), 3 of 4 layers x 1 of
        // 3 projections: 9/12 of a 4-layer model's MLP quantized.
        const auto fp8Ignoring = [](int layers, const json &ignore) {
            return withQuant(
                dense(layers), { { "quant_method", "modelopt" }, { "quant_algo", "FP8" }, { "ignore", ignore } });
        };
        QCOMPARE(fp8Ignoring(4, { "*layers.[!0].mlp.down_pro?" }).quantCoverage.denseMlp, 9.0 / 12);
        // Thousands of wildcards that never match, over 2,000 layers: about 10^10 comparisons, refused with
        // the field named instead of minutes of matching.
        json many = json::array();
        for (int i = 0; i < 3000; ++i)
            many.push_back("*.*.*.*.*.*.*.*q" + std::to_string(i));
        QVERIFY(refusedNaming(dense(2000),
            { { "quant_method", "modelopt" }, { "quant_algo", "FP8" }, { "ignore", many } }, "\"ignore\" is too long"));
        // A long real-sized list is read: one entry per layer and module of a 94-layer model, 470 entries.
        json perLayer = json::array();
        for (int i = 0; i < 94; ++i)
            for (const char *module :
                { "self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj", "mlp.gate_proj" })
                perLayer.push_back("model.layers." + std::to_string(i) + "." + module);
        QCOMPARE(fp8Ignoring(94, perLayer).quantCoverage.denseMlp, 2.0 / 3);
        // vLLM refuses an NVFP4 hf_quant_config.json without exclude_modules (ModelOptNvFp4Config).
        QVERIFY(refusedNaming(dense(),
            { { "quant_method", "modelopt" },
                { "quantization",
                    { { "quant_algo", "NVFP4" }, { "kv_cache_quant_algo", "FP8" }, { "group_size", 16 } } } },
            "exclude_modules"));
    }

    void compressedTensorsIgnoreList()
    {
        // Kimi-K2.5's ignore list (preset kimi-k2.5): attention, shared experts and the dense MLP stay BF16,
        // the routed experts are INT4 group 32 (0.5625 bytes).
        const ModelSpec k = presetModel("kimi-k2.5");
        QCOMPARE(k.quant.method, std::string("compressed-tensors"));
        QCOMPARE(k.quantCoverage.attention, 0.0);
        QCOMPARE(k.quantCoverage.sharedExperts, 0.0);
        QCOMPARE(k.quantCoverage.denseMlp, 0.0);
        QCOMPARE(k.quantCoverage.experts, 1.0);
        const BytesPerParam b = bytesPerParam(k, k.weightFormat);
        QCOMPARE(b.expert, 0.5625);
        QCOMPARE(b.attention, 2.0);
        QCOMPARE(b.shared, 2.0);
        QCOMPARE(b.lmHead, 2.0);
        // One expert slot of one MoE layer on one rank (tp 1): 3 x 7168 x 2048 x 0.5625 bytes.
        RankShape s;
        s.firstLayer = 1; // layer 0 is the dense one
        s.layerCount = 1;
        s.localExperts = 1;
        QCOMPARE(rankWeightBytes(k, s, b).experts, 3.0 * 7168 * 2048 * 0.5625);
        // An exact module name counts too; "re:" is Python re.match (anchored at the start only).
        const ModelSpec exact = withQuant(dense(),
            { { "quant_method", "compressed-tensors" }, { "ignore", { "model.layers.2.mlp.down_proj", "re:mlp" } },
                { "config_groups",
                    { { "g",
                        { { "weights", { { "num_bits", 8 }, { "type", "int" }, { "strategy", "channel" } } } } } } } });
        // 1 of 4 layers x 1 of 3 equal projections kept: 11/12 of the MLP quantized ("re:mlp" matches nothing:
        // names start with "model.").
        QCOMPARE(exact.quantCoverage.denseMlp, 11.0 / 12);
    }

    // Kimi-K2-Thinking (preset kimi-k2-thinking): the Kimi-K2 shapes as a native INT4 checkpoint, not Kimi-K2's
    // FP8 blocks. Routed experts in vLLM's CompressedTensorsWNA16MoEMethod.create_weights (neuralmagic/vllm
    // @017e9f4448b7 vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors_moe/
    // compressed_tensors_moe_wna16.py): w13/w2_weight_packed int32 holding packed_factor = 32 // num_bits = 8
    // values (4 bits: 0.5 B per weight), w13/w2_weight_scale in params_dtype (BF16, 2 B) per group_size = 32
    // inputs: 0.5 + 2/32 = 0.5625 B per weight; symmetric, so no weight_zero_point. Everything in the ignore
    // list (attention, shared experts, the dense MLP, lm_head) stays BF16.
    void kimiK2ThinkingInt4Weights()
    {
        const ModelSpec k = presetModel("kimi-k2-thinking");
        QCOMPARE(k.quant.method, std::string("compressed-tensors"));
        QCOMPARE(k.weightFormat, WeightFormat::Int4);
        QCOMPARE(k.quantCoverage.attention, 0.0);
        QCOMPARE(k.quantCoverage.sharedExperts, 0.0);
        QCOMPARE(k.quantCoverage.denseMlp, 0.0);
        QCOMPARE(k.quantCoverage.experts, 1.0);
        QVERIFY(!k.quantCoverage.lmHead);
        const BytesPerParam b = bytesPerParam(k, k.weightFormat);
        QCOMPARE(b.expert, 4.0 / 8 + 2.0 / 32);
        QCOMPARE(b.attention, 2.0);
        QCOMPARE(b.shared, 2.0);
        QCOMPARE(b.lmHead, 2.0);
        // The whole model on one rank (tp 1), from the config (h 7168, 61 layers, layer 0 dense, vocab 163840):
        //   routed experts 60 x 384 x 3 x 7168 x 2048 = 1,014,686,023,680 weights x 0.5625 = 570,760,888,320 B;
        //   the rest in BF16, 11,722,185,728 parameters = 23,444,371,456 B:
        //     MLA per layer q_a 7168 x 1536 + q_b 1536 x 64 x 192 + kv_a 7168 x (512 + 64) + kv_b 512 x 64 x 256
        //       + o 64 x 128 x 7168 = 101,122,048, x 61 = 6,168,444,928; the q_a / kv_a norms 61 x 2048;
        //     the dense MLP 3 x 7168 x 18432 = 396,361,728; shared experts 60 x 3 x 7168 x 2048 =
        //     2,642,411,520; routers 60 x 384 x 7168 = 165,150,720; embedding + LM head 2 x 163840 x 7168 =
        //     2,348,810,240; layer norms 61 x 2 x 7168 and the final norm 7168.
        //   594,205,259,776 B in all (594.2 GB; vLLM's Kimi-K2.5 recipe, the same scheme and shapes, gives
        //   "~595 GB on disk"). The RoPE cache buffer is not a checkpoint tensor: left out here.
        RankShape whole;
        whole.layerCount = 61;
        whole.embedding = whole.lmHead = true;
        whole.localExperts = 384;
        const WeightBreakdown w1 = rankWeightBytes(k, whole, b);
        QCOMPARE(w1.experts, 570760888320.0);
        QVERIFY2(std::fabs((w1.total() - w1.ropeCache) / 594205259776.0 - 1) < 1e-6,
            qPrintable(QString::number(w1.total() - w1.ropeCache, 'f', 0)));
        // TP 8: every routed expert split 8 ways (moe_intermediate 2048 / 8 = 256, a multiple of the group of
        // 32, as vLLM's check in create_weights requires): 570,760,888,320 / 8 = 71,345,111,040 B per rank.
        RankShape tp8 = whole;
        tp8.tp = tp8.moeTp = 8;
        QCOMPARE(rankWeightBytes(k, tp8, b).experts, 71345111040.0);
        // Kimi-K2 (preset kimi-k2), the same shapes in FP8 128 x 128 blocks, holds 1 + 4/16384 B per expert weight.
        const ModelSpec fp8 = presetModel("kimi-k2");
        QCOMPARE(fp8.weightFormat, WeightFormat::Fp8Block);
        QVERIFY(bytesPerParam(fp8, fp8.weightFormat).expert > 1.0);
    }

    // quant_method fp8 with "ignored_layers": vLLM's Fp8Config leaves those modules in BF16 (fp8.py
    // @017e9f4448b7, is_layer_skipped -> UnquantizedLinearMethod). MiMo-V2.5-Pro keeps every layer's o_proj
    // BF16. Per layer (128 query / 8 KV heads, K 192, V 128, in units of h): q 128 x 192 = 24,576; k 8 x 192
    // = 1,536; v 8 x 128 = 1,024; o 128 x 128 = 16,384 (heads x v_head_dim); of 43,520, 27,136 stay FP8.
    // FP8 blocks of 128 x 128 add 4 B per 16,384 weights.
    void fp8IgnoredLayers()
    {
        const ModelSpec m = presetModel("mimo-v2.5-pro");
        QCOMPARE(m.quant.method, std::string("fp8"));
        QCOMPARE(m.weightFormat, WeightFormat::Fp8Block);
        QCOMPARE(m.fp8BlockSize, 128);
        QCOMPARE(m.quantCoverage.attention, 27136.0 / 43520);
        QCOMPARE(m.quantCoverage.experts, 1.0);
        QCOMPARE(m.quantCoverage.denseMlp, 1.0);
        const BytesPerParam b = bytesPerParam(m, m.weightFormat);
        const double fp8 = 1 + 4.0 / 16384;
        QVERIFY(std::fabs(b.attention - (27136.0 / 43520 * fp8 + 16384.0 / 43520 * 2)) < 1e-12);
        QCOMPARE(b.expert, fp8);
        // Without the list it is read as before: every linear layer FP8.
        const ModelSpec plain = presetModel("mimo-v2-flash");
        QVERIFY(plain.quant.method.empty());
        QCOMPARE(plain.weightFormat, WeightFormat::Fp8Block);
        QCOMPARE(bytesPerParam(plain, plain.weightFormat).attention, fp8);
    }

    // "re:" entries are Python re.match: anchored at the start, not the end. Dense MLP of 4 layers
    // x 3 equal projections, worked by hand:
    void ignoreRegexesMatchAsPythonDoes()
    {
        const json scheme
            = { { "g", { { "weights", { { "num_bits", 8 }, { "type", "int" }, { "strategy", "channel" } } } } } };
        const auto coverage = [&](const json &ignore) {
            return withQuant(dense(),
                { { "quant_method", "compressed-tensors" }, { "ignore", ignore }, { "config_groups", scheme } })
                .quantCoverage.denseMlp;
        };
        // A top-level alternation: either side alone. Layer 1's three and the other layers' down_proj
        // are ignored: 6 of 12 kept.
        QCOMPARE(coverage({ "re:.*layers\\.1\\..*|.*down_proj" }), 6.0 / 12);
        // "s?" may be absent: ".up_proj" matches (gate_up_proj does not: "_up", not ".up"). "{1,2}"
        // is a count: "down_proj" matches. Only the 4 gate projections stay: 4 of 12.
        QCOMPARE(coverage({ "re:.*\\.ups?_proj", "re:.*down_pr{1,2}oj" }), 4.0 / 12);
        // A group's contents are optional to the prefilter: "mlp\\.(gate|up)_proj" ignores gate and up.
        QCOMPARE(coverage({ "re:.*mlp\\.(gate|up)_proj" }), 4.0 / 12);
        // Not anchored at the end: "model.layers.0.mlp" is a prefix of all three of layer 0's: 9 of 12.
        QCOMPARE(coverage({ "re:model\\.layers\\.0\\.mlp" }), 9.0 / 12);
        // Patterns a backtracking engine takes exponential time on are read and matched in linear
        // time: neither matches a name (no "b"; the names are not all "a"s), so all 12 stay quantized.
        QCOMPARE(coverage({ "re:(a+)+b", "re:(.*)*(.*)*(.*)*(.*)*(.*)*(.*)*(.*)*(.*)*(.*)*=" }), 12.0 / 12);
        // Python's (?P<name>...) groups and \\d are read.
        QCOMPARE(coverage({ "re:model\\.layers\\.(?P<n>\\d+)\\.mlp\\.down_proj" }), 8.0 / 12);
    }

    void refusesWhatItDoesNotRead()
    {
        QVERIFY(refusedNaming(dense(), { { "quant_method", "modelopt" }, { "quant_algo", "INT4_AWQ" } }, "quant_algo"));
        QVERIFY(refusedNaming(dense(), { { "quant_method", "modelopt" } }, "quant_algo"));
        // DeepSeek-V4-Flash-NVFP4's MIXED_PRECISION (per-layer schemes): refused, not guessed.
        QVERIFY(refusedNaming(
            dense(), { { "quant_method", "modelopt" }, { "quant_algo", "MIXED_PRECISION" } }, "quant_algo"));
        QVERIFY(refusedNaming(dense(), { { "quant_method", "compressed-tensors" } }, "config_groups"));
        QVERIFY(refusedNaming(
            dense(), ctGroup({ { "num_bits", 3 }, { "type", "int" }, { "strategy", "group" } }), "num_bits"));
        QVERIFY(refusedNaming(
            dense(), ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" } }), "group_size"));
        QVERIFY(refusedNaming(dense(), ctGroup({ { "type", "int" } }), "num_bits"));
        json mixed = ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" }, { "group_size", 128 } });
        mixed["config_groups"]["group_1"] = { { "targets", { "Linear" } },
            { "weights", { { "num_bits", 8 }, { "type", "float" }, { "strategy", "tensor" } } } };
        QVERIFY(refusedNaming(dense(), mixed, "config_groups"));
        json targeted = ctGroup({ { "num_bits", 8 }, { "type", "float" }, { "strategy", "tensor" } });
        targeted["config_groups"]["group_0"]["targets"] = { "re:.*experts.*" };
        QVERIFY(refusedNaming(dense(), targeted, "targets"));
        json hostile = ctGroup({ { "num_bits", 8 }, { "type", "float" }, { "strategy", "tensor" } });
        hostile["ignore"] = { "re:(?=lookahead)" }; // Python reads it; RE2 does not: refused, not guessed
        QVERIFY(refusedNaming(dense(), hostile, "ignore"));
        hostile["ignore"] = { "re:[unclosed" };
        QVERIFY(refusedNaming(dense(), hostile, "ignore"));
        QVERIFY(refusedNaming(dense(), { { "quant_method", "bitsandbytes" } }, "quant_method"));
    }

    void groupDivisibility()
    {
        // NVFP4, intermediate 1056 = 16 x 66: tp 2 gives down_proj 528 = 16 x 33 inputs per rank (loads); tp 4 gives
        // 264 = 16 x 16.5 (vLLM: "in features size is not multiple of 16").
        const ModelSpec m = withQuant(dense(4, 1056), { { "quant_method", "modelopt" }, { "quant_algo", "NVFP4" } });
        QVERIFY(!hasIssue(groupIssues(m, 2), "tp_quant_group"));
        QVERIFY(hasIssue(groupIssues(m, 4), "tp_quant_group"));
        // The same checkpoint with its MLP excluded: nothing group-scaled is split unevenly at tp 4 (o_proj
        // input 8 heads x 64 = 512 / 4 = 128 = 16 x 8).
        const ModelSpec kept = withQuant(
            dense(4, 1056), { { "quant_method", "modelopt" }, { "quant_algo", "NVFP4" }, { "ignore", { "*.mlp.*" } } });
        QVERIFY(!hasIssue(groupIssues(kept, 4), "tp_quant_group"));
        // INT4 group 32 experts of intermediate 96 = 3 x 32: split 1 way loads, 2 ways gives 48 (1.5 groups).
        const ModelSpec e = withQuant(
            moe(96), ctGroup({ { "num_bits", 4 }, { "type", "int" }, { "strategy", "group" }, { "group_size", 32 } }));
        QVERIFY(!hasIssue(groupIssues(e, 1), "quant_group_experts"));
        QVERIFY(hasIssue(groupIssues(e, 2), "quant_group_experts"));
        // With expert parallelism over the 2 ranks each expert stays whole (tp x dp / ep = 1).
        QVERIFY(!hasIssue(groupIssues(e, 2, 1, 2), "quant_group_experts"));
    }

    void newPresetsMatchOfficialCounts_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("active");
        QTest::addColumn<int>("activeConvention"); // 0 all, 1 without the input embedding, 2 without embedding and head
        QTest::addColumn<double>("tolerance");
        // Official figures from each preset's sources. Kimi-K2.5: 1.04T in the K2 report, 1.026T counted (-1.3 %, the
        // report rounds up; the 0.4B vision encoder is not counted), so 1.5 %; active 31.69B without the input
        // embedding (the DeepSeek-V3 convention), 32.86B with it. Step-3.7-Flash: "about 11B" active,
        // 10.86B counted (-1.2 %), so 1.5 %. The others within 1 %.
        QTest::newRow("kimi-k2.5") << QStringLiteral("kimi-k2.5") << 1.04e12 << 32e9 << 1 << 0.015;
        // Kimi-K2-Thinking: "1T" / "32B" (vLLM recipe, model card): 1.026T counted (+2.6 %: the card rounds, as for
        // Kimi-K2), active 31.69B without the input embedding (-1.0 %), so 3 %.
        QTest::newRow("kimi-k2-thinking") << QStringLiteral("kimi-k2-thinking") << 1e12 << 32e9 << 1 << 0.03;
        QTest::newRow("glm-4.7") << QStringLiteral("glm-4.7") << 355e9 << 32e9 << 2 << 0.01;
        // GLM-5 / GLM-5.2 (Z.ai, as GLM-4.7): active without the embedding and the LM head, the DSA indexers
        // included: 39.88B for 40B; GLM-5.2 (vLLM recipe 743B / 39B) 743.38B, 39.35B (+0.9 %).
        QTest::newRow("glm-5") << QStringLiteral("glm-5") << 744e9 << 40e9 << 2 << 0.01;
        QTest::newRow("glm-5.2") << QStringLiteral("glm-5.2") << 743e9 << 39e9 << 2 << 0.01;
        QTest::newRow("qwen3-vl-235b-a22b") << QStringLiteral("qwen3-vl-235b-a22b") << 235e9 << 22e9 << 0 << 0.01;
        QTest::newRow("step-3.7-flash") << QStringLiteral("step-3.7-flash") << 196e9 << 11e9 << 0 << 0.015;
        // Qwen3.5-27B: "27B" on its model card (dense; 26.90B counted). Nemotron-3-Nano: 31.6B total (model
        // card), 3.2B active without the embedding lookup (NVIDIA's figure); 31.58B / 3.23B counted.
        QTest::newRow("qwen3.5-27b") << QStringLiteral("qwen3.5-27b") << 27e9 << 27e9 << 0 << 0.01;
        QTest::newRow("nemotron-3-nano-30b-a3b")
            << QStringLiteral("nemotron-3-nano-30b-a3b") << 31.6e9 << 3.2e9 << 1 << 0.01;
        // Nemotron-3 Ultra: 550B / 55B (research.nvidia.com/labs/nemotron/Nemotron-3-Ultra/, the model card);
        // 549.31B counted, 54.99B active without the embedding lookup (tst_hybridkv nemotronUltraParams).
        QTest::newRow("nemotron-3-ultra-550b-a55b")
            << QStringLiteral("nemotron-3-ultra-550b-a55b") << 550e9 << 55e9 << 1 << 0.01;
        // Figures from each preset's sources (model cards, or vLLM's recipe metadata that repeats them).
        QTest::newRow("qwen3-4b") << QStringLiteral("qwen3-4b") << 4.0e9 << 4.0e9 << 0 << 0.01; // 4.02B
        QTest::newRow("llama-3.2-3b") << QStringLiteral("llama-3.2-3b") << 3.21e9 << 3.21e9 << 0 << 0.01; // 3.21B
        QTest::newRow("llama-3.2-1b") << QStringLiteral("llama-3.2-1b") << 1.23e9 << 1.23e9 << 0 << 0.01; // 1.236B
        QTest::newRow("phi-4-mini-instruct")
            << QStringLiteral("phi-4-mini-instruct") << 3.8e9 << 3.8e9 << 0 << 0.01; // 3.836B
        // Laguna (vLLM recipes): XS.2 33B / 3B (33.44B, +1.3 %, and 3.02B counted), so 1.5 %; S-2.1 118B / 8B
        // (117.56B; active 7.83B without the embedding and LM head, -2.1 %, 8.45B with them), so 2.5 %.
        QTest::newRow("laguna-xs.2") << QStringLiteral("laguna-xs.2") << 33e9 << 3e9 << 0 << 0.015;
        QTest::newRow("laguna-s-2.1") << QStringLiteral("laguna-s-2.1") << 118e9 << 8e9 << 2 << 0.025;
        // Qwen3-8B "8.2B" (8.19B counted); Qwen2.5-32B "32.5B" (32.76B).
        QTest::newRow("qwen3-8b") << QStringLiteral("qwen3-8b") << 8.2e9 << 8.2e9 << 0 << 0.01;
        QTest::newRow("qwen2.5-32b") << QStringLiteral("qwen2.5-32b") << 32.5e9 << 32.5e9 << 0 << 0.01;
        // NemotronH dense (vLLM recipes' headlines): Nano-4B 4B (3.974B), Nano-9B-v2 9B (8.888B, -1.2 %).
        QTest::newRow("nemotron-3-nano-4b") << QStringLiteral("nemotron-3-nano-4b") << 4e9 << 4e9 << 0 << 0.01;
        QTest::newRow("nemotron-nano-9b-v2") << QStringLiteral("nemotron-nano-9b-v2") << 9e9 << 9e9 << 0 << 0.015;
        // Mellum2-12B-A2.5B 12B / 2.5B (recipes): 12.15B (+1.2 %), 2.44B active (-2.4 %), rounded headlines.
        QTest::newRow("mellum2-12b-a2.5b") << QStringLiteral("mellum2-12b-a2.5b") << 12e9 << 2.5e9 << 0 << 0.03;
        // Seed-OSS-36B "36B" (36.15B counted, with the o_proj biases ShardScope adds for attention_bias).
        QTest::newRow("seed-oss-36b-instruct") << QStringLiteral("seed-oss-36b-instruct") << 36e9 << 36e9 << 0 << 0.01;
        // ERNIE-4.5-21B-A3B 21B / 3B (recipe, model card): 21.83B (+3.9 %), 3.09B active without the embedding
        // lookup (+2.9 %); the routed experts alone are 20.38B, so the name's figures are rounded down.
        QTest::newRow("ernie-4.5-21b-a3b") << QStringLiteral("ernie-4.5-21b-a3b") << 21e9 << 3e9 << 1 << 0.04;
        // MiniMax-M3 427B / 26B (vLLM recipe): 426.17B (the recipe's 427.04B also holds the 0.87B vision tower),
        // 25.96B active with embedding and head, as the recipe's own active sum counts them.
        QTest::newRow("minimax-m3") << QStringLiteral("minimax-m3") << 427e9 << 26e9 << 0 << 0.01;
        // Phi-4-reasoning: Phi-4's Hub count 14.7B (14.66B counted); Qwen3.5-9B "9B" (8.95B, language model).
        QTest::newRow("phi-4-reasoning") << QStringLiteral("phi-4-reasoning") << 14.7e9 << 14.7e9 << 0 << 0.01;
        QTest::newRow("qwen3.5-9b") << QStringLiteral("qwen3.5-9b") << 9e9 << 9e9 << 0 << 0.01;
        // LFM2.5-230M "230M" (229.7M); LFM2.5-350M "350M": 354.5M (+1.3 %), the exact count of the checkpoint.
        QTest::newRow("lfm2.5-230m") << QStringLiteral("lfm2.5-230m") << 230e6 << 230e6 << 0 << 0.01;
        QTest::newRow("lfm2.5-350m") << QStringLiteral("lfm2.5-350m") << 350e6 << 350e6 << 0 << 0.015;
    }
    void newPresetsMatchOfficialCounts()
    {
        QFETCH(QString, id);
        QFETCH(double, total);
        QFETCH(double, active);
        QFETCH(int, activeConvention);
        QFETCH(double, tolerance);
        const ModelSpec m = presetModel(id.toLatin1().constData());
        const ParamCounts c = countParams(m);
        double a = c.active;
        if (activeConvention >= 1)
            a -= c.embedding;
        if (activeConvention >= 2)
            a -= c.lmHead;
        QVERIFY2(std::fabs(c.total / total - 1) < tolerance, qPrintable(QString::number(c.total)));
        QVERIFY2(std::fabs(a / active - 1) < tolerance, qPrintable(QString::number(a)));
        QCOMPARE(m.officialTotalParams, total);
    }

    // Presets whose official active figure is only the rounded headline of the name ("A3B", "A17B"): the
    // total within 1 %, the active count rounding to the headline in the stated convention. Qwen3-Next-80B-A3B
    // (Megatron-Bridge docs: 80B / 3B): 3.25B without embedding and head (3.87B with them, which would round to
    // 4B). Qwen3.5-397B-A17B (397B / 17B): 17.35B counting everything.
    void roundedHeadlineCounts_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("activeBillions");
        QTest::addColumn<int>("activeConvention"); // 0 all, 1 without the input embedding, 2 without embedding and head
        QTest::newRow("qwen3-next-80b-a3b") << QStringLiteral("qwen3-next-80b-a3b") << 80e9 << 3.0 << 2;
        QTest::newRow("qwen3.5-397b-a17b") << QStringLiteral("qwen3.5-397b-a17b") << 397e9 << 17.0 << 0;
        // MiniMax-M2 230B / 10B: 228.69B, 9.80B active without embedding and head (11.03B with them, 200064 x 3072
        // each). DeepSeek-V3.2 671B / 37B: 671.88B with the DSA indexer's 0.85B (61 x (1536 x 64 x 128 + 7168 x 128
        // + 2 x 128 + 7168 x 64)), 37.48B active without the input embedding (the DeepSeek-V3 README's convention).
        // Qwen3.5-35B-A3B 35B / 3B: 34.66B, 3.45B. Qwen3-Coder-480B-A35B: 480.15B, 35.47B. MiMo-V2-Flash 309B /
        // 15B: 308.78B, 15.45B.
        QTest::newRow("minimax-m2") << QStringLiteral("minimax-m2") << 230e9 << 10.0 << 2;
        QTest::newRow("deepseek-v3.2") << QStringLiteral("deepseek-v3.2") << 671e9 << 37.0 << 1;
        QTest::newRow("qwen3.5-35b-a3b") << QStringLiteral("qwen3.5-35b-a3b") << 35e9 << 3.0 << 0;
        QTest::newRow("qwen3-coder-480b-a35b") << QStringLiteral("qwen3-coder-480b-a35b") << 480e9 << 35.0 << 0;
        QTest::newRow("mimo-v2-flash") << QStringLiteral("mimo-v2-flash") << 309e9 << 15.0 << 0;
        // MiMo-V2.5-Pro 1.02T / 42B (vLLM recipe): 1021.25B, 41.89B active counting everything (MTP not counted).
        QTest::newRow("mimo-v2.5-pro") << QStringLiteral("mimo-v2.5-pro") << 1.02e12 << 42.0 << 0;
        // Laguna-M.1 225B / 23B (vLLM recipe): per layer attention 4096 x (8192 + 1024 + 1024) + 8192 x 4096 + the
        // per-element gate 4096 x 8192 + q / k norms 256 + two norms 8192 = 109,060,352; 3 dense MLPs of 3 x 4096 x
        // 16384; 67 MoE layers of 256 experts of 3 x 4096 x 1024 (16 active), a shared one and a router with its
        // bias (1,048,832); embedding and head 2 x 100352 x 4096 + the final norm: 225.80B total, 23.46B active.
        QTest::newRow("laguna-m.1") << QStringLiteral("laguna-m.1") << 225e9 << 23.0 << 0;
        // GLM-4.5-Air 106B / 12B (the GLM-4.5 README): 106.85B, 12.18B active without embedding and head.
        QTest::newRow("glm-4.5-air") << QStringLiteral("glm-4.5-air") << 106e9 << 12.0 << 2;
        // Qwen3.5-122B-A10B 122B / 10B (vLLM recipe): 122.11B, 9.77B active counting everything.
        QTest::newRow("qwen3.5-122b-a10b") << QStringLiteral("qwen3.5-122b-a10b") << 122e9 << 10.0 << 0;
        // ERNIE-4.5-300B-A47B 300B / 47B (recipe): 299.48B, 47.08B active without the embedding lookup.
        QTest::newRow("ernie-4.5-300b-a47b") << QStringLiteral("ernie-4.5-300b-a47b") << 300e9 << 47.0 << 1;
        // Hunyuan-A13B 80B / 13B (recipe): 80.39B, 12.75B active counting everything.
        QTest::newRow("hunyuan-a13b-instruct") << QStringLiteral("hunyuan-a13b-instruct") << 80e9 << 13.0 << 0;
        // Hy3 295B / 21B (recipes): 295.03B, 20.68B active counting everything (the MTP layer not counted).
        QTest::newRow("hy3") << QStringLiteral("hy3") << 295e9 << 21.0 << 0;
    }
    void roundedHeadlineCounts()
    {
        QFETCH(QString, id);
        QFETCH(double, total);
        QFETCH(double, activeBillions);
        QFETCH(int, activeConvention);
        const ModelSpec m = presetModel(id.toLatin1().constData());
        const ParamCounts c = countParams(m);
        double a = c.active;
        if (activeConvention >= 1)
            a -= c.embedding;
        if (activeConvention >= 2)
            a -= c.lmHead;
        QVERIFY2(std::fabs(c.total / total - 1) < 0.01, qPrintable(QString::number(c.total)));
        QCOMPARE(std::round(a / 1e9), activeBillions);
        QCOMPARE(m.officialTotalParams, total);
    }

    // Gemma-4 E2B / E4B (Google's model card): "2.3B effective (5.1B with embeddings)" and "4.5B effective (8B
    // with embeddings)", both with a ~150M vision and a ~300M audio encoder that the presets do not count. So the
    // comparison adds 0.45B to the text decoder's count: the total with both embedding tables within 1 % of the
    // card's figure, and the effective count (without the input embedding and the per-layer table) rounding to
    // its one-decimal figure. E2B: 4.647B + 0.45B = 5.097B; 4.647B - 0.403B - 2.349B + 0.45B = 2.346B. E4B:
    // 7.518B + 0.45B = 7.968B (-0.4 %); 7.518B - 0.671B - 2.819B + 0.45B = 4.479B.
    void perLayerEmbeddingCounts_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("effective");
        QTest::newRow("gemma-4-e2b-it") << QStringLiteral("gemma-4-e2b-it") << 5.1e9 << 2.3;
        QTest::newRow("gemma-4-e4b-it") << QStringLiteral("gemma-4-e4b-it") << 8e9 << 4.5;
    }
    void perLayerEmbeddingCounts()
    {
        QFETCH(QString, id);
        QFETCH(double, total);
        QFETCH(double, effective);
        const double encoders = 150e6 + 300e6;
        const ModelSpec m = presetModel(id.toLatin1().constData());
        const ParamCounts c = countParams(m);
        QVERIFY(c.perLayerEmbedding > 0);
        QVERIFY2(std::fabs((c.total + encoders) / total - 1) < 0.01, qPrintable(QString::number(c.total)));
        QCOMPARE(std::round((c.total - c.embedding - c.perLayerEmbedding + encoders) / 1e8) / 10, effective);
        QCOMPARE(m.officialTotalParams, total);
    }

    // Qwen3-1.7B: the card's precise figure is the non-embedding count, 1.4B (its 1.7B headline rounds
    // 1.72B). Tied embedding, so total minus one 151936 x 2048 table: 1.721B - 0.311B = 1.410B (+0.7 %).
    void nonEmbeddingCount()
    {
        const ModelSpec m = presetModel("qwen3-1.7b");
        QVERIFY(m.tiedEmbeddings);
        const ParamCounts c = countParams(m);
        QCOMPARE(c.embedding, 151936.0 * 2048);
        QVERIFY2(std::fabs((c.total - c.embedding) / 1.4e9 - 1) < 0.01, qPrintable(QString::number(c.total)));
        QCOMPARE(std::round(c.total / 1e8) / 10, 1.7);
    }

    // Every preset is found again from the command that serves it, and from its common variants.
    void everyPresetImports()
    {
        const auto &models = builtinPresets().models();
        for (const ModelSpec &m : models) {
            const ImportedCommand c = importLaunchCommand("vllm serve " + m.hfRepo + " --tensor-parallel-size 8");
            const PresetMatch exact = matchModelPreset(models, c.model);
            QVERIFY2(exact.index >= 0 && models[static_cast<size_t>(exact.index)].id == m.id, m.id.c_str());
            QCOMPARE(exact.kind, PresetMatchKind::Exact);
            QVERIFY(!exact.quantizedVariant);
            for (const std::string &a : m.aliases) {
                const PresetMatch alias = matchModelPreset(models, a);
                QVERIFY2(alias.index >= 0 && models[static_cast<size_t>(alias.index)].id == m.id, a.c_str());
            }
            // A quantized mirror: "<repo>-FP8" and nvidia/<name>-NVFP4 resolve to it, flagged as another format.
            const std::string name = m.hfRepo.substr(m.hfRepo.find('/') + 1);
            for (const std::string &variant :
                { m.hfRepo + "-FP8", "nvidia/" + name + "-NVFP4", "RedHatAI/" + name + "-FP8-dynamic" }) {
                const ImportedCommand v = importLaunchCommand("vllm serve " + variant);
                const PresetMatch match = matchModelPreset(models, v.model);
                QVERIFY2(match.index >= 0 && models[static_cast<size_t>(match.index)].id == m.id, variant.c_str());
                QVERIFY2(match.quantizedVariant, variant.c_str());
            }
            // A preset that is a quantized copy (nvidia/Kimi-K2.6-NVFP4) is found from its original's name.
            const std::string nvfp4 = "-NVFP4";
            if (name.size() > nvfp4.size() && name.compare(name.size() - nvfp4.size(), nvfp4.size(), nvfp4) == 0) {
                const std::string original = "vendor/" + name.substr(0, name.size() - nvfp4.size());
                const PresetMatch match = matchModelPreset(models, importLaunchCommand("vllm serve " + original).model);
                QVERIFY2(match.index >= 0 && models[static_cast<size_t>(match.index)].id == m.id, original.c_str());
                QVERIFY2(match.presetIsQuantizedCopy, original.c_str());
            }
        }
    }

    void variantMatching()
    {
        const auto &models = builtinPresets().models();
        const auto id = [&](const char *ref) {
            const int i = matchModelPreset(models, ref).index;
            return i < 0 ? std::string() : models[static_cast<size_t>(i)].id;
        };
        // -Instruct / -Thinking / date suffixes name the same shapes (not a different format).
        QCOMPARE(id("Qwen/Qwen3-VL-235B-A22B-Instruct-FP8"), std::string("qwen3-vl-235b-a22b"));
        QCOMPARE(id("meta-llama/Llama-3.1-8B-Instruct"), std::string("llama-3.1-8b"));
        QCOMPARE(id("Qwen/Qwen3-235B-A22B-Instruct-2507"), std::string("qwen3-235b-a22b"));
        QCOMPARE(id("RedHatAI/Meta-Llama-3.1-8B-quantized.w8a8"), std::string("llama-3.1-8b"));
        QCOMPARE(id("deepseek-ai/DeepSeek-R1-0528"), std::string("deepseek-v3")); // alias DeepSeek-R1 + a date
        QVERIFY(!matchModelPreset(models, "meta-llama/Llama-3.1-8B-Instruct").quantizedVariant);
        QVERIFY(matchModelPreset(models, "Qwen/Qwen3-235B-A22B-FP8").quantizedVariant);
        QVERIFY(matchModelPreset(models, "zai-org/GLM-4.7-FP8").quantizedVariant);
        // A quantized copy of a preset's own repo wins over a shorter base name.
        QCOMPARE(id("moonshotai/Kimi-K2.5-NVFP4"), std::string("kimi-k2.5"));
        QCOMPARE(id("deepseek-ai/DeepSeek-V3.1"), std::string("deepseek-v3"));
        QCOMPARE(id("amd/gpt-oss-120b-w-mxfp4-a-fp8"), std::string("gpt-oss-120b")); // AMD Quark's naming
        QCOMPARE(id("nvidia/Llama-3.3-70B-Instruct-$DTYPE"), std::string("llama-3.3-70b-instruct"));
        QVERIFY(matchModelPreset(models, "nvidia/Llama-3.3-70B-Instruct-$DTYPE").quantizedVariant);
        QVERIFY(!matchModelPreset(models, "moonshotai/Kimi-K2.5").presetIsQuantizedCopy);
        // vLLM recipes' names for the same shapes (each alias cited in its preset's sources).
        QCOMPARE(id("deepseek-ai/DeepSeek-V3.2-Exp"), std::string("deepseek-v3.2"));
        QCOMPARE(id("deepseek-ai/DeepSeek-V3.1-Terminus"), std::string("deepseek-v3"));
        QCOMPARE(id("poolside/Laguna-XS.2-FP8"), std::string("laguna-xs.2"));
        QVERIFY(matchModelPreset(models, "poolside/Laguna-S-2.1-INT4").quantizedVariant);
        // Laguna-XS-2.1: the XS.2 sizes (lablup/mlxcel @08e0903694fd src/models/laguna_tests.rs quotes its config,
        // trimmed; recipes @8959cf64189c models/poolside/Laguna-XS-2.1.yaml: 40 layers, 30 sliding, 33B / 3B).
        QCOMPARE(id("poolside/Laguna-XS-2.1"), std::string("laguna-xs.2"));
        QVERIFY(matchModelPreset(models, "poolside/Laguna-XS-2.1-NVFP4").quantizedVariant);
        // MiMo-V2.5-Pro is its own preset (another size), not the MiMo-V2-Flash alias MiMo-V2.5.
        QCOMPARE(id("XiaomiMiMo/MiMo-V2.5-Pro"), std::string("mimo-v2.5-pro"));
        QCOMPARE(id("poolside/Laguna-M.1"), std::string("laguna-m.1"));
        QVERIFY(matchModelPreset(models, "poolside/Laguna-M.1-NVFP4").quantizedVariant);
        QCOMPARE(id("MiniMaxAI/MiniMax-M2.7"), std::string("minimax-m2"));
        QCOMPARE(id("moonshotai/Kimi-K2.7-Code"), std::string("kimi-k2.5"));
        QCOMPARE(id("nvidia/Kimi-K2.6-NVFP4"), std::string("kimi-k2.5"));
        QVERIFY(matchModelPreset(models, "nvidia/Kimi-K2.6-NVFP4").quantizedVariant);
        // Kimi-K2-Thinking is its own checkpoint (native INT4), not Kimi-K2-Instruct (FP8) by its base name; its
        // NVFP4 copy is a quantized variant of it. Kimi-K2-Instruct-0905 is still Kimi-K2 (kimi-k2 sorts first).
        QCOMPARE(id("moonshotai/Kimi-K2-Thinking"), std::string("kimi-k2-thinking"));
        QCOMPARE(matchModelPreset(models, "moonshotai/Kimi-K2-Thinking").kind, PresetMatchKind::Exact);
        QCOMPARE(id("nvidia/Kimi-K2-Thinking-NVFP4"), std::string("kimi-k2-thinking"));
        QVERIFY(matchModelPreset(models, "nvidia/Kimi-K2-Thinking-NVFP4").quantizedVariant);
        QCOMPARE(id("moonshotai/Kimi-K2-Instruct-0905"), std::string("kimi-k2"));
        // Not by the list order: of the presets sharing a base name, the one whose own suffixes (-instruct) the
        // reference carries (-instruct, -0905); with none of them carried, the first (Kimi-K2-Base).
        const std::vector<ModelSpec> reversed { presetModel("kimi-k2-thinking"), presetModel("kimi-k2") };
        const auto idIn = [&](const char *ref) {
            const int i = matchModelPreset(reversed, ref).index;
            return i < 0 ? std::string() : reversed[static_cast<size_t>(i)].id;
        };
        QCOMPARE(idIn("moonshotai/Kimi-K2-Instruct-0905"), std::string("kimi-k2"));
        QCOMPARE(idIn("moonshotai/Kimi-K2-Thinking-0905"), std::string("kimi-k2-thinking"));
        QCOMPARE(idIn("moonshotai/Kimi-K2-Base"), std::string("kimi-k2-thinking"));
        QCOMPARE(id("nvidia/Qwen3.6-27B-NVFP4"), std::string("qwen3.5-27b"));
        QCOMPARE(id("Eco-Tech/Qwen3.8-27B-w8a8"), std::string("qwen3.5-27b"));
        QCOMPARE(id("Qwen/Qwen3.6-35B-A3B-FP8"), std::string("qwen3.5-35b-a3b"));
        QCOMPARE(id("Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8"), std::string("qwen3-coder-480b-a35b"));
        QCOMPARE(id("XiaomiMiMo/MiMo-V2.5"), std::string("mimo-v2-flash"));
        QCOMPARE(id("zai-org/GLM-5.1-FP8"), std::string("glm-5"));
        // GLM-5.2's recipe checkpoints and the merged-LoRA Macaron-V1-Coding-Venti (same architecture, recipe text).
        for (const char *name : { "zai-org/GLM-5.2-FP8", "amd/GLM-5.2-MXFP4", "nvidia/GLM-5.2-NVFP4",
                 "mindlab-research/Macaron-V1-Coding-Venti" })
            QCOMPARE(id(name), std::string("glm-5.2"));
        QCOMPARE(id("zai-org/GLM-4.6-FP8"), std::string("glm-4.7"));
        QCOMPARE(id("Qwen/Qwen2.5-VL-7B-Instruct"), std::string("qwen2.5-7b"));
        QCOMPARE(id("Qwen/Qwen2.5-VL-72B-Instruct"), std::string("qwen2.5-72b"));
        QCOMPARE(id("nvidia/Nemotron-3-Nano-Omni-30B-A3B-Reasoning-NVFP4"), std::string("nemotron-3-nano-30b-a3b"));
        QCOMPARE(id("zai-org/GLM-4.5-Air-FP8"), std::string("glm-4.5-air"));
        // Qwen3Guard-Gen: the Qwen3 models fine-tuned (the 8B's model card names Qwen/Qwen3-8B as base_model).
        QCOMPARE(id("Qwen/Qwen3Guard-Gen-8B"), std::string("qwen3-8b"));
        QCOMPARE(id("Qwen/Qwen3Guard-Gen-0.6B"), std::string("qwen3-0.6b"));
        // MiniMax-M3's quantized mirrors (recipe variants): the preset, flagged as another weight format.
        for (const char *mirror : { "MiniMaxAI/MiniMax-M3-MXFP8", "nvidia/MiniMax-M3-NVFP4", "amd/MiniMax-M3-MXFP4" }) {
            QCOMPARE(id(mirror), std::string("minimax-m3"));
            QVERIFY(matchModelPreset(models, mirror).quantizedVariant);
        }
        // Other models of the same families stay unresolved: another size, or another architecture.
        QCOMPARE(id("Qwen/Qwen3.8-2.4T-A95B"), std::string());
        // Google's quantization-aware-trained compressed-tensors checkpoints.
        QCOMPARE(id("google/gemma-4-31B-it-qat-w4a16-ct"), std::string("gemma-4-31b-it"));
        QVERIFY(matchModelPreset(models, "google/gemma-4-31B-it-qat-w4a16-ct").quantizedVariant);
        // E4B's "mobile" QAT checkpoint (mixed int2 / int4 / int8; the recipe lists it as a variant of E4B).
        QCOMPARE(id("google/gemma-4-E4B-it-qat-mobile-ct"), std::string("gemma-4-e4b-it"));
        QVERIFY(matchModelPreset(models, "google/gemma-4-E4B-it-qat-mobile-ct").quantizedVariant);
        QCOMPARE(id("google/gemma-4-E2B-it"), std::string("gemma-4-e2b-it"));
        QCOMPARE(id("someone/Unknown-7B-FP8"), std::string());
        QCOMPARE(id("-FP8"), std::string());
    }
};

QTEST_GUILESS_MAIN(TestQuantConfig)
#include "tst_quantconfig.moc"
