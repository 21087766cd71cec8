<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <translation>每卡 Decode 吞吐（tokens/s）</translation>
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
        <translation>第 %1 段的 Decode 一步</translation>
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
        <translation>每卡 Decode 吞吐</translation>
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
    <name>MainWindow</name>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>ShardScope planner</source>
        <translation>ShardScope 规划器</translation>
    </message>
</context>
<context>
    <name>PlacementDiagram</name>
    <message>
        <source>Stage %1: layers %2</source>
        <translation>第 %1 段：第 %2 层</translation>
    </message>
    <message>
        <source> + embedding</source>
        <translation> + Embedding</translation>
    </message>
    <message>
        <source> + LM head</source>
        <translation> + LM Head</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>TP %1 · DP %2</source>
        <translation>TP %1 · DP %2</translation>
    </message>
    <message>
        <source>Layers %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>Q heads %1</source>
        <translation>Q 头 %1</translation>
    </message>
    <message>
        <source>KV latent (MLA, whole)</source>
        <translation>KV 潜在向量（MLA，完整）</translation>
    </message>
    <message>
        <source>KV heads %1</source>
        <translation>KV 头 %1</translation>
    </message>
    <message>
        <source>Experts %1, 1/%2 of each</source>
        <translation>专家 %1，各占 1/%2</translation>
    </message>
    <message>
        <source>Experts %1</source>
        <translation>专家 %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
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
        <source>A: %1 · B: %2</source>
        <translation>A：%1 · B：%2</translation>
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
        <translation>某一段的 Decode 一步</translation>
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
        <source>no link</source>
        <translation>无链路</translation>
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
        <translation>Embedding AllReduce</translation>
    </message>
    <message>
        <source>LM-head logits AllGather</source>
        <translation>LM Head logits AllGather</translation>
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
        <source>%1 B</source>
        <translation>%1 B</translation>
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
        <translation>Decode 一步</translation>
    </message>
    <message>
        <source>Prefill step</source>
        <translation>Prefill 一步</translation>
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
</context>
</TS>
