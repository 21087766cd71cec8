#pragma once
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <QCommandLineParser>

#include <string>
#include <vector>

class PresetRepository;

// What every plan-taking subcommand (plan, export, sweep, report, ...) resolves its flags into.
struct PlanInputs
{
    shardscope::Plan plan;
    shardscope::ModelSpec model;
    shardscope::GpuSpec gpu;
    // --plan FILE's "vllm_extra_args" (planio.h): vllm serve words the export passes through.
    std::vector<std::string> vllmExtraArgs;
    // --plan FILE's "model_path" (an import's "model"): the checkpoint the export serves, unless --model
    // picks another model or --model-path another path.
    std::string modelPath;
};

// Adds the plan flags (vLLM's names where they overlap) to a parser. Documented in the README.
// `notForThisCommand`: flags the command refuses (sweep chooses tp, pp, ... itself); they are parsed
// but hidden from --help.
void addPlanOptions(QCommandLineParser &parser, const QStringList &notForThisCommand = {});

// Reads the flags (and --plan FILE, whose values the flags override). Throws shardscope::InputError
// with a one-line message on a bad value, a missing --model/--gpu, or an unknown preset.
// `fallbackModel`: a model id or path to use when neither --model nor --plan names one (reconcile
// takes it from the log).
// `listFlags` (sweep's SLA search): --gpu may list several ids (the first is resolved here) and
// --max-num-seqs / --max-num-batched-tokens are candidate lists the caller reads itself.
PlanInputs planFromOptions(const QCommandLineParser &parser, const PresetRepository &repo,
    const QString &fallbackModel = {}, bool listFlags = false);

// Every plan flag's name (without "--") and whether it takes a value, in --help order
// (report offers each again as --compare-<name> for plan B).
std::vector<std::pair<QString, bool>> planOptionNames();

// The plan fields (JSON names, planio.cpp) the user set with flags, for reconcile to keep over the log.
std::vector<std::string> givenPlanFields(const QCommandLineParser &parser);
