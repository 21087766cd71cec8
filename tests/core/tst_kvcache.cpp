// KV bytes per token per GPU, worked out by hand from docs/DESIGN.md §3.
#include "core/evaluate/kvcache.h"
#include "tests/common/testutils.h"

using namespace shardscope;

class TestKvCache : public QObject
{
    Q_OBJECT
private slots:
    void bytesPerToken_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("fp8");
        QTest::addColumn<double>("bytes");
        // 2 x 80 layers x 8 KV heads x 128 x 2 B = 327,680 (320 KiB)
        QTest::newRow("llama70b tp1") << "llama-3.1-70b" << 1 << 1 << false << 327680.0;
        // tp 8: 1 KV head per rank -> 2 x 80 x 1 x 128 x 2 = 40,960
        QTest::newRow("llama70b tp8") << "llama-3.1-70b" << 8 << 1 << false << 40960.0;
        // tp 16 > 8 KV heads: each head replicated on 2 ranks, still 1 head per rank
        QTest::newRow("llama70b tp16 replicated") << "llama-3.1-70b" << 16 << 1 << false << 40960.0;
        QTest::newRow("llama70b tp16 fp8") << "llama-3.1-70b" << 16 << 1 << true << 20480.0;
        QTest::newRow("llama70b tp1 fp8") << "llama-3.1-70b" << 1 << 1 << true << 163840.0;
        // pp 2: 40 layers per stage -> half
        QTest::newRow("llama70b tp8 pp2") << "llama-3.1-70b" << 8 << 2 << false << 20480.0;
        // MLA: 61 layers x (512 + 64) x 2 B = 70,272, not divided by tp
        QTest::newRow("dsv3 tp1") << "deepseek-v3" << 1 << 1 << false << 70272.0;
        QTest::newRow("dsv3 tp8") << "deepseek-v3" << 8 << 1 << false << 70272.0;
        QTest::newRow("dsv3 tp16") << "deepseek-v3" << 16 << 1 << false << 70272.0;
        QTest::newRow("dsv3 tp8 fp8") << "deepseek-v3" << 8 << 1 << true << 35136.0;
        // docs/DESIGN.md §B: Qwen3-235B-A22B at TP4: 94 x 1 x 128 x 2 x 2 = 48,128
        QTest::newRow("qwen3-235b tp4") << "qwen3-235b-a22b" << 4 << 1 << false << 48128.0;
        // Qwen3-32B: head_dim 128 from the config (not 5120/64 = 80): 2 x 64 x 8 x 128 x 2 = 262,144
        QTest::newRow("qwen3-32b tp1 head_dim") << "qwen3-32b" << 1 << 1 << false << 262144.0;
    }
    void bytesPerToken()
    {
        QFETCH(QString, model);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(bool, fp8);
        QFETCH(double, bytes);
        Plan plan;
        plan.tp = tp;
        plan.pp = pp;
        plan.kvCacheDtype = fp8 ? KvDtype::Fp8 : KvDtype::Auto;
        plan.maxModelLen = 4096;
        const Evaluation e = evaluate(plan, presetModel(model.toLatin1().constData()), presetGpu("h200"));
        QVERIFY2(e.valid, e.issues.empty() ? "" : e.issues.front().message().c_str());
        QCOMPARE(e.kv.bytesPerTokenPerGpu, bytes);
    }

    // gpt-oss: 12 sliding (window 128) + 12 full layers form two groups of 12 sharing one pool; a
    // request of L tokens needs cdiv(L, B) full blocks plus cdiv(min(127 + T, L), B) + 1 window blocks.
    void hybridPool()
    {
        const ModelSpec m = presetModel("gpt-oss-20b");
        const KvPool pool = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 32768, 8192);
        QCOMPARE(pool.groupSize, 12);
        QCOMPARE(pool.fullGroups, 1);
        QCOMPARE(pool.windowGroups, 1);
        // per layer: 2 x 8 KV heads x 64 x 2 B = 2,048 B per token
        QCOMPARE(pool.bytesPerTokenPerLayer, 2048.0);
        QCOMPARE(pool.bytesPerBlock, 16.0 * 2048 * 12);
        // 32768/16 = 2048 full blocks; window: cdiv(min(127 + 8192, 32768), 16) + 1 = 520 + 1
        QCOMPARE(pool.blocksPerRequest, qint64(2048 + 521));
    }

    void llama4ChunkedLayers()
    {
        const ModelSpec m = presetModel("llama-4-scout");
        // 48 layers: every 4th is a global (NoPE) layer -> 12 full, 36 chunked.
        int full = 0;
        for (const auto &l : m.layerInfo)
            full += l.attention == LayerAttention::Full;
        QCOMPARE(full, 12);
        const KvPool pool = kvPoolForLayers(m, 0, m.layers, 1, KvDtype::Auto, 16, 1000000, 8192);
        QCOMPARE(pool.groupSize, 12);
        QCOMPARE(pool.fullGroups, 1);
        QCOMPARE(pool.windowGroups, 3);
    }
};

QTEST_GUILESS_MAIN(TestKvCache)
#include "tst_kvcache.moc"
