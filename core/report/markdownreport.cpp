#include "core/report/markdownreport.h"

#include "core/explain/explain.h"
#include "core/explain/explainserving.h"
#include "core/explain/memoryterms.h"
#include "core/explain/timeline.h"
#include "core/launch/launchexport.h"
#include "core/report/commreport.h"
#include "core/report/compare.h"
#include "core/text/sanitize.h"
#include "core/text/textformat.h"
#include "core/text/units.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>
#include <sstream>

namespace shardscope {

namespace {

// Per-GPU rows beyond this are summarised per stage only (the JSON output has every GPU).
constexpr int kMaxGpuRows = 64;

// A table cell: a pipe splits the row unless an odd number of backslashes precedes it, so the run
// of backslashes before one is doubled (each then shows as itself) and the pipe escaped ("a\|b"
// stays one cell).
std::string cell(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (c == '|') {
            size_t run = 0;
            while (run < out.size() && out[out.size() - 1 - run] == '\\')
                ++run;
            out.append(run, '\\');
            out += "\\|";
        } else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

// A link destination that is one word of safe characters: every byte but A-Z a-z 0-9 . _ ~ / -
// percent-encoded, so a report file named "a b).md" or "x<y>.md" cannot end the picture's link
// early or open markup. (The picture's name comes from the output's file name.)
std::string linkTarget(const std::string &s)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
            || c == '~' || c == '/' || c == '-') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string bytes(double b)
{
    return formatBytes(b, 2);
}

std::string count(double v)
{
    return formatNumber(v);
}

std::string range(int first, int last)
{
    if (first < 0 || last < first)
        return "—";
    return first == last ? std::to_string(first) : std::to_string(first) + "–" + std::to_string(last);
}

// Consecutive integers as ranges: "0–7, 16–23".
std::string ranges(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    std::string out;
    for (size_t i = 0; i < v.size();) {
        size_t j = i;
        while (j + 1 < v.size() && v[j + 1] == v[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + range(v[i], v[j]);
        i = j + 1;
    }
    return out;
}

// The report's own sentences, in the "Report" translation context.
Sentence R(const char *templ, std::vector<Sentence> args = {})
{
    return phrase("Report", templ, std::move(args));
}

Sentence v(std::string s)
{
    return value(std::move(s));
}

Sentence v(int i)
{
    return value(i);
}

class Writer
{
public:
    Writer(int baseLevel, const ReportOptions &o)
        : m_base(baseLevel)
        , m_translate(o.translate)
    {
    }
    // A sentence in the report's language. Its values (model, GPU and calibration names, issue
    // texts) are untrusted: the sentence leaves as inert Markdown (sanitize::markdownText).
    std::string operator()(const Sentence &s) const
    {
        return sanitize::markdownText(m_translate ? m_translate(s) : s.text());
    }
    void heading(int level, const std::string &text)
    {
        m_s << "\n" << std::string(static_cast<size_t>(m_base + level), '#') << " " << text << "\n\n";
    }
    void heading(int level, const Sentence &text) { heading(level, (*this)(text)); }
    void line(const std::string &text) { m_s << text << "\n"; }
    void line(const Sentence &text) { line((*this)(text)); }
    void para(const std::string &text) { m_s << text << "\n\n"; }
    void para(const Sentence &text) { para((*this)(text)); }
    void bullet(const std::string &text) { m_s << "- " << text << "\n"; }
    void bullet(const Sentence &text) { bullet((*this)(text)); }
    void table(const std::vector<Sentence> &head, const std::vector<std::vector<std::string>> &rows)
    {
        std::vector<std::string> h;
        h.reserve(head.size());
        for (const Sentence &s : head)
            h.push_back((*this)(s));
        row(h);
        row(std::vector<std::string>(head.size(), "---"));
        for (const auto &r : rows)
            row(r);
        m_s << "\n";
    }
    std::string str() const { return m_s.str(); }

private:
    void row(const std::vector<std::string> &cells)
    {
        m_s << "|";
        for (const std::string &c : cells)
            m_s << " " << cell(c) << " |";
        m_s << "\n";
    }
    int m_base;
    std::function<std::string(const Sentence &)> m_translate;
    std::ostringstream m_s;
};

std::string how(const Writer &w, Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Explanation x = explain(q, { e, m, gpu });
    return w(x.substituted().empty() ? x.formulaText : x.substitutedText);
}

// "formula", "estimated", "calibrated" (core/explain/memoryterms.h) as a word of the report.
Sentence basisWord(const std::string &basis)
{
    if (basis == "formula")
        return R(QT_TRANSLATE_NOOP("Report", "formula"));
    if (basis == "estimated")
        return R(QT_TRANSLATE_NOOP("Report", "estimated"));
    if (basis == "calibrated")
        return R(QT_TRANSLATE_NOOP("Report", "calibrated"));
    return v(basis);
}

void summary(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Model")), R(QT_TRANSLATE_NOOP("Report", "GPU")),
                R(QT_TRANSLATE_NOOP("Report", "Parallelism")), R(QT_TRANSLATE_NOOP("Report", "GPUs")),
                R(QT_TRANSLATE_NOOP("Report", "Fits")) },
        { { sanitize::markdownText(m.name + (m.hfRepo.empty() ? "" : " (" + m.hfRepo + ")")),
            sanitize::markdownText(gpu.name),
            "TP " + std::to_string(p.tp) + " × PP " + std::to_string(p.pp) + " × DP " + std::to_string(p.dp) + ", EP "
                + std::to_string(p.ep),
            w(R(e.nodes == 1 ? QT_TRANSLATE_NOOP("Report", "%1 on %2 node of %3")
                             : QT_TRANSLATE_NOOP("Report", "%1 on %2 nodes of %3"),
                { v(e.worldSize), v(e.nodes), v(e.gpusPerNode) })),
            w(!e.valid       ? R(QT_TRANSLATE_NOOP("Report", "invalid plan"))
                    : e.fits ? R(QT_TRANSLATE_NOOP("Report", "yes"))
                             : R(QT_TRANSLATE_NOOP("Report", "no"))) } });
    const Sentence vllm = p.accounting == Accounting::Vllm ? R(QT_TRANSLATE_NOOP("Report", " (vLLM %1, overheads %2)"),
                              { v(vllmVersionName(p.vllmVersion)), basisWord(overheadBasis(p)) })
                                                           : v("");
    w.para(
        R(QT_TRANSLATE_NOOP("Report",
              "Accounting %1%2, gpu_memory_utilization %3, max_model_len %4, KV cache %5, weights %6, block size %7."),
            { v(accountingName(p.accounting)), vllm, v(formatNumberAuto(p.gpuMemoryUtilization, 2)),
                v(count(static_cast<double>(p.maxModelLen))), v(kvDtypeName(p.kvCacheDtype)),
                v(weightFormatName(e.weightFormat)), v(p.blockSize) }));
}

void placement(Writer &w, const Evaluation &e, const ModelSpec &m, const ReportOptions &o)
{
    const Plan &p = e.plan;
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Placement")));
    if (!o.placementImage.empty())
        w.para("![" + w(R(QT_TRANSLATE_NOOP("Report", "Layers × GPUs: which layers each GPU holds, by pipeline stage")))
            + "](" + linkTarget(o.placementImage) + ")");
    w.para(p.ppPartition.empty() ? R(QT_TRANSLATE_NOOP("Report",
               "Ranks are laid out DP × PP × TP with TP fastest (vLLM's "
               "initialize_model_parallel); layers per stage follow get_pp_indices."))
                                 : R(QT_TRANSLATE_NOOP("Report",
                                     "Ranks are laid out DP × PP × TP with TP fastest (vLLM's "
                                     "initialize_model_parallel); layers per stage follow get_pp_indices "
                                     "overridden by VLLM_PP_LAYER_PARTITION.")));
    std::vector<std::vector<std::string>> rows;
    for (int s = 0; s < p.pp && !e.ranks.empty(); ++s) {
        std::vector<int> gpus, nodes;
        const RankPlacement *first = nullptr;
        for (const RankPlacement &r : e.ranks)
            if (r.ppStage == s) {
                gpus.push_back(r.rank);
                if (std::find(nodes.begin(), nodes.end(), r.node) == nodes.end())
                    nodes.push_back(r.node);
                if (!first)
                    first = &r;
            }
        if (!first)
            continue;
        std::string extra;
        if (first->embedding)
            extra = w(R(QT_TRANSLATE_NOOP("Report", "embedding")));
        if (std::any_of(
                e.ranks.begin(), e.ranks.end(), [s](const RankPlacement &r) { return r.ppStage == s && r.lmHead; }))
            extra += (extra.empty() ? "" : ", ") + w(R(QT_TRANSLATE_NOOP("Report", "LM head")));
        std::string kvHeads;
        if (m.isMla())
            kvHeads = w(R(QT_TRANSLATE_NOOP("Report", "1 latent (MLA, not split)")));
        else if (first->heads.kvReplicas > 1)
            kvHeads = w(R(QT_TRANSLATE_NOOP("Report", "%1 (replicated ×%2)"),
                { v(first->heads.kvCount), v(first->heads.kvReplicas) }));
        else
            kvHeads = std::to_string(first->heads.kvCount);
        rows.push_back({ std::to_string(s), ranges(gpus), ranges(nodes),
            range(first->firstLayer, first->lastLayer) + " (" + std::to_string(first->lastLayer - first->firstLayer + 1)
                + ")",
            std::to_string(first->heads.qCount), kvHeads,
            !m.isMoe()        ? std::string("—")
                : e.moeTp > 1 ? w(R(QT_TRANSLATE_NOOP("Report", "%1 (each 1/%2)"),
                      { v(std::to_string(first->experts.size())), v(e.moeTp) }))
                              : std::to_string(first->experts.size()),
            extra.empty() ? "—" : extra });
    }
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Stage")), R(QT_TRANSLATE_NOOP("Report", "GPUs")),
                R(QT_TRANSLATE_NOOP("Report", "Nodes")), R(QT_TRANSLATE_NOOP("Report", "Layers")),
                R(QT_TRANSLATE_NOOP("Report", "Q heads / GPU")), R(QT_TRANSLATE_NOOP("Report", "KV heads / GPU")),
                R(QT_TRANSLATE_NOOP("Report", "Experts / GPU")), R(QT_TRANSLATE_NOOP("Report", "Also holds")) },
        rows);
    if (e.ranks.empty())
        return;
    if (static_cast<int>(e.ranks.size()) > kMaxGpuRows) {
        w.para(R(QT_TRANSLATE_NOOP(
                     "Report", "Per-GPU rows omitted for %1 GPUs: `shardscope plan --format json` lists them all."),
            { v(std::to_string(e.ranks.size())) }));
        return;
    }
    std::vector<std::vector<std::string>> gpuRows;
    // Heads held, never an index that reads as a count: "head 2", or "heads 16–23 (8)".
    const auto heads = [&w](int first, int count) {
        return count == 1
            ? w(R(QT_TRANSLATE_NOOP("Report", "head %1"), { v(first) }))
            : w(R(QT_TRANSLATE_NOOP("Report", "heads %1 (%2)"), { v(range(first, first + count - 1)), v(count) }));
    };
    for (const RankPlacement &r : e.ranks)
        gpuRows.push_back({ std::to_string(r.rank), std::to_string(r.node), std::to_string(r.ppStage),
            std::to_string(r.tpRank), std::to_string(r.dpRank), std::to_string(r.epRank),
            range(r.firstLayer, r.lastLayer), heads(r.heads.qFirst, r.heads.qCount),
            m.isMla() ? w(R(QT_TRANSLATE_NOOP("Report", "latent"))) : heads(r.heads.kvFirst, r.heads.kvCount),
            bytes(r.memory.weights.total()), bytes(r.memory.kvBudget) });
    w.table({ R(QT_TRANSLATE_NOOP("Report", "GPU")), R(QT_TRANSLATE_NOOP("Report", "Node")),
                R(QT_TRANSLATE_NOOP("Report", "Stage")), R(QT_TRANSLATE_NOOP("Report", "TP rank")),
                R(QT_TRANSLATE_NOOP("Report", "DP rank")), R(QT_TRANSLATE_NOOP("Report", "EP rank")),
                R(QT_TRANSLATE_NOOP("Report", "Layers")), R(QT_TRANSLATE_NOOP("Report", "Q heads")),
                R(QT_TRANSLATE_NOOP("Report", "KV heads")), R(QT_TRANSLATE_NOOP("Report", "Weights")),
                R(QT_TRANSLATE_NOOP("Report", "KV budget")) },
        gpuRows);
}

