docker run --gpus all -e HF_TOKEN=x -p 8000:8000 --ipc=host vllm/vllm-openai:latest --model Qwen/Qwen3-30B-A3B --tensor_parallel_size 4 --max-num-seqs 64 --unknown-flag 3
