#pragma once
#include "core/model/plan.h"
#include "core/serving/serving.h"

#include <QString>

#include <optional>
#include <string>

class PlanDocument;

// A saved plan (*.shardscope.json), the same format `shardscope plan --plan FILE` reads: the envelope
// is core's (planFileFromJsonText / planFileToJsonText in core/model/planio.h); this adds the document's
// catalog, whose user models and GPUs a saved file embeds.
namespace planfile {

// The file's JSON text for the document's current plan (embedding a user model or GPU) and workload.
std::string toJsonText(const PlanDocument &doc);

// Reads a plan file's text. A user model or GPU embedded in it is added to the document's catalog;
// the plan itself is returned, not applied. Throws shardscope::InputError with a one-line message
// (malformed JSON, no "plan", a newer schema, an unknown model or GPU); the current plan is untouched.
// `workload`, when given, receives the file's workload (the default for a file without one).
shardscope::Plan fromJsonText(PlanDocument &doc, const std::string &text, shardscope::Workload *workload = nullptr);

// File versions of the above. save() writes atomically (io/savefile.h); both return an error message
// or nothing on success.
std::optional<QString> save(const PlanDocument &doc, const QString &path);
std::optional<QString> load(
    PlanDocument &doc, const QString &path, shardscope::Plan &out, shardscope::Workload *workload = nullptr);

// Reads a Hugging Face config.json (or a model preset file) into the catalog; returns the model id.
std::optional<QString> loadModelConfig(PlanDocument &doc, const QString &path, std::string &modelId);

} // namespace planfile
