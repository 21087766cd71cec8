#include "widgets/teaching/teachingtext.h"

#include "core/text/textformat.h"
#include "core/text/units.h"
#include "widgets/common/textformat.h"

#include <QRegularExpression>

#include <cmath>

using namespace shardscope;

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString layers(const TimelineEvent &ev)
{
    if (ev.firstLayer < 0)
        return {};
    return ev.firstLayer == ev.lastLayer ? Teaching::tr("layer %1").arg(ev.firstLayer)
                                         : Teaching::tr("layers %1–%2").arg(ev.firstLayer).arg(ev.lastLayer);
}

} // namespace

namespace teaching {

using textformat::bytes;
using textformat::duration;
using textformat::linkName;

QString eventTitle(const TimelineEvent &ev)
{
    const QString l = layers(ev);
    const auto with = [&](const QString &what) { return l.isEmpty() ? what : Teaching::tr("%1, %2").arg(what, l); };
    switch (ev.kind) {
    case EventKind::Compute:
        return with(Teaching::tr("Compute"));
    case EventKind::TpAllReduce:
        return with(Teaching::tr("TP AllReduce ×%1").arg(ev.count));
    case EventKind::EmbeddingAllReduce:
        return Teaching::tr("Embedding AllReduce");
    case EventKind::LmHeadGather:
        return Teaching::tr("LM-head logits AllGather");
    case EventKind::EpDispatch:
        return with(Teaching::tr("EP dispatch ×%1").arg(ev.count));
    case EventKind::EpCombine:
        return with(Teaching::tr("EP combine ×%1").arg(ev.count));
    case EventKind::PpSend:
        return Teaching::tr("PP send, stage %1 → %2").arg(ev.stage).arg(ev.peerStage);
    case EventKind::PpGather:
        return Teaching::tr("PP AllGather of stage %1's activations").arg(ev.peerStage);
    case EventKind::Idle:
        switch (ev.idle) {
        case IdleReason::Fill:
            return Teaching::tr("Idle: pipeline fill (bubble)");
        case IdleReason::Drain:
            return Teaching::tr("Idle: pipeline drain (bubble)");
        case IdleReason::Stall:
            return Teaching::tr("Idle: waiting for stage %1").arg(ev.peerStage);
        case IdleReason::None:
            break;
        }
        return Teaching::tr("Idle");
    }
    return {};
}

QString eventHtml(const TimelineEvent &ev)
{
    QString html = QStringLiteral("<b>%1</b><br>").arg(eventTitle(ev).toHtmlEscaped());
    html += ev.microbatch >= 0 ? Teaching::tr("Stage %1, micro-batch %2").arg(ev.stage).arg(ev.microbatch)
                               : Teaching::tr("Stage %1").arg(ev.stage);
    html += QStringLiteral("<br>")
        + Teaching::tr("%1 → %2 (%3)").arg(duration(ev.startSec), duration(ev.endSec), duration(ev.durationSec()));
    switch (ev.kind) {
    case EventKind::Compute:
        html += QStringLiteral("<br>")
            + Teaching::tr("The stage's roofline time for these layers: reading their weights and KV cache, "
                           "or their FLOPs, whichever is slower.");
        break;
    case EventKind::TpAllReduce:
    case EventKind::EmbeddingAllReduce:
    case EventKind::LmHeadGather:
    case EventKind::EpDispatch:
    case EventKind::EpCombine:
    case EventKind::PpGather:
        html += QStringLiteral("<br>")
            + Teaching::tr("%1 × %2; each GPU sends %3 over the %4")
                  .arg(ev.count)
                  .arg(bytes(ev.bytesPerOp, 2), bytes(ev.bytesSentPerGpu, 2), linkName(ev.link));
        break;
    case EventKind::PpSend:
        html += QStringLiteral("<br>")
            + Teaching::tr("hidden_states and residual, %1; each GPU sends %2 to its peer in stage %3 over the %4")
                  .arg(bytes(ev.bytesPerOp, 2), bytes(ev.bytesSentPerGpu, 2))
                  .arg(ev.peerStage)
                  .arg(linkName(ev.link));
        break;
    case EventKind::Idle:
        html += QStringLiteral("<br>")
            + (ev.idle == IdleReason::Stall
                    ? Teaching::tr("The stage before is slower: this one waits for its next micro-batch.")
                    : Teaching::tr("The pipeline bubble: (p − 1)/(m + p − 1) of the time when stages are equal."));
        break;
    }
    return html;
}

QString sentence(const Sentence &s)
{
    return textformat::sentence(s);
}

QString deltaLabel(const DeltaRow &row)
{
    return QCoreApplication::translate("Compare", row.label.c_str());
}

QString deltaValue(DeltaUnit unit, double v)
{
    switch (unit) {
    case DeltaUnit::Count:
        return qs(formatNumber(v));
    case DeltaUnit::Bytes:
        return bytes(v, std::fabs(v) >= GiB ? 1 : 2);
    case DeltaUnit::Tokens:
        return Teaching::tr("%1 tokens").arg(qs(formatNumber(v)));
    case DeltaUnit::Requests:
        return Teaching::tr("%1 requests").arg(qs(formatNumber(v)));
    case DeltaUnit::Seconds:
        return duration(v);
    case DeltaUnit::Fraction:
        return Teaching::tr("%1 %").arg(qs(formatNumber(100 * v, 1)));
    case DeltaUnit::TokensPerSec:
        return Teaching::tr("%1 tokens/s").arg(qs(formatNumber(v, 1)));
    case DeltaUnit::RequestsPerGpu:
        return Teaching::tr("%1 requests per GPU").arg(qs(formatNumber(v, 2)));
    }
    return qs(formatNumber(v));
}

QString deltaChange(const DeltaRow &r)
{
    if (!r.changed())
        return Teaching::tr("unchanged");
    if (r.unit == DeltaUnit::Fraction)
        return Teaching::tr("%1 points")
            .arg((r.delta() > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                + qs(formatNumber(100 * std::fabs(r.delta()), 1)));
    if (r.a == 0)
        return Teaching::tr("new");
    if (std::fabs(r.ratio() - 1) < 0.01)
        return Teaching::tr("%1 %").arg((r.delta() > 0 ? QStringLiteral("+") : QStringLiteral("−"))
            + qs(formatNumber(100 * std::fabs(r.ratio() - 1), 1)));
    return QStringLiteral("×") + qs(formatNumber(r.ratio(), r.ratio() >= 10 ? 1 : 2));
}

} // namespace teaching
