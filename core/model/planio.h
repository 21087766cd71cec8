#pragma once
#include "core/model/plan.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace shardscope {

// The "plan" object of a saved plan file (*.shardscope.json) and of `--plan FILE`.
// Field names are the CLI flag names with underscores (tp, pp, dp, ep, gpu_memory_utilization, ...).
nlohmann::json planToJson(const Plan &plan);
// Disaggregated plans add "serving_mode" ("aggregated" | "disaggregated"), "prefill" and "decode" (each
// {tp, pp, dp, ep, gpu, instances, max_num_seqs, max_num_batched_tokens}; gpu "" = the plan's, 0 = the plan's
// batch setting), "kv_transfer_link" ("nic" | "scaleup" | "node") and "kv_connector" ("NixlConnector").
nlohmann::json poolPlanToJson(const PoolPlan &pool);
PoolPlan poolPlanFromJson(const nlohmann::json &json, const char *key);
// Unknown fields are ignored; present fields of the wrong type or out of range throw InputError.
Plan planFromJson(const nlohmann::json &json);

// A saved plan file (*.shardscope.json), what the window's File → Open and `--plan FILE` both read:
//   {"schema": "shardscope.planfile/1",
//    "plan": {planToJson fields},
//    "model_config": {...}   only when the model is not a built-in preset (a user config.json)
//    "gpu_spec": {...}       only when the GPU is not a built-in preset
//    "workload": {...}       the window's serving workload (core/serving/workloadio.h); optional, so
//                            files written before it load with the default workload
//    "vllm_extra_args": [...]} optional: vllm serve arguments the export passes through (PlanFile)
// `shardscope import` output (schema "shardscope.import/1", a "plan" object too) reads as one as well.
inline constexpr const char *kPlanFileSchema = "shardscope.planfile/1";
inline constexpr int kPlanFileSchemaVersion = 1;

struct PlanFile
{
    Plan plan;
    // The embedded specs as JSON text ("" when absent), for modelFromJsonText / ModelCatalog::addModelJson.
    // Read as text, not parsed: a caller that overrides the model (--model) never needs it.
    std::string modelConfig;
    std::string gpuSpec;
    // The "workload" object as JSON text ("" when absent), read by workloadFromJson (core/serving sits
    // above core/model, so the envelope carries it unparsed like the specs).
    std::string workload;
    // "vllm_extra_args": vllm serve arguments without a plan field, as argv words
    // (["--trust-remote-code", "--tool-call-parser", "kimi_k2"]); read by the vLLM export
    // (vllmExtraArgsFromWords, core/launch/launchexport.h). Strings only, at most 128, no control characters.
    std::vector<std::string> vllmExtraArgs;
    // "model_path": what `vllm serve` loads (a Hugging Face repo or a directory), when it is not the preset's
    // hf_repo: the checkpoint an imported command named (Qwen/Qwen3.5-27B-FP8 for the qwen3.5-27b preset).
    // An import's JSON carries it as its top-level "model". One line, at most 4096 bytes.
    std::string modelPath;
};

// Reads a plan file's text. Throws InputError with a one-line message: not valid JSON, no "plan" object,
// a foreign or newer schema, a bad plan field (planFromJson). `fileName`, when given, starts the message
// ("p.json is not valid JSON: ..."); the window names the file in its own sentence instead.
PlanFile planFileFromJsonText(const std::string &text, const std::string &fileName = {});
// The file's text: the schema, the plan, the embedded specs that are set; two-space indented.
std::string planFileToJsonText(const PlanFile &file);

} // namespace shardscope
