#pragma once
#include "core/serving/serving.h"

#include <QCommandLineParser>

// The workload flags of `shardscope plan` (vllm bench serve's names) and the step-model overrides.
// Documented in the README ("Serving").
void addServingOptions(QCommandLineParser &parser);

struct ServingInputs
{
    shardscope::Workload workload;
    std::vector<std::pair<std::string, double>> coefficientOverrides; // --serving-coefficient NAME=VALUE
};

// Throws shardscope::InputError with a one-line message on a bad value (checkWorkload's limits).
ServingInputs servingFromOptions(const QCommandLineParser &parser);
