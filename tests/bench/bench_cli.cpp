// Start-up and peak memory of the shardscope process as a user runs it: the CLI, and the window
// rendering DeepSeek-V3 on 128 GPUs (target: at most 150 MB resident). Label "benchmark".
// Peak memory is the child's maximum resident set (getrusage RUSAGE_CHILDREN after QProcess reaps
// it): what `/usr/bin/time -v` reports as "Maximum resident set size".
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

namespace {

QProcess *startShardscope(const QStringList &args)
{
    static QTemporaryDir home; // no user presets
    auto *p = new QProcess;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    p->setProcessEnvironment(env);
    p->start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), args);
    return p;
}

bool runShardscope(const QStringList &args)
{
    QScopedPointer<QProcess> p(startShardscope(args));
    return p->waitForFinished(60000) && p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0;
}

double childPeakBytes()
{
    rusage usage {};
    getrusage(RUSAGE_CHILDREN, &usage);
    return static_cast<double>(usage.ru_maxrss) * 1024.0; // Linux: kilobytes
}

// DeepSeek-V3 on 128 H200: tp 8 x dp 16, EP over all 128 GPUs (16 nodes), the largest plan of the
// performance record.
const QStringList kPlan128 { QStringLiteral("plan"), QStringLiteral("--model"), QStringLiteral("deepseek-v3"),
    QStringLiteral("--gpu"), QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"),
    QStringLiteral("--dp"), QStringLiteral("16"), QStringLiteral("--enable-expert-parallel"),
    QStringLiteral("--format"), QStringLiteral("json") };

} // namespace

class BenchCli : public QObject
{
    Q_OBJECT
private slots:
    // Process start to exit for the cheapest command: loading Qt Core and the compiled-in presets.
    void cliVersion()
    {
        QBENCHMARK
        {
            QVERIFY(runShardscope({ QStringLiteral("--version") }));
        }
    }

    // A whole CLI evaluation, JSON for 128 ranks included.
    void cliPlanDeepSeekV3On128()
    {
        QBENCHMARK
        {
            QVERIFY(runShardscope(kPlan128));
        }
    }

    void cliPeakMemoryDeepSeekV3On128()
    {
        QVERIFY(runShardscope(kPlan128));
        QTest::setBenchmarkResult(childPeakBytes(), QTest::BytesAllocated);
    }

    // The window with that plan, every tab drawn once (--screenshot renders offscreen and exits).
    // Runs after the CLI cases: RUSAGE_CHILDREN keeps the largest child so far.
    void windowPeakMemoryDeepSeekV3On128()
    {
        QTemporaryDir dir;
        for (const char *tab : { "layers", "heads", "experts", "cluster", "memory", "comm", "gpus" }) {
            QStringList args { QStringLiteral("--model"), QStringLiteral("deepseek-v3"), QStringLiteral("--gpu"),
                QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--dp"),
                QStringLiteral("16"), QStringLiteral("--enable-expert-parallel"), QStringLiteral("--tab"),
                QString::fromLatin1(tab), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("window.png")) };
            QVERIFY2(runShardscope(args), tab);
        }
        const double peak = childPeakBytes();
        QTest::setBenchmarkResult(peak, QTest::BytesAllocated);
        QVERIFY2(peak <= 150e6, qPrintable(QStringLiteral("window peak %1 MB > 150 MB").arg(peak / 1e6)));
    }

    // The interactive window (offscreen) with that plan, after it settled: VmHWM from
    // /proc/PID/status, read while it runs.
    void windowInteractivePeakMemoryDeepSeekV3On128()
    {
        QScopedPointer<QProcess> p(startShardscope({ QStringLiteral("--model"), QStringLiteral("deepseek-v3"),
            QStringLiteral("--gpu"), QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"),
            QStringLiteral("--dp"), QStringLiteral("16"), QStringLiteral("--enable-expert-parallel") }));
        QVERIFY(p->waitForStarted());
        QTest::qWait(3000); // start-up, first paint and the autosave (1 s) done
        QVERIFY(p->state() == QProcess::Running);
        QFile status(QStringLiteral("/proc/%1/status").arg(p->processId()));
        QVERIFY(status.open(QIODevice::ReadOnly));
        double peak = 0;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                peak = line.mid(6).trimmed().split(' ').first().toDouble() * 1024.0; // kB
        p->kill();
        p->waitForFinished();
        QVERIFY(peak > 0);
        QTest::setBenchmarkResult(peak, QTest::BytesAllocated);
        QVERIFY2(peak <= 150e6, qPrintable(QStringLiteral("window peak %1 MB > 150 MB").arg(peak / 1e6)));
    }
};

QTEST_GUILESS_MAIN(BenchCli)
#include "bench_cli.moc"
