#include "widgets/mainwindow.h"

#include <QLabel>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("ShardScope"));
    auto *label = new QLabel(tr("ShardScope planner"), this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
    resize(1200, 800);
}
