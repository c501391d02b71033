#!/usr/bin/env bash
# Builds the embind module into build/wasm/dist/featherweight.{js,wasm} with Debian's Emscripten 3.1.6.
set -euo pipefail
cd "$(dirname "$0")/.."
# Emscripten's acorn-based JS optimizer finds its modules only through NODE_PATH on Debian.
export NODE_PATH=/usr/share/nodejs
# Emscripten's toolchain file restricts package search to its sysroot: point CMake at the host's
# header-only Eigen and nlohmann_json explicitly.
node scripts/generate.mjs
emcmake cmake -S . -B build/wasm -DFW_WERROR=${FW_WERROR:-OFF} -DCMAKE_BUILD_TYPE=Release \
  -DEigen3_DIR=/usr/share/eigen3/cmake \
  -Dnlohmann_json_DIR=/usr/share/cmake/nlohmann_json \
  -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH >/dev/null
cmake --build build/wasm -j2 --target featherweight "$@"
# The controller's worker embeds the module's loader: bundled after it (the page loads its text).
node scripts/build-controller-worker.mjs
