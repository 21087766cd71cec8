#pragma once
#include "core/evaluate/evaluation.h"

#include <QByteArray>
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
// renderer from the GUI library (widgets/export/reportpdf) before it runs a command. Each renders into
// `out` (the report writer saves the bytes, io/savefile.h) and returns an error message, empty on
// success.
struct ReportRenderer
{
    QString (*renderPdf)(QByteArray *out, const std::string &markdown, const std::vector<ReportPlacement> &images)
        = nullptr;
    QString (*renderImage)(QByteArray *out, const ReportPlacement &image) = nullptr;
};

void setReportRenderer(const ReportRenderer &renderer);
const ReportRenderer &reportRenderer();
