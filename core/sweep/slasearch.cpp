#include "core/sweep/slasearch.h"

#include "core/model/errors.h"
#include "core/serving/disagg.h"
#include "core/serving/steptime.h"

#include <algorithm>
#include <array>
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
    return std::tie(a.gpus, a.disaggregated, a.tp, a.pp, a.ep, a.gpuIndex, a.maxNumSeqs, a.maxNumBatchedTokens,
               a.kvDtype, a.quantization, a.prefill.tp, a.prefill.pp, a.prefill.dp, a.prefill.ep, a.prefill.instances,
               a.prefill.maxNumBatchedTokens, a.decode.instances)
        < std::tie(b.gpus, b.disaggregated, b.tp, b.pp, b.ep, b.gpuIndex, b.maxNumSeqs, b.maxNumBatchedTokens,
            b.kvDtype, b.quantization, b.prefill.tp, b.prefill.pp, b.prefill.dp, b.prefill.ep, b.prefill.instances,
            b.prefill.maxNumBatchedTokens, b.decode.instances);
}

// One (GPU type, KV dtype x weight format, sizes) probed once: validity, fit at the smallest batch
// settings, step model.
struct Probe
{
    int gpuIndex = 0;
    int variant = 0; // into the (KV dtype, weight format) list
    ParallelSizes s;
    int gpus = 1; // tp x pp x dp
    bool valid = false;
    bool fits = false;
    std::int64_t capacityTokens = 0; // one replica, at the smallest batch settings (an upper bound)
    std::int64_t resolvedMaxNumSeqs = 0;
    std::int64_t resolvedMaxNumBatchedTokens = 0;
    double concurrencyPerGpu = 0;
    double ttftBound = 0, tpotBound = 0;
    double kvBytesPerTokenPerGpu = 0, stateBytesPerRequestPerGpu = 0;
    StepModel steps;
};

struct Candidate
{
    int probe = 0; // aggregated: the plan; disaggregated: the decode pool
    std::int64_t mns = 0, mnbt = 0;
    Key bound;
    // Disaggregated only (prefillProbe >= 0): the prefill pool, its max_num_batched_tokens, xPyD.
    int prefillProbe = -1;
    std::int64_t prefillMnbt = 0;
    int x = 0, y = 0;
    std::int64_t order = 0; // enumeration order: breaks ties of the bound deterministically
};

bool candidateLess(const Candidate &a, const Candidate &b)
{
    return a.bound != b.bound ? a.bound < b.bound : a.order < b.order;
}

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
    judgeRow(row, sla, w, requestLengths(w).longestOutput);
}

void judgeRow(SlaRow &row, const Sla &sla, const Workload &w, std::int64_t longestOutput)
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
        || row.durationSec
            <= kSustainSlack * double(w.numPrompts) / w.requestRate + double(longestOutput) * row.tpot.p99;
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
    // A row that meets the SLA is dominated only by another that meets it too: a faster plan that
    // misses the SLA is no better choice (the 8-GPU P/D plan that met TTFT p90 <= 2 s was flagged
    // "dominated" by aggregated plans that missed it).
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n && !rows[i].dominated; ++j)
            if (j != i && (!rows[i].meetsSla || rows[j].meetsSla) && rowDominates(rows[j], rows[i]))
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

