#include "core/markdownreport.h"

#include "core/commreport.h"
#include "core/compare.h"
#include "core/explain.h"
#include "core/memoryterms.h"
#include "core/textformat.h"
#include "core/timeline.h"
#include "core/units.h"
#include "core/vllmexport.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace shardscope {

namespace {

// Per-GPU rows beyond this are summarised per stage only (the JSON output has every GPU).
constexpr int kMaxGpuRows = 64;

std::string cell(std::string s)
{
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
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

class Writer
{
public:
    explicit Writer(int baseLevel)
        : m_base(baseLevel)
    {
    }
    void heading(int level, const std::string &text) { m_s << "\n" << std::string(static_cast<size_t>(m_base + level), '#') << " " << text << "\n\n"; }
    void line(const std::string &text) { m_s << text << "\n"; }
    void para(const std::string &text) { m_s << text << "\n\n"; }
    void bullet(const std::string &text) { m_s << "- " << text << "\n"; }
    void table(const std::vector<std::string> &head, const std::vector<std::vector<std::string>> &rows)
    {
        row(head);
        std::vector<std::string> rule;
        for (size_t i = 0; i < head.size(); ++i)
            rule.push_back("---");
        row(rule);
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
    std::ostringstream m_s;
};

std::string how(Quantity q, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Explanation x = explain(q, e, m, gpu);
    return x.substituted.empty() ? x.formula : x.substituted;
}

void summary(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    w.table({"Model", "GPU", "Parallelism", "GPUs", "Fits"},
            {{m.name + (m.hfRepo.empty() ? "" : " (" + m.hfRepo + ")"), gpu.name,
              "TP " + std::to_string(p.tp) + " × PP " + std::to_string(p.pp) + " × DP " + std::to_string(p.dp) + ", EP "
                  + std::to_string(p.ep),
              std::to_string(e.worldSize) + " on " + std::to_string(e.nodes) + (e.nodes == 1 ? " node" : " nodes") + " of "
                  + std::to_string(e.gpusPerNode),
              !e.valid ? "invalid plan" : e.fits ? "yes" : "no"}});
    std::string settings = "Accounting " + std::string(accountingName(p.accounting));
    if (p.accounting == Accounting::Vllm)
        settings += " (vLLM " + vllmVersionName(p.vllmVersion) + ", overheads " + overheadBasis(p) + ")";
    settings += ", gpu_memory_utilization " + formatNumberAuto(p.gpuMemoryUtilization, 2) + ", max_model_len "
        + count(static_cast<double>(p.maxModelLen)) + ", KV cache " + kvDtypeName(p.kvCacheDtype) + ", weights "
        + weightFormatName(e.weightFormat) + ", block size " + std::to_string(p.blockSize) + ".";
    w.para(settings);
}

void placement(Writer &w, const Evaluation &e, const ModelSpec &m, const ReportOptions &o)
{
    const Plan &p = e.plan;
    w.heading(2, "Placement");
    if (!o.placementImage.empty())
        w.para("![Layers × GPUs: which layers each GPU holds, by pipeline stage](" + o.placementImage + ")");
    w.para("Ranks are laid out DP × PP × TP with TP fastest (vLLM's initialize_model_parallel); layers per stage follow "
           "get_pp_indices"
           + std::string(p.ppPartition.empty() ? "" : " overridden by VLLM_PP_LAYER_PARTITION") + ".");
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
            extra = "embedding";
        if (std::any_of(e.ranks.begin(), e.ranks.end(), [s](const RankPlacement &r) { return r.ppStage == s && r.lmHead; }))
            extra += (extra.empty() ? "" : ", ") + std::string("LM head");
        rows.push_back({std::to_string(s), ranges(gpus), ranges(nodes), range(first->firstLayer, first->lastLayer) + " ("
                            + std::to_string(first->lastLayer - first->firstLayer + 1) + ")",
                        std::to_string(first->heads.qCount),
                        m.isMla() ? std::string("1 latent (MLA, not split)")
                                  : std::to_string(first->heads.kvCount)
                                + (first->heads.kvReplicas > 1 ? " (replicated ×" + std::to_string(first->heads.kvReplicas) + ")" : ""),
                        m.isMoe() ? std::to_string(first->experts.size()) + (e.moeTp > 1 ? " (each 1/" + std::to_string(e.moeTp) + ")" : "") : "—",
                        extra.empty() ? "—" : extra});
    }
    w.table({"Stage", "GPUs", "Nodes", "Layers", "Q heads / GPU", "KV heads / GPU", "Experts / GPU", "Also holds"}, rows);
    if (e.ranks.empty())
        return;
    if (static_cast<int>(e.ranks.size()) > kMaxGpuRows) {
        w.para("Per-GPU rows omitted for " + std::to_string(e.ranks.size()) + " GPUs: `shardscope plan --format json` lists them all.");
        return;
    }
    std::vector<std::vector<std::string>> gpuRows;
    for (const RankPlacement &r : e.ranks)
        gpuRows.push_back({std::to_string(r.rank), std::to_string(r.node), std::to_string(r.ppStage), std::to_string(r.tpRank),
                           std::to_string(r.dpRank), std::to_string(r.epRank), range(r.firstLayer, r.lastLayer),
                           range(r.heads.qFirst, r.heads.qFirst + r.heads.qCount - 1),
                           m.isMla() ? std::string("latent") : range(r.heads.kvFirst, r.heads.kvFirst + r.heads.kvCount - 1),
                           bytes(r.memory.weights.total()),
                           bytes(r.memory.kvBudget)});
    w.table({"GPU", "Node", "Stage", "TP rank", "DP rank", "EP rank", "Layers", "Q heads", "KV heads", "Weights", "KV budget"}, gpuRows);
}

void memory(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const Plan &p = e.plan;
    w.heading(2, "Memory and KV cache");
    if (e.ranks.empty())
        return;
    const RankMemory &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)].memory;
    w.para("Per GPU, for GPU " + std::to_string(e.kv.bindingRank) + ", the one with the fewest KV blocks (it binds the replica).");
    std::vector<std::vector<std::string>> rows;
    if (p.accounting == Accounting::Vllm) {
        for (const MemoryTerm &t : memoryTerms(e, m, gpu, e.kv.bindingRank))
            rows.push_back({t.label, bytes(t.bytes), t.basis + (t.assumption.empty() ? "" : ": " + t.assumption)});
    } else {
        rows.push_back({"Total", bytes(b.total), p.gpuMemoryBytes > 0 ? "--gpu-memory-bytes" : "GPU preset"});
        rows.push_back({"Usable", bytes(b.requested), "total × " + formatNumberAuto(p.gpuMemoryUtilization, 2)});
        rows.push_back({"Weights", bytes(b.weights.total()), how(Quantity::WeightsPerGpu, e, m, gpu)});
        rows.push_back({"Reserve", bytes(b.reserved), "--reserved-bytes (assumption)"});
        rows.push_back({"KV budget", bytes(b.kvBudget), how(Quantity::KvBudget, e, m, gpu)});
    }
    w.table({"Memory", "Bytes", "How"}, rows);
    w.table({"KV cache", "Value", "How"},
            {{"KV bytes per token per GPU", count(e.kv.bytesPerTokenPerGpu) + " B", how(Quantity::KvBytesPerToken, e, m, gpu)},
             {"Capacity (one replica)", count(static_cast<double>(e.kv.capacityTokens)) + " tokens", how(Quantity::CapacityTokens, e, m, gpu)},
             {"Concurrent requests (one replica)", count(static_cast<double>(e.kv.maxConcurrency)) + " of " + count(static_cast<double>(p.maxModelLen)) + " tokens",
              how(Quantity::MaxConcurrency, e, m, gpu)},
             {"Concurrent requests (cluster)", count(static_cast<double>(e.kv.clusterMaxConcurrency)), how(Quantity::ClusterConcurrency, e, m, gpu)}});
    const Explanation kv = explain(Quantity::KvBytesPerToken, e, m, gpu);
    if (!kv.note.empty())
        w.para("Note: " + kv.note + ".");
}

