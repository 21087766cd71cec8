// What a failed save, a broken file or a crash must not destroy: the user's previous file, the open
// plan, the autosaved session.
#include "core/model/planio.h"
#include "tests/common/testutils.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/window/mainwindow.h"

#include <nlohmann/json.hpp>

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QTemporaryDir>
#include <QWidget>

#include <csignal>
#include <optional>
#include <sys/resource.h>
#include <unistd.h>

using namespace shardscope;

namespace {

struct Fixture
{
    QWidget parent;
    PlanDocument doc { builtinCatalog() };
    PlanEditor editor { &doc };
    FileController files { &editor, &parent, false };
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Files this process writes may not grow beyond `bytes` (RLIMIT_FSIZE): the kernel answers EFBIG,
// as a full disk answers ENOSPC. Works as root, unlike read-only permissions.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_saved);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN); // the write fails instead of killing us
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_oldHandler);
    }

private:
    rlimit m_saved {};
    void (*m_oldHandler)(int) = nullptr;
};

} // namespace

class TestFileSafety : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void diskFullKeepsPreviousFileAndPlan()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.shardscope.json"));
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QVERIFY2(f.files.savePlan(path), qPrintable(f.files.lastError()));
        const QByteArray before = readAll(path);
        QVERIFY(before.size() > 64);

        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 8), {});
        const Plan open = f.doc.plan();
        bool saved = true;
        {
            const FileSizeLimit full(64); // the new file cannot be written past 64 bytes
            saved = f.files.savePlan(path);
        }
        QVERIFY(!saved);
        QVERIFY(!f.files.lastError().isEmpty());
        QCOMPARE(readAll(path), before); // the previous file, whole
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
            QStringList { QStringLiteral("plan.shardscope.json") }); // no temp left
        QVERIFY(f.doc.plan() == open); // the open plan, unchanged
        QCOMPARE(f.doc.plan().tp, 8);
    }

    void unwritableFolderKeepsPreviousFile()
    {
        if (geteuid() == 0)
            QSKIP("root writes into read-only folders; diskFullKeepsPreviousFileAndPlan covers the failure");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.shardscope.json"));
        Fixture f;
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        QVERIFY(f.files.savePlan(path));
        const QByteArray before = readAll(path);
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 8), {});
        const bool saved = f.files.savePlan(path);
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!saved);
        QCOMPARE(readAll(path), before);
    }

    void truncatedFileKeepsOpenPlan()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.shardscope.json"));
        Fixture f;
        f.editor.apply(makePlan("deepseek-v3", "h200", 8, 2), {});
        QVERIFY(f.files.savePlan(path));
        const QByteArray whole = readAll(path);
        f.editor.apply(makePlan("llama-3.1-70b", "h100-sxm", 4), {});
        const Plan open = f.doc.plan();
        // Cut at every tenth of the file: none of them may replace the open plan.
        for (int tenth = 1; tenth < 10; ++tenth) {
            QFile cut(path);
            QVERIFY(cut.open(QIODevice::WriteOnly | QIODevice::Truncate));
            cut.write(whole.left(whole.size() * tenth / 10));
            cut.close();
            QVERIFY2(!f.files.openAny(path), qPrintable(QStringLiteral("opened a file cut at %1/10").arg(tenth)));
            QVERIFY(f.doc.plan() == open);
        }
    }

    // The window writes its session shortly after each change (MainWindow::kAutosaveDelayMs), so a
    // window killed with SIGKILL, which never reaches its quit handler, comes back with its plan.
    void autosavedSessionSurvivesKill()
    {
        const QString binary = QString::fromLocal8Bit(qgetenv("SHARDSCOPE_BINARY"));
        if (binary.isEmpty())
            QSKIP("SHARDSCOPE_BINARY not set (run through ctest)");
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess window;
        window.setProcessEnvironment(env);
        window.start(binary,
            { QStringLiteral("--model"), QStringLiteral("llama-3.1-70b"), QStringLiteral("--gpu"),
                QStringLiteral("h100-sxm"), QStringLiteral("--tp"), QStringLiteral("4"), QStringLiteral("--pp"),
                QStringLiteral("2") });
        QVERIFY(window.waitForStarted());

        // The window's session: session.json beside QSettings' native file under XDG_CONFIG_HOME
        // (organisation and application "ShardScope"), the plan file's text in "plan_file".
        const QString sessionFile = home.filePath(QStringLiteral("ShardScope/session.json"));
        const auto savedPlan = [&]() -> std::optional<Plan> {
            const nlohmann::json s = nlohmann::json::parse(readAll(sessionFile).toStdString(), nullptr, false);
            if (s.is_discarded() || !s.is_object() || !s.contains("plan_file") || !s["plan_file"].is_string())
                return std::nullopt;
            const nlohmann::json j = nlohmann::json::parse(s["plan_file"].get<std::string>(), nullptr, false);
            if (j.is_discarded() || !j.is_object() || !j.contains("plan"))
                return std::nullopt;
            return planFromJson(j["plan"]);
        };
        const QDeadlineTimer deadline(30000);
        std::optional<Plan> saved;
        while (!deadline.hasExpired() && window.state() == QProcess::Running && !(saved = savedPlan()))
            QTest::qWait(100);
        QVERIFY2(saved, "the window wrote no session within 30 s");
        QCOMPARE(saved->tp, 4);
        QCOMPARE(saved->pp, 2);
        QCOMPARE(saved->modelId, std::string("llama-3.1-70b"));

        window.kill(); // SIGKILL: no quit handler, no closeEvent
        QVERIFY(window.waitForFinished(10000));
        QCOMPARE(window.exitStatus(), QProcess::CrashExit);

        // Restart on the same settings: the window opens on the autosaved plan.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, home.path());
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
        QCoreApplication::setApplicationName(QStringLiteral("ShardScope"));
        QSettings::setDefaultFormat(QSettings::NativeFormat);
        WindowOptions options;
        options.useSettings = true;
        MainWindow restarted(builtinCatalog(), options);
        QCOMPARE(restarted.document()->plan().modelId, std::string("llama-3.1-70b"));
        QCOMPARE(restarted.document()->plan().gpuId, std::string("h100-sxm"));
        QCOMPARE(restarted.document()->plan().tp, 4);
        QCOMPARE(restarted.document()->plan().pp, 2);
    }
};

QTEST_MAIN(TestFileSafety)
#include "tst_filesafety.moc"
