#pragma once
#include "core/serving/serving.h"
#include "core/sweep/sweep.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>

class PlanDocument;
class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class SweepHeatmap;
class SweepScatter;

// The Explore tab: every plan for a GPU count at once (shardscope sweep): a scatter of estimated
// TPOT against tokens/s per GPU with the Pareto front, and feasibility maps over TP x PP and, for
// MoE, DP x EP. The document's plan is the template (every setting but the four
// sizes) and is outlined; clicking a plan emits planChosen with the template's settings and that
// plan's sizes. Sweeps run off the GUI thread and only while the view is visible.
class ExploreView : public QWidget
{
    Q_OBJECT
public:
    explicit ExploreView(const PlanDocument *document, QWidget *parent = nullptr);
    ~ExploreView() override;

    // Shows a finished sweep as it is (tests, or a result computed elsewhere).
    void setResult(shardscope::SweepResult result);

    std::shared_ptr<const shardscope::SweepResult> result() const { return m_result; }
    shardscope::SweepOptions options() const;
    void setOptions(const shardscope::SweepOptions &options);
    bool isBusy() const { return m_watcher.isRunning(); }

    SweepScatter *scatter() const { return m_scatter; }
    SweepHeatmap *tpPpMap() const { return m_tpPp; }
    SweepHeatmap *dpEpMap() const { return m_dpEp; }

signals:
    void planChosen(const shardscope::Plan &plan);
    // A sweep finished and is shown (also after setResult).
    void resultChanged();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Takes the document's plan, with its model and GPU. Sweeps again only when something other
    // than tp, pp, dp, ep changed; the GPU count starts at the plan's world size.
    void follow();
    void retranslate();
    void optionsEdited();
    void runIfNeeded();
    void sweepFinished();
    void display(std::shared_ptr<const shardscope::SweepResult> result);
    void choose(int planIndex);
    void updateCurrent();

    struct Context
    {
        shardscope::Plan templ; // sizes reset to 1: only the settings the sweep depends on
        shardscope::ModelSpec model;
        shardscope::GpuSpec gpu;
        shardscope::SweepOptions options;
        // The document's workload: the figures are its serving estimates (serveSweep); none for a
        // result given from outside (setResult).
        std::optional<shardscope::Workload> workload;
        bool operator==(const Context &) const = default;
    };

    const PlanDocument *m_document;
    QSpinBox *m_gpus = nullptr;
    QCheckBox *m_upTo = nullptr;
    QComboBox *m_epSizes = nullptr;
    QComboBox *m_objective = nullptr;
    QSpinBox *m_minConcurrency = nullptr;
    QSpinBox *m_maxTpot = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_gpusLabel = nullptr, *m_rankLabel = nullptr, *m_minLabel = nullptr, *m_maxLabel = nullptr;
    SweepScatter *m_scatter = nullptr;
    SweepHeatmap *m_tpPp = nullptr;
    SweepHeatmap *m_dpEp = nullptr;

    bool m_haveContext = false;
    bool m_gpusFromPlan = true; // until the user sets the GPU count
    shardscope::Plan m_plan; // the window's plan (for the outline)
    Context m_wanted; // what the view should show
    std::unique_ptr<Context> m_shown; // what the current result was computed from
    std::shared_ptr<const shardscope::SweepResult> m_result;
    QFutureWatcher<shardscope::SweepResult> m_watcher;
    std::unique_ptr<Context> m_running;
};
