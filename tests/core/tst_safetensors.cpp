// A model folder's safetensors headers and index: the exact weight bytes per dtype, read from headers
// the test writes itself (sizes worked out by hand: a 2 x 3 BF16 tensor is 2 x 3 x 2 B = 12 B), and
// every way a header, an index or a folder can be bad refused with a message, never read past.
#include "core/model/errors.h"
#include "core/model/modelspec.h"
#include "core/model/safetensors.h"
#include "io/checkpointfolder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

using namespace shardscope;
using nlohmann::json;

namespace {

// 8-byte little-endian length, the header, then `dataBytes` zero bytes of tensor data.
QByteArray safetensorsFile(const json &header, int dataBytes)
{
    const std::string h = header.dump();
    QByteArray out;
    std::uint64_t n = h.size();
    for (int i = 0; i < 8; ++i, n >>= 8)
        out.append(static_cast<char>(n & 0xff));
    out.append(h.data(), static_cast<qsizetype>(h.size()));
    out.append(QByteArray(dataBytes, '\0'));
    return out;
}

json tensor(const char *dtype, std::vector<int> shape, int begin, int end)
{
    return json { { "dtype", dtype }, { "shape", shape }, { "data_offsets", { begin, end } } };
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// A 2-layer model's checkpoint in two shards (num_hidden_layers = 2):
//   shard 1: model.embed_tokens.weight BF16 [4, 3]   4 x 3 x 2 B = 24 B   offsets [0, 24]
//            model.layers.0.self_attn.q_proj BF16 [2, 3]   2 x 3 x 2 B = 12 B   [24, 36]
//            lm_head.weight F4 [4, 4]   16 x 4 bit = 64 bit = 8 B   [36, 44]
//   shard 2: model.layers.1.mlp.down_proj F8_E4M3 [2, 3]   6 x 1 B = 6 B   [0, 6]
//            ... .weight_scale F32 [1]   4 B   [6, 10]
//            model.layers.2.eh_proj.weight BF16 [2, 2]   8 B: layer 2 >= 2 layers, an MTP layer   [10, 18]
//            visual.blocks.0.attn.qkv.weight F16 [3]   6 B: the vision tower   [18, 24]
// Language model: 24 + 12 + 8 + 6 + 4 = 54 B (BF16 36, F4 8, F8_E4M3 6, F32 4); MTP 8; vision 6; all 68.
void writeCheckpoint(const QDir &dir)
{
    write(dir.filePath(QStringLiteral("model-00001-of-00002.safetensors")),
        safetensorsFile({ { "__metadata__", { { "format", "pt" } } },
                            { "model.embed_tokens.weight", tensor("BF16", { 4, 3 }, 0, 24) },
                            { "model.layers.0.self_attn.q_proj.weight", tensor("BF16", { 2, 3 }, 24, 36) },
                            { "lm_head.weight", tensor("F4", { 4, 4 }, 36, 44) } },
            44));
    write(dir.filePath(QStringLiteral("model-00002-of-00002.safetensors")),
        safetensorsFile({ { "model.layers.1.mlp.down_proj.weight", tensor("F8_E4M3", { 2, 3 }, 0, 6) },
                            { "model.layers.1.mlp.down_proj.weight_scale", tensor("F32", { 1 }, 6, 10) },
                            { "model.layers.2.eh_proj.weight", tensor("BF16", { 2, 2 }, 10, 18) },
                            { "visual.blocks.0.attn.qkv.weight", tensor("F16", { 3 }, 18, 24) } },
            24));
}

json index(std::uint64_t total)
{
    return json { { "metadata", { { "total_size", total } } },
        { "weight_map",
            { { "model.embed_tokens.weight", "model-00001-of-00002.safetensors" },
                { "lm_head.weight", "model-00001-of-00002.safetensors" },
                { "model.layers.1.mlp.down_proj.weight", "model-00002-of-00002.safetensors" } } } };
}

} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT
private slots:
    void headerLength()
    {
        QCOMPARE(safetensorsHeaderLength(std::string_view("\x0c\0\0\0\0\0\0\0", 8)), 12u);
        QCOMPARE(safetensorsHeaderLength(std::string_view("\x00\x01\0\0\0\0\0\0", 8)), 256u); // little-endian
        QVERIFY_THROWS_EXCEPTION(InputError, safetensorsHeaderLength(std::string_view("\0\0\0\0\0\0\0\0", 8)));
        QVERIFY_THROWS_EXCEPTION(InputError, safetensorsHeaderLength(std::string_view("\x0c\0\0\0\0\0\0", 7)));
        // 0x0600000000 = 25,769,803,776 bytes: past the 100 MB cap, refused before any allocation.
        QVERIFY_THROWS_EXCEPTION(InputError, safetensorsHeaderLength(std::string_view("\0\0\0\0\x06\0\0\0", 8)));
    }

