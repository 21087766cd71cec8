#pragma once
#include <string>
#include <vector>

// Qt Linguist finds the sentence templates through this macro (the UI translates them); core
// includes no Qt, so here it is the identity.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace shardscope {

// Generated text that a UI can translate: an English template with %1 … %9 and its arguments,
// which are values (numbers, names: not translated, translatable = false) or phrases of their
// own. text() is the English.
// The templates in core/*.cpp are wrapped in QT_TRANSLATE_NOOP(context, …) so that Qt Linguist
// finds them; core defines that macro as the identity (it includes no Qt).
struct Sentence
{
    std::string templ;
    std::vector<Sentence> args;
    bool translatable = true;
    std::string context; // Qt Linguist context of the template

    std::string text() const;
    bool operator==(const Sentence &) const = default;
};

Sentence phrase(const char *context, const char *templ, std::vector<Sentence> args = {});
Sentence value(std::string v);
Sentence value(double v, int decimals = 0); // "1,222,046", "0.50"
Sentence value(int v);
// The English of each sentence, in order.
std::vector<std::string> texts(const std::vector<Sentence> &sentences);
// "a, b, c": the parts joined as nested "%1, %2" (kept untranslated; the parts are translated).
Sentence joinComma(const std::vector<Sentence> &parts);

} // namespace shardscope
