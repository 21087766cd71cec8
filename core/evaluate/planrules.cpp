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
    if (code == "world_too_large" || code == "size_not_positive" || code == "fp8_block_experts"
        || code == "quant_group_experts")
        return true;
    // TP and DP move EP with them (withParallelSize: ep = tp x dp while vLLM's expert parallel is
    // on), so EP's refusals are theirs too: DP 256 must not reach EP 2048 on 256 experts.
    const bool epCode = code.rfind("ep_", 0) == 0;
    switch (dim) {
    case ParallelDim::Tp:
        return code.rfind("tp_", 0) == 0 || epCode;
    case ParallelDim::Pp:
        return code.rfind("pp_", 0) == 0;
    case ParallelDim::Dp:
        return epCode;
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
    if (validateStructure(trial, model, issues))
        validateFp8BlockExperts(trial, model, issues);
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
    // 1 is not exempt: with FP8-block experts, ep 1 (or tp or dp 1 with EP on) can be a plan vLLM
    // refuses to load. The current value stays offered, so a slider always has a position.
    std::vector<int> allowed;
    for (int v : candidates)
        if (disallowedSentence(plan, model, dim, v).text().empty())
            allowed.push_back(v);
    if (allowed.empty())
        allowed.push_back(dim == ParallelDim::Tp ? plan.tp
                : dim == ParallelDim::Pp         ? plan.pp
                : dim == ParallelDim::Dp         ? plan.dp
                                                 : plan.ep);
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

std::optional<Plan> withMaxNumSeqsForMambaBlocks(const Plan &plan, const Evaluation &now)
{
    // A hybrid plan refused only for more sequences than state blocks (mamba_blocks) fits on the same GPUs with
    // max_num_seqs lowered to the blocks, which is what vLLM's message asks for.
    const bool onlyMambaBlocks = now.valid && now.hasErrors()
        && std::all_of(now.issues.begin(), now.issues.end(),
            [](const PlanIssue &i) { return i.severity != Severity::Error || i.code == "mamba_blocks"; });
    if (!onlyMambaBlocks || now.kv.blocks <= 0)
        return std::nullopt;
    Plan fewer = plan;
    fewer.maxNumSeqs = now.kv.blocks;
    return fewer;
}

std::optional<Plan> nearestFittingPlan(const Plan &plan, const ModelSpec &model, const GpuSpec &gpu)
{
    const Evaluation now = evaluate(plan, model, gpu);
    if (!now.valid || !now.hasErrors())
        return std::nullopt;
    if (auto fewer = withMaxNumSeqsForMambaBlocks(plan, now)) {
        const Evaluation e = evaluate(*fewer, model, gpu);
        if (e.valid && !e.hasErrors())
            return fewer;
    }
    const bool epOn = expertParallelOn(plan);
    std::optional<Plan> best;
    int bestWorld = 0;
    const std::vector<int> tps = allowedValues(plan, model, ParallelDim::Tp);
    // At most 16 stages (what a fitting search needs; it keeps the search to about a hundred
    // evaluations, cheap enough to run on every change of a plan that does not fit).
    const int maxPp = std::max(plan.pp, std::min(16, std::max(1, model.layers)));
    for (int pp = plan.pp; pp <= maxPp && plan.tp * pp * plan.dp <= kMaxNearestGpus; ++pp) {
        for (int tp : tps) {
            if (tp < plan.tp)
                continue;
            const int world = tp * pp * plan.dp;
            if (world > kMaxNearestGpus || (best && world > bestWorld)
                || (best && world == bestWorld && tp <= best->tp))
                continue;
            Plan trial = plan;
            trial.tp = tp;
            trial.pp = pp;
            trial.ppPartition.clear();
            if (model.isMoe())
                trial.ep = epOn ? expertParallelSize(trial) : 1;
            if (tp != plan.tp && !disallowedSentence(plan, model, ParallelDim::Tp, tp).text().empty())
                continue;
            const Evaluation e = evaluate(trial, model, gpu);
            if (e.valid && !e.hasErrors()) {
                best = trial;
                bestWorld = world;
            }
        }
        if (best && plan.tp * (pp + 1) * plan.dp > bestWorld)
            break; // a deeper pipeline only adds GPUs
    }
    return best;
}
