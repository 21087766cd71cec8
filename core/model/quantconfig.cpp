#include "core/model/quantconfig.h"

#include "core/model/errors.h"
#include "core/model/hfquantconfig.h"
#include "core/model/modelspec.h"

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <unordered_set>

namespace shardscope {

using nlohmann::json;

namespace {

// Bounds for hostile files: real ignore lists name a few hundred modules and a handful of regexes.
constexpr size_t kMaxIgnoreEntries = 65536;
constexpr size_t kMaxIgnoreEntryChars = 512;
constexpr size_t kMaxRegexes = 32;
constexpr size_t kMaxMatchWork = 200'000'000; // 0.14 s here, 1.4 s under ASan; see Matcher::work
constexpr size_t kTestWork = 8; // one pattern test (a substring search) costs about 8 fnmatch steps
constexpr int64_t kMaxRegexMemory = 1 << 20; // per compiled regex; a 512-character pattern needs far less

std::string upper(std::string s)
{
    for (char &c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string stringField(const json &j, const char *key, const std::string &where)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw InputError(where + " field \"" + key + "\" must be a string");
    return it->get<std::string>();
}

// An integer field inside the quantization config; absent or null gives `fallback`.
int intField(const json &j, const char *key, int fallback, int minValue, int maxValue, const std::string &where)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return fallback;
    const double v = it->is_number() ? it->get<double>() : std::nan("");
    if (!std::isfinite(v) || v != std::floor(v) || v < minValue || v > maxValue)
        throw InputError(where + " field \"" + key + "\" = " + it->dump() + " is not a whole number from "
            + std::to_string(minValue) + " to " + std::to_string(maxValue));
    return static_cast<int>(v);
}

std::vector<std::string> stringList(const json &j, const char *key, const std::string &where)
{
    std::vector<std::string> out;
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return out;
    if (!it->is_array())
        throw InputError(where + " field \"" + key + "\" must be a list of module names");
    if (it->size() > kMaxIgnoreEntries)
        throw InputError(
            where + " field \"" + key + "\" has more than " + std::to_string(kMaxIgnoreEntries) + " entries");
    for (const json &e : *it) {
        if (!e.is_string())
            throw InputError(where + " field \"" + key + "\" must be a list of strings");
        std::string s = e.get<std::string>();
        if (s.size() > kMaxIgnoreEntryChars)
            throw InputError(where + " field \"" + key + "\" has an entry longer than "
                + std::to_string(kMaxIgnoreEntryChars) + " characters");
        out.push_back(std::move(s));
    }
    return out;
}

// fnmatch as Python's fnmatch.fnmatch on POSIX (case-sensitive): '*', '?', '[...]' and '[!...]'.
// Iterative with one backtrack point per '*': at most name x pattern steps, counted in `steps`.
bool fnmatchClass(std::string_view p, size_t &pi, char c)
{
    // p[pi] == '['; on return pi is past the class, or unchanged (literal '[') when unterminated.
    size_t i = pi + 1;
    bool negate = false;
    if (i < p.size() && p[i] == '!') {
        negate = true;
        ++i;
    }
    const size_t start = i;
    bool hit = false;
    while (i < p.size() && (p[i] != ']' || i == start)) {
        if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
            hit = hit || (c >= p[i] && c <= p[i + 2]);
            i += 3;
        } else {
            hit = hit || c == p[i];
            ++i;
        }
    }
    if (i >= p.size())
        return false; // unterminated: the caller treats '[' literally
    pi = i + 1;
    return hit != negate;
}

bool fnmatch(std::string_view name, std::string_view p, size_t &steps)
{
    size_t n = 0, pi = 0, starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        ++steps;
        if (pi < p.size() && p[pi] == '*') {
            starP = pi++;
            starN = n;
            continue;
        }
        if (pi < p.size() && p[pi] == '?') {
            ++pi;
            ++n;
            continue;
        }
        if (pi < p.size() && p[pi] == '[') {
            size_t next = pi;
            const bool inClass = fnmatchClass(p, next, name[n]);
            steps += next - pi;
            if (next != pi) { // a terminated class
                if (inClass) {
                    pi = next;
                    ++n;
                    continue;
                }
            } else if (name[n] == '[') { // unterminated: literal '['
                ++pi;
                ++n;
                continue;
            }
        } else if (pi < p.size() && p[pi] == name[n]) {
            ++pi;
            ++n;
            continue;
        }
        if (starP == std::string_view::npos)
            return false;
        pi = starP + 1;
        n = ++starN;
    }
    while (pi < p.size() && p[pi] == '*')
        ++pi;
    return pi == p.size();
}

