// The launch of a disaggregated plan (issue #18 §2): one vllm serve per instance and node with
// --kv-transfer-config, the proxy, and each pool's command imported back as the pool's plan.
#include "core/launch/disaggexport.h"
#include "core/launch/launchimport.h"
#include "core/launch/vllmflags.h"
#include "tests/common/testutils.h"

#include <nlohmann/json.hpp>

using namespace shardscope;

namespace {

struct Pools
{
    Plan plan;
    EvaluatedPlan prefill, decode;
};

// Llama-3.1-70B: 2 prefill instances of TP 4, 3 decode instances of TP 8, on H100 SXM (8 per node).
Pools llama70b()
{
    Plan p = makePlan("llama-3.1-70b", "h100-sxm", 1);
    p.maxModelLen = 8192;
    p.servingMode = ServingMode::Disaggregated;
    p.prefill = PoolPlan { 4, 1, 1, 1, "", 2, 0, 16384 };
    p.decode = PoolPlan { 8, 1, 1, 1, "", 3, 256, 0 };
    const ModelSpec m = presetModel("llama-3.1-70b");
    const GpuSpec g = presetGpu("h100-sxm");
    return { p, evaluatePlan(poolPlan(p, Pool::Prefill), m, g), evaluatePlan(poolPlan(p, Pool::Decode), m, g) };
}

std::string optionValue(const LaunchCommand &cmd, const std::string &flag)
{
    for (const LaunchOption &o : cmd.options)
        if (o.flag == flag && !o.values.empty())
            return o.values.front().render();
    return {};
}

} // namespace

class TestDisaggExport : public QObject
{
    Q_OBJECT
private slots:
    // vLLM's KVTransferConfig (vllm/config/kv_transfer.py @ 007c643b) has kv_connector and kv_role, whose
    // values are kv_producer, kv_consumer, kv_both; nothing else is a key or a role.
    void kvTransferConfigKeys()
    {
        QVERIFY(isKvTransferConfigKey("kv_connector"));
        QVERIFY(isKvTransferConfigKey("kv_role"));
        QVERIFY(!isKvTransferConfigKey("kv_mode"));
        QVERIFY(isKvRole("kv_producer") && isKvRole("kv_consumer") && isKvRole("kv_both"));
        QVERIFY(!isKvRole("producer"));
        QCOMPARE(kvTransferConfigJson(KvConnector::Nixl, Pool::Prefill),
            std::string("{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}"));
        QCOMPARE(kvTransferConfigJson(KvConnector::Nixl, Pool::Decode),
            std::string("{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}"));
    }

    // 2 prefill + 3 decode single-node instances: 5 vllm serve commands, prefillers on ports 8100, 8101,
    // decoders on 8102..8104; side-channel ports 5600, 5601 (dp 1 each), then 5602..5604; the proxy
    // lists the five addresses and ports.
    void blocksPerInstance()
    {
        const Pools pools = llama70b();
        QVERIFY(pools.prefill.evaluation.fits && pools.decode.evaluation.fits);
        const DisaggExportResult r = exportDisaggregated(
            pools.plan, pools.prefill.evaluation, pools.decode.evaluation, pools.prefill.model, ExportOptions {});
        QVERIFY2(r.ok, r.refusal.c_str());
        const std::vector<const LaunchCommand *> serves = r.serverCommands();
        QCOMPARE(int(serves.size()), 5);
        for (int i = 0; i < 5; ++i) {
            const LaunchCommand &c = *serves[std::size_t(i)];
            QCOMPARE(optionValue(c, "--port"), std::to_string(8100 + i));
            const std::string config = c.options.back().values.front().parts.front().text;
            QCOMPARE(c.options.back().flag, std::string("--kv-transfer-config"));
            const nlohmann::json j = nlohmann::json::parse(config);
            QCOMPARE(j["kv_connector"].get<std::string>(), std::string("NixlConnector"));
            QCOMPARE(j["kv_role"].get<std::string>(), std::string(i < 2 ? "kv_producer" : "kv_consumer"));
            bool port = false, host = false;
            for (const auto &[name, value] : c.env) {
                if (name == "VLLM_NIXL_SIDE_CHANNEL_PORT") {
                    QCOMPARE(value.render(), std::to_string(5600 + i));
                    port = true;
                }
                host = host || name == "VLLM_NIXL_SIDE_CHANNEL_HOST";
            }
            QVERIFY(port && host);
            QCOMPARE(optionValue(c, "--tensor-parallel-size"), std::string(i < 2 ? "4" : "8"));
        }
        const std::string proxy = r.proxy.render();
        QVERIFY(proxy.find("toy_proxy_server.py") != std::string::npos);
        QVERIFY(proxy.find("--prefiller-hosts \"$PREFILL0_IP\" \"$PREFILL1_IP\"") != std::string::npos);
        QVERIFY(proxy.find("--decoder-ports 8102 8103 8104") != std::string::npos);
        // Every flag of every command is in the release's flag table.
        for (const LaunchCommand *c : serves)
            for (const std::string &f : c->flags())
                QVERIFY2(vllmKnowsFlag(f, resolvedVllmVersion(pools.plan.vllmVersion)), f.c_str());
        const nlohmann::json j = disaggExportToJson(r);
        QCOMPARE(j["instances"].size(), std::size_t(5));
        QCOMPARE(j["proxy"]["port"].get<int>(), 8192);
    }

