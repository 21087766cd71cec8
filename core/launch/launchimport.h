#pragma once
#include "core/launch/launchexport.h"
#include "core/model/modelspec.h"
#include "core/model/plan.h"
#include "core/text/sentence.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

// What a command says about how it is launched (multi-node flags, Ray), beyond the plan itself.
struct ImportedLaunch
{
    Launcher launcher = Launcher::Mp;
    int nodes = 0; // --nnodes, or derived from DP-local ranks or `ray start` lines; 0: not said
    int nodeRank = -1; // --node-rank; -1: not given
    bool headless = false;
    std::string headAddress; // --master-addr / --data-parallel-address / ray's, when a literal value
    std::string headPlaceholder; // the variable name when the address is $NAME
    int port = 0; // --master-port / --data-parallel-rpc-port / ray's --port; 0: not given
    int dataParallelSizeLocal = -1;
    int dataParallelStartRank = -1;
    std::string all2allBackend;
};

struct ImportedCommand
{
    Plan plan; // the fields the command sets; everything else keeps the planner's default
    std::string model; // the model argument as written (Hugging Face repo or path)
    std::string entry; // "vllm serve", "python -m <module>" or "docker run <image>"
    std::vector<std::string> unknownFlags; // not vLLM options, as written with their values
    std::vector<std::string> ignoredFlags; // vLLM options without a plan field, as written
    // The ignored vLLM options the export passes through (exportOptionsFor): the plan's own flags and
    // unfilled placeholders left out.
    std::vector<VllmExtraArg> vllmExtraArgs;
    std::vector<std::pair<std::string, std::string>> env; // variables the text sets (NAME=value, export, docker -e)
    ImportedLaunch launch;
    std::vector<Sentence> warningTexts; // the warnings, translatable (context "VllmImport")
    std::vector<std::string> warnings() const; // in English
};

// Reads a pasted launch: `vllm serve ...`, `python -m vllm.entrypoints.openai.api_server ...` or
// `docker run ... vllm/vllm-openai ... <args>`, with shell quoting, continuations, `--flag=value`,
// `--flag value`, `--flag_name`, vLLM's short aliases (-tp, -pp, -dp, ...), environment prefixes and
// comments. Text with several commands (a whole export) is read from its first vLLM command.
// Untrusted input: throws InputError with a one-line message, never crashes; at most 1 MiB.
ImportedCommand importLaunchCommand(std::string_view text);

// Export options that reproduce the imported launch (target vLLM): launcher, nodes, address, port,
// model path, all2all backend. Export -> import -> export gives the same text with these.
ExportOptions exportOptionsFor(const ImportedCommand &imported);

// The preset a model reference names: by id, by Hugging Face repo (case-insensitive), an alias, the
// last component of a local path matching the repo's name, or a variant name (matchModelPreset in
// core/launch/presetmatch.h). -1 when none does.
int findModelPreset(const std::vector<ModelSpec> &models, std::string_view reference);

// {"schema": "shardscope.import/1", "model", "entry", "plan": planToJson, "unknown_flags",
//  "ignored_flags", "vllm_extra_args" (vllmExtraArgWords), "env", "launch", "warnings"}. The object is also a
//  valid `--plan FILE`.
nlohmann::json importToJson(const ImportedCommand &imported);

} // namespace shardscope
