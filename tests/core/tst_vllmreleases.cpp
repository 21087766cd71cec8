// The rules that changed from vLLM 0.24 to 0.33 (core/model/vllmversion.h), each against the vLLM source it
// follows. Commits: 0a1c5034 = main at 2026-06-15 (v0.24-dev); 7cfb97e3 = main at 2026-08-20 (just after
// v0.28.0); v0.27.0 tag = 4bdc8a788d2e2ce9165d552b3d4d8b72604626bf; v0.28.0 tag =
// 2cf0a6915ce544dc493a0990f2ea38d81601128a (github.com/vllm-project/vllm).
#include "tests/common/testutils.h"

#include "core/evaluate/batchdefaults.h"
#include "core/evaluate/overheads.h"
#include "core/evaluate/profilerun.h"
#include "core/explain/memoryterms.h"
#include "core/launch/launchexport.h"
#include "core/launch/launchimport.h"
#include "core/launch/vllmflags.h"
#include "core/text/units.h"
#include "core/vllmlog/reconcile.h"
#include "core/vllmlog/vllmlog.h"
#include "core/vllmlog/vllmlogparser.h"

#include <QFile>

#include <cmath>
#include <set>

using namespace shardscope;

namespace {

bool hasIssue(const Evaluation &e, const std::string &code)
{
    for (const PlanIssue &i : e.issues)
        if (i.code == code)
            return true;
    return false;
}

Plan planFor(int tp, VllmVersion v, std::int64_t maxModelLen = 8192)
{
    Plan p;
    p.tp = tp;
    p.maxModelLen = maxModelLen;
    p.vllmVersion = v;
    return p;
}

std::vector<std::string> logLines(const EvaluatedPlan &ep)
{
    std::vector<std::string> out;
    for (const PredictedLogLine &l : predictedVllmLog(ep))
        out.push_back(l.text);
    return out;
}

GpuSpec gpuOf(const char *name, double gib)
{
    GpuSpec g;
    g.id = "test";
    g.name = name;
    g.vendor = "NVIDIA";
    g.memoryBytes = gib * GiB;
    return g;
}

std::set<std::string> flagFile(const char *name)
{
    QFile file(qEnvironmentVariable("SHARDSCOPE_SOURCE_DIR") + QStringLiteral("/tests/core/data/")
        + QString::fromLatin1(name));
    std::set<std::string> out;
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return out;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (!line.isEmpty() && !line.startsWith('#'))
            out.insert(line.toStdString());
    }
    return out;
}

constexpr VllmVersion v(int minor)
{
    return VllmVersion { 0, minor, 0 };
}

} // namespace

