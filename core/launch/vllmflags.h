#pragma once
#include <span>
#include <string_view>
#include <utility>

namespace shardscope {

// The vLLM release the tables below describe (tests/core/data/vllm_flags.txt, docs/DESIGN.md §A).
extern const char *const kVllmCommit; // full commit hash
extern const char *const kVllmVersionLabel; // for people: "vLLM main @ 0a1c5034 (..., shortly after v0.21)"

// Every long option `vllm serve` accepts at kVllmCommit, as "--name" (generated, vllmflags.cpp).
// The exporter refuses to emit a flag that is not in this list.
std::span<const char *const> vllmServeFlags();
bool isVllmServeFlag(std::string_view longFlag);

// argparse short aliases ("-tp" -> "--tensor-parallel-size"); nullptr when `shortFlag` is not one.
struct FlagAlias
{
    const char *alias;
    const char *flag;
};
std::span<const FlagAlias> vllmFlagAliases();
const char *vllmFlagForAlias(std::string_view shortFlag);

// Options that take no value (bool fields, argparse BooleanOptionalAction or store_true). Import
// uses it so that the word after such a switch is not read as its value.
bool isVllmSwitch(std::string_view longFlag);

// The choices of --all2all-backend (docs/DESIGN.md §A.1).
std::span<const char *const> vllmAll2allBackends();
bool isVllmAll2allBackend(std::string_view name);

// The SGLang launch_server options the exporter may emit (SGLang's server-arguments documentation:
// docs/advanced_features/server_arguments.md in sgl-project/sglang).
std::span<const char *const> sglangServerFlags();
bool isSglangServerFlag(std::string_view longFlag);

} // namespace shardscope