void memory(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Memory and KV cache")));
    if (e.ranks.empty())
        return;
    const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
    w.para(
        R(QT_TRANSLATE_NOOP("Report", "Per GPU, for GPU %1, the one with the fewest KV blocks (it binds the replica)."),
            { v(e.kv.bindingRank) }));
    std::vector<std::vector<std::string>> rows;
    if (p.accounting == Accounting::Vllm) {
        for (const MemoryTerm &t : memoryTerms({ e, m, gpu }, e.kv.bindingRank))
            rows.push_back({ w(t.labelText), bytes(t.bytes),
                w(t.assumption().empty()
                        ? basisWord(t.basis)
                        : R(QT_TRANSLATE_NOOP("Report", "%1: %2"), { basisWord(t.basis), t.assumptionText })) });
    } else {
        rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "Total"))), bytes(b.total),
            p.gpuMemoryBytes > 0 ? "--gpu-memory-bytes" : w(R(QT_TRANSLATE_NOOP("Report", "GPU preset"))) });
        rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "Usable"))), bytes(b.requested),
            w(R(QT_TRANSLATE_NOOP("Report", "total × %1"), { v(formatNumberAuto(p.gpuMemoryUtilization, 2)) })) });
        rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "Weights"))), bytes(b.weights.total()),
            how(w, Quantity::WeightsPerGpu, e, m, gpu) });
        rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "Reserve"))), bytes(b.reserved),
            w(R(QT_TRANSLATE_NOOP("Report", "--reserved-bytes (assumption)"))) });
        rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "KV budget"))), bytes(b.kvBudget),
            how(w, Quantity::KvBudget, e, m, gpu) });
    }
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Memory")), R(QT_TRANSLATE_NOOP("Report", "Bytes")),
                R(QT_TRANSLATE_NOOP("Report", "How")) },
        rows);
    const auto tokens = [](double n) { return R(QT_TRANSLATE_NOOP("Report", "%1 tokens"), { v(count(n)) }); };
    w.table({ R(QT_TRANSLATE_NOOP("Report", "KV cache")), R(QT_TRANSLATE_NOOP("Report", "Value")),
                R(QT_TRANSLATE_NOOP("Report", "How")) },
        { { w(R(QT_TRANSLATE_NOOP("Report", "KV bytes per token per GPU"))), count(e.kv.bytesPerTokenPerGpu) + " B",
              how(w, Quantity::KvBytesPerToken, e, m, gpu) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Capacity (one replica)"))),
                w(tokens(static_cast<double>(e.kv.capacityTokens))), how(w, Quantity::CapacityTokens, e, m, gpu) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Concurrent requests (one replica)"))),
                w(R(QT_TRANSLATE_NOOP("Report", "%1 of %2 tokens"),
                    { v(count(static_cast<double>(e.kv.maxConcurrency))),
                        v(count(static_cast<double>(p.maxModelLen))) })),
                how(w, Quantity::MaxConcurrency, e, m, gpu) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Concurrent requests (cluster)"))),
                count(static_cast<double>(e.kv.clusterMaxConcurrency)),
                how(w, Quantity::ClusterConcurrency, e, m, gpu) } });
    const Explanation kv = explain(Quantity::KvBytesPerToken, { e, m, gpu });
    if (!kv.note().empty())
        w.para(R(QT_TRANSLATE_NOOP("Report", "Note: %1."), { kv.noteText }));
}

