#include "cli/commands.h"

#include "core/text/suggest.h"
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

std::vector<std::string> commandNames()
{
    std::vector<std::string> names;
    for (const Command &c : commands())
        names.emplace_back(c.name);
    names.emplace_back("help");
    return names;
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

std::vector<std::string> listedOptionNames(const QCommandLineParser &parser)
{
    // QCommandLineParser does not list its options; its help does, one per line as
    // "  -h, --help   Show …" or "  --tp <n>   Tensor-parallel …" (the names end at two spaces).
    std::vector<std::string> names;
    const QString help = parser.helpText();
    const qsizetype options = help.indexOf(QStringLiteral("\nOptions:\n"));
    if (options < 0)
        return names;
    for (const QString &line : help.mid(options).split(QLatin1Char('\n'))) {
        // Option lines start with two spaces; a wrapped description is indented further.
        const QString trimmed = line.trimmed();
        if (!line.startsWith(QStringLiteral("  -")))
            continue;
        const qsizetype end = trimmed.indexOf(QStringLiteral("  "));
        for (QString word : trimmed.left(end < 0 ? trimmed.size() : end).split(QLatin1Char(' '))) {
            if (word.endsWith(QLatin1Char(',')))
                word.chop(1);
            if (word.startsWith(QStringLiteral("--")) && word.size() > 2)
                names.push_back(word.mid(2).toStdString());
        }
    }
    return names;
}

std::string parseErrorMessage(const QCommandLineParser &parser, const char *command)
{
    // No command: the window's own flags.
    const std::string help
        = command && *command ? std::string("shardscope ") + command + " --help" : "shardscope --help-window";
    const QStringList unknown = parser.unknownOptionNames();
    if (!unknown.isEmpty()) {
        // Qt says "Unknown option 'tpp'."; name it as typed and point at the nearest real one.
        const QString &name = unknown.first();
        const std::string typed = (name.size() == 1 ? "-" : "--") + name.toStdString();
        const std::string hint
            = shardscope::didYouMean(shardscope::suggestNames(name.toStdString(), listedOptionNames(parser)), "--");
        return "unknown option " + typed + (hint.empty() ? "" : ": " + hint) + " (" + help + " lists the options)";
    }
    // Qt's other messages ("Missing value after '--tp'.") in this tool's style: lower case, no full stop.
    std::string text = parser.errorText().trimmed().toStdString();
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text + " (see " + help + ")";
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
        exitCode = failWith(command, parseErrorMessage(parser, command));
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
