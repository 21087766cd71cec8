#include "core/sweep.h"

#include "core/validation.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace shardscope {

const char *sweepObjectiveName(SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency: return "concurrency";
    }
    return "concurrency";
}

double objectiveFigure(const SweepPlan &p, SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency: return p.concurrencyPerGpu();
    }
    return 0;
}

bool higherIsBetter(SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency: return true;
    }
    return true;
}

int SweepResult::skippedCount() const
{
    int n = 0;
    for (const SkippedCombos &s : skipped)
        n += s.count;
    return n;
}

std::vector<ParallelSizes> enumerateSizes(int gpus, bool upTo, bool moe, EpSizes epSizes)
{
    std::vector<ParallelSizes> out;
    for (int n = upTo ? 1 : gpus; n <= gpus; ++n) {
        if (n < 1)
            continue;
        for (int tp : divisorsOf(n))
            for (int pp : divisorsOf(n / tp)) {
                const int dp = n / tp / pp;
                if (!moe) {
                    out.push_back({tp, pp, dp, 1});
                    continue;
                }
                const int group = tp * dp; // the MoE group of one stage
                if (epSizes == EpSizes::AllDivisors) {
                    for (int ep : divisorsOf(group))
                        out.push_back({tp, pp, dp, ep});
                } else {
                    out.push_back({tp, pp, dp, 1});
                    if (group > 1)
                        out.push_back({tp, pp, dp, group});
                }
            }
    }
    return out;
}

namespace {

bool hasCode(const std::vector<PlanIssue> &issues, const char *code)
{
    return std::any_of(issues.begin(), issues.end(), [&](const PlanIssue &i) { return i.code == code; });
}

SweepPlan summarise(const Evaluation &e, const ParallelSizes &s)
{
    SweepPlan p;
    p.tp = s.tp;
    p.pp = s.pp;
    p.dp = s.dp;
    p.ep = e.plan.ep;
    p.gpus = s.tp * s.pp * s.dp;
    p.nodes = e.nodes;
    p.moeTp = e.moeTp;
    p.valid = e.valid;
    p.fits = e.fits;
    p.crossesNode = hasCode(e.issues, "tp_crosses_node");
    p.outsideScaleupDomain = hasCode(e.issues, "tp_outside_domain");
    for (const PlanIssue &i : e.issues)
        if (i.severity == Severity::Error)
            p.reasons.push_back(i);
    p.maxWeightsBytesPerGpu = e.maxWeightsBytesPerGpu;
    p.kvBytesPerTokenPerGpu = e.kv.bytesPerTokenPerGpu;
    p.capacityTokens = e.kv.capacityTokens;
    p.maxConcurrency = e.kv.maxConcurrency;
    p.clusterMaxConcurrency = e.kv.clusterMaxConcurrency;
    return p;
}

void applyConstraints(SweepPlan &p, const SweepOptions &o)
{
    p.meetsConstraints = p.fits;
    if (!p.fits)
        return;
    if (o.minConcurrency > 0 && p.clusterMaxConcurrency < o.minConcurrency) {
        p.meetsConstraints = false;
        p.reasons.push_back({Severity::Error, "min_concurrency",
                             "holds " + std::to_string(p.clusterMaxConcurrency) + " concurrent requests, below --min-concurrency "
                                 + std::to_string(o.minConcurrency)});
    }
}

Plan withSizes(const Plan &base, int tp, int pp, int dp, int ep)
{
    Plan plan = base;
    plan.tp = tp;
    plan.pp = pp;
    plan.dp = dp;
    plan.ep = ep;
    plan.ppPartition.clear();
    plan.redundantExperts = ep > 1 ? base.redundantExperts : 0; // EPLB needs EP
    return plan;
}

void countSkipped(std::vector<SkippedCombos> &skipped, const Evaluation &e)
{
    const PlanIssue *why = e.firstError();
    const std::string code = why ? why->code : "invalid";
    for (SkippedCombos &s : skipped)
        if (s.code == code) {
            ++s.count;
            return;
        }
    skipped.push_back({code, why ? why->message : "invalid plan", 1});
}

// Larger is better for every objective.
double objectiveValue(const SweepPlan &p, SweepObjective o)
{
    const double v = objectiveFigure(p, o);
    return higherIsBetter(o) ? v : -v;
}

} // namespace

