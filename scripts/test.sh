#!/usr/bin/env bash
# Every test, in two lanes that run side by side on the machine's cores:
#   core: native build, ctest, the same under ASan + UBSan, the deterministic fuzz run;
#   web:  wasm build, library build, lint, Vitest, browser tests.
# The core lane runs at a lower priority: it fills the time the browser tests spend waiting on
# the page. Each phase's start and length is printed, and a table of them at the end. The first
# failure stops both lanes.
set -euo pipefail
# Warnings are errors in the test run (and so in CI), not in day-to-day builds.
export FW_WERROR=ON
cd "$(dirname "$0")/.."
started=$SECONDS
logs=test-results/lanes
rm -rf "$logs"
mkdir -p "$logs"

# phase LANE NAME COMMAND…: runs one phase, prints when it starts and how long it took.
phase() {
  local lane=$1 name=$2
  shift 2
  local t0=$SECONDS
  printf '== [%s] %s  (at %d s)\n' "$lane" "$name" $((t0 - started))
  local status=0
  "$@" || status=$?
  if [ "$status" != 0 ]; then
    printf '== [%s] %s: FAILED (exit %d) after %d s\n' "$lane" "$name" "$status" $((SECONDS - t0))
    return "$status"
  fi
  printf '%s\t%s\t%d\n' "$lane" "$name" $((SECONDS - t0)) >>"$logs/times.tsv"
  printf '== [%s] %s: done in %d s\n' "$lane" "$name" $((SECONDS - t0))
}

core_lane() {
  phase core "native build (build/native)" bash scripts/build-native.sh
  phase core "C++ tests (ctest)" ctest --test-dir build/native --output-on-failure -j2
  phase core "sanitizer build (build/sanitize: ASan + UBSan, libFuzzer)" bash scripts/build-sanitize.sh
  phase core "C++ tests under ASan + UBSan (ctest)" env UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build/sanitize --output-on-failure -j2
  phase core "scene and state fuzzers (libFuzzer, fixed seed and runs)" bash scripts/fuzz.sh
}

web_lane() {
  phase web "wasm build (build/wasm/dist)" bash scripts/build-wasm.sh
  phase web "library build (dist-lib)" node scripts/build-lib.mjs
  phase web "lint (tsc + eslint)" npm run -s lint
  phase web "web tests (Vitest, Node)" npx vitest run --config tests/web/vitest.config.ts
  phase web "browser tests (headless Chromium)" npx vitest run --config tests/e2e/vitest.config.ts
}

# Ends a process and everything it started (the other lane, when one fails).
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

# Each lane's lines go to the terminal as they come, prefixed with the lane's name.
( set -o pipefail; ( renice -n 10 "$BASHPID" >/dev/null; core_lane ) 2>&1 | sed -u 's/^/[core] /' ) &
core=$!
( set -o pipefail; web_lane 2>&1 | sed -u 's/^/[web]  /' ) &
web=$!

status=0
pending=("$core" "$web")
while ((${#pending[@]})); do
  finished=""
  if ! wait -n -p finished "${pending[@]}"; then
    status=1
    kill_tree "$core"
    kill_tree "$web"
    break
  fi
  pending=("${pending[@]/$finished/}")
  pending=(${pending[@]})
done

echo
echo "== phase times (s)"
awk -F'\t' '{ printf "  %-5s %5d  %s\n", $1, $3, $2 }' "$logs/times.tsv" 2>/dev/null || true
if [ "$status" != 0 ]; then
  echo "== a phase failed after $((SECONDS - started)) s (its lines are above, marked with its lane)" >&2
  exit 1
fi
echo "== all passed in $((SECONDS - started)) s"
