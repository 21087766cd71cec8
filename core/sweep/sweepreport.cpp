#include "core/sweep/sweepreport.h"

#include "core/sweep/slasearch.h"

#include "core/text/sanitize.h"
#include "core/text/units.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <sstream>

namespace shardscope {

using nlohmann::json;

namespace {

// Time and communication exist only for plans with a placement.
template <typename T> json timed(const SweepPlan &p, T value)
{
    return p.valid ? json(value) : json(nullptr);
}

// One table drives both JSON and CSV so the two cannot drift apart. A dotted name is a JSON path.
struct Column
{
    const char *name;
    std::function<json(const SweepPlan &)> value;
};

const std::vector<Column> &columns()
{
    static const std::vector<Column> list = {
        { "rank", [](const SweepPlan &p) { return p.rank > 0 ? json(p.rank) : json(nullptr); } },
        { "tp", [](const SweepPlan &p) { return json(p.tp); } },
        { "pp", [](const SweepPlan &p) { return json(p.pp); } },
        { "dp", [](const SweepPlan &p) { return json(p.dp); } },
        { "ep", [](const SweepPlan &p) { return json(p.ep); } },
        { "gpus", [](const SweepPlan &p) { return json(p.gpus); } },
        { "nodes", [](const SweepPlan &p) { return json(p.nodes); } },
        { "moe_tp", [](const SweepPlan &p) { return json(p.moeTp); } },
        { "valid", [](const SweepPlan &p) { return json(p.valid); } },
        { "fits", [](const SweepPlan &p) { return json(p.fits); } },
        { "meets_constraints", [](const SweepPlan &p) { return json(p.meetsConstraints); } },
        { "pareto", [](const SweepPlan &p) { return json(p.pareto); } },
        { "dominated_by", [](const SweepPlan &p) { return p.dominatedBy > 0 ? json(p.dominatedBy) : json(nullptr); } },
        { "crosses_node", [](const SweepPlan &p) { return json(p.crossesNode); } },
        { "outside_scaleup_domain", [](const SweepPlan &p) { return json(p.outsideScaleupDomain); } },
        { "memory.max_weights_bytes_per_gpu", [](const SweepPlan &p) { return json(p.maxWeightsBytesPerGpu); } },
        { "kv.bytes_per_token_per_gpu", [](const SweepPlan &p) { return json(p.kvBytesPerTokenPerGpu); } },
        { "kv.capacity_tokens", [](const SweepPlan &p) { return json(p.capacityTokens); } },
        { "kv.max_concurrency", [](const SweepPlan &p) { return json(p.maxConcurrency); } },
        { "kv.cluster_max_concurrency", [](const SweepPlan &p) { return json(p.clusterMaxConcurrency); } },
        { "kv.concurrency_per_gpu", [](const SweepPlan &p) { return json(p.concurrencyPerGpu()); } },
        { "time.microbatches", [](const SweepPlan &p) { return timed(p, p.microbatches); } },
        { "time.batch", [](const SweepPlan &p) { return timed(p, p.batch); } },
        { "time.context_tokens", [](const SweepPlan &p) { return timed(p, p.context); } },
        { "time.tpot_s", [](const SweepPlan &p) { return timed(p, p.tpotSec); } },
        { "time.tokens_per_s_per_gpu", [](const SweepPlan &p) { return timed(p, p.tokensPerSecPerGpu); } },
        { "time.ttft_s", [](const SweepPlan &p) { return timed(p, p.ttftSec); } },
        { "comm.time_s", [](const SweepPlan &p) { return timed(p, p.commSecPerStep); } },
        { "comm.bytes_per_gpu_per_step", [](const SweepPlan &p) { return timed(p, p.commBytesPerGpuPerStep); } },
        { "comm.tp_link", [](const SweepPlan &p) { return p.valid ? json(linkKindName(p.tpLink)) : json(nullptr); } },
        { "max_num_seqs", [](const SweepPlan &p) { return p.valid ? json(p.maxNumSeqs) : json(nullptr); } },
        { "max_num_seqs_lowered", [](const SweepPlan &p) { return json(p.maxNumSeqsLowered); } },
    };
    return list;
}

void setPath(json &obj, const std::string &path, json value)
{
    json *node = &obj;
    size_t start = 0;
    for (size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', start)) {
        node = &(*node)[path.substr(start, dot - start)];
        start = dot + 1;
    }
    (*node)[path.substr(start)] = std::move(value);
}

std::string csvField(const std::string &s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csvValue(const json &v)
{
    if (v.is_null())
        return {};
    if (v.is_string())
        return csvField(v.get<std::string>());
    return v.dump();
}

std::string joinReasons(const SweepPlan &p, bool codes)
{
    std::string s;
    for (const PlanIssue &i : p.reasons)
        s += (s.empty() ? "" : "; ") + (codes ? i.code : i.message());
    return s;
}

const char *epSizesName(EpSizes e)
{
    return e == EpSizes::AllDivisors ? "all" : "vllm";
}

int paretoCount(const SweepResult &r)
{
    int n = 0;
    for (const SweepPlan &p : r.plans)
        n += p.pareto;
    return n;
}

int rankedCount(const SweepResult &r)
{
    int n = 0;
    for (const SweepPlan &p : r.plans)
        n += p.rank > 0;
    return n;
}

} // namespace

json sweepToJson(const SweepResult &r, const ModelSpec &m, const GpuSpec &gpu)
{
    const SweepOptions &o = r.options;
    json out;
    out["schema"] = "shardscope.sweep/1";
    out["model"] = { { "id", m.id }, { "name", m.name }, { "category", m.category() } };
    out["gpu"] = { { "id", gpu.id }, { "name", gpu.name } };
    out["gpus"] = o.gpus;
    out["up_to"] = o.upTo;
    out["gpus_per_node"] = r.resolved.gpusPerNode;
    out["ep_sizes"] = epSizesName(o.epSizes);
    out["objective"] = sweepObjectiveName(o.objective);
    out["constraints"] = { { "min_concurrency", o.minConcurrency > 0 ? json(o.minConcurrency) : json(nullptr) },
        { "max_tpot_ms", o.maxTpotSec > 0 ? json(o.maxTpotSec * 1e3) : json(nullptr) },
        { "max_model_len", r.resolved.maxModelLen } };
    out["decode"] = { { "batch", o.batch > 0 ? json(o.batch) : json("largest_that_fits") },
        { "microbatches", o.microbatches > 0 ? json(o.microbatches) : json("pp") },
        { "context_tokens", r.resolved.promptLen } };
    out["settings"] = { { "accounting", accountingName(r.resolved.accounting) },
        { "gpu_memory_utilization", r.resolved.gpuMemoryUtilization },
        { "kv_cache_dtype", kvDtypeName(r.resolved.kvCacheDtype) },
        { "quantization", quantizationName(r.resolved.quantization) }, { "max_num_seqs", r.resolved.maxNumSeqs },
        { "max_num_batched_tokens", r.resolved.maxNumBatchedTokens }, { "block_size", r.resolved.blockSize } };
    out["combinations"] = r.combinations;
    out["ranked"] = rankedCount(r);
    out["pareto"] = paretoCount(r);
    json skipped = json::array();
    for (const SkippedCombos &s : r.skipped)
        skipped.push_back({ { "code", s.code }, { "count", s.count }, { "example", s.example } });
    out["skipped"] = std::move(skipped);
    json plans = json::array();
    for (const SweepPlan &p : r.plans) {
        json j = json::object();
        for (const Column &c : columns())
            setPath(j, c.name, c.value(p));
        json reasons = json::array();
        for (const PlanIssue &i : p.reasons)
            reasons.push_back({ { "code", i.code }, { "message", i.message() } });
        j["reasons"] = std::move(reasons);
        // At the example price of the GPU (defaultGpuHourCost) and the decode estimate's tokens/s.
        const double cost
            = costPerMillionOutputTokens(p.gpus, defaultGpuHourCost(gpu.id), p.tokensPerSecPerGpu * p.gpus);
        j["cost_per_million_output_tokens"] = p.valid && cost >= 0 ? json(cost) : json(nullptr);
        plans.push_back(std::move(j));
    }
    out["plans"] = std::move(plans);
    return out;
}

std::string sweepToCsv(const SweepResult &r)
{
    std::ostringstream s;
    for (const Column &c : columns())
        s << c.name << ',';
    s << "reason_codes,reasons\n";
    for (const SweepPlan &p : r.plans) {
        for (const Column &c : columns())
            s << csvValue(c.value(p)) << ',';
        s << csvField(joinReasons(p, true)) << ',' << csvField(joinReasons(p, false)) << "\n";
    }
    return s.str();
}

std::string sweepToText(const SweepResult &r, const ModelSpec &m, const GpuSpec &gpu)
{
    const SweepOptions &o = r.options;
    std::ostringstream s;
    // Names are refused with control characters where they are read; one line here all the same.
    s << sanitize::oneLine(m.name) << " on " << (o.upTo ? "1 to " : "") << o.gpus << " x "
      << sanitize::oneLine(gpu.name) << " (nodes of " << r.resolved.gpusPerNode << "), max_model_len "
      << formatThousands(r.resolved.maxModelLen) << ", objective: " << sweepObjectiveName(o.objective);
    if (o.minConcurrency > 0)
        s << ", at least " << o.minConcurrency << " concurrent requests";
    if (o.maxTpotSec > 0)
        s << ", TPOT at most " << o.maxTpotSec * 1e3 << " ms";
    s << "\n"
      << r.combinations << " combinations, " << r.plans.size() << " listed, " << rankedCount(r) << " ranked, "
      << paretoCount(r) << " on the Pareto front";
    if (r.skippedCount() > 0) {
        s << "; " << r.skippedCount() << " impossible skipped (";
        for (size_t i = 0; i < r.skipped.size(); ++i)
            s << (i ? ", " : "") << r.skipped[i].code << " " << r.skipped[i].count;
        s << ")";
    }
    s << "\n\n";
    char line[512];
    std::snprintf(line, sizeof line, "%5s %4s %4s %4s %4s %5s %9s %8s %9s %9s %10s %6s  %s\n", "rank", "tp", "pp", "dp",
        "ep", "GPUs", "requests", "req/GPU", "m x batch", "TPOT ms", "tok/s/GPU", "front", "notes");
    s << line;
    for (const SweepPlan &p : r.plans) {
        std::string notes;
        if (!p.reasons.empty())
            notes = p.reasons.front().code;
        else if (p.crossesNode)
            notes = "tp_crosses_node";
        if (p.maxNumSeqsLowered)
            notes += (notes.empty() ? "" : "; ") + std::string("--max-num-seqs ") + std::to_string(p.maxNumSeqs);
        if (p.dominatedBy > 0)
            notes += (notes.empty() ? "" : "; ") + std::string("dominated by #") + std::to_string(p.dominatedBy);
        const std::string rank = p.rank > 0 ? std::to_string(p.rank) : "-";
        std::string batch = "-", tpot = "-", throughput = "-";
        if (p.valid) {
            char a[32], b[32];
            std::snprintf(a, sizeof a, "%.2f", p.tpotSec * 1e3);
            std::snprintf(b, sizeof b, "%.1f", p.tokensPerSecPerGpu);
            batch = std::to_string(p.microbatches) + " x " + std::to_string(p.batch);
            tpot = a;
            throughput = b;
        }
        std::snprintf(line, sizeof line, "%5s %4d %4d %4d %4d %5d %9lld %8.2f %9s %9s %10s %6s  %s\n", rank.c_str(),
            p.tp, p.pp, p.dp, p.ep, p.gpus, static_cast<long long>(p.clusterMaxConcurrency), p.concurrencyPerGpu(),
            batch.c_str(), tpot.c_str(), throughput.c_str(), p.pareto ? "*" : "", notes.c_str());
        s << line;
    }
    s << "\nrequests: concurrent requests of max_model_len the whole cluster holds (dp x one replica's KV cache).\n"
         "TPOT and tok/s/GPU: estimated decode of m micro-batches x batch sequences per replica, each over "
      << formatThousands(r.resolved.promptLen) << " tokens of context.\n";
    return s.str();
}

} // namespace shardscope
