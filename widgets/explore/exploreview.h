#pragma once
#include "core/serving/serving.h"
#include "core/sweep/slasearch.h"
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
class QStackedWidget;
class SlaFrontChart;
class SweepHeatmap;
class SweepScatter;

// The Explore tab: every plan for a GPU count at once (shardscope sweep): a scatter of estimated
// TPOT against tokens/s per GPU with the Pareto front, and feasibility maps over TP x PP and, for
// MoE, DP x EP. The document's plan is the template (every setting but the four
// sizes) and is outlined; clicking a plan emits planChosen with the template's settings and that
// plan's sizes. Sweeps run off the GUI thread and only while the view is visible.
// With an SLA set (TTFT / TPOT / E2E targets at a percentile), the scatter gives way to the SLA
// search's fronts (core/sweep/slasearch.h) at the document's workload: each plan simulated by the
// serving model, the ones that meet the SLA ranked by the chosen objective; clicking a point applies
// that plan (sizes and batch settings) as one undo step.
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
    SlaFrontChart *slaFront() const { return m_front; }

    // The SLA search (shown while sla.any()): targets, percentile and objective as in the SLA fields.
    void setSla(const shardscope::Sla &sla, shardscope::SlaObjective objective);
    shardscope::Sla sla() const;
    std::shared_ptr<const shardscope::SlaSearchResult> slaResult() const { return m_slaResult; }
    bool isSlaBusy() const { return m_slaWatcher.isRunning(); }
    QString statusText() const;
    SweepHeatmap *tpPpMap() const { return m_tpPp; }
    SweepHeatmap *dpEpMap() const { return m_dpEp; }

signals:
    void planChosen(const shardscope::Plan &plan);
    // A sweep finished and is shown (also after setResult).
    void resultChanged();
    // An SLA search finished and its fronts are shown (or it failed: the status says why).
    void slaResultChanged();

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
    void buildSlaControls();
    void retranslateSla();
    void slaEdited();
    void runSlaIfNeeded();
    void slaFinished();
    void displaySla();
    void chooseSla(int set, int index);

    // Everything an SLA search depends on.
    struct SlaInputs
    {
        shardscope::Plan base;
        shardscope::ModelSpec model;
        shardscope::GpuSpec gpu;
        int gpus = 0;
        bool upTo = false;
        shardscope::EpSizes epSizes = shardscope::EpSizes::Vllm;
        shardscope::Workload workload;
        double ttftSec = 0, tpotSec = 0, e2eSec = 0;
        shardscope::SlaPercentile percentile = shardscope::SlaPercentile::P90;
        shardscope::SlaObjective objective = shardscope::SlaObjective::Goodput;
        bool disaggregated = false; // P/D splits searched too
        bool operator==(const SlaInputs &) const = default;
    };
    struct SlaOutcome
    {
        shardscope::SlaSearchResult result;
        std::string error; // the search refused its inputs (one line)
    };
    SlaInputs slaInputs() const;

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
    SlaFrontChart *m_front = nullptr;
    QStackedWidget *m_charts = nullptr; // the scatter, or the SLA fronts while an SLA is set
    QLabel *m_slaLabel = nullptr, *m_ttftLabel = nullptr, *m_tpotLabel = nullptr, *m_e2eLabel = nullptr,
           *m_slaRankLabel = nullptr;
    QSpinBox *m_ttft = nullptr, *m_tpot = nullptr, *m_e2e = nullptr;
    QComboBox *m_percentile = nullptr, *m_slaObjective = nullptr;
    QCheckBox *m_slaDisagg = nullptr;
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

    std::unique_ptr<SlaInputs> m_slaShown; // what m_slaResult was computed from
    std::unique_ptr<SlaInputs> m_slaRunning;
    std::shared_ptr<const shardscope::SlaSearchResult> m_slaResult;
    QString m_slaError;
    QString m_sweepStatus; // the sweep's status line, shown again when the SLA is cleared
    QFutureWatcher<SlaOutcome> m_slaWatcher;
};
