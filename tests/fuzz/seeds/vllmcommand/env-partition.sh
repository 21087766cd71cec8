VLLM_PP_LAYER_PARTITION="26,27,27" vllm serve meta-llama/Llama-3.1-70B-Instruct \
  -tp 2 -pp 3 --gpu-memory-utilization=0.92 --kv-cache-dtype fp8 --enforce-eager  # comment
