#pragma once

class QApplication;

// Before the QApplication exists: --screenshot selects the offscreen platform (no display needed)
// unless QT_QPA_PLATFORM says otherwise.
void prepareGuiEnvironment(int argc, char **argv);

// Parses the window's command-line options (the plan flags of `shardscope plan`, --tab,
// --screenshot, --size, --help-window), opens the main window or renders a screenshot headlessly,
// and runs the event loop. Returns the process exit code: 0, or 2 with one line on stderr for bad
// flags.
int runGui(QApplication &app);
