#include "widgets/window/docktitlebar.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

DockTitleBar::DockTitleBar(QDockWidget *dock)
    : QWidget(dock)
    , m_dock(dock)
    , m_title(new QLabel(dock->windowTitle(), this))
{
    setObjectName(QStringLiteral("DockTitleBar"));
    m_title->setObjectName(QStringLiteral("dockTitle"));
    auto *floatButton = new QToolButton(this);
    auto *closeButton = new QToolButton(this);
    floatButton->setObjectName(QStringLiteral("dockFloat"));
    closeButton->setObjectName(QStringLiteral("dockClose"));
    floatButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarNormalButton, nullptr, dock));
    closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton, nullptr, dock));
    for (QToolButton *b : { floatButton, closeButton }) {
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);
    }
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_title, 1);
    layout->addWidget(floatButton);
    layout->addWidget(closeButton);
    connect(dock, &QDockWidget::windowTitleChanged, m_title, &QLabel::setText);
    connect(floatButton, &QToolButton::clicked, dock, [dock] { dock->setFloating(!dock->isFloating()); });
    connect(closeButton, &QToolButton::clicked, dock, &QDockWidget::close);
    // The buttons' tooltips are the dock's actions' names, in the window's language.
    const auto retitle = [floatButton, closeButton] {
        floatButton->setToolTip(tr("Float or dock the panel"));
        closeButton->setToolTip(tr("Close the panel (View menu brings it back)"));
    };
    retitle();
    connect(dock, &QDockWidget::windowTitleChanged, this, retitle);
}

// As QDockWidget's own title: a double click floats or docks the panel.
void DockTitleBar::mouseDoubleClickEvent(QMouseEvent *event)
{
    m_dock->setFloating(!m_dock->isFloating());
    QWidget::mouseDoubleClickEvent(event);
}
