#pragma once
#include "core/explain/explain.h"
#include "core/text/sentence.h"

#include <string>
#include <vector>

// The explanations as they are written (core/explain/explain.cpp, core/explain/explaincomm.cpp): every text a
// Sentence of the "Explain" translation context, turned into an Explanation by finished().
namespace shardscope::explaintext {

struct Input
{
    Sentence name;
    Sentence value;
    Sentence source;
};

struct Draft
{
    Sentence title;
    Sentence formula;
    Sentence substituted;
    Sentence result;
    std::vector<Input> inputs;
    Sentence note;
};

Explanation finished(const Draft &d);

Sentence say(const char *templ, std::vector<Sentence> args = {}); // a template of the "Explain" context
// Symbols, numbers and units, with %1 … %9 for its arguments: not translated.
Sentence sym(std::string symbols, std::vector<Sentence> args = {});
Sentence num(double v, int decimals = 0); // formatNumber: "40,960", "0.90"
Sentence integer(long long v); // std::to_string: "4096"

} // namespace shardscope::explaintext
