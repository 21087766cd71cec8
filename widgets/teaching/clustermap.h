#pragma once
#include "core/evaluate/evaluation.h"

#include <QWidget>

#include <vector>

// Who talks to whom in one timeline event: the GPUs as boxes by node (coloured by stage), the
// event's GPUs outlined, and its groups joined by lines in the colour of the link they use
// (a TP ring, an EP all-to-all, a PP sender–receiver pair). Above kMaxGpuBoxes GPUs each node is
// one box (outlined when any of its GPUs takes part). Read-only.
class ClusterMap : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxGpuBoxes = 512;

    explicit ClusterMap(QWidget *parent = nullptr);

    void setPlan(const shardscope::Evaluation &e);
    void setHighlight(std::vector<int> gpus, std::vector<std::vector<int>> groups, shardscope::LinkKind link);
    void setPresentation(bool on);

    const std::vector<int> &highlighted() const { return m_gpus; }
    QRectF gpuRect(int gpu) const; // widget coordinates (its node's box when compact); empty when out of range
    bool compact() const { return m_world > kMaxGpuBoxes; }
    static QColor linkColor(shardscope::LinkKind link);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return { 60, 60 }; } // narrow: the boxes shrink
    // Every node's box at this width: the timeline puts the map in a scroll area, so a 16-node
    // cluster scrolls instead of stopping at the ninth node.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int columns() const;
    double cellSize() const;
    double cellSizeFor(int width) const;

    int m_world = 0;
    int m_perNode = 8;
    std::vector<int> m_stage;
    std::vector<int> m_gpus;
    std::vector<std::vector<int>> m_groups;
    shardscope::LinkKind m_link = shardscope::LinkKind::None;
    bool m_presentation = false;
};