void communication(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const CommLedger &c = e.comm;
    w.heading(2, "Communication per step");
    w.para("One " + std::string(phaseName(c.phase)) + " step of n = " + count(static_cast<double>(c.tokens))
           + " tokens; activations in BF16. Times are α-β estimates on the link each group uses; \"per GPU\" is the busiest GPU.");
    std::vector<std::vector<std::string>> rows;
    auto row = [&](const std::string &kind, long long ops, double perOp, double sent, LinkKind link, double sec) {
        rows.push_back({kind, count(static_cast<double>(ops)), bytes(perOp), bytes(sent), linkKindName(link), formatDuration(sec)});
    };
    row("TP AllReduce", c.tp.allreducePerStep, c.tp.bytesPerAllreduce, c.tp.bytesSentPerGpuPerStep, c.tp.link, c.tp.timeSec);
    if (c.tp.embeddingBytes > 0)
        row("Embedding AllReduce", 1, c.tp.embeddingBytes, c.tp.embeddingBytesSentPerGpu, c.stages.front().tpLink, c.tp.embeddingTimeSec);
    if (c.tp.lmHeadBytes > 0)
        row("LM-head AllGather", 1, c.tp.lmHeadBytes, c.tp.lmHeadBytesSentPerGpu, c.stages.back().tpLink, c.tp.lmHeadTimeSec);
    row("PP send", c.pp.sendsPerStep, c.pp.bytesPerSend, c.pp.bytesSentPerGpuPerStep, c.pp.link, c.pp.timeSec);
    if (c.ep.moeLayers > 0)
        row(std::string("EP ") + epModeName(c.ep.mode), c.ep.mode == EpMode::None ? 0 : 2LL * c.ep.moeLayers,
            c.ep.mode == EpMode::None ? 0 : c.ep.bytesPerMoeLayerBusiestGpu / 2, c.ep.bytesPerStepBusiestGpu, c.ep.link, c.ep.timeSec);
    rows.push_back({"DP", "0", "—", "—", "—", c.dp.lockstep ? "lockstep (MoE)" : "none"});
    rows.push_back({"Total", "", "", "", "", formatDuration(c.totalTimeSec)});
    w.table({"Kind", "Ops / step", "Bytes / op", "Sent / GPU / step", "Link", "Time"}, rows);
    w.line("Show your work:");
    w.line("");
    const Quantity qs[] = {Quantity::TpAllReduceBytes, Quantity::TpBytesPerGpu, Quantity::TpTime, Quantity::PpSendBytes,
                           Quantity::EpBytesPerToken, Quantity::CommTime};
    for (Quantity q : qs) {
        if ((q == Quantity::TpAllReduceBytes || q == Quantity::TpBytesPerGpu || q == Quantity::TpTime) && e.plan.tp == 1)
            continue;
        if (q == Quantity::PpSendBytes && e.plan.pp == 1)
            continue;
        if (q == Quantity::EpBytesPerToken && !m.isMoe())
            continue;
        const Explanation x = explain(q, e, m, gpu);
        w.bullet("**" + x.title + "**: " + x.substituted + " — `" + x.formula + "`");
    }
    w.line("");
    std::vector<std::vector<std::string>> links;
    const std::pair<LinkKind, std::string> kinds[] = {{LinkKind::ScaleUp, gpu.scaleupLink.empty() ? "scale-up" : gpu.scaleupLink},
                                                      {LinkKind::Pcie, "PCIe"},
                                                      {LinkKind::Nic, "NIC"}};
    for (const auto &[kind, name] : kinds) {
        const LinkParams &l = c.params[kind];
        links.push_back({std::string(linkKindName(kind)) + " (" + name + ")", formatDuration(l.latencySec), formatRate(l.bytesPerSec),
                         formatRate(l.lineBytesPerSec) + " × " + formatNumber(l.efficiency, 2) + (l.overridden ? ", overridden by the plan" : "")});
    }
    w.table({"Link", "α per step", "B effective", "Line rate × efficiency"}, links);
}

