#include "widgets/export/reportpdf.h"

#include "io/savefile.h"
#include "widgets/common/safetextdocument.h"
#include "widgets/document/plandocument.h"
#include "widgets/grid/gridbuilders.h"
#include "widgets/grid/gridpainter.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QGuiApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <memory>

namespace {

// Width the document gives a picture, in its units (96 per inch): QTextDocument::print keeps 2 cm
// margins of its own, which leaves 17 cm (642) of A4.
constexpr int kImageWidth = 620;
// Rendered at twice that for print sharpness.
constexpr int kImagePixels = 2 * kImageWidth;
// A4 in the document's units (96 per inch), as QTextDocument::print lays it out.
const QSizeF kA4(210 / 25.4 * 96, 297 / 25.4 * 96);

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
    // The window's Layers × GPUs grid, painted fitted into a picture, with its caption wrapped
    // below it in full (the grid's own caption band elides to one line).
    auto state = std::make_shared<PlanState>(
        PlanState { *image.plan, image.plan->evaluation.plan, image.plan->evaluation.plan });
    GridData data = buildLayersGrid(state);
    const QString caption = data.rows > 0 ? data.caption : QString();
    if (data.rows > 0)
        data.caption.clear();
    QFont font = QGuiApplication::font();
    font.setPixelSize(std::max(10, width / 60));
    const QFontMetricsF fm(font);
    const GridView view;
    int height = std::clamp(data.rows * 9 + 260, 420, width);
    // Rows under 10 pixels get no cell borders (paintLines): printed, a border between every layer
    // turns the block into stripes. Shrink the picture until its rows are that thin; a plan of few
    // rows keeps its tall cells (and their borders help there).
    if (data.rows > 24)
        for (int tries = 0; tries < 4; ++tries) {
            const GridFrame f = layoutGrid(data, QRectF(0, 0, width, height), fm, view);
            if (f.cells.cellHeight < 9.5)
                break;
            height -= static_cast<int>(std::ceil((f.cells.cellHeight - 9) * data.rows));
        }
    const int margin = std::max(4, width / 100);
    const QRectF captionRect = caption.isEmpty()
        ? QRectF()
        : fm.boundingRect(QRectF(margin, 0, width - 2 * margin, 1e6), Qt::TextWordWrap, caption);
    const int captionHeight = caption.isEmpty() ? 0 : static_cast<int>(std::ceil(captionRect.height())) + 2 * margin;
    QImage img(width, height + captionHeight, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(font);
    const GridFrame frame = layoutGrid(data, QRectF(0, 0, width, height), fm, view);
    paintGrid(p, data, frame, view);
    if (!caption.isEmpty()) {
        p.setPen(QColor(0x44, 0x44, 0x44));
        p.drawText(QRectF(margin, height + margin, width - 2 * margin, captionHeight), Qt::TextWordWrap, caption);
    }
    return img;
}

void keepHeadingsWithNext(QTextDocument &doc, const QSizeF &pageSize)
{
    // QTextDocument has no "keep with next": lay the document out as print() will (the page less
    // its 2 cm margins) and start a page at each heading that would end a page apart from what it
    // heads (the placement picture). One pass per moved heading, as each move shifts the rest.
    std::unique_ptr<QTextDocument> probe(doc.clone());
    QTextFrameFormat root = probe->rootFrame()->frameFormat();
    const double margin = 2 / 2.54 * 96;
    root.setMargin(0);
    root.setLeftMargin(margin);
    root.setRightMargin(margin);
    root.setTopMargin(margin);
    root.setBottomMargin(margin);
    probe->rootFrame()->setFrameFormat(root);
    probe->setPageSize(pageSize);
    const auto firstLineTop = [&](const QTextBlock &b) {
        const QRectF r = probe->documentLayout()->blockBoundingRect(b);
        const QTextLayout *l = b.layout();
        return r.top() + (l && l->lineCount() > 0 ? l->lineAt(0).y() : 0);
    };
    const auto lastLineBottom = [&](const QTextBlock &b) {
        const QRectF r = probe->documentLayout()->blockBoundingRect(b);
        const QTextLayout *l = b.layout();
        return l && l->lineCount() > 0 ? r.top() + l->lineAt(l->lineCount() - 1).rect().bottom() : r.bottom();
    };
    for (int pass = 0; pass < 32; ++pass) {
        bool moved = false;
        QTextBlock db = doc.begin();
        for (QTextBlock b = probe->begin(); b.isValid() && db.isValid(); b = b.next(), db = db.next()) {
            const QTextBlock next = b.next();
            if (b.blockFormat().headingLevel() == 0 || !next.isValid())
                continue;
            if (b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
                continue;
            const int headingPage = static_cast<int>(lastLineBottom(b) / pageSize.height());
            const int nextPage = static_cast<int>(firstLineTop(next) / pageSize.height());
            if (nextPage <= headingPage)
                continue;
            for (QTextDocument *d : { probe.get(), &doc }) {
                const QTextBlock target = d == probe.get() ? b : db;
                QTextBlockFormat f = target.blockFormat();
                f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
                QTextCursor(target).setBlockFormat(f);
            }
            moved = true;
            break;
        }
        if (!moved)
            break;
    }
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
    keepHeadingsWithNext(doc, kA4);
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
    if (QString error = renderReportPdf(&bytes, markdown, images); !error.isEmpty())
        return error;
    return saveFileAtomically(path, bytes);
}

QString writePlacementPng(const QString &path, const ReportPlacement &image)
{
    QByteArray bytes;
    if (QString error = renderPlacementPng(&bytes, image); !error.isEmpty())
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
