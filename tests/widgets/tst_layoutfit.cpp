// Presentation mode and small screens: every tab at 1920x1080 in presentation mode and at 1280x720
// and 1024x700, in English and Chinese, shows every label, button, spin box and group title whole,
// keeps every tab in sight, leaves the views at least half the window, and (presentation) draws the
// charts' texts at the larger size. The screenshots go to layout-shots/ beside the test binary.
#include "tests/common/testutils.h"
#include "widgets/common/fonts.h"
#include "widgets/document/language.h"
#include "widgets/document/presentationmode.h"
#include "widgets/grid/gridpanel.h"
#include "widgets/teaching/teachingcontroller.h"
#include "widgets/vllm/commandpreview.h"
#include "widgets/window/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStyle>
#include <QStyleOptionTab>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QToolButton>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>

#include <cmath>

using namespace shardscope;

namespace {

WindowOptions options(const Plan &plan)
{
    WindowOptions o;
    o.initialPlan = plan;
    o.useSettings = false;
    return o;
}

// Shown to the user: visible, and not scrolled or clipped out of sight entirely.
bool onScreen(const QWidget *w)
{
    return w->isVisible() && !w->visibleRegion().isEmpty();
}

QString plain(const QLabel *label)
{
    if (Qt::mightBeRichText(label->text()) && label->textFormat() != Qt::PlainText) {
        QTextDocument doc;
        doc.setHtml(label->text());
        return doc.toPlainText();
    }
    return label->text();
}

// What is cut in `window`, one line per widget.
QStringList cut(const MainWindow &window)
{
    QStringList problems;
    for (const QLabel *l : window.findChildren<QLabel *>()) {
        if (!onScreen(l) || l->wordWrap() || l->text().isEmpty() || !l->pixmap().isNull())
            continue;
        int widest = 0;
        if (Qt::mightBeRichText(l->text()) && l->textFormat() != Qt::PlainText) {
            // As the label lays it out: <small> and <b> lines in their own sizes.
            QTextDocument doc;
            doc.setDefaultFont(l->font());
            doc.setDocumentMargin(0);
            doc.setHtml(l->text());
            widest = static_cast<int>(std::ceil(doc.idealWidth()));
        } else
            for (const QString &line : plain(l).split(QLatin1Char('\n')))
                widest = std::max(widest, l->fontMetrics().horizontalAdvance(line));
        if (widest > l->contentsRect().width() + 1)
            problems
                << QStringLiteral("label \"%1\": %2 px in %3").arg(plain(l)).arg(widest).arg(l->contentsRect().width());
    }
    for (const QAbstractButton *b : window.findChildren<QAbstractButton *>()) {
        if (!onScreen(b) || b->text().isEmpty() || qobject_cast<const QTabBar *>(b->parentWidget()))
            continue;
        if (b->width() + 1 < b->sizeHint().width())
            problems << QStringLiteral("button \"%1\": %2 px of %3")
                            .arg(b->text())
                            .arg(b->width())
                            .arg(b->sizeHint().width());
    }
    for (const QAbstractSpinBox *s : window.findChildren<QAbstractSpinBox *>())
        if (onScreen(s) && s->width() + 1 < s->minimumSizeHint().width())
            problems << QStringLiteral("spin box %1: %2 px of %3")
                            .arg(s->objectName())
                            .arg(s->width())
                            .arg(s->minimumSizeHint().width());
    for (const QGroupBox *g : window.findChildren<QGroupBox *>())
        if (onScreen(g) && !g->title().isEmpty()
            && g->fontMetrics().horizontalAdvance(QString(g->title()).remove(QLatin1Char('&'))) > g->width())
            problems << QStringLiteral("group \"%1\"").arg(g->title());
    for (const QTabBar *bar : window.findChildren<QTabBar *>()) {
        if (!onScreen(bar))
            continue;
        QStyleOptionTab opt;
        opt.initFrom(bar);
        // QTabBar sizes a tab to its text plus this frame; an elided ("Communicat…") tab is narrower.
        const int frame = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, &opt, bar);
        for (int i = 0; i < bar->count(); ++i) {
            if (!bar->rect().contains(bar->tabRect(i)))
                problems << QStringLiteral("tab \"%1\" out of sight").arg(bar->tabText(i));
            const int want = bar->fontMetrics().size(Qt::TextShowMnemonic, bar->tabText(i)).width() + frame;
            if (bar->tabRect(i).width() + 1 < want)
                problems << QStringLiteral("tab \"%1\" elided: %2 px of %3")
                                .arg(bar->tabText(i))
                                .arg(bar->tabRect(i).width())
                                .arg(want);
        }
    }
    // A chart's texts as Qt Charts laid them out: an axis label or title, or a legend entry, that
    // did not fit is cut to "…" (or "...").
    for (const QChartView *view : window.findChildren<QChartView *>()) {
        // isVisible(): a QGraphicsView's visibleRegion() is empty offscreen.
        if (!view->isVisible() || !view->scene())
            continue;
        for (const QGraphicsItem *item : view->scene()->items()) {
            const auto *text = dynamic_cast<const QGraphicsTextItem *>(item); // axis labels are subclasses
            if (!text || !text->isVisible())
                continue;
            const QString shown = text->toPlainText();
            if (shown.contains(QChar(0x2026)) || shown.contains(QLatin1String("...")))
                problems << QStringLiteral("chart \"%1\": text cut to \"%2\"").arg(view->chart()->title(), shown);
        }
    }
    // A label above a chart (the memory chart's title) shows all its lines: not cut at the bottom.
    for (const QLabel *l : window.findChildren<QLabel *>(QStringLiteral("memoryChartTitle")))
        if (l->isVisible() && l->height() + 1 < l->sizeHint().height())
            problems << QStringLiteral("label \"%1\": %2 px high of %3")
                            .arg(plain(l))
                            .arg(l->height())
                            .arg(l->sizeHint().height());
    // No tab hidden behind scroll arrows (Compare and Explore at the end of the bar).
    // (QTabBar's scroll buttons are its QToolButton children, shown only when the tabs do not fit.)
    for (const QTabBar *bar : window.findChildren<QTabBar *>())
        if (onScreen(bar))
            for (const QToolButton *b : bar->findChildren<QToolButton *>())
                if (b->isVisible())
                    problems << QStringLiteral("tab bar with scroll buttons");
    return problems;
}

} // namespace

