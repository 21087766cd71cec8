// The autosaved session is user work: it goes through the atomic writer and is read back bounded.
// A failed autosave (a full disk) keeps the previous good copy; a truncated, garbage, oversized or
// not-a-file session is refused with one line naming the file, kept aside, and the window starts.
#include "tests/common/testutils.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/planfile.h"
#include "widgets/document/session.h"
#include "widgets/window/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace shardscope;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void writeAll(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

// Files this process writes may not grow beyond `bytes` (RLIMIT_FSIZE): write(2) answers EFBIG as a
// full disk answers ENOSPC, also as root.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_saved);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

private:
    rlimit m_saved {};
    void (*m_oldHandler)(int) = nullptr;
};

// A plan file's text for llama-3.1-70b on H100 at `tp`, as the window writes it.
QByteArray planText(int tp)
{
    PlanDocument doc(builtinCatalog());
    doc.setPlan(makePlan("llama-3.1-70b", "h100-sxm", tp));
    return QByteArray::fromStdString(planfile::toJsonText(doc));
}

// Saves a session of planText(tp) and returns the file's bytes (empty if the save failed).
QByteArray sessionText(int tp, bool unsaved)
{
    const session::LastPlan p { planText(tp), QString(), unsaved, QDateTime::currentDateTime() };
    return session::saveLastPlan(p).isEmpty() ? readAll(session::sessionFilePath()) : QByteArray();
}

// The plan a plan file's text holds.
Plan planOf(const QByteArray &planFileJson)
{
    PlanDocument doc(builtinCatalog());
    return planfile::fromJsonText(doc, planFileJson.toStdString());
}

mode_t modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}

