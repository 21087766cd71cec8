#pragma once

class QApplication;

// Parses the window's command-line options, opens the main window (or renders a screenshot
// headlessly) and runs the event loop. Returns the process exit code.
int runGui(QApplication &app);
