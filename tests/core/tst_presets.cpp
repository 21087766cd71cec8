// The user's preset folder adds to and overrides the built-ins by id; broken files are reported.
#include "core/model/errors.h"
#include "tests/common/testutils.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace shardscope;

namespace {

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

} // namespace

class TestPresets : public QObject
{
    Q_OBJECT
private slots:
    void userFolderOverridesAndAdds()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("models")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("gpus")));
        // Override h100-sxm with 100 GiB of memory (102400 MiB); add a bare HF config as a new model.
        writeFile(dir.path() + QStringLiteral("/gpus/h100-sxm.json"),
            R"({"id": "h100-sxm", "name": "My H100", "memory_mib": 102400, "hbm_tbps": 3.35,
                      "bf16_tflops": 989.4, "scaleup_gbps_per_dir": 450})");
        writeFile(dir.path() + QStringLiteral("/models/tiny.json"),
            R"({"model_type": "llama", "hidden_size": 256, "intermediate_size": 512, "num_attention_heads": 8,
                      "num_key_value_heads": 2, "num_hidden_layers": 4, "vocab_size": 1000})");
        writeFile(dir.path() + QStringLiteral("/models/broken.json"), "{ nope");
        const PresetRepository repo = PresetRepository::loadFrom({ QStringLiteral(":/presets"), dir.path() });
        QCOMPARE(repo.findGpu(QStringLiteral("h100-sxm"))->name, std::string("My H100"));
        QCOMPARE(repo.findGpu(QStringLiteral("h100-sxm"))->memoryBytes, 102400.0 * 1024 * 1024);
        QVERIFY(repo.findModel(QStringLiteral("tiny")));
        QCOMPARE(repo.findModel(QStringLiteral("tiny"))->layers, 4);
        QVERIFY(repo.findModel(QStringLiteral("llama-3.1-70b"))); // built-ins stay
        QCOMPARE(repo.loadErrors().size(), 1);
        QVERIFY(repo.loadErrors().first().contains(QStringLiteral("broken.json")));
        QVERIFY(!repo.findModel(QStringLiteral("broken")));
    }

    void gpuMemoryAsDriverReports()
    {
        // nvidia-smi: H100 80GB = 81559 MiB; vLLM sees 79.18 GiB (docs/DESIGN.md §C).
        const GpuSpec g = presetGpu("h100-sxm");
        QCOMPARE(g.memoryBytes, 81559.0 * 1024 * 1024);
        QCOMPARE(g.visibleBytes(), 79.18 * 1024 * 1024 * 1024);
        QVERIFY(!g.sources.empty());
        QVERIFY(!presetGpu("h20").uncertain.empty()); // its driver total was not seen: flagged
    }

    void modelFolderWithHfQuantConfig()
    {
        // A ModelOpt checkpoint folder: config.json without quantization_config, hf_quant_config.json next to
        // it (the layout of nvidia/*-NVFP4 repositories). NVFP4 with lm_head excluded: 0.5 + 1/16 bytes per
        // linear weight.
        QTemporaryDir dir;
        writeFile(dir.path() + QStringLiteral("/config.json"),
            R"({"model_type": "llama", "hidden_size": 256, "intermediate_size": 512, "num_attention_heads": 8,
                "num_key_value_heads": 2, "num_hidden_layers": 4, "vocab_size": 1000})");
        writeFile(dir.path() + QStringLiteral("/hf_quant_config.json"),
            R"({"producer": {"name": "modelopt", "version": "0.33.0"}, "quantization": {"quant_algo": "NVFP4",
                "kv_cache_quant_algo": "FP8", "group_size": 16, "exclude_modules": ["lm_head"]}})");
        const ModelSpec m = builtinPresets().resolveModel(dir.path());
        QCOMPARE(m.weightFormat, WeightFormat::Nvfp4);
        QCOMPARE(m.quant.scheme.bytesPerParam(), 0.5625);
        QVERIFY(!m.quantCoverage.lmHead);
        // The config's own quantization_config wins (vLLM reads hf_quant_config.json only without one).
        writeFile(dir.path() + QStringLiteral("/config.json"),
            R"({"model_type": "llama", "hidden_size": 256, "intermediate_size": 512, "num_attention_heads": 8,
                "num_key_value_heads": 2, "num_hidden_layers": 4, "vocab_size": 1000,
                "quantization_config": {"quant_method": "fp8", "activation_scheme": "dynamic"}})");
        QCOMPARE(builtinPresets().resolveModel(dir.path()).weightFormat, WeightFormat::Fp8);
        // A broken hf_quant_config.json is refused, not skipped.
        writeFile(dir.path() + QStringLiteral("/config.json"),
            R"({"model_type": "llama", "hidden_size": 256, "intermediate_size": 512, "num_attention_heads": 8,
                "num_key_value_heads": 2, "num_hidden_layers": 4, "vocab_size": 1000})");
        writeFile(dir.path() + QStringLiteral("/hf_quant_config.json"), "{ nope");
        QVERIFY_THROWS_EXCEPTION(InputError, builtinPresets().resolveModel(dir.path()));
    }

    void modelPresetCarriesSources()
    {
        const ModelSpec m = presetModel("deepseek-v3");
        QCOMPARE(m.hfRepo, std::string("deepseek-ai/DeepSeek-V3"));
        QVERIFY(!m.sources.empty());
        QCOMPARE(m.officialTotalParams, 671e9);
        QVERIFY(m.isMla());
        QCOMPARE(m.weightFormat, WeightFormat::Fp8Block);
        QCOMPARE(m.moeLayerCount(), 58); // 61 layers, first 3 dense
    }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
