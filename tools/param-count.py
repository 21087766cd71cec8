#!/usr/bin/env python3
"""Parameter counts of a ShardScope model preset, computed from its Hugging Face config.

An independent check of core/evaluate/weights.cpp countParams (same conventions, docs/DESIGN.md §E.1):
total = every parameter of the decoder (embedding and LM head included, MTP layers and vision
towers excluded); active = total minus the routed experts a token does not use. The figures go into a
preset's "params_reference" block, which tests/core/tst_params.cpp compares with the C++ counter.

Usage: tools/param-count.py presets/models/<id>.json [...]
"""
import json
import sys


def text_config(cfg):
    tc = cfg.get("text_config")
    return tc if isinstance(tc, dict) else cfg


def count(preset):
    outer = preset.get("config", preset)
    c = text_config(outer)
    mt = c.get("model_type", outer.get("model_type", ""))
    h = c["hidden_size"]
    layers = c["num_hidden_layers"]
    heads = c["num_attention_heads"]
    kv = c.get("num_key_value_heads") or heads
    d = c.get("head_dim") or h // heads
    vocab = c["vocab_size"]
    tied = c.get("tie_word_embeddings", outer.get("tie_word_embeddings", False))

    # attention, per layer
    if c.get("kv_lora_rank"):
        qd = c["qk_nope_head_dim"] + c["qk_rope_head_dim"]
        ql = c.get("q_lora_rank") or 0
        attn = (h * ql + ql + ql * heads * qd) if ql else h * heads * qd
        attn += h * (c["kv_lora_rank"] + c["qk_rope_head_dim"]) + c["kv_lora_rank"]
        attn += c["kv_lora_rank"] * heads * (c["qk_nope_head_dim"] + c["v_head_dim"])
        attn += heads * c["v_head_dim"] * h
    else:
        attn = h * heads * d + 2 * h * kv * d + heads * d * h
        if c.get("attention_bias"):
            attn += heads * d + 2 * kv * d + h
        elif mt in ("qwen2", "qwen2_moe"):
            attn += heads * d + 2 * kv * d
        if mt in ("qwen3", "qwen3_moe") or (c.get("use_qk_norm") and mt != "llama4_text"):
            attn += 2 * d

    experts = c.get("n_routed_experts") or c.get("num_experts") or c.get("num_local_experts") or 0
    k = c.get("num_experts_per_tok") or c.get("experts_per_token") or 0
    moe_i = c.get("moe_intermediate_size") or c.get("intermediate_size")
    shared = (c.get("n_shared_experts") or 0) * (moe_i or 0)
    dense_i = c.get("intermediate_size") or 0

    def is_moe(i):
        if not experts:
            return False
        if "decoder_sparse_step" in c:
            if i in (c.get("mlp_only_layers") or []):
                return False
            return (i + 1) % c["decoder_sparse_step"] == 0
        return i >= (c.get("first_k_dense_replace") or 0) and i % (c.get("moe_layer_freq") or 1) == 0

    router = experts * h + (experts if c.get("topk_method") == "noaux_tc" else 0)
    expert = 3 * h * (moe_i or 0)
    total = active = 0
    for i in range(layers):
        base = attn + 2 * h
        if is_moe(i):
            total += base + experts * expert + router + 3 * h * shared
            active += base + k * expert + router + 3 * h * shared
        else:
            total += base + 3 * h * dense_i
            active += base + 3 * h * dense_i
    ends = vocab * h * (1 if tied else 2) + h
    return total + ends, active + ends


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path) as f:
            p = json.load(f)
        t, a = count(p)
        print(f"{path}: total {t} active {a} ({t / 1e9:.3f}B / {a / 1e9:.3f}B)")
