#pragma once
// What the window tests share: a window that starts on a given plan without the user's settings,
// and screenshots saved when SHARDSCOPE_SCREENSHOTS names a folder.
#include "widgets/window/mainwindow.h"

#include <QDir>
#include <QTest>
#include <QWidget>

inline WindowOptions windowOptions(shardscope::Plan plan)
{
    WindowOptions o;
    o.initialPlan = std::move(plan);
    o.useSettings = false;
    return o;
}

inline void saveScreenshot(QWidget &w, const char *name)
{
    if (const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(w.grab().save(QDir(dir).filePath(QString::fromLatin1(name))));
}
