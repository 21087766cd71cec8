// libFuzzer target: a pasted vLLM launch (`shardscope import`, the Import dialog): read, evaluated,
// exported back, and the export read and exported again, which must give the same commands
// (export -> import -> export, core/launch/launchimport.h).
#include "fuzzing.h"

#include "core/launch/launchexport.h"
#include "core/launch/launchimport.h"
#include "core/model/errors.h"
#include "core/model/planio.h"

namespace {

shardscope::ExportResult exportImported(
    const shardscope::ImportedCommand &c, const shardscope::ModelSpec &model, const shardscope::GpuSpec &gpu)
{
    const shardscope::Evaluation e = shardscope::evaluate(c.plan, model, gpu);
    return shardscope::exportLaunch(e, model, shardscope::exportOptionsFor(c));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    shardscope::ImportedCommand c;
    try {
        c = shardscope::importLaunchCommand(text);
    } catch (const shardscope::InputError &) {
        return 0;
    }
    // The import JSON is a valid plan file.
    const nlohmann::json j = shardscope::importToJson(c);
    (void)j.dump();
    if (shardscope::planFromJson(j.at("plan")) != c.plan)
        fuzzing::fail("imported plan does not read back from its JSON");
    const shardscope::Plan &p = c.plan;
    if (shardscope::worldSize(p) > fuzzing::kMaxFuzzWorld) // with PCP ranks (4,000 nodes do not import back)
        return 0;
    const auto &models = fuzzing::models();
    const int preset = shardscope::findModelPreset(models, c.model);
    const shardscope::ModelSpec &model = models[preset >= 0 ? static_cast<std::size_t>(preset) : size % models.size()];
    const shardscope::ExportResult first = exportImported(c, model, fuzzing::gpu());
    (void)shardscope::exportToJson(first).dump();
    if (!first.ok)
        return 0;
    shardscope::ImportedCommand again;
    try {
        again = shardscope::importLaunchCommand(first.text());
    } catch (const shardscope::InputError &e) {
        std::fprintf(stderr, "export text does not import: %s\n%s\n", e.what(), first.text().c_str());
        fuzzing::fail("export -> import");
    }
    // The commands of every node come back the same. (The notes may differ: an export that
    // splits the GPUs over nodes differently from the plan's grid says so, and the re-imported plan
    // has the launch's node size, so the second export has nothing to say about it.)
    const shardscope::ExportResult second = exportImported(again, model, fuzzing::gpu());
    bool same = second.ok && second.nodes == first.nodes;
    for (const shardscope::NodeLaunch &n : first.nodeLaunches)
        same = same && second.nodeText(n.node) == first.nodeText(n.node);
    if (!same) {
        std::fprintf(stderr, "first export:\n%s\nsecond export:\n%s\n", first.text().c_str(),
            second.ok ? second.text().c_str() : second.message().c_str());
        fuzzing::fail("export -> import -> export changed the commands");
    }
    return 0;
}
