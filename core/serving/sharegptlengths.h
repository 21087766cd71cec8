#pragma once
#include <cstdint>
#include <span>

namespace shardscope {

// One request of vllm bench serve's ShareGPT dataset: prompt and output tokens.
struct ShareGptRequest
{
    std::uint16_t input = 0;
    std::uint16_t output = 0;
};

// The requests vLLM's ShareGPT sampler draws, in the order it sends them (sharegptlengths.inc says where they come
// from): `--num-prompts N` sends the first N (this table repeats beyond its 16,384).
std::span<const ShareGptRequest> shareGptRequests();

// Mean prompt and output tokens of the first n requests (the table repeating beyond its end).
struct ShareGptMeans
{
    double input = 0;
    double output = 0;
};
ShareGptMeans shareGptMeans(std::int64_t n);

} // namespace shardscope
