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


def count_nemotron_h(c):
    # NemotronH (vllm nemotron_h.py): one mixer per layer from hybrid_override_pattern, each with its norm.
    # M Mamba-2: in_proj h -> 2I + 2GN + H, conv1d (I + 2GN) x K (+ bias), A / D / dt_bias per head, gated
    # RMSNorm over I, out_proj I -> h. * attention (no bias). E MoE: router + correction bias, routed and
    # shared experts as up + down (relu2, not gated). - dense MLP (up + down).
    h = c["hidden_size"]
    heads, kv, d = c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
    mh, md, g, n, k_conv = c["mamba_num_heads"], c["mamba_head_dim"], c["n_groups"], c["ssm_state_size"], c["conv_kernel"]
    inner = mh * md
    conv = inner + 2 * g * n
    mamba = h * (inner + conv + mh) + conv * (k_conv + (1 if c.get("use_conv_bias") else 0)) + 3 * mh + inner
    mamba += inner * h
    attn = h * heads * d + 2 * h * kv * d + heads * d * h
    experts, top = c.get("n_routed_experts") or 0, c.get("num_experts_per_tok") or 0
    # LatentMoE (Nemotron-3 Super, vllm nemotron_h.py @017e9f4448b7 NemotronHMoE): moe_latent_size L set, the
    # routed experts work in L (up L -> I, down I -> L) behind fc1_latent_proj h -> L and fc2_latent_proj
    # L -> h (no bias), which every token runs; router and shared expert stay at h.
    latent = c.get("moe_latent_size") or 0
    expert = 2 * (latent or h) * (c.get("moe_intermediate_size") or 0)
    shared = 2 * h * (c.get("moe_shared_expert_intermediate_size") or 0) * (c.get("n_shared_experts") or 1)
    shared += 2 * h * latent
    router = experts * h + experts
    total = active = 0
    for ch in c["hybrid_override_pattern"]:
        if ch == "M":
            t = a = mamba
        elif ch == "*":
            t = a = attn
        elif ch == "E":
            t = experts * expert + router + shared
            a = top * expert + router + shared
        else:
            t = a = 2 * h * c["intermediate_size"]
        total += t + h
        active += a + h
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings") else 2) + h
    return total + ends, active + ends


def count_gemma4(c):
    # Gemma-4 (vllm gemma4.py @001cabc1): full-attention layers use global_head_dim and, with
    # attention_k_eq_v, num_global_key_value_heads and no v_proj; every layer has q_norm / k_norm of its head
    # size, four hidden norms and a GELU-gated MLP; enable_moe_block adds a router (scale h + proj E x h),
    # per_expert_scale E, E gated experts and three more norms. Counts the checkpoint's tensors.
    # The last num_kv_shared_layers layers keep their k/v projections (vLLM allocates them) and, with
    # use_double_wide_mlp, have an MLP twice as wide. Per-layer embeddings (hidden_size_per_layer_input P > 0,
    # E2B / E4B): a table vocab_size_per_layer_input x L x P, a projection h -> L x P and its norm (P), and in
    # every layer a gate h -> P, a projection P -> h and one more hidden norm.
    h, heads = c["hidden_size"], c["num_attention_heads"]
    d, gd = c["head_dim"], c.get("global_head_dim") or c["head_dim"]
    kv = c["num_key_value_heads"]
    k_eq_v = bool(c.get("attention_k_eq_v"))
    gkv = (c.get("num_global_key_value_heads") or kv) if k_eq_v else kv
    moe = bool(c.get("enable_moe_block"))
    e, k = (c.get("num_experts") or 0), (c.get("top_k_experts") or 0)
    mi = c.get("moe_intermediate_size") or 0
    L = len(c["layer_types"])
    first_shared = L - (c.get("num_kv_shared_layers") or 0)
    ple = c.get("hidden_size_per_layer_input") or 0
    total = active = 0
    for i, t in enumerate(c["layer_types"]):
        wide = 2 if (c.get("use_double_wide_mlp") and i >= first_shared) else 1
        mlp = 3 * h * c["intermediate_size"] * wide
        if t == "full_attention":
            attn = 2 * h * heads * gd + (1 if k_eq_v else 2) * h * gkv * gd + 2 * gd
        else:
            attn = 2 * h * heads * d + 2 * h * kv * d + 2 * d
        base = attn + mlp + 4 * h
        if ple:
            base += 2 * h * ple + h
        if moe:
            router = e * h + h + e
            total += base + router + 3 * h + e * 3 * h * mi
            active += base + router + 3 * h + k * 3 * h * mi
        else:
            total += base
            active += base
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings", True) else 2) + h
    if ple:
        ends += (c.get("vocab_size_per_layer_input") or c["vocab_size"]) * L * ple + h * L * ple + ple
    return total + ends, active + ends


