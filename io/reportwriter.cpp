#include "io/reportwriter.h"

#include "core/report/markdownreport.h"
#include "io/reportrender.h"
#include "io/savefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace shardscope;

namespace {

ReportRenderer &renderer()
{
    static ReportRenderer r;
    return r;
}

ReportOptions optionsFor(
    const EvaluatedPlan &s, const ReportTranslator &translate = {}, const ReportServing *serving = nullptr)
{
    ReportOptions o;
    if (serving && s.evaluation.valid) {
        ServingCoefficients coef = servingCoefficients(s.gpu);
        for (const auto &[name, value] : serving->coefficientOverrides)
            coef.set(name, value);
        o.serving = simulateServing(s, serving->workload, coef);
    }
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

std::string reportMarkdown(const EvaluatedPlan &a, const EvaluatedPlan *b, const ReportServing *serving)
{
    return markdownFor(a, optionsFor(a, {}, serving), b, b ? optionsFor(*b, {}, serving) : ReportOptions {});
}

QString writeReport(const QString &path, const EvaluatedPlan &a, const EvaluatedPlan *b, QStringList *written,
    const ReportTranslator &translate, const ReportServing *serving)
{
    const ReportFormat format = reportFormatFor(path);
    const ReportRenderer &render = reportRenderer();
    if (format == ReportFormat::Unknown)
        return QCoreApplication::translate("Report", "expected a .md or .pdf file name");
    if (format == ReportFormat::Pdf && !render.renderPdf)
        return QCoreApplication::translate(
            "Report", "PDF output needs the GUI libraries; write Markdown (.md) instead");
    ReportOptions oa = optionsFor(a, translate, serving);
    ReportOptions ob = b ? optionsFor(*b, translate, serving) : ReportOptions {};
    // Pictures: embedded in a PDF under a resource name, written beside a Markdown file.
    const QFileInfo out(path);
    std::vector<ReportPlacement> images;
    auto addImage = [&](ReportOptions &o, const EvaluatedPlan &s, const QString &tag) {
        if (format == ReportFormat::Markdown && !render.renderImage)
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
    // Every part is rendered first and the files are committed together (io/savefile.h): a picture
    // that cannot be written leaves the old report in place, not a new report without its picture.
    std::vector<OutputFile> files;
    if (format == ReportFormat::Pdf) {
        files.push_back({ path, {} });
        if (QString error = render.renderPdf(&files.back().data, markdown, images); !error.isEmpty())
            return error;
    } else {
        files.push_back({ path, QByteArray::fromStdString(markdown) });
        for (const ReportPlacement &img : images) {
            const QString name = QString::fromStdString(img.name);
            files.push_back({ out.path() == QLatin1String(".") ? name : out.dir().filePath(name), {} });
            if (QString error = render.renderImage(&files.back().data, img); !error.isEmpty())
                return error;
        }
    }
    QString failed;
    if (QString error = saveFilesAtomically(files, &failed); !error.isEmpty())
        return failed == path ? error : failed + QStringLiteral(": ") + error;
    if (written)
        for (const OutputFile &f : files)
            *written << f.path;
    return {};
}
