// `shardscope export --target k8s --serving-mode disaggregated`: one instance set per pool, parsed back
// (PyYAML) and validated against the shipped schemas (tests/data/k8s), the counts of a 2P1D plan worked
// out by hand, each pool's `vllm serve` with its kv_role and NIXL side channel, imported back as the
// pool's plan, and run with stand-in programs; hostile model paths stay one inert argument.
#include "k8stestutil.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace {

const QStringList kSmall2P1D = { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--serving-mode", "disaggregated",
    "--prefill-tp", "1", "--prefill-instances", "2", "--decode-tp", "2", "--prefill-max-num-batched-tokens", "16384",
    "--decode-max-num-seqs", "128" };

// Llama-3.1-405B at TP 8 x PP 2 on H100 nodes of 8 GPUs: 16 GPUs = 2 nodes per instance.
const QStringList kBig2P1D = { "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
    "--kv-cache-dtype", "fp8", "--serving-mode", "disaggregated", "--prefill-instances", "2" };

QJsonValue container(const QJsonValue &deployment)
{
    return at(deployment, { "spec", "template", "spec", "containers", 0 });
}

// The value after `flag` in an argument list ("" when absent).
QString flagValue(const QStringList &words, const QString &flag)
{
    const int i = words.indexOf(flag);
    return i >= 0 && i + 1 < words.size() ? words.at(i + 1) : QString();
}

// The container's environment: literal values, and "fieldRef:<path>" for the downward API.
QMap<QString, QString> envOf(const QJsonValue &box)
{
    QMap<QString, QString> out;
    for (const QJsonValue &e : box[QStringLiteral("env")].toArray()) {
        const QString field = at(e, { "valueFrom", "fieldRef", "fieldPath" }).toString();
        out.insert(e[QStringLiteral("name")].toString(),
            field.isEmpty() ? e[QStringLiteral("value")].toString() : QStringLiteral("fieldRef:") + field);
    }
    return out;
}

bool selects(const QJsonObject &selector, const QJsonObject &labels)
{
    for (auto it = selector.begin(); it != selector.end(); ++it)
        if (labels.value(it.key()) != it.value())
            return false;
    return !selector.isEmpty();
}

QJsonValue leaderOf(const QJsonValue &lws)
{
    return at(lws, { "spec", "leaderWorkerTemplate", "leaderTemplate", "spec", "containers", 0 });
}

QJsonValue workerOf(const QJsonValue &lws)
{
    return at(lws, { "spec", "leaderWorkerTemplate", "workerTemplate", "spec", "containers", 0 });
}

} // namespace

class TestCliK8sDisagg : public QObject
{
    Q_OBJECT
private slots:
    void onePoolOneSet();
    void eachPoolImportsBackAsItsPlan();
    void multiNodePoolsAreLeaderWorkerSets();
    void mpWorkersAdvertiseTheirOwnAddress();
    void eachPoolHasItsOwnGpuType();
    void hostileModelPathStaysOneArgument();
    void outputDirJsonAndOptions();
    void refusals();
};

