#pragma once
// Internal to the exporter: the per-target command builders and what they share.
#include "core/launch/launchexport.h"

namespace shardscope::exportbuild {

inline constexpr const char *kHeadIp = "HEAD_IP";
inline constexpr const char *kHeadPort = "HEAD_PORT";

// What every builder needs: the evaluated plan, the options, and the chosen node layout.
struct Context
{
    const Evaluation &e;
    const ModelSpec &model;
    const ExportOptions &options;
    ExportResult &result;
    int nodes = 1; // nodes used
    int local = 1; // GPUs used on each node

    // Node 0's address: the given one, or the $HEAD_IP placeholder (recorded in the result).
    LaunchWord headAddress();
    // The rendezvous port: the given one, or $HEAD_PORT defaulting to `defaultPort`.
    LaunchWord headPort(int defaultPort);
    // Refuses with a one-line reason (and, when there is one, the nearest plan the target runs);
    // the English fields are the sentences' text.
    void refuse(std::string code, Sentence reason, Sentence nearest = {});
};

void buildVllm(Context &c);
void buildSglang(Context &c);

} // namespace shardscope::exportbuild
