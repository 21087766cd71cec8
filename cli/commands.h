#pragma once
#include <QStringList>

#include <string>
#include <vector>

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
// The command names (and "help"), for "did you mean plan?".
std::vector<std::string> commandNames();

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
// PresetRepository::load() plus one "shardscope <cmd>: warning: skipped <entry>: <why>" line on stderr
// for each user-folder entry that is not a regular file (a FIFO, a device, a folder): such entries
// are never read, and saying so beats a preset that silently does not appear.
class PresetRepository;
PresetRepository loadPresets(const char *command);
// Parses args with the parser, adding -h/--help and -V/--version. Returns false when the command
// should stop: on a parse error (message printed, exitCode 2) or after printing help or version
// on stdout (exitCode 0).
class QCommandLineParser;
// The parser's help text with the usage line naming the command ("Usage: shardscope plan [options]").
QString commandHelpText(const QCommandLineParser &parser, const char *command);
// The long option names (without "--") the parser's help lists.
std::vector<std::string> listedOptionNames(const QCommandLineParser &parser);
// The parser's error after a failed parse() in the "shardscope CMD: error: …" style: an unknown
// option with the closest known ones ("unknown option --tpp: did you mean --tp? (…)"). A null or
// empty command is the window's parser (shardscope --help-window).
std::string parseErrorMessage(const QCommandLineParser &parser, const char *command);
// -h/--help and -V/--version, for commands that parse on their own (positional arguments).
void addStandardOptions(QCommandLineParser &parser);
// After parsing: prints the help or the version on stdout and returns true when one was asked for.
bool answeredHelpOrVersion(const QCommandLineParser &parser, const char *command);
bool parseOrFail(QCommandLineParser &parser, const QStringList &args, const char *command, int &exitCode);