    void tensorsChecked()
    {
        const json good = { { "a", tensor("BF16", { 2, 3 }, 0, 12) } };
        const auto t = parseSafetensorsHeader(good.dump(), 12);
        QCOMPARE(t.size(), size_t { 1 });
        QCOMPARE(t[0].bytes, 12u);
        // Outside the file's data, a size that disagrees with shape x dtype, an unknown dtype, a shape
        // whose element count overflows, 3 x 4-bit = 12 bits (not whole bytes), a negative offset.
        for (const json &bad : { json { { "a", tensor("BF16", { 2, 3 }, 0, 12) } },
                 json { { "a", tensor("BF16", { 2, 3 }, 0, 10) } }, json { { "a", tensor("Q4_K", { 2, 3 }, 0, 6) } },
                 json { { "a", tensor("U8", { 1 << 30, 1 << 30, 1 << 30 }, 0, 8) } },
                 json { { "a", tensor("F4", { 3 }, 0, 1) } }, json { { "a", tensor("U8", { 1 }, -1, 0) } },
                 json { { "a", { { "dtype", "U8" } } } }, json::array() })
            QVERIFY_THROWS_EXCEPTION(InputError, parseSafetensorsHeader(bad.dump(), 11));
        QVERIFY_THROWS_EXCEPTION(InputError, parseSafetensorsHeader("{not json", 100));
    }

    void indexNamesArePlainFiles()
    {
        QCOMPARE(parseSafetensorsIndex(index(68).dump()).files,
            (std::vector<std::string> { "model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors" }));
        QCOMPARE(*parseSafetensorsIndex(index(68).dump()).totalSize, 68u);
        for (const char *name : { "../model.safetensors", "sub/model.safetensors", "/etc/passwd", "model.bin",
                 "..safetensors", "a\\b.safetensors", "", "a\nb.safetensors" }) {
            const json bad = { { "weight_map", { { "t", name } } } };
            QVERIFY_THROWS_EXCEPTION(InputError, parseSafetensorsIndex(bad.dump()));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parseSafetensorsIndex(R"({"metadata": {}})"));
    }

    void folderWeightsByDtype()
    {
        QTemporaryDir tmp;
        const QDir dir(tmp.path());
        writeCheckpoint(dir);
        // Without an index: every *.safetensors file of the folder.
        CheckpointWeights w = checkpointfolder::readWeights(tmp.path(), 2);
        QCOMPARE(w.files, 2);
        QCOMPARE(w.tensors, 7);
        QCOMPARE(w.languageBytes, 54.0);
        QCOMPARE(w.mtpBytes, 8.0);
        QCOMPARE(w.visionBytes, 6.0);
        QCOMPARE(w.totalBytes, 68.0);
        QCOMPARE(w.bytesByDtype,
            (std::map<std::string, double> { { "BF16", 36 }, { "F4", 8 }, { "F8_E4M3", 6 }, { "F32", 4 } }));
        // With the index: the same shards; its total_size must agree with the headers.
        write(
            dir.filePath(QStringLiteral("model.safetensors.index.json")), QByteArray::fromStdString(index(68).dump()));
        QCOMPARE(checkpointfolder::readWeights(tmp.path(), 2).languageBytes, 54.0);
        write(
            dir.filePath(QStringLiteral("model.safetensors.index.json")), QByteArray::fromStdString(index(70).dump()));
        QVERIFY_THROWS_EXCEPTION(InputError, checkpointfolder::readWeights(tmp.path(), 2));
        // A shard the index names is absent (configs downloaded alone): the index's total, not used.
        write(
            dir.filePath(QStringLiteral("model.safetensors.index.json")), QByteArray::fromStdString(index(68).dump()));
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model-00002-of-00002.safetensors"))));
        w = checkpointfolder::readWeights(tmp.path(), 2);
        QCOMPARE(w.languageBytes, 0.0);
        QCOMPARE(w.totalBytes, 68.0);
    }

