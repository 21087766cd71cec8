#pragma once
#include "core/evaluation.h"

#include <QColor>
#include <QImage>

// A still picture of the placement for reports: nodes as frames, one box per GPU coloured by its
// pipeline stage, with its TP/DP ranks, layers, heads and experts (boxes only, no text, above 64 GPUs).
// `width` in pixels; the height follows the content.
QImage renderPlacementDiagram(const shardscope::Evaluation &e, const shardscope::ModelSpec &m, int width);

// The colour of pipeline stage `stage` (Okabe–Ito palette, distinguishable with colour-blindness).
QColor diagramStageColor(int stage);
