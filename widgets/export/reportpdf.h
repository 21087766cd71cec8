#pragma once
#include "io/reportrender.h"

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

class QImage;
class QSizeF;
class QTextDocument;

// The placement picture of a report: the window's Layers × GPUs grid, `width` pixels wide.
QImage renderPlacementImage(const ReportPlacement &image, int width);

// The report as a QTextDocument: the Markdown (GitHub dialect, tables) with the placement pictures
// registered as image resources under their names, and tables given visible rules.
void buildReportDocument(QTextDocument &doc, const std::string &markdown, const std::vector<ReportPlacement> &images);

// Starts a new page at each heading that would otherwise end a page apart from the block it heads
// (QTextDocument has no "keep with next"), laid out on pages of `pageSize` less print()'s 2 cm margins.
void keepHeadingsWithNext(QTextDocument &doc, const QSizeF &pageSize);

// A4 PDF of the report (paginated by QTextDocument, page numbers at the foot) and the placement
// picture as PNG, into `out`. Empty on success, else the error. Need a QGuiApplication.
QString renderReportPdf(QByteArray *out, const std::string &markdown, const std::vector<ReportPlacement> &images);
QString renderPlacementPng(QByteArray *out, const ReportPlacement &image);
// The same saved to `path` (io/savefile.h).
QString writeReportPdf(const QString &path, const std::string &markdown, const std::vector<ReportPlacement> &images);
QString writePlacementPng(const QString &path, const ReportPlacement &image);

// Lets `shardscope report` write PDFs and pictures (app/ itself links only Qt Core).
void installReportRenderer();
