// The step-through timeline: events per GPU lane, the pipeline schedule and its bubble (lecture 3, docs/DESIGN.md
// §F.3), checked against counts and shares worked out by hand.
#include "core/explain/timeline.h"
#include "tests/common/testutils.h"

#include <cmath>
#include <map>

using namespace shardscope;

namespace {

std::map<EventKind, int> countKinds(const std::vector<const TimelineEvent *> &events)
{
    std::map<EventKind, int> out;
    for (const TimelineEvent *ev : events)
        ++out[ev->kind];
    return out;
}

Plan llama70bTp4Pp2()
{
    Plan p;
    p.tp = 4;
    p.pp = 2;
    p.microbatches = 4;
    p.maxModelLen = 8192;
    return p;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT
private slots:
    // A flow shop of identical micro-batches, by hand.
    void scheduleEqualStages()
    {
        // Two stages of 1 s, m = 4: beats 0..4, stage 1 starts at 1, everything ends at 5 = m + p - 1.
        const PipelineSchedule s = schedulePipeline({ 1.0, 1.0 }, 4);
        QCOMPARE(s.makespanSec, 5.0);
        QCOMPARE(s.starts[1][0], 1.0);
        QCOMPARE(s.starts[1][3], 4.0);
        // Each lane idles p - 1 = 1 s of 5: (p - 1) / (m + p - 1) = 1/5.
    }
    void scheduleUnequalStages()
    {
        // Slow second stage (1 s, 2 s): 1 + 2 + 3 × 2 = 9 s; stage 1 never waits after its first start.
        const PipelineSchedule a = schedulePipeline({ 1.0, 2.0 }, 4);
        QCOMPARE(a.makespanSec, 9.0);
        QCOMPARE(a.starts[1][1], 3.0); // its own previous micro-batch ends at 1 + 2
        // Slow first stage (2 s, 1 s): also 9 s, and stage 1 waits 1 s before each micro-batch.
        const PipelineSchedule b = schedulePipeline({ 2.0, 1.0 }, 4);
        QCOMPARE(b.makespanSec, 9.0);
        QCOMPARE(b.starts[1][1], 4.0); // stage 0 hands over micro-batch 1 at 2 × 2
    }

    // The worked case: Llama-3.1-70B, tp 4, pp 2, m 4, decode of one sequence.
    void llama70bEventsPerLane()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(llama70bTp4Pp2(), m, gpu);
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Decode);
        QCOMPARE(tl.stages, 2);
        QCOMPARE(tl.worldSize, 8);
        // 80 layers on 2 stages: 40 each, 4 groups of 10 layers per stage.
        // Stage 0, per micro-batch: embedding AllReduce, 4 × (compute + TP AllReduce), PP send = 10.
        // Stage 1, per micro-batch: PP AllGather, 4 × (compute + TP AllReduce), LM-head gather = 10.
        // Stage 1 is the slower one (it also reads the LM head, 128,256 × 8,192 × 2 B / 4 = 525 MB),
        // so stage 0 never waits: one drain on stage 0, one fill on stage 1, no stalls.
        const auto s0 = countKinds(tl.stageEvents(0));
        QCOMPARE(s0.at(EventKind::EmbeddingAllReduce), 4);
        QCOMPARE(s0.at(EventKind::Compute), 16);
        QCOMPARE(s0.at(EventKind::TpAllReduce), 16);
        QCOMPARE(s0.at(EventKind::PpSend), 4);
        QCOMPARE(s0.at(EventKind::Idle), 1);
        QCOMPARE(s0.count(EventKind::PpGather), size_t(0));
        QCOMPARE(tl.stageEvents(0).size(), size_t(41));
        const auto s1 = countKinds(tl.stageEvents(1));
        QCOMPARE(s1.at(EventKind::PpGather), 4);
        QCOMPARE(s1.at(EventKind::Compute), 16);
        QCOMPARE(s1.at(EventKind::TpAllReduce), 16);
        QCOMPARE(s1.at(EventKind::LmHeadGather), 4);
        QCOMPARE(s1.at(EventKind::Idle), 1);
        QCOMPARE(tl.stageEvents(1).size(), size_t(41));
        // GPUs 0-3 are stage 0 and 4-7 stage 1 (TP fastest).
        QCOMPARE(laneStage(e, 3), 0);
        QCOMPARE(laneStage(e, 4), 1);
        // Each TP AllReduce event is 2 × 10 layers = 20 AllReduces of S = 1 × 8192 × 2 B = 16,384 B.
        for (const TimelineEvent *ev : tl.stageEvents(0))
            if (ev->kind == EventKind::TpAllReduce) {
                QCOMPARE(ev->count, 20);
                QCOMPARE(ev->bytesPerOp, 16384.0);
                QCOMPARE(ev->link, LinkKind::ScaleUp);
            }
        const auto idle0 = tl.stageEvents(0).back();
        QCOMPARE(idle0->idle, IdleReason::Drain);
        QCOMPARE(tl.stageEvents(1).front()->idle, IdleReason::Fill);
    }

    void llama70bBubble()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(llama70bTp4Pp2(), m, gpu);
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Decode);
        // Lecture 3 (docs/DESIGN.md §F.3): (p − 1) / (m + p − 1) = (2 − 1) / (4 + 2 − 1) = 1/5.
        QCOMPARE(tl.formulaBubbleFraction, 0.2);
        // With equal stages t each, every lane idles (p − 1) t of (m + p − 1) t: exactly 1/5. Here
        // stage 1 also reads the LM head: per GPU 40 layers × 855.6M params / 4 × 2 B ≈ 17.1 GB plus
        // 168 MB of KV (4096 tokens × 40 layers × 1,024 B) for stage 0, + 525 MB for stage 1; at
        // 3.35 TB/s × 0.8 that is t0 ≈ 6.45 ms and t1 ≈ 6.64 ms, both + 80 AllReduces ≈ 0.49 ms.
        // Stage 0 runs back to back, then drains t0 + m (t1 − t0); stage 1 fills t0:
        // (2 t0 + m (t1 − t0)) / (2 (t0 + m t1)) = (13.88 + 0.76) / (2 × 35.46) ≈ 0.206.
        QVERIFY2(tl.bubbleFraction >= 0.2 && tl.bubbleFraction <= 0.21, std::to_string(tl.bubbleFraction).c_str());
        QCOMPARE(tl.stallFraction, 0.0);
        // The same closed form on the timeline's own stage times (a check of the schedule).
        const double t0 = tl.stageBusySec[0], t1 = tl.stageBusySec[1];
        QVERIFY(t1 > t0);
        QVERIFY(near(tl.bubbleFraction, (2 * t0 + 4 * (t1 - t0)) / (2 * (t0 + 4 * t1)), 1e-9));
        // One micro-batch's path is TPOT (the time model's sum over stages); m of them take
        // path + (m − 1) × the slowest stage.
        QVERIFY(near(tl.pathSec, e.time.tpotSec, 1e-9));
        QVERIFY(near(tl.makespanSec, tl.pathSec + 3 * t1, 1e-12));
        // The time model charges the receiving AllGather (≈ 3 µs) to the sending stage; the timeline
        // draws it on the receivers. The pipelines agree to well under 0.1 %.
        QVERIFY(near(tl.makespanSec, e.time.pipelineSec, 1e-3));
    }

    void eventsNeverOverlapOnALane()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(llama70bTp4Pp2(), m, gpu);
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Prefill);
        for (int s = 0; s < tl.stages; ++s) {
            double t = 0;
            for (const TimelineEvent *ev : tl.stageEvents(s)) {
                QVERIFY(near(ev->startSec, t, 1e-9) || (t == 0 && ev->startSec == 0));
                t = ev->endSec;
            }
            QVERIFY(near(t, tl.makespanSec, 1e-9)); // every lane is accounted for until the end
        }
        QVERIFY(near(tl.pathSec, e.time.ttftSec, 1e-9));
    }

    void gpusAndLinksOfEvents()
    {
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Evaluation e = evaluate(llama70bTp4Pp2(), m, gpu);
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Decode);
        const TimelineEvent *send = nullptr, *allreduce1 = nullptr;
        for (const TimelineEvent &ev : tl.events) {
            if (ev.kind == EventKind::PpSend && !send)
                send = &ev;
            if (ev.kind == EventKind::TpAllReduce && ev.stage == 1 && !allreduce1)
                allreduce1 = &ev;
        }
        QVERIFY(send && allreduce1);
        // Stage 0 → 1: TP rank t of stage 0 (GPU t) sends to TP rank t of stage 1 (GPU 4 + t).
        QCOMPARE(eventGpus(e, *send), (std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7 }));
        QCOMPARE(eventGroups(e, *send), (std::vector<std::vector<int>> { { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 } }));
        // 2 × 1 × 8192 × 2 B = 32,768 B per boundary, each GPU sends a quarter.
        QCOMPARE(send->bytesPerOp, 32768.0);
        QCOMPARE(send->bytesSentPerGpu, 8192.0);
        QCOMPARE(eventGroups(e, *allreduce1), (std::vector<std::vector<int>> { { 4, 5, 6, 7 } }));
        QCOMPARE(eventLabel(*allreduce1), std::string("TP AllReduce ×20, layers 40–49 (scaleup) — micro-batch 0"));
    }

    // DeepSeek-V3 with EP: dispatch and combine per layer group add up to the ledger's EP time.
    void moeDispatchCombine()
    {
        Plan p;
        p.tp = 8;
        p.dp = 2;
        p.ep = 16;
        p.batch = 32;
        p.maxModelLen = 8192;
        const ModelSpec m = presetModel("deepseek-v3");
        const GpuSpec gpu = presetGpu("h200");
        const Evaluation e = evaluate(p, m, gpu);
        QVERIFY(e.valid);
        const Timeline tl = buildTimeline({ e, m, gpu }, Phase::Decode);
        // 61 layers in 4 groups: 16, 15, 15, 15; the first 3 are dense, so the MoE layers per group
        // are 13, 15, 15, 15 (58 in all).
        std::vector<int> dispatchCounts;
        double epSec = 0;
        for (const TimelineEvent *ev : tl.stageEvents(0)) {
            if (ev->kind == EventKind::EpDispatch)
                dispatchCounts.push_back(ev->count);
            if ((ev->kind == EventKind::EpDispatch || ev->kind == EventKind::EpCombine) && ev->microbatch == 0)
                epSec += ev->durationSec();
        }
        QCOMPARE(dispatchCounts, (std::vector<int> { 13, 15, 15, 15 }));
        QVERIFY(near(epSec, e.comm.stages[0].epSec, 1e-12));
        // One pipeline stage, one micro-batch: no bubble.
        QCOMPARE(tl.bubbleFraction, 0.0);
        // The EP group is the 16 GPUs of the stage: one all-to-all of 16.
        for (const TimelineEvent &ev : tl.events)
            if (ev.kind == EventKind::EpCombine) {
                QCOMPARE(eventGroups(e, ev).size(), size_t(1));
                QCOMPARE(eventGroups(e, ev).front().size(), size_t(16));
                break;
            }
    }

    // Thousands of micro-batches are laid out as TimelineOptions::maxMicrobatches (64).
    void manyMicrobatchesCapped()
    {
        Plan p = llama70bTp4Pp2();
        p.microbatches = 100000;
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Timeline tl = buildTimeline({ evaluate(p, m, gpu), m, gpu }, Phase::Decode);
        QCOMPARE(tl.planMicrobatches, 100000);
        QCOMPARE(tl.microbatches, 64);
        // 64 × 10 work events per stage + one idle each: 2 × 641
        QCOMPARE(tl.events.size(), size_t(1282));
        QCOMPARE(tl.formulaBubbleFraction, 1.0 / 65); // (2 − 1) / (64 + 2 − 1)
    }

    void invalidPlanGivesEmptyTimeline()
    {
        Plan p;
        p.tp = 3; // 64 heads are not divisible by 3
        const ModelSpec m = presetModel("llama-3.1-70b");
        const GpuSpec gpu = presetGpu("h100-sxm");
        const Timeline tl = buildTimeline({ evaluate(p, m, gpu), m, gpu }, Phase::Decode);
        QVERIFY(tl.events.empty());
        QCOMPARE(tl.makespanSec, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
