// The public startup-log corpus (tests/data/corpus/logcorpus.json: every log with its source URL,
// family, version and either the plan it ran or why it is excluded), scored without calibration.
// For each scored log the plan is built from the log (planForLog, as `shardscope reconcile` does),
// evaluated, and compared with what the log printed. Targets (issue "Follow vLLM to its newest
// release"): KV bytes per token exact; available KV memory and KV capacity |error| median <= 2 % and
// 90th percentile <= 5 % per family and overall; weights per rank worst <= 2 %. The table is printed
// with qInfo; README "Fidelity to vLLM" carries it.
#include "core/evaluate/evaluation.h"
#include "core/evaluate/overheads.h"
#include "core/evaluate/profilerun.h"
#include "core/evaluate/weights.h"
#include "core/model/planio.h"
#include "core/text/units.h"
#include "core/vllmlog/reconcilelog.h"
#include "core/vllmlog/vllmlogparser.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

using namespace shardscope;
using nlohmann::json;

namespace {

QString sourceDir()
{
    return QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR"));
}

std::string readData(const std::string &relative)
{
    QFile f(sourceDir() + QStringLiteral("/tests/data/") + QString::fromStdString(relative));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(4 * 1024 * 1024).toStdString(); // the excerpts are a few KiB
}

json corpusIndex()
{
    return json::parse(readData("corpus/logcorpus.json"));
}

// The p-quantile by nearest rank (p90 of 4 values is the largest).
double quantile(std::vector<double> v, double p)
{
    if (v.empty())
        return NAN;
    std::sort(v.begin(), v.end());
    const auto k = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size())));
    return v[std::max<size_t>(k, 1) - 1];
}

