// Hand-written companions of the generated flag list (vllmflags.cpp). Sources are named per table.
#include "core/launch/vllmflags.h"

#include <algorithm>

namespace shardscope {

namespace {

// docs/DESIGN.md §A.1 and §A.2, "flag (aliases)" columns (argparse aliases registered in
// vllm/engine/arg_utils.py EngineArgs.add_cli_args and vllm/entrypoints/openai/cli_args.py).
const FlagAlias kAliases[] = {
    { "-tp", "--tensor-parallel-size" },
    { "-pp", "--pipeline-parallel-size" },
    { "-dp", "--data-parallel-size" },
    { "-dpl", "--data-parallel-size-local" },
    { "-dpr", "--data-parallel-start-rank" },
    { "-dpa", "--data-parallel-address" },
    { "-dpp", "--data-parallel-rpc-port" },
    { "-dpb", "--data-parallel-backend" },
    { "-dpn", "--data-parallel-rank" },
    { "-dph", "--data-parallel-hybrid-lb" },
    { "-dpe", "--data-parallel-external-lb" },
    { "-dpm", "--data-parallel-multi-port-external-lb" },
    { "-asc", "--api-server-count" },
    { "-n", "--nnodes" },
    { "-r", "--node-rank" },
    { "-ep", "--enable-expert-parallel" },
    { "-dcp", "--decode-context-parallel-size" },
    { "-pcp", "--prefill-context-parallel-size" },
    { "-q", "--quantization" },
    { "-O", "--optimization-level" },
};

// bool fields of vLLM's config dataclasses (BooleanOptionalAction, docs/DESIGN.md §A.0)
// and serve's store_true flags. Only options whose type is evident from docs/DESIGN.md §A or their name.
const char *const kSwitches[] = {
    "--headless",
    "--grpc",
    "--enable-expert-parallel",
    "--enable-eplb",
    "--enable-ep-weight-filter",
    "--enable-elastic-ep",
    "--enable-dbo",
    "--data-parallel-hybrid-lb",
    "--data-parallel-external-lb",
    "--data-parallel-multi-port-external-lb",
    "--disable-custom-all-reduce",
    "--disable-nccl-for-dp-synchronization",
    "--ray-workers-use-nsight",
    "--enforce-eager",
    "--language-model-only",
    "--skip-mm-profiling",
    "--enable-chunked-prefill",
    "--enable-prefix-caching",
    "--async-scheduling",
    "--trust-remote-code",
    "--allow-deprecated-quantization",
    "--skip-tokenizer-init",
    "--disable-sliding-window",
    "--disable-cascade-attn",
    "--enable-prompt-embeds",
    "--enable-sleep-mode",
    "--enable-return-routed-experts",
    "--calculate-kv-scales",
    "--kv-sharing-fast-prefill",
    "--disable-hybrid-kv-cache-manager",
    "--disable-chunked-mm-input",
    "--enable-lora",
    "--fully-sharded-loras",
    "--disable-log-stats",
    "--enable-log-requests",
    "--enable-log-outputs",
    "--enable-auto-tool-choice",
    "--enable-prompt-tokens-details",
    "--enable-server-load-tracking",
    "--enable-force-include-usage",
    "--enable-tokenizer-info-endpoint",
    "--enable-request-id-headers",
    "--disable-fastapi-docs",
    "--disable-uvicorn-access-log",
    "--allow-credentials",
    "--return-tokens-as-token-ids",
    "--trust-request-chat-template",
    "--exclude-tools-when-tool-choice-none",
};

// docs/DESIGN.md §A.1, --all2all-backend (naive and pplx are accepted but fall back).
const char *const kAll2all[] = {
    "allgather_reducescatter",
    "deepep_high_throughput",
    "deepep_low_latency",
    "deepep_v2",
    "mori_high_throughput",
    "mori_low_latency",
    "nixl_ep",
    "flashinfer_nvlink_two_sided",
    "flashinfer_nvlink_one_sided",
    "flashinfer_all2allv",
};

// SGLang's server arguments documentation (sgl-project/sglang docs/advanced_features/
// server_arguments.md): --tp and --dp are the short spellings its examples use for --tp-size and
// --dp-size.
const char *const kSglangFlags[] = {
    "--model-path",
    "--trust-remote-code",
    "--tp",
    "--dp",
    "--pp-size",
    "--ep-size",
    "--enable-dp-attention",
    "--mem-fraction-static",
    "--context-length",
    "--max-running-requests",
    "--kv-cache-dtype",
    "--quantization",
    "--disable-cuda-graph",
    "--enable-eplb",
    "--ep-num-redundant-experts",
    "--nnodes",
    "--node-rank",
    "--dist-init-addr",
};

bool contains(std::span<const char *const> list, std::string_view name)
{
    return std::any_of(list.begin(), list.end(), [&](const char *f) { return name == f; });
}

} // namespace

const char *const kVllmCommit = "7cfb97e33791a348cd5d7b622cca521d82d8399f";
const char *const kVllmVersionLabel = "vLLM main @ 7cfb97e3 (2026-08-20, just after v0.28.0)";

namespace vllmflags024 {
std::span<const char *const> flags(); // vllmflags.cpp
}
namespace vllmflags028 {
std::span<const char *const> flags(); // vllmflags028.cpp
}

std::span<const VllmFlagTable> vllmFlagTables()
{
    static const VllmFlagTable kTables[] = {
        { VllmVersion { 0, 24, 0 }, "0a1c5034f5e4fe736db672010cda33d9d850f87e",
            "vLLM main @ 0a1c5034 (2026-06-15, v0.24-dev)", vllmflags024::flags() },
        { VllmVersion { 0, 28, 0 }, kVllmCommit, kVllmVersionLabel, vllmflags028::flags() },
    };
    return kTables;
}

const VllmFlagTable &vllmFlagTableFor(const VllmVersion &v)
{
    const VllmVersion r = resolvedVllmVersion(v);
    const auto tables = vllmFlagTables();
    const VllmFlagTable *best = &tables.front();
    for (const VllmFlagTable &t : tables)
        if (t.release <= r)
            best = &t;
    return *best;
}

std::span<const char *const> vllmServeFlags()
{
    return vllmFlagTables().back().flags;
}

bool isVllmServeFlag(std::string_view longFlag)
{
    const auto tables = vllmFlagTables();
    return std::any_of(
        tables.begin(), tables.end(), [&](const VllmFlagTable &t) { return contains(t.flags, longFlag); });
}

namespace {

// Flags added between two tables whose first release is known (vllmversion.h).
struct PinnedFlag
{
    const char *flag;
    VllmVersion release;
};
const PinnedFlag kPinned[] = {
    { "--mm-ipc-gpu-memory-gb", kMmIpcReserve },
};

} // namespace

std::optional<VllmVersion> vllmFlagIntroducedIn(std::string_view longFlag)
{
    for (const PinnedFlag &p : kPinned)
        if (longFlag == p.flag)
            return p.release;
    for (const VllmFlagTable &t : vllmFlagTables())
        if (contains(t.flags, longFlag))
            return t.release;
    return std::nullopt;
}

bool vllmKnowsFlag(std::string_view longFlag, const VllmVersion &v)
{
    const VllmFlagTable &own = vllmFlagTableFor(v);
    if (contains(own.flags, longFlag))
        return true;
    // Added after own's commit: known when its first release is pinned at or before v and a later table has it.
    const auto since = vllmFlagIntroducedIn(longFlag);
    if (!since || !(*since <= resolvedVllmVersion(v)) || *since <= own.release)
        return false;
    for (const VllmFlagTable &t : vllmFlagTables())
        if (own.release < t.release && contains(t.flags, longFlag))
            return true;
    return false;
}

std::span<const FlagAlias> vllmFlagAliases()
{
    return kAliases;
}

const char *vllmFlagForAlias(std::string_view shortFlag)
{
    for (const FlagAlias &a : kAliases)
        if (shortFlag == a.alias)
            return a.flag;
    return nullptr;
}

bool isVllmSwitch(std::string_view longFlag)
{
    return contains(kSwitches, longFlag);
}

std::span<const char *const> vllmAll2allBackends()
{
    return kAll2all;
}

bool isVllmAll2allBackend(std::string_view name)
{
    return contains(kAll2all, name);
}

std::span<const char *const> sglangServerFlags()
{
    return kSglangFlags;
}

bool isSglangServerFlag(std::string_view longFlag)
{
    return contains(kSglangFlags, longFlag);
}

} // namespace shardscope
