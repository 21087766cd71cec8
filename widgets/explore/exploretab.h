#pragma once
#include "widgets/explore/exploreview.h"

#include <QStringList>

class FeatureHost;

// The Explore tab under the views, installed through the window's FeatureHost: the view observes
// the document's plan (model, GPU, settings, the ring on the current plan), and a plan chosen in
// it is applied through the window's editor as one undo step. Returns the view.
namespace explore {

QStringList tabs(); // the --tab name it registers: explore
ExploreView *install(FeatureHost &host);

} // namespace explore
