// The grid's geometry as pure math: fit, zoom, scrolling limits and label spacing.
#include "widgets/grid/gridgeometry.h"

#include <QTest>

class TestGridGeometry : public QObject
{
    Q_OBJECT
private slots:
    void fitAndHitTest()
    {
        // 61 x 256 cells in 1024 x 610 px: 4 px wide, 10 px high.
        const GridGeometry g = GridGeometry::fit(QRectF(100, 50, 1024, 610), 61, 256, 1, {});
        QCOMPARE(g.cellWidth, 4.0);
        QCOMPARE(g.cellHeight, 10.0);
        QCOMPARE(g.cellRect(2, 3), QRectF(112, 70, 4, 10));
        const auto cell = g.cellAt(QPointF(113, 79));
        QVERIFY(cell);
        QCOMPARE(cell->first, 2);
        QCOMPARE(cell->second, 3);
        QVERIFY(!g.cellAt(QPointF(99, 79)));
        QCOMPARE(g.lastVisibleRow(), 60);
        QCOMPARE(g.lastVisibleColumn(), 255);
    }

    void zoomAndScrollLimits()
    {
        // Zoom 4: cells 16 x 40 px, 64 columns and 15.25 rows visible; the origin cannot pass 256 - 64
        // columns and 61 - 15.25 rows.
        const GridGeometry g = GridGeometry::fit(QRectF(0, 0, 1024, 610), 61, 256, 4, QPointF(1000, 1000));
        QCOMPARE(g.cellWidth, 16.0);
        QCOMPARE(g.cellHeight, 40.0);
        QCOMPARE(g.origin, QPointF(192, 45.75));
        QCOMPARE(g.firstVisibleColumn(), 192);
        QCOMPARE(g.lastVisibleColumn(), 255);
        const GridGeometry h = GridGeometry::fit(QRectF(0, 0, 1024, 610), 61, 256, 4, QPointF(-5, -5));
        QCOMPARE(h.origin, QPointF(0, 0));
        // Zoom below 1 is treated as the fit.
        QCOMPARE(GridGeometry::fit(QRectF(0, 0, 1024, 610), 61, 256, 0.5, {}).cellWidth, 4.0);
    }

    void labelSteps_data()
    {
        QTest::addColumn<double>("pitch");
        QTest::addColumn<double>("extent");
        QTest::addColumn<int>("step");
        QTest::newRow("room for all") << 20.0 << 14.0 << 1;
        QTest::newRow("every 2nd") << 10.0 << 14.0 << 2; // need 1.4 cells
        QTest::newRow("every 5th") << 4.0 << 14.0 << 5; // need 3.5
        QTest::newRow("every 10th") << 2.0 << 14.0 << 10; // need 7
        QTest::newRow("every 20th") << 1.0 << 14.0 << 20; // need 14
    }
    void labelSteps()
    {
        QFETCH(double, pitch);
        QFETCH(double, extent);
        QFETCH(int, step);
        QCOMPARE(labelStep(pitch, extent), step);
    }
};

QTEST_MAIN(TestGridGeometry)
#include "tst_gridgeometry.moc"
