// Core's generated text as translatable sentences: every validation issue, explanation and memory
// term carries a Sentence whose English is exactly the string the CLI and JSON print, and the
// Markdown report renders its own sentences through ReportOptions::translate.
#include "core/evaluate/validation.h"
#include "core/explain/explain.h"
#include "core/explain/memoryterms.h"
#include "core/report/markdownreport.h"
#include "tests/common/testutils.h"

#include <functional>
#include <set>

using namespace shardscope;

namespace {

struct Case
{
    const char *model;
    const char *gpu;
    std::function<void(Plan &)> change;
};

Plan basePlan()
{
    Plan p;
    p.maxModelLen = 8192;
    return p;
}

// One plan per validation code (some plans trigger several).
std::vector<Case> issueCases()
{
    return {
        { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 0; } }, // size_not_positive
        { "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.tp = 32, p.pp = 32, p.dp = 1000; } }, // world_too_large
        { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 3; } }, // tp_heads
        { "qwen2.5-7b", "h100-sxm", [](Plan &p) { p.tp = 14; } }, // tp_kv_heads: 28 heads, 4 KV heads
        { "llama-3.1-70b", "h100-sxm",
            [](Plan &p) {
                p.pp = 3, p.ppPartition = { 40, 40 };
            } }, // pp_partition_size
        { "llama-3.1-70b", "h100-sxm",
            [](Plan &p) {
                p.pp = 2, p.ppPartition = { 10, 10 };
            } }, // pp_partition_sum
        { "llama-3.1-70b", "h100-sxm",
            [](Plan &p) {
                p.pp = 2, p.ppPartition = { 0, 80 };
            } }, // pp_partition_empty
        { "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.pp = 33; } }, // pp_layers
        { "llama-3.1-70b", "h100-sxm",
            [](Plan &p) { p.tp = 8, p.ep = 8, p.redundantExperts = 8; } }, // ep_dense, redundant_dense
        { "deepseek-v3", "h100-sxm", [](Plan &p) { p.tp = 8, p.dp = 2, p.ep = 3; } }, // ep_divides
        { "mixtral-8x7b", "h100-sxm", [](Plan &p) { p.tp = 16, p.ep = 16; } }, // ep_experts: 8 experts
        { "deepseek-v3", "h200", [](Plan &p) { p.tp = 1, p.dp = 3, p.ep = 3; } }, // ep_uneven: 256 over 3
        { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.redundantExperts = -1; } }, // redundant_negative
        { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.redundantExperts = 8; } }, // redundant_without_ep
        { "deepseek-v3", "h200",
            [](Plan &p) { p.tp = 8, p.ep = 8, p.redundantExperts = 16 * 256 + 1; } }, // redundant_too_many
        { "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.gpuMemoryUtilization = 1.5; } }, // utilization
        { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 8, p.decodeContextParallel = 3; } }, // dcp_tp
        { "gpt-oss-20b", "h100-sxm",
            [](Plan &p) {
                p.tp = 2, p.decodeContextParallel = 2;
                p.vllmVersion = VllmVersion { 0, 25, 0 }; // allowed from 0.26
            } }, // dcp_sliding
        { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 4, p.dp = 2, p.prefillContextParallel = 2; } }, // pcp_dp
        { "llama-3.1-70b", "h100-sxm",
            [](Plan &p) { p.tp = 4, p.prefillContextParallel = 2, p.decodeContextParallel = 4; } }, // pcp_dcp
        { "llama-3.1-8b", "h100-sxm",
            [](Plan &p) {
                p.mmIpcGpuMemoryGb = 1;
                p.vllmVersion = VllmVersion { 0, 24, 0 };
            } }, // mm_ipc_version
        { "llama-3.1-8b", "h100-sxm",
            [](Plan &p) {
                p.vllmVersion = VllmVersion { 0, 40, 0 };
            } }, // vllm_version_unknown
        { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 8, p.decodeContextParallel = 2; } }, // dcp_kv_heads
        { "llama-3.1-8b", "h100-sxm",
            [](Plan &p) {
                p.speculativeLayers = 65, p.blockSize = 0, p.maxModelLen = -1, p.maxNumSeqs = -1, p.gpusPerNode = -1,
                p.gpuMemoryBytes = -1;
            } }, // speculative_layers, block_size, max_model_len, batch_limits, gpus_per_node, gpu_memory
        { "llama-3.1-405b", "h100-sxm", [](Plan &p) { p.tp = 16; } }, // tp_crosses_node
        { "llama-3.1-8b", "l40s", [](Plan &p) { p.tp = 2; } }, // tp_outside_domain
        { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.dp = 2, p.ep = 16; } }, // ep_lockstep
        { "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.maxModelLen = 1 << 20; } }, // max_model_len_exceeds
        { "llama-3.1-8b", "h100-sxm",
            [](Plan &p) { p.maxNumBatchedTokens = 16, p.maxNumSeqs = 64; } }, // batched_tokens
        { "deepseek-v3", "h200", [](Plan &p) { p.tp = 32; } }, // fp8_block_experts: 2048 / 32 = 64 < 128
        { "llama-3.1-8b", "h100-sxm",
            [](Plan &p) {
                p.calibration.name = "lab";
                p.calibration.gpuId = "a100-80gb";
                p.calibration.vllmVersion = VllmVersion { 0, 6, 0 };
            } }, // calibration_gpu, calibration_version
        { "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.gpuMemoryUtilization = 0.999; } }, // free_below_utilization
        { "llama-3.1-405b", "h100-sxm", [](Plan &p) { p.tp = 2; } }, // weights_do_not_fit
        { "llama-3.1-405b", "h200", [](Plan &p) { p.tp = 8, p.gpuMemoryUtilization = 0.69; } }, // no_kv_memory
        { "llama-3.1-405b", "h200",
            [](Plan &p) { p.tp = 8, p.maxModelLen = 131072, p.gpuMemoryUtilization = 0.75; } }, // no_room_for_request
    };
}

