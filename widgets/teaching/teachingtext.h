#pragma once
#include "core/explain/explain.h"
#include "core/explain/timeline.h"
#include "core/report/compare.h"

#include <QCoreApplication>
#include <QString>

// Translated text for the teaching views (timeline, show your work, compare). The core phrases its
// own text in English; what it generates from templates (comparison sentences, explanation titles)
// is translated here through the same templates.
namespace teaching {

QString duration(double seconds); // "3.50 µs", "0.559 ms"
QString bytes(double bytes); // "16 KiB", "1.5 MiB"
QString linkName(shardscope::LinkKind link);
QString eventTitle(const shardscope::TimelineEvent &ev); // "TP AllReduce ×20, layers 0–9"
// Caption and tooltip: title, time span, stage, what moves over which link.
QString eventHtml(const shardscope::TimelineEvent &ev);

QString explanationHtml(const shardscope::Explanation &x, bool large = false);
QString sentence(const shardscope::Sentence &s);
QString deltaLabel(const shardscope::DeltaRow &row);
QString deltaValue(shardscope::DeltaUnit unit, double v);
QString deltaChange(const shardscope::DeltaRow &row);

} // namespace teaching

// Translation context of the teaching views.
struct Teaching
{
    Q_DECLARE_TR_FUNCTIONS(Teaching)
};
