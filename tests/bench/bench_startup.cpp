// Start to first painted window (target: at most 1 s). In process: loading the presets, building
// the window and its first evaluation, until the window's first paint. Out of process: the real
// binary rendering a screenshot and exiting (an upper bound: it also encodes a PNG). Label "benchmark".
#include "benchwindow.h"
#include "widgets/window/mainwindow.h"

#include <QPaintEvent>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class FirstPaint : public QObject
{
public:
    bool painted = false;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint)
            painted = true;
        return false;
    }
};

class BenchStartup : public QObject
{
    Q_OBJECT
private:
    static void startOnce()
    {
        const PresetRepository repo = PresetRepository::load();
        WindowOptions o;
        o.useSettings = false;
        MainWindow w(catalogFromPresets(repo), o);
        FirstPaint probe;
        w.installEventFilter(&probe);
        w.resize(1600, 1000);
        w.show();
        while (!probe.painted)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }

private slots:
    void inProcess()
    {
        static bool printed = false; // QBENCHMARK may rerun the function
        if (!printed) {
            printed = true;
            medianMs("start to first paint, in process (first run, cold)", 1, startOnce);
            medianMs("start to first paint, in process", 10, startOnce);
        }
        QBENCHMARK
        {
            startOnce();
        }
    }

    void screenshotProcess()
    {
        QTemporaryDir dir;
        const QString binary = QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY"));
        if (binary.isEmpty())
            QSKIP("SHARDSCOPE_BINARY not set");
        medianMs("process start to PNG written (shardscope --screenshot)", 7, [&] {
            QProcess p;
            p.start(binary,
                { QStringLiteral("--model"), QStringLiteral("deepseek-v3"), QStringLiteral("--gpu"),
                    QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--dp"),
                    QStringLiteral("16"), QStringLiteral("--enable-expert-parallel"), QStringLiteral("--tab"),
                    QStringLiteral("experts"), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("s.png")) });
            p.waitForFinished(60000);
            QCOMPARE(p.exitCode(), 0);
        });
    }
};

QTEST_MAIN(BenchStartup)
#include "bench_startup.moc"
