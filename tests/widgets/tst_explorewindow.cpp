// The Explore tab inside the window: it follows the document, and a click is one undo step.
// Set SHARDSCOPE_SCREENSHOTS=dir to also save the window with the tab shown.
#include "tests/common/testutils.h"
#include "tests/widgets/windowtestutils.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/explore/exploreview.h"
#include "widgets/explore/sweepheatmap.h"
#include "widgets/window/mainwindow.h"

#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>
#include <QUndoStack>

using namespace shardscope;

namespace {

int indexOf(const std::vector<int> &v, int x)
{
    const auto it = std::find(v.begin(), v.end(), x);
    return it == v.end() ? -1 : int(it - v.begin());
}

} // namespace

class TestExploreWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { sandboxSettings(); }

    void clickIsOneUndoStep()
    {
        Plan start = makePlan("llama-3.1-70b", "h100-sxm", 8);
        start.maxModelLen = 32768;
        MainWindow w(builtinCatalog(), windowOptions(start));
        w.show();
        auto *view = w.findChild<ExploreView *>();
        QVERIFY(view);
        QVERIFY(!view->result()); // hidden tab: no sweep yet
        QSignalSpy done(view, &ExploreView::resultChanged);
        QVERIFY(w.showTab(QStringLiteral("explore")));
        QCOMPARE(w.currentBottomView(), static_cast<QWidget *>(view));
        QVERIFY(done.wait(10000));
        QCOMPARE(view->options().gpus, 8); // the plan's world size
        QCOMPARE(view->result()->resolved.maxModelLen, qint64(32768));

        // Click tp 4 x pp 2 on the TP x PP map: the window's plan takes those sizes, in one undo step.
        QUndoStack *undo = w.editor()->undoStack();
        const int steps = undo->count();
        SweepHeatmap *map = view->tpPpMap();
        const int row = indexOf(map->map().rows, 2), column = indexOf(map->map().columns, 4);
        QVERIFY(row >= 0 && column >= 0);
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(row, column).topLeft() + QPoint(4, 4));
        const Plan &now = w.document()->plan();
        QCOMPARE(std::tuple(now.tp, now.pp, now.dp, now.ep), std::tuple(4, 2, 1, 1));
        QCOMPARE(now.maxModelLen, qint64(32768));
        QCOMPARE(undo->count(), steps + 1);
        // Only the sizes and the decode step changed: the sweep still stands.
        QVERIFY(!view->isBusy());
        if (const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(w.grab().save(QDir(dir).filePath(QStringLiteral("window-explore.png"))));
        undo->undo();
        QCOMPARE(std::tuple(w.document()->plan().tp, w.document()->plan().pp), std::tuple(8, 1));
        QCOMPARE(w.document()->plan().batch, start.batch); // the decode step came back too

        // Another context length in the window is another sweep.
        Plan longer = w.document()->plan();
        longer.maxModelLen = 65536;
        QVERIFY(w.editor()->apply(longer, QStringLiteral("context")));
        QVERIFY(done.wait(10000));
        QCOMPARE(view->result()->resolved.maxModelLen, qint64(65536));
    }
};

QTEST_MAIN(TestExploreWindow)
#include "tst_explorewindow.moc"
