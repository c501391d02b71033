#!/usr/bin/env bash
# Builds the native core, tests, fw-sim and benchmarks into build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
# clang, like Emscripten: the same front end on both targets, and measurably faster Eigen code
# than g++ 12 here (ABA on the 7-DoF arm: 1.5 µs against 1.9 µs).
export CXX="${CXX:-clang++}"
node scripts/generate.mjs
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 "$@"
