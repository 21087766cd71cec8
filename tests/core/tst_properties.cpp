// Property test: every slider combination the window can reach evaluates to a consistent result.
// For a dense (Llama-3.1-70B), an MoE (Qwen3-30B-A3B) and an MLA + MoE model (DeepSeek-V3) it walks
// the whole parallelism grid the sliders offer (tp over the divisors of the head count up to 64,
// pp 1..min(layers, 16), dp 1..8, ep in {1, tp x dp} for MoE) and checks each evaluation for NaN,
// meaningless negative bytes and parts that do not add up to their whole. The settings that do not
// change the shape of the grid (GPU, accounting, KV dtype, utilization, context length) rotate with
// co-prime strides over the grid points, so every value meets many shapes without multiplying the
// run time by their product.
#include "tests/common/testutils.h"

#include "core/evaluate/validation.h"
#include "core/evaluate/weights.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <string>

using namespace shardscope;

namespace {

constexpr int kMaxTp = 64;
constexpr int kMaxPp = 16;
constexpr int kMaxDp = 8;

const char *const kGpus[] = { "h100-sxm", "a100-40gb", "mi300x" };
const double kUtilizations[] = { 0.9, 0.5, 0.95, 1.0 };
const std::int64_t kContexts[] = { 0, 4096, 32768, 131072 }; // 0: the model's maximum
// Each setting advances with its own stride so that neighbouring grid points differ in all of them.
template <typename T, size_t N> const T &rotate(const T (&values)[N], long index, long stride)
{
    return values[static_cast<size_t>((index / stride) % static_cast<long>(N))];
}

struct Failure
{
    std::string what;
};

#define PROPERTY(cond, msg)                                                                                            \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            throw Failure { std::string(msg) + " [" #cond "]" };                                                       \
    } while (0)

bool close(double a, double b, double scale)
{
    return std::abs(a - b) <= 1e-9 * std::max({ 1.0, std::abs(scale), std::abs(a), std::abs(b) });
}

std::string describe(const Plan &p, const char *gpu)
{
    return std::string(gpu) + " tp=" + std::to_string(p.tp) + " pp=" + std::to_string(p.pp)
        + " dp=" + std::to_string(p.dp) + " ep=" + std::to_string(p.ep) + " " + accountingName(p.accounting)
        + " kv=" + kvDtypeName(p.kvCacheDtype) + " util=" + std::to_string(p.gpuMemoryUtilization)
        + " len=" + std::to_string(p.maxModelLen);
}

void checkFinite(double v, const char *what)
{
    PROPERTY(std::isfinite(v), what);
}

void checkBytes(double v, const char *what)
{
    PROPERTY(std::isfinite(v) && v >= 0, what);
}

