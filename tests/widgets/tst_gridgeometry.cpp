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

    // Rows of different heights (the Experts tab's dense layers): 3 rows of weight 4 and 58 of weight 1
    // are 3 x 4 + 58 = 70 units; in 700 px a unit is 10 px, so rows 0-2 are 40 px and row 3 starts at 120.
    void weightedRows()
    {
        std::vector<double> weights(61, 1.0);
        weights[0] = weights[1] = weights[2] = 4;
        const GridGeometry g = GridGeometry::fit(QRectF(0, 0, 610, 700), 61, 61, 1, {}, weights);
        QCOMPARE(g.rowUnits(), 70.0);
        QCOMPARE(g.cellHeight, 10.0);
        QCOMPARE(g.cellRect(1, 0), QRectF(0, 40, 10, 40));
        QCOMPARE(g.cellRect(3, 0), QRectF(0, 120, 10, 10));
        QCOMPARE(g.cellsRect(0, 0, 3, 1).height(), 120.0);
        QCOMPARE(g.cellAt(QPointF(5, 119))->first, 2);
        QCOMPARE(g.cellAt(QPointF(5, 121))->first, 3);
        QCOMPARE(g.cellAt(QPointF(5, 699))->first, 60);
        QCOMPARE(g.lastVisibleRow(), 60);
        // Zoom 2: a unit is 20 px, 35 units visible; scrolled to unit 12 (row 3's top) the view shows
        // rows 3 ... 3 + 35 - 1 = 37, and the origin stops at 70 - 35 = 35 units.
        const GridGeometry z = GridGeometry::fit(QRectF(0, 0, 610, 700), 61, 61, 2, QPointF(0, 12), weights);
        QCOMPARE(z.firstVisibleRow(), 3);
        QCOMPARE(z.lastVisibleRow(), 37);
        QCOMPARE(GridGeometry::fit(QRectF(0, 0, 610, 700), 61, 61, 2, QPointF(0, 99), weights).origin.y(), 35.0);
        // All weights 1: the uniform grid.
        QVERIFY(GridGeometry::fit(QRectF(0, 0, 610, 610), 61, 61, 1, {}, std::vector<double>(61, 1.0)).uniformRows());
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
