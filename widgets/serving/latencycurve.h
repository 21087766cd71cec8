#pragma once
#include "core/serving/serving.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <vector>

class FeatureHost;
class PlanDocument;
struct PlanState;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

// One point of the latency–throughput curve: the serving estimate at `concurrency` clients.
struct CurvePoint
{
    std::int64_t concurrency = 0;
    shardscope::LatencyStats ttft, tpot;
    double outputTokensPerSecPerGpu = 0;
};

// The concurrencies of the curve: 1, 2, 4, … doubling up to the largest that fits, and that one.
// The largest that fits: dp x min(max-num-seqs, KV-pool tokens / (input + output)) of `r`.
std::vector<std::int64_t> curveConcurrencies(const shardscope::ServingResult &r, int maxPoints = 16);
// The curve for the plan at `workload`, its concurrency replaced by each of `concurrencies` (closed loop,
// no request rate; at least 2 prompts per client). Pure; runs in a worker.
std::vector<CurvePoint> computeCurve(const shardscope::EvaluatedPlan &plan, const shardscope::Workload &workload,
    const std::vector<std::int64_t> &concurrencies);

// The latency–throughput view: TPOT and TTFT (p50, p99, ms, log scale) and output tokens/s per GPU against
// concurrency 1 … the largest that fits, at the document's workload, the current concurrency marked.
// Computed in a worker (QtConcurrent) while a "computing…" line shows; the GUI thread never waits.
// A result for an older plan or workload is dropped.
class LatencyCurveView : public QWidget
{
    Q_OBJECT
public:
    explicit LatencyCurveView(const PlanDocument *document, QWidget *parent = nullptr);
    ~LatencyCurveView() override;

    bool isComputing() const;
    const std::vector<CurvePoint> &points() const { return m_points; }
    QChart *chart() const;
    QString statusText() const;

signals:
    void curveReady();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QString noCurveReason() const;
    void fitStatusHeight();
    void onInputsChanged();
    void start();
    void onFinished();
    void draw();
    void retranslate();

    const PlanDocument *m_document;
    QChartView *m_view;
    QLabel *m_status;
    QLineSeries *m_tpot50, *m_tpot99, *m_ttft50, *m_ttft99, *m_throughput;
    QScatterSeries *m_currentLatency, *m_currentThroughput;
    QLogValueAxis *m_x;
    QLogValueAxis *m_latency;
    QValueAxis *m_tokens;
    QFutureWatcher<std::vector<CurvePoint>> m_watcher;
    std::vector<CurvePoint> m_points;
    std::int64_t m_maxFit = 0;
    int m_pending = 0;
    bool m_dirty = true;
    bool m_restart = false;
    bool m_noCurve = false; // the last inputs give no curve: noCurveReason() says why
};

namespace servingview {
QStringList tabs(); // the --tab name it registers: curve
LatencyCurveView *install(FeatureHost &host);
} // namespace servingview
