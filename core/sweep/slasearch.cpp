#include "core/sweep/slasearch.h"

#include "core/model/errors.h"
#include "core/serving/steptime.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <tuple>

namespace shardscope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A plan keeps up with a request rate R when its run of N requests ends within 1.2 N/R plus the
// decode of one request at p99 TPOT (output_len x TPOT p99): one that cannot drains at its own
// pace, N / capacity, and its queue grows (TPOT excludes the queue, TTFT and E2E do not).
constexpr double kSustainSlack = 1.2;
// The rate bounds below are estimates of floors, not proofs: a candidate is pruned only when its floor
// misses by more than this factor.
constexpr double kBoundSlack = 1.25;

Plan withSizes(const Plan &base, int tp, int pp, int dp, int ep, std::int64_t mns, std::int64_t mnbt)
{
    Plan plan = base;
    plan.tp = tp;
    plan.pp = pp;
    plan.dp = dp;
    plan.ep = ep;
    plan.ppPartition.clear();
    plan.redundantExperts = ep > 1 ? base.redundantExperts : 0;
    plan.maxNumSeqs = mns;
    plan.maxNumBatchedTokens = mnbt;
    return plan;
}

using Key = std::pair<double, double>; // lower is better, lexicographic

Key rowKey(const SlaRow &r, SlaObjective o, double rate)
{
    const double lat = r.latencySec();
    switch (o) {
    case SlaObjective::Goodput:
        return rate > 0 ? Key { double(r.gpus), -r.goodputPerGpu } : Key { -r.goodputPerGpu, lat };
    case SlaObjective::Throughput:
        return { -r.outputTokensPerSecPerGpu, lat };
    case SlaObjective::Tpot:
        return { lat, -r.outputTokensPerSecPerGpu };
    case SlaObjective::Ttft:
        return { r.ttftSla.valueSec, -r.outputTokensPerSecPerGpu };
    case SlaObjective::Cost:
        return { r.costPerMillionOutputTokens < 0 ? kInf : r.costPerMillionOutputTokens, lat };
    case SlaObjective::Concurrency:
        return { -r.concurrencyPerGpu, lat };
    }
    return { 0, 0 };
}

bool rowLess(const SlaRow &a, const SlaRow &b, SlaObjective o, double rate)
{
    const Key ka = rowKey(a, o, rate), kb = rowKey(b, o, rate);
    if (ka != kb)
        return ka < kb;
    return std::tie(a.gpus, a.tp, a.pp, a.ep, a.gpuIndex, a.maxNumSeqs, a.maxNumBatchedTokens)
        < std::tie(b.gpus, b.tp, b.pp, b.ep, b.gpuIndex, b.maxNumSeqs, b.maxNumBatchedTokens);
}

// One (GPU type, sizes) probed once: validity, fit at the smallest batch settings, step model.
struct Probe
{
    int gpuIndex = 0;
    ParallelSizes s;
    bool valid = false;
    bool fits = false;
    std::int64_t capacityTokens = 0; // one replica, at the smallest batch settings (an upper bound)
    std::int64_t resolvedMaxNumSeqs = 0;
    std::int64_t resolvedMaxNumBatchedTokens = 0;
    double concurrencyPerGpu = 0;
    double ttftBound = 0, tpotBound = 0;
    StepModel steps;
};

struct Candidate
{
    int probe = 0;
    std::int64_t mns = 0, mnbt = 0;
    Key bound;
};

