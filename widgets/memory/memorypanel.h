#pragma once
#include <QWidget>

class PlanDocument;
class MemoryChart;
class KvPanel;

// Memory and KV: the stacked bars next to the headline numbers.
class MemoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryPanel(const PlanDocument *document, QWidget *parent = nullptr);
    MemoryChart *chart() const { return m_chart; }
    KvPanel *summary() const { return m_summary; }

private:
    MemoryChart *m_chart;
    KvPanel *m_summary;
};