// The longest run of characters every name a ModelOpt entry matches must contain, both as a
// substring and through fnmatch: a run outside '*', '?' and '[...]'. A name without it is skipped.
std::string fnmatchLiteral(std::string_view p)
{
    std::string best, run;
    for (size_t i = 0; i < p.size(); ++i) {
        if (p[i] != '*' && p[i] != '?' && p[i] != '[') {
            run += p[i];
            continue;
        }
        if (run.size() > best.size())
            best = run;
        run.clear();
        if (p[i] == '[') { // skip a terminated class; past an unterminated one, stop (a shorter literal is safe)
            size_t end = i + 1;
            if (end < p.size() && p[end] == '!')
                ++end;
            end = p.find(']', end + 1);
            if (end == std::string_view::npos)
                return best;
            i = end;
        }
    }
    return run.size() > best.size() ? run : best;
}

struct Matcher
{
    std::unordered_set<std::string> exact;
    struct Wildcard
    {
        std::string pattern; // a ModelOpt entry: matched as a substring, then with fnmatch
        std::string literal; // its fnmatchLiteral
    };
    std::vector<Wildcard> wildcards;
    // compressed-tensors "re:" entries. RE2, not std::regex: RE2 runs in time linear in the name
    // whatever the pattern, where std::regex backtracks (a fuzzed entry of eight ".*" ran past the
    // fuzzer's 10 s limit).
    std::vector<std::unique_ptr<re2::RE2>> regexes;
    bool modelOpt = false;
    // Matching work so far, about one unit per character compared. A hostile list of thousands of
    // wildcards over thousands of layers would otherwise take minutes. A real one is far below the
    // bound: 423 entries over 94 layers cost 15.5 M; each entry costs about 390 per layer, so the
    // bound admits about 500,000 entries x layers (5,000 entries over 100 layers).
    mutable size_t work = 0;

    Matcher(const std::vector<std::string> &entries, bool modelOptPatterns)
        : modelOpt(modelOptPatterns)
    {
        re2::RE2::Options options;
        options.set_log_errors(false);
        options.set_max_mem(kMaxRegexMemory);
        for (const std::string &e : entries) {
            if (!modelOpt && e.rfind("re:", 0) == 0) {
                if (regexes.size() >= kMaxRegexes)
                    throw InputError("quantization_config \"ignore\" has more than " + std::to_string(kMaxRegexes)
                        + " regular expressions");
                auto re = std::make_unique<re2::RE2>(e.substr(3), options);
                if (!re->ok()) // RE2 reads Python's syntax except lookaround and backreferences
                    throw InputError("quantization_config \"ignore\" entry \"" + e
                        + "\" is not a regex ShardScope reads (" + re->error() + ")");
                regexes.push_back(std::move(re));
            } else if (modelOpt) {
                wildcards.push_back({ e, fnmatchLiteral(e) });
                exact.insert(e);
            } else {
                exact.insert(e);
            }
        }
    }

    // Counts `units` of matching work and refuses the list once it passes the bound: checked after every
    // test, so no single name (a test of every entry) can overshoot it.
    void spend(size_t units) const
    {
        work += units;
        if (work > kMaxMatchWork)
            throw InputError("quantization_config \"ignore\" is too long for this model's layers to check: "
                             "ShardScope stops after "
                + std::to_string(kMaxMatchWork) + " comparisons");
    }

    bool matches(const std::string &name) const
    {
        if (exact.count(name))
            return true;
        for (const Wildcard &w : wildcards) { // vLLM ModelOpt is_layer_excluded: substring, then fnmatch
            spend(kTestWork);
            if (name.find(w.literal) == std::string::npos)
                continue;
            size_t steps = 0;
            const bool hit = name.find(w.pattern) != std::string::npos || fnmatch(name, w.pattern, steps);
            spend(steps);
            if (hit)
                return true;
        }
        for (const auto &re : regexes) { // Python re.match: anchored at the start only
            spend(kTestWork + name.size());
            if (re->Match(name, 0, name.size(), re2::RE2::ANCHOR_START, nullptr, 0))
                return true;
        }
        return false;
    }
};

QuantScheme nvfp4Scheme(int group)
{
    // 4-bit E2M1 values, one FP8 E4M3 scale per `group` elements, one FP32 global scale per tensor
    // (weight_scale_2, negligible): vLLM modelopt.py ModelOptNvFp4LinearMethod.create_weights.
    QuantScheme s;
    s.name = "nvfp4";
    s.bits = 4;
    s.groupSize = group;
    s.scaleBits = 8;
    return s;
}

