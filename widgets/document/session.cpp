#include "widgets/document/session.h"

#include "io/boundedread.h"
#include "io/savefile.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

#include <cstdio>

namespace session {

namespace {
const QString kRecent = QStringLiteral("recentFiles");
// Where ShardScope 0.x kept the last plan (QSettings): read once if there is no session file yet.
const QString kLegacyPlan = QStringLiteral("session/plan");
const QString kLegacyFile = QStringLiteral("session/file");
const QString kLegacyUnsaved = QStringLiteral("session/unsaved");
const QString kLegacyTime = QStringLiteral("session/time");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const char *const kSchema = "shardscope.session/1";

// A message in the "Session" context (each text is marked with QT_TRANSLATE_NOOP for lupdate).
QString say(const char *text)
{
    return QCoreApplication::translate("Session", text);
}

std::optional<LastPlan> legacyPlan()
{
    const QSettings s;
    const QByteArray plan = s.value(kLegacyPlan).toByteArray();
    if (plan.isEmpty())
        return std::nullopt;
    return LastPlan { plan, s.value(kLegacyFile).toString(), s.value(kLegacyUnsaved, false).toBool(),
        s.value(kLegacyTime).toDateTime() };
}

void removeLegacyPlan()
{
    QSettings s;
    for (const QString &key : { kLegacyPlan, kLegacyFile, kLegacyUnsaved, kLegacyTime })
        s.remove(key);
}

// The session's fields, or a reason why the text is not a session.
std::optional<LastPlan> parseSession(const std::string &text, QString *why)
{
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        *why = say(QT_TRANSLATE_NOOP("Session", "it is not valid JSON (cut short?)"));
        return std::nullopt;
    }
    if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string() || j["schema"] != kSchema) {
        *why = say(QT_TRANSLATE_NOOP("Session", "it is not a ShardScope session"));
        return std::nullopt;
    }
    // The plan is kept as the plan file's text (a string), parsed again where plan files are.
    const auto plan = j.find("plan_file");
    const auto file = j.find("file");
    const auto unsaved = j.find("unsaved");
    const auto time = j.find("time");
    if (plan == j.end() || !plan->is_string() || plan->get_ref<const std::string &>().empty()
        || (file != j.end() && !file->is_string()) || (unsaved != j.end() && !unsaved->is_boolean())
        || (time != j.end() && !time->is_string())) {
        *why = say(QT_TRANSLATE_NOOP("Session", "a field is missing or of the wrong type"));
        return std::nullopt;
    }
    LastPlan out;
    out.planFileJson = QByteArray::fromStdString(plan->get<std::string>());
    if (file != j.end())
        out.filePath = QString::fromStdString(file->get<std::string>());
    out.unsaved = unsaved != j.end() && unsaved->get<bool>();
    if (time != j.end())
        out.time = QDateTime::fromString(QString::fromStdString(time->get<std::string>()), Qt::ISODateWithMs);
    return out;
}
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

QString sessionFilePath()
{
    return QFileInfo(QSettings().fileName()).absolutePath() + QStringLiteral("/session.json");
}

QString saveLastPlan(const LastPlan &plan)
{
    nlohmann::json j;
    j["schema"] = kSchema;
    j["plan_file"] = plan.planFileJson.toStdString();
    j["file"] = plan.filePath.toStdString();
    j["unsaved"] = plan.unsaved;
    j["time"]
        = (plan.time.isValid() ? plan.time : QDateTime::currentDateTime()).toString(Qt::ISODateWithMs).toStdString();
    const QString path = sessionFilePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString error = saveFileAtomically(path, QByteArray::fromStdString(j.dump(1) + "\n"));
    if (!error.isEmpty())
        return say(QT_TRANSLATE_NOOP("Session", "cannot save the session to %1: %2"))
            .arg(QDir::toNativeSeparators(path), error);
    removeLegacyPlan();
    return {};
}

QString setAsideSessionFile()
{
    const QString path = sessionFilePath();
    QString aside = path + QStringLiteral(".unreadable");
    // rename(2): replaces an older copy set aside, moves a symlink itself, never follows it.
    if (std::rename(QFile::encodeName(path).constData(), QFile::encodeName(aside).constData()) != 0)
        return {};
    return aside;
}

LoadedSession loadLastPlan()
{
    const QString path = sessionFilePath();
    const BoundedRead r = readRegularFile(path, kMaxJsonFileBytes, true);
    if (r.status == BoundedRead::Status::Missing)
        return { legacyPlan(), {} };
    QString why;
    std::optional<LastPlan> plan;
    switch (r.status) {
    case BoundedRead::Status::Ok:
        plan = parseSession(r.data, &why);
        break;
    case BoundedRead::Status::TooLarge:
        why = say(QT_TRANSLATE_NOOP("Session", "it is larger than 16 MiB"));
        break;
    case BoundedRead::Status::NotRegular: // "is a directory", "is not a regular file (a FIFO)"
        why = say(QT_TRANSLATE_NOOP("Session", "it %1")).arg(QString::fromStdString(r.reason));
        break;
    default:
        why = QString::fromStdString(r.reason);
        break;
    }
    if (plan)
        return { plan, {} };
    const QString aside = setAsideSessionFile();
    const QString shown = QDir::toNativeSeparators(path);
    return { std::nullopt,
        aside.isEmpty()
            ? say(QT_TRANSLATE_NOOP("Session", "The autosaved session %1 could not be read: %2.")).arg(shown, why)
            : say(QT_TRANSLATE_NOOP("Session", "The autosaved session %1 could not be read: %2. It was kept as %3."))
                  .arg(shown, why, QDir::toNativeSeparators(aside)) };
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