void timing(Writer &w, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
    const TimeEstimate &t = e.time;
    const Plan &p = e.plan;
    w.heading(2, "Time estimates");
    w.para("A roofline estimate, for comparing plans, not a benchmark: each stage takes max(bytes read / HBM, FLOPs / peak) plus its "
           "communication, with no overlap.");
    w.table({"Quantity", "Value", "How"},
            {{"Decode step (slowest stage)", formatDuration(t.decodeStepSec), how(Quantity::StageStepTime, e, m, gpu)},
             {"TPOT", formatDuration(t.tpotSec), how(Quantity::Tpot, e, m, gpu)},
             {"TTFT", formatDuration(t.ttftSec), how(Quantity::Ttft, e, m, gpu)},
             {"Decode tokens/s per GPU", formatNumber(t.tokensPerSecPerGpu, 1), how(Quantity::TokensPerSecPerGpu, e, m, gpu)},
             {"Pipeline bubble", formatNumber(100 * t.bubbleFraction, 1) + " %", how(Quantity::Bubble, e, m, gpu)}});
    std::vector<std::vector<std::string>> rows;
    for (const StageTime &s : t.decode.stages)
        rows.push_back({std::to_string(s.stage), bytes(s.bytes()), formatNumber(s.flops / 1e9, 1) + " GFLOP", formatDuration(s.memorySec),
                        formatDuration(s.computeSec), formatDuration(s.commSec), formatDuration(s.stepSec), s.computeBound ? "compute" : "memory"});
    w.line("Decode step per stage:");
    w.line("");
    w.table({"Stage", "Bytes read", "FLOPs", "Memory", "Compute", "Comm", "Step", "Bound"}, rows);
    if (p.pp > 1) {
        const Timeline tl = buildTimeline(e, m, gpu, Phase::Decode);
        w.para("Pipeline timeline: " + std::to_string(tl.microbatches) + " micro-batches of " + count(static_cast<double>(tl.tokens))
               + (tl.tokens == 1 ? " sequence take " : " sequences take ") + formatDuration(tl.makespanSec) + "; the lanes idle " + formatNumber(100 * tl.bubbleFraction, 1)
               + " % of the time filling and draining (formula (p − 1)/(m + p − 1) = " + formatNumber(100 * tl.formulaBubbleFraction, 1)
               + " %, exact for equal stages)"
               + (tl.stallFraction > 0 ? " and " + formatNumber(100 * tl.stallFraction, 1) + " % waiting for slower stages" : "") + ".");
    }
    w.line("Assumptions:");
    w.line("");
    w.bullet("Decode: " + count(static_cast<double>(p.batch)) + (p.batch == 1 ? " sequence" : " sequences") + " per micro-batch, each over "
             + count(static_cast<double>(t.contextTokens)) + " tokens of context; prefill of one " + count(static_cast<double>(p.promptLen)) + "-token prompt.");
    w.bullet("HBM " + formatRate(t.hbmBytesPerSec) + " × " + formatNumber(t.hbmEfficiency, 2)
             + (p.hbmEfficiency >= 0 ? " (--hbm-efficiency)" : " (aiconfigurator's empirical factor)") + "; peak " + formatNumber(t.peakFlops / 1e12, 1)
             + " TFLOPS " + t.peakFormat + " × " + formatNumber(t.computeEfficiency, 2) + (p.computeEfficiency >= 0 ? " (--compute-efficiency)." : "."));
    w.bullet("Weights are read once per step (MoE: only the experts the batch touches); activations travel in BF16.");
    w.bullet("The bubble is the fill-and-drain view of " + std::to_string(t.microbatches)
             + " micro-batches, pessimistic for continuous batching.");
    w.line("");
}

