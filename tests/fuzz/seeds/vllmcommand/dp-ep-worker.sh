vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --data-parallel-size 4 --enable-expert-parallel \
  --data-parallel-size-local 1 --data-parallel-address $HEAD_IP --data-parallel-rpc-port 13345 --headless --data-parallel-start-rank 1 \
  --enable-eplb --eplb-config '{"num_redundant_experts": 32}'
