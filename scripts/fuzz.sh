#!/usr/bin/env bash
# The libFuzzer fuzzers (on the sanitizer build: bash scripts/build-sanitize.sh), two ways:
#   scene: any bytes as scene text, then steps of what it builds (tests/fuzz/scene_fuzzer.cpp),
#          from the committed corpus (tests/fuzz/corpus: every reproducer so far) and the shipped
#          scenes, with a dictionary of the format's tokens;
#   state: any bytes as a saved state restored onto a shipped scene (tests/fuzz/state_fuzzer.cpp),
#          from real states of every shipped scene that state_seeds writes first, and the
#          committed reproducers (tests/fuzz/state-corpus).
#   bash scripts/fuzz.sh           deterministic, for npm test: a fixed seed and number of runs,
#                                  into an empty scratch corpus each time, at fixed addresses, so
#                                  every run executes the same inputs and fails only on a change to
#                                  the code, the corpus or the scenes. FUZZ_RUNS and
#                                  FUZZ_STATE_RUNS change the runs.
#   bash scripts/fuzz.sh explore   exploratory, npm run fuzz: FUZZ_SECONDS (default 600) each from a
#                                  random seed, the corpora kept between runs in build/sanitize/.
# Any crash, hang, leak or sanitizer report fails it; the input is saved in test-results/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-deterministic}"
bin=build/sanitize/tests/fuzz
for program in scene_fuzzer state_fuzzer state_seeds; do
  if [ ! -x "$bin/$program" ]; then
    echo "fuzz: $bin/$program is missing; build it first: bash scripts/build-sanitize.sh" >&2
    exit 1
  fi
done
mkdir -p test-results/fuzz
seeds=build/sanitize/state-seeds  # written anew each run: the states of today's engine
rm -rf "$seeds"
"$bin/state_seeds" "$seeds"

case "$mode" in
  deterministic)
    # -reload=0: libFuzzer re-reads its corpus folders on a clock otherwise. Value profiles stay
    # off (the default), as does any time limit: the runs, not the machine's speed, end it. The
    # per-input timeout is a hang guard only, far above the targets' own work bound (counted, not
    # timed).
    fixed=(-seed=1 -reload=0 -use_value_profile=0 -timeout=60)
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
    scene_limit=(-runs="${FUZZ_RUNS:-40000}")
    state_limit=(-runs="${FUZZ_STATE_RUNS:-10000}")
    ;;
  explore)
    seed="${FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
    echo "fuzz: exploring for ${FUZZ_SECONDS:-600} s each from seed $seed (FUZZ_SEED=$seed starts from it again)"
    fixed=(-seed="$seed" -timeout=10)
    launch=(env UBSAN_OPTIONS=print_stacktrace=1)
    scene_limit=(-max_total_time="${FUZZ_SECONDS:-600}")
    state_limit=("${scene_limit[@]}")
    ;;
  *)
    echo "usage: bash scripts/fuzz.sh [explore]" >&2
    exit 2
    ;;
esac

# fuzz <name> <program> <corpus folders and options…>: one fuzzer's run, its log in test-results/fuzz/.
fuzz() {
  local name="$1" program="$2"
  shift 2
  local work log="test-results/fuzz/$name.log" status=0
  if [ "$mode" = explore ]; then work="build/sanitize/$name-corpus"; else work="build/sanitize/$name-scratch"; rm -rf "$work"; fi
  mkdir -p "$work"
  "${launch[@]}" "$bin/$program" "$work" "$@" "${fixed[@]}" -rss_limit_mb=2048 -artifact_prefix="test-results/fuzz/$name-" -print_final_stats=1 >"$log" 2>&1 || status=$?
  echo "fuzz: $name"
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|^SUMMARY|^==[0-9]+==ERROR|Test unit written' "$log" || true
  if [ "$status" != 0 ]; then
    tail -n 40 "$log" >&2
    echo "fuzz: the $name fuzzer found a failure (exit $status); the input is in test-results/fuzz/ ($name-crash-*, -leak-*, -timeout-*), the log in $log." >&2
    echo "fuzz: fix it, then add the input to the committed corpus with the fix, so that every later run replays it." >&2
    exit 1
  fi
}

fuzz scene scene_fuzzer tests/fuzz/corpus public/scenes -dict=tests/fuzz/scene.dict -max_len=65536 "${scene_limit[@]}"
fuzz state state_fuzzer "$seeds" tests/fuzz/state-corpus -max_len=1048576 "${state_limit[@]}"
