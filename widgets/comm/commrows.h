#pragma once
#include "core/evaluate/commledger.h"

#include <QString>

#include <vector>

struct PlanState;

// The communication of one step, decode and prefill side by side, one row per kind of traffic and
// one per link (docs/DESIGN.md §4; core/evaluate/commledger.h). Bytes are bytes the busiest GPU sends,
// times are seconds of the α-β estimate.
struct CommPhases
{
    shardscope::CommLedger decode; // n = --batch sequences
    shardscope::CommLedger prefill; // n = --prompt-len tokens
};
CommPhases commPhases(const PlanState &state);
// The same at given token counts (the workload's steady state: decode tokens and the prefill chunk of a
// step, PlanDocument::workloadBatch()).
CommPhases commPhases(const PlanState &state, std::int64_t decodeTokens, std::int64_t prefillTokens);

struct CommRow
{
    enum Kind { TpAllReduce, Embedding, LmHead, PpSend, Ep, LinkTotal };
    Kind kind = TpAllReduce;
    QString what;
    QString shortName; // for a chart legend
    shardscope::LinkKind link = shardscope::LinkKind::None;
    int perStep = 0; // messages per step (the same in both phases)
    double decodeMessage = 0; // bytes of one message
    double decodeSent = 0; // bytes the busiest GPU sends in the step
    double decodeSec = 0;
    double prefillMessage = 0;
    double prefillSent = 0;
    double prefillSec = 0;
    QString formula; // how the bytes come about, for the tooltip
};

// Kinds that carry nothing in either phase are left out; link totals come last.
std::vector<CommRow> commRows(const PlanState &state, const CommPhases &phases);