    // Gemma-4 Unified (google/gemma-4-12B-it) has no tower: its encoder-side tensors are the patch embedder and
    // the two projectors (vllm gemma4_unified.py hf_to_vllm_mapper), bytes of the vision part, not the language
    // model's. Shapes as in the checkpoint: patch_dense [3840, 6912] + bias, projectors [3840, 3840], [3840, 640].
    void gemma4UnifiedEmbeddersAreVision()
    {
        const std::vector<SafetensorsTensor> tensors {
            { "model.vision_embedder.patch_dense.weight", "BF16", { 3840, 6912 }, 2ull * 3840 * 6912 },
            { "model.vision_embedder.patch_dense.bias", "BF16", { 3840 }, 2ull * 3840 },
            { "model.embed_vision.embedding_projection.weight", "BF16", { 3840, 3840 }, 2ull * 3840 * 3840 },
            { "model.embed_audio.embedding_projection.weight", "BF16", { 3840, 640 }, 2ull * 3840 * 640 },
            { "model.language_model.layers.0.mlp.up_proj.weight", "BF16", { 15360, 3840 }, 2ull * 15360 * 3840 },
        };
        const CheckpointWeights w = summarizeCheckpoint(tensors, 48);
        QCOMPARE(w.visionBytes, 2.0 * (3840 * 6912 + 3840 + 3840 * 3840 + 3840 * 640));
        QCOMPARE(w.languageBytes, 2.0 * 15360 * 3840);
    }

    void folderRefusesEscapesAndSpecialFiles()
    {
        QTemporaryDir outside;
        const QString secret = QDir(outside.path()).filePath(QStringLiteral("secret.safetensors"));
        write(secret, safetensorsFile({ { "a", tensor("U8", { 1 }, 0, 1) } }, 1));
        QTemporaryDir tmp;
        const QDir dir(tmp.path());
        // A symlink out of the folder.
        QVERIFY(QFile::link(secret, dir.filePath(QStringLiteral("model.safetensors"))));
        QVERIFY_THROWS_EXCEPTION(InputError, checkpointfolder::readWeights(tmp.path(), 2));
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model.safetensors"))));
        // A FIFO is never opened for reading data (it would block): refused as not a regular file.
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("model.safetensors"))).constData(), 0600), 0);
        QVERIFY_THROWS_EXCEPTION(InputError, checkpointfolder::readWeights(tmp.path(), 2));
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model.safetensors"))));
        // A file that ends inside its header, and one whose tensors run past its end.
        write(dir.filePath(QStringLiteral("model.safetensors")),
            safetensorsFile({ { "a", tensor("U8", { 4 }, 0, 4) } }, 4).left(12));
        QVERIFY_THROWS_EXCEPTION(InputError, checkpointfolder::readWeights(tmp.path(), 2));
        write(dir.filePath(QStringLiteral("model.safetensors")),
            safetensorsFile({ { "a", tensor("U8", { 4 }, 0, 4) } }, 3));
        QVERIFY_THROWS_EXCEPTION(InputError, checkpointfolder::readWeights(tmp.path(), 2));
        // No safetensors at all: unknown, not an error.
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model.safetensors"))));
        QVERIFY(!checkpointfolder::readWeights(tmp.path(), 2).known());
    }

    // The whole folder: config.json, generation_config.json and the weights, in preset form.
    void modelFolderPreset()
    {
        QTemporaryDir tmp;
        const QDir dir(tmp.path());
        writeCheckpoint(dir);
        const char *config = R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 128,
            "num_attention_heads": 4, "num_key_value_heads": 2, "num_hidden_layers": 2, "vocab_size": 100})";
        write(dir.filePath(QStringLiteral("config.json")), config);
        write(dir.filePath(QStringLiteral("generation_config.json")),
            R"({"temperature": 0.6, "top_p": 0.95, "do_sample": true})");
        const checkpointfolder::ModelFolder f = checkpointfolder::read(tmp.path());
        const ModelSpec m = modelFromJsonText(f.modelText, f.id);
        QCOMPARE(m.layers, 2);
        const CheckpointFiles &files = m.checkpoint;
        QCOMPARE(files.weights.languageBytes, 54.0);
        QCOMPARE(files.weights.bytesByDtype.at("BF16"), 36.0);
        QCOMPARE(files.generationDefaults.at("temperature"), 0.6);
        QCOMPARE(files.generationDefaults.at("top_p"), 0.95);
        QVERIFY(!files.generationDefaults.count("do_sample"));
        // The same config read on its own (no folder) has none.
        QVERIFY(!modelFromJsonText(config, "bare").checkpoint.weights.known());
        // A broken generation_config.json is named.
        write(dir.filePath(QStringLiteral("generation_config.json")), "[1, 2");
        try {
            checkpointfolder::read(tmp.path());
            QFAIL("accepted a broken generation_config.json");
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("generation_config.json") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
