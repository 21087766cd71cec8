#include "core/sweep/sweep.h"

#include "core/evaluate/planrules.h"
#include "core/evaluate/validation.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <tuple>

namespace shardscope {

const char *sweepObjectiveName(SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency:
        return "concurrency";
    case SweepObjective::Tpot:
        return "tpot";
    case SweepObjective::Throughput:
        return "throughput";
    }
    return "concurrency";
}

double objectiveFigure(const SweepPlan &p, SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency:
        return p.concurrencyPerGpu();
    case SweepObjective::Tpot:
        return p.tpotSec;
    case SweepObjective::Throughput:
        return p.tokensPerSecPerGpu;
    }
    return 0;
}

bool higherIsBetter(SweepObjective o)
{
    return o != SweepObjective::Tpot;
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
                    out.push_back({ tp, pp, dp, 1 });
                    continue;
                }
                const int group = tp * dp; // the MoE group of one stage
                if (epSizes == EpSizes::AllDivisors) {
                    for (int ep : divisorsOf(group))
                        out.push_back({ tp, pp, dp, ep });
                } else {
                    out.push_back({ tp, pp, dp, 1 });
                    if (group > 1)
                        out.push_back({ tp, pp, dp, group });
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
    if (!e.valid)
        return p;
    p.microbatches = e.time.microbatches;
    p.batch = e.plan.batch;
    p.context = e.plan.promptLen;
    p.tpotSec = e.time.tpotSec;
    p.tokensPerSecPerGpu = e.time.tokensPerSecPerGpu;
    p.ttftSec = e.time.ttftSec;
    p.commSecPerStep = e.comm.totalTimeSec;
    for (const LinkTotal &l : e.comm.links)
        p.commBytesPerGpuPerStep += l.bytesPerGpu;
    p.tpLink = e.comm.tp.link;
    return p;
}

// What evaluate() returns for the same plan at another decode batch and context: memory, placement
// and issues do not depend on them, so only the two ledgers and the time estimate are redone, with
// the calls evaluate() makes (tst_sweep checks the figures against evaluate()).
void retime(Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, std::int64_t batch, std::int64_t context)
{
    e.plan.batch = batch;
    e.plan.promptLen = context;
    CommLedger decode = computeComm(e, m, gpu, Phase::Decode, batch);
    const CommLedger prefill = computeComm(e, m, gpu, Phase::Prefill, context);
    e.time = estimateTime(e, m, gpu, decode, prefill);
    e.comm = std::move(decode);
}

// The largest batch per micro-batch that fits: a replica holds min(KV concurrency, max_num_seqs)
// sequences of max_model_len, shared by its micro-batches in flight.
std::int64_t largestBatch(const Evaluation &e)
{
    const std::int64_t room = std::min(e.kv.maxConcurrency, e.plan.maxNumSeqs);
    return std::max<std::int64_t>(1, room / std::max(1, e.plan.microbatches));
}

