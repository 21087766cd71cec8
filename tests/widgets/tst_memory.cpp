// The memory bars and the KV panel show the course table's numbers (docs/DESIGN.md §7, §F.0).
#include "core/text/units.h"
#include "tests/common/testutils.h"
#include "widgets/common/palette.h"
#include "widgets/document/plandocument.h"
#include "widgets/export/viewexport.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorybars.h"
#include "widgets/memory/memorychart.h"
#include "widgets/window/issuesbanner.h"

#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QTemporaryDir>
#include <QTranslator>

using namespace shardscope;

namespace {
// Lecture 0 §6 (docs/DESIGN.md §F.0): 80e9 B per GPU, utilization 0.9, 4 GiB reserved, 70.6e9 params x 2 B split
// evenly, 32K context.
Plan seedPlan(int tp, int pp)
{
    Plan p = makePlan("llama-3.1-70b", "h100-sxm", tp, pp);
    p.accounting = Accounting::Textbook;
    p.gpuMemoryBytes = 80e9;
    p.reservedBytes = 4 * GiB;
    p.paramsOverride = 70.6e9;
    p.maxModelLen = 32768;
    return p;
}
std::string dataFile(const char *name)
{
    QFile f(qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/core/data/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}
} // namespace

class TestMemory : public QObject
{
    Q_OBJECT
private slots:
    void seedBars()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        const std::vector<MemoryBar> bars = memoryBars(*doc.state());
        QCOMPARE(static_cast<int>(bars.size()), 16);
        const MemoryBar &b = bars[5];
        // weights 70.6e9 x 2 / 16 = 8.825e9 B (8.2 GiB); reserve 4 GiB; requested 0.9 x 80e9 = 72e9;
        // KV = 72e9 - 8.825e9 - 4 GiB = 58,880,032,704 B (54.8 GiB); headroom 80e9 - 72e9 = 8e9.
        QCOMPARE(b.weights, 8.825e9);
        QCOMPARE(b.other, 4 * GiB);
        QCOMPARE(b.kvBudget, 58880032704.0);
        QCOMPARE(b.headroom, 8e9);
        QCOMPARE(b.total, 80e9);
    }