void communication(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const CommLedger &c = e.comm;
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Communication per step")));
    w.para(
        R(QT_TRANSLATE_NOOP("Report",
              "One %1 step of n = %2 tokens; activations in BF16. Times are α-β estimates on the link each group uses; "
              "\"per GPU\" is the busiest GPU."),
            { v(phaseName(c.phase)), v(count(static_cast<double>(c.tokens))) }));
    std::vector<std::vector<std::string>> rows;
    auto row = [&](const std::string &kind, long long ops, double perOp, double sent, LinkKind link, double sec) {
        rows.push_back({ kind, count(static_cast<double>(ops)), bytes(perOp), bytes(sent), linkKindName(link),
            formatDuration(sec) });
    };
    row(w(R(QT_TRANSLATE_NOOP("Report", "TP AllReduce"))), c.tp.allreducePerStep, c.tp.bytesPerAllreduce,
        c.tp.bytesSentPerGpuPerStep, c.tp.link, c.tp.timeSec);
    if (c.tp.embeddingBytes > 0)
        row(w(R(QT_TRANSLATE_NOOP("Report", "Embedding AllReduce"))), 1, c.tp.embeddingBytes,
            c.tp.embeddingBytesSentPerGpu, c.stages.front().tpLink, c.tp.embeddingTimeSec);
    if (c.tp.lmHeadBytes > 0)
        row(w(R(QT_TRANSLATE_NOOP("Report", "LM-head AllGather"))), 1, c.tp.lmHeadBytes, c.tp.lmHeadBytesSentPerGpu,
            c.stages.back().tpLink, c.tp.lmHeadTimeSec);
    row(w(R(QT_TRANSLATE_NOOP("Report", "PP send"))), c.pp.sendsPerStep, c.pp.bytesPerSend, c.pp.bytesSentPerGpuPerStep,
        c.pp.link, c.pp.timeSec);
    if (c.ep.moeLayers > 0)
        row(std::string("EP ") + epModeName(c.ep.mode), c.ep.mode == EpMode::None ? 0 : 2LL * c.ep.moeLayers,
            c.ep.mode == EpMode::None ? 0 : c.ep.bytesPerMoeLayerBusiestGpu / 2, c.ep.bytesPerStepBusiestGpu, c.ep.link,
            c.ep.timeSec);
    rows.push_back({ "DP", "0", "—", "—", "—",
        w(c.dp.lockstep ? R(QT_TRANSLATE_NOOP("Report", "lockstep (MoE)")) : R(QT_TRANSLATE_NOOP("Report", "none"))) });
    rows.push_back({ w(R(QT_TRANSLATE_NOOP("Report", "Total"))), "", "", "", "", formatDuration(c.totalTimeSec) });
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Kind")), R(QT_TRANSLATE_NOOP("Report", "Ops / step")),
                R(QT_TRANSLATE_NOOP("Report", "Bytes / op")), R(QT_TRANSLATE_NOOP("Report", "Sent / GPU / step")),
                R(QT_TRANSLATE_NOOP("Report", "Link")), R(QT_TRANSLATE_NOOP("Report", "Time")) },
        rows);
    w.line(R(QT_TRANSLATE_NOOP("Report", "Show your work:")));
    w.line("");
    const Quantity qs[] = { Quantity::TpAllReduceBytes, Quantity::TpBytesPerGpu, Quantity::TpTime,
        Quantity::PpSendBytes, Quantity::EpBytesPerToken, Quantity::CommTime };
    for (Quantity q : qs) {
        if ((q == Quantity::TpAllReduceBytes || q == Quantity::TpBytesPerGpu || q == Quantity::TpTime)
            && e.plan.tp == 1)
            continue;
        if (q == Quantity::PpSendBytes && e.plan.pp == 1)
            continue;
        if (q == Quantity::EpBytesPerToken && !m.isMoe())
            continue;
        const Explanation x = explain(q, { e, m, gpu });
        w.bullet("**" + w(x.titleText) + "**: " + w(x.substitutedText) + " — `" + w(x.formulaText) + "`");
    }
    w.line("");
    std::vector<std::vector<std::string>> links;
    const std::pair<LinkKind, std::string> kinds[]
        = { { LinkKind::ScaleUp, gpu.scaleupLink.empty() ? "scale-up" : gpu.scaleupLink }, { LinkKind::Pcie, "PCIe" },
              { LinkKind::Nic, "NIC" } };
    for (const auto &[kind, name] : kinds) {
        const LinkParams &l = c.params[kind];
        links.push_back({ std::string(linkKindName(kind)) + " (" + sanitize::markdownText(name) + ")",
            formatDuration(l.latencySec), formatRate(l.bytesPerSec),
            formatRate(l.lineBytesPerSec) + " × " + formatNumber(l.efficiency, 2)
                + (l.overridden ? w(R(QT_TRANSLATE_NOOP("Report", ", overridden by the plan"))) : "") });
    }
    w.table(
        { R(QT_TRANSLATE_NOOP("Report", "Link")), R(QT_TRANSLATE_NOOP("Report", "α per step")),
            R(QT_TRANSLATE_NOOP("Report", "B effective")), R(QT_TRANSLATE_NOOP("Report", "Line rate × efficiency")) },
        links);
}

