#include "core/serving/serving.h"

#include "core/evaluate/kvcache.h"
#include "core/model/errors.h"
#include "core/model/vllmversion.h"
#include "core/serving/apiserver.h"
#include "core/serving/sharegptlengths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>

namespace shardscope {

namespace {

// A warning in both forms: English for the JSON and the CLI, a Sentence for the window.
void warn(ServingResult &r, Sentence s)
{
    r.warnings.push_back(s.text());
    r.warningSentences.push_back(std::move(s));
}

// Counts as plain digits, as the warnings printed before they became sentences.
Sentence count(std::int64_t n)
{
    return value(std::to_string(n));
}

} // namespace

const char *datasetName(Dataset d)
{
    return d == Dataset::ShareGpt ? "sharegpt" : "random";
}

void useShareGptMeans(Workload &w, bool input, bool output)
{
    const ShareGptMeans m = shareGptMeans(w.numPrompts);
    if (input)
        w.inputLen = std::llround(m.input);
    if (output)
        w.outputLen = std::llround(m.output);
}

ShareGptLengths::ShareGptLengths(const Workload &w, int replicas, int replica)
    : m_rows(shareGptRequests())
    , m_stride(std::max(1, replicas))
    , m_offset(std::clamp(replica, 0, std::max(1, replicas) - 1))
{
    // vllm bench serve sends the first num_prompts requests; a DP replica gets every dp-th of them. The scales are
    // taken against the means of all of them, so the table's own means (useShareGptMeans) leave every length as
    // it is. A mean of 1 leaves every request 1 (lengths are at least 1): the disaggregated prefill pool's output.
    // A random workload never asks for a length: no scan of the table on every simulation.
    if (w.dataset != Dataset::ShareGpt)
        return;
    const ShareGptMeans means = shareGptMeans(w.numPrompts);
    const auto scale = [](std::int64_t want, double mean) {
        return want <= 1 ? 0.0 : want == std::llround(mean) ? 1.0 : static_cast<double>(want) / mean;
    };
    m_inScale = scale(w.inputLen, means.input);
    m_outScale = scale(w.outputLen, means.output);
}

std::pair<std::int64_t, std::int64_t> ShareGptLengths::at(std::int64_t i) const
{
    const auto row = static_cast<std::size_t>((i * m_stride + m_offset) % static_cast<std::int64_t>(m_rows.size()));
    const ShareGptRequest &r = m_rows[row];
    return { std::max<std::int64_t>(1, std::llround(r.input * m_inScale)),
        std::max<std::int64_t>(1, std::llround(r.output * m_outScale)) };
}

RequestLengths requestLengths(const Workload &w)
{
    RequestLengths l;
    if (w.dataset != Dataset::ShareGpt) {
        l.shortestInput = w.inputLenLo > 0 ? w.inputLenLo : w.inputLen;
        l.longestInput = w.inputLenHi > 0 ? w.inputLenHi : w.inputLen;
        l.shortestOutput = l.longestOutput = w.outputLen;
        l.longestRequest = l.longestInput + w.outputLen;
        return l;
    }
    const ShareGptLengths rows(w, 1);
    const std::int64_t n = std::min<std::int64_t>(w.numPrompts, static_cast<std::int64_t>(shareGptRequests().size()));
    l.shortestInput = l.shortestOutput = std::numeric_limits<std::int64_t>::max();
    for (std::int64_t i = 0; i < n; ++i) {
        const auto [in, out] = rows.at(i);
        l.shortestInput = std::min(l.shortestInput, in);
        l.longestInput = std::max(l.longestInput, in);
        l.shortestOutput = std::min(l.shortestOutput, out);
        l.longestOutput = std::max(l.longestOutput, out);
        l.longestRequest = std::max(l.longestRequest, in + out);
    }
    return l;
}

void checkWorkload(const Workload &w, std::int64_t maxModelLen)
{
    auto fail = [](const std::string &flag, const std::string &value, const std::string &why) {
        throw InputError("--" + flag + " " + value + ": " + why);
    };
    const std::int64_t ctx = maxModelLen > 0 ? maxModelLen : std::numeric_limits<std::int64_t>::max();
    if (w.outputLen < 1 || w.outputLen > kMaxOutputLen)
        fail("output-len", std::to_string(w.outputLen),
            "expected a whole number from 1 to " + std::to_string(kMaxOutputLen));
    const bool range = w.inputLenLo > 0 || w.inputLenHi > 0;
    if (w.dataset == Dataset::ShareGpt) {
        // The lengths come from the dataset; a request longer than max_model_len fails on its own (simulated).
        if (range)
            fail("input-len-range", std::to_string(w.inputLenLo) + ":" + std::to_string(w.inputLenHi),
                "--dataset-name sharegpt draws each request's lengths: give --input-len as their mean instead");
        if (w.inputLen < 1 || w.inputLen > kMaxShareGptMean)
            fail("input-len", std::to_string(w.inputLen),
                "with --dataset-name sharegpt, the mean prompt length, from 1 to " + std::to_string(kMaxShareGptMean));
        if (w.outputLen > kMaxShareGptMean)
            fail("output-len", std::to_string(w.outputLen),
                "with --dataset-name sharegpt, the mean output length, from 1 to " + std::to_string(kMaxShareGptMean));
    } else if (range) {
        if (w.inputLenLo < 1 || w.inputLenHi < w.inputLenLo)
            fail("input-len-range", std::to_string(w.inputLenLo) + ":" + std::to_string(w.inputLenHi),
                "expected lo:hi with 1 <= lo <= hi");
        if (w.inputLenHi + w.outputLen > ctx)
            fail("input-len-range", std::to_string(w.inputLenLo) + ":" + std::to_string(w.inputLenHi),
                "hi + --output-len exceeds max_model_len " + std::to_string(ctx));
    } else {
        if (w.inputLen < 1)
            fail("input-len", std::to_string(w.inputLen), "expected a whole number of at least 1");
        if (w.inputLen + w.outputLen > ctx)
            fail("input-len", std::to_string(w.inputLen),
                "input + output (" + std::to_string(w.inputLen + w.outputLen) + ") exceeds max_model_len "
                    + std::to_string(ctx));
    }
    if (w.numPrompts < 1 || w.numPrompts > kMaxNumPrompts)
        fail("num-prompts", std::to_string(w.numPrompts),
            "expected a whole number from 1 to " + std::to_string(kMaxNumPrompts));
    if (w.maxConcurrency < 0 || w.maxConcurrency > kMaxNumPrompts)
        fail("max-concurrency", std::to_string(w.maxConcurrency),
            "expected a whole number from 1 to " + std::to_string(kMaxNumPrompts));
    if (!(w.requestRate >= 0) || w.requestRate > kMaxRequestRate)
        fail("request-rate", std::to_string(w.requestRate), "expected requests per second above 0, at most 1e6");
    if (!(w.prefixHitRate >= 0) || w.prefixHitRate >= 1)
        fail("prefix-hit-rate", std::to_string(w.prefixHitRate), "expected a fraction from 0 to below 1");
}

namespace {

// splitmix64: the same stream on every platform (std:: distributions are not portable).
struct Rng
{
    std::uint64_t s;
    std::uint64_t next()
    {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); } // [0, 1)
};

struct Request
{
    double arrival = 0;
    double start = 0; // the client sends it (TTFT and E2E count from here)
    double first = -1;
    double finish = -1;
    std::int64_t input = 0;
    std::int64_t output = 0;
    std::int64_t hit = 0; // prefix-cache tokens (whole blocks)
    std::int64_t computed = 0;
    std::int64_t generated = 0;
    std::int64_t blocks = 0;
    // After a preemption under prefix caching: the blocks of its computed prefix left in the free queue, and
    // where they went in (the blocks taken from the queue before then, and those ahead of them).
    std::int64_t cachedBlocks = 0;
    std::int64_t cachedAtTaken = 0;
    std::int64_t cachedAhead = 0;
    bool done = false;
    bool failed = false;
    std::int64_t tokens() const { return input + generated; }
};

// One DP replica's engine: its requests, the API server that hands them over, its scheduler's queues and its
// KV pool.
struct Replica
{
    explicit Replica(double frontendSec)
        : api(frontendSec)
    {
    }
    std::vector<Request> req;
    std::int64_t clientSlots = 0; // its share of --max-concurrency (unbounded without)
    ApiServer api;
    std::deque<int> released; // handed to the engine core by the API server, not yet waiting
    std::deque<int> waiting;
    std::vector<int> running;
    std::vector<std::pair<int, std::int64_t>> sched; // this step's requests and their tokens
    size_t nextPending = 0;
    std::int64_t inflight = 0;
    std::int64_t freeBlocks = 0;
    std::int64_t taken = 0; // blocks handed out from the free queue so far
    std::int64_t finished = 0;
    std::int64_t target = 0; // requests that can finish
};

// Token-weighted inter-token latencies: a log histogram (200 bins per decade, 1 us .. 10^4 s) so a run
// of millions of steps needs no per-token storage.
struct ItlHistogram
{
    static constexpr int kBins = 2000;
    static constexpr double kLo = 1e-6;
    std::array<double, kBins> w {};
    double total = 0;
    double sum = 0;
    void add(double sec, double weight)
    {
        if (weight <= 0)
            return;
        int bin = sec <= kLo ? 0 : static_cast<int>(std::log10(sec / kLo) * 200);
        bin = std::clamp(bin, 0, kBins - 1);
        w[static_cast<size_t>(bin)] += weight;
        total += weight;
        sum += sec * weight;
    }
    double quantile(double q) const
    {
        if (total <= 0)
            return 0;
        const double target = q * total;
        double acc = 0;
        for (int i = 0; i < kBins; ++i) {
            const double wi = w[static_cast<size_t>(i)];
            if (wi > 0 && acc + wi >= target) {
                const double f = (target - acc) / wi;
                return kLo * std::pow(10.0, (i + f) / 200.0);
            }
            acc += wi;
        }
        return kLo * std::pow(10.0, kBins / 200.0);
    }
};

// np.percentile's linear interpolation over sorted values.
double percentile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double pos = q * (static_cast<double>(sorted.size()) - 1);
    const size_t lo = static_cast<size_t>(std::floor(pos));
    const size_t hi = std::min(sorted.size() - 1, lo + 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

LatencyStats stats(std::vector<double> &v)
{
    LatencyStats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / static_cast<double>(v.size());
    s.p50 = percentile(v, 0.5);
    s.p90 = percentile(v, 0.9);
    s.p99 = percentile(v, 0.99);
    return s;
}

// Σ over query positions c+1 .. c+n of min(position, w): causal pairs of one chunk under a window.
double windowedPairs(double c, double n, double w)
{
    if (w <= 0)
        return n * c + n * (n + 1) / 2;
    const double a = c + 1, b = c + n;
    double s = 0;
    if (a <= w) {
        const double m = std::min(b, w);
        s += (a + m) * (m - a + 1) / 2;
    }
    const double over = b - std::max(a - 1, w);
    if (over > 0)
        s += over * w;
    return s;
}

} // namespace

ServingResult simulateServing(const EvaluatedPlan &plan, const Workload &workload, const ServingCoefficients &coef,
    const SimulationLimits &limits)
{
    ServingResult r;
    r.workload = workload;
    r.coefficients = coef;
    const Evaluation &e = plan.evaluation;
    const Plan &p = e.plan;
    r.replicas = std::max(1, p.dp);
    r.gpus = std::max(1, e.worldSize);
    r.maxNumSeqs = p.maxNumSeqs > 0 ? p.maxNumSeqs : 256;
    r.maxNumBatchedTokens = p.maxNumBatchedTokens > 0 ? p.maxNumBatchedTokens : 2048;
    r.blockSize = std::max(1, e.kv.blockSize > 0 ? e.kv.blockSize : p.blockSize);
    if (!e.valid || e.stageLayers.empty()) {
        warn(r, phrase("Serving", QT_TRANSLATE_NOOP("Serving", "the plan is not valid: nothing to simulate")));
        return r;
    }
    const std::int64_t bs = r.blockSize;
    std::int64_t totalBlocks = e.kv.capacityTokens > 0 ? e.kv.capacityTokens / bs : e.kv.blocks;
    r.kvBlocks = totalBlocks;
    if (!e.fits || totalBlocks <= 0) {
        warn(r, phrase("Serving", QT_TRANSLATE_NOOP("Serving", "the plan leaves no KV cache: no request can run")));
        return r;
    }
    const StepModel model = buildStepModel(plan, coef);
    const int pp = model.pp;
    const std::int64_t budgetPerRound = r.maxNumBatchedTokens * pp;
    const std::int64_t maxSeqs = r.maxNumSeqs;

    // DP replicas of a MoE model step in lock-step: vLLM runs them as DPEngineCoreProc (only for MoE models,
    // vllm/v1/engine/core.py run_engine_core), a rank with nothing scheduled runs a dummy batch, and every
    // rank pads its tokens to the largest rank's (vllm/v1/worker/dp_utils.py coordinate_batch_across_dp,
    // @017e9f4448b7), so a step lasts as long as the slowest rank's. Those replicas are simulated side by side,
    // each with its own requests; a dense model's replicas are independent engines: one is simulated and scaled.
    r.lockStep = r.replicas > 1 && plan.model.isMoe();
    // The replicas that get requests: under lock-step, fewer prompts or clients than replicas leave the others
    // idle (their dummy batches never set a step's length).
    const std::int64_t clients
        = workload.maxConcurrency > 0 ? workload.maxConcurrency : std::numeric_limits<std::int64_t>::max();
    const int spread = r.lockStep ? static_cast<int>(std::min<std::int64_t>(
                           { r.replicas, std::max<std::int64_t>(1, workload.numPrompts), clients }))
                                  : r.replicas;
    // At most kLockStepReplicas of them side by side (the cost grows with each): more stand for the rest, whose
    // slowest rank the slowest of those represents.
    const int simulated = r.lockStep ? std::min(spread, kLockStepReplicas) : 1;
    // A count over the simulated replicas -> over all of them (set once their requests are drawn).
    double scale = r.replicas;
    auto scaled = [&scale](std::int64_t n) { return count(std::llround(static_cast<double>(n) * scale)); };

    // A replica's share of the prompts and of the clients (rate / dp): the prompts round-robin, as every
    // spread-th request of the run; one replica standing for all gets the rounded-up share.
    auto share = [&](std::int64_t total, int k) {
        if (!r.lockStep)
            return std::max<std::int64_t>(1, (total + spread - 1) / spread);
        return std::max<std::int64_t>(1, total / spread + (k < total % spread ? 1 : 0));
    };
    const double rate = workload.requestRate > 0 ? workload.requestRate / spread : 0;
    const bool range = workload.inputLenLo > 0 && workload.inputLenHi >= workload.inputLenLo;
    // A shift when the block size is a power of two (16 by default): this runs per request per step.
    const int bsShift
        = std::has_single_bit(static_cast<std::uint64_t>(bs)) ? std::countr_zero(static_cast<std::uint64_t>(bs)) : -1;
    auto blocksFor = [bs, bsShift](std::int64_t tokens) {
        return bsShift >= 0 ? (tokens + bs - 1) >> bsShift : (tokens + bs - 1) / bs;
    };

    Rng rng { workload.seed * 0x2545F4914F6CDD1DULL + 17 };
    std::vector<Replica> reps;
    reps.reserve(static_cast<size_t>(simulated));
    std::int64_t failed = 0;
    std::int64_t tooLong = 0;
    for (int k = 0; k < simulated; ++k) {
        Replica &R = reps.emplace_back(coef.frontendRequestSec);
        const ShareGptLengths shareGpt(workload, spread, k);
        R.req.resize(static_cast<size_t>(share(workload.numPrompts, k)));
        R.clientSlots = workload.maxConcurrency > 0 ? share(workload.maxConcurrency, k)
                                                    : std::numeric_limits<std::int64_t>::max();
        double arrival = 0;
        for (auto &q : R.req) {
            q.input = range ? workload.inputLenLo
                    + static_cast<std::int64_t>(
                        rng.uniform() * static_cast<double>(workload.inputLenHi - workload.inputLenLo + 1))
                            : workload.inputLen;
            q.input = std::max<std::int64_t>(1, q.input);
            q.output = workload.outputLen;
            if (workload.dataset == Dataset::ShareGpt) {
                const auto [in, out] = shareGpt.at(static_cast<std::int64_t>(&q - R.req.data()));
                q.input = in;
                q.output = out;
            }
            q.hit = std::min<std::int64_t>(
                static_cast<std::int64_t>(workload.prefixHitRate * static_cast<double>(q.input)) / bs * bs,
                q.input - 1);
            q.hit = std::max<std::int64_t>(0, q.hit) / bs * bs;
            if (rate > 0) {
                arrival += -std::log(1.0 - rng.uniform()) / rate;
                q.arrival = arrival;
            }
        }
        // vllm bench serve rescales the delays so the last arrival is exactly at N / R.
        if (rate > 0 && arrival > 0) {
            const double s = (static_cast<double>(R.req.size()) / rate) / arrival;
            for (auto &q : R.req)
                q.arrival *= s;
        }
        for (auto &q : R.req)
            if (workload.dataset == Dataset::ShareGpt && p.maxModelLen > 0 && q.input + q.output > p.maxModelLen) {
                q.failed = true; // vLLM refuses a request longer than max_model_len; vllm bench serve counts it failed
                ++tooLong;
            } else if (blocksFor(q.input + q.output) > totalBlocks) {
                q.failed = true;
                ++failed;
            }
        R.freeBlocks = totalBlocks;
        R.target = static_cast<std::int64_t>(R.req.size())
            - std::count_if(R.req.begin(), R.req.end(), [](const Request &q) { return q.failed; });
        R.running.reserve(
            static_cast<size_t>(std::min<std::int64_t>(static_cast<std::int64_t>(R.req.size()), maxSeqs) + 1));
        R.sched.reserve(R.running.capacity());
    }
    if (r.lockStep) {
        std::int64_t drawn = 0;
        for (const Replica &R : reps)
            drawn += static_cast<std::int64_t>(R.req.size());
        scale = static_cast<double>(workload.numPrompts) / static_cast<double>(drawn);
    }
    if (tooLong > 0)
        warn(r,
            phrase("Serving",
                QT_TRANSLATE_NOOP("Serving",
                    "%1 ShareGPT requests are longer than max_model_len (%2 tokens): vLLM refuses them, and they are "
                    "skipped"),
                { scaled(tooLong), count(p.maxModelLen) }));
    if (failed > 0)
        warn(r,
            phrase("Serving",
                QT_TRANSLATE_NOOP("Serving",
                    "%1 requests never fit the KV pool (input + output above its %2 tokens) and are skipped"),
                { scaled(failed), count(totalBlocks * bs) }));

    // A preempted request's blocks go back to the free queue's tail (tail blocks first) with their hashes, and
    // the pool hands out blocks from the head, so its computed prefix survives until the blocks taken since
    // pass those that were ahead of it; on readmission get_computed_blocks finds what is left, never the last
    // token (vllm/v1/core/kv_cache_manager.py and block_pool.py @a964e5e6c35e). Only with prefix caching.
    const bool prefixCaching = prefixCachingOn(p, plan.model);
    auto hitTokens = [&](const Replica &R, const Request &q) {
        std::int64_t hit = q.hit;
        if (q.cachedBlocks > 0) {
            const std::int64_t evicted = std::max<std::int64_t>(0, R.taken - q.cachedAtTaken - q.cachedAhead);
            hit = std::max(hit, std::max<std::int64_t>(0, q.cachedBlocks - evicted) * bs);
        }
        return std::min(hit, q.tokens() - 1) / bs * bs;
    };
    // The blocks a waiting request must find free to be admitted with `budget` tokens of this step left.
    const bool reserveFullIsl = resolvedVllmVersion(p.vllmVersion) >= kSchedulerReserveFullIsl;
    auto admissionBlocks = [&](const Replica &R, const Request &q, std::int64_t budget) {
        if (reserveFullIsl)
            return blocksFor(q.tokens());
        const std::int64_t hit = hitTokens(R, q);
        return blocksFor(hit + std::min(q.tokens() - hit, std::max<std::int64_t>(1, budget)));
    };

    double t = 0;
    ItlHistogram itl;
    double decodeTokenSum = 0, decodeSteps = 0, decodeCtxSum = 0;
    double prefillTokenSum = 0, prefillPairSum = 0, sampledSum = 0, requestSum = 0;
    std::int64_t replicaSteps = 0; // Σ over rounds of the replicas that ran a batch
    // The simulation's work, bounded by limits.maxSteps: rounds x simulated replicas (one replica: the steps).
    const auto perRound = static_cast<std::int64_t>(reps.size());
    auto workLeft = [&]() { return (limits.maxSteps - r.steps * perRound) / perRound; };
    std::int64_t preemptions = 0; // all simulated replicas
    std::int64_t kvStride = 1;
    const double window = model.window;
    const double poolBlocks = static_cast<double>(totalBlocks) * simulated;

    // The API server handles the requests it holds side by side on one core (apiserver.h): each needs
    // frontend_request_s of it before the engine core sees it.
    auto handOver = [&](Replica &R, double now) { R.api.advanceTo(now, R.released); };
    auto release = [&](Replica &R, double now) {
        handOver(R, now);
        while (R.nextPending < R.req.size() && R.inflight < R.clientSlots) {
            Request &q = R.req[R.nextPending];
            if (!q.failed) {
                q.start = std::max(q.arrival, now);
                R.api.send(static_cast<int>(R.nextPending), q.start);
                ++R.inflight;
            }
            ++R.nextPending;
        }
    };
    auto sampleKv = [&]() {
        double free = 0;
        for (const Replica &R : reps)
            free += static_cast<double>(R.freeBlocks);
        const double frac = 1.0 - free / poolBlocks;
        r.kvPeakFraction = std::max(r.kvPeakFraction, frac);
        if (r.steps % kvStride == 0) {
            r.kvTimeline.push_back({ t, frac });
            if (r.kvTimeline.size() >= 512) {
                size_t k = 0;
                for (size_t i = 0; i < r.kvTimeline.size(); i += 2)
                    r.kvTimeline[k++] = r.kvTimeline[i];
                r.kvTimeline.resize(k);
                kvStride *= 2;
            }
        }
    };
    auto finish = [&](Replica &R, Request &q) {
        q.done = true;
        q.finish = t;
        R.freeBlocks += q.blocks;
        q.blocks = 0;
        --R.inflight;
        ++R.finished;
    };
    auto dropFinished = [&](Replica &R) {
        R.running.erase(std::remove_if(R.running.begin(), R.running.end(),
                            [&](int id) { return R.req[static_cast<size_t>(id)].done; }),
            R.running.end());
        release(R, t);
    };
    // Requests finished and those that can finish, over the simulated replicas.
    auto progress = [&]() {
        std::pair<std::int64_t, std::int64_t> p { 0, 0 };
        for (const Replica &R : reps) {
            p.first += R.finished;
            p.second += R.target;
        }
        return p;
    };
    // When the next request reaches any replica's scheduler (ApiServer::kNever: none in hand).
    auto nextHandOver = [&]() {
        double next = ApiServer::kNever;
        for (const Replica &R : reps)
            next = std::min(next, R.api.nextHandOver());
        return next;
    };
    // A run of decode-only steps with nothing to admit and nothing arriving: the steps are priced one by one
    // (under lock-step each lasts as long as the slowest replica's) but the requests are updated once. False
    // when it does not apply: some replica has a prefill to run or a request to admit.
    struct DecodeRun
    {
        double cnt = 0, ctx = 0, ctxWin = 0, belowWin = 0;
    };
    std::vector<DecodeRun> runs(reps.size());
    auto decodeRun = [&]() {
        std::int64_t k = std::numeric_limits<std::int64_t>::max();
        bool any = false;
        for (size_t ri = 0; ri < reps.size(); ++ri) {
            Replica &R = reps[ri];
            DecodeRun &d = runs[ri];
            d = DecodeRun {};
            if (R.running.empty()) {
                if (!R.waiting.empty())
                    return false;
                continue; // idle: under lock-step it runs dummy batches, which the others' steps cover
            }
            // A waiting request that fits is admitted by the next step, so no run of decode-only steps can
            // start: skip the scan of the running requests (it decides nothing then).
            const bool admissible = !R.waiting.empty() && static_cast<std::int64_t>(R.running.size()) < maxSeqs
                && admissionBlocks(R, R.req[static_cast<size_t>(R.waiting.front())],
                       budgetPerRound - static_cast<std::int64_t>(R.running.size()))
                    <= R.freeBlocks;
            if (admissible || static_cast<std::int64_t>(R.running.size()) > budgetPerRound)
                return false;
            std::int64_t minLeft = std::numeric_limits<std::int64_t>::max();
            std::int64_t ctxTokens = 0; // an integer sum: exact, and off the floating-point latency chain
            for (int id : R.running) {
                const Request &q = R.req[static_cast<size_t>(id)];
                if (q.generated < 1 || q.tokens() - q.computed != 1)
                    return false;
                minLeft = std::min(minLeft, q.output - q.generated);
                ctxTokens += q.computed + 1;
            }
            d.ctx = static_cast<double>(ctxTokens);
            if (window > 0)
                for (int id : R.running) {
                    const double c = static_cast<double>(R.req[static_cast<size_t>(id)].computed + 1);
                    d.ctxWin += std::min(c, window);
                    d.belowWin += c < window ? 1 : 0;
                }
            d.cnt = static_cast<double>(R.running.size());
            // KV safety: each request needs at most k / bs + 1 new blocks.
            if (minLeft > 1) {
                const double perReq = static_cast<double>(R.freeBlocks) / d.cnt - 1;
                minLeft = std::min<std::int64_t>(
                    minLeft, static_cast<std::int64_t>(std::max(0.0, perReq) * static_cast<double>(bs)));
            }
            k = std::min(k, minLeft);
            any = true;
        }
        k = std::min<std::int64_t>(k, workLeft());
        if (!any || k <= 1)
            return false;
        const double nextStart = nextHandOver();
        std::int64_t done = 0;
        StepBatch b;
        // Every step of the run has each replica's batch size: its GEMM knees are read once.
        std::vector<StepKnees> knees;
        knees.reserve(runs.size());
        for (const DecodeRun &d : runs) {
            b.decodeTokens = b.sampled = b.requests = d.cnt;
            knees.push_back(stepKnees(model, b));
        }
        while (done < k) {
            const double i = static_cast<double>(done);
            double dt = 0;
            for (std::size_t ri = 0; ri < runs.size(); ++ri)
                if (const DecodeRun &d = runs[ri]; d.cnt > 0) {
                    b.decodeTokens = b.sampled = b.requests = d.cnt;
                    b.decodeContext = d.ctx + i * d.cnt;
                    b.decodeContextWindowed = window > 0 ? std::min(d.ctxWin + i * d.belowWin, d.cnt * window) : 0;
                    dt = std::max(dt, stepTime(model, b, &knees[ri]).totalSec);
                    decodeTokenSum += d.cnt;
                    decodeCtxSum += b.decodeContext;
                    decodeSteps += 1;
                    ++replicaSteps;
                }
            t += dt;
            for (const DecodeRun &d : runs)
                itl.add(dt, d.cnt);
            ++done;
            ++r.steps;
            if (t >= nextStart)
                break;
        }
        for (Replica &R : reps) {
            bool anyDone = false;
            for (int id : R.running) {
                Request &q = R.req[static_cast<size_t>(id)];
                q.computed += done;
                q.generated += done;
                const std::int64_t nb = blocksFor(q.computed + 1);
                R.freeBlocks -= nb - q.blocks;
                R.taken += nb - q.blocks;
                q.blocks = nb;
                if (q.generated >= q.output) {
                    finish(R, q);
                    anyDone = true;
                }
            }
            if (anyDone)
                dropFinished(R);
        }
        sampleKv();
        return true;
    };
    // One scheduler step (vLLM V1 Scheduler.schedule): running first, then waiting. Fills R.sched.
    auto schedule = [&](Replica &R) {
        R.sched.clear();
        std::int64_t budget = budgetPerRound;
        bool preempted = false;
        for (size_t i = 0; i < R.running.size() && budget > 0; ++i) {
            const int id = R.running[i];
            Request &q = R.req[static_cast<size_t>(id)];
            const std::int64_t want = std::min(q.tokens() - q.computed, budget);
            if (want <= 0)
                continue;
            bool selfPreempted = false;
            while (blocksFor(q.computed + want) - q.blocks > R.freeBlocks) {
                const int victim = R.running.back();
                R.running.pop_back();
                Request &v = R.req[static_cast<size_t>(victim)];
                if (prefixCaching) {
                    v.cachedBlocks = v.computed / bs;
                    v.cachedAtTaken = R.taken;
                    v.cachedAhead = R.freeBlocks;
                }
                R.freeBlocks += v.blocks;
                v.blocks = 0;
                v.computed = 0;
                R.waiting.push_front(victim);
                ++preemptions;
                preempted = true;
                if (victim == id) {
                    selfPreempted = true;
                    break;
                }
            }
            if (selfPreempted)
                break;
            const std::int64_t nb = blocksFor(q.computed + want);
            R.freeBlocks -= nb - q.blocks;
            R.taken += nb - q.blocks;
            q.blocks = nb;
            R.sched.emplace_back(id, want);
            budget -= want;
        }
        if (preempted)
            return;
        while (!R.waiting.empty() && budget > 0 && static_cast<std::int64_t>(R.running.size()) < maxSeqs) {
            const int id = R.waiting.front();
            Request &q = R.req[static_cast<size_t>(id)];
            const std::int64_t hit = hitTokens(R, q);
            if (admissionBlocks(R, q, budget) > R.freeBlocks) // the whole prompt from 0.19, else this chunk
                break;
            const std::int64_t want = std::min(q.tokens() - hit, budget);
            q.computed = hit;
            const std::int64_t nb = blocksFor(hit + want);
            R.freeBlocks -= nb - q.blocks;
            R.taken += nb - q.blocks - (q.cachedBlocks > 0 ? hit / bs : 0);
            q.blocks = nb;
            q.cachedBlocks = 0;
            R.waiting.pop_front();
            R.running.push_back(id);
            R.sched.emplace_back(id, want);
            budget -= want;
        }
    };
    auto batchOf = [&](const Replica &R) {
        StepBatch b;
        for (const auto &[id, nTok] : R.sched) {
            const Request &q = R.req[static_cast<size_t>(id)];
            const double c = static_cast<double>(q.computed);
            const double nt = static_cast<double>(nTok);
            if (nTok == 1 && q.generated >= 1) {
                b.decodeTokens += 1;
                b.decodeContext += c + 1;
                b.decodeContextWindowed += window > 0 ? std::min(c + 1, window) : 0;
            } else {
                b.prefillTokens += nt;
                b.prefillPairs += nt * c + nt * (nt + 1) / 2;
                b.prefillPairsWindowed += window > 0 ? windowedPairs(c, nt, window) : 0;
            }
            b.sampled += q.computed + nTok == q.tokens() ? 1 : 0;
            b.requests += 1;
        }
        return b;
    };
    // The step's tokens are computed: first tokens, finished requests.
    auto commit = [&](Replica &R) {
        bool anyDone = false;
        for (const auto &[id, nTok] : R.sched) {
            Request &q = R.req[static_cast<size_t>(id)];
            q.computed += nTok;
            if (q.computed == q.tokens()) {
                q.generated += 1;
                if (q.first < 0)
                    q.first = t;
                if (q.generated >= q.output) {
                    finish(R, q);
                    anyDone = true;
                }
            }
        }
        if (anyDone)
            dropFinished(R);
    };

    for (Replica &R : reps)
        release(R, 0);
    std::vector<StepBatch> batches(reps.size());
    for (;;) {
        const auto [finished, target] = progress();
        if (finished >= target)
            break;
        if (workLeft() <= 0 || t > limits.maxSimulatedSec) {
            r.stoppedEarly = true;
            warn(r,
                phrase("Serving",
                    QT_TRANSLATE_NOOP(
                        "Serving", "the simulation stopped early after %1 steps (%2 of %3 requests finished)"),
                    { count(r.steps), scaled(finished), scaled(target) }));
            break;
        }
        bool work = false;
        for (Replica &R : reps) {
            handOver(R, t);
            while (!R.released.empty()) {
                R.waiting.push_back(R.released.front());
                R.released.pop_front();
            }
            work = work || !R.running.empty() || !R.waiting.empty();
        }
        if (!work) {
            const double next = nextHandOver();
            if (next == ApiServer::kNever)
                break; // nothing left (cannot happen while requests are unfinished)
            t = std::max(t, next);
            continue;
        }
        if (decodeRun())
            continue;

        double dt = 0;
        bool scheduled = false;
        for (size_t k = 0; k < reps.size(); ++k) {
            schedule(reps[k]);
            batches[k] = batchOf(reps[k]);
            if (reps[k].sched.empty())
                continue;
            scheduled = true;
            dt = std::max(dt, stepTime(model, batches[k]).totalSec); // lock-step: the slowest rank's step
        }
        if (!scheduled) {
            // Nothing could be scheduled (the pool is held by requests that all wait): advance to the next
            // arrival, or give up when none will come.
            const double next = nextHandOver();
            if (next != ApiServer::kNever) {
                t = std::max(t, next);
                continue;
            }
            r.stoppedEarly = true;
            warn(r,
                phrase("Serving",
                    QT_TRANSLATE_NOOP("Serving",
                        "the scheduler could not make progress: the KV pool is too small for the running requests")));
            break;
        }
        t += dt;
        ++r.steps;
        for (size_t k = 0; k < reps.size(); ++k) {
            if (reps[k].sched.empty())
                continue;
            const StepBatch &b = batches[k];
            ++replicaSteps;
            prefillTokenSum += b.prefillTokens;
            prefillPairSum += b.prefillPairs;
            sampledSum += b.sampled - b.decodeTokens;
            requestSum += b.requests - b.decodeTokens;
            if (b.decodeTokens > 0) {
                itl.add(dt, b.decodeTokens);
                decodeTokenSum += b.decodeTokens;
                decodeCtxSum += b.decodeContext;
                decodeSteps += 1;
            }
            commit(reps[k]);
        }
        sampleKv();
    }

    std::vector<double> ttft, tpot, e2e;
    double firstStart = std::numeric_limits<double>::infinity(), lastFinish = 0, inTok = 0, outTok = 0;
    for (const Replica &R : reps)
        for (const Request &q : R.req) {
            if (!q.done)
                continue;
            ttft.push_back(q.first - q.start);
            e2e.push_back(q.finish - q.start);
            if (q.output > 1)
                tpot.push_back((q.finish - q.first) / static_cast<double>(q.output - 1));
            firstStart = std::min(firstStart, q.start);
            lastFinish = std::max(lastFinish, q.finish);
            inTok += static_cast<double>(q.input);
            outTok += static_cast<double>(q.output);
        }
    r.completed = std::llround(static_cast<double>(e2e.size()) * scale);
    r.preemptions = (preemptions + simulated - 1) / simulated;
    r.ttft = stats(ttft);
    r.tpot = stats(tpot);
    r.e2e = stats(e2e);
    r.itl.mean = itl.total > 0 ? itl.sum / itl.total : 0;
    r.itl.p50 = itl.quantile(0.5);
    r.itl.p90 = itl.quantile(0.9);
    r.itl.p99 = itl.quantile(0.99);
    r.durationSec = e2e.empty() ? 0 : lastFinish - firstStart;
    if (r.durationSec > 0) {
        const double reps = scale;
        r.outputTokensPerSec = reps * outTok / r.durationSec;
        r.totalTokensPerSec = reps * (inTok + outTok) / r.durationSec;
        r.requestsPerSec = reps * static_cast<double>(e2e.size()) / r.durationSec;
        r.outputTokensPerSecPerGpu = r.outputTokensPerSec / r.gpus;
    }
    if (decodeSteps > 0) {
        r.steadyDecodeBatch.decodeTokens = decodeTokenSum / decodeSteps;
        r.steadyDecodeBatch.decodeContext = decodeCtxSum / decodeSteps;
        r.steadyDecodeBatch.sampled = r.steadyDecodeBatch.decodeTokens;
        r.steadyDecodeBatch.requests = r.steadyDecodeBatch.decodeTokens;
        r.steadyDecodeStep = stepTime(model, r.steadyDecodeBatch);
    }
    if (replicaSteps > 0) {
        // Decode tokens and contexts of the fast path are in the decode sums; the other parts only
        // occur in full scheduler steps.
        const double steps = static_cast<double>(replicaSteps);
        StepBatch &m = r.meanStep;
        m.decodeTokens = decodeTokenSum / steps;
        m.decodeContext = decodeCtxSum / steps;
        m.prefillTokens = prefillTokenSum / steps;
        m.prefillPairs = prefillPairSum / steps;
        m.sampled = m.decodeTokens + sampledSum / steps;
        m.requests = m.decodeTokens + requestSum / steps;
        r.meanStepCost = stepTime(model, m);
    }
    if (r.preemptions > 0)
        warn(r,
            phrase("Serving",
                QT_TRANSLATE_NOOP("Serving", "%1 preemptions: the KV pool ran full and requests were recomputed"),
                { count(r.preemptions) }));
    return r;
}

ServingResult simulateServing(const EvaluatedPlan &plan, const Workload &workload)
{
    return simulateServing(plan, workload, servingCoefficients(plan.gpu));
}

namespace {

nlohmann::json statsJson(const LatencyStats &s)
{
    return { { "mean", s.mean }, { "p50", s.p50 }, { "p90", s.p90 }, { "p99", s.p99 } };
}

} // namespace

nlohmann::json resolvedWorkloadJson(const Workload &w)
{
    nlohmann::json wl = { { "input_len", w.inputLen }, { "output_len", w.outputLen }, { "num_prompts", w.numPrompts },
        { "prefix_hit_rate", w.prefixHitRate }, { "seed", w.seed }, { "dataset_name", datasetName(w.dataset) } };
    if (w.inputLenLo > 0)
        wl["input_len_range"] = { w.inputLenLo, w.inputLenHi };
    wl["max_concurrency"] = w.maxConcurrency > 0 ? nlohmann::json(w.maxConcurrency) : nlohmann::json(nullptr);
    wl["request_rate"] = w.requestRate > 0 ? nlohmann::json(w.requestRate) : nlohmann::json("inf");
    return wl;
}

nlohmann::json servingToJson(const ServingResult &r)
{
    nlohmann::json out;
    const Workload &w = r.workload;
    nlohmann::json wl = resolvedWorkloadJson(w);
    wl["max_num_seqs"] = r.maxNumSeqs;
    wl["max_num_batched_tokens"] = r.maxNumBatchedTokens;
    out["workload"] = wl;
    out["estimated"] = true;
    out["ttft_s"] = statsJson(r.ttft);
    out["tpot_s"] = statsJson(r.tpot);
    out["itl_s"] = statsJson(r.itl);
    out["e2e_s"] = statsJson(r.e2e);
    out["output_tokens_per_s"] = r.outputTokensPerSec;
    out["output_tokens_per_s_per_gpu"] = r.outputTokensPerSecPerGpu;
    out["total_tokens_per_s"] = r.totalTokensPerSec;
    out["requests_per_s"] = r.requestsPerSec;
    out["duration_s"] = r.durationSec;
    out["kv_peak_fraction"] = r.kvPeakFraction;
    out["kv_blocks"] = r.kvBlocks;
    out["preemptions"] = r.preemptions * r.replicas;
    out["completed"] = r.completed;
    out["replicas"] = r.replicas;
    out["lockstep"] = r.lockStep;
    out["steps"] = r.steps;
    out["stopped_early"] = r.stoppedEarly;
    out["warnings"] = r.warnings;
    const StepCost &s = r.steadyDecodeStep;
    out["decode_step"] = { { "batch", r.steadyDecodeBatch.decodeTokens }, { "gemm_s", s.gemmSec },
        { "attention_s", s.attentionSec }, { "moe_s", s.moeSec }, { "comm_s", s.commSec }, { "fixed_s", s.fixedSec },
        { "cpu_s", s.cpuSec }, { "total_s", s.totalSec }, { "cuda_graph", s.cudaGraph } };
    nlohmann::json coef = nlohmann::json::object();
    for (const ServingCoefficient &c : r.coefficients.list())
        coef[c.name] = { { "value", c.value }, { "source", c.source } };
    out["coefficients"] = { { "family", r.coefficients.family }, { "values", coef } };
    return out;
}

std::string servingToText(const ServingResult &r)
{
    char buf[512];
    std::string out = "Serving (estimated, simulated vLLM V1 scheduler)\n";
    const Workload &w = r.workload;
    std::string input = w.inputLenLo > 0 ? std::to_string(w.inputLenLo) + ":" + std::to_string(w.inputLenHi)
                                         : std::to_string(w.inputLen);
    if (w.dataset == Dataset::ShareGpt)
        input = "ShareGPT lengths, mean " + input;
    std::string load = w.maxConcurrency > 0 ? "max concurrency " + std::to_string(w.maxConcurrency) : "";
    if (w.requestRate > 0) {
        std::snprintf(buf, sizeof buf, "%srate %.6g req/s", load.empty() ? "" : ", ", w.requestRate);
        load += buf;
    } else if (load.empty())
        load = "all sent at once";
    std::snprintf(buf, sizeof buf, "  workload: %s in / %lld out, %lld prompts, %s, prefix hit %.0f%%\n", input.c_str(),
        static_cast<long long>(w.outputLen), static_cast<long long>(w.numPrompts), load.c_str(), w.prefixHitRate * 100);
    out += buf;
    auto line = [&](const char *name, const LatencyStats &s) {
        std::snprintf(buf, sizeof buf, "  %-5s mean %9.2f ms   p50 %9.2f   p90 %9.2f   p99 %9.2f\n", name, s.mean * 1e3,
            s.p50 * 1e3, s.p90 * 1e3, s.p99 * 1e3);
        out += buf;
    };
    line("TTFT", r.ttft);
    line("TPOT", r.tpot);
    line("ITL", r.itl);
    line("E2E", r.e2e);
    std::snprintf(buf, sizeof buf,
        "  output %.1f tok/s (%.1f per GPU), total %.1f tok/s, %.3f req/s\n  KV peak %.1f%%, %lld preemptions, "
        "%lld steps\n",
        r.outputTokensPerSec, r.outputTokensPerSecPerGpu, r.totalTokensPerSec, r.requestsPerSec, r.kvPeakFraction * 100,
        static_cast<long long>(r.preemptions) * r.replicas, static_cast<long long>(r.steps));
    out += buf;
    const StepCost &s = r.steadyDecodeStep;
    std::snprintf(buf, sizeof buf,
        "  decode step at batch %.1f: %.3f ms = gemm %.3f + attention %.3f + moe %.3f + comm %.3f + fixed %.3f%s "
        "(cpu %.3f)\n",
        r.steadyDecodeBatch.decodeTokens, s.totalSec * 1e3, s.gemmSec * 1e3, s.attentionSec * 1e3, s.moeSec * 1e3,
        s.commSec * 1e3, s.fixedSec * 1e3, s.cudaGraph ? ", CUDA graph" : "", s.cpuSec * 1e3);
    out += buf;
    for (const std::string &wmsg : r.warnings)
        out += "  warning: " + wmsg + "\n";
    return out;
}

} // namespace shardscope
