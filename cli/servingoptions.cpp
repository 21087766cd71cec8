#include "cli/servingoptions.h"

#include "core/model/errors.h"
#include "core/text/units.h"

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

const char *const kServingFlags[][3] = {
    { "input-len", "tokens", "Serving workload: prompt tokens per request (default 1024, as vllm bench serve)." },
    { "output-len", "tokens", "Serving workload: output tokens per request (default 128)." },
    { "dataset-name", "random|sharegpt",
        "Serving workload: random (every request --input-len / --output-len, the default) or sharegpt (each "
        "request the lengths vllm bench serve's ShareGPT sampler gives it; --input-len / --output-len, if given, "
        "are their means)." },
    { "input-len-range", "lo:hi", "Serving workload: prompt tokens uniform in [lo, hi] (instead of --input-len)." },
    { "max-concurrency", "n", "Serving workload: closed loop of n clients (default: unbounded)." },
    { "request-rate", "req/s", "Serving workload: Poisson arrivals per second (default inf: all at once)." },
    { "num-prompts", "n", "Serving workload: requests to simulate (default 1000)." },
    { "prefix-hit-rate", "fraction", "Serving workload: share of each prompt found in the prefix cache (default 0)." },
    { "seed", "n", "Serving workload: seed of the arrivals and lengths (default 0)." },
    { "serving-coefficient", "name=value",
        "Override a step-model coefficient (repeatable), e.g. hbm_weights=0.75; the list is in the JSON "
        "serving.coefficients." },
};

[[noreturn]] void bad(const char *flag, const QString &v, const std::string &why)
{
    throw InputError(std::string("--") + flag + " " + v.toStdString() + ": " + why);
}

std::int64_t count(const QCommandLineParser &p, const char *name, std::int64_t hi)
{
    const QString v = p.value(QString::fromLatin1(name)).trimmed();
    const auto parsed = parseCount(v.toStdString(), hi);
    if (!parsed || *parsed < 1)
        bad(name, v, "expected a whole number from 1 to " + std::to_string(hi));
    return *parsed;
}

double number(const QString &v, bool &ok)
{
    const double d = v.trimmed().toDouble(&ok);
    ok = ok && std::isfinite(d);
    return d;
}

} // namespace

void addServingOptions(QCommandLineParser &parser)
{
    for (const auto &f : kServingFlags)
        parser.addOption(
            QCommandLineOption(QString::fromLatin1(f[0]), QString::fromUtf8(f[2]), QString::fromLatin1(f[1])));
}

ServingInputs servingFromOptions(const QCommandLineParser &p)
{
    ServingInputs in;
    Workload &w = in.workload;
    auto isSet = [&](const char *n) { return p.isSet(QString::fromLatin1(n)); };
    auto value = [&](const char *n) { return p.value(QString::fromLatin1(n)).trimmed(); };
    if (isSet("input-len"))
        w.inputLen = count(p, "input-len", std::int64_t(1) << 40);
    if (isSet("output-len"))
        w.outputLen = count(p, "output-len", kMaxOutputLen);
    if (isSet("input-len-range")) {
        const QString v = value("input-len-range");
        const QStringList parts = v.split(QLatin1Char(':'));
        const auto lo = parts.size() == 2 ? parseCount(parts[0].trimmed().toStdString()) : std::nullopt;
        const auto hi = parts.size() == 2 ? parseCount(parts[1].trimmed().toStdString()) : std::nullopt;
        if (!lo || !hi || *lo < 1 || *hi < *lo)
            bad("input-len-range", v, "expected lo:hi with 1 <= lo <= hi");
        if (isSet("input-len"))
            bad("input-len-range", v, "give either --input-len or --input-len-range, not both");
        w.inputLenLo = *lo;
        w.inputLenHi = *hi;
        w.inputLen = (*lo + *hi) / 2;
    }
    if (isSet("dataset-name")) {
        const QString v = value("dataset-name");
        if (v == QLatin1String("sharegpt"))
            w.dataset = Dataset::ShareGpt;
        else if (v != QLatin1String("random"))
            bad("dataset-name", v, "expected random or sharegpt");
        if (w.dataset == Dataset::ShareGpt && isSet("input-len-range"))
            bad("dataset-name", v, "sharegpt draws each request's lengths: drop --input-len-range");
    }
    if (isSet("max-concurrency"))
        w.maxConcurrency = count(p, "max-concurrency", kMaxNumPrompts);
    if (isSet("num-prompts"))
        w.numPrompts = count(p, "num-prompts", kMaxNumPrompts);
    if (isSet("request-rate")) {
        const QString v = value("request-rate");
        bool ok = false;
        if (v == QLatin1String("inf"))
            w.requestRate = 0;
        else {
            w.requestRate = number(v, ok);
            if (!ok || !(w.requestRate > 0) || w.requestRate > kMaxRequestRate)
                bad("request-rate", v, "expected requests per second above 0, at most 1e6 (or inf)");
        }
    }
    if (isSet("prefix-hit-rate")) {
        const QString v = value("prefix-hit-rate");
        bool ok = false;
        w.prefixHitRate = number(v, ok);
        if (!ok || w.prefixHitRate < 0 || w.prefixHitRate >= 1)
            bad("prefix-hit-rate", v, "expected a fraction from 0 to below 1");
    }
    if (isSet("seed")) {
        const QString v = value("seed");
        const auto s = parseCount(v.toStdString(), std::int64_t(1) << 62);
        if (!s && v != QLatin1String("0"))
            bad("seed", v, "expected a whole number from 0 to 2^62");
        w.seed = s ? static_cast<std::uint64_t>(*s) : 0;
    }
    // The dataset's own lengths unless given (after --num-prompts: the means are those of the requests sent).
    if (w.dataset == Dataset::ShareGpt)
        useShareGptMeans(w, !isSet("input-len"), !isSet("output-len"));
    const std::vector<std::string> known = servingCoefficientNames();
    for (const QString &o : p.values(QStringLiteral("serving-coefficient"))) {
        const qsizetype eq = o.indexOf(QLatin1Char('='));
        const std::string name = eq > 0 ? o.left(eq).trimmed().toStdString() : std::string();
        bool ok = false;
        const double v = eq > 0 ? number(o.mid(eq + 1), ok) : 0;
        if (name.empty() || std::find(known.begin(), known.end(), name) == known.end()) {
            std::string list;
            for (const std::string &k : known)
                list += (list.empty() ? "" : ", ") + k;
            bad("serving-coefficient", o, "expected NAME=VALUE with NAME one of " + list);
        }
        // kernels_per_layer 0 is its default (counted per layer kind); prefill_attention_half_keys 0 is no fall-off,
        // gemm_ramp and moe_ramp 0 the plain roofline.
        const bool zeroMeansOff = name == "kernels_per_layer" || name == "prefill_attention_half_keys"
            || name == "gemm_ramp" || name == "moe_ramp";
        if (!ok || !(v > 0 || (zeroMeansOff && v == 0)) || v > 1e6)
            bad("serving-coefficient", o, "expected a value above 0, at most 1e6");
        if ((name.rfind("hbm_", 0) == 0 || name.rfind("dense_", 0) == 0 || name == "moe_compute"
                || name == "prefill_attention")
            && v > 1)
            bad("serving-coefficient", o, "an achieved fraction of peak is at most 1");
        in.coefficientOverrides.emplace_back(name, v);
    }
    return in;
}