// Placement: rank coordinates, layers per stage, heads per TP rank, experts per EP rank.
void checkPlacement(const Evaluation &e, const ModelSpec &m)
{
    const Plan &p = e.plan;
    PROPERTY(e.worldSize == p.tp * p.pp * p.dp, "world size is tp x pp x dp");
    PROPERTY(static_cast<int>(e.ranks.size()) == e.worldSize, "one placement per GPU");
    PROPERTY(e.nodes == (e.worldSize + e.gpusPerNode - 1) / e.gpusPerNode, "nodes = ceil(world / GPUs per node)");
    for (int i = 0; i < e.worldSize; ++i) {
        const RankPlacement &r = e.ranks[i];
        PROPERTY(r.rank == i, "ranks in order");
        // vLLM's layout, docs/DESIGN.md §2: rank = (dp_rank x pp + pp_rank) x tp + tp_rank.
        PROPERTY((r.dpRank * p.pp + r.ppStage) * p.tp + r.tpRank == i, "rank = (dp x pp + stage) x tp + tp_rank");
        PROPERTY(r.node == i / e.gpusPerNode, "ranks fill nodes in order");
        PROPERTY(r.embedding == (r.ppStage == 0), "embedding on the first stage only");
        PROPERTY(r.lmHead == (r.ppStage == p.pp - 1), "LM head on the last stage only");
    }
    // Every layer on exactly one stage: the stages' ranges tile [0, layers) in order.
    PROPERTY(static_cast<int>(e.stageLayers.size()) == p.pp, "one layer count per stage");
    PROPERTY(
        std::accumulate(e.stageLayers.begin(), e.stageLayers.end(), 0) == m.layers, "stage layers sum to the model's");
    int next = 0;
    for (int s = 0; s < p.pp; ++s) {
        const RankPlacement &r = e.ranks[s * p.tp]; // dp 0, tp rank 0 of stage s
        PROPERTY(r.ppStage == s, "stage order");
        PROPERTY(r.firstLayer == next && r.lastLayer >= r.firstLayer, "stages tile the layers without gap or overlap");
        PROPERTY(r.lastLayer - r.firstLayer + 1 == e.stageLayers[s], "stage range matches its layer count");
        next = r.lastLayer + 1;
    }
    PROPERTY(next == m.layers, "the last stage ends at the last layer");
    for (const RankPlacement &r : e.ranks) {
        const RankPlacement &ref = e.ranks[r.ppStage * p.tp];
        PROPERTY(r.firstLayer == ref.firstLayer && r.lastLayer == ref.lastLayer, "a stage's GPUs hold the same layers");
    }
    // Query heads: the TP ranks of a stage hold disjoint slices that add up to all heads.
    int qHeads = 0;
    for (int t = 0; t < p.tp; ++t) {
        const HeadSlice &h = e.ranks[t].heads;
        PROPERTY(h.qFirst == qHeads && h.qCount > 0, "query head slices are contiguous and disjoint");
        qHeads += h.qCount;
        PROPERTY(h.kvCount >= 1 && h.kvReplicas >= 1, "every TP rank holds a KV head");
    }
    PROPERTY(qHeads == m.heads, "query heads add up to the model's");

    if (!m.isMoe())
        return;
    // Experts: inside each stage the tp x dp GPUs form the MoE group; EP rank r holds the same
    // experts on every GPU that has it (moe_tp = tp x dp / ep copies, each a slice of the expert),
    // and over the ep ranks every expert slot is held exactly once.
    PROPERTY(e.moeTp * p.ep == p.tp * p.dp, "moe_tp x ep = tp x dp");
    for (int s = 0; s < p.pp; ++s) {
        std::vector<const std::vector<int> *> byEpRank(p.ep, nullptr);
        std::vector<int> gpusPerEpRank(p.ep, 0);
        for (const RankPlacement &r : e.ranks) {
            if (r.ppStage != s)
                continue;
            PROPERTY(r.epRank >= 0 && r.epRank < p.ep, "EP rank in range");
            ++gpusPerEpRank[r.epRank];
            if (!byEpRank[r.epRank])
                byEpRank[r.epRank] = &r.experts;
            else
                PROPERTY(*byEpRank[r.epRank] == r.experts, "GPUs of one EP rank hold the same experts");
        }
        std::vector<int> held(m.experts, 0);
        for (int epRank = 0; epRank < p.ep; ++epRank) {
            PROPERTY(gpusPerEpRank[epRank] == e.moeTp, "each EP rank spans moe_tp GPUs of the stage");
            for (int expert : *byEpRank[epRank]) {
                PROPERTY(expert >= 0 && expert < m.experts, "expert id in range");
                ++held[expert];
            }
        }
        PROPERTY(std::all_of(held.begin(), held.end(), [](int n) { return n == 1; }),
            "every expert slot on exactly one EP rank per stage");
    }
}

