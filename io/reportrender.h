#pragma once
#include "core/evaluate/evaluation.h"

#include <QString>

#include <string>
#include <vector>

// A placement picture a report shows: `name` is how the Markdown refers to it.
struct ReportPlacement
{
    std::string name;
    const shardscope::EvaluatedPlan *plan = nullptr;
};

// What needs Qt GUI (painting, PDF): io/ is Qt Core only, so the executable installs the
// renderer from the GUI library (widgets/export/reportpdf) before it runs a command. Each returns an
// error message, empty on success.
struct ReportRenderer
{
    QString (*writePdf)(const QString &path, const std::string &markdown, const std::vector<ReportPlacement> &images)
        = nullptr;
    QString (*writeImage)(const QString &path, const ReportPlacement &image) = nullptr;
};

void setReportRenderer(const ReportRenderer &renderer);
const ReportRenderer &reportRenderer();
