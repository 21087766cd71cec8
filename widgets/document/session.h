#pragma once
#include <QByteArray>
#include <QString>
#include <QStringList>

// What survives a restart (QSettings): the last plan, its file, recent files, window layout.
namespace session {

inline constexpr int kMaxRecentFiles = 8;

QStringList recentFiles();
void addRecentFile(const QString &path);
void removeRecentFile(const QString &path);

// The plan as plan-file JSON text, and the file it came from (empty if never saved).
void saveLastPlan(const QByteArray &planFileJson, const QString &filePath);
QByteArray lastPlanJson();
QString lastPlanFile();

void saveWindowState(const QByteArray &geometry, const QByteArray &state);
QByteArray windowGeometry();
QByteArray windowState();

} // namespace session
