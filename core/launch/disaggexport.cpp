#include "core/launch/disaggexport.h"
#include "core/launch/exportrules.h"

#include "core/launch/vllmflags.h"
#include "core/model/planio.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace shardscope {

namespace {

// The proxy and ports of vLLM's NixlConnector usage guide (docs/features/nixl_connector_usage.md):
// toy_proxy_server.py --port 8192; prefillers on 8100, decoders on 8200 in the same-host example;
// VLLM_NIXL_SIDE_CHANNEL_PORT defaults to 5600 and each DP rank of an instance uses base + dp_rank.
constexpr const char *kProxyScript = "tests/v1/kv_connector/nixl_integration/toy_proxy_server.py";
constexpr int kProxyPort = 8192;
constexpr int kPrefillApiPort = 8100;
constexpr int kSideChannelBase = 5600;

// KVTransferConfig's fields and kv_role's literal values (vllm/config/kv_transfer.py @ 007c643b).
constexpr const char *kKvTransferKeys[]
    = { "kv_connector", "engine_id", "kv_buffer_device", "kv_buffer_size", "kv_role", "kv_rank", "kv_parallel_size",
          "kv_ip", "kv_port", "kv_connector_extra_config", "kv_connector_module_path" };
constexpr const char *kKvRoles[] = { "kv_producer", "kv_consumer", "kv_both" };

std::string upper(const char *s)
{
    std::string out = s;
    for (char &c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// Placeholders named after the pool's single-instance export get the instance's own name:
// HEAD_IP (node 0 of a multi-node instance) becomes PREFILL0_IP, so that instances differ.
void renamePlaceholder(LaunchWord &w, const std::string &from, const std::string &to)
{
    for (LaunchWord::Part &p : w.parts)
        if (p.placeholder && p.text == from)
            p.text = to;
}

void renameInCommand(LaunchCommand &cmd, const std::string &from, const std::string &to)
{
    for (auto &[name, value] : cmd.env)
        renamePlaceholder(value, from, to);
    for (LaunchWord &w : cmd.program)
        renamePlaceholder(w, from, to);
    for (LaunchOption &o : cmd.options)
        for (LaunchWord &w : o.values)
            renamePlaceholder(w, from, to);
}

bool isServe(const LaunchCommand &cmd)
{
    return cmd.program.size() >= 2 && cmd.program[0].render() == "vllm" && cmd.program[1].render() == "serve";
}

std::string comment(const std::string &text)
{
    return "# " + text + "\n";
}

} // namespace

bool isKvTransferConfigKey(const std::string &key)
{
    return std::any_of(std::begin(kKvTransferKeys), std::end(kKvTransferKeys), [&](const char *k) { return key == k; });
}

bool isKvRole(const std::string &role)
{
    return std::any_of(std::begin(kKvRoles), std::end(kKvRoles), [&](const char *k) { return role == k; });
}

std::string kvTransferConfigJson(KvConnector connector, Pool pool)
{
    // The multi-instance example of the usage guide: kv_producer on prefillers, kv_consumer on decoders
    // (NixlConnector itself treats the role as a placeholder; the proxy decides who prefills).
    const nlohmann::json j = { { "kv_connector", kvConnectorName(connector) },
        { "kv_role", pool == Pool::Prefill ? "kv_producer" : "kv_consumer" } };
    return j.dump();
}

DisaggExportResult exportDisaggregated(const Plan &plan, const Evaluation &prefill, const Evaluation &decode,
    const ModelSpec &model, const ExportOptions &options)
{
    DisaggExportResult r;
    if (options.target != ExportTarget::Vllm) {
        r.refusalCode = "target";
        r.refusal = "a disaggregated plan exports to vLLM only (NixlConnector): use --target vllm";
        return r;
    }
    ExportOptions poolOptions = options;
    poolOptions.headAddress.clear(); // one address per instance: placeholders, never a single literal
    // Each instance's node 0 gets its own API --port below; a pass-through one would be a second.
    const bool passedPort = std::erase_if(
        poolOptions.vllmExtraArgs, [](const VllmExtraArg &a) { return vllmExtraArgTableFlag(a.flag) == "--port"; });
    r.prefill = exportLaunch(prefill, model, poolOptions);
    r.decode = exportLaunch(decode, model, poolOptions);
    for (const auto &[pool, result] :
        { std::pair { Pool::Prefill, &r.prefill }, std::pair { Pool::Decode, &r.decode } })
        if (!result->ok) {
            r.refusalCode = result->refusalCode;
            r.refusal = std::string(poolName(pool)) + " pool: " + result->message();
            return r;
        }
    r.flagSource = r.prefill.flagSource;
    if (!options.headAddress.empty())
        r.noteTexts.push_back(exportrules::say(QT_TRANSLATE_NOOP(
            "Export", "--head-address names one node; each instance has its own address placeholder instead")));
    if (passedPort)
        r.noteTexts.push_back(exportrules::say(
            QT_TRANSLATE_NOOP("Export", "pass-through --port left out: each instance has its own API port")));

    const VllmVersion release = resolvedVllmVersion(plan.vllmVersion);
    const int x = std::max(1, plan.prefill.instances), y = std::max(1, plan.decode.instances);
    const int prefillDp = std::max(1, prefill.plan.dp), decodeDp = std::max(1, decode.plan.dp);
    for (const Pool pool : { Pool::Prefill, Pool::Decode }) {
        const ExportResult &single = pool == Pool::Prefill ? r.prefill : r.decode;
        const int count = pool == Pool::Prefill ? x : y;
        const std::string config = kvTransferConfigJson(plan.kvConnector, pool);
        for (int i = 0; i < count; ++i) {
            DisaggInstanceLaunch inst;
            inst.pool = pool;
            inst.instance = i;
            inst.address = upper(poolName(pool)) + std::to_string(i) + "_IP";
            // Ports distinct over every instance, so that servers sharing a host (kv_transfer_link node)
            // never collide: prefillers from 8100, decoders after them; side-channel ports likewise, one
            // per DP rank.
            inst.apiPort = pool == Pool::Prefill ? kPrefillApiPort + i : kPrefillApiPort + x + i;
            inst.sideChannelPort = pool == Pool::Prefill ? kSideChannelBase + i * prefillDp
                                                         : kSideChannelBase + x * prefillDp + i * decodeDp;
            r.placeholders.push_back({ inst.address, "",
                "the address of " + std::string(poolName(pool)) + " instance " + std::to_string(i)
                    + (single.nodes > 1 ? " (its node 0)" : "") });
            for (const NodeLaunch &n : single.nodeLaunches) {
                NodeLaunch node = n;
                const std::string nodeAddress = n.node == 0
                    ? inst.address
                    : inst.address.substr(0, inst.address.size() - 3) + "_NODE" + std::to_string(n.node) + "_IP";
                if (n.node > 0)
                    r.placeholders.push_back({ nodeAddress, "",
                        "the address of node " + std::to_string(n.node) + " of " + poolName(pool) + " instance "
                            + std::to_string(i) });
                for (LaunchStep &s : node.steps) {
                    renameInCommand(s.command, "HEAD_IP", inst.address);
                    if (!isServe(s.command))
                        continue;
                    s.command.env.emplace_back("VLLM_NIXL_SIDE_CHANNEL_HOST", LaunchWord::placeholder(nodeAddress));
                    s.command.env.emplace_back(
                        "VLLM_NIXL_SIDE_CHANNEL_PORT", LaunchWord::literal(std::to_string(inst.sideChannelPort)));
                    if (n.node == 0)
                        s.command.option("--port", std::to_string(inst.apiPort));
                    s.command.option("--kv-transfer-config", config);
                }
                inst.nodeLaunches.push_back(std::move(node));
            }
            r.instances.push_back(std::move(inst));
        }
    }
    for (const Placeholder &p : r.prefill.placeholders)
        if (p.name != "HEAD_IP")
            r.placeholders.push_back(p);

    // The router: each request goes to a prefiller (max_tokens 1), then with the KV's location to a decoder.
    r.proxyPort = kProxyPort;
    r.proxy.program = { LaunchWord::literal("python"), LaunchWord::literal(kProxyScript) };
    r.proxy.option("--port", std::to_string(kProxyPort));
    for (const Pool pool : { Pool::Prefill, Pool::Decode }) {
        LaunchOption hosts { pool == Pool::Prefill ? "--prefiller-hosts" : "--decoder-hosts", {}, false };
        LaunchOption ports { pool == Pool::Prefill ? "--prefiller-ports" : "--decoder-ports", {}, false };
        for (const DisaggInstanceLaunch &inst : r.instances)
            if (inst.pool == pool) {
                hosts.values.push_back(LaunchWord::placeholder(inst.address));
                ports.values.push_back(LaunchWord::literal(std::to_string(inst.apiPort)));
            }
        r.proxy.options.push_back(std::move(hosts));
        r.proxy.options.push_back(std::move(ports));
    }

    // Every flag against the release's table, every --kv-transfer-config key against KVTransferConfig.
    for (const LaunchCommand *cmd : r.serverCommands())
        for (const LaunchOption &o : cmd->options) {
            if (!vllmKnowsFlag(o.flag, release)) {
                r.refusalCode = "flag_table";
                r.refusal = o.flag + " is not in the flag table of " + r.flagSource;
                r.instances.clear();
                return r;
            }
            if (o.flag != "--kv-transfer-config")
                continue;
            const nlohmann::json j = nlohmann::json::parse(o.values.front().parts.front().text);
            for (const auto &[key, value] : j.items())
                if (!isKvTransferConfigKey(key) || (key == "kv_role" && !isKvRole(value.get<std::string>()))) {
                    r.refusalCode = "kv_transfer_config";
                    r.refusal = "--kv-transfer-config key " + key + " is not one of vLLM's KVTransferConfig";
                    r.instances.clear();
                    return r;
                }
        }
    using exportrules::say;
    r.noteTexts.push_back(say(QT_TRANSLATE_NOOP("Export",
        "install NIXL on every node (pip install nixl) and set UCX_NET_DEVICES to the RDMA devices the KV cache "
        "should cross (docs/features/nixl_connector_usage.md)")));
    r.noteTexts.push_back(say(QT_TRANSLATE_NOOP("Export",
                                  "the proxy is vLLM's example router, %1 in vLLM's repository; start it once every "
                                  "server answers on its port, and send requests to port %2"),
        { value(kProxyScript), exportrules::integer(kProxyPort) }));
    if (plan.kvTransferLink == KvTransferLink::Node)
        r.noteTexts.push_back(say(QT_TRANSLATE_NOOP("Export",
            "kv_transfer_link node: servers sharing a node need their own GPUs: prefix each with "
            "CUDA_VISIBLE_DEVICES")));
    for (const Sentence &s : r.prefill.noteTexts)
        r.noteTexts.push_back(say(QT_TRANSLATE_NOOP("Export", "prefill pool: %1"), { s }));
    for (const Sentence &s : r.decode.noteTexts)
        r.noteTexts.push_back(say(QT_TRANSLATE_NOOP("Export", "decode pool: %1"), { s }));
    for (const Sentence &s : r.noteTexts)
        r.notes.push_back(s.text());
    r.ok = true;
    return r;
}

std::vector<const LaunchCommand *> DisaggExportResult::serverCommands() const
{
    std::vector<const LaunchCommand *> out;
    for (const DisaggInstanceLaunch &inst : instances)
        for (const NodeLaunch &n : inst.nodeLaunches)
            for (const LaunchStep &s : n.steps)
                if (isServe(s.command))
                    out.push_back(&s.command);
    return out;
}

std::string DisaggExportResult::text() const
{
    if (!ok)
        return comment(refusal);
    int x = 0, y = 0;
    for (const DisaggInstanceLaunch &inst : instances)
        (inst.pool == Pool::Prefill ? x : y) += inst.nodeLaunches.empty() ? 0 : 1;
    std::string out = comment("Disaggregated prefill/decode, " + std::to_string(x) + "P" + std::to_string(y)
        + "D with NixlConnector: prefill " + prefill.summary + "; decode " + decode.summary + ".");
    out += comment("Flags checked against " + flagSource + ".");
    out += comment("Set first:");
    for (const Placeholder &p : placeholders)
        out += comment(
            "  " + p.name + (p.defaultValue.empty() ? "" : " (default " + p.defaultValue + ")") + ": " + p.meaning);
    for (const std::string &n : notes)
        out += comment("Note: " + n);
    for (const DisaggInstanceLaunch &inst : instances)
        for (const NodeLaunch &n : inst.nodeLaunches) {
            out += "\n"
                + comment(std::string(poolName(inst.pool)) + " instance " + std::to_string(inst.instance)
                    + (inst.nodeLaunches.size() > 1 ? ", node " + std::to_string(n.node) + " (" + n.role + ")" : "")
                    + ", " + std::to_string(n.gpus) + (n.gpus == 1 ? " GPU" : " GPUs"));
            for (const LaunchStep &s : n.steps) {
                if (!s.comment.empty())
                    out += comment(s.comment);
                out += s.command.renderWrapped(100) + "\n";
            }
        }
    out += "\n" + comment("the router, on any host that reaches every server") + proxy.renderWrapped(100) + "\n";
    return out;
}

nlohmann::json disaggExportToJson(const DisaggExportResult &r)
{
    using nlohmann::json;
    if (!r.ok)
        return json { { "schema", "shardscope.export/1" }, { "ok", false }, { "serving_mode", "disaggregated" },
            { "refusal_code", r.refusalCode }, { "refusal", r.refusal } };
    json placeholders = json::array();
    for (const Placeholder &p : r.placeholders)
        placeholders.push_back({ { "name", p.name },
            { "default", p.defaultValue.empty() ? json(nullptr) : json(p.defaultValue) }, { "meaning", p.meaning } });
    json instances = json::array();
    for (const DisaggInstanceLaunch &inst : r.instances) {
        json nodes = json::array();
        for (const NodeLaunch &n : inst.nodeLaunches) {
            json steps = json::array();
            for (const LaunchStep &s : n.steps)
                steps.push_back({ { "comment", s.comment }, { "command", s.command.render() } });
            nodes.push_back({ { "node", n.node }, { "role", n.role }, { "gpus", n.gpus }, { "detail", n.detail },
                { "steps", steps } });
        }
        instances.push_back({ { "pool", poolName(inst.pool) }, { "instance", inst.instance },
            { "address", inst.address }, { "api_port", inst.apiPort }, { "side_channel_port", inst.sideChannelPort },
            { "node_launches", nodes } });
    }
    return json { { "schema", "shardscope.export/1" }, { "ok", true }, { "serving_mode", "disaggregated" },
        { "target", "vllm" }, { "flag_source", r.flagSource }, { "placeholders", placeholders },
        { "instances", instances }, { "proxy", { { "port", r.proxyPort }, { "command", r.proxy.render() } } },
        { "prefill", exportToJson(r.prefill) }, { "decode", exportToJson(r.decode) }, { "notes", r.notes },
        { "text", r.text() } };
}

} // namespace shardscope
