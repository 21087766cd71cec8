// libFuzzer target: names an attacker controls (model config _name_or_path, preset name / hf_repo,
// GPU id / name / scaleup_link, calibration name, head address) through the readers and the
// exporter. Every exported text and script must parse, with the project's own shell-word parser,
// into exactly the plan's commands: no name may end a comment, add a command or an argument.
// tests/security/tst_injection.cpp runs such exports through real bash.
#include "fuzzing.h"

#include "exportcheck.h"

#include "core/text/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string input(reinterpret_cast<const char *>(data), size);
    const exportcheck::Names names = exportcheck::namesFrom(input);
    // Through the reader: a config whose _name_or_path is the first field is refused or read.
    nlohmann::json config = nlohmann::json::parse(kFuzzModels[0])["config"];
    config["_name_or_path"] = shardscope::validUtf8(names.field[0]);
    try {
        (void)shardscope::modelFromJson(config, names.field[2].empty() ? "fuzz" : names.field[2]);
    } catch (const shardscope::InputError &e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
            fuzzing::fail("error message with a line break");
    }
    // Past the readers: the exporter alone must keep every name inert.
    for (const shardscope::ExportResult &r : exportcheck::exportsFor(names, fuzzing::models()[0], fuzzing::gpu())) {
        if (!exportcheck::check(r, r.text(), -1).empty())
            fuzzing::fail(("export text: " + exportcheck::check(r, r.text(), -1)).c_str());
        for (const shardscope::NodeLaunch &n : r.nodeLaunches)
            if (!exportcheck::check(r, r.script(n.node), n.node).empty())
                fuzzing::fail("export script does not match the plan");
    }
    return 0;
}
