#pragma once

#include <QStringList>

class FeatureHost;
class Language;
class PresentationMode;

// The teaching and reporting features, added to a planner window through its FeatureHost:
// Timeline, Show your work and Compare tabs under the views; File → Export report; View →
// Presentation mode and Show your work on click; a Language menu. The selected timeline event is
// drawn over the Layers × GPUs and Cluster grids (its GPUs, rows and link).
namespace teaching {

QStringList tabs(); // the --tab names it registers: timeline, work, compare
void install(FeatureHost &host);

// App-wide state, created on first use and owned by the application.
Language *language();
PresentationMode *presentation();

} // namespace teaching
