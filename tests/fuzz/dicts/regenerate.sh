#!/usr/bin/env bash
# Rewrites the libFuzzer dictionaries from the field names the parsers read. Run after adding fields.
set -euo pipefail
cd "$(dirname "$0")"
core=../../../core
keys() { grep -ohE '"[a-z_0-9]+"' "$@" | sort -u | sed 's/"/\\"/g; s/.*/"&"/'; }
tokens() { for t in "$@"; do printf '"%s"\n' "$t"; done; }
{
    echo '# libFuzzer dictionary: JSON syntax and the field names core/model/modelspec.cpp reads.'
    tokens '{' '}' '[' ']' ':' ',' true false null 0 -1 1e308 4096 65536 2147483648 0.5 Infinity -Infinity NaN '\"1e400\"'
    keys $core/model/modelspec*.cpp $core/model/quantconfig.cpp $core/model/visiontower.cpp
    tokens '\"qwen3_moe\"' '\"llama4_text\"' '\"deepseek_v3\"' '\"float16\"' '\"fp8\"' '\"mxfp4\"'
    tokens '\"nemotron_h\"' '\"MEM*E-\"' '\"linear_attention\"' '\"float32\"' '\"bfloat16\"'
} >modelconfig.dict
{
    echo '# libFuzzer dictionary: JSON syntax and the field names core/model/gpuspec.cpp reads.'
    tokens '{' '}' '[' ']' ':' ',' true null 0 -1 1e308 0.001
    keys $core/model/gpuspec.cpp
} >gpu.dict
{
    echo '# libFuzzer dictionary: JSON syntax, plan file sections and the field names core/model/planio.cpp and'
    echo '# core/serving/workloadio.cpp read.'
    tokens '{' '}' '[' ']' ':' ',' true false null 0 -1 1e308 1048576 65536 0.9
    keys $core/model/planio.cpp $core/model/calibrationprofile.cpp $core/serving/workloadio.cpp
    tokens '\"model_config\"' '\"gpu_spec\"' '\"plan\"'
} >planfile.dict
{
    echo '# libFuzzer dictionary: the phrases core/vllmlog/vllmlogparser.cpp looks for in a vLLM startup log.'
    grep -ohE '"[A-Za-z#_][^"\\]{2,60}"' $core/vllmlog/vllmlogparser.cpp | sort -u | sed 's/"/\\"/g; s/^\\"/"/; s/\\"$/"/'
    tokens 'INFO ' 'WARNING ' 'ERROR ' ' GiB' ' GB' '(VllmWorker rank=' 'tensor_parallel_size=' 'pipeline_parallel_size=' 'v0.11.0' '\x0a'
} >vllmlog.dict
{
    echo '# libFuzzer dictionary: shell syntax and the vLLM flags core/launch/launchimport.cpp and the flag tables know.'
    tokens ' ' '\\' '\x0a' "'" '\"' '$' '${' '}' '=' '--' '-e' '#' 'export ' 'vllm serve ' 'docker run ' \
        'vllm/vllm-openai' 'python -m vllm.entrypoints.openai.api_server' 'ray start --head' '--address='
    grep -ohE '"--?[a-z][a-z0-9-]+"' $core/launch/launchimport.cpp $core/launch/vllmflagtables.cpp | sort -u
    grep -ohE '"VLLM_[A-Z_]+"' $core/*/*.cpp | sort -u
} >vllmcommand.dict
{
    echo '# libFuzzer dictionary: units and number forms core/text/units.cpp parses, vLLM versions.'
    tokens e E + - . k K M G T B KB MB GB TB KiB MiB GiB TiB Ki Mi Gi Ti ' ' inf nan v 0. .dev +g
} >units.dict
