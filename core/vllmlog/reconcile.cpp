#include "core/vllmlog/reconcile.h"

#include "core/explain/memoryterms.h"
#include "core/text/units.h"
#include "core/vllmlog/vllmlog.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace shardscope {

using nlohmann::json;

namespace {

bool has(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::string gib(double bytes)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / GiB);
    return buf;
}

std::string percent(double p)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f%%", p);
    return buf;
}

std::optional<double> positive(double v)
{
    return v >= 0 ? std::optional<double>(v) : std::nullopt;
}

Sentence say(const char *templ, std::vector<Sentence> args = {})
{
    return phrase("Reconcile", templ, std::move(args));
}

// "<term> larger than modelled by 0.12 GiB": a negative effect on the KV budget means the term is larger.
Sentence differs(Sentence term, double effect)
{
    return say(effect < 0 ? QT_TRANSLATE_NOOP("Reconcile", "%1 larger than modelled by %2")
                          : QT_TRANSLATE_NOOP("Reconcile", "%1 smaller than modelled by %2"),
        { std::move(term), value(gib(std::fabs(effect))) });
}

// The English strings of the JSON and the CLI are the sentences' text: they cannot drift apart.
void explain(ReconcileResult &r, Sentence text)
{
    r.explanationText = std::move(text);
}

void note(ReconcileResult &r, Sentence text)
{
    r.noteTexts.push_back(std::move(text));
}

} // namespace

std::vector<std::string> ReconcileResult::notes() const
{
    return texts(noteTexts);
}

std::optional<double> ReconcileRow::difference() const
{
    if (!predicted || !observed)
        return std::nullopt;
    return *observed - *predicted;
}

std::optional<double> ReconcileRow::differencePercent() const
{
    const auto d = difference();
    if (!d || *observed == 0)
        return std::nullopt;
    return 100.0 * *d / std::fabs(*observed);
}

std::string modelIdForLog(const ParsedVllmLog &log, const std::vector<ModelSpec> &models)
{
    if (log.model.empty())
        return {};
    const auto base = [](std::string s) {
        while (!s.empty() && s.back() == '/')
            s.pop_back();
        const auto slash = s.rfind('/');
        std::string b = slash == std::string::npos ? s : s.substr(slash + 1);
        for (char &c : b)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return b;
    };
    const std::string wanted = base(log.model);
    for (const ModelSpec &m : models)
        if ((!m.hfRepo.empty() && base(m.hfRepo) == wanted) || base(m.id) == wanted)
            return m.id;
    return {};
}

Plan planFromLog(const Plan &base, const ParsedVllmLog &log, const std::vector<std::string> &given,
    std::vector<std::string> *applied)
{
    Plan p = base;
    const auto take = [&](const char *key, auto &field, const auto &value) {
        if (!value || has(given, key))
            return;
        field = static_cast<std::decay_t<decltype(field)>>(*value);
        if (applied)
            applied->push_back(key);
    };
    if (!has(given, "vllm_version")) {
        p.vllmVersion = log.effectiveVersion();
        if (applied)
            applied->push_back("vllm_version");
    }
    take("tp", p.tp, log.tp);
    take("pp", p.pp, log.pp);
    take("dp", p.dp, log.dp);
    take("decode_context_parallel_size", p.decodeContextParallel, log.dcp);
    take("prefill_context_parallel_size", p.prefillContextParallel, log.pcp);
    take("kv_cache_memory_bytes", p.kvCacheMemoryBytes, log.kvCacheMemoryBytes); // as printed, to 0.01 GiB
    take("gpu_memory_utilization", p.gpuMemoryUtilization, log.gpuMemoryUtilization);
    take("max_model_len", p.maxModelLen, log.maxModelLen);
    take("block_size", p.blockSize, log.blockSize);
    take("max_num_seqs", p.maxNumSeqs, log.maxNumSeqs);
    take("max_num_batched_tokens", p.maxNumBatchedTokens, log.maxNumBatchedTokens);
    take("enforce_eager", p.enforceEager, log.enforceEager);
    take("flashinfer_sampler", p.flashinferSampler, log.flashinferSampler);
    if (log.moeBackendMarlin && !has(given, "moe_backend"))
        p.moeBackend = *log.moeBackendMarlin ? MoeBackend::Marlin : MoeBackend::Auto;
    take("disable_custom_all_reduce", p.disableCustomAllReduce, log.disableCustomAllReduce);
    take("num_speculative_tokens", p.numSpeculativeTokens, log.numSpeculativeTokens);
    take("language_model_only", p.languageModelOnly, log.languageModelOnly);
    take("skip_mm_profiling", p.skipMmProfiling, log.skipMmProfiling);
    take("mm_encoder_tp_mode", p.mmEncoderTpData, log.mmEncoderTpData);
    if (log.enablePrefixCaching && !has(given, "enable_prefix_caching")) {
        p.prefixCaching = *log.enablePrefixCaching ? PrefixCaching::On : PrefixCaching::Off;
        if (applied)
            applied->push_back("enable_prefix_caching");
    }
    if (log.kvCacheDtype && !has(given, "kv_cache_dtype")) {
        p.kvCacheDtype = log.kvCacheDtype->rfind("fp8", 0) == 0 ? KvDtype::Fp8 : KvDtype::Auto;
        if (applied)
            applied->push_back("kv_cache_dtype");
    }
    if (const double total = log.totalBytes(); total > 0 && !has(given, "gpu_memory_bytes")) {
        p.gpuMemoryBytes = total;
        if (applied)
            applied->push_back("gpu_memory_bytes");
    }
    if (p.tp < 1)
        p.tp = 1;
    if (p.pp < 1)
        p.pp = 1;
    if (p.dp < 1)
        p.dp = 1;
    return p;
}

