#pragma once
#include "core/explain/explainserving.h"
#include "core/serving/serving.h"
#include "widgets/document/plandocument.h"

#include <QString>

#include <initializer_list>

// The words every view uses to say which workload and batch its figures are for (issue: "no tab may
// silently assume a different batch"), and the serving figures with their explanations.
namespace workloadtext {

// "1,024 in / 128 out tokens, 64 concurrent clients" (or "… 2.5 requests/s", "… all 1,000 at once").
QString workload(const shardscope::Workload &w);

// One line naming the batch: "Workload 1,024 in / 128 out …: per engine step 64 decode + 512 prefill
// tokens (steady state, estimated)"; without a serving estimate, "At the plan's decode batch N: …".
QString batch(const PlanDocument::WorkloadBatch &b, const PlanDocument &doc);

// A serving figure with its unit and "estimated": "28.1 ms (estimated)".
QString seconds(double s);

// The explanations of these serving quantities as one rich-text tooltip: a click on the figure in
// show-your-work mode opens it there (ShowWorkClicks).
QString tooltip(const shardscope::ServingResult &r, std::initializer_list<shardscope::ServingQuantity> quantities);

// The serving warnings in the window's language (core's Sentences).
QStringList warnings(const shardscope::ServingResult &r);

} // namespace workloadtext
