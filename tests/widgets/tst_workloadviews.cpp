// One workload, every view (issue #17 §3): the window's tabs take their batch from the document's
// workload, change with it, agree with each other and with `shardscope plan --format json`'s serving.*,
// and the workload is kept in plan files.
//
// The plan: Llama-3.1-8B on two H100 SXM, TP 2. Its config.json
// (https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json): hidden_size 4096,
// num_hidden_layers 32, num_key_value_heads 8, head_dim 4096 / 32 = 128, bf16.
// --max-num-batched-tokens 8192 so that a closed loop of N clients with N x input <= 8192 prefills all
// its prompts in one step: the N requests then run in lock step (one prefill step, output - 1 decode
// steps, all finish together, the next N start), which fixes the steady state by hand:
//   decode tokens per decoding step = N,
//   prefill tokens per step (all steps) = N x input / output (each cycle: N x input prefill tokens in
//   `output` steps),
//   KV held while decoding = N x mean context = N x (input + output / 2) (contexts input + 1 … input +
//   output - 1, then +1 for the token being written: mean input + output / 2).
// Those are the figures without the API server. Each request first passes its hand-off h
// (frontend_request_s, core/serving/coefficients.cpp) on the API server's one core, which the requests
// it holds share (core/serving/apiserver.h): a client's cycle is its request's `output` engine steps of
// mean length t, plus its hand-off, plus up to one step waiting for the next step to start. The hand-off
// takes h when no other request is on the API server and at most N x h when all N arrive together. By
// Little's law the engine holds N x output t / cycle requests on average, so each figure above is
// scaled by a share of at least output t / (output t + N x h + t), and at most 1: the engine takes no
// step while every request is on the API server, so a cohort handed off together (its core shared)
// keeps the lock step exactly.
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "core/serving/workloadio.h"
#include "io/reportwriter.h"
#include "tests/common/testutils.h"
#include "widgets/comm/commchart.h"
#include "widgets/comm/commpanel.h"
#include "widgets/comm/commrows.h"
#include "widgets/common/textformat.h"
#include "widgets/controls/workloadpanel.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/explore/exploreview.h"
#include "widgets/memory/gputablemodel.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/teaching/comparepanel.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/teaching/timelineview.h"
#include "widgets/window/mainwindow.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace shardscope;

namespace {

constexpr double MiB = 1024.0 * 1024.0;
constexpr double kHidden = 4096, kLayers = 32, kKvHeads = 8, kHeadDim = 128, kBf16 = 2;

Plan llama8bTp2()
{
    Plan p = makePlan("llama-3.1-8b", "h100-sxm", 2);
    p.maxModelLen = 8192;
    p.maxNumBatchedTokens = 8192;
    return p;
}

Workload closedLoop(std::int64_t in, std::int64_t out, std::int64_t clients)
{
    Workload w;
    w.inputLen = in;
    w.outputLen = out;
    w.maxConcurrency = clients;
    w.numPrompts = 8 * clients; // whole cycles of the lock step
    return w;
}

WindowOptions options(const Workload &w)
{
    WindowOptions o;
    o.initialPlan = llama8bTp2();
    o.initialWorkload = w;
    o.useSettings = false;
    return o;
}

const CommRow *tpRow(const std::vector<CommRow> &rows)
{
    for (const CommRow &r : rows)
        if (r.kind == CommRow::TpAllReduce)
            return &r;
    return nullptr;
}

// TP AllReduce bytes one GPU sends per step for n tokens: 2 per layer, each a ring of 2(t-1)/t x S with
// S = n x h x b (docs/DESIGN.md §4); t = 2 gives 1 x S.
double tpBytesPerStep(double tokens)
{
    const double s = tokens * kHidden * kBf16;
    return 2 * kLayers * (2.0 * (2 - 1) / 2) * s;
}

// `shardscope plan … --format json` for the same plan and workload.
nlohmann::json cliPlan(const Workload &w)
{
    QProcess p;
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    p.setProcessEnvironment(env);
    p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")),
        { QStringLiteral("plan"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"),
            QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--max-model-len"),
            QStringLiteral("8192"), QStringLiteral("--max-num-batched-tokens"), QStringLiteral("8192"),
            QStringLiteral("--input-len"), QString::number(w.inputLen), QStringLiteral("--output-len"),
            QString::number(w.outputLen), QStringLiteral("--max-concurrency"), QString::number(w.maxConcurrency),
            QStringLiteral("--num-prompts"), QString::number(w.numPrompts), QStringLiteral("--format"),
            QStringLiteral("json") });
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return nlohmann::json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
}

// The share of the lock-step figures a closed loop keeps with the API server's hand-off (see the top).
struct HandOffShare
{
    double lo = 0, hi = 0;
    bool holds(double value, double lockStep) const
    {
        return value >= lockStep * lo * (1 - 1e-9) && value <= lockStep * hi * (1 + 1e-9);
    }
};
HandOffShare handOffShare(const ServingResult &r, std::int64_t out, std::int64_t clients)
{
    const double t = r.durationSec / static_cast<double>(r.steps); // mean engine step
    const double h = r.coefficients.frontendRequestSec;
    const double busy = static_cast<double>(out) * t;
    return { busy / (busy + static_cast<double>(clients) * h + t), 1.0 };
}

} // namespace

