#!/usr/bin/env bash
# Benchmarks (never part of npm test): `native`, `wasm`, `compare`, `browser`, or all four when no
# argument is given.
# Native: Google Benchmark (build/native/tests/bench/fw_bench). Wasm: the same kernels compiled
# with Emscripten and run in Node (build/wasm/tests/bench/fw_bench_wasm.cjs). Compare: this
# project's wasm against MuJoCo, Rapier and cannon-es on the same scenes in one Node process;
# browser: the same inside headless Chromium (tests/bench/compare, figures in its results.json).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
mkdir -p build/bench-results

if [ "$which" = all ] || [ "$which" = native ]; then
  bash scripts/build-native.sh --target fw_bench
  echo "== native ($(uname -m), $(nproc) cores)"
  build/native/tests/bench/fw_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_out=build/bench-results/native.json --benchmark_out_format=json
fi
if [ "$which" = all ] || [ "$which" = wasm ]; then
  export NODE_PATH=/usr/share/nodejs
  bash scripts/build-wasm.sh --target fw_bench_wasm
  echo "== wasm (Node $(node --version))"
  # Emscripten 3.1.6 fetch()es its .wasm by path, which Node 20 rejects; without fetch it reads the file.
  node --no-experimental-fetch build/wasm/tests/bench/fw_bench_wasm.cjs | tee build/bench-results/wasm.txt
fi
if [ "$which" = all ] || [ "$which" = compare ]; then
  bash scripts/build-wasm.sh
  echo "== engines side by side in Node (tests/bench/compare/compare.mjs)"
  node --no-experimental-fetch tests/bench/compare/compare.mjs
fi
if [ "$which" = all ] || [ "$which" = browser ]; then
  bash scripts/build-wasm.sh
  echo "== engines side by side in headless Chromium (tests/bench/compare/browser_run.mjs)"
  node tests/bench/compare/browser_run.mjs
fi