double median(std::vector<double> v)
{
    if (v.empty())
        return NAN;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Tokens vLLM prints for a printed available KV of `gib` (2 decimals, so +-0.005 GiB):
// floor(available / (block x bytes per token)) x block, over the rounding interval.
bool tokensWithinPrintPrecision(double gib, double bytesPerToken, int block, std::int64_t tokens)
{
    const auto t
        = [&](double g) { return static_cast<std::int64_t>(std::floor(g * GiB / (block * bytesPerToken))) * block; };
    return t(gib - 0.005) <= tokens && tokens <= t(gib + 0.005);
}

// "https://github.com/owner/repo/..." -> "owner/repo"; other hosts: the host.
std::string repositoryOf(const std::string &url)
{
    const std::string gh = "https://github.com/";
    if (url.rfind(gh, 0) == 0) {
        const size_t a = url.find('/', gh.size());
        const size_t b = a == std::string::npos ? a : url.find('/', a + 1);
        return url.substr(gh.size(), b == std::string::npos ? std::string::npos : b - gh.size());
    }
    const size_t h = url.find("://");
    const size_t start = h == std::string::npos ? 0 : h + 3;
    return url.substr(start, url.find('/', start) - start);
}

// Which fitted non-torch constant applies (overheads.h nonTorchBytes): "" = not a fitted one.
std::string nonTorchClass(const Evaluation &ev)
{
    const Plan &p = ev.plan;
    if (p.vllmVersion < kNonTorchForwardIncrease || vllmEngine(p.vllmVersion) == VllmEngine::V0)
        return "";
    if (p.tp <= 1)
        return p.pp > 1 ? "tp1-pp" : "tp1";
    for (const RankPlacement &r : ev.ranks)
        if (r.memory.nonTorch == nonTorchBytesAt(p.tp, p.pp, true, p.vllmVersion))
            return "tp2+-custom-ar";
    return "";
}

struct Scored
{
    std::string log, family;
    VllmVersion version;
    std::optional<double> weights, available, capacity; // signed relative errors
    std::optional<bool> bytesPerTokenExact;
    std::optional<bool> hybridRuleExact; // tokens from the printed available KV through the hybrid pool
    bool kvHeld = true;
    std::string source; // the index's "source", else the URL's repository: the leave-one-source-out unit
    double predictedAvailGiB = 0, observedAvailGiB = 0;
    // The fitted terms on the binding rank (overheads.h): the sampler at the release's buffer count and the
    // non-torch estimate with its class; what the log printed for them (0.17+ DEBUG line "torch peak memory
    // increase: A GiB; non-torch forward increase memory: N GiB"), < 0 if not printed.
    double samplerBytes = 0, activationBytes = 0, nonTorchBytes = 0;
    bool samplerBinds = false; // the peak is in the sampler phase (hidden + sampler + held workspace)
    std::string nonTorchClass;
    double observedActivation = -1, observedNonTorch = -1;
    std::int64_t predictedTokens = 0, observedTokens = 0;
};

// The release band of the version the plan ran (the printed one, else the index's reading).
std::string versionBand(const VllmVersion &v)
{
    const VllmVersion *p = &v;
    if (p->minor < 8)
        return "0.6-0.7 (V0)";
    if (p->minor < 12)
        return "0.8-0.11";
    if (p->minor < 17)
        return "0.12-0.16";
    if (p->minor < 21)
        return "0.17-0.20";
    return ">= 0.21";
}

std::vector<Scored> scoreCorpus()
{
    const ModelCatalog presets = builtinCatalog();
    std::vector<Scored> out;
    for (const json &e : corpusIndex()) {
        if (!e.contains("plan"))
            continue;
        const ParsedVllmLog log = parseVllmLog(readData(e.at("log").get<std::string>()));
        json planJson = e.at("plan");
        // "model_config_file": a published config.json kept under tests/ (its URL in its "_source"), the
        // model of a log that no preset covers; the plan names it by the id the catalog gives it.
        ModelCatalog catalog = presets;
        if (e.contains("model_config_file")) {
            QFile f(sourceDir() + QStringLiteral("/tests/")
                + QString::fromStdString(e.at("model_config_file").get<std::string>()));
            if (!f.open(QIODevice::ReadOnly))
                qFatal("%s: model_config_file not found", e.at("log").get<std::string>().c_str());
            planJson["model"] = catalog.addModelJson(f.read(1024 * 1024).toStdString(), "corpus-model");
        }
        std::vector<std::string> given;
        for (const auto &item : planJson.items())
            given.push_back(item.key());
        const LogPlan lp = planForLog(planFromJson(planJson), log, given, catalog);
        const LogComparison c = reconcileLog(lp.plan, log, catalog);
        if (c.outcome != LogComparison::Outcome::Compared)
            qFatal("%s: not compared", e.at("log").get<std::string>().c_str());
        const Evaluation &ev = c.evaluation;
        Scored s;
        s.log = e.at("log").get<std::string>();
        s.family = e.at("family").get<std::string>();
        s.version = ev.plan.vllmVersion;
        s.kvHeld = e.value("kv_held", true);
        const std::string url = e.at("url").get<std::string>();
        s.source = e.contains("source") ? e.at("source").get<std::string>() : repositoryOf(url);
        const CatalogModel *model = catalog.findModel(ev.plan.modelId);
        for (const RankPlacement &r : ev.ranks)
            if (r.rank == ev.kv.bindingRank && model) {
                const ActivationEstimate &a = r.memory.activation;
                // `sampler` holds the sampler phase: its buffers and the held MoE workspace (profilerun.h).
                const double held = r.lmHead ? heldMoeWorkspaceBytes(model->spec, ev.moeTp, ev.plan.maxNumBatchedTokens,
                                        ev.plan.vllmVersion, ev.weightFormat != WeightFormat::Mxfp4)
                                             : 0.0;
                s.samplerBytes = a.sampler - held;
                s.activationBytes = a.total();
                s.nonTorchBytes = r.memory.nonTorch;
                s.samplerBinds = a.sampler > 0 && a.sampler >= a.forward;
            }
        s.nonTorchClass = nonTorchClass(ev);
        const std::string text = readData(s.log);
        static const std::regex profiled(
            R"(torch peak memory increase: ([0-9.]+)GiB; non-torch forward increase memory: ([0-9.]+)GiB)");
        std::smatch pm;
        if (std::regex_search(text, pm, profiled)) {
            s.observedActivation = std::stod(pm[1].str()) * GiB;
            s.observedNonTorch = std::stod(pm[2].str()) * GiB;
        }
        if (log.maxWeightsBytes() > 0)
            s.weights = ev.maxWeightsBytesPerGpu / log.maxWeightsBytes() - 1;
        const auto avail = log.minAvailableKvBytes();
        s.predictedAvailGiB = ev.kvBudgetBytesPerGpu / GiB;
        if (avail && *avail > 0) {
            s.available = ev.kvBudgetBytesPerGpu / *avail - 1;
            s.observedAvailGiB = *avail / GiB;
        }
        std::optional<std::int64_t> tokens = log.kvTokens;
        if (!tokens && log.gpuBlocks)
            tokens = *log.gpuBlocks * ev.kv.blockSize;
        if (tokens && *tokens > 0 && ev.kv.capacityTokens > 0) {
            s.capacity = static_cast<double>(ev.kv.capacityTokens) / static_cast<double>(*tokens) - 1;
            s.predictedTokens = ev.kv.capacityTokens;
            s.observedTokens = *tokens;
        }
        // The tokens are the minimum over the workers; the check needs every worker's budget (one GPU, or
        // a log that prints each worker's line).
        const bool everyWorker = ev.ranks.size() <= 1
            || static_cast<size_t>(std::count_if(log.workers.begin(), log.workers.end(),
                   [](const ObservedWorker &w) { return w.availableKvBytes.has_value(); }))
                >= ev.ranks.size();
        if (tokens && avail && *avail > 0 && !ev.kv.hybrid && everyWorker) {
            // The printed budget in GiB to 2 decimals; blocks of the plan's block size.
            const double gib = std::round(*avail / GiB * 100) / 100;
            s.bytesPerTokenExact = tokensWithinPrintPrecision(gib, ev.kv.bytesPerTokenPerGpu, ev.kv.blockSize, *tokens);
        }
        // Hybrid pools: the printed available KV (2 decimals) through the plan's pool as a fixed
        // --kv-cache-memory-bytes gives the printed tokens (block size, groups, the release's formula).
        // (TP ranks of one stage without EP hold the same layers: one worker's line stands for all.)
        const bool symmetric = ev.plan.pp == 1 && ev.plan.ep <= 1 && ev.plan.dp == 1;
        if (tokens && avail && *avail > 0 && ev.kv.hybrid && (everyWorker || symmetric)) {
            const double gib = std::round(*avail / GiB * 100) / 100;
            const auto tokensAt = [&](double g) {
                Plan fixed = lp.plan;
                fixed.kvCacheMemoryBytes = static_cast<std::int64_t>(g * GiB);
                return reconcileLog(fixed, log, catalog).evaluation.kv.capacityTokens;
            };
            s.hybridRuleExact = tokensAt(gib - 0.005) <= *tokens && *tokens <= tokensAt(gib + 0.005);
        }
        out.push_back(s);
    }
    return out;
}

// The fitted constants, re-fitted without some logs. Each constant's fit is the median of the values the
// logs that print the term imply: the sampler's buffer count (0.17+: the printed peak activation less the
// other modelled terms, over the sampler's bytes per buffer) and each non-torch class (the printed
// non-torch increase). `left` says which logs are left out; with none left for a constant, the rule the
// release had before it (9.55 buffers; 0.13 / 0.55 GiB non-torch) stands in.
struct Refit
{
    double samplerBuffers = kSamplerBuffersFrom017;
    std::map<std::string, double> nonTorch;
};

std::optional<double> impliedSamplerBuffers(const Scored &s)
{
    if (s.version < kSamplerFewerBuffers || !s.samplerBinds || s.observedActivation < 0 || s.samplerBytes <= 0)
        return std::nullopt;
    const double perBuffer = s.samplerBytes / kSamplerBuffersFrom017;
    return (s.observedActivation - (s.activationBytes - s.samplerBytes)) / perBuffer;
}

template <class Left> Refit refit(const std::vector<Scored> &all, Left left)
{
    std::vector<double> buffers;
    std::map<std::string, std::vector<double>> nonTorch;
    for (size_t i = 0; i < all.size(); ++i) {
        if (left(i))
            continue;
        if (const auto b = impliedSamplerBuffers(all[i]))
            buffers.push_back(*b);
        if (!all[i].nonTorchClass.empty() && all[i].observedNonTorch >= 0)
            nonTorch[all[i].nonTorchClass].push_back(all[i].observedNonTorch);
    }
    Refit r;
    r.samplerBuffers = buffers.empty() ? kSamplerBuffersBefore017 : median(buffers);
    for (const auto &[k, v] : nonTorch)
        r.nonTorch[k] = median(v);
    return r;
}

// The available KV the model predicts for `s` with the constants of `r` instead of the code's.
double availableWith(const Scored &s, const Refit &r)
{
    double avail = s.predictedAvailGiB * GiB;
    if (s.version >= kSamplerFewerBuffers && s.samplerBytes > 0 && s.samplerBinds)
        avail -= (r.samplerBuffers - kSamplerBuffersFrom017) / kSamplerBuffersFrom017 * s.samplerBytes;
    if (!s.nonTorchClass.empty()) {
        const auto it = r.nonTorch.find(s.nonTorchClass);
        const double before = s.nonTorchClass == "tp2+-custom-ar" ? nonTorchBytes(2) : nonTorchBytes(1);
        avail -= (it != r.nonTorch.end() ? it->second : before) - s.nonTorchBytes;
    }
    return avail;
}

struct Figures
{
    size_t n = 0;
    double median = NAN, p90 = NAN;
};
Figures figures(const std::vector<double> &abs)
{
    return { abs.size(), median(abs), quantile(abs, 0.9) };
}

std::string pct(double v)
{
    if (std::isnan(v))
        return "-";
    char b[32];
    std::snprintf(b, sizeof b, "%.2f%%", 100 * v);
    return b;
}

} // namespace

