#!/usr/bin/env bash
# Bounded libFuzzer run of every target built by the fuzz preset.
# Usage: tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [TARGET...]
# A crash, sanitizer report, timeout (> 10 s per input) or leak fails the run and leaves the input in
# BUILD_DIR/fuzz-artifacts/. Fix the code, then keep the input as a regression case:
#   cp BUILD_DIR/fuzz-artifacts/<target>-crash-* tests/fuzz/regressions/<target>/
# (fuzz_replay_<target> replays that folder in every ordinary test run).
set -euo pipefail
build=$(cd "${1:?usage: run.sh BUILD_DIR SECONDS [TARGET...]}" && pwd)
seconds=${2:?seconds per target}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(modelconfig gpu planfile units)

mkdir -p "$build/fuzz-artifacts"
status=0
for t in "${targets[@]}"; do
    bin="$build/tests/fuzz/fuzz_$t"
    [ -x "$bin" ] || { echo "fuzz: $bin not built (cmake --build --preset fuzz --target fuzzers)" >&2; exit 2; }
    corpus="$build/fuzz-corpus/$t"
    mkdir -p "$corpus"
    seeds=("$here/seeds/$t" "$here/regressions/$t")
    case $t in
        modelconfig) seeds+=("$src/presets/models") ;;
        gpu) seeds+=("$src/presets/gpus") ;;
    esac
    dict=()
    [ -f "$here/dicts/$t.dict" ] && dict=(-dict="$here/dicts/$t.dict")
    log="$build/fuzz-artifacts/$t.log"
    echo "fuzz: $t for ${seconds}s"
    if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$build/fuzz-artifacts/$t-" "${dict[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
        grep -E '^stat::(number_of_executed_units|new_units_added|peak_rss_mb)' "$log" | sed 's/^/  /' || true
    else
        status=1
        echo "fuzz: $t FAILED; last lines of $log:" >&2
        # From the first report line on, without libFuzzer's progress and coverage chatter.
        sed -n '/ERROR\|terminate called\|runtime error\|invariant broken\|Timeout\|out-of-memory/,$p' "$log" \
            | grep -v 'NEW_FUNC\|^#[0-9]' | head -n 40 >&2
        ls "$build/fuzz-artifacts/$t-"* 2>/dev/null | grep -v '\.log$' >&2 || true
    fi
done
exit $status
