// Pass-through `vllm serve` arguments (launchexport.h VllmExtraArg): reading them from words and checking
// that they name vLLM options. Untrusted: they come from pasted commands and plan files.
#include "core/launch/launchexport.h"

#include "core/launch/vllmflags.h"
#include "core/model/errors.h"
#include "core/text/sanitize.h"

#include <algorithm>

namespace shardscope {

namespace {

// A config option's key (--compilation-config.level): what FlexibleArgumentParser splits at the dot.
bool isKeyText(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
            || c == '.';
    });
}

// "--tool_call_parser" -> "--tool-call-parser" (FlexibleArgumentParser reads '_' in a name as '-'); the
// ".key" keeps its spelling.
std::string canonicalName(std::string flag)
{
    if (const char *alias = vllmFlagForAlias(flag))
        return alias;
    const size_t dot = flag.find('.');
    std::replace(flag.begin(), dot == std::string::npos ? flag.end() : flag.begin() + static_cast<long>(dot), '_', '-');
    return flag;
}

} // namespace

std::string vllmExtraArgTableFlag(const std::string &flag)
{
    std::string name = flag.substr(0, flag.find('.'));
    if (name.rfind("--no-", 0) == 0 && isVllmSwitch("--" + name.substr(5)))
        name = "--" + name.substr(5);
    return name;
}

std::string vllmExtraArgProblem(const VllmExtraArg &arg)
{
    const std::string shown = sanitize::oneLine(arg.flag.substr(0, 80));
    if (arg.flag.size() > 128 || sanitize::hasControlChars(arg.flag))
        return shown + " is longer than 128 bytes or holds control characters";
    if (arg.value && (arg.value->size() > kMaxVllmExtraArgLength || sanitize::hasControlChars(*arg.value)))
        return shown + ": its value is longer than " + std::to_string(kMaxVllmExtraArgLength)
            + " bytes or holds control characters (newlines, tabs)";
    const size_t dot = arg.flag.find('.');
    if (arg.flag.rfind("--", 0) != 0 || !isVllmServeFlag(vllmExtraArgTableFlag(arg.flag))
        || (dot != std::string::npos && !isKeyText(std::string_view(arg.flag).substr(dot + 1))))
        return shown + " is not a vllm serve option";
    return {};
}

bool vllmExtraArgJoined(const VllmExtraArg &arg)
{
    return arg.value
        && (isVllmSwitch(vllmExtraArgTableFlag(arg.flag)) || sanitize::looksLikeOption(*arg.value)
            || arg.value->empty());
}

std::vector<std::string> vllmExtraArgWords(const std::vector<VllmExtraArg> &args)
{
    std::vector<std::string> words;
    for (const VllmExtraArg &a : args) {
        if (!a.value) {
            words.push_back(a.flag);
        } else if (vllmExtraArgJoined(a)) {
            words.push_back(a.flag + "=" + *a.value);
        } else {
            words.push_back(a.flag);
            words.push_back(*a.value);
        }
    }
    return words;
}

std::vector<VllmExtraArg> vllmExtraArgsFromWords(const std::vector<std::string> &words, const std::string &field)
{
    // The field names every refusal; built outside the loop (one string, not a chain of temporaries).
    const auto refuse = [&field](const std::string &why) { return InputError(field + ": " + why); };
    std::vector<VllmExtraArg> out;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string &w = words[i];
        if (w.size() > kMaxVllmExtraArgLength || sanitize::hasControlChars(w))
            throw InputError(field + ": \"" + sanitize::oneLine(w.substr(0, 80)) + "\" is longer than "
                + std::to_string(kMaxVllmExtraArgLength) + " bytes or holds control characters");
        if (!sanitize::looksLikeOption(w))
            throw InputError(field + ": \"" + w.substr(0, 80)
                + "\" is not an option (a value follows its flag: \"--tool-call-parser\", \"kimi_k2\")");
        VllmExtraArg a;
        const size_t eq = w.find('=');
        a.flag = canonicalName(w.substr(0, eq));
        if (eq != std::string::npos)
            a.value = w.substr(eq + 1);
        else if (!isVllmSwitch(vllmExtraArgTableFlag(a.flag)) && i + 1 < words.size()
            && !sanitize::looksLikeOption(words[i + 1]))
            a.value = words[++i];
        if (const std::string problem = vllmExtraArgProblem(a); !problem.empty())
            throw refuse(problem);
        if (out.size() == kMaxVllmExtraArgs)
            throw refuse("more than " + std::to_string(kMaxVllmExtraArgs) + " options");
        out.push_back(std::move(a));
    }
    return out;
}

} // namespace shardscope
