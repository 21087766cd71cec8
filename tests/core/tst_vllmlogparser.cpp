// The vLLM startup-log parser on real excerpts from public issues, one per version regime, and on
// hostile input. Sources (GitHub, repo#issue) are named next to each case; the expected values are
// the numbers printed in those excerpts.
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/vllmlogparser.h"
#include "vllmlogs.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace shardscope;

namespace {
constexpr double GiB = 1073741824.0;

bool near(double bytes, double gib)
{
    return std::fabs(bytes / GiB - gib) < 1e-6;
}
} // namespace

class TestVllmLogParser : public QObject
{
    Q_OBJECT
private slots:
    void versions()
    {
        QCOMPARE(parseVllmVersion("0.11.0"), std::optional<VllmVersion>(VllmVersion { 0, 11, 0 }));
        QCOMPARE(parseVllmVersion("v0.10.1.dev238+ge2c6e0a82"), std::optional<VllmVersion>(VllmVersion { 0, 10, 1 }));
        QCOMPARE(parseVllmVersion("0.8"), std::optional<VllmVersion>(VllmVersion { 0, 8, 0 }));
        QVERIFY(!parseVllmVersion("eleven"));
        QVERIFY(!parseVllmVersion("0"));
        QVERIFY(!parseVllmVersion("0.0.0"));
        QVERIFY(!parseVllmVersion("0.123456.1"));
        // Regimes (docs/DESIGN.md §B.1): V0 before 0.8; graphs subtracted and util 0.92 from 0.21.
        QVERIFY(vllmEngine({ 0, 7, 3 }) == VllmEngine::V0);
        QVERIFY(vllmEngine({ 0, 8, 0 }) == VllmEngine::V1);
        QVERIFY(!subtractsCudaGraphs({ 0, 20, 2 }));
        QVERIFY(subtractsCudaGraphs({ 0, 21, 0 }));
        QCOMPARE(defaultGpuMemoryUtilization({ 0, 11, 0 }), 0.9);
        QCOMPARE(defaultGpuMemoryUtilization({}), 0.92); // unset = newest known (0.21)
    }