class TestWorkloadViews : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    // The document's steady state is the lock step worked out above, for each change of the workload.
    void steadyStateByHand_data()
    {
        QTest::addColumn<qint64>("in");
        QTest::addColumn<qint64>("out");
        QTest::addColumn<qint64>("clients");
        QTest::newRow("1024/128, 8 clients") << qint64(1024) << qint64(128) << qint64(8);
        QTest::newRow("1024/128, 4 clients") << qint64(1024) << qint64(128) << qint64(4);
        QTest::newRow("2048/128, 4 clients") << qint64(2048) << qint64(128) << qint64(4);
        QTest::newRow("1024/256, 4 clients") << qint64(1024) << qint64(256) << qint64(4);
    }
    void steadyStateByHand()
    {
        QFETCH(qint64, in);
        QFETCH(qint64, out);
        QFETCH(qint64, clients);
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        QVERIFY(editor.apply(llama8bTp2(), QString()));
        QVERIFY(editor.applyWorkload(closedLoop(in, out, clients), QString()));
        const PlanDocument::WorkloadBatch &b = doc.workloadBatch();
        QVERIFY(b.fromWorkload);
        QCOMPARE(b.decodeTokens, static_cast<std::int64_t>(clients));
        const HandOffShare share = handOffShare(*doc.serving(), out, clients);
        QVERIFY2(share.lo < 1 && share.lo > 0.8, qPrintable(QString::number(share.lo)));
        const double meanPrefill = doc.serving()->meanStep.prefillTokens;
        QVERIFY2(share.holds(meanPrefill, double(clients * in / out)), qPrintable(QString::number(meanPrefill)));
        QCOMPARE(b.prefillTokens, std::llround(meanPrefill));
        QCOMPARE(b.microbatches, 1);
        // The plan every tab reads is evaluated at that batch, one prompt of the workload's input.
        QCOMPARE(b.state->evaluation.plan.batch, static_cast<std::int64_t>(clients));
        QCOMPARE(b.state->evaluation.plan.promptLen, static_cast<std::int64_t>(in));
        QCOMPARE(b.state->plan, doc.plan()); // as entered: saving and comparing see the user's plan
        // The communication per decode step at that batch, from the all-reduce formula.
        const CommPhases phases = commPhases(*b.state, b.decodePerMicrobatch(), b.prefillPerMicrobatch());
        const CommRow *tp = tpRow(commRows(*b.state, phases));
        QVERIFY(tp);
        QCOMPARE(tp->decodeSent, tpBytesPerStep(double(clients)));
        QCOMPARE(tp->prefillSent, tpBytesPerStep(double(b.prefillTokens)));
    }

    // Every tab of one window, before and after the workload changes, against the hand-worked figures
    // and against each other.
    void everyTabFollowsTheWorkload()
    {
        const Workload eight = closedLoop(1024, 128, 8);
        MainWindow w(builtinCatalog(), options(eight));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PlanDocument *doc = w.document();
        QCOMPARE(doc->workload(), eight);

        for (const auto &[work, clients] : { std::pair(eight, 8), std::pair(closedLoop(1024, 128, 4), 4) }) {
            QVERIFY(doc->workload() == work || w.editor()->applyWorkload(work, QStringLiteral("Set workload")));
            const auto served = doc->serving();
            QVERIFY(served);
            const QString n = QStringLiteral("(n = %1)").arg(clients);

            // Communication: the decode column at the steady batch, its bytes from the formula; by
            // hand 8 tokens: 64 AllReduces x 8 x 4096 x 2 B = 4 MiB; 4 tokens: 2 MiB.
            QVERIFY(w.showTab(QStringLiteral("comm")));
            CommPanel *comm = w.commPanel();
            QTRY_VERIFY2(comm->summary().contains(n), qPrintable(comm->summary()));
            QVERIFY(comm->summary().contains(QStringLiteral("estimated")));
            QCOMPARE(tpBytesPerStep(clients), clients / 2.0 * MiB);
            const PlanDocument::WorkloadBatch &b = doc->workloadBatch();
            const CommRow *tp
                = tpRow(commRows(*b.state, commPhases(*b.state, b.decodePerMicrobatch(), b.prefillPerMicrobatch())));
            QVERIFY(tp);
            QCOMPARE(tp->decodeSent, clients / 2.0 * MiB);
            // Its serving figures are the workload panel's estimate, and open their explanation.
            QVERIFY(comm->summary().contains(textformat::duration(served->tpot.mean)));
            QVERIFY(comm->summaryToolTip().contains(QStringLiteral("<br"))); // ShowWorkClicks opens it

            // Memory/KV: the KV the running requests hold = N x (1024 + 64) tokens.
            KvPanel *kv = w.memoryPanel()->summary();
            const double held = served->steadyDecodeBatch.decodeContext;
            QVERIFY2(handOffShare(*served, 128, clients).holds(held, clients * (1024 + 64.0)),
                qPrintable(QString::number(held)));
            QVERIFY2(kv->valueText(QStringLiteral("workload_kv"))
                         .startsWith(textformat::count(std::llround(held)) + QLatin1Char(' ')),
                qPrintable(kv->valueText(QStringLiteral("workload_kv"))));
            QVERIFY(kv->valueText(QStringLiteral("workload_kv")).contains(QStringLiteral("estimated")));
            QVERIFY(kv->valueToolTip(QStringLiteral("workload_kv")).contains(QStringLiteral("<br")));
            QVERIFY(kv->valueText(QStringLiteral("workload_kv_peak")).contains(QStringLiteral("estimated")));

            // GPUs: the same tokens x 2 x 32 x (8 / 2) x 128 x 2 B = 65,536 B per token on each GPU.
            const double kvPerToken = 2 * kLayers * (kKvHeads / 2) * kHeadDim * kBf16;
            QCOMPARE(kvPerToken, 65536.0);
            QAbstractItemModel *gpus = w.gpuTable()->model();
            for (int r = 0; r < gpus->rowCount(); ++r)
                QCOMPARE(gpus->index(r, GpuTableModel::WorkloadKv).data(Qt::UserRole).toDouble(), held * kvPerToken);

            // Timeline: the decode step of N sequences, and the serving model's mixed step beside.
            auto *timeline = w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"));
            QVERIFY(timeline);
            QVERIFY(w.showTab(QStringLiteral("timeline")));
            QTRY_COMPARE(timeline->view()->timeline().tokens, std::int64_t(clients));
            QVERIFY2(
                timeline->summary().contains(QStringLiteral("%1 decode + %2 prefill tokens")
                                                 .arg(textformat::count(clients), textformat::count(b.prefillTokens))),
                qPrintable(timeline->summary()));
            QVERIFY(timeline->summary().contains(QStringLiteral("estimated")));

            // The report: its time and communication at the same batch, its serving section the same.
            const std::string report = reportMarkdown(*b.state, nullptr, nullptr);
            QVERIFY(
                report.find("Decode: " + std::to_string(clients) + " sequences per micro-batch") != std::string::npos);
        }
    }

    // Compare: both sides at the document's workload; the same plan on both sides gives the same
    // serving rows, which follow the workload.
    void compareAtOneWorkload()
    {
        MainWindow w(builtinCatalog(), options(closedLoop(1024, 128, 8)));
        auto *compare = w.findChild<ComparePanel *>();
        QVERIFY(compare);
        compare->pin();
        for (std::int64_t clients : { 8, 4 }) {
            QVERIFY(w.document()->workload().maxConcurrency == clients
                || w.editor()->applyWorkload(closedLoop(1024, 128, clients), QString()));
            const double tpot = w.document()->serving()->tpot.mean;
            const DeltaRow *row = compare->comparison().row("serving_tpot_s");
            QVERIFY(row);
            QCOMPARE(row->a, tpot);
            QCOMPARE(row->b, tpot);
            const DeltaRow *tokens = compare->comparison().row("tokens_per_s_per_gpu");
            QVERIFY(tokens && tokens->a == tokens->b);
        }
        // B on four GPUs (TP 4), A still on two: both served at the same four clients.
        Plan tp4 = llama8bTp2();
        tp4.tp = 4;
        QVERIFY(w.editor()->apply(tp4, QString()));
        const DeltaRow *row = compare->comparison().row("serving_tpot_s");
        QVERIFY(row);
        QCOMPARE(row->b, w.document()->serving()->tpot.mean);
        // A is the TP 2 plan simulated at the same four clients, as the document would.
        const Plan tp2 = llama8bTp2();
        const EvaluatedPlan a = evaluatePlan(tp2, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        QCOMPARE(row->a, simulateServing(a, closedLoop(1024, 128, 4)).tpot.mean);
        QVERIFY(row->a != row->b);
    }

    // Explore: the sweep's figures for the current sizes are the document's serving estimate.
    void exploreAtTheWorkload()
    {
        MainWindow w(builtinCatalog(), options(closedLoop(1024, 128, 8)));
        w.resize(1600, 1000);
        w.show();
        auto *view = w.findChild<ExploreView *>();
        QVERIFY(view);
        QSignalSpy done(view, &ExploreView::resultChanged);
        QVERIFY(w.showTab(QStringLiteral("explore")));
        QVERIFY(done.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!view->isBusy(), 60000);
        const auto result = view->result();
        QVERIFY(result);
        const SweepPlan *same = nullptr;
        for (const SweepPlan &p : result->plans)
            if (p.tp == 2 && p.pp == 1 && p.dp == 1)
                same = &p;
        QVERIFY(same && same->fits);
        const auto served = w.document()->serving();
        QCOMPARE(same->tpotSec, served->tpot.mean);
        QCOMPARE(same->ttftSec, served->ttft.mean);
        QCOMPARE(same->tokensPerSecPerGpu, served->outputTokensPerSecPerGpu);
        QCOMPARE(same->batch, std::int64_t(8));
    }

    // The window and `shardscope plan --format json` give the same serving figures for the same inputs,
    // and the CLI's decode step is the batch the tabs use.
    void agreesWithTheCli()
    {
        if (qEnvironmentVariableIsEmpty("SHARDSCOPE_BINARY"))
            QSKIP("SHARDSCOPE_BINARY is not set (run through ctest)");
        for (std::int64_t clients : { 8, 4 }) {
            const Workload work = closedLoop(1024, 128, clients);
            const nlohmann::json j = cliPlan(work);
            QVERIFY(j.is_object() && j.contains("serving"));
            PlanDocument doc(builtinCatalog());
            PlanEditor editor(&doc);
            QVERIFY(editor.apply(llama8bTp2(), QString()));
            QVERIFY(editor.applyWorkload(work, QString()));
            const auto served = doc.serving();
            QVERIFY(served);
            QCOMPARE(j["serving"]["tpot_s"]["mean"].get<double>(), served->tpot.mean);
            QCOMPARE(j["serving"]["ttft_s"]["p99"].get<double>(), served->ttft.p99);
            QCOMPARE(j["serving"]["output_tokens_per_s_per_gpu"].get<double>(), served->outputTokensPerSecPerGpu);
            // decode_step.batch is the run's mean decode batch; the tabs use it rounded to whole sequences.
            const double batch = j["serving"]["decode_step"]["batch"].get<double>();
            QVERIFY2(handOffShare(*served, work.outputLen, clients).holds(batch, double(clients)),
                qPrintable(QString::number(batch)));
            QCOMPARE(doc.workloadBatch().decodeTokens, std::llround(batch));
            // time.* keeps its meaning: the plan's own --batch (1 by default), not the workload's.
            QCOMPARE(j["time"]["batch"].get<std::int64_t>(), std::int64_t(1));
        }
    }

    // Plan files keep the workload; files from before it load with the default one.
    // The Lengths box: ShareGPT starts from the dataset's own means (the first 1,000 requests of the trace average
    // 215.196 in / 198.343 out tokens, tst_sharegptworkload), shows them as means, and is one undo step.
    void shareGptLengthsFromThePanel()
    {
        MainWindow w(builtinCatalog(), options(Workload {}));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *panel = w.findChild<WorkloadPanel *>(QStringLiteral("WorkloadPanel"));
        QVERIFY(panel);
        const int steps = w.editor()->undoStack()->count();
        panel->dataset()->setCurrentIndex(1);
        const Workload &sg = w.document()->workload();
        QCOMPARE(sg.dataset, Dataset::ShareGpt);
        QCOMPARE(sg.inputLen, 215);
        QCOMPARE(sg.outputLen, 198);
        QCOMPARE(panel->inputLen()->value(), 215);
        QVERIFY(panel->inputLen()->suffix().contains(QStringLiteral("mean")));
        QCOMPARE(w.editor()->undoStack()->count(), steps + 1);
        w.editor()->undoStack()->undo();
        QCOMPARE(w.document()->workload(), Workload {});
        QCOMPARE(panel->dataset()->currentIndex(), 0);
        QVERIFY(!panel->inputLen()->suffix().contains(QStringLiteral("mean")));
    }

    void planFileRoundTrip()
    {
        PlanDocument doc(builtinCatalog());
        PlanEditor editor(&doc);
        QVERIFY(editor.apply(llama8bTp2(), QString()));
        Workload w = closedLoop(2000, 300, 12);
        w.inputLenLo = 1500;
        w.inputLenHi = 2500;
        w.prefixHitRate = 0.25;
        w.seed = 7;
        QVERIFY(editor.applyWorkload(w, QString()));
        const std::string text = planfile::toJsonText(doc);
        const nlohmann::json j = nlohmann::json::parse(text);
        QCOMPARE(j["schema"].get<std::string>(), std::string(kPlanFileSchema)); // schema unchanged
        QCOMPARE(j["workload"]["max_concurrency"].get<std::int64_t>(), std::int64_t(12));
        QCOMPARE(j["workload"]["input_len_range"][1].get<std::int64_t>(), std::int64_t(2500));

        PlanDocument other(builtinCatalog());
        Workload back;
        const Plan plan = planfile::fromJsonText(other, text, &back);
        QCOMPARE(plan, doc.plan());
        QCOMPARE(back, w);

        // Through the window's File → Open: the workload is applied with the plan.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("served.shardscope.json"));
        QVERIFY(!planfile::save(doc, path));
        MainWindow window(builtinCatalog(), options(Workload {}));
        QVERIFY(window.files()->openPlan(path));
        QCOMPARE(window.document()->workload(), w);

        // An old file (no "workload"): the default workload.
        nlohmann::json old = j;
        old.erase("workload");
        Workload fromOld = w;
        (void)planfile::fromJsonText(other, old.dump(), &fromOld);
        QCOMPARE(fromOld, Workload {});
        QVERIFY(window.files()->openPlan(path)); // back to w …
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QByteArray::fromStdString(old.dump()));
        file.close();
        QVERIFY(window.files()->openPlan(path)); // … and an old file resets it
        QCOMPARE(window.document()->workload(), Workload {});

        // A bad workload field is refused with its name, and the plan is not applied.
        nlohmann::json bad = j;
        bad["workload"]["output_len"] = -3;
        try {
            (void)planfile::fromJsonText(other, bad.dump(), &back);
            QFAIL("a negative output_len was accepted");
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("workload.output_len") != std::string::npos, e.what());
        }
        bad["workload"] = "long";
        QVERIFY_THROWS_EXCEPTION(InputError, planfile::fromJsonText(other, bad.dump(), &back));
    }
};

QTEST_MAIN(TestWorkloadViews)
#include "tst_workloadviews.moc"
