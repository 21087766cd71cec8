// core/utf8: the guard between untrusted bytes (logs, pasted commands) and the JSON writer.
// Byte sequences from RFC 3629 section 3 and its table of well-formed sequences.
#include "core/text/utf8.h"

#include <QTest>

using namespace shardscope;

class TestUtf8 : public QObject
{
    Q_OBJECT
private slots:
    void validity_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("valid");
        QTest::newRow("ascii") << QByteArray("vllm serve m") << true;
        QTest::newRow("e acute C3 A9") << QByteArray("\xC3\xA9") << true;
        QTest::newRow("CJK E4 B8 AD") << QByteArray("\xE4\xB8\xAD") << true;
        QTest::newRow("U+10FFFF F4 8F BF BF") << QByteArray("\xF4\x8F\xBF\xBF") << true;
        QTest::newRow("lone continuation 80") << QByteArray("a\x80") << false;
        QTest::newRow("truncated C3") << QByteArray("a\xC3") << false;
        QTest::newRow("overlong C0 80") << QByteArray("\xC0\x80") << false;
        QTest::newRow("overlong E0 80 80") << QByteArray("\xE0\x80\x80") << false;
        QTest::newRow("surrogate ED A0 80") << QByteArray("\xED\xA0\x80") << false;
        QTest::newRow("above U+10FFFF F4 90 80 80") << QByteArray("\xF4\x90\x80\x80") << false;
        QTest::newRow("F5") << QByteArray("\xF5\x80\x80\x80") << false;
    }
    void validity()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, valid);
        const std::string_view text(bytes.constData(), static_cast<size_t>(bytes.size()));
        QCOMPARE(isValidUtf8(text), valid);
        const std::string repaired = validUtf8(text);
        QVERIFY(isValidUtf8(repaired));
        if (valid)
            QCOMPARE(repaired, std::string(text));
    }

    void replacement()
    {
        // Each offending byte becomes U+FFFD (EF BF BD); the good ones stay.
        QCOMPARE(validUtf8("a\x80"
                           "b"),
            std::string("a\xEF\xBF\xBD"
                        "b"));
        QCOMPARE(validUtf8("\xC3"), std::string("\xEF\xBF\xBD"));
        QCOMPARE(validUtf8("\xC0\x80"), std::string("\xEF\xBF\xBD\xEF\xBF\xBD"));
    }

    void prefix()
    {
        // "né" is 6E C3 A9: three bytes. A cut after two would split the é.
        QCOMPARE(utf8Prefix("n\xC3\xA9", 2), std::string_view("n"));
        QCOMPARE(utf8Prefix("n\xC3\xA9", 3), std::string_view("n\xC3\xA9"));
        QCOMPARE(utf8Prefix("abc", 2), std::string_view("ab"));
        // "中" E4 B8 AD: any cut inside it drops the whole character.
        QCOMPARE(utf8Prefix("\xE4\xB8\xAD", 1), std::string_view(""));
        QCOMPARE(utf8Prefix("\xE4\xB8\xAD", 2), std::string_view(""));
    }
};

QTEST_APPLESS_MAIN(TestUtf8)
#include "tst_utf8.moc"
