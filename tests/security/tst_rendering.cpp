// Route 3: names that are HTML or Markdown (an <img> of /dev/zero, a local picture, <script>, a
// javascript: link) cannot make the window or a report load a file, hang or carry live markup.
// The real binary runs under a memory limit (ulimit -v in bash -c) and a timeout.
#include "tests/cli/clirunner.h"
#include "tests/common/sanitizer.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using nlohmann::json;

namespace {

constexpr int kTimeoutMs = 120000;

struct Run
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out, err;
};

// shardscope `args` in bash -c with `ulimit -v` (3 GB: a 4 GB /dev/zero "image" cannot fit).
Run runLimited(const QStringList &args, const QString &cwd)
{
    // AddressSanitizer reserves terabytes of shadow address space, which no ulimit -v leaves room
    // for; under it the timeout and ASan's own allocation checks stand in for the limit.
    const QString cmd
        = kUnderAsan ? QStringLiteral("exec \"$0\" \"$@\"") : QStringLiteral("ulimit -v 3000000; exec \"$0\" \"$@\"");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), cwd);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), cwd);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(cwd);
    p.setStandardInputFile(QProcess::nullDevice());
    p.start(QStringLiteral("bash"),
        QStringList { QStringLiteral("-c"), cmd, QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")) } + args);
    Run r;
    r.finished = p.waitForFinished(kTimeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A Llama 3.1 8B config.json whose _name_or_path is `name`.
QString writeConfig(const QTemporaryDir &dir, const QString &file, const std::string &name)
{
    QFile preset(
        QString::fromLocal8Bit(qgetenv("SHARDSCOPE_SOURCE_DIR")) + QStringLiteral("/presets/models/llama-3.1-8b.json"));
    preset.open(QIODevice::ReadOnly);
    json cfg = json::parse(preset.readAll().toStdString())["config"];
    cfg["_name_or_path"] = name;
    QFile f(dir.filePath(file));
    f.open(QIODevice::WriteOnly);
    f.write(QByteArray::fromStdString(cfg.dump()));
    return f.fileName();
}

// A picture nobody drew: a report or the window showing it would have read a local file.
QString writeLocalPicture(const QTemporaryDir &dir)
{
    QImage img(333, 77, QImage::Format_RGB32);
    img.fill(Qt::red);
    const QString path = dir.filePath(QStringLiteral("secret.png"));
    img.save(path);
    return path;
}

void addNames()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("img dev zero") << QStringLiteral("<img src=\"/dev/zero\">");
    QTest::newRow("img dev stdin") << QStringLiteral("<img src=\"/dev/stdin\">");
    QTest::newRow("img local") << QStringLiteral("<img src=\"secret.png\">");
    QTest::newRow("md image zero") << QStringLiteral("![x](/dev/zero)");
    QTest::newRow("md image local") << QStringLiteral("![x](secret.png)");
    QTest::newRow("script") << QStringLiteral("<script>alert(1)</script>");
    QTest::newRow("iframe") << QStringLiteral("<iframe src=\"https://example.com\"></iframe>");
    QTest::newRow("js link") << QStringLiteral("[click](javascript:alert(1))");
    QTest::newRow("option") << QStringLiteral("--config=x");
    QTest::newRow("backticks") << QStringLiteral("a````b");
    QTest::newRow("newline") << QStringLiteral("x\n```\n# hi");
}

} // namespace

class TestRendering : public QObject
{
    Q_OBJECT
private slots:
    // The window renders (offscreen) a model named like HTML: no crash, no hang, exit 0.
    void windowShowsNamesAsText_data() { addNames(); }
    void windowShowsNamesAsText()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("headless build: no window");
#endif
        QFETCH(QString, name);
        QTemporaryDir dir;
        writeLocalPicture(dir);
        const QString config = writeConfig(dir, QStringLiteral("evil.json"), name.toStdString());
        static const char *const tabs[] = { "layers", "experts", "memory", "comm", "vllm", "work" };
        static int row = 0; // under ASan each name opens one tab, the rows taking turns: every name, every tab
        const int first = kUnderAsan ? row++ % 6 : 0;
        for (int t = first; t < (kUnderAsan ? first + 1 : 6); ++t) {
            const char *tab = tabs[t];
            const QString png = dir.filePath(QStringLiteral("out.png"));
            QFile::remove(png);
            const Run r
                = runLimited({ QStringLiteral("--model"), config, QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
                                 QStringLiteral("--max-model-len"), QStringLiteral("8192"), QStringLiteral("--tab"),
                                 QString::fromLatin1(tab), QStringLiteral("--screenshot"), png },
                    dir.path());
            QVERIFY2(r.finished, tab);
            if (name.contains(QLatin1Char('\n'))) { // refused at the boundary, with the field named
                QCOMPARE(r.exitCode, 2);
                QVERIFY(r.err.contains("control character"));
                continue;
            }
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY(QImage(png).width() > 0);
        }
    }

    // A PDF report names the model but reads no file: no /dev/zero, no local picture embedded.
    void pdfLoadsNoFile_data()
    {
        addNames();
    }
    void pdfLoadsNoFile()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("headless build: no PDF renderer");
#endif
        QFETCH(QString, name);
        if (name.contains(QLatin1Char('\n')))
            QSKIP("refused at the boundary (windowShowsNamesAsText)");
        QTemporaryDir dir;
        writeLocalPicture(dir);
        const QString config = writeConfig(dir, QStringLiteral("evil.json"), name.toStdString());
        const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
        const Run r = runLimited({ QStringLiteral("report"), QStringLiteral("--model"), config, QStringLiteral("--gpu"),
                                     QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
                                     QStringLiteral("8192"), QStringLiteral("--output"), pdf },
            dir.path());
        QVERIFY(r.finished);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.size() < 20 * 1024 * 1024);
        QVERIFY(!bytes.contains("/Width 333")); // the local picture's size
    }

    // A Markdown report carries no raw HTML, no link or image from data, and the command block's
    // fence cannot be closed by what the command holds.
    void markdownIsInert_data()
    {
        addNames();
    }
    void markdownIsInert()
    {
        QFETCH(QString, name);
        if (name.contains(QLatin1Char('\n')))
            QSKIP("refused at the boundary (windowShowsNamesAsText)");
        QTemporaryDir dir;
        const QString config = writeConfig(dir, QStringLiteral("evil.json"), name.toStdString());
        const QString md = dir.filePath(QStringLiteral("r.md"));
        const Run r = runLimited({ QStringLiteral("report"), QStringLiteral("--model"), config, QStringLiteral("--gpu"),
                                     QStringLiteral("h100-sxm"), QStringLiteral("--max-model-len"),
                                     QStringLiteral("8192"), QStringLiteral("--output"), md },
            dir.path());
        QVERIFY(r.finished);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        // Outside code blocks: every '<' from the name is escaped, "](" never follows it.
        bool inCode = false;
        QString fence;
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^(`{3,})")).match(line);
            if (m.hasMatch() && (!inCode || m.captured(1) == fence)) {
                if (!inCode)
                    fence = m.captured(1);
                inCode = !inCode;
                continue;
            }
            if (inCode) {
                // The fence is longer than any backtick run inside the block.
                QVERIFY(!line.contains(fence));
                continue;
            }
            QVERIFY2(!QRegularExpression(QStringLiteral("(^|[^\\\\])<(script|iframe|img)")).match(line).hasMatch(),
                qPrintable(line));
            // An unescaped "](" would make the name a link or an image.
            QVERIFY2(!QRegularExpression(QStringLiteral("(^|[^\\\\])\\]\\((javascript|/dev/zero|secret)"))
                          .match(line)
                          .hasMatch(),
                qPrintable(line));
        }
        QVERIFY(!inCode);
    }
};

QTEST_GUILESS_MAIN(TestRendering)
#include "tst_rendering.moc"
