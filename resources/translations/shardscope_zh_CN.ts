<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CommChart</name>
    <message>
        <source>&lt;b&gt;No communication&lt;/b&gt;&lt;br&gt;Every replica is a single GPU (tp = pp = 1) and no MoE tokens cross a link.</source>
        <translation>&lt;b&gt;没有通信&lt;/b&gt;&lt;br&gt;每个副本只有一张 GPU（tp = pp = 1），也没有 MoE Token 跨链路传输。</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>decode</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>prefill</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信时间</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per step (%8 % of the phase&apos;s communication) · %4 messages of %5 · %6 sent by the busiest GPU&lt;br&gt;&lt;small&gt;%7&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;每步 %3（占该阶段通信的 %8 %）· %4 条消息，每条 %5 · 最忙的卡发送 %6&lt;br&gt;&lt;small&gt;%7&lt;/small&gt;</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>CommPanel</name>
    <message>
        <source>No placement, so no communication: see the issues above.</source>
        <translation>没有放置结果，因此没有通信：请看上方的问题提示。</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not runnable&lt;/b&gt;: this plan cannot start (see the issues above), so it has no TPOT, TTFT or throughput. The table shows what each step would send.</source>
        <translation>&lt;b&gt;无法运行&lt;/b&gt;：此方案无法启动（见上方问题），因此没有 TPOT、TTFT 或吞吐量。表格显示每一步将要发送的数据。</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;&lt;b&gt;Decode&lt;/b&gt; (n = %2): communication %3 · &lt;b&gt;Prefill&lt;/b&gt; (n = %4): communication %5&lt;br&gt;&lt;small&gt;Estimates: α-β link model; bytes are what the busiest GPU sends.&lt;/small&gt;</source>
        <translation>%1&lt;br&gt;&lt;b&gt;解码&lt;/b&gt;（n = %2）：通信 %3 · &lt;b&gt;预填充&lt;/b&gt;（n = %4）：通信 %5&lt;br&gt;&lt;small&gt;估算：α-β 链路模型；字节数指最忙的那张卡发送的量。&lt;/small&gt;</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;&lt;b&gt;Decode&lt;/b&gt; (n = %2): communication %3 per step · &lt;b&gt;Prefill chunk&lt;/b&gt; (n = %4): communication %5&lt;br&gt;Serving: TPOT %6 · TTFT %7 · %8 output tokens/s per GPU (means, estimated)&lt;br&gt;&lt;small&gt;Estimates: α-β link model, bytes the busiest GPU sends; serving: a simulation of vLLM V1&apos;s scheduler (show your work).&lt;/small&gt;</source>
        <translation>%1&lt;br&gt;&lt;b&gt;解码&lt;/b&gt;（n = %2）：每步通信 %3 · &lt;b&gt;预填充块&lt;/b&gt;（n = %4）：通信 %5&lt;br&gt;服务：TPOT %6 · TTFT %7 · 每卡输出 %8 tokens/s（均值，估算）&lt;br&gt;&lt;small&gt;估算：α-β 链路模型，字节数指最忙的那张卡发送的量；服务：模拟 vLLM V1 的调度器（见“展示计算过程”）。&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>CommRows</name>
    <message>
        <source>TP AllReduce, 2 per layer</source>
        <translation>TP AllReduce，每层 2 次</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>S = n × h × b = n × %1 × 2 B per AllReduce; a ring sends 2(t−1)/t × S per GPU, t = %2</source>
        <translation>每次 AllReduce S = n × h × b = n × %1 × 2 B；Ring 算法每卡发送 2(t−1)/t × S，t = %2</translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation>嵌入层 AllReduce</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>one AllReduce of n × h × b on the first stage (vocabulary-parallel embedding)</source>
        <translation>第一段做一次 n × h × b 的 AllReduce（按词表切分的嵌入层）</translation>
    </message>
    <message>
        <source>LM-head logits gather</source>
        <translation>输出层 logits 收集</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>输出层</translation>
    </message>
    <message>
        <source>one AllGather of rows × padded vocabulary × b on the last stage (%1 rows in decode, %2 in prefill)</source>
        <translation>最后一段做一次 AllGather，大小为 行数 × 补齐后的词表 × b（decode 时 %1 行，prefill 时 %2 行）</translation>
    </message>
    <message>
        <source>PP send, hidden + residual</source>
        <translation>PP 发送，隐藏状态 + 残差</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>pp − 1 sends of 2 × n × h × b; each TP rank sends 1/t and the next stage all-gathers</source>
        <translation>pp − 1 次发送，每次 2 × n × h × b；每个 TP rank 发送 1/t，下一段再做 AllGather</translation>
    </message>
    <message>
        <source>EP dispatch + combine, %1</source>
        <translation>EP 分发 + 合并，%1</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>k × h × (b_dispatch + 2) = %1 B per token per MoE layer; 1/%2 stays local; busiest GPU ×%3 (routing skew)</source>
        <translation>k × h × (b_dispatch + 2) = 每 Token 每个 MoE 层 %1 B；1/%2 留在本卡；最忙的卡 ×%3（路由倾斜）</translation>
    </message>
    <message>
        <source>Total on %1</source>
        <translation>%1 合计</translation>
    </message>
    <message>
        <source>sum of the rows above that use this link</source>
        <translation>上面使用这条链路的各行之和</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation>all-to-all 全交换</translation>
    </message>
    <message>
        <source>AllGather + ReduceScatter</source>
        <translation>AllGather + ReduceScatter</translation>
    </message>
</context>
<context>
    <name>CommTableModel</name>
    <message>
        <source>Traffic</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>×/step</source>
        <translation>次/步</translation>
    </message>
    <message>
        <source>Decode msg</source>
        <translation>解码消息数</translation>
    </message>
    <message>
        <source>sent/GPU</source>
        <translation>每卡发送</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Prefill msg</source>
        <translation>预填充消息数</translation>
    </message>
    <message>
        <source>Messages per forward step, over all stages</source>
        <translation>每次前向的消息数，所有段合计</translation>
    </message>
    <message>
        <source>Bytes of one message (AllReduce buffer, send, or per MoE layer on the busiest GPU)</source>
        <translation>一条消息的字节数（AllReduce 缓冲区、一次发送，或最忙的卡每个 MoE 层的量）</translation>
    </message>
    <message>
        <source>Bytes the busiest GPU sends in one step</source>
        <translation>最忙的卡一步发送的字节数</translation>
    </message>
    <message>
        <source>α-β estimate for one step, summed over stages</source>
        <translation>一步的 α-β 估算，所有段求和</translation>
    </message>
</context>
<context>
    <name>CommandPreview</name>
    <message>
        <source>The vLLM launch for this plan</source>
        <translation>这个方案的 vLLM 启动命令</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the commands (every node&apos;s) to the clipboard</source>
        <translation>把（所有节点的）命令复制到剪贴板</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Multi-node, Ray or SGLang launches, and scripts per node</source>
        <translation>多节点、Ray 或 SGLang 启动方式，以及每个节点的脚本</translation>
    </message>
    <message>
        <source># Cannot export: %1</source>
        <translation># 无法导出：%1</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>halve</source>
        <translation>减半</translation>
    </message>
    <message>
        <source>double</source>
        <translation>翻倍</translation>
    </message>
    <message>
        <source>drop to a quarter</source>
        <translation>降到四分之一</translation>
    </message>
    <message>
        <source>change %1</source>
        <translation>变为 %1</translation>
    </message>
    <message>
        <source>%1 whole experts</source>
        <translation>%1 个完整专家</translation>
    </message>
    <message>
        <source>%1 experts each split %2 ways</source>
        <translation>%1 个专家，每个切成 %2 份</translation>
    </message>
    <message>
        <source>model %1 → %2</source>
        <translation>模型 %1 → %2</translation>
    </message>
    <message>
        <source>GPU %1 → %2</source>
        <translation>GPU %1 → %2</translation>
    </message>
    <message>
        <source>TP %1 → %2</source>
        <translation>TP %1 → %2</translation>
    </message>
    <message>
        <source>PP %1 → %2</source>
        <translation>PP %1 → %2</translation>
    </message>
    <message>
        <source>DP %1 → %2</source>
        <translation>DP %1 → %2</translation>
    </message>
    <message>
        <source>EP %1 → %2</source>
        <translation>EP %1 → %2</translation>
    </message>
    <message>
        <source>GPUs per node %1 → %2</source>
        <translation>每节点 GPU 数 %1 → %2</translation>
    </message>
    <message>
        <source>max_model_len %1 → %2</source>
        <translation>max_model_len %1 → %2</translation>
    </message>
    <message>
        <source>max_num_seqs %1 → %2</source>
        <translation>max_num_seqs %1 → %2</translation>
    </message>
    <message>
        <source>batch %1 → %2</source>
        <translation>batch %1 → %2</translation>
    </message>
    <message>
        <source>prompt length %1 → %2</source>
        <translation>提示长度 %1 → %2</translation>
    </message>
    <message>
        <source>micro-batches %1 → %2</source>
        <translation>微批数 %1 → %2</translation>
    </message>
    <message>
        <source>block size %1 → %2</source>
        <translation>块大小 %1 → %2</translation>
    </message>
    <message>
        <source>redundant experts %1 → %2</source>
        <translation>冗余专家 %1 → %2</translation>
    </message>
    <message>
        <source>gpu_memory_utilization %1 → %2</source>
        <translation>gpu_memory_utilization %1 → %2</translation>
    </message>
    <message>
        <source>KV cache dtype %1 → %2</source>
        <translation>KV Cache 数据类型 %1 → %2</translation>
    </message>
    <message>
        <source>weights %1 → %2</source>
        <translation>权重格式 %1 → %2</translation>
    </message>
    <message>
        <source>accounting %1 → %2</source>
        <translation>显存核算 %1 → %2</translation>
    </message>
    <message>
        <source>phase %1 → %2</source>
        <translation>阶段 %1 → %2</translation>
    </message>
    <message>
        <source>expert placement %1 → %2</source>
        <translation>专家放置 %1 → %2</translation>
    </message>
    <message>
        <source>custom PP partition</source>
        <translation>自定义 PP 层划分</translation>
    </message>
    <message>
        <source>FP8 dispatch on</source>
        <translation>开启 FP8 dispatch</translation>
    </message>
    <message>
        <source>FP8 dispatch off</source>
        <translation>关闭 FP8 dispatch</translation>
    </message>
    <message>
        <source>routing skew %1 → %2</source>
        <translation>路由倾斜 %1 → %2</translation>
    </message>
    <message>
        <source>enforce eager on</source>
        <translation>开启 enforce eager</translation>
    </message>
    <message>
        <source>enforce eager off</source>
        <translation>关闭 enforce eager</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Weights per GPU (heaviest)</source>
        <translation>每卡权重（最重的卡）</translation>
    </message>
    <message>
        <source>KV budget per GPU</source>
        <translation>每卡 KV 预算</translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>KV capacity (one replica)</source>
        <translation>KV 容量（单个副本）</translation>
    </message>
    <message>
        <source>Concurrent requests (one replica)</source>
        <translation>并发请求数（单个副本）</translation>
    </message>
    <message>
        <source>Concurrent requests (cluster)</source>
        <translation>并发请求数（整个集群）</translation>
    </message>
    <message>
        <source>TP bytes sent per GPU per step</source>
        <translation>每步每卡 TP 发送字节数</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信时间</translation>
    </message>
    <message>
        <source>TPOT (estimate)</source>
        <translation>TPOT（估算）</translation>
    </message>
    <message>
        <source>TTFT (estimate)</source>
        <translation>TTFT（估算）</translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU</source>
        <translation>每卡解码吞吐（tokens/s）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because MLA keeps one latent KV vector per token and layer, and every TP rank holds all of it</source>
        <translation>TP %1 → %2：每卡 KV 不变，因为 MLA 每个 Token 每层只存一个潜在 KV 向量，且每个 TP rank 都存完整的一份</translation>
    </message>
    <message>
        <source>TP %1 → %2 does not split the KV cache: MLA keeps one latent KV vector per token and layer, and every TP rank holds all of it</source>
        <translation>TP %1 → %2 不会切分 KV Cache：MLA 每个 Token 每层只存一个潜在 KV 向量，且每个 TP rank 都存完整的一份</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because %3 KV heads are now replicated</source>
        <translation>TP %1 → %2：每卡 KV 不变，因为 %3 个 KV 头现在被复制了</translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because %3 KV heads are now replicated</source>
        <translation>TP %1 → %2 没有让每卡 KV 变小，因为 %3 个 KV 头现在被复制了</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because each GPU still holds 1 of the %3 KV heads (no longer replicated)</source>
        <translation>TP %1 → %2：每卡 KV 不变，因为每卡仍存 %3 个 KV 头中的 1 个（不再复制）</translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because each GPU still holds 1 of the %3 KV heads (no longer replicated)</source>
        <translation>TP %1 → %2 没有让每卡 KV 变小，因为每卡仍存 %3 个 KV 头中的 1 个（不再复制）</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV per GPU unchanged because the %3 KV heads were already replicated (1 per GPU)</source>
        <translation>TP %1 → %2：每卡 KV 不变，因为 %3 个 KV 头原本就已被复制（每卡 1 个）</translation>
    </message>
    <message>
        <source>TP %1 → %2 does not shrink KV per GPU because the %3 KV heads were already replicated (1 per GPU)</source>
        <translation>TP %1 → %2 没有让每卡 KV 变小，因为 %3 个 KV 头原本就已被复制（每卡 1 个）</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5 (%6 KV heads, now replicated %7 ways)</source>
        <translation>TP %1 → %2：每卡 KV 头数 %3 → %4，所以每卡每 Token 的 KV 字节数%5（共 %6 个 KV 头，现在每个复制 %7 份）</translation>
    </message>
    <message>
        <source>TP %1 → %2: KV heads per GPU %3 → %4, so KV bytes per token per GPU %5</source>
        <translation>TP %1 → %2：每卡 KV 头数 %3 → %4，所以每卡每 Token 的 KV 字节数%5</translation>
    </message>
    <message>
        <source>PP %1 → %2: the binding GPU holds %3 instead of %4 layers, so KV bytes per token per GPU %5</source>
        <translation>PP %1 → %2：起约束作用的那张卡存 %3 层而不是 %4 层，所以每卡每 Token 的 KV 字节数%5</translation>
    </message>
    <message>
        <source>KV cache dtype %1 → %2: %3 → %4 B per element, so KV bytes per token %5</source>
        <translation>KV Cache 数据类型 %1 → %2：每个元素 %3 → %4 B，所以每 Token 的 KV 字节数%5</translation>
    </message>
    <message>
        <source>1/%1 instead of 1/%2 of every layer (TP)</source>
        <translation>每层的 1/%1 而不是 1/%2（TP）</translation>
    </message>
    <message>
        <source>at most %1 instead of %2 layers (PP)</source>
        <translation>最多 %1 层而不是 %2 层（PP）</translation>
    </message>
    <message>
        <source>%1 instead of %2 per MoE layer (EP)</source>
        <translation>每个 MoE 层 %1，而不是 %2（EP）</translation>
    </message>
    <message>
        <source>weights stored as %1 instead of %2</source>
        <translation>权重以 %1 而不是 %2 存储</translation>
    </message>
    <message>
        <source>EP %1 → %2: each GPU holds %3 instead of %4: the same expert bytes per GPU</source>
        <translation>EP %1 → %2：每卡存 %3，而不是 %4：每卡专家字节数相同</translation>
    </message>
    <message>
        <source>DP %1 → %2 adds whole replicas: weights and KV per GPU unchanged, %3 independent KV pools</source>
        <translation>DP %1 → %2 增加的是完整副本：每卡权重和 KV 不变，共 %3 个独立的 KV 池</translation>
    </message>
    <message>
        <source>Weights per GPU %1 → %2 (%3)</source>
        <translation>每卡权重 %1 → %2（%3）</translation>
    </message>
    <message>
        <source>Weights per GPU %1 → %2 (%3): each GPU holds %4</source>
        <translation>每卡权重 %1 → %2（%3）：每卡存 %4</translation>
    </message>
    <message>
        <source>Plan B leaves no room for the KV cache</source>
        <translation>方案 B 没有给 KV Cache 留下空间</translation>
    </message>
    <message>
        <source>Plan B makes room for the KV cache that plan A lacked</source>
        <translation>方案 B 为 KV Cache 腾出了方案 A 没有的空间</translation>
    </message>
    <message>
        <source>KV budget per GPU %1 → %2 (%3)</source>
        <translation>每卡 KV 预算 %1 → %2（%3）</translation>
    </message>
    <message>
        <source>KV per token per GPU %1 → %2 B (%3)</source>
        <translation>每卡每 Token 的 KV %1 → %2 B（%3）</translation>
    </message>
    <message>
        <source>KV capacity unchanged at %1 tokens: same KV budget and KV per token per GPU</source>
        <translation>KV 容量不变，仍为 %1 个 Token：每卡 KV 预算和每 Token 的 KV 都相同</translation>
    </message>
    <message>
        <source>KV capacity unchanged at %1 tokens: %2, %3</source>
        <translation>KV 容量不变，仍为 %1 个 Token：%2，%3</translation>
    </message>
    <message>
        <source>KV capacity %1 → %2 tokens (%3) = budget ÷ KV per token: %4, %5</source>
        <translation>KV 容量 %1 → %2 个 Token（%3）= 预算 ÷ 每 Token 的 KV：%4，%5</translation>
    </message>
    <message>
        <source>max_model_len %1 → %2: each request reserves %3 → %4 blocks of %5 tokens</source>
        <translation>max_model_len %1 → %2：每个请求预留 %3 → %4 个块（每块 %5 个 Token）</translation>
    </message>
    <message>
        <source>DP %1 → %2: cluster concurrency = dp × one replica&apos;s = %3 × %4 = %5 requests</source>
        <translation>DP %1 → %2：集群并发 = dp × 单副本并发 = %3 × %4 = %5 个请求</translation>
    </message>
    <message>
        <source>The TP group crosses nodes: every AllReduce now goes over the NIC (%1 per step, %2)</source>
        <translation>TP 组跨越了节点：每次 AllReduce 现在都走网卡（每步 %1，%2）</translation>
    </message>
    <message>
        <source>The TP group leaves the scale-up domain: every AllReduce now goes over PCIe (%1 per step, %2)</source>
        <translation>TP 组超出了高速互连域：每次 AllReduce 现在都走 PCIe（每步 %1，%2）</translation>
    </message>
    <message>
        <source>The TP group stays inside the scale-up domain (%1 per step, %2)</source>
        <translation>TP 组留在高速互连域内（每步 %1，%2）</translation>
    </message>
    <message>
        <source>TP %1 → %2 adds 2 AllReduces per layer (%3 per step), each sending 2 × %4 of S per GPU</source>
        <translation>TP %1 → %2 每层增加 2 次 AllReduce（每步 %3 次），每次每卡发送 S 的 2 × %4</translation>
    </message>
    <message>
        <source>TP %1 → %2 removes the AllReduces: each GPU computes whole layers</source>
        <translation>TP %1 → %2 去掉了 AllReduce：每张卡计算完整的层</translation>
    </message>
    <message>
        <source>TP %1 → %2: each AllReduce sends 2 × %3 instead of 2 × %4 of S per GPU and takes %5 instead of %6 latency steps</source>
        <translation>TP %1 → %2：每次 AllReduce 每卡发送 S 的 2 × %3 而不是 2 × %4，延迟步数为 %5 而不是 %6</translation>
    </message>
    <message>
        <source>PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step (%5)</source>
        <translation>PP %1 → %2：每步 %3 次而不是 %4 次点对点发送，每次 2 × n × h × b（%5）</translation>
    </message>
    <message>
        <source>PP %1 → %2: %3 instead of %4 point-to-point sends of 2 × n × h × b per step</source>
        <translation>PP %1 → %2：每步 %3 次而不是 %4 次点对点发送，每次 2 × n × h × b</translation>
    </message>
    <message>
        <source>dispatch and combine all-to-all over %1 GPUs per MoE layer, %2 B per token, 1/%3 staying local</source>
        <translation>每个 MoE 层在 %1 张卡之间做 all-to-all 的 dispatch 和 combine，每 Token %2 B，其中 1/%3 留在本卡</translation>
    </message>
    <message>
        <source>every DP rank&apos;s tokens all-gathered and reduce-scattered per MoE layer (EP off, dp &gt; 1)</source>
        <translation>每个 MoE 层对所有 DP rank 的 Token 做 AllGather 和 ReduceScatter（未开 EP，dp &gt; 1）</translation>
    </message>
    <message>
        <source>no expert traffic crosses a GPU</source>
        <translation>专家通信不跨卡</translation>
    </message>
    <message>
        <source>MoE tokens %1 → %2: %3</source>
        <translation>MoE Token 传输 %1 → %2：%3</translation>
    </message>
    <message>
        <source>%1 tokens per step %2 → %3: every activation message carries %4 the bytes</source>
        <translation>%1 每步 Token 数 %2 → %3：每条激活消息的字节数是原来的 %4</translation>
    </message>
    <message>
        <source>TPOT %1 → %2: roofline %3 → %4, communication %5 → %6 (estimate)</source>
        <translation>TPOT %1 → %2：Roofline 部分 %3 → %4，通信 %5 → %6（估算）</translation>
    </message>
    <message>
        <source>PP does not shorten TPOT: every token still crosses all %1 layers, now in %2 stages in turn</source>
        <translation>PP 不会缩短 TPOT：每个 Token 仍要依次经过全部 %1 层，现在分成 %2 段</translation>
    </message>
    <message>
        <source>Pipeline bubble (p − 1)/(m + p − 1): %1 → %2 (%3 % → %4 %)</source>
        <translation>流水线气泡 (p − 1)/(m + p − 1)：%1 → %2（%3 % → %4 %）</translation>
    </message>
    <message>
        <source>GPU %1 → %2: memory %3 → %4, HBM %5 → %6, scale-up %7 → %8</source>
        <translation>GPU %1 → %2：显存 %3 → %4，HBM %5 → %6，高速互连 %7 → %8</translation>
    </message>
    <message>
        <source>Plan A is not a valid plan: %1</source>
        <translation>方案 A 不是有效方案：%1</translation>
    </message>
    <message>
        <source>Plan B is not a valid plan: %1</source>
        <translation>方案 B 不是有效方案：%1</translation>
    </message>
    <message>
        <source>Plan B does not fit: %1</source>
        <translation>方案 B 放不下：%1</translation>
    </message>
    <message>
        <source>Plan B does not fit</source>
        <translation>方案 B 放不下</translation>
    </message>
    <message>
        <source>Plan B fits where plan A did not: %1</source>
        <translation>方案 B 放得下，而方案 A 放不下：%1</translation>
    </message>
    <message>
        <source>Plan B fits where plan A did not</source>
        <translation>方案 B 放得下，而方案 A 放不下</translation>
    </message>
    <message>
        <source>Different models: compare their per-token KV and weights from their configs</source>
        <translation>两个模型不同：请根据各自的配置比较每 Token 的 KV 和权重</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>%1 requests per GPU</source>
        <translation>每卡 %1 个请求</translation>
    </message>
    <message>
        <source>Concurrent requests per GPU (cluster ÷ GPUs)</source>
        <translation>每卡并发请求数（集群 ÷ GPU 数）</translation>
    </message>
    <message>
        <source>TPOT, roofline of one decode step (estimate)</source>
        <translation>TPOT，一个解码步的 Roofline（估算）</translation>
    </message>
    <message>
        <source>TTFT, roofline of one prompt (estimate)</source>
        <translation>TTFT，一个提示的 Roofline（估算）</translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU, roofline (estimate)</source>
        <translation>每卡解码 tokens/s，Roofline（估算）</translation>
    </message>
    <message>
        <source>TPOT at the workload, mean (estimated)</source>
        <translation>负载下的 TPOT，均值（估算）</translation>
    </message>
    <message>
        <source>TTFT at the workload, mean (estimated)</source>
        <translation>负载下的 TTFT，均值（估算）</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU at the workload (estimated)</source>
        <translation>负载下每卡输出 tokens/s（估算）</translation>
    </message>
    <message>
        <source>KV pool peak at the workload (estimated)</source>
        <translation>负载下的 KV 池峰值（估算）</translation>
    </message>
</context>
<context>
    <name>DockTitleBar</name>
    <message>
        <source>Float or dock the panel</source>
        <translation>浮动或停靠面板</translation>
    </message>
    <message>
        <source>Close the panel (View menu brings it back)</source>
        <translation>关闭面板（可从“视图”菜单重新打开）</translation>
    </message>
