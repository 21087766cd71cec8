// The composition of a planner window's features: which are installed, and in what order (their
// tabs follow the window's own in this order). Kept apart from MainWindow, which knows only the
// FeatureHost interface they are installed through.
#include "widgets/explore/exploretab.h"
#include "widgets/serving/latencycurve.h"
#include "widgets/teaching/teachingcontroller.h"
#include "widgets/window/mainwindow.h"

std::vector<WindowFeature> standardFeatures()
{
    return {
        // Timeline, show your work, compare, the report, presentation mode, the language menu.
        { teaching::tabs(), [](FeatureHost &host) { teaching::install(host); } },
        // The plan search.
        { explore::tabs(), [](FeatureHost &host) { explore::install(host); } },
        // The latency–throughput curve at the document's workload.
        { servingview::tabs(), [](FeatureHost &host) { servingview::install(host); } },
    };
}
