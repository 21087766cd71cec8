// The Markdown plan report: its sections, and figures worked out by hand appearing in them.
#include "core/report/markdownreport.h"
#include "tests/common/testutils.h"

using namespace shardscope;

namespace {

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

#define VERIFY_CONTAINS(text, part) QVERIFY2(contains(text, part), (std::string("missing: ") + (part)).c_str())

Plan tp4pp2()
{
    Plan p;
    p.tp = 4;
    p.pp = 2;
    p.microbatches = 4;
    p.maxModelLen = 32768;
    return p;
}

} // namespace

class TestMarkdownReport : public QObject
{
    Q_OBJECT
private slots:
    void sections()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        ReportOptions o;
        o.generator = "ShardScope test";
        o.placementImage = "placement.png";
        o.launchCommand = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4";
        const std::string md = markdownReport(evaluatePlan(tp4pp2(), m, gpu), o);
        QCOMPARE(md.substr(0, 2), std::string("# "));
        for (const char *h : { "\n## Placement\n", "\n## Memory and KV cache\n", "\n## Communication per step\n",
                 "\n## Time estimates\n", "\n## vLLM command\n", "\n## Issues\n", "\n## Sources\n" })
            VERIFY_CONTAINS(md, h);
        VERIFY_CONTAINS(md, "![Layers × GPUs: which layers each GPU holds, by pipeline stage](placement.png)");
        VERIFY_CONTAINS(md, "```sh\nvllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4\n```");
        // Sections in reading order.
        QVERIFY(md.find("## Placement") < md.find("## Memory and KV cache"));
        QVERIFY(md.find("## Time estimates") < md.find("## vLLM command"));
        QVERIFY(md.find("## Issues") < md.find("## Sources"));
    }

    void placementAndNumbers()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const std::string md = markdownReport(evaluatePlan(tp4pp2(), m, gpu), {});
        // Stage 0: GPUs 0–3, layers 0–39 (80 // 2 = 40); 64 / 4 = 16 query heads and 8 / 4 = 2 KV heads per GPU.
        VERIFY_CONTAINS(md, "| 0 | 0–3 | 0 | 0–39 (40) | 16 | 2 | — | embedding |");
        VERIFY_CONTAINS(md, "| 1 | 4–7 | 0 | 40–79 (40) | 16 | 2 | — | LM head |");
        // One row per GPU: GPU 5 is stage 1, TP rank 1, query heads 16–31, KV heads 2–3, each a range
        // with its count (review item 16: never an index that reads as a count).
        VERIFY_CONTAINS(md, "| 5 | 0 | 1 | 1 | 0 | 0 | 40–79 | heads 16–31 (16) | heads 2–3 (2) |");
        // TP 8: one KV head per GPU, named as a head, not "1" or "2".
        const std::string tp8 = markdownReport(evaluatePlan(makePlan("llama-3.1-70b", "h100-sxm", 8), m, gpu), {});
        VERIFY_CONTAINS(tp8, "| 2 | 0 | 0 | 2 | 0 | 0 | 0–79 | heads 16–23 (8) | head 2 |");
        // KV per token per GPU: 2 × 40 layers × 2 KV heads × 128 × 2 B = 40,960 B.
        VERIFY_CONTAINS(md, "2 × 40 layers × 2 KV heads × 128 × 2 B = 40,960 B");
        // Lecture 3 (docs/DESIGN.md §F.3): (2 − 1) / (4 + 2 − 1) = 1/5.
        VERIFY_CONTAINS(md, "(2 − 1) / (4 + 2 − 1) = 1/5 = 0.200 (20.0 %)");
        VERIFY_CONTAINS(md, "Pipeline timeline: 4 micro-batches of 1 sequence take ");
        // Sources of the presets are carried into the report.
        VERIFY_CONTAINS(md, "Model preset **" + m.name + "**");
        VERIFY_CONTAINS(md, gpu.sources.front());
        // No launch command given: the section says so instead of printing an empty block.
        VERIFY_CONTAINS(md, "## vLLM command\n\nNo launch command for this plan.");
    }

    // docs/DESIGN.md §6: one node, vllm serve <hf_repo> --tensor-parallel-size T --pipeline-parallel-size P.
    void launchCommand()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(tp4pp2(), m, gpu);
        ReportOptions o;
        addLaunchCommand(o, e, m);
        const std::string md = markdownReport({ e, m, gpu }, o);
        VERIFY_CONTAINS(md, "## vLLM command\n\n```sh\n");
        VERIFY_CONTAINS(md, "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4 --pipeline-parallel-size 2");
        VERIFY_CONTAINS(md, "--max-model-len 32768");
        // 70.6e9 × 2 B on one 80 GB GPU does not fit: no command, the reason instead.
        Plan one;
        one.maxModelLen = 32768;
        const Evaluation bad = evaluate(one, m, gpu);
        ReportOptions ob;
        addLaunchCommand(ob, bad, m);
        QVERIFY(ob.launchCommand.empty());
        const std::string mdBad = markdownReport({ bad, m, gpu }, ob);
        VERIFY_CONTAINS(mdBad, "## vLLM command\n\nvLLM cannot run this plan as it stands: ");
        VERIFY_CONTAINS(mdBad, "weights do not fit");
    }

    void invalidPlanStillReports()
    {
        Plan p;
        p.tp = 3;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const std::string md = markdownReport(evaluatePlan(p, m, gpu), {});
        VERIFY_CONTAINS(md, "invalid plan");
        VERIFY_CONTAINS(md, "**error**");
        QVERIFY(!contains(md, "## Placement"));
    }

    void manyGpusSummarised()
    {
        Plan p;
        p.tp = 8;
        p.dp = 16; // 128 GPUs: the stage table stays, per-GPU rows are omitted
        p.maxModelLen = 8192;
        const ModelSpec m = presetModel("llama-3.1-8b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const std::string md = markdownReport(evaluatePlan(p, m, gpu), {});
        VERIFY_CONTAINS(md, "| 0 | 0–127 | 0–15 | 0–31 (32) |");
        VERIFY_CONTAINS(md, "Per-GPU rows omitted for 128 GPUs");
    }

    void comparison()
    {
        Plan a;
        a.tp = 8;
        a.accounting = Accounting::Textbook;
        a.gpuMemoryBytes = 80e9;
        a.gpuMemoryUtilization = 0.9;
        a.paramsOverride = 70.6e9;
        a.maxModelLen = 32768;
        Plan b = a;
        b.tp = 16;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const std::string md = markdownComparisonReport(evaluatePlan(a, m, gpu), {}, evaluatePlan(b, m, gpu), {});
        for (const char *h : { "\n## What changed\n", "\n## Side by side\n", "\n## Why\n",
                 "\n## Plan A: ", "\n## Plan B: ", "\n### Placement\n", "\n### Sources\n" })
            VERIFY_CONTAINS(md, h);
        VERIFY_CONTAINS(md, "- TP 8 → 16\n");
        // Lecture 0 §6 (docs/DESIGN.md §F.0): 1,222,046 → 1,437,500 tokens (×1.18).
        VERIFY_CONTAINS(md, "| KV capacity (one replica) | 1,222,046 tokens | 1,437,500 tokens | ×1.18 (better) |");
        VERIFY_CONTAINS(md, "- TP 8 → 16: KV per GPU unchanged because 8 KV heads are now replicated\n");
    }

    void markdownTableCellsEscapePipes()
    {
        ModelSpec m = presetModel("llama-3.1-8b");
        m.name = "a|b";
        const GpuSpec gpu = presetGpu("h100-sxm");
        Plan p;
        p.maxModelLen = 8192;
        const std::string md = markdownReport(evaluatePlan(p, m, gpu), {});
        VERIFY_CONTAINS(md, "| a\\|b (");
    }
};

QTEST_GUILESS_MAIN(TestMarkdownReport)
#include "tst_markdownreport.moc"
