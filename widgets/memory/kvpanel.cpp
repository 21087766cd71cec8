#include "widgets/memory/kvpanel.h"

#include "core/evaluate/kvcache.h"
#include "core/explain/explain.h"
#include "widgets/common/palette.h"
#include "widgets/common/retranslate.h"
#include "widgets/common/textformat.h"
#include "widgets/document/plandocument.h"
#include "widgets/serving/workloadtext.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace shardscope;
using textformat::count;
using textformat::explanationHtml;
using textformat::gib;

KvPanel::KvPanel(const PlanDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_verdict(new QLabel(this))
    , m_grid(new QGridLayout)
{
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setMargin(6);
    m_verdict->setAutoFillBackground(true);
    m_grid->setColumnStretch(1, 1);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addLayout(m_grid);
    layout->addStretch(1);
    connect(document, &PlanDocument::planChanged, this, &KvPanel::refresh);
    connect(document, &PlanDocument::workloadChanged, this, &KvPanel::refresh);
    retranslateWith(this, [this] { // the first plan, and each language: every text comes from refresh()
        if (m_document->hasPlan())
            refresh();
    });
}

void KvPanel::setRow(int row, const QString &key, const QString &name, const QString &value, const QString &tip)
{
    QLabel *valueLabel = m_values.value(key);
    if (!valueLabel) {
        auto *nameLabel = new QLabel(name, this);
        nameLabel->setWordWrap(true);
        valueLabel = new QLabel(this);
        valueLabel->setWordWrap(true);
        valueLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        valueLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont bold = valueLabel->font();
        bold.setBold(true);
        valueLabel->setFont(bold);
        m_grid->addWidget(nameLabel, row, 0);
        m_grid->addWidget(valueLabel, row, 1);
        m_values.insert(key, valueLabel);
    }
    valueLabel->setText(value);
    valueLabel->setToolTip(tip);
    if (auto *item = m_grid->itemAtPosition(row, 0)) {
        // The name follows the language too (it was once set only when the row was made).
        if (auto *nameLabel = qobject_cast<QLabel *>(item->widget()))
            nameLabel->setText(name);
        item->widget()->setToolTip(tip);
    }
    const bool visible = !value.isEmpty();
    valueLabel->setVisible(visible);
    if (auto *item = m_grid->itemAtPosition(row, 0))
        item->widget()->setVisible(visible);
}

QString KvPanel::valueText(const QString &key) const
{
    if (key == QLatin1String("fits"))
        return m_verdict->text();
    const QLabel *l = m_values.value(key);
    return l ? l->text() : QString();
}

QString KvPanel::valueToolTip(const QString &key) const
{
    const QLabel *l = m_values.value(key);
    return l ? l->toolTip() : QString();
}

void KvPanel::refresh()
{
    const PlanState &s = *m_document->state();
    const Evaluation &e = s.evaluation;
    const Plan &p = e.plan;
    const auto x = [&](Quantity q, int rank = -1) { return explanationHtml(explain(q, s, rank)); };

    QPalette pal = m_verdict->palette();
    if (e.fits) {
        m_verdict->setText(
            tr("<b>✔ Fits</b> — %1 concurrent requests of %2 tokens per replica, %3 on the cluster")
                .arg(count(e.kv.maxConcurrency), count(p.maxModelLen), count(e.kv.clusterMaxConcurrency)));
        pal.setColor(QPalette::Window, palette::ok().lighter(185));
    } else {
        const PlanIssue *error = e.firstError();
        m_verdict->setText(tr("<b>✘ Does not fit</b> — %1")
                               .arg(error ? textformat::issue(*error).toHtmlEscaped() : tr("invalid plan")));
        pal.setColor(QPalette::Window, palette::error().lighter(175));
    }
    m_verdict->setPalette(pal);
    if (!e.valid) {
        for (QLabel *l : std::as_const(m_values))
            l->clear();
        return;
    }
    int heaviest = 0;
    for (const RankPlacement &r : e.ranks)
        if (r.memory.weights.total() > e.ranks[static_cast<size_t>(heaviest)].memory.weights.total())
            heaviest = r.rank;

    QStringList split;
    for (int n : e.stageLayers)
        split << QString::number(n);
    // Numbers that rest on the overhead terms say whether those are estimated or calibrated to a real log.
    const bool vllm = p.accounting == Accounting::Vllm;
    const bool calibrated = vllm && p.calibration.active();
    // Never split across lines, nor from the value it qualifies (in Chinese "估算" would break).
    const QString basis = textformat::unbreakable(!vllm ? QString()
            : calibrated                                ? tr(" · calibrated")
                                                        : tr(" · estimated"));
    const QString basisTip = !vllm ? QString()
        : calibrated
        ? tr("<br><i>Calibrated: the overheads come from profile \"%1\", fitted to %2.</i>")
              .arg(textformat::qs(p.calibration.name).toHtmlEscaped(),
                  p.calibration.source.empty() ? tr("a log") : textformat::qs(p.calibration.source).toHtmlEscaped())
        : tr("<br><i>Estimated: activation, non-torch memory and CUDA graphs are modelled, not measured "
             "(calibrate to a real log in the vLLM log tab).</i>");
    int row = 0;
    setRow(row++, QStringLiteral("capacity_tokens"), tr("KV capacity, one replica"),
        tr("%1 tokens").arg(count(e.kv.capacityTokens)) + basis, x(Quantity::CapacityTokens) + basisTip);
    setRow(row++, QStringLiteral("cluster_tokens"), tr("KV capacity, cluster"),
        tr("%1 tokens").arg(count(e.kv.capacityTokens * p.dp)) + basis,
        tr("<b>KV capacity, whole cluster</b><br><i>dp × one replica's tokens (each DP replica has its own KV "
           "pool)</i><br>= %1 × %2 = %3 tokens")
                .arg(p.dp)
                .arg(count(e.kv.capacityTokens), count(e.kv.capacityTokens * p.dp))
            + basisTip);
    setRow(row++, QStringLiteral("concurrency"), tr("Requests at max length, one replica"),
        tr("%1 (%2×)").arg(count(e.kv.maxConcurrency)).arg(e.kv.maxConcurrencyExact, 0, 'f', 2) + basis,
        x(Quantity::MaxConcurrency) + basisTip);
    setRow(row++, QStringLiteral("cluster_concurrency"), tr("Requests at max length, cluster"),
        tr("%1 requests").arg(count(e.kv.clusterMaxConcurrency)) + basis, x(Quantity::ClusterConcurrency) + basisTip);
    // The workload's KV next to the capacity: what its running requests hold in the steady state, and
    // the simulated peak (the serving model, estimated).
    const PlanDocument::WorkloadBatch &batch = m_document->workloadBatch();
    const std::shared_ptr<const ServingResult> r = m_document->serving();
    QString heldText, heldTip, peakText, peakTip;
    if (batch.fromWorkload && r && r->steadyDecodeBatch.decodeTokens > 0 && e.kv.capacityTokens > 0) {
        const double running = r->steadyDecodeBatch.decodeTokens;
        const double context = r->steadyDecodeBatch.decodeContext / running;
        const double held = running * context;
        const double cap = static_cast<double>(e.kv.capacityTokens);
        heldText = tr("%1 tokens, %2% of capacity · estimated")
                       .arg(count(std::llround(held)))
                       .arg(100 * held / cap, 0, 'f', 1);
        heldTip = tr("<b>KV the workload holds, one replica</b> (%1)<br><i>running requests × mean context "
                     "(steady state of the serving simulation)</i><br>= %2 × %3 = %4 tokens of %5 (%6%)")
                      .arg(workloadtext::workload(m_document->workload()))
                      .arg(running, 0, 'f', 1)
                      .arg(context, 0, 'f', 0)
                      .arg(count(std::llround(held)), count(e.kv.capacityTokens))
                      .arg(100 * held / cap, 0, 'f', 1)
            + tr("<br><i>Estimated: a simulation of vLLM V1's scheduler, not a measurement.</i>");
        peakText = tr("%1% of the KV pool · estimated").arg(100 * r->kvPeakFraction, 0, 'f', 1);
        peakTip = tr("<b>Peak KV-pool occupancy</b> (%1)<br><i>max over the simulated run of used blocks / %2 "
                     "blocks</i><br>= %3%; preemptions: %4")
                      .arg(workloadtext::workload(m_document->workload()), count(r->kvBlocks))
                      .arg(100 * r->kvPeakFraction, 0, 'f', 1)
                      .arg(count(r->preemptions * r->replicas))
            + tr("<br><i>Estimated: a simulation of vLLM V1's scheduler, not a measurement.</i>");
    }
    setRow(row++, QStringLiteral("workload_kv"), tr("KV at the workload, one replica"), heldText, heldTip);
    setRow(row++, QStringLiteral("workload_kv_peak"), tr("KV peak at the workload"), peakText, peakTip);
    setRow(row++, QStringLiteral("kv_per_token"), tr("KV per token per GPU"),
        tr("%1 B (%2)")
            .arg(count(static_cast<std::int64_t>(e.kv.bytesPerTokenPerGpu)),
                textformat::bytes(e.kv.bytesPerTokenPerGpu)),
        x(Quantity::KvBytesPerToken));
    // Hybrid models: the state-space / linear-attention layers keep a fixed state per request, apart
    // from the token-proportional KV above (plan JSON kv.state_bytes_per_request_per_gpu).
    const double state = e.kv.stateBytesPerRequestPerGpu;
    QString stateText, stateTip, stateRequests, stateRequestsTip;
    if (state > 0 && s.model.isDeepSeekV4()) {
        // DeepSeek-V4's packed pool (core/evaluate/deepseekv4kv.cpp): the sliding-window and compressor-state
        // groups' blocks one request reserves, each block the pool's stride.
        const double stride = e.kv.bytesPerTokenPerGpu * std::max(1, e.kv.blockSize);
        const double blocks = stride > 0 ? std::round(state / stride) : 0;
        stateText = tr("%1 B (%2) · %3 blocks")
                        .arg(count(static_cast<std::int64_t>(state)), textformat::bytes(state))
                        .arg(count(static_cast<std::int64_t>(blocks)));
        stateTip = tr("<b>Per-request reserve per GPU</b><br><i>blocks of the sliding-window and compressor-state "
                      "groups one request reserves × block stride</i><br>= %1 × %2 B = %3 B<br>vLLM reserves each "
                      "window plus the tokens in flight (2 × max-num-batched-tokens from 0.26), whatever the "
                      "request's length; its concurrency line counts it.")
                       .arg(count(static_cast<std::int64_t>(blocks)), count(static_cast<std::int64_t>(stride)),
                           count(static_cast<std::int64_t>(state)));
    } else if (state > 0 && e.kv.bindingRank >= 0 && e.kv.bindingRank < static_cast<int>(e.ranks.size())) {
        const RankPlacement &b = e.ranks[static_cast<size_t>(e.kv.bindingRank)];
        int stateLayers = 0;
        double page = 0;
        const MambaCacheSettings mamba = mambaCacheSettingsFor(p, s.model);
        for (int l = b.firstLayer; l <= b.lastLayer && l < static_cast<int>(s.model.layerInfo.size()); ++l)
            if (const double bytes
                = stateBytesPerLayer(s.model, s.model.layerInfo[static_cast<size_t>(l)].mixer, p.tp, mamba);
                bytes > 0) {
                ++stateLayers;
                page = std::max(page, bytes);
            }
        stateText = tr("%1 B (%2) · %3 layers")
                        .arg(count(static_cast<std::int64_t>(state)), textformat::bytes(state))
                        .arg(stateLayers);
        stateTip = tr("<b>Per-request state per GPU</b><br><i>state layers on GPU %1 × one layer's state (conv + "
                      "SSM / recurrent state, vLLM MambaSpec) × state blocks per request</i><br>= %2 × %3 B × %5 = "
                      "%4 B<br>It does not grow with the tokens: every running request holds it, whatever its "
                      "length. Blocks per request: 1, one more with prefix caching (vLLM's \"align\" mode), and "
                      "one more per speculative token; speculative tokens also widen the conv state.")
                       .arg(e.kv.bindingRank)
                       .arg(stateLayers)
                       .arg(count(static_cast<std::int64_t>(page)), count(static_cast<std::int64_t>(state)))
                       .arg(mamba.blocksPerRequest());
        const double budget = std::max(0.0, e.kvBudgetBytesPerGpu);
        stateRequests = count(static_cast<std::int64_t>(std::floor(budget / state))) + basis;
        stateRequestsTip = tr("<b>Requests the state alone allows</b><br><i>floor(KV budget / per-request "
                              "state)</i><br>= floor(%1 B / %2 B) = %3<br>An upper bound: the tokens' KV comes on "
                              "top, and vLLM pads each state page to the attention block; \"Requests at max "
                              "length\" counts both.")
                               .arg(count(static_cast<std::int64_t>(budget)), count(static_cast<std::int64_t>(state)),
                                   count(static_cast<std::int64_t>(std::floor(budget / state))))
            + basisTip;
    }
    setRow(row++, QStringLiteral("state_per_request"), tr("Per-request state per GPU"), stateText, stateTip);
    setRow(row++, QStringLiteral("state_requests"), tr("Requests the state alone allows"), stateRequests,
        stateRequestsTip);
    setRow(row++, QStringLiteral("kv_budget"), tr("KV budget per GPU"),
        tr("%1 (GPU %2)").arg(gib(e.kvBudgetBytesPerGpu, 2)).arg(e.kv.bindingRank) + basis,
        x(Quantity::KvBudget) + basisTip);
    setRow(row++, QStringLiteral("weights"), tr("Weights per GPU (largest)"),
        tr("%1 (GPU %2)").arg(gib(e.maxWeightsBytesPerGpu, 2)).arg(heaviest), x(Quantity::WeightsPerGpu, heaviest));
    setRow(row++, QStringLiteral("experts"), tr("Experts per GPU"),
        !s.model.isMoe() ? QString()
            : e.moeTp > 1
            ? tr("%1 per MoE layer, 1/%2 of each")
                  .arg(static_cast<double>(s.model.experts + p.redundantExperts) / p.ep, 0, 'g', 4)
                  .arg(e.moeTp)
            : tr("%1 per MoE layer").arg(static_cast<double>(s.model.experts + p.redundantExperts) / p.ep, 0, 'g', 4),
        x(Quantity::ExpertsPerGpu));
    setRow(row++, QStringLiteral("layers"), tr("Layers per stage"), split.join(QStringLiteral(", ")),
        x(Quantity::LayersPerStage));
    setRow(row++, QStringLiteral("max_model_len"), tr("Max model length"), tr("%1 tokens").arg(count(p.maxModelLen)),
        tr("<b>max_model_len</b><br>%1")
            .arg(s.plan.maxModelLen == 0 ? tr("the model's max_position_embeddings (no --max-model-len set)")
                                         : tr("--max-model-len")));
    setRow(row++, QStringLiteral("gpus"), tr("GPUs"),
        tr("%1 · nodes of %3: %2").arg(e.worldSize).arg(e.nodes).arg(e.gpusPerNode),
        tr("<b>World size</b><br><i>tp × pp × dp</i><br>= %1 × %2 × %3 = %4 GPUs; nodes = ceil(%4 / %5) = %6")
            .arg(p.tp)
            .arg(p.pp)
            .arg(p.dp)
            .arg(e.worldSize)
            .arg(e.gpusPerNode)
            .arg(e.nodes));
    setRow(row++, QStringLiteral("params"), tr("Parameters"),
        tr("%1 billion total, %2 billion active")
            .arg(e.params.total / 1e9, 0, 'f', 1)
            .arg(e.params.active / 1e9, 0, 'f', 1),
        x(Quantity::ParamsTotal));
}
