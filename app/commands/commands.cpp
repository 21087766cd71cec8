#include "app/commands/commands.h"

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>
#include <vector>

const std::vector<Command> &commands()
{
    static const std::vector<Command> list = {
        {"plan", "Evaluate one plan: placement, memory, KV capacity (text or JSON).", runPlanCommand},
        {"presets", "List the built-in and user model and GPU presets.", runPresetsCommand},
        {"reconcile", "Compare a real vLLM startup log with the prediction (JSON); calibrate overheads.", runReconcileCommand},
        {"export", "Print the vllm serve (or SGLang) launch commands for a plan, per node.", runExportCommand},
        {"import", "Read a pasted vllm serve / docker run command back into a plan (JSON).", runImportCommand},
        {"report", "Write a plan report (or an A/B comparison) as Markdown or PDF.", runReportCommand, true},
        {"sweep", "Evaluate every TP x PP x DP x EP for a GPU count and rank the plans.", runSweepCommand},
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

bool parseOrFail(QCommandLineParser &parser, const QStringList &args, const char *command, int &exitCode)
{
    parser.addHelpOption();
    if (!parser.parse(args)) {
        exitCode = failWith(command, parser.errorText().toStdString());
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::cout << parser.helpText().toStdString();
        exitCode = 0;
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        exitCode = failWith(command, "unexpected argument \"" + parser.positionalArguments().first().toStdString() + "\"");
        return false;
    }
    return true;
}
