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
    auto *view = new ExploreView;
    view->setObjectName(QStringLiteral("ExploreView"));
    host.addBottomTab(
        QStringLiteral("explore"), [] { return QCoreApplication::translate("Explore", "Explore"); }, view);
    PlanDocument *document = host.document();
    PlanEditor *editor = host.editor();
    const auto follow = [view, document] {
        if (document->hasPlan())
            view->setContext(document->plan(), document->model(), document->gpu());
    };
    QObject::connect(document, &PlanDocument::planChanged, view, follow);
    follow();
    QObject::connect(view, &ExploreView::planChosen, editor, [editor](const shardscope::Plan &plan) {
        editor->apply(plan, QCoreApplication::translate("Explore", "Apply plan from Explore"));
    });
    return view;
}

} // namespace explore
