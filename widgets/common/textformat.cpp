#include "widgets/common/textformat.h"

#include "core/launch/disaggexport.h"
#include "core/text/textformat.h"
#include "core/text/units.h"
#include "widgets/document/plandocument.h"

#include <QCoreApplication>

#include <algorithm>

using namespace shardscope;

namespace textformat {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(textformat)
};
} // namespace

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

namespace {

// %1 … %9 replaced once each, so an argument's own text is never re-substituted.
QString substitute(const QString &templ, const QStringList &args)
{
    QString out;
    for (qsizetype i = 0; i < templ.size(); ++i) {
        if (templ[i] == QLatin1Char('%') && i + 1 < templ.size() && templ[i + 1].isDigit()) {
            const int n = templ[i + 1].digitValue();
            if (n >= 1 && n <= args.size()) {
                out += args[n - 1];
                ++i;
                continue;
            }
        }
        out += templ[i];
    }
    return out;
}

} // namespace

QString disaggRefusal(const DisaggExportResult &r)
{
    const ExportResult &refused = !r.prefill.ok ? r.prefill : r.decode;
    if (refused.ok || r.refusalCode == "target")
        return qs(r.refusal);
    return sentence(refused.messageText());
}

QString sentence(const Sentence &s)
{
    QStringList args;
    for (const Sentence &a : s.args)
        args << sentence(a);
    const QString templ = s.translatable && !s.context.empty()
        ? QCoreApplication::translate(s.context.c_str(), s.templ.c_str())
        : qs(s.templ);
    return substitute(templ, args);
}

QString issue(const PlanIssue &i)
{
    return sentence(i.text);
}

QString bytes(double b, int decimals)
{
    return qs(formatBytes(b, decimals));
}

QString gib(double b, int decimals)
{
    return Tr::tr("%1 GiB").arg(b / GiB, 0, 'f', decimals);
}

QString count(std::int64_t v)
{
    return qs(formatThousands(v));
}

QString duration(double seconds)
{
    return qs(formatDuration(seconds, DurationStyle::Prose));
}

QString linkName(LinkKind link, const std::string &scaleupLink)
{
    switch (link) {
    case LinkKind::ScaleUp:
        return scaleupLink.empty() ? Tr::tr("scale-up link (NVLink, xGMI)")
                                   : qs(scaleupLink).section(QLatin1Char(' '), 0, 1);
    case LinkKind::Pcie:
        return Tr::tr("PCIe");
    case LinkKind::Nic:
        return Tr::tr("network (NIC)");
    case LinkKind::None:
        break;
    }
    return Tr::tr("none (stays on the GPU)");
}

QString range(int first, int last)
{
    return first == last ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(last);
}

QString heads(int first, int count)
{
    if (count == 1)
        return Tr::tr("head %1").arg(first);
    return Tr::tr("heads %1 (%2)").arg(range(first, first + count - 1)).arg(count);
}

namespace {
bool isCjk(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFF00 && u <= 0xFFEF);
}
} // namespace

QString unbreakable(const QString &text)
{
    if (std::none_of(text.begin(), text.end(), isCjk))
        return text; // Latin words do not break inside; English keeps its ordinary spaces
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (i > 0 && c != QLatin1Char(' ') && text.at(i - 1) != QLatin1Char(' '))
            out += QChar(0x2060);
        out += c == QLatin1Char(' ') ? QChar(0x00A0) : c;
    }
    return out;
}

