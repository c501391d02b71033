#!/usr/bin/env bash
# The sanitizer build (build/sanitize): core, C++ tests and fw-sim under AddressSanitizer and
# UndefinedBehaviorSanitizer, and the libFuzzer scene and state fuzzers. -O1: sanitizers want little
# inlining for readable reports, and it compiles in half the time of -O3. Line tables only: the
# reports' stacks keep file and line, the objects are a quarter the size (a fifth less compiling).
set -euo pipefail
cd "$(dirname "$0")/.."
export CXX="${CXX:-clang++}"
node scripts/generate.mjs
cmake -S . -B build/sanitize -DFW_WERROR=${FW_WERROR:-OFF} -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DFW_SANITIZE=ON >/dev/null
cmake --build build/sanitize -j2 --target fw_core_tests fw-sim scene_fuzzer state_fuzzer state_seeds "$@"