void timing(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const TimeEstimate &t = e.time;
    const Plan &p = e.plan;
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Time estimates")));
    w.para(R(QT_TRANSLATE_NOOP("Report",
        "A roofline estimate, for comparing plans, not a benchmark: each stage takes max(bytes read / HBM, FLOPs / "
        "peak) plus its communication, with no overlap.")));
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Quantity")), R(QT_TRANSLATE_NOOP("Report", "Value")),
                R(QT_TRANSLATE_NOOP("Report", "How")) },
        { { w(R(QT_TRANSLATE_NOOP("Report", "Decode step (slowest stage)"))), formatDuration(t.decodeStepSec),
              how(w, Quantity::StageStepTime, e, m, gpu) },
            { "TPOT", formatDuration(t.tpotSec), how(w, Quantity::Tpot, e, m, gpu) },
            { "TTFT", formatDuration(t.ttftSec), how(w, Quantity::Ttft, e, m, gpu) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Decode tokens/s per GPU"))), formatNumber(t.tokensPerSecPerGpu, 1),
                how(w, Quantity::TokensPerSecPerGpu, e, m, gpu) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Pipeline bubble"))), formatNumber(100 * t.bubbleFraction, 1) + " %",
                how(w, Quantity::Bubble, e, m, gpu) } });
    std::vector<std::vector<std::string>> rows;
    for (const StageTime &s : t.decode.stages)
        rows.push_back({ std::to_string(s.stage), bytes(s.bytes()), formatNumber(s.flops / 1e9, 1) + " GFLOP",
            formatDuration(s.memorySec), formatDuration(s.computeSec), formatDuration(s.commSec),
            formatDuration(s.stepSec),
            w(s.computeBound ? R(QT_TRANSLATE_NOOP("Report", "compute")) : R(QT_TRANSLATE_NOOP("Report", "memory"))) });
    w.line(R(QT_TRANSLATE_NOOP("Report", "Decode step per stage:")));
    w.line("");
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Stage")), R(QT_TRANSLATE_NOOP("Report", "Bytes read")),
                R(QT_TRANSLATE_NOOP("Report", "FLOPs")), R(QT_TRANSLATE_NOOP("Report", "Memory")),
                R(QT_TRANSLATE_NOOP("Report", "Compute")), R(QT_TRANSLATE_NOOP("Report", "Comm")),
                R(QT_TRANSLATE_NOOP("Report", "Step")), R(QT_TRANSLATE_NOOP("Report", "Bound")) },
        rows);
    if (p.pp > 1) {
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Decode);
        const Sentence stall = tl.stallFraction > 0
            ? R(QT_TRANSLATE_NOOP("Report", " and %1 % waiting for slower stages"),
                { v(formatNumber(100 * tl.stallFraction, 1)) })
            : v("");
        w.para(
            R(tl.tokens == 1 ? QT_TRANSLATE_NOOP("Report",
                  "Pipeline timeline: %1 micro-batches of %2 sequence take %3; the lanes idle %4 % of "
                  "the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal "
                  "stages)%6.")
                             : QT_TRANSLATE_NOOP("Report",
                                 "Pipeline timeline: %1 micro-batches of %2 sequences take %3; the lanes idle %4 % of "
                                 "the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal "
                                 "stages)%6."),
                { v(tl.microbatches), v(count(static_cast<double>(tl.tokens))), v(formatDuration(tl.makespanSec)),
                    v(formatNumber(100 * tl.bubbleFraction, 1)), v(formatNumber(100 * tl.formulaBubbleFraction, 1)),
                    stall }));
    }
    w.line(R(QT_TRANSLATE_NOOP("Report", "Assumptions:")));
    w.line("");
    w.bullet(R(p.batch == 1 ? QT_TRANSLATE_NOOP("Report",
                   "Decode: %1 sequence per micro-batch, each over %2 tokens of context; prefill of one "
                   "%3-token prompt.")
                            : QT_TRANSLATE_NOOP("Report",
                                "Decode: %1 sequences per micro-batch, each over %2 tokens of context; prefill of one "
                                "%3-token prompt."),
        { v(count(static_cast<double>(p.batch))), v(count(static_cast<double>(t.contextTokens))),
            v(count(static_cast<double>(p.promptLen))) }));
    w.bullet(R(QT_TRANSLATE_NOOP("Report", "HBM %1 × %2%3; peak %4 TFLOPS %5 × %6%7."),
        { v(formatRate(t.hbmBytesPerSec)), v(formatNumber(t.hbmEfficiency, 2)),
            p.hbmEfficiency >= 0 ? v(" (--hbm-efficiency)")
                                 : R(QT_TRANSLATE_NOOP("Report", " (aiconfigurator's empirical factor)")),
            v(formatNumber(t.peakFlops / 1e12, 1)), v(t.peakFormat), v(formatNumber(t.computeEfficiency, 2)),
            v(p.computeEfficiency >= 0 ? " (--compute-efficiency)" : "") }));
    w.bullet(R(QT_TRANSLATE_NOOP("Report",
        "Weights are read once per step (MoE: only the experts the batch touches); activations travel in BF16.")));
    w.bullet(R(QT_TRANSLATE_NOOP("Report",
                   "The bubble is the fill-and-drain view of %1 micro-batches, pessimistic for continuous batching."),
        { v(t.microbatches) }));
    w.line("");
}

