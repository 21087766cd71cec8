// Text the core generates (validation issues, "show your work", the Markdown report, export refusals
// and notes) appears in the window's language: Chinese with the zh_CN translator installed, the
// unchanged English without. Set SHARDSCOPE_SCREENSHOTS=dir to also save the Chinese Export dialogs.
#include "core/explain/explain.h"
#include "core/launch/launchexport.h"
#include "core/launch/launchimport.h"
#include "core/vllmlog/reconcile.h"
#include "io/reportwriter.h"
#include "tests/common/testutils.h"
#include "widgets/common/textformat.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/export/exportdialog.h"
#include "widgets/teaching/showworkpanel.h"
#include "widgets/window/issuesbanner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextLayout>
#include <QTranslator>

#include <functional>
#include <set>

using namespace shardscope;

namespace {

// Llama-3.1-405B with tp 16 on 8-GPU H100 nodes: valid, with the tp_crosses_node warning.
Plan crossingPlan()
{
    Plan p = makePlan("llama-3.1-405b", "h100-sxm", 16);
    p.maxModelLen = 8192;
    return p;
}

void switchTo(Language &language, const char *code)
{
    QVERIFY(language.setLanguage(QString::fromLatin1(code), false));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Every translatable template of a sentence tree, with its context.
void collect(const Sentence &s, std::set<std::pair<std::string, std::string>> &out)
{
    if (s.translatable && !s.context.empty())
        out.insert({ s.context, s.templ });
    for (const Sentence &a : s.args)
        collect(a, out);
}

Evaluation evaluated(const Plan &plan)
{
    return evaluate(plan, builtinPresets().resolveModel(QString::fromStdString(plan.modelId)),
        builtinPresets().resolveGpu(QString::fromStdString(plan.gpuId)));
}

ModelSpec modelOf(const Plan &plan)
{
    return builtinPresets().resolveModel(QString::fromStdString(plan.modelId));
}

const ReportTranslator kWindowTranslator = [](const Sentence &s) { return textformat::sentence(s).toStdString(); };

} // namespace

class TestCoreText : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void issuesBanner()
    {
        PlanDocument doc(builtinCatalog());
        IssuesBanner banner(&doc);
        QVERIFY(doc.setPlan(crossingPlan()));
        const QString english = banner.text();
        QVERIFY2(english.contains(
                     QStringLiteral("a TP group of 16 GPUs spans nodes of 8: every AllReduce crosses the network")),
            qPrintable(english));
        Language language;
        switchTo(language, "zh_CN");
        const QString zh = banner.text();
        // The template's translation with 16 and 8 in place.
        QVERIFY2(zh.contains(QStringLiteral("16 张 GPU 的 TP 组跨越了每节点 8 张卡的节点：每次 AllReduce 都要走网络")),
            qPrintable(zh));
        QVERIFY(!zh.contains(QStringLiteral("spans nodes")));
        QVERIFY(!zh.contains(QStringLiteral("crosses the network")));
        switchTo(language, "en");
        QCOMPARE(banner.text(), english);
    }

    // Review item 17: Chinese without a CJK font warns in the banner, in words readable without one.
    void missingChineseFont()
    {
        PlanDocument doc(builtinCatalog());
        IssuesBanner banner(&doc);
        QVERIFY(doc.setPlan(makePlan("llama-3.1-8b", "h100-sxm", 1)));
        Language::setChineseFontForTests(false);
        QVERIFY(!banner.text().contains(QStringLiteral("fonts-noto-cjk"))); // English needs no CJK font
        Language language;
        switchTo(language, "zh_CN");
        QVERIFY2(banner.text().contains(QStringLiteral("No Chinese font is installed")), qPrintable(banner.text()));
        QVERIFY(!banner.isHidden());
        Language::setChineseFontForTests(true);
        switchTo(language, "en");
        switchTo(language, "zh_CN");
        QVERIFY(!banner.text().contains(QStringLiteral("fonts-noto-cjk")));
        Language::setChineseFontForTests(std::nullopt);
        switchTo(language, "en");
    }