QString explanationHtml(const Explanation &x, ExplanationStyle style)
{
    if (x.title().empty())
        return Tr::tr("Nothing to explain for this plan.");
    const auto esc = [](const Sentence &s) { return sentence(s).toHtmlEscaped(); };
    if (style == ExplanationStyle::Tooltip) {
        QString html = QStringLiteral("<b>%1</b>").arg(esc(x.titleText));
        if (!x.formula().empty())
            html += QStringLiteral("<br><i>%1</i>").arg(esc(x.formulaText));
        if (!x.substituted().empty())
            html += QStringLiteral("<br>= %1").arg(esc(x.substitutedText));
        if (!x.inputs.empty()) {
            html += QStringLiteral("<table cellspacing=0 cellpadding=1>");
            for (const ExplainedInput &in : x.inputs)
                html += QStringLiteral("<tr><td>%1</td><td>&nbsp;%2&nbsp;</td><td><small>%3</small></td></tr>")
                            .arg(esc(in.nameText), esc(in.valueText), esc(in.sourceText));
            html += QStringLiteral("</table>");
        }
        if (!x.note().empty())
            html += QStringLiteral("<br><small>%1</small>").arg(esc(x.noteText));
        return html;
    }
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(x.titleText));
    if (!x.formula().empty())
        html += QStringLiteral("<p>%1<br><i>%2</i></p>").arg(Tr::tr("Formula:"), esc(x.formulaText));
    if (!x.substituted().empty())
        html += QStringLiteral("<p>%1<br><span style='font-size:large;'><b>%2</b></span></p>")
                    .arg(Tr::tr("With this plan's values:"), esc(x.substitutedText));
    if (!x.inputs.empty()) {
        html += QStringLiteral("<p>%1</p><table cellspacing='0' cellpadding='3' border='1'>")
                    .arg(Tr::tr("Where each input comes from:"));
        html += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th></tr>")
                    .arg(Tr::tr("Input"), Tr::tr("Value"), Tr::tr("Source"));
        for (const ExplainedInput &in : x.inputs)
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                        .arg(esc(in.nameText), esc(in.valueText), esc(in.sourceText));
        html += QStringLiteral("</table>");
    }
    if (!x.note().empty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(x.noteText));
    return html;
}

QString gpuSummaryHtml(const PlanState &state, int rank)
{
    const Evaluation &e = state.evaluation;
    if (rank < 0 || rank >= static_cast<int>(e.ranks.size()))
        return {};
    const RankPlacement &r = e.ranks[static_cast<size_t>(rank)];
    const RankMemory &m = r.memory;
    QString html = Tr::tr("<b>GPU %1</b> · node %2 · stage %3").arg(r.rank).arg(r.node).arg(r.ppStage);
    html += Tr::tr("<br>TP rank %1 · DP rank %2").arg(r.tpRank).arg(r.dpRank);
    if (state.model.isMoe())
        html += Tr::tr(" · EP rank %1").arg(r.epRank);
    html += Tr::tr("<br>layers %1 (%2)").arg(range(r.firstLayer, r.lastLayer)).arg(r.lastLayer - r.firstLayer + 1);
    if (r.embedding)
        html += Tr::tr(" + embedding");
    if (r.lmHead)
        html += Tr::tr(" + LM head");
    html += Tr::tr("<br>query %1").arg(heads(r.heads.qFirst, r.heads.qCount));
    if (state.model.isMla())
        html += Tr::tr(" · MLA latent KV (every TP rank holds all of it)");
    else
        html
            += Tr::tr(" · KV %1%2")
                   .arg(heads(r.heads.kvFirst, r.heads.kvCount),
                       r.heads.kvReplicas > 1 ? Tr::tr(" (replicated on %1 GPUs)").arg(r.heads.kvReplicas) : QString());
    if (state.model.isMoe()) {
        html += Tr::tr("<br>%1 expert slots per MoE layer").arg(r.experts.size());
        if (!r.experts.empty())
            html += Tr::tr(" (%1)").arg(
                r.experts.size() <= 4 || r.experts.back() - r.experts.front() + 1 == static_cast<int>(r.experts.size())
                    ? range(r.experts.front(), r.experts.back())
                    : Tr::tr("%1, %2, … %3").arg(r.experts[0]).arg(r.experts[1]).arg(r.experts.back()));
        if (e.moeTp > 1)
            html += Tr::tr(", each split %1 ways").arg(e.moeTp);
    }
    html += Tr::tr("<br>weights %1 · KV budget %2").arg(gib(m.weights.total(), 2), gib(m.kvBudget, 2));
    if (state.plan.accounting == Accounting::Vllm)
        html += Tr::tr("<br>activation %1 · non-torch %2").arg(gib(m.activation.total(), 2), gib(m.nonTorch, 2));
    else
        html += Tr::tr("<br>reserve %1").arg(gib(m.reserved, 2));
    html += Tr::tr("<br>%1 KV blocks%2")
                .arg(count(m.blocks), rank == e.kv.bindingRank ? Tr::tr(" — binds the replica (fewest)") : QString());
    return html;
}

} // namespace textformat
