#pragma once
#include "core/model/vllmversion.h"

#include <optional>
#include <span>
#include <string_view>
#include <utility>

namespace shardscope {

// The newest vLLM flag table (tests/core/data/vllm_flags_0.28.txt, docs/DESIGN.md §A).
extern const char *const kVllmCommit; // full commit hash
extern const char *const kVllmVersionLabel; // for people: "vLLM main @ 7cfb97e3 (2026-08-20, just after v0.28.0)"

// One `vllm serve` flag table per vLLM source tree read, oldest first (generated lists, vllmflags*.cpp):
//  - 0.24: main @ 0a1c5034 (2026-06-15, v0.24-dev), tests/core/data/vllm_flags.txt, 263 flags;
//  - 0.28: main @ 7cfb97e3 (2026-08-20, just after v0.28.0), tests/core/data/vllm_flags_0.28.txt, 287 flags.
// A release uses the newest table at or before it; older releases than the first table use the first.
struct VllmFlagTable
{
    VllmVersion release; // the release the table stands for (and the ones after it, up to the next table)
    const char *commit;
    const char *label;
    std::span<const char *const> flags;
};
std::span<const VllmFlagTable> vllmFlagTables();
const VllmFlagTable &vllmFlagTableFor(const VllmVersion &v);

// Every long option of the newest table, as "--name". isVllmServeFlag(flag): in any table (import reads
// commands for older releases too).
std::span<const char *const> vllmServeFlags();
bool isVllmServeFlag(std::string_view longFlag);
// Whether release `v` knows the flag: it is in v's table, or it is a later table's flag whose first release
// is pinned at or before v (--mm-ipc-gpu-memory-gb: 0.25, vllmversion.h kMmIpcReserve).
bool vllmKnowsFlag(std::string_view longFlag, const VllmVersion &v);
// The first release that has the flag: a pinned release, else the first table holding it; nothing when no
// table has it.
std::optional<VllmVersion> vllmFlagIntroducedIn(std::string_view longFlag);

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
