#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600), two at a time, then
# minimizes each corpus with `cargo fuzz cmin`. Needs nightly and cargo-fuzz
# (`cargo install cargo-fuzz`). See docs/ARCHITECTURE.md, "Fuzzing".
#
#   fuzz/run-all.sh          # 10 minutes a target
#   fuzz/run-all.sh 60       # 1 minute a target
#   TARGETS="reader quick" JOBS=1 fuzz/run-all.sh   # some targets, one at a time
#
# Each target starts from fuzz/corpus/<target>/ (where new inputs go) and
# fuzz/regressions/<target>/ (inputs that once crashed it). A crash leaves its
# input in fuzz/artifacts/<target>/; copy it to fuzz/regressions/<target>/ so
# that tests/fuzz_corpus.rs keeps it. Logs: fuzz/artifacts/<target>.log.
set -euo pipefail

seconds=${1:-600}
cd "$(dirname "$0")"

all=(reader roundtrip import strings engine quick names)
read -r -a targets <<<"${TARGETS:-${all[*]}}"
jobs=${JOBS:-2}
# Release with overflow checks: an arithmetic overflow is a bug to find. No
# sanitizer: the crate denies unsafe code but for a table file's mmap and
# register-only SSE2 packing in the sowing, and a sanitizer halves the speed.
flags=(-O --debug-assertions --sanitizer none)

cargo +nightly fuzz build "${flags[@]}"
mkdir -p artifacts

run() {
    local target=$1
    local dirs=("corpus/$target")
    mkdir -p "corpus/$target" "artifacts/$target"
    if [ -d "regressions/$target" ]; then
        dirs+=("regressions/$target")
    fi
    local before
    before=$(find "artifacts/$target" -type f | wc -l)
    # -fork=1 -ignore_crashes=1: one worker that goes on after a crash, so
    # that one known bug does not hide the others. -timeout: an input running
    # 10 s is a hang; -rss_limit_mb: memory.
    cargo +nightly fuzz run "${flags[@]}" "$target" "${dirs[@]}" -- \
        -max_total_time="$seconds" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -timeout=10 -rss_limit_mb=2048 \
        >"artifacts/$target.log" 2>&1 || true
    local after
    after=$(find "artifacts/$target" -type f | wc -l)
    if [ "$after" -gt "$before" ]; then
        echo "$target: $((after - before)) new crash, hang or oom inputs in fuzz/artifacts/$target/"
        echo "  (replay one: fuzz/target/*/release/$target fuzz/artifacts/$target/FILE)"
        return 1
    fi
    echo "$target: no crash in ${seconds}s"
}

status=0
pids=()
for target in "${targets[@]}"; do
    # JOBS at a time (two by default): wait for the oldest running to end.
    if [ "${#pids[@]}" -ge "$jobs" ]; then
        if ! wait "${pids[0]}"; then status=1; fi
        pids=("${pids[@]:1}")
    fi
    run "$target" &
    pids+=($!)
done
for pid in "${pids[@]}"; do
    if ! wait "$pid"; then status=1; fi
done

# Keep the committed corpus small: only inputs that add edge coverage
# (-use_counters=0 leaves out hit counts, which keep three times as many).
for target in "${targets[@]}"; do
    cargo +nightly fuzz cmin "${flags[@]}" "$target" "corpus/$target" -- -use_counters=0 \
        >>"artifacts/$target.log" 2>&1
    echo "$target: corpus of $(find "corpus/$target" -type f | wc -l) inputs after cmin"
done

exit "$status"