std::string how(const Writer &w, ServingQuantity q, const ServingResult &r)
{
    return w(explainServing(q, r).substitutedText);
}

std::string percentiles(const LatencyStats &s)
{
    return formatDuration(s.p50) + " / " + formatDuration(s.p90) + " / " + formatDuration(s.p99);
}

// "0.86", "1.2e-05": six significant digits.
std::string coefficientValue(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

void serving(Writer &w, const ServingResult &r)
{
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Serving (estimated)")));
    const Workload &wl = r.workload;
    const Sentence clients = wl.requestRate > 0
        ? R(QT_TRANSLATE_NOOP("Report", "Poisson arrivals at %1 requests/s"), { v(formatNumber(wl.requestRate, 2)) })
        : wl.maxConcurrency > 0
        ? R(QT_TRANSLATE_NOOP("Report", "%1 concurrent clients"), { v(count(static_cast<double>(wl.maxConcurrency))) })
        : R(QT_TRANSLATE_NOOP("Report", "all requests sent at once"));
    const char *what = wl.dataset == Dataset::ShareGpt
        ? QT_TRANSLATE_NOOP("Report",
            "Estimated, not measured: a simulation of vLLM V1's continuous batching for %1 prompts with ShareGPT's "
            "lengths (mean %2 input and %3 output tokens), %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 "
            "coefficients).")
        : QT_TRANSLATE_NOOP("Report",
            "Estimated, not measured: a simulation of vLLM V1's continuous batching for %1 prompts of %2 input "
            "and %3 output tokens, %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 coefficients).");
    w.para(R(what,
        { v(count(static_cast<double>(wl.numPrompts))), v(count(static_cast<double>(wl.inputLen))),
            v(count(static_cast<double>(wl.outputLen))), clients, v(count(static_cast<double>(r.maxNumSeqs))),
            v(count(static_cast<double>(r.maxNumBatchedTokens))), v(r.coefficients.family) }));
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Quantity")), R(QT_TRANSLATE_NOOP("Report", "p50 / p90 / p99")),
                R(QT_TRANSLATE_NOOP("Report", "How")) },
        { { "TTFT", percentiles(r.ttft), how(w, ServingQuantity::Ttft, r) },
            { "TPOT", percentiles(r.tpot), how(w, ServingQuantity::Tpot, r) },
            { "ITL", percentiles(r.itl), how(w, ServingQuantity::Itl, r) },
            { "E2E", percentiles(r.e2e), how(w, ServingQuantity::E2e, r) } });
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Quantity")), R(QT_TRANSLATE_NOOP("Report", "Value")) },
        { { w(R(QT_TRANSLATE_NOOP("Report", "Output tokens/s per GPU"))), formatNumber(r.outputTokensPerSecPerGpu, 1) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Output tokens/s"))), formatNumber(r.outputTokensPerSec, 1) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Total tokens/s"))), formatNumber(r.totalTokensPerSec, 1) },
            { w(R(QT_TRANSLATE_NOOP("Report", "Requests/s"))), formatNumber(r.requestsPerSec, 2) },
            { w(R(QT_TRANSLATE_NOOP("Report", "KV pool peak"))), formatNumber(100 * r.kvPeakFraction, 1) + " %" },
            { w(R(QT_TRANSLATE_NOOP("Report", "Preemptions"))), count(static_cast<double>(r.preemptions)) } });
    w.para(R(QT_TRANSLATE_NOOP("Report",
                 "Steady state: %1 decode tokens per decoding step and %2 prefill-chunk tokens per step (means "
                 "over the simulated run, one replica)."),
        { v(formatNumber(r.steadyDecodeBatch.decodeTokens, 1)), v(formatNumber(r.meanStep.prefillTokens, 1)) }));
    w.para(R(QT_TRANSLATE_NOOP("Report", "Decode step: %1."), { v(how(w, ServingQuantity::DecodeStep, r)) }));
    std::vector<std::vector<std::string>> rows;
    for (const ServingCoefficient &c : r.coefficients.list())
        rows.push_back({ c.name, coefficientValue(c.value), c.source });
    w.line(R(QT_TRANSLATE_NOOP("Report", "Coefficients (%1):"), { v(r.coefficients.family) }));
    w.line("");
    w.table({ R(QT_TRANSLATE_NOOP("Report", "Coefficient")), R(QT_TRANSLATE_NOOP("Report", "Value")),
                R(QT_TRANSLATE_NOOP("Report", "Source")) },
        rows);
    for (const Sentence &warning : r.warningSentences)
        w.bullet(warning);
}

