#include "core/launch/presetmatch.h"

#include <algorithm>
#include <cctype>

namespace shardscope {

namespace {

std::string lowerCase(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string lastComponent(std::string_view path)
{
    const size_t slash = path.find_last_of('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

struct Suffix
{
    const char *text; // lower case, with its leading '-'
    bool quantized;
};

// Longest first, so "-fp8-dynamic" goes before "-fp8".
const Suffix kSuffixes[] = { { "-w-mxfp4-a-fp8", true }, // AMD Quark's weight / activation format names
    { "-$dtype", true }, // NVIDIA's recipes write nvidia/<model>-$DTYPE for BF16 / FP8 / NVFP4
    { "-quantized.w4a16", true }, { "-quantized.w8a8", true }, { "-fp8-dynamic", true }, { "-fp8-block", true },
    { "-nvfp4", true }, { "-mxfp4", true }, { "-mxfp8", true }, { "-w4a16", true }, { "-w8a8", true },
    { "-int4", true }, { "-int8", true }, { "-gptq", true }, { "-awq", true }, { "-fp8", true }, { "-fp4", true },
    // Google's quantization-aware-trained compressed-tensors checkpoints: gemma-4-31B-it-qat-w4a16-ct, and
    // gemma-4-E4B-it-qat-mobile-ct (mixed int2 / int4 / int8, the E4B recipe's "mobile" variant)
    { "-qat-mobile", true }, { "-qat", true }, { "-ct", true }, { "-bf16", false }, { "-instruct", false },
    { "-thinking", false }, { "-base", false }, { "-hf", false } };

bool isDateSuffix(std::string_view s)
{
    // "-2507", "-0528", "-2512": four digits after a dash
    return s.size() == 5 && s[0] == '-'
        && std::all_of(s.begin() + 1, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Drops variant suffixes from a lower-case name until none is left; with quantOnly, only the suffixes
// that name a quantized (or BF16) copy of the same checkpoint.
std::string normalise(
    std::string name, bool quantOnly, std::vector<std::string> *dropped = nullptr, bool *quantized = nullptr)
{
    // Meta's first Llama 3.1 repos were named Meta-Llama-3.1-*; mirrors keep that name.
    if (name.rfind("meta-llama-", 0) == 0)
        name.erase(0, 5);
    for (bool again = true; again;) {
        again = false;
        if (!quantOnly && name.size() > 5 && isDateSuffix(std::string_view(name).substr(name.size() - 5))) {
            if (dropped)
                dropped->push_back(name.substr(name.size() - 5));
            name.resize(name.size() - 5);
            again = true;
            continue;
        }
        for (const Suffix &s : kSuffixes) {
            const std::string_view t(s.text);
            if (quantOnly && !s.quantized && t != "-bf16")
                continue;
            if (name.size() > t.size() && name.compare(name.size() - t.size(), t.size(), t) == 0) {
                if (dropped)
                    dropped->push_back(name.substr(name.size() - t.size()));
                if (quantized && s.quantized)
                    *quantized = true;
                name.resize(name.size() - t.size());
                again = true;
                break;
            }
        }
    }
    return name;
}

std::vector<std::string> repos(const ModelSpec &m)
{
    std::vector<std::string> r;
    if (!m.hfRepo.empty())
        r.push_back(lowerCase(m.hfRepo));
    for (const std::string &a : m.aliases)
        r.push_back(lowerCase(a));
    return r;
}

} // namespace

PresetMatch matchModelPreset(const std::vector<ModelSpec> &models, std::string_view reference)
{
    PresetMatch match;
    std::string ref(reference);
    while (ref.size() > 1 && ref.back() == '/')
        ref.pop_back();
    const std::string refLower = lowerCase(ref);
    const auto found = [&](size_t i, PresetMatchKind kind) {
        match.index = static_cast<int>(i);
        match.kind = kind;
        return match;
    };
    for (size_t i = 0; i < models.size(); ++i)
        if (models[i].id == ref || (!models[i].hfRepo.empty() && lowerCase(models[i].hfRepo) == refLower))
            return found(i, PresetMatchKind::Exact);
    for (size_t i = 0; i < models.size(); ++i)
        for (const std::string &a : models[i].aliases)
            if (lowerCase(a) == refLower)
                return found(i, PresetMatchKind::Alias);
    // A local checkout keeps the repo's name as its folder: /models/Llama-3.1-70B.
    const std::string last = lowerCase(lastComponent(ref));
    if (last.empty())
        return match;
    for (size_t i = 0; i < models.size(); ++i)
        for (const std::string &r : repos(models[i]))
            if (lastComponent(r) == last)
                return found(i, PresetMatchKind::Folder);
    // First a quantized copy of a preset's own repo (Kimi-K2-Thinking-NVFP4 is Kimi-K2-Thinking, not
    // Kimi-K2), then any variant of the same base name. Of several presets with that base name (kimi-k2 is
    // Kimi-K2-Instruct, kimi-k2-thinking Kimi-K2-Thinking), one whose own repo's suffixes the reference
    // also carries wins: Kimi-K2-Instruct-0905 is Kimi-K2-Instruct's, whatever the preset order.
    for (const bool quantOnly : { true, false }) {
        std::vector<std::string> dropped;
        bool quantized = false;
        const std::string wanted = normalise(last, quantOnly, &dropped, &quantized);
        if (dropped.empty() || wanted.empty())
            continue;
        // The preset to take: the first whose repo's own suffixes the reference carries too, else the first.
        int first = -1, carrying = -1;
        for (size_t i = 0; i < models.size() && carrying < 0; ++i)
            for (const std::string &r : repos(models[i])) {
                std::vector<std::string> own;
                if ((quantOnly ? lastComponent(r) : normalise(lastComponent(r), false, &own)) != wanted)
                    continue;
                if (first < 0)
                    first = static_cast<int>(i);
                const auto carried = [&](const std::string &suffix) {
                    return std::find(dropped.begin(), dropped.end(), suffix) != dropped.end();
                };
                if (!own.empty() && std::all_of(own.begin(), own.end(), carried)) {
                    carrying = static_cast<int>(i);
                    break;
                }
            }
        if (carrying >= 0)
            first = carrying;
        if (first >= 0) {
            match.dropped = dropped;
            match.quantizedVariant = quantized;
            return found(static_cast<size_t>(first), PresetMatchKind::Variant);
        }
    }
    // Only a quantized copy is a preset (NVIDIA's NVFP4 checkpoint of a model whose own release is not
    // described): the original resolves to it, flagged, since its weights are in another format.
    for (size_t i = 0; i < models.size(); ++i)
        for (const std::string &r : repos(models[i])) {
            std::vector<std::string> dropped;
            bool quantized = false;
            if (normalise(lastComponent(r), true, &dropped, &quantized) == last && quantized) {
                match.dropped = dropped;
                match.presetIsQuantizedCopy = true;
                return found(i, PresetMatchKind::Variant);
            }
        }
    return match;
}

} // namespace shardscope
