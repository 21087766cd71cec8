#pragma once
#include "widgets/explore/exploreview.h"

class MainWindow;

// Adds the Explore tab to the window's bottom tabs (after the others, as tabNames() lists them) and
// wires it: the view follows the document's plan (model, GPU, settings, the ring on the current
// plan), and a plan chosen in it is applied through the window's editor as one undo step. The tab
// survives a language rebuild like the other tabs added from outside. Returns the view.
ExploreView *installExplore(MainWindow *window);