// Memory: finite, non-negative where negative means nothing, and requested - parts == kv budget.
void checkMemory(const Evaluation &e, const ModelSpec &m)
{
    const Plan &p = e.plan;
    const BytesPerParam bytes = bytesPerParam(m, e.weightFormat);
    double maxWeights = 0;
    std::int64_t minBlocks = -1;
    for (const RankPlacement &r : e.ranks) {
        const RankMemory &mem = r.memory;
        const WeightBreakdown &w = mem.weights;
        for (double part : { w.attention, w.mlp, w.experts, w.router, w.norms, w.embedding, w.lmHead })
            checkBytes(part, "weight part");
        checkBytes(mem.activation.hiddenStates, "activation hidden states");
        checkBytes(mem.activation.forward, "activation forward");
        checkBytes(mem.activation.sampler, "activation sampler");
        checkBytes(mem.nonTorch, "non-torch");
        checkBytes(mem.cudaGraph, "CUDA graph");
        checkBytes(mem.reserved, "reserved");
        PROPERTY(mem.total > 0 && std::isfinite(mem.total), "GPU total memory");
        PROPERTY(mem.requested > 0 && mem.requested <= mem.total + 1, "requested within the GPU's memory");
        PROPERTY(mem.kvBytesPerToken > 0 && std::isfinite(mem.kvBytesPerToken), "KV bytes per token");
        PROPERTY(mem.blocks >= 0, "blocks");
        checkFinite(mem.kvBudget, "KV budget");
        // The budget is what the other parts leave of the requested memory (docs/DESIGN.md §3):
        // vLLM: requested - weights - activation - non-torch [- CUDA graphs when subtracted];
        // textbook: requested - weights - reserve.
        const double parts = w.total() + mem.activation.total() + mem.nonTorch + mem.reserved;
        PROPERTY(close(mem.requested - parts, mem.kvBudget, mem.requested)
                || close(mem.requested - parts - mem.cudaGraph, mem.kvBudget, mem.requested),
            "requested - parts == KV budget");
        if (mem.kvBudget <= 0) {
            PROPERTY(mem.blocks == 0, "no blocks without a budget");
            PROPERTY(e.hasErrors() && !e.fits, "a negative KV budget is flagged as an error");
        }
        maxWeights = std::max(maxWeights, w.total());
        minBlocks = minBlocks < 0 ? mem.blocks : std::min(minBlocks, mem.blocks);
    }
    PROPERTY(close(e.maxWeightsBytesPerGpu, maxWeights, maxWeights), "max weights per GPU is the heaviest GPU's");
    PROPERTY(e.kv.blocks == minBlocks, "the engine's blocks are the minimum over ranks");
    PROPERTY(e.kv.blocks == e.ranks[e.kv.bindingRank].memory.blocks, "the binding rank has the fewest blocks");
    PROPERTY(close(e.kvBudgetBytesPerGpu, e.ranks[e.kv.bindingRank].memory.kvBudget, e.ranks[0].memory.requested),
        "KV budget per GPU is the binding rank's");
    PROPERTY(e.kv.capacityTokens >= 0 && e.kv.maxConcurrency >= 0, "capacity");
    checkBytes(e.kv.maxConcurrencyExact, "exact concurrency");
    PROPERTY(e.kv.maxConcurrency == static_cast<std::int64_t>(std::floor(e.kv.maxConcurrencyExact + 1e-9)),
        "whole requests are the floor of the exact concurrency");
    PROPERTY(e.kv.clusterMaxConcurrency == e.kv.maxConcurrency * p.dp, "cluster concurrency = dp x replica");

    // Every parameter sits on some GPU. Textbook: the uniform split over the tp x pp GPUs of a DP
    // replica adds back up to params x bytes exactly. vLLM: at least the whole model once (KV heads,
    // norms and routers are replicated over TP, so more is fine), at the cheapest bytes per parameter
    // of its tensors; counted over one DP replica for dense models, over all GPUs for MoE models,
    // whose experts are split over the tp x dp GPUs of a stage, across the replicas.
    double held = 0;
    for (const RankPlacement &r : e.ranks)
        if (r.dpRank == 0 || (m.isMoe() && p.accounting == Accounting::Vllm))
            held += r.memory.weights.total();
    if (p.accounting == Accounting::Textbook) {
        const double params = p.paramsOverride > 0 ? p.paramsOverride : e.params.total;
        PROPERTY(close(held, params * bytes.linear, held), "textbook weights add up to params x bytes");
    } else {
        const double cheapest = std::min({ bytes.linear, bytes.expert, bytes.other });
        PROPERTY(held >= 0.999 * e.params.total * cheapest, "the GPUs hold every parameter");
    }
}

void checkEvaluation(const Evaluation &e, const ModelSpec &m, bool structurallyValid)
{
    PROPERTY(e.fits == !e.hasErrors(), "fits iff no error");
    if (!structurallyValid) {
        PROPERTY(!e.valid && e.hasErrors() && e.ranks.empty(), "an impossible plan is rejected with an error");
        return;
    }
    PROPERTY(e.valid, "a reachable plan can be placed");
    checkPlacement(e, m);
    checkMemory(e, m);
}

} // namespace

class TestProperties : public QObject
{
    Q_OBJECT
private slots:
    void sliderGrid_data()
    {
        QTest::addColumn<QString>("model");
        QTest::newRow("dense") << QStringLiteral("llama-3.1-70b");
        QTest::newRow("moe") << QStringLiteral("qwen3-30b-a3b");
        QTest::newRow("mla") << QStringLiteral("deepseek-v3");
    }

