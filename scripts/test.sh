#!/usr/bin/env bash
# Every test: native build + ctest, the same under ASan + UBSan, a bounded fuzzing run, wasm build,
# lint, Vitest, browser tests. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n== %s  (at %d s)\n' "$*" $((SECONDS - started)); }

step "native build (build/native)"
bash scripts/build-native.sh
step "C++ tests (ctest)"
ctest --test-dir build/native --output-on-failure -j2

step "sanitizer build (build/sanitize: ASan + UBSan, libFuzzer)"
bash scripts/build-sanitize.sh
step "C++ tests under ASan + UBSan (ctest)"
UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build/sanitize --output-on-failure -j2
step "scene fuzzer (libFuzzer, ${FUZZ_SECONDS:-60} s)"
bash scripts/fuzz.sh

step "wasm build (build/wasm/dist)"
bash scripts/build-wasm.sh
step "library build (dist-lib)"
node scripts/build-lib.mjs
step "lint (tsc + eslint)"
npm run -s lint
step "web tests (Vitest, Node)"
npx vitest run --config tests/web/vitest.config.ts
step "browser tests (headless Chromium)"
npx vitest run --config tests/e2e/vitest.config.ts
step "all passed"
