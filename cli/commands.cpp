#include "cli/commands.h"

#include "io/presetrepository.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>
#include <vector>

const std::vector<Command> &commands()
{
    static const std::vector<Command> list = {
        { "plan", "Evaluate one plan: placement, memory, KV capacity (text or JSON).", runPlanCommand },
        { "presets", "List the built-in and user model and GPU presets.", runPresetsCommand },
        { "reconcile", "Compare a real vLLM startup log with the prediction (JSON); calibrate overheads.",
            runReconcileCommand },
        { "export", "Print the vllm serve (or SGLang) launch commands for a plan, per node.", runExportCommand },
        { "import", "Read a pasted vllm serve / docker run command back into a plan (JSON).", runImportCommand },
        { "report", "Write a plan report (or an A/B comparison) as Markdown or PDF.", runReportCommand, true },
        { "sweep", "Evaluate every TP x PP x DP x EP for a GPU count and rank the plans.", runSweepCommand },
    };
    return list;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

int failWith(const char *command, const std::string &message)
{
    std::string line = message;
    for (char &c : line)
        if (c == '\n' || c == '\r')
            c = ' ';
    std::cerr << "shardscope " << command << ": error: " << line << std::endl;
    return 2;
}

PresetRepository loadPresets(const char *command)
{
    PresetRepository repo = PresetRepository::load();
    for (const QString &entry : repo.skippedEntries())
        std::cerr << "shardscope " << command << ": warning: skipped " << entry.toStdString() << std::endl;
    return repo;
}

QString commandHelpText(const QCommandLineParser &parser, const char *command)
{
    // QCommandLineParser names the program by argv[0] ("Usage: ./shardscope [options] ..."); the
    // help names the program and the command, and keeps the rest of the usage line.
    QString text = parser.helpText();
    const QString prefix = QStringLiteral("Usage: ");
    const qsizetype nameEnd = text.indexOf(QLatin1Char(' '), prefix.size());
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    if (!text.startsWith(prefix) || nameEnd < 0 || (lineEnd >= 0 && nameEnd > lineEnd))
        return text;
    return prefix + QStringLiteral("shardscope ") + QLatin1String(command) + text.mid(nameEnd);
}

void addStandardOptions(QCommandLineParser &parser)
{
    // Not addHelpOption(): it adds --help-all for Qt's GUI options, which no subcommand takes.
    parser.addOption(QCommandLineOption(
        { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help and exit.")));
    parser.addOption(QCommandLineOption(
        { QStringLiteral("V"), QStringLiteral("version") }, QStringLiteral("Show the version and exit.")));
}

bool answeredHelpOrVersion(const QCommandLineParser &parser, const char *command)
{
    if (parser.isSet(QStringLiteral("help"))) {
        std::cout << commandHelpText(parser, command).toStdString();
        return true;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::cout << "shardscope " << SHARDSCOPE_VERSION << std::endl;
        return true;
    }
    return false;
}

bool parseOrFail(QCommandLineParser &parser, const QStringList &args, const char *command, int &exitCode)
{
    addStandardOptions(parser);
    if (!parser.parse(args)) {
        exitCode = failWith(command, parser.errorText().toStdString());
        return false;
    }
    if (answeredHelpOrVersion(parser, command)) {
        exitCode = 0;
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        exitCode
            = failWith(command, "unexpected argument \"" + parser.positionalArguments().first().toStdString() + "\"");
        return false;
    }
    return true;
}