bool dominates(const ParetoPoint &a, const ParetoPoint &b)
{
    return a.cost <= b.cost && a.value >= b.value && (a.cost < b.cost || a.value > b.value);
}

// Sorted by cost, then value descending: within a run of equal cost only the run's best value can
// be on the front, and only when it beats every value seen at a strictly lower cost.
std::vector<bool> paretoFront(const std::vector<ParetoPoint> &points)
{
    std::vector<bool> front(points.size(), false);
    std::vector<size_t> order;
    order.reserve(points.size());
    for (size_t i = 0; i < points.size(); ++i)
        if (!std::isnan(points[i].cost) && !std::isnan(points[i].value))
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (points[a].cost != points[b].cost)
            return points[a].cost < points[b].cost;
        return points[a].value > points[b].value;
    });
    bool any = false;
    double bestValue = 0; // the highest value at any lower cost
    for (size_t i = 0; i < order.size();) {
        const double cost = points[order[i]].cost;
        const double runBest = points[order[i]].value;
        size_t j = i;
        for (; j < order.size() && points[order[j]].cost == cost; ++j)
            if (points[order[j]].value == runBest && (!any || runBest > bestValue))
                front[order[j]] = true;
        if (!any || runBest > bestValue)
            bestValue = runBest;
        any = true;
        i = j;
    }
    return front;
}

void rankPlans(std::vector<SweepPlan> &plans, SweepObjective objective)
{
    // Ranked plans first, best first; then the near misses (fit, miss a constraint), the plans that
    // do not fit and the impossible ones, each group in enumeration order (stable sort).
    const auto group = [](const SweepPlan &p) { return p.meetsConstraints ? 0 : p.fits ? 1 : p.valid ? 2 : 3; };
    const auto tieKey = [](const SweepPlan &p) { return std::tuple(p.gpus, p.crossesNode, p.tp, p.pp, p.ep); };
    std::stable_sort(plans.begin(), plans.end(), [&](const SweepPlan &a, const SweepPlan &b) {
        if (group(a) != group(b))
            return group(a) < group(b);
        if (!a.meetsConstraints)
            return false;
        const double va = objectiveValue(a, objective), vb = objectiveValue(b, objective);
        if (va != vb)
            return va > vb;
        return tieKey(a) < tieKey(b);
    });
    int rank = 0;
    for (SweepPlan &p : plans)
        p.rank = p.meetsConstraints ? ++rank : 0;
}

Plan planFor(const SweepResult &result, const SweepPlan &plan)
{
    return withSizes(result.base, plan.tp, plan.pp, plan.dp, plan.ep);
}

SweepResult sweep(const Plan &base, const ModelSpec &model, const GpuSpec &gpu, const SweepOptions &options)
{
    SweepResult result;
    result.options = options;
    result.base = base;
    result.base.ppPartition.clear();
    Plan plan = result.base;
    const std::vector<ParallelSizes> sizes = enumerateSizes(options.gpus, options.upTo, model.isMoe(), options.epSizes);
    result.combinations = static_cast<int>(sizes.size());
    result.plans.reserve(sizes.size());
    bool haveBase = false;
    for (const ParallelSizes &s : sizes) {
        plan = withSizes(result.base, s.tp, s.pp, s.dp, s.ep);
        const Evaluation e = evaluate(plan, model, gpu);
        if (!haveBase) {
            result.resolved = e.plan;
            haveBase = true;
        }
        if (!e.valid) {
            countSkipped(result.skipped, e);
            if (!options.includeInvalid)
                continue;
        }
        SweepPlan p = summarise(e, s);
        applyConstraints(p, options);
        result.plans.push_back(std::move(p));
    }
    if (!haveBase)
        result.resolved = plan;
    rankPlans(result.plans, options.objective);
    return result;
}

} // namespace shardscope
