// shardscope: with a subcommand (plan, presets, ...) it runs headless on QCoreApplication and needs
// no display; with none it opens the planner window.
#include "app/commands/commands.h"
#include "widgets/gui.h"
#include "widgets/reportpdf.h"

#include <QApplication>
#include <QCoreApplication>
#include <QGuiApplication>

#include <cstring>
#include <memory>
#include <iostream>

namespace {

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QCoreApplication::setApplicationName(QStringLiteral("ShardScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
}

void printUsage()
{
    std::cout << "Usage: shardscope [COMMAND] [OPTIONS]\n"
                 "Plan how a large language model is split across GPUs for inference.\n\n"
                 "Without a command, opens the planner window (window options: shardscope --help-window).\n\n"
                 "Commands:\n";
    for (const Command &c : commands())
        std::cout << "  " << c.name << std::string(10 - std::min<size_t>(9, std::strlen(c.name)), ' ') << c.summary << "\n";
    std::cout << "\n'shardscope COMMAND --help' lists a command's options.\n"
                 "  --help       Show this help and exit.\n"
                 "  --version    Show the version and exit.\n";
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1) {
        const char *first = argv[1];
        if (std::strcmp(first, "--version") == 0 || std::strcmp(first, "-V") == 0) {
            std::cout << "shardscope " << SHARDSCOPE_VERSION << std::endl;
            return 0;
        }
        if (std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0) {
            printUsage();
            return 0;
        }
        if (const Command *command = findCommand(QString::fromLocal8Bit(first))) {
            std::unique_ptr<QCoreApplication> app;
            if (command->needsGui) {
                // It paints but never shows a window: offscreen, unless the user picked a platform.
                if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                    qputenv("QT_QPA_PLATFORM", "offscreen");
                app = std::make_unique<QGuiApplication>(argc, argv);
                installReportRenderer();
            } else {
                app = std::make_unique<QCoreApplication>(argc, argv);
            }
            setIdentity();
            QStringList args = QCoreApplication::arguments();
            args.removeAt(1);
            return command->run(args);
        }
        if (first[0] != '-') {
            std::cerr << "shardscope: error: unknown command \"" << first << "\" (try shardscope --help)" << std::endl;
            return 2;
        }
    }
    prepareGuiEnvironment(argc, argv);
    QApplication app(argc, argv);
    setIdentity();
    return runGui(app);
}
