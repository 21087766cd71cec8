#include "core/report/commreport.h"

#include "core/text/textformat.h"
#include "core/text/units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace shardscope {

using nlohmann::json;

namespace {

std::string ledgerTime(double seconds)
{
    return formatDuration(seconds, DurationStyle::Ledger);
}

json linkJson(const LinkParams &l, const std::string &name)
{
    return json { { "name", name }, { "latency_s", l.latencySec }, { "bandwidth_bytes_per_s", l.bytesPerSec },
        { "line_rate_bytes_per_s", l.lineBytesPerSec }, { "efficiency", l.efficiency },
        { "overridden", l.overridden } };
}

json stageCommJson(const StageComm &s)
{
    return json { { "stage", s.stage }, { "layers", s.layers }, { "moe_layers", s.moeLayers },
        { "tp_link", linkKindName(s.tpLink) }, { "ep_link", linkKindName(s.epLink) },
        { "pp_link", linkKindName(s.ppLink) }, { "tp_s", s.tpSec }, { "embedding_s", s.embeddingSec },
        { "lm_head_s", s.lmHeadSec }, { "ep_s", s.epSec }, { "pp_send_s", s.ppSendSec },
        { "pp_gather_s", s.ppGatherSec }, { "total_s", s.totalSec() } };
}

json stageTimeJson(const StageTime &t)
{
    return json { { "stage", t.stage }, { "weight_bytes_read", t.weightBytesRead }, { "kv_bytes", t.kvBytes },
        { "flops", t.flops }, { "memory_s", t.memorySec }, { "compute_s", t.computeSec }, { "comm_s", t.commSec },
        { "step_s", t.stepSec }, { "bound", t.computeBound ? "compute" : "memory" } };
}

} // namespace

json commToJson(const CommLedger &c, const GpuSpec &gpu)
{
    json out;
    out["estimate"] = true;
    out["phase"] = phaseName(c.phase);
    out["tokens"] = c.tokens;
    out["logits_rows"] = c.logitsRows;
    out["activation_bytes_per_element"] = c.activationBytes;
    out["tp"] = { { "size", c.tp.size }, { "link", linkKindName(c.tp.link) },
        { "allreduce_per_step", c.tp.allreducePerStep }, { "bytes_per_allreduce", c.tp.bytesPerAllreduce },
        { "bytes_sent_per_gpu_per_step", c.tp.bytesSentPerGpuPerStep }, { "time_s", c.tp.timeSec },
        { "embedding_allreduce",
            { { "count", c.tp.embeddingBytes > 0 ? 1 : 0 }, { "bytes", c.tp.embeddingBytes },
                { "bytes_sent_per_gpu", c.tp.embeddingBytesSentPerGpu }, { "time_s", c.tp.embeddingTimeSec } } },
        { "lm_head_gather",
            { { "count", c.tp.lmHeadBytes > 0 ? 1 : 0 }, { "bytes", c.tp.lmHeadBytes },
                { "bytes_sent_per_gpu", c.tp.lmHeadBytesSentPerGpu }, { "time_s", c.tp.lmHeadTimeSec } } } };
    out["pp"] = { { "sends_per_step", c.pp.sendsPerStep }, { "link", linkKindName(c.pp.link) },
        { "bytes_per_send", c.pp.bytesPerSend }, { "bytes_sent_per_gpu_per_step", c.pp.bytesSentPerGpuPerStep },
        { "time_s", c.pp.timeSec } };
    out["ep"] = { { "mode", epModeName(c.ep.mode) }, { "size", c.ep.size }, { "link", linkKindName(c.ep.link) },
        { "moe_layers", c.ep.moeLayers }, { "bytes_per_token_per_moe_layer", c.ep.bytesPerTokenPerMoeLayer },
        { "dispatch_bytes_per_token", c.ep.dispatchBytesPerToken },
        { "combine_bytes_per_token", c.ep.combineBytesPerToken }, { "tokens_per_gpu", c.ep.tokensPerGpu },
        { "local_fraction", c.ep.localFraction }, { "skew_factor", c.ep.skewFactor },
        { "bytes_per_moe_layer_uniform_gpu", c.ep.bytesPerMoeLayerUniformGpu },
        { "bytes_per_moe_layer_busiest_gpu", c.ep.bytesPerMoeLayerBusiestGpu },
        { "bytes_per_step_busiest_gpu", c.ep.bytesPerStepBusiestGpu }, { "time_s", c.ep.timeSec } };
    out["dp"] = { { "bytes_per_step", c.dp.bytesPerStep }, { "lockstep", c.dp.lockstep } };
    json stages = json::array();
    for (const StageComm &s : c.stages)
        stages.push_back(stageCommJson(s));
    out["stages"] = std::move(stages);
    json links = json::object();
    for (const LinkTotal &l : c.links)
        links[linkKindName(l.link)] = { { "bytes_per_gpu_per_step", l.bytesPerGpu }, { "time_s", l.timeSec } };
    out["links"] = std::move(links);
    out["time_s"] = c.totalTimeSec;
    out["assumptions"] = { { "scaleup", linkJson(c.params.scaleUp, gpu.scaleupLink) },
        { "pcie", linkJson(c.params.pcie, "PCIe") }, { "nic", linkJson(c.params.nic, "NIC") } };
    return out;
}

