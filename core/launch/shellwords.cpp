#include "core/launch/shellwords.h"

#include "core/model/errors.h"

namespace shardscope {

namespace {

bool safeChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@'
        || c == '%' || c == '+' || c == '=' || c == ':' || c == ',' || c == '.' || c == '/' || c == '-';
}

bool identStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool identChar(char c)
{
    return identStart(c) || (c >= '0' && c <= '9');
}

// A small hand-written scanner (no std::regex: it recurses and can overflow on hostile input).
class Scanner
{
public:
    explicit Scanner(std::string_view text)
        : m_s(text)
    {
    }

    std::vector<ShellCommand> run()
    {
        m_lineStart = true;
        while (m_i < m_s.size()) {
            if (m_lineStart) {
                m_lineStart = false;
                skipPrompt();
                continue;
            }
            const char c = m_s[m_i];
            if (c == ' ' || c == '\t' || c == '\r') {
                endWord();
                ++m_i;
            } else if (c == '\n') {
                endCommand();
                ++m_i;
                m_lineStart = true;
            } else if (c == '\\') {
                if (continuation(m_i + 1)) {
                    continue;
                }
                ++m_i;
                if (m_i < m_s.size())
                    append(m_s[m_i++]);
            } else if (c == '\'') {
                singleQuoted();
            } else if (c == '"') {
                doubleQuoted();
            } else if (c == '$') {
                dollar();
            } else if (c == '#' && !m_inWord) {
                while (m_i < m_s.size() && m_s[m_i] != '\n')
                    ++m_i;
            } else if (c == ';' || c == '|') {
                endCommand();
                ++m_i;
            } else if (c == '&') {
                if (m_i + 1 < m_s.size() && m_s[m_i + 1] == '>') {
                    ++m_i;
                    redirection();
                } else {
                    endCommand();
                    ++m_i;
                }
            } else if (c == '<' && docPlaceholder()) {
                continue;
            } else if (c == '<' || c == '>') {
                redirection();
            } else {
                append(c);
                ++m_i;
            }
        }
        endCommand();
        return std::move(m_commands);
    }

private:
    // "$ " (a documentation prompt) as the first non-blank characters of a line.
    void skipPrompt()
    {
        size_t j = m_i;
        while (j < m_s.size() && (m_s[j] == ' ' || m_s[j] == '\t'))
            ++j;
        if (j + 1 < m_s.size() && m_s[j] == '$' && (m_s[j + 1] == ' ' || m_s[j + 1] == '\t'))
            m_i = j + 2;
    }

    // Backslash-newline (or backslash-CR-LF) at `at`: skipped entirely, as the shell does.
    bool continuation(size_t at)
    {
        if (at < m_s.size() && m_s[at] == '\n') {
            m_i = at + 1;
            m_lineStart = true;
            return true;
        }
        if (at + 1 < m_s.size() && m_s[at] == '\r' && m_s[at + 1] == '\n') {
            m_i = at + 2;
            m_lineStart = true;
            return true;
        }
        return false;
    }

    void singleQuoted()
    {
        m_inWord = true;
        const size_t close = m_s.find('\'', m_i + 1);
        if (close == std::string_view::npos)
            throw InputError("unterminated ' quote in the command");
        m_word.text.append(m_s.substr(m_i + 1, close - m_i - 1));
        m_i = close + 1;
    }

    void doubleQuoted()
    {
        m_inWord = true;
        ++m_i;
        while (m_i < m_s.size() && m_s[m_i] != '"') {
            const char c = m_s[m_i];
            if (c == '\\' && m_i + 1 < m_s.size()) {
                const char n = m_s[m_i + 1];
                if (n == '\n' || (n == '\r' && m_i + 2 < m_s.size() && m_s[m_i + 2] == '\n')) {
                    m_i += n == '\n' ? 2 : 3;
                } else if (n == '$' || n == '`' || n == '"' || n == '\\') {
                    append(n);
                    m_i += 2;
                } else {
                    append(c);
                    ++m_i;
                }
            } else if (c == '$') {
                dollar();
            } else {
                append(c);
                ++m_i;
            }
        }
        if (m_i >= m_s.size())
            throw InputError("unterminated \" quote in the command");
        ++m_i;
    }

