#include "widgets/explore/sweepstyle.h"

#include "core/text/units.h"
#include "widgets/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>

using namespace shardscope;

namespace sweepstyle {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sweepstyle", text);
}

} // namespace

QString objectiveTitle(SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency:
        return tr("Requests per GPU");
    case SweepObjective::Tpot:
        return tr("TPOT (ms)");
    case SweepObjective::Throughput:
        return tr("Tokens/s per GPU");
    }
    return {};
}

QString objectiveUnit(SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency:
        return tr("requests per GPU");
    case SweepObjective::Tpot:
        return tr("ms TPOT");
    case SweepObjective::Throughput:
        return tr("tokens/s per GPU");
    }
    return {};
}

QString formatFigure(double figure, SweepObjective o)
{
    switch (o) {
    case SweepObjective::Concurrency:
        return QString::number(figure, 'f', figure < 10 ? 2 : 1);
    case SweepObjective::Tpot:
        return QString::number(figure * 1e3, 'f', figure < 0.1 ? 1 : 0);
    case SweepObjective::Throughput:
        return QString::number(figure, 'f', figure < 100 ? 1 : 0);
    }
    return {};
}

QString planToolTip(const SweepPlan &p)
{
    QString s
        = tr("<b>tp %1 · pp %2 · dp %3 · ep %4</b> — %5 GPUs").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.ep).arg(p.gpus);
    if (p.rank > 0)
        s += tr("<br>rank %1").arg(p.rank);
    if (p.valid) {
        s += tr("<br>%1 concurrent requests (%2 per replica), %3 per GPU")
                 .arg(p.clusterMaxConcurrency)
                 .arg(p.maxConcurrency)
                 .arg(QString::number(p.concurrencyPerGpu(), 'f', 2));
        s += tr("<br>KV cache: %1 tokens per replica; weights: %2 on the heaviest GPU")
                 .arg(QString::fromStdString(formatThousands(p.capacityTokens)),
                     QString::fromStdString(formatBytes(p.maxWeightsBytesPerGpu)));
        s += tr("<br>estimate at %1 × %2 sequences of %3 tokens: TPOT %4 ms, %5 tokens/s per GPU, TTFT %6 ms")
                 .arg(p.microbatches)
                 .arg(p.batch)
                 .arg(QString::fromStdString(formatThousands(p.context)))
                 .arg(QString::number(p.tpotSec * 1e3, 'f', 1), QString::number(p.tokensPerSecPerGpu, 'f', 0),
                     QString::number(p.ttftSec * 1e3, 'f', 0));
        s += tr("<br>communication per step: %1 ms, %2 per GPU (TP on %3)")
                 .arg(QString::number(p.commSecPerStep * 1e3, 'f', 2),
                     QString::fromStdString(formatBytes(p.commBytesPerGpuPerStep)),
                     QString::fromLatin1(linkKindName(p.tpLink)));
    }
    if (p.maxNumSeqsLowered)
        s += tr("<br>runs with --max-num-seqs %1: vLLM refuses the default for more sequences than Mamba cache "
                "blocks, and asks for this")
                 .arg(p.maxNumSeqs);
    if (p.pareto)
        s += tr("<br>on the Pareto front of TPOT and tokens/s per GPU");
    if (p.crossesNode)
        s += tr("<br>a TP group spans nodes");
    else if (p.outsideScaleupDomain)
        s += tr("<br>a TP group leaves the scale-up domain");
    for (const PlanIssue &i : p.reasons)
        s += QStringLiteral("<br><span style='color:#b00'>") + textformat::issue(i).toHtmlEscaped()
            + QStringLiteral("</span>");
    return s;
}

QColor sequential(double t)
{
    // Viridis sampled at 0, 1/8, ..., 1 (matplotlib's _viridis_data), linearly interpolated.
    static const std::array<QColor, 9> stops
        = { QColor(68, 1, 84), QColor(71, 44, 122), QColor(59, 81, 139), QColor(44, 113, 142), QColor(33, 144, 141),
              QColor(39, 173, 129), QColor(92, 200, 99), QColor(170, 220, 50), QColor(253, 231, 37) };
    if (!(t >= 0)) // NaN too
        t = 0;
    t = std::min(1.0, t) * 8;
    const int i = std::min(7, static_cast<int>(std::floor(t)));
    const double f = t - i;
    const QColor &a = stops[static_cast<size_t>(i)];
    const QColor &b = stops[static_cast<size_t>(i) + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
        static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
        static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

QColor excluded()
{
    return QColor(0xc8, 0xc8, 0xd8);
}

QColor doesNotFit()
{
    return QColor(0xe4, 0xe4, 0xe4);
}

QColor impossible()
{
    return QColor(0xf6, 0xf6, 0xf6);
}

QColor paretoFront()
{
    return QColor(0xe6, 0x9f, 0x00); // Okabe & Ito orange
}

QColor disaggregatedFront()
{
    return QColor(0xcc, 0x79, 0xa7); // Okabe & Ito reddish purple: apart from the orange front and the blue
}

QColor feasible()
{
    return QColor(0x00, 0x72, 0xb2); // Okabe & Ito blue
}

} // namespace sweepstyle
