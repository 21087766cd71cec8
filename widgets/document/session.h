#pragma once
#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

// What survives a restart. Small preferences (recent files, window layout) live in QSettings; the
// user's work (the last plan, autosaved) has a file of its own, written through the atomic writer
// (io/savefile.h) and read back bounded (io/boundedread.h): a crash or a full disk in the middle of
// an autosave leaves the previous good copy, and a truncated, garbage or oversized session file is
// refused with one line, never a crash.
namespace session {

inline constexpr int kMaxRecentFiles = 8;

QStringList recentFiles();
void addRecentFile(const QString &path);
void removeRecentFile(const QString &path);

// The plan as plan-file JSON text, the file it came from (empty if never saved), whether it held
// changes not saved to that file (an autosave of unsaved work: a window that crashed or was killed
// before its user chose Save or Discard), and when it was written.
struct LastPlan
{
    QByteArray planFileJson;
    QString filePath;
    bool unsaved = false;
    QDateTime time;
};

// The session file: "session.json" beside the QSettings file (so a sandboxed QSettings sandboxes it
// too), e.g. ~/.config/ShardScope/session.json. Format: {"schema": "shardscope.session/1",
// "plan": <plan file>, "file": "...", "unsaved": bool, "time": "ISO 8601"}.
QString sessionFilePath();

// Written shortly after each change and at quit. Empty on success, else one line saying why
// ("cannot save the session to P: no space left on device"); the previous session file is intact.
QString saveLastPlan(const LastPlan &plan);

struct LoadedSession
{
    std::optional<LastPlan> plan; // none: no session, or an unreadable one
    QString error; // an unreadable session: one line naming the file and the reason
};
// The session file, at most 16 MiB, a regular file only. An unreadable one (not JSON, cut short,
// too large, a FIFO, the wrong schema) is moved aside to "session.json.unreadable" so that the next
// autosave does not overwrite what may still be recovered by hand, and `error` says so.
LoadedSession loadLastPlan();
// Moves the session file aside as above (a session whose plan no longer loads); returns the new path.
QString setAsideSessionFile();

void saveWindowState(const QByteArray &geometry, const QByteArray &state);
QByteArray windowGeometry();
QByteArray windowState();

} // namespace session
