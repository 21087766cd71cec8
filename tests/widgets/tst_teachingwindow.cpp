// The teaching features inside the planner window: tabs, menus, the timeline drawn over the grid,
// show your work on click, presentation mode, and a language switch that keeps the plan.
#include "tests/common/testutils.h"
#include "widgets/document/language.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/document/presentationmode.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/teaching/teachingcontroller.h"
#include "widgets/teaching/timelinepanel.h"
#include "widgets/teaching/timelineview.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QUndoStack>

using namespace shardscope;

namespace {

WindowOptions options(const Plan &plan)
{
    WindowOptions o;
    o.initialPlan = plan;
    o.useSettings = false;
    return o;
}

Plan llama()
{
    Plan p = makePlan("llama-3.1-70b", "h100-sxm", 4, 2);
    p.microbatches = 4;
    p.maxModelLen = 32768;
    return p;
}

QAction *findAction(QWidget *w, const char *name)
{
    return w->findChild<QAction *>(QLatin1String(name));
}

} // namespace

class TestTeachingWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void tabsAndMenus()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        QTabWidget *tabs = w.bottomTabs();
        QCOMPARE(tabs->count(), 8); // Memory & KV, Communication, GPUs, vLLM log, the three teaching tabs, Explore
        QCOMPARE(tabs->tabText(4), QStringLiteral("Timeline"));
        QCOMPARE(tabs->tabText(5), QStringLiteral("Show your work"));
        QCOMPARE(tabs->tabText(6), QStringLiteral("Compare"));
        QVERIFY(w.showTab(QStringLiteral("timeline")));
        QCOMPARE(tabs->currentIndex(), 4);
        QVERIFY(findAction(&w, "exportReport"));
        QVERIFY(findAction(&w, "presentationMode"));
        QVERIFY(findAction(&w, "showWorkOnClick"));
        QVERIFY(w.menuBar()->findChild<QMenu *>(QStringLiteral("languageMenu")));
        // The timeline follows the document: 82 events for TP 4 × PP 2 × 4 micro-batches (tst_timeline).
        auto *timeline = w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"));
        QVERIFY(timeline);
        QCOMPARE(timeline->view()->eventCount(), 82);
        Plan one = llama();
        one.pp = 1;
        QVERIFY(w.editor()->apply(one, QStringLiteral("pp")));
        QCOMPARE(timeline->view()->timeline().stages, 1);
    }

    // Stepping to the first TP AllReduce (stage 0, layers 0-9, GPUs 0-3, NVLink) tints those cells of
    // the Layers × GPUs grid, and only those.
    void eventDrawnOverTheGrid()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        w.resize(1400, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PlacementGrid *grid = w.gridPanel()->grid(GridKind::Layers);
        const QRectF inside = grid->frame().cells.cellRect(5, 1); // layer 4 on GPU 1
        const QRectF outside = grid->frame().cells.cellRect(5, 5); // layer 4 on GPU 5: not held
        const QImage before = grid->grab().toImage();
        auto *timeline = w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"));
        while (timeline->view()->currentIndex() < 0
            || timeline->view()->timeline().events[static_cast<size_t>(timeline->view()->currentIndex())].kind
                != EventKind::TpAllReduce)
            timeline->stepForward();
        const QImage after = grid->grab().toImage();
        const QPoint a = inside.center().toPoint(), b = outside.center().toPoint();
        QVERIFY(before.pixel(a) != after.pixel(a));
        QCOMPARE(before.pixel(b), after.pixel(b));
    }

    void showWorkOnClick()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        w.resize(1400, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showTab(QStringLiteral("memory"));
        QLabel *number = nullptr;
        for (QLabel *l : w.memoryPanel()->findChildren<QLabel *>())
            if (l->isVisible() && l->toolTip().contains(QLatin1String("KV bytes per token per GPU"))
                && l->text().contains(QLatin1String("40,960")))
                number = l;
        QVERIFY(number);
        findAction(&w, "showWorkOnClick")->setChecked(true);
        QTest::mouseClick(number, Qt::LeftButton);
        QCOMPARE(w.bottomTabs()->currentIndex(), 5);
        auto *text = w.bottomTabs()->widget(5)->findChild<QTextBrowser *>();
        QVERIFY(text->toPlainText().contains(QStringLiteral("40,960")));
        findAction(&w, "showWorkOnClick")->setChecked(false);
        w.showTab(QStringLiteral("memory"));
        QTest::mouseClick(number, Qt::LeftButton);
        QCOMPARE(w.bottomTabs()->currentIndex(), 0); // stays on Memory & KV
    }

    void presentation()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        w.resize(1600, 1000);
        const double size = QApplication::font().pointSizeF();
        findAction(&w, "presentationMode")->trigger();
        QVERIFY(teaching::presentation()->isOn());
        w.showTab(QStringLiteral("timeline"));
        w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"))->stepForward();
        QCoreApplication::processEvents(); // font and palette changes arrive as events
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
            w.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/presentation.png"));
        if (size > 0)
            QCOMPARE(QApplication::font().pointSizeF(), size * PresentationMode::kFontScale);
        QVERIFY(w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"))->view()->presentation());
        findAction(&w, "presentationMode")->trigger();
        QVERIFY(!teaching::presentation()->isOn());
    }

    // Switching language rebuilds the window's texts; the plan, the undo history and the teaching
    // tabs (with a pinned plan A) stay.
    void languageKeepsThePlan()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        Plan b = llama();
        b.tp = 8;
        QVERIFY(w.editor()->apply(b, QStringLiteral("tp")));
        const int undo = w.editor()->undoStack()->count();
        QVERIFY(teaching::language()->setLanguage(QStringLiteral("zh_CN"), false));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCOMPARE(w.document()->plan().tp, 8);
        QCOMPARE(w.editor()->undoStack()->count(), undo);
        QCOMPARE(w.bottomTabs()->count(), 8);
        QCOMPARE(w.bottomTabs()->tabText(4), QStringLiteral("时间线"));
        QVERIFY(findAction(&w, "exportReport")); // menus rebuilt with ours in them
        QVERIFY(teaching::language()->setLanguage(QStringLiteral("en"), false));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCOMPARE(w.bottomTabs()->tabText(4), QStringLiteral("Timeline"));
        QCOMPARE(w.document()->plan().tp, 8);
    }
};

QTEST_MAIN(TestTeachingWindow)
#include "tst_teachingwindow.moc"
