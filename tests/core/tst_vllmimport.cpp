// Import of existing launch commands: real command lines from vLLM's documentation (each cited),
// the shell forms people paste, the round trip export -> import -> export, and garbage.
#include "tests/common/testutils.h"

#include "core/launch/k8sexport.h"
#include "core/launch/launchexport.h"
#include "core/launch/launchimport.h"
#include "core/launch/shellwords.h"
#include "core/model/errors.h"
#include "core/model/planio.h"

#include <nlohmann/json.hpp>

#include <random>

using namespace shardscope;

namespace {

using Strings = std::vector<std::string>;

ModelSpec modelFor(const ImportedCommand &c)
{
    const int i = findModelPreset(builtinPresets().models(), c.model);
    if (i < 0)
        throw InputError("no preset for " + c.model);
    return builtinPresets().models()[static_cast<size_t>(i)];
}

// Export, import the text, evaluate what was read, export again with the options the import found.
ExportResult reexport(const ExportResult &first, const std::string &text, const char *gpu)
{
    const ImportedCommand imported = importLaunchCommand(text);
    const ModelSpec model = modelFor(imported);
    const Evaluation e = evaluate(imported.plan, model, presetGpu(gpu));
    ExportOptions o = exportOptionsFor(imported);
    o.target = first.target;
    return exportLaunch(e, model, o);
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

ExportResult exportPlan(const char *model, const char *gpu, const Plan &p, const ExportOptions &o = {})
{
    const ModelSpec m = presetModel(model);
    return exportLaunch(evaluate(p, m, presetGpu(gpu)), m, o);
}

// How often `needle` occurs in `text` as a whole word (followed by a space or the end).
int wordCount(const std::string &text, const std::string &needle)
{
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        if (at + needle.size() == text.size() || text[at + needle.size()] == ' ')
            ++n;
    return n;
}

bool endsWith(const std::string &text, const std::string &tail)
{
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// The message a refused command gives, or "" when it imports.
std::string refusal(const std::string &command)
{
    try {
        (void)importLaunchCommand(command);
    } catch (const InputError &e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestVllmImport : public QObject
{
    Q_OBJECT
private slots:
    // docs/serving/expert_parallel_deployment.md (docs/DESIGN.md §A.3a): short aliases.
    void expertParallelOneNode()
    {
        const ImportedCommand c = importLaunchCommand("vllm serve $MODEL -tp 1 -dp 8 --enable-expert-parallel");
        QCOMPARE(c.model, std::string("$MODEL"));
        QCOMPARE(c.entry, std::string("vllm serve"));
        QCOMPARE(c.plan.tp, 1);
        QCOMPARE(c.plan.dp, 8);
        QCOMPARE(c.plan.ep, 8); // EP size = TP x DP
        QVERIFY(c.unknownFlags.empty());
    }

    // docs/serving/parallelism_scaling.md (docs/DESIGN.md §A.3c), node 1, with the docs'
    // <HEAD_IP> placeholder and a continuation line.
    void multiNodeMpWorker()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve /path/to/model --tensor-parallel-size 8 --pipeline-parallel-size 2 \\\n"
                                  "  --nnodes 2 --node-rank 1 --master-addr <HEAD_IP> --headless");
        QCOMPARE(c.model, std::string("/path/to/model"));
        QCOMPARE(c.plan.tp, 8);
        QCOMPARE(c.plan.pp, 2);
        QCOMPARE(c.launch.nodes, 2);
        QCOMPARE(c.launch.nodeRank, 1);
        QVERIFY(c.launch.headless);
        QCOMPARE(c.launch.headPlaceholder, std::string("HEAD_IP"));
        QVERIFY(c.launch.headAddress.empty());
        QCOMPARE(c.plan.gpusPerNode, 8); // 16 GPUs over 2 nodes
        QVERIFY(c.unknownFlags.empty());
        QVERIFY(c.ignoredFlags.empty());
    }

    // PCP ranks are GPUs of their own (vLLM world size pp x tp x pcp): TP 4 x PCP 8 over 4 nodes is 8 GPUs a node.
    // Before, the import divided TP x PP x DP = 4 by the nodes and exported 32 nodes of 1 (found by fuzzing).
    void multiNodePrefillContextParallel()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve deepseek-ai/DeepSeek-V2-Lite --tensor-parallel-size 4 "
                                  "--prefill-context-parallel-size 8 --nnodes 4 --node-rank 1 --master-addr <HEAD_IP> "
                                  "--headless");
        QCOMPARE(c.plan.tp, 4);
        QCOMPARE(c.plan.prefillContextParallel, 8);
        QCOMPARE(c.launch.nodes, 4);
        QCOMPARE(c.plan.gpusPerNode, 8);
    }

    // docs/serving/data_parallel_deployment.md, node 1 of the DP=4 example.
    void multiNodeDpWorker()
    {
        const ImportedCommand c = importLaunchCommand(
            "# Node 1\n"
            "vllm serve $MODEL --headless --data-parallel-size 4 --data-parallel-size-local 2 \\\n"
            "                  --data-parallel-start-rank 2 \\\n"
            "                  --data-parallel-address 10.99.48.128 --data-parallel-rpc-port 13345\n");
        QCOMPARE(c.plan.dp, 4);
        QCOMPARE(c.launch.dataParallelSizeLocal, 2);
        QCOMPARE(c.launch.dataParallelStartRank, 2);
        QCOMPARE(c.launch.headAddress, std::string("10.99.48.128"));
        QCOMPARE(c.launch.port, 13345);
        QCOMPARE(c.launch.nodes, 2); // 4 DP ranks, 2 per node
        QCOMPARE(c.plan.gpusPerNode, 2); // tp 1 x 2 local ranks
    }

    // docs/serving/expert_parallel_deployment.md (docs/DESIGN.md §A.3e), node 1.
    void deepSeekDpEp()
    {
        const ImportedCommand c = importLaunchCommand(
            "vllm serve deepseek-ai/DeepSeek-V3-0324 --all2all-backend deepep_low_latency \\\n"
            "  --tensor-parallel-size 1 --enable-expert-parallel \\\n"
            "  --data-parallel-size 16 --data-parallel-size-local 8 \\\n"
            "  --data-parallel-address 192.168.1.100 --data-parallel-rpc-port 13345 --api-server-count=8");
        QCOMPARE(c.model, std::string("deepseek-ai/DeepSeek-V3-0324"));
        QCOMPARE(c.plan.ep, 16);
        QCOMPARE(c.launch.all2allBackend, std::string("deepep_low_latency"));
        QCOMPARE(c.ignoredFlags, (Strings { "--api-server-count=8" }));
        QCOMPARE(c.launch.nodes, 2);
    }

    // docs/serving/data_parallel_deployment.md, the Ray variant.
    void dpWithRay()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve $MODEL --data-parallel-size 4 --data-parallel-size-local 2 \\\n"
                                  "                  --data-parallel-backend=ray");
        QCOMPARE(c.launch.launcher, Launcher::Ray);
        QCOMPARE(c.launch.nodes, 2);
    }

    // docs/serving/data_parallel_deployment.md, external load balancing: an environment prefix and
    // options the plan has no field for (listed, not dropped).
    void externalLb()
    {
        const ImportedCommand c = importLaunchCommand(
            "CUDA_VISIBLE_DEVICES=1 vllm serve $MODEL --data-parallel-size 2 --data-parallel-rank 1 \\\n"
            "                                         --port 8001");
        QCOMPARE(c.plan.dp, 2);
        QCOMPARE(c.ignoredFlags, (Strings { "--data-parallel-rank 1", "--port 8001" }));
        QCOMPARE(c.env.size(), size_t(1));
        QCOMPARE(c.env[0].first, std::string("CUDA_VISIBLE_DEVICES"));
        // The export writes its own DP launch: the rank of an externally balanced server is not passed on,
        // the port is.
        const ExportResult r = exportPlan("qwen3-8b", "h100-sxm", c.plan, exportOptionsFor(c));
        QVERIFY2(r.ok, r.message().c_str());
        const std::string serve = r.serverCommands()[0]->render();
        QCOMPARE(wordCount(serve, "--data-parallel-rank"), 0);
        QVERIFY2(endsWith(serve, " --port 8001"), serve.c_str());
        const Strings notes = r.notes();
        QVERIFY(std::find(notes.begin(), notes.end(),
                    "pass-through --data-parallel-rank left out: it asks for another data-parallel launch than these "
                    "commands")
            != notes.end());
    }

    // vLLM docs, "Deploying with Docker": docker options skipped, --env read, --model after the image.
    void dockerWithModelFlag()
    {
        const ImportedCommand c = importLaunchCommand("docker run --runtime nvidia --gpus all \\\n"
                                                      "    -v ~/.cache/huggingface:/root/.cache/huggingface \\\n"
                                                      "    --env \"HUGGING_FACE_HUB_TOKEN=<secret>\" \\\n"
                                                      "    -p 8000:8000 \\\n"
                                                      "    --ipc=host \\\n"
                                                      "    vllm/vllm-openai:latest \\\n"
                                                      "    --model mistralai/Mistral-7B-v0.1");
        QCOMPARE(c.entry, std::string("docker run vllm/vllm-openai:latest"));
        QCOMPARE(c.model, std::string("mistralai/Mistral-7B-v0.1"));
        QCOMPARE(c.env.size(), size_t(1));
        QCOMPARE(c.env[0].second, std::string("<secret>"));
        QVERIFY(c.unknownFlags.empty());
    }

    // docs/deployment/docker.md (current): the model as the image's positional argument.
    void dockerPositionalModel()
    {
        const ImportedCommand c = importLaunchCommand("docker run --rm --gpus all \\\n"
                                                      "    -v ~/.cache/huggingface:/root/.cache/huggingface \\\n"
                                                      "    -v vllm-cache:/root/.cache/vllm \\\n"
                                                      "    -p 8000:8000 \\\n"
                                                      "    vllm/vllm-openai:latest \\\n"
                                                      "    meta-llama/Llama-3.1-8B-Instruct");
        QCOMPARE(c.model, std::string("meta-llama/Llama-3.1-8B-Instruct"));
        QCOMPARE(c.plan.tp, 1);
    }

    // vLLM docs v0.5 "Distributed Inference and Serving", with the "$ " prompts of the page.
    void apiServerWithPrompts()
    {
        const ImportedCommand c = importLaunchCommand("$ python -m vllm.entrypoints.openai.api_server \\\n"
                                                      "$     --model facebook/opt-13b \\\n"
                                                      "$     --tensor-parallel-size 4");
        QCOMPARE(c.entry, std::string("python -m vllm.entrypoints.openai.api_server"));
        QCOMPARE(c.model, std::string("facebook/opt-13b"));
        QCOMPARE(c.plan.tp, 4);
    }

    // docs/DESIGN.md §A.3b: the one vllm serve of a Ray cluster, after its ray start lines.
    void rayRecipe()
    {
        const ImportedCommand c
            = importLaunchCommand("ray start --block --head --node-ip-address=10.0.0.1 --port=6379\n"
                                  "vllm serve /path/to/model --tensor-parallel-size 8 --pipeline-parallel-size 2 "
                                  "--distributed-executor-backend ray");
        QCOMPARE(c.launch.launcher, Launcher::Ray);
        QCOMPARE(c.launch.headAddress, std::string("10.0.0.1"));
        QCOMPARE(c.launch.port, 6379);
        QCOMPARE(c.plan.tp * c.plan.pp, 16);
    }

    // --flag=value, --flag value, --flag_name (FlexibleArgumentParser), human-readable counts
    // (32k = 32000, 2K = 2048), --no-<switch>, fp8 variants, EPLB's dotted sub-key.
    void forms()
    {
        const ImportedCommand c = importLaunchCommand(
            "vllm serve 'my org/model' --tensor_parallel_size=4 -pp 2 --max_model_len 32k "
            "--gpu-memory-utilization=0.85 "
            "--max-num-batched-tokens 2K --max-num-seqs 64 --kv-cache-dtype fp8_e4m3 --quantization fp8 "
            "--enforce-eager "
            "--no-enable-prefix-caching --block-size 32 --enable-eplb --eplb-config.num_redundant_experts 8 "
            "--expert-placement-strategy round_robin -dcp 2");
        QCOMPARE(c.model, std::string("my org/model"));
        QCOMPARE(c.plan.tp, 4);
        QCOMPARE(c.plan.pp, 2);
        QCOMPARE(c.plan.maxModelLen, std::int64_t(32000));
        QCOMPARE(c.plan.gpuMemoryUtilization, 0.85);
        QCOMPARE(c.plan.maxNumBatchedTokens, std::int64_t(2048));
        QCOMPARE(c.plan.maxNumSeqs, std::int64_t(64));
        QCOMPARE(c.plan.kvCacheDtype, KvDtype::Fp8);
        QCOMPARE(c.plan.quantization, Quantization::Fp8);
        QVERIFY(c.plan.enforceEager);
        QCOMPARE(c.plan.blockSize, 32);
        QCOMPARE(c.plan.redundantExperts, 8);
        QCOMPARE(c.plan.expertPlacement, ExpertPlacement::RoundRobin);
        QCOMPARE(c.plan.decodeContextParallel, 2);
        QCOMPARE(c.plan.prefixCaching, PrefixCaching::Off);
        QVERIFY(c.ignoredFlags.empty());
    }

    // Unknown options are listed with their values, never dropped; so are extra words.
    void unknownFlagsListed()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve m --frobnicate 3 --shiny --tensor-parallel-size 2 --warp=9 -x y stray");
        QCOMPARE(c.unknownFlags, (Strings { "--frobnicate 3", "--shiny", "--warp=9", "-x y", "stray" }));
        QCOMPARE(c.plan.tp, 2);
    }

    // A whole script: comments, a guard line, export lines and exec.
    void scriptLike()
    {
        const ImportedCommand c = importLaunchCommand("#!/usr/bin/env bash\nset -euo pipefail\n"
                                                      "export VLLM_PP_LAYER_PARTITION=26,27,27\n"
                                                      ": \"${HEAD_IP:?set HEAD_IP}\"\n"
                                                      "exec vllm serve m -tp 2 -pp 3 > log.txt 2>&1 # start\n");
        QCOMPARE(c.plan.ppPartition, (std::vector<int> { 26, 27, 27 }));
        QCOMPARE(c.plan.pp, 3);
        QVERIFY(c.unknownFlags.empty());
    }

    void disableCustomAllReduceFlag()
    {
        QVERIFY(importLaunchCommand("vllm serve m --tensor-parallel-size 4 --disable-custom-all-reduce")
                    .plan.disableCustomAllReduce);
        QVERIFY(!importLaunchCommand("vllm serve m --tensor-parallel-size 4").plan.disableCustomAllReduce);
        QVERIFY(!importLaunchCommand("vllm serve m --no-disable-custom-all-reduce").plan.disableCustomAllReduce);
        // A modelled flag is not reported as ignored.
        QVERIFY(importLaunchCommand("vllm serve m --disable-custom-all-reduce").ignoredFlags.empty());
    }

    // --language-model-only is a store_true switch of MultiModalConfig, --mm-encoder-tp-mode takes "weights" or
    // "data" (vllm/engine/arg_utils.py; vllm_flags_0.28.txt lists both).
    void multimodalFlags()
    {
        const ImportedCommand c = importLaunchCommand(
            "vllm serve google/gemma-4-26B-A4B-it --language-model-only --mm-encoder-tp-mode data -tp 2");
        QVERIFY(c.plan.languageModelOnly);
        QVERIFY(c.plan.mmEncoderTpData);
        QVERIFY(c.ignoredFlags.empty());
        QCOMPARE(c.plan.tp, 2); // the switch took no value
        QVERIFY(!importLaunchCommand("vllm serve m --mm-encoder-tp-mode weights").plan.mmEncoderTpData);
        QVERIFY(
            refusal("vllm serve m --mm-encoder-tp-mode sideways").find("--mm-encoder-tp-mode") != std::string::npos);
    }

    // Marlin for the experts, as vLLM reads it: --moe-backend lower-cased with "-" -> "_" (vllm/config/kernel.py),
    // VLLM_MXFP4_USE_MARLIN through maybe_convert_bool (vllm/envs.py). Other backends are not modelled.
    void moeBackend()
    {
        QCOMPARE(importLaunchCommand("vllm serve m --moe-backend marlin").plan.moeBackend, MoeBackend::Marlin);
        QCOMPARE(importLaunchCommand("vllm serve m --moe-backend=MARLIN").plan.moeBackend, MoeBackend::Marlin);
        QCOMPARE(importLaunchCommand("VLLM_MXFP4_USE_MARLIN=1 vllm serve m").plan.moeBackend, MoeBackend::Marlin);
        QCOMPARE(importLaunchCommand("VLLM_MXFP4_USE_MARLIN=0 vllm serve m").plan.moeBackend, MoeBackend::Auto);
        const auto other = importLaunchCommand("vllm serve m --moe-backend flashinfer-cutlass");
        QCOMPARE(other.plan.moeBackend, MoeBackend::Auto);
        QVERIFY(!other.warnings().empty());
    }

    // VLLM_USE_FLASHINFER_SAMPLER (vllm/envs.py: bool(int(value))) sets the plan's sampler; "0" clears it.
    void flashinferSamplerEnv()
    {
        QVERIFY(importLaunchCommand("VLLM_USE_FLASHINFER_SAMPLER=1 vllm serve m").plan.flashinferSampler);
        QVERIFY(importLaunchCommand("export VLLM_USE_FLASHINFER_SAMPLER=1\nvllm serve m").plan.flashinferSampler);
        QVERIFY(!importLaunchCommand("VLLM_USE_FLASHINFER_SAMPLER=0 vllm serve m").plan.flashinferSampler);
        QVERIFY(!importLaunchCommand("vllm serve m").plan.flashinferSampler);
    }

    // Recipes write placeholders for values: vllm-project/recipes@8959cf64 models/Qwen/Qwen3-4B.yaml sets
    // `export TP=1` and `export MAX_MODEL_LEN=4096` before `--tensor-parallel-size $TP --max-model-len
    // $MAX_MODEL_LEN`, as the shell expands them; models/Google/gemma-4-31B-it.yaml leaves
    // `--max-model-len <n_of_tokens>` for the reader to fill in, so the plan keeps its default and says why.
    void placeholderValues()
    {
        const ImportedCommand set = importLaunchCommand("export TP=2\nexport MAX_MODEL_LEN=4096\n"
                                                        "vllm serve Qwen/Qwen3-4B --tensor-parallel-size $TP \\\n"
                                                        "  --max-model-len ${MAX_MODEL_LEN}");
        QCOMPARE(set.plan.tp, 2);
        QCOMPARE(set.plan.maxModelLen, std::int64_t { 4096 });
        QVERIFY(set.warnings().empty());

        const ImportedCommand open
            = importLaunchCommand("vllm serve google/gemma-4-E4B-it --max-model-len <n_of_tokens> -tp $TP");
        QCOMPARE(open.model, std::string("google/gemma-4-E4B-it"));
        QCOMPARE(open.plan.maxModelLen, Plan().maxModelLen);
        QCOMPARE(open.plan.tp, 1);
        QCOMPARE(open.warnings(),
            (std::vector<std::string> {
                "--max-model-len <n_of_tokens> is a placeholder to fill in; the plan keeps its default",
                "--tensor-parallel-size $TP is a placeholder to fill in; the plan keeps its default" }));

        // A value that only starts with a variable is not a placeholder: it is refused as before.
        QVERIFY(refusal("export TP=2\nvllm serve m -tp 4$TP").find("--tensor-parallel-size 4$TP") != std::string::npos);
        // A flag the plan has no field for is listed as ignored, placeholder or not, as before.
        const ImportedCommand unmodelled = importLaunchCommand("vllm serve m --served-model-name $NAME");
        QCOMPARE(unmodelled.ignoredFlags, (std::vector<std::string> { "--served-model-name '$NAME'" }));
        // ... but not passed through to the export, which would write the placeholder as a literal name.
        QVERIFY(unmodelled.vllmExtraArgs.empty());
        QCOMPARE(unmodelled.warnings(),
            (std::vector<std::string> {
                "--served-model-name $NAME is a placeholder to fill in; the export leaves it out" }));
        // The head address keeps its placeholder, for the export to fill in per node.
        QCOMPARE(
            importLaunchCommand("vllm serve m --master-addr $HEAD_IP").launch.headPlaceholder, std::string("HEAD_IP"));
    }

    void badValues_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("message");
        QTest::newRow("tp text") << "vllm serve m --tensor-parallel-size abc"
                                 << "--tensor-parallel-size abc: expected a whole number from 1 to 1048576";
        QTest::newRow("tp huge")
            << "vllm serve m -tp 99999999999999999999"
            << "--tensor-parallel-size 99999999999999999999: expected a whole number from 1 to 1048576";
        QTest::newRow("utilization") << "vllm serve m --gpu-memory-utilization 1.5"
                                     << "--gpu-memory-utilization 1.5: expected a fraction in (0, 1]";
        QTest::newRow("quote") << "vllm serve 'm"
                               << "unterminated ' quote in the command";
        QTest::newRow("no vllm")
            << "echo hello; ls -l"
            << "no vLLM launch found: expected vllm serve, python -m vllm.entrypoints.openai.api_server or "
               "docker run vllm/vllm-openai";
        QTest::newRow("eplb json") << "vllm serve m --eplb-config '{oops'"
                                   << "--eplb-config {oops: expected a JSON object";
        QTest::newRow("partition")
            << "VLLM_PP_LAYER_PARTITION=4,,4 vllm serve m"
            << "VLLM_PP_LAYER_PARTITION 4,,4: expected positive layer counts separated by commas";
    }

    void badValues()
    {
        QFETCH(QString, command);
        QFETCH(QString, message);
        try {
            importLaunchCommand(command.toStdString());
            QFAIL("accepted");
        } catch (const InputError &e) {
            QCOMPARE(QString::fromUtf8(e.what()), message);
        }
    }

    // Untrusted input: random shell-ish text never crashes and only ever fails with InputError;
    // input beyond 1 MiB is refused before parsing.
    void garbage()
    {
        std::mt19937 rng(12345);
        const std::string alphabet = "vllm serve -tp=8 --x '\"\\$`{}()<>|&;#\n\t ~*?[]0123456789abc_.,:/";
        for (int round = 0; round < 5000; ++round) {
            std::string s = round % 3 == 0 ? "vllm serve " : "";
            const int n = static_cast<int>(rng() % 200);
            for (int i = 0; i < n; ++i)
                s += alphabet[rng() % alphabet.size()];
            try {
                const ImportedCommand c = importLaunchCommand(s);
                (void)importToJson(c).dump();
            } catch (const InputError &) {
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, importLaunchCommand(std::string(kMaxShellTextBytes + 1, 'a')));
        std::string many = "vllm serve m";
        for (int i = 0; i < 110000; ++i)
            many += " x";
        QVERIFY_THROWS_EXCEPTION(InputError, importLaunchCommand(many));
        QVERIFY_THROWS_EXCEPTION(
            InputError, importLaunchCommand("vllm serve m --master-addr ${" + std::string(100000, '{')));
    }

    // Export -> import -> export gives the same text, for every recipe of tst_vllmexport.
    void roundTrip_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("launcher");
        QTest::addColumn<QString>("head");
        QTest::addColumn<int>("port");
        QTest::addColumn<int>("redundant");
        QTest::addColumn<QString>("partition");
        QTest::newRow("one node") << "llama-3.1-70b"
                                  << "h100-sxm" << 8 << 1 << 1 << 1 << 0 << "" << 0 << 0 << "";
        QTest::newRow("2 nodes mp") << "llama-3.1-405b"
                                    << "h100-sxm" << 8 << 2 << 1 << 1 << 0 << "" << 0 << 0 << "";
        QTest::newRow("2 nodes mp given") << "llama-3.1-405b"
                                          << "h100-sxm" << 8 << 2 << 1 << 1 << 0 << "10.0.0.1" << 29501 << 0 << "";
        QTest::newRow("2 nodes ray") << "llama-3.1-405b"
                                     << "h100-sxm" << 8 << 2 << 1 << 1 << 1 << "" << 0 << 0 << "";
        QTest::newRow("4 nodes dp ep") << "deepseek-v3"
                                       << "h100-sxm" << 8 << 1 << 4 << 32 << 0 << "" << 0 << 0 << "";
        QTest::newRow("dp ep eplb given") << "deepseek-v3"
                                          << "h200" << 1 << 1 << 16 << 16 << 0 << "192.168.1.100" << 13345 << 32 << "";
        QTest::newRow("dp ray") << "deepseek-v3"
                                << "h100-sxm" << 8 << 1 << 4 << 32 << 1 << "" << 0 << 0 << "";
        QTest::newRow("dp ray span") << "llama-3.1-70b"
                                     << "h100-sxm" << 8 << 2 << 2 << 1 << 1 << "" << 0 << 0 << "";
        QTest::newRow("uneven pp") << "llama-3.1-70b"
                                   << "h100-sxm" << 2 << 3 << 1 << 1 << 0 << "" << 0 << 0 << "26,27,27";
        QTest::newRow("uneven pp 2 nodes") << "llama-3.1-405b"
                                           << "h100-sxm" << 8 << 2 << 1 << 1 << 0 << "" << 0 << 0 << "60,66";
        QTest::newRow("hostile") << "llama-3.1-405b"
                                 << "h100-sxm" << 8 << 2 << 1 << 1 << 0 << "a b;'c'$d" << 0 << 0 << "";
    }

    void roundTrip()
    {
        QFETCH(QString, model);
        QFETCH(QString, gpu);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        QFETCH(int, ep);
        QFETCH(int, launcher);
        QFETCH(QString, head);
        QFETCH(int, port);
        QFETCH(int, redundant);
        QFETCH(QString, partition);
        Plan p = plan(tp, pp, dp, ep);
        p.redundantExperts = redundant;
        for (const QString &n : partition.split(QLatin1Char(','), Qt::SkipEmptyParts))
            p.ppPartition.push_back(n.toInt());
        ExportOptions o;
        o.launcher = static_cast<Launcher>(launcher);
        o.headAddress = head.toStdString();
        o.port = port;
        const QByteArray gpuId = gpu.toLatin1();
        const ExportResult first = exportPlan(model.toLatin1().constData(), gpuId.constData(), p, o);
        QVERIFY2(first.ok, first.message().c_str());
        // The whole text, every node's block alone, and every node's script.
        const ExportResult again = reexport(first, first.text(), gpuId.constData());
        QVERIFY2(again.ok, again.message().c_str());
        QCOMPARE(again.text(), first.text());
        for (const NodeLaunch &n : first.nodeLaunches) {
            if (n.steps.back().command.program.front().parts.front().text == "ray")
                continue; // a Ray worker's block has no vLLM command to read
            QCOMPARE(
                reexport(first, first.nodeText(n.node), gpuId.constData()).nodeText(n.node), first.nodeText(n.node));
            QCOMPARE(reexport(first, first.script(n.node), gpuId.constData()).script(n.node), first.script(n.node));
        }
    }

    // Every plan setting the exporter writes survives the trip (non-default values, so that a lost
    // flag would fall back to a default and change the text).
    void roundTripSettings()
    {
        Plan p = plan(8, 1, 4, 32);
        p.kvCacheDtype = KvDtype::Fp8;
        p.blockSize = 32;
        p.enforceEager = true;
        p.flashinferSampler = true;
        p.maxNumSeqs = 128;
        p.maxNumBatchedTokens = 4096;
        p.gpuMemoryUtilization = 0.87;
        p.expertPlacement = ExpertPlacement::RoundRobin;
        p.redundantExperts = 32;
        p.maxModelLen = 16384;
        p.decodeContextParallel = 4;
        ExportOptions o;
        o.all2allBackend = "deepep_high_throughput";
        const ExportResult first = exportPlan("deepseek-v3", "h100-sxm", p, o);
        QVERIFY2(first.ok, first.message().c_str());
        QCOMPARE(reexport(first, first.text(), "h100-sxm").text(), first.text());
        Plan q = plan(4);
        q.quantization = Quantization::Fp8;
        const ExportResult fp8 = exportPlan("llama-3.1-70b", "h100-sxm", q);
        QVERIFY2(fp8.ok, fp8.message().c_str());
        QCOMPARE(reexport(fp8, fp8.text(), "h100-sxm").text(), fp8.text());
    }

    // A model reference finds its preset by id, repo (any case) or a local folder named like the repo.
    void presetMatching()
    {
        const auto &models = builtinPresets().models();
        const auto id = [&](const char *ref) {
            const int i = findModelPreset(models, ref);
            return i < 0 ? std::string() : models[static_cast<size_t>(i)].id;
        };
        QCOMPARE(id("meta-llama/Llama-3.1-70B"), std::string("llama-3.1-70b"));
        QCOMPARE(id("META-LLAMA/llama-3.1-70b"), std::string("llama-3.1-70b"));
        QCOMPARE(id("/models/DeepSeek-V3/"), std::string("deepseek-v3"));
        QCOMPARE(id("qwen3-32b"), std::string("qwen3-32b"));
        QCOMPARE(id("someone/unknown-model"), std::string());
    }

    // vllm-project/recipes @8959cf64189c Qwen/Qwen3-Coder-480B-A35B.md, "FP8 Model": three options without a
    // plan field. The export writes them after its own flags, once each, in the order written.
    void passThroughRecipeCommand()
    {
        const char *text = "VLLM_ROCM_USE_AITER=1 vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 \\\n"
                           "    --trust-remote-code \\\n"
                           "    --max-model-len 131072 \\\n"
                           "    --enable-expert-parallel \\\n"
                           "    --data-parallel-size 8 \\\n"
                           "    --enable-auto-tool-choice \\\n"
                           "    --tool-call-parser qwen3_coder";
        const ImportedCommand c = importLaunchCommand(text);
        const std::vector<VllmExtraArg> expected = { { "--trust-remote-code", std::nullopt },
            { "--enable-auto-tool-choice", std::nullopt }, { "--tool-call-parser", "qwen3_coder" } };
        QVERIFY(c.vllmExtraArgs == expected);
        const ModelSpec model = modelFor(c);
        QVERIFY(!model.trustRemoteCode); // transformers reads qwen3_moe: the flag comes from the command
        ExportOptions o = exportOptionsFor(c);
        o.force = true; // the flags are the point here, not the fit
        const ExportResult r = exportLaunch(evaluate(c.plan, model, presetGpu("h200")), model, o);
        QVERIFY2(r.ok, r.message().c_str());
        QCOMPARE(r.serverCommands().size(), size_t(1));
        const std::string serve = r.serverCommands()[0]->render();
        // The last generated flag: vLLM's default batch of 8,192 tokens on a GPU of 70 GiB or more (plan.h).
        QVERIFY2(endsWith(serve,
                     " --max-num-batched-tokens 8192 --trust-remote-code --enable-auto-tool-choice "
                     "--tool-call-parser qwen3_coder"),
            serve.c_str());
        QCOMPARE(wordCount(serve, "--trust-remote-code"), 1);
        QCOMPARE(wordCount(serve, "--enable-auto-tool-choice"), 1);
        QCOMPARE(wordCount(serve, "--tool-call-parser"), 1);
        // Export -> import gives the same list; so does the import's JSON read back as a plan file.
        QVERIFY(importLaunchCommand(r.text()).vllmExtraArgs == expected);
        const nlohmann::json j = importToJson(c);
        const Strings words
            = { "--trust-remote-code", "--enable-auto-tool-choice", "--tool-call-parser", "qwen3_coder" };
        QVERIFY(j["vllm_extra_args"].get<Strings>() == words);
        const PlanFile file = planFileFromJsonText(j.dump());
        QVERIFY(file.vllmExtraArgs == words);
        QVERIFY(vllmExtraArgsFromWords(file.vllmExtraArgs) == expected);
        QVERIFY(planFileFromJsonText(planFileToJsonText(file)).vllmExtraArgs == words);
    }

    // vllm-project/recipes @8959cf64189c moonshotai/Kimi-K2.5.md, "Hopper (x86_64)": the preset says the
    // model needs --trust-remote-code, which the command gives too; the command has it once.
    void passThroughKimiTrustOnce()
    {
        const char *text = "docker run --gpus all \\\n"
                           "  -p 8000:8000 \\\n"
                           "  --ipc=host \\\n"
                           "  vllm/vllm-openai:v0.17.0-cu130 moonshotai/Kimi-K2.5 \\\n"
                           "    --tensor-parallel-size 8 \\\n"
                           "    --mm-encoder-tp-mode data \\\n"
                           "    --tool-call-parser kimi_k2 \\\n"
                           "    --reasoning-parser kimi_k2 \\\n"
                           "    --enable-auto-tool-choice \\\n"
                           "    --trust-remote-code";
        const ImportedCommand c = importLaunchCommand(text);
        const ModelSpec model = modelFor(c);
        QCOMPARE(model.id, std::string("kimi-k2.5"));
        QVERIFY(model.trustRemoteCode);
        ExportOptions o = exportOptionsFor(c);
        o.force = true;
        const ExportResult r = exportLaunch(evaluate(c.plan, model, presetGpu("h200")), model, o);
        QVERIFY2(r.ok, r.message().c_str());
        const std::string serve = r.serverCommands()[0]->render();
        QVERIFY2(endsWith(serve,
                     " --mm-encoder-tp-mode data --trust-remote-code --tool-call-parser kimi_k2 --reasoning-parser "
                     "kimi_k2 --enable-auto-tool-choice"),
            serve.c_str());
        QCOMPARE(wordCount(serve, "--trust-remote-code"), 1);
        for (const std::string &note : r.notes())
            QVERIFY2(note.find("pass-through") == std::string::npos, note.c_str());
    }

    // A pass-through option the export writes from the plan is left out with a note: vLLM reads the plan's
    // value. Values are shell-quoted like every other value of the command.
    void passThroughGeneratedFlagNotTwice()
    {
        ExportOptions o;
        o.vllmExtraArgs = vllmExtraArgsFromWords(
            { "--max_model_len=4096", "--served-model-name", "kimi k2", "-dp", "4", "--no-enable-log-requests" });
        QCOMPARE(o.vllmExtraArgs[0].flag, std::string("--max-model-len"));
        QCOMPARE(o.vllmExtraArgs[2].flag, std::string("--data-parallel-size"));
        const ExportResult r = exportPlan("qwen3-8b", "h100-sxm", plan(2), o);
        QVERIFY2(r.ok, r.message().c_str());
        const std::string serve = r.serverCommands()[0]->render();
        QCOMPARE(wordCount(serve, "--max-model-len"), 1);
        QVERIFY2(serve.find("--max-model-len 32768") != std::string::npos, serve.c_str());
        QCOMPARE(wordCount(serve, "--data-parallel-size"), 0);
        QVERIFY2(endsWith(serve, " --served-model-name 'kimi k2' --no-enable-log-requests"), serve.c_str());
        const Strings notes = r.notes();
        const auto has = [&](const std::string &n) { return std::find(notes.begin(), notes.end(), n) != notes.end(); };
        QVERIFY(has("pass-through --max-model-len left out: the export writes that option itself (from the plan or "
                    "the model preset), and its value wins"));
        QVERIFY(has("pass-through --data-parallel-size left out: the export writes that option itself (from the plan "
                    "or the model preset), and its value wins"));
    }

    // Kubernetes runs the same serve command: the pass-through options follow, except where vLLM listens,
    // which the manifests' Service and probes decide.
    void passThroughKubernetes()
    {
        ExportOptions o;
        o.vllmExtraArgs = { { "--port", "9000" }, { "--served-model-name", "kimi k2" } };
        const ModelSpec m = presetModel("qwen3-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const K8sExport k = exportKubernetes(evaluate(plan(1), m, g), m, g, o, K8sOptions {});
        QVERIFY2(k.ok, k.refusal.c_str());
        const std::string serve = k.launch.serverCommands()[0]->render();
        QVERIFY2(endsWith(serve, " --max-num-batched-tokens 8192 --served-model-name 'kimi k2'"), serve.c_str());
        QCOMPARE(wordCount(serve, "--port"), 0);
        QVERIFY(std::find(k.notes.begin(), k.notes.end(),
                    "pass-through --port left out: the manifests' Service and probes decide where vLLM listens")
            != k.notes.end());
        QVERIFY(k.yaml().find("--served-model-name") != std::string::npos);
    }

    // A negated switch is checked by its option's name: --no-enable-prefix-caching is
    // --enable-prefix-caching's BooleanOptionalAction negation (the flag tables list the option once).
    void negatedSwitchExports()
    {
        Plan p = plan(1);
        p.prefixCaching = PrefixCaching::Off;
        const ExportResult r = exportPlan("qwen3-8b", "h100-sxm", p);
        QVERIFY2(r.ok, r.message().c_str());
        QVERIFY(endsWith(r.serverCommands()[0]->render(), " --no-enable-prefix-caching"));
    }

    // Untrusted input: control characters, options vLLM does not have, stray values, too many.
    void passThroughRefusals()
    {
        const std::string imported = refusal("vllm serve Qwen/Qwen3-8B --served-model-name \"a\nb\"");
        QVERIFY2(imported.find("--served-model-name: its value is longer than 4096 bytes or holds control characters")
                != std::string::npos,
            imported.c_str());
        QVERIFY(imported.find('\n') == std::string::npos);
        const auto wordsRefusal = [](const Strings &words) {
            try {
                (void)vllmExtraArgsFromWords(words);
            } catch (const InputError &e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QCOMPARE(wordsRefusal({ "--served-model-name", "a\tb" }),
            std::string("vllm_extra_args: --served-model-name: its value is longer than 4096 bytes or holds control "
                        "characters (newlines, tabs)"));
        QCOMPARE(wordsRefusal({ "--served-model-name\n" }),
            std::string("vllm_extra_args: \"--served-model-name\\n\" is longer than 4096 bytes or holds control "
                        "characters"));
        QCOMPARE(wordsRefusal({ "--rm-rf" }), std::string("vllm_extra_args: --rm-rf is not a vllm serve option"));
        QCOMPARE(wordsRefusal({ "kimi_k2" }),
            std::string("vllm_extra_args: \"kimi_k2\" is not an option (a value follows its flag: "
                        "\"--tool-call-parser\", \"kimi_k2\")"));
        Strings many;
        for (int i = 0; i < 65; ++i)
            many.push_back("--enable-auto-tool-choice");
        QCOMPARE(wordsRefusal(many), std::string("vllm_extra_args: more than 64 options"));
        // Set directly (the window): a refusal, never a command holding the newline.
        ExportOptions o;
        o.vllmExtraArgs = { { "--served-model-name", "a\nb" } };
        const ExportResult r = exportPlan("qwen3-8b", "h100-sxm", plan(1), o);
        QVERIFY(!r.ok);
        QCOMPARE(r.refusalCode, std::string("options"));
        QVERIFY(r.message().find('\n') == std::string::npos);
        // A plan file's list: strings, one line each.
        try {
            (void)planFileFromJsonText(R"({"plan": {"tp": 1}, "vllm_extra_args": ["--served-model-name", 3]})");
            QFAIL("a number in vllm_extra_args was read");
        } catch (const InputError &e) {
            QCOMPARE(std::string(e.what()), std::string("\"vllm_extra_args\" must be an array of strings"));
        }
    }

    // A pass-through option newer than the plan's --vllm-version is refused naming the release that has it:
    // --enable-per-request-metrics is in the 0.28 table (vllmflags028.cpp) and not in the 0.24 one.
    void passThroughFlagRelease()
    {
        ExportOptions o;
        o.vllmExtraArgs = { { "--enable-per-request-metrics", std::nullopt } };
        Plan p = plan(1);
        p.vllmVersion = VllmVersion { 0, 24, 0 };
        const ExportResult old = exportPlan("qwen3-8b", "h100-sxm", p, o);
        QVERIFY(!old.ok);
        QCOMPARE(old.refusalCode, std::string("flag_release"));
        QVERIFY2(old.message().find("--enable-per-request-metrics first appears in vLLM 0.28: the plan's "
                                    "--vllm-version 0.24.0 does not know it")
                != std::string::npos,
            old.message().c_str());
        p.vllmVersion = VllmVersion { 0, 28, 0 };
        const ExportResult now = exportPlan("qwen3-8b", "h100-sxm", p, o);
        QVERIFY2(now.ok, now.message().c_str());
        QVERIFY(endsWith(now.serverCommands()[0]->render(), " --enable-per-request-metrics"));
    }

    // The Kimi-K3 preset: vLLM registers its config (kimi_k3) but its tokenizer is the repo's own code, so the
    // export writes --trust-remote-code (presets/models/kimi-k3.json cites the recipe and vLLM's loader).
    void kimiK3TrustRemoteCode()
    {
        const ModelSpec m = presetModel("kimi-k3");
        QVERIFY(m.trustRemoteCode);
        Plan p = plan(8);
        p.maxModelLen = 8192;
        ExportOptions o;
        o.force = true; // the flags are the point here, not the fit
        const ExportResult r = exportLaunch(evaluate(p, m, presetGpu("b300")), m, o);
        QVERIFY2(r.ok, r.message().c_str());
        QCOMPARE(wordCount(r.serverCommands()[0]->render(), "--trust-remote-code"), 1);
        QVERIFY(!presetModel("qwen3-8b").trustRemoteCode);
    }

    void json()
    {
        const nlohmann::json j
            = importToJson(importLaunchCommand("vllm serve meta-llama/Llama-3.1-70B -tp 4 --bogus 1"));
        QCOMPARE(j["schema"].get<std::string>(), std::string("shardscope.import/1"));
        QCOMPARE(j["model"].get<std::string>(), std::string("meta-llama/Llama-3.1-70B"));
        QCOMPARE(j["plan"]["tp"].get<int>(), 4);
        QCOMPARE(j["unknown_flags"][0].get<std::string>(), std::string("--bogus 1"));
        QVERIFY(j["launch"]["nodes"].is_null());
    }
};

QTEST_APPLESS_MAIN(TestVllmImport)
#include "tst_vllmimport.moc"
