// SGLang's launch_server for the plans it can express (SGLang's server-arguments documentation,
// docs/advanced_features/server_arguments.md, and its DP-attention guide).
#include "core/launch/exportbuild.h"
#include "core/launch/exportrules.h"

namespace shardscope::exportbuild {

using exportrules::integer;
using exportrules::say;

namespace {

// The docs' multi-node example uses port 50000 for --dist-init-addr ("an available port").
constexpr int kDistInitPort = 50000;

} // namespace

// Mapping (docs/DESIGN.md §2): SGLang's --tp is the GPUs of one engine. For MoE with dp > 1 that
// is tp x dp with --enable-dp-attention (attention TP = tp inside each of the dp groups, experts over
// all of them, --ep-size any divisor); a dense model with dp > 1 runs dp replicas of --tp tp.
void buildSglang(Context &c)
{
    const Plan &p = c.e.plan;
    ExportResult &r = c.result;
    const bool dpAttention = c.model.isMoe() && p.dp > 1;
    if (!c.model.isMoe() && p.dp > 1 && c.nodes > 1) {
        c.refuse("sglang_dp_nodes",
            say(QT_TRANSLATE_NOOP("Export",
                "SGLang's --dp starts the replicas of a dense model on one node; across nodes run one "
                "server per node behind SGLang's router")),
            say(QT_TRANSLATE_NOOP("Export", "dp=%1 per node, one server on each"), { integer(p.dp / c.nodes) }));
        return;
    }
    LaunchCommand base;
    base.program
        = { LaunchWord::literal("python"), LaunchWord::literal("-m"), LaunchWord::literal("sglang.launch_server") };
    base.option("--model-path", r.model);
    base.option("--tp", std::to_string(dpAttention ? p.tp * p.dp : p.tp));
    if (p.dp > 1)
        base.option("--dp", std::to_string(p.dp));
    if (dpAttention)
        base.flag("--enable-dp-attention");
    if (p.pp > 1)
        base.option("--pp-size", std::to_string(p.pp));
    if (c.model.isMoe() && p.ep > 1)
        base.option("--ep-size", std::to_string(p.ep));
    if (c.model.isMoe() && p.redundantExperts > 0) {
        base.flag("--enable-eplb");
        base.option("--ep-num-redundant-experts", std::to_string(p.redundantExperts));
    }
    base.option("--mem-fraction-static", formatFlagNumber(p.gpuMemoryUtilization));
    base.option("--context-length", std::to_string(p.maxModelLen));
    base.option("--max-running-requests", std::to_string(p.maxNumSeqs));
    if (p.kvCacheDtype == KvDtype::Fp8)
        base.option("--kv-cache-dtype", "fp8_e4m3");
    if (const std::string q = exportrules::quantizationFlag(p); !q.empty())
        base.option("--quantization", q);
    if (p.enforceEager)
        base.flag("--disable-cuda-graph");
    if (c.model.trustRemoteCode) // as for vLLM (vllmlaunch.cpp): the checkpoint's config is remote code
        base.flag("--trust-remote-code");

    std::string s = r.model + ": TP " + std::to_string(p.tp);
    if (p.pp > 1)
        s += " x PP " + std::to_string(p.pp);
    if (p.dp > 1)
        s += " x DP " + std::to_string(p.dp) + (dpAttention ? " (DP attention)" : "");
    if (c.model.isMoe() && p.ep > 1)
        s += ", EP " + std::to_string(p.ep);
    s += " = " + std::to_string(c.e.worldSize) + (c.e.worldSize == 1 ? " GPU" : " GPUs");
    s += c.nodes == 1
        ? " on 1 node, SGLang"
        : " on " + std::to_string(c.nodes) + " nodes x " + std::to_string(c.local) + ", SGLang (--nnodes)";
    r.summary = s;
    r.addNote(say(QT_TRANSLATE_NOOP("Export",
        "SGLang's --mem-fraction-static covers weights and KV cache only; the plan's memory figures follow vLLM")));
    if (dpAttention && c.model.modelType.rfind("deepseek", 0) != 0 && c.model.modelType.rfind("qwen", 0) != 0)
        r.addNote(say(QT_TRANSLATE_NOOP("Export",
                          "SGLang documents DP attention for DeepSeek and Qwen MoE models; check that %1 supports it"),
            { value(c.model.name) }));
    if (p.maxNumBatchedTokens > 0)
        r.addNote(say(QT_TRANSLATE_NOOP(
            "Export", "max_num_batched_tokens has no exact SGLang equivalent and is not carried over")));
    if (p.blockSize != 16)
        r.addNote(say(QT_TRANSLATE_NOOP("Export", "the KV block size is not carried over (SGLang pages differ)")));
    if (p.expertPlacement == ExpertPlacement::RoundRobin)
        r.addNote(say(
            QT_TRANSLATE_NOOP("Export", "round-robin expert placement is vLLM's; SGLang places experts its own way")));
    if (c.options.launcher == Launcher::Ray && c.nodes > 1)
        r.addNote(
            say(QT_TRANSLATE_NOOP("Export", "SGLang starts its nodes itself (--nnodes); no Ray cluster is needed")));

    if (c.nodes == 1) {
        NodeLaunch n;
        n.gpus = c.local;
        n.steps.push_back({ "", std::move(base) });
        r.nodeLaunches.push_back(std::move(n));
        return;
    }
    // The docs' multi-node recipe: the same command on every node, --dist-init-addr host:port.
    const LaunchWord init = c.headAddress().append(LaunchWord::literal(":")).append(c.headPort(kDistInitPort));
    for (int rank = 0; rank < c.nodes; ++rank) {
        LaunchCommand cmd = base;
        cmd.option("--nnodes", std::to_string(c.nodes));
        cmd.option("--node-rank", std::to_string(rank));
        cmd.option("--dist-init-addr", init);
        NodeLaunch n;
        n.node = rank;
        n.gpus = c.local;
        n.role = rank == 0 ? "head" : "worker";
        n.steps.push_back({ "", std::move(cmd) });
        r.nodeLaunches.push_back(std::move(n));
    }
}

} // namespace shardscope::exportbuild
