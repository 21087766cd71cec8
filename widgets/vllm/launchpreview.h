#pragma once
#include <QString>

struct PlanState;

// The launch command for the plan, from the core's exporter (docs/DESIGN.md §6). `shown` fits the
// preview: one node, its vllm serve line; several nodes, the summary and node 0's block; a plan
// vLLM cannot run, the reason and the nearest plan it can. `full` is every node's block, what Copy
// puts on the clipboard. The one place the window turns a plan into a command.
struct LaunchPreview
{
    QString shown;
    QString full;
};
LaunchPreview vllmServePreview(const PlanState &state);
