// Parameter counts computed from each preset's config vs the reference counter's figures
// (docs/DESIGN.md §E.1, carried in each preset as params_reference): within 0.5%.
#include "core/evaluate/weights.h"
#include "tests/common/testutils.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace shardscope;

class TestParams : public QObject
{
    Q_OBJECT
private slots:
    void requiredPresetsExist()
    {
        for (const char *id : { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "qwen2.5-72b", "qwen3-32b",
                 "qwen3-30b-a3b", "qwen3-235b-a22b", "mixtral-8x7b", "mixtral-8x22b", "deepseek-v2-lite", "deepseek-v3",
                 "gpt-oss-20b", "gpt-oss-120b", "llama-4-scout", "llama-4-maverick", "kimi-k2" })
            QVERIFY2(builtinPresets().findModel(QString::fromLatin1(id)), id);
        for (const char *id : { "h100-sxm", "h100-pcie", "h200", "h20", "h800", "a100-40gb", "a100-80gb", "a800",
                 "l40s", "b200", "gb200", "mi300x", "mi325x", "rtx-4090", "rtx-pro-6000" })
            QVERIFY2(builtinPresets().findGpu(QString::fromLatin1(id)), id);
        QVERIFY2(
            builtinPresets().loadErrors().isEmpty(), qPrintable(builtinPresets().loadErrors().join(QLatin1Char('\n'))));
    }

    void counts_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("active");
        QDir dir(QStringLiteral(":/presets/models"));
        for (const QString &f : dir.entryList({ QStringLiteral("*.json") })) {
            QFile file(dir.filePath(f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
            const QJsonObject ref = o.value(QStringLiteral("params_reference")).toObject();
            QTest::newRow(qPrintable(f)) << o.value(QStringLiteral("id")).toString()
                                         << ref.value(QStringLiteral("total")).toDouble()
                                         << ref.value(QStringLiteral("active")).toDouble();
        }
    }
    void counts()
    {
        QFETCH(QString, id);
        QFETCH(double, total);
        QFETCH(double, active);
        const ParamCounts c = countParams(presetModel(id.toLatin1().constData()));
        QVERIFY2(std::fabs(c.total / total - 1) < 0.005, qPrintable(QString::number(c.total)));
        QVERIFY2(std::fabs(c.active / active - 1) < 0.005, qPrintable(QString::number(c.active)));
    }

    void officialCounts()
    {
        // Official headline figures, where the counting conventions agree (docs/DESIGN.md §E.1):
        // Llama-3.1-405B 405B, Qwen3-235B-A22B 235B / 22B active, DeepSeek-V3 671B, gpt-oss-120b 116.83B.
        QVERIFY(std::fabs(countParams(presetModel("llama-3.1-405b")).total / 405e9 - 1) < 0.005);
        QVERIFY(std::fabs(countParams(presetModel("qwen3-235b-a22b")).total / 235e9 - 1) < 0.005);
        QVERIFY(std::fabs(countParams(presetModel("deepseek-v3")).total / 671e9 - 1) < 0.005);
        QVERIFY(std::fabs(countParams(presetModel("gpt-oss-120b")).total / 116.83e9 - 1) < 0.005);
    }

    void everyPresetEvaluates()
    {
        for (const ModelSpec &m : builtinPresets().models())
            for (const GpuSpec &g : builtinPresets().gpus()) {
                Plan plan;
                plan.tp = m.isMla() ? 8 : std::min(8, m.kvHeads);
                plan.maxModelLen = 4096;
                // DeepSeek-V4's backends take an fp8 cache only (validation: deepseek_v4_kv_dtype).
                if (m.isDeepSeekV4())
                    plan.kvCacheDtype = KvDtype::Fp8;
                // FP8-block experts that do not split tp ways are served with expert parallelism, as vLLM's
                // recipes do (MiniMax-M2: 1536 / 8 = 192 is not a multiple of the 128 block).
                if (m.isMoe() && m.weightFormat == WeightFormat::Fp8Block
                    && (m.moeIntermediate / plan.tp) % m.fp8BlockSize != 0)
                    plan.ep = plan.tp;
                const Evaluation e = evaluate(plan, m, g);
                QVERIFY2(e.valid, (m.id + " on " + g.id).c_str());
                QVERIFY(e.worldSize == plan.tp);
                for (const RankPlacement &r : e.ranks)
                    QVERIFY(r.memory.weights.total() > 0);
            }
    }
};

QTEST_GUILESS_MAIN(TestParams)
#include "tst_params.moc"