void launch(Writer &w, const ReportOptions &o)
{
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "vLLM command")));
    if (o.launchCommand.empty()) {
        w.para(o.launchNote.empty() ? w(R(QT_TRANSLATE_NOOP("Report", "No launch command for this plan.")))
                                    : sanitize::markdownText(o.launchNote));
        return;
    }
    // The command is shell text with names in its comments: a fence longer than any backtick run
    // in it, so nothing inside can close the block.
    const std::string fence = sanitize::markdownFenceFor(o.launchCommand);
    w.line(fence + "sh");
    w.line(o.launchCommand);
    w.line(fence);
    w.line("");
    if (!o.launchNote.empty())
        w.para(sanitize::markdownText(o.launchNote));
}

void issues(Writer &w, const Evaluation &e)
{
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Issues")));
    if (e.issues.empty()) {
        w.para(R(QT_TRANSLATE_NOOP("Report", "None: the plan is valid and fits.")));
        return;
    }
    for (const PlanIssue &i : e.issues) {
        const Sentence severity = i.severity == Severity::Error ? R(QT_TRANSLATE_NOOP("Report", "error"))
            : i.severity == Severity::Warning                   ? R(QT_TRANSLATE_NOOP("Report", "warning"))
                                                                : R(QT_TRANSLATE_NOOP("Report", "info"));
        w.bullet("**" + w(severity) + "** `" + i.code + "`: " + w(i.text));
    }
    w.line("");
}