ReconcileResult reconcile(const EvaluatedPlan &p, const ParsedVllmLog &log)
{
    const Evaluation &e = p.evaluation;
    const ModelSpec &m = p.model;
    const GpuSpec &gpu = p.gpu;
    ReconcileResult r;
    if (!e.valid || e.ranks.empty()) {
        explain(
            r, say(QT_TRANSLATE_NOOP("Reconcile", "the plan could not be evaluated, so there is nothing to compare")));
        return r;
    }
    const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
    const ObservedWorker *w = log.bindingWorker();
    const std::string basis = overheadBasis(e.plan);
    const auto obs = [&](double ObservedWorker::*field) -> std::optional<double> {
        if (w && w->*field >= 0)
            return w->*field;
        for (const ObservedWorker &o : log.workers) // a term printed by another worker of the same run
            if (o.*field >= 0)
                return o.*field;
        return std::nullopt;
    };

    const auto row = [&](const char *key, Sentence label, const char *unit, std::optional<double> predicted,
                         std::optional<double> observed, const std::string &rowBasis) {
        r.rows.push_back({ key, unit, predicted, observed, rowBasis, std::move(label) });
    };
    row("weights", say(QT_TRANSLATE_NOOP("Reconcile", "weights per GPU (largest)")), "bytes", e.maxWeightsBytesPerGpu,
        positive(log.maxWeightsBytes()), "formula");
    row("activation", say(QT_TRANSLATE_NOOP("Reconcile", "peak activation")), "bytes", b.activation.total(),
        obs(&ObservedWorker::activationBytes), basis);
    row("non_torch", say(QT_TRANSLATE_NOOP("Reconcile", "non-torch memory")), "bytes", b.nonTorch,
        obs(&ObservedWorker::nonTorchBytes), basis);
    row("cuda_graph", say(QT_TRANSLATE_NOOP("Reconcile", "CUDA graphs")), "bytes", b.cudaGraph,
        obs(&ObservedWorker::cudaGraphBytes), basis);
    // The graphs the estimate extrapolates over, as the log names them (>= 0.21); a count that differs points at
    // the capture sizes (max_num_seqs, speculative tokens, the budget) or at the attention backend's mode.
    if (log.cudaGraphsPiecewise)
        row("cuda_graphs", say(QT_TRANSLATE_NOOP("Reconcile", "CUDA graphs captured (PIECEWISE + FULL)")), "graphs",
            static_cast<double>(e.cudaGraphs.piecewise + e.cudaGraphs.full),
            static_cast<double>(*log.cudaGraphsPiecewise + log.cudaGraphsFull.value_or(0)), "formula");
    row("available_kv", say(QT_TRANSLATE_NOOP("Reconcile", "available KV cache memory (binding GPU)")), "bytes",
        b.kvBudget, log.minAvailableKvBytes(), basis);
    if (vllmEngine(e.plan.vllmVersion) == VllmEngine::V0 || log.gpuBlocks)
        row("gpu_blocks", say(QT_TRANSLATE_NOOP("Reconcile", "GPU blocks")), "blocks", static_cast<double>(e.kv.blocks),
            log.gpuBlocks ? std::optional<double>(static_cast<double>(*log.gpuBlocks)) : std::nullopt, basis);
    std::optional<double> tokens;
    if (log.kvTokens)
        tokens = static_cast<double>(*log.kvTokens);
    else if (log.gpuBlocks && log.engine == LogEngine::V0)
        tokens = static_cast<double>(*log.gpuBlocks * e.plan.blockSize);
    row("kv_tokens", say(QT_TRANSLATE_NOOP("Reconcile", "GPU KV cache size")), "tokens",
        static_cast<double>(e.kv.capacityTokens), tokens, basis);
    row("max_concurrency", say(QT_TRANSLATE_NOOP("Reconcile", "maximum concurrency")), "x", e.kv.maxConcurrencyExact,
        log.maxConcurrency, basis);
    // The KV bytes one token costs, implied by the log: available / tokens (within block rounding) for a
    // full-attention pool; the prediction is a formula, so this row checks the model's KV spec.
    std::optional<double> implied;
    const auto avail = log.minAvailableKvBytes();
    if (avail && tokens && *tokens > 0 && !e.kv.hybrid && e.kv.dcp == 1)
        implied = *avail / *tokens;
    row("kv_bytes_per_token", say(QT_TRANSLATE_NOOP("Reconcile", "KV bytes per token per GPU")), "bytes",
        e.kv.bytesPerTokenPerGpu, implied, "formula");

    if (log.maxModelLen && *log.maxModelLen != e.plan.maxModelLen)
        note(r,
            say(QT_TRANSLATE_NOOP("Reconcile", "the log ran max_model_len %1, the plan uses %2"),
                { value(std::to_string(*log.maxModelLen)), value(std::to_string(e.plan.maxModelLen)) }));
    if (log.concurrencyLen && *log.concurrencyLen != e.plan.maxModelLen)
        note(r,
            say(QT_TRANSLATE_NOOP("Reconcile", "the log's concurrency is for %1-token requests"),
                { value(std::to_string(*log.concurrencyLen)) }));
    (void)m;
    (void)gpu;

    // Which term explains the difference in available KV: each term's excess moves the budget by the
    // same bytes, opposite sign. Unprinted activation and non-torch share the unexplained rest.
    if (!avail) {
        explain(r,
            say(QT_TRANSLATE_NOOP(
                "Reconcile", "the log prints no available KV memory, so the budget cannot be reconciled")));
        return r;
    }
    const double delta = *avail - b.kvBudget;
    struct Part
    {
        std::string key;
        Sentence text;
        double effect;
    };
    std::vector<Part> parts;
    double explained = 0;
    for (const ReconcileRow &row : r.rows) {
        if (row.key != "weights" && row.key != "activation" && row.key != "non_torch"
            && !(row.key == "cuda_graph" && e.kv.cudaGraphSubtracted))
            continue;
        const auto d = row.difference();
        if (!d)
            continue;
        // Weights: the binding GPU's own, when it printed them.
        const double bindingWeights = w && w->weightsBytes >= 0 ? w->weightsBytes : log.maxWeightsBytes();
        const double effect = row.key == "weights" ? -(bindingWeights - b.weights.total()) : -*d;
        parts.push_back({ row.key, differs(row.labelText, effect), effect });
        explained += effect;
    }
    if (const double total = log.totalBytes(); total > 0 && std::fabs(total - b.total) > 0.005 * GiB) {
        const double effect = std::ceil(total * e.plan.gpuMemoryUtilization) - b.requested;
        parts.push_back({ "requested",
            say(QT_TRANSLATE_NOOP("Reconcile", "the GPU's visible memory differs (%1 vs %2)"),
                { value(gib(total)), value(gib(b.total)) }),
            effect });
        explained += effect;
    }
    const double rest = delta - explained;
    const bool actPrinted = r.rows[1].observed.has_value();
    const bool ntPrinted = r.rows[2].observed.has_value();
    if (std::fabs(rest) > 0.005 * GiB) {
        const char *what = !actPrinted && !ntPrinted
            ? QT_TRANSLATE_NOOP("Reconcile", "peak activation + non-torch (not printed by this log)")
            : !actPrinted ? QT_TRANSLATE_NOOP("Reconcile", "peak activation (not printed by this log)")
            : !ntPrinted  ? QT_TRANSLATE_NOOP("Reconcile", "non-torch memory (not printed by this log)")
                          : QT_TRANSLATE_NOOP("Reconcile", "rounding and terms vLLM does not print");
        parts.push_back(
            { !actPrinted ? "activation" : (!ntPrinted ? "non_torch" : "other"), differs(say(what), rest), rest });
    }
    const auto biggest = std::max_element(parts.begin(), parts.end(),
        [](const Part &a, const Part &c) { return std::fabs(a.effect) < std::fabs(c.effect); });
    const double pct = *avail != 0 ? 100.0 * delta / std::fabs(*avail) : 0;
    if (std::fabs(delta) < 0.01 * GiB) {
        explain(r,
            say(QT_TRANSLATE_NOOP("Reconcile", "predicted available KV matches the log (%1 vs %2)"),
                { value(gib(b.kvBudget)), value(gib(*avail)) }));
    } else {
        std::vector<Sentence> args { value(gib(std::fabs(delta))), value(percent(std::fabs(pct))) };
        if (biggest != parts.end()) {
            r.explainingTerm = biggest->key;
            args.push_back(biggest->text);
            explain(r,
                say(delta > 0 ? QT_TRANSLATE_NOOP(
                        "Reconcile", "the log has %1 (%2) more available KV memory than predicted; mostly %3")
                              : QT_TRANSLATE_NOOP("Reconcile",
                                  "the log has %1 (%2) less available KV memory than predicted; mostly %3"),
                    std::move(args)));
        } else {
            explain(r,
                say(delta > 0
                        ? QT_TRANSLATE_NOOP("Reconcile", "the log has %1 (%2) more available KV memory than predicted")
                        : QT_TRANSLATE_NOOP("Reconcile", "the log has %1 (%2) less available KV memory than predicted"),
                    std::move(args)));
        }
    }
    return r;
}