    // "估算" stays on one line: a word joiner between the characters and no-break spaces.
    void unbreakableTag()
    {
        const QString tag = textformat::unbreakable(QStringLiteral(" · 估算"));
        QCOMPARE(tag,
            QString(QChar(0x00A0)) + QStringLiteral("·") + QChar(0x00A0) + QStringLiteral("估") + QChar(0x2060)
                + QStringLiteral("算"));
        QTextLayout layout(QStringLiteral("443,408") + tag);
        layout.beginLayout();
        QTextLine first = layout.createLine();
        first.setLineWidth(1); // as narrow as it gets: only break opportunities split the text
        while (layout.createLine().isValid()) { }
        layout.endLayout();
        QCOMPARE(layout.lineCount(), 1);
    }

    void showYourWork()
    {
        // Llama-3.1-70B at tp 16: 2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B.
        Plan plan = makePlan("llama-3.1-70b", "h200", 16);
        plan.maxModelLen = 8192;
        PlanDocument document(builtinCatalog());
        ShowWorkPanel panel(&document);
        QVERIFY(document.setPlan(plan));
        panel.showQuantity(Quantity::KvBytesPerToken);
        const QString english = panel.currentHtml();
        QVERIFY2(
            english.contains(QStringLiteral("2 × 80 layers × 1 KV head × 128 × 2 B = 40,960 B")), qPrintable(english));
        QVERIFY(english.contains(QStringLiteral("layers on stage 0 (vLLM get_pp_indices)")));
        Language language;
        switchTo(language, "zh_CN");
        const QString zh = panel.currentHtml();
        QVERIFY2(zh.contains(QStringLiteral("2 × 80 层 × 1 个 KV 头 × 128 × 2 B = 40,960 B")), qPrintable(zh));
        QVERIFY(zh.contains(QStringLiteral("第 0 段上的层（vLLM get_pp_indices）"))); // an input's source
        QVERIFY(zh.contains(QStringLiteral("8 个 KV 头被复制：tp 16 &gt; 8"))); // the note
        QVERIFY(zh.contains(QStringLiteral("2 × L × max(1, n_kv / tp) × head_dim × s"))); // symbols stay
        QVERIFY(!zh.contains(QStringLiteral("KV head")));
        QVERIFY(!zh.contains(QStringLiteral("layers")));
        QVERIFY(!zh.contains(QStringLiteral("replicated")));
        switchTo(language, "en");
        panel.showQuantity(Quantity::KvBytesPerToken);
        QCOMPARE(panel.currentHtml(), english);
    }

    void chineseReport()
    {
        const ModelSpec m = builtinPresets().resolveModel(QStringLiteral("llama-3.1-405b"));
        const GpuSpec gpu = builtinPresets().resolveGpu(QStringLiteral("h100-sxm"));
        const Evaluation e = evaluate(crossingPlan(), m, gpu);
        const EvaluatedPlan side { e, m, gpu };
        QTemporaryDir dir;
        const QString enPath = dir.filePath(QStringLiteral("en.md"));
        const QString zhPath = dir.filePath(QStringLiteral("zh.md"));
        // English window: the translator renders the English, identical to the CLI's report.
        QVERIFY(writeReport(enPath, side, nullptr, nullptr, kWindowTranslator).isEmpty());
        const QString english = readAll(enPath);
        QCOMPARE(english, QString::fromStdString(reportMarkdown(side, nullptr)));
        QVERIFY(english.contains(QStringLiteral("\n## Placement\n")));
        Language language;
        switchTo(language, "zh_CN");
        QVERIFY(writeReport(zhPath, side, nullptr, nullptr, kWindowTranslator).isEmpty());
        const QString zh = readAll(zhPath);
        QVERIFY(zh.contains(QStringLiteral("\n## 放置\n")));
        QVERIFY(zh.contains(QStringLiteral("\n## 显存与 KV Cache\n")));
        QVERIFY(zh.contains(QStringLiteral("\n## 每步通信\n")));
        QVERIFY(zh.contains(QStringLiteral("| 段 | GPU 数 | 节点 | 层 |")));
        QVERIFY2(
            zh.contains(QStringLiteral("- **警告** `tp_crosses_node`: 16 张 GPU 的 TP 组跨越了每节点 8 张卡的节点")),
            qPrintable(zh));
        QVERIFY(zh.contains(QStringLiteral("**每次 TP AllReduce 的字节数**")));
        // (The vLLM launch script keeps its English comments: it is the same text File → Export writes.)
        for (const char *english : { "## Placement", "## Issues", "| Stage |", "`tp_crosses_node`: a TP group",
                 "Show your work:", "Assumptions:" })
            QVERIFY2(!zh.contains(QLatin1String(english)), english);
        // The CLI's report stays English whatever the window's language.
        QCOMPARE(QString::fromStdString(reportMarkdown(side, nullptr)), english);
        switchTo(language, "en");
    }

