#pragma once
#include "core/explain/explain.h"
#include "core/explain/timeline.h"
#include "core/report/compare.h"

#include <QCoreApplication>
#include <QString>

// Translated text for the teaching views (timeline, show your work, compare). The core phrases its
// own text in English; what it generates from templates (comparison sentences, explanation titles)
// is translated here through the same templates. Bytes, durations, link names and explanations are
// written by widgets/common/textformat, as everywhere in the window.
namespace teaching {

QString eventTitle(const shardscope::TimelineEvent &ev); // "TP AllReduce ×20, layers 0–9"
// Caption and tooltip: title, time span, stage, what moves over which link.
QString eventHtml(const shardscope::TimelineEvent &ev);

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
