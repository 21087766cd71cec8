#pragma once
#include "widgets/grid/gridbuilders.h"

#include <QString>

#include <functional>

class PlacementGrid;
class PlanDocument;
class PlanEditor;
class QAction;
class QMenu;
class QWidget;

// Where a feature's menu action goes. Named insertion points, so that a feature never depends on
// the order or the position of the window's menus.
enum class MenuId {
    FileExports, // File: after the export actions, before Quit
    ViewTabs, // View: after the window's own tabs, one action per feature tab
    ViewToggles, // View: the switches at the end (presentation mode, show your work on click)
};

// What the planner window offers the features installed into it (teaching, explore): the document
// and its editor, tabs under the views, menu actions, the status line. A feature keeps its own
// texts current on QEvent::LanguageChange; the titles given here are asked for again then.
class FeatureHost
{
public:
    using Text = std::function<QString()>;

    virtual PlanDocument *document() const = 0;
    virtual PlanEditor *editor() const = 0;
    // The parent of a feature's dialogs.
    virtual QWidget *dialogParent() = 0;
    // A placement grid, for drawing over it (PlacementGrid::setOverlay).
    virtual PlacementGrid *grid(GridKind kind) const = 0;

    // A tab under the views, after those added before it; `id` is its --tab name.
    virtual void addBottomTab(const QString &id, Text title, QWidget *widget) = 0;
    virtual bool showTab(const QString &id) = 0;
    // The action belongs to the caller (parent it to the feature's controller or widget).
    virtual void addMenuAction(MenuId menu, QAction *action) = 0;
    // A new menu of the feature's own at the end of the menu bar (which owns it); untitled.
    virtual QMenu *addMenu() = 0;
    virtual void showStatus(const QString &message, int timeoutMs) = 0;

protected:
    ~FeatureHost() = default;
};

// One feature: the --tab names it registers (known before any window exists, for --help-window and
// the check of --tab) and how to install it into a window.
struct WindowFeature
{
    QStringList tabs;
    std::function<void(FeatureHost &)> install;
};
