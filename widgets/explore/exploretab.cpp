#include "widgets/explore/exploretab.h"

#include "widgets/document/plandocument.h"
#include "widgets/document/planeditor.h"
#include "widgets/window/featurehost.h"

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
    PlanEditor *editor = host.editor();
    QObject::connect(view, &ExploreView::planChosen, editor, [editor](const shardscope::Plan &plan) {
        editor->apply(plan, QCoreApplication::translate("Explore", "Apply plan from Explore"));
    });
    return view;
}

} // namespace explore
