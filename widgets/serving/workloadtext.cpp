#include "widgets/serving/workloadtext.h"

#include "core/text/textformat.h"
#include "widgets/common/textformat.h"

#include <QCoreApplication>

using namespace shardscope;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Workload)
};
} // namespace

namespace workloadtext {

QString workload(const Workload &w)
{
    const QString in = w.inputLenLo > 0
        ? Tr::tr("%1–%2").arg(textformat::count(w.inputLenLo), textformat::count(w.inputLenHi))
        : textformat::count(w.inputLen);
    QString load;
    if (w.requestRate > 0)
        load = Tr::tr("%1 requests/s").arg(textformat::qs(formatNumber(w.requestRate, w.requestRate < 10 ? 2 : 0)));
    else if (w.maxConcurrency > 0)
        load = Tr::tr("%n concurrent client(s)", nullptr, static_cast<int>(w.maxConcurrency));
    else
        load = Tr::tr("all %1 prompts at once").arg(textformat::count(w.numPrompts));
    if (w.dataset == Dataset::ShareGpt)
        return Tr::tr("ShareGPT lengths, mean %1 in / %2 out tokens, %3").arg(in, textformat::count(w.outputLen), load);
    return Tr::tr("%1 in / %2 out tokens, %3").arg(in, textformat::count(w.outputLen), load);
}

QString batch(const PlanDocument::WorkloadBatch &b, const PlanDocument &doc)
{
    if (!b.fromWorkload || !b.state) {
        const std::int64_t n = b.state ? b.state->evaluation.plan.batch : 1;
        const std::string why = doc.servingError();
        return Tr::tr("At the plan's decode batch %1 (no serving estimate for the workload%2)")
            .arg(textformat::count(n),
                why.empty() ? QString() : QStringLiteral(": ") + textformat::qs(why).toHtmlEscaped());
    }
    QString perMicro;
    if (b.microbatches > 1)
        perMicro = Tr::tr(", in %1 micro-batches of %2 decode tokens (m = pp)")
                       .arg(b.microbatches)
                       .arg(textformat::count(b.decodePerMicrobatch()));
    return Tr::tr("Workload %1: per engine step %2 decode + %3 prefill tokens%4 (steady state, estimated)")
        .arg(workload(doc.workload()), textformat::count(b.decodeTokens), textformat::count(b.prefillTokens), perMicro);
}

QString seconds(double s)
{
    return Tr::tr("%1 (estimated)").arg(textformat::duration(s));
}

QString tooltip(const ServingResult &r, std::initializer_list<ServingQuantity> quantities)
{
    QString html;
    for (ServingQuantity q : quantities) {
        if (!html.isEmpty())
            html += QStringLiteral("<hr>");
        html += textformat::explanationHtml(explainServing(q, r));
    }
    return html;
}

QStringList warnings(const ServingResult &r)
{
    QStringList out;
    for (const Sentence &s : r.warningSentences)
        out << textformat::sentence(s);
    return out;
}

} // namespace workloadtext
