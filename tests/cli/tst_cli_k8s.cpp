// `shardscope export --target k8s`: the manifests parse back (PyYAML), validate against the shipped
// LeaderWorkerSet CRD and Kubernetes schemas (tests/data/k8s/SOURCES.md, python3-jsonschema), carry
// the plan's GPUs and commands, and the pods' shell scripts, run for real with stand-in programs after
// Kubernetes' own $(VAR) expansion, pass hostile model paths through as one inert argument.
#include "k8stestutil.h"

#include <QDir>
#include <QFile>
#include <QTest>

class TestCliK8s : public QObject
{
    Q_OBJECT
private slots:
    void singleNodeIsADeploymentAndAService();
    void multiNodeIsALeaderWorkerSetWithRay();
    void mpLauncherRanksWorkersFromTheirIndex();
    void serverWithEnvironmentStillRuns();
    void amdGpusAskForAmdResources();
    void hostileNamesStayData();
    void refusals();
    void outputDirWritesOneFilePerObject();
    void theCheckerRejectsBrokenManifests();
};

void TestCliK8s::singleNodeIsADeploymentAndAService()
{
    const CliResult r = exportK8s({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--tp", "2" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonArray docs = documents(c);
    QCOMPARE(docs.size(), 2);
    const QJsonValue dep = docs.at(0), svc = docs.at(1);
    QCOMPARE(dep[QStringLiteral("kind")].toString(), QStringLiteral("Deployment"));
    QCOMPARE(svc[QStringLiteral("kind")].toString(), QStringLiteral("Service"));
    // The model's repo made a DNS label: "meta-llama/Llama-3.1-8B" -> "meta-llama-llama-3-1-8b".
    QCOMPARE(at(dep, { "metadata", "name" }).toString(), QStringLiteral("meta-llama-llama-3-1-8b"));
    const QJsonValue pod = at(dep, { "spec", "template", "spec" });
    const QJsonValue box = at(pod, { "containers", 0 });
    // TP 2 on one node: 2 GPUs in the pod.
    QCOMPARE(at(box, { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("2"));
    const QStringList cmd = strings(box[QStringLiteral("command")]);
    QCOMPARE(cmd.mid(0, 3), (QStringList { "vllm", "serve", "meta-llama/Llama-3.1-8B" }));
    QVERIFY(cmd.join(QLatin1Char(' ')).contains(QStringLiteral("--tensor-parallel-size 2")));
    // /dev/shm is a memory-backed emptyDir (vLLM's k8s.md and lws.md).
    QCOMPARE(at(box, { "volumeMounts", 0, "mountPath" }).toString(), QStringLiteral("/dev/shm"));
    QCOMPARE(at(pod, { "volumes", 0, "name" }).toString(), at(box, { "volumeMounts", 0, "name" }).toString());
    QCOMPARE(at(pod, { "volumes", 0, "emptyDir", "medium" }).toString(), QStringLiteral("Memory"));
    QCOMPARE(at(box, { "image" }).toString().section(QLatin1Char(':'), 0, 0), QStringLiteral("vllm/vllm-openai"));
    // The Service selects exactly the Deployment's pods and forwards to vLLM's port 8000.
    QCOMPARE(at(svc, { "spec", "selector" }).toObject(), at(dep, { "spec", "selector", "matchLabels" }).toObject());
    const QJsonObject selector = at(svc, { "spec", "selector" }).toObject();
    QVERIFY(!selector.isEmpty());
    for (auto it = selector.begin(); it != selector.end(); ++it)
        QCOMPARE(at(dep, { "spec", "template", "metadata", "labels", it.key() }), it.value());
    QCOMPARE(at(svc, { "spec", "ports", 0, "targetPort" }).toInt(), 8000);
    QCOMPARE(at(box, { "ports", 0, "containerPort" }).toInt(), 8000);
    QCOMPARE(at(dep, { "spec", "replicas" }).toInt(), 1);
}

void TestCliK8s::multiNodeIsALeaderWorkerSetWithRay()
{
    // 405B at TP 8 x PP 2 on H100 nodes of 8: 16 GPUs = 2 nodes of 8, one LWS group of size 2.
    const CliResult r = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--replicas", "3" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonArray docs = documents(c);
    QCOMPARE(docs.size(), 2);
    const QJsonValue lws = docs.at(0);
    QCOMPARE(lws[QStringLiteral("apiVersion")].toString(), QStringLiteral("leaderworkerset.x-k8s.io/v1"));
    QCOMPARE(at(lws, { "spec", "replicas" }).toInt(), 3);
    QCOMPARE(at(lws, { "spec", "leaderWorkerTemplate", "size" }).toInt(), 2);
    const QJsonValue leader = at(lws, { "spec", "leaderWorkerTemplate", "leaderTemplate", "spec", "containers", 0 });
    const QJsonValue worker = at(lws, { "spec", "leaderWorkerTemplate", "workerTemplate", "spec", "containers", 0 });
    QCOMPARE(at(leader, { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("8"));
    QCOMPARE(at(worker, { "resources", "limits", "nvidia.com/gpu" }).toString(), QStringLiteral("8"));
    QCOMPARE(at(worker, { "volumeMounts", 0, "mountPath" }).toString(), QStringLiteral("/dev/shm"));
    // The Service reaches the leader only (lws.md: role: leader and the LWS name label).
    QCOMPARE(at(docs.at(1), { "spec", "selector", "role" }).toString(), QStringLiteral("leader"));
    QCOMPARE(at(docs.at(1), { "spec", "selector", "leaderworkerset.sigs.k8s.io/name" }).toString(),
        at(lws, { "metadata", "name" }).toString());

    // Run the two pods' commands: the leader starts the Ray head on its own IP, waits for 2 nodes and
    // runs vllm serve with the Ray executor; the worker joins the leader's address at Ray's port 6379.
    FakeTools tools(2);
    const QMap<QString, QString> leaderEnv { { "POD_IP", "10.1.2.3" }, { "LWS_WORKER_INDEX", "0" } };
    const QString leaderOut = tools.run(strings(leader[QStringLiteral("command")]), leaderEnv);
    QVERIFY2(leaderOut.startsWith(QStringLiteral("ray[start][--head][--node-ip-address=10.1.2.3][--port=6379]\n")),
        qPrintable(leaderOut));
    QVERIFY2(leaderOut.contains(QStringLiteral("vllm[serve][meta-llama/Llama-3.1-405B][--tensor-parallel-size][8]"
                                               "[--pipeline-parallel-size][2]")),
        qPrintable(leaderOut));
    QVERIFY(leaderOut.contains(QStringLiteral("[--distributed-executor-backend][ray]")));
    const QMap<QString, QString> workerEnv { { "LWS_LEADER_ADDRESS", "vllm-0.vllm.default" },
        { "LWS_WORKER_INDEX", "1" } };
    QCOMPARE(tools.run(strings(worker[QStringLiteral("command")]), workerEnv),
        QStringLiteral("ray[start][--block][--address=vllm-0.vllm.default:6379]\n"));
}

void TestCliK8s::mpLauncherRanksWorkersFromTheirIndex()
{
    // Llama-3.1-8B at TP 4 x DP 4 = 16 GPUs on nodes of 8: 2 nodes, each with 8 / 4 = 2 DP ranks; the
    // worker of index r starts at DP rank 2r (data_parallel_deployment.md), so index 1 starts at 2.
    const CliResult r
        = exportK8s({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--tp", "4", "--dp", "4", "--launcher", "mp" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonValue lws = documents(c).at(0);
    const QJsonValue worker = at(lws, { "spec", "leaderWorkerTemplate", "workerTemplate", "spec", "containers", 0 });
    const QJsonValue leader = at(lws, { "spec", "leaderWorkerTemplate", "leaderTemplate", "spec", "containers", 0 });
    FakeTools tools(2);
    const QString w = tools.run(
        strings(worker[QStringLiteral("command")]), { { "LWS_LEADER_ADDRESS", "lead" }, { "LWS_WORKER_INDEX", "1" } });
    QVERIFY2(w.contains(QStringLiteral("[--headless]")), qPrintable(w));
    QVERIFY2(w.contains(QStringLiteral("[--data-parallel-size-local][2][--data-parallel-start-rank][2]"
                                       "[--data-parallel-address][lead]")),
        qPrintable(w));
    const QString l = tools.run(strings(leader[QStringLiteral("command")]), { { "POD_IP", "10.0.0.7" } });
    QVERIFY2(l.contains(QStringLiteral("[--data-parallel-size-local][2][--data-parallel-address][10.0.0.7]")),
        qPrintable(l));
    QVERIFY(!l.contains(QStringLiteral("--headless")));

    // TP 8 x PP 2 with mp: --nnodes 2, the worker's --node-rank is its LWS index.
    const CliResult pp = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--launcher", "mp" });
    QCOMPARE(pp.exitCode, 0);
    const QJsonValue ppWorker = at(documents(check(pp.out)).at(0),
        { "spec", "leaderWorkerTemplate", "workerTemplate", "spec", "containers", 0, "command" });
    const QString ppOut
        = tools.run(strings(ppWorker), { { "LWS_LEADER_ADDRESS", "lead" }, { "LWS_WORKER_INDEX", "1" } });
    QVERIFY2(ppOut.contains(QStringLiteral("[--nnodes][2][--node-rank][1][--master-addr][lead][--master-port][29501]")),
        qPrintable(ppOut));
}

void TestCliK8s::serverWithEnvironmentStillRuns()
{
    // A custom layer split is VLLM_PP_LAYER_PARTITION before vllm serve; `exec NAME=value prog` would
    // look for a program called NAME=value, so the leader must still reach the server with the value
    // set: 126 layers split 60 + 66 over PP 2.
    const CliResult r = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--pp-layer-partition", "60,66" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    FakeTools tools(2);
    const QString out
        = tools.run(strings(at(documents(c).at(0),
                        { "spec", "leaderWorkerTemplate", "leaderTemplate", "spec", "containers", 0, "command" })),
            { { "POD_IP", "10.0.0.3" } });
    QVERIFY2(out.contains(QStringLiteral("\nvllm[serve][meta-llama/Llama-3.1-405B]")), qPrintable(out));
    QVERIFY2(out.endsWith(QStringLiteral("[--distributed-executor-backend][ray] pp=60,66\n")), qPrintable(out));
}

void TestCliK8s::amdGpusAskForAmdResources()
{
    const CliResult r = exportK8s({ "--model", "llama-3.1-70b", "--gpu", "mi300x", "--tp", "2" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonValue box = at(documents(c).at(0), { "spec", "template", "spec", "containers", 0 });
    const QJsonObject limits = at(box, { "resources", "limits" }).toObject();
    QCOMPARE(limits.keys(), QStringList { QStringLiteral("amd.com/gpu") });
    QCOMPARE(limits.value(QStringLiteral("amd.com/gpu")).toString(), QStringLiteral("2"));
    QVERIFY(box[QStringLiteral("image")].toString().startsWith(QStringLiteral("vllm/vllm-openai-rocm:v")));
}

void TestCliK8s::hostileNamesStayData()
{
    // Quotes, $(...), ${...}, backticks, a YAML comment and mapping, a template and a document marker:
    // as the model path it is one argument of vllm serve, and it reads back unchanged.
    const QString evil = QStringLiteral("ev\"il' $(touch pwned) ${HOME} `id` #x: {{ .Values }} --- &a *a !!str");
    FakeTools tools(1);
    const CliResult r = exportK8s({ "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--model-path", evil, "--name",
        QStringLiteral("-\"bad\nname {{ x }}") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = check(r.out);
    QCOMPARE(errorsOf(c), QStringList());
    const QJsonValue dep = documents(c).at(0);
    QCOMPARE(at(dep, { "metadata", "annotations", "shardscope/model" }).toString(), evil);
    // The name became a DNS-1123 label: "-\"bad\nname {{ x }}" -> "bad-name-x".
    QCOMPARE(at(dep, { "metadata", "name" }).toString(), QStringLiteral("bad-name-x"));
    const QStringList cmd = strings(at(dep, { "spec", "template", "spec", "containers", 0, "command" }));
    // In the manifest every '$' is doubled, so Kubernetes hands the program the text as written.
    QCOMPARE(cmd.at(2), QString(evil).replace(QStringLiteral("$"), QStringLiteral("$$")));
    const QString out = tools.run(cmd, { { "HOME", "/nowhere" } });
    QVERIFY2(out.startsWith(QStringLiteral("vllm[serve][") + evil + QStringLiteral("][--tensor-parallel-size]")),
        qPrintable(out));
    QVERIFY(!QFile::exists(tools.dir.filePath(QStringLiteral("pwned"))));

    // Multi-node: the path goes through the leader's shell script, shell-quoted.
    const CliResult m = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--model-path", evil });
    QCOMPARE(m.exitCode, 0);
    const QJsonObject mc = check(m.out);
    QCOMPARE(errorsOf(mc), QStringList());
    FakeTools two(2);
    const QString leaderOut
        = two.run(strings(at(documents(mc).at(0),
                      { "spec", "leaderWorkerTemplate", "leaderTemplate", "spec", "containers", 0, "command" })),
            { { "POD_IP", "10.0.0.1" }, { "HOME", "/nowhere" } });
    QVERIFY2(leaderOut.contains(QStringLiteral("vllm[serve][") + evil + QStringLiteral("]")), qPrintable(leaderOut));
    QVERIFY(!QFile::exists(two.dir.filePath(QStringLiteral("pwned"))));
}

void TestCliK8s::refusals()
{
    const struct
    {
        QStringList args;
        const char *says;
    } cases[] = {
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--model-path", "-rf" }, "starts with '-'" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--model-path", "a\nb" }, "control characters" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--image", "x\ny" }, "not an image reference" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--image", "--privileged" }, "not an image reference" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--replicas", "0" }, "--replicas 0" },
        { { "--model", "llama-3.1-8b", "--gpu", "gaudi3" }, "no Kubernetes GPU resource" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--script" }, "does not apply to --target k8s" },
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--format", "text" }, "--target k8s writes yaml" },
        // A disaggregated plan's pools take their instances as replicas: a plan-wide count is refused.
        { { "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--serving-mode", "disaggregated", "--replicas", "2" },
            "--replicas does not apply to a disaggregated plan" },
    };
    for (const auto &k : cases) {
        const CliResult r = exportK8s(k.args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("shardscope export: error: "), r.err.constData());
        QVERIFY2(r.err.contains(k.says), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }
    const CliResult notK8s
        = runShardscope({ "export", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--replicas", "2" });
    QCOMPARE(notK8s.exitCode, 2);
    QVERIFY(notK8s.err.contains("applies to --target k8s only"));
}

void TestCliK8s::outputDirWritesOneFilePerObject()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("manifests"));
    const CliResult r = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--name", "big", "--output-dir", out });
    QCOMPARE(r.exitCode, 0);
    QStringList files = QDir(out).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList { "leaderworkerset-big.yaml", "service-big.yaml" }));
    QByteArray all;
    for (const QString &f : files) {
        QFile file(QDir(out).filePath(f));
        QVERIFY(file.open(QIODevice::ReadOnly));
        all += "---\n" + file.readAll();
    }
    const QJsonObject c = check(all);
    QCOMPARE(errorsOf(c), QStringList());
    QCOMPARE(at(documents(c).at(0), { "metadata", "name" }).toString(), QStringLiteral("big"));
    // The same documents as on stdout.
    const CliResult stdoutRun = exportK8s({ "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
        "--kv-cache-dtype", "fp8", "--name", "big" });
    QCOMPARE(documents(check(stdoutRun.out)), documents(c));
}

void TestCliK8s::theCheckerRejectsBrokenManifests()
{
    // The checker can fail: a misspelt field, a wrong type and a missing container name are caught.
    const QByteArray broken = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n"
                              "spec:\n  replicas: \"two\"\n  selector: {matchLabels: {a: b}}\n"
                              "  template:\n    metadata: {labels: {a: b}}\n"
                              "    spec:\n      containers:\n      - image: x\n        comand: [x]\n";
    const QStringList errors = errorsOf(check(broken));
    QVERIFY2(errors.join(QLatin1Char('\n')).contains(QStringLiteral("'two' is not of type 'integer'")),
        qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(errors.join(QLatin1Char('\n')).contains(QStringLiteral("comand")));
    QVERIFY(errors.join(QLatin1Char('\n')).contains(QStringLiteral("'name' is a required property")));
    const QByteArray lws = "apiVersion: leaderworkerset.x-k8s.io/v1\nkind: LeaderWorkerSet\nmetadata: {name: x}\n"
                           "spec: {leaderWorkerTemplate: {size: one, workerTemplate: {}}}\n";
    QVERIFY(errorsOf(check(lws)).join(QLatin1Char('\n')).contains(QStringLiteral("'one' is not of type 'integer'")));
    QVERIFY(!errorsOf(check("key: [unclosed\n")).isEmpty());
}

QTEST_GUILESS_MAIN(TestCliK8s)
#include "tst_cli_k8s.moc"
