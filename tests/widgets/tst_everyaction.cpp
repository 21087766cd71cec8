// Review item 2: the Export… button went dead after a language switch. Here the language is switched
// twice through the Language menu, and then every action of every menu and every push button of the
// window is triggered: each must do something visible (a dialog, a tab, the plan, a text, the
// clipboard…). Dialogs it opens are closed by a timer.
#include "tests/common/testutils.h"
#include "tests/widgets/modalanswer.h"
#include "widgets/document/planeditor.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/window/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QClipboard>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>

#include <set>

using namespace shardscope;

namespace {

// What a user could see change.
struct Snapshot
{
    std::set<QWidget *> windows;
    int bottomTab = -1;
    int grid = -1;
    Plan plan;
    int undoIndex = 0;
    QString status;
    QString title;
    QString clipboard;
    QString texts;
    int fontSize = 0;
    QString docks; // which docks are shown: View → Plan toggles one
    bool operator==(const Snapshot &) const = default;
};

Snapshot snapshot(MainWindow &w)
{
    Snapshot s;
    for (QWidget *t : QApplication::topLevelWidgets())
        if (t->isVisible() && t != &w && !qobject_cast<QMenu *>(t))
            s.windows.insert(t);
    s.bottomTab = w.bottomTabs()->currentIndex();
    s.grid = static_cast<int>(w.gridPanel()->currentKind());
    s.plan = w.document()->plan();
    s.undoIndex = w.editor()->undoStack()->index();
    for (const QDockWidget *d : w.findChildren<QDockWidget *>())
        s.docks += d->isHidden() ? QLatin1Char('0') : QLatin1Char('1');
    s.status = w.statusBar()->currentMessage();
    s.title = w.windowTitle();
    s.clipboard = QApplication::clipboard()->text();
    for (QLabel *l : w.findChildren<QLabel *>())
        s.texts += l->text();
    for (QPlainTextEdit *e : w.findChildren<QPlainTextEdit *>())
        s.texts += e->toPlainText();
    for (QAbstractButton *b : w.findChildren<QAbstractButton *>())
        s.texts += b->text() + (b->isChecked() ? QStringLiteral("+") : QStringLiteral("-"));
    s.fontSize = QApplication::font().pointSize();
    return s;
}

void closeNewWindows(MainWindow &w, const Snapshot &before)
{
    for (QWidget *t : QApplication::topLevelWidgets())
        if (t->isVisible() && t != &w && !qobject_cast<QMenu *>(t) && !before.windows.count(t))
            t->close();
    QCoreApplication::processEvents();
}

// Every action reachable from the menu bar, submenus included (not the submenus' own actions).
void collect(QMenu *menu, QList<QAction *> &out)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            collect(a->menu(), out);
        else
            out << a;
    }
}

} // namespace

class TestEveryAction : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        sandboxSettings();
        // Qt's own file dialogs, which a timer can see and close (a platform dialog may return at once).
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    }

    void everyActionAndButtonWorksAfterTwoLanguageSwitches()
    {
        WindowOptions o;
        o.initialPlan = makePlan("deepseek-v3", "h200", 8, 1, 16, 128);
        o.useSettings = false;
        MainWindow w(builtinCatalog(), o);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QList<QAction *> actions;
        for (QAction *top : w.menuBar()->actions())
            if (top->menu())
                collect(top->menu(), actions);
        const auto byData = [&](const QString &code) -> QAction * {
            for (QAction *a : actions)
                if (a->data().toString() == code)
                    return a;
            return nullptr;
        };
        QVERIFY(byData(QStringLiteral("zh_CN")) && byData(QStringLiteral("en")));
        byData(QStringLiteral("zh_CN"))->trigger();
        QTRY_COMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("文件(&F)"));
        byData(QStringLiteral("en"))->trigger();
        QTRY_COMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("&File"));

        QAction *quit = nullptr;
        QStringList dead, unseen;
        for (QAction *a : actions) {
            if (a->text() == QStringLiteral("&Quit")) {
                quit = a;
                continue;
            }
            if (!a->isEnabled())
                continue;
            // Choosing the choice already made (the current language) does nothing, rightly.
            if (a->actionGroup() && a->actionGroup()->isExclusive() && a->isChecked())
                continue;
            bool worked = false;
            for (int attempt = 0; attempt < 2 && !worked; ++attempt) {
                if (attempt == 1) { // the tab it shows may have been the current one: move away
                    w.showTab(QStringLiteral("heads"));
                    w.showTab(QStringLiteral("gpus"));
                }
                QApplication::clipboard()->setText(QStringLiteral("probe"));
                const Snapshot before = snapshot(w);
                const auto modal = answerNextModal(QMessageBox::Cancel);
                a->trigger();
                QTest::qWait(50);
                worked = modal->answered || !(snapshot(w) == before);
                closeNewWindows(w, before);
            }
            // (Save on an untitled plan is Save as…)
            if (!worked && (a->text().endsWith(QStringLiteral("…")) || a->text() == QStringLiteral("&Save plan")))
                unseen << a->text();
            else if (!worked)
                dead << QStringLiteral("action \"%1\"").arg(a->text());
            if (a->isCheckable() && a->isChecked() && !a->actionGroup())
                a->trigger(); // switch toggles back off (presentation mode, show your work on click)
        }

        for (QPushButton *b : w.findChildren<QPushButton *>()) {
            if (!b->isEnabled() || !b->isVisibleTo(&w))
                continue;
            QApplication::clipboard()->setText(QStringLiteral("probe"));
            const Snapshot before = snapshot(w);
            const auto modal = answerNextModal(QMessageBox::Cancel);
            b->click();
            QTest::qWait(50);
            if (!modal->answered && snapshot(w) == before && b->text().endsWith(QStringLiteral("…")))
                unseen << b->text();
            else if (!modal->answered && snapshot(w) == before)
                dead << QStringLiteral("button \"%1\" (%2)")
                            .arg(b->text(), b->parentWidget()->metaObject()->className());
            closeNewWindows(w, before);
        }
        QVERIFY2(dead.isEmpty(), qPrintable(dead.join(QStringLiteral(", "))));
        // Offscreen, Qt's static file dialogs (Open…, Save as…, Export … as PNG or SVG…) return before
        // a timer can see them: those actions cannot be told from dead ones here. Listed, not failed.
        if (!unseen.isEmpty())
            qInfo("file-dialog actions not observable offscreen: %s", qPrintable(unseen.join(QStringLiteral(", "))));

        QVERIFY(quit);
        quit->trigger();
        QVERIFY(!w.isVisible());
    }
};

QTEST_MAIN(TestEveryAction)
#include "tst_everyaction.moc"
