// A slider change until the window is repainted, offscreen at 1600 x 1000 (target: median at most
// 16 ms, one 60 Hz frame). "Frame" repaints what a user sees; "all views" also renders the views
// in hidden tabs (the other three grids, memory, communication, GPU table). Label "benchmark".
#include "benchwindow.h"
#include "widgets/comm/commpanel.h"
#include "widgets/controls/parallelcontrol.h"
#include "widgets/controls/parallelismpanel.h"
#include "widgets/document/plandocument.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/grid/placementgrid.h"
#include "widgets/memory/memorychart.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/window/mainwindow.h"

#include <QDockWidget>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QSlider>
#include <QTableView>
#include <QTest>

#include <memory>

using namespace shardscope;

class BenchRepaint : public QObject
{
    Q_OBJECT
private:
    struct Window
    {
        MainWindow window;
        explicit Window(const Plan &p)
            : window(catalogFromPresets(builtinPresets()), options(p))
        {
            window.resize(1600, 1000);
            window.show();
            if (!QTest::qWaitForWindowExposed(&window))
                qWarning("the window was not exposed");
            window.grab();
        }
        static WindowOptions options(const Plan &p)
        {
            WindowOptions o;
            o.initialPlan = p;
            o.useSettings = false;
            return o;
        }
        // One notch of a slider: the plan changes, every listening view updates.
        void nudge(ParallelDim dim)
        {
            QSlider *s = window.parallelismPanel()->control(dim)->slider();
            s->setValue(s->value() == s->minimum() ? s->value() + 1 : s->value() - 1);
        }
        QImage canvas { 1600, 1000, QImage::Format_ARGB32_Premultiplied }; // reused: not part of a frame
        void renderHidden()
        {
            QPainter p(&canvas);
            for (GridKind k : { GridKind::Layers, GridKind::Heads, GridKind::Experts, GridKind::Cluster })
                if (window.gridPanel()->currentKind() != k)
                    window.gridPanel()->grid(k)->renderTo(p, QRect(0, 0, 1180, 520), false);
            window.memoryPanel()->chart()->renderTo(p, QRect(0, 0, 740, 380));
            window.commPanel()->renderTo(p, QRect(0, 0, 400, 380));
            window.gpuTable()->render(&p);
        }
    };

    static void scenarios()
    {
        QTest::addColumn<int>("plan");
        QTest::addColumn<int>("dim");
        QTest::addColumn<QString>("gridTab");
        QTest::addColumn<QString>("bottomTab");
        QTest::newRow("deepseek-v3 128 GPUs, experts + memory")
            << 0 << int(ParallelDim::Dp) << QStringLiteral("experts") << QStringLiteral("memory");
        QTest::newRow("deepseek-v3 128 GPUs, layers + comm")
            << 0 << int(ParallelDim::Dp) << QStringLiteral("layers") << QStringLiteral("comm");
        QTest::newRow("llama-3.1-405b 64 GPUs, layers + memory")
            << 1 << int(ParallelDim::Pp) << QStringLiteral("layers") << QStringLiteral("memory");
        QTest::newRow("llama-3.1-405b 64 GPUs, heads + gpus")
            << 1 << int(ParallelDim::Tp) << QStringLiteral("heads") << QStringLiteral("gpus");
    }

    std::unique_ptr<Window> open()
    {
        QFETCH(int, plan);
        QFETCH(QString, gridTab);
        QFETCH(QString, bottomTab);
        auto w = std::make_unique<Window>(plan == 0 ? deepSeekOn128() : llama405On64());
        w->window.showTab(gridTab);
        w->window.showTab(bottomTab);
        w->window.grab();
        return w;
    }

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeBench")); }

    // Medians over many slider notches (printed), then QBENCHMARK of the same step.
    void frame_data() { scenarios(); }
    void frame()
    {
        QFETCH(int, dim);
        static QSet<QString> printed; // QBENCHMARK may run the function more than once
        auto w = open();
        const QString row = QString::fromLatin1(QTest::currentDataTag());
        if (!printed.contains(row)) {
            printed.insert(row);
            medianMs((row + QStringLiteral(", plan change only (no painting)")).toUtf8().constData(), 60,
                [&] { w->nudge(ParallelDim(dim)); });
            medianMs((row + QStringLiteral(", frame")).toUtf8().constData(), 60, [&] {
                w->nudge(ParallelDim(dim));
                w->window.grab();
            });
            medianMs((row + QStringLiteral(", all views")).toUtf8().constData(), 30, [&] {
                w->nudge(ParallelDim(dim));
                w->window.grab();
                w->renderHidden();
            });
        }
        QBENCHMARK
        {
            w->nudge(ParallelDim(dim));
            w->window.grab();
        }
    }

    // What each view costs to paint on its own (DeepSeek-V3 on 128 GPUs), to see where a frame goes.
    void perView()
    {
        static bool printed = false;
        Window w(deepSeekOn128());
        QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
        if (!printed) {
            printed = true;
            for (GridKind k : { GridKind::Layers, GridKind::Heads, GridKind::Experts, GridKind::Cluster }) {
                PlacementGrid *g = w.window.gridPanel()->grid(k);
                medianMs(QStringLiteral("paint grid tab %1").arg(int(k)).toUtf8().constData(), 30, [&] {
                    QPainter p(&image);
                    g->renderTo(p, QRect(0, 0, 1180, 520), false);
                });
            }
            medianMs("paint memory chart", 30, [&] {
                QPainter p(&image);
                w.window.memoryPanel()->chart()->renderTo(p, QRect(0, 0, 740, 380));
            });
            medianMs("paint controls dock", 30, [&] { w.window.findChild<QDockWidget *>()->grab(); });
        }
        QBENCHMARK
        {
            QPainter p(&image);
            w.window.gridPanel()->grid(GridKind::Experts)->renderTo(p, QRect(0, 0, 1180, 520), false);
        }
    }
};

QTEST_MAIN(BenchRepaint)
#include "bench_repaint.moc"
