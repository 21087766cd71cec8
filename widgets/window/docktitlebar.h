#pragma once
#include <QWidget>

class QDockWidget;
class QLabel;

// The Plan dock's title bar: its title, a float and a close button, in the inherited font.
// QDockWidget paints its own title in QApplication::font("QDockWidgetTitle") as it was when the dock
// was made (QDockWidgetPrivate::init), so presentation mode turned on later left "Plan" small; this
// bar follows the application font like every other label.
class DockTitleBar : public QWidget
{
    Q_OBJECT
public:
    explicit DockTitleBar(QDockWidget *dock);

    QLabel *titleLabel() const { return m_title; }

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    QDockWidget *m_dock;
    QLabel *m_title;
};
