#include "widgets/memory/memorypanel.h"

#include "widgets/common/fonts.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorychart.h"

#include <QHBoxLayout>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>

#include <algorithm>

MemoryPanel::MemoryPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_chart(new MemoryChart(document, this))
    , m_summary(new KvPanel(document, this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_summary);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Wide enough for "1,751,184 tokens · estimated" beside its name, at any font size.
    fonts::followApplication(scroll,
        [scroll] { scroll->setMinimumWidth(std::max(340, QFontMetrics(fonts::relative()).averageCharWidth() * 46)); });
    m_splitter->addWidget(m_chart);
    m_splitter->addWidget(scroll);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
}

void MemoryPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Side by side while the chart keeps at least as much width as the numbers need; else stacked.
    const int summaryWidth = std::max(m_splitter->widget(1)->minimumWidth(), m_summary->sizeHint().width());
    const Qt::Orientation want = width() >= 2 * summaryWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_splitter->orientation() != want)
        m_splitter->setOrientation(want);
}
