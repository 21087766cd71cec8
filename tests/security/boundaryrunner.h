#pragma once
// Runs the real shardscope binary (SHARDSCOPE_BINARY, set by ctest) against hostile files, with a
// timeout: a command that blocks on a FIFO or a silent standard input fails the test instead of
// hanging it. The child's standard input is a pipe that stays open and silent unless `stdinData` is
// given, which is what "/dev/stdin with no writer" looks like to a reader.
#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

struct BoundaryResult
{
    bool finished = false; // false: killed after the timeout (it hung)
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QList<QByteArray> errLines() const
    {
        QList<QByteArray> lines = err.trimmed().split('\n');
        lines.removeIf([](const QByteArray &l) { return l.startsWith("QStandardPaths:"); }); // offscreen noise
        return lines;
    }
};

// `dataHome`: XDG_DATA_HOME (the user presets live in <dataHome>/ShardScope/ShardScope/).
inline BoundaryResult runBounded(
    const QStringList &args, const QString &dataHome, const QByteArray *stdinData = nullptr, int timeoutMs = 20000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dataHome);
    p.setProcessEnvironment(env);
    p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), args);
    p.waitForStarted();
    if (stdinData) {
        p.write(*stdinData);
        p.closeWriteChannel();
    }
    BoundaryResult r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = r.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

inline QStringList argList(std::initializer_list<const char *> args)
{
    QStringList out;
    for (const char *a : args)
        out << QString::fromUtf8(a);
    return out;
}
