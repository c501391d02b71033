#!/usr/bin/env bash
# The scene fuzzer for a bounded time (default 60 s; FUZZ_SECONDS to change), from the committed
# seed corpus (tests/fuzz/corpus: every reproducer of issue 23) and the shipped scenes. Any crash,
# hang (> 10 s on one input), leak or sanitizer report fails it; the input is saved in
# test-results/fuzz/ for a regression test. Needs the sanitizer build (build/sanitize).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
work=build/sanitize/fuzz-corpus     # what the fuzzer finds goes here, not into the repository
mkdir -p "$work" test-results/fuzz
log=test-results/fuzz/fuzz.log
status=0
build/sanitize/tests/fuzz/scene_fuzzer "$work" tests/fuzz/corpus public/scenes \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=tests/fuzz/scene.dict -artifact_prefix=test-results/fuzz/ -print_final_stats=1 >"$log" 2>&1 || status=$?
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec)|^SUMMARY|^==[0-9]+==ERROR|Test unit written' "$log" || true
if [ "$status" != 0 ]; then
  tail -n 40 "$log" >&2
  echo "fuzz: the scene fuzzer found a failure (exit $status); the input is in test-results/fuzz/, the log in $log" >&2
  exit 1
fi
