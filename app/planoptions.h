#pragma once
#include "core/gpuspec.h"
#include "core/modelspec.h"
#include "core/plan.h"

#include <QCommandLineParser>

class PresetRepository;

// What every plan-taking subcommand (plan, export, sweep, report, ...) resolves its flags into.
struct PlanInputs
{
    shardscope::Plan plan;
    shardscope::ModelSpec model;
    shardscope::GpuSpec gpu;
};

// Adds the plan flags (vLLM's names where they overlap) to a parser. Documented in the README.
void addPlanOptions(QCommandLineParser &parser);

// Reads the flags (and --plan FILE, whose values the flags override). Throws shardscope::InputError
// with a one-line message on a bad value, a missing --model/--gpu, or an unknown preset.
PlanInputs planFromOptions(const QCommandLineParser &parser, const PresetRepository &repo);