class TestVllmReleases : public QObject
{
    Q_OBJECT
private slots:
    void everyReleaseFrom06To033()
    {
        const auto releases = knownVllmReleases();
        QCOMPARE(releases.size(), size_t(33 - 6 + 1));
        QCOMPARE(releases.front(), v(6));
        QCOMPARE(releases.back(), v(33));
        QCOMPARE(resolvedVllmVersion({}), v(33)); // the default is the newest release
        QVERIFY(isKnownVllmRelease({ 0, 32, 1 }));
        QVERIFY(!isKnownVllmRelease(v(34)));
        QVERIFY(!isKnownVllmRelease({ 0, 5, 1 }));
        QCOMPARE(defaultGpuMemoryUtilization({}), 0.92); // vllm/config/cache.py:80 at 7cfb97e3: default=0.92
        // A release outside the list is evaluated with a warning, not refused.
        const Evaluation e = evaluate(planFor(1, v(34)), presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        QVERIFY(e.valid);
        QVERIFY(hasIssue(e, "vllm_version_unknown"));
    }

    // EngineArgs.get_batch_defaults (vllm/engine/arg_utils.py): at the v0.28.0 tag, lines 2582-2591,
    // `if device_memory >= 160 * GiB_bytes:` gives OPENAI_API_SERVER 16384 tokens and 1024 seqs; then
    // `device_memory >= 70 * GiB_bytes and "a100" not in device_name` gives 8192 / 1024; else 2048 / 256. At
    // the v0.27.0 tag (lines 2544-2549) the 70 GiB tier is the top one.
    void batchDefaultsByDeviceMemory_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("gib");
        QTest::addColumn<int>("minor");
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("seqs");
        QTest::newRow("80 GiB H100, 0.33") << "NVIDIA H100 80GB HBM3" << 80.0 << 33 << qint64(8192) << qint64(1024);
        QTest::newRow("141 GiB H200, 0.33") << "NVIDIA H200" << 141.0 << 33 << qint64(8192) << qint64(1024);
        QTest::newRow("180 GiB B200, 0.33") << "NVIDIA B200" << 180.0 << 33 << qint64(16384) << qint64(1024);
        QTest::newRow("180 GiB B200, 0.28") << "NVIDIA B200" << 180.0 << 28 << qint64(16384) << qint64(1024);
        QTest::newRow("180 GiB B200, 0.27") << "NVIDIA B200" << 180.0 << 27 << qint64(8192) << qint64(1024);
        QTest::newRow("80 GiB A100, 0.33") << "NVIDIA A100-SXM4-80GB" << 80.0 << 33 << qint64(2048) << qint64(256);
        QTest::newRow("48 GiB L40S, 0.33") << "NVIDIA L40S" << 48.0 << 33 << qint64(2048) << qint64(256);
    }
    void batchDefaultsByDeviceMemory()
    {
        QFETCH(QString, name);
        QFETCH(double, gib);
        QFETCH(int, minor);
        QFETCH(qint64, tokens);
        QFETCH(qint64, seqs);
        const GpuSpec g = gpuOf(name.toLatin1().constData(), gib);
        const BatchDefaults d = vllmBatchDefaultsFor(g, gib * GiB, v(minor));
        QCOMPARE(qint64(d.maxNumBatchedTokens), tokens);
        QCOMPARE(qint64(d.maxNumSeqs), seqs);
    }

    // The same through a whole plan: a plan that leaves them unset gets them resolved.
    void batchDefaultsInAPlan()
    {
        Plan p = planFor(1, v(33), 32768);
        p.gpuMemoryBytes = 180 * GiB;
        const Evaluation e = evaluate(p, presetModel("llama-3.1-8b"), presetGpu("b200"));
        QCOMPARE(e.plan.maxNumBatchedTokens, std::int64_t(16384));
        QCOMPARE(e.plan.maxNumSeqs, std::int64_t(1024));
        p.vllmVersion = v(27);
        QCOMPARE(
            evaluate(p, presetModel("llama-3.1-8b"), presetGpu("b200")).plan.maxNumBatchedTokens, std::int64_t(8192));
    }

    // vllm/v1/core/kv_cache_utils.py update_kv_cache_capacity (#50462, 2026-08-04; 7cfb97e3 lines 1917-1931):
    //   logger.info_once("GPU KV cache size: %s tokens, " "Maximum concurrency for %s tokens per request: %.2fx",
    //                    f"{num_tokens:,}", f"{max_model_len:,}", max_concurrency)
    // Before, two info_once lines inside get_kv_cache_configs (0a1c5034).
    void oneLineCapacityPrinted()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan now { evaluate(planFor(1, v(28)), m, g), m, g };
        const KvSummary &kv = now.evaluation.kv;
        QVERIFY(kv.capacityTokens > 100000);
        char expected[256];
        std::snprintf(expected, sizeof expected,
            "GPU KV cache size: %s tokens, Maximum concurrency for 8,192 tokens per request: %.2fx",
            formatThousands(kv.capacityTokens).c_str(), kv.maxConcurrencyExact);
        const auto lines = logLines(now);
        QVERIFY(std::find(lines.begin(), lines.end(), std::string(expected)) != lines.end());
        for (const std::string &l : lines) // no separate concurrency line any more
            QVERIFY(l.rfind("Maximum concurrency", 0) != 0);

