#pragma once
#include "core/evaluate/evaluation.h"
#include "core/model/calibrationprofile.h"
#include "core/text/sentence.h"
#include "core/vllmlog/vllmlogparser.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace shardscope {

// The plan a log describes: `base` (the user's flags: model, GPU, ...) with every setting the log
// printed (version, tp/pp/dp/dcp, utilization, max_model_len, block size, KV dtype, eager, batch
// limits, total memory) unless the user gave that setting explicitly. `given` lists the plan fields
// the user set, by their JSON names (planio.cpp: "tp", "gpu_memory_utilization", "vllm_version", ...).
// `applied` receives the fields taken from the log.
Plan planFromLog(const Plan &base, const ParsedVllmLog &log, const std::vector<std::string> &given,
    std::vector<std::string> *applied = nullptr);

// The id of the model in `models` whose Hugging Face repository (or id) has the same last path
// component as the model the log loaded ("/path/to/Qwen3-235B-A22B-FP8" matches "Qwen/Qwen3-235B-A22B-FP8"),
// case-insensitively; "" when none does or the log names no model.
std::string modelIdForLog(const ParsedVllmLog &log, const std::vector<ModelSpec> &models);

// One compared number. unit: "bytes", "tokens", "blocks" or "x".
struct ReconcileRow
{
    std::string key;
    std::string unit;
    std::optional<double> predicted;
    std::optional<double> observed;
    std::string basis; // of the prediction: formula / estimated / calibrated
    Sentence labelText; // the label, translatable (context "Reconcile")
    std::string label() const { return labelText.text(); } // in English
    std::optional<double> difference() const; // observed - predicted
    std::optional<double> differencePercent() const; // relative to observed
};

struct ReconcileResult
{
    std::vector<ReconcileRow> rows;
    std::string explainingTerm; // key of the term that explains most of the KV difference; "" when none
    // The explanation (one sentence for the user) and the notes, translatable (context "Reconcile").
    Sentence explanationText;
    std::vector<Sentence> noteTexts;
    std::string explanation() const { return explanationText.text(); } // in English
    std::vector<std::string> notes() const;
};

// Predicted (the evaluation of planFromLog's plan) against observed, term by term, and which term
// explains the difference in available KV memory (docs/DESIGN.md §B.1's formula:
// each term's error moves the KV budget by the same bytes, opposite sign).
ReconcileResult reconcile(const EvaluatedPlan &p, const ParsedVllmLog &log);

// Fits the overhead terms so that the plan reproduces the log's available KV memory: measured terms
// (activation, non-torch, CUDA graph) are taken as printed; when the log prints only the available KV,
// the rest of the budget is assigned to peak activation (as a factor on the model). `e` must be
// evaluated without a calibration. Returns nothing, with `error` set (when given), when the log
// lacks the numbers.
std::optional<CalibrationProfile> calibrateFromLog(
    const Evaluation &e, const ParsedVllmLog &log, const std::string &name, const std::string &source, Sentence *error);

// `shardscope reconcile` JSON (schema "shardscope.reconcile/1").
nlohmann::json parsedLogToJson(const ParsedVllmLog &log);
nlohmann::json reconcileToJson(const ReconcileResult &r);

} // namespace shardscope
