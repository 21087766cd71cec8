#include "widgets/memory/memorypanel.h"

#include "widgets/common/fonts.h"
#include "widgets/memory/kvpanel.h"
#include "widgets/memory/memorychart.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QSplitter>

MemoryPanel::MemoryPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_chart(new MemoryChart(document, this))
    , m_summary(new KvPanel(document, this))
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_summary);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Wide enough for "1,751,184 tokens · estimated" beside its name, at any font size.
    fonts::followApplication(scroll,
        [scroll] { scroll->setMinimumWidth(std::max(340, QFontMetrics(fonts::relative()).averageCharWidth() * 46)); });
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_chart);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}