    void sliderGrid()
    {
        QFETCH(QString, model);
        const ModelSpec m = presetModel(model.toLatin1().constData());
        std::vector<GpuSpec> gpus;
        for (const char *id : kGpus)
            gpus.push_back(presetGpu(id));
        std::vector<int> tps;
        for (int d : divisorsOf(m.heads))
            if (d <= kMaxTp)
                tps.push_back(d);
        long index = 0, evaluated = 0, fitting = 0;
        std::set<std::string> errorCodes;
        for (int tp : tps)
            for (int pp = 1; pp <= std::min(m.layers, kMaxPp); ++pp)
                for (int dp = 1; dp <= kMaxDp; ++dp)
                    for (int ep :
                        (m.isMoe() && tp * dp > 1) ? std::vector<int> { 1, tp * dp } : std::vector<int> { 1 }) {
                        Plan p;
                        p.tp = tp;
                        p.pp = pp;
                        p.dp = dp;
                        p.ep = ep;
                        const size_t gpu = static_cast<size_t>(index % 3);
                        p.accounting = (index / 2) % 2 ? Accounting::Textbook : Accounting::Vllm;
                        p.kvCacheDtype = (index / 5) % 2 ? KvDtype::Fp8 : KvDtype::Auto;
                        p.gpuMemoryUtilization = rotate(kUtilizations, index, 7);
                        p.maxModelLen = rotate(kContexts, index, 11);
                        ++index;
                        // Reachable but impossible: more EP ranks than experts (vLLM refuses too).
                        const bool valid = !(m.isMoe() && ep > m.experts);
                        const Evaluation e = evaluate(p, m, gpus[gpu]);
                        ++evaluated;
                        fitting += e.fits;
                        if (const PlanIssue *error = e.firstError())
                            errorCodes.insert(error->code);
                        try {
                            checkEvaluation(e, m, valid);
                        } catch (const Failure &f) {
                            QFAIL(qPrintable(QString::fromStdString(f.what + " for " + describe(p, kGpus[gpu]))));
                        }
                    }
        std::string codes;
        for (const std::string &c : errorCodes)
            codes += " " + c;
        qInfo("%s: %ld plans, %ld fit; errors seen:%s", qPrintable(model), evaluated, fitting, codes.c_str());
        // The grid reaches both outcomes; a property test that never sees a fitting plan tests little.
        QVERIFY(fitting > 0);
        QVERIFY(fitting < evaluated);
    }

    // Beyond the grid, the window's sliders also reach any EP dividing tp x dp, pp up to all layers
    // (at most 128) and dp up to 256. A deterministic sample of those, keeping worlds at most 2048
    // GPUs for run time (the code paths are the same; kMaxWorldSize is checked before placement).
    void sliderSample_data() { sliderGrid_data(); }
    void sliderSample()
    {
        QFETCH(QString, model);
        const ModelSpec m = presetModel(model.toLatin1().constData());
        std::vector<GpuSpec> gpus;
        for (const char *id : kGpus)
            gpus.push_back(presetGpu(id));
        const std::vector<int> tps = divisorsOf(m.heads);
        std::uint64_t state = 0x9E3779B97F4A7C15ull; // splitmix64: the same sample on every run
        const auto next = [&state](std::uint64_t n) {
            std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            return static_cast<long>((z ^ (z >> 31)) % n);
        };
        long evaluated = 0;
        for (long i = 0; evaluated < 400 && i < 100000; ++i) {
            Plan p;
            p.tp = tps[static_cast<size_t>(next(tps.size()))];
            p.pp = 1 + static_cast<int>(next(static_cast<std::uint64_t>(std::min(m.layers, 128))));
            p.dp = 1 + static_cast<int>(next(256));
            if (1LL * p.tp * p.pp * p.dp > 2048)
                continue;
            if (m.isMoe()) {
                const std::vector<int> eps = divisorsOf(p.tp * p.dp);
                p.ep = eps[static_cast<size_t>(next(eps.size()))];
            }
            const size_t gpu = static_cast<size_t>(next(3));
            p.accounting = next(2) ? Accounting::Textbook : Accounting::Vllm;
            p.kvCacheDtype = next(2) ? KvDtype::Fp8 : KvDtype::Auto;
            p.gpuMemoryUtilization = kUtilizations[next(4)];
            p.maxModelLen = kContexts[next(4)];
            const bool valid = !(m.isMoe() && p.ep > m.experts);
            const Evaluation e = evaluate(p, m, gpus[gpu]);
            ++evaluated;
            try {
                checkEvaluation(e, m, valid);
            } catch (const Failure &f) {
                QFAIL(qPrintable(QString::fromStdString(f.what + " for " + describe(p, kGpus[gpu]))));
            }
        }
        QCOMPARE(evaluated, 400L);
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
