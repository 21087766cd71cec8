// `shardscope report`: Markdown and PDF files exist and carry the expected sections; bad input is
// one line and exit 2.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

QStringList planFlags()
{
    return { QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"),
        QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("4"), QStringLiteral("--pp"),
        QStringLiteral("2"), QStringLiteral("--microbatches"), QStringLiteral("4"), QStringLiteral("--max-model-len"),
        QStringLiteral("32768") };
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCliReport : public QObject
{
    Q_OBJECT
private slots:
    void markdownWithPicture()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("a headless build draws no pictures and writes no PDF");
#endif
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("plan.md"));
        const CliResult r = runShardscope(
            QStringList { QStringLiteral("report") } + planFlags() + QStringList { QStringLiteral("--output"), out });
        QCOMPARE(r.exitCode, 0);
        const QByteArray md = readAll(out);
        for (const char *h : { "## Placement", "## Memory and KV cache", "## Communication per step",
                 "## Time estimates", "## vLLM command", "## Issues", "## Sources" })
            QVERIFY2(md.contains(h), h);
        // The picture sits beside the Markdown and is referenced by its file name.
        QVERIFY(md.contains("](plan.placement.png)"));
        const QByteArray png = readAll(dir.filePath(QStringLiteral("plan.placement.png")));
        QVERIFY(png.startsWith("\x89PNG"));
        // 2 × 40 layers × 2 KV heads × 128 × 2 B per token on each GPU
        QVERIFY(md.contains("= 40,960 B"));
        QVERIFY(md.contains("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4 --pipeline-parallel-size 2"));
    }

    void pdf()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("a headless build draws no pictures and writes no PDF");
#endif
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("plan.pdf"));
        const CliResult r = runShardscope(
            QStringList { QStringLiteral("report") } + planFlags() + QStringList { QStringLiteral("--output"), out });
        QCOMPARE(r.exitCode, 0);
        const QByteArray pdf = readAll(out);
        QVERIFY(pdf.startsWith("%PDF-"));
        // Tables, ledger and sources do not fit one A4 page; the placement picture is embedded.
        QVERIFY(pdf.count("/Type /Page") - pdf.count("/Type /Pages") >= 2);
        QVERIFY(pdf.contains("/Subtype /Image"));
        // Only the PDF: no picture file next to it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("plan.pdf") });
    }

    // Headless: no display and no platform chosen still works (offscreen is forced).
    void pdfWithoutDisplay()
    {
#ifndef SHARDSCOPE_WITH_GUI
        QSKIP("a headless build draws no pictures and writes no PDF");
#endif
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("plan.pdf"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *v : { "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY" })
            env.remove(QString::fromLatin1(v));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.path());
        p.setProcessEnvironment(env);
        p.start(QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY")),
            QStringList { QStringLiteral("report") } + planFlags() + QStringList { QStringLiteral("--output"), out });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(readAll(out).startsWith("%PDF-"));
    }

    // Plan B from --compare-<flag>: the issue's TP 8 → 16 example.
    void comparisonFromFlags()
    {
        const CliResult r = runShardscope({ QStringLiteral("report"), QStringLiteral("--model"),
            QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
            QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--max-model-len"), QStringLiteral("32768"),
            QStringLiteral("--compare-tp"), QStringLiteral("16"), QStringLiteral("--output"), QStringLiteral("-") });
        QCOMPARE(r.exitCode, 0);
        for (const char *h :
            { "## What changed", "## Side by side", "## Why", "## Plan A: ", "## Plan B: ", "### Placement" })
            QVERIFY2(r.out.contains(h), h);
        QVERIFY(r.out.contains("- TP 8 → 16\n"));
        QVERIFY(r.out.contains("TP 8 → 16: KV per GPU unchanged because 8 KV heads are now replicated"));
    }

    // Plan B from a saved plan file, overridden by a --compare- flag.
    void comparisonFromPlanFile()
    {
        QTemporaryDir dir;
        const QString planFile = dir.filePath(QStringLiteral("b.shardscope.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"plan": {"model": "llama-3.1-70b", "gpu": "h100-sxm", "tp": 2, "pp": 4}})");
        f.close();
        const CliResult r = runShardscope(QStringList { QStringLiteral("report") } + planFlags()
            + QStringList { QStringLiteral("--compare-plan"), planFile, QStringLiteral("--compare-microbatches"),
                QStringLiteral("8"), QStringLiteral("--output"), QStringLiteral("-") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("- TP 4 → 2\n"));
        QVERIFY(r.out.contains("- PP 2 → 4\n"));
        QVERIFY(r.out.contains("- micro-batches 4 → 8\n"));
    }

    // The serving section at the workload flags: 16 prompts of 512 in / 64 out from 8 clients.
    void servingSection()
    {
        const CliResult r = runShardscope(QStringList { QStringLiteral("report") } + planFlags()
            + QStringList { QStringLiteral("--input-len"), QStringLiteral("512"), QStringLiteral("--output-len"),
                QStringLiteral("64"), QStringLiteral("--max-concurrency"), QStringLiteral("8"),
                QStringLiteral("--num-prompts"), QStringLiteral("16"), QStringLiteral("--output"),
                QStringLiteral("-") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("\n## Serving (estimated)\n"));
        QVERIFY2(
            r.out.contains("16 prompts of 512 input and 64 output tokens, 8 concurrent clients"), r.out.constData());
        QVERIFY(r.out.indexOf("## Time estimates") < r.out.indexOf("## Serving (estimated)"));
        // The H100 family's coefficients with their sources.
        QVERIFY(r.out.contains("Coefficients (h100):"));
        QVERIFY(r.out.contains("| hbm_weights | 0.86 | AIC H100"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("no output") << QStringList {} << QStringLiteral("--output is required");
        QTest::newRow("extension") << QStringList { QStringLiteral("--output"), QStringLiteral("plan.txt") }
                                   << QStringLiteral("expected a .md or .pdf file name");
        QTest::newRow("invalid plan") << QStringList { QStringLiteral("--tp"), QStringLiteral("3"),
            QStringLiteral("--output"), QStringLiteral("-") }
                                      << QStringLiteral("plan A: ");
        QTest::newRow("invalid B") << QStringList { QStringLiteral("--compare-tp"), QStringLiteral("3"),
            QStringLiteral("--output"), QStringLiteral("-") }
                                   << QStringLiteral("plan B: ");
        QTest::newRow("missing B file") << QStringList { QStringLiteral("--compare-plan"),
            QStringLiteral("/nonexistent/b.json"), QStringLiteral("--output"), QStringLiteral("-") }
                                        << QStringLiteral("/nonexistent/b.json");
        QTest::newRow("input len 0") << QStringList { QStringLiteral("--input-len"), QStringLiteral("0"),
            QStringLiteral("--output"), QStringLiteral("-") }
                                     << QStringLiteral("--input-len 0");
        QTest::newRow("unwritable") << QStringList { QStringLiteral("--output"),
            QStringLiteral("/nonexistent/dir/plan.md") }
                                    << QStringLiteral("cannot write");
    }
    void badInput()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const CliResult r = runShardscope(QStringList { QStringLiteral("report") } + planFlags() + extra);
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        const QStringList lines = err.split(QLatin1Char('\n'));
        QVERIFY2(lines.last().startsWith(QStringLiteral("shardscope report: error: ")), qPrintable(err));
        QVERIFY2(lines.last().contains(message), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_report.moc"