namespace {

struct Variant
{
    KvDtype kv = KvDtype::Auto;
    Quantization quant = Quantization::Auto;
};

Plan withVariant(Plan p, const Variant &v)
{
    p.kvCacheDtype = v.kv;
    p.quantization = v.quant;
    return p;
}

// The disaggregated plan of a candidate: the template (with its variant), prefill and decode pools on
// the candidate's GPU type.
Plan disaggPlan(const Plan &base, const Variant &v, const ParallelSizes &pre, int x, std::int64_t preMnbt,
    const ParallelSizes &dec, int y, std::int64_t decMns, std::int64_t decMnbt, KvTransferLink link)
{
    Plan p = withVariant(base, v);
    p.ppPartition.clear();
    p.servingMode = ServingMode::Disaggregated;
    p.prefill = PoolPlan { pre.tp, pre.pp, pre.dp, pre.ep, "", x, 0, preMnbt };
    p.decode = PoolPlan { dec.tp, dec.pp, dec.dp, dec.ep, "", y, decMns, decMnbt };
    p.kvTransferLink = link;
    return p;
}

// A prefill instance's best rate (requests/s): its replicas each push the uncached prompt tokens through
// full steps of max_num_batched_tokens, each token costing at least its share of such a step.
double prefillCapacity(const Probe &p, std::int64_t tokens, double uncached)
{
    StepBatch full;
    full.prefillTokens = double(tokens);
    full.sampled = 1;
    full.requests = 1;
    const double perToken = stepTime(p.steps, full).totalSec / double(tokens);
    return perToken > 0 ? p.s.dp / (uncached * perToken) : 0;
}

Key boundKey(SlaObjective o, double rate, int gpus, double tputPerGpu, double tpot, double ttft, double cost,
    double concurrencyPerGpu)
{
    switch (o) {
    case SlaObjective::Goodput:
        return rate > 0 ? Key { double(gpus), -tputPerGpu } : Key { -tputPerGpu, tpot };
    case SlaObjective::Throughput:
        return { -tputPerGpu, tpot };
    case SlaObjective::Tpot:
        return { tpot, -tputPerGpu };
    case SlaObjective::Ttft:
        return { ttft, -tputPerGpu };
    case SlaObjective::Cost:
        return { cost < 0 ? kInf : cost, tpot };
    case SlaObjective::Concurrency:
        return { -concurrencyPerGpu, tpot };
    }
    return { 0, 0 };
}

// Keeps the `limit` smallest candidates (bound, then enumeration order); returns how many it dropped.
std::int64_t keepBest(std::vector<Candidate> &v, std::size_t limit)
{
    if (v.size() <= limit)
        return 0;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(limit), v.end(), candidateLess);
    const std::int64_t dropped = std::int64_t(v.size() - limit);
    v.resize(limit);
    return dropped;
}

} // namespace

