#include "widgets/gui.h"

#include "widgets/mainwindow.h"

#include <QApplication>

int runGui(QApplication &app)
{
    MainWindow window;
    window.show();
    return app.exec();
}