    // Pass-through options reach every pool's servers after the pool's flags; the instance's own --port wins.
    void passThroughOptions()
    {
        const Pools pools = llama70b();
        ExportOptions o;
        o.vllmExtraArgs = { { "--port", "9000" }, { "--served-model-name", "llama" } };
        const DisaggExportResult r = exportDisaggregated(
            pools.plan, pools.prefill.evaluation, pools.decode.evaluation, pools.prefill.model, o);
        QVERIFY2(r.ok, r.refusal.c_str());
        for (const LaunchCommand *c : r.serverCommands()) {
            QCOMPARE(optionValue(*c, "--served-model-name"), std::string("llama"));
            int ports = 0;
            for (const LaunchOption &opt : c->options)
                ports += opt.flag == "--port";
            QCOMPARE(ports, 1);
            QVERIFY(optionValue(*c, "--port") != "9000");
        }
        QVERIFY(std::find(
                    r.notes.begin(), r.notes.end(), "pass-through --port left out: each instance has its own API port")
            != r.notes.end());
    }

    // Export -> import of each pool's vllm serve gives that pool's plan: sizes and batch settings.
    void importRoundTrip()
    {
        const Pools pools = llama70b();
        const DisaggExportResult r = exportDisaggregated(
            pools.plan, pools.prefill.evaluation, pools.decode.evaluation, pools.prefill.model, ExportOptions {});
        QVERIFY(r.ok);
        const std::vector<const LaunchCommand *> serves = r.serverCommands();
        const ImportedCommand pre = importLaunchCommand(serves.front()->render());
        const ImportedCommand dec = importLaunchCommand(serves.back()->render());
        for (const auto &[imported, ev] :
            { std::pair { &pre, &pools.prefill.evaluation }, std::pair { &dec, &pools.decode.evaluation } }) {
            const Plan &got = imported->plan;
            const Plan &want = ev->plan;
            QCOMPARE(got.tp, want.tp);
            QCOMPARE(got.pp, want.pp);
            QCOMPARE(got.dp, want.dp);
            QCOMPARE(got.maxModelLen, want.maxModelLen);
            QCOMPARE(got.maxNumSeqs, want.maxNumSeqs);
            QCOMPARE(got.maxNumBatchedTokens, want.maxNumBatchedTokens);
            QCOMPARE(got.gpuMemoryUtilization, want.gpuMemoryUtilization);
            QVERIFY(imported->unknownFlags.empty());
        }
        QCOMPARE(pre.plan.tp, 4);
        QCOMPARE(pre.plan.maxNumBatchedTokens, std::int64_t(16384));
        QCOMPARE(dec.plan.tp, 8);
        QCOMPARE(dec.plan.maxNumSeqs, std::int64_t(256));
    }

    // A pool that does not fit is refused, naming the pool.
    void poolRefusalIsNamed()
    {
        Pools pools = llama70b();
        pools.plan.decode.tp = 1; // 70B in BF16 (141 GB) on one 80 GB GPU
        const Plan dec = poolPlan(pools.plan, Pool::Decode);
        const EvaluatedPlan d = evaluatePlan(dec, presetModel("llama-3.1-70b"), presetGpu("h100-sxm"));
        const DisaggExportResult r = exportDisaggregated(
            pools.plan, pools.prefill.evaluation, d.evaluation, pools.prefill.model, ExportOptions {});
        QVERIFY(!r.ok);
        QVERIFY(r.refusal.rfind("decode pool: ", 0) == 0);
    }
};

QTEST_APPLESS_MAIN(TestDisaggExport)
#include "tst_disaggexport.moc"
