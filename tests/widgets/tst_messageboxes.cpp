// Error messages quote names and paths from files: unknown model "<img src="/dev/zero">". A
// QMessageBox shows text that looks like HTML (Qt::mightBeRichText) as HTML and would load the
// "image" (4 GB of /dev/zero, or a local picture). The window's message boxes are plain text.
#include "tests/common/testutils.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/window/mainwindow.h"

#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTextDocument>

using namespace shardscope;

class TestMessageBoxes : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void errorQuotingHtmlIsPlainText()
    {
        const QString name = QStringLiteral("<img src=\"/dev/zero\">");
        QVERIFY(Qt::mightBeRichText(QStringLiteral("unknown model \"%1\"").arg(name))); // the hazard
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("p.shardscope.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        // (No raw string literal: moc 6.4 loses the class after one.)
        f.write("{\"schema\": \"shardscope.planfile/1\", \"plan\": {\"model\": \"<img src=\\\"/dev/zero\\\">\", "
                "\"gpu\": \"h100-sxm\"}}");
        f.close();
        WindowOptions o;
        o.useSettings = false;
        o.initialPlan = makePlan("llama-3.1-8b", "h100-sxm", 1);
        MainWindow w(builtinCatalog(), o);
        QVERIFY(!w.files()->openPlan(f.fileName()));
        const QList<QMessageBox *> boxes = w.findChildren<QMessageBox *>();
        QCOMPARE(boxes.size(), 1);
        QCOMPARE(boxes.first()->textFormat(), Qt::PlainText);
        QVERIFY2(boxes.first()->text().contains(name), qPrintable(boxes.first()->text()));
        QCOMPARE(w.document()->plan().modelId, std::string("llama-3.1-8b")); // the plan is unchanged
    }
};

QTEST_MAIN(TestMessageBoxes)
#include "tst_messageboxes.moc"
