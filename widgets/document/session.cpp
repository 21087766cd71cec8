#include "widgets/document/session.h"

#include <QFileInfo>
#include <QSettings>

namespace session {

namespace {
const QString kRecent = QStringLiteral("recentFiles");
const QString kLastPlan = QStringLiteral("session/plan");
const QString kLastFile = QStringLiteral("session/file");
const QString kUnsaved = QStringLiteral("session/unsaved");
const QString kTime = QStringLiteral("session/time");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
} // namespace

QStringList recentFiles()
{
    return QSettings().value(kRecent).toStringList();
}

void addRecentFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = recentFiles();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecentFiles)
        list.removeLast();
    QSettings().setValue(kRecent, list);
}

void removeRecentFile(const QString &path)
{
    QStringList list = recentFiles();
    list.removeAll(path);
    QSettings().setValue(kRecent, list);
}

void saveLastPlan(const QByteArray &planFileJson, const QString &filePath, bool unsaved)
{
    QSettings s;
    s.setValue(kLastPlan, planFileJson);
    s.setValue(kLastFile, filePath);
    s.setValue(kUnsaved, unsaved);
    s.setValue(kTime, QDateTime::currentDateTime());
}

QByteArray lastPlanJson()
{
    return QSettings().value(kLastPlan).toByteArray();
}

QString lastPlanFile()
{
    return QSettings().value(kLastFile).toString();
}

bool lastPlanUnsaved()
{
    return QSettings().value(kUnsaved, false).toBool();
}

QDateTime lastPlanTime()
{
    return QSettings().value(kTime).toDateTime();
}

void saveWindowState(const QByteArray &geometry, const QByteArray &state)
{
    QSettings s;
    s.setValue(kGeometry, geometry);
    s.setValue(kState, state);
}

QByteArray windowGeometry()
{
    return QSettings().value(kGeometry).toByteArray();
}

QByteArray windowState()
{
    return QSettings().value(kState).toByteArray();
}

} // namespace session
