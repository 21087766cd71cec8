#include "widgets/export/reportpdf.h"

#include "widgets/common/safetextdocument.h"
#include "io/savefile.h"
#include "widgets/document/plandocument.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/grid/gridpainter.h"

#include <QBuffer>
#include <QGuiApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QUrl>

namespace {

// Width the document gives a picture, in its units (96 per inch): QTextDocument::print keeps 2 cm
// margins of its own, which leaves 17 cm (642) of A4.
constexpr int kImageWidth = 620;
// Rendered at twice that for print sharpness.
constexpr int kImagePixels = 2 * kImageWidth;

void styleTables(QTextFrame *frame)
{
    for (QTextFrame *child : frame->childFrames()) {
        if (auto *table = qobject_cast<QTextTable *>(child)) {
            QTextTableFormat f = table->format();
            f.setBorder(1);
            f.setWidth(QTextLength(QTextLength::PercentageLength, 100));
            f.setBorderBrush(QColor(0x99, 0x99, 0x99));
            f.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            f.setBorderCollapse(true);
            f.setCellPadding(3);
            f.setCellSpacing(0);
            f.setHeaderRowCount(1);
            table->setFormat(f);
            for (int c = 0; c < table->columns(); ++c) {
                QTextTableCell cell = table->cellAt(0, c);
                QTextCharFormat cf = cell.format();
                cf.setBackground(QColor(0xEE, 0xEE, 0xEE));
                cell.setFormat(cf);
            }
        }
        styleTables(child);
    }
}

// Pictures scale to the text width whatever their pixel size.
void sizeImages(QTextDocument &doc)
{
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment frag = it.fragment();
            if (!frag.charFormat().isImageFormat())
                continue;
            QTextImageFormat f = frag.charFormat().toImageFormat();
            const QImage img = doc.resource(QTextDocument::ImageResource, QUrl(f.name())).value<QImage>();
            if (img.isNull() || img.width() == 0)
                continue;
            f.setWidth(kImageWidth);
            f.setHeight(static_cast<double>(kImageWidth) * img.height() / img.width());
            QTextCursor c(&doc);
            c.setPosition(frag.position());
            c.setPosition(frag.position() + frag.length(), QTextCursor::KeepAnchor);
            c.setCharFormat(f);
        }
}

// Code blocks (the launch command) wrap instead of running off the page, on a grey ground.
void wrapCodeBlocks(QTextDocument &doc)
{
    QTextCursor c(&doc);
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        QTextBlockFormat f = b.blockFormat();
        if (!f.nonBreakableLines())
            continue;
        f.setNonBreakableLines(false);
        f.setBackground(QColor(0xF3, 0xF3, 0xF3));
        c.setPosition(b.position());
        c.setBlockFormat(f);
        c.setPosition(b.position() + b.length() - 1, QTextCursor::KeepAnchor);
        QTextCharFormat small;
        small.setFontPointSize(7.5);
        c.mergeCharFormat(small);
    }
}

} // namespace

QImage renderPlacementImage(const ReportPlacement &image, int width)
{
    // The window's Layers × GPUs grid, painted fitted into a picture.
    auto state = std::make_shared<PlanState>(PlanState { *image.plan, image.plan->evaluation.plan });
    const GridData data = buildLayersGrid(state);
    const int height = std::clamp(data.rows * 9 + 260, 420, width);
    QImage img(width, height, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = QGuiApplication::font();
    font.setPixelSize(std::max(10, width / 60));
    p.setFont(font);
    const GridView view;
    const GridFrame frame = layoutGrid(data, QRectF(0, 0, width, height), QFontMetricsF(font), view);
    paintGrid(p, data, frame, view);
    return img;
}

void buildReportDocument(QTextDocument &doc, const std::string &markdown, const std::vector<ReportPlacement> &images)
{
    QFont font = doc.defaultFont();
    font.setPointSizeF(9);
    doc.setDefaultFont(font);
    doc.setMarkdown(QString::fromStdString(markdown), QTextDocument::MarkdownDialectGitHub);
    // After setMarkdown, which clears the document's resources.
    for (const ReportPlacement &img : images)
        if (img.plan)
            doc.addResource(QTextDocument::ImageResource, QUrl(QString::fromStdString(img.name)),
                renderPlacementImage(img, kImagePixels));
    styleTables(doc.rootFrame());
    sizeImages(doc);
    wrapCodeBlocks(doc);
}

QString renderReportPdf(QByteArray *out, const std::string &markdown, const std::vector<ReportPlacement> &images)
{
    SafeTextDocument doc; // no image or file but the placement pictures
    buildReportDocument(doc, markdown, images);
    QBuffer buffer(out);
    if (!buffer.open(QIODevice::WriteOnly))
        return buffer.errorString();
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter); // print() adds 2 cm
        writer.setCreator(QStringLiteral("ShardScope"));
        writer.setTitle(doc.begin().text());
        doc.print(&writer);
    }
    return {};
}

QString renderPlacementPng(QByteArray *out, const ReportPlacement &image)
{
    if (!image.plan)
        return QStringLiteral("no plan to draw");
    const QImage img = renderPlacementImage(image, kImagePixels);
    QBuffer buffer(out);
    if (!buffer.open(QIODevice::WriteOnly) || !img.save(&buffer, "PNG"))
        return QStringLiteral("cannot encode the picture");
    return {};
}

QString writeReportPdf(const QString &path, const std::string &markdown, const std::vector<ReportPlacement> &images)
{
    QByteArray bytes;
    if (const QString error = renderReportPdf(&bytes, markdown, images); !error.isEmpty())
        return error;
    return saveFileAtomically(path, bytes);
}

QString writePlacementPng(const QString &path, const ReportPlacement &image)
{
    QByteArray bytes;
    if (const QString error = renderPlacementPng(&bytes, image); !error.isEmpty())
        return error;
    return saveFileAtomically(path, bytes);
}

void installReportRenderer()
{
    ReportRenderer r;
    r.renderPdf = renderReportPdf;
    r.renderImage = renderPlacementPng;
    setReportRenderer(r);
}