        const EvaluatedPlan before { evaluate(planFor(1, v(27)), m, g), m, g };
        const auto old = logLines(before);
        QVERIFY(
            std::find(old.begin(), old.end(), "GPU KV cache size: " + formatThousands(kv.capacityTokens) + " tokens")
            != old.end());
        std::snprintf(expected, sizeof expected, "Maximum concurrency for 8,192 tokens per request: %.2fx",
            before.evaluation.kv.maxConcurrencyExact);
        QVERIFY(std::find(old.begin(), old.end(), std::string(expected)) != old.end());
    }

    // The parser reads the one-line form (and still the two-line form, tst_vllmlogparser), and infers >= 0.28
    // from it when the log does not print its version.
    void oneLineCapacityParsed()
    {
        const ParsedVllmLog log = parseVllmLog(
            "(EngineCore_DP0 pid=294070) INFO 09-22 01:20:17 [kv_cache_utils.py:1931] GPU KV cache size: 443,628 "
            "tokens, Maximum concurrency for 131,072 tokens per request: 3.38x\n");
        QVERIFY(log.recognised());
        QCOMPARE(log.kvTokens, std::optional<std::int64_t>(443628));
        QCOMPARE(log.concurrencyLen, std::optional<std::int64_t>(131072));
        QVERIFY(log.maxConcurrency && std::abs(*log.maxConcurrency - 3.38) < 1e-9);
        QVERIFY(log.oneLineKvCapacity);
        QCOMPARE(log.effectiveVersion(), kOneLineKvCapacity);

        // Round trip: the predicted 0.33 log parses back to the plan's figures.
        const ModelSpec m = presetModel("qwen3-32b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan ep { evaluate(planFor(2, v(33), 32768), m, g), m, g };
        const ParsedVllmLog back = parseVllmLog(predictedVllmLogText(ep));
        QCOMPARE(back.kvTokens, std::optional<std::int64_t>(ep.evaluation.kv.capacityTokens));
        QCOMPARE(back.concurrencyLen, std::optional<std::int64_t>(32768));
        QVERIFY(back.oneLineKvCapacity);
    }

    // gpu_worker.py compile_or_warm_up_model after #47374 (7cfb97e3 lines 742 and 782-801):
    //   "CUDA graph pool memory: %s GiB (actual), %s GiB (estimated), difference: %s GiB (%.1f%%)."
    //   "Free memory on device (F/T GiB) on startup. Desired GPU memory utilization is (U, R GiB). Actual usage is
    //    X GiB for consumed memory (weights + non-torch), Y GiB for peak activation, and Z GiB for CUDAGraph
    //    memory. Replace gpu_memory_utilization config with `--kv-cache-memory=N` ..."
    void postCaptureLinesParsed()
    {
        const ParsedVllmLog log = parseVllmLog(
            "(Worker_TP0 pid=1159) INFO 09-04 10:58:01 [gpu_model_runner.py:4400] Model loading took 63.5 GiB memory "
            "and 40.1 seconds\n"
            "(Worker_TP0 pid=1159) INFO 09-04 11:00:17 [gpu_worker.py:792] CUDA graph pool memory: 0.25 GiB "
            "(actual), 0.38 GiB (estimated), difference: 0.12 GiB (50.0%).\n"
            "(Worker_TP0 pid=1159) INFO 09-04 11:00:17 [gpu_worker.py:801] Free memory on device (93.83/95.01 GiB) "
            "on startup. Desired GPU memory utilization is (0.91, 86.46 GiB). Actual usage is 64.19 GiB for "
            "consumed memory (weights + non-torch), 4.19 GiB for peak activation, and 0.38 GiB for CUDAGraph "
            "memory. Replace gpu_memory_utilization config with `--kv-cache-memory=18944768082` (17.64 GiB) to fit "
            "into requested memory, or `--kv-cache-memory=25316786176` (23.58 GiB) to fully utilize gpu memory. "
            "Current kv cache memory in use is 18.04 GiB.\n");
        QCOMPARE(log.workers.size(), size_t(1));
        const ObservedWorker &w = log.workers.front();
        QCOMPARE(w.cudaGraphActualBytes, 0.25 * GiB);
        QCOMPARE(w.cudaGraphBytes, 0.38 * GiB); // the estimate, what the budget subtracted
        QCOMPARE(w.consumedBytes, 64.19 * GiB);
        QVERIFY(std::abs(w.nonTorchBytes - (64.19 - 63.5) * GiB) < 1.0); // consumed - weights = 0.69 GiB
        QCOMPARE(w.activationBytes, 4.19 * GiB);
        QVERIFY(log.consumedMemoryWording);
        QCOMPARE(log.effectiveVersion(), kConsumedMemorySummary);
    }

    // reconcile reads the new forms: a log in 0.28+ wording without a version line is dated 0.28 by its
    // one-line capacity, and its figures become the observed column.
    void reconcileNewForms()
    {
        const ParsedVllmLog log = parseVllmLog(
            "(EngineCore_DP0 pid=1) INFO 09-04 10:58:01 [gpu_model_runner.py:4400] Model loading took 14.99 GiB memory "
            "and 5.1 seconds\n"
            "(EngineCore_DP0 pid=1) INFO 09-04 10:58:30 [gpu_worker.py:563] Available KV cache memory: 50.55 GiB\n"
            "(EngineCore_DP0 pid=1) INFO 09-04 10:58:31 [kv_cache_utils.py:1931] GPU KV cache size: 414,112 tokens, "
            "Maximum concurrency for 16,000 tokens per request: 25.88x\n"
            "(EngineCore_DP0 pid=1) INFO 09-04 10:59:01 [gpu_worker.py:742] CUDA graph pool memory: 0.62 GiB "
            "(actual), 0.78 GiB (estimated), difference: 0.16 GiB (25.8%).\n"
            "(EngineCore_DP0 pid=1) INFO 09-04 10:59:01 [gpu_worker.py:801] Free memory on device (78.68/79.18 GiB) on "
            "startup. Desired GPU memory utilization is (0.92, 72.85 GiB). Actual usage is 15.12 GiB for consumed "
            "memory (weights + non-torch), 6.4 GiB for peak activation, and 0.78 GiB for CUDAGraph memory.\n");
        std::vector<std::string> applied;
        Plan base;
        base.maxModelLen = 16000;
        const Plan p = planFromLog(base, log, {}, &applied);
        QCOMPARE(p.vllmVersion, kOneLineKvCapacity);
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const ReconcileResult r = reconcile({ evaluate(p, m, g), m, g }, log);
        const auto observed = [&](const char *key) {
            for (const ReconcileRow &row : r.rows)
                if (row.key == key)
                    return row.observed;
            return std::optional<double>();
        };
        QCOMPARE(observed("kv_tokens"), std::optional<double>(414112));
        QVERIFY(std::abs(*observed("max_concurrency") - 25.88) < 1e-9);
        QVERIFY(std::abs(*observed("available_kv") - 50.55 * GiB) < 1.0);
        QVERIFY(std::abs(*observed("cuda_graph") - 0.78 * GiB) < 1.0); // the estimate the budget subtracted
        QVERIFY(std::abs(*observed("non_torch") - (15.12 - 14.99) * GiB) < 1.0); // consumed - weights
        QVERIFY(std::abs(*observed("activation") - 6.4 * GiB) < 1.0);
    }

    // The printed summary follows the same arithmetic: N = requested - (consumed + peak + graph) - 150 MiB.
    void postCaptureLinesPrinted()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const EvaluatedPlan ep { evaluate(planFor(1, v(33)), m, g), m, g };
        const RankMemory &r = ep.evaluation.ranks.front().memory;
        const double nonKv = r.weights.total() + r.nonTorch + r.activation.total() + r.cudaGraph;
        const auto fit = static_cast<std::int64_t>(std::floor(r.requested - nonKv - 150.0 * 1024 * 1024));
        const auto lines = logLines(ep);
        const auto summary = std::find_if(
            lines.begin(), lines.end(), [](const std::string &l) { return l.rfind("Free memory on device", 0) == 0; });
        QVERIFY(summary != lines.end());
        QVERIFY(summary->find("GiB for consumed memory (weights + non-torch)") != std::string::npos);
        QVERIFY(summary->find("`--kv-cache-memory=" + std::to_string(fit) + "`") != std::string::npos);
        QVERIFY(std::any_of(lines.begin(), lines.end(),
            [](const std::string &l) { return l.rfind("CUDA graph pool memory: ", 0) == 0; }));
        // 0.25 logged the summary at DEBUG only: nothing printed.
        const EvaluatedPlan old { evaluate(planFor(1, v(25)), m, g), m, g };
        for (const std::string &l : logLines(old))
            QVERIFY(l.rfind("Free memory on device", 0) != 0);
    }

    // #47272 (2026-08-20): the null block is reserved in the admission check; a request may use num_blocks - 1.
    // A max_model_len of exactly num_blocks x block_size fits in 0.28 and not in 0.29.
    void nullBlockHeldBack()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("rtx-4090");
        Plan p = planFor(1, v(28), 8192);
        p.maxNumBatchedTokens = 2048;
        p.maxNumSeqs = 256;
        const std::int64_t blocks = evaluate(p, m, g).kv.blocks;
        QVERIFY(blocks > 100);
        p.maxModelLen = blocks * 16; // blocks per request = cdiv(len, 16) = blocks
        const Evaluation at28 = evaluate(p, m, g);
        QCOMPARE(at28.kv.blocks, blocks);
        QCOMPARE(at28.kv.blocksPerRequest, blocks);
        QCOMPARE(at28.kv.reservedBlocks, std::int64_t(0));
        QVERIFY(!hasIssue(at28, "no_room_for_request"));
        p.vllmVersion = v(29);
        const Evaluation at29 = evaluate(p, m, g);
        QCOMPARE(at29.kv.blocks, blocks);
        QCOMPARE(at29.kv.reservedBlocks, std::int64_t(1));
        QVERIFY(hasIssue(at29, "no_room_for_request"));
        // The auto-fit holds it back too: floor((budget - 1 block) / block) = blocks - 1 blocks of 16 tokens.
        const auto lines = logLines({ at29, m, g });
        QVERIFY(std::any_of(lines.begin(), lines.end(), [&](const std::string &l) {
            return l.find("the estimated maximum model length is " + std::to_string((blocks - 1) * 16) + ".")
                != std::string::npos;
        }));
        p.maxModelLen -= 16; // one block less: fits again
        QVERIFY(!hasIssue(evaluate(p, m, g), "no_room_for_request"));
    }

    // ParallelConfig (vllm/config/parallel.py at 7cfb97e3, #46570): "PCP does not support data parallelism
    // yet"; with PCP > 1 "valid DCP sizes are {1, pcp, tp*pcp}"; world_size = PP x TP x PCP.
    void pcpValidation_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("pcp");
        QTest::addColumn<int>("dcp");
        QTest::addColumn<QString>("code");
        QTest::newRow("pcp with dp") << 4 << 2 << 2 << 1 << "pcp_dp";
        QTest::newRow("dcp = tp, pcp 2") << 4 << 1 << 2 << 4 << "pcp_dcp";
        QTest::newRow("dcp 3, pcp 2") << 4 << 1 << 2 << 3 << "pcp_dcp";
        QTest::newRow("dcp = pcp") << 4 << 1 << 2 << 2 << "";
        QTest::newRow("dcp = tp x pcp") << 4 << 1 << 2 << 8 << "";
        QTest::newRow("dcp 1") << 4 << 1 << 2 << 1 << "";
    }
    void pcpValidation()
    {
        QFETCH(int, tp);
        QFETCH(int, dp);
        QFETCH(int, pcp);
        QFETCH(int, dcp);
        QFETCH(QString, code);
        Plan p = planFor(tp, v(33), 32768);
        p.dp = dp;
        p.prefillContextParallel = pcp;
        p.decodeContextParallel = dcp;
        const Evaluation e = evaluate(p, presetModel("deepseek-v3"), presetGpu("h200"));
        for (const char *c : { "pcp_dp", "pcp_dcp" })
            QCOMPARE(hasIssue(e, c), code == QLatin1String(c));
        if (code.isEmpty())
            QCOMPARE(e.worldSize, tp * dp * pcp); // 2 x 4 = 8 GPUs for tp 4, pcp 2
    }

    // FullAttentionSpec.max_memory_usage_bytes (vllm/v1/kv_cache_interface.py): at 7cfb97e3 (lines 300-305)
    // max_model_len is divided by DCP only; at 0a1c5034 by DCP x PCP. Llama-3.1-70B, max_model_len 32768,
    // block 16, tp 4, pcp 2: 0.26+ -> cdiv(32768, 16) = 2048 blocks per request; 0.24 -> cdiv(cdiv(32768, 2), 16)
    // = 1024. The pool (blocks) is the same: PCP peers hold the same weights as their TP rank.
    void pcpDoesNotDivideKv()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec g = presetGpu("h100-sxm");
        Plan base = planFor(4, v(33), 32768);
        const Evaluation one = evaluate(base, m, g);
        Plan p = base;
        p.prefillContextParallel = 2;
        const Evaluation now = evaluate(p, m, g);
        QVERIFY(now.valid);
        QCOMPARE(now.worldSize, 8);
        QCOMPARE(now.kv.blocksPerRequest, std::int64_t(2048));
        QCOMPARE(now.kv.blocks, one.kv.blocks);
        QCOMPARE(now.kv.capacityTokens, one.kv.capacityTokens);
        p.vllmVersion = v(24);
        base.vllmVersion = v(24);
        const Evaluation old = evaluate(p, m, g);
        QCOMPARE(old.kv.blocksPerRequest, std::int64_t(1024));
        QCOMPARE(old.kv.blocks, evaluate(base, m, g).kv.blocks);
    }

    // PCP in the launch: --prefill-context-parallel-size on the command, 8 GPUs for tp 4 x pcp 2; with DP it is
    // refused and the nearest plan drops PCP.
    void pcpExported()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec g = presetGpu("h100-sxm");
        Plan p = planFor(4, v(33), 32768);
        p.prefillContextParallel = 2;
        const ExportResult r = exportLaunch(evaluate(p, m, g), m, {});
        QVERIFY2(r.ok, r.message().c_str());
        QVERIFY(r.text().find("--prefill-context-parallel-size 2") != std::string::npos);
        QCOMPARE(r.gpusPerNode, 8);
        p.dp = 2;
        const ExportResult refused = exportLaunch(evaluate(p, m, g), m, {});
        QVERIFY(!refused.ok);
        QCOMPARE(refused.refusalCode, std::string("pcp_dp"));
        QVERIFY2(refused.nearest().find("pcp=1") != std::string::npos, refused.nearest().c_str());
    }

    // #40996 (2026-07-10): DCP with sliding-window and hybrid attention; refused before (0a1c5034).
    // gpt-oss-120b: alternating full and 128-token sliding layers, 8 KV heads, tp 16 > 8, dcp 2 <= 16 / 8.
    void dcpWithSlidingWindow()
    {
        Plan p = planFor(16, v(25), 32768);
        p.decodeContextParallel = 2;
        const ModelSpec m = presetModel("gpt-oss-120b");
        QVERIFY(hasIssue(evaluate(p, m, presetGpu("h100-sxm")), "dcp_sliding"));
        p.vllmVersion = v(26);
        QVERIFY(!hasIssue(evaluate(p, m, presetGpu("h100-sxm")), "dcp_sliding"));
    }

    // reserve_mm_ipc_gpu_memory (vllm/multimodal/gpu_ipc_memory.py:155 at 7cfb97e3, #44465):
    // remaining = available - int(mm_ipc_gpu_memory_gb x GiB_bytes), applied after "Available KV cache memory"
    // is logged, on the --kv-cache-memory-bytes path too.
    void multimodalReserve()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        const Evaluation base = evaluate(planFor(1, v(33)), m, g);
        Plan p = planFor(1, v(33));
        p.mmIpcGpuMemoryGb = 2;
        const Evaluation e = evaluate(p, m, g);
        QCOMPARE(e.kvBudgetBytesPerGpu, base.kvBudgetBytesPerGpu - 2 * GiB);
        p.kvCacheMemoryBytes = 16 * std::int64_t(1) << 30; // 16 GiB fixed
        QCOMPARE(evaluate(p, m, g).kvBudgetBytesPerGpu, 14 * GiB);
        p.kvCacheMemoryBytes = 0;
        p.vllmVersion = v(24); // no such reserve yet: a warning, the budget unchanged
        const Evaluation old = evaluate(p, m, g);
        QVERIFY(hasIssue(old, "mm_ipc_version"));
        QCOMPARE(old.kvBudgetBytesPerGpu, evaluate(planFor(1, v(24)), m, g).kvBudgetBytesPerGpu);
    }

    // gpu_worker.py determine_available_memory: with kv_cache_memory_bytes set, profile_run() still runs, the
    // utilization is ignored and the given bytes are the budget. Llama-3.1-8B BF16, block 16:
    // page = 2 x 16 x 8 heads x 128 x 2 B = 65,536 B per layer x 32 layers = 2 MiB per block;
    // 16 GiB / 2 MiB = 8192 blocks = 131,072 tokens.
    void fixedKvCacheBytes()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        Plan p = planFor(1, v(33));
        p.kvCacheMemoryBytes = std::int64_t(16) << 30;
        const Evaluation e = evaluate(p, m, g);
        QCOMPARE(e.kv.blocks, std::int64_t(8192));
        QCOMPARE(e.kv.capacityTokens, std::int64_t(131072));
        QVERIFY(!e.kv.cudaGraphSubtracted);
        // Exported with the full registered name, never the "--kv-cache-memory" abbreviation.
        const ExportResult r = exportLaunch(e, m, {});
        QVERIFY2(r.ok, r.message().c_str());
        bool found = false;
        for (const LaunchCommand *cmd : r.serverCommands())
            for (const std::string &f : cmd->flags()) {
                QVERIFY(f != "--kv-cache-memory");
                found = found || f == "--kv-cache-memory-bytes";
            }
        QVERIFY(found);
        QVERIFY(r.text().find("--kv-cache-memory-bytes 17179869184") != std::string::npos);
        const auto lines = logLines({ e, m, g });
        QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string &l) {
            return l.find("reserved 16.0 GiB memory for KV Cache as specified by kv_cache_memory_bytes config")
                != std::string::npos;
        }));
        const ParsedVllmLog back = parseVllmLog(predictedVllmLogText({ e, m, g }));
        QCOMPARE(back.kvCacheMemoryBytes, std::optional<double>(16 * GiB));
        // The memory terms say so: nothing is subtracted from the utilization budget.
        for (const MemoryTerm &t : memoryTerms({ e, m, g }, 0))
            QVERIFY2(!t.subtracted, t.key.c_str());
        p.kvCacheMemoryBytes = 0;
        const auto terms = memoryTerms({ evaluate(p, m, g), m, g }, 0);
        QVERIFY(std::any_of(
            terms.begin(), terms.end(), [](const MemoryTerm &t) { return t.key == "weights" && t.subtracted; }));
    }

    // Import reads the new settings; "--kv-cache-memory" (vLLM's own hint in gpu_worker.py) is an argparse
    // abbreviation of --kv-cache-memory-bytes (FlexibleArgumentParser leaves allow_abbrev on,
    // vllm/utils/argparse_utils.py at 7cfb97e3).
    void importReadsNewSettings()
    {
        const ImportedCommand c
            = importLaunchCommand("vllm serve meta-llama/Llama-3.1-8B --kv-cache-memory=17179869184 "
                                  "--prefill-context-parallel-size 2 --mm-ipc-gpu-memory-gb 1.5");
        QCOMPARE(c.plan.kvCacheMemoryBytes, std::int64_t(17179869184));
        QCOMPARE(c.plan.prefillContextParallel, 2);
        QCOMPARE(c.plan.mmIpcGpuMemoryGb, 1.5);
        QVERIFY(c.unknownFlags.empty());
    }

    // gpu_worker.py:529-532 at 7cfb97e3: the graph estimate runs when current_platform.is_cuda_alike() (#48526,
    // 2026-07-15); before, ROCm was left out. A MoE model: dense ones run Model Runner V2 from 0.25.1, whose
    // estimate was 0 on every platform until 0.30 (tst_cudagraphestimate).
    void rocmCudaGraphEstimate()
    {
        const ModelSpec m = presetModel("qwen3-30b-a3b");
        const GpuSpec mi300x = presetGpu("mi300x");
        QVERIFY(isRocmGpu(mi300x));
        QVERIFY(!evaluate(planFor(1, v(25)), m, mi300x).kv.cudaGraphSubtracted);
        QVERIFY(evaluate(planFor(1, v(26)), m, mi300x).kv.cudaGraphSubtracted);
        QVERIFY(evaluate(planFor(1, v(25)), m, presetGpu("h100-sxm")).kv.cudaGraphSubtracted);
    }

    // #50000 (2026-07-30) removed "nnodes > 1 disables custom all-reduce" (present at 0a1c5034): a TP group
    // inside a node keeps it from 0.27. tp 8 x pp 2 on 8-GPU nodes: two nodes, each TP group in one node.
    void customAllReduceAcrossNodes()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec g = presetGpu("h100-sxm");
        Plan p = planFor(8, v(26), 8192);
        p.pp = 2;
        const Evaluation at26 = evaluate(p, m, g);
        QCOMPARE(at26.nodes, 2);
        QCOMPARE(at26.ranks.front().memory.nonTorch, nonTorchBytesAt(8, 2, false, v(26)));
        p.vllmVersion = v(27);
        QCOMPARE(evaluate(p, m, g).ranks.front().memory.nonTorch, nonTorchBytesAt(8, 2, true, v(27)));
        QVERIFY(nonTorchBytesAt(8, 2, true, v(27)) > nonTorchBytesAt(8, 2, false, v(27)));
    }

    // One flag table per source tree read; each is exactly the flag lines of its file.
    void flagTables()
    {
        const auto tables = vllmFlagTables();
        QCOMPARE(tables.size(), size_t(2));
        const std::set<std::string> t024(tables[0].flags.begin(), tables[0].flags.end());
        const std::set<std::string> t028(tables[1].flags.begin(), tables[1].flags.end());
        QCOMPARE(t024.size(), size_t(263));
        QCOMPARE(t028.size(), size_t(287));
        QVERIFY(t024 == flagFile("vllm_flags.txt"));
        QVERIFY(t028 == flagFile("vllm_flags_0.28.txt"));
        QCOMPARE(std::string(tables[0].commit), std::string("0a1c5034f5e4fe736db672010cda33d9d850f87e"));
        QCOMPARE(std::string(tables[1].commit), std::string("7cfb97e33791a348cd5d7b622cca521d82d8399f"));
        QCOMPARE(std::string(vllmFlagTableFor(v(33)).commit), std::string(tables[1].commit));
        QCOMPARE(std::string(vllmFlagTableFor(v(27)).commit), std::string(tables[0].commit));
        QCOMPARE(std::string(vllmFlagTableFor(v(11)).commit), std::string(tables[0].commit));
        // --device-ids: #45026 (2026-06-20), after 0a1c5034, in 7cfb97e3.
        QVERIFY(!vllmKnowsFlag("--device-ids", v(27)));
        QVERIFY(vllmKnowsFlag("--device-ids", v(28)));
        QCOMPARE(vllmFlagIntroducedIn("--device-ids"), std::optional<VllmVersion>(v(28)));
        // --calculate-kv-scales: removed by dd11df04 (#49389, 2026-08-03).
        QVERIFY(vllmKnowsFlag("--calculate-kv-scales", v(24)));
        QVERIFY(!vllmKnowsFlag("--calculate-kv-scales", v(28)));
        QVERIFY(isVllmServeFlag("--calculate-kv-scales")); // import still reads old commands
        QVERIFY(!vllmKnowsFlag("--kv-cache-memory", v(33))); // an abbreviation, not a registered flag
        QVERIFY(vllmKnowsFlag("--kv-cache-memory-bytes", v(24)));
    }

    // A flag only in a newer release is an export error naming that release: --mm-ipc-gpu-memory-gb
    // (#44465, 2026-06-26) is not in the 0a1c5034 table and first appears in 0.25.
    void newerFlagRefusedForOlderRelease()
    {
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec g = presetGpu("h100-sxm");
        Plan p = planFor(1, v(24));
        p.mmIpcGpuMemoryGb = 1;
        const ExportResult old = exportLaunch(evaluate(p, m, g), m, {});
        QVERIFY(!old.ok);
        QCOMPARE(old.refusalCode, std::string("flag_release"));
        QVERIFY2(old.message().find("--mm-ipc-gpu-memory-gb first appears in vLLM 0.25") != std::string::npos,
            old.message().c_str());
        p.vllmVersion = v(25);
        const ExportResult now = exportLaunch(evaluate(p, m, g), m, {});
        QVERIFY2(now.ok, now.message().c_str());
        QCOMPARE(now.vllmCommit, std::string("0a1c5034f5e4fe736db672010cda33d9d850f87e"));
        p.vllmVersion = v(33);
        QCOMPARE(
            exportLaunch(evaluate(p, m, g), m, {}).vllmCommit, std::string("7cfb97e33791a348cd5d7b622cca521d82d8399f"));
    }
};

QTEST_GUILESS_MAIN(TestVllmReleases)
#include "tst_vllmreleases.moc"
