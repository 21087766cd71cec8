#include "io/reportwriter.h"

#include "core/report/markdownreport.h"
#include "io/reportrender.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

using namespace shardscope;

namespace {

ReportRenderer &renderer()
{
    static ReportRenderer r;
    return r;
}

QString writeText(const QString &path, const std::string &text)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return f.errorString();
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit())
        return f.errorString();
    return {};
}

ReportOptions optionsFor(const EvaluatedPlan &s, const ReportTranslator &translate = {})
{
    ReportOptions o;
    o.translate = translate;
    o.generator = "ShardScope " SHARDSCOPE_VERSION;
    addLaunchCommand(o, s.evaluation, s.model);
    return o;
}

std::string markdownFor(
    const EvaluatedPlan &a, const ReportOptions &oa, const EvaluatedPlan *b, const ReportOptions &ob)
{
    return b ? markdownComparisonReport(a, oa, *b, ob) : markdownReport(a, oa);
}

} // namespace

void setReportRenderer(const ReportRenderer &r)
{
    renderer() = r;
}

const ReportRenderer &reportRenderer()
{
    return renderer();
}

ReportFormat reportFormatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return ReportFormat::Pdf;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return ReportFormat::Markdown;
    return ReportFormat::Unknown;
}

std::string reportMarkdown(const EvaluatedPlan &a, const EvaluatedPlan *b)
{
    return markdownFor(a, optionsFor(a), b, b ? optionsFor(*b) : ReportOptions {});
}

QString writeReport(const QString &path, const EvaluatedPlan &a, const EvaluatedPlan *b, QStringList *written,
    const ReportTranslator &translate)
{
    const ReportFormat format = reportFormatFor(path);
    const ReportRenderer &render = reportRenderer();
    if (format == ReportFormat::Unknown)
        return QCoreApplication::translate("Report", "expected a .md or .pdf file name");
    if (format == ReportFormat::Pdf && !render.writePdf)
        return QCoreApplication::translate(
            "Report", "PDF output needs the GUI libraries; write Markdown (.md) instead");
    ReportOptions oa = optionsFor(a, translate);
    ReportOptions ob = b ? optionsFor(*b, translate) : ReportOptions {};
    // Pictures: embedded in a PDF under a resource name, written beside a Markdown file.
    const QFileInfo out(path);
    std::vector<ReportPlacement> images;
    auto addImage = [&](ReportOptions &o, const EvaluatedPlan &s, const QString &tag) {
        if (format == ReportFormat::Markdown && !render.writeImage)
            return;
        const QString name = format == ReportFormat::Pdf
            ? QStringLiteral("placement%1.png").arg(tag)
            : out.completeBaseName() + QStringLiteral(".placement%1.png").arg(tag);
        o.placementImage = name.toStdString();
        images.push_back({ o.placementImage, &s });
    };
    addImage(oa, a, b ? QStringLiteral("-a") : QString());
    if (b)
        addImage(ob, *b, QStringLiteral("-b"));
    const std::string markdown = markdownFor(a, oa, b, ob);
    if (format == ReportFormat::Pdf) {
        QString error = render.writePdf(path, markdown, images);
        if (error.isEmpty() && written)
            *written << path;
        return error;
    }
    if (QString error = writeText(path, markdown); !error.isEmpty())
        return error;
    if (written)
        *written << path;
    for (const ReportPlacement &img : images) {
        const QString name = QString::fromStdString(img.name);
        const QString file = out.path() == QLatin1String(".") ? name : out.dir().filePath(name);
        if (QString error = render.writeImage(file, img); !error.isEmpty())
            return error;
        if (written)
            *written << file;
    }
    return {};
}
