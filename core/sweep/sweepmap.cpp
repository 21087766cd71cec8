#include "core/sweep/sweepmap.h"

#include <algorithm>
#include <set>

namespace shardscope {

namespace {

CellState stateOf(const SweepPlan &p)
{
    if (p.meetsConstraints)
        return CellState::Ranked;
    if (p.fits)
        return CellState::Excluded;
    return p.valid ? CellState::DoesNotFit : CellState::Impossible;
}

int indexOf(const std::vector<int> &v, int x)
{
    return static_cast<int>(std::lower_bound(v.begin(), v.end(), x) - v.begin());
}

} // namespace

SweepMap sweepMap(const SweepResult &r, MapAxes axes, SweepObjective objective)
{
    SweepMap map;
    map.axes = axes;
    const bool tpPp = axes == MapAxes::TpPp;
    map.rowName = tpPp ? "pp" : "dp";
    map.columnName = tpPp ? "tp" : "ep";
    const auto rowOf = [&](const SweepPlan &p) { return tpPp ? p.pp : p.dp; };
    const auto columnOf = [&](const SweepPlan &p) { return tpPp ? p.tp : p.ep; };
    std::set<int> rows, columns;
    for (const SweepPlan &p : r.plans) {
        rows.insert(rowOf(p));
        columns.insert(columnOf(p));
    }
    map.rows.assign(rows.begin(), rows.end());
    map.columns.assign(columns.begin(), columns.end());
    map.cells.resize(map.rows.size() * map.columns.size());
    for (size_t i = 0; i < map.cells.size(); ++i) {
        map.cells[i].row = static_cast<int>(i / std::max<size_t>(1, map.columns.size()));
        map.cells[i].column = static_cast<int>(i % std::max<size_t>(1, map.columns.size()));
    }
    bool anyRanked = false;
    for (size_t i = 0; i < r.plans.size(); ++i) {
        const SweepPlan &p = r.plans[i];
        MapCell &c = map.cells[static_cast<size_t>(indexOf(map.rows, rowOf(p))) * map.columns.size()
            + static_cast<size_t>(indexOf(map.columns, columnOf(p)))];
        ++c.planCount;
        if (c.plan >= 0)
            continue; // plans are sorted: the first one met is the cell's best
        c.plan = static_cast<int>(i);
        c.state = stateOf(p);
        c.figure = objectiveFigure(p, objective);
        if (c.state == CellState::Ranked) {
            map.minFigure = anyRanked ? std::min(map.minFigure, c.figure) : c.figure;
            map.maxFigure = anyRanked ? std::max(map.maxFigure, c.figure) : c.figure;
            anyRanked = true;
        }
    }
    return map;
}

} // namespace shardscope
