#include "widgets/grid/gridpanel.h"

#include "widgets/common/retranslate.h"
#include "widgets/common/tabtitles.h"
#include "widgets/grid/placementgrid.h"

#include <QComboBox>

#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QToolButton>
#include <algorithm>

GridPanel::GridPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_tabs(new QTabWidget(this))
    , m_coloring(new QComboBox(this))
{
    m_grids[int(GridKind::Layers)] = new PlacementGrid(document, buildLayersGrid, this);
    m_grids[int(GridKind::Heads)] = new PlacementGrid(document, buildHeadsGrid, this);
    m_grids[int(GridKind::Experts)] = new PlacementGrid(document, buildExpertsGrid, this);
    m_grids[int(GridKind::Cluster)] = new PlacementGrid(
        document, [](const auto &s) { return buildClusterGrid(s, ClusterColoring::Automatic); }, this);
    for (PlacementGrid *grid : m_grids)
        m_tabs->addTab(grid, QString());
    m_tabs->setDocumentMode(true);
    // Every tab in sight and its title whole on a small screen: short titles rather than "Layers ×…".
    auto *titles = new TabTitles(m_tabs);

    auto *corner = new QWidget(this);
    auto *row = new QHBoxLayout(corner);
    row->setContentsMargins(0, 0, 4, 0);
    row->setSpacing(2);
    m_coloring->addItem(QString()); // in ClusterColoring's order
    m_coloring->addItem(QString());
    m_coloring->addItem(QString());
    m_coloring->setCurrentIndex(int(ClusterColoring::Automatic));
    row->addWidget(m_coloring);
    const auto addButton = [&](auto slot) {
        auto *b = new QToolButton(corner);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, slot);
        row->addWidget(b);
        return b;
    };
    QToolButton *zoomOut = addButton([this] { currentGrid()->zoomBy(1 / 1.5); });
    QToolButton *zoomIn = addButton([this] { currentGrid()->zoomBy(1.5); });
    QToolButton *fit = addButton([this] { currentGrid()->resetZoom(); });
    m_tabs->setCornerWidget(corner);
    retranslateWith(this, [=, this] {
        titles->set(0, tr("Layers × GPUs"), tr("Layers"),
            tr("Which layers each GPU holds: pipeline stages, TP groups, node boundaries"));
        titles->set(1, tr("Heads"), QString(), tr("Query and KV heads per TP rank; replicated KV heads are hatched"));
        titles->set(2, tr("Experts"), QString(),
            tr("MoE layers × experts, coloured by the EP rank (GPU) that owns each expert"));
        titles->set(3, tr("Cluster"), QString(), tr("Nodes × GPUs, coloured by pipeline stage or DP replica"));
        m_coloring->setItemText(0, tr("Colour by stage"));
        m_coloring->setItemText(1, tr("Colour by DP replica"));
        m_coloring->setItemText(2, tr("Colour automatically"));
        m_coloring->setItemData(2, tr("By stage, or by DP replica when the plan has one stage"), Qt::ToolTipRole);
        m_coloring->setToolTip(tr("What the cluster tab's colours mean"));
        zoomOut->setText(tr("−"));
        zoomOut->setToolTip(tr("Zoom out (-)"));
        zoomIn->setText(tr("+"));
        zoomIn->setToolTip(tr("Zoom in (+, Ctrl+wheel, double-click)"));
        fit->setText(tr("Fit"));
        fit->setToolTip(tr("Show the whole grid (0)"));
    });

    connect(m_coloring, &QComboBox::currentIndexChanged, this,
        [this](int i) { setClusterColoring(static_cast<ClusterColoring>(std::clamp(i, 0, 2))); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this, titles] {
        m_coloring->setVisible(currentKind() == GridKind::Cluster);
        titles->refit(); // the corner widget's width changed
    });
    m_coloring->setVisible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
}

PlacementGrid *GridPanel::grid(GridKind kind) const
{
    return m_grids[int(kind)];
}

PlacementGrid *GridPanel::currentGrid() const
{
    return m_grids[std::max(0, m_tabs->currentIndex())];
}

GridKind GridPanel::currentKind() const
{
    return static_cast<GridKind>(std::max(0, m_tabs->currentIndex()));
}

void GridPanel::setCurrent(GridKind kind)
{
    m_tabs->setCurrentIndex(int(kind));
}

void GridPanel::setClusterColoring(ClusterColoring coloring)
{
    if (m_coloring->currentIndex() != int(coloring))
        m_coloring->setCurrentIndex(int(coloring)); // re-enters through the signal
    else
        m_grids[int(GridKind::Cluster)]->setBuilder(
            [coloring](const auto &s) { return buildClusterGrid(s, coloring); });
}
