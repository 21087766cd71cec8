#include "core/evaluate/ncclnvls.h"
#include "core/evaluate/overheads.h"
#include "core/explain/memoryterms.h"
#include "tests/common/testutils.h"

#include <QTest>

using namespace shardscope;

// NCCL's NVLS buffers (core/evaluate/ncclnvls.h), each figure worked out by hand from NCCL's nvls.cc at the
// tag the release's torch bundled, or printed by NCCL in vllm#9699.
class TestNcclNvls : public QObject
{
    Q_OBJECT
private slots:
    void byNcclRelease()
    {
        constexpr double MiB = 1024.0 * 1024.0;
        const GpuSpec h100 = presetGpu("h100-sxm");
        QVERIFY(nvlsCapable(h100));
        // vLLM 0.10.0 (torch 2.7.1, NCCL 2.26.2): 16 channels x 2 x (8 steps x 128 KiB) x 8 heads = 256 MiB,
        // + 64 B x 16 x 2 x 8 of credits rounded to 2 MiB = 258 MiB per communicator, two: 516 MiB.
        QCOMPARE(nvlsBufferBytes(h100, 8, { 0, 10, 0 }), 516 * MiB);
        // TP 4: 128 + 2 = 130 MiB, two: 260 MiB. TP 2 and TP 1: NCCL has no NVLS (gpuCount <= 2).
        QCOMPARE(nvlsBufferBytes(h100, 4, { 0, 10, 0 }), 260 * MiB);
        QCOMPARE(nvlsBufferBytes(h100, 2, { 0, 10, 0 }), 0.0);
        QCOMPARE(nvlsBufferBytes(h100, 1, { 0, 10, 0 }), 0.0);
        // vLLM 0.8.5 (torch 2.6, NCCL 2.21.5): 24 channels x 2 x (1 MiB + 2 MiB) x 8 = 1,152 MiB, two: 2,304 MiB.
        QCOMPARE(nvlsBufferBytes(h100, 8, { 0, 8, 5 }), 2304 * MiB);
        // vLLM 0.6.3 (torch 2.4, NCCL 2.20.5): NCCL printed nvlsTotalSize 2,415,919,104 on 8 x H200 (vllm#9699).
        QCOMPARE(nvlsBufferBytes(presetGpu("h200"), 8, { 0, 6, 3 }), 2 * 2415919104.0);
        // B200 (SM100): 32 channels: 512 + 2 MiB, two: 1,028 MiB.
        QCOMPARE(nvlsBufferBytes(presetGpu("b200"), 8, { 0, 10, 0 }), 1028 * MiB);
        // From 0.18 the fitted forward increase holds it (profilerun.h).
        QCOMPARE(nvlsBufferBytes(h100, 8, { 0, 18, 0 }), 0.0);
    }

    // No multicast: A100's NVSwitch is SM80, the H100 PCIe's NVLink is a bridge, L40S and MI300X have none.
    void onlyNvSwitchHopperAndLater()
    {
        for (const char *id : { "a100-80gb", "h100-pcie", "h100-nvl", "l40s", "mi300x" }) {
            QVERIFY2(!nvlsCapable(presetGpu(id)), id);
            QCOMPARE(nvlsBufferBytes(presetGpu(id), 8, { 0, 10, 0 }), 0.0);
        }
        QVERIFY(nvlsCapable(presetGpu("h200")));
    }

    // In the plan: Qwen3-32B at TP 8 on one 8 x H100 node, vLLM 0.10.0: non-torch = 0.55 GiB (overheads.h, TP >= 2
    // with custom all-reduce) + 516 MiB; on A100 the 0.55 GiB alone.
    void inThePlan()
    {
        constexpr double MiB = 1024.0 * 1024.0;
        Plan p = makePlan("qwen3-32b", "h100-sxm", 8);
        p.vllmVersion = { 0, 10, 0 };
        p.maxModelLen = 8192;
        const EvaluatedPlan h = evaluatePlan(p, presetModel("qwen3-32b"), presetGpu("h100-sxm"));
        QVERIFY(h.evaluation.valid);
        QCOMPARE(h.evaluation.ranks.front().memory.nonTorch, nonTorchBytes(8) + 516 * MiB);
        p.gpuId = "a100-80gb";
        const EvaluatedPlan a = evaluatePlan(p, presetModel("qwen3-32b"), presetGpu("a100-80gb"));
        QCOMPARE(a.evaluation.ranks.front().memory.nonTorch, nonTorchBytes(8));
        // Show your work names the part and its size.
        for (const MemoryTerm &t : memoryTerms(h, 0))
            if (t.key == "non_torch") {
                QVERIFY2(t.assumption().find("of it 516") != std::string::npos, t.assumption().c_str());
                QVERIFY2(t.assumption().find("NVLink SHARP") != std::string::npos, t.assumption().c_str());
            }
        for (const MemoryTerm &t : memoryTerms(a, 0))
            if (t.key == "non_torch")
                QVERIFY(t.assumption().find("NVLink SHARP") == std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestNcclNvls)
#include "tst_ncclnvls.moc"
