#pragma once
#include "core/sweep/sweep.h"

#include <QColor>
#include <QString>

// What the Explore view's charts share: figure formatting, the plan tooltip and the colours.
namespace sweepstyle {

// "Requests per GPU", ... (the objective as an axis or legend title)
QString objectiveTitle(shardscope::SweepObjective o);
// "requests per GPU", ... (the unit after a figure)
QString objectiveUnit(shardscope::SweepObjective o);
// The objective's figure as a cell label: "4.63", ...
QString formatFigure(double figure, shardscope::SweepObjective o);
// "tp 8 · pp 2 · dp 1 · ep 16" and the plan's figures, reasons and flags, one per line (rich text).
QString planToolTip(const shardscope::SweepPlan &p);

// Viridis (perceptually uniform, readable with colour-vision deficiencies), t in [0, 1] from worst
// to best.
QColor sequential(double t);
QColor excluded(); // fits, misses a constraint
QColor doesNotFit();
QColor impossible();
QColor paretoFront();
QColor disaggregatedFront(); // the P/D front beside paretoFront (the aggregated one)
QColor feasible();

} // namespace sweepstyle
