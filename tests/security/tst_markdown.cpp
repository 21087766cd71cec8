// Route 3, every field: the Markdown report (its communication section, the link table, the command
// block, the sources), the A/B comparison and the sweep's text summary with hostile model, GPU and
// calibration names. The names are put into the specs directly, past the boundary that refuses
// control characters, so this checks the sanitiser behind it: no raw HTML (<script>, <iframe>,
// <img>, autolinks), no link, image or link definition from data (javascript:, /dev/zero), no line
// break that starts a heading, a list item, a table row or a line of the command, no pipe that
// splits a table cell, no backtick run that closes the command's code block.
#include "core/evaluate/evaluation.h"
#include "core/report/markdownreport.h"
#include "core/sweep/sweep.h"
#include "core/sweep/sweepreport.h"
#include "tests/common/testutils.h"

#include <QRegularExpression>
#include <QTest>

using namespace shardscope;

namespace {

enum Field {
    ModelName,
    HfRepo,
    ModelSource,
    GpuName,
    GpuId,
    ScaleupLink,
    GpuSource,
    GpuUncertain,
    CalibrationName,
    CalibrationSource,
    FieldCount
};
const char *const kFieldNames[] = { "model name", "hf_repo", "model source", "GPU name", "GPU id", "scaleup_link",
    "GPU source", "GPU uncertain", "calibration name", "calibration source" };

// Every payload carries the word PWN: a line outside the report's own structure that starts with it
// (after "#", "-", "|", spaces) is a break-out.
const char *const kPayloads[] = { "<script>alert(1)</script>PWN", "<iframe src=\"https://e.example\"></iframe>PWN",
    "<img src=\"/dev/zero\">PWN", "[click](javascript:alert(1))PWN", "![x](/dev/zero)PWN", "PWN ![x](secret.png)",
    "<https://e.example/PWN>", "[r]: javascript:alert(1) PWN", "a\\](javascript:alert(1))PWN", "a\\<script>PWN",
    "x\nPWN", "x\r\nPWN", "x\xe2\x80\xa8PWN", "x\n```\nPWN", "x\n\n| PWN | PWN |", "x\n- PWN", "x\n# PWN", "a|b|c PWN",
    "a\\|b\\\\|c PWN", "````PWN", "x`\nPWN", "&lt;script&gt;PWN", "x\n<script>PWN" };

struct Specs
{
    ModelSpec model = presetModel("llama-3.1-70b");
    GpuSpec gpu = presetGpu("h100-sxm");
    Plan plan = makePlan("llama-3.1-70b", "h100-sxm", 8);
};

Specs hostile(int field, const std::string &payload)
{
    Specs s;
    s.plan.maxModelLen = 8192;
    s.plan.accounting = Accounting::Vllm;
    switch (field) {
    case ModelName:
        s.model.name = "Llama " + payload;
        break;
    case HfRepo:
        s.model.hfRepo = "org/" + payload;
        break;
    case ModelSource:
        s.model.sources.push_back("source " + payload);
        break;
    case GpuName:
        s.gpu.name = "H100 " + payload;
        break;
    case GpuId:
        s.gpu.id = "h100-" + payload;
        s.plan.gpuId = s.gpu.id;
        break;
    case ScaleupLink:
        s.gpu.scaleupLink = "NVLink " + payload;
        break;
    case GpuSource:
        s.gpu.sources.push_back("source " + payload);
        break;
    case GpuUncertain:
        s.gpu.uncertain.push_back("u " + payload);
        break;
    case CalibrationName:
        s.plan.calibration.name = "fit " + payload;
        s.plan.calibration.gpuId = s.gpu.id;
        s.plan.calibration.activationScale = 1;
        break;
    case CalibrationSource:
        s.plan.calibration.name = "fit";
        s.plan.calibration.gpuId = s.gpu.id;
        s.plan.calibration.source = "log " + payload;
        s.plan.calibration.activationScale = 1;
        break;
    default:
        break;
    }
    return s;
}

// Pipes that split a GFM table row: those preceded by an even number of backslashes.
int unescapedPipes(const QString &line)
{
    int n = 0;
    int backslashes = 0;
    for (const QChar c : line) {
        if (c == QLatin1Char('|') && backslashes % 2 == 0)
            ++n;
        backslashes = c == QLatin1Char('\\') ? backslashes + 1 : 0;
    }
    return n;
}

// The checks; empty when the Markdown is inert, else what is wrong (with the line).
QString inertness(const QString &md, int expectedCodeBlocks)
{
    static const QRegularExpression html(QStringLiteral("(^|[^\\\\])(\\\\\\\\)*<[A-Za-z/!?]"));
    static const QRegularExpression link(QStringLiteral("(^|[^\\\\])(\\\\\\\\)*\\](\\(|\\[|:)"));
    static const QRegularExpression brokeOut(QStringLiteral("^[#>|\\-*+ \\t]*PWN"));
    static const QRegularExpression fenceLine(QStringLiteral("^(`{3,})"));
    bool inCode = false;
    QString fence;
    int codeBlocks = 0;
    int tableColumns = -1; // pipes in the current table's header row
    for (const QString &line : md.split(QLatin1Char('\n'))) {
        if (brokeOut.match(line).hasMatch())
            return QStringLiteral("a payload starts a line: ") + line;
        const QRegularExpressionMatch f = fenceLine.match(line);
        if (inCode) {
            if (f.hasMatch() && f.captured(1).size() >= fence.size() && line.trimmed() == f.captured(1))
                inCode = false;
            else if (line.contains(fence))
                return QStringLiteral("the code block's fence appears inside it: ") + line;
            continue;
        }
        if (f.hasMatch()) {
            inCode = true;
            fence = f.captured(1);
            ++codeBlocks;
            tableColumns = -1;
            continue;
        }
        if (line.contains(QChar(0x2028)) || line.contains(QChar(0x2029)) || line.contains(QLatin1Char('\r')))
            return QStringLiteral("a line separator in: ") + line;
        if (html.match(line).hasMatch())
            return QStringLiteral("raw HTML or an autolink: ") + line;
        if (link.match(line).hasMatch())
            return QStringLiteral("a link, image or definition: ") + line;
        if (line.startsWith(QLatin1Char('|'))) {
            const int pipes = unescapedPipes(line);
            if (tableColumns < 0)
                tableColumns = pipes;
            else if (pipes != tableColumns)
                return QStringLiteral("a table row with %1 cells, the header has %2: ")
                           .arg(pipes - 1)
                           .arg(tableColumns - 1)
                    + line;
        } else {
            tableColumns = -1;
        }
    }
    if (inCode)
        return QStringLiteral("the code block never closes");
    if (codeBlocks != expectedCodeBlocks)
        return QStringLiteral("%1 code blocks, expected %2").arg(codeBlocks).arg(expectedCodeBlocks);
    return {};
}

} // namespace