void launch(Writer &w, const ReportOptions &o)
{
    w.heading(2, "vLLM command");
    if (o.launchCommand.empty()) {
        w.para(o.launchNote.empty() ? "No launch command for this plan." : o.launchNote);
        return;
    }
    w.line("```sh");
    w.line(o.launchCommand);
    w.line("```");
    w.line("");
    if (!o.launchNote.empty())
        w.para(o.launchNote);
}

void issues(Writer &w, const Evaluation &e)
{
    w.heading(2, "Issues");
    if (e.issues.empty()) {
        w.para("None: the plan is valid and fits.");
        return;
    }
    for (const PlanIssue &i : e.issues)
        w.bullet(std::string("**") + severityName(i.severity) + "** `" + i.code + "`: " + i.message);
    w.line("");
}

void sources(Writer &w, const ModelSpec &m, const GpuSpec &gpu)
{
    w.heading(2, "Sources");
    w.para("Model preset **" + m.name + "** (`" + m.id + "`)" + (m.hfRepo.empty() ? "" : ", Hugging Face `" + m.hfRepo + "`") + ":");
    if (m.sources.empty())
        w.bullet("a user configuration (no sources recorded)");
    for (const std::string &s : m.sources)
        w.bullet(s);
    w.line("");
    w.para("GPU preset **" + gpu.name + "** (`" + gpu.id + "`):");
    if (gpu.sources.empty())
        w.bullet("a user file (no sources recorded)");
    for (const std::string &s : gpu.sources)
        w.bullet(s);
    w.line("");
    if (!gpu.uncertain.empty()) {
        std::string u;
        for (const std::string &s : gpu.uncertain)
            u += (u.empty() ? "" : ", ") + s;
        w.para("Uncertain GPU figures: " + u + ".");
    }
}

