vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8 --max-model-len 32768
