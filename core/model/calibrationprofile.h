#pragma once
#include "core/model/vllmversion.h"

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace shardscope {

// Overhead terms fitted to one real vLLM startup log (reconcile's "calibrate"), for one GPU and one
// vLLM version. Weights and KV bytes per token are formulas and are never calibrated; only the
// measured overheads are: peak activation (as a factor on the model, so it carries over to other
// batch settings), non-torch memory and the CUDA-graph pool. A term left at its "not calibrated"
// value keeps the estimate. Schema "shardscope.calibration/1".
struct CalibrationProfile
{
    std::string name; // empty: no profile, every overhead is estimated
    std::string gpuId;
    VllmVersion vllmVersion;
    int tp = 1; // TP size of the fitted run (non-torch memory depends on it)
    double activationScale = 0; // > 0: multiplies the modelled peak activation
    double nonTorchBytes = -1; // >= 0: replaces the non-torch estimate (same TP class: 1 or >= 2)
    double cudaGraphBytes = -1; // >= 0: replaces the CUDA-graph estimate
    std::string source; // the log it was fitted to (file name), for display

    bool active() const { return !name.empty(); }
    // Which estimates the profile replaces: the evaluation, the memory terms and "show your work" all
    // ask here. Non-torch memory carries over only within its TP class (1, or >= 2: NCCL and custom
    // all-reduce buffers appear from tp 2).
    bool replacesActivation() const { return active() && activationScale > 0; }
    bool replacesNonTorch(int planTp) const { return active() && nonTorchBytes >= 0 && ((tp <= 1) == (planTp <= 1)); }
    bool replacesCudaGraph() const { return active() && cudaGraphBytes >= 0; }
    bool operator==(const CalibrationProfile &) const = default;
};

nlohmann::json calibrationToJson(const CalibrationProfile &c);
// Throws InputError with a one-line message on a malformed profile.
CalibrationProfile calibrationFromJson(const nlohmann::json &j);
CalibrationProfile calibrationFromJsonText(const std::string &text);

} // namespace shardscope
