#pragma once
#include "core/evaluate/evaluation.h"
#include "core/serving/serving.h"
#include "core/text/sentence.h"

#include <string>
#include <vector>

namespace shardscope {

// Plan A against plan B: the numbers side by side with their deltas, and short generated
// explanations of the causes ("TP 8 → 16: KV per GPU unchanged because 8 KV heads are now
// replicated"). Teachers pin A, move a slider, and read why the numbers moved.

enum class Better { Higher, Lower, Neither };
enum class DeltaUnit { Count, Bytes, Tokens, Requests, Seconds, Fraction, TokensPerSec, RequestsPerGpu };

struct DeltaRow
{
    std::string key; // stable: "kv_bytes_per_token_per_gpu", "capacity_tokens", "tpot_s", ...
    std::string label; // "KV bytes per token per GPU" (a template of the "Compare" translation context)
    DeltaUnit unit = DeltaUnit::Count;
    Better better = Better::Neither;
    double a = 0;
    double b = 0;
    double delta() const { return b - a; }
    double ratio() const { return a != 0 ? b / a : 0; } // 0 when A is 0
    bool changed() const; // beyond rounding
    bool significant() const; // by more than 0.5 % (worth a colour)
    bool improved() const; // significantly, in the better direction
    bool worsened() const;
};

struct Comparison
{
    // Translatable sentences (context "Compare"): the inputs that differ ("TP 8 → 16",
    // "GPU H100 SXM5 80GB → H200"), and one sentence per cause, most important first.
    std::vector<Sentence> changeSentences;
    std::vector<DeltaRow> rows; // always the same rows, in the same order
    std::vector<Sentence> sentences;
    std::vector<std::string> changes() const; // in English
    std::vector<std::string> explanations() const; // in English
    const DeltaRow *row(const std::string &key) const;
};

// Both evaluations are compared as they are; an invalid side gives rows of zeros and says so.
Comparison comparePlans(const EvaluatedPlan &a, const EvaluatedPlan &b);

// Both sides served at one workload (the window's Compare): appends the serving estimates' rows
// ("serving_tpot_s", "serving_ttft_s", "serving_output_tokens_per_s_per_gpu", "serving_kv_peak_fraction",
// means over the simulated requests) and relabels the roofline time rows as such, so that a reader sees
// which TPOT is which. A null side gives zeros.
void addServingRows(Comparison &c, const ServingResult *a, const ServingResult *b);

// Translatable sentences (context "Compare"); text() is the English.
// "32.9 GiB", "1,222,046 tokens", "0.559 ms", "20.0 %"
Sentence deltaValueSentence(DeltaUnit unit, double v);
// "×1.18", "+0.3 %" (within 1 %), "+50.0 points" (fractions), "unchanged"
Sentence deltaChangeSentence(const DeltaRow &row);

} // namespace shardscope
