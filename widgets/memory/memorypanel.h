#pragma once
#include <QWidget>

class PlanDocument;
class MemoryChart;
class KvPanel;
class QSplitter;

// Memory and KV: the stacked bars next to the headline numbers, or above them when the panel is too
// narrow for both side by side (Chinese labels at 1024 px left the chart about 120 px).
class MemoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryPanel(const PlanDocument *document, QWidget *parent = nullptr);
    MemoryChart *chart() const { return m_chart; }
    KvPanel *summary() const { return m_summary; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    MemoryChart *m_chart;
    KvPanel *m_summary;
    QSplitter *m_splitter;
};
