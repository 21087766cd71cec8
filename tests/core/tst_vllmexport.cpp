// The launch exporter: every recipe of docs/DESIGN.md §A.3, written out by hand as the
// commands the plan must produce, plus the flag table, quoting and refusals.
#include "tests/common/testutils.h"

#include "core/launch/launchcommand.h"
#include "core/launch/launchexport.h"
#include "core/launch/shellwords.h"
#include "core/launch/vllmflags.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>

#include <set>

using namespace shardscope;

namespace {

struct Exported
{
    ModelSpec model;
    Evaluation eval;
    ExportResult result;
};

Exported exportPlan(const char *model, const char *gpu, const Plan &plan, const ExportOptions &options = {})
{
    Exported x;
    x.model = presetModel(model);
    x.eval = evaluate(plan, x.model, presetGpu(gpu));
    x.result = exportLaunch(x.eval, x.model, options);
    return x;
}

Plan plan(int tp, int pp = 1, int dp = 1, int ep = 1)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    p.maxModelLen = 32768;
    return p;
}

// Each server command on one line, in node order.
QStringList serverLines(const ExportResult &r)
{
    QStringList out;
    for (const LaunchCommand *c : r.serverCommands())
        out << QString::fromStdString(c->render());
    return out;
}

QString stepLine(const ExportResult &r, int node, int step)
{
    return QString::fromStdString(r.nodeLaunches.at(node).steps.at(step).command.render());
}

// vLLM's batch defaults on a >= 70 GiB, non-A100 GPU (docs/DESIGN.md §A.2,
// get_batch_defaults): max_num_seqs 1024, max_num_batched_tokens 8192; utilization left to the
// version's default, 0.92 from vLLM 0.21 (docs/DESIGN.md §1), the release the plan follows unless told.
const QString kLimits = QStringLiteral(
    "--gpu-memory-utilization 0.92 --max-model-len 32768 --max-num-seqs 1024 --max-num-batched-tokens 8192");

} // namespace

class TestVllmExport : public QObject
{
    Q_OBJECT
private slots:
    // Recipe 3a: one node, TP 8 (docs/serving/parallelism_scaling.md: vllm serve $MODEL
    // --tensor-parallel-size 8), explicit about every value the plan assumed.
    void oneNode()
    {
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", plan(8));
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(x.result.nodes, 1);
        QCOMPARE(serverLines(x.result),
            QStringList {
                QStringLiteral(
                    "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8 --pipeline-parallel-size 1 ")
                + kLimits });
        QVERIFY(x.result.placeholders.empty());
    }