QuantScheme fp8Scheme()
{
    QuantScheme s;
    s.name = "fp8";
    s.bits = 8;
    return s;
}

QuantScheme fp8BlockScheme(int rows, int cols)
{
    QuantScheme s;
    s.name = "fp8-block";
    s.bits = 8;
    s.blockRows = rows;
    s.blockCols = cols;
    s.blockScaleBits = 32;
    return s;
}

void readModelOpt(const json &q, QuantConfig &out)
{
    // vLLM ModelOptQuantConfigBase.from_config (modelopt.py @00155cdecca7): either the
    // hf_quant_config.json form {"quantization": {"quant_algo", "group_size", "exclude_modules"}} or the
    // config.json form {"quant_method": "modelopt", "quant_algo", "group_size", "ignore"}.
    const json *cfg = &q;
    std::string where = "quantization_config";
    const char *listKey = "ignore";
    if (const auto it = q.find("quantization"); it != q.end()) {
        if (!it->is_object())
            throw InputError("hf_quant_config field \"quantization\" must be an object");
        cfg = &*it;
        where = "hf_quant_config \"quantization\"";
        listKey = "exclude_modules";
    }
    out.algo = upper(stringField(*cfg, "quant_algo", where));
    if (out.algo.empty())
        throw InputError(where + " is missing \"quant_algo\"");
    out.ignore = stringList(*cfg, listKey, where);
    out.modelOptPatterns = true;
    const int group = intField(*cfg, "group_size", 0, 1, 1 << 16, where);
    if (out.algo == "FP8" || out.algo == "FP8_PER_CHANNEL_PER_TOKEN") {
        out.scheme = fp8Scheme(); // per-tensor or per-channel FP32 scales: negligible
    } else if (out.algo == "FP8_PB_WO") {
        // Block-scaled FP8 weight-only; vLLM docs (features/quantization/modelopt.md): 128 x 128 blocks.
        out.scheme = fp8BlockScheme(128, 128);
    } else if (out.algo == "NVFP4" || out.algo == "W4A16_NVFP4") {
        // vLLM refuses an hf_quant_config.json NVFP4 checkpoint without these fields
        // (ModelOptNvFp4Config._from_config: "NVFP4 quantization requires the following fields").
        if (cfg != &q)
            for (const char *field : { "group_size", "kv_cache_quant_algo", "exclude_modules" })
                if (!cfg->contains(field))
                    throw InputError(where + " is missing \"" + field + "\", which vLLM requires for NVFP4");
        // group_size defaults to 16 (ModelOptNvFp4Config._from_config).
        out.scheme = nvfp4Scheme(group == 0 ? 16 : group);
    } else if (out.algo == "MXFP8") {
        // FP8 E4M3 values with one E8M0 scale per 32 along K (MXFP8_BLOCK_SIZE = 32).
        out.scheme.name = "mxfp8";
        out.scheme.bits = 8;
        out.scheme.groupSize = 32;
        out.scheme.scaleBits = 8;
    } else {
        throw InputError(where + " \"quant_algo\" \"" + out.algo
            + "\" is not a ModelOpt format ShardScope reads (FP8, FP8_PER_CHANNEL_PER_TOKEN, FP8_PB_WO, NVFP4, "
              "W4A16_NVFP4, MXFP8)");
    }
}