    // Import warnings (File → Import vLLM command) in Chinese; the English ones are what the CLI prints.
    void importWarnings()
    {
        const ImportedCommand c = importLaunchCommand("vllm serve --max-model-len auto --kv-cache-dtype int4 "
                                                      "--quantization bitsandbytes --all2all-backend carrier-pigeon");
        const std::vector<std::string> warnings = c.warnings();
        QCOMPARE(warnings.size(), size_t(5)); // the four flags and "the command names no model"
        QCOMPARE(warnings[1], std::string("--kv-cache-dtype int4 is not modelled; the plan uses auto"));
        Language language;
        switchTo(language, "zh_CN");
        QCOMPARE(
            textformat::sentence(c.warningTexts[1]), QStringLiteral("--kv-cache-dtype int4 未建模；方案使用 auto"));
        QCOMPARE(textformat::sentence(c.warningTexts[4]), QStringLiteral("命令中没有指定模型"));
        switchTo(language, "en");
        QCOMPARE(textformat::sentence(c.warningTexts[1]), QString::fromStdString(warnings[1]));
    }

    // The Export dialog: a refusal with its nearest plan, and the notes, in Chinese; the commands and
    // their "# Note:" comments stay English (they are a script); English again after switching back.
    void exportDialog()
    {
        // Llama-3.1-70B has 64 attention heads: tp 3 does not divide them. Of the divisors 2 and 4 are
        // equally near 3 and ties go to the larger, so the nearest plan is tp=4.
        Plan heads = makePlan("llama-3.1-70b", "h100-sxm", 3);
        heads.maxModelLen = 32768;
        ExportDialog refused(evaluated(heads), modelOf(heads));
        // Llama-3.1-70B ships bf16 weights: MXFP4 needs an MXFP4 checkpoint; auto loads it as it ships.
        Plan mxfp4 = makePlan("llama-3.1-70b", "h100-sxm", 8);
        mxfp4.maxModelLen = 32768;
        mxfp4.quantization = Quantization::Mxfp4;
        ExportDialog quant(evaluated(mxfp4), modelOf(mxfp4));
        // Llama-3.1-405B, TP 8 x PP 2 = 16 GPUs: two 8-GPU H100 nodes, so the multi-node note.
        Plan twoNodes = makePlan("llama-3.1-405b", "h100-sxm", 8, 2);
        twoNodes.maxModelLen = 32768;
        ExportDialog notes(evaluated(twoNodes), modelOf(twoNodes));

        const QString englishRefusal = refused.shownStatus();
        const QString englishQuant = quant.shownStatus();
        const QString englishNotes = notes.shownNotes();
        QVERIFY2(
            englishRefusal.startsWith(QStringLiteral("Cannot export: 64 attention heads cannot be split over tp=3: ")),
            qPrintable(englishRefusal));
        QVERIFY2(
            englishRefusal.endsWith(QStringLiteral("; nearest that vLLM can run: tp=4")), qPrintable(englishRefusal));
        QCOMPARE(englishQuant,
            QStringLiteral(
                "Cannot export: meta-llama/Llama-3.1-70B ships bf16 weights, so the server cannot load it as "
                "mxfp4 (which needs an MXFP4 checkpoint) (it uses the checkpoint's own quantization); "
                "nearest that vLLM can run: quantization=auto"));
        const QString sameVersion
            = QStringLiteral("run the same vLLM version and model files on every node; with several network "
                             "interfaces set NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME");
        QVERIFY2(englishNotes.contains(QStringLiteral("Note: ") + sameVersion), qPrintable(englishNotes));
        const QString commands = notes.shownText();
        // Shown once: below the commands; what Copy and Save write keeps the "# Note:" comment.
        QVERIFY(!commands.contains(QStringLiteral("# Note: ")));
        QVERIFY(notes.exportedText().contains(QStringLiteral("# Note: ") + sameVersion));

        Language language;
        switchTo(language, "zh_CN");
        const QString zhRefusal = refused.shownStatus();
        QVERIFY2(zhRefusal.startsWith(QStringLiteral("无法导出：64 个注意力头无法按 tp=3 切分：tp 必须整除注意力头数")),
            qPrintable(zhRefusal));
        QVERIFY2(zhRefusal.endsWith(QStringLiteral("；vLLM 能运行的最接近方案：tp=4")), qPrintable(zhRefusal));
        QCOMPARE(quant.shownStatus(),
            QStringLiteral(
                "无法导出：meta-llama/Llama-3.1-70B 发布的是 bf16 权重，服务端使用 checkpoint 自带的量化方式，"
                "无法把它加载为 mxfp4（需要 MXFP4 格式的 checkpoint）；"
                "vLLM 能运行的最接近方案：quantization=auto"));
        const QString zhNotes = notes.shownNotes();
        QVERIFY2(zhNotes.contains(QStringLiteral("注：每个节点运行相同的 vLLM 版本和模型文件；有多个网卡时请设置 "
                                                 "NCCL_SOCKET_IFNAME 和 GLOO_SOCKET_IFNAME")),
            qPrintable(zhNotes));
        QVERIFY(!zhNotes.contains(QStringLiteral("every node")));
        QCOMPARE(notes.shownText(), commands); // the commands are not UI text
        // SHARDSCOPE_SCREENSHOTS=dir: the dialogs as opened in Chinese, including the longest refusal
        // (vLLM's ep rule) and SGLang's several notes, to see that they wrap rather than clip.
        if (const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOTS"); !dir.isEmpty()) {
            Plan ep = makePlan("deepseek-v3", "h200", 8, 1, 2, 4);
            ep.maxModelLen = 32768;
            Plan sglang = makePlan("deepseek-v3", "h200", 8, 1, 2, 16);
            sglang.maxModelLen = 32768;
            sglang.blockSize = 64;
            sglang.expertPlacement = ExpertPlacement::RoundRobin;
            ExportOptions sglangOptions;
            sglangOptions.target = ExportTarget::Sglang;
            sglangOptions.launcher = Launcher::Ray;
            const std::pair<Plan, ExportOptions> shots[]
                = { { heads, {} }, { mxfp4, {} }, { twoNodes, {} }, { ep, {} }, { sglang, sglangOptions } };
            for (size_t i = 0; i < std::size(shots); ++i) {
                ExportDialog d(evaluated(shots[i].first), modelOf(shots[i].first));
                d.setOptions(shots[i].second);
                d.show();
                QVERIFY(QTest::qWaitForWindowExposed(&d));
                QVERIFY(d.grab().save(QDir(dir).filePath(QStringLiteral("export-zh-%1.png").arg(i))));
            }
        }
        // The core's English is untouched by the window's language.
        QCOMPARE(quant.result().message().substr(0, 24), std::string("meta-llama/Llama-3.1-70B"));

        switchTo(language, "en");
        QCOMPARE(refused.shownStatus(), englishRefusal);
        QCOMPARE(quant.shownStatus(), englishQuant);
        QCOMPARE(notes.shownNotes(), englishNotes);
    }