    // Recipe 3a with DP and EP on one node: vllm serve $MODEL -tp 1 -dp 8 --enable-expert-parallel.
    // EP with DP>1 names its all-to-all backend (vLLM's default, allgather_reducescatter).
    void oneNodeDpEp()
    {
        const Exported x = exportPlan("qwen3-30b-a3b", "h100-sxm", plan(1, 1, 8, 8));
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList {
                QStringLiteral(
                    "vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 1 --pipeline-parallel-size 1 "
                    "--data-parallel-size 8 --enable-expert-parallel --all2all-backend allgather_reducescatter ")
                + kLimits });
    }

    // Recipe 3c: 2 nodes TP 8 x PP 2 with vLLM's multi-node launch; --headless on node 1; address and
    // port as placeholders with --master-port's default 29501.
    void twoNodesMp()
    {
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2));
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(x.result.nodes, 2);
        QCOMPARE(x.result.gpusPerNode, 8);
        const QString common
            = QStringLiteral(
                  "vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 8 --pipeline-parallel-size 2 ")
            + kLimits;
        QCOMPARE(serverLines(x.result),
            (QStringList { common
                    + QStringLiteral(
                        " --nnodes 2 --node-rank 0 --master-addr \"$HEAD_IP\" --master-port \"$HEAD_PORT\""),
                common
                    + QStringLiteral(" --nnodes 2 --node-rank 1 --master-addr \"$HEAD_IP\" --master-port "
                                     "\"$HEAD_PORT\" --headless") }));
        QCOMPARE(x.result.placeholders.size(), size_t(2));
        QCOMPARE(x.result.placeholders[1].defaultValue, std::string("29501"));
    }

    // The whole pasteable text of recipe 3c, line breaks at 100 columns between options.
    void twoNodesMpText()
    {
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2));
        const std::string guard = ": \"${HEAD_IP:?set HEAD_IP to the address of node 0}\" \"${HEAD_PORT:=29501}\"\n";
        const std::string serve
            = "vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 8 --pipeline-parallel-size 2 \\\n"
              "    --gpu-memory-utilization 0.92 --max-model-len 32768 --max-num-seqs 1024 \\\n"
              "    --max-num-batched-tokens 8192 --nnodes 2 --node-rank ";
        const std::string expected
            = "# meta-llama/Llama-3.1-405B: TP 8 x PP 2 = 16 GPUs on 2 nodes x 8, vLLM multi-node (--nnodes)\n"
              "# Flags checked against vLLM main @ 7cfb97e3 (2026-08-20, just after v0.28.0).\n"
              "# Set HEAD_IP = the address of node 0; HEAD_PORT = a free port on node 0 (default 29501) on every "
              "node.\n"
              "# Note: run the same vLLM version and model files on every node; with several network interfaces set "
              "NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME\n"
              "\n"
              "# node 0 of 2 (head): 8 GPUs\n"
            + guard + serve
            + "0 --master-addr \"$HEAD_IP\" \\\n    --master-port \"$HEAD_PORT\"\n"
              "\n"
              "# node 1 of 2 (worker): 8 GPUs\n"
            + guard + serve + "1 --master-addr \"$HEAD_IP\" \\\n    --master-port \"$HEAD_PORT\" --headless\n";
        QCOMPARE(x.result.text(), expected);
    }

    // Given address and port replace the placeholders (recipe 3c with <HEAD_IP> filled in).
    void twoNodesMpGivenAddress()
    {
        ExportOptions o;
        o.headAddress = "10.0.0.1";
        o.port = 29501;
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), o);
        QVERIFY(x.result.placeholders.empty());
        QVERIFY(serverLines(x.result).at(1).endsWith(
            QStringLiteral("--nnodes 2 --node-rank 1 --master-addr 10.0.0.1 --master-port 29501 --headless")));
        QVERIFY(x.result.text().find("HEAD_IP") == std::string::npos);
    }

    // Recipe 3b: a Ray cluster (ray start --head on node 0, ray start --address on the others), then
    // one vllm serve with --distributed-executor-backend ray. Ray's GCS port defaults to 6379.
    void twoNodesRay()
    {
        ExportOptions o;
        o.launcher = Launcher::Ray;
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(x.result.nodeLaunches.size(), size_t(2));
        QCOMPARE(stepLine(x.result, 0, 0),
            QStringLiteral("ray start --head --node-ip-address=\"$HEAD_IP\" --port=\"$HEAD_PORT\""));
        QCOMPARE(stepLine(x.result, 0, 1),
            QStringLiteral("vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 8 --pipeline-parallel-size 2 ")
                + kLimits + QStringLiteral(" --distributed-executor-backend ray"));
        QCOMPARE(x.result.nodeLaunches[1].steps.size(), size_t(1));
        QCOMPARE(stepLine(x.result, 1, 0), QStringLiteral("ray start --block --address=\"$HEAD_IP:$HEAD_PORT\""));
        QCOMPARE(x.result.placeholders[1].defaultValue, std::string("6379"));
        QCOMPARE(serverLines(x.result).size(), 1); // one vllm serve for the whole cluster
    }

    // Recipe 3d/3e: 4 nodes, DP 4 x TP 8 with EP (ep = tp x dp = 32). Node 0 runs DP rank 0 and the
    // API server; node k runs --headless with --data-parallel-start-rank = k x 1 local rank.
    void fourNodesDpEp()
    {
        const Exported x = exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 4, 32));
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(x.result.nodes, 4);
        const QString common
            = QStringLiteral(
                  "vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 1 "
                  "--data-parallel-size 4 --enable-expert-parallel --all2all-backend allgather_reducescatter ")
            + kLimits;
        const QString tail
            = QStringLiteral(" --data-parallel-address \"$HEAD_IP\" --data-parallel-rpc-port \"$HEAD_PORT\"");
        QCOMPARE(serverLines(x.result),
            (QStringList { common + QStringLiteral(" --data-parallel-size-local 1") + tail,
                common + QStringLiteral(" --headless --data-parallel-size-local 1 --data-parallel-start-rank 1") + tail,
                common + QStringLiteral(" --headless --data-parallel-size-local 1 --data-parallel-start-rank 2") + tail,
                common + QStringLiteral(" --headless --data-parallel-size-local 1 --data-parallel-start-rank 3")
                    + tail }));
        QCOMPARE(x.result.placeholders[1].defaultValue, std::string("29550")); // --data-parallel-rpc-port default
    }

    // Recipe 3e itself: DeepSeek-V3 on 2 nodes, TP 1, DP 16 (8 local), deepep_low_latency, head
    // 192.168.1.100, RPC port 13345; node 1 starts at DP rank 8 = node 0's 8 local ranks. EPLB adds
    // --enable-eplb --eplb-config on every node: (256 + 32) / 16 = 18 physical experts per GPU.
    void recipe3eWithEplb()
    {
        Plan p = plan(1, 1, 16, 16);
        p.redundantExperts = 32;
        ExportOptions o;
        o.headAddress = "192.168.1.100";
        o.port = 13345;
        o.all2allBackend = "deepep_low_latency";
        const Exported x = exportPlan("deepseek-v3", "h200", p, o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        const QString common
            = QStringLiteral("vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --pipeline-parallel-size 1 "
                             "--data-parallel-size 16 --enable-expert-parallel --all2all-backend deepep_low_latency "
                             "--enable-eplb --eplb-config '{\"num_redundant_experts\":32}' ")
            + kLimits;
        QCOMPARE(serverLines(x.result),
            (QStringList { common
                    + QStringLiteral(" --data-parallel-size-local 8 --data-parallel-address 192.168.1.100 "
                                     "--data-parallel-rpc-port 13345"),
                common
                    + QStringLiteral(" --headless --data-parallel-size-local 8 --data-parallel-start-rank 8 "
                                     "--data-parallel-address 192.168.1.100 --data-parallel-rpc-port 13345") }));
        QCOMPARE(x.result.nodeLaunches[1].detail, std::string("DP ranks 8-15"));
        bool deepEpNote = false;
        for (const std::string &n : x.result.notes())
            deepEpNote = deepEpNote || n.find("DeepEP") != std::string::npos;
        QVERIFY(deepEpNote);
    }

    // DP across nodes with Ray (docs/serving/data_parallel_deployment.md: --data-parallel-backend=ray,
    // one command, no address or RPC port).
    void dpRay()
    {
        ExportOptions o;
        o.launcher = Launcher::Ray;
        const Exported x = exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 4, 32), o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result).size(), 1);
        QVERIFY(serverLines(x.result).at(0).endsWith(
            QStringLiteral(" --data-parallel-size-local 1 --data-parallel-backend ray")));
        QCOMPARE(x.result.nodeLaunches.size(), size_t(4));
    }

    // A replica of tp x pp = 16 GPUs spans two 8-GPU nodes: vLLM's DP launch cannot place it, Ray's
    // span packing can (data_parallel_deployment.md, VLLM_RAY_DP_PACK_STRATEGY="span").
    void dpReplicaSpanningNodes()
    {
        const Exported mp = exportPlan("llama-3.1-70b", "h100-sxm", plan(8, 2, 2));
        QVERIFY(!mp.result.ok);
        QCOMPARE(mp.result.refusalCode, std::string("dp_span"));
        QVERIFY(mp.result.message().find("nearest that vLLM can run: the Ray launcher") != std::string::npos);
        ExportOptions o;
        o.launcher = Launcher::Ray;
        const Exported ray = exportPlan("llama-3.1-70b", "h100-sxm", plan(8, 2, 2), o);
        QVERIFY2(ray.result.ok, ray.result.message().c_str());
        QCOMPARE(serverLines(ray.result),
            QStringList {
                QStringLiteral(
                    "VLLM_RAY_DP_PACK_STRATEGY=span vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8 "
                    "--pipeline-parallel-size 2 --data-parallel-size 2 ")
                + kLimits + QStringLiteral(" --data-parallel-backend ray") });
    }

    // An uneven PP partition travels as VLLM_PP_LAYER_PARTITION (docs/DESIGN.md §2): 80 layers on
    // 3 stages as 26 + 27 + 27 instead of vLLM's 27, 27, 26.
    void unevenPp()
    {
        Plan p = plan(2, 3);
        p.ppPartition = { 26, 27, 27 };
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList { QStringLiteral("VLLM_PP_LAYER_PARTITION=26,27,27 vllm serve meta-llama/Llama-3.1-70B "
                                         "--tensor-parallel-size 2 --pipeline-parallel-size 3 ")
                + kLimits });
    }

    // A plan that assumes FlashInfer's sampler asks for it: vllm/envs.py reads VLLM_USE_FLASHINFER_SAMPLER as
    // bool(int(value)), opt-in from #26859 (0.11.1) until #40376 made it the default again.
    void flashinferSamplerEnv()
    {
        Plan p = plan(8);
        p.flashinferSampler = true;
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList { QStringLiteral("VLLM_USE_FLASHINFER_SAMPLER=1 vllm serve meta-llama/Llama-3.1-70B "
                                         "--tensor-parallel-size 8 --pipeline-parallel-size 1 ")
                + kLimits });
    }

    // Marlin for the experts: --moe-backend from 0.17 (#33807; vllm/config/kernel.py MoEBackend "marlin"),
    // VLLM_MXFP4_USE_MARLIN=1 for MXFP4 before (vllm/envs.py, #22428, 0.10.1), nothing before that (an error).
    void moeBackendMarlin()
    {
        auto lineFor = [](VllmVersion v) {
            Plan p = plan(2);
            p.moeBackend = MoeBackend::Marlin;
            p.vllmVersion = v;
            const Exported x = exportPlan("gpt-oss-120b", "h100-sxm", p);
            return std::make_pair(x.result.ok, serverLines(x.result).join(QLatin1Char('\n')));
        };
        const auto [ok28, at28] = lineFor({ 0, 28, 0 });
        QVERIFY(ok28);
        QVERIFY(at28.contains(QLatin1String(" --moe-backend marlin")));
        QVERIFY(!at28.contains(QLatin1String("VLLM_MXFP4_USE_MARLIN")));
        const auto [ok17, at17] = lineFor({ 0, 17, 0 });
        QVERIFY(ok17 && at17.contains(QLatin1String(" --moe-backend marlin")));
        const auto [ok11, at11] = lineFor({ 0, 11, 0 });
        QVERIFY(ok11);
        QVERIFY(at11.startsWith(QLatin1String("VLLM_MXFP4_USE_MARLIN=1 vllm serve openai/gpt-oss-120b ")));
        QVERIFY(!at11.contains(QLatin1String("--moe-backend")));
        QVERIFY(!lineFor({ 0, 10, 0 }).first); // no Marlin MXFP4 path yet
        // Not a MoE, BF16 experts, no CUDA: refused.
        Plan dense = plan(8);
        dense.moeBackend = MoeBackend::Marlin;
        QVERIFY(!exportPlan("llama-3.1-70b", "h100-sxm", dense).result.ok);
        Plan bf16 = plan(2);
        bf16.moeBackend = MoeBackend::Marlin;
        QVERIFY(!exportPlan("qwen3-30b-a3b", "h100-sxm", bf16).result.ok);
        QVERIFY(!exportPlan("gpt-oss-120b", "mi300x", bf16).result.ok);
        // The default writes neither.
        const QString auto28
            = serverLines(exportPlan("gpt-oss-120b", "h100-sxm", plan(2)).result).join(QLatin1Char('\n'));
        QVERIFY(!auto28.contains(QLatin1String("marlin")) && !auto28.contains(QLatin1String("MARLIN")));
    }

    // --disable-custom-all-reduce is a store_true switch of vLLM's ParallelConfig (vllm_flags_0.28.txt).
    void disableCustomAllReduceFlag()
    {
        Plan p = plan(8);
        p.disableCustomAllReduce = true;
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QVERIFY(serverLines(x.result).join(QLatin1Char('\n')).contains(QLatin1String(" --disable-custom-all-reduce")));
        p.disableCustomAllReduce = false;
        QVERIFY(!serverLines(exportPlan("llama-3.1-70b", "h100-sxm", p).result)
                     .join(QLatin1Char('\n'))
                     .contains(QLatin1String("custom-all-reduce")));
    }

    // --language-model-only (a switch) and --mm-encoder-tp-mode data, as vLLM's multimodal recipes write them;
    // the encoder mode is left out when no tower is built.
    void multimodalFlags()
    {
        Plan p = plan(2);
        p.mmEncoderTpData = true;
        QVERIFY(serverLines(exportPlan("gemma-4-26b-a4b-it", "h100-sxm", p).result)
                    .join(QLatin1Char('\n'))
                    .contains(QLatin1String(" --mm-encoder-tp-mode data")));
        p.languageModelOnly = true;
        const QString text
            = serverLines(exportPlan("gemma-4-26b-a4b-it", "h100-sxm", p).result).join(QLatin1Char('\n'));
        QVERIFY(text.contains(QLatin1String(" --language-model-only")));
        QVERIFY(!text.contains(QLatin1String("--mm-encoder-tp-mode")));
        // --skip-mm-profiling (a switch, vLLM #22950): written when a tower is built, and only then.
        p.skipMmProfiling = true;
        QVERIFY(!serverLines(exportPlan("gemma-4-26b-a4b-it", "h100-sxm", p).result)
                     .join(QLatin1Char('\n'))
                     .contains(QLatin1String("--skip-mm-profiling")));
        p.languageModelOnly = false;
        QVERIFY(serverLines(exportPlan("gemma-4-26b-a4b-it", "h100-sxm", p).result)
                    .join(QLatin1Char('\n'))
                    .contains(QLatin1String(" --skip-mm-profiling")));
    }

    // Across nodes with mp every node's worker processes read it, so every node sets it.
    void unevenPpOnEveryNode()
    {
        Plan p = plan(8, 2);
        p.ppPartition = { 60, 66 };
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        for (const QString &line : serverLines(x.result))
            QVERIFY(line.startsWith(QStringLiteral("VLLM_PP_LAYER_PARTITION=60,66 vllm serve ")));
    }

    // The other plan settings: fp8 KV cache, fp8 online quantization of a BF16 checkpoint, a block
    // size other than the default 16, eager mode, explicit batch limits.
    void otherSettings()
    {
        Plan p = plan(4);
        p.kvCacheDtype = KvDtype::Fp8;
        p.quantization = Quantization::Fp8;
        p.blockSize = 32;
        p.enforceEager = true;
        p.maxNumSeqs = 128;
        p.maxNumBatchedTokens = 4096;
        p.gpuMemoryUtilization = 0.92;
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList { QStringLiteral(
                "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4 --pipeline-parallel-size 1 "
                "--gpu-memory-utilization 0.92 --max-model-len 32768 --max-num-seqs 128 "
                "--max-num-batched-tokens 4096 --kv-cache-dtype fp8 --quantization fp8 --block-size 32 "
                "--enforce-eager") });
    }

    // Decode context parallel reuses the TP GPUs (TP % DCP == 0; MLA keeps one KV head, so any
    // divisor works): DeepSeek-V3 with tp 8, dcp 8 on H200 (its ~79 GiB of weights per GPU do not fit
    // an H100 at tp 8). SGLang has no equivalent here: refused, dcp=1.
    void decodeContextParallel()
    {
        Plan p = plan(8);
        p.decodeContextParallel = 8;
        const Exported x = exportPlan("deepseek-v3", "h200", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList {
                QStringLiteral("vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 1 "
                               "--decode-context-parallel-size 8 ")
                + kLimits });
        ExportOptions sglang;
        sglang.target = ExportTarget::Sglang;
        const Exported refused = exportPlan("deepseek-v3", "h200", p, sglang);
        QCOMPARE(refused.result.refusalCode, std::string("sglang_dcp"));
        QCOMPARE(refused.result.nearest(), std::string("dcp=1"));
    }

    // A plan for an older vLLM keeps its own default utilization (0.9 before 0.21) and says which
    // release the flags were checked against.
    void olderVllm()
    {
        Plan p = plan(8);
        p.vllmVersion = VllmVersion { 0, 11, 0 };
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", p);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QVERIFY(serverLines(x.result).at(0).contains(QStringLiteral("--gpu-memory-utilization 0.9 ")));
        // 0.11 is older than the first flag table (0a1c5034, v0.24-dev): checked against it, with a note.
        QVERIFY2(x.result.text().find("# Note: the plan follows vLLM 0.11.0; the flags are checked against vLLM main @ "
                                      "0a1c5034 (2026-06-15, v0.24-dev)")
                != std::string::npos,
            x.result.text().c_str());
    }

    // SGLang accepts an EP size vLLM does not: tp 8 x dp 2 with ep 4 is --tp 16 --dp 2
    // --enable-dp-attention --ep-size 4 (SGLang's DP attention: --tp is the engine's GPUs).
    void sglangEpSize()
    {
        ExportOptions o;
        o.target = ExportTarget::Sglang;
        o.headAddress = "10.0.0.1";
        o.port = 50000;
        const Exported x = exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 2, 4), o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        const QString common
            = QStringLiteral("python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 --dp 2 "
                             "--enable-dp-attention --ep-size 4 --mem-fraction-static 0.92 --context-length 32768 "
                             "--max-running-requests 1024 --nnodes 2 --node-rank ");
        QCOMPARE(serverLines(x.result),
            (QStringList { common + QStringLiteral("0 --dist-init-addr 10.0.0.1:50000"),
                common + QStringLiteral("1 --dist-init-addr 10.0.0.1:50000") }));
        const Exported vllm = exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 2, 4));
        QVERIFY(!vllm.result.ok);
        QCOMPARE(vllm.result.refusalCode, std::string("vllm_ep"));
    }

    void sglangDense()
    {
        ExportOptions o;
        o.target = ExportTarget::Sglang;
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", plan(4, 1, 2), o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        QCOMPARE(serverLines(x.result),
            QStringList {
                QStringLiteral("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B --tp 4 --dp 2 "
                               "--mem-fraction-static 0.92 --context-length 32768 --max-running-requests 1024") });
        const Exported twoNodes = exportPlan("llama-3.1-70b", "h100-sxm", plan(8, 1, 2), o);
        QCOMPARE(twoNodes.result.refusalCode, std::string("sglang_dp_nodes"));
    }

    // Every flag of every recipe is in the newest generated table, and the table is exactly the flag lines
    // of tests/core/data/vllm_flags_0.28.txt (docs/DESIGN.md §A.5; the older table: tst_vllmreleases).
    void everyFlagInTheTable()
    {
        QFile file(
            qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/core/data/vllm_flags_0.28.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        std::set<std::string> reference;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (!line.isEmpty() && !line.startsWith('#'))
                reference.insert(line.toStdString());
        }
        QCOMPARE(reference.size(), size_t(287));
        const std::set<std::string> table(vllmServeFlags().begin(), vllmServeFlags().end());
        QVERIFY(table == reference);
        for (const FlagAlias &a : vllmFlagAliases())
            QVERIFY2(reference.count(a.flag), a.flag);

        ExportOptions ray;
        ray.launcher = Launcher::Ray;
        ExportOptions eplb;
        eplb.all2allBackend = "deepep_high_throughput";
        Plan withEplb = plan(8, 1, 4, 32);
        withEplb.redundantExperts = 32;
        withEplb.expertPlacement = ExpertPlacement::RoundRobin;
        Plan uneven = plan(8, 2);
        uneven.ppPartition = { 60, 66 };
        Plan extras = plan(4);
        extras.kvCacheDtype = KvDtype::Fp8;
        extras.quantization = Quantization::Fp8;
        extras.blockSize = 32;
        extras.enforceEager = true;
        const std::vector<Exported> all = {
            exportPlan("llama-3.1-70b", "h100-sxm", plan(8)),
            exportPlan("llama-3.1-405b", "h100-sxm", uneven),
            exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), ray),
            exportPlan("deepseek-v3", "h100-sxm", withEplb, eplb),
            exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 4, 32), ray),
            exportPlan("llama-3.1-70b", "h100-sxm", plan(8, 2, 2), ray),
            exportPlan("llama-3.1-70b", "h100-sxm", extras),
        };
        size_t checked = 0;
        for (const Exported &x : all) {
            QVERIFY2(x.result.ok, x.result.message().c_str());
            for (const LaunchCommand *c : x.result.serverCommands())
                for (const std::string &f : c->flags()) {
                    QVERIFY2(reference.count(f), f.c_str());
                    ++checked;
                }
        }
        QVERIFY(checked > 100);
    }

    // Shell quoting: a path with spaces, quotes, $, ;, backticks and a newline reaches the program
    // unchanged when /bin/sh runs the rendered words, and placeholders expand.
    void quotingSurvivesTheShell()
    {
        const std::vector<std::string> hostile = {
            "/models/my model",
            "it's",
            "\"quoted\"",
            "$HOME",
            "`id`",
            "; rm -rf / ;",
            "$(reboot)",
            "a\\b",
            "line\nbreak",
            "",
            "--tensor-parallel-size",
            "~",
            "*",
            "x=y",
            "&& echo pwned",
        };
        LaunchCommand cmd;
        cmd.program = { LaunchWord::literal("printf"), LaunchWord::literal("[%s]") };
        std::string expected;
        for (const std::string &h : hostile) {
            cmd.program.push_back(LaunchWord::literal(h));
            expected += "[" + h + "]";
        }
        cmd.program.push_back(LaunchWord::placeholder("HEAD_IP").append(LaunchWord::literal(":29501")));
        expected += "[10.1.2.3:29501]";
        QProcess sh;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HEAD_IP"), QStringLiteral("10.1.2.3"));
        sh.setProcessEnvironment(env);
        sh.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), QString::fromStdString(cmd.render()) });
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(sh.readAllStandardOutput().toStdString(), expected);
    }

    // The same through the exporter: a hostile model path is one single-quoted word.
    void hostileModelPath()
    {
        ExportOptions o;
        o.modelPath = "/models/x'; rm -rf ~; echo '$HOME";
        o.headAddress = "10.0.0.1; reboot";
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), o);
        QVERIFY2(x.result.ok, x.result.message().c_str());
        // ' -> '\'' inside single quotes (POSIX sh): nothing between the quotes is special.
        QVERIFY(serverLines(x.result).at(0).startsWith(
            QStringLiteral("vllm serve '/models/x'\\''; rm -rf ~; echo '\\''$HOME' --tensor-parallel-size 8 ")));
        QVERIFY(serverLines(x.result).at(0).contains(QStringLiteral("--master-addr '10.0.0.1; reboot' ")));
        o.modelPath = "/models/a\nb";
        QCOMPARE(exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), o).result.refusalCode, std::string("options"));
    }

    // Refusals, each with the reason and the nearest plan vLLM can run.
    void refusals_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("redundant");
        QTest::addColumn<int>("quantization");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        // 64 heads over tp 3: the divisors 2 and 4 are equally near; the larger leaves more memory.
        QTest::newRow("tp not dividing heads")
            << "llama-3.1-70b" << 3 << 1 << 1 << 0 << 0 << "tp_heads"
            << "64 attention heads cannot be split over tp=3: tp must divide the head count (1, 2, 4, 8, 16, 32, 64); "
               "nearest that vLLM can run: tp=4";
        // vLLM's two EP points for tp x dp = 16: ep 1 or ep 16.
        QTest::newRow("ep between 1 and tp x dp") << "deepseek-v3" << 8 << 2 << 4 << 0 << 0 << "vllm_ep"
                                                  << "vLLM runs experts either tensor-parallel over all tp x dp = 16 "
                                                     "GPUs (ep=1) or expert-parallel over all of them "
                                                     "(--enable-expert-parallel, ep=16); ep=4 needs SGLang's --ep-size "
                                                     "(target sglang); nearest that vLLM can run: "
                                                     "ep=16 (--enable-expert-parallel)";
        // EPLB: (256 + 16) % 32 = 16; the next multiple of 32 is 288 = 256 + 32.
        QTest::newRow("EPLB slots not dividing")
            << "deepseek-v3" << 8 << 4 << 32 << 16 << 0 << "eplb_divides"
            << "256 experts + 16 redundant do not divide over ep=32 GPUs, which EPLB requires (physical experts must "
               "be a "
               "multiple of the EP size); nearest that vLLM can run: num_redundant_experts=32";
        // AWQ needs an AWQ checkpoint; Llama 3.1 70B ships BF16.
        QTest::newRow("awq on a bf16 checkpoint")
            << "llama-3.1-70b" << 8 << 1 << 1 << 0 << int(Quantization::Awq) << "quant_checkpoint"
            << "meta-llama/Llama-3.1-70B ships bf16 weights, so the server cannot load it as awq (which needs an AWQ "
               "checkpoint) "
               "(it uses the checkpoint's own quantization); nearest that vLLM can run: quantization=auto";
        QTest::newRow("ep on a dense model") << "llama-3.1-70b" << 8 << 1 << 8 << 0 << 0 << "ep_dense"
                                             << "expert parallelism needs a mixture-of-experts model; Llama-3.1-70B is "
                                                "dense (set ep=1); nearest that vLLM can "
                                                "run: ep=1";
    }

    void refusals()
    {
        QFETCH(QString, model);
        QFETCH(int, tp);
        QFETCH(int, dp);
        QFETCH(int, ep);
        QFETCH(int, redundant);
        QFETCH(int, quantization);
        QFETCH(QString, code);
        QFETCH(QString, message);
        Plan p = plan(tp, 1, dp, ep);
        p.redundantExperts = redundant;
        p.quantization = static_cast<Quantization>(quantization);
        const Exported x = exportPlan(model.toLatin1().constData(), "h100-sxm", p);
        QVERIFY(!x.result.ok);
        QCOMPARE(QString::fromStdString(x.result.refusalCode), code);
        QCOMPARE(QString::fromStdString(x.result.message()), message);
        QVERIFY(x.result.nearestPlan.has_value());
        QVERIFY(x.result.serverCommands().empty());
        // The nearest plan exports.
        const Exported nearest = exportPlan(model.toLatin1().constData(), "h100-sxm", *x.result.nearestPlan);
        QVERIFY2(nearest.result.ok, nearest.result.message().c_str());
    }

    // Nodes: 16 GPUs do not split over 3 nodes (vLLM: DP x PP x TP divisible by --nnodes); 2 and 4
    // are equally near, the first found is kept. 16 GPUs on 1 node of 8 do not fit.
    void nodeCounts()
    {
        ExportOptions three;
        three.nodes = 3;
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), three);
        QCOMPARE(x.result.message(),
            std::string("16 GPUs (tp x pp x dp) do not split evenly over 3 nodes; nearest that vLLM can run: 2 nodes"));
        ExportOptions one;
        one.nodes = 1;
        QCOMPARE(exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), one).result.message(),
            std::string("16 GPUs per node are more than a node's 8; nearest that vLLM can run: 2 nodes"));
        ExportOptions four;
        four.nodes = 4;
        const Exported spread = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2), four);
        QVERIFY2(spread.result.ok, spread.result.message().c_str());
        QCOMPARE(spread.result.gpusPerNode, 4);
        QVERIFY(serverLines(spread.result).at(3).contains(QStringLiteral("--nnodes 4 --node-rank 3 ")));
    }

    // A plan the memory model says does not fit is refused (vLLM would stop at startup) unless forced.
    void doesNotFit()
    {
        const Exported x = exportPlan("llama-3.1-70b", "h100-sxm", plan(1));
        QVERIFY(!x.result.ok);
        QCOMPARE(x.result.refusalCode, std::string("does_not_fit"));
        QVERIFY(x.result.refusal().rfind("the plan does not fit, so vLLM would stop at startup: weights do not fit", 0)
            == 0);
        ExportOptions force;
        force.force = true;
        QVERIFY(exportPlan("llama-3.1-70b", "h100-sxm", plan(1), force).result.ok);
    }

    void badOptions()
    {
        ExportOptions o;
        o.all2allBackend = "carrier_pigeon";
        QCOMPARE(
            exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 4, 32), o).result.refusalCode, std::string("options"));
        o = {};
        o.port = 70000;
        QCOMPARE(
            exportPlan("deepseek-v3", "h100-sxm", plan(8, 1, 4, 32), o).result.refusalCode, std::string("options"));
    }

    // A bash script per node: strict mode, the placeholder guard, the server exec'd.
    void script()
    {
        const Exported x = exportPlan("llama-3.1-405b", "h100-sxm", plan(8, 2));
        const std::string s = x.result.script(1);
        QVERIFY(s.rfind("#!/usr/bin/env bash\n", 0) == 0);
        QVERIFY(s.find("\n# node 1 of 2 (worker): 8 GPUs\n") != std::string::npos);
        QVERIFY(
            s.find(
                "\nset -euo pipefail\n: \"${HEAD_IP:?set HEAD_IP to the address of node 0}\" \"${HEAD_PORT:=29501}\"\n"
                "exec vllm serve meta-llama/Llama-3.1-405B ")
            != std::string::npos);
        QVERIFY(s.find("--headless\n") != std::string::npos);
        QVERIFY(x.result.script(2).empty());
    }

    // The flag-number format reads back as the same double.
    void numbers()
    {
        QCOMPARE(formatFlagNumber(0.9), std::string("0.9"));
        QCOMPARE(formatFlagNumber(0.92), std::string("0.92"));
        QCOMPARE(formatFlagNumber(1.0), std::string("1"));
        QCOMPARE(formatFlagNumber(0.333), std::string("0.333"));
    }
};

QTEST_APPLESS_MAIN(TestVllmExport)
#include "tst_vllmexport.moc"
