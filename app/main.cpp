// shardscope: with a subcommand (plan, presets, ...) it runs headless on QCoreApplication and needs
// no display; with none it opens the planner window.
#include "cli/commands.h"
#include "core/text/suggest.h"
#include "io/presetrepository.h"
#ifdef SHARDSCOPE_WITH_GUI
#include "app/windowmain.h"
#include "widgets/export/reportpdf.h"

#include <QApplication>
#include <QGuiApplication>
#include <QIcon>
#endif

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>

namespace {

#ifdef SHARDSCOPE_WITH_GUI
// The desktop entry, AppStream id and icon name (packaging/).
constexpr char kAppId[] = "org.shardscope.ShardScope";
#endif

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QCoreApplication::setApplicationName(QStringLiteral("ShardScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
}

// GNU-style top-level help on stdout; the README's "Manual" section shows the same text.
void printUsage()
{
    std::cout << "Usage: shardscope [OPTION]\n"
                 "       shardscope COMMAND [OPTION]...\n"
                 "Plan how a large language model is split across GPUs for inference.\n\n"
                 "Without a command, opens the planner window (window options: shardscope --help-window).\n\n"
                 "Commands:\n";
    constexpr size_t kColumn = 12; // command names up to 10 characters, then two spaces
    for (const Command &c : commands())
        std::cout << "  " << c.name << std::string(kColumn - std::min(kColumn - 2, std::strlen(c.name)), ' ')
                  << c.summary << "\n";
    std::cout << "  help" << std::string(kColumn - 4, ' ')
              << "Show a command's options: shardscope help COMMAND.\n"
                 "\nOptions:\n"
                 "  -h, --help     Show this help and exit.\n"
                 "  -V, --version  Show the version and exit.\n"
                 "\n'shardscope COMMAND --help' lists a command's options.\n"
                 "Exit status: 0 on success (a plan that does not fit is still a result), 2 on bad input.\n";
}

int unknownCommand(const char *name)
{
    const std::string hint = shardscope::didYouMean(shardscope::suggestNames(name, commandNames()));
    std::cerr << "shardscope: error: unknown command \"" << name << "\"" << (hint.empty() ? "" : ": " + hint)
              << " (try shardscope --help)" << std::endl;
    return 2;
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
        // "shardscope help [COMMAND]" is "shardscope --help" or "shardscope COMMAND --help".
        const bool helpCommand = std::strcmp(first, "help") == 0;
        if (helpCommand && argc == 2) {
            printUsage();
            return 0;
        }
        if (helpCommand && argc > 3) {
            std::cerr << "shardscope help: error: expected one command name" << std::endl;
            return 2;
        }
        const char *name = helpCommand ? argv[2] : first;
        if (const Command *command = findCommand(QString::fromLocal8Bit(name))) {
            std::unique_ptr<QCoreApplication> app;
#ifdef SHARDSCOPE_WITH_GUI
            if (command->needsGui) {
                // It paints but never shows a window: offscreen, unless the user picked a platform.
                if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                    qputenv("QT_QPA_PLATFORM", "offscreen");
                app = std::make_unique<QGuiApplication>(argc, argv);
                installReportRenderer();
            }
#endif
            if (!app) // a headless build has no renderer: the report writer then refuses PDF output
                app = std::make_unique<QCoreApplication>(argc, argv);
            setIdentity();
            if (const QString notice = PresetRepository::takeMigrationNotice(); !notice.isEmpty() && !helpCommand)
                std::cerr << "shardscope: note: " << notice.toStdString() << std::endl;
            QStringList args = QCoreApplication::arguments();
            args.removeAt(1);
            if (helpCommand)
                args = QStringList { args.first(), QStringLiteral("--help") };
            return command->run(args);
        }
        if (helpCommand || first[0] != '-')
            return unknownCommand(name);
    }
#ifdef SHARDSCOPE_WITH_GUI
    for (int i = 1; i < argc; ++i) // the window's help needs no display either
        if (std::strcmp(argv[i], "--help-window") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    prepareGuiEnvironment(argc, argv);
    // Without a display Qt would abort with a platform-plugin message: say what to do instead.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::cerr << "shardscope: error: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                     "run a command (shardscope --help) or render one with --screenshot FILE"
                  << std::endl;
        return 2;
    }
    QApplication app(argc, argv);
    setIdentity();
    // Lets Wayland compositors and docks match the window to the installed desktop entry and icon.
    QGuiApplication::setDesktopFileName(QLatin1String(kAppId));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QLatin1String(kAppId), QIcon(QStringLiteral(":/icons/org.shardscope.ShardScope.svg"))));
    return runGui(app);
#else
    std::cerr << "shardscope: error: this build has no window (SHARDSCOPE_BUILD_GUI=OFF); run a command "
                 "(shardscope --help)"
              << std::endl;
    return 2;
#endif
}