    // Every template the core generated for a few plans (issues, explanations, the report) has an
    // entry in the compiled zh_CN translation.
    void everyTemplateTranslated()
    {
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/shardscope_zh_CN.qm")));
        std::set<std::pair<std::string, std::string>> templates;
        const ReportTranslator record = [&](const Sentence &s) {
            collect(s, templates);
            return s.text();
        };
        const std::pair<Plan, const char *> plans[] = {
            { crossingPlan(), "h100-sxm" },
            { makePlan("deepseek-v3", "h200", 8, 2, 2, 16), "h200" },
            { makePlan("llama-3.1-70b", "h100-sxm", 3), "h100-sxm" },
            { makePlan("mixtral-8x7b", "l40s", 2, 3), "l40s" },
        };
        for (const auto &[plan, gpuId] : plans) {
            const ModelSpec m = builtinPresets().resolveModel(QString::fromStdString(plan.modelId));
            const GpuSpec gpu = builtinPresets().resolveGpu(QString::fromLatin1(gpuId));
            const Evaluation e = evaluate(plan, m, gpu);
            for (const PlanIssue &i : e.issues)
                collect(i.text, templates);
            for (int q = 0; q <= static_cast<int>(Quantity::TokensPerSecPerGpu); ++q) {
                const Explanation x = explain(static_cast<Quantity>(q), { e, m, gpu });
                for (const Sentence *s :
                    { &x.titleText, &x.formulaText, &x.substitutedText, &x.resultText, &x.noteText })
                    collect(*s, templates);
                for (const ExplainedInput &in : x.inputs)
                    for (const Sentence *s : { &in.nameText, &in.valueText, &in.sourceText })
                        collect(*s, templates);
            }
            QTemporaryDir dir;
            const EvaluatedPlan side { e, m, gpu };
            QVERIFY(writeReport(dir.filePath(QStringLiteral("r.md")), side, nullptr, nullptr, record).isEmpty());
        }
        // The vLLM log tab: every real startup log in tests/data/vllm-logs against a plan that fits it
        // and one that does not (the comparison's rows, explanation and notes, and calibration's refusals).
        const QDir logs(
            QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/tests/data/vllm-logs"));
        const QStringList logFiles = logs.entryList({ QStringLiteral("*.log") }, QDir::Files);
        QVERIFY(logFiles.size() >= 10);
        for (const QString &file : logFiles) {
            const ParsedVllmLog log = parseVllmLog(readAll(logs.filePath(file)).toStdString());
            for (const Plan &base : { makePlan("qwen3-32b", "h100-sxm", 1), makePlan("llama-3.1-8b", "h100-sxm", 1) }) {
                Plan plan = planFromLog(base, log, { "model", "gpu" });
                plan.maxModelLen = 4096; // differs from most logs': the max_model_len note
                const ModelSpec m = builtinPresets().resolveModel(QString::fromStdString(plan.modelId));
                const GpuSpec gpu = builtinPresets().resolveGpu(QString::fromStdString(plan.gpuId));
                const Evaluation e = evaluate(plan, m, gpu);
                const ReconcileResult r = reconcile({ e, m, gpu }, log);
                for (const ReconcileRow &row : r.rows)
                    collect(row.labelText, templates);
                collect(r.explanationText, templates);
                for (const Sentence &n : r.noteTexts)
                    collect(n, templates);
                Sentence refusal;
                if (!calibrateFromLog(e, log, "t", "t", &refusal))
                    collect(refusal, templates);
            }
        }
        // The exporter: refusals, nearest plans and notes over plans and options that reach them.
        {
            const auto with = [](const char *model, const char *gpu, int tp, int pp, int dp, int ep,
                                  const std::function<void(Plan &)> &edit = {}) {
                Plan p = makePlan(model, gpu, tp, pp, dp, ep);
                p.maxModelLen = 8192;
                if (edit)
                    edit(p);
                return p;
            };
            const std::vector<Plan> plans = {
                with("llama-3.1-70b", "h100-sxm", 3, 1, 1, 1),
                with("llama-3.1-70b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.quantization = Quantization::Mxfp4; }),
                with("llama-3.1-70b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.quantization = Quantization::Awq; }),
                with("llama-3.1-70b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.quantization = Quantization::Gptq; }),
                with("gpt-oss-120b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.quantization = Quantization::None; }),
                with("gpt-oss-120b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.quantization = Quantization::Fp8; }),
                with("llama-3.1-70b", "h100-sxm", 8, 1, 1, 1, [](Plan &p) { p.maxModelLen = 999999; }),
                with("llama-3.1-70b", "h100-sxm", 8, 1, 1, 1,
                    [](Plan &p) {
                        p.maxNumBatchedTokens = 16;
                        p.maxNumSeqs = 64;
                    }),
                with("deepseek-v3", "h200", 8, 1, 2, 4),
                with("deepseek-v3", "h200", 8, 1, 2, 16, [](Plan &p) { p.redundantExperts = 5; }),
                with("deepseek-v3", "h200", 8, 1, 4, 32,
                    [](Plan &p) {
                        p.expertPlacement = ExpertPlacement::RoundRobin;
                        p.speculativeLayers = 1;
                    }),
                with("llama-3.1-405b", "h100-sxm", 8, 2, 2, 1),
                with("llama-3.1-405b", "h100-sxm", 8, 2, 1, 1,
                    [](Plan &p) {
                        p.ppPartition = { 60, 66 };
                        p.blockSize = 32;
                    }),
                with("llama-3.1-405b", "h100-sxm", 1, 1, 1, 1),
                with("llama-3.1-70b", "h100-sxm", 16, 1, 2, 1),
                with("llama-3.1-70b", "h100-sxm", 4, 1, 4, 1,
                    [](Plan &p) {
                        p.vllmVersion = VllmVersion { 0, 10, 0 };
                    }),
                with("llama-3.1-8b", "h100-sxm", 2, 1, 1, 1, [](Plan &p) { p.decodeContextParallel = 2; }),
                with("mixtral-8x7b", "h100-sxm", 2, 1, 2, 4),
            };
            for (const Plan &plan : plans) {
                const Evaluation e = evaluated(plan);
                const ModelSpec m = modelOf(plan);
                for (const ExportTarget target : { ExportTarget::Vllm, ExportTarget::Sglang })
                    for (const Launcher launcher : { Launcher::Mp, Launcher::Ray })
                        for (const int nodes : { 0, 1, 2, 3 })
                            for (const char *backend : { "", "deepep_low_latency", "carrier-pigeon" }) {
                                ExportOptions o;
                                o.target = target;
                                o.launcher = launcher;
                                o.nodes = nodes;
                                o.all2allBackend = backend;
                                const ExportResult r = exportLaunch(e, m, o);
                                QCOMPARE(r.messageText().text(), r.message());
                                QCOMPARE(r.noteTexts.size(), r.notes().size());
                                collect(r.messageText(), templates);
                                for (const Sentence &n : r.noteTexts)
                                    collect(n, templates);
                            }
            }
        }
        QVERIFY(templates.count({ "Export", "%1; nearest that %2 can run: %3" }));
        QVERIFY(templates.count({ "Export", "the plan does not fit, so %1 would stop at startup: %2" }));
        QVERIFY(templates.count({ "Export",
            "run the same vLLM version and model files on every node; with several network interfaces set "
            "NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME" }));
        QVERIFY(templates.count({ "Export",
            "SGLang's --mem-fraction-static covers weights and KV cache only; the plan's memory figures follow "
            "vLLM" }));
        QVERIFY(
            templates.count({ "Reconcile", "the log has %1 (%2) more available KV memory than predicted; mostly %3" }));
        QVERIFY(templates.count({ "Reconcile", "the log's concurrency is for %1-token requests" }));
        QVERIFY(templates.size() > 150);
        QStringList missing;
        for (const auto &[context, templ] : templates)
            if (zh.translate(context.c_str(), templ.c_str()).isNull())
                missing << QString::fromStdString(context + ": " + templ);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestCoreText)
#include "tst_coretext.moc"