Plan planForRow(const SlaSearchResult &r, const SlaRow &row)
{
    if (row.disaggregated) {
        Plan p = withVariant(r.base, { row.kvDtype, row.quantization });
        p.ppPartition.clear();
        p.servingMode = ServingMode::Disaggregated;
        p.prefill = row.prefill;
        p.decode = row.decode;
        p.kvTransferLink = r.options.kvTransferLink;
        p.gpuId = row.gpuId;
        return p;
    }
    Plan p = withSizes(r.base, row.tp, row.pp, row.dp, row.ep, row.maxNumSeqs, row.maxNumBatchedTokens);
    p.kvCacheDtype = row.kvDtype;
    p.quantization = row.quantization;
    return p;
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
    // Latency bounds hold for every request only at the shortest one (a range's lo, ShareGPT's shortest); the
    // means stay where they count tokens over the run (demand, requests/s).
    const RequestLengths lengths = requestLengths(w);
    const double shortestPrompt = double(lengths.shortestInput);
    const std::int64_t shortestOutput = lengths.shortestOutput;
    const Sla &sla = options.sla;
    const double rate = w.requestRate;

    const auto sorted = [](std::vector<std::int64_t> v, std::int64_t fallback) {
        if (v.empty())
            v.push_back(fallback);
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        return v;
    };
    const std::vector<std::int64_t> mnsList = sorted(options.maxNumSeqs, base.maxNumSeqs);
    const std::vector<std::int64_t> mnbtList = sorted(options.maxNumBatchedTokens, base.maxNumBatchedTokens);
    std::vector<Variant> variants;
    for (KvDtype kv : options.kvDtypes.empty() ? std::vector<KvDtype> { base.kvCacheDtype } : options.kvDtypes)
        for (Quantization q :
            options.quantizations.empty() ? std::vector<Quantization> { base.quantization } : options.quantizations)
            if (std::none_of(
                    variants.begin(), variants.end(), [&](const Variant &v) { return v.kv == kv && v.quant == q; }))
                variants.push_back({ kv, q });

    // 1. One probe per (GPU type, variant, sizes): the smallest batch settings give the most KV memory,
    //    so a plan that does not fit there fits with none. A P/D split takes its pools from every size
    //    below the GPU count.
    const bool disagg = options.disaggregated && options.gpus >= 2;
    const std::vector<ParallelSizes> sizes
        = enumerateSizes(options.gpus, options.upTo || disagg, model.isMoe(), options.epSizes);
    const double combos = double(mnsList.size()) * double(mnbtList.size());
    const double perType = double(gpus.size()) * double(variants.size());
    double estimate = options.aggregated ? perType * double(sizes.size()) * combos : 0;
    const int maxInstances = std::max(1, options.maxInstances);
    if (disagg) // an upper estimate: every pair of sizes with every xPyD
        estimate += perType * double(sizes.size()) * double(sizes.size()) * maxInstances * maxInstances * combos
            * double(mnbtList.size());
    if (estimate > double(kMaxSlaCandidates) * (disagg ? 50.0 : 1.0))
        throw InputError("the SLA search would try up to " + std::to_string(static_cast<long long>(estimate))
            + " configurations, more than this search handles: fewer GPU types, GPU counts, batch candidates or "
              "--max-instances");
    std::vector<Probe> probes(gpus.size() * variants.size() * sizes.size());
    const std::int64_t probeMns = mnsList.front();
    const std::int64_t probeMnbt
        = mnbtList.front() > 0 && probeMns > 0 ? std::max(mnbtList.front(), probeMns) : mnbtList.front();
    const double uncached = std::max(1.0, std::ceil((1.0 - w.prefixHitRate) * shortestPrompt));
    const double cached = std::max(0.0, shortestPrompt - uncached);
    const std::size_t perGpu = variants.size() * sizes.size();
    parallelFor(probes.size(), options.threads, [&](std::size_t i) {
        Probe &p = probes[i];
        p.gpuIndex = static_cast<int>(i / perGpu);
        p.variant = static_cast<int>((i % perGpu) / sizes.size());
        p.s = sizes[i % sizes.size()];
        p.gpus = p.s.tp * p.s.pp * p.s.dp;
        const SearchGpu &g = gpus[p.gpuIndex];
        const EvaluatedPlan ev = evaluatePlan(
            withVariant(withSizes(base, p.s.tp, p.s.pp, p.s.dp, p.s.ep, probeMns, probeMnbt), variants[p.variant]),
            model, g.gpu);
        const Evaluation &e = ev.evaluation;
        p.valid = e.valid;
        p.fits = e.valid && e.fits && !e.hasErrors();
        if (!p.fits)
            return;
        p.capacityTokens = e.kv.capacityTokens;
        p.resolvedMaxNumSeqs = e.plan.maxNumSeqs;
        p.resolvedMaxNumBatchedTokens = e.plan.maxNumBatchedTokens;
        p.concurrencyPerGpu = p.gpus > 0 ? double(e.kv.clusterMaxConcurrency) / p.gpus : 0;
        p.kvBytesPerTokenPerGpu = e.kv.bytesPerTokenPerGpu;
        p.stateBytesPerRequestPerGpu = e.kv.stateBytesPerRequestPerGpu;
        p.steps = buildStepModel(ev, g.coefficients);
        StepBatch prefill;
        prefill.prefillTokens = uncached;
        prefill.prefillPairs = uncached * cached + uncached * (uncached + 1) / 2;
        prefill.sampled = 1;
        prefill.requests = 1;
        p.ttftBound = stepTime(p.steps, prefill).totalSec;
        p.tpotBound = decodeStep(p.steps, 1, shortestPrompt);
    });

    // 2. Aggregated candidates: prune by memory, validity and the lower bounds; bound the objective.
    std::vector<Candidate> candidates;
    std::int64_t order = 0;
    for (std::size_t i = 0; options.aggregated && i < probes.size(); ++i) {
        const Probe &p = probes[i];
        if (!options.upTo && p.gpus != options.gpus)
            continue;
        const std::int64_t n = std::int64_t(mnsList.size() * mnbtList.size());
        result.candidates += n;
        if (!p.valid) {
            result.invalid += n;
            continue;
        }
        if (!p.fits) {
            result.prunedMemory += n;
            continue;
        }
        const double e2eBound = p.ttftBound + double(std::max<std::int64_t>(0, shortestOutput - 1)) * p.tpotBound;
        if ((sla.ttftSec > 0 && p.ttftBound > sla.ttftSec) || (sla.tpotSec > 0 && p.tpotBound > sla.tpotSec)
            || (sla.e2eSec > 0 && e2eBound > sla.e2eSec)) {
            result.prunedSla += n;
            continue;
        }
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
                    = std::min<double>(double(seqs), std::floor(double(p.capacityTokens) / (shortestPrompt + 1.0)));
                if (w.maxConcurrency > 0)
                    batch = std::min(batch, std::ceil(double(w.maxConcurrency) / p.s.dp));
                if (!(batch >= 1)) {
                    ++result.prunedMemory;
                    continue;
                }
                double tput = p.s.dp * batch / decodeStep(p.steps, batch, shortestPrompt);
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
                            mix.decodeContext = decodes * shortestPrompt;
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
                const double perGpuTput = tput / p.gpus;
                Candidate c;
                c.probe = static_cast<int>(i);
                c.mns = mns;
                c.mnbt = mnbt;
                c.bound = boundKey(options.objective, rate, p.gpus, perGpuTput, p.tpotBound, p.ttftBound,
                    costPerMillionOutputTokens(p.gpus, price, tput), p.concurrencyPerGpu);
                c.order = order++;
                candidates.push_back(c);
            }
    }

    // 3. Disaggregated candidates: every (prefill probe, decode probe) pair of one GPU type and variant,
    //    every xPyD with x·P + y·D GPUs as asked, every pool batch setting. The pools' bounds are computed
    //    once per option, so a candidate costs a few comparisons; only the best `maxSimulations` are kept.
    const std::size_t keep = std::size_t(std::max(0, options.maxSimulations));
    if (disagg) {
        struct PrefillOption
        {
            int probe;
            std::int64_t mnbt;
            double capacity; // requests/s per instance, upper bound
        };
        struct DecodeOption
        {
            int probe;
            std::int64_t mns, mnbt;
            double capacity; // requests/s per instance, upper bound
            double tputPerReq; // output tokens per request
        };
        std::vector<PrefillOption> prefillOptions;
        std::vector<DecodeOption> decodeOptions;
        std::vector<std::int64_t> decodeOptionCount(probes.size(), 0); // per decode probe: its options
        for (std::size_t i = 0; i < probes.size(); ++i) {
            const Probe &p = probes[i];
            if (!p.fits || p.gpus >= options.gpus)
                continue;
            for (std::int64_t mnbt : mnbtList) {
                const std::int64_t tokens = mnbt > 0 ? mnbt : p.resolvedMaxNumBatchedTokens;
                prefillOptions.push_back({ int(i), mnbt, prefillCapacity(p, tokens, uncached) });
            }
            for (std::int64_t mns : mnsList)
                for (std::int64_t mnbt : mnbtList) {
                    const std::int64_t seqs = mns > 0 ? mns : p.resolvedMaxNumSeqs;
                    const std::int64_t tokens = mnbt > 0 ? mnbt : p.resolvedMaxNumBatchedTokens;
                    if (seqs > tokens)
                        continue;
                    double batch = std::min<double>(
                        double(seqs), std::floor(double(p.capacityTokens) / (shortestPrompt + double(shortestOutput))));
                    if (w.maxConcurrency > 0)
                        batch = std::min(batch, std::ceil(double(w.maxConcurrency) / p.s.dp));
                    if (!(batch >= 1))
                        continue;
                    const double perStep = decodeStep(p.steps, batch, shortestPrompt);
                    decodeOptions.push_back({ int(i), mns, mnbt,
                        p.s.dp * batch / (perStep * double(std::max<std::int64_t>(1, w.outputLen))), 0 });
                    ++decodeOptionCount[i];
                }
        }
        // Count every configuration (the invalid and unfit ones too) per pair of probes.
        const std::int64_t prefillCombos = std::int64_t(mnbtList.size());
        const std::int64_t decodeCombos = std::int64_t(mnsList.size() * mnbtList.size());
        const auto splits = [&](int pg, int dg) {
            std::int64_t n = 0;
            for (int x = 1; x <= maxInstances; ++x)
                for (int y = 1; y <= maxInstances; ++y) {
                    const int total = x * pg + y * dg;
                    n += options.upTo ? total <= options.gpus : total == options.gpus;
                }
            return n;
        };
        const std::size_t perVariant = sizes.size();
        for (std::size_t g = 0; g < gpus.size() * variants.size(); ++g)
            for (std::size_t a = 0; a < perVariant; ++a)
                for (std::size_t b = 0; b < perVariant; ++b) {
                    const Probe &pa = probes[g * perVariant + a];
                    const Probe &pb = probes[g * perVariant + b];
                    const std::int64_t n = splits(pa.gpus, pb.gpus) * prefillCombos * decodeCombos;
                    if (n == 0)
                        continue;
                    result.candidates += n;
                    result.disaggregatedCandidates += n;
                    if (!pa.valid || !pb.valid)
                        result.invalid += n;
                    else if (!pa.fits || !pb.fits)
                        result.prunedMemory += n;
                    else // fitting pairs: counted below per option; the options dropped above do not run
                        result.prunedMemory
                            += n - splits(pa.gpus, pb.gpus) * prefillCombos * decodeOptionCount[g * perVariant + b];
                }
        // The KV transfer per (prefill probe, decode probe): α + prompt x max(kv per GPU) / β.
        std::vector<LinkParams> links;
        links.reserve(gpus.size());
        for (const SearchGpu &g : gpus)
            links.push_back(transferLinkParams(resolveLinks(base, g.gpu), options.kvTransferLink));
        const double prompt = shortestPrompt;
        std::vector<std::vector<Candidate>> found(prefillOptions.size());
        std::vector<std::array<std::int64_t, 2>> pruned(prefillOptions.size(), { 0, 0 }); // sla, bound
        parallelFor(prefillOptions.size(), options.threads, [&](std::size_t k) {
            const PrefillOption &po = prefillOptions[k];
            const Probe &pp = probes[po.probe];
            const std::size_t block = std::size_t(po.probe) / perVariant; // (GPU type, variant)
            const double price = gpus[pp.gpuIndex].usdPerGpuHour;
            std::vector<Candidate> &out = found[k];
            std::int64_t seq = 0;
            for (const DecodeOption &d : decodeOptions) {
                const Probe &pd = probes[d.probe];
                if (std::size_t(d.probe) / perVariant != block)
                    continue;
                const double bytes = std::max(prompt * pp.kvBytesPerTokenPerGpu + pp.stateBytesPerRequestPerGpu,
                    prompt * pd.kvBytesPerTokenPerGpu + pd.stateBytesPerRequestPerGpu);
                const double transfer = p2pSec(bytes, links[pp.gpuIndex]);
                const double ttft = pp.ttftBound + transfer;
                const double e2e = ttft + double(std::max<std::int64_t>(0, shortestOutput - 1)) * pd.tpotBound;
                const bool missesLatency = (sla.ttftSec > 0 && ttft > sla.ttftSec)
                    || (sla.tpotSec > 0 && pd.tpotBound > sla.tpotSec) || (sla.e2eSec > 0 && e2e > sla.e2eSec);
                for (int x = 1; x <= maxInstances; ++x)
                    for (int y = 1; y <= maxInstances; ++y) {
                        const int total = x * pp.gpus + y * pd.gpus;
                        if (options.upTo ? total > options.gpus : total != options.gpus)
                            continue;
                        ++seq;
                        if (missesLatency) {
                            ++pruned[k][0];
                            continue;
                        }
                        // xPyD balance of the two bounds (requests/s), then tokens/s.
                        double reqs = std::min(x * po.capacity, y * d.capacity);
                        if (rate > 0) {
                            if (reqs * kBoundSlack < rate) {
                                ++pruned[k][0];
                                continue;
                            }
                            reqs = std::min(reqs, rate * kBoundSlack);
                        }
                        const double tput = reqs * double(w.outputLen);
                        Candidate c;
                        c.probe = d.probe;
                        c.mns = d.mns;
                        c.mnbt = d.mnbt;
                        c.prefillProbe = po.probe;
                        c.prefillMnbt = po.mnbt;
                        c.x = x;
                        c.y = y;
                        c.bound = boundKey(options.objective, rate, total, tput / total, pd.tpotBound, ttft,
                            costPerMillionOutputTokens(total, price, tput), pd.concurrencyPerGpu * y * pd.gpus / total);
                        c.order = seq;
                        out.push_back(c);
                        if (out.size() >= 2 * keep + 64)
                            pruned[k][1] += keepBest(out, keep);
                    }
            }
            pruned[k][1] += keepBest(out, keep);
        });
        // Merge in a fixed order: the result does not depend on the threads.
        for (std::size_t k = 0; k < found.size(); ++k) {
            result.prunedSla += pruned[k][0];
            result.prunedBound += pruned[k][1];
            for (Candidate &c : found[k]) {
                c.order = order + std::int64_t(k) * (std::int64_t(1) << 32) + c.order;
                candidates.push_back(c);
            }
        }
    }
    if (candidates.size() > keep) {
        std::nth_element(
            candidates.begin(), candidates.begin() + std::ptrdiff_t(keep), candidates.end(), candidateLess);
        // Counted as pruned by the bound: they sit behind `keep` better-bounded candidates.
        result.prunedBound += std::int64_t(candidates.size() - keep);
        candidates.resize(keep);
    }
    std::sort(candidates.begin(), candidates.end(), candidateLess);

    // 4. Simulate best bound first, in rounds on every core, until the top rows are settled.
    const unsigned cores
        = options.threads > 0 ? unsigned(options.threads) : std::max(1u, std::thread::hardware_concurrency());
    const std::size_t round = std::max<std::size_t>(8, std::size_t(cores) * 4);
    const std::size_t limit = candidates.size();
    std::vector<Key> meetingKeys;
    std::size_t next = 0;
    const auto simulate = [&](const Candidate &c, SlaRow &r) {
        const Probe &p = probes[c.probe];
        const SearchGpu &g = gpus[p.gpuIndex];
        const Variant &v = variants[p.variant];
        r.gpuIndex = p.gpuIndex;
        r.gpuId = g.gpu.id;
        r.kvDtype = v.kv;
        r.quantization = v.quant;
        r.usdPerGpuHour = g.usdPerGpuHour;
        if (c.prefillProbe < 0) {
            const EvaluatedPlan ev = evaluatePlan(
                withVariant(withSizes(base, p.s.tp, p.s.pp, p.s.dp, p.s.ep, c.mns, c.mnbt), v), model, g.gpu);
            const Evaluation &e = ev.evaluation;
            if (!e.valid || !e.fits || e.hasErrors())
                return false;
            const ServingResult s = simulateServing(ev, w, g.coefficients);
            r.tp = p.s.tp, r.pp = p.s.pp, r.dp = p.s.dp, r.ep = p.s.ep;
            r.gpus = s.gpus;
            r.maxNumSeqs = e.plan.maxNumSeqs;
            r.maxNumBatchedTokens = e.plan.maxNumBatchedTokens;
            r.clusterMaxConcurrency = e.kv.clusterMaxConcurrency;
            r.ttft = s.ttft, r.tpot = s.tpot, r.itl = s.itl, r.e2e = s.e2e;
            r.outputTokensPerSec = s.outputTokensPerSec;
            r.outputTokensPerSecPerGpu = s.outputTokensPerSecPerGpu;
            r.requestsPerSec = s.requestsPerSec;
            r.durationSec = s.durationSec;
            r.preemptions = s.preemptions;
            r.concurrencyPerGpu = r.gpus > 0 ? double(r.clusterMaxConcurrency) / r.gpus : 0;
            judgeRow(r, sla, w, lengths.longestOutput);
            if (s.stoppedEarly)
                r.meetsSla = false, r.goodputPerGpu = 0;
            return true;
        }
        const Probe &pp = probes[c.prefillProbe];
        const Plan plan
            = disaggPlan(base, v, pp.s, c.x, c.prefillMnbt, p.s, c.y, c.mns, c.mnbt, options.kvTransferLink);
        const EvaluatedPlan pre = evaluatePlan(poolPlan(plan, Pool::Prefill), model, g.gpu);
        const EvaluatedPlan dec = evaluatePlan(poolPlan(plan, Pool::Decode), model, g.gpu);
        for (const EvaluatedPlan *ev : { &pre, &dec })
            if (!ev->evaluation.valid || !ev->evaluation.fits || ev->evaluation.hasErrors())
                return false;
        const DisaggServingResult s
            = simulateDisaggregated(pre, c.x, dec, c.y, options.kvTransferLink, w, g.coefficients, g.coefficients);
        r.disaggregated = true;
        r.prefill = plan.prefill;
        r.prefill.maxNumBatchedTokens = pre.evaluation.plan.maxNumBatchedTokens;
        r.decode = plan.decode;
        r.decode.maxNumSeqs = dec.evaluation.plan.maxNumSeqs;
        r.decode.maxNumBatchedTokens = dec.evaluation.plan.maxNumBatchedTokens;
        r.tp = p.s.tp, r.pp = p.s.pp, r.dp = p.s.dp, r.ep = p.s.ep;
        r.gpus = s.gpus;
        r.maxNumSeqs = dec.evaluation.plan.maxNumSeqs;
        r.maxNumBatchedTokens = dec.evaluation.plan.maxNumBatchedTokens;
        r.clusterMaxConcurrency = dec.evaluation.kv.clusterMaxConcurrency * c.y;
        r.concurrencyPerGpu = r.gpus > 0 ? double(r.clusterMaxConcurrency) / r.gpus : 0;
        r.ttft = s.ttft, r.tpot = s.tpot, r.itl = s.itl, r.e2e = s.e2e;
        r.outputTokensPerSec = s.outputTokensPerSec;
        r.outputTokensPerSecPerGpu = s.outputTokensPerSecPerGpu;
        r.requestsPerSec = s.requestsPerSec;
        r.durationSec = s.durationSec;
        r.preemptions
            = (s.prefill.preemptions * s.prefill.replicas) * c.x + (s.decode.preemptions * s.decode.replicas) * c.y;
        r.kvTransferSec = s.transfer.seconds;
        r.boundBy = s.balance.boundBy;
        judgeRow(r, sla, w, lengths.longestOutput);
        if (s.stoppedEarly)
            r.meetsSla = false, r.goodputPerGpu = 0;
        return true;
    };
    while (next < limit) {
        if (meetingKeys.size() >= std::size_t(std::max(1, options.top))) {
            std::nth_element(meetingKeys.begin(), meetingKeys.begin() + (options.top - 1), meetingKeys.end());
            if (candidates[next].bound > meetingKeys[options.top - 1])
                break;
        }
        const std::size_t end = std::min(limit, next + round);
        std::vector<SlaRow> batch(end - next);
        std::vector<char> kept(end - next, 0);
        parallelFor(batch.size(), options.threads,
            [&](std::size_t k) { kept[k] = simulate(candidates[next + k], batch[k]) ? 1 : 0; });
        for (std::size_t k = 0; k < batch.size(); ++k) {
            ++result.simulated;
            if (!kept[k]) {
                ++result.prunedMemory;
                continue;
            }
            if (batch[k].meetsSla)
                meetingKeys.push_back(rowKey(batch[k], options.objective, rate));
            result.rows.push_back(std::move(batch[k]));
        }
        next = end;
    }
    result.prunedBound += std::int64_t(candidates.size() - next);
    rankSlaRows(result.rows, options.objective, rate);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace shardscope
