// The workload in plan files (core/serving/workloadio.h, core/model/planio.h) and the serving warnings
// as translatable sentences.
#include "core/model/errors.h"
#include "core/model/planio.h"
#include "core/serving/serving.h"
#include "core/serving/workloadio.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace shardscope;
using nlohmann::json;

class TestWorkloadIo : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        Workload w;
        w.inputLen = 3000;
        w.outputLen = 500;
        w.inputLenLo = 100;
        w.inputLenHi = 4000;
        w.maxConcurrency = 0;
        w.requestRate = 2.5;
        w.numPrompts = 123;
        w.prefixHitRate = 0.5;
        w.seed = 42;
        const json j = workloadToJson(w);
        // The CLI flags' names in underscores.
        QCOMPARE(j["input_len"].get<std::int64_t>(), std::int64_t(3000));
        QCOMPARE(j["request_rate"].get<double>(), 2.5);
        QVERIFY(j["input_len_range"] == json::array({ 100, 4000 }));
        QCOMPARE(workloadFromJson(j), w);
        QCOMPARE(workloadFromJson(workloadToJson(Workload {})), Workload {});
        QVERIFY(!workloadToJson(Workload {}).contains("input_len_range"));
        // Absent fields keep vllm bench serve's defaults; unknown ones are ignored.
        QCOMPARE(workloadFromJson(json::object()), Workload {});
        const Workload partial = workloadFromJson(json { { "output_len", 64 }, { "future_field", true } });
        QCOMPARE(partial.outputLen, std::int64_t(64));
        QCOMPARE(partial.inputLen, std::int64_t(1024));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("zero output") << R"({"output_len": 0})"
                                     << "workload.output_len";
        QTest::newRow("negative input") << R"({"input_len": -5})"
                                        << "workload.input_len";
        QTest::newRow("string") << R"({"max_concurrency": "8"})"
                                << "workload.max_concurrency";
        QTest::newRow("fraction") << R"({"num_prompts": 2.5})"
                                  << "workload.num_prompts";
        QTest::newRow("huge rate") << R"({"request_rate": 1e9})"
                                   << "workload.request_rate";
        QTest::newRow("hit rate 1") << R"({"prefix_hit_rate": 1.0})"
                                    << "workload.prefix_hit_rate";
        QTest::newRow("range reversed") << R"({"input_len_range": [10, 5]})"
                                        << "workload.input_len_range";
        QTest::newRow("range shape") << R"({"input_len_range": [10]})"
                                     << "workload.input_len_range";
        QTest::newRow("seed above int64") << R"({"seed": 18446744073709551615})"
                                          << "workload.seed";
        QTest::newRow("not an object") << R"([1, 2])"
                                       << "workload:";
    }
    void refusals()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        try {
            (void)workloadFromJson(json::parse(text.toStdString()));
            QFAIL("accepted");
        } catch (const InputError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(field), e.what());
        }
    }

    // The envelope: "workload" is carried as text and written back; files without it have none.
    void planFileEnvelope()
    {
        PlanFile f;
        f.plan = makePlan("llama-3.1-8b", "h100-sxm", 1);
        QVERIFY(json::parse(planFileToJsonText(f)).count("workload") == 0);
        f.workload = workloadToJson(Workload {}).dump();
        const std::string text = planFileToJsonText(f);
        const json j = json::parse(text);
        QCOMPARE(j["schema"].get<std::string>(), std::string("shardscope.planfile/1"));
        QCOMPARE(j["workload"]["output_len"].get<std::int64_t>(), std::int64_t(128));
        const PlanFile back = planFileFromJsonText(text);
        QCOMPARE(back.plan, f.plan);
        QCOMPARE(workloadFromJson(json::parse(back.workload)), Workload {});
        json old = j;
        old.erase("workload");
        QVERIFY(planFileFromJsonText(old.dump()).workload.empty());
        old["workload"] = 5;
        QVERIFY_THROWS_EXCEPTION(InputError, planFileFromJsonText(old.dump(), "p.json"));
    }

    // The window shows the serving warnings in its language: each English warning has its sentence.
    // A 64 MiB KV pool on one GPU holds 64 MiB / 131,072 B = 512 tokens of Llama-3.1-8B (2 x 32 layers x
    // 8 KV heads x 128 x 2 B per token), so a 1024 + 128-token request never fits.
    void warningsAreSentences()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.maxModelLen = 8192; // no request of max_model_len fits: the simulation warns
        p.kvCacheMemoryBytes = 64 << 20;
        const EvaluatedPlan ev = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        QCOMPARE(ev.evaluation.kv.capacityTokens, std::int64_t(512));
        Workload w;
        w.numPrompts = 10;
        const ServingResult r = simulateServing(ev, w);
        QVERIFY(!r.warnings.empty());
        QCOMPARE(r.warningSentences.size(), r.warnings.size());
        for (size_t i = 0; i < r.warnings.size(); ++i)
            QCOMPARE(r.warningSentences[i].text(), r.warnings[i]);
        QCOMPARE(r.warningSentences.front().context, std::string("Serving"));
        QVERIFY(r.warningSentences.front().translatable);
    }

    // The run's mean step: over the whole run, prefill tokens = prompts x input and decode tokens =
    // prompts x (output - 1), so their per-step means keep that ratio.
    void meanStepRatio()
    {
        Plan p = makePlan("llama-3.1-8b", "h100-sxm", 1);
        p.maxModelLen = 8192;
        p.maxNumBatchedTokens = 2048;
        const EvaluatedPlan ev = evaluatePlan(p, presetModel("llama-3.1-8b"), presetGpu("h100-sxm"));
        Workload w;
        w.inputLen = 3000; // chunked over two steps at 2048
        w.outputLen = 50;
        w.maxConcurrency = 7;
        w.numPrompts = 40;
        const ServingResult r = simulateServing(ev, w);
        QCOMPARE(r.preemptions, std::int64_t(0));
        QVERIFY(r.meanStep.decodeTokens > 0);
        const double steps = static_cast<double>(r.steps);
        QCOMPARE(std::llround(r.meanStep.prefillTokens * steps), std::llround(40.0 * 3000));
        QCOMPARE(std::llround(r.meanStep.decodeTokens * steps), std::llround(40.0 * 49));
        QVERIFY(r.meanStepCost.totalSec > 0);
    }
};

QTEST_APPLESS_MAIN(TestWorkloadIo)
#include "tst_workloadio.moc"
