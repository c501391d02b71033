#!/usr/bin/env bash
# Installs what is missing, and only that, saying what it installs. Safe to run again.
#   System packages (apt-get, as root or through sudo): compilers, Emscripten, Eigen, JSON, test libraries, Chromium.
#   npm packages: `npm ci` from the committed package-lock.json when node_modules is missing or stale.
set -euo pipefail
cd "$(dirname "$0")/.."

SYSTEM_PACKAGES=(
  cmake clang make          # native build
  libclang-rt-14-dev        # sanitizers and libFuzzer for clang 14 (the sanitizer build, the scene fuzzer)
  emscripten                # wasm build (Debian's 3.1.6)
  libeigen3-dev             # linear algebra
  nlohmann-json3-dev        # scene parsing
  libgtest-dev              # C++ tests
  libbenchmark-dev          # C++ benchmarks
  chromium                  # browser tests (driven by playwright-core)
)

missing=()
for package in "${SYSTEM_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing system packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "bootstrap: Node.js and npm are needed (node >= 20.19); install them first" >&2
  exit 1
fi

# npm ci rewrites node_modules/.package-lock.json; a lock file newer than it means a stale install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# Sources generated from their one declaration (scripts/generate/): layouts, declarations, scene types.
node scripts/generate.mjs
