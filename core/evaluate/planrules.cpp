#include "core/evaluate/planrules.h"

#include "core/text/sentence.h"

#include "core/evaluate/evaluation.h"
#include "core/evaluate/validation.h"

#include <algorithm>
#include <cstdlib>

using namespace shardscope;

namespace {

// Validation codes that concern each slider.
bool concerns(ParallelDim dim, const std::string &code)
{
    if (code == "world_too_large" || code == "size_not_positive")
        return true;
    switch (dim) {
    case ParallelDim::Tp:
        return code.rfind("tp_", 0) == 0;
    case ParallelDim::Pp:
        return code.rfind("pp_", 0) == 0;
    case ParallelDim::Dp:
        return false;
    case ParallelDim::Ep:
        return code.rfind("ep_", 0) == 0 || code == "redundant_without_ep";
    }
    return false;
}

Plan withRaw(Plan p, ParallelDim dim, int value)
{
    switch (dim) {
    case ParallelDim::Tp:
        p.tp = value;
        break;
    case ParallelDim::Pp:
        p.pp = value;
        break;
    case ParallelDim::Dp:
        p.dp = value;
        break;
    case ParallelDim::Ep:
        p.ep = value;
        break;
    }
    return p;
}

int nearestDivisor(int n, int wanted)
{
    return snapToAllowed(divisorsOf(n), wanted);
}

} // namespace

int expertParallelSize(const Plan &p)
{
    return p.tp * p.dp;
}

bool expertParallelOn(const Plan &p)
{
    return p.ep > 1 && p.ep == expertParallelSize(p);
}

Plan withParallelSize(Plan p, const ModelSpec &model, ParallelDim dim, int value)
{
    const bool epOn = expertParallelOn(p);
    p = withRaw(std::move(p), dim, value);
    if ((dim == ParallelDim::Tp || dim == ParallelDim::Dp) && model.isMoe()) {
        const int group = expertParallelSize(p);
        if (epOn)
            p.ep = group;
        else if (p.ep < 1 || group % p.ep != 0)
            p.ep = nearestDivisor(group, p.ep);
    }
    if (dim == ParallelDim::Pp && !p.ppPartition.empty() && static_cast<int>(p.ppPartition.size()) != p.pp)
        p.ppPartition.clear();
    return p;
}

Sentence disallowedSentence(const Plan &plan, const ModelSpec &model, ParallelDim dim, int value)
{
    if (value < 1)
        return phrase("PlanRules", QT_TRANSLATE_NOOP("PlanRules", "must be at least 1"));
    Plan trial = dim == ParallelDim::Ep ? withRaw(plan, dim, value) : withParallelSize(plan, model, dim, value);
    if (trial.gpusPerNode == 0)
        trial.gpusPerNode = 1; // validateStructure needs no GPU; the preset's value does not matter here
    std::vector<PlanIssue> issues;
    validateStructure(trial, model, issues);
    for (const PlanIssue &i : issues)
        if (i.severity == Severity::Error && concerns(dim, i.code))
            return i.text;
    return {};
}

std::vector<int> allowedValues(const Plan &plan, const ModelSpec &model, ParallelDim dim)
{
    std::vector<int> candidates;
    switch (dim) {
    case ParallelDim::Tp:
        candidates = divisorsOf(std::max(1, model.heads));
        break;
    case ParallelDim::Pp:
        for (int v = 1; v <= std::min(kMaxPp, std::max(1, model.layers)); ++v)
            candidates.push_back(v);
        break;
    case ParallelDim::Dp:
        for (int v = 1; v <= kMaxDp; ++v)
            candidates.push_back(v);
        break;
    case ParallelDim::Ep:
        candidates = model.isMoe() ? divisorsOf(std::max(1, plan.tp * plan.dp)) : std::vector<int> { 1 };
        break;
    }
    std::vector<int> allowed;
    for (int v : candidates)
        if (v == 1 || disallowedSentence(plan, model, dim, v).text().empty())
            allowed.push_back(v);
    return allowed;
}

int snapToAllowed(const std::vector<int> &allowed, int value)
{
    if (allowed.empty())
        return value;
    int best = allowed.front();
    for (int v : allowed)
        if (std::abs(v - value) < std::abs(best - value))
            best = v;
    return best;
}

Plan planForModel(Plan p, const ModelSpec &model)
{
    const bool epOn = expertParallelOn(p);
    p.modelId = model.id;
    p.ppPartition.clear();
    if (p.maxModelLen > model.maxPositionEmbeddings && model.maxPositionEmbeddings > 0)
        p.maxModelLen = 0;
    if (!model.isMoe()) {
        p.ep = 1;
        p.redundantExperts = 0;
    }
    p.tp = snapToAllowed(allowedValues(p, model, ParallelDim::Tp), p.tp);
    if (p.pp > model.layers)
        p.pp = snapToAllowed(allowedValues(p, model, ParallelDim::Pp), p.pp);
    if (model.isMoe()) {
        if (epOn)
            p.ep = expertParallelSize(p);
        if (p.redundantExperts > 0 && p.ep == 1)
            p.redundantExperts = 0;
        if (!disallowedSentence(p, model, ParallelDim::Ep, p.ep).text().empty())
            p.ep = snapToAllowed(allowedValues(p, model, ParallelDim::Ep), p.ep);
    }
    return p;
}
