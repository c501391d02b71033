#!/usr/bin/env bash
# Builds the native core, tests, fw-sim and benchmarks into build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
# clang, like Emscripten: the same front end on both targets, and faster Eigen code than g++ 12
# (docs/performance.md).
export CXX="${CXX:-clang++}"
node scripts/generate.mjs
cmake -S . -B build/native -DFW_WERROR=${FW_WERROR:-OFF} -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 "$@"