void TestCliK8sDisagg::onePoolOneSet()
{
    const CliResult r = exportK8s(kSmall2P1D);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonArray docs = documents(c);
    // Two single-node pools: a Deployment and a Service each, prefill first.
    QCOMPARE(docs.size(), 4);
    QStringList kinds, names;
    for (const QJsonValue &d : docs) {
        kinds << d[QStringLiteral("kind")].toString();
        names << at(d, { "metadata", "name" }).toString();
    }
    QCOMPARE(kinds, (QStringList { "Deployment", "Service", "Deployment", "Service" }));
    QCOMPARE(names,
        (QStringList { "meta-llama-llama-3-1-8b-prefill", "meta-llama-llama-3-1-8b-prefill",
            "meta-llama-llama-3-1-8b-decode", "meta-llama-llama-3-1-8b-decode" }));
    const QJsonValue prefill = docs.at(0), decode = docs.at(2);
    // 2P1D: 2 prefill replicas of TP 1 (1 GPU each), 1 decode replica of TP 2 (2 GPUs): 2 x 1 + 1 x 2 = 4 GPUs.
    QCOMPARE(at(prefill, { "spec", "replicas" }).toInt(), 2);
    QCOMPARE(at(decode, { "spec", "replicas" }).toInt(), 1);
    QCOMPARE(at(container(prefill), { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("1"));
    QCOMPARE(at(container(decode), { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("2"));
    for (const auto &[doc, component] : { std::pair { prefill, "prefill" }, std::pair { decode, "decode" } }) {
        QCOMPARE(at(doc, { "spec", "template", "metadata", "labels", "app.kubernetes.io/component" }).toString(),
            QString::fromLatin1(component));
        QCOMPARE(at(doc, { "metadata", "labels", "app.kubernetes.io/component" }).toString(),
            QString::fromLatin1(component));
    }
    // Each Service selects its own pool's pods and not the other pool's.
    const QJsonObject prefillPods = at(prefill, { "spec", "template", "metadata", "labels" }).toObject();
    const QJsonObject decodePods = at(decode, { "spec", "template", "metadata", "labels" }).toObject();
    const QJsonObject prefillSelector = at(docs.at(1), { "spec", "selector" }).toObject();
    const QJsonObject decodeSelector = at(docs.at(3), { "spec", "selector" }).toObject();
    QVERIFY(selects(prefillSelector, prefillPods));
    QVERIFY(!selects(prefillSelector, decodePods));
    QVERIFY(selects(decodeSelector, decodePods));
    QVERIFY(!selects(decodeSelector, prefillPods));

    // Each pool's server: NixlConnector with the guide's roles (kv_producer on prefill, kv_consumer on
    // decode), its OpenAI port the one the probe and the Service use, and the NIXL side channel on the
    // pod's own IP at the guide's port 5600.
    for (const auto &[doc, role] : { std::pair { prefill, "kv_producer" }, std::pair { decode, "kv_consumer" } }) {
        const QJsonValue box = container(doc);
        const QStringList cmd = strings(box[QStringLiteral("command")]);
        QCOMPARE(cmd.mid(0, 3), (QStringList { "vllm", "serve", "meta-llama/Llama-3.1-8B" }));
        const QJsonObject kv
            = QJsonDocument::fromJson(flagValue(cmd, QStringLiteral("--kv-transfer-config")).toUtf8()).object();
        QCOMPARE(kv.value(QStringLiteral("kv_connector")).toString(), QStringLiteral("NixlConnector"));
        QCOMPARE(kv.value(QStringLiteral("kv_role")).toString(), QString::fromLatin1(role));
        QCOMPARE(flagValue(cmd, QStringLiteral("--port")), QStringLiteral("8000"));
        QCOMPARE(at(box, { "ports", 0, "containerPort" }).toInt(), 8000);
        QCOMPARE(at(box, { "readinessProbe", "httpGet", "port" }).toInt(), 8000);
        const QMap<QString, QString> env = envOf(box);
        QCOMPARE(env.value(QStringLiteral("VLLM_NIXL_SIDE_CHANNEL_HOST")), QStringLiteral("fieldRef:status.podIP"));
        QCOMPARE(env.value(QStringLiteral("VLLM_NIXL_SIDE_CHANNEL_PORT")), QStringLiteral("5600"));
    }
    QCOMPARE(at(docs.at(1), { "spec", "ports", 0, "targetPort" }).toInt(), 8000);
    QCOMPARE(at(docs.at(3), { "spec", "ports", 0, "targetPort" }).toInt(), 8000);
    // The notes say that no router is written and name both Services for the one in front.
    QVERIFY(r.out.contains("# no router is written"));
    QVERIFY(r.out.contains("--prefill http://meta-llama-llama-3-1-8b-prefill:8000 --decode "
                           "http://meta-llama-llama-3-1-8b-decode:8000"));
}

void TestCliK8sDisagg::eachPoolImportsBackAsItsPlan()
{
    const CliResult r = exportK8s(kSmall2P1D);
    QCOMPARE(r.exitCode, 0);
    const QJsonArray docs = documents(check(r.out));
    QCOMPARE(docs.size(), 4);
    // The pools as the flags set them: prefill TP 1 with 16384 batched tokens, decode TP 2 with 128
    // sequences; the settings not given are vLLM's defaults for `vllm serve` on a GPU of at least 70 GiB
    // that is not an A100 (H100 SXM: 80 GB): max_num_seqs 1024, max_num_batched_tokens 8192
    // (EngineArgs.get_batch_defaults, vllm/engine/arg_utils.py).
    const struct
    {
        int doc, tp, maxNumSeqs, batchedTokens;
    } pools[] = { { 0, 1, 1024, 16384 }, { 2, 2, 128, 8192 } };
    for (const auto &p : pools) {
        const QStringList cmd = strings(container(docs.at(p.doc))[QStringLiteral("command")]);
        const CliResult imported = runShardscope(QStringList { QStringLiteral("import"), QStringLiteral("--gpu"),
                                                     QStringLiteral("h100-sxm"), QStringLiteral("--") }
            + cmd);
        QCOMPARE(imported.exitCode, 0);
        const QJsonObject j = imported.json();
        QCOMPARE(j.value(QStringLiteral("preset")).toString(), QStringLiteral("llama-3.1-8b"));
        QCOMPARE(j.value(QStringLiteral("unknown_flags")).toArray(), QJsonArray());
        const QJsonObject plan = j.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("tp")).toInt(), p.tp);
        QCOMPARE(plan.value(QStringLiteral("pp")).toInt(), 1);
        QCOMPARE(plan.value(QStringLiteral("dp")).toInt(), 1);
        QCOMPARE(plan.value(QStringLiteral("max_num_seqs")).toInteger(), p.maxNumSeqs);
        QCOMPARE(plan.value(QStringLiteral("max_num_batched_tokens")).toInteger(), p.batchedTokens);
    }
}

void TestCliK8sDisagg::multiNodePoolsAreLeaderWorkerSets()
{
    const CliResult r = exportK8s(kBig2P1D);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonArray docs = documents(c);
    QCOMPARE(docs.size(), 4);
    const QJsonValue prefill = docs.at(0), decode = docs.at(2);
    QCOMPARE(prefill[QStringLiteral("kind")].toString(), QStringLiteral("LeaderWorkerSet"));
    QCOMPARE(decode[QStringLiteral("kind")].toString(), QStringLiteral("LeaderWorkerSet"));
    // 2 prefill groups and 1 decode group, each of 2 pods (nodes) with 8 GPUs.
    QCOMPARE(at(prefill, { "spec", "replicas" }).toInt(), 2);
    QCOMPARE(at(decode, { "spec", "replicas" }).toInt(), 1);
    QCOMPARE(at(prefill, { "spec", "leaderWorkerTemplate", "size" }).toInt(), 2);
    QCOMPARE(at(decode, { "spec", "leaderWorkerTemplate", "size" }).toInt(), 2);
    QCOMPARE(at(leaderOf(decode), { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("8"));
    // Each Service reaches its own set's leaders.
    QCOMPARE(at(docs.at(1), { "spec", "selector", "leaderworkerset.sigs.k8s.io/name" }).toString(),
        QStringLiteral("meta-llama-llama-3-1-405b-prefill"));
    QCOMPARE(at(docs.at(3), { "spec", "selector", "leaderworkerset.sigs.k8s.io/name" }).toString(),
        QStringLiteral("meta-llama-llama-3-1-405b-decode"));
    QCOMPARE(at(docs.at(3), { "spec", "selector", "role" }).toString(), QStringLiteral("leader"));

    // Ray (the documented LWS recipe): the leader starts the head on its IP, waits for both nodes and
    // execs vllm serve with the pool's role and its own IP as the NIXL side channel; workers join.
    FakeTools tools(2);
    for (const auto &[lws, role] : { std::pair { prefill, "kv_producer" }, std::pair { decode, "kv_consumer" } }) {
        const QString out = tools.run(strings(leaderOf(lws)[QStringLiteral("command")]), { { "POD_IP", "10.1.0.5" } });
        QVERIFY2(out.startsWith(QStringLiteral("ray[start][--head][--node-ip-address=10.1.0.5][--port=6379]\n")),
            qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("[--kv-transfer-config][{\"kv_connector\":\"NixlConnector\","
                                             "\"kv_role\":\"")
                     + QLatin1String(role) + QStringLiteral("\"}] nixl=10.1.0.5:5600\n")),
            qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("[--distributed-executor-backend][ray]")));
        QVERIFY(out.contains(QStringLiteral("[--port][8000]")));
        QCOMPARE(tools.run(strings(workerOf(lws)[QStringLiteral("command")]),
                     { { "LWS_LEADER_ADDRESS", "lead" }, { "LWS_WORKER_INDEX", "1" } }),
            QStringLiteral("ray[start][--block][--address=lead:6379]\n"));
    }
}

void TestCliK8sDisagg::mpWorkersAdvertiseTheirOwnAddress()
{
    // With vLLM's own multi-node launch every pod runs vllm serve; a worker's side channel is its own
    // pod IP (POD_IP from the downward API), its rendezvous the leader's address.
    const CliResult r = exportK8s(kBig2P1D + QStringList { "--launcher", "mp" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonValue decode = documents(c).at(2);
    QCOMPARE(envOf(workerOf(decode)).value(QStringLiteral("POD_IP")), QStringLiteral("fieldRef:status.podIP"));
    FakeTools tools(2);
    const QString w = tools.run(strings(workerOf(decode)[QStringLiteral("command")]),
        { { "POD_IP", "10.2.0.9" }, { "LWS_LEADER_ADDRESS", "lead" }, { "LWS_WORKER_INDEX", "1" } });
    QVERIFY2(w.contains(QStringLiteral("[--nnodes][2][--node-rank][1][--master-addr][lead]")), qPrintable(w));
    QVERIFY2(w.contains(QStringLiteral("[--headless]")), qPrintable(w));
    QVERIFY2(w.endsWith(QStringLiteral("\"kv_role\":\"kv_consumer\"}] nixl=10.2.0.9:5600\n")), qPrintable(w));
    const QString l = tools.run(strings(leaderOf(decode)[QStringLiteral("command")]), { { "POD_IP", "10.2.0.1" } });
    QVERIFY2(l.contains(QStringLiteral("[--node-rank][0][--master-addr][10.2.0.1]")), qPrintable(l));
    QVERIFY2(l.endsWith(QStringLiteral(" nixl=10.2.0.1:5600\n")), qPrintable(l));
}

void TestCliK8sDisagg::eachPoolHasItsOwnGpuType()
{
    // Prefill on H100 (NVIDIA's device plugin), decode on MI300X (ROCm's): each set asks for its own
    // resource and, with no --image, its vendor's image.
    const CliResult r = exportK8s({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--serving-mode", "disaggregated",
        "--decode-gpu", "mi300x" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonValue prefill = container(documents(c).at(0)), decode = container(documents(c).at(2));
    QCOMPARE(at(prefill, { "resources", "limits" }).toObject().keys(), QStringList { "nvidia.com/gpu" });
    QCOMPARE(at(decode, { "resources", "limits" }).toObject().keys(), QStringList { "amd.com/gpu" });
    QVERIFY(prefill[QStringLiteral("image")].toString().startsWith(QStringLiteral("vllm/vllm-openai:v")));
    QVERIFY(decode[QStringLiteral("image")].toString().startsWith(QStringLiteral("vllm/vllm-openai-rocm:v")));
}

void TestCliK8sDisagg::hostileModelPathStaysOneArgument()
{
    const QString evil = QStringLiteral("ev\"il' $(touch pwned) ${HOME} `id` #x: {{ .Values }} --- &a *a !!str");
    const CliResult r = exportK8s(kSmall2P1D + QStringList { "--model-path", evil });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    FakeTools tools(1);
    for (const int i : { 0, 2 }) {
        const QJsonValue doc = documents(c).at(i);
        QCOMPARE(at(doc, { "metadata", "annotations", "shardscope/model" }).toString(), evil);
        const QStringList cmd = strings(container(doc)[QStringLiteral("command")]);
        // Every '$' doubled in the manifest, so Kubernetes hands the program the text as written.
        QCOMPARE(cmd.at(2), QString(evil).replace(QStringLiteral("$"), QStringLiteral("$$")));
        const QString out = tools.run(cmd, { { "HOME", "/nowhere" } });
        QVERIFY2(out.startsWith(QStringLiteral("vllm[serve][") + evil + QStringLiteral("][--tensor-parallel-size]")),
            qPrintable(out));
    }
    // Multi-node: through the leader's shell script, shell-quoted.
    const CliResult m = exportK8s(kBig2P1D + QStringList { "--model-path", evil });
    QCOMPARE(m.exitCode, 0);
    const QJsonObject mc = check(m.out);
    QCOMPARE(errorsOf(mc), QStringList());
    FakeTools two(2);
    const QString leaderOut = two.run(strings(leaderOf(documents(mc).at(2))[QStringLiteral("command")]),
        { { "POD_IP", "10.0.0.1" }, { "HOME", "/nowhere" } });
    QVERIFY2(leaderOut.contains(QStringLiteral("vllm[serve][") + evil + QStringLiteral("]")), qPrintable(leaderOut));
    QVERIFY(!QFile::exists(tools.dir.filePath(QStringLiteral("pwned"))));
    QVERIFY(!QFile::exists(two.dir.filePath(QStringLiteral("pwned"))));
}

void TestCliK8sDisagg::outputDirJsonAndOptions()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("m"));
    const QStringList named
        = kSmall2P1D + QStringList { "--name", "pd", "--namespace", "serving", "--image", "registry.example/vllm:pd" };
    const CliResult r = exportK8s(named + QStringList { "--output-dir", out });
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QDir(out).entryList(QDir::Files, QDir::Name),
        (QStringList { "deployment-pd-decode.yaml", "deployment-pd-prefill.yaml", "service-pd-decode.yaml",
            "service-pd-prefill.yaml" }));
    QByteArray all;
    for (const QString &f : QDir(out).entryList(QDir::Files, QDir::Name)) {
        QFile file(QDir(out).filePath(f));
        QVERIFY(file.open(QIODevice::ReadOnly));
        all += "---\n" + file.readAll();
    }
    const QJsonObject c = check(all);
    QCOMPARE(errorsOf(c), QStringList());
    for (const QJsonValue &d : documents(c))
        QCOMPARE(at(d, { "metadata", "namespace" }).toString(), QStringLiteral("serving"));
    QCOMPARE(
        container(documents(c).at(0))[QStringLiteral("image")].toString(), QStringLiteral("registry.example/vllm:pd"));
    QCOMPARE(
        container(documents(c).at(1))[QStringLiteral("image")].toString(), QStringLiteral("registry.example/vllm:pd"));

    const CliResult j = exportK8s(named + QStringList { "--format", "json" });
    QCOMPARE(j.exitCode, 0);
    QCOMPARE(j.json().value(QStringLiteral("serving_mode")).toString(), QStringLiteral("disaggregated"));
    QStringList components;
    for (const QJsonValue &o : j.json().value(QStringLiteral("objects")).toArray())
        components << o[QStringLiteral("component")].toString();
    QCOMPARE(components, (QStringList { "prefill", "prefill", "decode", "decode" }));
    const CliResult agg = exportK8s({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--format", "json" });
    QCOMPARE(agg.json().value(QStringLiteral("serving_mode")).toString(), QStringLiteral("aggregated"));
    QVERIFY(at(agg.json(), { "objects", 0, "component" }).isNull());
}

void TestCliK8sDisagg::refusals()
{
    const struct
    {
        QStringList args;
        const char *says;
    } cases[] = {
        { kSmall2P1D + QStringList { "--replicas", "3" }, "--replicas does not apply to a disaggregated plan" },
        { kSmall2P1D + QStringList { "--prefill-gpu", "gaudi3" }, "prefill pool: no Kubernetes GPU resource" },
        { kSmall2P1D + QStringList { "--image", "--privileged" }, "not an image reference" },
        { kSmall2P1D + QStringList { "--model-path", "-rf" }, "starts with '-'" },
        { kSmall2P1D + QStringList { "--head-address", "10.0.0.1" }, "does not apply to --target k8s" },
    };
    for (const auto &k : cases) {
        const CliResult r = exportK8s(k.args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("shardscope export: error: "), r.err.constData());
        QVERIFY2(r.err.contains(k.says), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestCliK8sDisagg)
#include "tst_cli_k8sdisagg.moc"
