#include "cli/commands.h"
#include "core/evaluate/weights.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <cstdio>
#include <iostream>

using namespace shardscope;
using nlohmann::json;

int runPresetsCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the model and GPU presets (built-in and user folder)."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("format"), QStringLiteral("Output: text (default) or json."), QStringLiteral("text|json")));
    int exitCode = 0;
    if (!parseOrFail(parser, args, "presets", exitCode))
        return exitCode;
    const QString format
        = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("text");
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        return failWith("presets", "--format " + format.toStdString() + ": expected text or json");
    const PresetRepository repo = PresetRepository::load();
    for (const QString &err : repo.loadErrors())
        std::cerr << "shardscope presets: warning: skipped " << err.toStdString() << std::endl;
    if (format == QLatin1String("json")) {
        json models = json::array();
        for (const ModelSpec &m : repo.models()) {
            const ParamCounts c = countParams(m);
            models.push_back({ { "id", m.id }, { "name", m.name }, { "hf_repo", m.hfRepo },
                { "category", m.category() }, { "layers", m.layers }, { "hidden_size", m.hidden },
                { "attention_heads", m.heads }, { "kv_heads", m.kvHeads }, { "experts", m.experts },
                { "experts_per_token", m.expertsPerToken }, { "params_total", c.total }, { "params_active", c.active },
                { "weight_format", weightFormatName(m.weightFormat) }, { "sources", m.sources } });
        }
        json gpus = json::array();
        for (const GpuSpec &g : repo.gpus())
            gpus.push_back({ { "id", g.id }, { "name", g.name }, { "vendor", g.vendor },
                { "memory_bytes", g.memoryBytes }, { "hbm_bytes_per_s", g.hbmBytesPerSec },
                { "bf16_flops", g.bf16Flops }, { "scaleup_bytes_per_s", g.scaleupBytesPerSec },
                { "scaleup_domain", g.scaleupDomain }, { "gpus_per_node", g.gpusPerNode },
                { "nic_bytes_per_s", g.nicBytesPerSec }, { "uncertain", g.uncertain }, { "sources", g.sources } });
        std::cout << json { { "models", models }, { "gpus", gpus } }.dump(2) << std::endl;
        return 0;
    }
    std::cout << "Models\n";
    for (const ModelSpec &m : repo.models()) {
        const ParamCounts c = countParams(m);
        char line[256];
        std::snprintf(line, sizeof line, "  %-24s %-6s %8.1fB params  %s\n", m.id.c_str(), m.category().c_str(),
            c.total / 1e9, m.name.c_str());
        std::cout << line;
    }
    std::cout << "GPUs\n";
    for (const GpuSpec &g : repo.gpus()) {
        char line[256];
        std::snprintf(
            line, sizeof line, "  %-16s %6.1f GiB  %s\n", g.id.c_str(), g.memoryBytes / 1073741824.0, g.name.c_str());
        std::cout << line;
    }
    std::cout << "User presets folder: " << PresetRepository::userFolder().toStdString() << "\n";
    return 0;
}
