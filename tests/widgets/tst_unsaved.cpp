// No lost work: unsaved changes ask before the plan goes (close, New, Open), the title names the file
// and marks changes, and a left-over autosave of unsaved work is offered on the next start.
#include "tests/common/testutils.h"
#include "tests/widgets/modalanswer.h"
#include "widgets/document/filecontroller.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/session.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace shardscope;

namespace {
WindowOptions inMemory(Plan plan)
{
    WindowOptions o;
    o.initialPlan = std::move(plan);
    o.useSettings = false;
    return o;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void clearSession()
{
    QSettings().clear();
    QFile::remove(session::sessionFilePath());
}

bool sessionUnsaved()
{
    const session::LoadedSession s = session::loadLastPlan();
    return s.plan && s.plan->unsaved;
}
} // namespace

class TestUnsaved : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }
    void init() { clearSession(); }

    void titleShowsFileAndModifiedMarker()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.shardscope.json"));
        MainWindow w(builtinCatalog(), inMemory(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        QVERIFY(w.files()->savePlan(path));
        QCOMPARE(w.windowTitle(), QStringLiteral("p.shardscope.json[*] — ShardScope"));
        QCOMPARE(w.windowFilePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(!w.isWindowModified());
        w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));
        QVERIFY(w.isWindowModified());
        w.editor()->undoStack()->undo(); // back to the saved state: the marker follows the clean state
        QVERIFY(!w.isWindowModified());
        w.editor()->undoStack()->redo();
        QVERIFY(w.isWindowModified());
        QVERIFY(w.files()->savePlan(path));
        QVERIFY(!w.isWindowModified());
    }

    void closeWithUnsavedChangesAsks_data()
    {
        QTest::addColumn<int>("button");
        QTest::newRow("cancel") << int(QMessageBox::Cancel);
        QTest::newRow("save") << int(QMessageBox::Save);
        QTest::newRow("discard") << int(QMessageBox::Discard);
    }

    void closeWithUnsavedChangesAsks()
    {
        QFETCH(int, button);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.shardscope.json"));
        MainWindow w(builtinCatalog(), inMemory(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.files()->savePlan(path));
        const QByteArray saved = readAll(path);
        w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));

        const auto answer = answerNextModal(static_cast<QMessageBox::StandardButton>(button));
        const bool closed = w.close();
        QVERIFY(answer->answered);
        QVERIFY2(answer->text.contains(QStringLiteral("p.shardscope.json")), qPrintable(answer->text));
        switch (button) {
        case QMessageBox::Cancel:
            QVERIFY(!closed);
            QVERIFY(w.isVisible());
            QCOMPARE(w.document()->plan().tp, 8);
            QCOMPARE(readAll(path), saved);
            break;
        case QMessageBox::Save:
            QVERIFY(closed);
            QVERIFY(readAll(path).contains("\"tp\": 8"));
            break;
        default:
            QVERIFY(closed);
            QCOMPARE(readAll(path), saved);
        }
    }

    void cleanCloseDoesNotAsk()
    {
        MainWindow w(builtinCatalog(), inMemory(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.close()); // no box: a modal one would block here
    }

    void newAndOpenAsk()
    {
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.shardscope.json"));
        {
            MainWindow o(builtinCatalog(), inMemory(makePlan("qwen3-32b", "l40s", 2)));
            QVERIFY(o.files()->savePlan(other));
        }
        MainWindow w(builtinCatalog(), inMemory(makePlan("llama-3.1-70b", "h100-sxm", 4)));
        w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));
        auto answer = answerNextModal(QMessageBox::Cancel);
        w.files()->newPlanAsking();
        QVERIFY(answer->answered);
        QCOMPARE(w.document()->plan().tp, 8); // cancelled: the plan stays
        answer = answerNextModal(QMessageBox::Cancel);
        w.files()->openAsking(other);
        QVERIFY(answer->answered);
        QCOMPARE(w.document()->plan().tp, 8);
        answer = answerNextModal(QMessageBox::Discard);
        w.files()->openAsking(other);
        QVERIFY(answer->answered);
        QCOMPARE(w.document()->plan().modelId, std::string("qwen3-32b"));
        QVERIFY(!w.isWindowModified());
    }

    // A window that crashed with unsaved changes left them in the session: the next start offers them.
    void leftOverAutosaveIsOffered_data()
    {
        QTest::addColumn<bool>("restore");
        QTest::newRow("restore") << true;
        QTest::newRow("decline") << false;
    }

    void leftOverAutosaveIsOffered()
    {
        QFETCH(bool, restore);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.shardscope.json"));
        WindowOptions remember;
        remember.useSettings = true;
        {
            MainWindow w(builtinCatalog(), remember);
            w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 4), QStringLiteral("tp 4"));
            QVERIFY(w.files()->savePlan(path));
            w.editor()->apply(makePlan("llama-3.1-70b", "h100-sxm", 8), QStringLiteral("tp 8"));
            w.saveSession(); // what the autosave timer writes; then the window "crashes" (no close)
        }
        QVERIFY(sessionUnsaved());

        const auto answer = answerNextModal(restore ? QMessageBox::Yes : QMessageBox::No);
        MainWindow again(builtinCatalog(), remember);
        QVERIFY(answer->answered);
        QVERIFY2(answer->text.startsWith(QStringLiteral("Restore unsaved plan from p.shardscope.json")),
            qPrintable(answer->text));
        QCOMPARE(again.files()->currentFile(), QFileInfo(path).absoluteFilePath());
        if (restore) {
            QCOMPARE(again.document()->plan().tp, 8);
            QVERIFY(again.isWindowModified()); // still unsaved, and one undo step over the file
            again.editor()->undoStack()->undo();
            QCOMPARE(again.document()->plan().tp, 4);
        } else {
            QCOMPARE(again.document()->plan().tp, 4); // the file as saved
            QVERIFY(!again.isWindowModified());
        }
        again.editor()->undoStack()->setClean(); // no prompt at the end of the test
    }

    void discardAtCloseIsNotRestored()
    {
        WindowOptions remember;
        remember.useSettings = true;
        {
            MainWindow w(builtinCatalog(), remember);
            w.editor()->apply(makePlan("qwen3-32b", "l40s", 2), QStringLiteral("qwen"));
            const auto answer = answerNextModal(QMessageBox::Discard);
            QVERIFY(w.close());
            QVERIFY(answer->answered);
        }
        QVERIFY(!sessionUnsaved());
        MainWindow again(builtinCatalog(), remember); // no box: nothing to offer
        QVERIFY(again.document()->plan().modelId != "qwen3-32b");
    }
};

QTEST_MAIN(TestUnsaved)
#include "tst_unsaved.moc"
