// A view exported as SVG names the model in its <title>; Qt 6.4's QSvgGenerator writes the title
// unescaped, so a model named "</title><script>…" made a live script in the file. The title is
// escaped: the file parses as XML, holds no <script>, and its title reads as the name.
#include "widgets/export/viewexport.h"

#include <QFile>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

class TestSvgExport : public QObject
{
    Q_OBJECT
private slots:
    void titleIsText_data()
    {
        QTest::addColumn<QString>("title");
        QTest::newRow("script") << QStringLiteral("</title><script>alert(1)</script>");
        QTest::newRow("entity") << QStringLiteral("a & b <c> \"d\" 'e'");
        QTest::newRow("cdata") << QStringLiteral("]]><foreignObject><iframe src=\"https://e.example\"/>");
        QTest::newRow("control") << QStringLiteral("x\x01y\nz");
    }
    void titleIsText()
    {
        QFETCH(QString, title);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("view.svg"));
        const auto error = exporter::save(
            path, QSize(40, 30), title, [](QPainter &p, const QRect &r, bool) { p.fillRect(r, Qt::blue); });
        QVERIFY(!error);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QString shown;
        int titles = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            QVERIFY2(xml.name() != QLatin1String("script") && xml.name() != QLatin1String("foreignObject")
                    && xml.name() != QLatin1String("iframe"),
                qPrintable(xml.name().toString()));
            if (xml.name() == QLatin1String("title")) {
                ++titles;
                shown = xml.readElementText();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(titles, 1);
        // The name as text; a control character as its visible escape (sanitize::oneLine).
        QString expected = title;
        expected.replace(QChar(0x01), QStringLiteral("\\x01")).replace(QLatin1Char('\n'), QStringLiteral("\\n"));
        QCOMPARE(shown, expected);
    }
};

QTEST_MAIN(TestSvgExport)
#include "tst_svgexport.moc"