    void groupedByNodeAbove64()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128));
        const std::vector<MemoryBar> bars = memoryBars(*doc.state());
        QCOMPARE(static_cast<int>(bars.size()), 16); // 128 GPUs / 8 per node
        QCOMPARE(bars[3].gpus, 8);
        QCOMPARE(bars[3].label, QStringLiteral("3"));
        const RankPlacement &r = doc.evaluation().ranks[static_cast<size_t>(bars[3].rank)];
        QCOMPARE(r.node, 3);
        // 64 GPUs stay one bar each.
        doc.setPlan(makePlan("llama-3.1-405b", "h100-sxm", 8, 8));
        QCOMPARE(static_cast<int>(memoryBars(*doc.state()).size()), 64);
    }

    void chartValuesInGiB()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        MemoryChart chart(&doc);
        chart.resize(800, 400);
        chart.show();
        QTest::qWait(0);
        const auto values = chart.seriesValues();
        QCOMPARE(static_cast<int>(values.size()), 5); // weights, activation, other, KV, headroom
        QCOMPARE(static_cast<int>(values[0].size()), 16);
        QCOMPARE(values[0][0], 8.825e9 / GiB);
        QCOMPARE(values[2][0], 4.0);
        QVERIFY(chart.barToolTip(0, 3).contains(QStringLiteral("KV cache budget on GPU 0")));
        doc.setPlan(makePlan("deepseek-v3", "h200", 8, 1, 16, 128));
        QCOMPARE(static_cast<int>(chart.seriesValues()[0].size()), 16); // one bar per node
    }

    // The title's notes wrap to the chart's width instead of being cut (a 1024-px window).
    void chartTitleWraps()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        MemoryChart chart(&doc);
        chart.resize(1600, 400);
        chart.show();
        QTest::qWait(0);
        QCOMPARE(chart.title().count(QStringLiteral("<br>")), 1); // the three notes on one line
        chart.resize(360, 400);
        QTest::qWait(0);
        const QString title = chart.title();
        QVERIFY2(title.count(QStringLiteral("<br>")) >= 2, qPrintable(title));
        QVERIFY(title.contains(QStringLiteral("usable = utilization × total")));
    }

    void chartExports()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        MemoryChart chart(&doc);
        chart.resize(800, 400);
        chart.show();
        QTest::qWait(0);
        QTemporaryDir dir;
        const auto render = [&](QPainter &p, const QRect &r, bool) { chart.renderTo(p, r); };
        QVERIFY(!exporter::save(dir.filePath(QStringLiteral("m.svg")), chart.size(), QStringLiteral("memory"), render));
        QVERIFY(!exporter::save(dir.filePath(QStringLiteral("m.png")), chart.size(), QStringLiteral("memory"), render));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("m.png"))).size(), QSize(800, 400));
        QFile svg(dir.filePath(QStringLiteral("m.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        // The weights bars are drawn in their own colour in the SVG.
        QVERIFY(svg.readAll().contains(palette::weights().name().toLatin1()));
    }

    void kvPanelSeedNumbers()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        KvPanel panel(&doc);
        // Course table row TP 8 x PP 2: 2,875,001 tokens, 87 requests of 32K; KV 20 KiB per token per GPU
        // (2 x 40 layers x 1 KV head x 128 x 2 B = 20,480 B).
        QCOMPARE(panel.valueText(QStringLiteral("capacity_tokens")), QStringLiteral("2,875,001 tokens"));
        QVERIFY(panel.valueText(QStringLiteral("concurrency")).startsWith(QStringLiteral("87 (")));
        QVERIFY(panel.valueText(QStringLiteral("kv_per_token")).startsWith(QStringLiteral("20,480 B")));
        QVERIFY(panel.valueText(QStringLiteral("fits")).contains(QStringLiteral("Fits")));
        // Every number explains itself with the plan's values.
        QVERIFY(panel.valueToolTip(QStringLiteral("kv_per_token"))
                    .contains(QStringLiteral("2 × 40 layers × 1 KV head × 128 × 2 B")));
        QVERIFY(panel.valueToolTip(QStringLiteral("capacity_tokens")).contains(QStringLiteral("2,875,001")));

        // Row TP 1 x PP 1: 131.5 GiB of weights do not fit in 72e9 B.
        doc.setPlan(seedPlan(1, 1));
        QVERIFY(panel.valueText(QStringLiteral("fits")).contains(QStringLiteral("Does not fit")));
    }

    // The row names follow the language as the values do (a name once stayed in the language of the first plan).
    void kvPanelNamesFollowTheLanguage()
    {
        PlanDocument doc(builtinCatalog());
        doc.setPlan(seedPlan(8, 2));
        KvPanel panel(&doc);
        const auto names = [&panel] {
            QStringList texts;
            for (const QLabel *l : panel.findChildren<QLabel *>())
                texts << l->text();
            return texts;
        };
        QVERIFY(names().contains(QStringLiteral("KV capacity, one replica")));
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        QCoreApplication::processEvents();
        const QStringList translated = names();
        QCoreApplication::removeTranslator(&zh);
        QVERIFY2(translated.contains(QStringLiteral("KV 容量（单个副本）")), qPrintable(translated.join(u'|')));
        QVERIFY(!translated.contains(QStringLiteral("KV capacity, one replica")));
    }

    void hybridStateSplit()
    {
        PlanDocument doc(builtinCatalog());
        const std::string id = doc.addModelJson(dataFile("nemotron-3-nano-30b-a3b-config.json"), "nemotron-3-nano");
        QVERIFY(doc.setPlan(makePlan(id.c_str(), "h200", 2)));
        KvPanel panel(&doc);
        // Token-proportional KV, TP2: 6 attention layers x 2 (K, V) x (2 KV heads / 2) x 128 x 2 B = 3,072 B.
        QVERIFY2(panel.valueText(QStringLiteral("kv_per_token")).startsWith(QStringLiteral("3,072 B")),
            qPrintable(panel.valueText(QStringLiteral("kv_per_token"))));
        // Per-request state, TP2, all 23 Mamba-2 layers on every GPU (pp 1): d_inner = 64 x 64 = 4,096;
        // conv (4,096 + 2 x 8 groups x 128) / 2 = 3,072 channels x (conv_kernel 4 - 1) x 2 B = 18,432 B;
        // SSM (64 / 2) heads x 64 x 128 x 4 B (mamba_ssm_cache_dtype float32) = 1,048,576 B; per layer
        // 1,067,008 B; x 23 = 24,541,184 B, held twice: the newest release turns prefix caching on for hybrid
        // models (#50991), whose "align" mode keeps two state blocks per request: 49,082,368 B.
        const QString state = panel.valueText(QStringLiteral("state_per_request"));
        QVERIFY2(state.startsWith(QStringLiteral("49,082,368 B")) && state.contains(QStringLiteral("23 layers")),
            qPrintable(state));
        QVERIFY(panel.valueToolTip(QStringLiteral("state_per_request"))
                    .contains(QStringLiteral("23 × 1,067,008 B × 2 = 49,082,368 B")));
        // Requests the state alone allows: floor(KV budget / 49,082,368).
        const double budget = doc.state()->evaluation.kvBudgetBytesPerGpu;
        QVERIFY(budget > 49082368.0);
        const QString n = QString::fromStdString(formatThousands(static_cast<std::int64_t>(budget / 49082368.0)));
        QVERIFY2(panel.valueText(QStringLiteral("state_requests")).startsWith(n),
            qPrintable(panel.valueText(QStringLiteral("state_requests")) + QStringLiteral(" / ") + n));

        // A pure attention model keeps no state: the rows are empty (hidden).
        QVERIFY(doc.setPlan(makePlan("llama-3.1-70b", "h200", 4)));
        QVERIFY(panel.valueText(QStringLiteral("state_per_request")).isEmpty());
        QVERIFY(panel.valueText(QStringLiteral("state_requests")).isEmpty());
    }

    void clusterFigures()
    {
        PlanDocument doc(builtinCatalog());
        Plan p = seedPlan(8, 1);
        p.dp = 3;
        doc.setPlan(p);
        KvPanel panel(&doc);
        // Course row TP 8 x PP 1: 1,222,046 tokens and 37 requests per replica; dp 3 triples both.
        QCOMPARE(panel.valueText(QStringLiteral("cluster_tokens")), QStringLiteral("3,666,138 tokens"));
        QCOMPARE(panel.valueText(QStringLiteral("cluster_concurrency")), QStringLiteral("111 requests"));
    }

    void issuesBanner()
    {
        PlanDocument doc(builtinCatalog());
        IssuesBanner banner(&doc);
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 4));
        QVERIFY(banner.isHidden() || banner.text().isEmpty() || !banner.text().contains(QStringLiteral("Error")));
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 16)); // 16 GPUs per TP group, nodes of 8
        QVERIFY(banner.text().contains(QStringLiteral("Warning")));
        QVERIFY(banner.text().contains(QStringLiteral("spans nodes of 8")));
        doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", 3));
        QVERIFY(banner.text().contains(QStringLiteral("Error")));
    }
};

QTEST_MAIN(TestMemory)
#include "tst_memory.moc"
