#pragma once
#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

// What survives a restart (QSettings): the last plan, its file, recent files, window layout.
namespace session {

inline constexpr int kMaxRecentFiles = 8;

QStringList recentFiles();
void addRecentFile(const QString &path);
void removeRecentFile(const QString &path);

// The plan as plan-file JSON text, the file it came from (empty if never saved), and whether it
// held changes not saved to that file (an autosave of unsaved work: a window that crashed or was
// killed before its user chose Save or Discard). Written shortly after each change and at quit.
void saveLastPlan(const QByteArray &planFileJson, const QString &filePath, bool unsaved = false);
QByteArray lastPlanJson();
QString lastPlanFile();
bool lastPlanUnsaved();
QDateTime lastPlanTime();

void saveWindowState(const QByteArray &geometry, const QByteArray &state);
QByteArray windowGeometry();
QByteArray windowState();

} // namespace session
