// The vLLM recipes of docs/DESIGN.md §A.3 (from vLLM's docs/serving/*.md).
#include "core/launch/exportbuild.h"
#include "core/launch/exportrules.h"

namespace shardscope::exportbuild {

namespace {

// Defaults of the rendezvous ports (docs/DESIGN.md §A): --master-port 29501,
// --data-parallel-rpc-port 29550, and Ray's GCS port 6379 (examples/ray_serving/run_cluster.sh).
constexpr int kMasterPort = 29501;
constexpr int kDpRpcPort = 29550;
constexpr int kRayPort = 6379;

std::string joinInts(const std::vector<int> &v)
{
    std::string s;
    for (int x : v)
        s += (s.empty() ? "" : ",") + std::to_string(x);
    return s;
}

bool expertParallel(const Plan &p, const ModelSpec &m)
{
    return m.isMoe() && p.ep > 1 && p.ep == p.tp * p.dp;
}

// `vllm serve <model>` with every value the plan assumed (docs/DESIGN.md §6), in the order of
// vLLM's docs: parallel sizes, expert parallelism, memory and batch limits, dtypes.
LaunchCommand serveCommand(Context &c)
{
    const Plan &p = c.e.plan;
    LaunchCommand cmd;
    cmd.program = { LaunchWord::literal("vllm"), LaunchWord::literal("serve"), LaunchWord::literal(c.result.model) };
    // get_pp_indices reads VLLM_PP_LAYER_PARTITION in every worker process (vllm/distributed/utils.py).
    if (!p.ppPartition.empty() && p.pp > 1)
        cmd.env.emplace_back("VLLM_PP_LAYER_PARTITION", LaunchWord::literal(joinInts(p.ppPartition)));
    // vllm/envs.py: unset means "FlashInfer's sampler if installed" in V1 until #26859 (vLLM 0.11.1) made it
    // opt-in, and again from #40376; "1" asks for it in every release (the plan's memory assumes it).
    if (p.flashinferSampler)
        cmd.env.emplace_back("VLLM_USE_FLASHINFER_SAMPLER", LaunchWord::literal("1"));
    // Marlin for the experts: the flag from 0.17; before it MXFP4's variable (vllm/envs.py, #22428), and INT4
    // experts take Marlin by default (validation refuses the rest).
    const bool marlinByFlag
        = p.moeBackend == MoeBackend::Marlin && resolvedVllmVersion(p.vllmVersion) >= kMoeBackendFlag;
    if (p.moeBackend == MoeBackend::Marlin && !marlinByFlag
        && effectiveWeightFormat(c.model, p.quantization) == WeightFormat::Mxfp4)
        cmd.env.emplace_back("VLLM_MXFP4_USE_MARLIN", LaunchWord::literal("1"));
    cmd.option("--tensor-parallel-size", std::to_string(p.tp));
    cmd.option("--pipeline-parallel-size", std::to_string(p.pp));
    if (p.dp > 1)
        cmd.option("--data-parallel-size", std::to_string(p.dp));
    // DCP shards the KV tokens over the TP ranks it reuses (docs/DESIGN.md §A.1).
    if (p.decodeContextParallel > 1)
        cmd.option("--decode-context-parallel-size", std::to_string(p.decodeContextParallel));
    // PCP adds ranks (world = tp x pp x pcp); vLLM's ParallelConfig validates it with DCP and DP.
    if (p.prefillContextParallel > 1)
        cmd.option("--prefill-context-parallel-size", std::to_string(p.prefillContextParallel));
    if (expertParallel(p, c.model)) {
        cmd.flag("--enable-expert-parallel");
        // The all-to-all kernels run only for EP with DP > 1 (use_all2all_kernels in vLLM's
        // ParallelConfig); below that the choice has no effect, so it is not written.
        if (p.dp > 1)
            cmd.option("--all2all-backend",
                c.options.all2allBackend.empty() ? "allgather_reducescatter" : c.options.all2allBackend);
        if (p.expertPlacement == ExpertPlacement::RoundRobin)
            cmd.option("--expert-placement-strategy", "round_robin");
        if (p.redundantExperts > 0) {
            cmd.flag("--enable-eplb");
            cmd.option("--eplb-config", "{\"num_redundant_experts\":" + std::to_string(p.redundantExperts) + "}");
        }
    }
    cmd.option("--gpu-memory-utilization", formatFlagNumber(p.gpuMemoryUtilization));
    cmd.option("--max-model-len", std::to_string(p.maxModelLen));
    cmd.option("--max-num-seqs", std::to_string(p.maxNumSeqs));
    cmd.option("--max-num-batched-tokens", std::to_string(p.maxNumBatchedTokens));
    if (p.kvCacheDtype == KvDtype::Fp8)
        cmd.option("--kv-cache-dtype", "fp8");
    if (const std::string q = exportrules::quantizationFlag(p); !q.empty())
        cmd.option("--quantization", q);
    // The planner's default block size is vLLM's CacheConfig default; leaving it out lets vLLM pick
    // the attention backend's preferred size (64 for FlashMLA), as the docs' commands do.
    if (p.blockSize != 16)
        cmd.option("--block-size", std::to_string(p.blockSize));
    // The full registered names: "--kv-cache-memory" only parses as an argparse abbreviation.
    if (p.kvCacheMemoryBytes > 0)
        cmd.option("--kv-cache-memory-bytes", std::to_string(p.kvCacheMemoryBytes));
    if (p.mmIpcGpuMemoryGb > 0)
        cmd.option("--mm-ipc-gpu-memory-gb", formatFlagNumber(p.mmIpcGpuMemoryGb));
    // The release's default unless the plan says otherwise (vLLM's own pair of switches).
    if (p.prefixCaching == PrefixCaching::On)
        cmd.flag("--enable-prefix-caching");
    else if (p.prefixCaching == PrefixCaching::Off)
        cmd.flag("--no-enable-prefix-caching");
    if (marlinByFlag)
        cmd.option("--moe-backend", "marlin");
    if (p.enforceEager)
        cmd.flag("--enforce-eager");
    if (p.disableCustomAllReduce)
        cmd.flag("--disable-custom-all-reduce");
    if (p.languageModelOnly)
        cmd.flag("--language-model-only");
    if (p.mmEncoderTpData && !p.languageModelOnly)
        cmd.option("--mm-encoder-tp-mode", "data");
    if (p.skipMmProfiling && !p.languageModelOnly)
        cmd.flag("--skip-mm-profiling");
    // The checkpoint's config is code of its own that neither transformers nor vLLM's config registry has
    // (the preset's "trust_remote_code" and its source): without the flag vLLM stops at startup.
    if (c.model.trustRemoteCode)
        cmd.flag("--trust-remote-code");
    return cmd;
}

NodeLaunch node(int index, int gpus, std::string role, std::string detail = {})
{
    NodeLaunch n;
    n.node = index;
    n.gpus = gpus;
    n.role = std::move(role);
    n.detail = std::move(detail);
    return n;
}

void singleNode(Context &c)
{
    NodeLaunch n = node(0, c.local, "");
    n.steps.push_back({ "", serveCommand(c) });
    c.result.nodeLaunches.push_back(std::move(n));
    c.result.summary += ", one vllm serve";
}

// docs/DESIGN.md §A.3c: the same command on every node with --nnodes/--node-rank, rendezvous at
// --master-addr:--master-port, --headless on the nodes other than 0.
void multiNodeMp(Context &c)
{
    const LaunchWord addr = c.headAddress();
    const LaunchWord port = c.headPort(kMasterPort);
    for (int r = 0; r < c.nodes; ++r) {
        LaunchCommand cmd = serveCommand(c);
        cmd.option("--nnodes", std::to_string(c.nodes));
        cmd.option("--node-rank", std::to_string(r));
        cmd.option("--master-addr", addr);
        cmd.option("--master-port", port);
        if (r > 0)
            cmd.flag("--headless");
        NodeLaunch n = node(r, c.local, r == 0 ? "head" : "worker");
        n.steps.push_back({ "", std::move(cmd) });
        c.result.nodeLaunches.push_back(std::move(n));
    }
    c.result.summary += ", vLLM multi-node (--nnodes)";
}

// docs/DESIGN.md §A.3d/§A.3e: node 0 runs its DP ranks and the API server, the others run
// --headless engines; --data-parallel-start-rank = the local DP ranks of the nodes before.
void multiNodeDp(Context &c, int dpLocal)
{
    const LaunchWord addr = c.headAddress();
    const LaunchWord port = c.headPort(kDpRpcPort);
    for (int r = 0; r < c.nodes; ++r) {
        const int startRank = r * dpLocal;
        LaunchCommand cmd = serveCommand(c);
        if (r > 0)
            cmd.flag("--headless");
        cmd.option("--data-parallel-size-local", std::to_string(dpLocal));
        if (r > 0)
            cmd.option("--data-parallel-start-rank", std::to_string(startRank));
        cmd.option("--data-parallel-address", addr);
        cmd.option("--data-parallel-rpc-port", port);
        const std::string ranks = dpLocal == 1
            ? "DP rank " + std::to_string(startRank)
            : "DP ranks " + std::to_string(startRank) + "-" + std::to_string(startRank + dpLocal - 1);
        NodeLaunch n = node(r, c.local, r == 0 ? "head" : "worker", r == 0 ? ranks + " and the API server" : ranks);
        n.steps.push_back({ "", std::move(cmd) });
        c.result.nodeLaunches.push_back(std::move(n));
    }
    c.result.summary += ", vLLM multi-node data parallel (--data-parallel-address)";
}

// docs/DESIGN.md §A.3b and docs/serving/data_parallel_deployment.md: `ray start` on every node,
// then one vllm serve on node 0 that places all ranks through Ray.
void rayCluster(Context &c, const LaunchCommand &serve, const std::string &label)
{
    const LaunchWord addr = c.headAddress();
    const LaunchWord port = c.headPort(kRayPort);
    for (int r = 0; r < c.nodes; ++r) {
        LaunchCommand ray;
        ray.program = { LaunchWord::literal("ray"), LaunchWord::literal("start") };
        if (r == 0) {
            ray.flag("--head");
            ray.joinedOption("--node-ip-address", addr);
            ray.joinedOption("--port", port);
        } else {
            ray.flag("--block");
            ray.joinedOption("--address", LaunchWord(addr).append(LaunchWord::literal(":")).append(port));
        }
        NodeLaunch n = node(r, c.local, r == 0 ? "head" : "worker");
        n.steps.push_back(
            { r == 0 ? "" : "joins the Ray cluster of node 0 and stays in the foreground", std::move(ray) });
        if (r == 0)
            n.steps.push_back(
                { "once every node has joined (ray status lists " + std::to_string(c.e.worldSize) + " GPUs):", serve });
        c.result.nodeLaunches.push_back(std::move(n));
    }
    c.result.summary += ", Ray cluster (" + label + ")";
}

} // namespace

void buildVllm(Context &c)
{
    const Plan &p = c.e.plan;
    ExportResult &r = c.result;
    {
        std::string s = r.model + ": TP " + std::to_string(p.tp);
        if (p.pp > 1)
            s += " x PP " + std::to_string(p.pp);
        if (p.dp > 1)
            s += " x DP " + std::to_string(p.dp);
        if (c.model.isMoe() && p.ep > 1)
            s += ", EP " + std::to_string(p.ep);
        if (p.decodeContextParallel > 1)
            s += ", DCP " + std::to_string(p.decodeContextParallel);
        s += " = " + std::to_string(c.e.worldSize) + (c.e.worldSize == 1 ? " GPU" : " GPUs");
        s += c.nodes == 1 ? " on 1 node" : " on " + std::to_string(c.nodes) + " nodes x " + std::to_string(c.local);
        r.summary = s;
    }
    if (expertParallel(p, c.model) && p.dp > 1 && c.options.all2allBackend.rfind("deepep", 0) == 0)
        r.addNote(exportrules::say(QT_TRANSLATE_NOOP(
            "Export", "the deepep all2all backends need DeepEP (and DeepGEMM) installed on every node")));
    if (c.nodes == 1) {
        if (c.options.launcher == Launcher::Ray)
            r.addNote(exportrules::say(
                QT_TRANSLATE_NOOP("Export", "one node needs no Ray cluster: the command runs vLLM's own workers")));
        singleNode(c);
        return;
    }
    r.addNote(exportrules::say(QT_TRANSLATE_NOOP("Export",
        "run the same vLLM version and model files on every node; with several network "
        "interfaces set NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME")));
    const int replica = p.tp * p.pp;
    if (c.options.launcher == Launcher::Ray) {
        LaunchCommand serve = serveCommand(c);
        if (p.dp == 1) {
            serve.option("--distributed-executor-backend", "ray");
            rayCluster(c, serve, "--distributed-executor-backend ray");
        } else if (c.local % replica == 0) {
            serve.option("--data-parallel-size-local", std::to_string(c.local / replica));
            serve.option("--data-parallel-backend", "ray");
            rayCluster(c, serve, "--data-parallel-backend ray");
        } else {
            // One replica spans nodes: Ray's "span" packing places it (data_parallel_deployment.md).
            serve.env.emplace_back("VLLM_RAY_DP_PACK_STRATEGY", LaunchWord::literal("span"));
            serve.option("--data-parallel-backend", "ray");
            rayCluster(c, serve, "--data-parallel-backend ray, span packing");
        }
        return;
    }
    if (p.dp == 1) {
        multiNodeMp(c);
    } else if (c.local % replica == 0) {
        multiNodeDp(c, c.local / replica);
    } else {
        c.refuse("dp_span",
            exportrules::say(QT_TRANSLATE_NOOP("Export",
                                 "a DP replica (tp x pp = %1 GPUs) does not fit whole on a node of %2 GPUs, "
                                 "and vLLM's multi-node DP launch places whole replicas per node"),
                { exportrules::integer(replica), exportrules::integer(c.local) }),
            exportrules::say(QT_TRANSLATE_NOOP("Export", "the Ray launcher (VLLM_RAY_DP_PACK_STRATEGY=span)")));
    }
}

} // namespace shardscope::exportbuild