    // vllm-project/vllm#10517 (V0, ~0.6.4, RTX 3090): one-line profiling summary, "# GPU blocks", refusal.
    void v0OneLineSummary()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v0-llama31-8b-rtx3090-29k.log"));
        QVERIFY(log.recognised());
        QVERIFY(log.engine == LogEngine::V0);
        QCOMPARE(log.workers.size(), size_t(1));
        QVERIFY(near(log.workers[0].weightsBytes, 14.9888)); // "GB" in V0 logs is x / 2**30
        QVERIFY(near(*log.workers[0].availableKvBytes, 2.89));
        QVERIFY(near(log.workers[0].nonTorchBytes, 0.35));
        QVERIFY(near(log.workers[0].activationBytes, 17.98 - 14.9888)); // peak_torch_memory includes the weights
        QVERIFY(near(log.totalBytes(), 23.58));
        QCOMPARE(*log.gpuMemoryUtilization, 0.90);
        QCOMPARE(*log.gpuBlocks, qint64(1478));
        QCOMPARE(*log.cpuBlocks, qint64(2048));
        QCOMPARE(*log.concurrencyLen, qint64(29000));
        QCOMPARE(*log.maxConcurrency, 0.82);
        QCOMPARE(*log.kvTokens, qint64(23648)); // from the refusal: 1478 blocks x 16
        QCOMPARE(log.failures.size(), size_t(1));
        QVERIFY(log.failures[0].find("larger than the maximum number of tokens") != std::string::npos);
        QVERIFY(!log.version);
        QCOMPARE(log.effectiveVersion(), (VllmVersion { 0, 6, 0 }));
    }

    // vllm-project/vllm#16570 (V0, 0.8.3, 4 x A100 40GB): per-worker summaries that differ in non-torch.
    void v0PerWorker()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v0-qwen25vl-72b-a100-tp4.log"));
        QVERIFY(log.engine == LogEngine::V0);
        QCOMPARE(log.workers.size(), size_t(3)); // two helper processes (by pid) and the driver
        QCOMPARE(*log.gpuMemoryUtilization, 0.95);
        for (const ObservedWorker &w : log.workers) {
            QVERIFY(near(w.weightsBytes, 34.43));
            QVERIFY(near(w.activationBytes, 2.51));
            QVERIFY(near(w.totalBytes, 39.38));
            QVERIFY(near(w.requestedBytes, 37.41));
        }
        QVERIFY(near(*log.minAvailableKvBytes(), 0.04)); // the driver (non-torch 0.43) binds
        QVERIFY(near(log.bindingWorker()->nonTorchBytes, 0.43));
    }

    // vllm-project/vllm#10511 (V0, 0.6.5 development, H100): the multi-line table format.
    void v0Table()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v0-llama3-8b-h100-table.log"));
        QVERIFY(log.recognised());
        QCOMPARE(log.workers.size(), size_t(1));
        const ObservedWorker &w = log.workers[0];
        QVERIFY(near(w.totalBytes, 79.22));
        QVERIFY(near(w.weightsBytes, 14.96));
        QVERIFY(near(w.nonTorchBytes, 1.79));
        QVERIFY(near(w.activationBytes, 1.26));
        QVERIFY(near(*w.availableKvBytes, 53.29));
        QVERIFY(near(w.requestedBytes, 71.29));
        QCOMPARE(*log.gpuMemoryUtilization, 0.90);
    }

    // vllm-project/vllm#3120 (V0, early 2024): weights in MB, config line with max_seq_len.
    void v0Megabytes()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v0-opt-125m-mb.log"));
        QCOMPARE(log.model, std::string("facebook/opt-125m"));
        QCOMPARE(*log.tp, 1);
        QCOMPARE(*log.maxModelLen, qint64(2048));
        QCOMPARE(*log.enforceEager, false);
        QCOMPARE(*log.kvCacheDtype, std::string("auto"));
        QVERIFY(std::fabs(log.workers[0].weightsBytes - 244.61 * 1048576.0) < 1);
        QCOMPARE(*log.gpuBlocks, qint64(76240));
        QCOMPARE(*log.cpuBlocks, qint64(7281));
    }

    // vllm-project/vllm#17469 (V1, 0.8.5, 4 GPUs): docker prefixes, "VllmWorker rank=N".
    void v1Ranks()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-qwen3-30b-a3b-tp4-v085.log"));
        QVERIFY(log.engine == LogEngine::V1);
        QCOMPARE(log.workers.size(), size_t(4));
        QCOMPARE(log.workers[1].rank, 2); // second line printed is rank 2
        for (const ObservedWorker &w : log.workers)
            QVERIFY(near(w.weightsBytes, 14.2474));
    }

    // LMCache/LMCache#1739 (V1, ~0.10/0.11): Available KV, tokens with thousands separators.
    void v1KvLines()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-qwen3-14b-v011.log"));
        QVERIFY(log.engine == LogEngine::V1);
        QVERIFY(near(*log.minAvailableKvBytes(), 6.51));
        QCOMPARE(*log.kvTokens, qint64(42656));
        QCOMPARE(*log.concurrencyLen, qint64(32768));
        QCOMPARE(*log.maxConcurrency, 1.30);
        QCOMPARE(log.workers[0].label, std::string("EngineCore_DP0"));
        QCOMPARE(log.workers[0].rank, 0);
        QCOMPARE(log.effectiveVersion(), (VllmVersion { 0, 10, 0 })); // not printed: V1 before 0.21
    }

    // vllm-project/vllm#23278 (V1, 0.10.1, H100): negative available KV, the engine fails.
    void v1NegativeAvailable()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-gpt-oss-120b-h100-v0101-fail.log"));
        QVERIFY(near(log.workers[0].weightsBytes, 65.9651));
        QVERIFY(near(*log.minAvailableKvBytes(), -2.14));
        QVERIFY(!log.kvTokens);
    }

    // vllm-project/vllm#33155 (V1, 0.14.1): colour codes pasted as "^[[0;36m", "GiB memory" wording.
    void v1AnsiAndNewWording()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-gpt-oss-120b-h100-v0141-ansi.log"));
        QCOMPARE(log.workers.size(), size_t(1));
        QCOMPARE(log.workers[0].label, std::string("EngineCore_DP0"));
        QVERIFY(near(log.workers[0].weightsBytes, 64.38));
        QVERIFY(log.loadingMemoryWording);
        QCOMPARE(log.model, std::string("openai/gpt-oss-120b"));
        QCOMPARE(log.effectiveVersion(), kLoadingMemoryWording);
        const ParsedVllmLog real
            = parseVllmLog("\x1b[0;36m(EngineCore_DP0 pid=1)\x1b[0;0m INFO Available KV cache memory: 3.50 GiB\n");
        QVERIFY(near(*real.minAvailableKvBytes(), 3.5));
    }

    // vllm-project/vllm#13596 (V1, 0.7.3): "# GPU blocks: N" then "GPU KV cache size: N tokens".
    void v1TokenFormats()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-tokens-format-pr13596.log"));
        QCOMPARE(*log.gpuBlocks, qint64(127626));
        QCOMPARE(*log.kvTokens, qint64(2042016)); // 127,626 x 16
        QCOMPARE(*log.concurrencyLen, qint64(2048));
        QCOMPARE(*log.maxConcurrency, 997.08);
    }

    // 0.10.2 prints "GPU KV cache size" once per worker, and vLLM then shrinks every worker to the smallest
    // block count (vllm/v1/core/kv_cache_utils.py, get_kv_cache_configs): the smallest line is the
    // engine's capacity, whichever worker printed last.
    void perWorkerCapacityKeepsTheSmallest()
    {
        const ParsedVllmLog log
            = parseVllmLog("(Worker_TP0 pid=1) INFO GPU KV cache size: 237,344 tokens\n"
                           "(Worker_TP0 pid=1) INFO Maximum concurrency for 32,768 tokens per request: 7.24x\n"
                           "(Worker_TP1 pid=2) INFO GPU KV cache size: 237,520 tokens\n"
                           "(Worker_TP1 pid=2) INFO Maximum concurrency for 32,768 tokens per request: 7.25x\n");
        QCOMPARE(*log.kvTokens, qint64(237344));
        QCOMPARE(*log.maxConcurrency, 7.24);
    }

    // FP4 weights through Marlin (vllm/model_executor/layers/quantization/utils/marlin_utils_fp4.py, the warning
    // vllm#23278's H100 printed), or the arguments' moe_backend.
    void marlinExperts()
    {
        QVERIFY(!parseVllmLog("INFO Model loading took 14.2488 GiB\n").moeBackendMarlin);
        QCOMPARE(parseVllmLog("(EngineCore_0 pid=5839) WARNING 08-20 18:04:08 [marlin_utils_fp4.py:196] Your GPU does "
                              "not have native support for FP4 computation but FP4 quantization is being used. "
                              "Weight-only FP4 compression will be used leveraging the Marlin kernel. This may "
                              "degrade performance for compute-heavy workloads.\n")
                     .moeBackendMarlin,
            std::optional<bool>(true));
        QCOMPARE(parseVllmLog("INFO 03-20 10:00:00 [utils.py:233] non-default args: {'model': 'openai/gpt-oss-120b', "
                              "'moe_backend': 'marlin'}\n")
                     .moeBackendMarlin,
            std::optional<bool>(true));
    }

    // Which path V1's top-k/top-p sampler took (vllm/v1/sample/ops/topk_topp_sampler.py, TopKTopPSampler):
    // FlashInfer's kernel, or one of the notices that fall back to the PyTorch-native sort.
    void samplerPath()
    {
        QVERIFY(!parseVllmLog("INFO Model loading took 14.2488 GiB\n").flashinferSampler);
        QCOMPARE(parseVllmLog("(EngineCore_0 pid=1812) INFO 09-04 01:02:57 [topk_topp_sampler.py:50] Using FlashInfer "
                              "for top-p & top-k sampling.\n")
                     .flashinferSampler,
            std::optional<bool>(true));
        QCOMPARE(parseVllmLog("WARNING [topk_topp_sampler.py:66] FlashInfer is not available. Falling back to the "
                              "PyTorch-native implementation of top-p & top-k sampling. For the best performance, "
                              "please install FlashInfer.\n")
                     .flashinferSampler,
            std::optional<bool>(false));
    }

    // Custom all-reduce off: the argument (disable_custom_all_reduce=True in the engine's config line) or
    // vLLM's own notice (vllm/distributed/device_communicators/custom_all_reduce.py, CustomAllreduce.__init__;
    // the lines as tim-roethig/ai-platform's 0.10.2 L40S log and dennislee22's 0.10.1.1 logs print them).
    void customAllReduceOff()
    {
        QVERIFY(!parseVllmLog("INFO Model loading took 14.2488 GiB\n").disableCustomAllReduce);
        QCOMPARE(parseVllmLog("INFO 09-24 20:45:58 [core.py:76] Initializing a V1 LLM engine (v0.10.2) with config: "
                              "model='m', tensor_parallel_size=2, disable_custom_all_reduce=False, "
                              "enforce_eager=False\n")
                     .disableCustomAllReduce,
            std::optional<bool>(false));
        QCOMPARE(parseVllmLog("INFO [core.py:76] Initializing a V1 LLM engine (v0.10.2) with config: model='m', "
                              "disable_custom_all_reduce=True, enforce_eager=False\n")
                     .disableCustomAllReduce,
            std::optional<bool>(true));
        // The arguments say False, vLLM gives up on it anyway: off.
        QCOMPARE(parseVllmLog("INFO [core.py:76] Initializing a V1 LLM engine (v0.10.2) with config: model='m', "
                              "disable_custom_all_reduce=False\n"
                              "WARNING 09-24 20:46:11 [custom_all_reduce.py:144] Custom allreduce is disabled because "
                              "it's not supported on more than two PCIe-only GPUs. To silence this warning, specify "
                              "disable_custom_all_reduce=True explicitly.\n")
                     .disableCustomAllReduce,
            std::optional<bool>(true));
        QCOMPARE(parseVllmLog("WARNING [custom_all_reduce.py:85] Custom allreduce is disabled because this process "
                              "group spans across nodes.\n"
                              "INFO [core.py:76] Initializing a V1 LLM engine (v0.10.1.1) with config: model='m', "
                              "disable_custom_all_reduce=False\n")
                     .disableCustomAllReduce,
            std::optional<bool>(true));
    }

    // run-ai/runai-model-streamer#67 (V1, ~0.9): captured CUDA-graph pool, num_gpu_blocks.
    void v1Graphs()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v1-runai-graphs.log"));
        QCOMPARE(*log.kvTokens, qint64(1131008));
        QCOMPARE(*log.gpuBlocks, qint64(70688)); // x 16 = 1,131,008
        QCOMPARE(*log.maxConcurrency, 8.63);
        QVERIFY(near(log.workers[0].cudaGraphBytes, 0.45));
    }

    // noonghunna/club-3090#127 (>= 0.21, 4 x RTX 3090): CUDA-graph profiling notice, Worker_TPn prefixes.
    void v021CudaGraphProfiling()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v021-rtx3090-tp4-cudagraph.log"));
        QVERIFY(log.cudaGraphProfiling);
        QCOMPARE(*log.gpuMemoryUtilization, 0.92);
        QCOMPARE(log.effectiveVersion(), kCudaGraphProfiling);
        QCOMPARE(log.workers.size(), size_t(2)); // TP3 printed only the notice, no memory line
        QCOMPARE(log.workers[0].tpRank, 1);
        QVERIFY(near(log.workers[0].cudaGraphBytes, 0.17));
        QVERIFY(near(*log.minAvailableKvBytes(), 15.72));
        // 0.92 - 0.9129 = 0.0071 of 23.58 GiB = 0.167 GiB, the printed 0.17 GiB graph estimate.
        QVERIFY(std::fabs((0.92 - 0.9129) * 23.58 - 0.17) < 0.005);
    }

    // noonghunna/club-3090#612 (V1, 0.24.0): non-default args and the engine's version line.
    void v024Args()
    {
        const ParsedVllmLog log = parseVllmLog(vllmLogExcerpt("v024-qwen36-35b-rtx5090.log"));
        QCOMPARE(*log.version, (VllmVersion { 0, 24, 0 }));
        QCOMPARE(*log.maxModelLen, qint64(131072));
        QCOMPARE(*log.kvCacheDtype, std::string("fp8"));
        QCOMPARE(*log.maxNumSeqs, qint64(1));
        QCOMPARE(*log.maxNumBatchedTokens, qint64(8192));
        QCOMPARE(*log.quantization, std::string("modelopt"));
        QCOMPARE(log.model, std::string("~/.cache/huggingface/qwen3.6-35b-a3b-nvfp4"));
        QCOMPARE(*log.kvTokens, qint64(567978));
        QCOMPARE(*log.maxConcurrency, 4.33);
    }

    // The multimodal arguments, in the form the API server prints its non-default args (club-3090#1087's line,
    // other keys): --limit-mm-per-prompt with image and video both 0 is text-only serving as vLLM treats it
    // (MultiModalConfig: no modality, no tower under _mark_tower_model, no encoder pass), like
    // --language-model-only; any other limit is not. The plan built from the log takes them.
    void multimodalArgs()
    {
        const auto args = [](const char *dict) {
            return parseVllmLog(std::string("(APIServer pid=1) INFO 08-22 04:39:00 [api_utils.py:273] non-default "
                                            "args: {'model_tag': 'Qwen/Qwen3.6-27B', 'tensor_parallel_size': 2, ")
                + dict + ", 'max_num_seqs': 2}\n");
        };
        QCOMPARE(args("'limit_mm_per_prompt': {'image': 0, 'video': 0}").languageModelOnly, std::optional<bool>(true));
        QCOMPARE(args("'limit_mm_per_prompt': {'image': 0}").languageModelOnly, std::optional<bool>(false));
        QCOMPARE(
            args("'limit_mm_per_prompt': {'image': 10, 'video': 0}").languageModelOnly, std::optional<bool>(false));
        QCOMPARE(args("'limit_mm_per_prompt': {'image': {'count': 0}, 'video': {'count': 0}}").languageModelOnly,
            std::optional<bool>(true));
        QCOMPARE(args("'language_model_only': True").languageModelOnly, std::optional<bool>(true));
        QVERIFY(!args("'enforce_eager': True").languageModelOnly.has_value());
        const ParsedVllmLog log = args("'skip_mm_profiling': True, 'mm_encoder_tp_mode': 'data'");
        QCOMPARE(log.skipMmProfiling, std::optional<bool>(true));
        QCOMPARE(log.mmEncoderTpData, std::optional<bool>(true));
        const Plan p = planFromLog(
            Plan {}, args("'limit_mm_per_prompt': {'image': 0, 'video': 0}, 'skip_mm_profiling': True"), {});
        QVERIFY(p.languageModelOnly && p.skipMmProfiling && !p.mmEncoderTpData);
        // A plan setting given by the user wins over the log's.
        QVERIFY(!planFromLog(Plan {}, log, { "skip_mm_profiling" }).skipMmProfiling);
    }

    // vllm-project/vllm#44376 (0.22): the "one max-length request does not fit" refusal.
    // vllm-project/vllm#51454 (0.25.0): banner version and model, data parallel args.
    void newerFailureAndBanner()
    {
        const ParsedVllmLog fail = parseVllmLog(vllmLogExcerpt("v022-deepseek-v4-tp2-fail.log"));
        QCOMPARE(fail.failures.size(), size_t(1));
        QVERIFY(fail.failures[0].rfind("ValueError: To serve at least one request", 0) == 0);
        const ParsedVllmLog banner = parseVllmLog(vllmLogExcerpt("v025-deepseek-v4-dp8-banner.log"));
        QCOMPARE(*banner.version, (VllmVersion { 0, 25, 0 }));
        QCOMPARE(*banner.dp, 8);
        QCOMPARE(*banner.blockSize, qint64(256));
        QCOMPARE(*banner.gpuMemoryUtilization, 0.95);
        QVERIFY(banner.model.find("DeepSeek-V4-Flash-0731") != std::string::npos);
        QVERIFY(!banner.recognised()); // configuration only, no memory lines
    }

    // Untrusted input: garbage, truncation, enormous input and binary never crash and say what happened.
    void hostileInput()
    {
        QVERIFY(!parseVllmLog("").recognised());
        QVERIFY(!parseVllmLog("hello world\nnot a log\n").recognised());
        // Truncated mid-number and mid-line: a value without its unit is not taken.
        QVERIFY(!parseVllmLog("INFO Available KV cache memory: 6.").recognised());
        QVERIFY(near(*parseVllmLog("INFO Available KV cache memory: 6.5 GiB").minAvailableKvBytes(), 6.5));
        QVERIFY(!parseVllmLog("INFO Available KV cache memory: ").recognised());
        QVERIFY(!parseVllmLog("GPU KV cache size: ,,, tokens").recognised());
        QVERIFY(!parseVllmLog("Model loading took 1e999 GiB").recognised());
        QVERIFY(!parseVllmLog("Model loading took 99999999999999999999999999999 GiB").recognised());
        // Random bytes.
        std::mt19937 rng(7);
        std::string noise(1 << 20, '\0');
        for (char &c : noise)
            c = static_cast<char>(rng() & 0xff);
        (void)parseVllmLog(noise);
        // Enormous: past the cap the rest is not read, and the parser says so.
        std::string big(kMaxVllmLogBytes + 100, 'x');
        big.replace(10, 1, "\n");
        const ParsedVllmLog capped = parseVllmLog(big);
        QVERIFY(capped.truncated);
        QVERIFY(!capped.notes.empty());
        // One overlong line holding a real value at its start.
        std::string longLine = "Available KV cache memory: 2.00 GiB " + std::string(kMaxVllmLogLineBytes * 2, 'y');
        const ParsedVllmLog ll = parseVllmLog(longLine);
        QVERIFY(near(*ll.minAvailableKvBytes(), 2.0));
        QVERIFY(!ll.notes.empty());
        // Prefix without a closing parenthesis, absurd ranks.
        (void)parseVllmLog("(VllmWorker rank=99999999999 pid=1 INFO Model loading took 1 GiB");
        (void)parseVllmLog("(Worker_TP99999999999999_PP-1 pid=) Available KV cache memory: 1 GiB");
    }
};

QTEST_GUILESS_MAIN(TestVllmLogParser)
#include "tst_vllmlogparser.moc"
