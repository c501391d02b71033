#!/usr/bin/env bash
# Builds the native core, tests, fw-sim and benchmarks into build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 "$@"
