#pragma once
#include "core/evaluate/links.h"
#include "core/explain/explain.h"

#include <QString>

#include <cstdint>

struct PlanState;
namespace shardscope {
struct DisaggExportResult;
}

// Numbers as the window shows them, always with a unit, and the "show your work" tooltips.
namespace textformat {

QString bytes(double bytes, int decimals = 1); // "32.9 GiB", "512 B"
QString gib(double bytes, int decimals = 1); // always GiB: "0.5 GiB"
QString count(std::int64_t value); // "1,222,046"
QString duration(double seconds); // "3.50 µs", "0.559 ms", "1.250 s" (core's prose style)
// What a link kind is called: the GPU's own scale-up link when its spec names one ("NVLink 4
// (18 links) via NVSwitch" -> "NVLink 4"), else "scale-up link (NVLink, xGMI)"; "PCIe";
// "network (NIC)"; "none (stays on the GPU)".
QString linkName(shardscope::LinkKind link, const std::string &scaleupLink = {});
QString qs(const std::string &s);

// Core's generated text in the window's language: the template through QCoreApplication::translate
// in its context, the arguments rendered the same way (values as they are).
QString sentence(const shardscope::Sentence &s);
// Why a disaggregated export was refused: the refused pool's reason in the window's language, or
// core's words for the export's own checks (the target, the KV connector).
QString disaggRefusal(const shardscope::DisaggExportResult &r);
// A validation issue's message, translated (the English message when it carries no sentence).
QString issue(const shardscope::PlanIssue &i);

// How an explanation is laid out: a compact tooltip over a chart or table cell, or the "show your
// work" panel (headed sections, a bordered inputs table, the substituted formula in large type).
enum class ExplanationStyle { Tooltip, Panel };
// Rich text: title, formula, formula with the plan's values, inputs and their sources, note.
QString explanationHtml(const shardscope::Explanation &x, ExplanationStyle style = ExplanationStyle::Tooltip);
// What GPU `rank` is and holds: node, stage, TP/DP/EP ranks, layers, heads, experts, memory.
QString gpuSummaryHtml(const PlanState &state, int rank);
// "layers 0–60" style ranges.
QString range(int first, int last);
// `text` that a wrapping label never breaks, when it holds Chinese: spaces become no-break spaces
// and a word joiner (U+2060) sits between the other characters, so "估算" stays one word (Qt may
// otherwise break between any two Chinese characters). Other text is returned as it is. For short
// tags such as " · estimated".
QString unbreakable(const QString &text);
// Heads held, never an index that reads as a count: "head 2", or "heads 16–23 (8)".
QString heads(int first, int count);

} // namespace textformat
