#pragma once
// Helpers of the `shardscope export --target k8s` tests (tst_cli_k8s, tst_cli_k8sdisagg): parse and
// validate YAML with tests/cli/k8scheck.py, walk the parsed documents, and run a container's command
// with stand-in programs after Kubernetes' own $(VAR) expansion.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace k8stest {

inline QString sourceDir()
{
    return QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR"));
}

// Parses and validates YAML with tests/cli/k8scheck.py: {"documents": [...], "errors": [...]}.
inline QJsonObject check(const QByteArray &yaml)
{
    QProcess p;
    p.start(QStringLiteral("python3"), { sourceDir() + QStringLiteral("/tests/cli/k8scheck.py") });
    p.write(yaml);
    p.closeWriteChannel();
    p.waitForFinished(120000);
    if (p.exitCode() != 0)
        qWarning("%s", p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

inline QStringList errorsOf(const QJsonObject &c)
{
    QStringList out;
    for (const QJsonValue &v : c.value(QStringLiteral("errors")).toArray())
        out << v.toString();
    return out;
}

inline QJsonArray documents(const QJsonObject &c)
{
    return c.value(QStringLiteral("documents")).toArray();
}

// Follows a path of keys and indices ("spec", "template", 0, ...) into a parsed document.
inline QJsonValue at(QJsonValue v, const QVariantList &path)
{
    for (const QVariant &k : path)
        v = k.typeId() == QMetaType::Int ? v.toArray().at(k.toInt()) : v.toObject().value(k.toString());
    return v;
}

inline QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

inline CliResult exportK8s(const QStringList &extra)
{
    return runShardscope(
        QStringList { QStringLiteral("export"), QStringLiteral("--target"), QStringLiteral("k8s") } + extra);
}

// Kubernetes' expansion of command, args and env values (Container.command in the API reference):
// "$$" -> "$", "$(NAME)" -> NAME's value when the container defines it, anything else as written.
inline QString kubeExpand(const QString &s, const QMap<QString, QString> &env)
{
    QString out;
    for (int i = 0; i < s.size(); ++i) {
        if (s[i] != QLatin1Char('$') || i + 1 >= s.size()) {
            out += s[i];
        } else if (s[i + 1] == QLatin1Char('$')) {
            out += QLatin1Char('$');
            ++i;
        } else if (s[i + 1] == QLatin1Char('(') && s.indexOf(QLatin1Char(')'), i) > 0) {
            const int close = s.indexOf(QLatin1Char(')'), i);
            const QString name = s.mid(i + 2, close - i - 2);
            out += env.contains(name) ? env.value(name) : s.mid(i, close - i + 1);
            i = close;
        } else {
            out += s[i];
        }
    }
    return out;
}

// A folder of stand-in programs: vllm and ray print their arguments as [arg], python3 (the Ray
// leader's wait loop) reports `nodes` alive.
struct FakeTools
{
    QTemporaryDir dir;
    explicit FakeTools(int nodes)
    {
        // vllm also shows the environment it reads when it was given some: the layer split, the NIXL
        // side channel.
        write(QStringLiteral("vllm"),
            "#!/bin/sh\nprintf 'vllm'; printf '[%s]' \"$@\"\n"
            "[ -z \"${VLLM_PP_LAYER_PARTITION+x}\" ] || printf ' pp=%s' \"$VLLM_PP_LAYER_PARTITION\"\n"
            "[ -z \"${VLLM_NIXL_SIDE_CHANNEL_HOST+x}\" ] || "
            "printf ' nixl=%s:%s' \"$VLLM_NIXL_SIDE_CHANNEL_HOST\" \"$VLLM_NIXL_SIDE_CHANNEL_PORT\"\necho\n");
        write(QStringLiteral("ray"), "#!/bin/sh\nprintf 'ray'; printf '[%s]' \"$@\"; echo\n");
        write(QStringLiteral("python3"), "#!/bin/sh\necho " + QByteArray::number(nodes) + "\n");
    }
    void write(const QString &name, const QByteArray &text)
    {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }
    // Runs a container's command (after Kubernetes' expansion) with the pod's environment.
    QString run(const QStringList &command, const QMap<QString, QString> &env)
    {
        QStringList expanded;
        for (const QString &w : command)
            expanded << kubeExpand(w, env);
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PATH"), dir.path() + QStringLiteral(":/usr/bin:/bin"));
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start(expanded.first().startsWith(QLatin1Char('/')) ? expanded.first() : dir.filePath(expanded.first()),
            expanded.mid(1));
        p.waitForFinished(30000);
        return QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
    }
};

} // namespace k8stest

using namespace k8stest;