class TstMarkdown : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void reportIsInert_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("payload");
        for (int f = 0; f < FieldCount; ++f)
            for (int p = 0; p < static_cast<int>(std::size(kPayloads)); ++p)
                QTest::addRow("%s/%d", kFieldNames[f], p) << f << p;
    }
    void reportIsInert()
    {
        QFETCH(int, field);
        QFETCH(int, payload);
        const Specs s = hostile(field, kPayloads[payload]);
        const EvaluatedPlan a = evaluatePlan(s.plan, s.model, s.gpu);
        QVERIFY(a.evaluation.valid);
        ReportOptions oa;
        oa.generator = "ShardScope test"; // no picture: its link is the one the report writes itself
        addLaunchCommand(oa, a.evaluation, a.model);
        // One code block (the command), unless the export refused the plan (an hf_repo with a
        // control character is a command word: refused, the reason in a line of text).
        const int blocks = oa.launchCommand.empty() ? 0 : 1;
        const QString md = QString::fromStdString(markdownReport(a, oa));
        QVERIFY(md.contains(QStringLiteral("## Communication per step")));
        if (field != CalibrationSource) // (the report does not name the calibration's log)
            QVERIFY(md.contains(QStringLiteral("PWN"))); // the name is there, as text
        const QString why = inertness(md, blocks);
        QVERIFY2(why.isEmpty(), qPrintable(why));

        // A against B (tp 4): the titles in the bullets and headings, both plans' sections.
        Plan planB = s.plan;
        planB.tp = 4;
        const EvaluatedPlan b = evaluatePlan(planB, s.model, s.gpu);
        ReportOptions ob = oa;
        addLaunchCommand(ob, b.evaluation, b.model);
        const QString cmp = QString::fromStdString(markdownComparisonReport(a, oa, b, ob));
        const QString whyCmp = inertness(cmp, blocks + (ob.launchCommand.empty() ? 0 : 1));
        QVERIFY2(whyCmp.isEmpty(), qPrintable(whyCmp));
    }

    // The picture's link: its name comes from the output file's name (a report "a b).md" wrote
    // "![…](a b).placement.png)", which ends the link early). Percent-encoded, one word.
    void pictureLinkIsOneWord()
    {
        const Specs s = hostile(FieldCount, "");
        const EvaluatedPlan a = evaluatePlan(s.plan, s.model, s.gpu);
        ReportOptions o;
        o.placementImage = "my report (v2)<x>.placement.png";
        const QString md = QString::fromStdString(markdownReport(a, o));
        // ' ' = %20, '(' = %28, ')' = %29, '<' = %3C, '>' = %3E (RFC 3986 percent-encoding, ASCII).
        QVERIFY2(md.contains(QStringLiteral("](my%20report%20%28v2%29%3Cx%3E.placement.png)\n")), qPrintable(md));
    }

    // The sweep's text summary names the model and the GPU on its first line: still one line.
    void sweepTextIsOneLine()
    {
        Specs s = hostile(ModelName, "x\nPWN");
        s.gpu.name = "H100 y\r\nPWN";
        SweepOptions o;
        o.gpus = 8;
        const SweepResult r = sweep(s.plan, s.model, s.gpu, o);
        const QString text = QString::fromStdString(sweepToText(r, s.model, s.gpu));
        const QString first = text.section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(
            first.startsWith(QStringLiteral("Llama x\\nPWN on 8 x H100 y\\r\\nPWN (nodes of 8)")), qPrintable(first));
        for (const QString &line : text.split(QLatin1Char('\n')))
            QVERIFY2(!line.startsWith(QStringLiteral("PWN")), qPrintable(line));
    }
};

QTEST_GUILESS_MAIN(TstMarkdown)
#include "tst_markdown.moc"