template <typename F> void parallelFor(std::size_t n, int threadsWanted, F &&f)
{
    unsigned threads = threadsWanted > 0 ? unsigned(threadsWanted) : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>({ threads, 16u, unsigned(std::max<std::size_t>(1, n)) });
    std::atomic<std::size_t> next { 0 };
    std::exception_ptr failure;
    std::mutex m;
    const auto worker = [&] {
        try {
            for (std::size_t i = next++; i < n; i = next++)
                f(i);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(m);
            failure = std::current_exception();
            next = n;
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
}

double decodeStep(const StepModel &m, double batch, double context)
{
    StepBatch b;
    b.decodeTokens = batch;
    b.decodeContext = batch * context;
    b.sampled = batch;
    b.requests = batch;
    return stepTime(m, b).totalSec;
}

} // namespace

const char *slaObjectiveName(SlaObjective o)
{
    switch (o) {
    case SlaObjective::Goodput:
        return "goodput";
    case SlaObjective::Throughput:
        return "throughput";
    case SlaObjective::Tpot:
        return "tpot";
    case SlaObjective::Ttft:
        return "ttft";
    case SlaObjective::Cost:
        return "cost";
    case SlaObjective::Concurrency:
        return "concurrency";
    }
    return "goodput";
}

const char *slaPercentileName(SlaPercentile p)
{
    return p == SlaPercentile::P50 ? "p50" : p == SlaPercentile::P99 ? "p99" : "p90";
}

double atPercentile(const LatencyStats &s, SlaPercentile p)
{
    return p == SlaPercentile::P50 ? s.p50 : p == SlaPercentile::P99 ? s.p99 : s.p90;
}

double defaultGpuHourCost(const std::string &gpuId)
{
    // Examples only (README "SLA search"): round numbers of the order cloud list prices have, to be
    // replaced with --gpu-hour-cost.
    static const std::pair<const char *, double> kTable[] = {
        { "a100-80gb", 2.0 },
        { "a100-40gb", 1.5 },
        { "h100-sxm", 3.0 },
        { "h100-pcie", 2.5 },
        { "h200", 3.5 },
        { "b200", 5.0 },
        { "mi300x", 2.5 },
        { "l40s", 1.0 },
    };
    for (const auto &[id, usd] : kTable)
        if (gpuId == id)
            return usd;
    return 0;
}

double SlaRow::latencySec() const
{
    return tpotSla.valueSec;
}

double costPerMillionOutputTokens(int gpus, double usdPerGpuHour, double outputTokensPerSec)
{
    if (!(usdPerGpuHour > 0) || !(outputTokensPerSec > 0))
        return -1;
    return gpus * usdPerGpuHour / (outputTokensPerSec * 3600.0) * 1e6;
}

bool rowDominates(const SlaRow &a, const SlaRow &b)
{
    const double la = a.latencySec(), lb = b.latencySec();
    const double ta = a.outputTokensPerSecPerGpu, tb = b.outputTokensPerSecPerGpu;
    if (std::isnan(la) || std::isnan(lb) || std::isnan(ta) || std::isnan(tb))
        return false;
    return la <= lb && ta >= tb && (la < lb || ta > tb);
}

void judgeRow(SlaRow &row, const Sla &sla, const Workload &w)
{
    const auto check = [&](SlaCheck &c, double target, const LatencyStats &s) {
        c.targetSec = target;
        c.valueSec = atPercentile(s, sla.percentile);
        c.met = !(target > 0) || c.valueSec <= target;
        c.marginSec = target > 0 ? target - c.valueSec : 0;
    };
    check(row.ttftSla, sla.ttftSec, row.ttft);
    check(row.tpotSla, sla.tpotSec, row.tpot);
    check(row.e2eSla, sla.e2eSec, row.e2e);
    row.sustained = !(w.requestRate > 0)
        || row.durationSec <= kSustainSlack * double(w.numPrompts) / w.requestRate + double(w.outputLen) * row.tpot.p99;
    row.meetsSla = row.sustained && row.ttftSla.met && row.tpotSla.met && row.e2eSla.met;
    row.goodputPerGpu = row.meetsSla ? row.outputTokensPerSecPerGpu : 0;
    row.costPerMillionOutputTokens = costPerMillionOutputTokens(row.gpus, row.usdPerGpuHour, row.outputTokensPerSec);
}

void rankSlaRows(std::vector<SlaRow> &rows, SlaObjective objective, double requestRate)
{
    const std::size_t n = rows.size();
    for (SlaRow &r : rows) {
        r.dominated = false;
        r.rank = 0;
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n && !rows[i].dominated; ++j)
            if (j != i && rowDominates(rows[j], rows[i]))
                rows[i].dominated = true;
    // Ranked rows: a topological order of "dominates" among them (a dominator always first), the
    // objective choosing among the rows no remaining row dominates (Kahn's algorithm).
    std::vector<std::size_t> ranked, others;
    for (std::size_t i = 0; i < n; ++i)
        (rows[i].meetsSla ? ranked : others).push_back(i);
    const std::size_t m = ranked.size();
    std::vector<int> dominators(m, 0);
    for (std::size_t a = 0; a < m; ++a)
        for (std::size_t b = 0; b < m; ++b)
            if (a != b && rowDominates(rows[ranked[b]], rows[ranked[a]]))
                ++dominators[a];
    std::vector<bool> done(m, false);
    std::vector<std::size_t> order;
    order.reserve(n);
    for (std::size_t step = 0; step < m; ++step) {
        std::size_t best = m;
        for (std::size_t a = 0; a < m; ++a)
            if (!done[a] && dominators[a] == 0
                && (best == m || rowLess(rows[ranked[a]], rows[ranked[best]], objective, requestRate)))
                best = a;
        if (best == m)
            break; // cannot happen: dominance is a strict partial order
        done[best] = true;
        order.push_back(ranked[best]);
        for (std::size_t a = 0; a < m; ++a)
            if (!done[a] && rowDominates(rows[ranked[best]], rows[ranked[a]]))
                --dominators[a];
    }
    std::sort(others.begin(), others.end(),
        [&](std::size_t a, std::size_t b) { return rowLess(rows[a], rows[b], SlaObjective::Throughput, 0); });
    std::vector<SlaRow> sorted;
    sorted.reserve(n);
    for (std::size_t i : order) {
        sorted.push_back(rows[i]);
        sorted.back().rank = static_cast<int>(sorted.size());
    }
    for (std::size_t i : others)
        sorted.push_back(rows[i]);
    rows = std::move(sorted);
}

Plan planForRow(const SlaSearchResult &r, const SlaRow &row)
{
    return withSizes(r.base, row.tp, row.pp, row.dp, row.ep, row.maxNumSeqs, row.maxNumBatchedTokens);
}

SlaSearchResult slaSearch(
    const Plan &base, const ModelSpec &model, const std::vector<SearchGpu> &gpus, const SlaSearchOptions &options)
{
    const auto start = std::chrono::steady_clock::now();
    SlaSearchResult result;
    result.options = options;
    result.base = base;
    result.base.ppPartition.clear();
    for (const SearchGpu &g : gpus)
        result.gpuIds.push_back(g.gpu.id);
    const Workload &w = options.workload;
    const Sla &sla = options.sla;
    const double rate = w.requestRate;

    std::vector<std::int64_t> mnsList = options.maxNumSeqs, mnbtList = options.maxNumBatchedTokens;
    if (mnsList.empty())
        mnsList.push_back(base.maxNumSeqs);
    if (mnbtList.empty())
        mnbtList.push_back(base.maxNumBatchedTokens);
    std::sort(mnsList.begin(), mnsList.end());
    mnsList.erase(std::unique(mnsList.begin(), mnsList.end()), mnsList.end());
    std::sort(mnbtList.begin(), mnbtList.end());
    mnbtList.erase(std::unique(mnbtList.begin(), mnbtList.end()), mnbtList.end());

    // 1. One probe per (GPU type, sizes): the smallest batch settings give the most KV memory, so a
    //    plan that does not fit there fits with none.
    const std::vector<ParallelSizes> sizes = enumerateSizes(options.gpus, options.upTo, model.isMoe(), options.epSizes);
    const double total = double(gpus.size()) * double(sizes.size()) * double(mnsList.size()) * double(mnbtList.size());
    if (total > double(kMaxSlaCandidates))
        throw InputError("the SLA search would try " + std::to_string(static_cast<long long>(total))
            + " configurations, more than " + std::to_string(kMaxSlaCandidates)
            + ": fewer GPU types, GPU counts or batch candidates");
    std::vector<Probe> probes(gpus.size() * sizes.size());
    const std::int64_t probeMns = mnsList.front();
    const std::int64_t probeMnbt
        = mnbtList.front() > 0 && probeMns > 0 ? std::max(mnbtList.front(), probeMns) : mnbtList.front();
    const double uncached = std::max(1.0, std::ceil((1.0 - w.prefixHitRate) * double(w.inputLen)));
    const double cached = std::max(0.0, double(w.inputLen) - uncached);
    parallelFor(probes.size(), options.threads, [&](std::size_t i) {
        Probe &p = probes[i];
        p.gpuIndex = static_cast<int>(i / sizes.size());
        p.s = sizes[i % sizes.size()];
        const SearchGpu &g = gpus[p.gpuIndex];
        const EvaluatedPlan ev
            = evaluatePlan(withSizes(base, p.s.tp, p.s.pp, p.s.dp, p.s.ep, probeMns, probeMnbt), model, g.gpu);
        const Evaluation &e = ev.evaluation;
        p.valid = e.valid;
        p.fits = e.valid && e.fits && !e.hasErrors();
        if (!p.fits)
            return;
        p.capacityTokens = e.kv.capacityTokens;
        p.resolvedMaxNumSeqs = e.plan.maxNumSeqs;
        p.resolvedMaxNumBatchedTokens = e.plan.maxNumBatchedTokens;
        const int n = p.s.tp * p.s.pp * p.s.dp;
        p.concurrencyPerGpu = n > 0 ? double(e.kv.clusterMaxConcurrency) / n : 0;
        p.steps = buildStepModel(ev, g.coefficients);
        StepBatch prefill;
        prefill.prefillTokens = uncached;
        prefill.prefillPairs = uncached * cached + uncached * (uncached + 1) / 2;
        prefill.sampled = 1;
        prefill.requests = 1;
        p.ttftBound = stepTime(p.steps, prefill).totalSec;
        p.tpotBound = decodeStep(p.steps, 1, double(w.inputLen));
    });

    // 2. Candidates: prune by memory, validity and the lower bounds; bound the objective.
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        const Probe &p = probes[i];
        const std::int64_t combos = std::int64_t(mnsList.size() * mnbtList.size());
        result.candidates += combos;
        if (!p.valid) {
            result.invalid += combos;
            continue;
        }
        if (!p.fits) {
            result.prunedMemory += combos;
            continue;
        }
        const double e2eBound = p.ttftBound + double(std::max<std::int64_t>(0, w.outputLen - 1)) * p.tpotBound;
        if ((sla.ttftSec > 0 && p.ttftBound > sla.ttftSec) || (sla.tpotSec > 0 && p.tpotBound > sla.tpotSec)
            || (sla.e2eSec > 0 && e2eBound > sla.e2eSec)) {
            result.prunedSla += combos;
            continue;
        }
        const int n = p.s.tp * p.s.pp * p.s.dp;
        const double price = gpus[p.gpuIndex].usdPerGpuHour;
        for (std::int64_t mns : mnsList)
            for (std::int64_t mnbt : mnbtList) {
                const std::int64_t seqs = mns > 0 ? mns : p.resolvedMaxNumSeqs;
                const std::int64_t tokens = mnbt > 0 ? mnbt : p.resolvedMaxNumBatchedTokens;
                if (seqs > tokens) { // vLLM refuses max_num_batched_tokens < max_num_seqs
                    ++result.invalid;
                    continue;
                }
                // The most requests one replica can decode at once, and its best tokens/s there.
                double batch
                    = std::min<double>(double(seqs), std::floor(double(p.capacityTokens) / (w.inputLen + 1.0)));
                if (w.maxConcurrency > 0)
                    batch = std::min(batch, std::ceil(double(w.maxConcurrency) / p.s.dp));
                if (!(batch >= 1)) {
                    ++result.prunedMemory;
                    continue;
                }
                double tput = p.s.dp * batch / decodeStep(p.steps, batch, double(w.inputLen));
                if (rate > 0) {
                    const double demand = rate * double(w.outputLen);
                    if (tput * kBoundSlack < demand) { // drains at most at its capacity: far too slow
                        ++result.prunedSla;
                        continue;
                    }
                    // Work: each replica must push lambda x (uncached prompt + output) tokens a second
                    // through steps of at most max_num_batched_tokens, each token costing at least what
                    // one in a full step of prefill tokens does (weights and fixed costs amortised).
                    const double lambda = rate / p.s.dp;
                    StepBatch full;
                    full.prefillTokens = double(tokens);
                    full.sampled = 1;
                    full.requests = 1;
                    const double perToken = stepTime(p.steps, full).totalSec / double(tokens);
                    if (lambda * (uncached + double(w.outputLen)) * perToken > kBoundSlack) {
                        ++result.prunedSla;
                        continue;
                    }
                    // TPOT under the rate (a fluid estimate of its floor): Little's law puts
                    // lambda x output x TPOT requests in decode, and lambda x prompt x TPOT prompt tokens
                    // arrive per step; iterating from batch 1 approaches the fixed point from below.
                    if (sla.tpotSec > 0) {
                        double tpot = p.tpotBound;
                        for (int k = 0; k < 6; ++k) {
                            // The prompt tokens arriving during one step ride along (chunked prefill).
                            const double decodes = std::clamp(lambda * double(w.outputLen) * tpot, 1.0, batch);
                            StepBatch mix;
                            mix.decodeTokens = decodes;
                            mix.decodeContext = decodes * double(w.inputLen);
                            mix.prefillTokens = std::min(double(tokens), lambda * uncached * tpot);
                            mix.sampled = decodes;
                            mix.requests = decodes + 1;
                            tpot = stepTime(p.steps, mix).totalSec;
                        }
                        if (tpot > sla.tpotSec * kBoundSlack) {
                            ++result.prunedSla;
                            continue;
                        }
                    }
                    tput = std::min(tput, demand * kBoundSlack);
                }
                const double perGpu = tput / n;
                Key bound;
                switch (options.objective) {
                case SlaObjective::Goodput:
                    bound = rate > 0 ? Key { double(n), -perGpu } : Key { -perGpu, p.tpotBound };
                    break;
                case SlaObjective::Throughput:
                    bound = { -perGpu, p.tpotBound };
                    break;
                case SlaObjective::Tpot:
                    bound = { p.tpotBound, -perGpu };
                    break;
                case SlaObjective::Ttft:
                    bound = { p.ttftBound, -perGpu };
                    break;
                case SlaObjective::Cost: {
                    const double c = costPerMillionOutputTokens(n, price, tput);
                    bound = { c < 0 ? kInf : c, p.tpotBound };
                    break;
                }
                case SlaObjective::Concurrency:
                    bound = { -p.concurrencyPerGpu, p.tpotBound };
                    break;
                }
                candidates.push_back({ static_cast<int>(i), mns, mnbt, bound });
            }
    }
    std::stable_sort(
        candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) { return a.bound < b.bound; });

    // 3. Simulate best bound first, in rounds on every core, until the top rows are settled.
    const unsigned cores
        = options.threads > 0 ? unsigned(options.threads) : std::max(1u, std::thread::hardware_concurrency());
    const std::size_t round = std::max<std::size_t>(8, std::size_t(cores) * 4);
    const std::size_t limit
        = std::min<std::size_t>(candidates.size(), std::size_t(std::max(0, options.maxSimulations)));
    std::vector<Key> meetingKeys;
    std::size_t next = 0;
    while (next < limit) {
        if (meetingKeys.size() >= std::size_t(std::max(1, options.top))) {
            std::nth_element(meetingKeys.begin(), meetingKeys.begin() + (options.top - 1), meetingKeys.end());
            if (candidates[next].bound > meetingKeys[options.top - 1])
                break;
        }
        const std::size_t end = std::min(limit, next + round);
        std::vector<SlaRow> batch(end - next);
        std::vector<char> keep(end - next, 0);
        parallelFor(batch.size(), options.threads, [&](std::size_t k) {
            const Candidate &c = candidates[next + k];
            const Probe &p = probes[c.probe];
            const SearchGpu &g = gpus[p.gpuIndex];
            const EvaluatedPlan ev
                = evaluatePlan(withSizes(base, p.s.tp, p.s.pp, p.s.dp, p.s.ep, c.mns, c.mnbt), model, g.gpu);
            const Evaluation &e = ev.evaluation;
            if (!e.valid || !e.fits || e.hasErrors())
                return;
            const ServingResult s = simulateServing(ev, w, g.coefficients);
            SlaRow &r = batch[k];
            r.gpuIndex = p.gpuIndex;
            r.gpuId = g.gpu.id;
            r.tp = p.s.tp;
            r.pp = p.s.pp;
            r.dp = p.s.dp;
            r.ep = p.s.ep;
            r.gpus = s.gpus;
            r.maxNumSeqs = e.plan.maxNumSeqs;
            r.maxNumBatchedTokens = e.plan.maxNumBatchedTokens;
            r.clusterMaxConcurrency = e.kv.clusterMaxConcurrency;
            r.concurrencyPerGpu = r.gpus > 0 ? double(r.clusterMaxConcurrency) / r.gpus : 0;
            r.ttft = s.ttft;
            r.tpot = s.tpot;
            r.itl = s.itl;
            r.e2e = s.e2e;
            r.outputTokensPerSec = s.outputTokensPerSec;
            r.outputTokensPerSecPerGpu = s.outputTokensPerSecPerGpu;
            r.requestsPerSec = s.requestsPerSec;
            r.durationSec = s.durationSec;
            r.preemptions = s.preemptions;
            r.usdPerGpuHour = g.usdPerGpuHour;
            judgeRow(r, sla, w);
            if (s.stoppedEarly)
                r.meetsSla = false, r.goodputPerGpu = 0;
            keep[k] = 1;
        });
        for (std::size_t k = 0; k < batch.size(); ++k) {
            ++result.simulated;
            if (!keep[k]) {
                ++result.prunedMemory;
                continue;
            }
            if (batch[k].meetsSla)
                meetingKeys.push_back(rowKey(batch[k], options.objective, rate));
            result.rows.push_back(std::move(batch[k]));
        }
        next = end;
    }
    result.prunedBound = std::int64_t(candidates.size() - next);
    rankSlaRows(result.rows, options.objective, rate);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace shardscope
