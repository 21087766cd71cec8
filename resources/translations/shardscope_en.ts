<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CommChart</name>
    <message>
        <source>&lt;b&gt;No communication&lt;/b&gt;&lt;br&gt;Every replica is a single GPU (tp = pp = 1) and no MoE tokens cross a link.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per step (%8 % of the phase&apos;s communication) · %4 messages of %5 · %6 sent by the busiest GPU&lt;br&gt;&lt;small&gt;%7&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommPanel</name>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No placement, so no communication: see the issues above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Not runnable&lt;/b&gt;: this plan cannot start (see the issues above), so it has no TPOT, TTFT or throughput. The table shows what each step would send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;&lt;b&gt;Decode&lt;/b&gt; (n = %2): communication %3 · &lt;b&gt;Prefill&lt;/b&gt; (n = %4): communication %5&lt;br&gt;&lt;small&gt;Estimates: α-β link model; bytes are what the busiest GPU sends.&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;&lt;b&gt;Decode&lt;/b&gt; (n = %2): communication %3 per step · &lt;b&gt;Prefill chunk&lt;/b&gt; (n = %4): communication %5&lt;br&gt;Serving: TPOT %6 · TTFT %7 · %8 output tokens/s per GPU (means, estimated)&lt;br&gt;&lt;small&gt;Estimates: α-β link model, bytes the busiest GPU sends; serving: a simulation of vLLM V1&apos;s scheduler (show your work).&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommRows</name>
    <message>
        <source>TP AllReduce, 2 per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S = n × h × b = n × %1 × 2 B per AllReduce; a ring sends 2(t−1)/t × S per GPU, t = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one AllReduce of n × h × b on the first stage (vocabulary-parallel embedding)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM-head logits gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one AllGather of rows × padded vocabulary × b on the last stage (%1 rows in decode, %2 in prefill)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP send, hidden + residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp − 1 sends of 2 × n × h × b; each TP rank sends 1/t and the next stage all-gathers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatch + combine, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k × h × (b_dispatch + 2) = %1 B per token per MoE layer; 1/%2 stays local; busiest GPU ×%3 (routing skew)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sum of the rows above that use this link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AllGather + ReduceScatter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommTableModel</name>
    <message>
        <source>Traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×/step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode msg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent/GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill msg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages per forward step, over all stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes of one message (AllReduce buffer, send, or per MoE layer on the busiest GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes the busiest GPU sends in one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α-β estimate for one step, summed over stages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandPreview</name>
    <message>
        <source>The vLLM launch for this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the commands (every node&apos;s) to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-node, Ray or SGLang launches, and scripts per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># Cannot export: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>halve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop to a quarter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 whole experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experts each split %2 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_model_len %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_num_seqs %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt length %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block size %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant experts %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpu_memory_utilization %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache dtype %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accounting %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert placement %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom PP partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 dispatch on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 dispatch off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routing skew %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enforce eager on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enforce eager off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights per GPU (heaviest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV budget per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity (one replica)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests (one replica)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests (cluster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP bytes sent per GPU per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because MLA keeps one latent KV vector per token and layer, and every TP rank holds all of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 does not split the KV cache: MLA keeps one latent KV vector per token and layer, and every TP rank holds all of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because %3 KV heads are now replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because %3 KV heads are now replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because each GPU still holds 1 of the %3 KV heads (no longer replicated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because each GPU still holds 1 of the %3 KV heads (no longer replicated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because the %3 KV heads were already replicated (1 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because the %3 KV heads were already replicated (1 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5 (%6 KV heads, now replicated %7 ways)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 → %2: the binding GPU holds %3 instead of %4 layers, so KV bytes per token per GPU %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache dtype %1 → %2: %3 → %4 B per element, so KV bytes per token %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1/%1 instead of 1/%2 of every layer (TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most %1 instead of %2 layers (PP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 instead of %2 per MoE layer (EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights stored as %1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1 → %2: each GPU holds %3 instead of %4: the same expert bytes per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 → %2 adds whole replicas: weights and KV per GPU unchanged, %3 independent KV pools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights per GPU %1 → %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights per GPU %1 → %2 (%3): each GPU holds %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B leaves no room for the KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B makes room for the KV cache that plan A lacked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV budget per GPU %1 → %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV per token per GPU %1 → %2 B (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity unchanged at %1 tokens: same KV budget and KV per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity unchanged at %1 tokens: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity %1 → %2 tokens (%3) = budget ÷ KV per token: %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_model_len %1 → %2: each request reserves %3 → %4 blocks of %5 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 → %2: cluster concurrency = dp × one replica&apos;s = %3 × %4 = %5 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TP group crosses nodes: every AllReduce now goes over the NIC (%1 per step, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TP group leaves the scale-up domain: every AllReduce now goes over PCIe (%1 per step, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TP group stays inside the scale-up domain (%1 per step, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 adds 2 AllReduces per layer (%3 per step), each sending 2 × %4 of S per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2 removes the AllReduces: each GPU computes whole layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 → %2: each AllReduce sends 2 × %3 instead of 2 × %4 of S per GPU and takes %5 instead of %6 latency steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dispatch and combine all-to-all over %1 GPUs per MoE layer, %2 B per token, 1/%3 staying local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every DP rank&apos;s tokens all-gathered and reduce-scattered per MoE layer (EP off, dp &gt; 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no expert traffic crosses a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE tokens %1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens per step %2 → %3: every activation message carries %4 the bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT %1 → %2: roofline %3 → %4, communication %5 → %6 (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP does not shorten TPOT: every token still crosses all %1 layers, now in %2 stages in turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble (p − 1)/(m + p − 1): %1 → %2 (%3 % → %4 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 → %2: memory %3 → %4, HBM %5 → %6, scale-up %7 → %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan A is not a valid plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B is not a valid plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B does not fit: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B fits where plan A did not: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B fits where plan A did not</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Different models: compare their per-token KV and weights from their configs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests per GPU (cluster ÷ GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT, roofline of one decode step (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT, roofline of one prompt (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU, roofline (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT at the workload, mean (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT at the workload, mean (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tokens/s per GPU at the workload (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV pool peak at the workload (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DockTitleBar</name>
    <message>
        <source>Float or dock the panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the panel (View menu brings it back)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnginePanel</name>
    <message>
        <source>vLLM engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disable (--enforce-eager)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-num-seqs: sequences the scheduler runs at once (drives the sampler&apos;s peak memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-num-batched-tokens: tokens per scheduler step; the profiling run uses this many (peak activation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--decode-context-parallel-size: shards each request&apos;s KV tokens over this many TP ranks (MLA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speculative decoding (EAGLE / MTP): draft layers that add KV layers and weights on the last stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--vllm-version: whose memory accounting and log wording apply. Before 0.8: V0 engine (profiles max-model-len tokens, prints &apos;# GPU blocks&apos;); 0.8 to 0.20: V1, CUDA graphs not subtracted, utilization 0.9 by default; from 0.21: CUDA graphs subtracted, 0.92. Type any X.Y.Z.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--enforce-eager: no CUDA graphs are captured, so their memory is 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--block-size: tokens per KV block; capacity is whole blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overheads (activation, non-torch, CUDA graphs) fitted to a real startup log: numbers they feed are shown as &apos;calibrated&apos; instead of &apos;estimated&apos;. Make one in the vLLM log tab (Calibrate) or with shardscope reconcile --save-calibration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode context parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overheads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enforce eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set max sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set max batched tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set KV block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set decode context parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set draft layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a vLLM version: type X.Y or X.Y.Z, e.g. 0.11.0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set vLLM version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated (no calibration)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated: %1 (from the plan file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open profile file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open calibration profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration profiles (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use that calibration profile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use calibration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V0 engine: profiles max-model-len tokens, prints &apos;# GPU blocks&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V1 engine: CUDA graphs subtracted from the KV budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V1 engine: CUDA graphs live in the headroom, not subtracted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; utilization default %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation, non-torch memory and CUDA graphs are estimated from the model and the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted to %1 (%2, vLLM %3, tp %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: fitted on another GPU than this plan&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: fitted for another vLLM version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashInfer top-k/top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VLLM_USE_FLASHINFER_SAMPLER=1: the sampler skips sorting the logits, so the profiling run&apos;s sampler holds about 3.7 logits-sized buffers instead of 9.55 before vLLM 0.17 (from 0.17: 3.7 either way). vLLM&apos;s log says &apos;Using FlashInfer for top-p &amp; top-k sampling.&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use FlashInfer sampler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use native sampler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unchecked: --disable-custom-all-reduce, TP all-reduces go through NCCL only: no custom all-reduce buffers (non-torch memory ~0.25 GiB) and NCCL&apos;s latency per all-reduce. vLLM also turns it off by itself across nodes and on PCIe-only GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow custom all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable custom all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speculative-config&apos;s num_speculative_tokens: a hybrid model&apos;s state layers (Mamba-2, Gated DeltaNet, KDA) keep one more state block per request and one more conv-state row per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on (--enable-prefix-caching)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off (--no-enable-prefix-caching)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefix caching. On a hybrid model it keeps the state in vLLM&apos;s &quot;align&quot; mode: one more state block per request (on by default for hybrid models from vLLM 0.28, off before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speculative tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefix caching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set speculative tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set prefix caching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marlin (--moe-backend marlin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The experts&apos; kernel. Marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4) as weight-only on any NVIDIA GPU from A100 on; MXFP4 then loads in Marlin&apos;s layout on Hopper too. Exported as --moe-backend marlin from vLLM 0.17, as VLLM_MXFP4_USE_MARLIN=1 before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set MoE kernel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights on GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache budget on GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache capacity (one DP replica)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests at max_model_len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests, whole cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per TP AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP bytes sent per GPU per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP AllReduce time per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per PP send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP bytes per token per MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step of stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per output token (TPOT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token (TTFT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode throughput per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kv-cache-dtype fp8: 1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kv-cache-dtype auto (model dtype, BF16): 2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_hidden_layers / pp (textbook: even split)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers on stage %1 (vLLM get_pp_indices)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers × (%2 + %3) × %4 B = %5 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA stores one latent vector per token and layer: no factor 2, and every TP rank holds all of it (not divided by tp=%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json head_dim (hidden_size / num_attention_heads when absent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 × %1 layers × %2 × %3 × %4 B = %5 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KV head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KV heads are replicated: tp %2 &gt; %1, so each GPU still holds 1 KV head and per-GPU KV stops shrinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>params × bytes per param / (tp × pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counted from config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>textbook accounting splits every parameter evenly; vLLM accounting counts each GPU&apos;s own tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention heads and MLP split tp ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert slots on this GPU per MoE layer, each split %1 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint quantization_config or --quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the embedding (first stage); holds the LM head (last stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the embedding (first stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the LM head (last stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory × utilization − weights − reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--reserved-bytes (activations, CUDA graphs, buffers: an assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceil(total × utilization) − weights − peak activation − non-torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset (memory CUDA sees)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimate: max_num_batched_tokens %1 and sampler buffers for %2 sequences (calibrated to vLLM 0.11)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimate: NCCL and custom all-reduce buffers, by tp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor(KV budget / KV bytes per token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor(%1 B / %2 B) = %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max concurrency × max_model_len (hybrid pool, as vLLM prints it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocks × block_size, blocks = min over GPUs of floor(budget / (block_size × KV bytes per token))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 blocks × %2 = %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 has the fewest blocks and binds the whole replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor(tokens / max_model_len)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocks / blocks per request, blocks per request = ceil(max_model_len / block_size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 = %3x → %4 whole requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dp × one replica&apos;s concurrency (each DP replica has its own KV pool)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L // pp per stage; the remainder adds one to the stages just before the last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom partition (VLLM_PP_LAYER_PARTITION)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 // %2 = %3, remainder %4 → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last stage also holds the final norm and LM head, the first the embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense model: no experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(E + R) / ep slots per GPU, each expert split tp × dp / ep ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 + %2) / %3 = %4, split %5 / %3 = %6 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json routed experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experts per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ layers (attention + norms + MLP or experts + router) + embedding + LM head + final norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1B total, %2B active per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--prompt-len: prompt tokens in a prefill step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--batch: sequences decoding together, one token each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset %1 (NCCL&apos;s per-step latency, reference comm.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset: line rate %1 × efficiency %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AllReduces × [2(t − 1) · α + 2(t − 1)/t · S / B]  (ring, reference comm.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp = 1: no AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n × h × b (bytes per TP AllReduce)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency share %1 %: %2 of α, %3 of bytes; the embedding AllReduce and the LM-head gather are counted apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max(bytes read / (HBM × efficiency), FLOPs / (peak × efficiency)) + communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights %1 B (MoE: only the experts the batch touches) + KV %2 B (%3 sequences × %4 tokens of context)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset %1 (peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assumption: aiconfigurator&apos;s 0.8 (reference gpus.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 per parameter per token + attention over the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset, dense %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assumption: 0.65 (roofline calibrations of H100 prefill)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stage&apos;s share of the ledger (no overlap assumed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-bound; an estimate for comparing plans, not a benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound; an estimate for comparing plans, not a benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations travel in BF16 (assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 per layer: after the attention out-projection and after the MLP (vLLM&apos;s RowParallelLinear)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp = 1: nothing to reduce in this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 × layers × 2(t − 1)/t × S  (ring AllReduce, the stage with most layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp = 1: nothing sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 AllReduces × 2 × %2 × %3 B = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest PP stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedding AllReduce and the LM-head gather are counted apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 × n × h × b  (hidden_states and residual)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 send per step; vLLM splits each over the %2 TP ranks (S/t each) and the next stage all-gathers it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sends per step; vLLM splits each over the %2 TP ranks (S/t each) and the next stage all-gathers it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp = 1: no sends in this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense model: no experts, no dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k × ((h + 4 × ⌈h/128⌉) + 2h) B  (FP8 dispatch with FP32 scales, BF16 combine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 B + scales</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-to-all over %1 GPUs: %2 % stays on the sending GPU; the busiest GPU carries ×%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP off with dp = %1: vLLM all-gathers every DP rank&apos;s tokens and reduce-scatters the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing crosses a GPU in this plan: with dp = 1 every TP rank already has the tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ stages (TP + embedding + LM head + EP + PP send + PP gather)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α-β estimate on the link each group actually uses; no overlap with compute assumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ over stages of each stage&apos;s step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--batch: sequences decoding together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--prompt-len: tokens of one prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--prompt-len: KV each sequence attends over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP does not shorten a token&apos;s path: every token crosses every stage in turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one stage: its step is the whole latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(p − 1) / (m + p − 1)  (seed 003)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--microbatches: micro-batches in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fill and drain: while the first micro-batch reaches the last stage the others wait; exact for equal stages, pessimistic for continuous batching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one stage: no pipeline, no bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m × n / (TPOT + (m − 1) × slowest stage) / (tp × pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 / (%3 + %4 × %5) / (%6 × %7) = %8 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replicas add GPUs and throughput alike: per GPU it is unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceil(total × utilization) − weights − peak activation − non-torch − CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated: the modelled activation × %1, from profile &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated: measured in profile &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode step at batch %1: GEMM + attention + MoE + comm + fixed = %2; CPU %3 (%4) → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlapped by async scheduling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workload (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: a deterministic simulation of vLLM V1&apos;s scheduler (decode first, prefill chunks filling the token budget, KV blocks, preemption) over %1 requests, each step timed by the step-time model with the %2 coefficients; not a measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulation stopped early (its limits).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per request: first token&apos;s time − arrival; queueing + prefill chunks (sharing steps with decodes) + one step; percentiles over the requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per request: (E2E − TTFT) / (output tokens − 1); each token waits one engine step, a step = max(GPU, CPU) with GPU = GEMM + attention + MoE + comm + fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ITL (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every gap between two output tokens of a request (one engine step each, longer when a prefill chunk shares the step); percentiles over all gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End-to-end latency (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per request: last token&apos;s time − arrival = TTFT + (output tokens − 1) × TPOT; percentiles over the requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tokens/s per GPU (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests × output tokens / simulated duration / GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention + MLP/shared experts + routed experts + router + norms + embedding + LM head + RoPE cache + vision tower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8_ds_mla (FlashMLA sparse): kv_lora_rank in FP8 + one FP32 scale per 128 + the rope part in BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard FP8, (kv_lora_rank + rope) × 1 B: FlashInfer sparse MLA, vLLM&apos;s choice for an FP8 cache on sm_100 from 0.19</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16, (kv_lora_rank + rope) × 2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers that run their own indexer (the others reuse its top-k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>index_head_dim in FP8 + one FP32 scale per 128 (DSA indexer cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers × %2 B + %3 × %4 B = %5 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sparse MLA caches one latent row per token and layer on every TP rank (not divided by tp=%1); its layout follows the attention backend vLLM picks for this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the packed block: the compressed group&apos;s pages (compressed KV in fp8_ds_mla rows of 584 B, the indexer&apos;s 132 B keys) summed over the layers on this GPU, the largest group (vLLM _get_packed_kv_cache_layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per compressed block (vLLM&apos;s DeepSeek-V4 backends take 256)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B / %2 = %3 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every TP rank holds the whole cache (one latent head, not divided by tp=%1). The sliding windows and the compressor states take a fixed number of blocks per request on top (per-request state)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per token, averaged over the layers: 584 B / r on compressed layers (+ 132 B / 4 for the indexer at r = 4), 0 on window-only layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers × %2 B = %3 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention layers with a KV cache of their own on stage %1: %2 of its %3 layers (the others keep a fixed per-request state or share another layer&apos;s cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, / dcp %1 = %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; vLLM&apos;s pool, layer by layer: %1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of this model do not all cost the same (per-layer head sizes, sliding-window pages, draft layers or an indexer cache): vLLM&apos;s pool, summed layer by layer, is the figure shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimate: the captured graphs&apos; count x a fitted cost per layer (vLLM&apos;s profiler)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workload (%1): each request has the lengths of the matching request of vLLM&apos;s ShareGPT sample, scaled so that they average input_len and output_len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--moe-backend: MXFP4 experts in Marlin&apos;s layout, the intermediate per GPU rounded up to 128 and the hidden size to 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--moe-backend: the experts&apos; bytes are counted in the checkpoint&apos;s layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 DP replicas of this MoE model step together (vLLM&apos;s DP engine cores): they are simulated side by side and each step lasts as long as the slowest replica&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, the checkpoint&apos;s scales kept beside the swizzled ones (N padded to 256), the biases in FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, both value extents padded to 64 bytes (triton_kernels v3.6.0, vLLM 0.17 to 0.21), the checkpoint&apos;s scales kept beside the swizzled ones (N padded to 256), the biases in FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, the scales swizzled with N padded to 256 (the checkpoint&apos;s freed), the biases in FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest stage&apos;s GEMM (bytes / HBM vs FLOPs / peak, times the measured knee at its token count, per-GEMM floor) + attention (KV bytes read) + MoE (experts touched, times the measured knee at its tokens per expert) + comm (all-reduce, all-to-all floors) + fixed (each layer&apos;s small kernels: norms, rotary, cache write, routing, quantize; launches or graph replay; sampler), × pp; max with the CPU side under async scheduling</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message>
        <source>Explore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply plan from Explore</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExploreView</name>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in the cluster: every plan uses tp × pp × dp = this many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and fewer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also every smaller GPU count (up to %1 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP off / on (vLLM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every EP size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE: vLLM&apos;s two points (ep = 1, ep = tp × dp) or every divisor of tp × dp (SGLang&apos;s --ep-size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What ranks the plans and colours the maps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min. requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank only plans whose cluster holds at least this many concurrent requests of max model length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max. TPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank only plans whose estimated TPOT is at most this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping plans for %1 GPUs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>combinations: %1 · ranked: %2 · impossible: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · best: tp %1 · pp %2 · dp %3 · ep %4 (%5 %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no plan meets every constraint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;max-num-seqs %1, max-num-batched-tokens %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;estimated (vLLM V1 serving simulated):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 output tok/s per GPU, %2 requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;$%1 per million output tokens at the example price of $%2 per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;does not keep up with the request rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;meets the SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;misses the SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E2E ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token at the SLA percentile, at most this (0: no target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per output token at the SLA percentile, at most this (0: no target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End-to-end request latency at the SLA percentile, at most this (0: no target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The percentile the SLA targets apply to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>goodput per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output tok/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lowest TPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lowest TTFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lowest cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What ranks the plans that meet the SLA (the workload is the Workload panel&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing… SLA search for %1 GPUs at the workload&apos;s %2 input and %3 output tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No SLA search: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLA search (estimated): %1 configurations, %2 simulated, %3 meet the SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · best: tp %1 · pp %2 · dp %3 · ep %4, max-num-seqs %5 (%6 output tok/s per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no plan meets the SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aggregated front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>meets SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline figures at the largest batch that fits: the workload does not apply (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT, TTFT and tokens/s per GPU: serving estimates at the workload %1 (means, estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × (tp %2 · pp %3 · dp %4 · ep %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;prefill %1 + decode %2&lt;/b&gt; — %3 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;KV transfer %1 ms per prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P/D splits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also search disaggregated plans: a prefill and a decode pool (xPyD, up to 8 instances each) on the same GPUs, the KV cache crossing the NIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disaggregated front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P/D meets SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · best: prefill %1 + decode %2 (%3 output tok/s per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing… SLA search for %1 GPUs at the workload&apos;s ShareGPT lengths (mean %2 input and %3 output tokens)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>%1; nearest that %2 can run: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>awq or gptq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ships %2 weights, so the server cannot load it as %3 (it uses the checkpoint&apos;s own quantization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unquantized bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mxfp4 (which needs an MXFP4 checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>awq (which needs an AWQ checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gptq (which needs a GPTQ checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_model_len %1 exceeds the model&apos;s %2 positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM runs experts either tensor-parallel over all tp x dp = %1 GPUs (ep=1) or expert-parallel over all of them (--enable-expert-parallel, ep=%1); ep=%2 needs SGLang&apos;s --ep-size (target sglang)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experts + %2 redundant do not divide over ep=%3 GPUs, which EPLB requires (physical experts must be a multiple of the EP size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this exporter has no SGLang equivalent of vLLM&apos;s --decode-context-parallel-size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang has no documented equivalent of VLLM_PP_LAYER_PARTITION for a custom layer split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this exporter does not combine SGLang&apos;s --pp-size with --dp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine&apos;s own layer split (no custom partition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang&apos;s --dp starts the replicas of a dense model on one node; across nodes run one server per node behind SGLang&apos;s router</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dp=%1 per node, one server on each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang&apos;s --mem-fraction-static covers weights and KV cache only; the plan&apos;s memory figures follow vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang documents DP attention for DeepSeek and Qwen MoE models; check that %1 supports it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_num_batched_tokens has no exact SGLang equivalent and is not carried over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the KV block size is not carried over (SGLang pages differ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round-robin expert placement is vLLM&apos;s; SGLang places experts its own way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang starts its nodes itself (--nnodes); no Ray cluster is needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port %1 is outside 1-65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the head address and the model path cannot contain control characters (newlines, tabs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown --all2all-backend &quot;%1&quot; (%2 accepts %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model %1 has no Hugging Face repo: give the model path the server should load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan does not fit, so %1 would stop at startup: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs (tp x pp x dp) do not split evenly over %2 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs per node are more than a node&apos;s %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 GPUs run as %2 on each of %3 nodes (the launch splits them evenly; the plan&apos;s grid fills nodes of %4 in order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch warning: with %1 GPUs per node a TP group of %2 GPUs spans nodes: every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan could not be evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the flag table of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan counts %1 speculative draft layer(s): add the matching speculative decoding options (method and draft model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the deepep all2all backends need DeepEP (and DeepGEMM) installed on every node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one node needs no Ray cluster: the command runs vLLM&apos;s own workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run the same vLLM version and model files on every node; with several network interfaces set NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a DP replica (tp x pp = %1 GPUs) does not fit whole on a node of %2 GPUs, and vLLM&apos;s multi-node DP launch places whole replicas per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Ray launcher (VLLM_RAY_DP_PACK_STRATEGY=span)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the head address cannot start with &apos;-&apos; (it would read as an option)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model path %1 starts with &apos;-&apos; or holds control characters, so the server would read it as an option: give the model path the server should load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this exporter has no SGLang equivalent of vLLM&apos;s --prefill-context-parallel-size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 first appears in vLLM %2: the plan&apos;s --vllm-version %3 does not know it (flag table %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan follows vLLM %1; the flags are checked against %2: check them against that release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan counts %1 speculative token(s): add --speculative-config with the method and &quot;num_speculative_tokens&quot;: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 pass-through vLLM options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass-through option %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 pass-through vLLM option(s) are not written for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass-through %1 left out: the export writes that option itself (from the plan or the model preset), and its value wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass-through %1 left out: it asks for another data-parallel launch than these commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the passed-through --speculative-config asks for %1 speculative token(s) where the plan counts %2: the server follows the option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--head-address names one node; each instance has its own address placeholder instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass-through --port left out: each instance has its own API port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>install NIXL on every node (pip install nixl) and set UCX_NET_DEVICES to the RDMA devices the KV cache should cross (docs/features/nixl_connector_usage.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the proxy is vLLM&apos;s example router, %1 in vLLM&apos;s repository; start it once every server answers on its port, and send requests to port %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv_transfer_link node: servers sharing a node need their own GPUs: prefix each with CUDA_VISIBLE_DEVICES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill pool: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode pool: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message numerus="yes">
        <source>As planned (%n node(s))</source>
        <translation>
            <numerusform>As planned (%n node)</numerusform>
            <numerusform>As planned (%n nodes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1 GPUs.</source>
        <translation>
            <numerusform>%n node of %1 GPUs.</numerusform>
            <numerusform>%n nodes of %1 GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n script(s) in %1</source>
        <translation>
            <numerusform>Saved %n script in %1</numerusform>
            <numerusform>Saved %n scripts in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export launch commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;opology:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM multi-node (--nnodes / --data-parallel-address)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ray cluster (ray start, then one vllm serve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launcher:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$HEAD_IP (set on every node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node 0 &amp;address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$HEAD_PORT (launcher&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rendezvous &amp;port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model path:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM expert parallelism with DP &gt; 1: the all-to-all kernels (deepep_* need DeepEP installed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-to-all &amp;backend:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export even if the plan is predicted not to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bash script per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM flags checked against %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save s&amp;cripts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &amp;nearest plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save launch commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for node-&lt;k&gt;.sh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export launch commands: prefill and decode pools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 prefill and %2 decode servers, then the router.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export: a disaggregated plan exports to vLLM only (NixlConnector).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export the prefill pool: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>Exported from ShardScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot encode %1 as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>New plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardScope plans (*.shardscope.json);;JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardScope plans (*.shardscope.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configs (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model folder (with its config.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has unsaved changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save them before the plan is closed?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuTableModel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts/layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV budget (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV/token (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor-parallel rank inside the TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert-parallel rank inside the stage&apos;s MoE group (dp_rank × tp + tp_rank, mod ep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers held (inclusive), from the pipeline split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the accounting deducts besides weights and activation: non-torch memory (vLLM) or the reserve (textbook)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory left for the KV cache on this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV blocks this GPU could hold; the replica uses the minimum over its GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> +emb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> +head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Calibrated: overheads from profile &quot;%1&quot; (fitted to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Estimated: activation, non-torch memory and CUDA graphs are modelled, not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activation of the profiling run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV at workload (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV the workload&apos;s running requests hold on this GPU in the steady state (Workload group): running requests × mean context × KV bytes per token. Estimated by the serving simulation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No serving estimate for the workload: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;KV at the workload, GPU %1&lt;/b&gt; (%2)&lt;br&gt;&lt;i&gt;KV tokens the running requests hold × KV bytes per token on this GPU&lt;/i&gt;&lt;br&gt;= %3 × %4 B = %5 GiB&lt;br&gt;&lt;i&gt;Estimated: the steady state of a simulation of vLLM V1&apos;s scheduler.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GridPanel</name>
    <message>
        <source>Layers × GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which layers each GPU holds: pipeline stages, TP groups, node boundaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query and KV heads per TP rank; replicated KV heads are hatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE layers × experts, coloured by the EP rank (GPU) that owns each expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes × GPUs, coloured by pipeline stage or DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the cluster tab&apos;s colours mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel, double-click)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole grid (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour automatically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By stage, or by DP replica when the plan has one stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GridText</name>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · stage %2 · DP %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs · nodes of %3: %2 · ranks fill nodes in order: rank = (dp × pp + stage) × tp + TP rank · thin line: TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;node %1, slot %2&lt;/b&gt;: idle — the plan uses %3 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… (%1 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a dense model: there are no experts to place. Its MLP is split by TP (tp = %2) in every layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense: one MLP split by TP (tp = %1), no experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1 · GPUs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed experts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant copy (EPLB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round-robin placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP off: each of the %1 experts is split over the stage&apos;s GPUs, moe_tp = tp × dp = %2 · MoE layers: %3, dense: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1: expert slots per GPU per MoE layer: %2%3 · %4 · MoE layers: %5, dense: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, each expert split %1 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1&lt;/b&gt; (stage %2) is dense: one MLP split by TP (tp = %3), no experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1 · expert %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · stage %5 · GPU %6%7&lt;hr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1 · expert %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · stage %5 · GPUs %6%7&lt;hr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (redundant copy in slot %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — each holds 1/%1 of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No placement: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 %2–%3 (colours repeat every %4; hover a cell)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 %2–%3 (hover a cell)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query heads %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA latent KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, replicated ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV head %1 (serves q %2)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA: one latent KV vector (kv_lora_rank + rope) serves all %1 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA latent KV: every TP rank holds all of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV head replicated on %1 TP ranks (tp %2 &gt; %3 KV heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each TP rank holds %1 of %2 query heads and %3 · the same on every pipeline stage and DP replica (GPU = (dp × pp + stage) × tp + TP rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole MLA latent KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV head %1 (serves query heads %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;TP rank %1&lt;/b&gt; · %2&lt;br&gt;holds query heads %3 and %4%5&lt;br&gt;GPUs with this TP rank: %6&lt;hr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the MLA latent KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (also held by %1 other TP ranks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replica %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · layers %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thick line: node boundary · thin line: TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers · pipeline stages: %2 (%3 layers) · TP group size %4: each group splits the heads and MLP of its layers · DP replicas: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — on this GPU (its 1/%2 TP share)&lt;hr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — not on this GPU&lt;hr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one pipeline stage: coloured by DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA latent KV: all %1 heads read it, every TP rank holds all of it (×%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA latent KV, on every TP rank (×%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;MLA latent KV&lt;/b&gt; · query head %1 reads it&lt;br&gt;one latent vector (kv_lora_rank + rope) per token and layer serves all heads; each of the %2 TP ranks holds all of it, so TP does not divide the KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sparse MLA attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sliding window (%1 tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunked attention (%1 tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mamba-2 (fixed state)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gated DeltaNet (fixed state)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kimi Delta Attention (fixed state)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear in place of attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear in place of FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strips left of the GPUs: token mixer, FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>short convolution (fixed state)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import a vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste vllm serve …, python -m vllm.entrypoints.openai.api_server … or docker run … vllm/vllm-openai …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags not carried into the plan and warnings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the command: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a command to see its plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no preset matches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (preset %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3, EP %4, DCP %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory utilization %1, max model length %2, max sequences %3, max batched tokens %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache %1, quantization %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch: %1 nodes, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IssuesBanner</name>
    <message>
        <source>✘ Error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ℹ Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> × pp %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> × dp %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nearest plan that fits: needs ≥ %1 × %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the nearest plan that fits (one undo step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nearest plan that fits: the same GPUs with --max-num-seqs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use --max-num-seqs %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KvPanel</name>
    <message>
        <source>&lt;b&gt;✔ Fits&lt;/b&gt; — %1 concurrent requests of %2 tokens per replica, %3 on the cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;✘ Does not fit&lt;/b&gt; — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity, one replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity, cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;KV capacity, whole cluster&lt;/b&gt;&lt;br&gt;&lt;i&gt;dp × one replica&apos;s tokens (each DP replica has its own KV pool)&lt;/i&gt;&lt;br&gt;= %1 × %2 = %3 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests at max length, one replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests at max length, cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV budget per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (GPU %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights per GPU (largest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per MoE layer, 1/%2 of each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;max_model_len&lt;/b&gt;&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s max_position_embeddings (no --max-model-len set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-model-len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · nodes of %3: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;World size&lt;/b&gt;&lt;br&gt;&lt;i&gt;tp × pp × dp&lt;/i&gt;&lt;br&gt;= %1 × %2 × %3 = %4 GPUs; nodes = ceil(%4 / %5) = %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 billion total, %2 billion active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Calibrated: the overheads come from profile &quot;%1&quot;, fitted to %2.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Estimated: activation, non-torch memory and CUDA graphs are modelled, not measured (calibrate to a real log in the vLLM log tab).&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B (%2) · %3 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-request state per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests the state alone allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Requests the state alone allows&lt;/b&gt;&lt;br&gt;&lt;i&gt;floor(KV budget / per-request state)&lt;/i&gt;&lt;br&gt;= floor(%1 B / %2 B) = %3&lt;br&gt;An upper bound: the tokens&apos; KV comes on top, and vLLM pads each state page to the attention block; &quot;Requests at max length&quot; counts both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, %2% of capacity · estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;KV the workload holds, one replica&lt;/b&gt; (%1)&lt;br&gt;&lt;i&gt;running requests × mean context (steady state of the serving simulation)&lt;/i&gt;&lt;br&gt;= %2 × %3 = %4 tokens of %5 (%6%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Estimated: a simulation of vLLM V1&apos;s scheduler, not a measurement.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of the KV pool · estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Peak KV-pool occupancy&lt;/b&gt; (%1)&lt;br&gt;&lt;i&gt;max over the simulated run of used blocks / %2 blocks&lt;/i&gt;&lt;br&gt;= %3%; preemptions: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV at the workload, one replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV peak at the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B (%2) · %3 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Per-request reserve per GPU&lt;/b&gt;&lt;br&gt;&lt;i&gt;blocks of the sliding-window and compressor-state groups one request reserves × block stride&lt;/i&gt;&lt;br&gt;= %1 × %2 B = %3 B&lt;br&gt;vLLM reserves each window plus the tokens in flight (2 × max-num-batched-tokens from 0.26), whatever the request&apos;s length; its concurrency line counts it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Per-request state per GPU&lt;/b&gt;&lt;br&gt;&lt;i&gt;state layers on GPU %1 × one layer&apos;s state (conv + SSM / recurrent state, vLLM MambaSpec) × state blocks per request&lt;/i&gt;&lt;br&gt;= %2 × %3 B × %5 = %4 B&lt;br&gt;It does not grow with the tokens: every running request holds it, whatever its length. Blocks per request: 1, one more with prefix caching (vLLM&apos;s &quot;align&quot; mode), and one more per speculative token; speculative tokens also widen the conv state.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>No Chinese font is installed, so Chinese text shows as boxes: install one (Debian: fonts-noto-cjk) or choose English under Language.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LatencyCurveView</name>
    <message>
        <source>TPOT p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency (clients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Computing… (%n simulations in the background)</source>
        <translation>
            <numerusform>Computing… (%n simulation in the background)</numerusform>
            <numerusform>Computing… (%n simulations in the background)</numerusform>
        </translation>
    </message>
    <message>
        <source>No curve: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: vLLM V1 serving simulated at %1 input and %2 output tokens, concurrency 1 to %3 (the most that fit the KV pool and max-num-seqs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency–throughput curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out tok/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan is not valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no request completes in the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tok/s/GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LinksPanel</name>
    <message>
        <source>Communication and time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 dispatch (combine stays BF16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective scale-up (NVLink, xGMI) bandwidth per GPU per direction, efficiency included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α per message or ring step on the scale-up link (also used for PCIe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective PCIe bandwidth per GPU per direction, for GPUs in a node but outside the scale-up domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective NIC bandwidth per GPU per direction, across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α per message or ring step across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achievable fraction of the HBM bandwidth in the roofline (decode is memory-bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achievable fraction of the dense peak FLOPS in the roofline (prefill is compute-bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP micro-batches in flight: the bubble is (pp − 1) / (m + pp − 1) of a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> × fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP routing skew: the hottest expert&apos;s rank receives this many times its fair share of tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatch sends FP8 activations (DeepEP style): half the bytes; the combine stays BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routing skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale-up bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale-up latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set routing skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change EP dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set scale-up bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set scale-up latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set PCIe bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set NIC bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set NIC latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set HBM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set compute efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset (%1%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogReconciler</name>
    <message>
        <source>There is no plan to compare with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vLLM startup lines found: the log needs at least one of &quot;Model loading took&quot;, &quot;Available KV cache memory&quot;, &quot;GPU KV cache size&quot; or &quot;# GPU blocks&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan&apos;s model or GPU is not in the catalog.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan the log ran cannot be evaluated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconciling needs vLLM accounting (Memory and workload → Accounting).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read that log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot calibrate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory &amp;&amp; KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current plan is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — ShardScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open plan…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import vLLM command…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save plan &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;launch commands…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement grid as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory chart as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication chart as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers × GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory and KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the nearest exportable plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command&apos;s model &quot;%1&quot; is not a preset: open its config.json first, then import again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the nearest plan that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore unsaved plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an untitled plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore unsaved plan from %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardScope did not quit normally; these changes were saved automatically at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unsaved plan of the last session could not be restored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unsaved plan of the last session could not be restored: %1. It was kept as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill/decode plan: the views show one server of the prefill pool (%1 of them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill/decode plan: the views show one server of the decode pool (%1 of them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node (bar = its tightest GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;node %1&lt;/b&gt;: its tightest GPU is GPU %2&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total %1 = weights %2 + activation %3 + other %4 + KV cache %5 + headroom %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Headroom&lt;/b&gt;&lt;br&gt;&lt;i&gt;total × (1 − gpu_memory_utilization)&lt;/i&gt;&lt;br&gt;= %1 × (1 − %2) = %3 — left for other processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation and other: calibrated (profile &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation and other: estimated (no calibration profile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU, one bar per node (%1 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other = non-torch, CUDA graphs, reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom = 1 − utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usable = utilization × total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryTerms</name>
    <message>
        <source>usable (total x utilization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ceil(%1 visible to CUDA on %2 x %3); vLLM %4 defaults to %5 when not given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensors resident on this rank as vLLM loads them (%1), sharded over tp=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 expert slots per MoE layer split %2 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 draft layer(s) %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights (&quot;Model loading took&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V0 profiling run over %1 tokens (max(max_model_len, 2048) without chunked prefill): hidden states %2 + q/k/v and MLP (%3/tp) outputs %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE workspace, %1 experts x %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiling run over max_num_batched_tokens=%1: hidden states (%2) %3 + the larger of the forward pass (%4) %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no sampler: not the last PP stage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; x %1 from calibration profile &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured in calibration profile &quot;%1&quot; (tp=%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=%1 without custom all-reduce (%2 node(s), no P2P link or TP across nodes): NCCL buffers only, ~0.25 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: --enforce-eager captures no CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured in calibration profile &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; subtracted from the KV budget (vLLM &gt;= 0.21, VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; not subtracted: before vLLM 0.21 graphs are captured in the (1 - utilization) headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested minus every subtracted term (&quot;Available KV cache memory&quot;); %1 B per token on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (tokens sharded over dcp=%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; not subtracted: a fixed --kv-cache-memory-bytes replaces the budget arithmetic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; not subtracted: vLLM 0.21-0.25 left ROCm out of the CUDA-graph estimate (is_cuda() only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kv-cache-memory-bytes %1 as given (utilization and the other terms do not apply); %2 B per token on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, less --mm-ipc-gpu-memory-gb %1 GiB for multimodal decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers in vLLM %4) %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, on top of the MoE workspace kept through it %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=1: cuBLAS workspaces and allocator overhead, ~%1 in vLLM %2 (measured, core/evaluate/profilerun.h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=%1 on one node: NCCL and custom all-reduce buffers, ~%2 in vLLM %3 (measured, core/evaluate/profilerun.h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers with FlashInfer&apos;s top-k/top-p kernel in vLLM %4) %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=%1 with --disable-custom-all-reduce: NCCL buffers only, ~0.25 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, the vision tower (%1) split over tp %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, the vision tower (%1) whole on each rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the hidden states include the attention-residual bank: %1 blocks of %2 layers, %3 x %1 x hidden x 2 B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gated DeltaNet / KDA projections and output buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marlin MoE caches for all %1 tokens, not chunked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; before it the vision encoder&apos;s profiling pass on %1 dummy image(s) of the processor&apos;s largest size (%2 tokens, %3 patches): its own peak %4, and %5 of pixels and outputs kept through the language model&apos;s run; the larger of %4 and %5 + %6 is the peak (--skip-mm-profiling or --language-model-only leave it out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 PIECEWISE + %2 FULL graphs: the largest&apos;s first capture + %3 MiB per further graph (%4 layers x 0.198 MiB, fitted to vLLM 0.19&apos;s printed estimates; core/evaluate/cudagraphestimate.h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; not subtracted: Model Runner V2, vLLM&apos;s default for dense models from 0.25.1, charged 0 for graphs before 0.30 (a stub), so they come out of the (1 - utilization) headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; of it %1 of NCCL&apos;s NVLink SHARP buffers: two communicators (vLLM&apos;s and torch&apos;s) on %2 GPUs of one NVSwitch node (core/evaluate/ncclnvls.h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; plus %1 of NCCL&apos;s NVLink SHARP buffers: two communicators (vLLM&apos;s and torch&apos;s) on %2 GPUs of one NVSwitch node (core/evaluate/ncclnvls.h)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Search models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a Hugging Face config.json (you can also drop one on the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA (DeepSeek-style attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 layers · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your configs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type words of a model&apos;s name or id, in any order, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ParallelismPanel</name>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel as vLLM does it (ep = tp × dp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel: each layer&apos;s heads and MLP split over this many GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel: the layers split into this many stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel: independent replicas, each with its own KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel: the experts of a stage spread over this many of its tp × dp GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s --enable-expert-parallel: every GPU of a stage holds whole experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable expert parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable expert parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the offered range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not allowed: %2 — using %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides the %1 attention heads: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · above %1 the KV heads are replicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 to %1 stages (%2 layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicas · tp × pp × dp = %1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides tp × dp = %1: %2 · vLLM offers 1 or %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;1 GPU&lt;/b&gt; = tp 1 × pp 1 × dp 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 GPUs&lt;/b&gt; = tp %2 × pp %3 × dp %4 · nodes of %6: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No placement&lt;/b&gt; — see the issues above</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementGrid</name>
    <message>
        <source>zoom %1% · drag to pan · 0 to fit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanRules</name>
    <message>
        <source>must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PoolPanel</name>
    <message>
        <source>%1 × (TP %2 · PP %3 · DP %4 · EP %5) = %6 GPUs, %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set prefill instances to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set decode instances to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the KV transfer link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill and decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disaggregated prefill/decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve prompts and decodes on two pools of vLLM servers; the KV cache of each prompt crosses to the decode pool (vLLM&apos;s NixlConnector). Off: one pool does both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill servers (x of xPyD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode servers (y of xPyD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC (another node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale-up link (same NVLink/xGMI domain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe (same node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link the KV cache crosses from a prefill to a decode GPU (α-β of the GPU preset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disaggregate prefill and decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve aggregated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The views and the parallelism, GPU and batch controls show the %1 pool; the Workload group shows both pools together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV transfer per prompt (estimated): %1 MB per GPU in %2; the %3 pool bounds the rate at %4 requests/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the prefill pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the decode pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PresetRepository</name>
    <message>
        <source>user presets found in the old folder %1: ShardScope now reads %2 (as documented) and still reads the old folder for now; move models/ and gpus/ there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Reconcile</name>
    <message>
        <source>%1 larger than modelled by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 smaller than modelled by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan could not be evaluated, so there is nothing to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights per GPU (largest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>available KV cache memory (binding GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU KV cache size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>maximum concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log ran max_model_len %1, the plan uses %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log&apos;s concurrency is for %1-token requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log prints no available KV memory, so the budget cannot be reconciled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU&apos;s visible memory differs (%1 vs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation + non-torch (not printed by this log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak activation (not printed by this log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory (not printed by this log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounding and terms vLLM does not print</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted available KV matches the log (%1 vs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has %1 (%2) more available KV memory than predicted; mostly %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has %1 (%2) less available KV memory than predicted; mostly %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has %1 (%2) more available KV memory than predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log has %1 (%2) less available KV memory than predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan could not be evaluated in vLLM accounting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log prints no available KV memory (&quot;Available KV cache memory&quot; or the V0 profiling summary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the modelled peak activation is zero, nothing to scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log leaves no room for peak activation (%1): is the plan the one that ran?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs captured (PIECEWISE + FULL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>expected a .md or .pdf file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF output needs the GUI libraries; write Markdown (.md) instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 node of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 nodes of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (vLLM %1, overheads %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounting %1%2, gpu_memory_utilization %3, max_model_len %4, KV cache %5, weights %6, block size %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers × GPUs: which layers each GPU holds, by pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks are laid out DP × PP × TP with TP fastest (vLLM&apos;s initialize_model_parallel); layers per stage follow get_pp_indices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks are laid out DP × PP × TP with TP fastest (vLLM&apos;s initialize_model_parallel); layers per stage follow get_pp_indices overridden by VLLM_PP_LAYER_PARTITION.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 latent (MLA, not split)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (replicated ×%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (each 1/%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q heads / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-GPU rows omitted for %1 GPUs: `shardscope plan --format json` lists them all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory and KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU, for GPU %1, the one with the fewest KV blocks (it binds the replica).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total × %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--reserved-bytes (assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity (one replica)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests (one replica)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests (cluster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One %1 step of n = %2 tokens; activations in BF16. Times are α-β estimates on the link each group uses; &quot;per GPU&quot; is the busiest GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM-head AllGather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lockstep (MoE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops / step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes / op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent / GPU / step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show your work:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, overridden by the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>α per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B effective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line rate × efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time estimates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A roofline estimate, for comparing plans, not a benchmark: each stage takes max(bytes read / HBM, FLOPs / peak) plus its communication, with no overlap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step (slowest stage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step per stage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and %1 % waiting for slower stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline timeline: %1 micro-batches of %2 sequence take %3; the lanes idle %4 % of the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal stages)%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline timeline: %1 micro-batches of %2 sequences take %3; the lanes idle %4 % of the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal stages)%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assumptions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode: %1 sequence per micro-batch, each over %2 tokens of context; prefill of one %3-token prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode: %1 sequences per micro-batch, each over %2 tokens of context; prefill of one %3-token prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (aiconfigurator&apos;s empirical factor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights are read once per step (MoE: only the experts the batch touches); activations travel in BF16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bubble is the fill-and-drain view of %1 micro-batches, pessimistic for continuous batching.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No launch command for this plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: the plan is valid and fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model preset **%1** (`%2`):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model preset **%1** (`%2`), Hugging Face `%3`:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a user configuration (no sources recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU preset **%1** (`%2`):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a user file (no sources recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncertain GPU figures: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM cannot run this plan as it stands: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan report generated by %1. Every figure says how it was computed; times are estimates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison: A against B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated by %1. Times are estimates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing: the two plans are the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (better)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (worse)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No difference to explain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM %1 × %2%3; peak %4 TFLOPS %5 × %6%7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heads %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poisson arrivals at %1 requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 concurrent clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all requests sent at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated, not measured: a simulation of vLLM V1&apos;s continuous batching for %1 prompts of %2 input and %3 output tokens, %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 coefficients).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50 / p90 / p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV pool peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coefficients (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coefficient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady state: %1 decode tokens per decoding step and %2 prefill-chunk tokens per step (means over the simulated run, one replica).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated, not measured: a simulation of vLLM V1&apos;s continuous batching for %1 prompts with ShareGPT&apos;s lengths (mean %2 input and %3 output tokens), %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 coefficients).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Serving</name>
    <message>
        <source>the plan is not valid: nothing to simulate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan leaves no KV cache: no request can run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests never fit the KV pool (input + output above its %2 tokens) and are skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the simulation stopped early after %1 steps (%2 of %3 requests finished)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scheduler could not make progress: the KV pool is too small for the running requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 preemptions: the KV pool ran full and requests were recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ShareGPT requests are longer than max_model_len (%2 tokens): vLLM refuses them, and they are skipped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not valid JSON (cut short?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a ShardScope session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a field is missing or of the wrong type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot save the session to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is larger than 16 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The autosaved session %1 could not be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The autosaved session %1 could not be read: %2. It was kept as %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Memory and workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-model-len: context per request (0: the model&apos;s maximum)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EPLB redundant experts per MoE layer (needs EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode: sequences decoding together, one token each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill: prompt tokens processed in one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM (each GPU&apos;s tensors, KV blocks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Textbook (even split, fixed reserve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM: what the engine allocates, minimum over GPUs · textbook: the course&apos;s uniform split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--gpu-memory-utilization: the fraction of each GPU&apos;s memory vLLM may use (lowest: the version&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (model dtype)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8 (1 byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kv-cache-dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as the checkpoint ships</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MXFP4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AWQ (int4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPTQ (int4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight format (--quantization); &apos;as the checkpoint ships&apos; follows quantization_config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear (vLLM default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round robin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How experts are laid out over EP ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Textbook accounting: fixed reserve per GPU for activations, graphs and buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redundant experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode batch (sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserve (textbook)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change accounting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set utilization to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set max model length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change KV dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change weight format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change expert placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set redundant experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set decode batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set prompt length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>course default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model max (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupPanel</name>
    <message>
        <source>Model and cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The accelerator: memory, bandwidths, scale-up domain (from the GPU presets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node; ranks fill nodes in order (0: the GPU preset&apos;s value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set GPUs per node to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · scale-up domain %3 · %4 GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 node · 1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 node · %1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 visible)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SlaFrontChart</name>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to apply this plan.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misses SLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT, ms (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tok/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Sweep</name>
    <message>
        <source>holds %1 concurrent requests, below --min-concurrency %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 sequences in flight per replica, but it holds %3 (max_num_seqs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 sequences in flight per replica, but it holds %3 requests of max_model_len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT %1 ms is above --max-tpot-ms %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workload&apos;s requests do not run on this plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SweepHeatmap</name>
    <message>
        <source>%1: no combination uses this pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3 (the best of %4 plans)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: fits, but misses a constraint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no plan fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: vLLM refuses this pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to apply this plan.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP × PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP × EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misses a constraint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— impossible</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SweepScatter</name>
    <message>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT, ms (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tok/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more plans at this point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Click to apply the first.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · ↑ %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feasible</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TabTitle</name>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message numerus="yes">
        <source>%n micro-batch(es)</source>
        <translation>
            <numerusform>%n micro-batch</numerusform>
            <numerusform>%n micro-batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n decoding sequence(s) each</source>
        <translation>
            <numerusform>of %n decoding sequence each</numerusform>
            <numerusform>of %n decoding sequences each</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 through %n stage(s) take %3.</source>
        <translation>
            <numerusform>%1 %2 through %n stage take %3.</numerusform>
            <numerusform>%1 %2 through %n stages take %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpin A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the current plan as A; change the sliders to get B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export comparison report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin the current plan as A, then change the sliders: B follows the current plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing yet: B equals A.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache budget per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV capacity (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent requests, cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per TP AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP bytes per GPU per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP AllReduce time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per PP send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step of a stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding / slowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP AllReduce ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM-head logits AllGather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatch ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP combine ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP send, stage %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP AllGather of stage %1&apos;s activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: pipeline fill (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: pipeline drain (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: waiting for stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1, micro-batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stage&apos;s roofline time for these layers: reading their weights and KV cache, or their FLOPs, whichever is slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2; each GPU sends %3 over the %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden_states and residual, %1; each GPU sends %2 to its peer in stage %3 over the %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stage before is slower: this one waits for its next micro-batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline bubble: (p − 1)/(m + p − 1) of the time when stages are equal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show your work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;report (PDF or Markdown)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show your work on &amp;click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click any number to see its formula with this plan&apos;s values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show your work: click a number to see how it is computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export comparison report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No valid plan to step through.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Play or → to step through the %1 events of one step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Event %1 of %2&lt;/b&gt; — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step back (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step forward (→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of a %1-token prompt each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble %1 % (formula (p − 1)/(m + p − 1) = %2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing %1 of the plan&apos;s %2 micro-batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Not runnable&lt;/b&gt;: this plan cannot start (see the issues above). The events show the order of one step; their times are not a prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to compare two plans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Pin as A&lt;/b&gt;: the current plan becomes A.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move a slider or change a setting: B follows the current plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table shows A, B and the change; this pane says what changed and why. Per-GPU rows compare clusters of different sizes fairly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>½× speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2× speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4× speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed: at 1× one event every 0.9 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT, serving (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT, serving (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ITL, serving (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End-to-end latency (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tokens/s per GPU (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving decode step (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: %1 · B: %2 · both at the workload %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(roofline, estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving model: one steady-state step of %1 decode + %2 prefill tokens takes %3: GEMM %4, attention %5, MoE %6, communication %7, fixed %8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The workload&apos;s mean engine step&lt;/b&gt;&lt;br&gt;&lt;i&gt;decode tokens and prefill-chunk tokens per step, averaged over the simulated run, costed by the step-time model&lt;/i&gt;&lt;br&gt;= %1 decode + %2 prefill tokens → %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>GPU %1 · stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 · %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute (stage colour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP AllReduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding / LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP combine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle (hatched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mb %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Validation</name>
    <message>
        <source>%1 must be at least 1 (got %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp x pp x dp = %1 GPUs is more than the %2 this planner evaluates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 attention heads cannot be split over tp=%2: tp must divide the head count (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=%1 exceeds the %2 KV heads but is not a multiple of them, so vLLM cannot replicate them evenly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the custom layer partition has %1 stages but pp=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the custom layer partition sums to %1 layers; the model has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every pipeline stage needs at least one layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp=%1 is more than the model&apos;s %2 layers: some stages would be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert parallelism needs a mixture-of-experts model; %1 is dense (set ep=1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant experts need a mixture-of-experts model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ep=%1 must divide tp x dp = %2 (the GPUs of one pipeline stage); choose %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ep=%1 is more than the %2 expert slots per layer: some GPUs would hold no expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expert slots do not divide evenly over ep=%2: the first %3 EP ranks hold one more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant experts cannot be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redundant experts (EPLB) need expert parallelism (ep &gt; 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 16 redundant copies per expert is not a plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpu_memory_utilization must be in (0, 1] (0: the vLLM version&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode_context_parallel_size must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode_context_parallel_size %1 must divide tp=%2 (DCP reuses the TP GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode context parallel is not supported with sliding-window or chunked attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode context parallel on a GQA model needs tp &gt; kv heads (%1) and dcp &lt;= tp / kv heads: it only splits replicated KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_speculative_layers must be between 0 and 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block size must be between 1 and 4096 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_model_len must be between 1 and 2^31 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_num_seqs and max_num_batched_tokens must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a TP group of %1 GPUs spans nodes of %2: every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a TP group of %1 GPUs leaves the scale-up domain of %2 (%3): its AllReduces run over PCIe or the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fast link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the EP group spans %1 DP ranks: they must step together, idle ranks run dummy batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_model_len %1 exceeds the model&apos;s max_position_embeddings %2 (vLLM refuses unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_num_batched_tokens (%1) must be at least max_num_seqs (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each expert&apos;s intermediate size %1 split %2 ways is not a multiple of the FP8 block size %3: vLLM refuses to load it (enable expert parallelism or lower tp x dp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibration profile &quot;%1&quot; was fitted on %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibration profile &quot;%1&quot; was fitted on vLLM %2, the plan follows %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization %1 asks for %2 but only about %3 is free at startup (CUDA context): vLLM refuses to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights do not fit: GPU %1 needs %2 of weights but may use %3 (utilization %4 x %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no memory left for the KV cache on GPU %1: %2 short after weights and overheads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no room for one request of max_model_len %1 tokens: the KV cache holds %2 tokens (lower --max-model-len or add GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with prefill_context_parallel_size %1, decode_context_parallel_size must be 1, %1 or tp x pcp = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill_context_parallel_size must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill context parallel does not support data parallelism yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--mm-ipc-gpu-memory-gb is a vLLM %1 setting: the plan follows %2, which has no such reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM %1 is outside the releases this planner knows (%2 to %3): the nearest one&apos;s rules apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 heads of the Mamba / linear-attention layers cannot be split over tp=%2: tp must divide them (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 input of %2 split %3 ways is not a multiple of the %4 group size %5: vLLM refuses to load it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vision tower (vision_config model_type &quot;%1&quot;) is not sized: the weights leave it out unless a model folder gives its bytes; --language-model-only serves without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSeek-V4 needs --kv-cache-dtype fp8: vLLM&apos;s attention backends for it keep the cache in the fp8_ds_mla layout only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSeek-V4 cannot use decode context parallelism: vLLM&apos;s sliding-window caches refuse it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=%1 does not divide DeepSeek-V4&apos;s %2 output groups (o_groups): vLLM gives each rank whole groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_speculative_tokens must be between 0 and 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with prefix caching on, vLLM %1 keeps this model&apos;s Mamba state in &quot;all&quot; mode (a state block per KV block), which is not modelled: the plan counts &quot;align&quot; mode&apos;s two blocks per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--moe-backend marlin needs a mixture-of-experts model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--moe-backend marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4); these are not</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marlin needs an NVIDIA GPU of compute capability 8.0 or newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM %1 has no Marlin path for MXFP4 experts (from 0.10.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM %1 cannot be asked for Marlin for these experts (--moe-backend arrived in 0.17): it takes Marlin by itself only on GPUs without native support for their format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_num_seqs %1 exceeds the %2 Mamba cache blocks the KV pool holds: vLLM refuses to capture its FULL decode graphs (lower --max-num-seqs to at most %2, raise --gpu-memory-utilization, or --enforce-eager)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VllmImport</name>
    <message>
        <source>%1 vLLM commands found; the first one was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no value; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both a positional model and --model given; --model %1 was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-model-len %1 lets vLLM fit the length to memory; the plan uses the model&apos;s maximum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kv-cache-dtype %1 is not modelled; the plan uses auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--quantization %1 is not modelled; the plan uses the checkpoint&apos;s format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--all2all-backend %1 is not one of %2&apos;s choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>settings in the --config file %1 are not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--eplb-config %1 is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command names no model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_redundant_experts without --enable-eplb: vLLM refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is a placeholder to fill in; the plan keeps its default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speculative-config %1 is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speculative-config %1 is not a JSON object; not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is a placeholder to fill in; the export leaves it out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--moe-backend %1 is not modelled; the plan keeps vLLM&apos;s own choice</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VllmLogPanel</name>
    <message>
        <source>Weights per GPU (largest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-torch memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available KV memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU KV cache size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact arithmetic from the model&apos;s config and the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted to a real startup log (the plan&apos;s calibration profile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model of a measured overhead (core/overheads): calibrate to a real log to replace it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Basis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assumption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the log&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lines vLLM prints at startup for this plan, in the wording of the chosen vLLM version (reference vllm_memory.md). Ranks that print the same lines are shown once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The binding GPU&apos;s memory budget in the order vLLM subtracts it: formula terms are exact arithmetic from the config; estimated terms model measured overheads; calibrated ones come from a profile fitted to a real log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a vLLM startup log here (any version), or open a file. The lines that matter: &quot;Model loading took …&quot;, &quot;Available KV cache memory: …&quot;, &quot;GPU KV cache size: …&quot;, &quot;Maximum concurrency …&quot;, and the engine&apos;s non-default args.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the plan to what the log ran: its vLLM version, parallel sizes, utilization, max-model-len, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the overhead terms to this log, save them as a calibration profile for this GPU and vLLM version, and use it in the plan: its numbers then show as &apos;calibrated&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the predicted log to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted startup log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconcile with a real log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a vLLM startup log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># no prediction: the plan is invalid (see the issues above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># no prediction: the startup log needs vLLM accounting (Memory and workload → Accounting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>− %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No log yet: predicted and observed will appear side by side, with the difference in GiB and %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 on %3, vLLM %4, tp %5 pp %6 dp %7, utilization %8, max-model-len %9.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken from the log: %1; the rest from your plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log&apos;s model was not recognised: your plan&apos;s model is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2%3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>observed − predicted, and in % of observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Why:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log reports: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log was longer than %1 MiB: only its start was read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the settings of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the calibration profile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the fitted overheads as a profile named (letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The box shows the start of the file; the comparison uses all of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the settings of %1, calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A calibration profile named &quot;%1&quot; exists. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 graphs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VllmPreview</name>
    <message>
        <source># … and %1 more nodes: Copy takes them all, Export… shows each</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Workload</name>
    <message>
        <source>%1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent client(s)</source>
        <translation>
            <numerusform>%n concurrent client</numerusform>
            <numerusform>%n concurrent clients</numerusform>
        </translation>
    </message>
    <message>
        <source>all %1 prompts at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in / %2 out tokens, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the plan&apos;s decode batch %1 (no serving estimate for the workload%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, in %1 micro-batches of %2 decode tokens (m = pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload %1: per engine step %2 decode + %3 prefill tokens%4 (steady state, estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShareGPT lengths, mean %1 in / %2 out tokens, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>p50 %1 · p99 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--input-len: prompt tokens of each request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--output-len: tokens generated per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-concurrency: clients sending one request at a time (closed loop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> req/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--request-rate: Poisson arrivals per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--num-prompts: requests simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTFT (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output tok/s per GPU (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set input length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set output length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set request rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set prompts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: a simulation of vLLM V1&apos;s scheduler, not a measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated: both pools simulated (vLLM V1&apos;s scheduler), not a measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;TTFT = the prefill pool&apos;s TTFT (queue and prefill) + the KV transfer (%1) + the decode pool&apos;s first step, per percentile: a conservative sum.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;TPOT of the decode pool alone (%1 instances).&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Output tokens/s of the balanced pools (%1 requests/s) over all %2 GPUs of both pools.&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated, prefill and decode pools together: a simulation of vLLM V1&apos;s scheduler per pool, not a measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed lengths (random)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShareGPT lengths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--dataset-name: random gives every request the lengths below; sharegpt gives each request the lengths vllm bench serve&apos;s ShareGPT sampler sends, scaled to the means below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lengths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set lengths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens (mean)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>planfile</name>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sweepstyle</name>
    <message>
        <source>Requests per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPOT (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms TPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 concurrent requests (%2 per replica), %3 per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;KV cache: %1 tokens per replica; weights: %2 on the heaviest GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;estimate at %1 × %2 sequences of %3 tokens: TPOT %4 ms, %5 tokens/s per GPU, TTFT %6 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;communication per step: %1 ms, %2 per GPU (TP on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;on the Pareto front of TPOT and tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;a TP group spans nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;a TP group leaves the scale-up domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;runs with --max-num-seqs %1: vLLM refuses the default for more sequences than Mamba cache blocks, and asks for this</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>textformat</name>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU %1&lt;/b&gt; · node %2 · stage %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;TP rank %1 · DP rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · EP rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;layers %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · MLA latent KV (every TP rank holds all of it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (replicated on %1 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 expert slots per MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, … %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, each split %1 ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;weights %1 · KV budget %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;activation %1 · non-torch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;reserve %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 KV blocks%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — binds the replica (fewest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale-up link (NVLink, xGMI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network (NIC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (stays on the GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to explain for this plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formula:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With this plan&apos;s values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where each input comes from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heads %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;query %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · KV %1%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
