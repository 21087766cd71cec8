#pragma once
#include "cli/planoptions.h"
#include "core/launch/launchexport.h"

#include <QCommandLineParser>

class PresetRepository;

// Disaggregated prefill/decode flags of `shardscope plan` and `shardscope export` (issue #18 §2,
// README "Disaggregated prefill/decode"): --serving-mode, --prefill-* / --decode-* pool sizes, GPU,
// instances and batch settings, --kv-transfer-link, --kv-connector.
void addDisaggOptions(QCommandLineParser &parser);

// Applies the flags to in.plan (after planFromOptions). With --serving-mode disaggregated, pools not
// described by the plan file start from the plan's tp/pp/dp/ep. Throws InputError on a bad value, and
// when a pool flag is given for an aggregated plan.
void applyDisaggOptions(const QCommandLineParser &parser, PlanInputs &in);

// A disaggregated plan's two pools, evaluated, with their GPU specs (a pool's --prefill-gpu /
// --decode-gpu resolved through the presets; the plan's GPU otherwise).
struct DisaggInputs
{
    PlanInputs prefill;
    PlanInputs decode;
};
DisaggInputs disaggInputs(const PlanInputs &in, const PresetRepository &repo);

// `shardscope plan` / `shardscope export` for a disaggregated plan; return the exit code.
int runDisaggPlan(
    const PlanInputs &in, const PresetRepository &repo, const QCommandLineParser &parser, const QString &format);
int runDisaggExport(const PlanInputs &in, const PresetRepository &repo, const shardscope::ExportOptions &options,
    const QString &format);
