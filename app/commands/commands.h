#pragma once
#include <QStringList>

// One headless subcommand. `args` starts with the program name followed by the subcommand's own
// arguments (the subcommand name removed), ready for QCommandLineParser::process-like parsing.
struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
    bool needsGui = false; // paints (report's PDF): runs on QGuiApplication, offscreen without a display
};

// Every subcommand, in the order --help lists them.
const std::vector<Command> &commands();
const Command *findCommand(const QString &name);

int runPlanCommand(const QStringList &args);
int runPresetsCommand(const QStringList &args);
int runReconcileCommand(const QStringList &args);
int runExportCommand(const QStringList &args);
int runImportCommand(const QStringList &args);
int runReportCommand(const QStringList &args);
int runSweepCommand(const QStringList &args);

// Shared by the commands: print a one-line error as "shardscope <cmd>: error: <message>" on stderr
// and return the exit code for bad input (2).
int failWith(const char *command, const std::string &message);
// Parses args with the parser; on failure prints the parser's error and returns false.
class QCommandLineParser;
bool parseOrFail(QCommandLineParser &parser, const QStringList &args, const char *command, int &exitCode);