json timeToJson(const TimeEstimate &t, const Plan &p)
{
    json decode = json::array(), prefill = json::array();
    for (const StageTime &s : t.decode.stages)
        decode.push_back(stageTimeJson(s));
    for (const StageTime &s : t.prefill.stages)
        prefill.push_back(stageTimeJson(s));
    return json { { "estimate", true }, { "decode_step_s", t.decodeStepSec }, { "tpot_s", t.tpotSec },
        { "ttft_s", t.ttftSec }, { "tokens_per_s_per_gpu", t.tokensPerSecPerGpu },
        { "bubble_fraction", t.bubbleFraction }, { "microbatches", t.microbatches }, { "pipeline_s", t.pipelineSec },
        { "replica_tokens_per_s", t.replicaTokensPerSec }, { "batch", p.batch }, { "prompt_len", p.promptLen },
        { "context_tokens", t.contextTokens }, { "hbm_bytes_per_s", t.hbmBytesPerSec },
        { "hbm_efficiency", t.hbmEfficiency }, { "peak_flops", t.peakFlops }, { "peak_format", t.peakFormat },
        { "compute_efficiency", t.computeEfficiency }, { "decode_stages", std::move(decode) },
        { "prefill_stages", std::move(prefill) } };
}

namespace {

// "1 token", "2 tokens": English plurals for the text report.
std::string counted(long long n, const char *one, const char *many)
{
    return formatThousands(n) + " " + (n == 1 ? one : many);
}

// The text report's times always carry a unit, zero included ("0 s").
// The ledger's time with a unit even at zero ("0 s", not a bare "0").
std::string secondsText(double s)
{
    return s == 0 ? std::string("0 s") : ledgerTime(s);
}

} // namespace

std::string commToText(const Evaluation &e)
{
    const CommLedger &c = e.comm;
    const TimeEstimate &t = e.time;
    std::ostringstream s;
    char line[256];
    s << "communication per " << phaseName(c.phase) << " step (n = " << counted(c.tokens, "token", "tokens")
      << "; alpha-beta estimate)\n";
    std::snprintf(line, sizeof line, "  %-9s %9s %12s %14s %-8s %10s\n", "kind", "ops/step", "bytes/op",
        "sent/GPU/step", "link", "time");
    s << line;
    auto row = [&](const char *kind, long long ops, double bytes, double sent, LinkKind link, double sec) {
        // No operation moves no bytes: a size per op would describe something that does not happen.
        std::snprintf(line, sizeof line, "  %-9s %9lld %12s %14s %-8s %10s\n", kind, ops,
            ops == 0 ? "-" : formatBytes(bytes, 2).c_str(), formatBytes(sent, 2).c_str(), linkKindName(link),
            secondsText(sec).c_str());
        s << line;
    };
    row("TP", c.tp.allreducePerStep, c.tp.bytesPerAllreduce, c.tp.bytesSentPerGpuPerStep, c.tp.link, c.tp.timeSec);
    if (c.tp.embeddingBytes > 0)
        row("embedding", 1, c.tp.embeddingBytes, c.tp.embeddingBytesSentPerGpu,
            c.stages.empty() ? c.tp.link : c.stages.front().tpLink, c.tp.embeddingTimeSec);
    if (c.tp.lmHeadBytes > 0)
        row("LM head", 1, c.tp.lmHeadBytes, c.tp.lmHeadBytesSentPerGpu,
            c.stages.empty() ? c.tp.link : c.stages.back().tpLink, c.tp.lmHeadTimeSec);
    row("PP", c.pp.sendsPerStep, c.pp.bytesPerSend, c.pp.bytesSentPerGpuPerStep, c.pp.link, c.pp.timeSec);
    if (c.ep.moeLayers > 0) {
        const long long ops = c.ep.mode == EpMode::None ? 0 : 2LL * c.ep.moeLayers;
        row("EP", ops, c.ep.mode == EpMode::None ? 0 : c.ep.bytesPerMoeLayerBusiestGpu / 2, c.ep.bytesPerStepBusiestGpu,
            c.ep.link, c.ep.timeSec);
        s << "  EP " << epModeName(c.ep.mode) << ": "
          << formatThousands(static_cast<std::int64_t>(c.ep.bytesPerTokenPerMoeLayer)) << " B per token per MoE layer";
        if (c.ep.mode == EpMode::AllToAll) {
            std::snprintf(line, sizeof line, ", %.0f%% stays local, busiest GPU x%.2f", c.ep.localFraction * 100,
                c.ep.skewFactor);
            s << line;
        } else if (c.ep.mode == EpMode::None) {
            s << " (nothing crosses a GPU in this plan)";
        }
        s << "\n";
    }
    s << "  DP        none" << (c.dp.lockstep ? " (MoE: DP ranks step together)" : "") << "\n";
    s << "  total     " << secondsText(c.totalTimeSec) << " of communication per step\n\n";

    s << "time (roofline estimate)\n";
    const char *bound = "memory";
    for (const StageTime &st : t.decode.stages)
        if (st.computeBound)
            bound = "compute";
    s << "  decode step    " << ledgerTime(t.decodeStepSec) << " (slowest stage, " << bound << "-bound)\n";
    s << "  TPOT           " << ledgerTime(t.tpotSec) << " at batch " << formatThousands(e.plan.batch) << ", "
      << formatThousands(t.contextTokens) << " tokens of context\n";
    s << "  TTFT           " << ledgerTime(t.ttftSec) << " for a " << formatThousands(e.plan.promptLen)
      << "-token prompt\n";
    std::snprintf(line, sizeof line, "  tokens/s/GPU   %.1f (pp bubble %.1f%% with %d %s)\n", t.tokensPerSecPerGpu,
        t.bubbleFraction * 100, t.microbatches, t.microbatches == 1 ? "micro-batch" : "micro-batches");
    s << line;
    std::snprintf(line, sizeof line, "  assumed        HBM x%.2f, %s compute x%.2f\n", t.hbmEfficiency, t.peakFormat,
        t.computeEfficiency);
    s << line;
    return s.str();
}

} // namespace shardscope
