// The teaching features inside the planner window: tabs, menus, the timeline drawn over the grid,
// show your work on click, presentation mode, and a language switch that keeps the plan.
#include "tests/common/testutils.h"
#include "widgets/comm/commpanel.h"
#include "widgets/controls/enginepanel.h"
#include "widgets/controls/linkspanel.h"
#include "widgets/controls/parallelismpanel.h"
#include "widgets/controls/settingspanel.h"
#include "widgets/controls/setuppanel.h"
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
#include "widgets/vllm/commandpreview.h"
#include "widgets/vllm/vllmlogpanel.h"
#include "widgets/window/issuesbanner.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QChartView>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>

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
        QCOMPARE(tabs->count(), 9); // Memory & KV, Communication, GPUs, vLLM log, the three teaching tabs, Explore,
                                    // the latency curve
        // The full titles; an unshown (narrow) window's bar may show the short ones, "Time" and "Work".
        QCOMPARE(tabs->tabToolTip(4), QStringLiteral("Timeline"));
        QCOMPARE(tabs->tabToolTip(5), QStringLiteral("Show your work"));
        QCOMPARE(tabs->tabText(6), QStringLiteral("Compare"));
        QVERIFY(w.showTab(QStringLiteral("timeline")));
        QCOMPARE(tabs->currentIndex(), 4);
        QVERIFY(findAction(&w, "exportReport"));
        QVERIFY(findAction(&w, "presentationMode"));
        QVERIFY(findAction(&w, "showWorkOnClick"));
        QVERIFY(w.menuBar()->findChild<QMenu *>(QStringLiteral("languageMenu")));
        // The timeline follows the document's workload, which runs pp micro-batches: TP 4 × PP 2 gives
        // 2 stages × 2 micro-batches × 10 events + 2 = 42 (tst_timeline: 82 for 4 micro-batches, 2 × 4 × 10 + 2).
        auto *timeline = w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel"));
        QVERIFY(timeline);
        QCOMPARE(timeline->view()->eventCount(), 42);
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

    // F5 on a window already on screen scales what has a font of its own too: the slider hints, the
    // charts' axes and legends, the dock's title (window review item 1). Under xcb Qt sends the
    // application font change to the windows only, so each of these must follow it by itself.
    void presentationAfterShowScalesEverything()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showTab(QStringLiteral("explore"));
        QCoreApplication::processEvents();
        findAction(&w, "presentationMode")->trigger();
        QCoreApplication::processEvents();
        const double app = QApplication::font().pointSizeF();
        QVERIFY(app > 0);
        // Every label and chart text with a font of its own: at least 0.85 of the application font
        // (the smallest factor the window uses is 0.9, the timeline's and hints').
        QStringList small;
        for (const QLabel *l : w.findChildren<QLabel *>())
            if (l->testAttribute(Qt::WA_SetFont) && l->font().pointSizeF() < 0.85 * app)
                small << l->objectName() + QLatin1Char(':') + l->text().left(30);
        for (const QChartView *v : w.findChildren<QChartView *>()) {
            for (const QAbstractAxis *axis : v->chart()->axes())
                if (axis->labelsFont().pointSizeF() < 0.85 * app)
                    small << QStringLiteral("axis of ") + v->metaObject()->className();
            if (v->chart()->legend()->font().pointSizeF() < 0.85 * app)
                small << QStringLiteral("legend of ") + v->metaObject()->className();
        }
        QVERIFY2(small.isEmpty(), qPrintable(small.join(QStringLiteral(", "))));
        // The dock's title in the application font, whole.
        const QLabel *title = w.findChild<QLabel *>(QStringLiteral("dockTitle"));
        QVERIFY(title);
        QCOMPARE(title->font().pointSizeF(), app);
        QVERIFY(title->height() >= title->sizeHint().height());
        findAction(&w, "presentationMode")->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(title->font().pointSizeF(), QApplication::font().pointSizeF());
    }

    // Switching language re-labels the window; the plan, the undo history and the teaching tabs stay.
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
        QCOMPARE(w.bottomTabs()->count(), 9);
        QCOMPARE(w.bottomTabs()->tabText(4), QStringLiteral("时间线"));
        QVERIFY(findAction(&w, "exportReport")); // menus rebuilt with ours in them
        QVERIFY(teaching::language()->setLanguage(QStringLiteral("en"), false));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCOMPARE(w.bottomTabs()->tabToolTip(4), QStringLiteral("Timeline")); // shown short, "Time"
        QCOMPARE(w.document()->plan().tp, 8);
    }

    // English → Chinese → English re-labels the widgets in place: the same widgets before and after,
    // so the pasted log, the dock's width, the current tab and the plan stay without being carried
    // over; the visible texts change language and come back.
    void languageChangesTextsInPlace()
    {
        MainWindow w(builtinCatalog(), options(llama()));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("PlanDock"));
        QVERIFY(dock);
        w.resizeDocks({ dock }, { 420 }, Qt::Horizontal);
        QCoreApplication::processEvents();
        const int dockWidth = dock->width();
        const QString log
            = QStringLiteral("INFO 01-01 00:00:00 [gpu_worker.py:1] Available KV cache memory: 51.38 GiB");
        w.vllmLogPanel()->logInput()->setPlainText(log);
        QVERIFY(w.showTab(QStringLiteral("compare")));
        w.gridPanel()->setCurrent(GridKind::Heads);
        const Plan plan = w.document()->plan();
        const auto parts = [&w, dock] {
            return QList<QObject *> { w.centralWidget(), dock->widget(), w.gridPanel(), w.memoryPanel(), w.commPanel(),
                w.gpuTable(), w.commandPreview(), w.issuesBanner(), w.setupPanel(), w.parallelismPanel(),
                w.settingsPanel(), w.enginePanel(), w.linksPanel(), w.vllmLogPanel(), w.vllmLogPanel()->logInput(),
                w.bottomTabs(), w.currentBottomView(), w.findChild<TimelinePanel *>(QStringLiteral("TimelinePanel")),
                w.menuBar()->actions().first()->menu(),
                w.menuBar()->findChild<QMenu *>(QStringLiteral("languageMenu")) };
        };
        const QList<QObject *> widgets = parts();
        const auto texts = [&w, dock] {
            return QStringList { dock->windowTitle(), w.bottomTabs()->tabText(0), w.bottomTabs()->tabText(4),
                w.gridPanel()->tabs()->tabText(0), w.setupPanel()->title(), w.menuBar()->actions().first()->text(),
                w.vllmLogPanel()->applyButton()->text() };
        };
        const QStringList english = texts();
        QCOMPARE(english.at(0), QStringLiteral("Plan"));
        QCOMPARE(english.at(5), QStringLiteral("&File"));

        for (const char *code : { "zh_CN", "en" }) {
            QVERIFY(teaching::language()->setLanguage(QLatin1String(code), false));
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
            QCoreApplication::processEvents();
            QCOMPARE(parts(), widgets); // nothing was rebuilt
            QCOMPARE(w.vllmLogPanel()->logInput()->toPlainText(), log);
            QCOMPARE(dock->width(), dockWidth);
            QCOMPARE(w.bottomTabs()->tabText(w.bottomTabs()->currentIndex()),
                code == QLatin1String("en") ? QStringLiteral("Compare") : QStringLiteral("对比"));
            QCOMPARE(w.gridPanel()->currentKind(), GridKind::Heads);
            QVERIFY(w.document()->plan() == plan);
            const QStringList shown = texts();
            if (code == QLatin1String("en")) {
                QCOMPARE(shown, english);
            } else {
                for (int i = 0; i < shown.size(); ++i) {
                    QVERIFY2(shown.at(i) != english.at(i), qPrintable(shown.at(i)));
                    QVERIFY2(shown.at(i).contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                        qPrintable(shown.at(i)));
                }
            }
        }
    }
};

QTEST_MAIN(TestTeachingWindow)
#include "tst_teachingwindow.moc"
