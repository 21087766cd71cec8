#!/usr/bin/env bash
# Bounded libFuzzer run of every target built by the fuzz preset.
# Usage: tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [TARGET...]
# FUZZ_JOBS (default 2, one per core) targets run at a time.
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
jobs=${FUZZ_JOBS:-2}
targets=("$@")
if [ ${#targets[@]} = 0 ]; then
    for bin in "$build"/tests/fuzz/fuzz_*; do
        name=$(basename "$bin")
        [[ $name = fuzz_replay_* || ! -x $bin || -d $bin ]] || targets+=("${name#fuzz_}")
    done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no targets in $build/tests/fuzz (cmake --build --preset fuzz)" >&2; exit 2; }
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"

fuzz_one() {
    local t=$1 bin="$build/tests/fuzz/fuzz_$1" corpus="$build/fuzz-corpus/$1"
    [ -x "$bin" ] || { echo "fuzz_$t not built" >"$artifacts/$t.log"; return 2; }
    mkdir -p "$corpus"
    local seeds=("$here/seeds/$t" "$here/regressions/$t")
    case $t in
        modelconfig) seeds+=("$src/presets/models") ;;
        gpu) seeds+=("$src/presets/gpus") ;;
        vllmlog) seeds+=("$src/tests/data/vllm-logs") ;;
    esac
    local dict=()
    [ -f "$here/dicts/$t.dict" ] && dict=(-dict="$here/dicts/$t.dict")
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$t-" "${dict[@]}" "$corpus" "${seeds[@]}" >"$artifacts/$t.log" 2>&1
}

echo "fuzz: ${targets[*]}, ${seconds}s each, $jobs at a time"
running=0
for t in "${targets[@]}"; do
    if [ $running -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
    ( if fuzz_one "$t"; then echo 0; else echo 1; fi >"$artifacts/$t.status" ) &
    running=$((running + 1))
done
wait

status=0
for t in "${targets[@]}"; do
    log="$artifacts/$t.log"
    if [ "$(cat "$artifacts/$t.status")" = 0 ]; then
        echo "fuzz: $t ok: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs," \
            "$(grep -E '^stat::new_units_added' "$log" | awk '{print $2}') new inputs," \
            "peak $(grep -E '^stat::peak_rss_mb' "$log" | awk '{print $2}') MB"
    else
        status=1
        echo "fuzz: $t FAILED; the report from $log:" >&2
        # From the first report line on, without libFuzzer's progress and coverage chatter.
        report=$(sed -n '/ERROR\|terminate called\|runtime error\|invariant broken\|Timeout\|out-of-memory/,$p' "$log" \
            | grep -v 'NEW_FUNC\|^#[0-9]' | head -n 40 || true)
        [ -n "$report" ] || report=$(tail -n 20 "$log")
        echo "$report" >&2
        ls "$artifacts/$t-"* 2>/dev/null | grep -v '\.log$\|\.status$' >&2 || true
    fi
done
exit $status
