// Lecture 0 §6 (docs/DESIGN.md §F.0): the capacity script's exact output table (docs/DESIGN.md §7).
// Memory 80e9 B, utilization 0.9, 4 GiB reserved, 70.6e9 params x 2 B split evenly, 32K requests.
#include "tests/common/testutils.h"

#include <cmath>

using namespace shardscope;

class TestTextbook : public QObject
{
    Q_OBJECT
private slots:
    void seedTable_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("fits");
        QTest::addColumn<QString>("weightsGiB"); // as the course prints it, one decimal
        QTest::addColumn<int>("kvKiB");
        QTest::addColumn<QString>("freeGiB");
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("requests");
        QTest::newRow("1x1") << 1 << 1 << false << "131.5" << 0 << "" << qint64(0) << qint64(0);
        QTest::newRow("2x1") << 2 << 1 << false << "65.8" << 0 << "" << qint64(0) << qint64(0);
        QTest::newRow("4x1") << 4 << 1 << true << "32.9" << 80 << "30.2" << qint64(395569) << qint64(12);
        QTest::newRow("8x1") << 8 << 1 << true << "16.4" << 40 << "46.6" << qint64(1222046) << qint64(37);
        QTest::newRow("16x1") << 16 << 1 << true << "8.2" << 40 << "54.8" << qint64(1437500) << qint64(43);
        QTest::newRow("8x2") << 8 << 2 << true << "8.2" << 20 << "54.8" << qint64(2875001) << qint64(87);
        QTest::newRow("4x2") << 4 << 2 << true << "16.4" << 40 << "46.6" << qint64(1222046) << qint64(37);
    }

    void seedTable()
    {
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(bool, fits);
        QFETCH(QString, weightsGiB);
        QFETCH(int, kvKiB);
        QFETCH(QString, freeGiB);
        QFETCH(qint64, tokens);
        QFETCH(qint64, requests);

        Plan plan;
        plan.tp = tp;
        plan.pp = pp;
        plan.accounting = Accounting::Textbook;
        plan.gpuMemoryBytes = 80e9;
        plan.gpuMemoryUtilization = 0.9;
        plan.reservedBytes = 4.0 * 1024 * 1024 * 1024;
        plan.paramsOverride = 70.6e9;
        plan.maxModelLen = 32768;
        const Evaluation e = evaluate(plan, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QVERIFY(e.valid);
        QCOMPARE(e.fits, fits);
        QCOMPARE(QString::number(e.maxWeightsBytesPerGpu / 1073741824.0, 'f', 1), weightsGiB);
        if (!fits) {
            QVERIFY(e.hasErrors());
            return;
        }
        QCOMPARE(e.kv.bytesPerTokenPerGpu, kvKiB * 1024.0);
        QCOMPARE(QString::number(e.kvBudgetBytesPerGpu / 1073741824.0, 'f', 1), freeGiB);
        QCOMPARE(e.kv.capacityTokens, tokens);
        QCOMPARE(e.kv.maxConcurrency, requests);
        QCOMPARE(e.kv.clusterMaxConcurrency, requests); // dp = 1
    }

    void dpMultipliesClusterConcurrency()
    {
        Plan plan;
        plan.tp = 8;
        plan.pp = 2;
        plan.dp = 3;
        plan.accounting = Accounting::Textbook;
        plan.gpuMemoryBytes = 80e9;
        plan.paramsOverride = 70.6e9;
        plan.maxModelLen = 32768;
        const Evaluation e = evaluate(plan, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        QCOMPARE(e.kv.maxConcurrency, qint64(87));
        QCOMPARE(e.kv.clusterMaxConcurrency, qint64(3 * 87));
        QCOMPARE(e.worldSize, 48);
        QCOMPARE(e.nodes, 6);
    }
};

QTEST_GUILESS_MAIN(TestTextbook)
#include "tst_textbook.moc"
