// --version, --help and "help COMMAND" as GNU tools behave: answers on stdout with exit 0, usage
// errors as one line on stderr with exit 2.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
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
    // Review item 9: the user presets live where the README and the manual say,
    // $XDG_DATA_HOME/ShardScope/{models,gpus}; the old …/ShardScope/ShardScope is still read, and
    // said once on stderr.
    void userPresetFolderAsDocumented()
    {
        QTemporaryDir data;
        const auto write = [](const QString &path, const QByteArray &text) {
            QDir().mkpath(QFileInfo(path).absolutePath());
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        const QByteArray tiny = R"({"model_type": "llama", "hidden_size": 256, "intermediate_size": 512,
            "num_attention_heads": 8, "num_key_value_heads": 2, "num_hidden_layers": 4, "vocab_size": 1000})";
        write(data.filePath(QStringLiteral("ShardScope/models/documented-a.json")), tiny);
        const auto run = [&data] {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), data.path());
            p.setProcessEnvironment(env);
            p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), { QStringLiteral("presets") });
            p.waitForFinished(60000);
            return std::pair { p.readAllStandardOutput(), p.readAllStandardError() };
        };
        auto [out, err] = run();
        QVERIFY2(out.contains("documented-a"), out.constData());
        QVERIFY(out.contains(
            "User presets folder: " + QDir::toNativeSeparators(data.filePath("ShardScope")).toUtf8() + "\n"));
        QVERIFY2(err.isEmpty(), err.constData()); // nothing in the old folder: nothing to say

        write(data.filePath(QStringLiteral("ShardScope/ShardScope/models/legacy-b.json")), tiny);
        std::tie(out, err) = run();
        QVERIFY(out.contains("documented-a"));
        QVERIFY(out.contains("legacy-b")); // the old folder is still read
        QVERIFY2(err.startsWith("shardscope: note: user presets found in the old folder "), err.constData());
        QVERIFY(err.contains(QDir::toNativeSeparators(data.filePath("ShardScope/ShardScope")).toUtf8()));
        std::tie(out, err) = run();
        QVERIFY(out.contains("legacy-b"));
        QVERIFY2(err.isEmpty(), err.constData()); // one time only
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