def count_lfm2(c):
    # LFM2 (vllm lfm2.py, short_conv.py): conv layers in_proj h -> 3h, depthwise conv h x L, out_proj h -> h;
    # attention layers GQA (head size h / heads) with q / k layernorms; every layer two norms and a SwiGLU
    # MLP whose width is 2/3 of block_ff_dim (times the multiplier), rounded up to block_multiple_of.
    h, heads, kv = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"]
    d = h // heads
    ff = c.get("block_ff_dim") or c["intermediate_size"]
    if c.get("model_type") == "lfm2_moe":
        ff = c["intermediate_size"]  # the dense layers' MLP, as is
    elif c.get("block_auto_adjust_ff_dim", True):
        ff = int(2 * ff / 3)
        if c.get("block_ffn_dim_multiplier") is not None:
            ff = int(c["block_ffn_dim_multiplier"] * ff)
        m = c.get("block_multiple_of", 256)
        ff = m * ((ff + m - 1) // m)
    L = c["conv_L_cache"]
    bias = bool(c.get("conv_bias"))
    conv = 3 * h * h + h * L + h * h + (3 * h + h + h if bias else 0)
    attn = 2 * h * heads * d + 2 * h * kv * d + 2 * d
    total = active = 0
    for i, t in enumerate(c["layer_types"]):
        base = (attn if t == "full_attention" else conv) + 2 * h
        if c.get("model_type") == "lfm2_moe" and i >= c.get("num_dense_layers", 0):
            # LFM2-MoE (vllm lfm2_moe.py): router + expert bias (use_expert_bias), SwiGLU experts.
            e, k = c["num_experts"], c["num_experts_per_tok"]
            expert = 3 * h * c["moe_intermediate_size"]
            router = e * h + (e if c.get("use_expert_bias") else 0)
            total += base + router + e * expert
            active += base + router + k * expert
        else:
            total += base + 3 * h * ff
            active += base + 3 * h * ff
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings", True) else 2) + h
    return total + ends, active + ends


def count_mimo_v2(c):
    # MiMo-V2-Flash (vllm mimo_v2_flash.py): hybrid_layer_pattern 1 = sliding layer with the swa_* heads,
    # 0 = full layer; q / k of head_dim, v and o of v_head_dim; a sink per query head where
    # add_*_attention_sink_bias; moe_layer_freq lists 1 for an MoE layer (router + correction bias), 0 for
    # the dense MLP of intermediate_size.
    h = c["hidden_size"]

    def attention(heads, kv, d, vd, sinks):
        return h * heads * d + h * kv * d + h * kv * vd + heads * vd * h + (heads if sinks else 0)

    full = attention(c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"], c.get("v_head_dim") or
                     c["head_dim"], c.get("add_full_attention_sink_bias"))
    swa_d = c.get("swa_head_dim") or c["head_dim"]
    swa = attention(c.get("swa_num_attention_heads") or c["num_attention_heads"],
                    c.get("swa_num_key_value_heads") or c["num_key_value_heads"], swa_d,
                    c.get("swa_v_head_dim") or swa_d, c.get("add_swa_attention_sink_bias"))
    experts, k = c["n_routed_experts"], c["num_experts_per_tok"]
    expert = 3 * h * c["moe_intermediate_size"]
    router = experts * h + experts
    total = active = 0
    for pattern, moe in zip(c["hybrid_layer_pattern"], c["moe_layer_freq"]):
        base = (swa if pattern == 1 else full) + 2 * h
        if moe == 1:
            total += base + experts * expert + router
            active += base + k * expert + router
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings") else 2) + h
    return total + ends, active + ends


def count_laguna(c):
    # Laguna (vllm laguna.py): per-layer query heads (num_attention_heads_per_layer), KV heads fixed;
    # q / k / v / o, the softplus gate g_proj (h -> heads, or heads x head_dim for "per-element" gating),
    # q / k norms of head_dim; mlp_layer_types "dense" (MLP of intermediate_size) or "sparse" (routed
    # experts, one shared expert of shared_expert_intermediate_size without a gate, router + correction bias).
    h, L, kv, d = c["hidden_size"], c["num_hidden_layers"], c["num_key_value_heads"], c["head_dim"]
    heads = c.get("num_attention_heads_per_layer") or [c["num_attention_heads"]] * L
    gating = c.get("gating", True)
    gate = 0 if gating is False or gating is None else (1 if gating is True or gating == "per-head" else d)
    if "decoder_sparse_step" in c:
        sparse = [i not in (c.get("mlp_only_layers") or []) and (i + 1) % c["decoder_sparse_step"] == 0
                  for i in range(L)]
    else:
        sparse = [t == "sparse" for t in c["mlp_layer_types"]]
    experts, k = c["num_experts"], c["num_experts_per_tok"]
    expert = 3 * h * c["moe_intermediate_size"]
    common = 3 * h * c["shared_expert_intermediate_size"] + experts * h + experts
    total = active = 0
    for i in range(L):
        base = 2 * h * heads[i] * d + 2 * h * kv * d + h * heads[i] * gate + 2 * d + 2 * h
        if sparse[i]:
            total += base + experts * expert + common
            active += base + k * expert + common
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings") else 2) + h
    return total + ends, active + ends


def count_afmoe(c):
    # AFMoE, Arcee's Trinity (vllm afmoe.py): q / k / v / o (GQA, no bias), the output gate gate_proj
    # h -> heads x head_dim, q / k norms of head_dim, four norms of h per layer; layers below num_dense_layers
    # a dense MLP of intermediate_size, the others num_experts routed experts and num_shared_experts shared ones
    # of moe_intermediate_size, router h -> experts and its expert_bias; lm_head never tied to the embedding.
    h, L, d = c["hidden_size"], c["num_hidden_layers"], c["head_dim"]
    heads, kv = c["num_attention_heads"], c["num_key_value_heads"]
    experts, k, mi = c["num_experts"], c["num_experts_per_tok"], c["moe_intermediate_size"]
    attn = h * heads * d + 2 * h * kv * d + heads * d * h + h * heads * d + 2 * d
    base = attn + 4 * h
    common = 3 * h * mi * c["num_shared_experts"] + experts * h + experts
    dense = c["num_dense_layers"]
    total = active = 0
    for i in range(L):
        if i >= dense:
            total += base + experts * 3 * h * mi + common
            active += base + k * 3 * h * mi + common
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = 2 * c["vocab_size"] * h + h
    return total + ends, active + ends


def count_kimi_linear(c):
    # Kimi Linear (vllm kimi_linear.py, layers/kda.py): linear_attn_config lists the 1-based layers that are
    # Kimi Delta Attention (kda_layers) or MLA (full_attn_layers). KDA, P = num_heads x head_dim: q / k / v
    # h -> P, f_a and g_a h -> head_dim, f_b and g_b head_dim -> P, b_proj h -> heads, q / k / v short convs
    # (kernel x P), dt_bias P, A_log per head, o_norm head_dim, o_proj P -> h. MLA without q_lora. Layers
    # before first_k_dense_replace dense (intermediate_size), the rest MoE: router + correction bias,
    # num_shared_experts experts of moe_intermediate_size.
    h, L = c["hidden_size"], c["num_hidden_layers"]
    la = c["linear_attn_config"]
    kh, kd, kk = la["num_heads"], la["head_dim"], la["short_conv_kernel_size"]
    p = kh * kd
    kda = 3 * h * p + 2 * h * kd + 2 * kd * p + h * kh + p * h + 3 * kk * p + p + kh + kd
    heads, r, rope = c["num_attention_heads"], c["kv_lora_rank"], c["qk_rope_head_dim"]
    nope, vd = c["qk_nope_head_dim"], c["v_head_dim"]
    mla = h * heads * (nope + rope) + h * (r + rope) + r + r * heads * (nope + vd) + heads * vd * h
    experts, k = c["num_experts"], c["num_experts_per_token"]
    expert = 3 * h * c["moe_intermediate_size"]
    common = experts * h + experts + c.get("num_shared_experts", 0) * expert
    total = active = 0
    for i in range(L):
        if i + 1 in la["kda_layers"]:
            base = kda + 2 * h
        elif i + 1 in la["full_attn_layers"]:
            base = mla + 2 * h
        else:
            raise ValueError(f"layer {i + 1} is in neither kda_layers nor full_attn_layers")
        if i >= c.get("first_k_dense_replace", 0):
            total += base + experts * expert + common
            active += base + k * expert + common
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings") else 2) + h
    return total + ends, active + ends


def count_ernie45_moe(c):
    # ERNIE-4.5 MoE (vllm ernie45_moe.py, Transformers Ernie4_5_MoeConfig defaults): GQA without biases,
    # MoE on layers start..end (end -1 = last) where (i + 1) % interval == 0, each with moe_num_experts
    # experts of moe_intermediate_size, moe_num_shared_experts x moe_intermediate_size shared, a router
    # and its correction bias (moe_statics); the other layers a dense MLP. Embeddings tied by default.
    h, layers, heads = c["hidden_size"], c["num_hidden_layers"], c["num_attention_heads"]
    kv = c.get("num_key_value_heads") or heads
    d = c.get("head_dim") or h // heads
    attn = 2 * h * heads * d + 2 * h * kv * d
    experts, k = c.get("moe_num_experts", 64), c.get("moe_k", 6)
    mi = c.get("moe_intermediate_size", 1536)
    shared = 3 * h * mi * c.get("moe_num_shared_experts", 2)
    start, end = c.get("moe_layer_start_index", 1), c.get("moe_layer_end_index", -1)
    end = layers - 1 if end in (-1, None) else end
    interval = c.get("moe_layer_interval", 1)
    total = active = 0
    for i in range(layers):
        base = attn + 2 * h
        if c.get("use_moe", True) and start <= i <= end and (i + 1) % interval == 0:
            common = base + shared + experts * h + experts
            total += common + experts * 3 * h * mi
            active += common + k * 3 * h * mi
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings", True) else 2) + h
    return total + ends, active + ends


def count_hunyuan_moe(c):
    # HunYuan-MoE-V1 (vllm hunyuan_v1.py): GQA of attention_head_dim with q/k RMSNorms (use_qk_norm), every
    # layer MoE: num_experts experts of moe_intermediate_size, moe_topk per token, a router, and with
    # use_mixed_mlp_moe a shared MLP of intermediate_size x num_shared_expert. The per-layer lists are read
    # entry by entry.
    h, layers, heads = c["hidden_size"], c["num_hidden_layers"], c["num_attention_heads"]
    kv = c.get("num_key_value_heads") or heads
    d = c.get("head_dim") or c.get("attention_head_dim") or h // heads
    attn = 2 * h * heads * d + 2 * h * kv * d + (2 * d if c.get("use_qk_norm") else 0)

    def at(key, i):
        v = c[key]
        return v[i] if isinstance(v, list) else v

    experts = c["num_experts"]
    total = active = 0
    for i in range(layers):
        mi = at("moe_intermediate_size", i)
        shared = 3 * h * c["intermediate_size"] * at("num_shared_expert", i) if c.get("use_mixed_mlp_moe") else 0
        common = attn + 2 * h + shared + experts * h
        total += common + experts * 3 * h * mi
        active += common + at("moe_topk", i) * 3 * h * mi
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings", True) else 2) + h
    return total + ends, active + ends


def count_minimax_m3(c):
    # MiniMax-M3 (vllm models/minimax_m3/nvidia/model.py): GQA attention with q/k norms on every layer; a
    # layer whose sparse_attention_freq entry is 1 adds the lightning indexer's index_q (h -> index heads x
    # index dim), index_k (h -> index dim) and their two norms; moe_layer_freq 1 = MoE layer (router,
    # e_score_correction_bias, intermediate_size x n_shared_experts shared expert), 0 = dense MLP of
    # dense_intermediate_size.
    h, heads, kv, d = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
    attn = h * heads * d + 2 * h * kv * d + heads * d * h + 2 * d
    s = c.get("sparse_attention_config") or {}
    freq = s.get("sparse_attention_freq") or [0] * c["num_hidden_layers"]
    indexer = 0
    if any(freq):
        idim = s["sparse_index_dim"]
        indexer = h * s["sparse_num_index_heads"] * idim + h * idim + 2 * idim
    experts, k = c["num_local_experts"], c["num_experts_per_tok"]
    expert = 3 * h * c["intermediate_size"]
    shared = (c.get("n_shared_experts") or 0) * expert
    router = experts * h + (experts if c.get("use_routing_bias", True) else 0)
    moe = c.get("moe_layer_freq") or [1] * c["num_hidden_layers"]
    total = active = 0
    for sparse, is_moe in zip(freq, moe):
        base = attn + (indexer if sparse else 0) + 2 * h
        if is_moe:
            total += base + experts * expert + router + shared
            active += base + k * expert + router + shared
        else:
            total += base + 3 * h * c["dense_intermediate_size"]
            active += base + 3 * h * c["dense_intermediate_size"]
    ends = c["vocab_size"] * h * (1 if c.get("tie_word_embeddings") else 2) + h
    return total + ends, active + ends


def count_deepseek_v4(c):
    # DeepSeek-V4 (vllm models/deepseek_v4 @017e9f4448b7: attention.py DeepseekV4Attention / DeepseekV4Indexer,
    # compressor.py DeepseekCompressor, nvidia/model.py DeepseekV4DecoderLayer / DeepseekV4MoE / DeepseekV4Model).
    # Every layer: wq_a h -> q_lora, wkv h -> head_dim (one latent head), q_norm, wq_b q_lora -> heads x head_dim,
    # kv_norm, grouped output LoRA wo_a (o_groups blocks, each heads x head_dim / o_groups -> o_lora_rank: heads x
    # head_dim x o_lora_rank in all), wo_b o_groups x o_lora_rank -> h, attn_sink per head. A layer
    # with compress_ratios[i] = r > 1 adds a compressor (coff = 2 for r = 4, else 1): ape r x coff x head_dim,
    # wkv and wgate h -> coff x head_dim, norm head_dim. A layer with r = 4 adds the indexer: wq_b q_lora ->
    # index heads x index dim, weights_proj h -> index heads, and a compressor of index_head_dim (coff 2).
    # Hyper-connections (hc_mult streams): hc_attn / hc_ffn fn (2 + hc) hc x hc h, base (2 + hc) hc, scale 3;
    # the model's hc_head fn hc x hc h, base hc, scale 1. Every layer is MoE: gate E x h, shared experts of
    # moe_intermediate_size x n_shared_experts, routed experts; the first num_hash_layers layers route by a
    # token -> expert table tid2eid (vocab x k), the others have e_score_correction_bias (E).
    # compress_ratios carries one extra entry per MTP layer: only the first num_hidden_layers are read. The
    # checkpoints' tensors without mtp.* (routed experts packed two FP4 values a byte) add up to the same counts:
    # DeepSeek-V4-Flash 284,334,567,511, DeepSeek-V4-Pro 1,572,999,528,803.
    h, layers, heads, d = c["hidden_size"], c["num_hidden_layers"], c["num_attention_heads"], c["head_dim"]
    ql, orank, groups = c["q_lora_rank"], c["o_lora_rank"], c["o_groups"]
    ih, idim, hc = c["index_n_heads"], c["index_head_dim"], c["hc_mult"]
    ratios = c["compress_ratios"][:layers]
    experts, k, vocab = c["n_routed_experts"], c["num_experts_per_tok"], c["vocab_size"]
    expert = 3 * h * c["moe_intermediate_size"]
    shared = (c.get("n_shared_experts") or 0) * expert
    attn = h * ql + h * d + ql + ql * heads * d + d + heads * d * orank + groups * orank * h + heads
    mix = (2 + hc) * hc
    hyper = 2 * (mix * hc * h + mix + 3)
    total = active = 0
    for i, r in enumerate(ratios):
        base = attn + hyper + 2 * h
        if r > 1:
            coff = 2 if r == 4 else 1
            base += r * coff * d + 2 * h * coff * d + d
        if r == 4:
            base += ql * ih * idim + h * ih + 4 * 2 * idim + 2 * h * 2 * idim + idim
        base += experts * h + shared + (vocab * k if i < c.get("num_hash_layers", 0) else experts)
        total += base + experts * expert
        active += base + k * expert
    ends = vocab * h * (1 if c.get("tie_word_embeddings") else 2) + h + hc * hc * h + hc + 1
    return total + ends, active + ends


def count_step3p5(c):
    # Step-3.5 (vllm step3p5.py @fd04edef3e62, configs/step3p5.py @f73bcb1c51cf): KV heads num_attention_groups;
    # layer_types cut to num_hidden_layers (without it and with a sliding_window the even layers slide);
    # layers of attention_other_setting.attention_type take its num_attention_heads / num_attention_groups /
    # head_dim. Every attention: q / k / v / o, q_norm and k_norm of head_dim, and with use_head_wise_attn_gate
    # g_proj h -> heads. MoE layers from moe_layers_enum (else 1 .. L-1): router h x E plus router_bias E,
    # E experts and a shared expert of share_expert_dim (moe_intermediate_size x moe_top_k when absent), all
    # SwiGLU; other layers a SwiGLU MLP of intermediate_size. Two norms per layer; LM head never tied.
    h, L = c["hidden_size"], c["num_hidden_layers"]
    heads, kv = c["num_attention_heads"], c["num_attention_groups"]
    d = c.get("head_dim") or h // heads
    types = c.get("layer_types")
    if types:
        types = types[:L]
    elif c.get("sliding_window"):
        types = ["sliding_attention" if i % 2 == 0 else "full_attention" for i in range(L)]
    other = c.get("attention_other_setting") or {}
    gate = bool(c.get("use_head_wise_attn_gate"))
    E, k, mi = c["moe_num_experts"], c["moe_top_k"], c["moe_intermediate_size"]
    share = c.get("share_expert_dim") or mi * k
    enum = c.get("moe_layers_enum")
    moe_layers = {int(x) for x in enum.strip().split(",")} if enum is not None else set(range(1, L))
    total = active = 0
    for i in range(L):
        hd, kvd, dd = heads, kv, d
        if other and types and types[i] == other["attention_type"]:
            hd = other["num_attention_heads"] or heads
            kvd = other["num_attention_groups"] or kv
            dd = other["head_dim"] or d
        attn = h * hd * dd + 2 * h * kvd * dd + hd * dd * h + 2 * dd + (h * hd if gate else 0)
        base = attn + 2 * h
        if i in moe_layers:
            shared_router = 3 * h * share + E * h + E
            total += base + E * 3 * h * mi + shared_router
            active += base + k * 3 * h * mi + shared_router
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = 2 * c["vocab_size"] * h + h
    return total + ends, active + ends


def count_kimi_k3(c):
    # Kimi-K3's text model (vllm/models/kimi_k3/nvidia/{model,kda,mla}.py @017e9f4448b7), written from the
    # checkpoint's tensor list: KDA with full-rank gates (q / k / v / g h -> P, b_proj h -> heads, f_a h -> d,
    # f_b d -> P, q / k / v convs kernel x P, dt_bias P, A_log per head as vLLM allocates it, o_norm d,
    # o_proj P -> h); MLA with q_lora (q_a, q_a_layernorm, q_b, kv_a, kv_a_layernorm, kv_b, o_proj) and the output
    # gate g_proj h -> heads x v_head_dim; per layer two norms plus the attention-residual norms and [1, h]
    # projections (6 h); layer 0 dense, the rest latent MoE: router E x h + correction bias E, latent down / up
    # (h x latent each) + latent norm, shared experts num_shared_experts x moe_intermediate_size wide at h,
    # routed experts 3 x moe_intermediate_size x latent. Ends: embeddings, final norm, output_attn_res norm and
    # projection. Active: k routed experts.
    h, L = c["hidden_size"], c["num_hidden_layers"]
    la = c["linear_attn_config"]
    kh, kd, kk = la["num_heads"], la["head_dim"], la["short_conv_kernel_size"]
    p = kh * kd
    kda = 4 * h * p + h * kh + h * kd + kd * p + 3 * kk * p + kh + p + kd + p * h
    heads, r, rope, ql = c["num_attention_heads"], c["kv_lora_rank"], c["qk_rope_head_dim"], c["q_lora_rank"]
    nope, vd = c["qk_nope_head_dim"], c["v_head_dim"]
    mla = (h * ql + ql + ql * heads * (nope + rope) + h * (r + rope) + r + r * heads * (nope + vd)
           + heads * vd * h + h * heads * vd)
    experts, k, lat = c["num_experts"], c["num_experts_per_token"], c["routed_expert_hidden_size"]
    inter = c["moe_intermediate_size"]
    expert = 3 * inter * lat
    common = experts * h + experts + 2 * h * lat + lat + 3 * h * inter * c["num_shared_experts"]
    total = active = 0
    for i in range(L):
        base = (kda if i + 1 in la["kda_layers"] else mla) + 6 * h
        if i >= c["first_k_dense_replace"]:
            total += base + experts * expert + common
            active += base + k * expert + common
        else:
            total += base + 3 * h * c["intermediate_size"]
            active += base + 3 * h * c["intermediate_size"]
    ends = 2 * c["vocab_size"] * h + 3 * h
    return total + ends, active + ends


def count(preset):
    outer = preset.get("config", preset)
    c = text_config(outer)
    if c.get("model_type") == "deepseek_v4":
        return count_deepseek_v4(c)
    if "sparse_attention_config" in c or str(outer.get("model_type", "")).startswith("minimax_m3"):
        return count_minimax_m3(c)
    if c.get("model_type") == "nemotron_h" and c.get("layers_block_type") is not None:
        # Nemotron-3 Ultra lists its layers (transformers 5's NemotronHConfig, @13923c63d59f): the legacy names
        # mamba / attention and the current linear_attention / full_attention, moe, mlp; vLLM's nemotron_h.py
        # reads them through the config's hybrid_override_pattern property, spelled M, *, E, -.
        kinds = {"mamba": "M", "linear_attention": "M", "attention": "*", "full_attention": "*", "moe": "E", "mlp": "-"}
        return count_nemotron_h(dict(c, hybrid_override_pattern="".join(kinds[k] for k in c["layers_block_type"])))
    if "hybrid_override_pattern" in c:
        return count_nemotron_h(c)
    if str(c.get("model_type", "")).startswith("gemma4"):
        return count_gemma4(c)
    if c.get("model_type") in ("lfm2", "lfm2_moe"):
        return count_lfm2(c)
    if "hybrid_layer_pattern" in c:
        return count_mimo_v2(c)
    if c.get("model_type") == "laguna":
        return count_laguna(c)
    if c.get("model_type") == "afmoe":
        return count_afmoe(c)
    if "linear_attn_config" in c and c["linear_attn_config"].get("use_full_rank_gate"):
        return count_kimi_k3(c)
    if "linear_attn_config" in c:
        return count_kimi_linear(c)
    if c.get("model_type") == "ernie4_5_moe":
        return count_ernie45_moe(c)
    if "moe_topk" in c:
        return count_hunyuan_moe(c)
    if c.get("model_type") == "step3p5":
        return count_step3p5(c)
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
        if c.get("index_topk"):
            # DeepSeek Sparse Attention indexer (vllm deepseek_v2.py Indexer): wq_b q_lora -> heads x dim,
            # wk h -> dim, k_norm LayerNorm (weight + bias), weights_proj h -> heads.
            ih, idim = c["index_n_heads"], c["index_head_dim"]
            indexer = ql * ih * idim + h * idim + 2 * idim + h * ih
            attn += indexer
    else:
        attn = h * heads * d + 2 * h * kv * d + heads * d * h
        if c.get("attention_bias"):
            # Seed-OSS: attention_out_bias false keeps the q/k/v biases but drops o_proj's (HF SeedOssAttention).
            attn += heads * d + 2 * kv * d + (0 if c.get("attention_out_bias") is False else h)
        elif mt in ("qwen2", "qwen2_moe"):
            attn += heads * d + 2 * kv * d
        qk_norm = c.get("use_qk_norm") and mt != "llama4_text" or mt == "hy_v3" and c.get("qk_norm")
        if mt in ("qwen3", "qwen3_moe") or qk_norm:
            attn += 2 * d

    # Qwen3-Next / Qwen3.5 hybrids (vllm qwen3_next.py): full-attention layers have a gated q_proj
    # (h -> 2 x heads x d) and q/k norms; the other layers are Gated DeltaNet.
    gdn = "linear_num_value_heads" in c
    if gdn:
        if c.get("attn_output_gate", True):
            attn += h * heads * d
        attn += 2 * d
        key = c["linear_num_key_heads"] * c["linear_key_head_dim"]
        value = c["linear_num_value_heads"] * c["linear_value_head_dim"]
        vh = c["linear_num_value_heads"]
        # in_proj_qkvz h -> 2 key + 2 value, in_proj_ba h -> 2 v_heads, conv1d (2 key + value) x K,
        # dt_bias and A_log per v head, RMSNormGated over head_v_dim, out_proj value -> h.
        delta = h * (2 * key + 2 * value + 2 * vh) + value * h
        delta += (2 * key + value) * c["linear_conv_kernel_dim"] + 2 * vh + c["linear_value_head_dim"]
        types = c.get("layer_types")
        interval = c.get("full_attention_interval") or 4

        def is_full(i):
            if isinstance(types, list) and len(types) == c["num_hidden_layers"]:
                return types[i] == "full_attention"
            return (i + 1) % interval == 0

    experts = c.get("n_routed_experts") or c.get("num_experts") or c.get("num_local_experts") or 0
    k = c.get("num_experts_per_tok") or c.get("experts_per_token") or 0
    moe_i = c.get("moe_intermediate_size") or c.get("intermediate_size")
    if mt == "hy_v3":  # vllm hy_v3.py: experts and shared MLP of expert_hidden_dim
        moe_i = c.get("expert_hidden_dim") or moe_i
    shared_count = c.get("n_shared_experts") or (c.get("num_shared_experts") if mt == "hy_v3" else 0) or 0
    shared = shared_count * (moe_i or 0)
    # one shared expert of its own width plus a sigmoid gate h -> 1 (vllm qwen2_moe / qwen3_next)
    shared_gate = 0
    if c.get("shared_expert_intermediate_size"):
        shared = c["shared_expert_intermediate_size"]
        shared_gate = h
    dense_i = c.get("intermediate_size") or 0

    def is_moe(i):
        if not experts:
            return False
        if "decoder_sparse_step" in c:
            if i in (c.get("mlp_only_layers") or []):
                return False
            return (i + 1) % c["decoder_sparse_step"] == 0
        return i >= (c.get("first_k_dense_replace") or 0) and i % (c.get("moe_layer_freq") or 1) == 0

    router = experts * h + (experts if c.get("topk_method") == "noaux_tc" or mt == "hy_v3" else 0)
    expert = 3 * h * (moe_i or 0)
    # IndexCache (GLM-5.2): a layer that reuses an earlier layer's top-k builds no indexer (vllm deepseek_v2.py
    # DeepseekV2MLAAttention: skip_topk from index_topk_pattern, else from index_topk_freq and
    # index_skip_topk_offset, defaults 1 and 2).
    def shares_indexer(i):
        if not c.get("kv_lora_rank") or not c.get("index_topk"):
            return False
        pattern = c.get("index_topk_pattern")
        if pattern is not None:
            return i < len(pattern) and pattern[i] == "S"
        offset = c.get("index_skip_topk_offset", 2)
        return max(i - offset + 1, 0) % c.get("index_topk_freq", 1) != 0

    total = active = 0
    for i in range(layers):
        base = (attn if not gdn or is_full(i) else delta) + 2 * h
        if shares_indexer(i):
            base -= indexer
        if is_moe(i):
            total += base + experts * expert + router + 3 * h * shared + shared_gate
            active += base + k * expert + router + 3 * h * shared + shared_gate
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
