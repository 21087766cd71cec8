#pragma once
#include "core/launch/launchexport.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace shardscope {

// The vLLM launch of a disaggregated plan (issue #18 §2), after vLLM's NixlConnector usage guide
// (docs/features/nixl_connector_usage.md, "Multi-Instance Setup"): every prefill instance runs
// `vllm serve ... --kv-transfer-config {"kv_connector":"NixlConnector","kv_role":"kv_producer"}`, every
// decode instance the same with "kv_consumer", each with VLLM_NIXL_SIDE_CHANNEL_HOST / _PORT; then the
// proxy that sends each request to a prefiller (max_tokens 1) and to a decoder
// (tests/v1/kv_connector/nixl_integration/toy_proxy_server.py in vLLM's repository).

// The keys written into --kv-transfer-config, checked against vLLM's KVTransferConfig fields
// (vllm/config/kv_transfer.py @ 007c643b4abb7a79e69ef2b343b3dc80eb643c0d) and kv_role's values.
bool isKvTransferConfigKey(const std::string &key);
bool isKvRole(const std::string &role);
// {"kv_connector":"NixlConnector","kv_role":"kv_producer"} (prefill) or "kv_consumer" (decode).
std::string kvTransferConfigJson(KvConnector connector, Pool pool);

struct DisaggInstanceLaunch
{
    Pool pool = Pool::Prefill;
    int instance = 0; // 0-based within the pool
    std::string address; // the placeholder naming the instance's node 0 (PREFILL0_IP)
    int apiPort = 0; // the instance's OpenAI server port (--port)
    int sideChannelPort = 0; // VLLM_NIXL_SIDE_CHANNEL_PORT (each DP rank adds its dp_rank)
    std::vector<NodeLaunch> nodeLaunches; // the instance's nodes, each with its commands
};

struct DisaggExportResult
{
    bool ok = false;
    std::string refusalCode;
    std::string refusal; // "prefill pool: <the pool's refusal>"
    ExportResult prefill; // one instance of each pool as exportLaunch() builds it
    ExportResult decode;
    std::vector<DisaggInstanceLaunch> instances; // prefill instances, then decode instances
    LaunchCommand proxy; // the router step
    int proxyPort = 8192;
    std::vector<Placeholder> placeholders;
    std::vector<std::string> notes; // noteTexts in English, for the text and the JSON
    std::vector<Sentence> noteTexts; // the same, for a caller that renders them in its language
    std::string flagSource;
    // Everything, ready to paste: a header, one block per instance and node, then the proxy.
    std::string text() const;
    // Every `vllm serve` command, prefill instances first (for checks and round trips).
    std::vector<const LaunchCommand *> serverCommands() const;
};

// `prefill` / `decode`: each pool evaluated from poolPlan(). Never throws: problems become a refusal.
// Refusal codes: a pool's own (prefixed by the pool in `refusal`), kv_transfer_config, target (SGLang).
DisaggExportResult exportDisaggregated(const Plan &plan, const Evaluation &prefill, const Evaluation &decode,
    const ModelSpec &model, const ExportOptions &options);

// {"schema": "shardscope.export/1", "ok", "serving_mode": "disaggregated", "flag_source", "placeholders",
//  "instances": [{"pool", "instance", "address", "api_port", "side_channel_port", "node_launches": [...]}],
//  "proxy": {"port", "command"}, "prefill": <the pool's export>, "decode": ..., "notes", "text"}.
nlohmann::json disaggExportToJson(const DisaggExportResult &result);

} // namespace shardscope
