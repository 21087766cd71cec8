// --version, --help and "help COMMAND" as GNU tools behave: answers on stdout with exit 0, usage
// errors as one line on stderr with exit 2.
#include "clirunner.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTest>

class TestCliBasics : public QObject
{
    Q_OBJECT
private slots:
    void version_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--version") << QStringList { QStringLiteral("--version") };
        QTest::newRow("-V") << QStringList { QStringLiteral("-V") };
        QTest::newRow("plan --version") << QStringList { QStringLiteral("plan"), QStringLiteral("--version") };
        QTest::newRow("presets -V") << QStringList { QStringLiteral("presets"), QStringLiteral("-V") };
        QTest::newRow("import --version") << QStringList { QStringLiteral("import"), QStringLiteral("--version") };
    }
    void version()
    {
        QFETCH(QStringList, args);
        const CliResult r = runShardscope(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        // One line, "NAME VERSION", the version being the project's (CMake project(VERSION)).
        QCOMPARE(r.out, QByteArray("shardscope " SHARDSCOPE_VERSION "\n"));
    }

    void help_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--help") << QStringList { QStringLiteral("--help") };
        QTest::newRow("-h") << QStringList { QStringLiteral("-h") };
        QTest::newRow("help") << QStringList { QStringLiteral("help") };
    }
    void help()
    {
        QFETCH(QStringList, args);
        const CliResult r = runShardscope(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QVERIFY(r.out.startsWith("Usage: shardscope [OPTION]\n"));
        for (const char *command : { "plan", "presets", "reconcile", "export", "import", "report", "sweep", "help" })
            QVERIFY2(r.out.contains(QByteArray("\n  ") + command + ' '), command);
        QVERIFY(r.out.contains("--version"));
    }

    void commandHelp_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *command : { "plan", "presets", "reconcile", "export", "import", "report", "sweep" })
            QTest::newRow(command) << QString::fromLatin1(command);
    }
    void commandHelp()
    {
        QFETCH(QString, command);
        const CliResult viaFlag = runShardscope({ command, QStringLiteral("--help") });
        QCOMPARE(viaFlag.exitCode, 0);
        // (report runs on QGuiApplication, which may warn about XDG_RUNTIME_DIR on stderr)
        QVERIFY2(!viaFlag.err.contains("error"), viaFlag.err.constData());
        // The usage line names the program and the command, not argv[0].
        QVERIFY2(viaFlag.out.startsWith(QByteArray("Usage: shardscope ") + command.toLatin1() + " [options]"),
            viaFlag.out.left(80).constData());
        QVERIFY(viaFlag.out.contains("-h, --help"));
        QVERIFY(!viaFlag.out.contains("--help-all")); // Qt's GUI options do not apply to commands
        const CliResult viaHelp = runShardscope({ QStringLiteral("help"), command });
        QCOMPARE(viaHelp.exitCode, 0);
        QCOMPARE(viaHelp.out, viaFlag.out);
    }

    // Without a display the window cannot open: one line and exit 2, not Qt's abort. Its help and
    // --screenshot need no display.
    // SHARDSCOPE_BUILD_GUI=OFF: the executable is the command line alone and says so in one line.
    void headlessBuildHasNoWindow()
    {
#ifdef SHARDSCOPE_WITH_GUI
        QSKIP("this build has the window");
#else
        QProcess p;
        p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), QStringList {});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.startsWith("shardscope: error: this build has no window"), err.constData());
        QCOMPARE(err.count('\n'), 1);
#endif
    }

    void noDisplay()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("a headless build has no window: headlessBuildHasNoWindow covers it");
#endif
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
            env.remove(QString::fromLatin1(name));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), QStringList {});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.startsWith("shardscope: error: no display"), err.constData());
        QCOMPARE(err.count('\n'), 1);

        p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), QStringList { QStringLiteral("--help-window") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("--screenshot"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("prefix");
        QTest::newRow("unknown command") << QStringList { QStringLiteral("frobnicate") }
                                         << QStringLiteral("shardscope: error: ");
        QTest::newRow("help unknown") << QStringList { QStringLiteral("help"), QStringLiteral("frobnicate") }
                                      << QStringLiteral("shardscope: error: ");
        QTest::newRow("help two") << QStringList { QStringLiteral("help"), QStringLiteral("plan"),
            QStringLiteral("presets") }
                                  << QStringLiteral("shardscope help: error: ");
        QTest::newRow("unknown option") << QStringList { QStringLiteral("plan"), QStringLiteral("--frobnicate") }
                                        << QStringLiteral("shardscope plan: error: ");
        QTest::newRow("stray argument") << QStringList { QStringLiteral("presets"), QStringLiteral("extra") }
                                        << QStringLiteral("shardscope presets: error: ");
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, prefix);
        const CliResult r = runShardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith(prefix.toLatin1()), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliBasics)
#include "tst_cli_basics.moc"
