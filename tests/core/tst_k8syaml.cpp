// The pieces of the Kubernetes export that need no cluster and no YAML parser: YAML double-quoted
// scalars (YAML 1.2 §5.7 escapes), the block writer's exact text, DNS-1123 names and the GPU resource
// names. tst_cli_k8s parses and validates whole manifests.
#include "core/launch/k8sexport.h"
#include "core/text/sanitizeyaml.h"
#include "core/text/yamlnode.h"

#include <QTest>

using namespace shardscope;

class TestK8sYaml : public QObject
{
    Q_OBJECT
private slots:
    void quotedScalars_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("plain") << QByteArray("vllm") << QByteArray("\"vllm\"");
        // A bare `yes`, `1e3` or `null` would read back as a boolean, a number or null.
        QTest::newRow("yes") << QByteArray("yes") << QByteArray("\"yes\"");
        QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("newline") << QByteArray("a\nb") << QByteArray("\"a\\nb\"");
        QTest::newRow("tab and NUL") << QByteArray("a\tb\0c", 5) << QByteArray("\"a\\tb\\x00c\"");
        QTest::newRow("DEL") << QByteArray("a\x7f") << QByteArray("\"a\\x7f\"");
        QTest::newRow("NEL (C1)") << QByteArray("a\xc2\x85") << QByteArray("\"a\\u0085\"");
        QTest::newRow("line separator") << QByteArray("a\xe2\x80\xa8") << QByteArray("\"a\\u2028\"");
        QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbfx") << QByteArray("\"\\ufeffx\"");
        QTest::newRow("U+FFFF") << QByteArray("\xef\xbf\xbf") << QByteArray("\"\\uffff\"");
        // An ill-formed byte becomes U+FFFD (EF BF BD), which YAML prints as it is.
        QTest::newRow("bad UTF-8") << QByteArray("a\xff") << QByteArray("\"a\xef\xbf\xbd\"");
        // Inside double quotes these are plain characters: no comment, anchor, tag, flow or template.
        QTest::newRow("syntax stays text") << QByteArray("- #x: {{ y }} &a *a !!str [z] $(id)")
                                           << QByteArray("\"- #x: {{ y }} &a *a !!str [z] $(id)\"");
        QTest::newRow("non-ASCII kept") << QByteArray("模型") << QByteArray("\"模型\"");
    }
    void quotedScalars()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, yaml);
        QCOMPARE(QByteArray::fromStdString(sanitize::yamlQuoted(text.toStdString())), yaml);
    }

    void blockLayout()
    {
        // Written by hand in the layout kubectl uses: sequences at their key's indentation, nested
        // maps two spaces in, empty collections as {} and [].
        YamlNode doc = YamlNode::map();
        doc.set("kind", "Service");
        YamlNode &spec = doc.set("spec", YamlNode::map());
        YamlNode &port = spec.set("ports", YamlNode::seq()).add(YamlNode::map());
        port.set("name", "http");
        port.set("port", 8000);
        spec.set("selector", YamlNode::map()).set("role", "leader");
        YamlNode &cmd = doc.set("command", YamlNode::seq());
        cmd.add("sh");
        cmd.add("-c");
        doc.set("empty", YamlNode::map());
        doc.set("none", YamlNode::seq());
        doc.set("odd key: x", YamlNode::boolean(true));
        QCOMPARE(QString::fromStdString(doc.write()),
            QStringLiteral("kind: \"Service\"\n"
                           "spec:\n"
                           "  ports:\n"
                           "  - name: \"http\"\n"
                           "    port: 8000\n"
                           "  selector:\n"
                           "    role: \"leader\"\n"
                           "command:\n"
                           "- \"sh\"\n"
                           "- \"-c\"\n"
                           "empty: {}\n"
                           "none: []\n"
                           "\"odd key: x\": true\n"));
    }

    void names_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::newRow("repo") << "meta-llama/Llama-3.1-8B"
                              << "meta-llama-llama-3-1-8b";
        QTest::newRow("hostile") << "-\"bad\nname {{ x }}"
                                 << "bad-name-x";
        QTest::newRow("nothing left") << "$(){}"
                                      << "vllm";
        QTest::newRow("non-ASCII") << "模型"
                                   << "vllm";
        // Services need a DNS-1035 label (a letter first): 01.AI's repo gets "vllm-" before it.
        QTest::newRow("leading digit") << "01-ai/Yi-34B"
                                       << "vllm-01-ai-yi-34b";
        // 39 + 5 = 44 characters after the prefix, cut at 40.
        QTest::newRow("leading digit, long") << QStringLiteral("7") + QString(38, QLatin1Char('c'))
                                             << QStringLiteral("vllm-7") + QString(34, QLatin1Char('c'));
        // 46 characters cut at 40, then the trailing '-' of "…aaaa-" trimmed.
        QTest::newRow("long") << QString(39, QLatin1Char('a')) + QStringLiteral("-bbbbbb")
                              << QString(39, QLatin1Char('a'));
    }
    void names()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QCOMPARE(QString::fromStdString(kubernetesName(text.toStdString())), name);
    }

    void gpuResources()
    {
        GpuSpec g;
        g.vendor = "NVIDIA";
        QCOMPARE(gpuResourceName(g), std::string("nvidia.com/gpu"));
        g.vendor = "AMD";
        QCOMPARE(gpuResourceName(g), std::string("amd.com/gpu"));
        g.vendor = "Intel";
        QCOMPARE(gpuResourceName(g), std::string());
    }
};

QTEST_GUILESS_MAIN(TestK8sYaml)
#include "tst_k8syaml.moc"