Evaluation run(const Case &c)
{
    Plan p = basePlan();
    c.change(p);
    return evaluate(p, presetModel(c.model), presetGpu(c.gpu));
}

// Every node of a sentence tree: translatable templates name their context.
void checkTree(const Sentence &s, const std::string &context, QStringList &problems)
{
    if (s.translatable && s.context != context && !s.templ.empty())
        problems << QString::fromStdString(
            "\"" + s.templ + "\" in context \"" + s.context + "\", expected \"" + context + "\"");
    for (const Sentence &a : s.args)
        checkTree(a, context, problems);
}

bool hasTemplate(const Sentence &s, const std::string &templ)
{
    if (s.templ == templ)
        return true;
    for (const Sentence &a : s.args)
        if (hasTemplate(a, templ))
            return true;
    return false;
}

const PlanIssue *issue(const Evaluation &e, const std::string &code)
{
    for (const PlanIssue &i : e.issues)
        if (i.code == code)
            return &i;
    return nullptr;
}

} // namespace

class TestSentences : public QObject
{
    Q_OBJECT
private slots:
    void everyIssueHasItsSentence()
    {
        const std::set<std::string> codes = { "size_not_positive", "world_too_large", "tp_heads", "tp_kv_heads",
            "pp_partition_size", "pp_partition_sum", "pp_partition_empty", "pp_layers", "ep_dense", "redundant_dense",
            "ep_divides", "ep_experts", "ep_uneven", "redundant_negative", "redundant_without_ep", "redundant_too_many",
            "utilization", "dcp_positive", "dcp_tp", "dcp_sliding", "dcp_kv_heads", "pcp_positive", "pcp_dp", "pcp_dcp",
            "mm_ipc_version", "vllm_version_unknown", "speculative_layers", "block_size", "max_model_len",
            "batch_limits", "gpus_per_node", "gpu_memory", "tp_crosses_node", "tp_outside_domain", "ep_lockstep",
            "max_model_len_exceeds", "batched_tokens", "fp8_block_experts", "calibration_gpu", "calibration_version",
            "free_below_utilization", "weights_do_not_fit", "no_kv_memory", "no_room_for_request" };
        std::set<std::string> seen;
        QStringList problems;
        // evaluate() reads decode_context_parallel_size 0 as 1; the structural check alone refuses it.
        std::vector<PlanIssue> dcp;
        Plan zero = basePlan();
        zero.decodeContextParallel = 0;
        validateStructure(zero, presetModel("llama-3.1-8b"), dcp);
        Plan zeroPcp = basePlan();
        zeroPcp.prefillContextParallel = 0;
        validateStructure(zeroPcp, presetModel("llama-3.1-8b"), dcp);
        std::vector<std::vector<PlanIssue>> found = { dcp };
        for (const Case &c : issueCases())
            found.push_back(run(c).issues);
        for (const std::vector<PlanIssue> &issues : found) {
            for (const PlanIssue &i : issues) {
                seen.insert(i.code);
                if (i.text.templ.empty() || !i.text.translatable)
                    problems << QString::fromStdString(i.code + ": no translatable template");
                checkTree(i.text, "Validation", problems);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        for (const std::string &code : codes)
            QVERIFY2(seen.count(code), code.c_str());
    }

    void issueSentencesByHand()
    {
        // tp=3 on Llama-3.1-70B: 64 heads, divisors 1, 2, 4, 8, 16, 32, 64.
        const Evaluation tp3 = run({ "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 3; } });
        const PlanIssue *heads = issue(tp3, "tp_heads");
        QVERIFY(heads);
        QCOMPARE(heads->text.templ,
            std::string("%1 attention heads cannot be split over tp=%2: tp must divide the head count (%3)"));
        QCOMPARE(heads->text.args.size(), size_t(3));
        QCOMPARE(heads->text.args[0].text(), std::string("64"));
        QCOMPARE(heads->text.args[2].text(), std::string("1, 2, 4, 8, 16, 32, 64"));
        QVERIFY(!heads->text.args[0].translatable);
        // pp 33 on Llama-3.1-8B's 32 layers.
        const Evaluation pp33 = run({ "llama-3.1-8b", "h100-sxm", [](Plan &p) { p.pp = 33; } });
        QCOMPARE(issue(pp33, "pp_layers")->message(),
            std::string("pp=33 is more than the model's 32 layers: some stages would be empty"));
        QCOMPARE(issue(pp33, "pp_layers")->text.templ,
            std::string("pp=%1 is more than the model's %2 layers: some stages would be empty"));
        // A GPU file without a scale-up link: the phrase "no fast link" is a sentence of its own.
        GpuSpec pcieOnly = presetGpu("l40s");
        pcieOnly.scaleupLink.clear();
        Plan plan = basePlan();
        plan.tp = 2;
        const Evaluation pcie = evaluate(plan, presetModel("llama-3.1-8b"), pcieOnly);
        const PlanIssue *outside = issue(pcie, "tp_outside_domain");
        QVERIFY(outside);
        QVERIFY(hasTemplate(outside->text, "no fast link"));
        QCOMPARE(outside->message(),
            std::string(
                "a TP group of 2 GPUs leaves the scale-up domain of 1 (no fast link): its AllReduces run over PCIe "
                "or the host"));
    }

    void everyExplanationHasItsSentences()
    {
        const Case cases[] = {
            { "llama-3.1-70b", "h100-sxm", [](Plan &p) { p.tp = 16, p.pp = 2; } },
            { "llama-3.1-70b", "h100-sxm",
                [](Plan &p) { p.tp = 8, p.pp = 2, p.accounting = Accounting::Textbook, p.paramsOverride = 70.6e9; } },
            { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.dp = 2, p.ep = 16, p.fp8Dispatch = true; } },
            { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.pp = 2, p.dp = 2, p.phase = Phase::Prefill; } },
            { "qwen3-30b-a3b", "h100-sxm", [](Plan &p) { p.tp = 2, p.dp = 2, p.kvCacheDtype = KvDtype::Fp8; } },
            { "llama-3.1-8b", "l40s", [](Plan &p) { p.tp = 2, p.pp = 3; } },
            { "llama-3.1-405b", "h100-sxm", [](Plan &p) { p.tp = 16; } },
        };
        QStringList problems;
        int compared = 0;
        for (const Case &c : cases) {
            const Evaluation e = run(c);
            QVERIFY2(e.valid, c.model);
            for (int q = 0; q <= static_cast<int>(Quantity::TokensPerSecPerGpu); ++q)
                for (int rank : { -1, 0, static_cast<int>(e.ranks.size()) - 1 }) {
                    const Explanation x
                        = explain(static_cast<Quantity>(q), { e, presetModel(c.model), presetGpu(c.gpu) }, rank);
                    const Sentence *fields[]
                        = { &x.titleText, &x.formulaText, &x.substitutedText, &x.resultText, &x.noteText };
                    for (const Sentence *sentence : fields) {
                        ++compared;
                        checkTree(*sentence, "Explain", problems);
                    }
                    for (const ExplainedInput &in : x.inputs) {
                        compared += 3;
                        checkTree(in.sourceText, "Explain", problems);
                    }
                }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
        QVERIFY(compared > 1000);
    }

    void explanationSentencesByHand()
    {
        // The issue's example: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B, tp 16 > 8 KV heads.
        const Case c { "llama-3.1-70b", "h200", [](Plan &p) { p.tp = 16; } };
        const Evaluation e = run(c);
        const Explanation x = explain(Quantity::KvBytesPerToken, { e, presetModel(c.model), presetGpu(c.gpu) });
        QCOMPARE(x.substituted(), std::string("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B"));
        QCOMPARE(x.substitutedText.templ, std::string("2 × %1 layers × %2 × %3 × %4 B = %5 B"));
        QCOMPARE(x.substitutedText.context, std::string("Explain"));
        QCOMPARE(x.substitutedText.args[1].templ, std::string("%1 KV head"));
        QCOMPARE(x.substitutedText.args[1].args[0].text(), std::string("1"));
        QCOMPARE(x.titleText.templ, std::string("KV bytes per token per GPU"));
        // A formula of symbols only is a value: nothing to translate.
        QCOMPARE(x.formula(), std::string("2 × L × max(1, n_kv / tp) × head_dim × s"));
        QVERIFY(!x.formulaText.translatable);
        // "Weights on GPU 3": the rank is an argument of the title's template.
        const Explanation w = explain(Quantity::WeightsPerGpu, { e, presetModel(c.model), presetGpu(c.gpu) }, 3);
        QCOMPARE(w.title(), std::string("Weights on GPU 3"));
        QCOMPARE(w.titleText.templ, std::string("Weights on GPU %1"));
    }

    void memoryTermSentences()
    {
        const Case c { "deepseek-v3", "h200", [](Plan &p) { p.tp = 8, p.pp = 2, p.decodeContextParallel = 1; } };
        const Evaluation e = run(c);
        QStringList problems;
        for (int rank : { 0, static_cast<int>(e.ranks.size()) - 1 })
            for (const MemoryTerm &t : memoryTerms({ e, presetModel(c.model), presetGpu(c.gpu) }, rank)) {
                checkTree(t.labelText, "MemoryTerms", problems);
                checkTree(t.assumptionText, "MemoryTerms", problems);
            }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void reportThroughTranslator()
    {
        // Llama-3.1-405B, tp 16 on 8-GPU nodes: a warning (tp_crosses_node) in the Issues section.
        const Case c { "llama-3.1-405b", "h100-sxm", [](Plan &p) { p.tp = 16; } };
        const Evaluation e = run(c);
        const ModelSpec m = presetModel(c.model);
        const GpuSpec gpu = presetGpu(c.gpu);
        ReportOptions english;
        english.generator = "ShardScope test";
        addLaunchCommand(english, e, m);
        const std::string plain = markdownReport({ e, m, gpu }, english);
        // A translator that renders the English is the English, byte for byte.
        ReportOptions identity = english;
        identity.translate = [](const Sentence &s) { return s.text(); };
        QCOMPARE(markdownReport({ e, m, gpu }, identity), plain);
        // A marking translator: every top-level sentence comes through it.
        ReportOptions marked = english;
        marked.translate = [](const Sentence &s) { return "[" + s.text() + "]"; };
        const std::string out = markdownReport({ e, m, gpu }, marked);
        QVERIFY(plain.find("\n## Placement\n") != std::string::npos);
        QVERIFY(out.find("\n## [Placement]\n") != std::string::npos);
        QVERIFY(out.find("\n## [Memory and KV cache]\n") != std::string::npos);
        QVERIFY(out.find("| [Stage] | [GPUs] |") != std::string::npos);
        QVERIFY(out.find("\n## Placement\n") == std::string::npos);
        QVERIFY(out.find("- **[warning]** `tp_crosses_node`: [a TP group of 16 GPUs spans nodes of 8: every AllReduce "
                         "crosses the network")
            != std::string::npos);
        QVERIFY(out.find("| [KV cache budget] |") != std::string::npos); // a memory term's label
        QVERIFY(out.find("**[Bytes per TP AllReduce]**: [") != std::string::npos); // show-your-work bullets
    }
};

QTEST_GUILESS_MAIN(TestSentences)
#include "tst_sentences.moc"