std::optional<CalibrationProfile> calibrateFromLog(
    const Evaluation &e, const ParsedVllmLog &log, const std::string &name, const std::string &source, Sentence *error)
{
    const auto fail = [&](const Sentence &why) -> std::optional<CalibrationProfile> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!e.valid || e.ranks.empty() || e.plan.accounting != Accounting::Vllm)
        return fail(say(QT_TRANSLATE_NOOP("Reconcile", "the plan could not be evaluated in vLLM accounting")));
    const auto avail = log.minAvailableKvBytes();
    if (!avail)
        return fail(say(QT_TRANSLATE_NOOP("Reconcile",
            "the log prints no available KV memory (\"Available KV cache memory\" or the V0 profiling summary)")));
    const ObservedWorker *w = log.bindingWorker();
    const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
    const double weights = w && w->weightsBytes >= 0
        ? w->weightsBytes
        : (log.maxWeightsBytes() >= 0 ? log.maxWeightsBytes() : b.weights.total());
    CalibrationProfile c;
    c.name = name;
    c.gpuId = e.plan.gpuId;
    c.vllmVersion = e.plan.vllmVersion;
    c.tp = e.plan.tp;
    c.source = source;
    const double total = log.totalBytes() > 0 ? log.totalBytes() : b.total;
    const double requested
        = w && w->requestedBytes > 0 ? w->requestedBytes : std::ceil(total * e.plan.gpuMemoryUtilization);
    const double nonTorch = w && w->nonTorchBytes >= 0 ? w->nonTorchBytes : b.nonTorch;
    if (w && w->nonTorchBytes >= 0)
        c.nonTorchBytes = w->nonTorchBytes;
    double graph = b.cudaGraph;
    if (const auto g = std::find_if(
            log.workers.begin(), log.workers.end(), [](const ObservedWorker &o) { return o.cudaGraphBytes >= 0; });
        g != log.workers.end() && !e.plan.enforceEager) {
        c.cudaGraphBytes = g->cudaGraphBytes;
        graph = g->cudaGraphBytes;
    }
    const double modelled = b.activation.total();
    if (modelled <= 0)
        return fail(say(QT_TRANSLATE_NOOP("Reconcile", "the modelled peak activation is zero, nothing to scale")));
    double activation = w && w->activationBytes >= 0
        ? w->activationBytes
        : requested - weights - *avail - nonTorch - (e.kv.cudaGraphSubtracted ? graph : 0.0);
    if (activation <= 0)
        return fail(say(QT_TRANSLATE_NOOP("Reconcile",
                            "the log leaves no room for peak activation (%1): is the plan the one that ran?"),
            { value(gib(activation)) }));
    c.activationScale = std::clamp(activation / modelled, 0.05, 20.0);
    return c;
}

