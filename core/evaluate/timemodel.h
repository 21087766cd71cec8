#pragma once
#include "core/evaluate/commledger.h"
#include "core/model/gpuspec.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"

#include <cstdint>
#include <vector>

namespace shardscope {

struct Evaluation;

// Defaults of the efficiency knobs (a plan value >= 0 overrides them).
// HBM: aiconfigurator applies 0.8 to peak HBM bandwidth (mem_bw_empirical_scaling_factor,
// docs/DESIGN.md §E.2 "Achievable vs peak").
inline constexpr double kDefaultHbmEfficiency = 0.8;
// Compute: the reference gives no measurement; roofline simulators calibrate H100 prefill at
// 0.6-0.65 of dense peak (inference-sim's roofline calibration: mfuPrefill 0.65). We take 0.65.
inline constexpr double kDefaultComputeEfficiency = 0.65;

// One stage's step on its busiest GPU (docs/DESIGN.md §5): max(bytes read / HBM bandwidth,
// FLOPs / peak) + the stage's communication. Bytes, FLOPs and seconds; all estimates.
struct StageTime
{
    int stage = 0;
    double weightBytesRead = 0; // decode: only the experts the batch touches; embedding rows, not the table
    double kvBytes = 0; // decode: KV the batch reads; prefill: KV it writes
    double flops = 0;
    double memorySec = 0;
    double computeSec = 0;
    double commSec = 0;
    double stepSec = 0;
    bool computeBound = false;
    double bytes() const { return weightBytesRead + kvBytes; }
};

struct PhaseTime
{
    Phase phase = Phase::Decode;
    std::int64_t tokens = 0; // n of the step
    std::vector<StageTime> stages;
    double latencySec = 0; // the sum over stages: one token's path (PP does not shorten it)
    double slowestStageSec = 0; // the pipeline's beat
};

struct TimeEstimate
{
    PhaseTime decode; // --batch sequences, each attending over --prompt-len tokens
    PhaseTime prefill; // one prompt of --prompt-len tokens
    double decodeStepSec = 0; // the slowest stage's decode step
    double tpotSec = 0; // decode.latencySec
    double ttftSec = 0; // prefill.latencySec
    int microbatches = 1;
    double bubbleFraction = 0; // (p - 1) / (m + p - 1), lecture 3 (docs/DESIGN.md §F.3)
    double pipelineSec = 0; // m micro-batches through the pipeline: TPOT + (m - 1) x slowest stage
    double replicaTokensPerSec = 0; // m x n / pipelineSec
    double tokensPerSecPerGpu = 0; // replicaTokensPerSec / (tp x pp)
    std::int64_t contextTokens = 0; // KV each decoding sequence attends over
    double hbmBytesPerSec = 0; // peak
    double hbmEfficiency = 0;
    double peakFlops = 0; // dense, in the format the GEMMs run in
    const char *peakFormat = "bf16"; // "bf16" or "fp8"
    double computeEfficiency = 0;
};

// Lecture 3 (docs/DESIGN.md §F.3): the share of a pipeline that idles while m micro-batches fill and drain p stages.
double bubbleFraction(int stages, int microbatches);
// The expected fraction of E experts that n tokens choosing k each touch: 1 - (1 - k/E)^n.
double expertCoverage(double tokens, int k, int experts);

// The estimate with ledgers already computed for a decode step (n = --batch) and a prefill step
// (n = --prompt-len); evaluate() computes both once.
TimeEstimate estimateTime(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu, const CommLedger &decodeComm,
    const CommLedger &prefillComm);
TimeEstimate estimateTime(const Evaluation &e, const ModelSpec &m, const GpuSpec &gpu);

} // namespace shardscope
