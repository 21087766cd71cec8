#pragma once
#include <QMainWindow>

// Composition only: owns the document and lays out the views.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
};
