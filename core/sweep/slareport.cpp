#include "core/launch/shellwords.h"
#include "core/sweep/slasearch.h"
#include "core/text/sanitize.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <sstream>

namespace shardscope {

using nlohmann::json;

namespace {

std::string num(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", v);
    return text;
}

json stats(const LatencyStats &s)
{
    return { { "mean", s.mean }, { "p50", s.p50 }, { "p90", s.p90 }, { "p99", s.p99 } };
}

json check(const SlaCheck &c)
{
    if (!(c.targetSec > 0))
        return nullptr;
    return { { "target_s", c.targetSec }, { "value_s", c.valueSec }, { "met", c.met }, { "margin_s", c.marginSec } };
}

json cost(double c)
{
    return c < 0 ? json(nullptr) : json(c);
}

json poolJson(const PoolPlan &p)
{
    return { { "tp", p.tp }, { "pp", p.pp }, { "dp", p.dp }, { "ep", p.ep }, { "instances", p.instances },
        { "max_num_seqs", p.maxNumSeqs }, { "max_num_batched_tokens", p.maxNumBatchedTokens } };
}

struct Column
{
    const char *name;
    std::function<json(const SlaRow &)> value;
};

} // namespace

std::string slaRowCommand(const SlaSearchResult &r, const SlaRow &row, const std::string &modelRef)
{
    const Plan p = planForRow(r, row);
    const Workload &w = r.options.workload;
    std::string s = "shardscope plan --model " + shellQuote(modelRef) + " --gpu " + shellQuote(row.gpuId);
    if (row.disaggregated) {
        s += " --serving-mode disaggregated";
        for (const auto &[name, pool] :
            { std::pair { "prefill", &row.prefill }, std::pair { "decode", &row.decode } }) {
            const std::string f = std::string(" --") + name + "-";
            for (const auto &[flag, value] :
                { std::pair { "tp ", pool->tp }, std::pair { "pp ", pool->pp }, std::pair { "dp ", pool->dp },
                    std::pair { "ep ", pool->ep }, std::pair { "instances ", pool->instances } }) {
                s += f;
                s += flag;
                s += std::to_string(value);
            }
            if (pool->maxNumSeqs > 0 && pool == &row.decode)
                s += f + "max-num-seqs " + std::to_string(pool->maxNumSeqs);
            if (pool->maxNumBatchedTokens > 0)
                s += f + "max-num-batched-tokens " + std::to_string(pool->maxNumBatchedTokens);
        }
        s += std::string(" --kv-transfer-link ") + kvTransferLinkName(p.kvTransferLink);
        if (p.maxModelLen > 0)
            s += " --max-model-len " + std::to_string(p.maxModelLen);
    } else {
        s += " --tp " + std::to_string(row.tp) + " --pp " + std::to_string(row.pp) + " --dp " + std::to_string(row.dp)
            + " --ep " + std::to_string(row.ep);
        if (p.maxModelLen > 0)
            s += " --max-model-len " + std::to_string(p.maxModelLen);
        s += " --max-num-seqs " + std::to_string(row.maxNumSeqs) + " --max-num-batched-tokens "
            + std::to_string(row.maxNumBatchedTokens);
    }
    if (p.kvCacheDtype != KvDtype::Auto)
        s += std::string(" --kv-cache-dtype ") + kvDtypeName(p.kvCacheDtype);
    if (p.quantization != Quantization::Auto)
        s += std::string(" --quantization ") + quantizationName(p.quantization);
    if (w.dataset == Dataset::ShareGpt)
        s += " --dataset-name sharegpt --input-len " + std::to_string(w.inputLen);
    else if (w.inputLenHi > 0)
        s += " --input-len-range " + std::to_string(w.inputLenLo) + ":" + std::to_string(w.inputLenHi);
    else
        s += " --input-len " + std::to_string(w.inputLen);
    s += " --output-len " + std::to_string(w.outputLen) + " --num-prompts " + std::to_string(w.numPrompts);
    if (w.maxConcurrency > 0)
        s += " --max-concurrency " + std::to_string(w.maxConcurrency);
    if (w.requestRate > 0)
        s += " --request-rate " + num(w.requestRate);
    if (w.prefixHitRate > 0)
        s += " --prefix-hit-rate " + num(w.prefixHitRate);
    if (w.seed != 0)
        s += " --seed " + std::to_string(w.seed);
    return s;
}

namespace {

const std::vector<Column> &columns()
{
    static const std::vector<Column> list = {
        { "rank", [](const SlaRow &r) { return r.rank > 0 ? json(r.rank) : json(nullptr); } },
        { "gpu", [](const SlaRow &r) { return json(r.gpuId); } },
        { "tp", [](const SlaRow &r) { return json(r.tp); } },
        { "pp", [](const SlaRow &r) { return json(r.pp); } },
        { "dp", [](const SlaRow &r) { return json(r.dp); } },
        { "ep", [](const SlaRow &r) { return json(r.ep); } },
        { "gpus", [](const SlaRow &r) { return json(r.gpus); } },
        { "max_num_seqs", [](const SlaRow &r) { return json(r.maxNumSeqs); } },
        { "max_num_batched_tokens", [](const SlaRow &r) { return json(r.maxNumBatchedTokens); } },
        { "kv.cluster_max_concurrency", [](const SlaRow &r) { return json(r.clusterMaxConcurrency); } },
        { "kv.concurrency_per_gpu", [](const SlaRow &r) { return json(r.concurrencyPerGpu); } },
        { "serving.ttft_s.p50", [](const SlaRow &r) { return json(r.ttft.p50); } },
        { "serving.ttft_s.p90", [](const SlaRow &r) { return json(r.ttft.p90); } },
        { "serving.ttft_s.p99", [](const SlaRow &r) { return json(r.ttft.p99); } },
        { "serving.tpot_s.p50", [](const SlaRow &r) { return json(r.tpot.p50); } },
        { "serving.tpot_s.p90", [](const SlaRow &r) { return json(r.tpot.p90); } },
        { "serving.tpot_s.p99", [](const SlaRow &r) { return json(r.tpot.p99); } },
        { "serving.e2e_s.p50", [](const SlaRow &r) { return json(r.e2e.p50); } },
        { "serving.e2e_s.p90", [](const SlaRow &r) { return json(r.e2e.p90); } },
        { "serving.e2e_s.p99", [](const SlaRow &r) { return json(r.e2e.p99); } },
        { "serving.output_tokens_per_s", [](const SlaRow &r) { return json(r.outputTokensPerSec); } },
        { "serving.output_tokens_per_s_per_gpu", [](const SlaRow &r) { return json(r.outputTokensPerSecPerGpu); } },
        { "serving.requests_per_s", [](const SlaRow &r) { return json(r.requestsPerSec); } },
        { "sustained", [](const SlaRow &r) { return json(r.sustained); } },
        { "meets_sla", [](const SlaRow &r) { return json(r.meetsSla); } },
        { "goodput_tokens_per_s_per_gpu", [](const SlaRow &r) { return json(r.goodputPerGpu); } },
        { "usd_per_gpu_hour",
            [](const SlaRow &r) { return r.usdPerGpuHour > 0 ? json(r.usdPerGpuHour) : json(nullptr); } },
        { "cost_per_million_output_tokens", [](const SlaRow &r) { return cost(r.costPerMillionOutputTokens); } },
        { "dominated", [](const SlaRow &r) { return json(r.dominated); } },
        { "kv_cache_dtype", [](const SlaRow &r) { return json(kvDtypeName(r.kvDtype)); } },
        { "quantization", [](const SlaRow &r) { return json(quantizationName(r.quantization)); } },
        { "serving_mode",
            [](const SlaRow &r) {
                return json(servingModeName(r.disaggregated ? ServingMode::Disaggregated : ServingMode::Aggregated));
            } },
        { "prefill", [](const SlaRow &r) { return r.disaggregated ? poolJson(r.prefill) : json(nullptr); } },
        { "decode", [](const SlaRow &r) { return r.disaggregated ? poolJson(r.decode) : json(nullptr); } },
        { "kv_transfer_s", [](const SlaRow &r) { return r.disaggregated ? json(r.kvTransferSec) : json(nullptr); } },
        { "bound_by", [](const SlaRow &r) { return r.disaggregated ? json(poolName(r.boundBy)) : json(nullptr); } },
    };
    return list;
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

} // namespace

json slaSearchToJson(const SlaSearchResult &r, const std::string &modelRef)
{
    const SlaSearchOptions &o = r.options;
    json out;
    out["schema"] = "shardscope.sweep/1";
    out["model"] = r.base.modelId;
    out["gpu_types"] = r.gpuIds;
    out["gpus"] = o.gpus;
    out["up_to"] = o.upTo;
    out["objective"] = slaObjectiveName(o.objective);
    json modes = json::array();
    if (o.aggregated)
        modes.push_back("aggregated");
    if (o.disaggregated)
        modes.push_back("disaggregated");
    out["serving_modes"] = modes;
    if (o.disaggregated)
        out["disaggregated"]
            = { { "max_instances", o.maxInstances }, { "kv_transfer_link", kvTransferLinkName(o.kvTransferLink) } };
    const Workload &w = o.workload;
    out["workload"] = { { "dataset_name", datasetName(w.dataset) }, { "input_len", w.inputLen },
        { "output_len", w.outputLen }, { "num_prompts", w.numPrompts },
        { "max_concurrency", w.maxConcurrency > 0 ? json(w.maxConcurrency) : json(nullptr) },
        { "request_rate", w.requestRate > 0 ? json(w.requestRate) : json(nullptr) } };
    const auto target = [](double s) { return s > 0 ? json(s) : json(nullptr); };
    out["sla"] = { { "percentile", slaPercentileName(o.sla.percentile) }, { "ttft_s", target(o.sla.ttftSec) },
        { "tpot_s", target(o.sla.tpotSec) }, { "e2e_s", target(o.sla.e2eSec) } };
    out["search"] = { { "candidates", r.candidates }, { "disaggregated_candidates", r.disaggregatedCandidates },
        { "invalid", r.invalid }, { "pruned_memory", r.prunedMemory }, { "pruned_sla", r.prunedSla },
        { "pruned_bound", r.prunedBound }, { "simulated", r.simulated }, { "seconds", r.seconds },
        { "candidates_per_second", r.seconds > 0 ? json(double(r.candidates) / r.seconds) : json(nullptr) } };
    json plans = json::array();
    for (const SlaRow &row : r.rows) {
        json p = json::object();
        for (const Column &c : columns())
            setPath(p, c.name, c.value(row));
        p["serving"]["ttft_s"] = stats(row.ttft);
        p["serving"]["tpot_s"] = stats(row.tpot);
        p["serving"]["itl_s"] = stats(row.itl);
        p["serving"]["e2e_s"] = stats(row.e2e);
        p["serving"]["preemptions"] = row.preemptions;
        p["sla"] = { { "ttft", check(row.ttftSla) }, { "tpot", check(row.tpotSla) }, { "e2e", check(row.e2eSla) } };
        p["command"] = slaRowCommand(r, row, modelRef);
        plans.push_back(std::move(p));
    }
    out["plans"] = std::move(plans);
    return out;
}

std::string slaSearchToCsv(const SlaSearchResult &r, const std::string &modelRef)
{
    std::ostringstream s;
    for (const Column &c : columns())
        s << c.name << ",";
    s << "sla.ttft_margin_s,sla.tpot_margin_s,sla.e2e_margin_s,command\n";
    const auto margin = [](const SlaCheck &c) { return c.targetSec > 0 ? json(c.marginSec).dump() : std::string(); };
    for (const SlaRow &row : r.rows) {
        for (const Column &c : columns()) {
            const json v = c.value(row);
            s << (v.is_null()       ? std::string()
                    : v.is_string() ? csvField(v.get<std::string>())
                                    : csvField(v.dump()))
              << ",";
        }
        s << margin(row.ttftSla) << "," << margin(row.tpotSla) << "," << margin(row.e2eSla) << ","
          << csvField(slaRowCommand(r, row, modelRef)) << "\n";
    }
    return s.str();
}

std::string slaSearchToText(const SlaSearchResult &r, const std::string &modelRef)
{
    const SlaSearchOptions &o = r.options;
    std::ostringstream s;
    char line[512];
    const char *pct = slaPercentileName(o.sla.percentile);
    std::snprintf(line, sizeof line,
        "SLA search: %lld candidates (%lld invalid, %lld do not fit, %lld miss an SLA bound, %lld cannot beat the "
        "top), %lld simulated in %.3f s; objective %s\n",
        (long long)r.candidates, (long long)r.invalid, (long long)r.prunedMemory, (long long)r.prunedSla,
        (long long)r.prunedBound, (long long)r.simulated, r.seconds, slaObjectiveName(o.objective));
    s << line;
    std::snprintf(line, sizeof line, "%-5s %-14s %4s %4s %4s %4s %5s %6s %7s %10s %10s %10s %12s %9s %s\n", "rank",
        "gpu", "tp", "pp", "dp", "ep", "gpus", "seqs", "tokens", (std::string("ttft_") + pct + "_ms").c_str(),
        (std::string("tpot_") + pct + "_ms").c_str(), (std::string("e2e_") + pct + "_s").c_str(), "out_tok/s/gpu",
        "$/Mtok", "notes");
    s << line;
    for (const SlaRow &row : r.rows) {
        std::string notes;
        if (!row.sustained)
            notes += "cannot sustain the rate; ";
        if (!row.ttftSla.met)
            notes += "misses TTFT; ";
        if (!row.tpotSla.met)
            notes += "misses TPOT; ";
        if (!row.e2eSla.met)
            notes += "misses E2E; ";
        if (row.dominated)
            notes += "dominated; ";
        if (row.disaggregated)
            notes += "P/D " + std::to_string(row.prefill.instances) + "P(tp" + std::to_string(row.prefill.tp) + " pp"
                + std::to_string(row.prefill.pp) + " dp" + std::to_string(row.prefill.dp) + ")"
                + std::to_string(row.decode.instances) + "D, decode pool sizes shown, bound by " + poolName(row.boundBy)
                + "; ";
        if (row.kvDtype != KvDtype::Auto || row.quantization != Quantization::Auto)
            notes += std::string("kv ") + kvDtypeName(row.kvDtype) + ", weights " + quantizationName(row.quantization)
                + "; ";
        const std::string rank = row.rank > 0 ? std::to_string(row.rank) : "-";
        const std::string c
            = row.costPerMillionOutputTokens < 0 ? "-" : num(std::round(row.costPerMillionOutputTokens * 1000) / 1000);
        std::snprintf(line, sizeof line,
            "%-5s %-14s %4d %4d %4d %4d %5d %6lld %7lld %10.1f %10.2f %10.2f %12.1f %9s %s\n", rank.c_str(),
            sanitize::oneLine(row.gpuId).c_str(), row.tp, row.pp, row.dp, row.ep, row.gpus, (long long)row.maxNumSeqs,
            (long long)row.maxNumBatchedTokens, atPercentile(row.ttft, o.sla.percentile) * 1e3,
            atPercentile(row.tpot, o.sla.percentile) * 1e3, atPercentile(row.e2e, o.sla.percentile),
            row.outputTokensPerSecPerGpu, c.c_str(), notes.c_str());
        s << line;
    }
    if (!r.rows.empty() && r.rows.front().rank == 1)
        s << "best: " << sanitize::oneLine(slaRowCommand(r, r.rows.front(), modelRef)) << "\n";
    else
        s << "no plan meets every SLA\n";
    return s.str();
}

} // namespace shardscope
