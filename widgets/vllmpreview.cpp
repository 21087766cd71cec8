#include "widgets/vllmpreview.h"

#include "widgets/plandocument.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace shardscope;

namespace {

// POSIX shell quoting: bare when safe, else single quotes with ' written as '\''.
QString shellQuote(const QString &s)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_./:=,+-]+$"));
    if (safe.match(s).hasMatch())
        return s;
    QString quoted = s;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

QString vllmServePreview(const PlanState &state)
{
    const Evaluation &e = state.evaluation;
    const Plan &p = state.plan;
    QStringList lines;
    if (e.worldSize > e.gpusPerNode && e.valid)
        lines << QCoreApplication::translate("VllmPreview", "# %1 GPUs on %2 nodes: this preview shows the single-node form only")
                     .arg(e.worldSize)
                     .arg(e.nodes);
    if (p.ep > 1 && p.ep != p.tp * p.dp)
        lines << QCoreApplication::translate("VllmPreview", "# vLLM offers ep = 1 or ep = tp × dp (%1) only; ep = %2 is not expressible")
                     .arg(p.tp * p.dp)
                     .arg(p.ep);
    if (!p.ppPartition.empty()) {
        QStringList parts;
        for (int n : p.ppPartition)
            parts << QString::number(n);
        lines << QStringLiteral("export VLLM_PP_LAYER_PARTITION=%1").arg(parts.join(QLatin1Char(',')));
    }
    const QString repo = QString::fromStdString(state.model.hfRepo.empty() ? state.model.id : state.model.hfRepo);
    QStringList args{QStringLiteral("vllm"), QStringLiteral("serve"), shellQuote(repo)};
    const auto add = [&](const char *flag, const QString &value) { args << QString::fromLatin1(flag) + QLatin1Char(' ') + shellQuote(value); };
    add("--tensor-parallel-size", QString::number(p.tp));
    if (p.pp > 1)
        add("--pipeline-parallel-size", QString::number(p.pp));
    if (p.dp > 1)
        add("--data-parallel-size", QString::number(p.dp));
    if (p.ep > 1 && p.ep == p.tp * p.dp)
        args << QStringLiteral("--enable-expert-parallel");
    // The resolved value (the vLLM version's default when the plan leaves it at 0), stated explicitly.
    add("--gpu-memory-utilization", QString::number(e.plan.gpuMemoryUtilization, 'g', 4));
    add("--max-model-len", QString::number(e.plan.maxModelLen));
    if (p.kvCacheDtype == KvDtype::Fp8)
        add("--kv-cache-dtype", QStringLiteral("fp8"));
    if (p.quantization != Quantization::Auto && p.quantization != Quantization::None)
        add("--quantization", QString::fromLatin1(quantizationName(p.quantization)));
    if (p.blockSize != 16)
        add("--block-size", QString::number(p.blockSize));
    if (p.enforceEager)
        args << QStringLiteral("--enforce-eager");
    // Backslash-continued lines of about 90 characters: readable, and still one shell command.
    QString line;
    QStringList wrapped;
    for (const QString &a : args) {
        if (!line.isEmpty() && line.size() + a.size() + 1 > 90) {
            wrapped << line + QStringLiteral(" \\");
            line = QStringLiteral("    ");
        } else if (!line.isEmpty()) {
            line += QLatin1Char(' ');
        }
        line += a;
    }
    wrapped << line;
    lines << wrapped;
    return lines.join(QLatin1Char('\n'));
}
