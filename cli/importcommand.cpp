// shardscope import: a pasted vLLM launch (arguments after --, or stdin) read back into a plan.
#include "cli/commands.h"
#include "core/launch/launchimport.h"
#include "core/launch/presetmatch.h"
#include "core/launch/shellwords.h"
#include "core/model/errors.h"
#include "io/presetrepository.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>
#include <QFile>

#include <cstdio>
#include <iostream>
#include <unistd.h>

using namespace shardscope;

namespace {

std::string readStdin()
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        throw InputError("cannot read the command from stdin");
    // read() may return less than asked (a pipe delivers chunks): read until EOF or past the limit.
    QByteArray data;
    while (data.size() <= static_cast<qsizetype>(kMaxShellTextBytes)) {
        const QByteArray chunk = in.read(static_cast<qint64>(kMaxShellTextBytes) + 1 - data.size());
        if (chunk.isEmpty())
            break;
        data += chunk;
    }
    if (data.size() > static_cast<qsizetype>(kMaxShellTextBytes))
        throw InputError("the command is longer than " + std::to_string(kMaxShellTextBytes / 1024) + " KiB");
    return data.toStdString();
}

} // namespace

int runImportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Read a vllm serve, python -m vllm.entrypoints.openai.api_server or docker run "
                       "vllm/vllm-openai command (after --, or on stdin) and print it as a plan (JSON)."));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    parser.addOption(QCommandLineOption(QStringLiteral("gpu"),
        QStringLiteral("GPU preset id to put in the plan (the command does not say)."), QStringLiteral("id")));
    parser.addPositionalArgument(
        QStringLiteral("command"), QStringLiteral("The launch command, after --."), QStringLiteral("-- command..."));
    addStandardOptions(parser);
    if (!parser.parse(args))
        return failWith("import", parseErrorMessage(parser, "import"));
    if (answeredHelpOrVersion(parser, "import"))
        return 0;
    try {
        const QStringList words = parser.positionalArguments();
        std::string text;
        if (words.size() == 1) {
            text = words.front().toStdString(); // the whole command in one quoted argument
        } else if (!words.isEmpty()) {
            for (const QString &w : words) // already split by the caller's shell: quote them back
                text += (text.empty() ? "" : " ") + shellQuote(w.toStdString());
        } else {
            if (isatty(fileno(stdin)))
                throw InputError("give the command after -- or on stdin");
            text = readStdin();
        }
        ImportedCommand c = importLaunchCommand(text);
        const PresetRepository repo = loadPresets("import");
        const PresetMatch match = matchModelPreset(repo.models(), c.model);
        const int preset = match.index;
        if (preset >= 0)
            c.plan.modelId = repo.models()[static_cast<size_t>(preset)].id;
        if (preset >= 0 && match.quantizedVariant) {
            const ModelSpec &m = repo.models()[static_cast<size_t>(preset)];
            std::string dropped;
            for (const std::string &d : match.dropped)
                dropped += d;
            c.warningTexts.push_back(value("\"" + c.model + "\" is a quantized variant (" + dropped + ") of preset "
                + m.id + ", whose weights are " + weightFormatLabel(m, m.weightFormat)
                + ": pass shardscope plan --model the checkpoint's config.json for its own weight bytes"));
        } else if (preset >= 0 && match.presetIsQuantizedCopy) {
            const ModelSpec &m = repo.models()[static_cast<size_t>(preset)];
            std::string added;
            for (const std::string &d : match.dropped)
                added += d;
            c.warningTexts.push_back(value("\"" + c.model + "\" resolved to preset " + m.id + ", its quantized copy "
                + m.hfRepo + " (" + added + "), whose weights are " + weightFormatLabel(m, m.weightFormat)
                + ": pass shardscope plan --model the checkpoint's config.json for its own weight bytes"));
        } else if (preset >= 0 && match.kind == PresetMatchKind::Variant) {
            // -Instruct / -Thinking / a date usually name the same shapes, but not always the same format
            // (Kimi-K2-Thinking ships INT4 where Kimi-K2-Instruct ships FP8): say what was assumed.
            const ModelSpec &m = repo.models()[static_cast<size_t>(preset)];
            std::string dropped;
            for (const std::string &d : match.dropped)
                dropped += d;
            c.warningTexts.push_back(
                value("\"" + c.model + "\" resolved to preset " + m.id + " by its base name (without " + dropped
                    + "), whose weights are " + weightFormatLabel(m, m.weightFormat)
                    + ": if the checkpoint differs, pass shardscope plan --model its config.json"));
        }
        if (preset < 0)
            c.warningTexts.push_back(value("no model preset matches \"" + c.model
                + "\": pass shardscope plan --model a preset id or the model's config.json"));
        if (parser.isSet(QStringLiteral("gpu"))) {
            const QString gpu = parser.value(QStringLiteral("gpu")).trimmed();
            c.plan.gpuId = repo.resolveGpu(gpu).id;
        }
        nlohmann::json j = importToJson(c);
        j["preset"] = preset >= 0 ? nlohmann::json(c.plan.modelId) : nlohmann::json(nullptr);
        std::cout << j.dump(2) << std::endl;
        return 0;
    } catch (const std::exception &ex) {
        return failWith("import", ex.what());
    }
}
