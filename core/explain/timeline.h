#pragma once
#include "core/evaluate/evaluation.h"

#include <string>
#include <vector>

namespace shardscope {

// One decode or prefill step laid out in time, per GPU lane (docs/DESIGN.md §4-5, lecture 3, docs/DESIGN.md §F.3):
// what every stage computes, which collectives it runs on which link, and where it idles while m
// micro-batches fill and drain the pipeline. Times come from the roofline time model and the
// communication ledger, so a micro-batch's path through the stages adds up to TPOT (or TTFT).
//
// All GPUs of a PP stage (tp x dp of them) do the same thing at the same time, so events belong to
// a stage; eventGpus() and eventGroups() say which GPUs take part and who talks to whom.

enum class EventKind {
    Compute, // a group of layers: max(bytes / HBM, FLOPs / peak), the roofline part
    TpAllReduce, // the group's 2 AllReduces per layer, drawn together
    EmbeddingAllReduce, // first stage: the vocab-parallel embedding's AllReduce
    LmHeadGather, // last stage: the logits AllGather
    EpDispatch, // the group's MoE layers: tokens to their experts
    EpCombine, // ... and the results back
    PpSend, // to the next stage: hidden_states + residual, each TP rank 1/t of it
    PpGather, // the receiving stage's TP group reassembling what was sent
    Idle, // nothing to do: the pipeline bubble, or waiting for a slower stage
};
const char *eventKindName(EventKind k); // "compute", "tp_allreduce", ..., "idle"

enum class IdleReason {
    None,
    Fill, // before the first micro-batch reaches the stage
    Drain, // after the stage's last micro-batch, until the step ends
    Stall, // between micro-batches: the stage before is slower
};
const char *idleReasonName(IdleReason r); // "", "fill", "drain", "stall"

struct TimelineEvent
{
    EventKind kind = EventKind::Compute;
    IdleReason idle = IdleReason::None;
    int stage = 0;
    int peerStage = -1; // PpSend: the receiving stage; PpGather: the sending one
    int microbatch = -1; // -1 for idle time
    int firstLayer = -1; // inclusive, global layer index; -1 when the event is not about layers
    int lastLayer = -1;
    int count = 0; // collectives drawn as this one event (TpAllReduce: 2 x layers)
    double bytesPerOp = 0; // one collective's buffer: S = n x h x b for an AllReduce
    double bytesSentPerGpu = 0; // what one GPU sends over the whole event
    LinkKind link = LinkKind::None;
    double startSec = 0;
    double endSec = 0;
    double durationSec() const { return endSec - startSec; }
    bool operator==(const TimelineEvent &) const = default;
};

struct TimelineOptions
{
    int groupsPerStage = 4; // layer groups per stage (a stage with fewer layers gets one per layer)
    int maxMicrobatches = 64; // more are laid out as this many (a picture, not a simulation of thousands)
};

struct Timeline
{
    Phase phase = Phase::Decode;
    std::int64_t tokens = 0; // n per micro-batch (decode: sequences; prefill: prompt tokens)
    int stages = 0;
    int microbatches = 1; // laid out: the plan's, at most TimelineOptions::maxMicrobatches
    int planMicrobatches = 1; // the plan's --microbatches
    int tp = 1;
    int dp = 1;
    int worldSize = 0;
    std::vector<double> stageBusySec; // one micro-batch's occupancy of each stage
    double pathSec = 0; // one micro-batch through every stage: TPOT (decode) or TTFT (prefill)
    double makespanSec = 0; // m micro-batches: sum of stages + (m - 1) x the slowest
    std::vector<TimelineEvent> events; // sorted by start time, then stage
    // Shares of all lane time (lanes x makespan); fill + drain is the pipeline bubble.
    double bubbleFraction = 0;
    double stallFraction = 0;
    double formulaBubbleFraction = 0; // (p-1)/(m+p-1) for the m laid out, exact for equal stages (docs/DESIGN.md §F.3)

    // Events of one stage (the lanes of every GPU in it), in time order.
    std::vector<const TimelineEvent *> stageEvents(int stage) const;
};

// The step for `phase` (decode: n = --batch; prefill: n = --prompt-len) with the plan's
// --microbatches. An invalid plan gives an empty timeline.
Timeline buildTimeline(const EvaluatedPlan &p, Phase phase, const TimelineOptions &options = {});

// A flow shop of identical micro-batches: stage s starts micro-batch j when it has finished j - 1
// and stage s - 1 has finished j. starts[s][j]; makespan = sum(stageSec) + (m - 1) x max(stageSec).
struct PipelineSchedule
{
    std::vector<std::vector<double>> starts;
    double makespanSec = 0;
};
PipelineSchedule schedulePipeline(const std::vector<double> &stageSec, int microbatches);

// The stage a GPU lane belongs to (vLLM's layout, TP fastest).
int laneStage(const Evaluation &e, int gpu);
// GPUs taking part in an event (PpSend: senders and receivers), ascending.
std::vector<int> eventGpus(const Evaluation &e, const TimelineEvent &ev);
// Who talks to whom: TP groups, EP groups, PP sender/receiver pairs; empty for compute and idle.
std::vector<std::vector<int>> eventGroups(const Evaluation &e, const TimelineEvent &ev);

// "TP AllReduce ×20, layers 0–9 (scaleup)": one line for a tooltip or a step-through caption.
std::string eventLabel(const TimelineEvent &ev);

} // namespace shardscope
