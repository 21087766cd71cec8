#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

// A YAML document built in memory and written in block style, for the Kubernetes manifests
// (core/launch/k8sexport.h). Every string scalar is written double-quoted with escapes
// (sanitize::yamlQuoted), never bare: a name such as `yes`, `1e3`, `- x`, `{{ x }}` or one holding a
// newline or a quote reads back as the same string and nothing else. Integers and booleans are only
// the ones ShardScope computes.
class YamlNode
{
public:
    enum class Kind { Map, Seq, Str, Int, Bool };

    static YamlNode map() { return YamlNode(Kind::Map); }
    static YamlNode seq() { return YamlNode(Kind::Seq); }
    static YamlNode str(std::string text);
    static YamlNode integer(std::int64_t value);
    static YamlNode boolean(bool value);

    // Map: appends a key (keys are ShardScope's own field names, label keys included) and returns
    // the stored value for chaining.
    YamlNode &set(std::string key, YamlNode value);
    YamlNode &set(std::string key, std::string text) { return set(std::move(key), str(std::move(text))); }
    YamlNode &set(std::string key, const char *text) { return set(std::move(key), str(text)); }
    YamlNode &set(std::string key, int value) { return set(std::move(key), integer(value)); }
    // Seq: appends an item.
    YamlNode &add(YamlNode value);
    YamlNode &add(std::string text) { return add(str(std::move(text))); }

    Kind kind() const { return m_kind; }
    const std::string &text() const { return m_text; }
    const std::vector<std::pair<std::string, YamlNode>> &entries() const { return m_entries; }
    const std::vector<YamlNode> &items() const { return m_items; }
    const YamlNode *find(std::string_view key) const; // a map's value, or null

    // Block YAML, two-space indent, ending with a newline (no "---").
    std::string write() const;

private:
    explicit YamlNode(Kind kind)
        : m_kind(kind)
    {
    }
    void writeTo(std::string &out, int indent) const;

    Kind m_kind;
    std::string m_text; // Str: the text; Int, Bool: the written form
    std::vector<std::pair<std::string, YamlNode>> m_entries;
    std::vector<YamlNode> m_items;
};

} // namespace shardscope
