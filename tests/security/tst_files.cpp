// Untrusted files must never hang a command nor be written through: the real binary against FIFOs,
// a silent standard input, symlinks to both in the user presets folder, planted symlinks at export
// and report targets, and a report whose second part cannot be written.
#include "boundaryrunner.h"

#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>
#include <sys/types.h>

namespace {

const char *const kPlan[] = { "--model", "llama-3.1-8b", "--gpu", "h100-sxm" };

QStringList planArgs(const char *command)
{
    QStringList args { QString::fromLatin1(command) };
    for (const char *a : kPlan)
        args << QString::fromLatin1(a);
    return args;
}

bool makeFifo(const QString &path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

void writeFile(const QString &path, const QByteArray &data, QFileDevice::Permissions perms)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
    f.close();
    QVERIFY(QFile::setPermissions(path, perms));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// The one error line of a refused command: "shardscope CMD: error: ...", exit 2, in time.
void expectOneError(const BoundaryResult &r, const char *command, const QString &needle)
{
    QVERIFY2(r.finished, "the command blocked");
    QCOMPARE(r.exitCode, 2);
    const QList<QByteArray> lines = r.errLines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith(QByteArray("shardscope ") + command + ": error: "), lines.first().constData());
    QVERIFY2(lines.first().contains(needle.toUtf8()), lines.first().constData());
}

} // namespace

class TstFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        ::umask(022); // the modes below are 0755 / 0644 less this
        QVERIFY(!qgetenv("SHARDSCOPE_BINARY").isEmpty());
    }

    // A FIFO (or /dev/stdin, /proc/self/fd/0: the silent pipe of standard input) in the user
    // presets folder: every command starts, warns once per entry and carries on.
    void presetFolderSymlinksToFifos()
    {
        QTemporaryDir home;
        const QString models = home.filePath(QStringLiteral("ShardScope/models"));
        QVERIFY(QDir().mkpath(models));
        QVERIFY(makeFifo(home.filePath(QStringLiteral("fifo"))));
        QVERIFY(QFile::link(home.filePath(QStringLiteral("fifo")), models + QStringLiteral("/a-fifo.json")));
        QVERIFY(QFile::link(QStringLiteral("/dev/stdin"), models + QStringLiteral("/b-stdin.json")));
        QVERIFY(QFile::link(QStringLiteral("/proc/self/fd/0"), models + QStringLiteral("/c-fd0.json")));
        QVERIFY(makeFifo(models + QStringLiteral("/d-fifo.json")));
        for (const char *command : { "plan", "presets" }) {
            const BoundaryResult r = runBounded(
                QString::fromLatin1(command) == QLatin1String("plan") ? planArgs("plan") : QStringList { "presets" },
                home.path());
            QVERIFY2(r.finished, command);
            QCOMPARE(r.exitCode, 0);
            const QList<QByteArray> lines = r.errLines();
            QCOMPARE(lines.size(), 4);
            for (const QByteArray &line : lines) {
                QVERIFY2(
                    line.startsWith(QByteArray("shardscope ") + command + ": warning: skipped "), line.constData());
                QVERIFY2(line.contains("is not a regular file ("), line.constData());
            }
            QVERIFY(lines[0].contains("a-fifo.json is not a regular file (a FIFO)"));
            QVERIFY(lines[3].contains("d-fifo.json is not a regular file (a FIFO)"));
        }
    }

    // --model FIFO, --gpu FIFO, --plan /dev/stdin, --calibration FIFO: one error naming the file.
    void namedFifosAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("--model fifo") << QStringList { "plan", "--model", "@FIFO", "--gpu", "h100-sxm" }
                                      << "@FIFO is not a regular file (a FIFO)";
        QTest::newRow("--gpu fifo") << QStringList { "plan", "--model", "llama-3.1-8b", "--gpu", "@FIFO" }
                                    << "@FIFO is not a regular file (a FIFO)";
        QTest::newRow("--plan /dev/stdin")
            << QStringList { "plan", "--plan", "/dev/stdin" } << "/dev/stdin is not a regular file (a FIFO)";
        QTest::newRow("--plan /proc/self/fd/0")
            << QStringList { "plan", "--plan", "/proc/self/fd/0" } << "/proc/self/fd/0 is not a regular file (a FIFO)";
        // A folder is a checkpoint (its config.json, as vLLM takes it); one without a config is refused.
        QTest::newRow("--model folder") << QStringList { "plan", "--model", "@DIR/", "--gpu", "h100-sxm" }
                                        << "@DIR/ is a folder without a config.json";
        QTest::newRow("--calibration fifo") << (planArgs("plan") << "--calibration"
                                                                 << "@FIFO")
                                            << "@FIFO is not a regular file (a FIFO)";
        QTest::newRow("export --plan fifo")
            << QStringList { "export", "--plan", "@FIFO" } << "@FIFO is not a regular file (a FIFO)";
    }
    void namedFifosAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        QTemporaryDir home;
        const QString fifo = home.filePath(QStringLiteral("pipe.json"));
        QVERIFY(makeFifo(fifo));
        for (QString &a : args)
            a.replace(QStringLiteral("@FIFO"), fifo).replace(QStringLiteral("@DIR"), home.path());
        needle.replace(QStringLiteral("@FIFO"), fifo).replace(QStringLiteral("@DIR"), home.path());
        expectOneError(runBounded(args, home.path()), args.first().toUtf8().constData(), needle);
    }

    // reconcile --log of a folder or a FIFO says what it is (it said "no such file"); "-" still
    // reads standard input.
    void reconcileLogNotRegular()
    {
        QTemporaryDir home;
        const QString fifo = home.filePath(QStringLiteral("vllm.log"));
        QVERIFY(makeFifo(fifo));
        expectOneError(runBounded({ "reconcile", "--gpu", "h100-sxm", "--log", fifo }, home.path()), "reconcile",
            QStringLiteral("--log ") + fifo + QStringLiteral(": is not a regular file (a FIFO)"));
        expectOneError(runBounded({ "reconcile", "--gpu", "h100-sxm", "--log", home.path() }, home.path()), "reconcile",
            QStringLiteral("--log ") + home.path() + QStringLiteral(": is a directory"));
        const QByteArray empty;
        const BoundaryResult fromStdin
            = runBounded({ "reconcile", "--gpu", "h100-sxm", "--log", "-" }, home.path(), &empty);
        QVERIFY(fromStdin.finished);
        QVERIFY(!fromStdin.err.contains("regular file"));
    }

    // A node-0.sh symlink planted in --output-dir: replaced by the script, the victim untouched
    // (content and mode: it used to gain execute bits).
    void exportDoesNotWriteThroughSymlink()
    {
        QTemporaryDir home;
        const QString victim = home.filePath(QStringLiteral("victim.txt"));
        writeFile(victim, "precious\n", QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const QString out = home.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(QFile::link(victim, out + QStringLiteral("/node-0.sh")));
        const BoundaryResult r
            = runBounded({ "export", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--tp", "8", "--pp", "2",
                             "--max-model-len", "32768", "--script", "--output-dir", out },
                home.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(readAll(victim), QByteArray("precious\n"));
        QCOMPARE(QFile::permissions(victim),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
        for (const char *name : { "node-0.sh", "node-1.sh" }) {
            const QFileInfo script(out + QLatin1Char('/') + QLatin1String(name));
            QVERIFY2(!script.isSymLink() && script.isFile(), name);
            QVERIFY(readAll(script.filePath()).startsWith("#!"));
            struct stat st
            {
            };
            QCOMPARE(::lstat(QFile::encodeName(script.filePath()).constData(), &st), 0);
            QCOMPARE(st.st_mode & 07777, mode_t(0755));
        }
        QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 2); // no temp left
    }

    // report --output at a planted symlink: replaced, not followed.
    void reportDoesNotFollowSymlink()
    {
        QTemporaryDir home;
        const QString victim = home.filePath(QStringLiteral("victim.txt"));
        writeFile(victim, "precious\n", QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const QString report = home.filePath(QStringLiteral("plan.md"));
        QVERIFY(QFile::link(victim, report));
        const BoundaryResult r = runBounded(planArgs("report") << "--output" << report, home.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(readAll(victim), QByteArray("precious\n"));
        const QFileInfo written(report);
        QVERIFY(!written.isSymLink() && written.isFile());
        QVERIFY(readAll(report).startsWith("# "));
        struct stat st
        {
        };
        QCOMPARE(::lstat(QFile::encodeName(report).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0644));
    }

#ifdef SHARDSCOPE_WITH_GUI
    // The picture beside a Markdown report cannot be written (its path is a folder): the old report
    // stays as it was, and the message names the picture and the cause.
    void reportKeepsOldFilesWhenPictureFails()
    {
        QTemporaryDir home;
        const QString report = home.filePath(QStringLiteral("plan.md"));
        writeFile(report, "OLD REPORT\n", QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(QDir().mkpath(home.filePath(QStringLiteral("plan.placement.png"))));
        const BoundaryResult r = runBounded(planArgs("report") << "--output" << report, home.path());
        expectOneError(r, "report", QStringLiteral("plan.placement.png: is a directory"));
        QCOMPARE(readAll(report), QByteArray("OLD REPORT\n"));
        QCOMPARE(QDir(home.path()).entryList(QDir::Files | QDir::Hidden | QDir::System),
            QStringList { QStringLiteral("plan.md") }); // no temporary file left behind
    }
#endif
};

QTEST_GUILESS_MAIN(TstFiles)
#include "tst_files.moc"
