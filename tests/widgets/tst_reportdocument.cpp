// The PDF side of the report: the document built from the Markdown, and the placement picture.
#include "core/markdownreport.h"
#include "widgets/placementdiagram.h"
#include "widgets/reportpdf.h"
#include "../core/testpresets.h"

#include <QTemporaryDir>
#include <QTextDocument>
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
        const Evaluation e = tp4pp2(m, gpu);
        ReportOptions o;
        o.placementImage = "placement.png";
        QTextDocument doc;
        buildReportDocument(doc, markdownReport(e, m, gpu, o), {{"placement.png", &e, &m, &gpu}});
        const QString text = doc.toPlainText();
        for (const char *h : {"Placement", "Memory and KV cache", "Communication per step", "Time estimates", "vLLM command", "Issues",
                              "Sources"})
            QVERIFY2(text.contains(QLatin1String(h)), h);
        const QImage img = doc.resource(QTextDocument::ImageResource, QUrl(QStringLiteral("placement.png"))).value<QImage>();
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
        QCOMPARE(writeReportPdf(path, markdownReport(e, m, gpu, {}), {}), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        QVERIFY(!writeReportPdf(dir.filePath(QStringLiteral("missing/r.pdf")), "# x", {}).isEmpty());
    }

    // Colours at known cells: 4 GPUs of stage 0 and 4 of stage 1 fill boxes of equal size.
    void placementColours()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const QImage img = renderPlacementDiagram(tp4pp2(m, gpu), m, 1000).convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(img.width(), 1000);
        // Fill of DP rank 0: the stage colour mixed 55 % with white.
        auto fill = [](int stage) {
            const QColor c = diagramStageColor(stage);
            return QColor::fromRgbF(c.redF() + (1 - c.redF()) * 0.55, c.greenF() + (1 - c.greenF()) * 0.55,
                                    c.blueF() + (1 - c.blueF()) * 0.55).rgb();
        };
        const int s0 = countColor(img, fill(0)), s1 = countColor(img, fill(1));
        QVERIFY(s0 > 1000);
        QVERIFY2(s1 > 0.9 * s0 && s1 < 1.1 * s0, qPrintable(QStringLiteral("%1 vs %2").arg(s0).arg(s1)));
        QCOMPARE(countColor(img, fill(2)), 0); // no third stage
    }
};

QTEST_MAIN(TestReportDocument)
#include "tst_reportdocument.moc"