class TestLayoutFit : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        sandboxSettings();
        m_shots = QCoreApplication::applicationDirPath() + QStringLiteral("/layout-shots");
        QDir().mkpath(m_shots);
    }
    void cleanup()
    {
        teaching::presentation()->setOn(false);
        teaching::language()->setLanguage(QStringLiteral("en"), false);
    }

    void everyTabFits_data()
    {
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("plan");
        for (const char *lang : { "en", "zh_CN" }) {
            QTest::addRow("presentation 1920x1080 %s", lang) << true << lang << QSize(1920, 1080) << "llama";
            QTest::addRow("presentation 1920x1080 %s dsv3", lang) << true << lang << QSize(1920, 1080) << "dsv3";
            QTest::addRow("1280x720 %s dsv3", lang) << false << lang << QSize(1280, 720) << "dsv3";
            QTest::addRow("1024x700 %s", lang) << false << lang << QSize(1024, 700) << "llama";
            QTest::addRow("1280x720 %s", lang) << false << lang << QSize(1280, 720) << "llama";
            QTest::addRow("presentation 1280x720 %s", lang) << true << lang << QSize(1280, 720) << "llama";
            QTest::addRow("presentation 1280x720 %s dsv3", lang) << true << lang << QSize(1280, 720) << "dsv3";
            QTest::addRow("presentation 1024x700 %s", lang) << true << lang << QSize(1024, 700) << "llama";
            QTest::addRow("presentation 1024x700 %s dsv3", lang) << true << lang << QSize(1024, 700) << "dsv3";
            QTest::addRow("1024x700 %s dsv3", lang) << false << lang << QSize(1024, 700) << "dsv3";
        }
    }

    void everyTabFits()
    {
        QFETCH(bool, presentation);
        QFETCH(QString, lang);
        QFETCH(QSize, size);
        QFETCH(QString, plan);
        QVERIFY(teaching::language()->setLanguage(lang, false));
        const QFont base = QApplication::font();
        teaching::presentation()->setOn(presentation);
        const Plan p = plan == QLatin1String("dsv3") ? makePlan("deepseek-v3", "h200", 8, 1, 16, 128)
                                                     : makePlan("llama-3.1-70b", "h100-sxm", 4, 1);
        MainWindow w(builtinCatalog(), options(p));
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(size);
        w.show();
        QCoreApplication::processEvents();
        w.resize(size);
        QCoreApplication::processEvents();
        QStringList problems;
        // The window fits the screen it was asked for: no minimum size above it (at 1024 x 700 in Chinese
        // presentation it was 1186 x 757, its right and bottom edges off the screen).
        if (w.width() > size.width() || w.height() > size.height())
            problems << QStringLiteral("window %1 x %2 on a %3 x %4 screen")
                            .arg(w.width())
                            .arg(w.height())
                            .arg(size.width())
                            .arg(size.height());
        for (const QString &tab : MainWindow::tabNames()) {
            QVERIFY(w.showTab(tab));
            QCoreApplication::processEvents();
            const QString name
                = QStringLiteral("%1_%2_%3x%4_%5_%6")
                      .arg(presentation ? QStringLiteral("presentation") : QStringLiteral("normal"), lang)
                      .arg(size.width())
                      .arg(size.height())
                      .arg(plan, tab);
            w.grab().save(m_shots + QLatin1Char('/') + name + QStringLiteral(".png"));
            for (const QString &problem : cut(w))
                problems << tab + QStringLiteral(": ") + problem;
            // The views keep at least half the window's width.
            if (w.gridPanel()->width() * 2 < size.width())
                problems << tab + QStringLiteral(": the views get %1 px").arg(w.gridPanel()->width());
            if (presentation && base.pointSizeF() > 0) {
                const double want = base.pointSizeF() * PresentationMode::kFontScale * 0.85; // hint lines are 0.9
                for (const QChartView *view : w.findChildren<QChartView *>()) {
                    if (!onScreen(view))
                        continue;
                    const QChart *chart = view->chart();
                    if (chart->titleFont().pointSizeF() < want || chart->legend()->font().pointSizeF() < want)
                        problems << tab + QStringLiteral(": chart title or legend not scaled");
                    for (const QAbstractAxis *axis : chart->axes())
                        if (axis->labelsFont().pointSizeF() < want)
                            problems << tab + QStringLiteral(": chart axis not scaled");
                }
                const auto *command = w.commandPreview()->findChild<QPlainTextEdit *>();
                if (command->font().pointSizeF() < want)
                    problems << tab + QStringLiteral(": launch command not scaled");
            }
        }
        problems.removeDuplicates();
        if (!problems.isEmpty())
            QFAIL(qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // Every shortcut of the window does one thing, and Explore has one.
    void shortcutsAreUnique()
    {
        MainWindow w(builtinCatalog(), options(makePlan("llama-3.1-70b", "h100-sxm", 4, 1)));
        QHash<QKeySequence, QString> seen;
        for (const QAction *a : w.findChildren<QAction *>())
            for (const QKeySequence &key : a->shortcuts()) {
                QVERIFY2(!seen.contains(key),
                    qPrintable(QStringLiteral("%1: %2 and %3").arg(key.toString(), seen.value(key), a->text())));
                seen.insert(key, a->text());
            }
        auto *explore = w.findChild<QAction *>(QStringLiteral("showExplore"));
        QVERIFY(explore);
        QVERIFY(!explore->shortcut().isEmpty());
        explore->trigger();
        QCOMPARE(w.currentBottomView()->objectName(), QStringLiteral("ExploreView"));
        QVERIFY(w.findChild<QAction *>(QStringLiteral("planPanel")));
    }

private:
    QString m_shots;
};

QTEST_MAIN(TestLayoutFit)
#include "tst_layoutfit.moc"