void applyConstraints(SweepPlan &p, const SweepOptions &o, std::int64_t maxNumSeqs)
{
    p.meetsConstraints = p.fits;
    if (!p.fits)
        return;
    const auto miss = [&](const char *code, Sentence text) {
        p.meetsConstraints = false;
        p.reasons.push_back({ Severity::Error, code, std::move(text) });
    };
    const auto say
        = [](const char *templ, std::vector<Sentence> args) { return phrase("Sweep", templ, std::move(args)); };
    if (o.minConcurrency > 0 && p.clusterMaxConcurrency < o.minConcurrency)
        miss("min_concurrency",
            say(QT_TRANSLATE_NOOP("Sweep", "holds %1 concurrent requests, below --min-concurrency %2"),
                { value(std::to_string(p.clusterMaxConcurrency)), value(std::to_string(o.minConcurrency)) }));
    const std::int64_t inFlight = p.batch * p.microbatches;
    const std::int64_t room = std::min(p.maxConcurrency, maxNumSeqs);
    if (o.batch > 0 && inFlight > room)
        miss("batch_exceeds_capacity",
            say(room == maxNumSeqs
                    ? QT_TRANSLATE_NOOP(
                        "Sweep", "%1 x %2 sequences in flight per replica, but it holds %3 (max_num_seqs)")
                    : QT_TRANSLATE_NOOP(
                        "Sweep", "%1 x %2 sequences in flight per replica, but it holds %3 requests of max_model_len"),
                { value(std::to_string(p.microbatches)), value(std::to_string(p.batch)),
                    value(std::to_string(room)) }));
    if (o.maxTpotSec > 0 && p.tpotSec > o.maxTpotSec) {
        char tpot[64], limit[64];
        std::snprintf(tpot, sizeof tpot, "%.2f", p.tpotSec * 1e3);
        std::snprintf(limit, sizeof limit, "%.2f", o.maxTpotSec * 1e3);
        miss("max_tpot",
            say(QT_TRANSLATE_NOOP("Sweep", "TPOT %1 ms is above --max-tpot-ms %2"),
                { value(std::string(tpot)), value(std::string(limit)) }));
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

void countSkipped(std::vector<SkippedCombos> &skipped, const PlanIssue &why)
{
    for (SkippedCombos &s : skipped)
        if (s.code == why.code) {
            ++s.count;
            return;
        }
    skipped.push_back({ why.code, why.message(), 1 });
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
    // Ties on the objective go to the other two figures (in the order concurrency, throughput, TPOT),
    // then to fewer GPUs, TP inside a node, smaller tp, pp, ep.
    std::vector<SweepObjective> keys = { objective };
    for (SweepObjective o : { SweepObjective::Concurrency, SweepObjective::Throughput, SweepObjective::Tpot })
        if (o != objective)
            keys.push_back(o);
    const auto tieKey = [](const SweepPlan &p) { return std::tuple(p.gpus, p.crossesNode, p.tp, p.pp, p.ep); };
    std::stable_sort(plans.begin(), plans.end(), [&](const SweepPlan &a, const SweepPlan &b) {
        if (group(a) != group(b))
            return group(a) < group(b);
        if (!a.meetsConstraints)
            return false;
        for (SweepObjective key : keys) {
            const double va = objectiveValue(a, key), vb = objectiveValue(b, key);
            if (va != vb)
                return va > vb;
        }
        return tieKey(a) < tieKey(b);
    });
    // No ranked plan above one that dominates it on (TPOT, tokens/s per GPU) (window review item 7:
    // TP 1 x PP 16 ranked above DP 16 x EP 16, which is better on both): a topological order of
    // "dominates" among the ranked plans, the objective order above choosing among the plans no
    // remaining plan dominates (Kahn's algorithm; dominance is a strict partial order).
    const std::size_t m = static_cast<std::size_t>(std::find_if(plans.begin(), plans.end(), [](const SweepPlan &p) {
        return !p.meetsConstraints;
    }) - plans.begin());
    const auto point = [](const SweepPlan &p) { return ParetoPoint { p.tpotSec, p.tokensPerSecPerGpu }; };
    std::vector<int> dominators(m, 0);
    for (std::size_t a = 0; a < m; ++a)
        for (std::size_t b = 0; b < m; ++b)
            if (a != b && dominates(point(plans[b]), point(plans[a])))
                ++dominators[a];
    std::vector<bool> done(m, false);
    std::vector<SweepPlan> ordered;
    ordered.reserve(plans.size());
    for (std::size_t step = 0; step < m; ++step) {
        std::size_t next = 0;
        while (next < m && (done[next] || dominators[next] > 0))
            ++next;
        if (next == m)
            break; // cannot happen: a finite strict partial order has a minimal element
        done[next] = true;
        for (std::size_t a = 0; a < m; ++a)
            if (!done[a] && dominates(point(plans[next]), point(plans[a])))
                --dominators[a];
        ordered.push_back(std::move(plans[next]));
    }
    for (std::size_t i = m; i < plans.size(); ++i)
        ordered.push_back(std::move(plans[i]));
    plans = std::move(ordered);
    int rank = 0;
    for (SweepPlan &p : plans) {
        p.rank = p.meetsConstraints ? ++rank : 0;
        p.dominatedBy = 0;
    }
    // The best-ranked plan dominating each ranked plan ("dominated by #8").
    for (std::size_t a = 0; a < m && a < plans.size(); ++a)
        for (std::size_t b = 0; b < a; ++b)
            if (dominates(point(plans[b]), point(plans[a]))) {
                plans[a].dominatedBy = plans[b].rank;
                break;
            }
}

Plan planFor(const SweepResult &result, const SweepPlan &plan)
{
    Plan p = withSizes(result.base, plan.tp, plan.pp, plan.dp, plan.ep);
    if (plan.valid) {
        p.microbatches = plan.microbatches;
        p.batch = plan.batch;
        p.promptLen = plan.context;
    }
    return p;
}

void markPareto(std::vector<SweepPlan> &plans)
{
    std::vector<ParetoPoint> points;
    points.reserve(plans.size());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const SweepPlan &p : plans)
        points.push_back(
            p.meetsConstraints ? ParetoPoint { p.tpotSec, p.tokensPerSecPerGpu } : ParetoPoint { nan, nan });
    const std::vector<bool> front = paretoFront(points);
    for (size_t i = 0; i < plans.size(); ++i)
        plans[i].pareto = front[i];
}

namespace {

// Below this many GPU evaluations (the sum of every combination's world size) a sweep runs on the
// calling thread: 16 GPUs take well under a millisecond, less than starting a thread.
constexpr std::size_t kParallelRanks = 8192;

// One combination's outcome. Combinations are independent, so they can be evaluated in any thread.
struct Outcome
{
    SweepPlan plan;
    PlanIssue why; // the first error of an impossible combination
};

struct SweepJob
{
    const Plan &base;
    const ModelSpec &model;
    const GpuSpec &gpu;
    const SweepOptions &options;
    std::int64_t context = 0; // resolved: never 0

    Outcome run(const ParallelSizes &s) const
    {
        Plan plan = withSizes(base, s.tp, s.pp, s.dp, s.ep);
        plan.phase = Phase::Decode; // the ledger kept in Evaluation::comm
        plan.microbatches = options.microbatches > 0 ? options.microbatches : s.pp;
        plan.promptLen = context;
        if (options.batch > 0)
            plan.batch = options.batch;
        Evaluation e = evaluate(plan, model, gpu);
        bool lowered = false;
        if (base.maxNumSeqs == 0)
            if (const auto fewer = withMaxNumSeqsForMambaBlocks(plan, e)) {
                Evaluation f = evaluate(*fewer, model, gpu);
                if (f.valid && !f.hasErrors()) {
                    e = std::move(f);
                    lowered = true;
                }
            }
        Outcome out;
        if (!e.valid) {
            const PlanIssue *why = e.firstError();
            out.why = why
                ? *why
                : PlanIssue { Severity::Error, "invalid", phrase("Sweep", QT_TRANSLATE_NOOP("Sweep", "invalid plan")) };
        } else {
            const std::int64_t batch = options.batch > 0 ? options.batch : largestBatch(e);
            if (batch != e.plan.batch)
                retime(e, model, gpu, batch, context);
        }
        out.plan = summarise(e, s);
        out.plan.maxNumSeqs = e.plan.maxNumSeqs;
        out.plan.maxNumSeqsLowered = lowered;
        applyConstraints(out.plan, options, e.plan.maxNumSeqs);
        return out;
    }
};

// Evaluates every combination, on as many threads as the machine has cores when the sweep is large;
// the outcomes keep the enumeration order whatever the threads do.
std::vector<Outcome> runAll(const SweepJob &job, const std::vector<ParallelSizes> &sizes, int threadsWanted)
{
    std::vector<Outcome> out(sizes.size());
    std::size_t ranks = 0;
    for (const ParallelSizes &s : sizes)
        ranks += static_cast<std::size_t>(s.tp) * s.pp * s.dp;
    unsigned threads
        = threadsWanted > 0 ? static_cast<unsigned>(threadsWanted) : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min({ threads, 8u, static_cast<unsigned>(std::max<std::size_t>(1, sizes.size())) });
    if (threadsWanted <= 0 && ranks < kParallelRanks)
        threads = 1;
    std::atomic<std::size_t> next { 0 };
    std::exception_ptr failure;
    std::mutex failureMutex;
    const auto worker = [&] {
        try {
            for (std::size_t i = next++; i < sizes.size(); i = next++)
                out[i] = job.run(sizes[i]);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failureMutex);
            failure = std::current_exception();
            next = sizes.size();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    return out;
}

} // namespace

SweepResult sweep(const Plan &base, const ModelSpec &model, const GpuSpec &gpu, const SweepOptions &options)
{
    SweepResult result;
    result.options = options;
    result.base = base;
    result.base.ppPartition.clear();
    // vLLM's defaults resolved once, from a one-GPU probe (they do not depend on the sizes): the
    // context defaults to the resolved max_model_len.
    result.resolved = evaluate(withSizes(result.base, 1, 1, 1, 1), model, gpu).plan;
    const std::int64_t context = options.context > 0 ? options.context : result.resolved.maxModelLen;
    result.resolved.promptLen = context;
    result.resolved.batch = options.batch;
    result.resolved.microbatches = options.microbatches;

    const std::vector<ParallelSizes> sizes = enumerateSizes(options.gpus, options.upTo, model.isMoe(), options.epSizes);
    result.combinations = static_cast<int>(sizes.size());
    const SweepJob job { result.base, model, gpu, options, context };
    std::vector<Outcome> outcomes = runAll(job, sizes, options.threads);
    result.plans.reserve(outcomes.size());
    for (Outcome &o : outcomes) {
        if (!o.plan.valid) {
            countSkipped(result.skipped, o.why);
            if (!options.includeInvalid)
                continue;
        }
        result.plans.push_back(std::move(o.plan));
    }
    markPareto(result.plans);
    rankPlans(result.plans, options.objective);
    return result;
}

} // namespace shardscope