    // $NAME or ${NAME...}: kept as written, the name recorded. Anything else is a literal $.
    void dollar()
    {
        const size_t start = m_i;
        ++m_i;
        if (m_i < m_s.size() && m_s[m_i] == '{') {
            size_t j = m_i + 1;
            const size_t nameStart = j;
            while (j < m_s.size() && identChar(m_s[j]))
                ++j;
            const std::string name(m_s.substr(nameStart, j - nameStart));
            int depth = 1;
            while (j < m_s.size() && depth > 0) {
                if (m_s[j] == '{')
                    ++depth;
                else if (m_s[j] == '}')
                    --depth;
                ++j;
            }
            if (depth > 0)
                throw InputError("unterminated ${ in the command");
            m_word.text.append(m_s.substr(start, j - start));
            if (!name.empty())
                m_word.vars.push_back(name);
            m_inWord = true;
            m_i = j;
        } else if (m_i < m_s.size() && identStart(m_s[m_i])) {
            size_t j = m_i;
            while (j < m_s.size() && identChar(m_s[j]))
                ++j;
            m_word.vars.emplace_back(m_s.substr(m_i, j - m_i));
            m_word.text.append(m_s.substr(start, j - start));
            m_inWord = true;
            m_i = j;
        } else {
            append('$');
        }
    }

    // <HEAD_IP>: documentation's placeholder style (docs/DESIGN.md §A.3b, §A.3c). A shell would read
    // it as a redirection; pasted from docs it means "fill in HEAD_IP", so it is kept as a word part
    // and its name recorded like a $HEAD_IP.
    bool docPlaceholder()
    {
        size_t j = m_i + 1;
        if (j >= m_s.size() || !identStart(m_s[j]))
            return false;
        while (j < m_s.size() && (identChar(m_s[j]) || m_s[j] == '-'))
            ++j;
        if (j >= m_s.size() || m_s[j] != '>')
            return false;
        m_word.vars.emplace_back(m_s.substr(m_i + 1, j - m_i - 1));
        m_word.text.append(m_s.substr(m_i, j + 1 - m_i));
        m_inWord = true;
        m_i = j + 1;
        return true;
    }

    // [n]>file, >>file, <file, 2>&1, &>file: dropped with their target, they do not reach vLLM.
    void redirection()
    {
        bool digits = m_inWord && m_word.vars.empty() && !m_word.text.empty();
        for (char c : m_word.text)
            digits = digits && c >= '0' && c <= '9';
        if (digits) {
            m_word = {};
            m_inWord = false;
        } else {
            endWord();
        }
        while (m_i < m_s.size() && (m_s[m_i] == '<' || m_s[m_i] == '>'))
            ++m_i;
        if (m_i < m_s.size() && m_s[m_i] == '&') {
            ++m_i;
            while (m_i < m_s.size() && ((m_s[m_i] >= '0' && m_s[m_i] <= '9') || m_s[m_i] == '-'))
                ++m_i;
            return;
        }
        while (m_i < m_s.size() && (m_s[m_i] == ' ' || m_s[m_i] == '\t'))
            ++m_i;
        // The target word: scanned like any word, then discarded.
        const size_t wordsBefore = m_current.size();
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '|' || c == '&' || c == '<' || c == '>'
                || c == '\r')
                break;
            if (c == '\'')
                singleQuoted();
            else if (c == '"')
                doubleQuoted();
            else if (c == '\\' && m_i + 1 < m_s.size() && m_s[m_i + 1] != '\n') {
                append(m_s[m_i + 1]);
                m_i += 2;
            } else if (c == '\\') {
                break;
            } else {
                append(c);
                ++m_i;
            }
        }
        m_word = {};
        m_inWord = false;
        m_current.resize(wordsBefore);
    }

    void append(char c)
    {
        m_word.text.push_back(c);
        m_inWord = true;
    }

    void endWord()
    {
        if (!m_inWord)
            return;
        if (++m_words > kMaxShellWords)
            throw InputError("the command has more than " + std::to_string(kMaxShellWords) + " words");
        m_current.push_back(std::move(m_word));
        m_word = {};
        m_inWord = false;
    }

    void endCommand()
    {
        endWord();
        if (!m_current.empty())
            m_commands.push_back(std::move(m_current));
        m_current.clear();
    }

    std::string_view m_s;
    size_t m_i = 0;
    size_t m_words = 0;
    bool m_lineStart = true;
    bool m_inWord = false;
    ShellWord m_word;
    ShellCommand m_current;
    std::vector<ShellCommand> m_commands;
};

} // namespace

bool isShellSafe(std::string_view word)
{
    if (word.empty())
        return false;
    for (char c : word)
        if (!safeChar(c))
            return false;
    return true;
}

std::string shellQuote(std::string_view word)
{
    if (isShellSafe(word))
        return std::string(word);
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::vector<ShellCommand> splitShellCommands(std::string_view text)
{
    if (text.size() > kMaxShellTextBytes)
        throw InputError("the command is longer than " + std::to_string(kMaxShellTextBytes / 1024) + " KiB");
    return Scanner(text).run();
}

} // namespace shardscope
