#pragma once
#include "widgets/grid/gridbuilders.h"

#include <QWidget>

class PlanDocument;
class PlacementGrid;
class QComboBox;
class QTabWidget;

// The placement tabs (Layers × GPUs, Heads, Experts, Cluster) with zoom buttons and, for the
// cluster tab, what the colours mean (pipeline stage or DP replica).
class GridPanel : public QWidget
{
    Q_OBJECT
public:
    explicit GridPanel(const PlanDocument *document, QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    PlacementGrid *grid(GridKind kind) const;
    PlacementGrid *currentGrid() const;
    GridKind currentKind() const;
    void setCurrent(GridKind kind);
    void setClusterColoring(ClusterColoring coloring);

private:
    const PlanDocument *m_document;
    QTabWidget *m_tabs;
    QComboBox *m_coloring;
    PlacementGrid *m_grids[4] = {};
};