// One config_groups entry's "weights" object of a compressed-tensors config.
QuantScheme compressedTensorsWeights(const json &w, const std::string &where)
{
    if (!w.is_object())
        throw InputError(where + " \"weights\" must be an object");
    const int bits = intField(w, "num_bits", 0, 1, 16, where + " \"weights\"");
    if (bits == 0)
        throw InputError(where + " \"weights\" is missing \"num_bits\"");
    const std::string type = stringField(w, "type", where + " \"weights\"");
    const std::string strategy = stringField(w, "strategy", where + " \"weights\"");
    const int group = intField(w, "group_size", 0, 1, 1 << 16, where + " \"weights\"");
    const auto sym = w.find("symmetric");
    const bool symmetric = sym == w.end() || sym->is_null() || (sym->is_boolean() && sym->get<bool>());
    QuantScheme s;
    s.bits = bits;
    if (type == "float" && bits == 4 && (strategy == "tensor_group" || strategy == "group") && group == 16) {
        return nvfp4Scheme(16); // NVFP4: FP8 E4M3 scale per 16 + FP32 global scale
    }
    if (type == "float" && bits == 4 && strategy == "group" && group == 32) {
        s.name = "mxfp4"; // E8M0 scale per 32
        s.groupSize = 32;
        s.scaleBits = 8;
        return s;
    }
    if (type == "float" && bits == 8) {
        if (strategy == "tensor" || strategy == "channel")
            return fp8Scheme();
        if (strategy == "block") {
            const auto bs = w.find("block_structure");
            if (bs == w.end() || !bs->is_array() || bs->size() != 2 || !(*bs)[0].is_number_integer()
                || !(*bs)[1].is_number_integer())
                throw InputError(where + " \"weights\" strategy \"block\" needs \"block_structure\": [rows, cols]");
            const long long r = (*bs)[0].get<long long>(), c = (*bs)[1].get<long long>();
            if (r < 1 || r > 4096 || c < 1 || c > 4096)
                throw InputError(where + " \"weights\" \"block_structure\" sides must be from 1 to 4096");
            return fp8BlockScheme(static_cast<int>(r), static_cast<int>(c));
        }
        throw InputError(where + " \"weights\" strategy \"" + strategy + "\" is not an FP8 layout ShardScope reads");
    }
    if (type == "int" && (bits == 4 || bits == 8)) {
        s.name = bits == 4 ? "int4" : "int8";
        if (strategy == "channel" || strategy == "tensor") {
            return s; // one BF16 scale per output channel: negligible
        }
        if (strategy == "group" && group > 0) {
            // BF16 scale per group (the checkpoint's dtype), plus a zero point of num_bits when asymmetric
            // (compressed-tensors pack-quantized stores weight_zero_point packed like the weights).
            s.groupSize = group;
            s.scaleBits = 16;
            s.zeroBits = symmetric ? 0 : bits;
            return s;
        }
        throw InputError(where + " \"weights\" strategy \"" + strategy + "\" with group_size " + std::to_string(group)
            + " is not an integer layout ShardScope reads");
    }
    throw InputError(where + " \"weights\" type \"" + type + "\" with num_bits " + std::to_string(bits)
        + " is not a compressed-tensors scheme ShardScope reads");
}

// quant_method "fp8" with an "ignored_layers" list: per-tensor FP8, or FP8 blocks of weight_block_size.
void readFp8WithIgnores(const json &q, QuantConfig &out)
{
    out.ignore = stringList(q, "ignored_layers", "quantization_config");
    const auto bs = q.find("weight_block_size");
    if (bs == q.end() || bs->is_null()) {
        out.scheme = fp8Scheme();
        return;
    }
    if (!bs->is_array() || bs->size() != 2 || !(*bs)[0].is_number_integer() || !(*bs)[1].is_number_integer())
        throw InputError("quantization_config \"weight_block_size\" must be [rows, cols]");
    const long long r = (*bs)[0].get<long long>(), c = (*bs)[1].get<long long>();
    if (r < 1 || r > 4096 || c < 1 || c > 4096)
        throw InputError("quantization_config \"weight_block_size\" sides must be whole numbers from 1 to 4096");
    out.scheme = fp8BlockScheme(static_cast<int>(r), static_cast<int>(c));
}

void readCompressedTensors(const json &q, QuantConfig &out)
{
    out.algo = stringField(q, "format", "quantization_config");
    out.ignore = stringList(q, "ignore", "quantization_config");
    const auto groups = q.find("config_groups");
    if (groups == q.end() || !groups->is_object() || groups->empty())
        throw InputError("compressed-tensors quantization_config has no \"config_groups\"");
    bool first = true;
    for (const auto &[name, g] : groups->items()) {
        const std::string where = "quantization_config \"config_groups\" \"" + name + "\"";
        if (!g.is_object())
            throw InputError(where + " must be an object");
        const auto w = g.find("weights");
        if (w == g.end() || w->is_null())
            throw InputError(where + " has no \"weights\" scheme");
        QuantScheme s = compressedTensorsWeights(*w, where);
        if (first) {
            out.scheme = s;
            first = false;
        } else if (!(s == out.scheme)) {
            throw InputError("quantization_config \"config_groups\" mix weight schemes (" + out.scheme.name + ", "
                + s.name + "): ShardScope reads one scheme per checkpoint");
        }
        for (const std::string &t : stringList(g, "targets", where))
            if (t != "Linear") {
                std::string message = where;
                message += " \"targets\" entry \"";
                message += t;
                message += "\": ShardScope reads checkpoints whose groups target every Linear layer";
                throw InputError(message);
            }
    }
}

