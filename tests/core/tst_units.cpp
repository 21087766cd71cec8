#include "core/text/units.h"

#include <QTest>

using namespace shardscope;

class TestUnits : public QObject
{
    Q_OBJECT
private slots:
    void sizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("bytes");
        QTest::newRow("exponent") << "80e9" << 80e9;
        QTest::newRow("GB is decimal") << "80GB" << 80e9;
        QTest::newRow("GiB is binary") << "80GiB" << 80.0 * 1073741824.0;
        QTest::newRow("4GiB") << "4GiB" << 4294967296.0;
        QTest::newRow("MiB") << "512MiB" << 536870912.0;
        QTest::newRow("plain bytes") << "1234" << 1234.0;
        QTest::newRow("fraction TB") << "1.5TB" << 1.5e12;
    }
    void sizes()
    {
        QFETCH(QString, text);
        QFETCH(double, bytes);
        const auto parsed = parseByteSize(text.toStdString());
        QVERIFY(parsed.has_value());
        QCOMPARE(*parsed, bytes);
    }
    void badSizes_data()
    {
        QTest::addColumn<QString>("text");
        for (const char *s : { "", "GB", "80XB", "-1GB", "nan", "1e400", "80 G B", "2PiB" })
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void badSizes()
    {
        QFETCH(QString, text);
        QVERIFY(!parseByteSize(text.toStdString()).has_value());
    }
    void counts()
    {
        QCOMPARE(parseCount("32768").value(), 32768);
        QCOMPARE(parseCount("32k").value(), 32000); // vLLM: lower case decimal
        QCOMPARE(parseCount("32K").value(), 32768); // upper case binary
        QCOMPARE(parseCount("2e3").value(), 2000);
        QVERIFY(!parseCount("1.5").has_value());
        QVERIFY(!parseCount("-3").has_value());
        QVERIFY(!parseCount("99999999999999999999").has_value());
    }
    void formatting()
    {
        QCOMPARE(formatThousands(1222046), std::string("1,222,046"));
        QCOMPARE(formatBytes(80 * 1024), std::string("80.0 KiB"));
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
