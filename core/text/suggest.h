#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

// What a user probably meant by a name that is not in `known` (a preset id, a flag, a command):
// the best group of at most `max` names, first group that has any. Case is ignored throughout.
//   1. the same name in another case ("llama-3.1-70B");
//   2. the same once "-", "_", "." and spaces are dropped ("deepseekv3");
//   3. a prefix either way ("qwen3-235b" of "qwen3-235b-a22b"; "tp" of "tpp", the longest such),
//      two characters at least;
//   4. the only name that contains the text (three characters at least);
//   5. the names at the smallest edit distance (a swap counts as one edit), at most 1 for up to 4
//      characters (two at least), 2 for up to 8, 3 beyond.
// Empty when nothing is close: the caller then lists what is allowed, or says nothing.
std::vector<std::string> suggestNames(
    std::string_view typed, const std::vector<std::string> &known, std::size_t max = 3);

// "did you mean a?", "did you mean a or b?", "did you mean a, b or c?", each name after `prefix`
// ("--"); empty for no names.
std::string didYouMean(const std::vector<std::string> &names, std::string_view prefix = {});

// Whether every whitespace-separated word of `query` occurs in `text`, in any order, ignoring
// (ASCII) case: "qwen3 235" matches "Qwen3-235B-A22B". An empty query matches everything.
bool matchesAllWords(std::string_view query, std::string_view text);

} // namespace shardscope