class TestLogCorpus : public QObject
{
    Q_OBJECT
private slots:
    // The fused-MoE workspaces of vLLM's Triton experts (vllm/model_executor/layers/fused_moe/fused_moe.py,
    // TritonExperts.workspace_shapes, vllm-project/vllm@000d1458098e): workspace13 = M x topk x max(2N, K)
    // and workspace2 = M x topk x N elements in BF16, M = min(tokens, VLLM_FUSED_MOE_CHUNK_SIZE = 16,384
    // (vllm/envs.py, vllm-project/vllm@f218f9c24d22)).
    void moeWorkspace()
    {
        // Qwen3-30B-A3B (hidden K = 2,048, moe_intermediate_size 768, 8 experts per token) at TP 4, Triton
        // backend, 8,192 tokens: N = 768 / 4 = 192, max(2N, K) = 2,048;
        // 8,192 x 8 x (2,048 + 192) x 2 B = 293,601,280 B.
        const ModelSpec qwen = presetModel("qwen3-30b-a3b");
        QCOMPARE(fusedMoeWorkspaceBytes(qwen, 4, 8192), 293601280.0);
        // 32,768 tokens are processed in chunks of 16,384: 16,384 x 8 x 2,240 x 2 B = 587,202,560 B.
        QCOMPARE(fusedMoeWorkspaceBytes(qwen, 4, 32768), 587202560.0);
        // The profiling peak inside the layer is that workspace, not the unused intermediate_size 6,144
        // (every Qwen3-30B-A3B layer is MoE): 8,192 x 2 x 6,144 / 4 x 2 B = 50,331,648 B would be the dense MLP.
        QCOMPARE(peakActivation(qwen, 4, 4, false, 1024, 8192).forward, 293601280.0);
        // gpt-oss-120b (K = 2,880, N = 2,880, 4 experts per token) at TP 1, MXFP4 Triton path, 8,192 tokens:
        // max(2N, K) = 5,760; 8,192 x 4 x (5,760 + 2,880) x 2 B = 566,231,040 B.
        QCOMPARE(fusedMoeWorkspaceBytes(presetModel("gpt-oss-120b"), 1, 8192), 566231040.0);
        // A dense model has no MoE workspace.
        QCOMPARE(fusedMoeWorkspaceBytes(presetModel("llama-3.1-8b"), 1, 8192), 0.0);
    }

    // From 0.14 the modular kernel's workspaces come from the WorkspaceManager and outlive the forward pass
    // (vllm/model_executor/layers/fused_moe/modular_kernel.py, _allocate_buffers), so the sampler's peak
    // sits on top of them; from 0.17 the sampler holds 3.72 FP32 logits buffers (profilerun.h). Mixtral-8x7B
    // at TP 2, vLLM 0.19, 8,192 tokens, 1,024 sequences, unquantized Triton MoE backend:
    void moeWorkspaceHeldThroughSampler()
    {
        const ModelSpec mixtral = presetModel("mixtral-8x7b");
        const VllmVersion v019 { 0, 19, 0 };
        // N = 14,336 / 2 = 7,168, max(2N, K = 4,096) = 14,336: 8,192 x 2 x (14,336 + 7,168) x 2 B = 704,643,072 B.
        QCOMPARE(heldMoeWorkspaceBytes(mixtral, 2, 8192, v019, true), 704643072.0);
        const ActivationEstimate a
            = peakActivationAt(mixtral, 2, 2, { 0, mixtral.layers }, true, 1024, 8192, v019, true);
        // Hidden states 8,192 x 4,096 x 2 B = 67,108,864 B; sampler 3.72 x 1,024 x 32,000 x 4 B = 487,587,840 B.
        QCOMPARE(a.hiddenStates, 67108864.0);
        QVERIFY(std::fabs(a.sampler - (487587840.0 + 704643072.0)) < 1);
        // total = 67,108,864 + 1,192,230,912 = 1,259,339,776 B = 1.17 GiB; the llm-d-planner 0.19.0 log of
        // this run printed "torch peak memory increase: 1.21GiB" (-3 %).
        QVERIFY(std::fabs(a.total() - 1259339776.0) < 1);
        QVERIFY(std::fabs(a.total() / GiB / 1.21 - 1) < 0.04);
        // Before 0.14 the workspace was freed before the sampler ran; MXFP4 experts (gpt-oss) hold none.
        QCOMPARE(heldMoeWorkspaceBytes(mixtral, 2, 8192, { 0, 13, 0 }, true), 0.0);
        QCOMPARE(heldMoeWorkspaceBytes(presetModel("gpt-oss-20b"), 2, 8192, v019, false), 0.0);
        // 0.16 keeps 9.55 buffers: 9.55 x 1,024 x 32,000 x 4 B = 1,251,737,600 B for the sampler alone.
        QVERIFY(std::fabs(samplerBuffers({ 0, 16, 0 }) * 1024 * 32000 * 4.0 - 1251737600.0) < 1);
    }

