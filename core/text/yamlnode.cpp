#include "core/text/yamlnode.h"

#include "core/text/sanitizeyaml.h"

namespace shardscope {

YamlNode YamlNode::str(std::string text)
{
    YamlNode n(Kind::Str);
    n.m_text = std::move(text);
    return n;
}

YamlNode YamlNode::integer(std::int64_t value)
{
    YamlNode n(Kind::Int);
    n.m_text = std::to_string(value);
    return n;
}

YamlNode YamlNode::boolean(bool value)
{
    YamlNode n(Kind::Bool);
    n.m_text = value ? "true" : "false";
    return n;
}

YamlNode &YamlNode::set(std::string key, YamlNode value)
{
    m_entries.emplace_back(std::move(key), std::move(value));
    return m_entries.back().second;
}

YamlNode &YamlNode::add(YamlNode value)
{
    m_items.push_back(std::move(value));
    return m_items.back();
}

const YamlNode *YamlNode::find(std::string_view key) const
{
    for (const auto &[k, v] : m_entries)
        if (k == key)
            return &v;
    return nullptr;
}

namespace {

bool isEmptyCollection(const YamlNode &n)
{
    return (n.kind() == YamlNode::Kind::Map && n.entries().empty())
        || (n.kind() == YamlNode::Kind::Seq && n.items().empty());
}

bool isScalar(const YamlNode &n)
{
    return n.kind() != YamlNode::Kind::Map && n.kind() != YamlNode::Kind::Seq;
}

// A key is written plain only when it is made of characters no YAML reader treats specially
// (nvidia.com/gpu, leaderworkerset.sigs.k8s.io/name); anything else is quoted like a value.
std::string keyText(const std::string &key)
{
    bool plain = !key.empty();
    for (char c : key)
        plain = plain
            && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '/'
                || c == '_' || c == '-');
    if (plain && key.front() == '-')
        plain = false;
    return plain ? key : sanitize::yamlQuoted(key);
}

std::string scalarText(const YamlNode &n)
{
    if (n.kind() == YamlNode::Kind::Str)
        return sanitize::yamlQuoted(n.text());
    if (n.kind() == YamlNode::Kind::Map)
        return "{}";
    if (n.kind() == YamlNode::Kind::Seq)
        return "[]";
    return n.text();
}

} // namespace

void YamlNode::writeTo(std::string &out, int indent) const
{
    const std::string pad(static_cast<size_t>(indent), ' ');
    if (m_kind == Kind::Map) {
        for (const auto &[k, v] : m_entries) {
            out += pad + keyText(k) + ":";
            if (isScalar(v) || isEmptyCollection(v)) {
                out += " " + scalarText(v) + "\n";
            } else {
                out += "\n";
                // Sequences sit at the key's indentation ("key:\n- item"), as kubectl writes them.
                v.writeTo(out, v.m_kind == Kind::Seq ? indent : indent + 2);
            }
        }
    } else if (m_kind == Kind::Seq) {
        for (const YamlNode &item : m_items) {
            if (isScalar(item) || isEmptyCollection(item)) {
                out += pad + "- " + scalarText(item) + "\n";
                continue;
            }
            // "- " then the first line of the item; its other lines indented by two more.
            std::string inner;
            item.writeTo(inner, indent + 2);
            out += pad + "- " + inner.substr(static_cast<size_t>(indent) + 2);
        }
    } else {
        out += pad + scalarText(*this) + "\n";
    }
}

std::string YamlNode::write() const
{
    std::string out;
    writeTo(out, 0);
    return out;
}

} // namespace shardscope