json parsedLogToJson(const ParsedVllmLog &log)
{
    const auto opt = [](const auto &v) { return v ? json(*v) : json(nullptr); };
    json workers = json::array();
    for (const ObservedWorker &w : log.workers) {
        const auto bytes = [](double v) { return v >= 0 ? json(v) : json(nullptr); };
        workers.push_back({ { "label", w.label }, { "rank", w.rank >= 0 ? json(w.rank) : json(nullptr) },
            { "weights_bytes", bytes(w.weightsBytes) },
            { "available_kv_bytes", w.availableKvBytes ? json(*w.availableKvBytes) : json(nullptr) },
            { "activation_bytes", bytes(w.activationBytes) }, { "non_torch_bytes", bytes(w.nonTorchBytes) },
            { "cuda_graph_bytes", bytes(w.cudaGraphBytes) },
            { "cuda_graph_actual_bytes", bytes(w.cudaGraphActualBytes) }, { "consumed_bytes", bytes(w.consumedBytes) },
            { "total_bytes", bytes(w.totalBytes) } });
    }
    return json { { "version", log.version ? json(vllmVersionName(*log.version)) : json(nullptr) },
        { "effective_version", vllmVersionName(log.effectiveVersion()) },
        { "engine", log.engine == LogEngine::V0 ? "v0" : (log.engine == LogEngine::V1 ? "v1" : "unknown") },
        { "model", log.model }, { "tp", opt(log.tp) }, { "pp", opt(log.pp) }, { "dp", opt(log.dp) },
        { "decode_context_parallel_size", opt(log.dcp) }, { "prefill_context_parallel_size", opt(log.pcp) },
        { "kv_cache_memory_bytes", opt(log.kvCacheMemoryBytes) }, { "one_line_kv_capacity", log.oneLineKvCapacity },
        { "gpu_memory_utilization", opt(log.gpuMemoryUtilization) }, { "max_model_len", opt(log.maxModelLen) },
        { "block_size", opt(log.blockSize) }, { "kv_cache_dtype", opt(log.kvCacheDtype) },
        { "enforce_eager", opt(log.enforceEager) }, { "flashinfer_sampler", opt(log.flashinferSampler) },
        { "moe_backend",
            log.moeBackendMarlin ? nlohmann::json(*log.moeBackendMarlin ? "marlin" : "auto")
                                 : nlohmann::json(nullptr) },
        { "disable_custom_all_reduce", opt(log.disableCustomAllReduce) },
        { "enable_prefix_caching", opt(log.enablePrefixCaching) },
        { "language_model_only", opt(log.languageModelOnly) }, { "skip_mm_profiling", opt(log.skipMmProfiling) },
        { "mm_encoder_tp_mode",
            log.mmEncoderTpData ? nlohmann::json(*log.mmEncoderTpData ? "data" : "weights") : nlohmann::json(nullptr) },
        { "num_speculative_tokens", opt(log.numSpeculativeTokens) }, { "workers", std::move(workers) },
        { "gpu_blocks", opt(log.gpuBlocks) }, { "cpu_blocks", opt(log.cpuBlocks) }, { "kv_tokens", opt(log.kvTokens) },
        { "max_concurrency", opt(log.maxConcurrency) }, { "concurrency_tokens", opt(log.concurrencyLen) },
        { "cuda_graphs_piecewise", opt(log.cudaGraphsPiecewise) }, { "cuda_graphs_full", opt(log.cudaGraphsFull) },
        { "failures", log.failures }, { "notes", log.notes }, { "lines", log.lines }, { "truncated", log.truncated } };
}

json reconcileToJson(const ReconcileResult &r)
{
    json rows = json::array();
    for (const ReconcileRow &row : r.rows) {
        const auto d = row.difference();
        const auto pct = row.differencePercent();
        rows.push_back({ { "key", row.key }, { "label", row.label() }, { "unit", row.unit },
            { "predicted", row.predicted ? json(*row.predicted) : json(nullptr) },
            { "observed", row.observed ? json(*row.observed) : json(nullptr) },
            { "difference", d ? json(*d) : json(nullptr) },
            { "difference_gib", d && row.unit == "bytes" ? json(*d / GiB) : json(nullptr) },
            { "difference_percent", pct ? json(*pct) : json(nullptr) }, { "basis", row.basis } });
    }
    return json { { "rows", std::move(rows) },
        { "explanation",
            { { "term", r.explainingTerm.empty() ? json(nullptr) : json(r.explainingTerm) },
                { "text", r.explanation() } } },
        { "notes", r.notes() } };
}

} // namespace shardscope