std::string planSections(int base, const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const ReportOptions &o)
{
    Writer w(base);
    summary(w, e, m, gpu);
    if (e.valid) {
        placement(w, e, m, o);
        memory(w, e, m, gpu);
        communication(w, e, m, gpu);
        timing(w, e, m, gpu);
    }
    launch(w, o);
    issues(w, e);
    sources(w, m, gpu);
    return w.str();
}

} // namespace

void addLaunchCommand(ReportOptions &o, const Evaluation &e, const ModelSpec &m)
{
    const ExportResult r = exportLaunch(e, m, ExportOptions{});
    if (r.ok) {
        o.launchCommand = r.text();
        o.launchNote.clear();
        return;
    }
    o.launchCommand.clear();
    o.launchNote = "vLLM cannot run this plan as it stands: " + r.message() + ".";
}

std::string planTitle(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu)
{
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

std::string markdownReport(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const ReportOptions &o)
{
    std::string out = "# " + planTitle(e, m, gpu) + "\n\n";
    if (!o.generator.empty())
        out += "Plan report generated by " + o.generator + ". Every figure says how it was computed; times are estimates.\n\n";
    return out + planSections(0, e, m, gpu, o);
}

std::string markdownComparisonReport(const Evaluation &a, const ModelSpec &ma, const GpuSpec &ga, const ReportOptions &oa,
                                     const Evaluation &b, const ModelSpec &mb, const GpuSpec &gb, const ReportOptions &ob)
{
    const Comparison c = comparePlans(a, ma, ga, b, mb, gb);
    Writer w(0);
    w.line("# Comparison: A against B");
    w.line("");
    w.bullet("**A**: " + planTitle(a, ma, ga));
    w.bullet("**B**: " + planTitle(b, mb, gb));
    w.line("");
    if (!oa.generator.empty())
        w.para("Generated by " + oa.generator + ". Times are estimates.");
    w.heading(2, "What changed");
    if (c.changes.empty())
        w.para("Nothing: the two plans are the same.");
    for (const std::string &s : c.changes)
        w.bullet(s);
    w.line("");
    w.heading(2, "Side by side");
    std::vector<std::vector<std::string>> rows;
    for (const DeltaRow &r : c.rows)
        rows.push_back({r.label, formatDeltaValue(r.unit, r.a), formatDeltaValue(r.unit, r.b),
                        formatDeltaChange(r) + (r.improved() ? " (better)" : r.worsened() ? " (worse)" : "")});
    w.table({"Quantity", "A", "B", "Change"}, rows);
    w.heading(2, "Why");
    if (c.explanations.empty())
        w.para("No difference to explain.");
    for (const std::string &s : c.explanations)
        w.bullet(s);
    w.line("");
    std::string out = w.str();
    out += "\n## Plan A: " + planTitle(a, ma, ga) + "\n\n" + planSections(1, a, ma, ga, oa);
    out += "\n## Plan B: " + planTitle(b, mb, gb) + "\n\n" + planSections(1, b, mb, gb, ob);
    return out;
}

} // namespace shardscope