void sources(Writer &w, const ModelSpec &m, const GpuSpec &gpu)
{
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Sources")));
    w.para(m.hfRepo.empty() ? R(QT_TRANSLATE_NOOP("Report", "Model preset **%1** (`%2`):"), { v(m.name), v(m.id) })
                            : R(QT_TRANSLATE_NOOP("Report", "Model preset **%1** (`%2`), Hugging Face `%3`:"),
                                { v(m.name), v(m.id), v(m.hfRepo) }));
    if (m.sources.empty())
        w.bullet(R(QT_TRANSLATE_NOOP("Report", "a user configuration (no sources recorded)")));
    for (const std::string &s : m.sources)
        w.bullet(sanitize::markdownText(s));
    w.line("");
    w.para(R(QT_TRANSLATE_NOOP("Report", "GPU preset **%1** (`%2`):"), { v(gpu.name), v(gpu.id) }));
    if (gpu.sources.empty())
        w.bullet(R(QT_TRANSLATE_NOOP("Report", "a user file (no sources recorded)")));
    for (const std::string &s : gpu.sources)
        w.bullet(sanitize::markdownText(s));
    w.line("");
    if (!gpu.uncertain.empty()) {
        std::string u;
        for (const std::string &s : gpu.uncertain)
            u += (u.empty() ? "" : ", ") + s;
        w.para(R(QT_TRANSLATE_NOOP("Report", "Uncertain GPU figures: %1."), { v(u) }));
    }
}

