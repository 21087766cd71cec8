#pragma once
#include <QString>

struct PlanState;

// A single-node `vllm serve` line for the plan (DESIGN.md section 6). Deliberately one small
// function: the full exporter (multi-node, Ray, DP across nodes) replaces it.
QString vllmServePreview(const PlanState &state);
