#include "widgets/explore/exploretab.h"

#include "widgets/common/retranslate.h"
#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/window/featurehost.h"

#include <QAction>
#include <QCoreApplication>

namespace explore {

QStringList tabs()
{
    return { QStringLiteral("explore") };
}

ExploreView *install(FeatureHost &host)
{
    auto *view = new ExploreView(host.document());
    view->setObjectName(QStringLiteral("ExploreView"));
    host.addBottomTab(
        QStringLiteral("explore"), [] { return QCoreApplication::translate("Explore", "Explore"); }, view);
    // View → Explore; Alt+1 … Alt+0 are the other tabs', Ctrl+Shift+E is free.
    auto *show = new QAction(view);
    show->setObjectName(QStringLiteral("showExplore"));
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QObject::connect(show, &QAction::triggered, view, [&host] { host.showTab(QStringLiteral("explore")); });
    host.addMenuAction(MenuId::ViewTabs, show);
    retranslateWith(view, [show] { show->setText(QCoreApplication::translate("Explore", "Explore")); });
    PlanEditor *editor = host.editor();
    QObject::connect(view, &ExploreView::planChosen, editor, [editor](const shardscope::Plan &plan) {
        editor->apply(plan, QCoreApplication::translate("Explore", "Apply plan from Explore"));
    });
    return view;
}

} // namespace explore