std::string planSections(int base, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const ReportOptions &o)
{
    Writer w(base, o);
    summary(w, e, m, gpu);
    if (e.valid) {
        placement(w, e, m, o);
        memory(w, e, m, gpu);
        communication(w, e, m, gpu);
        timing(w, e, m, gpu);
        if (o.serving)
            serving(w, *o.serving);
    }
    launch(w, o);
    issues(w, e);
    sources(w, m, gpu);
    return w.str();
}

} // namespace

void addLaunchCommand(ReportOptions &o, const Evaluation &e, const ModelSpec &m)
{
    const ExportResult r = exportLaunch(e, m, ExportOptions {});
    if (r.ok) {
        o.launchCommand = r.text();
        o.launchNote.clear();
        return;
    }
    o.launchCommand.clear();
    const Sentence note
        = R(QT_TRANSLATE_NOOP("Report", "vLLM cannot run this plan as it stands: %1."), { v(r.message()) });
    o.launchNote = o.translate ? o.translate(note) : note.text();
}

std::string planTitle(const EvaluatedPlan &plan)
{
    const auto &[e, m, gpu] = plan;
    const Plan &p = e.plan;
    std::string par = "TP " + std::to_string(p.tp);
    if (p.pp > 1)
        par += " × PP " + std::to_string(p.pp);
    if (p.dp > 1)
        par += " × DP " + std::to_string(p.dp);
    if (p.ep > 1)
        par += ", EP " + std::to_string(p.ep);
    return m.name + " · " + par + " · " + std::to_string(std::max(e.worldSize, 1)) + " × " + gpu.name;
}

std::string markdownReport(const EvaluatedPlan &plan, const ReportOptions &o)
{
    const auto &[e, m, gpu] = plan;
    const Writer w(0, o);
    std::string out = "# " + sanitize::markdownText(planTitle(plan)) + "\n\n";
    if (!o.generator.empty())
        out += w(R(QT_TRANSLATE_NOOP("Report",
                       "Plan report generated by %1. Every figure says how it was computed; times are estimates."),
                   { v(o.generator) }))
            + "\n\n";
    return out + planSections(0, e, m, gpu, o);
}

std::string markdownComparisonReport(
    const EvaluatedPlan &planA, const ReportOptions &oa, const EvaluatedPlan &planB, const ReportOptions &ob)
{
    const auto &[a, ma, ga] = planA;
    const auto &[b, mb, gb] = planB;
    const Comparison c = comparePlans(planA, planB);
    Writer w(0, oa);
    w.line("# " + w(R(QT_TRANSLATE_NOOP("Report", "Comparison: A against B"))));
    w.line("");
    w.bullet("**A**: " + sanitize::markdownText(planTitle(planA)));
    w.bullet("**B**: " + sanitize::markdownText(planTitle(planB)));
    w.line("");
    if (!oa.generator.empty())
        w.para(R(QT_TRANSLATE_NOOP("Report", "Generated by %1. Times are estimates."), { v(oa.generator) }));
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "What changed")));
    if (c.changeSentences.empty())
        w.para(R(QT_TRANSLATE_NOOP("Report", "Nothing: the two plans are the same.")));
    for (const Sentence &s : c.changeSentences)
        w.bullet(s);
    w.line("");
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Side by side")));
    std::vector<std::vector<std::string>> rows;
    for (const DeltaRow &r : c.rows) {
        Sentence change = deltaChangeSentence(r);
        if (r.improved())
            change = R(QT_TRANSLATE_NOOP("Report", "%1 (better)"), { change });
        else if (r.worsened())
            change = R(QT_TRANSLATE_NOOP("Report", "%1 (worse)"), { change });
        rows.push_back({ w(phrase("Compare", r.label.c_str())), w(deltaValueSentence(r.unit, r.a)),
            w(deltaValueSentence(r.unit, r.b)), w(change) });
    }
    w.table(
        { R(QT_TRANSLATE_NOOP("Report", "Quantity")), v("A"), v("B"), R(QT_TRANSLATE_NOOP("Report", "Change")) }, rows);
    w.heading(2, R(QT_TRANSLATE_NOOP("Report", "Why")));
    if (c.sentences.empty())
        w.para(R(QT_TRANSLATE_NOOP("Report", "No difference to explain.")));
    for (const Sentence &s : c.sentences)
        w.bullet(s);
    w.line("");
    std::string out = w.str();
    out += "\n## " + w(R(QT_TRANSLATE_NOOP("Report", "Plan A: %1"), { v(planTitle(planA)) })) + "\n\n"
        + planSections(1, a, ma, ga, oa);
    out += "\n## " + w(R(QT_TRANSLATE_NOOP("Report", "Plan B: %1"), { v(planTitle(planB)) })) + "\n\n"
        + planSections(1, b, mb, gb, ob);
    return out;
}

} // namespace shardscope
