#include "widgets/explore/exploretab.h"

#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/window/mainwindow.h"

#include <QCoreApplication>
#include <QTabWidget>

namespace {

QString title()
{
    return QCoreApplication::translate("Explore", "Explore");
}

} // namespace

ExploreView *installExplore(MainWindow *window)
{
    auto *view = new ExploreView;
    view->setObjectName(QStringLiteral("ExploreView"));
    view->setWindowTitle(title()); // carries the tab's title across a rebuild
    window->bottomTabs()->addTab(view, title());
    PlanDocument *document = window->document();
    PlanEditor *editor = window->editor();
    const auto follow = [view, document] {
        if (document->hasPlan())
            view->setContext(document->plan(), document->model(), document->gpu());
    };
    QObject::connect(document, &PlanDocument::planChanged, view, follow);
    follow();
    QObject::connect(view, &ExploreView::planChosen, editor, [editor](const shardscope::Plan &plan) {
        editor->apply(plan, QCoreApplication::translate("Explore", "Apply plan from Explore"));
    });
    QObject::connect(window, &MainWindow::uiRebuilt, view, [window, view] {
        view->setWindowTitle(title());
        QTabWidget *tabs = window->bottomTabs();
        tabs->setTabText(tabs->indexOf(view), title());
    });
    return view;
}
