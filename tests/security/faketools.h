#pragma once
// Stand-ins for the tools an export runs (vllm, ray, python, python3, docker): each records its
// argv to a log in a temporary folder, so a test can run exported text with real bash and check
// that exactly the expected commands ran and nothing else (a payload would create `marker()`).
#include "core/launch/launchexport.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <map>
#include <string>
#include <vector>

using Argv = std::vector<std::string>;

struct FakeTools
{
    QTemporaryDir dir;
    FakeTools()
    {
        QDir().mkpath(dir.filePath(QStringLiteral("bin")));
        for (const char *tool : { "vllm", "ray", "python", "python3", "docker" }) {
            QFile f(dir.filePath(QStringLiteral("bin/") + QString::fromLatin1(tool)));
            f.open(QIODevice::WriteOnly);
            // argv[0]'s name, then each argument, NUL-terminated; \001 ends one invocation.
            f.write("#!/bin/sh\n{ printf '%s\\0' \"$(basename \"$0\")\"; for a in \"$@\"; do printf '%s\\0' \"$a\"; "
                    "done; printf '\\001'; } >> \"$FAKE_LOG\"\n");
            f.close();
            f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
        }
    }
    QString log() const { return dir.filePath(QStringLiteral("argv.log")); }
    // A payload's goal: `touch $MARKER` (the tests' hostile names write exactly that).
    QString marker() const { return dir.filePath(QStringLiteral("PWNED")); }

    // Runs `text` as a bash script (a file, as --script output is run), tools first on PATH, in
    // the temporary folder; returns bash's exit code (-1 on a crash or timeout).
    int run(const std::string &text, const std::map<QString, QString> &env = {}) const
    {
        const QString script = dir.filePath(QStringLiteral("run.sh"));
        QFile f(script);
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        f.write(QByteArray::fromStdString(text));
        f.close();
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PATH"), dir.filePath(QStringLiteral("bin")) + QStringLiteral(":/usr/bin:/bin"));
        e.insert(QStringLiteral("FAKE_LOG"), log());
        e.insert(QStringLiteral("MARKER"), marker());
        e.remove(QStringLiteral("HEAD_IP"));
        e.remove(QStringLiteral("HEAD_PORT"));
        for (const auto &[k, v] : env)
            e.insert(k, v);
        p.setProcessEnvironment(e);
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral("bash"), { script });
        p.waitForFinished(30000);
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }
    // The recorded invocations, in order; clears the log.
    std::vector<Argv> calls() const
    {
        QFile f(log());
        std::vector<Argv> out;
        if (!f.open(QIODevice::ReadOnly))
            return out;
        const QByteArray all = f.readAll();
        f.close();
        f.remove();
        for (const QByteArray &call : all.split('\001')) {
            if (call.isEmpty())
                continue;
            Argv a;
            for (const QByteArray &w : call.split('\0'))
                a.push_back(w.toStdString());
            a.pop_back(); // after the last NUL
            out.push_back(a);
        }
        return out;
    }
    bool payloadRan() const { return QFile::exists(marker()); }
};

// The argv a step must produce: its words as the program receives them, placeholders replaced by
// `vars` (HEAD_IP, HEAD_PORT), options as --flag value or --flag=value. env prefixes are not argv.
inline Argv expectedArgv(const shardscope::LaunchCommand &c, const std::map<std::string, std::string> &vars)
{
    const auto word = [&](const shardscope::LaunchWord &w) {
        std::string s;
        for (const auto &part : w.parts)
            s += part.placeholder ? vars.at(part.text) : part.text;
        return s;
    };
    Argv a;
    for (const auto &w : c.program)
        a.push_back(word(w));
    for (const auto &o : c.options) {
        if (o.joined) {
            std::string s = o.flag;
            for (const auto &v : o.values)
                s += "=" + word(v);
            a.push_back(s);
            continue;
        }
        a.push_back(o.flag);
        for (const auto &v : o.values)
            a.push_back(word(v));
    }
    return a;
}

// Every step of the export, or of one node, in order.
inline std::vector<Argv> expectedCalls(
    const shardscope::ExportResult &r, const std::map<std::string, std::string> &vars, int node = -1)
{
    std::vector<Argv> out;
    for (const auto &n : r.nodeLaunches)
        if (node < 0 || n.node == node)
            for (const auto &s : n.steps)
                out.push_back(expectedArgv(s.command, vars));
    return out;
}

// What a payload in a name does: a line break, then `touch "$MARKER"`, in the forms bash obeys.
inline std::vector<std::string> payloads()
{
    return { "x\ntouch \"$MARKER\"", "x\rtouch \"$MARKER\"", "x\r\ntouch \"$MARKER\"", "x\n\ntouch \"$MARKER\" #",
        "x\xe2\x80\xa8touch \"$MARKER\"", "x\xc2\x85touch \"$MARKER\"", std::string("x\0\ntouch \"$MARKER\"", 18),
        "x\x0btouch \"$MARKER\"\n", "x\x7f\ntouch \"$MARKER\"", "$(touch \"$MARKER\")", "`touch \"$MARKER\"`",
        "x'; touch \"$MARKER\"; '", "x\\\ntouch \"$MARKER\"" };
}
