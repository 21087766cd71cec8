// The PDF side of the report: the document built from the Markdown, and the placement picture.
#include "core/report/markdownreport.h"
#include "tests/common/testutils.h"
#include "widgets/export/reportpdf.h"
#include "widgets/grid/gridbuilders.h"

#include <QAbstractTextDocumentLayout>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextTable>

using namespace shardscope;

namespace {

Evaluation tp4pp2(const ModelSpec &m, const GpuSpec &gpu)
{
    Plan p;
    p.tp = 4;
    p.pp = 2;
    p.maxModelLen = 32768;
    return evaluate(p, m, gpu);
}

// Pixels of exactly this colour.
int countColor(const QImage &img, QRgb c)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x)
            n += line[x] == c ? 1 : 0;
    }
    return n;
}

} // namespace

class TestReportDocument : public QObject
{
    Q_OBJECT
private slots:
    void documentHasSectionsTablesAndPicture()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const EvaluatedPlan evaluated { tp4pp2(m, gpu), m, gpu };
        ReportOptions o;
        o.placementImage = "placement.png";
        QTextDocument doc;
        buildReportDocument(doc, markdownReport(evaluated, o), { { "placement.png", &evaluated } });
        const QString text = doc.toPlainText();
        for (const char *h : { "Placement", "Memory and KV cache", "Communication per step", "Time estimates",
                 "vLLM command", "Issues", "Sources" })
            QVERIFY2(text.contains(QLatin1String(h)), h);
        const QImage img
            = doc.resource(QTextDocument::ImageResource, QUrl(QStringLiteral("placement.png"))).value<QImage>();
        QVERIFY(!img.isNull());
        int tables = 0;
        for (QTextFrame *f : doc.rootFrame()->childFrames())
            tables += qobject_cast<QTextTable *>(f) ? 1 : 0;
        QVERIFY(tables >= 6); // summary, two placement tables, memory, KV, ledger, links, time, stages
        // On A4 (96 units per inch, 2 cm margins) the report runs over more than one page.
        doc.setPageSize(QSizeF(794, 1123));
        QVERIFY(doc.pageCount() >= 2);
    }

    void pdfFile()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = tp4pp2(m, gpu);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.pdf"));
        QCOMPARE(writeReportPdf(path, markdownReport({ e, m, gpu }, {}), {}), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        QVERIFY(!writeReportPdf(dir.filePath(QStringLiteral("missing/r.pdf")), "# x", {}).isEmpty());
    }

    // The picture is the window's Layers × GPUs grid: GPUs 0-3 hold the embedding and layers 0-39
    // (41 rows) in stage 0's colour, GPUs 4-7 layers 40-79 and the LM head (41 rows) in stage 1's:
    // equal areas of the two colours, and no third.
    void placementColours()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const EvaluatedPlan evaluated { tp4pp2(m, gpu), m, gpu };
        const QImage img = renderPlacementImage({ "p.png", &evaluated }, 1000).convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(img.width(), 1000);
        const int s0 = countColor(img, stageColor(0).rgb()), s1 = countColor(img, stageColor(1).rgb());
        QVERIFY(s0 > 10000);
        QVERIFY2(s1 > 0.9 * s0 && s1 < 1.1 * s0, qPrintable(QStringLiteral("%1 vs %2").arg(s0).arg(s1)));
        QVERIFY(countColor(img, stageColor(2).rgb()) < s0 / 50); // only the legend, if anything
    }

    // Review item 20: no border between every layer in print (rows under 10 px get none): no pixel
    // of the stage colour lightened by the grid line's translucent white.
    void noStripesBetweenLayers()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        Plan p = makePlan("llama-3.1-70b", "h100-sxm", 8);
        const EvaluatedPlan evaluated { evaluate(p, m, gpu), m, gpu };
        const QImage img = renderPlacementImage({ "p.png", &evaluated }, 1240).convertToFormat(QImage::Format_ARGB32);
        const QColor c = stageColor(0);
        const auto lighten = [](int v) { return v + (255 - v) * 170 / 255; };
        const QColor striped(lighten(c.red()), lighten(c.green()), lighten(c.blue()));
        int lines = 0;
        for (int y = 0; y < img.height(); ++y) {
            const QRgb *line = reinterpret_cast<const QRgb *>(img.constScanLine(y));
            int n = 0;
            for (int x = 0; x < img.width(); ++x)
                n += std::abs(qRed(line[x]) - striped.red()) <= 2 && std::abs(qGreen(line[x]) - striped.green()) <= 2
                        && std::abs(qBlue(line[x]) - striped.blue()) <= 2
                    ? 1
                    : 0;
            lines += n > img.width() / 2 ? 1 : 0;
        }
        QCOMPARE(lines, 0);
        QVERIFY(countColor(img, c.rgb()) > 100000); // the block itself is there
    }

    // Review item 20: a heading never ends a page apart from what it heads (the placement picture of
    // each plan in a comparison report).
    void headingsStayWithTheirPicture()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        Plan a = makePlan("llama-3.1-70b", "h100-sxm", 8);
        a.maxModelLen = 32768;
        Plan b = a;
        b.tp = 16;
        const EvaluatedPlan ea { evaluate(a, m, gpu), m, gpu }, eb { evaluate(b, m, gpu), m, gpu };
        for (const EvaluatedPlan *plan : { &ea, &eb }) {
            ReportOptions o;
            o.placementImage = "placement.png";
            QTextDocument doc;
            buildReportDocument(doc, markdownReport(*plan, o), { { "placement.png", plan } });
            // Lay it out as print() does: A4 less 2 cm margins.
            QTextDocument *probe = doc.clone(&doc);
            QTextFrameFormat root = probe->rootFrame()->frameFormat();
            const double margin = 2 / 2.54 * 96;
            root.setMargin(0);
            root.setLeftMargin(margin);
            root.setRightMargin(margin);
            root.setTopMargin(margin);
            root.setBottomMargin(margin);
            probe->rootFrame()->setFrameFormat(root);
            const QSizeF page(210 / 25.4 * 96, 297 / 25.4 * 96);
            probe->setPageSize(page);
            int headings = 0;
            for (QTextBlock h = probe->begin(); h.isValid(); h = h.next()) {
                if (h.blockFormat().headingLevel() == 0 || !h.next().isValid())
                    continue;
                ++headings;
                const QRectF hr = probe->documentLayout()->blockBoundingRect(h);
                const QTextBlock n = h.next();
                const QRectF nr = probe->documentLayout()->blockBoundingRect(n);
                const double headingBottom = hr.top() + h.layout()->lineAt(h.layout()->lineCount() - 1).rect().bottom();
                const double nextTop = nr.top() + (n.layout()->lineCount() > 0 ? n.layout()->lineAt(0).y() : 0);
                QVERIFY2(int(headingBottom / page.height()) == int(nextTop / page.height()),
                    qPrintable(QStringLiteral("\"%1\" ends page %2, what it heads starts page %3")
                                   .arg(h.text())
                                   .arg(int(headingBottom / page.height()) + 1)
                                   .arg(int(nextTop / page.height()) + 1)));
            }
            QVERIFY(headings >= 6);
        }
    }
};

QTEST_MAIN(TestReportDocument)
#include "tst_reportdocument.moc"