// vLLM module names a projection may be known by (unfused, fused, and the prefixes of multimodal
// wrappers); a module counts as unquantized when the ignore list names any of them.
const char *const kPrefixes[] = { "model.layers.", "model.language_model.layers.", "language_model.model.layers." };

bool ignoredAny(const Matcher &mt, int layer, const std::vector<const char *> &suffixes)
{
    for (const char *prefix : kPrefixes) {
        const std::string base = prefix + std::to_string(layer) + ".";
        for (const char *s : suffixes)
            if (mt.matches(base + s))
                return true;
    }
    return false;
}

struct Projection
{
    double params;
    std::vector<const char *> names;
};

} // namespace

double QuantScheme::bytesPerParam() const
{
    double bytes = bits / 8.0;
    if (groupSize > 0)
        bytes += (scaleBits + zeroBits) / 8.0 / groupSize;
    if (blockRows > 0 && blockCols > 0)
        bytes += blockScaleBits / 8.0 / (static_cast<double>(blockRows) * blockCols);
    return bytes;
}

bool QuantConfig::ignores(std::string_view moduleName) const
{
    return Matcher(ignore, modelOptPatterns).matches(std::string(moduleName));
}

bool readQuantConfig(const json &q, QuantConfig &out)
{
    if (!q.is_object())
        return false;
    const auto m = q.find("quant_method");
    std::string method = (m != q.end() && m->is_string()) ? m->get<std::string>() : std::string();
    // An hf_quant_config.json as ModelOpt writes it names its producer instead of a quant_method.
    if (method.empty())
        if (const auto producer = q.find("producer");
            producer != q.end() && producer->is_object() && q.contains("quantization")) {
            const auto name = producer->find("name");
            if (name != producer->end() && name->is_string() && name->get<std::string>() == "modelopt")
                method = "modelopt";
        }
    if (method.empty())
        return false;
    std::string lowered = method;
    for (char &c : lowered)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool modelOpt = lowered == "modelopt" || lowered == "modelopt_fp4" || lowered == "modelopt_fp8";
    const bool compressed = lowered == "compressed-tensors" || lowered == "compressed_tensors";
    // vLLM's Fp8Config keeps the modules of "ignored_layers" unquantized (is_layer_skipped ->
    // UnquantizedLinearMethod, BF16: vllm/model_executor/layers/quantization/fp8.py @017e9f4448b7). Read
    // here, with its scheme, only when the list is not empty; otherwise the caller reads fp8 itself.
    const auto ignored = q.find("ignored_layers");
    const bool fp8WithIgnores = lowered == "fp8" && ignored != q.end() && ignored->is_array() && !ignored->empty();
    if (!modelOpt && !compressed && !fp8WithIgnores)
        return false; // `out` untouched: the caller reads fp8 / mxfp4 / awq / gptq itself
    out = QuantConfig();
    out.method = method;
    if (modelOpt)
        readModelOpt(q, out);
    else if (compressed)
        readCompressedTensors(q, out);
    else
        readFp8WithIgnores(q, out);
    return true;
}

std::string withHfQuantConfig(const std::string &configText, const std::string &hfQuantText)
{
    json config, hq;
    try {
        config = json::parse(configText);
        hq = json::parse(hfQuantText);
    } catch (const json::exception &e) {
        throw InputError(std::string("config.json or hf_quant_config.json is not valid JSON: ") + e.what());
    }
    if (!config.is_object() || config.contains("config") || config.contains("quantization_config"))
        return configText;
    if (const auto t = config.find("text_config");
        t != config.end() && t->is_object() && t->contains("quantization_config"))
        return configText;
    if (!hq.is_object())
        throw InputError("hf_quant_config.json must be a JSON object");
    return json { { "config", std::move(config) }, { "hf_quant_config", std::move(hq) } }.dump();
}

