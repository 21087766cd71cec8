#pragma once
#include "core/evaluate/evaluation.h"
#include "core/serving/serving.h"
#include "core/text/sentence.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <utility>
#include <vector>

// Writes a plan report (or A against B) where `shardscope report` and File → Export report both
// write it. The format follows the extension: .md / .markdown (the placement picture beside it as
// <name>.placement.png), .pdf (picture embedded). Pictures and PDF need the renderer the GUI library
// installs (io/reportrender.h). `b`, when given, is plan B of an A/B comparison.

enum class ReportFormat { Markdown, Pdf, Unknown };
ReportFormat reportFormatFor(const QString &path);

// The workload of the report's "Serving (estimated)" section (each plan simulated with its GPU family's
// coefficients, then the overrides by name); none: no section.
struct ReportServing
{
    shardscope::Workload workload;
    std::vector<std::pair<std::string, double>> coefficientOverrides;
};

// The Markdown alone (for stdout): no pictures.
std::string reportMarkdown(
    const shardscope::EvaluatedPlan &a, const shardscope::EvaluatedPlan *b, const ReportServing *serving = nullptr);

// Renders the report's generated sentences in a language (ReportOptions::translate); empty: English.
using ReportTranslator = std::function<std::string(const shardscope::Sentence &)>;

// Empty on success, else the reason; `written` receives the files written.
QString writeReport(const QString &path, const shardscope::EvaluatedPlan &a, const shardscope::EvaluatedPlan *b,
    QStringList *written = nullptr, const ReportTranslator &translate = {}, const ReportServing *serving = nullptr);