</context>
<context>
    <name>EnginePanel</name>
    <message>
        <source>vLLM engine</source>
        <translation>vLLM 引擎</translation>
    </message>
    <message>
        <source>disable (--enforce-eager)</source>
        <translation>禁用（--enforce-eager）</translation>
    </message>
    <message>
        <source>--max-num-seqs: sequences the scheduler runs at once (drives the sampler&apos;s peak memory)</source>
        <translation>--max-num-seqs：调度器同时运行的序列数（决定采样器的峰值显存）</translation>
    </message>
    <message>
        <source>--max-num-batched-tokens: tokens per scheduler step; the profiling run uses this many (peak activation)</source>
        <translation>--max-num-batched-tokens：调度器每步的 Token 数；profiling 运行也用这么多 Token（决定峰值激活）</translation>
    </message>
    <message>
        <source>--decode-context-parallel-size: shards each request&apos;s KV tokens over this many TP ranks (MLA)</source>
        <translation>--decode-context-parallel-size：把每个请求的 KV Token 切分到这么多个 TP rank 上（MLA）</translation>
    </message>
    <message>
        <source>Speculative decoding (EAGLE / MTP): draft layers that add KV layers and weights on the last stage</source>
        <translation>投机解码（EAGLE / MTP）：草稿层会在最后一段增加 KV 层和权重</translation>
    </message>
    <message>
        <source>latest (%1)</source>
        <translation>最新（%1）</translation>
    </message>
    <message>
        <source>--vllm-version: whose memory accounting and log wording apply. Before 0.8: V0 engine (profiles max-model-len tokens, prints &apos;# GPU blocks&apos;); 0.8 to 0.20: V1, CUDA graphs not subtracted, utilization 0.9 by default; from 0.21: CUDA graphs subtracted, 0.92. Type any X.Y.Z.</source>
        <translation>--vllm-version：采用哪个版本的显存核算和日志措辞。0.8 之前：V0 引擎（按 max-model-len 个 Token 做 profiling，打印 &apos;# GPU blocks&apos;）；0.8 到 0.20：V1，不扣除 CUDA Graph，利用率默认 0.9；0.21 起：扣除 CUDA Graph，默认 0.92。可输入任意 X.Y.Z。</translation>
    </message>
    <message>
        <source>--enforce-eager: no CUDA graphs are captured, so their memory is 0</source>
        <translation>--enforce-eager：不捕获 CUDA Graph，因此其显存为 0</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>--block-size: tokens per KV block; capacity is whole blocks</source>
        <translation>--block-size：每个 KV 块的 Token 数；容量按整块计算</translation>
    </message>
    <message>
        <source> layers</source>
        <translation> 层</translation>
    </message>
    <message>
        <source>Overheads (activation, non-torch, CUDA graphs) fitted to a real startup log: numbers they feed are shown as &apos;calibrated&apos; instead of &apos;estimated&apos;. Make one in the vLLM log tab (Calibrate) or with shardscope reconcile --save-calibration.</source>
        <translation>按真实启动日志拟合的开销（激活、non-torch、CUDA Graph）：由它们算出的数值标为“校准”而不是“估算”。可在“vLLM 日志”标签页（校准）或用 shardscope reconcile --save-calibration 生成。</translation>
    </message>
    <message>
        <source>vLLM version</source>
        <translation>vLLM 版本</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation>最大批处理 Token 数</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV 块大小</translation>
    </message>
    <message>
        <source>Decode context parallel</source>
        <translation>解码上下文并行</translation>
    </message>
    <message>
        <source>Draft layers</source>
        <translation>草稿层</translation>
    </message>
    <message>
        <source>Overheads</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>Enforce eager</source>
        <translation>强制 eager 模式</translation>
    </message>
    <message>
        <source>Allow CUDA graphs</source>
        <translation>允许 CUDA Graph</translation>
    </message>
    <message>
        <source>Set max sequences</source>
        <translation>设置最大序列数</translation>
    </message>
    <message>
        <source>Set max batched tokens</source>
        <translation>设置最大批处理 Token 数</translation>
    </message>
    <message>
        <source>Set KV block size</source>
        <translation>设置 KV 块大小</translation>
    </message>
    <message>
        <source>Set decode context parallel</source>
        <translation>设置解码上下文并行</translation>
    </message>
    <message>
        <source>Set draft layers</source>
        <translation>设置草稿层</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a vLLM version: type X.Y or X.Y.Z, e.g. 0.11.0</source>
        <translation>“%1”不是 vLLM 版本：请输入 X.Y 或 X.Y.Z，例如 0.11.0</translation>
    </message>
    <message>
        <source>Set vLLM version</source>
        <translation>设置 vLLM 版本</translation>
    </message>
    <message>
        <source>estimated (no calibration)</source>
        <translation>估算（未校准）</translation>
    </message>
    <message>
        <source>calibrated: %1</source>
        <translation>校准：%1</translation>
    </message>
    <message>
        <source>calibrated: %1 (from the plan file)</source>
        <translation>校准：%1（来自方案文件）</translation>
    </message>
    <message>
        <source>Open profile file…</source>
        <translation>打开校准配置文件…</translation>
    </message>
    <message>
        <source>Open calibration profile</source>
        <translation>打开校准配置</translation>
    </message>
    <message>
        <source>Calibration profiles (*.json)</source>
        <translation>校准配置 (*.json)</translation>
    </message>
    <message>
        <source>Cannot use that calibration profile: %1</source>
        <translation>无法使用该校准配置：%1</translation>
    </message>
    <message>
        <source>Use calibration %1</source>
        <translation>使用校准配置 %1</translation>
    </message>
    <message>
        <source>Drop calibration</source>
        <translation>取消校准</translation>
    </message>
    <message>
        <source>V0 engine: profiles max-model-len tokens, prints &apos;# GPU blocks&apos;</source>
        <translation>V0 引擎：按 max-model-len 个 Token 做 profiling，打印 &apos;# GPU blocks&apos;</translation>
    </message>
    <message>
        <source>V1 engine: CUDA graphs subtracted from the KV budget</source>
        <translation>V1 引擎：CUDA Graph 从 KV 预算中扣除</translation>
    </message>
    <message>
        <source>V1 engine: CUDA graphs live in the headroom, not subtracted</source>
        <translation>V1 引擎：CUDA Graph 放在余量中，不扣除</translation>
    </message>
    <message>
        <source>%1; utilization default %2</source>
        <translation>%1；利用率默认 %2</translation>
    </message>
    <message>
        <source>vLLM default (%1)</source>
        <translation>vLLM 默认值（%1）</translation>
    </message>
    <message>
        <source>Activation, non-torch memory and CUDA graphs are estimated from the model and the plan.</source>
        <translation>激活、non-torch 显存和 CUDA Graph 由模型和方案估算。</translation>
    </message>
    <message>
        <source>Fitted to %1 (%2, vLLM %3, tp %4).</source>
        <translation>拟合自 %1（%2，vLLM %3，tp %4）。</translation>
    </message>
    <message>
        <source>a log</source>
        <translation>一份日志</translation>
    </message>
    <message>
        <source>Warning: fitted on another GPU than this plan&apos;s.</source>
        <translation>警告：拟合时用的 GPU 与本方案不同。</translation>
    </message>
    <message>
        <source>Warning: fitted for another vLLM version.</source>
        <translation>警告：拟合时用的 vLLM 版本与本方案不同。</translation>
    </message>
    <message>
        <source>FlashInfer top-k/top-p</source>
        <translation>FlashInfer top-k/top-p</translation>
    </message>
    <message>
        <source>VLLM_USE_FLASHINFER_SAMPLER=1: the sampler skips sorting the logits, so the profiling run&apos;s sampler holds about 3.7 logits-sized buffers instead of 9.55 before vLLM 0.17 (from 0.17: 3.7 either way). vLLM&apos;s log says &apos;Using FlashInfer for top-p &amp; top-k sampling.&apos;</source>
        <translation>VLLM_USE_FLASHINFER_SAMPLER=1：采样器不对 logits 排序，因此 vLLM 0.17 之前 profiling 运行中采样器约占 3.7 个 logits 大小的缓冲区，而非 9.55 个（0.17 起两者都是约 3.7）。vLLM 日志会显示 &apos;Using FlashInfer for top-p &amp; top-k sampling.&apos;</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>Use FlashInfer sampler</source>
        <translation>使用 FlashInfer 采样器</translation>
    </message>
    <message>
        <source>Use native sampler</source>
        <translation>使用原生采样器</translation>
    </message>
    <message>
        <source>custom all-reduce</source>
        <translation>自定义 all-reduce</translation>
    </message>
    <message>
        <source>Unchecked: --disable-custom-all-reduce, TP all-reduces go through NCCL only: no custom all-reduce buffers (non-torch memory ~0.25 GiB) and NCCL&apos;s latency per all-reduce. vLLM also turns it off by itself across nodes and on PCIe-only GPUs.</source>
        <translation>不勾选即 --disable-custom-all-reduce：TP 的 all-reduce 只走 NCCL，没有自定义 all-reduce 缓冲区（非 torch 内存约 0.25 GiB），每次 all-reduce 按 NCCL 的延迟计。跨节点和仅有 PCIe 的 GPU 上 vLLM 也会自行关闭它。</translation>
    </message>
    <message>
        <source>TP all-reduce</source>
        <translation>TP all-reduce</translation>
    </message>
    <message>
        <source>Allow custom all-reduce</source>
        <translation>允许自定义 all-reduce</translation>
    </message>
    <message>
        <source>Disable custom all-reduce</source>
        <translation>禁用自定义 all-reduce</translation>
    </message>
    <message>
        <source>--speculative-config&apos;s num_speculative_tokens: a hybrid model&apos;s state layers (Mamba-2, Gated DeltaNet, KDA) keep one more state block per request and one more conv-state row per token</source>
        <translation>--speculative-config 中的 num_speculative_tokens：混合模型的状态层（Mamba-2、Gated DeltaNet、KDA）每多一个推测 Token，每个请求就多占一个状态块，卷积状态也多一行</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 Token</translation>
    </message>
    <message>
        <source>vLLM default</source>
        <translation>vLLM 默认</translation>
    </message>
    <message>
        <source>on (--enable-prefix-caching)</source>
        <translation>开启（--enable-prefix-caching）</translation>
    </message>
    <message>
        <source>off (--no-enable-prefix-caching)</source>
        <translation>关闭（--no-enable-prefix-caching）</translation>
    </message>
    <message>
        <source>Prefix caching. On a hybrid model it keeps the state in vLLM&apos;s &quot;align&quot; mode: one more state block per request (on by default for hybrid models from vLLM 0.28, off before)</source>
        <translation>前缀缓存。混合模型开启后，状态以 vLLM 的“align”模式保存：每个请求多占一个状态块（vLLM 0.28 起混合模型默认开启，之前默认关闭）</translation>
    </message>
    <message>
        <source>Speculative tokens</source>
        <translation>推测 Token 数</translation>
    </message>
    <message>
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <source>Set speculative tokens</source>
        <translation>设置推测 Token 数</translation>
    </message>
    <message>
        <source>Set prefix caching</source>
        <translation>设置前缀缓存</translation>
    </message>
    <message>
        <source>vLLM&apos;s choice</source>
        <translation>由 vLLM 选择</translation>
    </message>
    <message>
        <source>Marlin (--moe-backend marlin)</source>
        <translation>Marlin（--moe-backend marlin）</translation>
    </message>
    <message>
        <source>The experts&apos; kernel. Marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4) as weight-only on any NVIDIA GPU from A100 on; MXFP4 then loads in Marlin&apos;s layout on Hopper too. Exported as --moe-backend marlin from vLLM 0.17, as VLLM_MXFP4_USE_MARLIN=1 before</source>
        <translation>专家的计算内核。Marlin 以仅权重量化方式运行量化专家（MXFP4、FP8、INT4、NVFP4），适用于 A100 及更新的 NVIDIA GPU；此时在 Hopper 上 MXFP4 也按 Marlin 的布局加载。从 vLLM 0.17 起导出为 --moe-backend marlin，之前导出为 VLLM_MXFP4_USE_MARLIN=1</translation>
    </message>
    <message>
        <source>MoE kernel</source>
        <translation>MoE 内核</translation>
    </message>
    <message>
        <source>Set MoE kernel</source>
        <translation>设置 MoE 内核</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>Weights on GPU %1</source>
        <translation>GPU %1 上的权重</translation>
    </message>
    <message>
        <source>KV cache budget on GPU %1</source>
        <translation>GPU %1 上的 KV Cache 预算</translation>
    </message>
    <message>
        <source>KV cache capacity (one DP replica)</source>
        <translation>KV Cache 容量（单个 DP 副本）</translation>
    </message>
    <message>
        <source>Concurrent requests at max_model_len</source>
        <translation>max_model_len 长度下的并发请求数</translation>
    </message>
    <message>
        <source>Concurrent requests, whole cluster</source>
        <translation>并发请求数（整个集群）</translation>
    </message>
    <message>
        <source>Layers per pipeline stage</source>
        <translation>每个流水线段的层数</translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation>每卡专家数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Bytes per TP AllReduce</source>
        <translation>每次 TP AllReduce 的字节数</translation>
    </message>
    <message>
        <source>TP bytes sent per GPU per step</source>
        <translation>每步每卡 TP 发送字节数</translation>
    </message>
    <message>
        <source>TP AllReduce time per step</source>
        <translation>每步 TP AllReduce 时间</translation>
    </message>
    <message>
        <source>Bytes per PP send</source>
        <translation>每次 PP 发送的字节数</translation>
    </message>
    <message>
        <source>EP bytes per token per MoE layer</source>
        <translation>每 Token 每个 MoE 层的 EP 字节数</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信时间</translation>
    </message>
    <message>
        <source>Decode step of stage %1</source>
        <translation>第 %1 段的解码一步</translation>
    </message>
    <message>
        <source>Time per output token (TPOT)</source>
        <translation>每个输出 Token 的时间（TPOT）</translation>
    </message>
    <message>
        <source>Time to first token (TTFT)</source>
        <translation>首 Token 时间（TTFT）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Decode throughput per GPU</source>
        <translation>每卡解码吞吐</translation>
    </message>
    <message>
        <source>--kv-cache-dtype fp8: 1 B</source>
        <translation>--kv-cache-dtype fp8：1 B</translation>
    </message>
    <message>
        <source>--kv-cache-dtype auto (model dtype, BF16): 2 B</source>
        <translation>--kv-cache-dtype auto（模型数据类型，BF16）：2 B</translation>
    </message>
    <message>
        <source>num_hidden_layers / pp (textbook: even split)</source>
        <translation>num_hidden_layers / pp（教材算法：平均切分）</translation>
    </message>
    <message>
        <source>layers on stage %1 (vLLM get_pp_indices)</source>
        <translation>第 %1 段上的层（vLLM get_pp_indices）</translation>
    </message>
    <message>
        <source>%1 layers × (%2 + %3) × %4 B = %5 B</source>
        <translation>%1 层 × (%2 + %3) × %4 B = %5 B</translation>
    </message>
    <message>
        <source>MLA stores one latent vector per token and layer: no factor 2, and every TP rank holds all of it (not divided by tp=%1)</source>
        <translation>MLA 每个 Token 每层只存一个潜在向量：没有系数 2，而且每个 TP rank 都存完整的一份（不除以 tp=%1）</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>config.json head_dim (hidden_size / num_attention_heads when absent)</source>
        <translation>config.json 的 head_dim（缺省时为 hidden_size / num_attention_heads）</translation>
    </message>
    <message>
        <source>2 × %1 layers × %2 × %3 × %4 B = %5 B</source>
        <translation>2 × %1 层 × %2 × %3 × %4 B = %5 B</translation>
    </message>
    <message>
        <source>%1 KV head</source>
        <translation>%1 个 KV 头</translation>
    </message>
    <message>
        <source>%1 KV heads</source>
        <translation>%1 个 KV 头</translation>
    </message>
    <message>
        <source>%1 KV heads are replicated: tp %2 &gt; %1, so each GPU still holds 1 KV head and per-GPU KV stops shrinking</source>
        <translation>%1 个 KV 头被复制：tp %2 &gt; %1，所以每张卡仍存 1 个 KV 头，每卡 KV 不再缩小</translation>
    </message>
    <message>
        <source>params × bytes per param / (tp × pp)</source>
        <translation>参数量 × 每参数字节数 / (tp × pp)</translation>
    </message>
    <message>
        <source>counted from config.json</source>
        <translation>由 config.json 统计</translation>
    </message>
    <message>
        <source>textbook accounting splits every parameter evenly; vLLM accounting counts each GPU&apos;s own tensors</source>
        <translation>教材算法把每个参数平均切分；vLLM 算法按每张卡实际持有的张量计算</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>PP stage %1</source>
        <translation>PP 第 %1 段</translation>
    </message>
    <message>
        <source>attention heads and MLP split tp ways</source>
        <translation>注意力头和 MLP 切成 tp 份</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>expert slots on this GPU per MoE layer, each split %1 ways</source>
        <translation>本卡每个 MoE 层的专家槽位，每个切成 %1 份</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>checkpoint quantization_config or --quantization</source>
        <translation>checkpoint 的 quantization_config 或 --quantization</translation>
    </message>
    <message>
        <source>holds the embedding (first stage); holds the LM head (last stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation>持有嵌入层（第一段）；持有输出层（最后一段）；词表行数按 vLLM 的做法在每卡补齐到 64 的倍数</translation>
    </message>
    <message>
        <source>holds the embedding (first stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation>持有嵌入层（第一段）；词表行数按 vLLM 的做法在每卡补齐到 64 的倍数</translation>
    </message>
    <message>
        <source>holds the LM head (last stage); vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation>持有输出层（最后一段）；词表行数按 vLLM 的做法在每卡补齐到 64 的倍数</translation>
    </message>
    <message>
        <source>vocabulary rows padded to 64 per GPU as vLLM does</source>
        <translation>词表行数按 vLLM 的做法在每卡补齐到 64 的倍数</translation>
    </message>
    <message>
        <source>memory × utilization − weights − reserve</source>
        <translation>显存 × 利用率 − 权重 − 预留</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>--reserved-bytes (activations, CUDA graphs, buffers: an assumption)</source>
        <translation>--reserved-bytes（激活、CUDA Graph、缓冲区：一个假设）</translation>
    </message>
    <message>
        <source>ceil(total × utilization) − weights − peak activation − non-torch</source>
        <translation>ceil(总量 × 利用率) − 权重 − 峰值激活 − non-torch</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总量</translation>
    </message>
    <message>
        <source>GPU preset (memory CUDA sees)</source>
        <translation>GPU 预设（CUDA 可见的显存）</translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation>峰值激活</translation>
    </message>
    <message>
        <source>estimate: max_num_batched_tokens %1 and sampler buffers for %2 sequences (calibrated to vLLM 0.11)</source>
        <translation>估算：max_num_batched_tokens %1，加上 %2 个序列的采样器缓冲区（按 vLLM 0.11 校准）</translation>
    </message>
    <message>
        <source>non-torch</source>
        <translation>non-torch</translation>
    </message>
    <message>
        <source>estimate: NCCL and custom all-reduce buffers, by tp</source>
        <translation>估算：NCCL 和自定义 all-reduce 的缓冲区，随 tp 而定</translation>
    </message>
    <message>
        <source>utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>floor(KV budget / KV bytes per token)</source>
        <translation>floor(KV 预算 / 每 Token 的 KV 字节数)</translation>
    </message>
    <message>
        <source>floor(%1 B / %2 B) = %3 tokens</source>
        <translation>floor(%1 B / %2 B) = %3 个 Token</translation>
    </message>
    <message>
        <source>max concurrency × max_model_len (hybrid pool, as vLLM prints it)</source>
        <translation>最大并发 × max_model_len（混合池，与 vLLM 打印的一致）</translation>
    </message>
    <message>
        <source>blocks × block_size, blocks = min over GPUs of floor(budget / (block_size × KV bytes per token))</source>
        <translation>块数 × block_size，块数 = 各卡 floor(预算 / (block_size × 每 Token 的 KV 字节数)) 的最小值</translation>
    </message>
    <message>
        <source>%1 blocks × %2 = %3 tokens</source>
        <translation>%1 块 × %2 = %3 个 Token</translation>
    </message>
    <message>
        <source>GPU %1 has the fewest blocks and binds the whole replica</source>
        <translation>GPU %1 的块数最少，决定了整个副本的容量</translation>
    </message>
    <message>
        <source>floor(tokens / max_model_len)</source>
        <translation>floor(Token 数 / max_model_len)</translation>
    </message>
    <message>
        <source>blocks / blocks per request, blocks per request = ceil(max_model_len / block_size)</source>
        <translation>块数 / 每请求块数，每请求块数 = ceil(max_model_len / block_size)</translation>
    </message>
    <message>
        <source>%1 / %2 = %3x → %4 whole requests</source>
        <translation>%1 / %2 = %3x → %4 个完整请求</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>dp × one replica&apos;s concurrency (each DP replica has its own KV pool)</source>
        <translation>dp × 单副本并发（每个 DP 副本有自己的 KV 池）</translation>
    </message>
    <message>
        <source>L // pp per stage; the remainder adds one to the stages just before the last</source>
        <translation>每段 L // pp 层；余数给最后一段之前的各段各加一层</translation>
    </message>
    <message>
        <source>custom partition (VLLM_PP_LAYER_PARTITION)</source>
        <translation>自定义切分（VLLM_PP_LAYER_PARTITION）</translation>
    </message>
    <message>
        <source>%1 // %2 = %3, remainder %4 → %5</source>
        <translation>%1 // %2 = %3，余 %4 → %5</translation>
    </message>
    <message>
        <source>the last stage also holds the final norm and LM head, the first the embedding</source>
        <translation>最后一段还持有最终归一化和输出层，第一段持有嵌入层</translation>
    </message>
    <message>
        <source>dense model: no experts</source>
        <translation>稠密模型：没有专家</translation>
    </message>
    <message>
        <source>(E + R) / ep slots per GPU, each expert split tp × dp / ep ways</source>
        <translation>(E + R) / ep 为每卡槽位数，每个专家切成 tp × dp / ep 份</translation>
    </message>
    <message>
        <source>(%1 + %2) / %3 = %4, split %5 / %3 = %6 ways</source>
        <translation>(%1 + %2) / %3 = %4，切分 %5 / %3 = %6 份</translation>
    </message>
    <message>
        <source>config.json routed experts</source>
        <translation>config.json 的路由专家数</translation>
    </message>
    <message>
        <source>%1 experts per GPU</source>
        <translation>每卡 %1 个专家</translation>
    </message>
    <message>
        <source>Σ layers (attention + norms + MLP or experts + router) + embedding + LM head + final norm</source>
        <translation>Σ 各层（注意力 + 归一化 + MLP 或专家 + 路由器）+ 嵌入层 + 输出层 + 最终归一化</translation>
    </message>
    <message>
        <source>%1B total, %2B active per token</source>
        <translation>共 %1B，每 Token 激活 %2B</translation>
    </message>
    <message>
        <source>--prompt-len: prompt tokens in a prefill step</source>
        <translation>--prompt-len：一次 prefill 中的提示词 Token 数</translation>
    </message>
    <message>
        <source>--batch: sequences decoding together, one token each</source>
        <translation>--batch：一起 decode 的序列数，每个一个 Token</translation>
    </message>
    <message>
        <source>plan (%1)</source>
        <translation>方案（%1）</translation>
    </message>
    <message>
        <source>GPU preset %1 (NCCL&apos;s per-step latency, reference comm.md)</source>
        <translation>GPU 预设 %1（NCCL 每步延迟，参考 comm.md）</translation>
    </message>
    <message>
        <source>GPU preset: line rate %1 × efficiency %2</source>
        <translation>GPU 预设：线速 %1 × 效率 %2</translation>
    </message>
    <message>
        <source>AllReduces × [2(t − 1) · α + 2(t − 1)/t · S / B]  (ring, reference comm.md)</source>
        <translation>AllReduce 次数 × [2(t − 1) · α + 2(t − 1)/t · S / B]（Ring 算法，参考 comm.md）</translation>
    </message>
    <message>
        <source>tp = 1: no AllReduce</source>
        <translation>tp = 1：没有 AllReduce</translation>
    </message>
    <message>
        <source>n × h × b (bytes per TP AllReduce)</source>
        <translation>n × h × b（每次 TP AllReduce 的字节数）</translation>
    </message>
    <message>
        <source>latency share %1 %: %2 of α, %3 of bytes; the embedding AllReduce and the LM-head gather are counted apart</source>
        <translation>延迟占比 %1 %：α 部分 %2，字节部分 %3；嵌入层 AllReduce 和输出层收集单独计算</translation>
    </message>
    <message>
        <source>max(bytes read / (HBM × efficiency), FLOPs / (peak × efficiency)) + communication</source>
        <translation>max(读取字节数 / (HBM × 效率), FLOPs / (峰值 × 效率)) + 通信</translation>
    </message>
    <message>
        <source>bytes read</source>
        <translation>读取字节数</translation>
    </message>
    <message>
        <source>weights %1 B (MoE: only the experts the batch touches) + KV %2 B (%3 sequences × %4 tokens of context)</source>
        <translation>权重 %1 B（MoE：只算本批次用到的专家）+ KV %2 B（%3 个序列 × %4 个上下文 Token）</translation>
    </message>
    <message>
        <source>GPU preset %1 (peak)</source>
        <translation>GPU 预设 %1（峰值）</translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation>HBM 效率</translation>
    </message>
    <message>
        <source>assumption: aiconfigurator&apos;s 0.8 (reference gpus.md)</source>
        <translation>假设：aiconfigurator 的 0.8（参考 gpus.md）</translation>
    </message>
    <message>
        <source>2 per parameter per token + attention over the context</source>
        <translation>每参数每 Token 2 次 + 对上下文的注意力</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>GPU preset, dense %1</source>
        <translation>GPU 预设，稠密 %1</translation>
    </message>
    <message>
        <source>compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>assumption: 0.65 (roofline calibrations of H100 prefill)</source>
        <translation>假设：0.65（H100 prefill 的 Roofline 校准）</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>the stage&apos;s share of the ledger (no overlap assumed)</source>
        <translation>该段在通信账本中的份额（假设不重叠）</translation>
    </message>
    <message>
        <source>compute-bound; an estimate for comparing plans, not a benchmark</source>
        <translation>计算受限；用于比较方案的估算，不是基准测试</translation>
    </message>
    <message>
        <source>memory-bound; an estimate for comparing plans, not a benchmark</source>
        <translation>访存受限；用于比较方案的估算，不是基准测试</translation>
    </message>
    <message>
        <source>activations travel in BF16 (assumption)</source>
        <translation>激活以 BF16 传输（假设）</translation>
    </message>
    <message>
        <source>2 per layer: after the attention out-projection and after the MLP (vLLM&apos;s RowParallelLinear)</source>
        <translation>每层 2 次：注意力输出投影之后和 MLP 之后（vLLM 的 RowParallelLinear）</translation>
    </message>
    <message>
        <source>tp = 1: nothing to reduce in this plan</source>
        <translation>tp = 1：本方案没有需要归约的数据</translation>
    </message>
    <message>
        <source>2 × layers × 2(t − 1)/t × S  (ring AllReduce, the stage with most layers)</source>
        <translation>2 × 层数 × 2(t − 1)/t × S（Ring AllReduce，取层数最多的段）</translation>
    </message>
    <message>
        <source>tp = 1: nothing sent</source>
        <translation>tp = 1：不发送数据</translation>
    </message>
    <message>
        <source>%1 AllReduces × 2 × %2 × %3 B = %4</source>
        <translation>%1 次 AllReduce × 2 × %2 × %3 B = %4</translation>
    </message>
    <message>
        <source>the largest PP stage</source>
        <translation>最大的 PP 段</translation>
    </message>
    <message>
        <source>the embedding AllReduce and the LM-head gather are counted apart</source>
        <translation>嵌入层 AllReduce 和输出层收集单独计算</translation>
    </message>
    <message>
        <source>2 × n × h × b  (hidden_states and residual)</source>
        <translation>2 × n × h × b（hidden_states 和 residual）</translation>
    </message>
    <message>
        <source>%1 send per step; vLLM splits each over the %2 TP ranks (S/t each) and the next stage all-gathers it</source>
        <translation>每步 %1 次发送；vLLM 把每次发送切到 %2 个 TP rank 上（每个 S/t），下一段再做 AllGather</translation>
    </message>
    <message>
        <source>%1 sends per step; vLLM splits each over the %2 TP ranks (S/t each) and the next stage all-gathers it</source>
        <translation>每步 %1 次发送；vLLM 把每次发送切到 %2 个 TP rank 上（每个 S/t），下一段再做 AllGather</translation>
    </message>
    <message>
        <source>pp = 1: no sends in this plan</source>
        <translation>pp = 1：本方案没有发送</translation>
    </message>
    <message>
        <source>dense model: no experts, no dispatch</source>
        <translation>稠密模型：没有专家，也没有分发</translation>
    </message>
    <message>
        <source>k × ((h + 4 × ⌈h/128⌉) + 2h) B  (FP8 dispatch with FP32 scales, BF16 combine)</source>
        <translation>k × ((h + 4 × ⌈h/128⌉) + 2h) B（FP8 分发带 FP32 缩放因子，BF16 合并）</translation>
    </message>
    <message>
        <source>1 B + scales</source>
        <translation>1 B + 缩放因子</translation>
    </message>
    <message>
        <source>BF16 (default)</source>
        <translation>BF16（默认）</translation>
    </message>
    <message>
        <source>all-to-all over %1 GPUs: %2 % stays on the sending GPU; the busiest GPU carries ×%3</source>
        <translation>在 %1 张 GPU 上做 all-to-all：%2 % 留在发送方 GPU；最忙的 GPU 承担 ×%3</translation>
    </message>
    <message>
        <source>EP off with dp = %1: vLLM all-gathers every DP rank&apos;s tokens and reduce-scatters the result</source>
        <translation>EP 关闭且 dp = %1：vLLM 对每个 DP rank 的 Token 做 all-gather，再对结果做 reduce-scatter</translation>
    </message>
    <message>
        <source>nothing crosses a GPU in this plan: with dp = 1 every TP rank already has the tokens</source>
        <translation>本方案没有数据跨 GPU：dp = 1 时每个 TP rank 已经有全部 Token</translation>
    </message>
    <message>
        <source>Σ stages (TP + embedding + LM head + EP + PP send + PP gather)</source>
        <translation>Σ 各段（TP + 嵌入层 + 输出层 + EP + PP 发送 + PP 收集）</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>embedding %1</source>
        <translation>嵌入层 %1</translation>
    </message>
    <message>
        <source>LM head %1</source>
        <translation>输出层 %1</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>stage %1 %2</source>
        <translation>第 %1 段 %2</translation>
    </message>
    <message>
        <source>nothing to send</source>
        <translation>无需发送</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>α-β estimate on the link each group actually uses; no overlap with compute assumed</source>
        <translation>按每个组实际使用的链路做 α-β 估算；假设通信不与计算重叠</translation>
    </message>
    <message>
        <source>Σ over stages of each stage&apos;s step</source>
        <translation>Σ 各段的单步时间</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>--batch: sequences decoding together</source>
        <translation>--batch：一起 decode 的序列数</translation>
    </message>
    <message>
        <source>--prompt-len: tokens of one prompt</source>
        <translation>--prompt-len：一个提示词的 Token 数</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>段数</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>--prompt-len: KV each sequence attends over</source>
        <translation>--prompt-len：每个序列要关注的 KV 长度</translation>
    </message>
    <message>
        <source>PP does not shorten a token&apos;s path: every token crosses every stage in turn</source>
        <translation>PP 不会缩短 Token 的路径：每个 Token 依次经过每一段</translation>
    </message>
    <message>
        <source>one stage: its step is the whole latency</source>
        <translation>只有一段：它的单步时间就是全部延迟</translation>
    </message>
    <message>
        <source>(p − 1) / (m + p − 1)  (seed 003)</source>
        <translation>(p − 1) / (m + p − 1)（种子 003）</translation>
    </message>
    <message>
        <source>--microbatches: micro-batches in flight</source>
        <translation>--microbatches：同时在流水线中的微批数</translation>
    </message>
    <message>
        <source>fill and drain: while the first micro-batch reaches the last stage the others wait; exact for equal stages, pessimistic for continuous batching</source>
        <translation>填充与排空：第一个微批到达最后一段之前其他段都在等待；各段相等时精确，对连续批处理偏悲观</translation>
    </message>
    <message>
        <source>one stage: no pipeline, no bubble</source>
        <translation>只有一段：没有流水线，也没有气泡</translation>
    </message>
    <message>
        <source>m × n / (TPOT + (m − 1) × slowest stage) / (tp × pp)</source>
        <translation>m × n / (TPOT + (m − 1) × 最慢段) / (tp × pp)</translation>
    </message>
    <message>
        <source>%1 × %2 / (%3 + %4 × %5) / (%6 × %7) = %8 tokens/s</source>
        <translation>%1 × %2 / (%3 + %4 × %5) / (%6 × %7) = %8 tokens/s</translation>
    </message>
    <message>
        <source>DP replicas add GPUs and throughput alike: per GPU it is unchanged</source>
        <translation>DP 副本同时增加 GPU 和吞吐：每卡吞吐不变</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>ceil(total × utilization) − weights − peak activation − non-torch − CUDA graphs</source>
        <translation>ceil(总量 × 利用率) − 权重 − 峰值激活 − non-torch − CUDA Graph</translation>
    </message>
    <message>
        <source>calibrated: the modelled activation × %1, from profile &quot;%2&quot;</source>
        <translation>校准：模型估算的激活 × %1，来自校准配置“%2”</translation>
    </message>
    <message>
        <source>calibrated: measured in profile &quot;%1&quot;</source>
        <translation>校准：在校准配置“%1”中实测</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <source>decode step at batch %1: GEMM + attention + MoE + comm + fixed = %2; CPU %3 (%4) → %5</source>
        <translation>批大小 %1 的解码步：GEMM + 注意力 + MoE + 通信 + 固定开销 = %2；CPU %3（%4）→ %5</translation>
    </message>
    <message>
        <source>overlapped by async scheduling</source>
        <translation>被异步调度掩盖</translation>
    </message>
    <message>
        <source>added</source>
        <translation>累加</translation>
    </message>
    <message>
        <source>workload (%1)</source>
        <translation>负载（%1）</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Estimated: a deterministic simulation of vLLM V1&apos;s scheduler (decode first, prefill chunks filling the token budget, KV blocks, preemption) over %1 requests, each step timed by the step-time model with the %2 coefficients; not a measurement.</source>
        <translation>估算：对 vLLM V1 调度器的确定性模拟（先解码，预填充分块填满 Token 预算，KV 块，抢占），共 %1 个请求，每一步由步时模型按 %2 系数计时；不是实测。</translation>
    </message>
    <message>
        <source>The simulation stopped early (its limits).</source>
        <translation>模拟提前停止（达到其上限）。</translation>
    </message>
    <message>
        <source>TTFT (estimated)</source>
        <translation>TTFT（估算）</translation>
    </message>
    <message>
        <source>per request: first token&apos;s time − arrival; queueing + prefill chunks (sharing steps with decodes) + one step; percentiles over the requests</source>
        <translation>每个请求：首个 Token 的时间 − 到达时间；排队 + 预填充分块（与解码共享步）+ 一步；对所有请求取百分位</translation>
    </message>
    <message>
        <source>TPOT (estimated)</source>
        <translation>TPOT（估算）</translation>
    </message>
    <message>
        <source>per request: (E2E − TTFT) / (output tokens − 1); each token waits one engine step, a step = max(GPU, CPU) with GPU = GEMM + attention + MoE + comm + fixed</source>
        <translation>每个请求：(E2E − TTFT) / (输出 Token 数 − 1)；每个 Token 等待一个引擎步，一步 = max(GPU, CPU)，其中 GPU = GEMM + 注意力 + MoE + 通信 + 固定开销</translation>
    </message>
    <message>
        <source>ITL (estimated)</source>
        <translation>ITL（估算）</translation>
    </message>
    <message>
        <source>every gap between two output tokens of a request (one engine step each, longer when a prefill chunk shares the step); percentiles over all gaps</source>
        <translation>一个请求相邻两个输出 Token 之间的每个间隔（各为一个引擎步，与预填充分块共享时更长）；对所有间隔取百分位</translation>
    </message>
    <message>
        <source>End-to-end latency (estimated)</source>
        <translation>端到端延迟（估算）</translation>
    </message>
    <message>
        <source>per request: last token&apos;s time − arrival = TTFT + (output tokens − 1) × TPOT; percentiles over the requests</source>
        <translation>每个请求：最后一个 Token 的时间 − 到达时间 = TTFT + (输出 Token 数 − 1) × TPOT；对所有请求取百分位</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU (estimated)</source>
        <translation>每卡输出 tokens/s（估算）</translation>
    </message>
    <message>
        <source>requests × output tokens / simulated duration / GPUs</source>
        <translation>请求数 × 输出 Token 数 / 模拟时长 / GPU 数</translation>
    </message>
    <message>
        <source>Decode step (estimated)</source>
        <translation>解码步（估算）</translation>
    </message>
    <message>
        <source>attention + MLP/shared experts + routed experts + router + norms + embedding + LM head + RoPE cache + vision tower</source>
        <translation>注意力 + MLP/共享专家 + 路由专家 + 路由器 + 归一化 + 嵌入层 + 输出层 + RoPE 缓存 + 视觉编码器</translation>
    </message>
    <message>
        <source>fp8_ds_mla (FlashMLA sparse): kv_lora_rank in FP8 + one FP32 scale per 128 + the rope part in BF16</source>
        <translation>fp8_ds_mla（FlashMLA 稀疏）：kv_lora_rank 以 FP8 存储 + 每 128 个一个 FP32 缩放因子 + rope 部分以 BF16 存储</translation>
    </message>
    <message>
        <source>standard FP8, (kv_lora_rank + rope) × 1 B: FlashInfer sparse MLA, vLLM&apos;s choice for an FP8 cache on sm_100 from 0.19</source>
        <translation>标准 FP8，(kv_lora_rank + rope) × 1 B：FlashInfer 稀疏 MLA，自 0.19 起 vLLM 在 sm_100 上对 FP8 缓存的选择</translation>
    </message>
    <message>
        <source>BF16, (kv_lora_rank + rope) × 2 B</source>
        <translation>BF16，(kv_lora_rank + rope) × 2 B</translation>
    </message>
    <message>
        <source>layers that run their own indexer (the others reuse its top-k)</source>
        <translation>运行自身索引器的层数（其余层复用其 top-k）</translation>
    </message>
    <message>
        <source>index_head_dim in FP8 + one FP32 scale per 128 (DSA indexer cache)</source>
        <translation>index_head_dim 以 FP8 存储 + 每 128 个一个 FP32 缩放因子（DSA 索引器缓存）</translation>
    </message>
    <message>
        <source>%1 layers × %2 B + %3 × %4 B = %5 B</source>
        <translation>%1 层 × %2 B + %3 × %4 B = %5 B</translation>
    </message>
    <message>
        <source>Sparse MLA caches one latent row per token and layer on every TP rank (not divided by tp=%1); its layout follows the attention backend vLLM picks for this GPU</source>
        <translation>稀疏 MLA 在每个 TP rank 上为每个 token 每层缓存一行潜向量（不除以 tp=%1）；其布局取决于 vLLM 为该 GPU 选择的注意力后端</translation>
    </message>
    <message>
        <source>the packed block: the compressed group&apos;s pages (compressed KV in fp8_ds_mla rows of 584 B, the indexer&apos;s 132 B keys) summed over the layers on this GPU, the largest group (vLLM _get_packed_kv_cache_layout)</source>
        <translation>打包块：压缩组各页（压缩 KV，fp8_ds_mla 每行 584 B；索引器键每行 132 B）在本 GPU 各层上的总和，取最大的组（vLLM _get_packed_kv_cache_layout）</translation>
    </message>
    <message>
        <source>tokens per compressed block (vLLM&apos;s DeepSeek-V4 backends take 256)</source>
        <translation>每个压缩块的 Token 数（vLLM 的 DeepSeek-V4 后端只接受 256）</translation>
    </message>
    <message>
        <source>%1 B / %2 = %3 B</source>
        <translation>%1 B / %2 = %3 B</translation>
    </message>
    <message>
        <source>Every TP rank holds the whole cache (one latent head, not divided by tp=%1). The sliding windows and the compressor states take a fixed number of blocks per request on top (per-request state)</source>
        <translation>每个 TP rank 都持有完整缓存（只有一个潜向量头，不按 tp=%1 切分）。滑动窗口和压缩器状态还要为每个请求另占固定数量的块（每请求状态）</translation>
    </message>
    <message>
        <source>per token, averaged over the layers: 584 B / r on compressed layers (+ 132 B / 4 for the indexer at r = 4), 0 on window-only layers</source>
        <translation>每 Token、按层平均：压缩层为 584 B / r（r = 4 时索引器再加 132 B / 4），仅窗口层为 0</translation>
    </message>
    <message>
        <source>%1 layers × %2 B = %3 B</source>
        <translation>%1 层 × %2 B = %3 B</translation>
    </message>
    <message>
        <source>attention layers with a KV cache of their own on stage %1: %2 of its %3 layers (the others keep a fixed per-request state or share another layer&apos;s cache)</source>
        <translation>第 %1 段中拥有自身 KV Cache 的注意力层：共 %3 层中的 %2 层（其余层为每个请求保留固定状态，或共享其他层的缓存）</translation>
    </message>
    <message>
        <source>, / dcp %1 = %2 B</source>
        <translation>，/ dcp %1 = %2 B</translation>
    </message>
    <message>
        <source>; vLLM&apos;s pool, layer by layer: %1 B</source>
        <translation>；vLLM 缓存池逐层求和：%1 B</translation>
    </message>
    <message>
        <source>Layers of this model do not all cost the same (per-layer head sizes, sliding-window pages, draft layers or an indexer cache): vLLM&apos;s pool, summed layer by layer, is the figure shown</source>
        <translation>本模型各层的开销不尽相同（逐层的头尺寸、滑动窗口页、草稿层或索引器缓存）：所示数值为 vLLM 缓存池逐层求和的结果</translation>
    </message>
    <message>
        <source>estimate: the captured graphs&apos; count x a fitted cost per layer (vLLM&apos;s profiler)</source>
        <translation>估计：捕获的图数量 × 每层拟合开销（vLLM 的分析器）</translation>
    </message>
    <message>
        <source>workload (%1): each request has the lengths of the matching request of vLLM&apos;s ShareGPT sample, scaled so that they average input_len and output_len</source>
        <translation>负载（%1）：每个请求取 vLLM ShareGPT 样本中对应请求的长度，并缩放使其平均值为 input_len 和 output_len</translation>
    </message>
    <message>
        <source>MoE kernel</source>
        <translation>MoE 内核</translation>
    </message>
    <message>
        <source>--moe-backend: MXFP4 experts in Marlin&apos;s layout, the intermediate per GPU rounded up to 128 and the hidden size to 256</source>
        <translation>--moe-backend：MXFP4 专家采用 Marlin 的布局，每卡中间维度向上取整到 128 的倍数，隐藏维度取整到 256 的倍数</translation>
    </message>
    <message>
        <source>--moe-backend: the experts&apos; bytes are counted in the checkpoint&apos;s layout</source>
        <translation>--moe-backend：专家的字节数按检查点的布局计算</translation>
    </message>
    <message>
        <source>slowest stage&apos;s GEMM (bytes / HBM vs FLOPs / peak, times the measured knee at its token count, per-GEMM floor) + attention (KV bytes read) + MoE (experts touched, times the measured knee at its tokens per expert) + comm (all-reduce, all-to-all floors) + fixed (each layer&apos;s small kernels: norms, rotary, cache write, routing, quantize; launches or graph replay; sampler), × pp; max with the CPU side under async scheduling</source>
        <translation>最慢阶段的 GEMM（字节 / HBM 与 FLOPs / 峰值，乘以该 token 数下实测的拐点系数，每个 GEMM 的下限）+ 注意力（读取的 KV 字节）+ MoE（触及的专家，乘以每个专家的 token 数下实测的拐点系数）+ 通信（all-reduce、all-to-all 下限）+ 固定开销（每层的小内核：归一化、旋转位置编码、缓存写入、路由、量化；内核启动或图重放；采样器），× pp；异步调度下与 CPU 侧取最大值</translation>
    </message>
    <message>
        <source>The %1 DP replicas of this MoE model step together (vLLM&apos;s DP engine cores): they are simulated side by side and each step lasts as long as the slowest replica&apos;s.</source>
        <translation>此 MoE 模型的 %1 个 DP 副本同步执行每一步（vLLM 的 DP 引擎核心）：模拟时并排运行，每一步的时长取最慢副本的那一步。</translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, the checkpoint&apos;s scales kept beside the swizzled ones (N padded to 256), the biases in FP32</source>
        <translation>Hopper 的 triton_kernels 布局：每卡中间维度向上取整到 64 的倍数，检查点的缩放因子与重排后的副本并存（N 补齐到 256），偏置为 FP32</translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, both value extents padded to 64 bytes (triton_kernels v3.6.0, vLLM 0.17 to 0.21), the checkpoint&apos;s scales kept beside the swizzled ones (N padded to 256), the biases in FP32</source>
        <translation>Hopper 的 triton_kernels 布局：每卡中间维度向上取整到 64 的倍数，权重值的两个存储维度均补齐到 64 字节（triton_kernels v3.6.0，vLLM 0.17 至 0.21），检查点的缩放因子与重排后的副本并存（N 补齐到 256），偏置为 FP32</translation>
    </message>
    <message>
        <source>Hopper&apos;s triton_kernels layout: the intermediate per GPU rounded up to 64, the scales swizzled with N padded to 256 (the checkpoint&apos;s freed), the biases in FP32</source>
        <translation>Hopper 的 triton_kernels 布局：每卡中间维度向上取整到 64 的倍数，缩放因子重排后 N 补齐到 256（检查点中的原副本已释放），偏置为 FP32</translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message>
        <source>Explore</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>Apply plan from Explore</source>
        <translation>从“探索”应用方案</translation>
    </message>
</context>
<context>
    <name>ExploreView</name>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPUs in the cluster: every plan uses tp × pp × dp = this many</source>
        <translation>集群中的 GPU 数：每个方案都满足 tp × pp × dp = 这个数</translation>
    </message>
    <message>
        <source>and fewer</source>
        <translation>及更少</translation>
    </message>
    <message>
        <source>Also every smaller GPU count (up to %1 GPUs)</source>
        <translation>同时搜索所有更小的 GPU 数（最多 %1 张）</translation>
    </message>
    <message>
        <source>EP off / on (vLLM)</source>
        <translation>EP 关 / 开（vLLM）</translation>
    </message>
    <message>
        <source>every EP size</source>
        <translation>所有 EP 大小</translation>
    </message>
    <message>
        <source>MoE: vLLM&apos;s two points (ep = 1, ep = tp × dp) or every divisor of tp × dp (SGLang&apos;s --ep-size)</source>
        <translation>MoE：vLLM 的两种取值（ep = 1，ep = tp × dp），或 tp × dp 的每个约数（SGLang 的 --ep-size）</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <source>What ranks the plans and colours the maps</source>
        <translation>用来给方案排序、给热力图着色的指标</translation>
    </message>
    <message>
        <source>Min. requests</source>
        <translation>最少请求数</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Rank only plans whose cluster holds at least this many concurrent requests of max model length</source>
        <translation>只对整个集群能容纳至少这么多个最大长度并发请求的方案排序</translation>
    </message>
    <message>
        <source>Max. TPOT</source>
        <translation>最大 TPOT</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Rank only plans whose estimated TPOT is at most this</source>
        <translation>只对估算 TPOT 不超过此值的方案排序</translation>
    </message>
    <message>
        <source>Sweeping plans for %1 GPUs…</source>
        <translation>正在搜索 %1 张 GPU 的方案…</translation>
    </message>
    <message>
        <source>combinations: %1 · ranked: %2 · impossible: %3</source>
        <translation>组合：%1 · 参与排序：%2 · 不可行：%3</translation>
    </message>
    <message>
        <source> · best: tp %1 · pp %2 · dp %3 · ep %4 (%5 %6)</source>
        <translation> · 最佳：tp %1 · pp %2 · dp %3 · ep %4（%5 %6）</translation>
    </message>
    <message>
        <source> · no plan meets every constraint</source>
        <translation> · 没有方案满足全部约束</translation>
    </message>
    <message>
        <source>%1 %2 %3 ms</source>
        <translation>%1 %2 %3 ms</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 GPUs</source>
        <translation>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 张 GPU</translation>
    </message>
    <message>
        <source>&lt;br&gt;rank %1</source>
        <translation>&lt;br&gt;排名 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;max-num-seqs %1, max-num-batched-tokens %2</source>
        <translation>&lt;br&gt;max-num-seqs %1，max-num-batched-tokens %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;estimated (vLLM V1 serving simulated):</source>
        <translation>&lt;br&gt;估算（模拟 vLLM V1 服务）：</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>E2E</source>
        <translation>端到端</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 output tok/s per GPU, %2 requests/s</source>
        <translation>&lt;br&gt;每 GPU 每秒输出 %1 个 token，每秒 %2 个请求</translation>
    </message>
    <message>
        <source>&lt;br&gt;$%1 per million output tokens at the example price of $%2 per GPU-hour</source>
        <translation>&lt;br&gt;按示例价格每 GPU 小时 $%2 计，每百万输出 token $%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;does not keep up with the request rate</source>
        <translation>&lt;br&gt;跟不上请求速率</translation>
    </message>
    <message>
        <source>&lt;br&gt;meets the SLA</source>
        <translation>&lt;br&gt;满足 SLA</translation>
    </message>
    <message>
        <source>&lt;br&gt;misses the SLA</source>
        <translation>&lt;br&gt;不满足 SLA</translation>
    </message>
    <message>
        <source>SLA</source>
        <translation>SLA</translation>
    </message>
    <message>
        <source>TTFT ≤</source>
        <translation>TTFT ≤</translation>
    </message>
    <message>
        <source>TPOT ≤</source>
        <translation>TPOT ≤</translation>
    </message>
    <message>
        <source>E2E ≤</source>
        <translation>端到端 ≤</translation>
    </message>
    <message>
        <source>Time to first token at the SLA percentile, at most this (0: no target)</source>
        <translation>SLA 百分位上的首 token 时间不超过此值（0：不设目标）</translation>
    </message>
    <message>
        <source>Time per output token at the SLA percentile, at most this (0: no target)</source>
        <translation>SLA 百分位上的每个输出 token 时间不超过此值（0：不设目标）</translation>
    </message>
    <message>
        <source>End-to-end request latency at the SLA percentile, at most this (0: no target)</source>
        <translation>SLA 百分位上的请求端到端延迟不超过此值（0：不设目标）</translation>
    </message>
    <message>
        <source>The percentile the SLA targets apply to</source>
        <translation>SLA 目标所针对的百分位</translation>
    </message>
    <message>
        <source>goodput per GPU</source>
        <translation>每 GPU 有效吞吐</translation>
    </message>
    <message>
        <source>output tok/s per GPU</source>
        <translation>每 GPU 输出 tok/s</translation>
    </message>
    <message>
        <source>lowest TPOT</source>
        <translation>最低 TPOT</translation>
    </message>
    <message>
        <source>lowest TTFT</source>
        <translation>最低 TTFT</translation>
    </message>
    <message>
        <source>lowest cost</source>
        <translation>最低成本</translation>
    </message>
    <message>
        <source>What ranks the plans that meet the SLA (the workload is the Workload panel&apos;s)</source>
        <translation>用来给满足 SLA 的方案排序的指标（负载取自“负载”面板）</translation>
    </message>
    <message>
        <source>Computing… SLA search for %1 GPUs at the workload&apos;s %2 input and %3 output tokens</source>
        <translation>正在计算… 按负载的 %2 个输入 token 和 %3 个输出 token 为 %1 张 GPU 做 SLA 搜索</translation>
    </message>
    <message>
        <source>No SLA search: %1</source>
        <translation>无法进行 SLA 搜索：%1</translation>
    </message>
    <message>
        <source>SLA search (estimated): %1 configurations, %2 simulated, %3 meet the SLA</source>
        <translation>SLA 搜索（估算）：%1 种配置，模拟 %2 种，%3 种满足 SLA</translation>
    </message>
    <message>
        <source> · best: tp %1 · pp %2 · dp %3 · ep %4, max-num-seqs %5 (%6 output tok/s per GPU)</source>
        <translation> · 最佳：tp %1 · pp %2 · dp %3 · ep %4，max-num-seqs %5（每 GPU 输出 %6 tok/s）</translation>
    </message>
    <message>
        <source> · no plan meets the SLA</source>
        <translation> · 没有方案满足 SLA</translation>
    </message>
    <message>
        <source>aggregated front</source>
        <translation>聚合前沿</translation>
    </message>
    <message>
        <source>meets SLA</source>
        <translation>满足 SLA</translation>
    </message>
    <message>
        <source>Roofline figures at the largest batch that fits: the workload does not apply (%1)</source>
        <translation>按放得下的最大批量的 Roofline 数字：该负载不适用（%1）</translation>
    </message>
    <message>
        <source>TPOT, TTFT and tokens/s per GPU: serving estimates at the workload %1 (means, estimated)</source>
        <translation>TPOT、TTFT 和每卡 tokens/s：负载 %1 下的服务估算（均值，估算）</translation>
    </message>
    <message>
        <source>%1 × (tp %2 · pp %3 · dp %4 · ep %5)</source>
        <translation>%1 × (tp %2 · pp %3 · dp %4 · ep %5)</translation>
    </message>
    <message>
        <source>&lt;b&gt;prefill %1 + decode %2&lt;/b&gt; — %3 GPUs</source>
        <translation>&lt;b&gt;预填充 %1 + 解码 %2&lt;/b&gt; — %3 张 GPU</translation>
    </message>
    <message>
        <source>&lt;br&gt;KV transfer %1 ms per prompt</source>
        <translation>&lt;br&gt;每个提示的 KV 传输 %1 ms</translation>
    </message>
    <message>
        <source>P/D splits</source>
        <translation>P/D 分离</translation>
    </message>
    <message>
        <source>Also search disaggregated plans: a prefill and a decode pool (xPyD, up to 8 instances each) on the same GPUs, the KV cache crossing the NIC</source>
        <translation>同时搜索分离式方案：在同样的 GPU 上分成预填充池和解码池（xPyD，每池最多 8 个实例），KV 缓存经网卡传输</translation>
    </message>
    <message>
        <source>disaggregated front</source>
        <translation>分离式前沿</translation>
    </message>
    <message>
        <source>P/D meets SLA</source>
        <translation>P/D 满足 SLA</translation>
    </message>
    <message>
        <source> · best: prefill %1 + decode %2 (%3 output tok/s per GPU)</source>
        <translation> · 最佳：预填充 %1 + 解码 %2（每 GPU 输出 %3 tok/s）</translation>
    </message>
    <message>
        <source>Computing… SLA search for %1 GPUs at the workload&apos;s ShareGPT lengths (mean %2 input and %3 output tokens)</source>
        <translation>正在计算… 按负载的 ShareGPT 长度（平均输入 %2、输出 %3 个 token）为 %1 张 GPU 做 SLA 搜索</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>%1; nearest that %2 can run: %3</source>
        <translation>%1；%2 能运行的最接近方案：%3</translation>
    </message>
    <message>
        <source>awq or gptq</source>
        <translation>awq 或 gptq</translation>
    </message>
    <message>
        <source>%1 ships %2 weights, so the server cannot load it as %3 (it uses the checkpoint&apos;s own quantization)</source>
        <translation>%1 发布的是 %2 权重，服务端使用 checkpoint 自带的量化方式，无法把它加载为 %3</translation>
    </message>
    <message>
        <source>unquantized bf16</source>
        <translation>未量化的 bf16</translation>
    </message>
    <message>
        <source>mxfp4 (which needs an MXFP4 checkpoint)</source>
        <translation>mxfp4（需要 MXFP4 格式的 checkpoint）</translation>
    </message>
    <message>
        <source>awq (which needs an AWQ checkpoint)</source>
        <translation>awq（需要 AWQ 格式的 checkpoint）</translation>
    </message>
    <message>
        <source>gptq (which needs a GPTQ checkpoint)</source>
        <translation>gptq（需要 GPTQ 格式的 checkpoint）</translation>
    </message>
    <message>
        <source>max_model_len %1 exceeds the model&apos;s %2 positions</source>
        <translation>max_model_len %1 超过了模型的 %2 个位置</translation>
    </message>
    <message>
        <source>vLLM runs experts either tensor-parallel over all tp x dp = %1 GPUs (ep=1) or expert-parallel over all of them (--enable-expert-parallel, ep=%1); ep=%2 needs SGLang&apos;s --ep-size (target sglang)</source>
        <translation>vLLM 的专家要么在全部 tp x dp = %1 张 GPU 上做张量并行（ep=1），要么在所有这些 GPU 上做专家并行（--enable-expert-parallel，ep=%1）；ep=%2 需要 SGLang 的 --ep-size（目标引擎选 sglang）</translation>
    </message>
    <message>
        <source>%1 experts + %2 redundant do not divide over ep=%3 GPUs, which EPLB requires (physical experts must be a multiple of the EP size)</source>
        <translation>%1 个专家 + %2 个冗余专家无法均分到 ep=%3 张 GPU 上，而 EPLB 要求均分（物理专家数必须是 EP 大小的整数倍）</translation>
    </message>
    <message>
        <source>this exporter has no SGLang equivalent of vLLM&apos;s --decode-context-parallel-size</source>
        <translation>本导出器没有与 vLLM 的 --decode-context-parallel-size 对应的 SGLang 参数</translation>
    </message>
    <message>
        <source>SGLang has no documented equivalent of VLLM_PP_LAYER_PARTITION for a custom layer split</source>
        <translation>SGLang 没有文档记载的、与 VLLM_PP_LAYER_PARTITION 对应的自定义层切分方式</translation>
    </message>
    <message>
        <source>this exporter does not combine SGLang&apos;s --pp-size with --dp</source>
        <translation>本导出器不支持同时使用 SGLang 的 --pp-size 和 --dp</translation>
    </message>
    <message>
        <source>the engine&apos;s own layer split (no custom partition)</source>
        <translation>引擎自己的层切分（不用自定义切分）</translation>
    </message>
    <message>
        <source>SGLang&apos;s --dp starts the replicas of a dense model on one node; across nodes run one server per node behind SGLang&apos;s router</source>
        <translation>SGLang 的 --dp 只在一个节点上启动稠密模型的各个副本；跨节点时请每个节点运行一个服务，前面接 SGLang 的 router</translation>
    </message>
    <message>
        <source>dp=%1 per node, one server on each</source>
        <translation>每节点 dp=%1，每个节点一个服务</translation>
    </message>
    <message>
        <source>SGLang&apos;s --mem-fraction-static covers weights and KV cache only; the plan&apos;s memory figures follow vLLM</source>
        <translation>SGLang 的 --mem-fraction-static 只覆盖权重和 KV Cache；方案的显存数字按 vLLM 计算</translation>
    </message>
    <message>
        <source>SGLang documents DP attention for DeepSeek and Qwen MoE models; check that %1 supports it</source>
        <translation>SGLang 的文档只说明了 DeepSeek 和 Qwen MoE 模型支持 DP attention；请确认 %1 是否支持</translation>
    </message>
    <message>
        <source>max_num_batched_tokens has no exact SGLang equivalent and is not carried over</source>
        <translation>max_num_batched_tokens 在 SGLang 中没有完全对应的参数，未带入</translation>
    </message>
    <message>
        <source>the KV block size is not carried over (SGLang pages differ)</source>
        <translation>KV 块大小未带入（SGLang 的分页方式不同）</translation>
    </message>
    <message>
        <source>round-robin expert placement is vLLM&apos;s; SGLang places experts its own way</source>
        <translation>轮询（round-robin）专家放置是 vLLM 的做法；SGLang 按自己的方式放置专家</translation>
    </message>
    <message>
        <source>SGLang starts its nodes itself (--nnodes); no Ray cluster is needed</source>
        <translation>SGLang 自己启动各节点（--nnodes）；不需要 Ray 集群</translation>
    </message>
    <message>
        <source>port %1 is outside 1-65535</source>
        <translation>端口 %1 不在 1-65535 范围内</translation>
    </message>
    <message>
        <source>the head address and the model path cannot contain control characters (newlines, tabs)</source>
        <translation>节点 0 地址和模型路径不能包含控制字符（换行符、制表符）</translation>
    </message>
    <message>
        <source>unknown --all2all-backend &quot;%1&quot; (%2 accepts %3)</source>
        <translation>未知的 --all2all-backend “%1”（%2 接受 %3）</translation>
    </message>
    <message>
        <source>the model %1 has no Hugging Face repo: give the model path the server should load</source>
        <translation>模型 %1 没有 Hugging Face 仓库：请填写服务端要加载的模型路径</translation>
    </message>
    <message>
        <source>the plan does not fit, so %1 would stop at startup: %2</source>
        <translation>方案放不下，%1 会在启动时停止：%2</translation>
    </message>
    <message>
        <source>%1 GPUs (tp x pp x dp) do not split evenly over %2 nodes</source>
        <translation>%1 张 GPU（tp x pp x dp）无法均分到 %2 个节点上</translation>
    </message>
    <message>
        <source>%1 GPUs per node are more than a node&apos;s %2</source>
        <translation>每节点 %1 张 GPU，超过了一个节点的 %2 张</translation>
    </message>
    <message>
        <source>%1 node</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>the %1 GPUs run as %2 on each of %3 nodes (the launch splits them evenly; the plan&apos;s grid fills nodes of %4 in order)</source>
        <translation>这 %1 张 GPU 按每节点 %2 张分布在 %3 个节点上（启动时均匀切分；方案的网格按顺序填满每节点 %4 张卡的节点）</translation>
    </message>
    <message>
        <source>launch warning: with %1 GPUs per node a TP group of %2 GPUs spans nodes: every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)</source>
        <translation>启动警告：每节点 %1 张 GPU 时，%2 张 GPU 的 TP 组会跨越节点：每次 AllReduce 都要走网络（把 TP 放在节点内，跨节点用 PP 或 DP）</translation>
    </message>
    <message>
        <source>the plan could not be evaluated</source>
        <translation>无法评估该方案</translation>
    </message>
    <message>
        <source>%1 is not in the flag table of %2</source>
        <translation>%1 不在 %2 的参数表中</translation>
    </message>
    <message>
        <source>the plan counts %1 speculative draft layer(s): add the matching speculative decoding options (method and draft model)</source>
        <translation>方案计入了 %1 个投机解码草稿层：请添加对应的投机解码选项（方法和草稿模型）</translation>
    </message>
    <message>
        <source>plan warning: %1</source>
        <translation>方案警告：%1</translation>
    </message>
    <message>
        <source>the deepep all2all backends need DeepEP (and DeepGEMM) installed on every node</source>
        <translation>deepep all2all 后端需要在每个节点上安装 DeepEP（以及 DeepGEMM）</translation>
    </message>
    <message>
        <source>one node needs no Ray cluster: the command runs vLLM&apos;s own workers</source>
        <translation>单节点不需要 Ray 集群：命令运行 vLLM 自己的 worker</translation>
    </message>
    <message>
        <source>run the same vLLM version and model files on every node; with several network interfaces set NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME</source>
        <translation>每个节点运行相同的 vLLM 版本和模型文件；有多个网卡时请设置 NCCL_SOCKET_IFNAME 和 GLOO_SOCKET_IFNAME</translation>
    </message>
    <message>
        <source>a DP replica (tp x pp = %1 GPUs) does not fit whole on a node of %2 GPUs, and vLLM&apos;s multi-node DP launch places whole replicas per node</source>
        <translation>一个 DP 副本（tp x pp = %1 张 GPU）无法完整放进每节点 %2 张 GPU 的节点，而 vLLM 的多节点 DP 启动要求每个节点放整数个副本</translation>
    </message>
    <message>
        <source>the Ray launcher (VLLM_RAY_DP_PACK_STRATEGY=span)</source>
        <translation>Ray 启动方式（VLLM_RAY_DP_PACK_STRATEGY=span）</translation>
    </message>
    <message>
        <source>the head address cannot start with &apos;-&apos; (it would read as an option)</source>
        <translation>头节点地址不能以 &apos;-&apos; 开头（会被当作选项）</translation>
    </message>
    <message>
        <source>the model path %1 starts with &apos;-&apos; or holds control characters, so the server would read it as an option: give the model path the server should load</source>
        <translation>模型路径 %1 以 &apos;-&apos; 开头或含控制字符，服务器会把它当作选项：请给出服务器应加载的模型路径</translation>
    </message>
    <message>
        <source>this exporter has no SGLang equivalent of vLLM&apos;s --prefill-context-parallel-size</source>
        <translation>本导出器没有与 vLLM 的 --prefill-context-parallel-size 对应的 SGLang 参数</translation>
    </message>
    <message>
        <source>%1 first appears in vLLM %2: the plan&apos;s --vllm-version %3 does not know it (flag table %4)</source>
        <translation>%1 从 vLLM %2 起才有：方案的 --vllm-version %3 不认识它（参数表 %4）</translation>
    </message>
    <message>
        <source>the plan follows vLLM %1; the flags are checked against %2: check them against that release</source>
        <translation>方案遵循 vLLM %1；参数按 %2 检查：请对照该版本核实</translation>
    </message>
    <message>
        <source>the plan counts %1 speculative token(s): add --speculative-config with the method and &quot;num_speculative_tokens&quot;: %1</source>
        <translation>方案计入了 %1 个推测 Token：请加上 --speculative-config，写明方法和 &quot;num_speculative_tokens&quot;: %1</translation>
    </message>
    <message>
        <source>more than %1 pass-through vLLM options</source>
        <translation>透传的 vLLM 选项超过 %1 个</translation>
    </message>
    <message>
        <source>pass-through option %1</source>
        <translation>透传选项 %1</translation>
    </message>
    <message>
        <source>the %1 pass-through vLLM option(s) are not written for %2</source>
        <translation>%1 个透传 vLLM 选项未写入 %2</translation>
    </message>
    <message>
        <source>pass-through %1 left out: the export writes that option itself (from the plan or the model preset), and its value wins</source>
        <translation>透传的 %1 已省略：导出会自行写入该选项（来自方案或模型预设），以其取值为准</translation>
    </message>
    <message>
        <source>pass-through %1 left out: it asks for another data-parallel launch than these commands</source>
        <translation>透传的 %1 已省略：它要求的数据并行启动方式与这些命令不同</translation>
    </message>
    <message>
        <source>the passed-through --speculative-config asks for %1 speculative token(s) where the plan counts %2: the server follows the option</source>
        <translation>透传的 --speculative-config 要求 %1 个投机 token，而方案计为 %2：服务器以该选项为准</translation>
    </message>
    <message>
        <source>--head-address names one node; each instance has its own address placeholder instead</source>
        <translation>--head-address 只指定一个节点；每个实例改用各自的地址占位符</translation>
    </message>
    <message>
        <source>pass-through --port left out: each instance has its own API port</source>
        <translation>透传的 --port 未写入：每个实例有各自的 API 端口</translation>
    </message>
    <message>
        <source>install NIXL on every node (pip install nixl) and set UCX_NET_DEVICES to the RDMA devices the KV cache should cross (docs/features/nixl_connector_usage.md)</source>
        <translation>在每个节点上安装 NIXL（pip install nixl），并把 UCX_NET_DEVICES 设为 KV 缓存应经过的 RDMA 设备（docs/features/nixl_connector_usage.md）</translation>
    </message>
    <message>
        <source>the proxy is vLLM&apos;s example router, %1 in vLLM&apos;s repository; start it once every server answers on its port, and send requests to port %2</source>
        <translation>代理是 vLLM 的示例路由器，即 vLLM 仓库中的 %1；待每个服务器都在其端口上响应后再启动它，并把请求发往端口 %2</translation>
    </message>
    <message>
        <source>kv_transfer_link node: servers sharing a node need their own GPUs: prefix each with CUDA_VISIBLE_DEVICES</source>
        <translation>kv_transfer_link 为 node：同一节点上的服务器需要各自的 GPU：为每条命令加上 CUDA_VISIBLE_DEVICES 前缀</translation>
    </message>
    <message>
        <source>prefill pool: %1</source>
        <translation>预填充池：%1</translation>
    </message>
    <message>
        <source>decode pool: %1</source>
        <translation>解码池：%1</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export launch commands</source>
        <translation>导出启动命令</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>目标引擎(&amp;T)：</translation>
    </message>
    <message numerus="yes">
        <source>As planned (%n node(s))</source>
        <translation>
            <numerusform>按方案（%n 个节点）</numerusform>
        </translation>
    </message>
    <message>
        <source>One node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>T&amp;opology:</source>
        <translation>拓扑(&amp;O)：</translation>
    </message>
    <message>
        <source>vLLM multi-node (--nnodes / --data-parallel-address)</source>
        <translation>vLLM 多节点（--nnodes / --data-parallel-address）</translation>
    </message>
    <message>
        <source>Ray cluster (ray start, then one vllm serve)</source>
        <translation>Ray 集群（先 ray start，再运行一个 vllm serve）</translation>
    </message>
    <message>
        <source>&amp;Launcher:</source>
        <translation>启动方式(&amp;L)：</translation>
    </message>
    <message>
        <source>$HEAD_IP (set on every node)</source>
        <translation>$HEAD_IP（在每个节点上设置）</translation>
    </message>
    <message>
        <source>Node 0 &amp;address:</source>
        <translation>节点 0 地址(&amp;A)：</translation>
    </message>
    <message>
        <source>$HEAD_PORT (launcher&apos;s default)</source>
        <translation>$HEAD_PORT（启动器默认值）</translation>
    </message>
    <message>
        <source>Rendezvous &amp;port:</source>
        <translation>会合端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Model path:</source>
        <translation>模型路径(&amp;M)：</translation>
    </message>
    <message>
        <source>vLLM expert parallelism with DP &gt; 1: the all-to-all kernels (deepep_* need DeepEP installed)</source>
        <translation>vLLM 在 DP &gt; 1 时的专家并行：all-to-all 内核（deepep_* 需要安装 DeepEP）</translation>
    </message>
    <message>
        <source>All-to-all &amp;backend:</source>
        <translation>All-to-all 后端(&amp;B)：</translation>
    </message>
    <message>
        <source>Export even if the plan is predicted not to fit</source>
        <translation>即使预计放不下也导出</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Bash script per node</source>
        <translation>每个节点一个 Bash 脚本</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>vLLM flags checked against %1</source>
        <translation>vLLM 参数已对照 %1 校验</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Save s&amp;cripts…</source>
        <translation>保存脚本(&amp;C)…</translation>
    </message>
    <message>
        <source>Use &amp;nearest plan</source>
        <translation>使用最接近的方案(&amp;N)</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1 GPUs.</source>
        <translation>
            <numerusform>%n 个节点，每个 %1 张 GPU。</numerusform>
        </translation>
    </message>
    <message>
        <source>One node.</source>
        <translation>单节点。</translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n script(s) in %1</source>
        <translation>
            <numerusform>已在 %1 中保存 %n 个脚本</numerusform>
        </translation>
    </message>
    <message>
        <source>Save launch commands</source>
        <translation>保存启动命令</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation>Shell 脚本 (*.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Folder for node-&lt;k&gt;.sh</source>
        <translation>存放 node-&lt;k&gt;.sh 的文件夹</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Export launch commands: prefill and decode pools</source>
        <translation>导出启动命令：预填充池和解码池</translation>
    </message>
    <message>
        <source>%1 prefill and %2 decode servers, then the router.</source>
        <translation>%1 个预填充服务器和 %2 个解码服务器，最后是路由器。</translation>
    </message>
    <message>
        <source>Cannot export: a disaggregated plan exports to vLLM only (NixlConnector).</source>
        <translation>无法导出：分离式方案只能导出到 vLLM（NixlConnector）。</translation>
    </message>
    <message>
        <source>Cannot export the prefill pool: %1</source>
        <translation>无法导出预填充池：%1</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>Exported from ShardScope</source>
        <translation>由 ShardScope 导出</translation>
    </message>
    <message>
        <source>Cannot encode %1 as PNG</source>
        <translation>无法把 %1 编码为 PNG</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>New plan</source>
        <translation>新建方案</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>ShardScope plans (*.shardscope.json);;JSON files (*.json)</source>
        <translation>ShardScope 方案 (*.shardscope.json);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>ShardScope plans (*.shardscope.json)</source>
        <translation>ShardScope 方案 (*.shardscope.json)</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation>打开 Hugging Face 的 config.json</translation>
    </message>
    <message>
        <source>Model configs (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <source>Open a model folder (with its config.json)</source>
        <translation>打开模型文件夹（含 config.json）</translation>
    </message>
    <message>
        <source>The plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>%1 has unsaved changes.</source>
        <translation>%1 有未保存的更改。</translation>
    </message>
    <message>
        <source>Save them before the plan is closed?</source>
        <translation>关闭方案前保存这些更改吗？</translation>
    </message>
</context>
<context>
    <name>GpuTableModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>段</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Q heads</source>
        <translation>Q 头</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头</translation>
    </message>
    <message>
        <source>Experts/layer</source>
        <translation>每层专家</translation>
    </message>
    <message>
        <source>Weights (GiB)</source>
        <translation>权重 (GiB)</translation>
    </message>
    <message>
        <source>Activation (GiB)</source>
        <translation>激活 (GiB)</translation>
    </message>
    <message>
        <source>Other (GiB)</source>
        <translation>其他 (GiB)</translation>
    </message>
    <message>
        <source>KV budget (GiB)</source>
        <translation>KV 预算 (GiB)</translation>
    </message>
    <message>
        <source>KV/token (B)</source>
        <translation>KV/Token (B)</translation>
    </message>
    <message>
        <source>KV blocks</source>
        <translation>KV 块数</translation>
    </message>
    <message>
        <source>Tensor-parallel rank inside the TP group</source>
        <translation>在 TP 组内的张量并行 rank</translation>
    </message>
    <message>
        <source>Data-parallel replica</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <source>Expert-parallel rank inside the stage&apos;s MoE group (dp_rank × tp + tp_rank, mod ep)</source>
        <translation>在本段 MoE 组内的专家并行 rank（dp_rank × tp + tp_rank，对 ep 取模）</translation>
    </message>
    <message>
        <source>Layers held (inclusive), from the pipeline split</source>
        <translation>持有的层（含两端），来自流水线划分</translation>
    </message>
    <message>
        <source>What the accounting deducts besides weights and activation: non-torch memory (vLLM) or the reserve (textbook)</source>
        <translation>除权重和激活外核算扣除的部分：non-torch 显存（vLLM）或预留（教材算法）</translation>
    </message>
    <message>
        <source>Memory left for the KV cache on this GPU</source>
        <translation>这张卡上留给 KV Cache 的显存</translation>
    </message>
    <message>
        <source>KV blocks this GPU could hold; the replica uses the minimum over its GPUs</source>
        <translation>这张卡能放下的 KV 块数；副本取其所有卡中的最小值</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source> +emb</source>
        <translation> +嵌入层</translation>
    </message>
    <message>
        <source> +head</source>
        <translation> +输出层</translation>
    </message>
    <message>
        <source>latent</source>
        <translation>潜在向量</translation>
    </message>
    <message>
        <source> ×%1</source>
        <translation> ×%1</translation>
    </message>
    <message>
        <source>
Calibrated: overheads from profile &quot;%1&quot; (fitted to %2)</source>
        <translation>
校准：开销来自校准配置“%1”（拟合自 %2）</translation>
    </message>
    <message>
        <source>
Estimated: activation, non-torch memory and CUDA graphs are modelled, not measured</source>
        <translation>
估算：激活、non-torch 显存和 CUDA Graph 是建模所得，不是实测</translation>
    </message>
    <message>
        <source>Peak activation of the profiling run</source>
        <translation>profiling 运行的峰值激活</translation>
    </message>
    <message>
        <source>a log</source>
        <translation>一份日志</translation>
    </message>
    <message>
        <source>KV at workload (GiB)</source>
        <translation>负载下 KV（GiB）</translation>
    </message>
    <message>
        <source>KV the workload&apos;s running requests hold on this GPU in the steady state (Workload group): running requests × mean context × KV bytes per token. Estimated by the serving simulation.</source>
        <translation>稳态下负载中运行的请求在这张卡上占用的 KV（“负载”组）：运行中的请求数 × 平均上下文 × 每 token 的 KV 字节数。由服务模拟估算。</translation>
    </message>
    <message>
        <source>No serving estimate for the workload: %1</source>
        <translation>该负载没有服务估算：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV at the workload, GPU %1&lt;/b&gt; (%2)&lt;br&gt;&lt;i&gt;KV tokens the running requests hold × KV bytes per token on this GPU&lt;/i&gt;&lt;br&gt;= %3 × %4 B = %5 GiB&lt;br&gt;&lt;i&gt;Estimated: the steady state of a simulation of vLLM V1&apos;s scheduler.&lt;/i&gt;</source>
        <translation>&lt;b&gt;负载下的 KV，GPU %1&lt;/b&gt;（%2）&lt;br&gt;&lt;i&gt;运行中的请求占用的 KV token 数 × 这张卡上每 token 的 KV 字节数&lt;/i&gt;&lt;br&gt;= %3 × %4 B = %5 GiB&lt;br&gt;&lt;i&gt;估算：模拟 vLLM V1 调度器得到的稳态。&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>GridPanel</name>
    <message>
        <source>Layers × GPUs</source>
        <translation>层 × GPU</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Which layers each GPU holds: pipeline stages, TP groups, node boundaries</source>
        <translation>每张卡持有哪些层：流水线段、TP 组、节点边界</translation>
    </message>
    <message>
        <source>Query and KV heads per TP rank; replicated KV heads are hatched</source>
        <translation>每个 TP rank 的 Query 头和 KV 头；被复制的 KV 头画斜线</translation>
    </message>
    <message>
        <source>MoE layers × experts, coloured by the EP rank (GPU) that owns each expert</source>
        <translation>MoE 层 × 专家，按持有该专家的 EP rank（GPU）着色</translation>
    </message>
    <message>
        <source>Nodes × GPUs, coloured by pipeline stage or DP replica</source>
        <translation>节点 × GPU，按流水线段或 DP 副本着色</translation>
    </message>
    <message>
        <source>Colour by stage</source>
        <translation>按段着色</translation>
    </message>
    <message>
        <source>Colour by DP replica</source>
        <translation>按 DP 副本着色</translation>
    </message>
    <message>
        <source>What the cluster tab&apos;s colours mean</source>
        <translation>集群页颜色的含义</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小（-）</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel, double-click)</source>
        <translation>放大（+、Ctrl+滚轮、双击）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Show the whole grid (0)</source>
        <translation>显示整个网格（0）</translation>
    </message>
    <message>
        <source>Colour automatically</source>
        <translation>自动着色</translation>
    </message>
    <message>
        <source>By stage, or by DP replica when the plan has one stage</source>
        <translation>按段着色；方案只有一段时按 DP 副本着色</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
</context>
<context>
    <name>GridText</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>GPU %1 · stage %2 · DP %3</source>
        <translation>GPU %1 · 第 %2 段 · DP %3</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPU slot</source>
        <translation>GPU 槽位</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>段</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP 副本</translation>
    </message>
    <message>
        <source>idle slot</source>
        <translation>空闲槽位</translation>
    </message>
    <message>
        <source>%1 GPUs · nodes of %3: %2 · ranks fill nodes in order: rank = (dp × pp + stage) × tp + TP rank · thin line: TP group</source>
        <translation>%1 张 GPU · 每节点 %3 张：%2 · rank 按顺序填满节点：rank = (dp × pp + 段) × tp + TP rank · 细线：TP 组</translation>
    </message>
    <message>
        <source>&lt;b&gt;node %1, slot %2&lt;/b&gt;: idle — the plan uses %3 GPUs</source>
        <translation>&lt;b&gt;节点 %1，槽位 %2&lt;/b&gt;：空闲 — 方案只用 %3 张 GPU</translation>
    </message>
    <message>
        <source>… (%1 GPUs)</source>
        <translation>…（%1 张 GPU）</translation>
    </message>
    <message>
        <source>%1 is a dense model: there are no experts to place. Its MLP is split by TP (tp = %2) in every layer.</source>
        <translation>%1 是 Dense 模型：没有专家需要放置。每层的 MLP 按 TP 切分（tp = %2）。</translation>
    </message>
    <message>
        <source>MoE</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>dense</translation>
    </message>
    <message>
        <source>dense: one MLP split by TP (tp = %1), no experts</source>
        <translation>dense：一个按 TP 切分的 MLP（tp = %1），没有专家</translation>
    </message>
    <message>
        <source>EP %1 · GPUs %2</source>
        <translation>EP %1 · GPU %2</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>routed experts (%1)</source>
        <translation>路由专家（%1）</translation>
    </message>
    <message>
        <source>redundant (%1)</source>
        <translation>冗余（%1）</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <source>dense layer</source>
        <translation>dense 层</translation>
    </message>
    <message>
        <source>redundant copy (EPLB)</source>
        <translation>冗余副本（EPLB）</translation>
    </message>
    <message>
        <source>linear placement</source>
        <translation>线性放置</translation>
    </message>
    <message>
        <source>round-robin placement</source>
        <translation>轮询放置</translation>
    </message>
    <message>
        <source>EP off: each of the %1 experts is split over the stage&apos;s GPUs, moe_tp = tp × dp = %2 · MoE layers: %3, dense: %4</source>
        <translation>未开 EP：%1 个专家每个都切分到本段所有 GPU 上，moe_tp = tp × dp = %2 · MoE 层：%3，dense 层：%4</translation>
    </message>
    <message>
        <source>EP %1: expert slots per GPU per MoE layer: %2%3 · %4 · MoE layers: %5, dense: %6</source>
        <translation>EP %1：每卡每个 MoE 层的专家槽位：%2%3 · %4 · MoE 层：%5，dense 层：%6</translation>
    </message>
    <message>
        <source>, each expert split %1 ways</source>
        <translation>，每个专家切成 %1 份</translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1&lt;/b&gt; (stage %2) is dense: one MLP split by TP (tp = %3), no experts</source>
        <translation>&lt;b&gt;第 %1 层&lt;/b&gt;（第 %2 段）是 dense 层：一个按 TP 切分的 MLP（tp = %3），没有专家</translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1 · expert %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · stage %5 · GPU %6%7&lt;hr&gt;</source>
        <translation>&lt;b&gt;第 %1 层 · 专家 %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · 第 %5 段 · GPU %6%7&lt;hr&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1 · expert %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · stage %5 · GPUs %6%7&lt;hr&gt;</source>
        <translation>&lt;b&gt;第 %1 层 · 专家 %2&lt;/b&gt;%3&lt;br&gt;EP rank %4 · 第 %5 段 · GPU %6%7&lt;hr&gt;</translation>
    </message>
    <message>
        <source> (redundant copy in slot %1)</source>
        <translation>（槽位 %1 中的冗余副本）</translation>
    </message>
    <message>
        <source> — each holds 1/%1 of it</source>
        <translation> — 每张卡持有其 1/%1</translation>
    </message>
    <message>
        <source>No placement: %1</source>
        <translation>无法放置：%1</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>… %1 %2–%3 (colours repeat every %4; hover a cell)</source>
        <translation>… %1 %2–%3（颜色每 %4 个循环一次；悬停查看单元格）</translation>
    </message>
    <message>
        <source>… %1 %2–%3 (hover a cell)</source>
        <translation>… %1 %2–%3（悬停查看单元格）</translation>
    </message>
    <message>
        <source>query heads %1</source>
        <translation>Query 头 %1</translation>
    </message>
    <message>
        <source>q %1</source>
        <translation>q %1</translation>
    </message>
    <message>
        <source>MLA latent KV</source>
        <translation>MLA 潜在 KV</translation>
    </message>
    <message>
        <source>latent</source>
        <translation>潜在向量</translation>
    </message>
    <message>
        <source>, replicated ×%1</source>
        <translation>，复制 ×%1</translation>
    </message>
    <message>
        <source>KV head %1 (serves q %2)%3</source>
        <translation>KV 头 %1（服务 q %2）%3</translation>
    </message>
    <message>
        <source>KV %1%2</source>
        <translation>KV %1%2</translation>
    </message>
    <message>
        <source> ×%1</source>
        <translation> ×%1</translation>
    </message>
    <message>
        <source>query</source>
        <translation>query</translation>
    </message>
    <message>
        <source>KV</source>
        <translation>KV</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>MLA: one latent KV vector (kv_lora_rank + rope) serves all %1 heads</source>
        <translation>MLA：一个潜在 KV 向量（kv_lora_rank + rope）服务全部 %1 个头</translation>
    </message>
    <message>
        <source>KV head %1</source>
        <translation>KV 头 %1</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>TP rank</translation>
    </message>
    <message>
        <source>query head</source>
        <translation>Query 头</translation>
    </message>
    <message>
        <source>MLA latent KV: every TP rank holds all of it</source>
        <translation>MLA 潜在 KV：每个 TP rank 都持有完整的一份</translation>
    </message>
    <message>
        <source>KV head replicated on %1 TP ranks (tp %2 &gt; %3 KV heads)</source>
        <translation>KV 头在 %1 个 TP rank 上复制（tp %2 &gt; %3 个 KV 头）</translation>
    </message>
    <message>
        <source>Each TP rank holds %1 of %2 query heads and %3 · the same on every pipeline stage and DP replica (GPU = (dp × pp + stage) × tp + TP rank)</source>
        <translation>每个 TP rank 持有 %2 个 Query 头中的 %1 个，以及 %3 · 每个流水线段和 DP 副本上都一样（GPU = (dp × pp + 段) × tp + TP rank）</translation>
    </message>
    <message>
        <source>the whole MLA latent KV</source>
        <translation>完整的 MLA 潜在 KV</translation>
    </message>
    <message>
        <source>%1 of %2 KV heads</source>
        <translation>%2 个 KV 头中的 %1 个</translation>
    </message>
    <message>
        <source>query head %1</source>
        <translation>Query 头 %1</translation>
    </message>
    <message>
        <source>KV head %1 (serves query heads %2)</source>
        <translation>KV 头 %1（服务 Query 头 %2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;TP rank %1&lt;/b&gt; · %2&lt;br&gt;holds query heads %3 and %4%5&lt;br&gt;GPUs with this TP rank: %6&lt;hr&gt;</source>
        <translation>&lt;b&gt;TP rank %1&lt;/b&gt; · %2&lt;br&gt;持有 Query 头 %3 以及 %4%5&lt;br&gt;具有这个 TP rank 的 GPU：%6&lt;hr&gt;</translation>
    </message>
    <message>
        <source>the MLA latent KV</source>
        <translation>MLA 潜在 KV</translation>
    </message>
    <message>
        <source> (also held by %1 other TP ranks)</source>
        <translation>（另有 %1 个 TP rank 也持有）</translation>
    </message>
    <message>
        <source>embed</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>输出层</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>DP replica %1</source>
        <translation>DP 副本 %1</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>GPU %1 · layers %2</source>
        <translation>GPU %1 · 第 %2 层</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>未持有</translation>
    </message>
    <message>
        <source>thick line: node boundary · thin line: TP group</source>
        <translation>粗线：节点边界 · 细线：TP 组</translation>
    </message>
    <message>
        <source>%1 layers · pipeline stages: %2 (%3 layers) · TP group size %4: each group splits the heads and MLP of its layers · DP replicas: %5</source>
        <translation>%1 层 · 流水线段：%2（%3 层）· TP 组大小 %4：每组切分其所在层的注意力头和 MLP · DP 副本：%5</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — on this GPU (its 1/%2 TP share)&lt;hr&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 在这张卡上（它的 1/%2 TP 份额）&lt;hr&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — not on this GPU&lt;hr&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 不在这张卡上&lt;hr&gt;</translation>
    </message>
    <message>
        <source>routed</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>R</source>
        <translation>冗</translation>
    </message>
    <message>
        <source>TP %1 query</source>
        <translation>TP %1 query</translation>
    </message>
    <message>
        <source>TP %1 KV</source>
        <translation>TP %1 KV</translation>
    </message>
    <message>
        <source>one pipeline stage: coloured by DP replica</source>
        <translation>只有一个流水线段：按 DP 副本着色</translation>
    </message>
    <message>
        <source>MLA latent KV: all %1 heads read it, every TP rank holds all of it (×%2)</source>
        <translation>MLA 潜在 KV：全部 %1 个头都读取它，每个 TP rank 都存完整的一份（×%2）</translation>
    </message>
    <message>
        <source>MLA latent KV, on every TP rank (×%1)</source>
        <translation>MLA 潜在 KV，每个 TP rank 各一份（×%1）</translation>
    </message>
    <message>
        <source>latent KV</source>
        <translation>潜在 KV</translation>
    </message>
    <message>
        <source>&lt;b&gt;MLA latent KV&lt;/b&gt; · query head %1 reads it&lt;br&gt;one latent vector (kv_lora_rank + rope) per token and layer serves all heads; each of the %2 TP ranks holds all of it, so TP does not divide the KV cache</source>
        <translation>&lt;b&gt;MLA 潜在 KV&lt;/b&gt; · query 头 %1 读取它&lt;br&gt;每个 Token 每层一个潜在向量（kv_lora_rank + rope）供所有头使用；%2 个 TP rank 每个都存完整的一份，所以 TP 不会切分 KV Cache</translation>
    </message>
    <message>
        <source>sparse MLA attention</source>
        <translation>稀疏 MLA 注意力</translation>
    </message>
    <message>
        <source>MLA attention</source>
        <translation>MLA 注意力</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <source>sliding window (%1 tokens)</source>
        <translation>滑动窗口（%1 个 Token）</translation>
    </message>
    <message>
        <source>chunked attention (%1 tokens)</source>
        <translation>分块注意力（%1 个 Token）</translation>
    </message>
    <message>
        <source>Mamba-2 (fixed state)</source>
        <translation>Mamba-2（固定状态）</translation>
    </message>
    <message>
        <source>Gated DeltaNet (fixed state)</source>
        <translation>Gated DeltaNet（固定状态）</translation>
    </message>
    <message>
        <source>Kimi Delta Attention (fixed state)</source>
        <translation>Kimi Delta Attention（固定状态）</translation>
    </message>
    <message>
        <source>no attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <source>linear in place of attention</source>
        <translation>以线性层代替注意力</translation>
    </message>
    <message>
        <source>MoE FFN</source>
        <translation>MoE FFN</translation>
    </message>
    <message>
        <source>dense FFN</source>
        <translation>稠密 FFN</translation>
    </message>
    <message>
        <source>linear in place of FFN</source>
        <translation>以线性层代替 FFN</translation>
    </message>
    <message>
        <source>no FFN</source>
        <translation>无 FFN</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>strips left of the GPUs: token mixer, FFN</source>
        <translation>GPU 左侧的色条：Token 混合器、FFN</translation>
    </message>
    <message>
        <source>nodes %1–%2</source>
        <translation>节点 %1–%2</translation>
    </message>
    <message>
        <source>short convolution (fixed state)</source>
        <translation>短卷积（固定状态）</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import a vLLM command</source>
        <translation>导入 vLLM 命令</translation>
    </message>
    <message>
        <source>Paste vllm serve …, python -m vllm.entrypoints.openai.api_server … or docker run … vllm/vllm-openai …</source>
        <translation>粘贴 vllm serve …、python -m vllm.entrypoints.openai.api_server … 或 docker run … vllm/vllm-openai …</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>使用此方案</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Flags not carried into the plan and warnings:</source>
        <translation>未带入方案的参数和警告：</translation>
    </message>
    <message>
        <source>Cannot read the command: %1</source>
        <translation>无法读取命令：%1</translation>
    </message>
    <message>
        <source>Paste a command to see its plan.</source>
        <translation>粘贴一条命令即可看到对应的方案。</translation>
    </message>
    <message>
        <source>vLLM&apos;s default</source>
        <translation>vLLM 默认值</translation>
    </message>
    <message>
        <source> (no preset matches)</source>
        <translation>（没有匹配的预设）</translation>
    </message>
    <message>
        <source> (preset %1)</source>
        <translation>（预设 %1）</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3, EP %4, DCP %5</source>
        <translation>TP %1 × PP %2 × DP %3，EP %4，DCP %5</translation>
    </message>
    <message>
        <source>GPU memory utilization %1, max model length %2, max sequences %3, max batched tokens %4</source>
        <translation>显存利用率 %1，最大模型长度 %2，最大序列数 %3，最大批处理 Token 数 %4</translation>
    </message>
    <message>
        <source>KV cache %1, quantization %2</source>
        <translation>KV Cache %1，量化 %2</translation>
    </message>
    <message>
        <source>Launch: %1 nodes, %2</source>
        <translation>启动：%1 个节点，%2</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <source>not in the plan: %1</source>
        <translation>不在方案中：%1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
</context>
<context>
    <name>IssuesBanner</name>
    <message>
        <source>✘ Error:</source>
        <translation>✘ 错误：</translation>
    </message>
    <message>
        <source>⚠ Warning:</source>
        <translation>⚠ 警告：</translation>
    </message>
    <message>
        <source>ℹ Note:</source>
        <translation>ℹ 提示：</translation>
    </message>
    <message>
        <source>tp %1</source>
        <translation>tp %1</translation>
    </message>
    <message>
        <source> × pp %1</source>
        <translation> × pp %1</translation>
    </message>
    <message>
        <source> × dp %1</source>
        <translation> × dp %1</translation>
    </message>
    <message>
        <source>Nearest plan that fits: needs ≥ %1 × %2 (%3)</source>
        <translation>最接近的可容纳方案：需要 ≥ %1 × %2（%3）</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <source>Apply the nearest plan that fits (one undo step)</source>
        <translation>应用最接近的可容纳方案（一个撤销步骤）</translation>
    </message>
    <message>
        <source>Nearest plan that fits: the same GPUs with --max-num-seqs %1</source>
        <translation>最接近的可容纳方案：GPU 不变，--max-num-seqs 设为 %1</translation>
    </message>
    <message>
        <source>Use --max-num-seqs %1</source>
        <translation>使用 --max-num-seqs %1</translation>
    </message>
</context>
<context>
    <name>KvPanel</name>
    <message>
        <source>&lt;b&gt;✔ Fits&lt;/b&gt; — %1 concurrent requests of %2 tokens per replica, %3 on the cluster</source>
        <translation>&lt;b&gt;✔ 放得下&lt;/b&gt; — 每个副本可并发 %1 个 %2 Token 的请求，整个集群 %3 个</translation>
    </message>
    <message>
        <source>&lt;b&gt;✘ Does not fit&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;✘ 放不下&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>KV capacity, one replica</source>
        <translation>KV 容量（单个副本）</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>KV capacity, cluster</source>
        <translation>KV 容量（集群）</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV capacity, whole cluster&lt;/b&gt;&lt;br&gt;&lt;i&gt;dp × one replica&apos;s tokens (each DP replica has its own KV pool)&lt;/i&gt;&lt;br&gt;= %1 × %2 = %3 tokens</source>
        <translation>&lt;b&gt;KV 容量（整个集群）&lt;/b&gt;&lt;br&gt;&lt;i&gt;dp × 单个副本的 Token 数（每个 DP 副本有自己的 KV 池）&lt;/i&gt;&lt;br&gt;= %1 × %2 = %3 个 Token</translation>
    </message>
    <message>
        <source>Requests at max length, one replica</source>
        <translation>最大长度请求数（单个副本）</translation>
    </message>
    <message>
        <source>%1 (%2×)</source>
        <translation>%1（%2×）</translation>
    </message>
    <message>
        <source>Requests at max length, cluster</source>
        <translation>最大长度请求数（集群）</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>KV per token per GPU</source>
        <translation>每卡每 Token 的 KV</translation>
    </message>
    <message>
        <source>%1 B (%2)</source>
        <translation>%1 B（%2）</translation>
    </message>
    <message>
        <source>KV budget per GPU</source>
        <translation>每卡 KV 预算</translation>
    </message>
    <message>
        <source>%1 (GPU %2)</source>
        <translation>%1（GPU %2）</translation>
    </message>
    <message>
        <source>Weights per GPU (largest)</source>
        <translation>每卡权重（最大）</translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation>每卡专家数</translation>
    </message>
    <message>
        <source>%1 per MoE layer, 1/%2 of each</source>
        <translation>每个 MoE 层 %1 个，各占 1/%2</translation>
    </message>
    <message>
        <source>%1 per MoE layer</source>
        <translation>每个 MoE 层 %1 个</translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation>每段层数</translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation>最大模型长度</translation>
    </message>
    <message>
        <source>&lt;b&gt;max_model_len&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;max_model_len&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>the model&apos;s max_position_embeddings (no --max-model-len set)</source>
        <translation>模型的 max_position_embeddings（未设置 --max-model-len）</translation>
    </message>
    <message>
        <source>--max-model-len</source>
        <translation>--max-model-len</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 · nodes of %3: %2</source>
        <translation>%1 · 每节点 %3 张：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;World size&lt;/b&gt;&lt;br&gt;&lt;i&gt;tp × pp × dp&lt;/i&gt;&lt;br&gt;= %1 × %2 × %3 = %4 GPUs; nodes = ceil(%4 / %5) = %6</source>
        <translation>&lt;b&gt;总卡数&lt;/b&gt;&lt;br&gt;&lt;i&gt;tp × pp × dp&lt;/i&gt;&lt;br&gt;= %1 × %2 × %3 = %4 张 GPU；节点数 = ceil(%4 / %5) = %6</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 billion total, %2 billion active</source>
        <translation>总计 %1B，激活 %2B</translation>
    </message>
    <message>
        <source> · calibrated</source>
        <translation> · 校准</translation>
    </message>
    <message>
        <source> · estimated</source>
        <translation> · 估算</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Calibrated: the overheads come from profile &quot;%1&quot;, fitted to %2.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;校准：开销来自校准配置“%1”，拟合自 %2。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Estimated: activation, non-torch memory and CUDA graphs are modelled, not measured (calibrate to a real log in the vLLM log tab).&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;估算：激活、non-torch 显存和 CUDA Graph 是建模所得，不是实测（可在“vLLM 日志”标签页按真实日志校准）。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>a log</source>
        <translation>一份日志</translation>
    </message>
    <message>
        <source>%1 B (%2) · %3 layers</source>
        <translation>%1 B（%2）· %3 层</translation>
    </message>
    <message>
        <source>Per-request state per GPU</source>
        <translation>每卡每请求的状态</translation>
    </message>
    <message>
        <source>Requests the state alone allows</source>
        <translation>仅按状态可容纳的请求数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Requests the state alone allows&lt;/b&gt;&lt;br&gt;&lt;i&gt;floor(KV budget / per-request state)&lt;/i&gt;&lt;br&gt;= floor(%1 B / %2 B) = %3&lt;br&gt;An upper bound: the tokens&apos; KV comes on top, and vLLM pads each state page to the attention block; &quot;Requests at max length&quot; counts both.</source>
        <translation>&lt;b&gt;仅按状态可容纳的请求数&lt;/b&gt;&lt;br&gt;&lt;i&gt;floor(KV 预算 / 每请求状态)&lt;/i&gt;&lt;br&gt;= floor(%1 B / %2 B) = %3&lt;br&gt;这是上限：Token 的 KV 另算，且 vLLM 会把每个状态页填充到注意力块的大小；“最大长度请求数”两者都计入。</translation>
    </message>
    <message>
        <source>%1 tokens, %2% of capacity · estimated</source>
        <translation>%1 个 token，占容量 %2% · 估算</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV the workload holds, one replica&lt;/b&gt; (%1)&lt;br&gt;&lt;i&gt;running requests × mean context (steady state of the serving simulation)&lt;/i&gt;&lt;br&gt;= %2 × %3 = %4 tokens of %5 (%6%)</source>
        <translation>&lt;b&gt;负载占用的 KV，单个副本&lt;/b&gt;（%1）&lt;br&gt;&lt;i&gt;运行中的请求数 × 平均上下文（服务模拟的稳态）&lt;/i&gt;&lt;br&gt;= %2 × %3 = %4 个 token，共 %5（%6%）</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Estimated: a simulation of vLLM V1&apos;s scheduler, not a measurement.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;估算：模拟 vLLM V1 的调度器，不是实测。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>%1% of the KV pool · estimated</source>
        <translation>KV 池的 %1% · 估算</translation>
    </message>
    <message>
        <source>&lt;b&gt;Peak KV-pool occupancy&lt;/b&gt; (%1)&lt;br&gt;&lt;i&gt;max over the simulated run of used blocks / %2 blocks&lt;/i&gt;&lt;br&gt;= %3%; preemptions: %4</source>
        <translation>&lt;b&gt;KV 池峰值占用&lt;/b&gt;（%1）&lt;br&gt;&lt;i&gt;模拟过程中已用块数 / %2 块的最大值&lt;/i&gt;&lt;br&gt;= %3%；抢占：%4</translation>
    </message>
    <message>
        <source>KV at the workload, one replica</source>
        <translation>负载下的 KV，单个副本</translation>
    </message>
    <message>
        <source>KV peak at the workload</source>
        <translation>负载下的 KV 峰值</translation>
    </message>
    <message>
        <source>%1 B (%2) · %3 blocks</source>
        <translation>%1 B（%2）· %3 个块</translation>
    </message>
    <message>
        <source>&lt;b&gt;Per-request reserve per GPU&lt;/b&gt;&lt;br&gt;&lt;i&gt;blocks of the sliding-window and compressor-state groups one request reserves × block stride&lt;/i&gt;&lt;br&gt;= %1 × %2 B = %3 B&lt;br&gt;vLLM reserves each window plus the tokens in flight (2 × max-num-batched-tokens from 0.26), whatever the request&apos;s length; its concurrency line counts it.</source>
        <translation>&lt;b&gt;每卡每请求预留&lt;/b&gt;&lt;br&gt;&lt;i&gt;一个请求在滑动窗口组和压缩器状态组中预留的块数 × 块跨度&lt;/i&gt;&lt;br&gt;= %1 × %2 B = %3 B&lt;br&gt;无论请求多长，vLLM 都为每个窗口加上在途 Token（0.26 起为 2 × max-num-batched-tokens）预留空间；它打印的并发数计入了这部分。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Per-request state per GPU&lt;/b&gt;&lt;br&gt;&lt;i&gt;state layers on GPU %1 × one layer&apos;s state (conv + SSM / recurrent state, vLLM MambaSpec) × state blocks per request&lt;/i&gt;&lt;br&gt;= %2 × %3 B × %5 = %4 B&lt;br&gt;It does not grow with the tokens: every running request holds it, whatever its length. Blocks per request: 1, one more with prefix caching (vLLM&apos;s &quot;align&quot; mode), and one more per speculative token; speculative tokens also widen the conv state.</source>
        <translation>&lt;b&gt;每卡每请求状态&lt;/b&gt;&lt;br&gt;&lt;i&gt;GPU %1 上的状态层数 × 单层状态（卷积 + SSM / 循环状态，vLLM MambaSpec）× 每请求状态块数&lt;/i&gt;&lt;br&gt;= %2 × %3 B × %5 = %4 B&lt;br&gt;它不随 Token 数增长：每个运行中的请求无论多长都要占用它。每请求的块数：1 个；开启前缀缓存（vLLM 的“align”模式）再加 1 个；每个推测 Token 再加 1 个；推测 Token 还会加宽卷积状态。</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>No Chinese font is installed, so Chinese text shows as boxes: install one (Debian: fonts-noto-cjk) or choose English under Language.</source>
        <translation>No Chinese font is installed, so Chinese text shows as boxes: install one (Debian: fonts-noto-cjk) or choose English under Language / 语言.（未安装中文字体）</translation>
    </message>
</context>
<context>
    <name>LatencyCurveView</name>
    <message>
        <source>TPOT p50</source>
        <translation>TPOT p50</translation>
    </message>
    <message>
        <source>TPOT p99</source>
        <translation>TPOT p99</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <source>TTFT p99</source>
        <translation>TTFT p99</translation>
    </message>
    <message>
        <source>out tok/s per GPU</source>
        <translation>每卡输出 tokens/s</translation>
    </message>
    <message>
        <source>current workload</source>
        <translation>当前负载</translation>
    </message>
    <message>
        <source>Concurrency (clients)</source>
        <translation>并发数（客户端）</translation>
    </message>
    <message numerus="yes">
        <source>Computing… (%n simulations in the background)</source>
        <translation>
            <numerusform>计算中…（后台 %n 次模拟）</numerusform>
        </translation>
    </message>
    <message>
        <source>No curve: %1</source>
        <translation>无曲线：%1</translation>
    </message>
    <message>
        <source>Estimated: vLLM V1 serving simulated at %1 input and %2 output tokens, concurrency 1 to %3 (the most that fit the KV pool and max-num-seqs).</source>
        <translation>估算：模拟 vLLM V1 服务，输入 %1、输出 %2 个 Token，并发 1 到 %3（KV 池与 max-num-seqs 容纳的上限）。</translation>
    </message>
    <message>
        <source>Latency curve</source>
        <translation>延迟曲线</translation>
    </message>
    <message>
        <source>Latency–throughput curve</source>
        <translation>延迟–吞吐曲线</translation>
    </message>
    <message>
        <source>Latency, ms</source>
        <translation>延迟，毫秒</translation>
    </message>
    <message>
        <source>the plan is not valid</source>
        <translation>方案无效</translation>
    </message>
    <message>
        <source>no request completes in the simulation</source>
        <translation>模拟中没有请求完成</translation>
    </message>
    <message>
        <source>tok/s/GPU</source>
        <translation>每卡 tok/s</translation>
    </message>
</context>
<context>
    <name>LinksPanel</name>
    <message>
        <source>Communication and time</source>
        <translation>通信与时间</translation>
    </message>
    <message>
        <source>FP8 dispatch (combine stays BF16)</source>
        <translation>FP8 dispatch（combine 保持 BF16）</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Effective scale-up (NVLink, xGMI) bandwidth per GPU per direction, efficiency included</source>
        <translation>每卡单向的有效高速互连（NVLink、xGMI）带宽，已计入效率</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>α per message or ring step on the scale-up link (also used for PCIe)</source>
        <translation>高速互连上每条消息或每个环步的 α（PCIe 也用这个值）</translation>
    </message>
    <message>
        <source>Effective PCIe bandwidth per GPU per direction, for GPUs in a node but outside the scale-up domain</source>
        <translation>每卡单向的有效 PCIe 带宽，用于同一节点内但不在高速互连域内的 GPU</translation>
    </message>
    <message>
        <source>Effective NIC bandwidth per GPU per direction, across nodes</source>
        <translation>每卡单向的有效网卡带宽，用于跨节点通信</translation>
    </message>
    <message>
        <source>α per message or ring step across nodes</source>
        <translation>跨节点时每条消息或每个环步的 α</translation>
    </message>
    <message>
        <source>Achievable fraction of the HBM bandwidth in the roofline (decode is memory-bound)</source>
        <translation>Roofline 中能达到的 HBM 带宽比例（decode 是访存受限）</translation>
    </message>
    <message>
        <source>Achievable fraction of the dense peak FLOPS in the roofline (prefill is compute-bound)</source>
        <translation>Roofline 中能达到的稠密峰值 FLOPS 比例（prefill 是计算受限）</translation>
    </message>
    <message>
        <source>PP micro-batches in flight: the bubble is (pp − 1) / (m + pp − 1) of a step</source>
        <translation>同时在流水线中的 PP 微批数：气泡占一步的 (pp − 1) / (m + pp − 1)</translation>
    </message>
    <message>
        <source> × fair share</source>
        <translation> × 均分份额</translation>
    </message>
    <message>
        <source>EP routing skew: the hottest expert&apos;s rank receives this many times its fair share of tokens</source>
        <translation>EP 路由倾斜：最热专家所在的 rank 收到的 Token 数是均分份额的这么多倍</translation>
    </message>
    <message>
        <source>EP dispatch sends FP8 activations (DeepEP style): half the bytes; the combine stays BF16</source>
        <translation>EP dispatch 发送 FP8 激活（DeepEP 的做法）：字节数减半；combine 保持 BF16</translation>
    </message>
    <message>
        <source>PP micro-batches</source>
        <translation>PP 微批数</translation>
    </message>
    <message>
        <source>Routing skew</source>
        <translation>路由倾斜</translation>
    </message>
    <message>
        <source>EP dispatch</source>
        <translation>EP dispatch</translation>
    </message>
    <message>
        <source>Scale-up bandwidth</source>
        <translation>高速互连带宽</translation>
    </message>
    <message>
        <source>Scale-up latency</source>
        <translation>高速互连延迟</translation>
    </message>
    <message>
        <source>PCIe bandwidth</source>
        <translation>PCIe 带宽</translation>
    </message>
    <message>
        <source>NIC bandwidth</source>
        <translation>网卡带宽</translation>
    </message>
    <message>
        <source>NIC latency</source>
        <translation>网卡延迟</translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation>HBM 效率</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>Set micro-batches</source>
        <translation>设置微批数</translation>
    </message>
    <message>
        <source>Set routing skew</source>
        <translation>设置路由倾斜</translation>
    </message>
    <message>
        <source>Change EP dispatch</source>
        <translation>更改 EP dispatch</translation>
    </message>
    <message>
        <source>Set scale-up bandwidth</source>
        <translation>设置高速互连带宽</translation>
    </message>
    <message>
        <source>Set scale-up latency</source>
        <translation>设置高速互连延迟</translation>
    </message>
    <message>
        <source>Set PCIe bandwidth</source>
        <translation>设置 PCIe 带宽</translation>
    </message>
    <message>
        <source>Set NIC bandwidth</source>
        <translation>设置网卡带宽</translation>
    </message>
    <message>
        <source>Set NIC latency</source>
        <translation>设置网卡延迟</translation>
    </message>
    <message>
        <source>Set HBM efficiency</source>
        <translation>设置 HBM 效率</translation>
    </message>
    <message>
        <source>Set compute efficiency</source>
        <translation>设置计算效率</translation>
    </message>
    <message>
        <source>preset (%1%2)</source>
        <translation>预设（%1%2）</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认值（%1）</translation>
    </message>
</context>
<context>
    <name>LogReconciler</name>
    <message>
        <source>There is no plan to compare with.</source>
        <translation>没有可以对照的方案。</translation>
    </message>
    <message>
        <source>No vLLM startup lines found: the log needs at least one of &quot;Model loading took&quot;, &quot;Available KV cache memory&quot;, &quot;GPU KV cache size&quot; or &quot;# GPU blocks&quot;.</source>
        <translation>没有找到 vLLM 启动日志行：日志中至少要有 &quot;Model loading took&quot;、&quot;Available KV cache memory&quot;、&quot;GPU KV cache size&quot; 或 &quot;# GPU blocks&quot; 之一。</translation>
    </message>
    <message>
        <source>The plan&apos;s model or GPU is not in the catalog.</source>
        <translation>方案的模型或 GPU 不在目录中。</translation>
    </message>
    <message>
        <source>The plan the log ran cannot be evaluated: %1</source>
        <translation>无法评估日志所运行的方案：%1</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>Reconciling needs vLLM accounting (Memory and workload → Accounting).</source>
        <translation>对照需要 vLLM 显存核算（显存与负载 → 显存核算）。</translation>
    </message>
    <message>
        <source>Cannot read that log: %1</source>
        <translation>无法读取该日志：%1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot calibrate: %1</source>
        <translation>无法校准：%1</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Memory &amp;&amp; KV</source>
        <translation>显存和 KV</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>The current plan is unchanged.</source>
        <translation>当前方案没有改变。</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — ShardScope</source>
        <translation>%1[*] — ShardScope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New plan</source>
        <translation>新建方案(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open plan…</source>
        <translation>打开方案(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;config.json…</source>
        <translation>打开 config.json(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Import vLLM command…</source>
        <translation>导入 vLLM 命令(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Save plan</source>
        <translation>保存方案(&amp;S)</translation>
    </message>
    <message>
        <source>Save plan &amp;as…</source>
        <translation>方案另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Export &amp;launch commands…</source>
        <translation>导出启动命令(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Placement grid as PNG or SVG…</source>
        <translation>放置网格导出为 PNG 或 SVG…</translation>
    </message>
    <message>
        <source>Memory chart as PNG or SVG…</source>
        <translation>显存图导出为 PNG 或 SVG…</translation>
    </message>
    <message>
        <source>Communication chart as PNG or SVG…</source>
        <translation>通信图导出为 PNG 或 SVG…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Layers × GPUs</source>
        <translation>层 × GPU</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Memory and KV</source>
        <translation>显存和 KV</translation>
    </message>
    <message>
        <source>GPU table</source>
        <translation>GPU 表</translation>
    </message>
    <message>
        <source>Use the nearest exportable plan</source>
        <translation>使用最接近的可导出方案</translation>
    </message>
    <message>
        <source>The command&apos;s model &quot;%1&quot; is not a preset: open its config.json first, then import again.</source>
        <translation>命令中的模型“%1”不是预设：请先打开它的 config.json，再重新导入。</translation>
    </message>
    <message>
        <source>Import vLLM command</source>
        <translation>导入 vLLM 命令</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>vLLM log</source>
        <translation>vLLM 日志</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>打开模型文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Use the nearest plan that fits</source>
        <translation>使用最接近的可容纳方案</translation>
    </message>
    <message>
        <source>Restore unsaved plan</source>
        <translation>恢复未保存的方案</translation>
    </message>
    <message>
        <source>an untitled plan</source>
        <translation>未命名方案</translation>
    </message>
    <message>
        <source>Restore unsaved plan from %1?</source>
        <translation>恢复来自 %1 的未保存方案吗？</translation>
    </message>
    <message>
        <source>ShardScope did not quit normally; these changes were saved automatically at %1.</source>
        <translation>ShardScope 上次没有正常退出；这些更改已于 %1 自动保存。</translation>
    </message>
    <message>
        <source>The unsaved plan of the last session could not be restored: %1</source>
        <translation>上次会话中未保存的方案无法恢复：%1</translation>
    </message>
    <message>
        <source>The unsaved plan of the last session could not be restored: %1. It was kept as %2.</source>
        <translation>上次会话中未保存的方案无法恢复：%1。它已另存为 %2。</translation>
    </message>
    <message>
        <source>Prefill/decode plan: the views show one server of the prefill pool (%1 of them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode.</source>
        <translation>预填充/解码分离方案：各视图显示预填充池中的一台服务器（共 %1 台），TP %2 · PP %3 · DP %4 · EP %5。可在“预填充与解码”中切换池。</translation>
    </message>
    <message>
        <source>Prefill/decode plan: the views show one server of the decode pool (%1 of them), TP %2 · PP %3 · DP %4 · EP %5. Switch pools under Prefill and decode.</source>
        <translation>预填充/解码分离方案：各视图显示解码池中的一台服务器（共 %1 台），TP %2 · PP %3 · DP %4 · EP %5。可在“预填充与解码”中切换池。</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>node (bar = its tightest GPU)</source>
        <translation>节点（柱 = 其中最紧张的卡）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;node %1&lt;/b&gt;: its tightest GPU is GPU %2&lt;br&gt;</source>
        <translation>&lt;b&gt;节点 %1&lt;/b&gt;：其中最紧张的是 GPU %2&lt;br&gt;</translation>
    </message>
    <message>
        <source>total %1 = weights %2 + activation %3 + other %4 + KV cache %5 + headroom %6</source>
        <translation>总量 %1 = 权重 %2 + 激活 %3 + 其他 %4 + KV Cache %5 + 余量 %6</translation>
    </message>
    <message>
        <source>&lt;b&gt;Headroom&lt;/b&gt;&lt;br&gt;&lt;i&gt;total × (1 − gpu_memory_utilization)&lt;/i&gt;&lt;br&gt;= %1 × (1 − %2) = %3 — left for other processes</source>
        <translation>&lt;b&gt;余量&lt;/b&gt;&lt;br&gt;&lt;i&gt;总量 × (1 − gpu_memory_utilization)&lt;/i&gt;&lt;br&gt;= %1 × (1 − %2) = %3 — 留给其他进程</translation>
    </message>
    <message>
        <source>activation and other: calibrated (profile &quot;%1&quot;)</source>
        <translation>激活与其他：校准（校准配置“%1”）</translation>
    </message>
    <message>
        <source>activation and other: estimated (no calibration profile)</source>
        <translation>激活与其他：估算（无校准配置）</translation>
    </message>
    <message>
        <source>Memory per GPU, one bar per node (%1 GPUs)</source>
        <translation>每卡显存，每个节点一根柱（共 %1 张卡）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>other = non-torch, CUDA graphs, reserve</source>
        <translation>其他 = non-torch、CUDA Graph、预留</translation>
    </message>
    <message>
        <source>headroom = 1 − utilization</source>
        <translation>余量 = 1 − 利用率</translation>
    </message>
    <message>
        <source>usable = utilization × total</source>
        <translation>可用 = 利用率 × 总量</translation>
    </message>
    <message>
        <source>x: %1</source>
        <translation>横轴：%1</translation>
    </message>
</context>
<context>
    <name>MemoryTerms</name>
    <message>
        <source>usable (total x utilization)</source>
        <translation>可用（总量 x 利用率）</translation>
    </message>
    <message>
        <source>ceil(%1 visible to CUDA on %2 x %3); vLLM %4 defaults to %5 when not given</source>
        <translation>ceil(%2 上 CUDA 可见的 %1 x %3)；未指定时 vLLM %4 默认取 %5</translation>
    </message>
    <message>
        <source>tensors resident on this rank as vLLM loads them (%1), sharded over tp=%2</source>
        <translation>vLLM 加载后驻留在本 rank 上的张量（%1），按 tp=%2 切分</translation>
    </message>
    <message>
        <source>, %1 expert slots per MoE layer split %2 ways</source>
        <translation>，每个 MoE 层 %1 个专家槽位，每个切成 %2 份</translation>
    </message>
    <message>
        <source>, embedding</source>
        <translation>，嵌入层</translation>
    </message>
    <message>
        <source>, LM head</source>
        <translation>，输出层</translation>
    </message>
    <message>
        <source>, %1 draft layer(s) %2</source>
        <translation>，%1 个草稿层 %2</translation>
    </message>
    <message>
        <source>weights (&quot;Model loading took&quot;)</source>
        <translation>权重（“Model loading took”）</translation>
    </message>
    <message>
        <source>V0 profiling run over %1 tokens (max(max_model_len, 2048) without chunked prefill): hidden states %2 + q/k/v and MLP (%3/tp) outputs %4</source>
        <translation>V0 在 %1 个 Token 上做 profiling（max(max_model_len, 2048)，不开 chunked prefill）：hidden states %2 + q/k/v 和 MLP（%3/tp）输出 %4</translation>
    </message>
    <message>
        <source>MoE workspace, %1 experts x %2/%3</source>
        <translation>MoE 工作区，%1 个专家 x %2/%3</translation>
    </message>
    <message>
        <source>profiling run over max_num_batched_tokens=%1: hidden states (%2) %3 + the larger of the forward pass (%4) %5</source>
        <translation>在 max_num_batched_tokens=%1 上做 profiling：hidden states（%2）%3 + 取较大者：前向计算（%4）%5</translation>
    </message>
    <message>
        <source> and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers in vLLM %4) %5</source>
        <translation> 与采样器（max_num_seqs=%1 x 词表 %2 的 FP32 logits，vLLM %4 中约 %3 个缓冲区）%5</translation>
    </message>
    <message>
        <source>, on top of the MoE workspace kept through it %1</source>
        <translation>，叠加在期间一直保留的 MoE 工作区 %1 之上</translation>
    </message>
    <message>
        <source> (no sampler: not the last PP stage)</source>
        <translation>（没有采样器：不是最后一个 PP 段）</translation>
    </message>
    <message>
        <source>; x %1 from calibration profile &quot;%2&quot;</source>
        <translation>；按校准配置“%2”乘以 %1</translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation>峰值激活</translation>
    </message>
    <message>
        <source>measured in calibration profile &quot;%1&quot; (tp=%2)</source>
        <translation>在校准配置“%1”中实测（tp=%2）</translation>
    </message>
    <message>
        <source>tp=1: cuBLAS workspaces and allocator overhead, ~%1 in vLLM %2 (measured, core/evaluate/profilerun.h)</source>
        <translation>tp=1：cuBLAS 工作区和分配器开销，vLLM %2 中约 %1（实测，core/evaluate/profilerun.h）</translation>
    </message>
    <message>
        <source>tp=%1 without custom all-reduce (%2 node(s), no P2P link or TP across nodes): NCCL buffers only, ~0.25 GiB</source>
        <translation>tp=%1 且没有自定义 all-reduce（%2 个节点，无 P2P 链路或 TP 跨节点）：只有 NCCL 缓冲区，约 0.25 GiB</translation>
    </message>
    <message>
        <source>tp=%1 on one node: NCCL and custom all-reduce buffers, ~%2 in vLLM %3 (measured, core/evaluate/profilerun.h)</source>
        <translation>tp=%1 在单节点上：NCCL 和自定义 all-reduce 缓冲区，vLLM %3 中约 %2（实测，core/evaluate/profilerun.h）</translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation>non-torch 显存</translation>
    </message>
    <message>
        <source>0: --enforce-eager captures no CUDA graphs</source>
        <translation>0：--enforce-eager 不捕获 CUDA Graph</translation>
    </message>
    <message>
        <source>measured in calibration profile &quot;%1&quot;</source>
        <translation>在校准配置“%1”中实测</translation>
    </message>
    <message>
        <source>; subtracted from the KV budget (vLLM &gt;= 0.21, VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1)</source>
        <translation>；从 KV 预算中扣除（vLLM &gt;= 0.21，VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1）</translation>
    </message>
    <message>
        <source>; not subtracted: before vLLM 0.21 graphs are captured in the (1 - utilization) headroom</source>
        <translation>；不扣除：vLLM 0.21 之前 CUDA Graph 在 (1 - 利用率) 的余量中捕获</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <source>requested minus every subtracted term (&quot;Available KV cache memory&quot;); %1 B per token on this rank</source>
        <translation>申请量减去所有扣除项（“Available KV cache memory”）；本 rank 每 Token %1 B</translation>
    </message>
    <message>
        <source> (tokens sharded over dcp=%1)</source>
        <translation>（Token 按 dcp=%1 切分）</translation>
    </message>
    <message>
        <source>KV cache budget</source>
        <translation>KV Cache 预算</translation>
    </message>
    <message>
        <source>; not subtracted: a fixed --kv-cache-memory-bytes replaces the budget arithmetic</source>
        <translation>；未扣除：固定的 --kv-cache-memory-bytes 取代了预算计算</translation>
    </message>
    <message>
        <source>; not subtracted: vLLM 0.21-0.25 left ROCm out of the CUDA-graph estimate (is_cuda() only)</source>
        <translation>；未扣除：vLLM 0.21-0.25 的 CUDA 图估算不包括 ROCm（仅 is_cuda()）</translation>
    </message>
    <message>
        <source>--kv-cache-memory-bytes %1 as given (utilization and the other terms do not apply); %2 B per token on this rank</source>
        <translation>按给定的 --kv-cache-memory-bytes %1（利用率和其他各项不适用）；本卡每个 token %2 B</translation>
    </message>
    <message>
        <source>, less --mm-ipc-gpu-memory-gb %1 GiB for multimodal decoding</source>
        <translation>，再减去用于多模态解码的 --mm-ipc-gpu-memory-gb %1 GiB</translation>
    </message>
    <message>
        <source> and the sampler (max_num_seqs=%1 x vocab %2 FP32 logits, ~%3 buffers with FlashInfer&apos;s top-k/top-p kernel in vLLM %4) %5</source>
        <translation> 与采样器（max_num_seqs=%1 x 词表 %2 的 FP32 logits，vLLM %4 中使用 FlashInfer 的 top-k/top-p 内核时约 %3 个缓冲区）%5</translation>
    </message>
    <message>
        <source>tp=%1 with --disable-custom-all-reduce: NCCL buffers only, ~0.25 GiB</source>
        <translation>tp=%1，--disable-custom-all-reduce：仅 NCCL 缓冲区，约 0.25 GiB</translation>
    </message>
    <message>
        <source>, the vision tower (%1) split over tp %2</source>
        <translation>，视觉编码器（%1）按 tp 切分 %2</translation>
    </message>
    <message>
        <source>, the vision tower (%1) whole on each rank %2</source>
        <translation>，视觉编码器（%1）每张卡完整一份 %2</translation>
    </message>
    <message>
        <source> (the hidden states include the attention-residual bank: %1 blocks of %2 layers, %3 x %1 x hidden x 2 B)</source>
        <translation>（隐藏状态含注意力残差块库：%1 个块，每块 %2 层，%3 × %1 × hidden × 2 B）</translation>
    </message>
    <message>
        <source>Gated DeltaNet / KDA projections and output buffers</source>
        <translation>Gated DeltaNet / KDA 投影与输出缓冲区</translation>
    </message>
    <message>
        <source>Marlin MoE caches for all %1 tokens, not chunked</source>
        <translation>Marlin MoE 缓存（覆盖全部 %1 个 token，不分块）</translation>
    </message>
    <message>
        <source>; before it the vision encoder&apos;s profiling pass on %1 dummy image(s) of the processor&apos;s largest size (%2 tokens, %3 patches): its own peak %4, and %5 of pixels and outputs kept through the language model&apos;s run; the larger of %4 and %5 + %6 is the peak (--skip-mm-profiling or --language-model-only leave it out)</source>
        <translation>；在此之前，视觉编码器的分析运行处理 %1 张处理器最大尺寸的虚拟图像（%2 个 token，%3 个 patch）：其自身峰值 %4，另有 %5 的像素与输出保留到语言模型运行期间；峰值取 %4 与 %5 + %6 中较大者（--skip-mm-profiling 或 --language-model-only 可将其排除）</translation>
    </message>
    <message>
        <source>%1 PIECEWISE + %2 FULL graphs: the largest&apos;s first capture + %3 MiB per further graph (%4 layers x 0.198 MiB, fitted to vLLM 0.19&apos;s printed estimates; core/evaluate/cudagraphestimate.h)</source>
        <translation>%1 个 PIECEWISE + %2 个 FULL 图：最大图的首次捕获 + 其余每个图 %3 MiB（%4 层 × 0.198 MiB，拟合自 vLLM 0.19 打印的估计值；core/evaluate/cudagraphestimate.h）</translation>
    </message>
    <message>
        <source>; not subtracted: Model Runner V2, vLLM&apos;s default for dense models from 0.25.1, charged 0 for graphs before 0.30 (a stub), so they come out of the (1 - utilization) headroom</source>
        <translation>；未扣除：Model Runner V2（自 0.25.1 起为稠密模型的默认实现）在 0.30 之前对 CUDA 图计为 0（占位实现），图从 (1 - 利用率) 余量中分配</translation>
    </message>
    <message>
        <source>; of it %1 of NCCL&apos;s NVLink SHARP buffers: two communicators (vLLM&apos;s and torch&apos;s) on %2 GPUs of one NVSwitch node (core/evaluate/ncclnvls.h)</source>
        <translation>；其中 %1 为 NCCL 的 NVLink SHARP 缓冲区：同一 NVSwitch 节点上 %2 块 GPU 的两个通信器（vLLM 的与 torch 的）（core/evaluate/ncclnvls.h）</translation>
    </message>
    <message>
        <source>; plus %1 of NCCL&apos;s NVLink SHARP buffers: two communicators (vLLM&apos;s and torch&apos;s) on %2 GPUs of one NVSwitch node (core/evaluate/ncclnvls.h)</source>
        <translation>；另加 %1 的 NCCL NVLink SHARP 缓冲区：同一 NVSwitch 节点上 %2 块 GPU 的两个通信器（vLLM 的与 torch 的）（core/evaluate/ncclnvls.h）</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Search models…</source>
        <translation>搜索模型…</translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation>打开 config.json…</translation>
    </message>
    <message>
        <source>Use a Hugging Face config.json (you can also drop one on the window)</source>
        <translation>使用 Hugging Face 的 config.json（也可以直接拖到窗口上）</translation>
    </message>
    <message>
        <source>Dense</source>
        <translation>Dense</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家（MoE）</translation>
    </message>
    <message>
        <source>MLA (DeepSeek-style attention)</source>
        <translation>MLA（DeepSeek 式注意力）</translation>
    </message>
    <message>
        <source>%1 · %2 layers · %3</source>
        <translation>%1 · %2 层 · %3</translation>
    </message>
    <message>
        <source>Your configs</source>
        <translation>你的配置</translation>
    </message>
    <message>
        <source>Type words of a model&apos;s name or id, in any order, then Enter</source>
        <translation>输入模型名称或 id 中的词（顺序不限），然后按回车</translation>
    </message>
</context>
<context>
    <name>ParallelismPanel</name>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>Expert parallel as vLLM does it (ep = tp × dp)</source>
        <translation>按 vLLM 的方式开启专家并行（ep = tp × dp）</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Tensor parallel: each layer&apos;s heads and MLP split over this many GPUs</source>
        <translation>张量并行：每层的注意力头和 MLP 切分到这么多张卡上</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Pipeline parallel: the layers split into this many stages</source>
        <translation>流水线并行：把层切成这么多段</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Data parallel: independent replicas, each with its own KV cache</source>
        <translation>数据并行：独立的副本，各有自己的 KV Cache</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallel: the experts of a stage spread over this many of its tp × dp GPUs</source>
        <translation>专家并行：一段的专家分布到其 tp × dp 张卡中的这么多张上</translation>
    </message>
    <message>
        <source>vLLM&apos;s --enable-expert-parallel: every GPU of a stage holds whole experts</source>
        <translation>vLLM 的 --enable-expert-parallel：一段中每张卡都持有完整的专家</translation>
    </message>
    <message>
        <source>Enable expert parallelism</source>
        <translation>开启专家并行</translation>
    </message>
    <message>
        <source>Disable expert parallelism</source>
        <translation>关闭专家并行</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>把 %1 设为 %2</translation>
    </message>
    <message>
        <source>outside the offered range</source>
        <translation>超出可选范围</translation>
    </message>
    <message>
        <source>%1 is not allowed: %2 — using %3</source>
        <translation>不允许 %1：%2 — 改用 %3</translation>
    </message>
    <message>
        <source>divides the %1 attention heads: %2</source>
        <translation>能整除 %1 个注意力头：%2</translation>
    </message>
    <message>
        <source> · above %1 the KV heads are replicated</source>
        <translation> · 超过 %1 时 KV 头会被复制</translation>
    </message>
    <message>
        <source>1 to %1 stages (%2 layers)</source>
        <translation>1 到 %1 段（%2 层）</translation>
    </message>
    <message>
        <source>replicas · tp × pp × dp = %1 GPUs</source>
        <translation>副本 · tp × pp × dp = %1 张 GPU</translation>
    </message>
    <message>
        <source>divides tp × dp = %1: %2 · vLLM offers 1 or %1</source>
        <translation>能整除 tp × dp = %1：%2 · vLLM 只支持 1 或 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 GPUs&lt;/b&gt; = tp %2 × pp %3 × dp %4 · nodes of %6: %5</source>
        <translation>&lt;b&gt;%1 张 GPU&lt;/b&gt; = tp %2 × pp %3 × dp %4 · 每节点 %6 张：%5</translation>
    </message>
    <message>
        <source>&lt;b&gt;No placement&lt;/b&gt; — see the issues above</source>
        <translation>&lt;b&gt;无法放置&lt;/b&gt; — 请看上方的问题提示</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 GPU&lt;/b&gt; = tp 1 × pp 1 × dp 1</source>
        <translation>&lt;b&gt;1 张 GPU&lt;/b&gt; = tp 1 × pp 1 × dp 1</translation>
    </message>
</context>
<context>
    <name>PlacementGrid</name>
    <message>
        <source>zoom %1% · drag to pan · 0 to fit</source>
        <translation>缩放 %1% · 拖动平移 · 按 0 适应窗口</translation>
    </message>
</context>
<context>
    <name>PlanRules</name>
    <message>
        <source>must be at least 1</source>
        <translation>至少为 1</translation>
    </message>
</context>
<context>
    <name>PoolPanel</name>
    <message>
        <source>%1 × (TP %2 · PP %3 · DP %4 · EP %5) = %6 GPUs, %7</source>
        <translation>%1 × (TP %2 · PP %3 · DP %4 · EP %5) = %6 张 GPU，%7</translation>
    </message>
    <message>
        <source>Set prefill instances to %1</source>
        <translation>将预填充实例数设为 %1</translation>
    </message>
    <message>
        <source>Set decode instances to %1</source>
        <translation>将解码实例数设为 %1</translation>
    </message>
    <message>
        <source>Set the KV transfer link</source>
        <translation>设置 KV 传输链路</translation>
    </message>
    <message>
        <source>Prefill and decode</source>
        <translation>预填充与解码</translation>
    </message>
    <message>
        <source>Disaggregated prefill/decode</source>
        <translation>预填充/解码分离</translation>
    </message>
    <message>
        <source>Serve prompts and decodes on two pools of vLLM servers; the KV cache of each prompt crosses to the decode pool (vLLM&apos;s NixlConnector). Off: one pool does both.</source>
        <translation>用两池 vLLM 服务器分别处理提示和解码；每个提示的 KV 缓存传到解码池（vLLM 的 NixlConnector）。关闭：一个池同时完成两者。</translation>
    </message>
    <message>
        <source>Prefill servers (x of xPyD)</source>
        <translation>预填充服务器数（xPyD 中的 x）</translation>
    </message>
    <message>
        <source>Decode servers (y of xPyD)</source>
        <translation>解码服务器数（xPyD 中的 y）</translation>
    </message>
    <message>
        <source>NIC (another node)</source>
        <translation>网卡（另一节点）</translation>
    </message>
    <message>
        <source>Scale-up link (same NVLink/xGMI domain)</source>
        <translation>Scale-up 链路（同一 NVLink/xGMI 域）</translation>
    </message>
    <message>
        <source>PCIe (same node)</source>
        <translation>PCIe（同一节点）</translation>
    </message>
    <message>
        <source>The link the KV cache crosses from a prefill to a decode GPU (α-β of the GPU preset)</source>
        <translation>KV 缓存从预填充 GPU 传到解码 GPU 所经的链路（α-β 取自 GPU 预设）</translation>
    </message>
    <message>
        <source>Prefill instances</source>
        <translation>预填充实例数</translation>
    </message>
    <message>
        <source>Decode instances</source>
        <translation>解码实例数</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV 传输</translation>
    </message>
    <message>
        <source>Disaggregate prefill and decode</source>
        <translation>分离预填充与解码</translation>
    </message>
    <message>
        <source>Serve aggregated</source>
        <translation>改为聚合服务</translation>
    </message>
    <message>
        <source>The views and the parallelism, GPU and batch controls show the %1 pool; the Workload group shows both pools together.</source>
        <translation>各视图以及并行、GPU 和批处理控件显示%1池；“负载”组显示两个池合在一起的结果。</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>KV transfer per prompt (estimated): %1 MB per GPU in %2; the %3 pool bounds the rate at %4 requests/s.</source>
        <translation>每个提示的 KV 传输（估算）：每 GPU %1 MB，耗时 %2；%3池把速率限制在每秒 %4 个请求。</translation>
    </message>
    <message>
        <source>Show the prefill pool</source>
        <translation>显示预填充池</translation>
    </message>
    <message>
        <source>Show the decode pool</source>
        <translation>显示解码池</translation>
    </message>
    <message>
        <source>Prefill: %1</source>
        <translation>预填充：%1</translation>
    </message>
    <message>
        <source>Decode: %1</source>
        <translation>解码：%1</translation>
    </message>
</context>
<context>
    <name>PresetRepository</name>
    <message>
        <source>user presets found in the old folder %1: ShardScope now reads %2 (as documented) and still reads the old folder for now; move models/ and gpus/ there.</source>
        <translation>在旧文件夹 %1 中找到用户预设：ShardScope 现在读取 %2（与文档一致），暂时仍会读取旧文件夹；请把 models/ 和 gpus/ 移到那里。</translation>
    </message>
</context>
<context>
    <name>Reconcile</name>
    <message>
        <source>%1 larger than modelled by %2</source>
        <translation>%1 比建模值大 %2</translation>
    </message>
    <message>
        <source>%1 smaller than modelled by %2</source>
        <translation>%1 比建模值小 %2</translation>
    </message>
    <message>
        <source>the plan could not be evaluated, so there is nothing to compare</source>
        <translation>方案无法评估，因此没有可对照的内容</translation>
    </message>
    <message>
        <source>weights per GPU (largest)</source>
        <translation>每卡权重（最大）</translation>
    </message>
    <message>
        <source>peak activation</source>
        <translation>峰值激活</translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation>non-torch 显存</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <source>available KV cache memory (binding GPU)</source>
        <translation>可用 KV Cache 显存（决定容量的卡）</translation>
    </message>
    <message>
        <source>GPU blocks</source>
        <translation>GPU 块数</translation>
    </message>
    <message>
        <source>GPU KV cache size</source>
        <translation>GPU KV Cache 容量</translation>
    </message>
    <message>
        <source>maximum concurrency</source>
        <translation>最大并发</translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>the log ran max_model_len %1, the plan uses %2</source>
        <translation>日志运行时 max_model_len 为 %1，方案使用 %2</translation>
    </message>
    <message>
        <source>the log&apos;s concurrency is for %1-token requests</source>
        <translation>日志中的并发数按 %1 Token 长的请求计算</translation>
    </message>
    <message>
        <source>the log prints no available KV memory, so the budget cannot be reconciled</source>
        <translation>日志没有打印可用 KV 显存，因此无法对照预算</translation>
    </message>
    <message>
        <source>the GPU&apos;s visible memory differs (%1 vs %2)</source>
        <translation>GPU 可见显存不同（%1 对 %2）</translation>
    </message>
    <message>
        <source>peak activation + non-torch (not printed by this log)</source>
        <translation>峰值激活 + non-torch（这份日志没有打印）</translation>
    </message>
    <message>
        <source>peak activation (not printed by this log)</source>
        <translation>峰值激活（这份日志没有打印）</translation>
    </message>
    <message>
        <source>non-torch memory (not printed by this log)</source>
        <translation>non-torch 显存（这份日志没有打印）</translation>
    </message>
    <message>
        <source>rounding and terms vLLM does not print</source>
        <translation>取整误差以及 vLLM 不打印的项</translation>
    </message>
    <message>
        <source>predicted available KV matches the log (%1 vs %2)</source>
        <translation>预测的可用 KV 显存与日志一致（%1 对 %2）</translation>
    </message>
    <message>
        <source>the log has %1 (%2) more available KV memory than predicted; mostly %3</source>
        <translation>日志中的可用 KV 显存比预测多 %1（%2）；主要因为%3</translation>
    </message>
    <message>
        <source>the log has %1 (%2) less available KV memory than predicted; mostly %3</source>
        <translation>日志中的可用 KV 显存比预测少 %1（%2）；主要因为%3</translation>
    </message>
    <message>
        <source>the log has %1 (%2) more available KV memory than predicted</source>
        <translation>日志中的可用 KV 显存比预测多 %1（%2）</translation>
    </message>
    <message>
        <source>the log has %1 (%2) less available KV memory than predicted</source>
        <translation>日志中的可用 KV 显存比预测少 %1（%2）</translation>
    </message>
    <message>
        <source>the plan could not be evaluated in vLLM accounting</source>
        <translation>方案无法按 vLLM 显存核算评估</translation>
    </message>
    <message>
        <source>the log prints no available KV memory (&quot;Available KV cache memory&quot; or the V0 profiling summary)</source>
        <translation>日志没有打印可用 KV 显存（&quot;Available KV cache memory&quot; 或 V0 的 profiling 汇总）</translation>
    </message>
    <message>
        <source>the modelled peak activation is zero, nothing to scale</source>
        <translation>建模的峰值激活为零，无法按比例缩放</translation>
    </message>
    <message>
        <source>the log leaves no room for peak activation (%1): is the plan the one that ran?</source>
        <translation>日志没有给峰值激活留下空间（%1）：方案和实际运行的一致吗？</translation>
    </message>
    <message>
        <source>CUDA graphs captured (PIECEWISE + FULL)</source>
        <translation>捕获的 CUDA 图（PIECEWISE + FULL）</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>expected a .md or .pdf file name</source>
        <translation>文件名应以 .md 或 .pdf 结尾</translation>
    </message>
    <message>
        <source>PDF output needs the GUI libraries; write Markdown (.md) instead</source>
        <translation>生成 PDF 需要图形界面库；请改为输出 Markdown（.md）</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>%1 on %2 node of %3</source>
        <translation>%1 张，%2 个节点，每节点 %3 张</translation>
    </message>
    <message>
        <source>%1 on %2 nodes of %3</source>
        <translation>%1 张，%2 个节点，每节点 %3 张</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source> (vLLM %1, overheads %2)</source>
        <translation>（vLLM %1，开销%2）</translation>
    </message>
    <message>
        <source>Accounting %1%2, gpu_memory_utilization %3, max_model_len %4, KV cache %5, weights %6, block size %7.</source>
        <translation>核算方式 %1%2，gpu_memory_utilization %3，max_model_len %4，KV Cache %5，权重 %6，块大小 %7。</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Layers × GPUs: which layers each GPU holds, by pipeline stage</source>
        <translation>层 × GPU：按流水线段显示每张卡持有哪些层</translation>
    </message>
    <message>
        <source>Ranks are laid out DP × PP × TP with TP fastest (vLLM&apos;s initialize_model_parallel); layers per stage follow get_pp_indices.</source>
        <translation>Rank 按 DP × PP × TP 排列，TP 变化最快（vLLM 的 initialize_model_parallel）；每段的层数按 get_pp_indices 计算。</translation>
    </message>
    <message>
        <source>Ranks are laid out DP × PP × TP with TP fastest (vLLM&apos;s initialize_model_parallel); layers per stage follow get_pp_indices overridden by VLLM_PP_LAYER_PARTITION.</source>
        <translation>Rank 按 DP × PP × TP 排列，TP 变化最快（vLLM 的 initialize_model_parallel）；每段的层数按 get_pp_indices 计算，并由 VLLM_PP_LAYER_PARTITION 覆盖。</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>输出层</translation>
    </message>
    <message>
        <source>1 latent (MLA, not split)</source>
        <translation>1 个潜在向量（MLA，不切分）</translation>
    </message>
    <message>
        <source>%1 (replicated ×%2)</source>
        <translation>%1（复制 ×%2）</translation>
    </message>
    <message>
        <source>%1 (each 1/%2)</source>
        <translation>%1（每个 1/%2）</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>段</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Q heads / GPU</source>
        <translation>每卡 Q 头</translation>
    </message>
    <message>
        <source>KV heads / GPU</source>
        <translation>每卡 KV 头</translation>
    </message>
    <message>
        <source>Experts / GPU</source>
        <translation>每卡专家数</translation>
    </message>
    <message>
        <source>Also holds</source>
        <translation>另外持有</translation>
    </message>
    <message>
        <source>Per-GPU rows omitted for %1 GPUs: `shardscope plan --format json` lists them all.</source>
        <translation>%1 张 GPU 时省略逐卡的行：`shardscope plan --format json` 会全部列出。</translation>
    </message>
    <message>
        <source>latent</source>
        <translation>潜在向量</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>TP rank</translation>
    </message>
    <message>
        <source>DP rank</source>
        <translation>DP rank</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <source>Q heads</source>
        <translation>Q 头</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV budget</source>
        <translation>KV 预算</translation>
    </message>
    <message>
        <source>Memory and KV cache</source>
        <translation>显存与 KV Cache</translation>
    </message>
    <message>
        <source>Per GPU, for GPU %1, the one with the fewest KV blocks (it binds the replica).</source>
        <translation>每卡数值，取 GPU %1，即 KV 块数最少的那张卡（它决定整个副本）。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总量</translation>
    </message>
    <message>
        <source>GPU preset</source>
        <translation>GPU 预设</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>total × %1</source>
        <translation>总量 × %1</translation>
    </message>
    <message>
        <source>Reserve</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>--reserved-bytes (assumption)</source>
        <translation>--reserved-bytes（假设）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>How</source>
        <translation>计算方法</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>Capacity (one replica)</source>
        <translation>容量（单个副本）</translation>
    </message>
    <message>
        <source>Concurrent requests (one replica)</source>
        <translation>并发请求数（单个副本）</translation>
    </message>
    <message>
        <source>%1 of %2 tokens</source>
        <translation>%1 个，每个 %2 Token</translation>
    </message>
    <message>
        <source>Concurrent requests (cluster)</source>
        <translation>并发请求数（整个集群）</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>注：%1。</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信</translation>
    </message>
    <message>
        <source>One %1 step of n = %2 tokens; activations in BF16. Times are α-β estimates on the link each group uses; &quot;per GPU&quot; is the busiest GPU.</source>
        <translation>一次 %1 步，n = %2 个 Token；激活为 BF16。时间是按每个组所用链路做的 α-β 估算；“每卡”指最忙的那张卡。</translation>
    </message>
    <message>
        <source>TP AllReduce</source>
        <translation>TP AllReduce</translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation>嵌入层 AllReduce</translation>
    </message>
    <message>
        <source>LM-head AllGather</source>
        <translation>输出层 AllGather</translation>
    </message>
    <message>
        <source>PP send</source>
        <translation>PP 发送</translation>
    </message>
    <message>
        <source>lockstep (MoE)</source>
        <translation>同步步进（MoE）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Ops / step</source>
        <translation>每步次数</translation>
    </message>
    <message>
        <source>Bytes / op</source>
        <translation>每次字节数</translation>
    </message>
    <message>
        <source>Sent / GPU / step</source>
        <translation>每卡每步发送量</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Show your work:</source>
        <translation>计算过程：</translation>
    </message>
    <message>
        <source>, overridden by the plan</source>
        <translation>，已被方案覆盖</translation>
    </message>
    <message>
        <source>α per step</source>
        <translation>每步 α</translation>
    </message>
    <message>
        <source>B effective</source>
        <translation>有效 B</translation>
    </message>
    <message>
        <source>Line rate × efficiency</source>
        <translation>线速 × 效率</translation>
    </message>
    <message>
        <source>Time estimates</source>
        <translation>时间估算</translation>
    </message>
    <message>
        <source>A roofline estimate, for comparing plans, not a benchmark: each stage takes max(bytes read / HBM, FLOPs / peak) plus its communication, with no overlap.</source>
        <translation>Roofline 估算，用于比较方案，不是基准测试：每段耗时 max(读取字节数 / HBM, FLOPs / 峰值) 再加上该段通信，不考虑重叠。</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Decode step (slowest stage)</source>
        <translation>解码单步（最慢段）</translation>
    </message>
    <message>
        <source>Decode tokens/s per GPU</source>
        <translation>每卡解码吞吐（tokens/s）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>访存</translation>
    </message>
    <message>
        <source>Decode step per stage:</source>
        <translation>各段的解码单步：</translation>
    </message>
    <message>
        <source>Bytes read</source>
        <translation>读取字节数</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Comm</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source> and %1 % waiting for slower stages</source>
        <translation>，另有 %1 % 在等待更慢的段</translation>
    </message>
    <message>
        <source>Pipeline timeline: %1 micro-batches of %2 sequence take %3; the lanes idle %4 % of the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal stages)%6.</source>
        <translation>流水线时间线：%1 个微批，每个 %2 个序列，共耗时 %3；各条泳道有 %4 % 的时间在填充和排空中空闲（公式 (p − 1)/(m + p − 1) = %5 %，各段相等时精确）%6。</translation>
    </message>
    <message>
        <source>Pipeline timeline: %1 micro-batches of %2 sequences take %3; the lanes idle %4 % of the time filling and draining (formula (p − 1)/(m + p − 1) = %5 %, exact for equal stages)%6.</source>
        <translation>流水线时间线：%1 个微批，每个 %2 个序列，共耗时 %3；各条泳道有 %4 % 的时间在填充和排空中空闲（公式 (p − 1)/(m + p − 1) = %5 %，各段相等时精确）%6。</translation>
    </message>
    <message>
        <source>Assumptions:</source>
        <translation>假设：</translation>
    </message>
    <message>
        <source>Decode: %1 sequence per micro-batch, each over %2 tokens of context; prefill of one %3-token prompt.</source>
        <translation>解码：每个微批 %1 个序列，每个序列的上下文为 %2 个 Token；预填充为一个 %3 Token 的提示词。</translation>
    </message>
    <message>
        <source>Decode: %1 sequences per micro-batch, each over %2 tokens of context; prefill of one %3-token prompt.</source>
        <translation>解码：每个微批 %1 个序列，每个序列的上下文为 %2 个 Token；预填充为一个 %3 Token 的提示词。</translation>
    </message>
    <message>
        <source> (aiconfigurator&apos;s empirical factor)</source>
        <translation>（aiconfigurator 的经验系数）</translation>
    </message>
    <message>
        <source>Weights are read once per step (MoE: only the experts the batch touches); activations travel in BF16.</source>
        <translation>每步读取一次权重（MoE：只读本批次用到的专家）；激活以 BF16 传输。</translation>
    </message>
    <message>
        <source>The bubble is the fill-and-drain view of %1 micro-batches, pessimistic for continuous batching.</source>
        <translation>气泡按 %1 个微批的填充-排空模型计算，对连续批处理偏悲观。</translation>
    </message>
    <message>
        <source>vLLM command</source>
        <translation>vLLM 命令</translation>
    </message>
    <message>
        <source>No launch command for this plan.</source>
        <translation>这个方案没有启动命令。</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>None: the plan is valid and fits.</source>
        <translation>无：方案有效且放得下。</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Model preset **%1** (`%2`):</source>
        <translation>模型预设 **%1**（`%2`）：</translation>
    </message>
    <message>
        <source>Model preset **%1** (`%2`), Hugging Face `%3`:</source>
        <translation>模型预设 **%1**（`%2`），Hugging Face `%3`：</translation>
    </message>
    <message>
        <source>a user configuration (no sources recorded)</source>
        <translation>用户配置（没有记录来源）</translation>
    </message>
    <message>
        <source>GPU preset **%1** (`%2`):</source>
        <translation>GPU 预设 **%1**（`%2`）：</translation>
    </message>
    <message>
        <source>a user file (no sources recorded)</source>
        <translation>用户文件（没有记录来源）</translation>
    </message>
    <message>
        <source>Uncertain GPU figures: %1.</source>
        <translation>不确定的 GPU 数据：%1。</translation>
    </message>
    <message>
        <source>vLLM cannot run this plan as it stands: %1.</source>
        <translation>vLLM 无法按现状运行这个方案：%1。</translation>
    </message>
    <message>
        <source>Plan report generated by %1. Every figure says how it was computed; times are estimates.</source>
        <translation>由 %1 生成的方案报告。每个数字都注明了计算方法；时间均为估算。</translation>
    </message>
    <message>
        <source>Comparison: A against B</source>
        <translation>对比：A 与 B</translation>
    </message>
    <message>
        <source>Generated by %1. Times are estimates.</source>
        <translation>由 %1 生成。时间均为估算。</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>改了什么</translation>
    </message>
    <message>
        <source>Nothing: the two plans are the same.</source>
        <translation>无：两个方案相同。</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <source>%1 (better)</source>
        <translation>%1（更好）</translation>
    </message>
    <message>
        <source>%1 (worse)</source>
        <translation>%1（更差）</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>No difference to explain.</source>
        <translation>没有需要解释的差异。</translation>
    </message>
    <message>
        <source>Plan A: %1</source>
        <translation>方案 A：%1</translation>
    </message>
    <message>
        <source>Plan B: %1</source>
        <translation>方案 B：%1</translation>
    </message>
    <message>
        <source>HBM %1 × %2%3; peak %4 TFLOPS %5 × %6%7.</source>
        <translation>HBM %1 × %2%3；峰值 %4 TFLOPS %5 × %6%7。</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>heads %1 (%2)</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Serving (estimated)</source>
        <translation>服务性能（估算）</translation>
    </message>
    <message>
        <source>Poisson arrivals at %1 requests/s</source>
        <translation>泊松到达，每秒 %1 个请求</translation>
    </message>
    <message>
        <source>%1 concurrent clients</source>
        <translation>%1 个并发客户端</translation>
    </message>
    <message>
        <source>all requests sent at once</source>
        <translation>所有请求同时发送</translation>
    </message>
    <message>
        <source>Estimated, not measured: a simulation of vLLM V1&apos;s continuous batching for %1 prompts of %2 input and %3 output tokens, %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 coefficients).</source>
        <translation>估算，非实测：模拟 vLLM V1 的连续批处理，%1 个提示，每个输入 %2、输出 %3 个 Token，%4（max-num-seqs %5，max-num-batched-tokens %6，%7 系数）。</translation>
    </message>
    <message>
        <source>p50 / p90 / p99</source>
        <translation>p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU</source>
        <translation>每卡输出 tokens/s</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 tokens/s</translation>
    </message>
    <message>
        <source>Total tokens/s</source>
        <translation>总 tokens/s</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>请求/s</translation>
    </message>
    <message>
        <source>KV pool peak</source>
        <translation>KV 池峰值</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <source>Decode step: %1.</source>
        <translation>解码步：%1。</translation>
    </message>
    <message>
        <source>Coefficients (%1):</source>
        <translation>系数（%1）：</translation>
    </message>
    <message>
        <source>Coefficient</source>
        <translation>系数</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Steady state: %1 decode tokens per decoding step and %2 prefill-chunk tokens per step (means over the simulated run, one replica).</source>
        <translation>稳态：每个解码步 %1 个解码 token，每步 %2 个预填充块 token（模拟过程的均值，单个副本）。</translation>
    </message>
    <message>
        <source>Estimated, not measured: a simulation of vLLM V1&apos;s continuous batching for %1 prompts with ShareGPT&apos;s lengths (mean %2 input and %3 output tokens), %4 (max-num-seqs %5, max-num-batched-tokens %6, %7 coefficients).</source>
        <translation>估算，非实测：模拟 vLLM V1 的连续批处理，%1 个提示，使用 ShareGPT 的长度（平均输入 %2、输出 %3 个 Token），%4（max-num-seqs %5，max-num-batched-tokens %6，%7 系数）。</translation>
    </message>
</context>
<context>
    <name>Serving</name>
    <message>
        <source>the plan is not valid: nothing to simulate</source>
        <translation>方案无效：没有可模拟的内容</translation>
    </message>
    <message>
        <source>the plan leaves no KV cache: no request can run</source>
        <translation>方案没有留下 KV 缓存：任何请求都无法运行</translation>
    </message>
    <message>
        <source>%1 requests never fit the KV pool (input + output above its %2 tokens) and are skipped</source>
        <translation>%1 个请求永远放不进 KV 池（输入 + 输出超过其 %2 个 token），已跳过</translation>
    </message>
    <message>
        <source>the simulation stopped early after %1 steps (%2 of %3 requests finished)</source>
        <translation>模拟在 %1 步后提前停止（%3 个请求中完成了 %2 个）</translation>
    </message>
    <message>
        <source>the scheduler could not make progress: the KV pool is too small for the running requests</source>
        <translation>调度器无法推进：KV 池装不下运行中的请求</translation>
    </message>
    <message>
        <source>%1 preemptions: the KV pool ran full and requests were recomputed</source>
        <translation>%1 次抢占：KV 池已满，请求被重新计算</translation>
    </message>
    <message>
        <source>%1 ShareGPT requests are longer than max_model_len (%2 tokens): vLLM refuses them, and they are skipped</source>
        <translation>%1 个 ShareGPT 请求长于 max_model_len（%2 个 token）：vLLM 会拒绝它们，模拟中跳过</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not valid JSON (cut short?)</source>
        <translation>它不是有效的 JSON（被截断了？）</translation>
    </message>
    <message>
        <source>it is not a ShardScope session</source>
        <translation>它不是 ShardScope 会话文件</translation>
    </message>
    <message>
        <source>a field is missing or of the wrong type</source>
        <translation>缺少某个字段或字段类型不对</translation>
    </message>
    <message>
        <source>cannot save the session to %1: %2</source>
        <translation>无法把会话保存到 %1：%2</translation>
    </message>
    <message>
        <source>it is larger than 16 MiB</source>
        <translation>它大于 16 MiB</translation>
    </message>
    <message>
        <source>it %1</source>
        <translation>它 %1</translation>
    </message>
    <message>
        <source>The autosaved session %1 could not be read: %2.</source>
        <translation>无法读取自动保存的会话 %1：%2。</translation>
    </message>
    <message>
        <source>The autosaved session %1 could not be read: %2. It was kept as %3.</source>
        <translation>无法读取自动保存的会话 %1：%2。它已另存为 %3。</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Memory and workload</source>
        <translation>显存与负载</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 Token</translation>
    </message>
    <message>
        <source>--max-model-len: context per request (0: the model&apos;s maximum)</source>
        <translation>--max-model-len：每个请求的上下文长度（0：模型的最大值）</translation>
    </message>
    <message>
        <source>EPLB redundant experts per MoE layer (needs EP)</source>
        <translation>每个 MoE 层的 EPLB 冗余专家数（需要 EP）</translation>
    </message>
    <message>
        <source>Decode: sequences decoding together, one token each</source>
        <translation>解码：同时解码的序列数，每条一个 Token</translation>
    </message>
    <message>
        <source>Prefill: prompt tokens processed in one step</source>
        <translation>预填充：一步处理的提示 Token 数</translation>
    </message>
    <message>
        <source>vLLM (each GPU&apos;s tensors, KV blocks)</source>
        <translation>vLLM（每卡实际张量，KV 块）</translation>
    </message>
    <message>
        <source>Textbook (even split, fixed reserve)</source>
        <translation>教材（均分，固定预留）</translation>
    </message>
    <message>
        <source>vLLM: what the engine allocates, minimum over GPUs · textbook: the course&apos;s uniform split</source>
        <translation>vLLM：引擎实际分配的量，取所有卡的最小值 · 教材：课程中的均匀切分</translation>
    </message>
    <message>
        <source>--gpu-memory-utilization: the fraction of each GPU&apos;s memory vLLM may use (lowest: the version&apos;s default)</source>
        <translation>--gpu-memory-utilization：vLLM 可用的每卡显存比例（最小值：该版本的默认值）</translation>
    </message>
    <message>
        <source>auto (model dtype)</source>
        <translation>auto（模型数据类型）</translation>
    </message>
    <message>
        <source>fp8 (1 byte)</source>
        <translation>fp8（1 字节）</translation>
    </message>
    <message>
        <source>--kv-cache-dtype</source>
        <translation>--kv-cache-dtype</translation>
    </message>
    <message>
        <source>as the checkpoint ships</source>
        <translation>与 checkpoint 一致</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>MXFP4</source>
        <translation>MXFP4</translation>
    </message>
    <message>
        <source>AWQ (int4)</source>
        <translation>AWQ（int4）</translation>
    </message>
    <message>
        <source>GPTQ (int4)</source>
        <translation>GPTQ（int4）</translation>
    </message>
    <message>
        <source>Weight format (--quantization); &apos;as the checkpoint ships&apos; follows quantization_config</source>
        <translation>权重格式（--quantization）；“与 checkpoint 一致”遵循 quantization_config</translation>
    </message>
    <message>
        <source>linear (vLLM default)</source>
        <translation>线性（vLLM 默认）</translation>
    </message>
    <message>
        <source>round robin</source>
        <translation>轮询</translation>
    </message>
    <message>
        <source>How experts are laid out over EP ranks</source>
        <translation>专家如何分布到各个 EP rank</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Textbook accounting: fixed reserve per GPU for activations, graphs and buffers</source>
        <translation>教材算法：每卡为激活、CUDA Graph 和缓冲区固定预留的显存</translation>
    </message>
    <message>
        <source>Accounting</source>
        <translation>显存核算</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>显存利用率</translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation>最大模型长度</translation>
    </message>
    <message>
        <source>KV cache dtype</source>
        <translation>KV Cache 数据类型</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>Expert placement</source>
        <translation>专家放置</translation>
    </message>
    <message>
        <source>Redundant experts</source>
        <translation>冗余专家</translation>
    </message>
    <message>
        <source>Decode batch (sequences)</source>
        <translation>解码批大小（序列数）</translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>Reserve (textbook)</source>
        <translation>预留（教材）</translation>
    </message>
    <message>
        <source>Change accounting</source>
        <translation>更改显存核算方式</translation>
    </message>
    <message>
        <source>Set utilization to %1</source>
        <translation>把利用率设为 %1</translation>
    </message>
    <message>
        <source>Set max model length</source>
        <translation>设置最大模型长度</translation>
    </message>
    <message>
        <source>Change KV dtype</source>
        <translation>更改 KV 数据类型</translation>
    </message>
    <message>
        <source>Change weight format</source>
        <translation>更改权重格式</translation>
    </message>
    <message>
        <source>Change expert placement</source>
        <translation>更改专家放置</translation>
    </message>
    <message>
        <source>Set redundant experts</source>
        <translation>设置冗余专家</translation>
    </message>
    <message>
        <source>Set decode batch</source>
        <translation>设置解码批大小</translation>
    </message>
    <message>
        <source>Set prompt length</source>
        <translation>设置提示长度</translation>
    </message>
    <message>
        <source>Set reserve</source>
        <translation>设置预留</translation>
    </message>
    <message>
        <source>course default (%1)</source>
        <translation>课程默认值（%1）</translation>
    </message>
    <message>
        <source>vLLM default (%1)</source>
        <translation>vLLM 默认值（%1）</translation>
    </message>
    <message>
        <source>model max (%1)</source>
        <translation>模型最大值（%1）</translation>
    </message>
</context>
<context>
    <name>SetupPanel</name>
    <message>
        <source>Model and cluster</source>
        <translation>模型与集群</translation>
    </message>
    <message>
        <source>The accelerator: memory, bandwidths, scale-up domain (from the GPU presets)</source>
        <translation>加速卡：显存、带宽、高速互连域（来自 GPU 预设）</translation>
    </message>
    <message>
        <source>GPUs per node; ranks fill nodes in order (0: the GPU preset&apos;s value)</source>
        <translation>每节点 GPU 数；rank 按顺序填满节点（0：使用 GPU 预设值）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Choose GPU %1</source>
        <translation>选择 GPU %1</translation>
    </message>
    <message>
        <source>Set GPUs per node to %1</source>
        <translation>把每节点 GPU 数设为 %1</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>选择模型 %1</translation>
    </message>
    <message>
        <source>%1 · %2 · scale-up domain %3 · %4 GPUs per node</source>
        <translation>%1 · %2 · 高速互连域 %3 · 每节点 %4 张 GPU</translation>
    </message>
    <message>
        <source>preset (%1)</source>
        <translation>预设（%1）</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>1 node · %1 GPUs</source>
        <translation>1 个节点 · %1 张 GPU</translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs</source>
        <translation>%1 个节点 · %2 张 GPU</translation>
    </message>
    <message>
        <source>1 node · 1 GPU</source>
        <translation>1 个节点 · 1 张 GPU</translation>
    </message>
    <message>
        <source>%1 (%2 visible)</source>
        <translation>%1（可见 %2）</translation>
    </message>
</context>
<context>
    <name>SlaFrontChart</name>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to apply this plan.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;点击应用这个方案。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>misses SLA</source>
        <translation>不满足 SLA</translation>
    </message>
    <message>
        <source>TPOT, ms (estimate)</source>
        <translation>TPOT，ms（估算）</translation>
    </message>
    <message>
        <source>tok/s per GPU</source>
        <translation>每 GPU tok/s</translation>
    </message>
</context>
<context>
    <name>Sweep</name>
    <message>
        <source>holds %1 concurrent requests, below --min-concurrency %2</source>
        <translation>能容纳 %1 个并发请求，低于 --min-concurrency %2</translation>
    </message>
    <message>
        <source>%1 x %2 sequences in flight per replica, but it holds %3 (max_num_seqs)</source>
        <translation>每个副本同时有 %1 x %2 个序列在处理，但它只能容纳 %3 个（max_num_seqs）</translation>
    </message>
    <message>
        <source>%1 x %2 sequences in flight per replica, but it holds %3 requests of max_model_len</source>
        <translation>每个副本同时有 %1 x %2 个序列在处理，但它只能容纳 %3 个 max_model_len 长度的请求</translation>
    </message>
    <message>
        <source>TPOT %1 ms is above --max-tpot-ms %2</source>
        <translation>TPOT %1 ms 超过了 --max-tpot-ms %2</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>the workload&apos;s requests do not run on this plan</source>
        <translation>该负载的请求无法在这个方案上运行</translation>
    </message>
</context>
<context>
    <name>SweepHeatmap</name>
    <message>
        <source>%1: no combination uses this pair</source>
        <translation>%1：没有组合使用这一对取值</translation>
    </message>
    <message>
        <source>%1: %2 %3 (the best of %4 plans)</source>
        <translation>%1：%2 %3（%4 个方案中最好的）</translation>
    </message>
    <message>
        <source>%1: fits, but misses a constraint</source>
        <translation>%1：放得下，但不满足某个约束</translation>
    </message>
    <message>
        <source>%1: no plan fits</source>
        <translation>%1：没有方案放得下</translation>
    </message>
    <message>
        <source>%1: vLLM refuses this pair</source>
        <translation>%1：vLLM 不接受这一对取值</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click to apply this plan.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;点击应用这个方案。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>TP × PP</source>
        <translation>TP × PP</translation>
    </message>
    <message>
        <source>DP × EP</source>
        <translation>DP × EP</translation>
    </message>
    <message>
        <source>No plans</source>
        <translation>没有方案</translation>
    </message>
    <message>
        <source>misses a constraint</source>
        <translation>不满足约束</translation>
    </message>
    <message>
        <source>✗ does not fit</source>
        <translation>✗ 放不下</translation>
    </message>
    <message>
        <source>— impossible</source>
        <translation>— 不可行</translation>
    </message>
</context>
<context>
    <name>SweepScatter</name>
    <message>
        <source>feasible</source>
        <translation>满足约束</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>Pareto 前沿</translation>
    </message>
    <message>
        <source>this plan</source>
        <translation>当前方案</translation>
    </message>
    <message>
        <source>TPOT, ms (estimate)</source>
        <translation>TPOT，ms（估算）</translation>
    </message>
    <message>
        <source>tok/s per GPU</source>
        <translation>每卡 tok/s</translation>
    </message>
    <message>
        <source>… and %1 more plans at this point</source>
        <translation>… 这个点上还有 %1 个方案</translation>
    </message>
    <message>
        <source>&lt;i&gt;Click to apply the first.&lt;/i&gt;</source>
        <translation>&lt;i&gt;点击应用第一个。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>%1 · ↑ %2</source>
        <translation>%1 · ↑ %2</translation>
    </message>
</context>
<context>
    <name>TabTitle</name>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Comm.</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>better</source>
        <translation>更好</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>更差</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation>B（当前）</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Unpin A</source>
        <translation>取消固定 A</translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation>固定为 A</translation>
    </message>
    <message>
        <source>Keep the current plan as A; change the sliders to get B.</source>
        <translation>把当前方案固定为 A；拖动滑块得到 B。</translation>
    </message>
    <message>
        <source>Export comparison report…</source>
        <translation>导出对比报告…</translation>
    </message>
    <message>
        <source>Pin the current plan as A, then change the sliders: B follows the current plan.</source>
        <translation>先把当前方案固定为 A，再拖动滑块：B 始终是当前方案。</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>改了什么</translation>
    </message>
    <message>
        <source>Nothing yet: B equals A.</source>
        <translation>还没有变化：B 与 A 相同。</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>每卡权重</translation>
    </message>
    <message>
        <source>KV cache budget per GPU</source>
        <translation>每卡 KV Cache 预算</translation>
    </message>
    <message>
        <source>KV capacity (tokens)</source>
        <translation>KV 容量（Token 数）</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Concurrent requests, cluster</source>
        <translation>并发请求数（集群）</translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation>每段层数</translation>
    </message>
    <message>
        <source>Experts per GPU</source>
        <translation>每卡专家数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Bytes per TP AllReduce</source>
        <translation>每次 TP AllReduce 的字节数</translation>
    </message>
    <message>
        <source>TP bytes per GPU per step</source>
        <translation>每步每卡 TP 字节数</translation>
    </message>
    <message>
        <source>TP AllReduce time</source>
        <translation>TP AllReduce 时间</translation>
    </message>
    <message>
        <source>Bytes per PP send</source>
        <translation>每次 PP 发送的字节数</translation>
    </message>
    <message>
        <source>EP bytes per token</source>
        <translation>每 Token 的 EP 字节数</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信时间</translation>
    </message>
    <message>
        <source>Decode step of a stage</source>
        <translation>某一段的解码一步</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每卡 tokens/s</translation>
    </message>
    <message>
        <source>GPU:</source>
        <translation>GPU：</translation>
    </message>
    <message>
        <source>binding / slowest</source>
        <translation>起约束的卡 / 最慢的段</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation>第 %1–%2 层</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP AllReduce ×%1</source>
        <translation>TP AllReduce ×%1</translation>
    </message>
    <message>
        <source>Embedding AllReduce</source>
        <translation>嵌入层 AllReduce</translation>
    </message>
    <message>
        <source>LM-head logits AllGather</source>
        <translation>输出层 logits AllGather</translation>
    </message>
    <message>
        <source>EP dispatch ×%1</source>
        <translation>EP dispatch ×%1</translation>
    </message>
    <message>
        <source>EP combine ×%1</source>
        <translation>EP combine ×%1</translation>
    </message>
    <message>
        <source>PP send, stage %1 → %2</source>
        <translation>PP 发送，第 %1 段 → 第 %2 段</translation>
    </message>
    <message>
        <source>PP AllGather of stage %1&apos;s activations</source>
        <translation>对第 %1 段传来的激活做 PP AllGather</translation>
    </message>
    <message>
        <source>Idle: pipeline fill (bubble)</source>
        <translation>空闲：流水线填充（气泡）</translation>
    </message>
    <message>
        <source>Idle: pipeline drain (bubble)</source>
        <translation>空闲：流水线排空（气泡）</translation>
    </message>
    <message>
        <source>Idle: waiting for stage %1</source>
        <translation>空闲：等待第 %1 段</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Stage %1, micro-batch %2</source>
        <translation>第 %1 段，微批 %2</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2（%3）</translation>
    </message>
    <message>
        <source>The stage&apos;s roofline time for these layers: reading their weights and KV cache, or their FLOPs, whichever is slower.</source>
        <translation>这几层在该段上的 Roofline 时间：读取权重和 KV Cache 的时间与计算 FLOPs 的时间，取较慢者。</translation>
    </message>
    <message>
        <source>%1 × %2; each GPU sends %3 over the %4</source>
        <translation>%1 × %2；每卡经由%4发送 %3</translation>
    </message>
    <message>
        <source>hidden_states and residual, %1; each GPU sends %2 to its peer in stage %3 over the %4</source>
        <translation>hidden_states 和 residual，共 %1；每卡经由%4向第 %3 段的对应卡发送 %2</translation>
    </message>
    <message>
        <source>The stage before is slower: this one waits for its next micro-batch.</source>
        <translation>上一段更慢：本段在等下一个微批。</translation>
    </message>
    <message>
        <source>The pipeline bubble: (p − 1)/(m + p − 1) of the time when stages are equal.</source>
        <translation>流水线气泡：各段耗时相同时，占总时间的 (p − 1)/(m + p − 1)。</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>No valid plan to step through.</source>
        <translation>没有可以逐步演示的有效方案。</translation>
    </message>
    <message>
        <source>Press Play or → to step through the %1 events of one step.</source>
        <translation>按“播放”或 → 逐个查看这一步中的 %1 个事件。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Event %1 of %2&lt;/b&gt; — %3</source>
        <translation>&lt;b&gt;第 %1 个事件，共 %2 个&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <source>Decode step</source>
        <translation>解码一步</translation>
    </message>
    <message>
        <source>Prefill step</source>
        <translation>预填充一步</translation>
    </message>
    <message>
        <source>Step back (←)</source>
        <translation>后退一步（←）</translation>
    </message>
    <message>
        <source>Step forward (→)</source>
        <translation>前进一步（→）</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>暂停（空格）</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>播放（空格）</translation>
    </message>
    <message>
        <source>Bubble %1 % (formula (p − 1)/(m + p − 1) = %2 %)</source>
        <translation>气泡 %1 %（公式 (p − 1)/(m + p − 1) = %2 %）</translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batch(es)</source>
        <translation>
            <numerusform>%n 个微批</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n decoding sequence(s) each</source>
        <translation>
            <numerusform>每批 %n 条正在解码的序列</numerusform>
        </translation>
    </message>
    <message>
        <source>of a %1-token prompt each</source>
        <translation>每批一个 %1 Token 的提示</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 through %n stage(s) take %3.</source>
        <translation>
            <numerusform>%1，%2，经过 %n 段，共耗时 %3。</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing %1 of the plan&apos;s %2 micro-batches.</source>
        <translation>这里展示方案中 %2 个微批里的 %1 个。</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Show your work</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Export &amp;report (PDF or Markdown)…</source>
        <translation>导出报告（PDF 或 Markdown）(&amp;R)…</translation>
    </message>
    <message>
        <source>Show your work on &amp;click</source>
        <translation>点击数值查看计算过程(&amp;C)</translation>
    </message>
    <message>
        <source>Click any number to see its formula with this plan&apos;s values</source>
        <translation>点击任意数值，查看其公式及本方案代入的数值</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Show your work: click a number to see how it is computed.</source>
        <translation>计算过程：点击一个数值查看它是怎么算出来的。</translation>
    </message>
    <message>
        <source>Export comparison report</source>
        <translation>导出对比报告</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;Markdown (*.md)</source>
        <translation>PDF 文档 (*.pdf);;Markdown (*.md)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not runnable&lt;/b&gt;: this plan cannot start (see the issues above). The events show the order of one step; their times are not a prediction.</source>
        <translation>&lt;b&gt;无法运行&lt;/b&gt;：此方案无法启动（见上方问题）。事件显示一步的顺序；其时间不是预测。</translation>
    </message>
    <message>
        <source>How to compare two plans</source>
        <translation>如何对比两个方案</translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Pin as A&lt;/b&gt;: the current plan becomes A.</source>
        <translation>点击&lt;b&gt;固定为 A&lt;/b&gt;：当前方案成为 A。</translation>
    </message>
    <message>
        <source>Move a slider or change a setting: B follows the current plan.</source>
        <translation>拖动滑块或修改设置：B 跟随当前方案。</translation>
    </message>
    <message>
        <source>The table shows A, B and the change; this pane says what changed and why. Per-GPU rows compare clusters of different sizes fairly.</source>
        <translation>表格列出 A、B 及其变化；此处说明变了什么、为什么变。“每卡”各行让不同规模的集群可以公平比较。</translation>
    </message>
    <message>
        <source>%1 requests per GPU</source>
        <translation>每卡 %1 个请求</translation>
    </message>
    <message>
        <source>½× speed</source>
        <translation>½ 倍速</translation>
    </message>
    <message>
        <source>1× speed</source>
        <translation>1 倍速</translation>
    </message>
    <message>
        <source>2× speed</source>
        <translation>2 倍速</translation>
    </message>
    <message>
        <source>4× speed</source>
        <translation>4 倍速</translation>
    </message>
    <message>
        <source>Playback speed: at 1× one event every 0.9 s</source>
        <translation>播放速度：1 倍速时每 0.9 秒一个事件</translation>
    </message>
    <message>
        <source>TTFT, serving (estimated)</source>
        <translation>TTFT，服务（估算）</translation>
    </message>
    <message>
        <source>TPOT, serving (estimated)</source>
        <translation>TPOT，服务（估算）</translation>
    </message>
    <message>
        <source>ITL, serving (estimated)</source>
        <translation>ITL，服务（估算）</translation>
    </message>
    <message>
        <source>End-to-end latency (estimated)</source>
        <translation>端到端延迟（估算）</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU (estimated)</source>
        <translation>每卡输出 tokens/s（估算）</translation>
    </message>
    <message>
        <source>Serving decode step (estimated)</source>
        <translation>服务解码步（估算）</translation>
    </message>
    <message>
        <source>A: %1 · B: %2 · both at the workload %3</source>
        <translation>A：%1 · B：%2 · 两者都在负载 %3 下</translation>
    </message>
    <message>
        <source>(roofline, estimated)</source>
        <translation>（Roofline，估算）</translation>
    </message>
    <message>
        <source>Serving model: one steady-state step of %1 decode + %2 prefill tokens takes %3: GEMM %4, attention %5, MoE %6, communication %7, fixed %8.</source>
        <translation>服务模型：稳态下一步 %1 个解码 + %2 个预填充 token，耗时 %3：GEMM %4，注意力 %5，MoE %6，通信 %7，固定开销 %8。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The workload&apos;s mean engine step&lt;/b&gt;&lt;br&gt;&lt;i&gt;decode tokens and prefill-chunk tokens per step, averaged over the simulated run, costed by the step-time model&lt;/i&gt;&lt;br&gt;= %1 decode + %2 prefill tokens → %3</source>
        <translation>&lt;b&gt;负载的平均引擎步&lt;/b&gt;&lt;br&gt;&lt;i&gt;每步的解码 token 和预填充块 token，取模拟过程的平均，由单步时间模型计算耗时&lt;/i&gt;&lt;br&gt;= %1 个解码 + %2 个预填充 token → %3</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>GPU %1 · stage %2</source>
        <translation>GPU %1 · 第 %2 段</translation>
    </message>
    <message>
        <source>Stage %1 · %2 GPUs</source>
        <translation>第 %1 段 · %2 张卡</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>compute (stage colour)</source>
        <translation>计算（段的颜色）</translation>
    </message>
    <message>
        <source>TP AllReduce</source>
        <translation>TP AllReduce</translation>
    </message>
    <message>
        <source>embedding / LM head</source>
        <translation>嵌入层 / 输出层</translation>
    </message>
    <message>
        <source>EP dispatch</source>
        <translation>EP dispatch</translation>
    </message>
    <message>
        <source>EP combine</source>
        <translation>EP combine</translation>
    </message>
    <message>
        <source>PP send</source>
        <translation>PP 发送</translation>
    </message>
    <message>
        <source>PP gather</source>
        <translation>PP 收集</translation>
    </message>
    <message>
        <source>idle (hatched)</source>
        <translation>空闲（斜线）</translation>
    </message>
    <message>
        <source>mb %1</source>
        <translation>微批 %1</translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation>第 %1–%2 层</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
</context>
<context>
    <name>Validation</name>
    <message>
        <source>%1 must be at least 1 (got %2)</source>
        <translation>%1 至少为 1（当前为 %2）</translation>
    </message>
    <message>
        <source>tp x pp x dp = %1 GPUs is more than the %2 this planner evaluates</source>
        <translation>tp x pp x dp = %1 张 GPU，超过了本工具可评估的 %2 张</translation>
    </message>
    <message>
        <source>%1 attention heads cannot be split over tp=%2: tp must divide the head count (%3)</source>
        <translation>%1 个注意力头无法按 tp=%2 切分：tp 必须整除注意力头数（%3）</translation>
    </message>
    <message>
        <source>tp=%1 exceeds the %2 KV heads but is not a multiple of them, so vLLM cannot replicate them evenly</source>
        <translation>tp=%1 超过了 %2 个 KV 头，但不是它的整数倍，vLLM 无法均匀复制 KV 头</translation>
    </message>
    <message>
        <source>the custom layer partition has %1 stages but pp=%2</source>
        <translation>自定义层切分有 %1 段，但 pp=%2</translation>
    </message>
    <message>
        <source>the custom layer partition sums to %1 layers; the model has %2</source>
        <translation>自定义层切分合计 %1 层；模型有 %2 层</translation>
    </message>
    <message>
        <source>every pipeline stage needs at least one layer</source>
        <translation>每个流水线段至少需要一层</translation>
    </message>
    <message>
        <source>pp=%1 is more than the model&apos;s %2 layers: some stages would be empty</source>
        <translation>pp=%1 超过了模型的 %2 层：有些段会是空的</translation>
    </message>
    <message>
        <source>expert parallelism needs a mixture-of-experts model; %1 is dense (set ep=1)</source>
        <translation>专家并行需要混合专家（MoE）模型；%1 是稠密模型（请设置 ep=1）</translation>
    </message>
    <message>
        <source>redundant experts need a mixture-of-experts model</source>
        <translation>冗余专家需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <source>ep=%1 must divide tp x dp = %2 (the GPUs of one pipeline stage); choose %3</source>
        <translation>ep=%1 必须整除 tp x dp = %2（一个流水线段的 GPU 数）；可选 %3</translation>
    </message>
    <message>
        <source>ep=%1 is more than the %2 expert slots per layer: some GPUs would hold no expert</source>
        <translation>ep=%1 超过了每层 %2 个专家槽位：有些 GPU 会没有专家</translation>
    </message>
    <message>
        <source>%1 expert slots do not divide evenly over ep=%2: the first %3 EP ranks hold one more</source>
        <translation>%1 个专家槽位不能均匀分到 ep=%2 上：前 %3 个 EP rank 各多放一个</translation>
    </message>
    <message>
        <source>redundant experts cannot be negative</source>
        <translation>冗余专家数不能为负</translation>
    </message>
    <message>
        <source>redundant experts (EPLB) need expert parallelism (ep &gt; 1)</source>
        <translation>冗余专家（EPLB）需要开启专家并行（ep &gt; 1）</translation>
    </message>
    <message>
        <source>more than 16 redundant copies per expert is not a plan</source>
        <translation>每个专家超过 16 个冗余副本不是合理的方案</translation>
    </message>
    <message>
        <source>gpu_memory_utilization must be in (0, 1] (0: the vLLM version&apos;s default)</source>
        <translation>gpu_memory_utilization 必须在 (0, 1] 之间（0：使用该 vLLM 版本的默认值）</translation>
    </message>
    <message>
        <source>decode_context_parallel_size must be at least 1</source>
        <translation>decode_context_parallel_size 至少为 1</translation>
    </message>
    <message>
        <source>decode_context_parallel_size %1 must divide tp=%2 (DCP reuses the TP GPUs)</source>
        <translation>decode_context_parallel_size %1 必须整除 tp=%2（DCP 复用 TP 的 GPU）</translation>
    </message>
    <message>
        <source>decode context parallel is not supported with sliding-window or chunked attention</source>
        <translation>解码上下文并行不支持滑动窗口或分块注意力</translation>
    </message>
    <message>
        <source>decode context parallel on a GQA model needs tp &gt; kv heads (%1) and dcp &lt;= tp / kv heads: it only splits replicated KV heads</source>
        <translation>GQA 模型上的解码上下文并行要求 tp &gt; KV 头数（%1）且 dcp &lt;= tp / KV 头数：它只切分被复制的 KV 头</translation>
    </message>
    <message>
        <source>num_speculative_layers must be between 0 and 64</source>
        <translation>num_speculative_layers 必须在 0 到 64 之间</translation>
    </message>
    <message>
        <source>block size must be between 1 and 4096 tokens</source>
        <translation>块大小必须在 1 到 4096 个 Token 之间</translation>
    </message>
    <message>
        <source>max_model_len must be between 1 and 2^31 tokens</source>
        <translation>max_model_len 必须在 1 到 2^31 个 Token 之间</translation>
    </message>
    <message>
        <source>max_num_seqs and max_num_batched_tokens must be positive</source>
        <translation>max_num_seqs 和 max_num_batched_tokens 必须为正</translation>
    </message>
    <message>
        <source>GPUs per node must be positive</source>
        <translation>每节点 GPU 数必须为正</translation>
    </message>
    <message>
        <source>GPU memory must be positive</source>
        <translation>GPU 显存必须为正</translation>
    </message>
    <message>
        <source>a TP group of %1 GPUs spans nodes of %2: every AllReduce crosses the network (keep TP inside a node, use PP or DP across nodes)</source>
        <translation>%1 张 GPU 的 TP 组跨越了每节点 %2 张卡的节点：每次 AllReduce 都要走网络（把 TP 放在节点内，跨节点用 PP 或 DP）</translation>
    </message>
    <message>
        <source>a TP group of %1 GPUs leaves the scale-up domain of %2 (%3): its AllReduces run over PCIe or the host</source>
        <translation>%1 张 GPU 的 TP 组超出了 %2 张卡的高速互连域（%3）：它的 AllReduce 走 PCIe 或主机</translation>
    </message>
    <message>
        <source>no fast link</source>
        <translation>没有高速链路</translation>
    </message>
    <message>
        <source>the EP group spans %1 DP ranks: they must step together, idle ranks run dummy batches</source>
        <translation>EP 组跨越 %1 个 DP rank：它们必须同步步进，空闲的 rank 运行空批次</translation>
    </message>
    <message>
        <source>max_model_len %1 exceeds the model&apos;s max_position_embeddings %2 (vLLM refuses unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)</source>
        <translation>max_model_len %1 超过了模型的 max_position_embeddings %2（除非设置 VLLM_ALLOW_LONG_MAX_MODEL_LEN=1，否则 vLLM 会拒绝）</translation>
    </message>
    <message>
        <source>max_num_batched_tokens (%1) must be at least max_num_seqs (%2)</source>
        <translation>max_num_batched_tokens（%1）必须不小于 max_num_seqs（%2）</translation>
    </message>
    <message>
        <source>each expert&apos;s intermediate size %1 split %2 ways is not a multiple of the FP8 block size %3: vLLM refuses to load it (enable expert parallelism or lower tp x dp)</source>
        <translation>每个专家的中间维度 %1 切成 %2 份后不是 FP8 块大小 %3 的整数倍：vLLM 会拒绝加载（开启专家并行或降低 tp x dp）</translation>
    </message>
    <message>
        <source>calibration profile &quot;%1&quot; was fitted on %2, not %3</source>
        <translation>校准配置“%1”是在 %2 上拟合的，不是 %3</translation>
    </message>
    <message>
        <source>calibration profile &quot;%1&quot; was fitted on vLLM %2, the plan follows %3</source>
        <translation>校准配置“%1”是在 vLLM %2 上拟合的，方案使用的是 %3</translation>
    </message>
    <message>
        <source>utilization %1 asks for %2 but only about %3 is free at startup (CUDA context): vLLM refuses to start</source>
        <translation>利用率 %1 申请 %2，但启动时只有约 %3 空闲（CUDA 上下文）：vLLM 会拒绝启动</translation>
    </message>
    <message>
        <source>weights do not fit: GPU %1 needs %2 of weights but may use %3 (utilization %4 x %5)</source>
        <translation>权重放不下：GPU %1 需要 %2 权重，但最多只能用 %3（利用率 %4 x %5）</translation>
    </message>
    <message>
        <source>no memory left for the KV cache on GPU %1: %2 short after weights and overheads</source>
        <translation>GPU %1 上没有留给 KV Cache 的显存：扣除权重和开销后还差 %2</translation>
    </message>
    <message>
        <source>no room for one request of max_model_len %1 tokens: the KV cache holds %2 tokens (lower --max-model-len or add GPUs)</source>
        <translation>放不下一个 max_model_len 为 %1 Token 的请求：KV Cache 只能容纳 %2 个 Token（调低 --max-model-len 或增加 GPU）</translation>
    </message>
    <message>
        <source>with prefill_context_parallel_size %1, decode_context_parallel_size must be 1, %1 or tp x pcp = %2</source>
        <translation>prefill_context_parallel_size 为 %1 时，decode_context_parallel_size 只能是 1、%1 或 tp x pcp = %2</translation>
    </message>
    <message>
        <source>prefill_context_parallel_size must be at least 1</source>
        <translation>prefill_context_parallel_size 至少为 1</translation>
    </message>
    <message>
        <source>prefill context parallel does not support data parallelism yet</source>
        <translation>预填充上下文并行（PCP）尚不支持数据并行</translation>
    </message>
    <message>
        <source>--mm-ipc-gpu-memory-gb is a vLLM %1 setting: the plan follows %2, which has no such reserve</source>
        <translation>--mm-ipc-gpu-memory-gb 是 vLLM %1 的设置：方案遵循的 %2 没有这项预留</translation>
    </message>
    <message>
        <source>vLLM %1 is outside the releases this planner knows (%2 to %3): the nearest one&apos;s rules apply</source>
        <translation>vLLM %1 不在本规划器已知的版本范围内（%2 至 %3）：按最接近版本的规则计算</translation>
    </message>
    <message>
        <source>the %1 heads of the Mamba / linear-attention layers cannot be split over tp=%2: tp must divide them (%3)</source>
        <translation>Mamba / 线性注意力层的 %1 个头无法按 tp=%2 切分：tp 必须整除它们（%3）</translation>
    </message>
    <message>
        <source>the %1 input of %2 split %3 ways is not a multiple of the %4 group size %5: vLLM refuses to load it</source>
        <translation>%1 的输入 %2 切成 %3 份后不是 %4 分组大小 %5 的整数倍：vLLM 拒绝加载</translation>
    </message>
    <message>
        <source>the vision tower (vision_config model_type &quot;%1&quot;) is not sized: the weights leave it out unless a model folder gives its bytes; --language-model-only serves without it</source>
        <translation>视觉编码器（vision_config 的 model_type 为“%1”）尚未建模：权重不含它，除非模型文件夹给出其字节数；--language-model-only 可不加载它</translation>
    </message>
    <message>
        <source>DeepSeek-V4 needs --kv-cache-dtype fp8: vLLM&apos;s attention backends for it keep the cache in the fp8_ds_mla layout only</source>
        <translation>DeepSeek-V4 需要 --kv-cache-dtype fp8：vLLM 为它提供的注意力后端只支持 fp8_ds_mla 布局的缓存</translation>
    </message>
    <message>
        <source>DeepSeek-V4 cannot use decode context parallelism: vLLM&apos;s sliding-window caches refuse it</source>
        <translation>DeepSeek-V4 不能使用解码上下文并行：vLLM 的滑动窗口缓存不支持</translation>
    </message>
    <message>
        <source>tp=%1 does not divide DeepSeek-V4&apos;s %2 output groups (o_groups): vLLM gives each rank whole groups</source>
        <translation>tp=%1 不能整除 DeepSeek-V4 的 %2 个输出组（o_groups）：vLLM 给每个 rank 分配整组</translation>
    </message>
    <message>
        <source>num_speculative_tokens must be between 0 and 64</source>
        <translation>num_speculative_tokens 必须在 0 到 64 之间</translation>
    </message>
    <message>
        <source>with prefix caching on, vLLM %1 keeps this model&apos;s Mamba state in &quot;all&quot; mode (a state block per KV block), which is not modelled: the plan counts &quot;align&quot; mode&apos;s two blocks per request</source>
        <translation>开启前缀缓存时，vLLM %1 以“all”模式保存该模型的 Mamba 状态（每个 KV 块一个状态块），本工具未建模：方案按“align”模式计为每请求两个块</translation>
    </message>
    <message>
        <source>--moe-backend marlin needs a mixture-of-experts model</source>
        <translation>--moe-backend marlin 需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <source>--moe-backend marlin runs quantized experts (MXFP4, FP8, INT4, NVFP4); these are not</source>
        <translation>--moe-backend marlin 只运行量化专家（MXFP4、FP8、INT4、NVFP4）；此模型的专家未量化</translation>
    </message>
    <message>
        <source>Marlin needs an NVIDIA GPU of compute capability 8.0 or newer</source>
        <translation>Marlin 需要计算能力 8.0 或更高的 NVIDIA GPU</translation>
    </message>
    <message>
        <source>vLLM %1 has no Marlin path for MXFP4 experts (from 0.10.1)</source>
        <translation>vLLM %1 没有 MXFP4 专家的 Marlin 路径（0.10.1 起才有）</translation>
    </message>
    <message>
        <source>vLLM %1 cannot be asked for Marlin for these experts (--moe-backend arrived in 0.17): it takes Marlin by itself only on GPUs without native support for their format</source>
        <translation>无法让 vLLM %1 为这些专家使用 Marlin（--moe-backend 自 0.17 起才有）：只有在 GPU 不原生支持其格式时，它才会自行选择 Marlin</translation>
    </message>
    <message>
        <source>max_num_seqs %1 exceeds the %2 Mamba cache blocks the KV pool holds: vLLM refuses to capture its FULL decode graphs (lower --max-num-seqs to at most %2, raise --gpu-memory-utilization, or --enforce-eager)</source>
        <translation>max_num_seqs %1 超过 KV 池中的 %2 个 Mamba 缓存块：vLLM 拒绝捕获 FULL 解码 CUDA Graph（把 --max-num-seqs 降到不超过 %2、提高 --gpu-memory-utilization，或使用 --enforce-eager）</translation>
    </message>
</context>
<context>
    <name>VllmImport</name>
    <message>
        <source>%1 vLLM commands found; the first one was read</source>
        <translation>找到 %1 条 vLLM 命令；只读取了第一条</translation>
    </message>
    <message>
        <source>%1 has no value; ignored</source>
        <translation>%1 没有值；已忽略</translation>
    </message>
    <message>
        <source>both a positional model and --model given; --model %1 was read</source>
        <translation>同时给出了位置参数模型和 --model；读取的是 --model %1</translation>
    </message>
    <message>
        <source>--max-model-len %1 lets vLLM fit the length to memory; the plan uses the model&apos;s maximum</source>
        <translation>--max-model-len %1 让 vLLM 按显存自动确定长度；方案使用模型的最大长度</translation>
    </message>
    <message>
        <source>--kv-cache-dtype %1 is not modelled; the plan uses auto</source>
        <translation>--kv-cache-dtype %1 未建模；方案使用 auto</translation>
    </message>
    <message>
        <source>--quantization %1 is not modelled; the plan uses the checkpoint&apos;s format</source>
        <translation>--quantization %1 未建模；方案使用 checkpoint 自带的格式</translation>
    </message>
    <message>
        <source>--all2all-backend %1 is not one of %2&apos;s choices</source>
        <translation>--all2all-backend %1 不在 %2 的可选值中</translation>
    </message>
    <message>
        <source>settings in the --config file %1 are not read</source>
        <translation>不读取 --config 文件 %1 中的设置</translation>
    </message>
    <message>
        <source>--eplb-config %1 is not modelled</source>
        <translation>--eplb-config %1 未建模</translation>
    </message>
    <message>
        <source>the command names no model</source>
        <translation>命令中没有指定模型</translation>
    </message>
    <message>
        <source>num_redundant_experts without --enable-eplb: vLLM refuses it</source>
        <translation>设置了 num_redundant_experts 却没有 --enable-eplb：vLLM 会拒绝</translation>
    </message>
    <message>
        <source>%1 %2 is a placeholder to fill in; the plan keeps its default</source>
        <translation>%1 %2 是待填写的占位符；方案保留默认值</translation>
    </message>
    <message>
        <source>--speculative-config %1 is not modelled</source>
        <translation>--speculative-config 的 %1 未建模</translation>
    </message>
    <message>
        <source>--speculative-config %1 is not a JSON object; not read</source>
        <translation>--speculative-config %1 不是 JSON 对象；未读取</translation>
    </message>
    <message>
        <source>%1 %2 is a placeholder to fill in; the export leaves it out</source>
        <translation>%1 %2 是待填写的占位符；导出时将其省略</translation>
    </message>
    <message>
        <source>--moe-backend %1 is not modelled; the plan keeps vLLM&apos;s own choice</source>
        <translation>未对 --moe-backend %1 建模；方案沿用 vLLM 自己的选择</translation>
    </message>
</context>
<context>
    <name>VllmLogPanel</name>
    <message>
        <source>Weights per GPU (largest)</source>
        <translation>每卡权重（最大）</translation>
    </message>
    <message>
        <source>Peak activation</source>
        <translation>峰值激活</translation>
    </message>
    <message>
        <source>Non-torch memory</source>
        <translation>non-torch 显存</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <source>Available KV memory</source>
        <translation>可用 KV 显存</translation>
    </message>
    <message>
        <source>GPU blocks</source>
        <translation>GPU 块数</translation>
    </message>
    <message>
        <source>GPU KV cache size</source>
        <translation>GPU KV Cache 容量</translation>
    </message>
    <message>
        <source>Maximum concurrency</source>
        <translation>最大并发</translation>
    </message>
    <message>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 Token 的 KV 字节数</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Exact arithmetic from the model&apos;s config and the plan</source>
        <translation>由模型配置和方案精确算出</translation>
    </message>
    <message>
        <source>Fitted to a real startup log (the plan&apos;s calibration profile)</source>
        <translation>按真实启动日志拟合（方案的校准配置）</translation>
    </message>
    <message>
        <source>A model of a measured overhead (core/overheads): calibrate to a real log to replace it</source>
        <translation>对实测开销的建模（core/overheads）：按真实日志校准即可替换</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 Token</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 个块</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Use the log&apos;s settings</source>
        <translation>使用日志中的设置</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>校准…</translation>
    </message>
    <message>
        <source>vLLM log</source>
        <translation>vLLM 日志</translation>
    </message>
    <message>
        <source>The lines vLLM prints at startup for this plan, in the wording of the chosen vLLM version (reference vllm_memory.md). Ranks that print the same lines are shown once.</source>
        <translation>vLLM 启动时为本方案打印的日志行，采用所选 vLLM 版本的措辞（参考 vllm_memory.md）。打印相同内容的 rank 只显示一次。</translation>
    </message>
    <message>
        <source>The binding GPU&apos;s memory budget in the order vLLM subtracts it: formula terms are exact arithmetic from the config; estimated terms model measured overheads; calibrated ones come from a profile fitted to a real log.</source>
        <translation>决定容量的那张卡的显存预算，按 vLLM 扣除的顺序列出：“公式”项由配置精确算出；“估算”项是对实测开销的建模；“校准”项来自按真实日志拟合的校准配置。</translation>
    </message>
    <message>
        <source>Paste a vLLM startup log here (any version), or open a file. The lines that matter: &quot;Model loading took …&quot;, &quot;Available KV cache memory: …&quot;, &quot;GPU KV cache size: …&quot;, &quot;Maximum concurrency …&quot;, and the engine&apos;s non-default args.</source>
        <translation>在这里粘贴 vLLM 启动日志（任意版本），或打开文件。关键的行有：&quot;Model loading took …&quot;、&quot;Available KV cache memory: …&quot;、&quot;GPU KV cache size: …&quot;、&quot;Maximum concurrency …&quot;，以及引擎的 non-default args。</translation>
    </message>
    <message>
        <source>Set the plan to what the log ran: its vLLM version, parallel sizes, utilization, max-model-len, ...</source>
        <translation>把方案设为日志实际运行的配置：vLLM 版本、并行规模、利用率、max-model-len 等</translation>
    </message>
    <message>
        <source>Fit the overhead terms to this log, save them as a calibration profile for this GPU and vLLM version, and use it in the plan: its numbers then show as &apos;calibrated&apos;</source>
        <translation>按这份日志拟合各项开销，保存为该 GPU 和 vLLM 版本的校准配置，并在方案中使用：相关数值随后标为“校准”</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the predicted log to the clipboard</source>
        <translation>把预测的日志复制到剪贴板</translation>
    </message>
    <message>
        <source>Predicted startup log</source>
        <translation>预测的启动日志</translation>
    </message>
    <message>
        <source>Open log…</source>
        <translation>打开日志…</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Reconcile with a real log</source>
        <translation>与真实日志对照</translation>
    </message>
    <message>
        <source>Open a vLLM startup log</source>
        <translation>打开 vLLM 启动日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation>日志 (*.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Pasted log</source>
        <translation>粘贴的日志</translation>
    </message>
    <message>
        <source># no prediction: the plan is invalid (see the issues above)</source>
        <translation># 无法预测：方案无效（请看上方的问题提示）</translation>
    </message>
    <message>
        <source># no prediction: the startup log needs vLLM accounting (Memory and workload → Accounting)</source>
        <translation># 无法预测：启动日志需要 vLLM 显存核算（显存与负载 → 显存核算）</translation>
    </message>
    <message>
        <source>− %1</source>
        <translation>− %1</translation>
    </message>
    <message>
        <source>No log yet: predicted and observed will appear side by side, with the difference in GiB and %.</source>
        <translation>还没有日志：预测值和实测值将并排显示，差值以 GiB 和 % 表示。</translation>
    </message>
    <message>
        <source>%1: %2 on %3, vLLM %4, tp %5 pp %6 dp %7, utilization %8, max-model-len %9.</source>
        <translation>%1：%2，运行在 %3 上，vLLM %4，tp %5 pp %6 dp %7，利用率 %8，max-model-len %9。</translation>
    </message>
    <message>
        <source>Taken from the log: %1; the rest from your plan.</source>
        <translation>取自日志：%1；其余来自你的方案。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The log&apos;s model was not recognised: your plan&apos;s model is used.</source>
        <translation>未能识别日志中的模型：使用你的方案中的模型。</translation>
    </message>
    <message>
        <source>%1 (%2%3%)</source>
        <translation>%1（%2%3%）</translation>
    </message>
    <message>
        <source>observed − predicted, and in % of observed</source>
        <translation>实测 − 预测，以及占实测值的百分比</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;原因：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>The log reports: %1</source>
        <translation>日志报告：%1</translation>
    </message>
    <message>
        <source>The log was longer than %1 MiB: only its start was read.</source>
        <translation>日志超过 %1 MiB：只读取了开头部分。</translation>
    </message>
    <message>
        <source>Use the settings of %1</source>
        <translation>使用 %1 的设置</translation>
    </message>
    <message>
        <source>Cannot save the calibration profile: %1</source>
        <translation>无法保存校准配置：%1</translation>
    </message>
    <message>
        <source>Calibrate to %1</source>
        <translation>按 %1 校准</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Save the fitted overheads as a profile named (letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;):</source>
        <translation>把拟合出的开销保存为校准配置，名称（字母、数字、&apos;.&apos;、&apos;_&apos;、&apos;-&apos;）：</translation>
    </message>
    <message>
        <source>The box shows the start of the file; the comparison uses all of it.</source>
        <translation>框中只显示文件开头；对比使用整个文件。</translation>
    </message>
    <message>
        <source>Use the settings of %1, calibrated</source>
        <translation>采用 %1 的设置并校准</translation>
    </message>
    <message>
        <source>A calibration profile named &quot;%1&quot; exists. Replace it?</source>
        <translation>已存在名为“%1”的校准配置。要替换它吗？</translation>
    </message>
    <message>
        <source>%1 graphs</source>
        <translation>%1 个图</translation>
    </message>
</context>
<context>
    <name>VllmPreview</name>
    <message>
        <source># … and %1 more nodes: Copy takes them all, Export… shows each</source>
        <translation># … 还有 %1 个节点：“复制”会包含全部，“导出…”逐个显示</translation>
    </message>
</context>
<context>
    <name>Workload</name>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>每秒 %1 个请求</translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent client(s)</source>
        <translation>
            <numerusform>%n 个并发客户端</numerusform>
        </translation>
    </message>
    <message>
        <source>all %1 prompts at once</source>
        <translation>%1 个提示一次全部发出</translation>
    </message>
    <message>
        <source>%1 in / %2 out tokens, %3</source>
        <translation>输入 %1 / 输出 %2 个 token，%3</translation>
    </message>
    <message>
        <source>At the plan&apos;s decode batch %1 (no serving estimate for the workload%2)</source>
        <translation>按方案的解码批量 %1（该负载没有服务估算%2）</translation>
    </message>
    <message>
        <source>, in %1 micro-batches of %2 decode tokens (m = pp)</source>
        <translation>，分成 %1 个微批次，每个 %2 个解码 token（m = pp）</translation>
    </message>
    <message>
        <source>Workload %1: per engine step %2 decode + %3 prefill tokens%4 (steady state, estimated)</source>
        <translation>负载 %1：每个引擎步 %2 个解码 + %3 个预填充 token%4（稳态，估算）</translation>
    </message>
    <message>
        <source>%1 (estimated)</source>
        <translation>%1（估算）</translation>
    </message>
    <message>
        <source>ShareGPT lengths, mean %1 in / %2 out tokens, %3</source>
        <translation>ShareGPT 长度，平均输入 %1 / 输出 %2 个 token，%3</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>p50 %1 · p99 %2</source>
        <translation>p50 %1 · p99 %2</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 Token</translation>
    </message>
    <message>
        <source>--input-len: prompt tokens of each request</source>
        <translation>--input-len：每个请求的提示 Token 数</translation>
    </message>
    <message>
        <source>--output-len: tokens generated per request</source>
        <translation>--output-len：每个请求生成的 Token 数</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>--max-concurrency: clients sending one request at a time (closed loop)</source>
        <translation>--max-concurrency：每次只发一个请求的客户端数（闭环）</translation>
    </message>
    <message>
        <source>all at once</source>
        <translation>同时发送</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> 请求/s</translation>
    </message>
    <message>
        <source>--request-rate: Poisson arrivals per second</source>
        <translation>--request-rate：每秒泊松到达的请求数</translation>
    </message>
    <message>
        <source>--num-prompts: requests simulated</source>
        <translation>--num-prompts：模拟的请求数</translation>
    </message>
    <message>
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <source>Request rate</source>
        <translation>请求速率</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示数</translation>
    </message>
    <message>
        <source>TTFT (estimated)</source>
        <translation>TTFT（估算）</translation>
    </message>
    <message>
        <source>TPOT (estimated)</source>
        <translation>TPOT（估算）</translation>
    </message>
    <message>
        <source>Output tok/s per GPU (estimated)</source>
        <translation>每卡输出 tokens/s（估算）</translation>
    </message>
    <message>
        <source>Set input length</source>
        <translation>设置输入长度</translation>
    </message>
    <message>
        <source>Set output length</source>
        <translation>设置输出长度</translation>
    </message>
    <message>
        <source>Set concurrency</source>
        <translation>设置并发数</translation>
    </message>
    <message>
        <source>Set request rate</source>
        <translation>设置请求速率</translation>
    </message>
    <message>
        <source>Set prompts</source>
        <translation>设置提示数</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>Estimated: a simulation of vLLM V1&apos;s scheduler, not a measurement.</source>
        <translation>估算：模拟 vLLM V1 调度器，不是实测。</translation>
    </message>
    <message>
        <source>Estimated: both pools simulated (vLLM V1&apos;s scheduler), not a measurement.</source>
        <translation>估算：模拟了两个池（vLLM V1 调度器），不是实测。</translation>
    </message>
    <message>
        <source>&lt;p&gt;TTFT = the prefill pool&apos;s TTFT (queue and prefill) + the KV transfer (%1) + the decode pool&apos;s first step, per percentile: a conservative sum.&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;p&gt;TTFT = 预填充池的 TTFT（排队和预填充）+ KV 传输（%1）+ 解码池的第一步，按百分位相加：偏保守的和。&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;TPOT of the decode pool alone (%1 instances).&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;p&gt;仅解码池的 TPOT（%1 个实例）。&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Output tokens/s of the balanced pools (%1 requests/s) over all %2 GPUs of both pools.&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;两池平衡后（每秒 %1 个请求）的输出 tokens/s，除以两个池全部 %2 张 GPU。&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Estimated, prefill and decode pools together: a simulation of vLLM V1&apos;s scheduler per pool, not a measurement.</source>
        <translation>估算，预填充池与解码池合计：每个池模拟 vLLM V1 调度器，不是实测。</translation>
    </message>
    <message>
        <source>Fixed lengths (random)</source>
        <translation>固定长度（random）</translation>
    </message>
    <message>
        <source>ShareGPT lengths</source>
        <translation>ShareGPT 长度</translation>
    </message>
    <message>
        <source>--dataset-name: random gives every request the lengths below; sharegpt gives each request the lengths vllm bench serve&apos;s ShareGPT sampler sends, scaled to the means below</source>
        <translation>--dataset-name：random 让每个请求都使用下面的长度；sharegpt 让每个请求使用 vllm bench serve 的 ShareGPT 采样器发送的长度，并缩放到下面的平均值</translation>
    </message>
    <message>
        <source>Lengths</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Set lengths</source>
        <translation>设置长度</translation>
    </message>
    <message>
        <source> tokens (mean)</source>
        <translation> 个 Token（平均）</translation>
    </message>
</context>
<context>
    <name>planfile</name>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
</context>
<context>
    <name>sweepstyle</name>
    <message>
        <source>Requests per GPU</source>
        <translation>每卡请求数</translation>
    </message>
    <message>
        <source>TPOT (ms)</source>
        <translation>TPOT（ms）</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每卡 tokens/s</translation>
    </message>
    <message>
        <source>requests per GPU</source>
        <translation>每卡请求数</translation>
    </message>
    <message>
        <source>ms TPOT</source>
        <translation>ms TPOT</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每卡 tokens/s</translation>
    </message>
    <message>
        <source>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 GPUs</source>
        <translation>&lt;b&gt;tp %1 · pp %2 · dp %3 · ep %4&lt;/b&gt; — %5 张 GPU</translation>
    </message>
    <message>
        <source>&lt;br&gt;rank %1</source>
        <translation>&lt;br&gt;排名 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 concurrent requests (%2 per replica), %3 per GPU</source>
        <translation>&lt;br&gt;%1 个并发请求（每副本 %2 个），每卡 %3 个</translation>
    </message>
    <message>
        <source>&lt;br&gt;KV cache: %1 tokens per replica; weights: %2 on the heaviest GPU</source>
        <translation>&lt;br&gt;KV 缓存：每副本 %1 个 Token；权重：最重的那张卡 %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;estimate at %1 × %2 sequences of %3 tokens: TPOT %4 ms, %5 tokens/s per GPU, TTFT %6 ms</source>
        <translation>&lt;br&gt;按 %1 × %2 个序列、每个 %3 个 Token 估算：TPOT %4 ms，每卡 %5 tokens/s，TTFT %6 ms</translation>
    </message>
    <message>
        <source>&lt;br&gt;communication per step: %1 ms, %2 per GPU (TP on %3)</source>
        <translation>&lt;br&gt;每步通信：%1 ms，每卡 %2（TP 走 %3）</translation>
    </message>
    <message>
        <source>&lt;br&gt;on the Pareto front of TPOT and tokens/s per GPU</source>
        <translation>&lt;br&gt;位于 TPOT 与每卡 tokens/s 的 Pareto 前沿上</translation>
    </message>
    <message>
        <source>&lt;br&gt;a TP group spans nodes</source>
        <translation>&lt;br&gt;有 TP 组跨节点</translation>
    </message>
    <message>
        <source>&lt;br&gt;a TP group leaves the scale-up domain</source>
        <translation>&lt;br&gt;有 TP 组超出高速互连域</translation>
    </message>
    <message>
        <source>&lt;br&gt;runs with --max-num-seqs %1: vLLM refuses the default for more sequences than Mamba cache blocks, and asks for this</source>
        <translation>&lt;br&gt;以 --max-num-seqs %1 运行：默认值的序列数超过 Mamba 缓存块数时 vLLM 拒绝启动，并要求这样设置</translation>
    </message>
</context>
<context>
    <name>textformat</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU %1&lt;/b&gt; · node %2 · stage %3</source>
        <translation>&lt;b&gt;GPU %1&lt;/b&gt; · 节点 %2 · 第 %3 段</translation>
    </message>
    <message>
        <source>&lt;br&gt;TP rank %1 · DP rank %2</source>
        <translation>&lt;br&gt;TP rank %1 · DP rank %2</translation>
    </message>
    <message>
        <source> · EP rank %1</source>
        <translation> · EP rank %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;layers %1 (%2)</source>
        <translation>&lt;br&gt;第 %1 层（%2）</translation>
    </message>
    <message>
        <source> + embedding</source>
        <translation> + 嵌入层</translation>
    </message>
    <message>
        <source> + LM head</source>
        <translation> + 输出层</translation>
    </message>
    <message>
        <source> · MLA latent KV (every TP rank holds all of it)</source>
        <translation> · MLA 潜在 KV（每个 TP rank 都持有完整的一份）</translation>
    </message>
    <message>
        <source> (replicated on %1 GPUs)</source>
        <translation>（在 %1 张卡上复制）</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 expert slots per MoE layer</source>
        <translation>&lt;br&gt;每个 MoE 层 %1 个专家槽位</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>%1, %2, … %3</source>
        <translation>%1，%2，… %3</translation>
    </message>
    <message>
        <source>, each split %1 ways</source>
        <translation>，每个切成 %1 份</translation>
    </message>
    <message>
        <source>&lt;br&gt;weights %1 · KV budget %2</source>
        <translation>&lt;br&gt;权重 %1 · KV 预算 %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;activation %1 · non-torch %2</source>
        <translation>&lt;br&gt;激活 %1 · non-torch %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;reserve %1</source>
        <translation>&lt;br&gt;预留 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 KV blocks%2</source>
        <translation>&lt;br&gt;%1 个 KV 块%2</translation>
    </message>
    <message>
        <source> — binds the replica (fewest)</source>
        <translation> — 约束整个副本（最少）</translation>
    </message>
    <message>
        <source>scale-up link (NVLink, xGMI)</source>
        <translation>高速互连（NVLink、xGMI）</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>network (NIC)</source>
        <translation>网络（网卡）</translation>
    </message>
    <message>
        <source>none (stays on the GPU)</source>
        <translation>无（留在本卡）</translation>
    </message>
    <message>
        <source>Nothing to explain for this plan.</source>
        <translation>这个方案没有可解释的数值。</translation>
    </message>
    <message>
        <source>Formula:</source>
        <translation>公式：</translation>
    </message>
    <message>
        <source>With this plan&apos;s values:</source>
        <translation>代入本方案的数值：</translation>
    </message>
    <message>
        <source>Where each input comes from:</source>
        <translation>每个输入的来源：</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>heads %1 (%2)</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>&lt;br&gt;query %1</source>
        <translation>&lt;br&gt;Query %1</translation>
    </message>
    <message>
        <source> · KV %1%2</source>
        <translation> · KV %1%2</translation>
    </message>
</context>
</TS>
