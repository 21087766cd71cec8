#include "widgets/common/tabtitles.h"

#include <QEvent>
#include <QFont>
#include <QTabBar>
#include <QTabWidget>

#include <algorithm>

TabTitles::TabTitles(QTabWidget *tabs)
    : QObject(tabs)
    , m_tabs(tabs)
{
    tabs->setElideMode(Qt::ElideNone);
    // Always allowed, so that the bar's minimum width is not the sum of its tabs (that made the
    // window wider than a 1280 px screen in presentation mode, and the titles were then never
    // shortened); refit() keeps them out of sight by fitting the titles first.
    tabs->setUsesScrollButtons(true);
    tabs->installEventFilter(this);
    tabs->tabBar()->installEventFilter(this);
}

void TabTitles::set(int index, const QString &full, const QString &shortTitle, const QString &toolTip)
{
    if (index < 0)
        return;
    if (static_cast<size_t>(index) >= m_titles.size())
        m_titles.resize(static_cast<size_t>(index) + 1);
    m_titles[static_cast<size_t>(index)] = { full, shortTitle.isEmpty() ? full : shortTitle, toolTip };
    refit();
}

void TabTitles::apply(bool shortTitles)
{
    QTabBar *bar = m_tabs->tabBar();
    for (int i = 0; i < bar->count() && static_cast<size_t>(i) < m_titles.size(); ++i) {
        const Titles &t = m_titles[static_cast<size_t>(i)];
        const QString text = shortTitles ? t.shortTitle : t.full;
        if (bar->tabText(i) != text)
            bar->setTabText(i, text);
        const QString tip = t.toolTip.isEmpty() ? t.full : t.toolTip;
        if (bar->tabToolTip(i) != tip)
            bar->setTabToolTip(i, tip);
    }
}

void TabTitles::refit()
{
    if (m_fitting)
        return;
    m_fitting = true;
    int room = m_tabs->width();
    for (const Qt::Corner corner : { Qt::TopLeftCorner, Qt::TopRightCorner })
        if (const QWidget *w = m_tabs->cornerWidget(corner); w && w->isVisibleTo(m_tabs))
            room -= w->sizeHint().width();
    // QTabBar::sizeHint() is the sum of the tabs' widths for their whole texts (ElideNone).
    const QTabBar *bar = m_tabs->tabBar();
    apply(false);
    m_shortened = bar->sizeHint().width() > room;
    if (m_shortened)
        apply(true);
    // The short titles still too wide (presentation mode at 1024 px): the bar's text a little smaller,
    // down to 75 % of the window's, rather than tabs hidden behind scroll arrows.
    QTabBar *tabBar = m_tabs->tabBar();
    if (m_shrunk) {
        tabBar->setFont(QFont()); // back to the inherited font, then measure the full titles again
        m_shrunk = false;
        apply(false);
        m_shortened = bar->sizeHint().width() > room;
        apply(m_shortened);
    }
    if (m_shortened && bar->sizeHint().width() > room && room > 0) {
        const QFont inherited = tabBar->font();
        QFont smaller = inherited;
        for (double f = 0.95; f >= 0.75 && bar->sizeHint().width() > room; f -= 0.05) {
            if (inherited.pointSizeF() > 0)
                smaller.setPointSizeF(inherited.pointSizeF() * f);
            else
                smaller.setPixelSize(std::max(1, static_cast<int>(inherited.pixelSize() * f)));
            tabBar->setFont(smaller);
            m_shrunk = true;
        }
    }
    // The last resort, still too wide: the short titles behind the scroll buttons QTabBar shows.
    m_fitting = false;
}

bool TabTitles::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Resize:
        if (watched == m_tabs)
            refit();
        break;
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::Show:
        refit();
        break;
    default:
        break;
    }
    return false;
}
