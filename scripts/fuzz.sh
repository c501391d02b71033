#!/usr/bin/env bash
# The scene fuzzer (libFuzzer, on the sanitizer build: bash scripts/build-sanitize.sh), two ways.
#   bash scripts/fuzz.sh           deterministic, for npm test: a fixed seed and number of runs from
#                                  the committed corpus (tests/fuzz/corpus: every reproducer found so
#                                  far) and the shipped scenes, into an empty scratch corpus each
#                                  time, at fixed addresses, so every run executes the same inputs
#                                  and fails only on a change to the code, the corpus or the scenes.
#                                  FUZZ_RUNS to change the runs.
#   bash scripts/fuzz.sh explore   exploratory, npm run fuzz: FUZZ_SECONDS (default 600) from a
#                                  random seed, its corpus kept between runs in
#                                  build/sanitize/fuzz-corpus.
# Any crash, hang, leak or sanitizer report fails it; the input is saved in test-results/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-deterministic}"
fuzzer=build/sanitize/tests/fuzz/scene_fuzzer
if [ ! -x "$fuzzer" ]; then
  echo "fuzz: $fuzzer is missing; build it first: bash scripts/build-sanitize.sh" >&2
  exit 1
fi
mkdir -p test-results/fuzz
log=test-results/fuzz/fuzz.log
# Both: the seeds and dictionary, a 64 KiB cap (the target refuses more), 2 GiB of memory.
common=(tests/fuzz/corpus public/scenes -dict=tests/fuzz/scene.dict -max_len=65536 -rss_limit_mb=2048
        -artifact_prefix=test-results/fuzz/ -print_final_stats=1)
case "$mode" in
  deterministic)
    work=build/sanitize/fuzz-scratch  # what this run finds; emptied first, so never read back
    rm -rf "$work" && mkdir -p "$work"
    # -reload=0: libFuzzer re-reads its corpus folders on a clock otherwise. Value profiles stay
    # off (the default), as does any time limit: the runs, not the machine's speed, end it. The
    # per-input timeout is a hang guard only, far above the target's own work bound (counted, not
    # timed, in scene_fuzzer.cpp).
    args=("$work" "${common[@]}" -seed=1 -runs="${FUZZ_RUNS:-40000}" -reload=0 -use_value_profile=0 -timeout=60)
    # The same addresses every run: the coverage of a few paths and the comparisons libFuzzer
    # mutates with see pointer values, so address randomization (and the environment's size,
    # which shifts the stack) would steer the runs apart. No randomization (setarch -R) and an
    # environment of fixed size (env -i).
    launch=(env -i ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer || true)" UBSAN_OPTIONS=print_stacktrace=1)
    if setarch "$(uname -m)" -R true 2>/dev/null; then
      launch=(setarch "$(uname -m)" -R "${launch[@]}")
    else
      echo "fuzz: cannot turn address randomization off here (setarch -R); the runs may differ a little" >&2
    fi
    ;;
  explore)
    work=build/sanitize/fuzz-corpus
    mkdir -p "$work"
    seconds="${FUZZ_SECONDS:-600}"
    seed="${FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
    echo "fuzz: exploring for $seconds s from seed $seed (FUZZ_SEED=$seed starts from it again)"
    args=("$work" "${common[@]}" -seed="$seed" -max_total_time="$seconds" -timeout=10)
    launch=(env UBSAN_OPTIONS=print_stacktrace=1)
    ;;
  *)
    echo "usage: bash scripts/fuzz.sh [explore]" >&2
    exit 2
    ;;
esac
status=0
"${launch[@]}" "$fuzzer" "${args[@]}" >"$log" 2>&1 || status=$?
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|^SUMMARY|^==[0-9]+==ERROR|Test unit written' "$log" || true
if [ "$status" != 0 ]; then
  tail -n 40 "$log" >&2
  echo "fuzz: the scene fuzzer found a failure (exit $status); the input is in test-results/fuzz/ (crash-*, leak-*, timeout-*), the log in $log." >&2
  echo "fuzz: fix it, then add the input to tests/fuzz/corpus with the fix, so that every later run replays it." >&2
  exit 1
fi