WindowOptions remembering()
{
    WindowOptions o;
    o.useSettings = true;
    return o;
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }
    void init()
    {
        QSettings().clear();
        QFile::remove(session::sessionFilePath());
        QFile::remove(session::sessionFilePath() + QStringLiteral(".unreadable"));
    }

    // The plan goes to session.json beside the settings, not into QSettings; it reads back as written.
    void sessionIsAFileOfItsOwn()
    {
        const QDateTime when = QDateTime::fromString(QStringLiteral("2026-03-01T10:20:30.456"), Qt::ISODateWithMs);
        const session::LastPlan p { planText(8), QStringLiteral("/tmp/a b.shardscope.json"), true, when };
        QCOMPARE(session::saveLastPlan(p), QString());
        QCOMPARE(
            QFileInfo(session::sessionFilePath()).absolutePath(), QFileInfo(QSettings().fileName()).absolutePath());
        QVERIFY(!QSettings().contains(QStringLiteral("session/plan")));
        const session::LoadedSession s = session::loadLastPlan();
        QCOMPARE(s.error, QString());
        QVERIFY(s.plan);
        QCOMPARE(s.plan->planFileJson, p.planFileJson);
        QCOMPARE(s.plan->filePath, p.filePath);
        QVERIFY(s.plan->unsaved);
        QCOMPARE(s.plan->time, when);
        // Written by the atomic writer: 0644 less the umask (022 in the test), no temporary file left.
        const mode_t mask = ::umask(022);
        ::umask(mask);
        QCOMPARE(modeOf(session::sessionFilePath()), static_cast<mode_t>(0644 & ~mask));
        const QStringList left = QFileInfo(session::sessionFilePath()).dir().entryList(QDir::Files | QDir::Hidden);
        for (const QString &f : left)
            QVERIFY2(!f.startsWith(QStringLiteral(".session.json.")), qPrintable(f));
    }

    // A session ShardScope kept in QSettings before is read once, and removed once a file holds it.
    void legacySettingsSessionIsMigrated()
    {
        QSettings().setValue(QStringLiteral("session/plan"), planText(2));
        QSettings().setValue(QStringLiteral("session/unsaved"), false);
        session::LoadedSession s = session::loadLastPlan();
        QVERIFY(s.plan);
        QCOMPARE(s.plan->planFileJson, planText(2));
        QCOMPARE(session::saveLastPlan(*s.plan), QString());
        QVERIFY(!QSettings().contains(QStringLiteral("session/plan")));
        QVERIFY(session::loadLastPlan().plan);
    }

    // Hostile or damaged session files: refused with one line naming the file and the reason, kept
    // aside (not overwritten by the next autosave), and the window starts on the default plan.
    void damagedSessionRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("truncated") << "truncated"
                                   << "it is not valid JSON";
        QTest::newRow("garbage") << "garbage"
                                 << "it is not valid JSON";
        QTest::newRow("empty") << "empty"
                               << "it is not valid JSON";
        QTest::newRow("other json") << "other"
                                    << "it is not a ShardScope session";
        QTest::newRow("wrong types") << "types"
                                     << "a field is missing or of the wrong type";
        QTest::newRow("oversized") << "oversized"
                                   << "it is larger than 16 MiB";
        QTest::newRow("deep") << "deep"
                              << "it is not valid JSON";
        QTest::newRow("fifo") << "fifo"
                              << "it is not a regular file (a FIFO)";
        QTest::newRow("directory") << "dir"
                                   << "it is a directory";
    }
    void damagedSessionRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        const QString path = session::sessionFilePath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QByteArray data;
        if (kind == QLatin1String("truncated")) {
            const QByteArray good = sessionText(8, true);
            data = good.left(good.size() / 2); // a write cut short
        } else if (kind == QLatin1String("garbage")) {
            data = QByteArray("\x00\xff\xfe{\"schema\x01", 11);
        } else if (kind == QLatin1String("other")) {
            data = "{\"schema\": \"shardscope.planfile/1\", \"plan\": {}}";
        } else if (kind == QLatin1String("types")) {
            data = "{\"schema\": \"shardscope.session/1\", \"plan_file\": {\"tp\": 8}, \"unsaved\": \"yes\"}";
        } else if (kind == QLatin1String("oversized")) {
            // 16 MiB + 1 byte: one past the bound (kMaxJsonFileBytes = 16 × 1024 × 1024).
            data = "{\"schema\": \"shardscope.session/1\", \"plan_file\": \"";
            data += QByteArray(16 * 1024 * 1024 + 1 - data.size() - 2, 'a') + "\"}";
            QCOMPARE(data.size(), 16 * 1024 * 1024 + 1);
        } else if (kind == QLatin1String("deep")) {
            // A million levels, then cut: JSON the reader must refuse without recursing.
            data = "{\"schema\": \"shardscope.session/1\", \"plan_file\": " + QByteArray(1000000, '[');
        }
        if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == QLatin1String("dir"))
            QVERIFY(QDir().mkpath(path));
        else
            writeAll(path, data);

        const session::LoadedSession s = session::loadLastPlan();
        QVERIFY(!s.plan);
        QVERIFY2(s.error.startsWith(QStringLiteral("The autosaved session %1 could not be read: ").arg(path)),
            qPrintable(s.error));
        QVERIFY2(s.error.contains(reason), qPrintable(s.error));
        QVERIFY(!s.error.contains(QLatin1Char('\n')));
        // Kept aside: the damaged bytes are still there to look at, under another name.
        QVERIFY2(s.error.endsWith(QStringLiteral("It was kept as %1.unreadable.").arg(path)), qPrintable(s.error));
        QVERIFY(!QFileInfo::exists(path));
        if (kind != QLatin1String("fifo") && kind != QLatin1String("dir"))
            QCOMPARE(readAll(path + QStringLiteral(".unreadable")), data);
        QDir(path + QStringLiteral(".unreadable")).removeRecursively();
        QFile::remove(path + QStringLiteral(".unreadable"));

        // The window: no crash, no hang, the default plan, the message in the status bar.
        if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == QLatin1String("dir"))
            QVERIFY(QDir().mkpath(path));
        else
            writeAll(path, data);
        MainWindow w(builtinCatalog(), remembering());
        QVERIFY(w.document()->hasPlan());
        QCOMPARE(w.document()->plan().modelId, FileController::defaultPlan().modelId);
        QCOMPARE(w.document()->plan().tp, FileController::defaultPlan().tp);
        QVERIFY2(w.sessionMessage().contains(reason), qPrintable(w.sessionMessage()));
        QCOMPARE(w.statusBar()->currentMessage(), w.sessionMessage());
        // The next autosave writes a good session again.
        w.saveSession();
        QVERIFY(session::loadLastPlan().plan);
        QDir(path + QStringLiteral(".unreadable")).removeRecursively();
        QFile::remove(path + QStringLiteral(".unreadable"));
    }

    // Unsaved work whose plan no longer loads (here: a model no preset provides) is said, not dropped.
    void unsavedPlanThatNoLongerLoads()
    {
        QByteArray plan = planText(8);
        plan.replace("llama-3.1-70b", "no-such-model-anywhere");
        QCOMPARE(session::saveLastPlan({ plan, QString(), true, QDateTime::currentDateTime() }), QString());
        MainWindow w(builtinCatalog(), remembering());
        QVERIFY2(w.sessionMessage().startsWith(
                     QStringLiteral("The unsaved plan of the last session could not be restored: ")),
            qPrintable(w.sessionMessage()));
        QVERIFY(w.sessionMessage().contains(QStringLiteral("no-such-model-anywhere")));
        QCOMPARE(readAll(session::sessionFilePath() + QStringLiteral(".unreadable")).contains("no-such-model-anywhere"),
            true);
    }

    // An autosave that cannot be written (the file size limit stands in for a full disk) leaves the
    // previous session byte for byte, leaves no temporary file, and says why in the status bar.
    void failedAutosaveKeepsPreviousSession()
    {
        const QByteArray before = sessionText(4, false);
        QVERIFY(before.size() > 100);
        QCOMPARE(planOf(session::loadLastPlan().plan->planFileJson).tp, 4);
        {
            MainWindow w(builtinCatalog(), remembering());
            QCOMPARE(w.document()->plan().tp, 4);
            w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));
            {
                const FileSizeLimit limit(64); // far below any session file
                w.saveSession();
            }
            QVERIFY2(w.sessionMessage().startsWith(
                         QStringLiteral("cannot save the session to %1: ").arg(session::sessionFilePath())),
                qPrintable(w.sessionMessage()));
            QVERIFY2(w.sessionMessage().contains(QStringLiteral("file too large")), qPrintable(w.sessionMessage()));
            QCOMPARE(w.statusBar()->currentMessage(), w.sessionMessage());
            QCOMPARE(readAll(session::sessionFilePath()), before);
            for (const QString &f : QFileInfo(session::sessionFilePath()).dir().entryList(QDir::Files | QDir::Hidden))
                QVERIFY2(!f.startsWith(QStringLiteral(".session.json.")), qPrintable(f));
            // Space again: the next autosave succeeds and the message goes.
            w.saveSession();
            QCOMPARE(w.sessionMessage(), QString());
            w.editor()->undoStack()->setClean();
        }
        const session::LoadedSession after = session::loadLastPlan();
        QVERIFY(after.plan);
        QCOMPARE(planOf(after.plan->planFileJson).tp, 8);
        QVERIFY(after.plan->unsaved);
    }

    // A symlink planted at the session path is replaced, its victim neither written nor chmod-ed.
    void sessionNotWrittenThroughSymlink()
    {
        QTemporaryDir other;
        const QString victim = other.filePath(QStringLiteral("victim"));
        writeAll(victim, "precious\n");
        QVERIFY(::chmod(QFile::encodeName(victim).constData(), 0600) == 0);
        QVERIFY(QDir().mkpath(QFileInfo(session::sessionFilePath()).absolutePath()));
        QVERIFY(QFile::link(victim, session::sessionFilePath()));
        QCOMPARE(session::saveLastPlan({ planText(2), QString(), false, {} }), QString());
        QCOMPARE(readAll(victim), QByteArray("precious\n"));
        QCOMPARE(modeOf(victim), static_cast<mode_t>(0600));
        QVERIFY(!QFileInfo(session::sessionFilePath()).isSymLink());
        QVERIFY(session::loadLastPlan().plan);
    }
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"
