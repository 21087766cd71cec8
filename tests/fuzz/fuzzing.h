#pragma once
// Shared by the libFuzzer targets: presets to evaluate fuzzed inputs against, and a full pass
// through evaluate() and both reports, so a parsed-but-odd input is followed all the way to output.
#include "core/evaluate/evaluation.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/report/report.h"

#include "fuzzpresets.h" // generated from presets/: kFuzzModels[], kFuzzGpu

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace fuzzing {

// Evaluated inputs beyond this many GPUs only slow the fuzzer down (a report of thousands of ranks
// takes seconds under the sanitizers): the code paths are the same as for smaller worlds, and the
// limit itself, kMaxWorldSize, is checked before any placement.
inline constexpr long long kMaxFuzzWorld = 512;

[[noreturn]] inline void fail(const char *what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

inline const std::vector<shardscope::ModelSpec> &models()
{
    static const std::vector<shardscope::ModelSpec> list = [] {
        std::vector<shardscope::ModelSpec> out;
        for (const char *text : kFuzzModels)
            out.push_back(shardscope::modelFromJsonText(text));
        return out;
    }();
    return list;
}

inline const shardscope::GpuSpec &gpu()
{
    static const shardscope::GpuSpec g = shardscope::gpuFromJsonText(kFuzzGpu);
    return g;
}

// evaluate() never throws for a bad plan and its result is self-consistent enough to print.
inline void evaluateAndReport(
    const shardscope::Plan &plan, const shardscope::ModelSpec &model, const shardscope::GpuSpec &gpu)
{
    if (shardscope::worldSize(plan) > kMaxFuzzWorld) // PCP ranks count: its export has a command per node
        return;
    const shardscope::EvaluatedPlan evaluated = shardscope::evaluatePlan(plan, model, gpu);
    const shardscope::Evaluation &e = evaluated.evaluation;
    if (e.valid && static_cast<long long>(e.ranks.size()) != 1LL * e.plan.tp * e.plan.pp * e.plan.dp)
        fail("rank count != tp x pp x dp");
    if (!e.valid && e.issues.empty())
        fail("invalid plan without an issue");
    if (e.fits && e.hasErrors())
        fail("fits with errors");
    for (const shardscope::RankPlacement &r : e.ranks) {
        if (std::isnan(r.memory.kvBudget) || std::isnan(r.memory.weights.total()))
            fail("NaN in rank memory");
        if (r.memory.blocks < 0)
            fail("negative block count");
    }
    const std::string json = shardscope::evaluationToJson(evaluated).dump();
    const std::string text = shardscope::evaluationToText(evaluated);
    if (json.empty() || text.empty())
        fail("empty report");
}

// A few plans a user reaches first for any model: everything on one GPU, the largest TP that the
// heads allow up to 8, and (MoE) vLLM's expert parallelism over it.
inline void evaluateTypicalPlans(const shardscope::ModelSpec &model, const shardscope::GpuSpec &gpu)
{
    shardscope::Plan p;
    evaluateAndReport(p, model, gpu);
    for (int tp = 8; tp > 1; tp /= 2)
        if (model.heads % tp == 0) {
            p.tp = tp;
            break;
        }
    p.pp = model.layers >= 2 ? 2 : 1;
    evaluateAndReport(p, model, gpu);
    if (model.isMoe()) {
        p.ep = p.tp;
        evaluateAndReport(p, model, gpu);
    }
    p.accounting = shardscope::Accounting::Textbook;
    evaluateAndReport(p, model, gpu);
}

} // namespace fuzzing
