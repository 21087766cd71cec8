// The headless window path: --screenshot renders offscreen and exits 0; bad flags exit 2 with one
// line on stderr.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Run
{
    int exitCode = -1;
    QByteArray err;
};

Run run(const QStringList &args)
{
    static QTemporaryDir home;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // --screenshot must pick offscreen by itself
    p.setProcessEnvironment(env);
    p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")), args);
    p.waitForFinished(60000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardError() };
}
} // namespace

class TestWindowCli : public QObject
{
    Q_OBJECT
private slots:
    void screenshot()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.png"));
        const Run r = run({ QStringLiteral("--model"), QStringLiteral("deepseek-v3"), QStringLiteral("--gpu"),
            QStringLiteral("h200"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--dp"),
            QStringLiteral("2"), QStringLiteral("--enable-expert-parallel"), QStringLiteral("--tab"),
            QStringLiteral("experts"), QStringLiteral("--screenshot"), out });
        QCOMPARE(r.exitCode, 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1600, 1000));
    }

    void screenshotSize()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("small.png"));
        const Run r = run({ QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"),
            QStringLiteral("l40s"), QStringLiteral("--size"), QStringLiteral("1024x700"),
            QStringLiteral("--screenshot"), out });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QImage(out).size(), QSize(1024, 700));
    }

    // --presentation: what F5 shows, rendered for a slide (larger type, the high-contrast palette).
    void screenshotPresentation()
    {
        QTemporaryDir dir;
        const QStringList plan = { QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"),
            QStringLiteral("l40s"), QStringLiteral("--tab"), QStringLiteral("memory"), QStringLiteral("--size"),
            QStringLiteral("1280x720"), QStringLiteral("--screenshot") };
        const QString normal = dir.filePath(QStringLiteral("normal.png"));
        const QString slide = dir.filePath(QStringLiteral("slide.png"));
        QCOMPARE(run(plan + QStringList { normal }).exitCode, 0);
        QCOMPARE(run(QStringList { QStringLiteral("--presentation") } + plan + QStringList { slide }).exitCode, 0);
        const QImage a(normal), b(slide);
        QCOMPARE(b.size(), QSize(1280, 720));
        QVERIFY(a != b);
        // The window's background is the high-contrast white, not the normal palette's grey.
        QCOMPARE(b.pixelColor(b.width() - 3, b.height() - 3), QColor(Qt::white));
        QVERIFY(a.pixelColor(a.width() - 3, a.height() - 3) != QColor(Qt::white));
    }

    void screenshotOfUserConfig()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("tiny-llama")));
        QFile config(dir.filePath(QStringLiteral("tiny-llama/config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 512, "num_attention_heads": 8,
                         "num_key_value_heads": 2, "intermediate_size": 1024, "vocab_size": 32000,
                         "max_position_embeddings": 4096})");
        config.close();
        const QString out = dir.filePath(QStringLiteral("tiny.png"));
        const Run r = run({ QStringLiteral("--model"), config.fileName(), QStringLiteral("--gpu"),
            QStringLiteral("l40s"), QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--tab"),
            QStringLiteral("heads"), QStringLiteral("--screenshot"), out });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QImage(out).size(), QSize(1600, 1000));
    }

    // --lang as people type it; --model as vLLM takes it, a checkpoint folder.
    void languageCodesAndModelFolder()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("tiny-llama")));
        QFile config(dir.filePath(QStringLiteral("tiny-llama/config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 512, "num_attention_heads": 8,
                         "num_key_value_heads": 2, "intermediate_size": 1024, "vocab_size": 32000,
                         "max_position_embeddings": 4096})");
        config.close();
        for (const char *lang : { "zh", "zh_CN", "zh-CN", "en" }) {
            const QString out = dir.filePath(QStringLiteral("lang.png"));
            const Run r = run({ QStringLiteral("--model"), dir.filePath(QStringLiteral("tiny-llama")),
                QStringLiteral("--gpu"), QStringLiteral("l40s"), QStringLiteral("--lang"), QLatin1String(lang),
                QStringLiteral("--screenshot"), out });
            QVERIFY2(r.exitCode == 0, (QByteArray(lang) + ": " + r.err).constData());
            QVERIFY(QFile::exists(out));
            QFile::remove(out);
        }
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base { QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"),
            QStringLiteral("h100-sxm"), QStringLiteral("--screenshot"), QStringLiteral("/tmp/never-written.png") };
        QTest::newRow("unknown tab") << (base + QStringList { QStringLiteral("--tab"), QStringLiteral("nope") })
                                     << QStringLiteral("--tab nope");
        QTest::newRow("unknown flag") << (base + QStringList { QStringLiteral("--frobnicate") })
                                      << QStringLiteral("frobnicate");
        QTest::newRow("bad tp value") << (base + QStringList { QStringLiteral("--tp"), QStringLiteral("x") })
                                      << QStringLiteral("--tp x");
        QTest::newRow("impossible tp") << (base + QStringList { QStringLiteral("--tp"), QStringLiteral("3") })
                                       << QStringLiteral("tp must divide");
        QTest::newRow("unknown model") << QStringList { QStringLiteral("--model"), QStringLiteral("gpt-9"),
            QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--screenshot"),
            QStringLiteral("/tmp/x.png") }
                                       << QStringLiteral("unknown model");
        QTest::newRow("unknown language") << (base + QStringList { QStringLiteral("--lang"), QStringLiteral("fr") })
                                          << QStringLiteral("--lang fr: expected one of en, zh, zh_CN or zh-CN");
        QTest::newRow("mistyped flag") << (base + QStringList { QStringLiteral("--tpp"), QStringLiteral("8") })
                                       << QStringLiteral("unknown option --tpp: did you mean --tp?");
        QTest::newRow("bad size") << (base + QStringList { QStringLiteral("--size"), QStringLiteral("huge") })
                                  << QStringLiteral("--size huge");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        const QByteArray last = lines.last();
        QVERIFY2(last.startsWith("shardscope: error: "), r.err.constData());
        QVERIFY2(last.contains(message.toUtf8()), r.err.constData());
    }
};

QTEST_MAIN(TestWindowCli)
#include "tst_window_cli.moc"
