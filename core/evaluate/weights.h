#pragma once
#include "core/model/modelspec.h"
#include "core/model/plan.h"

namespace shardscope {

// Bytes per stored parameter for each kind of tensor, scales included.
struct BytesPerParam
{
    double linear = 2; // dense-MLP projections
    double attention = 2; // attention projections (the same as linear unless an ignore list keeps them)
    double expert = 2; // routed experts
    double shared = 2; // shared experts (the same as expert unless an ignore list keeps them)
    double other = 2; // embedding, norms, router, biases (kept in BF16 by every scheme here)
    double lmHead = 2; // the LM head (BF16 unless a ModelOpt checkpoint quantizes it)
    int expertPad = 1; // per-partition expert intermediate is rounded up to this (MXFP4 kernels: 256)
};

// The format the weights load in: the checkpoint's own unless the plan overrides it.
WeightFormat effectiveWeightFormat(const ModelSpec &m, Quantization q);
BytesPerParam bytesPerParam(const ModelSpec &m, WeightFormat f);

struct ParamCounts
{
    double total = 0; // every parameter, embedding and LM head included (MTP layers excluded)
    double active = 0; // total minus the routed experts a token does not use
    double embedding = 0;
    double lmHead = 0; // 0 when tied to the embedding
};
// Counted tensor by tensor from the config (docs/DESIGN.md §E.1 conventions).
ParamCounts countParams(const ModelSpec &m);

// What one rank holds.
struct RankShape
{
    int tp = 1;
    int moeTp = 1; // each expert is split this many ways
    int firstLayer = 0;
    int layerCount = 0;
    bool embedding = false;
    bool lmHead = false;
    int localExperts = 0; // expert slots this rank holds per MoE layer (redundant copies included)
};

struct WeightBreakdown
{
    double attention = 0;
    double mlp = 0; // dense MLP layers and shared experts
    double experts = 0; // routed experts
    double router = 0;
    double norms = 0;
    double embedding = 0;
    double lmHead = 0;
    double draft = 0; // speculative-decoding draft layers (EAGLE / MTP), last stage only
    double total() const { return attention + mlp + experts + router + norms + embedding + lmHead + draft; }
};

// Bytes resident on one rank: the tensors it actually holds (embedding only on the first stage,
// LM head on the last, only its own experts), sharded as vLLM's parallel linear layers shard them.
WeightBreakdown rankWeightBytes(const ModelSpec &m, const RankShape &shape, const BytesPerParam &bytes);

} // namespace shardscope
