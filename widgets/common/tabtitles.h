#pragma once
#include <QObject>
#include <QString>

#include <vector>

class QTabWidget;

// Keeps every tab title of a QTabWidget whole and every tab in sight. The full titles while they
// fit in the bar's room (the widget's width less its corner widget), else each tab's short title
// (its tooltip keeps the full one), else, when even those do not fit, the short titles with scroll
// buttons (always enabled, so the bar never sets the window's minimum width); between the two, the bar's text down to
// 75 % of its size. A title is never elided to "Communicat…". Re-fitted on each resize, font change (presentation
// mode), style change and set().
class TabTitles : public QObject
{
public:
    explicit TabTitles(QTabWidget *tabs);

    // The titles of tab `index` (a new language calls this again). An empty `shortTitle` is `full`.
    void set(int index, const QString &full, const QString &shortTitle, const QString &toolTip = QString());
    void refit();
    // Whether the bar shows the short titles now.
    bool shortened() const { return m_shortened; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Titles
    {
        QString full;
        QString shortTitle;
        QString toolTip;
    };
    void apply(bool shortTitles);

    QTabWidget *m_tabs;
    std::vector<Titles> m_titles;
    bool m_shortened = false;
    bool m_shrunk = false; // the bar's font made smaller to fit
    bool m_fitting = false;
};