QuantCoverage quantCoverage(const QuantConfig &q, const ModelSpec &m)
{
    QuantCoverage c;
    const Matcher mt(q.ignore, q.modelOptPatterns);
    // ModelOpt quantizes the LM head unless excluded (get_quant_method: ParallelLMHead gets LMHeadMethodCls);
    // compressed-tensors quantizes LinearBase layers only, and ParallelLMHead is not one.
    c.lmHead = q.modelOptPatterns && !mt.matches("lm_head") && !mt.matches("language_model.lm_head");
    const double h = m.hidden;
    std::vector<Projection> attention;
    if (m.isMla()) {
        const double qd = m.qkNopeHeadDim + m.qkRopeHeadDim;
        if (m.qLoraRank > 0) {
            attention.push_back({ h * m.qLoraRank, { "self_attn.q_a_proj", "self_attn.fused_qkv_a_proj" } });
            attention.push_back({ static_cast<double>(m.qLoraRank) * m.heads * qd, { "self_attn.q_b_proj" } });
        } else {
            attention.push_back({ h * m.heads * qd, { "self_attn.q_proj" } });
        }
        attention.push_back(
            { h * (m.kvLoraRank + m.qkRopeHeadDim), { "self_attn.kv_a_proj_with_mqa", "self_attn.fused_qkv_a_proj" } });
        attention.push_back({ static_cast<double>(m.kvLoraRank) * m.heads * (m.qkNopeHeadDim + m.vHeadDim),
            { "self_attn.kv_b_proj" } });
        attention.push_back({ static_cast<double>(m.heads) * m.vHeadDim * h, { "self_attn.o_proj" } });
    }
    // GQA projections of one layer, with its own heads and head sizes (MiMo-V2: K 192, V 128, so o_proj is
    // heads x v_head_dim x h).
    const auto gqaAttention = [&](const LayerInfo &l) {
        const double d = m.layerHeadDim(l), dv = m.layerVHeadDim(l);
        const double heads = m.layerHeads(l), kv = m.layerKvHeads(l);
        return std::vector<Projection> { { h * heads * d, { "self_attn.q_proj", "self_attn.qkv_proj" } },
            { h * kv * d, { "self_attn.k_proj", "self_attn.qkv_proj" } },
            { h * kv * dv, { "self_attn.v_proj", "self_attn.qkv_proj" } }, { heads * dv * h, { "self_attn.o_proj" } } };
    };
    const std::vector<Projection> dense = { { 1, { "mlp.gate_proj", "mlp.gate_up_proj" } },
        { 1, { "mlp.up_proj", "mlp.gate_up_proj" } }, { 1, { "mlp.down_proj" } } };
    const std::vector<Projection> shared
        = { { 1, { "mlp.shared_experts.gate_proj", "mlp.shared_expert.gate_proj", "mlp.shared_experts.gate_up_proj" } },
              { 1, { "mlp.shared_experts.up_proj", "mlp.shared_expert.up_proj", "mlp.shared_experts.gate_up_proj" } },
              { 1, { "mlp.shared_experts.down_proj", "mlp.shared_expert.down_proj" } } };
    // Mixtral / MiniMax name their experts block_sparse_moe.experts.N.w1 (gate), w3 (up), w2 (down).
    const std::vector<Projection> experts = {
        { 1,
            { "mlp.experts", "mlp.experts.0.gate_proj", "block_sparse_moe.experts", "block_sparse_moe.experts.0.w1" } },
        { 1, { "mlp.experts", "mlp.experts.0.up_proj", "block_sparse_moe.experts", "block_sparse_moe.experts.0.w3" } },
        { 1, { "mlp.experts", "mlp.experts.0.down_proj", "block_sparse_moe.experts", "block_sparse_moe.experts.0.w2" } }
    };

    // Share of the projections' parameters (per class, over the layers holding it) left quantized.
    const auto shareOf = [&](auto projectionsOf, auto holds) {
        double all = 0, kept = 0;
        for (int i = 0; i < static_cast<int>(m.layerInfo.size()); ++i) {
            const LayerInfo &l = m.layerInfo[static_cast<size_t>(i)];
            if (!holds(l))
                continue;
            for (const Projection &p : projectionsOf(l)) {
                all += p.params;
                if (!ignoredAny(mt, i, p.names))
                    kept += p.params;
            }
        }
        return all > 0 ? kept / all : 1.0;
    };
    const auto share = [&](const std::vector<Projection> &projections, auto holds) {
        return shareOf([&](const LayerInfo &) { return projections; }, holds);
    };
    c.attention = m.isMla() ? share(attention, [](const LayerInfo &) { return true; })
                            : shareOf(gqaAttention, [](const LayerInfo &) { return true; });
    c.denseMlp = share(dense, [](const LayerInfo &l) { return !l.moe; });
    c.sharedExperts = m.sharedIntermediate > 0 ? share(shared, [](const LayerInfo &l) { return l.moe; }) : 1.0;
    c.experts = share(experts, [](const LayerInfo &l) { return l.moe; });
    return c;
}

} // namespace shardscope