    // FlashInfer's top-k/top-p kernel (Plan::flashinferSampler, profilerun.h): 3.72 buffers in every V1
    // release. Qwen2-7B's shapes (qwen2.5-7b: vocabulary 152,064, hidden 3,584) on an A100 80GB in 0.10.1,
    // whose defaults there are 256 sequences and 2,048 tokens (no larger tier on A100):
    //   hidden states 2,048 x 3,584 x 2 B = 14,680,064 B;
    //   native sampler 9.55 x 256 x 152,064 x 4 B = 1,487,064,268.8 B; FlashInfer 3.72 x ... = 579,254,353.92 B.
    // The difference, 907,809,914.88 B (0.85 GiB), is what dennislee22's 0.10.1.1 log at utilization 0.25
    // printed above the native path's prediction (5.01 against 4.16 GiB of available KV).
    void flashinferSamplerBuffers()
    {
        QCOMPARE(samplerBuffers({ 0, 10, 1 }, true), 3.72);
        QCOMPARE(samplerBuffers({ 0, 10, 1 }, false), 9.55);
        QCOMPARE(samplerBuffers({ 0, 19, 0 }, false), 3.72);
        Plan p = makePlan("qwen2.5-7b", "a100-80gb", 1);
        p.vllmVersion = { 0, 10, 1 };
        p.maxModelLen = 16384;
        p.gpuMemoryUtilization = 0.25;
        const Evaluation native = evaluate(p, presetModel("qwen2.5-7b"), presetGpu("a100-80gb"));
        p.flashinferSampler = true;
        const Evaluation flashinfer = evaluate(p, presetModel("qwen2.5-7b"), presetGpu("a100-80gb"));
        QVERIFY(std::fabs(native.ranks[0].memory.activation.total() - (14680064.0 + 1487064268.8)) < 1);
        QVERIFY(std::fabs(flashinfer.ranks[0].memory.activation.total() - (14680064.0 + 579254353.92)) < 1);
        QVERIFY(std::fabs(flashinfer.kvBudgetBytesPerGpu - native.kvBudgetBytesPerGpu - 907809914.88) < 1);
        // A plan file keeps the setting ("flashinfer_sampler"), and one without the field means the native path.
        QVERIFY(planFromJson(planToJson(p)).flashinferSampler);
        nlohmann::json file = planToJson(p);
        file.erase("flashinfer_sampler");
        QVERIFY(!planFromJson(file).flashinferSampler);
    }

    // Non-torch memory by release (profilerun.h): the llm-d-planner sweep printed 0.13 GiB at TP 1 in
    // 0.17.0 and 0.25 in 0.18.0; 0.19.0 logs 0.07 on a TP 1 pipeline stage and 2.06-2.21 at TP 2-4.
    void nonTorchByRelease()
    {
        QCOMPARE(nonTorchBytesAt(1, 1, true, { 0, 17, 0 }), 0.13 * GiB);
        QCOMPARE(nonTorchBytesAt(1, 1, true, { 0, 18, 0 }), 0.25 * GiB);
        QCOMPARE(nonTorchBytesAt(1, 4, true, { 0, 19, 0 }), 0.07 * GiB);
        QCOMPARE(nonTorchBytesAt(4, 1, true, { 0, 11, 0 }), 0.55 * GiB);
        QCOMPARE(nonTorchBytesAt(4, 1, true, { 0, 19, 0 }), 2.1 * GiB);
        // Without custom all-reduce only NCCL's buffers: ~0.25 GiB (vllm#13061, #14447).
        QCOMPARE(nonTorchBytesAt(4, 1, false, { 0, 19, 0 }), 0.25 * GiB);
    }

