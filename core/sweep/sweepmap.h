#pragma once
#include "core/sweep/sweep.h"

#include <string>
#include <vector>

namespace shardscope {

// A feasibility map of a sweep over two of its sizes (tp x pp, or dp x ep for MoE): one cell per
// pair, standing for the best plan with that pair.
enum class MapAxes { TpPp, DpEp };

enum class CellState {
    Empty, // no combination has this pair
    Impossible, // only combinations vLLM refuses (listed with SweepOptions::includeInvalid)
    DoesNotFit, // placed, but no plan fits
    Excluded, // a plan fits but misses a constraint
    Ranked, // at least one plan meets every constraint
};

struct MapCell
{
    int row = 0; // index into SweepMap::rows
    int column = 0; // index into SweepMap::columns
    int plan = -1; // index into SweepResult::plans of the cell's best plan; -1 when Empty
    int planCount = 0;
    CellState state = CellState::Empty;
    double figure = 0; // the objective's figure of that plan (meaningful when Ranked or Excluded)
};

struct SweepMap
{
    MapAxes axes = MapAxes::TpPp;
    std::string rowName, columnName; // "pp" and "tp", or "dp" and "ep"
    std::vector<int> rows, columns; // the values present, ascending
    std::vector<MapCell> cells; // rows.size() x columns.size(), row-major
    double minFigure = 0, maxFigure = 0; // over Ranked cells (the colour scale)
    const MapCell &at(int row, int column) const { return cells[static_cast<size_t>(row) * columns.size() + column]; }
};

// `r` must be ranked by `objective` (rankPlans). The best plan of a cell is the first of its plans
// in the result's order: the best-ranked one,
// else a near miss, else one that does not fit, else an impossible one (rankPlans' order).
SweepMap sweepMap(const SweepResult &r, MapAxes axes, SweepObjective objective);

} // namespace shardscope
