#include "widgets/common/fonts.h"

#include <QApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QPalette>
#include <QWidget>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>

#include <algorithm>
#include <cmath>

namespace fonts {

namespace {

QFont sizedLike(QFont font, const QFont &like, double factor)
{
    if (like.pointSizeF() > 0)
        font.setPointSizeF(std::max(1.0, like.pointSizeF() * factor));
    else if (like.pixelSize() > 0)
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(like.pixelSize() * factor))));
    return font;
}

// Qt sends ApplicationFontChange to every widget only while class-specific fonts are set
// (QApplicationPrivate's `all` in QApplication::setFont); otherwise only the windows get it and their
// children see FontChange. Seen under xcb: a live presentation toggle left the slider hints and the
// charts' axes small. So a follower watches the application object for the event reaching any
// object and re-applies once per actual change of the application's font or palette.
class Follower : public QObject
{
public:
    Follower(QWidget *owner, std::function<void()> apply)
        : QObject(owner)
        , m_apply(std::move(apply))
    {
        QCoreApplication::instance()->installEventFilter(this);
        remember();
        m_apply();
    }

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if ((event->type() == QEvent::ApplicationFontChange || event->type() == QEvent::ApplicationPaletteChange)
            && (QApplication::font() != m_font || QApplication::palette() != m_palette)) {
            remember();
            m_apply();
        }
        return false;
    }

private:
    void remember()
    {
        m_font = QApplication::font();
        m_palette = QApplication::palette();
    }
    std::function<void()> m_apply;
    QFont m_font;
    QPalette m_palette;
};

class LegendFitter : public QObject
{
public:
    LegendFitter(QWidget *view, QChart *chart, int minLines)
        : QObject(view)
        , m_chart(chart)
        , m_minLines(minLines)
    {
        view->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == parent() && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
            refitLegend(static_cast<QWidget *>(watched), m_chart, m_minLines);
        return false;
    }

private:
    QChart *m_chart;
    int m_minLines;
};

} // namespace

void keepLegendWhole(QWidget *view, QChart *chart, int minLines)
{
    new LegendFitter(view, chart, minLines);
    refitLegend(view, chart, minLines);
}

void refitLegend(QWidget *view, QChart *chart, int minLines)
{
    QLegend *legend = chart->legend();
    const QFontMetrics fm(legend->font());
    int row = 0;
    const QList<QLegendMarker *> markers = legend->markers();
    for (const QLegendMarker *m : markers)
        if (!m->label().isEmpty()) // a marker's own visibility is false until the legend is laid out
            row += fm.horizontalAdvance(m->label()) + fm.height() + 3 * fm.averageCharWidth();
    const Qt::Alignment want = row + 2 * fm.averageCharWidth() <= view->width() ? Qt::AlignBottom : Qt::AlignRight;
    if (legend->alignment() != want)
        legend->setAlignment(want);
    // Tall enough for the title, three value labels, the axis labels and title and the legend (a
    // column of labels when it stands at the right): about 10 lines of the current font. Shorter,
    // Qt Charts cuts those texts to "…" (Chinese presentation mode at 1024 x 700); the tab's scroll
    // page gives the room instead.
    const int lines = std::max<int>(minLines, want == Qt::AlignRight ? static_cast<int>(markers.size()) + 4 : 0);
    const int height = lines * fm.height();
    if (view->minimumHeight() != height)
        view->setMinimumHeight(height);
}

QFont relative(double factor)
{
    const QFont app = QApplication::font();
    return sizedLike(app, app, factor);
}

QFont fixedPitch()
{
    return sizedLike(QFontDatabase::systemFont(QFontDatabase::FixedFont), QApplication::font(), 1.0);
}

void followApplication(QWidget *owner, std::function<void()> apply)
{
    new Follower(owner, std::move(apply));
}

void styleChart(QChart *chart, double labelFactor)
{
    const QPalette pal = QApplication::palette();
    QFont title = relative(1.1);
    title.setBold(true);
    chart->setTitleFont(title);
    chart->setTitleBrush(pal.color(QPalette::WindowText));
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->legend()->setFont(relative(labelFactor));
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsFont(relative(labelFactor));
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setTitleFont(relative(1.0));
        axis->setTitleBrush(pal.color(QPalette::Text));
    }
}

} // namespace fonts