    // --disable-custom-all-reduce (Plan::disableCustomAllReduce): vLLM builds no CustomAllreduce
    // (vllm/distributed/parallel_state.py, GroupCoordinator: use_custom_allreduce), so only NCCL's
    // buffers stay outside torch. Llama-3.1-8B at TP 4 on one H100 node in 0.19: 2.1 GiB of non-torch
    // memory with custom all-reduce, 0.25 GiB without, so the KV budget grows by 1.85 GiB; the weights
    // and the peak activation do not change.
    void disableCustomAllReduce()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 4);
        p.vllmVersion = { 0, 19, 0 };
        p.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation on = evaluate(p, m, gpu);
        p.disableCustomAllReduce = true;
        const Evaluation off = evaluate(p, m, gpu);
        QVERIFY(on.customAllReduce);
        QVERIFY(!off.customAllReduce);
        QCOMPARE(on.ranks[0].memory.nonTorch, 2.1 * GiB);
        QCOMPARE(off.ranks[0].memory.nonTorch, 0.25 * GiB);
        QCOMPARE(off.ranks[0].memory.weights.total(), on.ranks[0].memory.weights.total());
        QVERIFY(std::fabs(off.kvBudgetBytesPerGpu - on.kvBudgetBytesPerGpu - 1.85 * GiB) < 1);
        // TP 1 has no all-reduce: the setting changes nothing there.
        Plan one = makePlan("llama-3.1-8b", "h100-sxm", 1);
        QVERIFY(!evaluate(one, m, gpu).customAllReduce);
        // PCIe-only GPUs (no scale-up link): off without the flag, as vLLM decides for more than two.
        QVERIFY(!evaluate(makePlan("llama-3.1-8b", "l40s", 4), m, presetGpu("l40s")).customAllReduce);
        // A plan file keeps the setting; one without the field allows custom all-reduce.
        QVERIFY(planFromJson(planToJson(p)).disableCustomAllReduce);
        nlohmann::json file = planToJson(p);
        file.erase("disable_custom_all_reduce");
        QVERIFY(!planFromJson(file).disableCustomAllReduce);
    }

    // V0's profiling run samples max_num_seqs dummy sequences (vllm/worker/model_runner.py profile_run,
    // vllm-project/vllm@587909ce7f4f): Llama-3-8B, 256 sequences over 8,192 tokens on one GPU.
    void v0ProfilingSampler()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const ActivationEstimate a = peakActivationV0(m, 1, 1, true, 256, 8192);
        // Sampler: 9.55 x 256 x 128,256 x 4 B = 1,254,277,939 B (the V1 sampler's buffer count).
        QVERIFY(std::fabs(a.sampler - 9.55 * 256 * 128256 * 4.0) < 1);
        // Hidden states 8,192 x 2 x 4,096 x 2 B = 134,217,728 B; forward 8,192 x (48 x 128 x 2 + 3 x 14,336 x 2) B
        // = 805,306,368 B < the sampler, so the peak is 1.29 GiB; vllm#10511 printed 1.26 GiB.
        QCOMPARE(a.hiddenStates, 134217728.0);
        QCOMPARE(a.forward, 805306368.0);
        QVERIFY(std::fabs(a.total() / GiB - 1.26) / 1.26 < 0.03);
        // Not the last PP stage: no sampler.
        QCOMPARE(peakActivationV0(m, 1, 1, false, 256, 8192).sampler, 0.0);
    }

    // vLLM's RotaryEmbedding keeps a cos/sin cache of max_position_embeddings x rotary_dim in the model dtype
    // (vllm/model_executor/layers/rotary_embedding/base.py, register_buffer("cos_sin_cache"),
    // vllm-project/vllm@04458da08417), one per rank, counted in "Model loading took".
    void ropeCacheInWeights()
    {
        RankShape all;
        all.tp = all.moeTp = 4;
        all.embedding = all.lmHead = true;
        const auto cache = [&](const char *id) {
            const ModelSpec m = presetModel(id);
            RankShape s = all;
            s.layerCount = m.layers;
            s.localExperts = m.experts;
            return rankWeightBytes(m, s, bytesPerParam(m, m.weightFormat)).ropeCache;
        };
        // Llama-4-Scout: 10,485,760 positions x 128 x 2 B = 2,684,354,560 B (2.5 GiB), the same at any TP.
        QCOMPARE(cache("llama-4-scout"), 2684354560.0);
        // Llama-3.1-8B: 131,072 x 128 x 2 B = 33,554,432 B.
        QCOMPARE(cache("llama-3.1-8b"), 33554432.0);
        // Qwen3.5-27B rotates a quarter of its 256-wide heads: 262,144 x 64 x 2 B = 33,554,432 B.
        QCOMPARE(cache("qwen3.5-27b"), 33554432.0);
        // DeepSeek-V2-Lite (MLA) rotates qk_rope_head_dim 64: 163,840 x 64 x 2 B = 20,971,520 B.
        QCOMPARE(cache("deepseek-v2-lite"), 20971520.0);
        // NemotronH attention has no rotary embedding (NoPE).
        QCOMPARE(cache("nemotron-3-nano-30b-a3b"), 0.0);
        // Llama-4-Scout at TP 4 (llm-d-planner 0.19.0 log): "Model loading took 53.12 GiB". The text model's
        // tensors give 50.19 GiB; with the cache 52.69 GiB (-0.8 %; the vision encoder is not in the preset).
        const ModelSpec scout = presetModel("llama-4-scout");
        RankShape s = all;
        s.layerCount = scout.layers;
        s.localExperts = scout.experts;
        const double w = rankWeightBytes(scout, s, bytesPerParam(scout, scout.weightFormat)).total();
        QVERIFY(std::fabs(w / (53.12 * GiB) - 1) < 0.01);
    }

    // The MXFP4 MoE backend by GPU and release, Marlin's and Triton's layouts
    // (vllm/model_executor/layers/quantization/mxfp4.py, get_mxfp4_backend, vllm-project/vllm@007d50058a06;
    // triton_kernels a dependency from PR #27370, 0.11.1).
    void mxfp4MarlinLayout()
    {
        const GpuSpec h100 = presetGpu("h100-sxm"), a100 = presetGpu("a100-80gb");
        // Hopper takes the Triton path whenever triton_kernels is installed (vllm#33155, 0.14.1: "Using Triton
        // backend"); pip installs before 0.11.1 lacked it (vllm#23278, 0.10.1: Marlin warning), Docker images
        // did not, and the install is no plan setting: Hopper keeps the Triton layout.
        QVERIFY(!mxfp4ThroughMarlin(h100, { 0, 14, 1 }));
        QVERIFY(!mxfp4ThroughMarlin(h100, { 0, 10, 1 }));
        QVERIFY(mxfp4ThroughMarlin(a100, { 0, 19, 0 })); // compute capability 8.0: no Triton path
        QVERIFY(mxfp4ThroughMarlin(presetGpu("rtx-pro-6000"), { 0, 19, 0 })); // sm_120
        QVERIFY(!mxfp4ThroughMarlin(presetGpu("b200"), { 0, 19, 0 })); // FlashInfer
        QVERIFY(!mxfp4ThroughMarlin(presetGpu("mi300x"), { 0, 19, 0 }));
        // Asked for (--moe-backend marlin, VLLM_MXFP4_USE_MARLIN=1): get_mxfp4_backend takes the choice first, on
        // any CUDA GPU from compute capability 8.0 (Marlin's own floor), and Hopper loses the Triton layout.
        QVERIFY(mxfp4ThroughMarlin(h100, { 0, 10, 1 }, MoeBackend::Marlin));
        QVERIFY(!mxfp4ThroughTriton(h100, { 0, 10, 1 }, MoeBackend::Marlin));
        QVERIFY(mxfp4ThroughMarlin(presetGpu("b200"), { 0, 28, 0 }, MoeBackend::Marlin));
        QVERIFY(!mxfp4ThroughMarlin(presetGpu("mi300x"), { 0, 28, 0 }, MoeBackend::Marlin));
        // gpt-oss-120b through Marlin (an A100; vllm#23278's H100 without triton_kernels): Marlin rounds the
        // intermediate 2,880 up to 2,944 (x128) and the hidden size 2,880 up to 3,072 (x256); 36 layers x 128 experts x
        // (3 x 3,072 x 2,944 + 2 x 2,944
        // + 3,072 bias) x (0.5 + 1/32) B = 66,440,835,072 B (biases counted at the expert rate).
        const ModelSpec oss = presetModel("gpt-oss-120b");
        RankShape s;
        s.layerCount = oss.layers;
        s.localExperts = oss.experts;
        s.embedding = s.lmHead = true;
        const BytesPerParam marlin = bytesPerParamOn(oss, WeightFormat::Mxfp4, a100, { 0, 10, 1 });
        QCOMPARE(rankWeightBytes(oss, s, marlin).experts, 66440835072.0);
        // The whole rank against vllm#23278's "Model loading took 65.9651 GiB": within 0.5 %. That run was an H100
        // whose log printed Marlin's FP4 warning: the same layout when the plan asks for Marlin there.
        QVERIFY(std::fabs(rankWeightBytes(oss, s, marlin).total() / (65.9651 * GiB) - 1) < 0.005);
        QCOMPARE(
            rankWeightBytes(oss, s, bytesPerParamOn(oss, WeightFormat::Mxfp4, h100, { 0, 10, 1 }, MoeBackend::Marlin))
                .experts,
            66440835072.0);
        // gpt-oss-20b on an A100 (0.19.0, myoceane.fr): 24 x 32 x (3 x 3,072 x 2,944 + 8,960) x 0.53125 B
        // = 11,073,472,512 B of experts; the rank against the printed 13.72 GiB within 0.5 %.
        const ModelSpec oss20 = presetModel("gpt-oss-20b");
        s.layerCount = oss20.layers;
        s.localExperts = oss20.experts;
        const BytesPerParam onA100 = bytesPerParamOn(oss20, WeightFormat::Mxfp4, a100, { 0, 19, 0 });
        QCOMPARE(rankWeightBytes(oss20, s, onA100).experts, 11073472512.0);
        QVERIFY(std::fabs(rankWeightBytes(oss20, s, onA100).total() / (13.72 * GiB) - 1) < 0.005);
        // Hopper's Triton path (mxfp4.py create_weights: round_up(intermediate_size_per_partition, 64) in the
        // branch that is neither Marlin nor FlashInfer; process_weights_after_loading keeps layer.w13_weight_scale
        // beside the swizzled scales and turns the biases into FP32). _swizzle_mxfp4 (mxfp4_utils.py @09c3dc9186)
        // stores each weight as [K/2 bytes, N]: triton_kernels v3.5.1 pads N to 16 and the K bytes to 32
        // (hopper_value.py @v3.5.1), v3.6.0 (vLLM 0.17 to 0.21) both to 64 (triton #8677); the swizzled scales
        // [N, K/32] pad N to 2 x 8 warps x 2 x 8 = 256 (hopper_scale.py @v3.6.0). Per expert, h = 2,880:
        //  - gpt-oss-20b at TP 2 (I = 1,440 -> 1,472), 0.19: values 1,472 x 2,944 + 768 x 2,880 = 6,545,408,
        //    swizzled scales 3,072 x 90 + 3,072 x 46 = 417,792, checkpoint scales 2,944 x 90 + 2,880 x 46 = 397,440,
        //    FP32 biases (2,944 + 2,880) x 4 = 23,296: 7,383,936 B, x 24 x 32 = 5,670,862,848 B;
        //  - the same at 0.22 (v3.5.1 again): values 1,440 x 2,944 + 736 x 2,880 = 6,359,040: 5,527,732,224 B;
        //  - gpt-oss-20b at TP 1, 0.19: values 1,472 x 5,760 + 1,472 x 2,880 = 12,718,080, scales 5,888 x 90 +
        //    3,072 x 90 = 806,400 and 777,600, biases 34,560: 14,336,640 B, x 768 = 11,010,539,520 B;
        //  - gpt-oss-120b at TP 1, 0.14.1 (v3.5.0): values 12,441,600 (no pad), scales 806,400 and 777,600, biases
        //    34,560: 14,060,160 B, x 36 x 128 = 64,789,217,280 B;
        //  - the same at 0.25.1: #46549 (0.24) deletes the checkpoint's scales after the swizzle, 13,282,560 B per
        //    expert, 61,206,036,480 B (JaminJeong/CodingAgent's 0.25.1 start loads 61.29 GiB in all).
        QVERIFY(mxfp4ThroughTriton(h100, { 0, 19, 0 }));
        QVERIFY(!mxfp4ThroughTriton(a100, { 0, 19, 0 }));
        QVERIFY(!mxfp4ThroughTriton(presetGpu("b200"), { 0, 19, 0 })); // FlashInfer's layout on SM100
        RankShape tp2 = s;
        tp2.tp = tp2.moeTp = 2;
        const BytesPerParam onH100 = bytesPerParamOn(oss20, WeightFormat::Mxfp4, h100, { 0, 19, 0 });
        QCOMPARE(rankWeightBytes(oss20, tp2, onH100).experts, 5670862848.0);
        QCOMPARE(rankWeightBytes(oss20, tp2, bytesPerParamOn(oss20, WeightFormat::Mxfp4, h100, { 0, 22, 0 })).experts,
            5527732224.0);
        QCOMPARE(rankWeightBytes(oss20, s, onH100).experts, 11010539520.0);
        s.layerCount = oss.layers;
        s.localExperts = oss.experts;
        QCOMPARE(rankWeightBytes(oss, s, bytesPerParamOn(oss, WeightFormat::Mxfp4, h100, { 0, 14, 1 })).experts,
            64789217280.0);
        QCOMPARE(rankWeightBytes(oss, s, bytesPerParamOn(oss, WeightFormat::Mxfp4, h100, { 0, 25, 1 })).experts,
            61206036480.0);
    }

    // Every log has a source URL, a family, and is scored or excluded with a reason.
    void indexIsComplete()
    {
        const json index = corpusIndex();
        QVERIFY(index.size() >= 40);
        std::set<std::string> logs;
        int moe = 0;
        for (const json &e : index) {
            const std::string log = e.at("log").get<std::string>();
            QVERIFY2(logs.insert(log).second, log.c_str());
            QVERIFY2(!readData(log).empty(), log.c_str());
            QVERIFY2(e.at("url").get<std::string>().rfind("https://", 0) == 0, log.c_str());
            const std::string family = e.at("family").get<std::string>();
            QVERIFY2(family == "dense" || family == "moe" || family == "mla" || family == "hybrid", log.c_str());
            QVERIFY2(e.contains("plan") != e.contains("excluded"), log.c_str()); // one or the other
            if (e.contains("excluded"))
                QVERIFY2(!e.at("excluded").get<std::string>().empty(), log.c_str());
            moe += family != "dense";
        }
        QVERIFY(moe >= 10); // MoE, MLA (DeepSeek/GLM) and the hybrid MoE checkpoints
    }

    void score()
    {
        const std::vector<Scored> all = scoreCorpus();
        QVERIFY(!all.empty());
        std::map<std::string, std::vector<double>> avail, cap;
        std::map<std::string, std::vector<double>> availVer, capVer;
        std::vector<double> weights;
        int exactChecked = 0, hybridChecked = 0;
        for (const Scored &s : all) {
            qInfo("%-62s %-6s avail %8.2f/%8.2f GiB %8s  tokens %9lld/%9lld %8s  weights %8s%s", s.log.c_str(),
                s.family.c_str(), s.predictedAvailGiB, s.observedAvailGiB,
                s.available ? pct(*s.available).c_str() : "-", static_cast<long long>(s.predictedTokens),
                static_cast<long long>(s.observedTokens), s.capacity ? pct(*s.capacity).c_str() : "-",
                s.weights ? pct(*s.weights).c_str() : "-", s.kvHeld ? "" : "  (KV not held: see index)");
            if (s.weights)
                weights.push_back(std::fabs(*s.weights));
            if (s.bytesPerTokenExact) {
                ++exactChecked;
                QVERIFY2(*s.bytesPerTokenExact, s.log.c_str());
            }
            if (s.hybridRuleExact) {
                ++hybridChecked;
                QVERIFY2(*s.hybridRuleExact, s.log.c_str());
            }
            if (!s.kvHeld)
                continue;
            const std::string band = versionBand(s.version);
            if (s.available) {
                avail[s.family].push_back(std::fabs(*s.available));
                avail["overall"].push_back(std::fabs(*s.available));
                availVer[band].push_back(std::fabs(*s.available));
            }
            if (s.capacity) {
                cap[s.family].push_back(std::fabs(*s.capacity));
                cap["overall"].push_back(std::fabs(*s.capacity));
                capVer[band].push_back(std::fabs(*s.capacity));
            }
        }
        QVERIFY(exactChecked >= 2); // vllm#10517 at 20,000 and 29,000 tokens
        qInfo("KV rule exact (tokens from the printed available KV): %d non-hybrid, %d hybrid logs", exactChecked,
            hybridChecked);
        QVERIFY(hybridChecked >= 6); // vllm#28228 Kimi Linear: block 960, 318 blocks, 4 groups; club-3090 PR #594
        const auto row
            = [](const char *what, const std::string &key, const std::vector<double> &a, const std::vector<double> &c) {
                  const Figures fa = figures(a), fc = figures(c);
                  qInfo("| %-8s %-14s | %2zu | %7s | %7s | %2zu | %7s | %7s |", what, key.c_str(), fa.n,
                      pct(fa.median).c_str(), pct(fa.p90).c_str(), fc.n, pct(fc.median).c_str(), pct(fc.p90).c_str());
              };
        qInfo("| group                   | n | avail KV median | p90 | n | capacity median | p90 |");
        for (const char *family : { "dense", "moe", "mla", "hybrid", "overall" })
            row("family", family, avail[family], cap[family]);
        for (const auto &[band, v] : availVer)
            row("version", band, v, capVer[band]);
        for (const auto &[band, v] : capVer)
            if (!availVer.count(band))
                row("version", band, {}, v);
        const double worstWeights = weights.empty() ? NAN : *std::max_element(weights.begin(), weights.end());
        qInfo("weights per rank over %zu logs: median %s, worst %s", weights.size(), pct(median(weights)).c_str(),
            pct(worstWeights).c_str());
        // The constants fitted on this corpus (overheads.h): the 0.17+ sampler buffer count and the 0.18+
        // non-torch classes. The code's values are the corpus fit; leave-one-out re-fits them without each
        // log (and without each source) and scores the log left out.
        const Refit full = refit(all, [](size_t) { return false; });
        qInfo(
            "fit on the corpus: sampler buffers (0.17+) %.3f (code %.2f)", full.samplerBuffers, kSamplerBuffersFrom017);
        QVERIFY(std::fabs(full.samplerBuffers - kSamplerBuffersFrom017) <= 0.02);
        for (const auto &[k, v] : full.nonTorch) {
            const double code = k == "tp1" ? kNonTorchTp1From018
                : k == "tp1-pp"            ? kNonTorchPpStageFrom018
                                           : kNonTorchCustomAllReduceFrom018;
            qInfo("fit on the corpus: non-torch %s %.3f GiB (code %.2f GiB)", k.c_str(), v / GiB, code / GiB);
            QVERIFY2(std::fabs(v - code) <= 0.03 * GiB, k.c_str());
        }
        for (const bool bySource : { false, true }) {
            std::map<std::string, std::vector<double>> looAvail, looCap;
            for (size_t i = 0; i < all.size(); ++i) {
                const Scored &s = all[i];
                if (!s.kvHeld || s.predictedAvailGiB <= 0)
                    continue;
                const Refit r = refit(all, [&](size_t j) { return bySource ? all[j].source == s.source : j == i; });
                const double avail = availableWith(s, r);
                if (s.available) {
                    const double errAvail = std::fabs(avail / (s.observedAvailGiB * GiB) - 1);
                    looAvail[s.family].push_back(errAvail);
                    looAvail["overall"].push_back(errAvail);
                }
                if (s.capacity) {
                    // KV tokens follow the budget (to within one block).
                    const double tokens = static_cast<double>(s.predictedTokens) * avail / (s.predictedAvailGiB * GiB);
                    const double errCap = std::fabs(tokens / static_cast<double>(s.observedTokens) - 1);
                    looCap[s.family].push_back(errCap);
                    looCap["overall"].push_back(errCap);
                }
            }
            qInfo("leave-one-%s-out:", bySource ? "source" : "log");
            for (const char *family : { "dense", "moe", "mla", "hybrid", "overall" })
                row("loo", family, looAvail[family], looCap[family]);
        }

        // The targets, per family and overall, all met: each is asserted, and each figure is also held near the
        // value reached, so a change that moves it (better or worse) shows.
        const auto met = [&](const std::vector<double> &v) {
            const Figures f = figures(v);
            return f.n > 0 && f.median <= 0.02 && f.p90 <= 0.05;
        };
        const auto within = [&](const std::vector<double> &v, double medianBound, double p90Bound) {
            const Figures f = figures(v);
            return f.n > 0 && f.median <= medianBound && f.p90 <= p90Bound;
        };
        QVERIFY(!avail["dense"].empty() && !avail["moe"].empty() && !cap["dense"].empty() && !cap["moe"].empty());
        QVERIFY(met(avail["dense"]));
        QVERIFY(met(cap["dense"]));
        QVERIFY(!avail["mla"].empty());
        QVERIFY(met(avail["mla"]));
        QVERIFY(met(cap["mla"]));
        QVERIFY(met(cap["moe"]));
        QVERIFY(met(avail["overall"]));
        // Capacity overall, 36 logs: median 0.22 %, p90 4.06 %. club-3090 PR #594 (Qwen3.6-27B FP8 with MTP, 0.24),
        // whose pool the model reproduces exactly (tst_speculativestate), put the p90 at 20 % while the Qwen3.6
        // vision tower was not sized (+20 % tokens); with it counted (Qwen3_VisionTransformer, visiontower.cpp) the
        // log reads +3.9 %, not attributed (not the Gated DeltaNet layers: linearattnpeak.h).
        QVERIFY(met(cap["overall"]));
        QVERIFY(within(cap["overall"], 0.02, 0.21));
        // MoE, 16 logs: median 0.47 %, p90 3.79 % (5.07 % before NCCL's NVLS buffers were counted: DaisukeTakai/
        // eval_dataset's Qwen3-235B-A22B-FP8 at TP 8 + EP on 8x H100, 0.10.0, read +5.07 % and now +3.66 %, 2 x 258
        // MiB less per rank, core/evaluate/ncclnvls.h; its Qwen3-32B at TP 8 +3.31 -> +2.40 %; the remaining ~1.3
        // GiB per rank is not derived) (11 logs: 0.79 / 3.79 % before the five Qwen3 MoE logs joined).
        // Gemma-4-26B-A4B's vision tower is counted (myoceane.fr, A100, 0.19: -7.6 % before, +2.6 % after). The worst
        // log stays vllm#27508 (gpt-oss-120b, H100, 0.11.0 from pip: without triton_kernels Hopper ran MXFP4 through
        // Marlin, 1.34 GiB larger; the install is no plan setting).
        QVERIFY(met(avail["moe"]));
        QVERIFY(within(avail["moe"], 0.005, 0.038));
        // Hybrid: the pool rule holds exactly (hybridChecked above), and the budget on ten logs of eleven. Available
        // KV, 10 logs: median 0.92 %, p90 4.07 % (club-3090 PR #594, Qwen3.6-27B FP8 with MTP 3 on 2x RTX 3090,
        // 0.24: -4.1 %, the graph estimate counted per captured graph, 5 PIECEWISE graphs where vLLM prints 0.13
        // GiB, club-3090#104; -17.1 % at 0.5 GiB + 4 MiB per layer). The worst stays vllm#28228 (Kimi Linear 48B
        // AWQ, 2x RTX 3090, 0.11, 64,000 batched tokens): 2.30 GiB available where the model says 6.48 (7.68 before
        // the unchunked Marlin MoE caches, 2.96 GiB for all 64,000 tokens, were counted; 8.34 before the KDA layers'
        // projections, 1.76 GiB); its excerpt prints no weights or profiling line and the checkpoint's layout
        // (compressed-tensors int4 group 32 with BF16 modules) has no public config: not modelled, +182 %, +184 %
        // tokens. The hybrid p90 met once four NemotronH logs joined (NVIDIA's Nemotron-3 Nano and Super cookbooks,
        // 0.12.0 and 0.14.1: +1.2 %, +0.4 %; Yu-amd/Nemotron-on-AMD's Nano-30B and Nano-4B on MI300X, 0.23:
        // +0.7 %, +0.2 %), with sandk0/fancai's Qwen3.5-9B on an L40S (+0.5 %) once the preset carried its vision
        // tower. Before them: median 1.99 % of five logs, p90 181.77 % (4.07 % median while the dfch logs of 0.26.0
        // carried the Gated DeltaNet warm-up term, now first in 0.27; 17.10 % before the graphs were counted per
        // capture, 3.88 % before the encoder pass, 20.14 % before the Qwen3.6 tower was sized).
        QVERIFY(!avail["hybrid"].empty() && !cap["hybrid"].empty());
        QVERIFY(met(avail["hybrid"]));
        QVERIFY(within(avail["hybrid"], 0.0095, 0.041));
        // Capacity, 11 logs: median 0.96 %, p90 3.90 % (talos-argocd-proxmox#1995, Qwen3.8-27B FP8, 2x RTX 3090,
        // 0.27.1: +1.0 %, +24 % before the vision encoder's profiling pass was counted; PR #594 -3.9 %).
        QVERIFY(met(cap["hybrid"]));
        QVERIFY(within(cap["hybrid"], 0.0100, 0.040));
        // Weights per rank, 54 logs: worst 1.87 % (dfch, Qwen3.8-27B BF16 at TP 2 on two RTX PRO 6000, 0.26.0). It
        // was gpt-oss-20b at TP 2 (H100, 0.19.0, Triton), -2.63 %, until triton_kernels v3.6.0's pad of both value
        // extents to 64 was counted (-0.52 % now; its TP 1 twin of the same sweep -0.16 %).
        QVERIFY(worstWeights <= 0.02);
        QVERIFY(worstWeights >= 0.015);
        // What holds already: the weights median (the 1% tolerance of docs/DESIGN.md §C).
        QVERIFY(median(weights) <= 0.01);
    }
};

QTEST_GUILESS_MAIN(TestLogCorpus)
#include "tst_logcorpus.moc"
